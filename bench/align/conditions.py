#!/usr/bin/env python3
"""Score `prep align` per condition on the real-room corpus (bench/corpus/make_real.py).

    python3 bench/align/conditions.py --corpus build/realcorpus --prep .build/release/prep \\
        --out build/realcorpus-run [--only ID ...] [--conditions a,b] [--verbose] [--extra ...]

Per chapter: prep align AUDIO --text TEXT --labels OUT/<id>.txt --json OUT/<id>.json --quiet
(exit code, stderr, wall time kept in OUT/<id>.run.json).  A verse start is right when it lies
in the verse's own pause (score.py's rule: [previous speech offset, onset] +- 100 ms); for a
verse run into the previous one without a pause (expect.runon_verses) when it lies within
150 ms of that boundary.  Skipped verses are not scored (their warning is); chapters whose
text is deliberately wrong (expect.refuse) are scored only on being refused (and, accepted, each
boundary given at confidence >= 0.9 counts as a confident wrong one).  A chapter
refused that should not be counts every verse wrong.

Prints one row per condition, the pooled line, the reliability table (confidence bins
against the share of right boundaries, and every wrong boundary with confidence >= 0.9),
targets with check marks; writes OUT/summary.json.  Exit 1 if a target is missed.
"""
import argparse
import importlib.util
import json
import os
import re
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
T_RIGHT, T_POOLED, T_MED, T_P90 = 99.0, 99.5, 25.0, 60.0
RUNON_TOL = 0.150
BINS = ((0.0, 0.5), (0.5, 0.7), (0.7, 0.9), (0.9, 0.99), (0.99, 1.01))


def load_score(path):
    for p in (path, os.path.join(ROOT, "..", "shared", "tools", "align", "score.py"),
              "/work/shared/tools/align/score.py"):
        if p and os.path.exists(p):
            spec = importlib.util.spec_from_file_location("score", p)
            m = importlib.util.module_from_spec(spec)
            spec.loader.exec_module(m)
            return m
    raise SystemExit("conditions.py: score.py not found; give --score PATH")


def oracle(ch, truth, lab, js):
    """Scorer self-check: labels just before each true onset, JSON onsets = truth, wrong
    chapters refused, mismatch verses named; conditions.py must then report every target met."""
    exp = ch["expect"]
    if exp["refuse"]:
        return dict(rc=1, stderr="oracle: refused", wall=0.0)
    segs = []
    with open(lab, "w") as f:
        for v in truth["verses"]:
            g = v["gap_before"]
            st = v["onset"] - min(0.025, (g["end"] - g["start"]) / 2)
            f.write("%.6f\t%.6f\t%s\n" % (st, v["offset"], v["label"]))
            segs.append(dict(label=v["label"], kind="verse", confidence=1.0, seconds=dict(onset=v["onset"], start=st)))
    warn = ["verse %s: oracle" % w for w in exp["warn_verses"]]
    with open(js, "w") as f:
        json.dump(dict(segments=segs, warnings=warn), f)
    return dict(rc=0, stderr="", wall=0.0)


def run_prep(a, ch):
    cid = ch["id"]
    lab, js = os.path.join(a.out, cid + ".txt"), os.path.join(a.out, cid + ".json")
    for p in (lab, js):
        if os.path.exists(p):
            os.remove(p)
    if a.oracle:
        return oracle(ch, json.load(open(os.path.join(a.corpus, ch["truth"]))), lab, js), lab, js
    cmd = [a.prep, "align", os.path.join(a.corpus, ch["audio"]), "--text", os.path.join(a.corpus, ch["text"]),
           "--labels", lab, "--json", js, "--quiet"] + a.extra
    t0 = time.perf_counter()
    r = subprocess.run(cmd, capture_output=True, text=True)
    run = dict(cmd=cmd, rc=r.returncode, stderr=r.stderr, wall=round(time.perf_counter() - t0, 3))
    with open(os.path.join(a.out, cid + ".run.json"), "w") as f:
        json.dump(run, f, indent=1)
    return run, lab, js


def pct(xs, q):
    xs = sorted(xs)
    if not xs:
        return float("nan")
    k = (len(xs) - 1) * q
    f = int(k)
    c = min(f + 1, len(xs) - 1)
    return xs[f] + (xs[c] - xs[f]) * (k - f)


def names(text, label):
    return re.search(r"(?<![\w.:/-])%s(?![\w.])" % re.escape(label), text) is not None


