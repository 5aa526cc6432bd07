#!/usr/bin/env python3
"""Run `prep align` on every chapter of a generated corpus and score it.

    python3 bench/align/run_corpus.py --corpus build/corpus --out build/align-bench [--prep PATH]
        [--usfm-as-plain] [--json]

Per chapter: prep align AUDIO --text TEXT --labels OUT/<id>.txt --json OUT/<id>.json,
wall time in OUT/<id>.time. Then ../shared/tools/align/score.py --dir OUT --corpus CORPUS,
and the pooled figures against the targets of the align issue.
A USFM chapter that prep cannot read ("no verses found": a build without the USFM
reader) is converted to plain `N<TAB>text` and run again, with a note; --usfm-as-plain
converts every USFM chapter up front.
"""
import argparse, json, os, re, subprocess, sys, time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
TARGETS = dict(in_gap=99.5, p90_ms=60.0, median_ms=30.0)
sys.path.insert(0, os.path.join(ROOT, "bench", "corpus"))
import synth  # noqa: E402  (the corpus generator's shared helpers)


def usfm_to_plain(src, dst):
    """Writes the chapter of a USFM file as plain `N<TAB>text` (the corpus generator's reader)."""
    _, verses = synth.usfm_verses(open(src, encoding="utf-8").read())
    synth.write_plain(dst, verses)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--corpus", default=os.path.join(ROOT, "build", "corpus"))
    ap.add_argument("--out", default=os.path.join(ROOT, "build", "align-bench"))
    ap.add_argument("--prep", default=os.path.join(ROOT, ".build", "release", "prep"))
    ap.add_argument("--usfm-as-plain", action="store_true")
    ap.add_argument("--score", default=os.path.join(ROOT, "..", "shared", "tools", "align", "score.py"))
    ap.add_argument("--only", nargs="*", help="chapter ids")
    ap.add_argument("--extra", nargs=argparse.REMAINDER, default=[], help="more prep align options")
    a = ap.parse_args()
    if not os.path.exists(a.score):
        a.score = "/work/shared/tools/align/score.py"
    os.makedirs(a.out, exist_ok=True)
    man = json.load(open(os.path.join(a.corpus, "manifest.json")))
    failures = 0
    for ch in man["chapters"]:
        cid = ch["id"]
        if a.only and cid not in a.only:
            continue
        text = os.path.join(a.corpus, ch["text"])
        if a.usfm_as_plain and text.endswith(".usfm"):
            plain = os.path.join(a.out, cid + ".plain")
            usfm_to_plain(text, plain)
            text = plain
        cmd = [a.prep, "align", os.path.join(a.corpus, ch["audio"]), "--text", text,
               "--labels", os.path.join(a.out, cid + ".txt"), "--json", os.path.join(a.out, cid + ".json"),
               "--quiet"] + a.extra
        t0 = time.perf_counter()
        r = subprocess.run(cmd, capture_output=True, text=True)
        wall = time.perf_counter() - t0
        if r.returncode != 0 and text.endswith(".usfm") and "no verses found" in r.stderr:
            plain = os.path.join(a.out, cid + ".plain")
            usfm_to_plain(text, plain)
            print("note: %s: this prep reads no USFM; aligned against a plain-text copy" % cid, file=sys.stderr)
            cmd[cmd.index(text)] = plain
            t0 = time.perf_counter()
            r = subprocess.run(cmd, capture_output=True, text=True)
            wall = time.perf_counter() - t0
        if r.returncode != 0:
            failures += 1
            print("FAILED %s: %s" % (cid, r.stderr.strip()), file=sys.stderr)
            continue
        if r.stderr.strip():
            print("%s: %s" % (cid, r.stderr.strip()), file=sys.stderr)
        with open(os.path.join(a.out, cid + ".time"), "w") as f:
            f.write("%.6f\n" % wall)
    subprocess.run([sys.executable, a.score, "--dir", a.out, "--corpus", a.corpus, "--name", "prep align"])
    res = json.loads(subprocess.run([sys.executable, a.score, "--dir", a.out, "--corpus", a.corpus, "--json"],
                                    capture_output=True, text=True, check=True).stdout)
    p = res["pooled"]
    in_gap = 100.0 * (p["verses"] - p["misassigned"]) / p["verses"]
    ok = (in_gap >= TARGETS["in_gap"] and p["p90_ms"] <= TARGETS["p90_ms"]
          and p["median_ms"] <= TARGETS["median_ms"] and failures == 0)
    print("\nchapters %d, verses %d, audio %.1f min" % (len(res["chapters"]), p["verses"], p["audio_s"] / 60))
    print("in own gap   %6.2f %%   (target >= %.1f %%)" % (in_gap, TARGETS["in_gap"]))
    print("err median   %6.1f ms  (target <= %.0f ms)" % (p["median_ms"], TARGETS["median_ms"]))
    print("err p90      %6.1f ms  (target <= %.0f ms)" % (p["p90_ms"], TARGETS["p90_ms"]))
    if p.get("xRT"):
        print("speed        %6.0f x real time (per chapter, process start included)" % p["xRT"])
    print("failed runs  %d" % failures)
    print("RESULT: %s" % ("targets met" if ok else "targets NOT met"))
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
