#!/usr/bin/env python3
"""Regenerate everything in samples/: verse texts (USFM + plain), synthetic
narrator recordings with frame-exact ground truth (<name>.truth.json) and two
loopable music beds.

    python3 samples/generate.py [--cache DIR] [--only NAME ...]

Deterministic: fixed seeds, SOX_OPTS=-R, no dither.  Needs festival
(cmu_us_slt_arctic_hts, kal_diphone), espeak-ng, sox, lame, ffmpeg, numpy, scipy.
Shared code lives in bench/corpus/synth.py.
"""

import argparse
import os
import subprocess
import sys
import tempfile

import numpy as np
from scipy import signal

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "bench", "corpus"))
import synth  # noqa: E402
from synth import db2amp, log  # noqa: E402

# --------------------------------------------------------------------------- texts
# Verse text: World English Bible (public domain).  The footnote, the Strong's
# number, the section heading and the cross reference are test markup added
# here for the USFM parser; they are not quoted from a WEB edition.

PSALM23 = """\\id PSA World English Bible (WEB) -- prep sample
\\h Psalms
\\toc1 The Psalms
\\toc2 Psalms
\\mt1 The Psalms
\\c 23
\\d A Psalm by David.
\\q1
\\v 1 \\w Yahweh|strong="H3068"\\w* is my shepherd;
\\q2 I shall lack nothing.
\\q1
\\v 2 He makes me lie down in green pastures.
\\q2 He leads me beside still waters.
\\q1
\\v 3 He restores my soul.
\\q2 He guides me in the paths of righteousness for his name’s sake.
\\q1
\\v 4 Even though I walk through the valley of the shadow of death,\\f + \\fr 23:4 \\ft Or, the valley of deep darkness\\f*
\\q2 I will fear no evil, for you are with me.
\\q2 Your rod and your staff,
\\q2 they comfort me.
\\q1
\\v 5 You prepare a table before me
\\q2 in the presence of my enemies.
\\q2 You anoint my head with oil.
\\q2 My cup runs over.
\\q1
\\v 6 Surely goodness and loving kindness shall follow me all the days of my life,
\\q2 and I will dwell in Yahweh’s house forever.
"""

JOHN1 = """\\id JHN World English Bible (WEB) -- prep sample
\\h John
\\toc1 The Good News According to John
\\toc2 John
\\mt1 The Good News According to John
\\c 1
\\s1 The Word became flesh
\\p
\\v 1 In the beginning was the Word,\\x - \\xo 1:1 \\xt Gen 1:1\\x* and the Word was with God, and the Word was God.
\\v 2 The same was in the beginning with God.
\\v 3 All things were made through him. Without him was not anything made that has been made.
\\v 4 In him was life, and the life was the light of men.
\\v 5 The light shines in the darkness, and the darkness hasn’t overcome it.
\\p
\\v 6 There came a man, sent from God, whose name was John.
\\v 7 The same came as a witness, that he might testify about the light, that all might believe through him.
\\v 8 He was not the light, but was sent that he might testify about the light.
\\p
\\v 9 The true light that enlightens everyone was coming into the world.
\\v 10 He was in the world, and the world was made through him, and the world didn’t recognize him.
\\v 11 He came to his own, and those who were his own didn’t receive him.
\\v 12 But as many as received him, to them he gave the right to become God’s children, to those who believe in his name:
\\v 13 who were born not of blood, nor of the will of the flesh, nor of the will of man, but of God.
\\p
\\v 14 The Word became flesh, and lived among us. We saw his glory, such glory as of the one and only Son of the Father, full of grace and truth.
\\p
\\v 15 John testified about him. He cried out, saying, “This was he of whom I said, ‘He who comes after me has surpassed me, for he was before me.’”
\\p
\\v 16 From his fullness we all received grace upon grace.
\\v 17 For the law was given through Moses. Grace and truth were realized through Jesus Christ.
\\v 18 No one has seen God at any time. The one and only Son, who is in the bosom of the Father, he has declared him.
"""

