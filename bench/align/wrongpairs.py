#!/usr/bin/env python3
"""How often `prep align` refuses a recording paired with another chapter's text.

    python3 bench/align/wrongpairs.py --corpus build/realcorpus [--corpus build/realcorpus2] \
        [--prep .build/release/prep] [--out build/align-wrongpairs] [--human AUDIO TEXT ...]

Pairs every recording of each real-room corpus (bench/corpus/make_real.py; not its
wrong_chapter ones) with the texts of the chapters 5 and 11 places further on in the corpus
(skipping pairs whose text is the same chapter), runs `prep align` on each pair without
--allow-mismatch and counts refusals (exit 1 with "does not match"). It then runs every
matching recording (and each --human AUDIO TEXT pair: a human reading with its own text),
which must not be refused. Prints the counts, how many accepted wrong pairs hold a boundary at
confidence 0.9 or more (none should) or carry no warning, and every accepted wrong pair with
its fit figures (`orderMargin`, `orderShare`: Sources/Alignment/OrderCheck.swift;
`letterOrderGain`: Sources/Alignment/LetterOrderCheck.swift).
Exit status 1 if a matching recording is refused.
"""
import argparse
import glob
import json
import os
import subprocess
from concurrent.futures import ThreadPoolExecutor


def chapters(corpus):
    out = []
    for path in sorted(glob.glob(os.path.join(corpus, "*.json"))):
        if os.path.basename(path) in ("manifest.json", "corpus.json"):
            continue
        with open(path) as f:
            c = json.load(f)
        if "audio" in c and "text" in c:
            out.append(c)
    return out


def run(prep, out, job):
    audio, text, name = job
    labels = os.path.join(out, name + ".txt")
    record = os.path.join(out, name + ".json")
    p = subprocess.run([prep, "align", audio, "--text", text, "--labels", labels, "--json", record, "--quiet"],
                       capture_output=True, text=True)
    details = {}
    if p.returncode == 0 and os.path.exists(record):
        with open(record) as f:
            doc = json.load(f)
        details = dict(doc.get("analysis", {}).get("fitDetails", {}))
        details["confidence"] = max((s["confidence"] for s in doc.get("segments", [])), default=0.0)
        details["warned"] = bool(doc.get("warnings"))
    return name, p.returncode, p.stderr.strip().splitlines()[-1:] if p.returncode else [], details


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--corpus", action="append", required=True)
    ap.add_argument("--prep", default=".build/release/prep")
    ap.add_argument("--out", default="build/align-wrongpairs")
    ap.add_argument("--human", nargs=2, action="append", default=[], metavar=("AUDIO", "TEXT"))
    args = ap.parse_args()
    os.makedirs(args.out, exist_ok=True)
    wrong, right = [], []
    for corpus in args.corpus:
        tag = os.path.basename(os.path.normpath(corpus))
        cs = [c for c in chapters(corpus) if c.get("condition") != "wrong_chapter"]
        for i, c in enumerate(cs):
            stem = os.path.splitext(c["audio"])[0]
            right.append((os.path.join(corpus, c["audio"]), os.path.join(corpus, c["text"]), tag + "_" + stem))
            for k in (5, 11):
                o = cs[(i + k) % len(cs)]
                if o.get("reference", "").split(" read")[0] == c.get("reference", "").split(" read")[0]:
                    continue
                wrong.append((os.path.join(corpus, c["audio"]), os.path.join(corpus, o["text"]),
                              "%s_%s__%s" % (tag, stem, os.path.splitext(o["text"])[0])))
    for n, (audio, text) in enumerate(args.human):
        right.append((audio, text, "human%d_%s" % (n + 1, os.path.splitext(os.path.basename(audio))[0])))
    with ThreadPoolExecutor(max(1, os.cpu_count() or 1)) as ex:
        wrong_runs = list(ex.map(lambda j: run(args.prep, args.out, j), wrong))
        right_runs = list(ex.map(lambda j: run(args.prep, args.out, j), right))
    refused = [r for r in wrong_runs if r[1] == 1]
    print("wrong pairs refused: %d of %d (%.1f %%)" % (len(refused), len(wrong_runs),
                                                       100.0 * len(refused) / max(1, len(wrong_runs))))
    accepted = [r for r in wrong_runs if r[1] == 0]
    confident = [r for r in accepted if r[3].get("confidence", 0) >= 0.9]
    print("wrong pairs accepted with a boundary at 0.9 or more: %d; accepted without a warning: %d"
          % (len(confident), sum(not r[3].get("warned") for r in accepted)))
    for name, rc, _, d in accepted:
        print("  accepted %-70s margin %s share %s letters %s best confidence %.3f%s"
              % (name, d.get("orderMargin", "-"), d.get("orderShare", "-"), d.get("letterOrderGain", "-"),
                 d.get("confidence", 0), "" if d.get("warned") else " (no warning)"))
    bad = [r for r in right_runs if r[1] != 0]
    print("matching recordings refused: %d of %d" % (len(bad), len(right_runs)))
    for name, rc, err, _ in bad:
        print("  refused %s (exit %d): %s" % (name, rc, " ".join(err)[:160]))
    return 1 if bad else 0


if __name__ == "__main__":
    raise SystemExit(main())
