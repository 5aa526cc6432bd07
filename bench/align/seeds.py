#!/usr/bin/env python3
"""The real-room conditions over several seeds, and one table for all of them.

    python3 bench/align/seeds.py --seeds 1-14 [--prep .build/release/prep] [--tag now] [--generate] [--reuse]

For each seed N: the corpus is build/realcorpus (N = 1) or build/realcorpusN (made with
bench/corpus/make_real.py --seed N when --generate is given, which makes only the chapters it lacks; pieces cached
in build/realcorpus-cache). bench/align/conditions.py -v runs on it into build/seeds-TAG/N/
(its printout in build/seeds-TAG/N.txt), two seeds at a time. Then per seed: verses, the share
right, the condition targets missed; pooled over the seeds: right, targets missed, wrong
boundaries at confidence 0.9 or more, the reliability table (confidence bins against the
share of right boundaries), and per condition the seeds where a target was missed.
With --reuse, a seed already run under the same tag is not run again (its summary.json is
read). Exit 1 if a target is missed on any seed.
"""
import argparse
import json
import os
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))


def seed_list(text):
    out = []
    for part in text.split(","):
        a, _, b = part.partition("-")
        out += list(range(int(a), int(b or a) + 1))
    return out


def corpus_of(seed):
    return os.path.join(ROOT, "build", "realcorpus" if seed == 1 else "realcorpus%d" % seed)


def run(seed, args, out):
    corpus = corpus_of(seed)
    summary = os.path.join(out, str(seed), "summary.json")
    if args.reuse and os.path.exists(summary):
        with open(summary) as f:
            return seed, json.load(f)
    if not args.generate and not os.path.exists(os.path.join(corpus, "manifest.json")):
        sys.exit("seeds: no corpus %s (pass --generate to make it)" % corpus)
    if args.generate:  # makes only the chapters the corpus lacks (all of them the first time)
        subprocess.run([sys.executable, os.path.join(ROOT, "bench", "corpus", "make_real.py"), "--out", corpus,
                        "--seed", str(seed), "--cache", os.path.join(ROOT, "build", "realcorpus-cache")],
                       check=True, stdout=subprocess.DEVNULL)
    with open(os.path.join(out, "%d.txt" % seed), "w") as log:
        subprocess.run([sys.executable, os.path.join(HERE, "conditions.py"), "--corpus", corpus, "--prep", args.prep,
                        "--out", os.path.join(out, str(seed)), "-v"], stdout=log, stderr=subprocess.STDOUT)
    with open(os.path.join(out, str(seed), "summary.json")) as f:
        return seed, json.load(f)


def pooled_by_condition(runs):
    """Per condition, all seeds pooled: verses right and the onset error's median and p90
    against conditions.py's targets (a condition has two chapters per seed, so one seed's p90
    rests on one or two verses)."""
    sys.path.insert(0, HERE)
    from conditions import T_MED, T_P90, T_RIGHT, pct
    pooled = {}
    for _, summary in runs:
        for name, c in summary["conditions"].items():
            if name == "POOLED" or not c["verses"]:
                continue
            p = pooled.setdefault(name, [0, 0, []])
            p[0] += c["verses"]
            p[1] += c["right"]
            p[2] += c.get("onset_errors_ms", [])
    print("pooled per condition (%d seeds): verses, right %%, onset median / p90 ms" % len(runs))
    for name, (n, r, errors) in sorted(pooled.items()):
        med, p90 = pct(errors, 0.5), pct(errors, 0.9)
        print("  %-16s %5d  %6.2f %s  %6.1f %s  %6.1f %s" % (
            name, n, 100.0 * r / n, "✔" if 100.0 * r / n >= T_RIGHT else "✘", med, "✔" if med <= T_MED else "✘",
            p90, "✔" if p90 <= T_P90 else "✘"))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--seeds", default="1-5", help="e.g. 1-14 or 1,4,7")
    ap.add_argument("--prep", default=os.path.join(ROOT, ".build", "release", "prep"))
    ap.add_argument("--tag", default="now", help="outputs go to build/seeds-TAG/")
    ap.add_argument("--generate", action="store_true", help="make missing corpora and chapters")
    ap.add_argument("--reuse", action="store_true",
                    help="take a seed's results from an earlier run with the same tag when they are there")
    args = ap.parse_args()
    out = os.path.join(ROOT, "build", "seeds-" + args.tag)
    os.makedirs(out, exist_ok=True)
    with ThreadPoolExecutor(2) as ex:
        runs = list(ex.map(lambda s: run(s, args, out), seed_list(args.seeds)))
    verses = right = confident = missed_total = 0
    bins = {}
    by_condition = {}
    for seed, summary in runs:
        pooled = summary["conditions"]["POOLED"]
        n, r = pooled["verses"], pooled["right"]
        verses += n
        right += r
        confident += len(summary["wrong_confident"])
        conditions = [m for m in summary["missed"] if not m.startswith("pooled") and "wrong boundaries" not in m]
        missed_total += len(conditions)
        for m in conditions:
            name, _, what = m.partition(": ")
            by_condition.setdefault(name, []).append("%d (%s)" % (seed, what))
        for b in summary["reliability"]:
            c = bins.setdefault((b["lo"], b["hi"]), [0, 0.0])
            c[0] += b["count"]
            c[1] += b["count"] * (b["right_pct"] if b["count"] else 0) / 100
        print("seed %2d  %4d verses  right %6.2f %%  missed: %s"
              % (seed, n, 100.0 * r / max(1, n), "; ".join(summary["missed"]) or "-"))
    print("pooled over %d seeds: %d of %d right (%.2f %%); condition targets missed: %d; "
          "wrong boundaries at confidence >= 0.9: %d"
          % (len(runs), right, verses, 100.0 * right / max(1, verses), missed_total, confident))
    print("reliability: " + " | ".join("%.2f-%.2f: %d, %s" % (lo, min(hi, 1.0), n, "%.2f %%" % (100 * r / n) if n else "-")
                                       for (lo, hi), (n, r) in sorted(bins.items())))
    for name, seeds in sorted(by_condition.items()):
        print("  %-16s missed on seed %s" % (name, ", ".join(seeds)))
    pooled_by_condition(runs)
    return 1 if any(s["missed"] for _, s in runs) else 0


if __name__ == "__main__":
    raise SystemExit(main())
