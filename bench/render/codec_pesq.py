"""PESQ (ITU-T P.862.2 wideband, PyPI `pesq`) of decoded Opus or MP3 files against their premix.

Usage: codec_pesq.py REFERENCE.wav DEGRADED.opus|.mp3 [DEGRADED ...]
Prints one line per degraded file: its path and the mean PESQ MOS-LQO over 10 s segments.

Both files are decoded by ffmpeg (its own Opus decoder) to 16 kHz mono float with the same
resampler, so they stay sample-aligned (prep's Opus files carry pre-skip and end trim, its MP3
files the LAME tag's encoder delay and padding, which ffmpeg trims: no delay). P.862 is specified for samples of about 8-30 s, so each file is cut into consecutive
10 s segments and the segment scores are averaged; a segment without speech (PESQ's
NoUtterancesError, e.g. a silent lead-in) in any file is left out of every file's mean.
"""
import subprocess
import sys

import numpy as np
from pesq import NoUtterancesError, pesq

RATE = 16_000
SEGMENT = 10 * RATE


def decode(path):
    raw = subprocess.run(
        ["ffmpeg", "-v", "error", "-i", path, "-ac", "1", "-ar", str(RATE), "-f", "f32le", "-"],
        check=True, capture_output=True).stdout
    return np.frombuffer(raw, dtype=np.float32).astype(np.float64)


def segment_scores(reference, degraded):
    count = min(len(reference), len(degraded))
    scores = {}
    for start in range(0, count - RATE, SEGMENT):  # the last piece only if at least 1 s long
        end = min(start + SEGMENT, count)
        try:
            scores[start] = pesq(RATE, reference[start:end], degraded[start:end], "wb")
        except NoUtterancesError:
            pass
    return scores


def main():
    reference = decode(sys.argv[1])
    scores = {path: segment_scores(reference, decode(path)) for path in sys.argv[2:]}
    common = set.intersection(*(set(s) for s in scores.values()))
    for path, segments in scores.items():
        print(f"{path}\t{np.mean([segments[k] for k in common]):.3f}\t{len(common)}")


if __name__ == "__main__":
    main()
