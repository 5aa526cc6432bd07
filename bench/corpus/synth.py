"""Shared helpers for samples/generate.py and bench/corpus/make_corpus.py.

Synthetic narration with exact ground truth: each verse is synthesized in
pieces split at punctuation (festival / espeak-ng), every piece is resampled
to the output rate and trimmed to its speech, and the pieces are laid out on a
frame grid with drawn pauses.  Because the layout is ours, every speech onset
and offset is known to the sample.  Noise floor, hum and breaths are added
afterwards; breaths sit inside pauses, clear of the speech.

Conventions used in the truth JSON (a superset of the format read by
/work/shared/tools/align/score.py):
  onset_frame   index of the first sample of a speech segment (the first sample
                above the piece's peak - 45 dB where the synthesizer's own
                segmentation has begun speech: festival's leading "pau" unit,
                which can hold a murmur, is not speech; see trim)
  offset_frame  index of its last sample (inclusive)
  seconds       frame / sample_rate, rounded to 1 us
  gap_before    [previous speech offset (heading or verse; 0 for the first
                 segment), this verse's onset]
  pauses        every silence: lead, heading, verse (between verses),
                comma / colon / sentence (inside a verse), tail
Only numpy, scipy and the command-line tools festival (text2wave voices),
espeak-ng, sox, lame and ffmpeg are used.
"""

import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from fractions import Fraction

import numpy as np
from scipy import signal
from scipy.io import wavfile

os.environ["SOX_OPTS"] = "-R"   # sox: no random dither, repeatable output

TRIM_DB = -45.0        # speech starts/ends where |x| first/last exceeds piece peak - 45 dB
INTERNAL_DB = -40.0    # TTS-made pause inside a piece: 10 ms RMS below piece peak - 40 dB ...
INTERNAL_MIN_S = 0.10  # ... for at least 100 ms


def log(msg):
    print(msg, file=sys.stderr, flush=True)


def db2amp(db):
    return 10.0 ** (db / 20.0)


def amp2db(a):
    return 20.0 * np.log10(max(float(a), 1e-12))


# --------------------------------------------------------------------------- text

def usfm_verses(usfm):
    """Minimal USFM reader: returns (meta, [(label, text)]) for one chapter.

    Drops footnotes (\\f..\\f*), cross references (\\x..\\x*), keeps the word of
    \\w word|attr\\w*, keeps \\wj text, ignores headers, titles and section
    headings (meta['superscription'] holds \\d)."""
    meta = {}
    s = re.sub(r"\\f\s.*?\\f\*", "", usfm, flags=re.S)
    s = re.sub(r"\\x\s.*?\\x\*", "", s, flags=re.S)
    s = re.sub(r"\\\+?w\s+([^|\\]*?)(?:\|[^\\]*)?\\\+?w\*", r"\1", s)
    s = re.sub(r"\\\+?wj\*?", "", s)
    verses, cur = [], None
    for line in s.splitlines():
        m = re.match(r"\\(\w+)\s*(.*)$", line.strip())
        if not m:
            if cur is not None and line.strip():
                cur[1] += " " + line.strip()
            continue
        tag, rest = m.group(1), m.group(2)
        if tag == "id":
            meta["book"] = rest.split()[0]
        elif tag == "c":
            meta["chapter"] = int(rest.split()[0])
        elif tag == "d":
            meta["superscription"] = rest.strip()
        elif tag in ("h", "mt", "mt1", "mt2", "s", "s1", "s2", "r", "ms", "ms1", "toc1", "toc2", "toc3",
                     "ide", "rem", "sts", "cl"):
            continue
        else:
            # paragraph / poetry markers, possibly followed by \v on the same line
            for part in re.split(r"(?=\\v\s)", line.strip()):
                vm = re.match(r"\\v\s+(\S+)\s*(.*)$", part)
                if vm:
                    cur = [vm.group(1), vm.group(2)]
                    verses.append(cur)
                elif cur is not None:
                    t = re.sub(r"^\\\w+\s*", "", part)
                    if t.strip():
                        cur[1] += " " + t.strip()
    out = [(lab, re.sub(r"\s+", " ", re.sub(r"\\\w+\*?", "", t)).strip()) for lab, t in verses]
    return meta, out