def score_chapter(sc, ch, truth, run, lab, js):
    """-> dict(rows=[per verse], warned={label: bool})."""
    exp = ch["expect"]
    j = json.load(open(js)) if run["rc"] == 0 and os.path.exists(js) else None
    warn_text = run["stderr"] + "\n" + "\n".join((j or {}).get("warnings", []))
    warned = {v: names(warn_text, v) for v in exp["warn_verses"]}
    if exp["refuse"]:
        return dict(rows=[], warned=warned)
    pred = {}
    if run["rc"] == 0 and os.path.exists(lab):
        nums = [v["number"] for v in truth["verses"]]
        pred = sc.predictions(sc.read_labels(lab), nums)
    segs = {}
    for s in (j or {}).get("segments", []):
        n = sc.verse_of(s["label"])
        if s.get("kind", "verse") == "verse" and n:
            segs.setdefault(n, s)
    rows = []
    for v in truth["verses"]:
        if v.get("skipped"):
            continue
        p, s = pred.get(v["number"]), segs.get(v["number"])
        r = dict(chapter=ch["id"], label=v["label"], onset=v["onset"], start=p, runon=bool(v.get("runon")),
                 conf=(s or {}).get("confidence"), json_onset=(s or {}).get("seconds", {}).get("onset"))
        g0, g1 = v["gap_before"]["start"], v["gap_before"]["end"]
        if p is None:
            r["right"], r["cls"] = False, "missing"
        elif r["runon"]:
            d = 0.0 if g0 <= p <= g1 else min(abs(p - g0), abs(p - g1))
            r["right"], r["cls"] = d <= RUNON_TOL, ("ok" if d <= RUNON_TOL else "runon_off")
        else:
            r["cls"] = sc.classify(p, v, truth, 0.1)
            r["right"] = r["cls"] == "ok"
        r["start_err"] = None if p is None else abs(p - v["onset"]) * 1000
        r["onset_err"] = None if r["json_onset"] is None else abs(r["json_onset"] - v["onset"]) * 1000
        rows.append(r)
    return dict(rows=rows, warned=warned)


def summary(chs, rows):
    se = [r["start_err"] for r in rows if r["start_err"] is not None]
    oe = [r["onset_err"] for r in rows if r["onset_err"] is not None]
    n = len(rows)
    warn_need = [ok for c in chs for ok in c["warned"].values()]
    return dict(chapters=len(chs), verses=n, right=sum(r["right"] for r in rows),
                right_pct=(100.0 * sum(r["right"] for r in rows) / n) if n else float("nan"),
                start_med=pct(se, 0.5), start_p90=pct(se, 0.9), onset_med=pct(oe, 0.5), onset_p90=pct(oe, 0.9),
                refused=sum(c["refused"] for c in chs), refuse_expected=sum(c["refuse_expected"] for c in chs),
                refused_ok=sum(c["refused"] and c["refuse_expected"] for c in chs),
                warn_named=sum(warn_need), warn_needed=len(warn_need),
                runon=sum(1 for r in rows if r["runon"]), runon_right=sum(1 for r in rows if r["runon"] and r["right"]),
                wall=sum(c["wall"] for c in chs), audio=sum(c["duration"] for c in chs),
                onset_errors_ms=[round(e, 1) for e in oe])


def mark(ok):
    return "\u2714" if ok else "\u2718"