PSALM117 = """\\id PSA World English Bible (WEB) -- prep sample
\\h Psalms
\\toc1 The Psalms
\\mt1 The Psalms
\\c 117
\\q1
\\v 1 Praise Yahweh, all you nations!
\\q2 Extol him, all you peoples!
\\q1
\\v 2 For his loving kindness is great toward us.
\\q2 Yahweh’s faithfulness endures forever.
\\q1 Praise Yah!
"""

TEXTS = {"psalm23": (PSALM23, "Psalm 23"), "john1": (JOHN1, "John chapter 1"),
         "psalm117": (PSALM117, "Psalm 117")}

# --------------------------------------------------------------------------- recordings

PAUSES = dict(lead=(0.5, 0.8), heading=(1.2, 1.8), verse=(0.7, 1.3), comma=(0.15, 0.6),
              colon=(0.4, 0.9), sentence=(0.45, 0.95), tail=(1.0, 1.5))

# name: chapter, voice, rate, sr, channels, format, encoder options, seed
RECORDINGS = [
    ("psalm23_slt", "psalm23", dict(synth.VOICES["slt"]), 0.95, 44100, 1, "flac", None, 231),
    ("psalm23_espeak", "psalm23", dict(synth.VOICES["espeak"]), 1.0, 22050, 1, "mp3", ["-b", "64", "--resample", "22.05"],
     232),
    # a 48 kHz FLAC of John 1 alone would be ~3.7 MB: it is an MP3 (VBR, Xing/LAME tag) to keep samples/ ~5 MB
    ("john1_slt", "john1", dict(synth.VOICES["slt"]), 1.0, 48000, 1, "mp3", ["-V", "7", "--resample", "48"], 11),
    ("john1_espeak", "john1", dict(synth.VOICES["espeak"]), 1.0, 44100, 2, "mp3", ["-b", "64", "--resample", "44.1"], 12),
    ("psalm117_kal", "psalm117", dict(synth.VOICES["kal"]), 1.0, 22050, 1, "wav", None, 117),
]


def recording(name, chap, voice, rate, sr, ch, fmt, enc, seed, sy):
    usfm, heading = TEXTS[chap]
    meta, verses = synth.usfm_verses(usfm)
    rng = np.random.default_rng(seed)
    cfg = dict(id=name, sr=sr, channels=ch, voice=voice, rate=rate, rate_drift=0.02, heading=heading,
               verses=verses, pauses=PAUSES, comma_split_p=1.0, force_overlap=2,
               speech_peak_db=-3.0, level_drift_db=0.5, noise_db=-62.0, noise_lowpass=7000.0,
               noise_wobble_db=0.5, hum=(50.0, -66.0), stereo_tilt_db=1.5,
               breaths=dict(count=2, dur=(0.2, 0.35), peak_db=(-38.0, -38.0), kinds=["verse", "heading"],
                            clear_s=0.16))
    x, truth = synth.render_chapter(cfg, sy, rng)
    path = os.path.join(HERE, "%s.%s" % (name, fmt))
    synth.write_audio(path, x, sr, fmt, enc)
    frames, lag = synth.check_decoded(path, x, sr)
    truth["audio"] = os.path.basename(path)
    truth["text"] = chap + ".usfm"
    truth["format"] = fmt + (" " + " ".join(enc) if enc else "")
    synth.write_json(os.path.join(HERE, name + ".truth.json"), truth)
    verify(path, truth, lag)