def write_plain(path, verses, sep="\t"):
    """Plain text: NUMBER<sep>TEXT, one verse per line."""
    with open(path + ".tmp", "w", encoding="utf-8") as f:
        for lab, t in verses:
            f.write("%s%s%s\n" % (lab, sep, t))
    os.replace(path + ".tmp", path)


def tts_text(s):
    """ASCII text for the synthesizers (quotes dropped, apostrophes kept)."""
    s = re.sub(r"(?<=[A-Za-z])[\u2019'](?=[A-Za-z])", "\x00", s)
    s = re.sub(r"[\u201c\u201d\u2018\u2019\"']", "", s).replace("\x00", "'")
    s = s.replace("\u2014", ", ").replace("\u2013", ", ").replace("(", "").replace(")", "")
    s = s.encode("ascii", "ignore").decode()
    s = re.sub(r"\b([A-Z])([A-Z]+)\b", lambda m: m.group(1) + m.group(2).lower(), s)  # LORD -> Lord
    return re.sub(r"\s+", " ", s).strip()


def pause_kind(piece):
    c = piece.rstrip()[-1:]
    if c in ";:":
        return "colon"
    if c in ".!?":
        return "sentence"
    return "comma"


def split_pieces(text, rng=None, comma_split_p=1.0):
    """Split verse text (TTS form) after , ; : . ! ? -> list of pieces.
    Commas are split with probability comma_split_p (else the synthesizer
    reads through them and makes its own short pause)."""
    parts = [p for p in re.split(r"(?<=[,;:.!?])\s+", text) if p.strip()]
    out = []
    for p in parts:
        if out and not re.search(r"[A-Za-z0-9]", p):
            out[-1] += " " + p
        elif out and out[-1].endswith(",") and rng is not None and rng.random() >= comma_split_p:
            out[-1] += " " + p
        else:
            out.append(p)
    return out


# --------------------------------------------------------------------------- synthesis

VOICES = {
    "slt": dict(engine="festival", voice="cmu_us_slt_arctic_hts"),
    "kal": dict(engine="festival", voice="kal_diphone"),
    "espeak": dict(engine="espeak", voice="en-us", wpm=150, pitch=50),
}


def _scm_str(t):
    return '"' + t.replace("\\", "\\\\").replace('"', '\\"') + '"'


