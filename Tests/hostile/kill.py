#!/usr/bin/env python3
"""Kill -9 at 20 points of a full render (issue #11).

A clean full render of the sample chapter (rate 1.5, one bed, MP3 + WAV, stems) sets the reference
files and the run time T. Then, in one output folder, 20 renders are each killed with SIGKILL: ten
spread over T, ten over 0.85 T … 1.1 T, where the staged files are moved into place. After every
kill, every final (non-hidden) file in the folder must
be byte-identical to the reference (outputs are deterministic) or absent: no final file is ever
incomplete. A last uninterrupted run must succeed, leave every reference file, and leave no
`.prep-staging-*` folder or `.*.tmp` file behind (the stale ones of the killed runs included).

Usage: kill.py [--prep .build/debug/prep] [--points 20]
"""
import argparse
import hashlib
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time

REPO = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))


def digest(folder):
    """Final files (not hidden) → SHA-256."""
    result = {}
    for name in sorted(os.listdir(folder)):
        path = os.path.join(folder, name)
        if name.startswith(".") or not os.path.isfile(path):
            continue
        with open(path, "rb") as f:
            result[name] = hashlib.sha256(f.read()).hexdigest()
    return result


def moment(k, points):
    """Kill k of `points`, as a fraction of the clean run's time: the first half spread over the
    run, the second half over its last 20 % (where the encoded files are moved into place)."""
    half = points // 2
    if k <= half:
        return k / (half + 1)
    return 0.85 + 0.25 * (k - half) / (points - half + 1)


def leftovers(folder):
    return sorted(n for n in os.listdir(folder) if n.startswith(".prep-staging-") or (n.startswith(".") and n.endswith(".tmp")))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--prep", default=os.path.join(REPO, ".build/debug/prep"))
    parser.add_argument("--points", type=int, default=20)
    args = parser.parse_args()
    prep = os.path.abspath(args.prep)
    work = tempfile.mkdtemp(prefix="prep-kill-")
    out = os.path.join(work, "out")
    os.makedirs(out)
    argv = [prep, "render", os.path.join(REPO, "samples/psalm117_kal.wav"), "--text",
            os.path.join(REPO, "samples/psalm117.usfm"), "--rate", "1.5", "--bed",
            os.path.join(REPO, "samples/bed_pad.flac"), "--format", "mp3,wav", "--output-dir", out, "--quiet"]
    started = time.time()
    subprocess.run(argv, check=True)
    total = time.time() - started
    reference = digest(out)
    if not reference or leftovers(out):
        print(f"FAIL the clean run wrote {len(reference)} files, left {leftovers(out)}")
        return 1
    print(f"kill: clean render {total:.1f} s, {len(reference)} files; killing at {args.points} points")
    shutil.rmtree(out)
    os.makedirs(out)
    failures = []
    seen = {"none": 0, "some": 0, "all": 0}
    for k in range(1, args.points + 1):
        process = subprocess.Popen(argv)
        time.sleep(moment(k, args.points) * total)
        process.send_signal(signal.SIGKILL)
        process.wait()
        present = digest(out)
        wrong = sorted(n for n, h in present.items() if reference.get(n) != h)
        if wrong:
            failures.append(f"kill {k}: incomplete or foreign final files {wrong}")
        seen["none" if not present else "all" if len(present) == len(reference) else "some"] += 1
    subprocess.run(argv, check=True)
    final = digest(out)
    if final != reference:
        failures.append("the run after the kills differs from the clean run")
    if leftovers(out):
        failures.append(f"left behind after the next run: {leftovers(out)}")
    shutil.rmtree(work, ignore_errors=True)
    for failure in failures:
        print("FAIL " + failure)
    print(f"kill: {args.points} kills; final files after a kill: none {seen['none']}, some {seen['some']}, "
          f"all {seen['all']} (every one complete); "
          f"{'0 failures' if not failures else f'{len(failures)} failures'}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