def fnum(x, w=6, d=0):
    return ("%*.*f" % (w, d, x)) if x == x else "%*s" % (w, "-")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--corpus", default=os.path.join(ROOT, "build", "realcorpus"))
    ap.add_argument("--prep", default=os.path.join(ROOT, ".build", "release", "prep"))
    ap.add_argument("--out", default=os.path.join(ROOT, "build", "realcorpus-run"))
    ap.add_argument("--score", default=None, help="path of score.py (default ../shared/tools/align/score.py)")
    ap.add_argument("--only", nargs="*", help="chapter ids")
    ap.add_argument("--conditions", help="comma-separated conditions to run")
    ap.add_argument("--oracle", action="store_true", help="score the truth itself instead of prep (self-check)")
    ap.add_argument("--verbose", "-v", action="store_true", help="per-chapter lines and every wrong verse")
    ap.add_argument("--extra", nargs=argparse.REMAINDER, default=[], help="more prep align options")
    a = ap.parse_args()
    sc = load_score(a.score)
    os.makedirs(a.out, exist_ok=True)
    man = json.load(open(os.path.join(a.corpus, "manifest.json")))
    only_c = set(a.conditions.split(",")) if a.conditions else None
    by_cond, chs_all, rows_all = {}, [], []
    for ch in man["chapters"]:
        if (a.only and ch["id"] not in a.only) or (only_c and ch["condition"] not in only_c):
            continue
        truth = json.load(open(os.path.join(a.corpus, ch["truth"])))
        run, lab, js = run_prep(a, ch)
        res = score_chapter(sc, ch, truth, run, lab, js)
        c = dict(id=ch["id"], cond=ch["condition"], refused=run["rc"] != 0, refuse_expected=ch["expect"]["refuse"],
                 warned=res["warned"], wall=run["wall"], duration=ch["duration"], rc=run["rc"],
                 stderr=run["stderr"].strip())
        by_cond.setdefault(ch["condition"], ([], []))
        by_cond[ch["condition"]][0].append(c)
        by_cond[ch["condition"]][1].extend(res["rows"])
        chs_all.append(c)
        rows_all += res["rows"]
        if a.verbose:
            wrong = [r for r in res["rows"] if not r["right"]]
            print("%-40s rc=%d %5.2fs %2d/%2d right%s%s" % (
                ch["id"], run["rc"], run["wall"], len(res["rows"]) - len(wrong), len(res["rows"]),
                "".join("  warn %s:%s" % (k, "named" if v else "NOT named") for k, v in res["warned"].items()),
                ("  stderr: " + run["stderr"].strip().splitlines()[-1][:150]) if run["stderr"].strip() else ""))
            for r in wrong:
                print("      v%-5s start=%s onset=%.3f %s conf=%s" % (
                    r["label"], "-" if r["start"] is None else "%.3f" % r["start"], r["onset"], r["cls"],
                    "-" if r["conf"] is None else "%.3f" % r["conf"]))
    if not chs_all:
        raise SystemExit("conditions.py: no chapters selected in %s" % a.corpus)
    missed = []
    hdr = ("%-15s %3s %4s %7s %7s %7s %7s %7s %8s %8s %6s" % (
        "condition", "ch", "vers", "right%", "st_med", "st_p90", "on_med", "on_p90", "refused", "warned", "runon"))
    print("prep align on %s (%s)" % (a.corpus, a.prep))
    print(hdr)
    results = {}
    for cond, (chs, rows) in by_cond.items():
        s = summary(chs, rows)
        results[cond] = s
        checks = []
        if s["verses"]:
            checks += [("right", s["right_pct"] >= T_RIGHT), ("onset median", s["onset_med"] <= T_MED),
                       ("onset p90", s["onset_p90"] <= T_P90)]
        checks.append(("refusals", s["refused"] == s["refuse_expected"] == s["refused_ok"]))
        if s["warn_needed"]:
            checks.append(("warning names verse", s["warn_named"] == s["warn_needed"]))
        s["missed"] = [k for k, ok in checks if not ok]
        missed += ["%s: %s" % (cond, k) for k in s["missed"]]
        print("%-15s %3d %4d %s%s %s %s %s%s %s%s %8s %8s %6s" % (
            cond, s["chapters"], s["verses"], fnum(s["right_pct"], 6, 1), mark(s["right_pct"] >= T_RIGHT) if s["verses"] else " ",
            fnum(s["start_med"], 7), fnum(s["start_p90"], 7),
            fnum(s["onset_med"], 6), mark(s["onset_med"] <= T_MED) if s["verses"] else " ",
            fnum(s["onset_p90"], 6), mark(s["onset_p90"] <= T_P90) if s["verses"] else " ",
            "%d/%d%s" % (s["refused"], s["refuse_expected"], mark(s["refused"] == s["refuse_expected"] == s["refused_ok"])),
            ("%d/%d%s" % (s["warn_named"], s["warn_needed"], mark(s["warn_named"] == s["warn_needed"]))
             if s["warn_needed"] else "-"),
            ("%d/%d" % (s["runon_right"], s["runon"])) if s["runon"] else "-"))
    p = summary(chs_all, rows_all)
    results["POOLED"] = p
    print("%-15s %3d %4d %s%s %s %s %s%s %s%s %8s %8s %6s" % (
        "POOLED", p["chapters"], p["verses"], fnum(p["right_pct"], 6, 1), mark(p["right_pct"] >= T_POOLED),
        fnum(p["start_med"], 7), fnum(p["start_p90"], 7), fnum(p["onset_med"], 6), mark(p["onset_med"] <= T_MED),
        fnum(p["onset_p90"], 6), mark(p["onset_p90"] <= T_P90), "%d/%d" % (p["refused"], p["refuse_expected"]),
        "%d/%d" % (p["warn_named"], p["warn_needed"]) if p["warn_needed"] else "-",
        ("%d/%d" % (p["runon_right"], p["runon"])) if p["runon"] else "-"))
    if p["verses"] and p["right_pct"] < T_POOLED:
        missed.append("pooled right %.1f%% < %.1f%%" % (p["right_pct"], T_POOLED))
    print("columns: right%% = starts in their own pause (+-100 ms; run-on verses within 150 ms of the boundary), "
          "target >= %.0f%% per condition, >= %.1f%% pooled; st_ = |label start - true onset| ms (median, p90); "
          "on_ = |JSON onset - true onset| ms, target median <= %.0f, p90 <= %.0f; refused = exit != 0 / expected "
          "refusals; warned = mismatch chapters whose warnings+stderr name the verse; runon = run-on verses right"
          % (T_RIGHT, T_POOLED, T_MED, T_P90))
    # reliability
    print("\nreliability: confidence vs right boundaries (scored verses with a JSON segment)")
    print("%-11s %6s %7s" % ("confidence", "count", "right%"))
    rel = []
    for lo, hi in BINS:
        rs = [r for r in rows_all if r["conf"] is not None and lo <= r["conf"] < hi]
        share = 100.0 * sum(r["right"] for r in rs) / len(rs) if rs else float("nan")
        rel.append(dict(lo=lo, hi=min(hi, 1.0), count=len(rs), right_pct=share))
        print("%-11s %6d %s" % ("%.2f-%.2f" % (lo, min(hi, 1.0)) if hi <= 1 else ">=%.2f" % lo, len(rs), fnum(share, 7, 1)))
    bad = [r for r in rows_all if not r["right"] and r["conf"] is not None and r["conf"] >= 0.9]
    # A wrong chapter accepted: every boundary it was given is wrong, those at >= 0.9 confidently so.
    for c in chs_all:
        js = os.path.join(a.out, c["id"] + ".json")
        if c["refuse_expected"] and not c["refused"] and os.path.exists(js):
            bad += [dict(chapter=c["id"], label=x["label"], start=x["seconds"]["start"], onset=x["seconds"]["onset"],
                         cls="wrong_chapter_accepted", conf=x["confidence"])
                    for x in json.load(open(js)).get("segments", []) if x["confidence"] >= 0.9]
    print("wrong boundaries with confidence >= 0.9: %d %s" % (len(bad), mark(not bad)))
    for r in bad:
        print("  %-40s v%-5s start=%.3f %s=%.3f (%s) conf=%.3f" % (
            r["chapter"], r["label"], r["start"], "onset" if r["cls"] == "wrong_chapter_accepted" else "true onset",
            r["onset"], r["cls"], r["conf"]))
    if bad:
        missed.append("%d wrong boundaries with confidence >= 0.9" % len(bad))
    refused_wrongly = [c for c in chs_all if c["refused"] and not c["refuse_expected"]]
    for c in refused_wrongly:
        print("refused (should not be): %s: %s" % (c["id"], (c["stderr"].splitlines() or ["?"])[-1][:200]))
    for c in chs_all:
        for v, ok in c["warned"].items():
            if not ok:
                print("warning does not name verse %s: %s" % (v, c["id"]))
    xrt = p["audio"] / p["wall"] if p["wall"] else float("nan")
    print("\n%d chapters, %.1f min of audio, prep wall %.1f s (%.0fx real time, decode included)"
          % (p["chapters"], p["audio"] / 60, p["wall"], xrt))
    print("targets: %s" % ("all met \u2714" if not missed else "MISSED \u2718: " + "; ".join(missed)))
    with open(os.path.join(a.out, "summary.json.tmp"), "w") as f:
        json.dump(dict(conditions=results, reliability=rel, missed=missed,
                       wrong_confident=[dict((k, r[k]) for k in ("chapter", "label", "start", "onset", "cls", "conf"))
                                        for r in bad]), f, indent=1)
    os.replace(os.path.join(a.out, "summary.json.tmp"), os.path.join(a.out, "summary.json"))
    sys.exit(1 if missed else 0)


if __name__ == "__main__":
    main()