class Synth:
    """Synthesizes (voice, rate, text) requests, caching one WAV per request.
    rate 1.0 = the voice's normal speed (>1 faster): slt -> hts_engine -r,
    kal -> Duration_Stretch 1/rate, espeak -> -s wpm*rate."""

    def __init__(self, cache_dir=None):
        self.own = cache_dir is None
        self.dir = cache_dir or tempfile.mkdtemp(prefix="synthcache.")
        os.makedirs(self.dir, exist_ok=True)

    def close(self):
        if self.own:
            shutil.rmtree(self.dir, ignore_errors=True)

    def _path(self, voice, rate, text):
        key = json.dumps([sorted(voice.items()), round(rate, 3), text])
        return os.path.join(self.dir, hashlib.sha1(key.encode()).hexdigest()[:20] + ".wav")

    def run(self, reqs):
        """reqs: list of (voice dict, rate, text) -> list of (sr, float64 array)."""
        todo = {}
        for v, r, t in reqs:
            p = self._path(v, r, t)
            if not os.path.exists(p):
                todo[p] = (v, r, t)
        fest = {}
        for p, (v, r, t) in todo.items():
            if v["engine"] == "espeak":
                cmd = ["espeak-ng", "-v", v["voice"], "-s", str(int(round(v["wpm"] * r))),
                       "-p", str(v.get("pitch", 50)), "-w", _tmp(p, ".wav")]
                subprocess.run(cmd, input=t.encode(), check=True)
                os.replace(_tmp(p, ".wav"), p)
            else:
                fest.setdefault(v["voice"], []).append((p, r, t))
        for name, items in fest.items():
            for i in range(0, len(items), 150):
                self._festival(name, items[i:i + 150])
        out = []
        for v, r, t in reqs:
            sr, x = wavfile.read(self._path(v, r, t))
            x = x.astype(np.float64) / 32768.0
            if x.ndim > 1:
                x = x.mean(axis=1)
            out.append((sr, x))
        return out

    def speech_starts(self, reqs):
        """reqs as for run() -> for each request, the time in seconds at which
        the synthesizer's own segmentation begins its first speech segment
        (festival: the end of the leading "pau"; 0.0 for engines that give no
        segmentation).  A diphone voice's leading pause unit carries its
        recording's rumble or the speaker's pre-voicing (kal: 160 ms of
        sub-250 Hz murmur before every "wh", a hum before "Glory" and "John");
        festival labels it pause, so the truth must not call it speech."""
        todo = {}
        for v, r, t in reqs:
            p = self._path(v, r, t)
            if v["engine"] == "festival" and not os.path.exists(p + ".seg"):
                todo.setdefault(v["voice"], {})[p] = (p, r, t)
        for name, items in todo.items():
            items = list(items.values())
            for i in range(0, len(items), 150):
                self._festival(name, items[i:i + 150], wave=False)
        out = []
        for v, r, t in reqs:
            out.append(_first_speech_segment(self._path(v, r, t) + ".seg") if v["engine"] == "festival" else 0.0)
        return out

    def _festival(self, voice, items, wave=True):
        lines = ["(voice_%s)" % voice]
        if voice.endswith("_hts"):
            lines.append("(set! prep_hts_base hts_engine_params)")
        for p, r, t in items:
            if voice.endswith("_hts"):
                lines.append('(set! hts_engine_params (append prep_hts_base (list (list "-r" %.4f))))' % r)
            else:
                lines.append("(Parameter.set 'Duration_Stretch %.4f)" % (1.0 / r))
            lines.append("(set! u (Utterance Text %s))" % _scm_str(t))
            lines.append("(utt.synth u)")
            if wave:
                lines.append("(utt.save.wave u %s 'riff)" % _scm_str(_tmp(p, ".wav")))
            lines.append("(utt.save.segs u %s)" % _scm_str(_tmp(p, ".seg")))
        fd, scm = tempfile.mkstemp(prefix="batch.", suffix=".scm", dir=self.dir)
        with os.fdopen(fd, "w") as f:
            f.write("\n".join(lines) + "\n")
        try:
            subprocess.run(["festival", "-b", scm], check=True, stdout=subprocess.DEVNULL)
        finally:
            os.remove(scm)
        for p, r, t in items:
            if wave:
                os.replace(_tmp(p, ".wav"), p)
            os.replace(_tmp(p, ".seg"), p + ".seg")


def _tmp(path, ext):
    """Where `path` is written before its atomic rename: per process, so that two corpora
    generated at once into one cache (seeds.py --generate runs two) never share a half-written file."""
    return "%s.%d.tmp%s" % (path, os.getpid(), ext)


def _first_speech_segment(path):
    """A festival segment file (lines "end_time 100 name" after "#") -> the
    start in seconds of its first segment that is not "pau"."""
    start = 0.0
    with open(path) as f:
        rows = [ln.split() for ln in f if ln.strip() and not ln.startswith("#")]
    for end, _, name in rows:
        if name != "pau":
            return start
        start = float(end)
    return start


# --------------------------------------------------------------------------- DSP

def resample(x, sr_in, sr_out):
    if sr_in == sr_out:
        return x.copy()
    f = Fraction(sr_out, sr_in)
    return signal.resample_poly(x, f.numerator, f.denominator, window=("kaiser", 8.0))


