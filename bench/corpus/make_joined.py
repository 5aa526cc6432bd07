#!/usr/bin/env python3
"""A generated corpus re-made as if each verse had been recorded as a take of its own and the
takes joined end to end, as HearThis, Orature and similar apps record a chapter.

For every chapter of CORPUS (made by make_real.py), the recording is cut in the middle of each
verse pause of 0.2 s or more (before the first reading of a verse read twice: a take holds its
own false starts), and each take is scaled by a gain drawn from -G..+G dB (its room tone
with it); with --silence, the middle 30-70 % of each cut pause is set to digital silence, as
tools that trim and pad takes leave it. Nothing moves in time, so the truth JSON stays exact:
it is copied with "audio" pointing to the new 16-bit WAV (decoded by ffmpeg, written by
synth.py's own helpers, atomically), and so is the corpus manifest.
Score the result like any corpus:

    python3 bench/corpus/make_joined.py --corpus build/realcorpus4 --out build/joined4 \\
        --gain-db 4 --silence --seed 4
    python3 bench/align/conditions.py --corpus build/joined4 --prep .build/release/prep \\
        --out build/joined4-run

Seeded: the same arguments give the same files. Needs ffmpeg, sox, numpy and scipy (synth.py).
"""
import argparse
import json
import os
import shutil
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import synth  # noqa: E402

SHORTEST_CUT_SECONDS = 0.2
SILENT_SHARE = (0.3, 0.7)


def cut_points(truth, sr):
    """Frames where one take ends and the next begins, with the pause each lies in."""
    offsets = {v["label"]: v["offset_frame"] for v in truth["verses"]}
    order = [v["label"] for v in truth["verses"]]
    first_take = {}
    for e in truth.get("extra_speech", []):
        first_take.setdefault(e["verse"], e["start_frame"])
    cuts = []
    for i, v in enumerate(truth["verses"]):
        if i == 0 or v.get("runon") or v.get("skipped"):
            continue
        start, end = v["gap_before"]["start_frame"], v["gap_before"]["end_frame"]
        if v["label"] in first_take:
            start, end = offsets[order[i - 1]], first_take[v["label"]]
        if end - start >= SHORTEST_CUT_SECONDS * sr and (not cuts or start > cuts[-1][1]):
            cuts.append((start, end))
    return cuts


def join(x, cuts, rng, gain_db, silence):
    """x [frames, channels] as takes cut at `cuts`, each at its own gain (float, peak <= 0.99)."""
    y = x.astype(np.float64)
    edges = [0] + [(a + b) // 2 for a, b in cuts] + [len(y)]
    for a, b in zip(edges, edges[1:]):
        y[a:b] *= synth.db2amp(rng.uniform(-gain_db, gain_db))
    if silence:
        for a, b in cuts:
            half = int((b - a) * rng.uniform(*SILENT_SHARE) / 2)
            middle = (a + b) // 2
            y[middle - half:middle + half] = 0
    peak = np.abs(y).max()
    if peak > 0.99:
        y *= 0.99 / peak
    return y


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--corpus", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--gain-db", type=float, default=4.0, help="each take's gain is drawn from -G..+G dB")
    ap.add_argument("--silence", action="store_true", help="digital silence in the middle of each join")
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args()
    os.makedirs(a.out, exist_ok=True)
    rng = np.random.default_rng(a.seed)
    manifest = json.load(open(os.path.join(a.corpus, "manifest.json")))
    for chapter in manifest["chapters"]:
        truth = json.load(open(os.path.join(a.corpus, chapter["truth"])))
        sr, x = synth.decode(os.path.join(a.corpus, truth["audio"]))
        cuts = cut_points(truth, sr)
        audio = truth["id"] + ".wav"
        synth.write_audio(os.path.join(a.out, audio), join(x, cuts, rng, a.gain_db, a.silence), sr, "wav")
        shutil.copy(os.path.join(a.corpus, truth["text"]), os.path.join(a.out, truth["text"]))
        truth.update(audio=audio, format="wav 16-bit",
                     joined=dict(takes=len(cuts) + 1, gain_db=a.gain_db, silence=a.silence, seed=a.seed))
        synth.write_json(os.path.join(a.out, chapter["truth"]), truth)
        chapter.update(audio=audio, format=truth["format"])
    manifest.update(generator="bench/corpus/make_joined.py", source=a.corpus,
                    joined=dict(gain_db=a.gain_db, silence=a.silence, seed=a.seed))
    synth.write_json(os.path.join(a.out, "manifest.json"), manifest)
    print("%d chapters re-made as joined takes (gain +-%.1f dB%s) -> %s"
          % (len(manifest["chapters"]), a.gain_db, ", digital silence in the joins" if a.silence else "", a.out))


if __name__ == "__main__":
    main()
