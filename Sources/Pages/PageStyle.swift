/// The one style sheet of the review and player pages: system fonts, contrast of at least
/// 4.5:1 for text and 3:1 for marks (WCAG AA), a visible focus ring, nothing fetched.
enum PageStyle {
  static let css = """
    :root{--ink:#1a1a1a;--muted:#4a4a4a;--line:#767676;--accent:#0b57d0;--low:#b3261e;--ok:#146c2e;--bg:#fff;--panel:#f3f4f6}
    *{box-sizing:border-box}
    body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--ink);background:var(--bg)}
    header,main,footer{padding:0 1rem;max-width:80rem;margin:0 auto}
    h1{font-size:1.5rem;margin:1rem 0 .25rem}
    h2{font-size:1.15rem;margin:1rem 0 .5rem}
    a{color:var(--accent)}
    button,select,input{font:inherit;color:inherit}
    button,select{border:1px solid var(--line);border-radius:.4rem;background:#fff;padding:.35rem .7rem;min-height:2.25rem}
    button:hover{background:var(--panel)}
    :focus-visible{outline:3px solid var(--accent);outline-offset:2px}
    .muted{color:var(--muted)}
    .low{color:var(--low);font-weight:600}
    .row{display:flex;flex-wrap:wrap;gap:.5rem 1rem;align-items:center;margin:.5rem 0}
    .columns{display:grid;grid-template-columns:minmax(0,3fr) minmax(16rem,2fr);gap:1rem}
    @media (max-width:50rem){.columns{grid-template-columns:1fr}}
    table{border-collapse:collapse;width:100%}
    th,td{text-align:left;padding:.35rem .5rem;border-bottom:1px solid #d0d0d0;vertical-align:top}
    .wave{position:relative;overflow-x:auto;overflow-y:hidden;border:1px solid var(--line);background:var(--panel);height:10.5rem}
    .wave canvas{display:block;height:9rem}
    .mark{position:absolute;top:0;height:9rem;width:0;pointer-events:none}
    .mark.onset{border-left:1px solid var(--ok)}
    .mark.offset{border-left:1px dashed var(--muted)}
    .mark.end{border-left:2px solid var(--ink)}
    .start{position:absolute;top:0;height:10.5rem;width:14px;margin-left:-7px;cursor:ew-resize;touch-action:none;background:none;border:0;padding:0}
    .start::before{content:"";position:absolute;left:6px;top:0;bottom:1.5rem;border-left:2px solid var(--accent)}
    .start span{position:absolute;bottom:0;left:0;min-width:1.4rem;padding:0 .2rem;font-size:.8rem;line-height:1.4rem;background:var(--accent);color:#fff;border-radius:.2rem;white-space:nowrap}
    .start.low::before{border-left:3px dashed var(--low)}
    .start.low span{background:var(--low)}
    .start.moved span{outline:2px solid var(--ink)}
    .playhead{position:absolute;top:0;height:9rem;border-left:2px solid var(--ink);pointer-events:none}
    ol.verses{list-style:none;padding:0;margin:0;max-height:32rem;overflow-y:auto}
    ol.verses li{margin:0 0 .4rem}
    ol.verses button{display:block;width:100%;text-align:left;background:#fff}
    ol.verses button[aria-current="true"]{border:2px solid var(--accent);background:#e8f0fe}
    .tag{display:inline-block;font-size:.85rem;padding:0 .35rem;border-radius:.2rem;border:1px solid currentColor}
    .now{font-size:1.2rem;padding:.75rem;border:1px solid var(--line);border-radius:.4rem;background:var(--panel);min-height:4rem}
    input[type=range]{width:14rem;accent-color:var(--accent)}
    #position{width:100%}
    [hidden]{display:none!important}
    .visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}

    """
}
