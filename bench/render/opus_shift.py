#!/usr/bin/env python3
"""Does the Opus codec shift (`VariantEncoder.expectedShift`) depend on libopus complexity?

The table was measured when Opus files were written at complexity 10 (libsndfile's). This bench
measures, for every sample recording (samples/<chapter>_<narrator>.*) at rates 1, 1.5, 2, without
a bed and over samples/bed_pad.flac, and for each complexity in COMPLEXITIES:

  shift    the premix (`prep render --loudness off --format wavf`) against the same premix
           encoded by prep's Opus writer (`--loudness off --format opus --opus-complexity N`):
           ΔL = L(opus) − L(premix) in LU, δ = TP(opus) − TP(premix) in dB. Both measured with
           libebur128 (the meter prep uses, through ctypes), the Opus file decoded by libopus
           (ffmpeg -c:a libopus) and the premix resampled to 48 kHz by ffmpeg, as the writer
           resamples it before encoding.
  encodes  a normal render (loudness target on, default options) at complexity N under
           strace: how many times each Opus file was encoded (one rename of the writer's
           temporary file per encode). 1 means the table's first guess was on target.

Usage: opus_shift.py [WORK]   (default build/bench/opus-shift; PREP=.build/release/prep)
Prints a table per complexity and the table's values beside them (bench/render/README.md).
"""
import ctypes
import json
import os
import pathlib
import re
import statistics
import subprocess
import sys

import numpy as np

ROOT = pathlib.Path(__file__).resolve().parents[2]
PREP = os.environ.get("PREP", str(ROOT / ".build/release/prep"))
COMPLEXITIES = [int(c) for c in os.environ.get("COMPLEXITIES", "10 7 5").split()]
RATES = "1,1.5,2"
BED = ROOT / "samples/bed_pad.flac"


def table(complexity):
    """VariantEncoder.expectedShift(.opus, opusComplexity:): (ΔL in LU, δ in dB)."""
    return (-0.1, 0.8) if complexity >= 7 else (0.0, 0.9)



ebur = ctypes.CDLL("libebur128.so.1")
ebur.ebur128_init.restype = ctypes.c_void_p
ebur.ebur128_init.argtypes = [ctypes.c_uint, ctypes.c_ulong, ctypes.c_int]
ebur.ebur128_add_frames_float.argtypes = [ctypes.c_void_p, ctypes.POINTER(ctypes.c_float), ctypes.c_size_t]
ebur.ebur128_loudness_global.argtypes = [ctypes.c_void_p, ctypes.POINTER(ctypes.c_double)]
ebur.ebur128_true_peak.argtypes = [ctypes.c_void_p, ctypes.c_uint, ctypes.POINTER(ctypes.c_double)]
ebur.ebur128_destroy.argtypes = [ctypes.POINTER(ctypes.c_void_p)]
MODE_I, MODE_TRUE_PEAK = 1 << 2 | 1, 1 << 5 | 1 << 4 | 1  # EBUR128_MODE_I, EBUR128_MODE_TRUE_PEAK (ebur128.h)


def decoded(path, opus):
    """Mono or stereo float samples at 48 kHz, as (array, channels)."""
    channels = int(subprocess.run(["ffprobe", "-v", "error", "-select_streams", "a:0", "-show_entries",
                                   "stream=channels", "-of", "csv=p=0", str(path)],
                                  capture_output=True, text=True, check=True).stdout.strip())
    args = ["ffmpeg", "-v", "error"] + (["-c:a", "libopus"] if opus else []) + ["-i", str(path), "-ar", "48000",
                                                                                "-f", "f32le", "-"]
    raw = subprocess.run(args, capture_output=True, check=True).stdout
    return np.frombuffer(raw, dtype=np.float32).copy(), channels


def measure(path, opus):
    """(integrated LUFS, true peak dBTP) by libebur128."""
    samples, channels = decoded(path, opus)
    state = ctypes.c_void_p(ebur.ebur128_init(channels, 48_000, MODE_I | MODE_TRUE_PEAK))
    frames = len(samples) // channels
    ebur.ebur128_add_frames_float(state, samples.ctypes.data_as(ctypes.POINTER(ctypes.c_float)), frames)
    lufs, peak = ctypes.c_double(), 0.0
    ebur.ebur128_loudness_global(state, ctypes.byref(lufs))
    for channel in range(channels):
        value = ctypes.c_double()
        ebur.ebur128_true_peak(state, channel, ctypes.byref(value))
        peak = max(peak, value.value)
    ebur.ebur128_destroy(ctypes.byref(state))
    return lufs.value, 20 * np.log10(peak)


def run(args):
    subprocess.run([PREP] + [str(a) for a in args], check=True)