def trim(x, sr, speech_start_s=0.0, rel_db=TRIM_DB):
    """Cut a synthesized piece to its sound: from the zero crossing before the
    first sample above peak+rel_db to the zero crossing after the last one
    (walking at most 5 ms).  Returns (the cut array, lead): its last sample is
    the speech offset and its sample `lead` the speech onset, the first sample
    above the threshold at or after speech_start_s (the synthesizer's own start
    of speech, see Synth.speech_starts; lead 0 when the cut starts there: a
    diphone voice's leading pause unit can hold a murmur, which is sound, not
    speech)."""
    a = np.abs(x)
    thr = a.max() * db2amp(rel_db)
    idx = np.flatnonzero(a > thr)
    i0, i1 = int(idx[0]), int(idx[-1])
    lim = int(0.005 * sr)
    j = i0
    while j > 0 and i0 - j < lim and x[j - 1] != 0 and (x[j - 1] > 0) == (x[i0] > 0):
        j -= 1
    k = i1
    while k < len(x) - 1 and k - i1 < lim and x[k + 1] != 0 and (x[k + 1] > 0) == (x[i1] > 0):
        k += 1
    lead = 0
    s0 = int(round(speech_start_s * sr))
    if s0 > j:
        later = np.flatnonzero(a[s0:] > thr)
        lead = int(s0 + later[0] - j) if len(later) else 0
    y = x[j:k + 1].copy()
    # a linear 1 ms taper that never reaches zero: no step at the cut, first/last sample stay speech
    n = min(int(0.001 * sr), len(y) // 4)
    w = np.arange(1, n + 1) / (n + 1.0)
    y[:n] *= w
    y[len(y) - n:] *= w[::-1]
    return y, lead


def internal_silences(x, sr, rel_db=INTERNAL_DB, min_s=INTERNAL_MIN_S):
    """Runs of 10 ms frames inside a piece quieter than piece peak + rel_db,
    lasting >= min_s -> list of (start, end) sample indices (piece-local)."""
    h = max(1, sr // 100)
    m = len(x) // h
    if m < 3:
        return []
    rms = np.sqrt(np.mean(x[:m * h].reshape(m, h) ** 2, axis=1))
    quiet = rms < np.abs(x).max() * db2amp(rel_db)
    out, i = [], 0
    while i < m:
        if quiet[i]:
            j = i
            while j < m and quiet[j]:
                j += 1
            if (j - i) * h >= min_s * sr and i > 0 and j < m:
                out.append((i * h, j * h - 1))
            i = j
        else:
            i += 1
    return out


PINK_B = [0.049922035, -0.095993537, 0.050612699, -0.004408786]
PINK_A = [1.0, -2.494956002, 2.017265875, -0.522189400]


def pink_noise(n, sr, rng, rms_db, lowpass_hz=8000.0, wobble_db=0.0):
    """Pink-ish room tone (1/f, high-passed at 40 Hz, low-passed), scaled to
    rms_db dBFS; wobble_db adds a slow (0.05-0.2 Hz) level drift."""
    hp = signal.butter(2, 40.0, "highpass", fs=sr, output="sos")
    lp = signal.butter(4, min(lowpass_hz, 0.45 * sr), fs=sr, output="sos")
    zi_p = np.zeros(3)
    zi_h = np.zeros((hp.shape[0], 2))
    zi_l = np.zeros((lp.shape[0], 2))
    out = np.empty(n, dtype=np.float32)
    blk = 1 << 18
    warm = rng.standard_normal(sr)   # settle the filters first
    _, zi_p = signal.lfilter(PINK_B, PINK_A, warm, zi=zi_p)
    for i in range(0, n, blk):
        w = rng.standard_normal(min(blk, n - i))
        y, zi_p = signal.lfilter(PINK_B, PINK_A, w, zi=zi_p)
        y, zi_h = signal.sosfilt(hp, y, zi=zi_h)
        y, zi_l = signal.sosfilt(lp, y, zi=zi_l)
        out[i:i + len(y)] = y
    out *= db2amp(rms_db) / max(float(np.sqrt(np.mean(out.astype(np.float64) ** 2))), 1e-12)
    if wobble_db > 0:
        t = np.arange(n) / sr
        f = rng.uniform(0.05, 0.2)
        out *= db2amp(wobble_db * np.sin(2 * np.pi * f * t + rng.uniform(0, 6.28))).astype(np.float32)
    return out


def hum(n, sr, freq, rms_db, rng):
    """Mains hum: fundamental + 2nd/3rd harmonics (-6/-10 dB), slow 0.5 dB drift."""
    t = np.arange(n) / sr
    y = (np.sin(2 * np.pi * freq * t + rng.uniform(0, 6.28))
         + 0.5 * np.sin(2 * np.pi * 2 * freq * t + rng.uniform(0, 6.28))
         + 0.32 * np.sin(2 * np.pi * 3 * freq * t + rng.uniform(0, 6.28)))
    y *= db2amp(0.5 * np.sin(2 * np.pi * 0.07 * t))
    y *= db2amp(rms_db) / np.sqrt(np.mean(y ** 2))
    return y.astype(np.float32)


def breath(sr, rng, dur_s, peak_db):
    """A breath: band-passed noise (~300-3500 Hz with a random resonance) under
    a smooth asymmetric envelope (raised-cosine rise ~40 %, fall ~60 %)."""
    n = int(round(dur_s * sr))
    x = rng.standard_normal(n + sr // 10)
    lo, hi = rng.uniform(250, 450), rng.uniform(2800, 4200)
    x = signal.sosfilt(signal.butter(2, [lo, hi], "bandpass", fs=sr, output="sos"), x)
    fc = rng.uniform(900, 1800)
    x += 0.6 * signal.sosfilt(signal.butter(2, [fc * 0.8, fc * 1.25], "bandpass", fs=sr, output="sos"), x)
    x = x[sr // 10:]
    r = int(n * rng.uniform(0.35, 0.45))
    env = np.concatenate([0.5 - 0.5 * np.cos(np.pi * np.arange(r) / r),
                          0.5 + 0.5 * np.cos(np.pi * np.arange(n - r) / (n - r))])
    y = x * env
    return (y * db2amp(peak_db) / np.abs(y).max()).astype(np.float32)


# --------------------------------------------------------------------------- layout

def _draw(rng, rng_range):
    lo, hi = rng_range
    return float(rng.uniform(lo, hi))


def render_chapter(cfg, synth, rng):
    """Render one recording.  cfg keys:
      sr, channels, voice (dict from VOICES, may be modified), rate (base
      speed factor), rate_drift (sd of the per-verse log-rate random walk),
      heading (text or None), verses [(label, text)] (label '3' or '3-4'),
      pauses {lead, heading, verse, comma, colon, sentence, tail: (lo, hi) s},
      comma_split_p, force_overlap (int: at least this many inside-verse
      pauses longer than the shortest between-verse pause), speech_peak_db,
      level_drift_db (sd per verse), noise_db, noise_lowpass, noise_wobble_db,
      hum (None or (freq, rms_db)), breaths dict(count | prob, dur (lo, hi),
      peak_db (lo, hi), kinds [...], clear_s), stereo_tilt_db (max L/R speech
      level difference).
    Returns (audio float32 [frames, channels], truth dict)."""
    sr = cfg["sr"]
    P = cfg["pauses"]
    # ---- pieces
    segs = []     # dict(role, verse index, text)
    if cfg.get("heading"):
        segs.append(dict(role="heading", vi=None, text=tts_text(cfg["heading"])))
    lograte = 0.0
    for vi, (lab, text) in enumerate(cfg["verses"]):
        lograte = float(np.clip(lograte + rng.normal(0, cfg.get("rate_drift", 0.0)), -0.12, 0.12))
        pieces = split_pieces(tts_text(text), rng, cfg.get("comma_split_p", 1.0))
        for k, p in enumerate(pieces):
            segs.append(dict(role="verse", vi=vi, text=p, rate=round(cfg["rate"] * np.exp(lograte), 2),
                             first=(k == 0), last=(k == len(pieces) - 1)))
    for s in segs:
        s.setdefault("rate", round(cfg["rate"], 2))
    reqs = [(cfg["voice"], s["rate"], s["text"]) for s in segs]
    audio = synth.run(reqs)
    vgain = [db2amp(rng.normal(0, cfg.get("level_drift_db", 0.0))) for _ in cfg["verses"]]
    for s, (r, x), t0 in zip(segs, audio, synth.speech_starts(reqs)):
        x = resample(x, r, sr)
        y, s["lead"] = trim(x, sr, t0)   # a pause unit's murmur at the head: sound, not speech
        if s["vi"] is not None:
            y *= vgain[s["vi"]]
        s["x"] = y
    peak = max(np.abs(s["x"]).max() for s in segs)
    g = db2amp(cfg["speech_peak_db"]) / peak
    for s in segs:
        s["x"] = (s["x"] * g).astype(np.float32)
        s["internal"] = internal_silences(s["x"], sr)
    # ---- pauses after each segment
    for i, s in enumerate(segs[:-1]):
        nxt = segs[i + 1]
        if s["role"] == "heading":
            s["kind"] = "heading"
        elif nxt["vi"] != s["vi"]:
            s["kind"] = "verse"
        else:
            s["kind"] = pause_kind(s["text"])
        s["pause"] = _draw(rng, P[s["kind"]])
    segs[-1]["kind"], segs[-1]["pause"] = "tail", _draw(rng, P["tail"])
    need = cfg.get("force_overlap", 0)
    vp = [s["pause"] for s in segs if s["kind"] == "verse"]
    if need and vp:
        vmin = min(vp)
        intra = [s for s in segs if s["kind"] in ("comma", "colon", "sentence")]
        have = sum(1 for s in intra if s["pause"] > vmin)
        pref = [s for s in intra if s["kind"] != "comma" and s["pause"] <= vmin] or \
               [s for s in intra if s["pause"] <= vmin]
        for j in rng.permutation(len(pref))[:max(0, need - have)]:
            pref[j]["pause"] = vmin + float(rng.uniform(0.06, 0.2))
    lead = _draw(rng, P["lead"])
    # ---- frame layout
    pos = int(round(lead * sr))
    for s in segs:
        s["on"] = pos
        s["off"] = pos + len(s["x"]) - 1
        s["speech_on"] = s["on"] + s["lead"]
        pos = s["off"] + 1 + int(round(s["pause"] * sr))
    n = pos
    ch = cfg.get("channels", 1)
    speech = np.zeros(n, dtype=np.float32)
    for s in segs:
        speech[s["on"]:s["off"] + 1] += s["x"]
    # ---- pauses list (frames): [start, end] = [previous offset, next onset]
    pauses = [dict(kind="lead", start_frame=0, end_frame=segs[0]["on"])]
    for i, s in enumerate(segs[:-1]):
        pauses.append(dict(kind=s["kind"], start_frame=s["off"], end_frame=segs[i + 1]["on"]))
    pauses.append(dict(kind="tail", start_frame=segs[-1]["off"], end_frame=n - 1))
    # ---- breaths
    br = cfg.get("breaths") or {}
    breaths = []
    bsig = np.zeros(n, dtype=np.float32)
    if br:
        clear = br.get("clear_s", 0.15)
        cands = [p for p in pauses if p["kind"] in br["kinds"]
                 and (p["end_frame"] - p["start_frame"]) / sr >= br["dur"][0] + 2 * clear + 0.01]
        if "count" in br:
            chosen = [cands[j] for j in sorted(rng.permutation(len(cands))[:br["count"]])]
        else:
            chosen = [p for p in cands if rng.random() < br["prob"]]
        for p in chosen:
            room = (p["end_frame"] - p["start_frame"]) / sr - 2 * clear
            dur = min(_draw(rng, br["dur"]), room - 0.005)
            pk = _draw(rng, br["peak_db"])
            b = breath(sr, rng, dur, pk)
            lo = p["start_frame"] + int(np.ceil(clear * sr))
            hi = p["end_frame"] - int(np.ceil(clear * sr)) - len(b)
            st = int(rng.integers(lo, hi + 1))
            bsig[st:st + len(b)] += b
            breaths.append(dict(start_frame=st, end_frame=st + len(b) - 1, peak_dbfs=round(pk, 1),
                                pause_kind=p["kind"]))
    # ---- mix
    out = np.zeros((n, ch), dtype=np.float32)
    tilt = cfg.get("stereo_tilt_db", 0.0)
    gains = [1.0] if ch == 1 else [1.0, db2amp(-float(rng.uniform(0, tilt)))]
    if ch == 2 and rng.random() < 0.5:
        gains.reverse()
    common = pink_noise(n, sr, rng, cfg["noise_db"], cfg.get("noise_lowpass", 8000.0),
                        cfg.get("noise_wobble_db", 0.0))
    hm = hum(n, sr, cfg["hum"][0], cfg["hum"][1], rng) if cfg.get("hum") else None
    for c in range(ch):
        nz = common
        if ch == 2:
            ind = pink_noise(n, sr, rng, cfg["noise_db"], cfg.get("noise_lowpass", 8000.0))
            nz = (0.6 * common + 0.8 * ind)
        out[:, c] = gains[c] * (speech + bsig) + nz
        if hm is not None:
            out[:, c] += hm
    mx = float(np.abs(out).max())
    if mx >= 1.0:
        raise RuntimeError("clipping in %s (peak %.3f)" % (cfg.get("id"), mx))
    # ---- truth
    def sec(f):
        return round(f / sr, 6)

    def fr(d):
        d = dict(d)
        d["start"], d["end"] = sec(d["start_frame"]), sec(d["end_frame"])
        return d

    truth = dict(id=cfg.get("id"), sample_rate=sr, channels=ch, frames=n, duration=sec(n))
    prev_off = 0
    if cfg.get("heading"):
        h = segs[0]
        truth["heading"] = dict(text=cfg["heading"], onset=sec(h["speech_on"]), offset=sec(h["off"]),
                                onset_frame=h["speech_on"], offset_frame=h["off"])
        prev_off = h["off"]
    verses = []
    for vi, (lab, text) in enumerate(cfg["verses"]):
        vs = [s for s in segs if s["vi"] == vi]
        on, off = vs[0]["speech_on"], vs[-1]["off"]
        num = int(re.match(r"\d+", lab).group(0))
        verses.append(dict(number=num, label=lab, onset=sec(on), offset=sec(off),
                           onset_frame=on, offset_frame=off,
                           gap_before=dict(start=sec(prev_off), end=sec(on),
                                           start_frame=prev_off, end_frame=on),
                           text=text,
                           phrases=[dict(text=s["text"], onset_frame=s["speech_on"], offset_frame=s["off"])
                                    for s in vs]))
        prev_off = off
    truth["verses"] = verses
    truth["pauses"] = [fr(dict(p, end_frame=(segs[i]["speech_on"] if i < len(segs) else p["end_frame"])))
                       for i, p in enumerate(pauses)]   # pauses[i] ends where segs[i] begins
    truth["tts_internal_pauses"] = [fr(dict(start_frame=s["on"] + a, end_frame=s["on"] + b))
                                    for s in segs for a, b in s["internal"]]
    truth["breaths"] = [fr(b) for b in breaths]
    truth["voice"] = dict(cfg["voice"], rate=cfg["rate"])
    truth["levels"] = dict(speech_peak_dbfs=round(cfg["speech_peak_db"], 2),
                           noise_rms_dbfs=round(cfg["noise_db"], 2),
                           hum=(dict(freq=cfg["hum"][0], rms_dbfs=round(cfg["hum"][1], 2))
                                if cfg.get("hum") else None))
    truth["conventions"] = ("onset_frame/offset_frame = index of the first/last speech sample "
                            "(offset inclusive); seconds = frame / sample_rate; gap_before and "
                            "pauses run from the previous speech offset to the next onset")
    return out, truth


# --------------------------------------------------------------------------- files

def to_int16(x):
    return np.clip(np.round(x * 32768.0), -32768, 32767).astype(np.int16)


def write_audio(path, x, sr, fmt, opts=None, bits=16):
    """Write float audio [frames, channels] as WAV/FLAC (16 or 24-bit) or MP3
    (atomic).  mp3 opts e.g. ['-b', '64'] (CBR) or ['-V', '5']; lame writes its
    info tag (encoder delay/padding) so gapless decoders return exactly
    len(x) frames (check_decoded verifies it)."""
    tmpd = tempfile.mkdtemp(prefix="wr.")
    try:
        wav = os.path.join(tmpd, "x.wav")
        y = x if x.shape[1] > 1 else x[:, 0]
        if bits == 24:
            wavfile.write(wav, sr, np.clip(y, -1.0, 1.0 - 2.0 ** -23).astype(np.float32))
        else:
            wavfile.write(wav, sr, to_int16(y))
        tmp = path + ".tmp"
        if fmt in ("wav", "flac") and bits == 24:
            # -D: no dither (float -> 24-bit rounding only)
            subprocess.run(["sox", "-D", wav, "-t", fmt, "-b", "24"] + (["-C", "8"] if fmt == "flac" else [])
                           + [tmp], check=True)
        elif fmt == "wav":
            shutil.copyfile(wav, tmp)
        elif fmt == "flac":
            subprocess.run(["sox", wav, "-t", "flac", "-C", "8", tmp], check=True)
        elif fmt == "mp3":
            subprocess.run(["lame", "--quiet", "--noreplaygain"] + list(opts or ["-b", "128"]) + [wav, tmp],
                           check=True)
        else:
            raise ValueError(fmt)
        os.replace(tmp, path)
    finally:
        shutil.rmtree(tmpd, ignore_errors=True)


def decode(path):
    """Decode with ffmpeg (gapless for MP3 with an info tag) -> (sr, float32 [frames, ch])."""
    pr = subprocess.run(["ffprobe", "-v", "error", "-select_streams", "a:0", "-show_entries",
                         "stream=sample_rate,channels", "-of", "json", path],
                        check=True, capture_output=True).stdout
    st = json.loads(pr)["streams"][0]
    sr, ch = int(st["sample_rate"]), int(st["channels"])
    raw = subprocess.run(["ffmpeg", "-v", "error", "-i", path, "-f", "f32le", "-acodec", "pcm_f32le", "-"],
                         check=True, capture_output=True).stdout
    return sr, np.frombuffer(raw, dtype=np.float32).reshape(-1, ch)


def check_decoded(path, x, sr):
    """Decoded file must have exactly the rendered frame count and rate, and
    (for lossy files) line up with the source at lag 0.  Returns (frames, lag)."""
    dsr, y = decode(path)
    if dsr != sr or len(y) != len(x):
        raise RuntimeError("%s: decoded %d frames at %d Hz, rendered %d at %d" % (path, len(y), dsr, len(x), sr))
    a, b = x[:, 0].astype(np.float64), y[:, 0].astype(np.float64)
    m = min(len(a), sr * 20)
    c = signal.correlate(b[:m], a[:m], mode="full", method="fft")
    mid = m - 1
    w = int(0.05 * sr)
    lag = int(np.argmax(c[mid - w:mid + w + 1])) - w
    return len(y), lag


def write_json(path, obj):
    with open(path + ".tmp", "w", encoding="utf-8") as f:
        json.dump(obj, f, indent=1, ensure_ascii=False)
        f.write("\n")
    os.replace(path + ".tmp", path)