def verify(path, truth, lag):
    """Listen by numbers: levels in pauses and speech, and every onset against
    the decoded file's 5 ms envelope."""
    sr, y = synth.decode(path)
    y = y[:, 0].astype(np.float64)
    speech = np.zeros(len(y), bool)
    for v in truth["verses"]:
        for p in v["phrases"]:
            speech[p["onset_frame"]:p["offset_frame"] + 1] = True
    if "heading" in truth:
        speech[truth["heading"]["onset_frame"]:truth["heading"]["offset_frame"] + 1] = True
    br = np.zeros(len(y), bool)
    for b in truth["breaths"]:
        br[b["start_frame"]:b["end_frame"] + 1] = True
    quiet = ~speech & ~br
    rms = lambda a: synth.amp2db(np.sqrt(np.mean(a ** 2))) if len(a) else float("nan")  # noqa: E731
    h = int(0.005 * sr)
    floor = rms(y[quiet])
    worst, dev = 1e9, []
    for v in truth["verses"]:
        o = v["onset_frame"]
        before = rms(y[o - 30 * h:o - 2 * h][quiet[o - 30 * h:o - 2 * h]])
        after = rms(y[o:o + 10 * h])
        worst = min(worst, after - before)
        # envelope onset: first 5 ms frame (outside breaths) 10 dB over the pause floor, from 300 ms before
        a = o - 60 * h
        for k in range(a, o + 60 * h, h):
            if not br[k:k + h].any() and rms(y[k:k + h]) > floor + 10:
                dev.append((k - o) / sr * 1000)
                break
    ip = [p for p in truth["pauses"] if p["kind"] in ("comma", "colon", "sentence")]
    vp = [p["end"] - p["start"] for p in truth["pauses"] if p["kind"] == "verse"]
    longer = sum(1 for p in ip if p["end"] - p["start"] > min(vp)) if vp else 0
    log("%-22s %5d Hz %dch %7.2f s  speech peak %5.1f dBFS, pauses %5.1f dBFS RMS, "
        "onset step >= %4.1f dB, envelope onset - truth %+.0f..%+.0f ms, lag %d, %d breaths, %d/%d inside-verse pauses > shortest verse pause (%.2f s)"
        % (os.path.basename(path), sr, truth["channels"], len(y) / sr, synth.amp2db(np.abs(y[speech]).max()),
           floor, worst, min(dev), max(dev), lag, len(truth["breaths"]), longer, len(ip), min(vp) if vp else 0))


# --------------------------------------------------------------------------- music beds

def fold(buf, n):
    """Wrap everything past n onto the start: a seamless loop of length n."""
    out = buf[:n].copy()
    k = n
    while k < len(buf):
        m = min(n, len(buf) - k)
        out[:m] += buf[k:k + m]
        k += n
    return out


def midi(m):
    return 440.0 * 2 ** ((m - 69) / 12.0)


def lufs(x, sr):
    """Integrated loudness via ffmpeg's ebur128 filter."""
    with tempfile.TemporaryDirectory() as d:
        p = os.path.join(d, "m.wav")
        from scipy.io import wavfile
        wavfile.write(p, sr, x.astype(np.float32))
        err = subprocess.run(["ffmpeg", "-nostats", "-hide_banner", "-i", p, "-af", "ebur128=peak=true",
                              "-f", "null", "-"], capture_output=True, text=True).stderr
    summ = err[err.rfind("Summary:"):]
    i = float(summ.split("I:")[1].split()[0])
    tp = float(summ.split("Peak:")[1].split()[0])
    return i, tp


def bed_pad(sr=44100):
    """Four soft pad chords (5 s each), sine + detuned partials, slow attack."""
    rng = np.random.default_rng(7)
    slot, n = 5.0, int(20.0 * sr)
    chords = [[48, 55, 60, 64, 67], [45, 52, 57, 60, 64], [41, 48, 53, 57, 60], [43, 50, 55, 59, 62]]
    buf = np.zeros((n + int(10 * sr), 2))
    for ci, ch in enumerate(chords):
        t0 = int(ci * slot * sr)
        dur = slot + 2.5
        t = np.arange(int(dur * sr)) / sr
        att, rel = 2.0, 2.5
        env = np.clip(t / att, 0, 1)
        env = 0.5 - 0.5 * np.cos(np.pi * env)
        tail = np.clip((dur - t) / rel, 0, 1)
        env *= 0.5 - 0.5 * np.cos(np.pi * tail)
        for m in ch:
            f = midi(m)
            for cents, pan in ((-6, 0.25), (0, 0.5), (5, 0.75)):
                ff = f * 2 ** (cents / 1200.0)
                ph = rng.uniform(0, 2 * np.pi, 3)
                s = (np.sin(2 * np.pi * ff * t + ph[0]) + 0.25 * np.sin(2 * np.pi * 2 * ff * t + ph[1])
                     + 0.08 * np.sin(2 * np.pi * 3 * ff * t + ph[2]))
                s *= env * (1.0 + 0.05 * np.sin(2 * np.pi * 0.23 * t + ph[0]))
                buf[t0:t0 + len(t), 0] += s * np.cos(pan * np.pi / 2)
                buf[t0:t0 + len(t), 1] += s * np.sin(pan * np.pi / 2)
    return fold(buf, n)


