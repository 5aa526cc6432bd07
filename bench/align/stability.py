#!/usr/bin/env python3
"""Are `prep align`'s decisions stable under changes that do not change the recording?

For every chapter of a corpus (default: the real-room corpus, build/realcorpus) it aligns:
  original   the file as it is
  lsb        the file decoded to 16-bit WAV by ffmpeg, plus seeded ±1 LSB noise on every sample
  ffmpeg     the file decoded to 16-bit WAV by ffmpeg (another decoder than prep's own)
and counts, per variant, the verses whose label start moved by more than 100 ms from the
original's to another pause (not both inside the verse's own pause of the truth, with the
100 ms slack `conditions.py` gives a start), those that moved as far inside their own pause
(a breath or a noise in it counted in one and not the other), and the largest move of the
rest. Issue #9 item 5: a ±1 LSB change, or another decoder, must not change which pause a
verse gets.

    python3 bench/align/stability.py [--corpus build/realcorpus] [--out build/align-stability]

Exit 1 when any verse moved to another pause. Needs ffmpeg, numpy and the release build.
"""
import argparse
import glob
import json
import os
import subprocess
import sys
import wave

import numpy as np

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
MOVED_SECONDS = 0.1


def decode(src, dst):
    subprocess.run(["ffmpeg", "-v", "error", "-y", "-i", src, "-c:a", "pcm_s16le", dst], check=True)


def perturb(src, dst, seed):
    with wave.open(src) as w:
        params = w.getparams()
        x = np.frombuffer(w.readframes(w.getnframes()), dtype=np.int16).astype(np.int32)
    rng = np.random.default_rng(seed)
    y = np.clip(x + rng.integers(-1, 2, size=x.shape), -32768, 32767).astype(np.int16)
    with wave.open(dst, "wb") as w:
        w.setparams(params)
        w.writeframes(y.tobytes())


def starts(prep, audio, text, out):
    labels = out + ".labels.txt"
    r = subprocess.run([prep, "align", audio, "--text", text, "--labels", labels, "--quiet"],
                       capture_output=True, text=True)
    if r.returncode != 0:
        return None
    with open(labels) as f:
        return [(line.split("\t")[2].strip(), float(line.split("\t")[0])) for line in f if line.strip()]


def in_own_pause(truth, label, start):
    """Whether a label's start lies in its verse's own pause of the truth (from the speech
    before it to its first sound, with 100 ms of slack either side, as `conditions.py` counts
    a start right). False for a label the truth has no pause for."""
    for v in truth.get("verses", []):
        if str(v.get("label")) == label and "gap_before" in v:
            return v["gap_before"]["start"] - MOVED_SECONDS <= start <= v["onset"] + MOVED_SECONDS
    return False


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--corpus", default=os.path.join(ROOT, "build", "realcorpus"))
    ap.add_argument("--prep", default=os.path.join(ROOT, ".build", "release", "prep"))
    ap.add_argument("--out", default=os.path.join(ROOT, "build", "align-stability"))
    a = ap.parse_args()
    os.makedirs(a.out, exist_ok=True)
    chapters = []
    for path in sorted(glob.glob(os.path.join(a.corpus, "*.json"))):
        meta = json.load(open(path))
        if isinstance(meta, dict) and "audio" in meta and "text" in meta and meta.get("condition") != "wrong_chapter":
            chapters.append(meta)
    if not chapters:
        sys.exit("stability: no chapters in %s (make one with bench/corpus/make_real.py)" % a.corpus)
    totals = {"lsb": [0, 0, 0.0, 0, 0], "ffmpeg": [0, 0, 0.0, 0, 0]}
    print("%-36s %8s %8s" % ("chapter", "lsb", "ffmpeg"))
    for i, ch in enumerate(chapters):
        cid = ch["id"]
        audio = os.path.join(a.corpus, ch["audio"])
        text = os.path.join(a.corpus, ch["text"])
        wav = os.path.join(a.out, cid + ".ffmpeg.wav")
        lsb = os.path.join(a.out, cid + ".lsb.wav")
        decode(audio, wav)
        perturb(wav, lsb, seed=i + 1)
        base = starts(a.prep, audio, text, os.path.join(a.out, cid))
        cells = []
        for name, variant in (("lsb", lsb), ("ffmpeg", wav)):
            got = starts(a.prep, variant, text, os.path.join(a.out, cid + "." + name))
            t = totals[name]
            if base is None or got is None:
                same = (base is None) == (got is None)
                t[3] += 0 if same else 1
                cells.append("refused" if same else "FLIPPED")
                continue
            moves = [abs(x[1] - y[1]) for x, y in zip(base, got)]
            far = [(x, y) for (x, y), m in zip(zip(base, got), moves) if m > MOVED_SECONDS]
            within = sum(in_own_pause(ch, x[0], x[1]) and in_own_pause(ch, y[0], y[1]) for x, y in far)
            moved = len(far) - within
            t[0] += moved
            t[1] += len(moves)
            t[2] = max([t[2]] + [m for m in moves if m <= MOVED_SECONDS])
            t[4] += within
            cells.append("%d/%d" % (moved, len(moves)) + ("+%d" % within if within else ""))
        print("%-36s %8s %8s" % (cid[:36], cells[0], cells[1]))
    bad = 0
    for name, (moved, n, largest, flips, within) in totals.items():
        print("%-7s verses moved to another pause: %d of %d; refusal flips: %d; moved over 100 ms inside their "
              "own pause: %d; largest move of the rest %.1f ms" % (name, moved, n, flips, within, largest * 1000))
        bad += moved + flips
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