def main():
    work = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else ROOT / "build/bench/opus-shift")
    (work / "records").mkdir(parents=True, exist_ok=True)
    recordings = sorted(p for p in (ROOT / "samples").glob("*_*.*")
                        if p.suffix in (".wav", ".flac", ".mp3") and not p.name.startswith("bed_"))
    shifts = {c: [] for c in COMPLEXITIES}
    encodes = {c: [] for c in COMPLEXITIES}
    for recording in recordings:
        name = recording.stem
        ingest, align = work / f"records/{name}.ingest.json", work / f"records/{name}.align.json"
        run(["ingest", recording, "--text", ROOT / f"samples/{name.split('_')[0]}.usfm", "--output", ingest, "--quiet"])
        run(["align", "--record", ingest, "--labels", work / f"records/{name}.labels.txt", "--json", align, "--quiet"])
        common = ["render", "--ingest", ingest, "--align", align, "--rate", RATES, "--bed", BED, "--no-stems",
                  "--narrator", "bench", "--quiet"]
        premix = work / "premix"
        premix.mkdir(exist_ok=True)
        run(common + ["--loudness", "off", "--format", "wavf", "--output-dir", premix])
        for c in COMPLEXITIES:
            folder = work / f"c{c}"
            folder.mkdir(exist_ok=True)
            run(common + ["--loudness", "off", "--format", "opus", "--opus-complexity", c, "--output-dir", folder])
            for wav in sorted(premix.glob(f"{name}.*.wav")):
                variant = wav.stem
                before = measure(wav, opus=False)
                after = measure(folder / f"{variant}.opus", opus=True)
                shifts[c].append((variant, after[0] - before[0], after[1] - before[1]))
            # The render on target: encodes per Opus file, counted by strace.
            target = work / f"t{c}"
            target.mkdir(exist_ok=True)
            trace = work / f"t{c}/{name}.strace"
            subprocess.run(["strace", "-f", "-qq", "-e", "trace=rename", "-o", str(trace), PREP]
                           + [str(a) for a in common + ["--format", "opus", "--opus-complexity", c,
                                                        "--output-dir", target]], check=True)
            counts = {}
            for line in trace.read_text().splitlines():
                hit = re.search(r'\.tmp", "[^"]*/\.prep-staging[^/]*/([^"/]+\.opus)"', line)
                if hit:
                    counts[hit.group(1)] = counts.get(hit.group(1), 0) + 1
            for file, count in sorted(counts.items()):
                record = json.loads((target / file.replace(".opus", ".json")).read_text())
                loudness = record["variant"]["files"][0]["loudness"]
                encodes[c].append((file, count, loudness["integratedLUFS"], loudness["truePeakDBTP"]))
    report(shifts, encodes)


def report(shifts, encodes):
    print("Opus 48 kbps, prep's writer. Shifts of the raw premix (--loudness off); encodes in a render on target.\n")
    print("| complexity | table ΔL, δ | files | ΔL mean | ΔL min … max | δ mean | δ min … max "
          "| encodes per file (render on target) | files re-encoded | final LUFS min … max | final dBTP max |")
    print("|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for c in COMPLEXITIES:
        dl = [s[1] for s in shifts[c]]
        dp = [s[2] for s in shifts[c]]
        n = [e[1] for e in encodes[c]]
        lufs = [e[2] for e in encodes[c]]
        peaks = [e[3] for e in encodes[c]]
        print(f"| {c} | {table(c)[0]:+.1f}, {table(c)[1]:+.1f} | {len(dl)} | {statistics.mean(dl):+.3f} | {min(dl):+.3f} … {max(dl):+.3f} | "
              f"{statistics.mean(dp):+.3f} | {min(dp):+.3f} … {max(dp):+.3f} | {statistics.mean(n):.2f} | "
              f"{sum(1 for x in n if x > 1)} of {len(n)} | {min(lufs):.2f} … {max(lufs):.2f} | {max(peaks):.2f} |")
    print("\nPer file: ΔL / δ at each complexity\n")
    print("| variant | " + " | ".join(f"c{c} ΔL | c{c} δ" for c in COMPLEXITIES) + " |")
    print("|---|" + "---:|---:|" * len(COMPLEXITIES))
    for i, (variant, _, _) in enumerate(shifts[COMPLEXITIES[0]]):
        cells = " | ".join(f"{shifts[c][i][1]:+.3f} | {shifts[c][i][2]:+.3f}" for c in COMPLEXITIES)
        print(f"| {variant} | {cells} |")
    diffs = [abs(shifts[c][i][1] - shifts[COMPLEXITIES[0]][i][1]) for c in COMPLEXITIES[1:]
             for i in range(len(shifts[c]))]
    if diffs:
        print(f"\nLargest |ΔL(c) − ΔL(c{COMPLEXITIES[0]})| on one file: {max(diffs):.3f} LU")


if __name__ == "__main__":
    main()