def bed_bells(sr=48000):
    """A gentle bell arpeggio: 4 chords x 8 notes, 0.625 s apart (20 s)."""
    rng = np.random.default_rng(8)
    step, n = 0.625, int(20.0 * sr)
    pattern = [[60, 64, 67, 72, 76, 72, 67, 64], [57, 60, 64, 69, 72, 69, 64, 60],
               [53, 57, 60, 65, 69, 65, 60, 57], [55, 59, 62, 67, 71, 67, 62, 59]]
    notes = [m for bar in pattern for m in bar]
    buf = np.zeros((n + int(6 * sr), 2))
    t = np.arange(int(5.0 * sr)) / sr
    att = 0.5 - 0.5 * np.cos(np.pi * np.clip(t / 0.006, 0, 1))
    for i, m in enumerate(notes):
        f = midi(m + 12)
        s = np.zeros_like(t)
        for ratio, amp, tau in ((1.0, 1.0, 1.4), (2.0, 0.35, 0.7), (3.01, 0.12, 0.35), (4.17, 0.05, 0.2)):
            s += amp * np.exp(-t / tau) * np.sin(2 * np.pi * f * ratio * t + rng.uniform(0, 2 * np.pi))
        s *= att * (0.85 + 0.15 * (i % 8 == 0))
        pan = 0.5 + 0.3 * np.sin(i * 0.9)
        t0 = int(round(i * step * sr))
        buf[t0:t0 + len(t), 0] += s * np.cos(pan * np.pi / 2)
        buf[t0:t0 + len(t), 1] += s * np.sin(pan * np.pi / 2)
    # a soft low drone, whole cycles per loop so it wraps cleanly
    tt = np.arange(n) / sr
    f0 = round(midi(36) * 20.0) / 20.0
    drone = 0.08 * np.sin(2 * np.pi * f0 * tt) * (0.8 + 0.2 * np.sin(2 * np.pi * tt / 20.0))
    out = fold(buf, n)
    out += drone[:, None]
    return out


def write_bed(name, x, sr, fmt, enc=None, target=-20.0):
    i, _ = lufs(x, sr)
    x = x * db2amp(target - i)
    i, tp = lufs(x, sr)
    path = os.path.join(HERE, name + "." + fmt)
    synth.write_audio(path, x.astype(np.float32), sr, fmt, enc)
    frames, lag = synth.check_decoded(path, x, sr)
    sr2, y = synth.decode(path)
    jump = np.abs(y[0] - y[-1]).max()
    step = np.abs(np.diff(y, axis=0)).max()
    log("%-22s %5d Hz 2ch %7.2f s  %.1f LUFS, true peak %.1f dBTP, loop jump %.4f (max step %.4f), lag %d"
        % (os.path.basename(path), sr, frames / sr, i, tp, jump, step, lag))


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--cache", help="keep synthesized pieces here between runs")
    ap.add_argument("--only", nargs="*", help="names to (re)make, e.g. psalm23_slt bed_pad texts")
    a = ap.parse_args()
    want = lambda n: not a.only or n in a.only  # noqa: E731
    if want("texts"):
        for chap, (usfm, _) in TEXTS.items():
            with open(os.path.join(HERE, chap + ".usfm"), "w", encoding="utf-8") as f:
                f.write(usfm)
            synth.write_plain(os.path.join(HERE, chap + ".txt"), synth.usfm_verses(usfm)[1])
    sy = synth.Synth(a.cache)
    try:
        for rec in RECORDINGS:
            if want(rec[0]):
                recording(*rec, sy)
    finally:
        sy.close()
    if want("bed_pad"):
        write_bed("bed_pad", bed_pad(44100), 44100, "flac")
    if want("bed_bells"):
        write_bed("bed_bells", bed_bells(48000), 48000, "mp3", ["-b", "96", "--resample", "48"])


if __name__ == "__main__":
    main()
