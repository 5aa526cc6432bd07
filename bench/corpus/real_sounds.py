"""Sounds of real rooms for make_real.py: inhalations, room tone, music beds,
reverb, telephone band, mains hum.  Every function takes a numpy Generator
and returns float32 at the given rate; nothing here changes where speech is
(filters are zero-phase or have their delay removed), so the truth of the
speech layout stays exact."""

import os
import subprocess
import tempfile

import numpy as np
from scipy import signal
from scipy.io import wavfile

import synth
from synth import db2amp


def inhalation(sr, rng, dur_s, peak):
    """A breath in: noise through a mouth/nose colour (two or three formant
    resonances over a 150-5000 Hz band) under a rise/fall envelope (fast-ish
    rise, longer fall, a little turbulence flutter).  peak = linear peak."""
    n = int(round(dur_s * sr))
    pre = sr // 10
    x = rng.standard_normal(n + pre)
    band = signal.butter(2, [rng.uniform(120, 250), min(rng.uniform(4000, 6500), 0.45 * sr)],
                         "bandpass", fs=sr, output="sos")
    base = signal.sosfilt(band, x)
    y = 0.35 * base
    for fc, q_bw, g in ((rng.uniform(450, 800), 0.35, 1.0), (rng.uniform(1100, 1700), 0.25, 0.8),
                        (rng.uniform(2300, 3200), 0.2, 0.5)):
        lo, hi = fc * (1 - q_bw / 2), min(fc * (1 + q_bw / 2), 0.45 * sr)
        y += g * signal.sosfilt(signal.butter(2, [lo, hi], "bandpass", fs=sr, output="sos"), x)
    y = y[pre:]
    r = int(n * rng.uniform(0.3, 0.5))
    rise = 0.5 - 0.5 * np.cos(np.pi * np.arange(r) / r)
    fall = (0.5 + 0.5 * np.cos(np.pi * np.arange(n - r) / (n - r))) ** rng.uniform(0.8, 1.5)
    env = np.concatenate([rise, fall])
    t = np.arange(n) / sr
    env *= 1.0 + 0.25 * np.sin(2 * np.pi * rng.uniform(6, 14) * t + rng.uniform(0, 6.28))
    y *= env
    return (y * peak / np.abs(y).max()).astype(np.float32)


def room_tone(n, sr, rng, rms_db, drift_db):
    """Pink-ish air noise + low rumble (< 120 Hz) + slow level drift, rms_db dBFS RMS."""
    air = synth.pink_noise(n, sr, rng, 0.0, rng.uniform(6000, 12000)).astype(np.float64)
    rum = signal.sosfilt(signal.butter(2, rng.uniform(60, 120), fs=sr, output="sos"),
                         np.cumsum(rng.standard_normal(n)) * 0.01)
    rum = signal.sosfilt(signal.butter(1, 20, "highpass", fs=sr, output="sos"), rum)
    rum *= 1.0 / max(np.sqrt(np.mean(rum ** 2)), 1e-12)
    y = air + db2amp(rng.uniform(-8, 0)) * rum
    t = np.arange(n) / sr
    lvl = drift_db * (0.6 * np.sin(2 * np.pi * rng.uniform(0.02, 0.08) * t + rng.uniform(0, 6.28))
                      + 0.4 * np.sin(2 * np.pi * rng.uniform(0.1, 0.3) * t + rng.uniform(0, 6.28)))
    y *= db2amp(lvl)
    y *= db2amp(rms_db) / np.sqrt(np.mean(y ** 2))
    return y.astype(np.float32)


def mains_hum(n, sr, rng, freq, rms_db):
    """Hum with a buzzy harmonic series (1..7, falling), slow drift."""
    t = np.arange(n) / sr
    y = np.zeros(n)
    for k, g in ((1, 1.0), (2, 0.6), (3, 0.5), (4, 0.2), (5, 0.25), (7, 0.12)):
        y += g * np.sin(2 * np.pi * k * freq * t + rng.uniform(0, 6.28))
    y *= db2amp(0.7 * np.sin(2 * np.pi * rng.uniform(0.03, 0.1) * t))
    y *= db2amp(rms_db) / np.sqrt(np.mean(y ** 2))
    return y.astype(np.float32)


def _chord(rng):
    root = rng.choice([45, 47, 48, 50, 52, 53, 55])          # MIDI A2..G3
    shape = [[0, 4, 7, 12], [0, 3, 7, 10], [0, 5, 7, 12], [0, 4, 7, 11], [0, 3, 7, 12]][int(rng.integers(5))]
    return [440.0 * 2 ** ((root + s - 69) / 12.0) for s in shape]


def pad_bed(n, sr, rng):
    """A continuous synth pad: detuned saw-ish voices of a chord, chords every
    4-9 s crossfaded over 1.5 s, low-passed, slow swell. Unit RMS."""
    t = np.arange(n) / sr
    y = np.zeros(n)
    pos, fade = 0, int(1.5 * sr)
    while pos < n:
        ln = int(rng.uniform(4, 9) * sr)
        a, b = max(0, pos - fade), min(n, pos + ln + fade)
        seg = np.zeros(b - a)
        tt = t[a:b]
        for f in _chord(rng):
            for det in (-0.004, 0.0, 0.005):
                ph = rng.uniform(0, 6.28)
                for h in range(1, 6):
                    if f * h * (1 + det) < 0.4 * sr:
                        seg += np.sin(2 * np.pi * f * h * (1 + det) * tt + ph * h) / h
        env = np.ones(b - a)
        k = min(fade, (b - a) // 2)
        env[:k] = np.linspace(0, 1, k)
        env[len(env) - k:] = np.linspace(1, 0, k)
        y[a:b] += seg * env
        pos += ln
    y = signal.sosfiltfilt(signal.butter(2, rng.uniform(1200, 2500), fs=sr, output="sos"), y)
    y *= db2amp(2.0 * np.sin(2 * np.pi * rng.uniform(0.03, 0.08) * t))
    return (y / np.sqrt(np.mean(y ** 2))).astype(np.float32)


def _note(sr, rng, f, kind, dur):
    m = int(dur * sr)
    t = np.arange(m) / sr
    if kind == "bell":     # inharmonic partials, long decay, sharp strike
        parts = ((1.0, 1.0, 1.2), (2.0, 0.6, 0.9), (2.76, 0.5, 0.6), (5.4, 0.3, 0.3), (8.93, 0.2, 0.15))
        y = sum(g * np.exp(-t / d) * np.sin(2 * np.pi * f * r * t) for r, g, d in parts)
    elif kind == "piano":  # harmonic, hammer click, two-stage decay
        y = sum((0.8 ** h) * (0.7 * np.exp(-t / (0.25 + 0.6 / h)) + 0.3 * np.exp(-t / 1.5))
                * np.sin(2 * np.pi * f * h * (1 + 0.0004 * h * h) * t) for h in range(1, 9))
        click = rng.standard_normal(m) * np.exp(-t / 0.004) * 0.3
        y = y + click
    else:                  # plucked string (Karplus-Strong)
        p = max(2, int(round(sr / f)))
        buf = rng.uniform(-1, 1, p)
        y = np.empty(m)
        for i in range(0, m, p):
            k = min(p, m - i)
            y[i:i + k] = buf[:k]
            buf = 0.996 * 0.5 * (buf + np.roll(buf, -1))
    att = min(m, int(0.002 * sr))
    y[:att] *= np.linspace(0, 1, att)
    return y


def notes_bed(n, sr, rng):
    """Bells, plucked strings or piano chords with sharp onsets every 0.5-2 s
    (anywhere: in pauses and under speech). Unit RMS; onsets in seconds."""
    kind = str(rng.choice(["bell", "pluck", "piano"]))
    notes = {}                   # one waveform per pitch, as one instrument would play it
    y = np.zeros(n)
    onsets = []
    pos = int(rng.uniform(0.1, 1.0) * sr)
    while pos < n:
        chord = _chord(rng)
        if kind == "bell":
            chord = [f * 4 for f in chord[:int(rng.integers(1, 3))]]
        elif kind == "pluck":
            chord = [f * 2 for f in chord]
        for j, f in enumerate(chord):
            st = pos + (int(rng.uniform(0, 0.03) * sr) if kind != "bell" else 0) * j
            nt = notes.get(round(f, 3))
            if nt is None:
                nt = notes[round(f, 3)] = _note(sr, rng, f, kind, 2.5 if kind != "bell" else 4.0)
            e = min(n, st + len(nt))
            if st < n:
                y[st:e] += nt[:e - st] * rng.uniform(0.6, 1.0)
        onsets.append(round(pos / sr, 3))
        pos += int(rng.uniform(0.5, 2.0) * sr)
    return (y / np.sqrt(np.mean(y ** 2))).astype(np.float32), kind, onsets


def sox_reverb(x, sr, args):
    """sox reverb (wet + dry) on a mono float signal; the output is cut to the
    input length and checked to stay at lag 0 against the dry input."""
    d = tempfile.mkdtemp(prefix="rv.")
    try:
        a, b = os.path.join(d, "a.wav"), os.path.join(d, "b.wav")
        wavfile.write(a, sr, x.astype(np.float32))
        subprocess.run(["sox", "-D", a, "-e", "floating-point", "-b", "32", b, "reverb"] + [str(v) for v in args],
                       check=True)
        _, y = wavfile.read(b)
    finally:
        for f in os.listdir(d):
            os.remove(os.path.join(d, f))
        os.rmdir(d)
    y = y.astype(np.float64)
    if y.ndim > 1:
        y = y.mean(axis=1)
    y = y[:len(x)]
    if len(y) < len(x):
        y = np.concatenate([y, np.zeros(len(x) - len(y))])
    return y.astype(np.float32)


def telephone(x, sr, rng, mulaw=True):
    """8 kHz telephone: zero-phase band-pass 300-3400 Hz, down to 8 kHz, mu-law
    (8 bit, optional), a little line noise, back up to sr."""
    y = synth.resample(x.astype(np.float64), sr, 8000)
    y = signal.sosfiltfilt(signal.butter(4, [300, 3400], "bandpass", fs=8000, output="sos"), y)
    y += rng.standard_normal(len(y)) * db2amp(rng.uniform(-62, -52))
    if mulaw:
        mu = 255.0
        c = np.sign(y) * np.log1p(mu * np.minimum(np.abs(y), 1.0)) / np.log1p(mu)
        q = np.round(c * 127.0) / 127.0
        y = np.sign(q) * ((1 + mu) ** np.abs(q) - 1) / mu
    z = synth.resample(y, 8000, sr)
    z = z[:len(x)] if len(z) >= len(x) else np.concatenate([z, np.zeros(len(x) - len(z))])
    return z.astype(np.float32)


def mouth_click(sr, rng, peak):
    """A lip smack / tongue click: one to three 2-8 ms broadband bursts (high-passed
    at ~1 kHz, fast exponential decay) 10-40 ms apart.  peak = linear peak."""
    n = int(0.1 * sr)
    y = np.zeros(n)
    pos = 0
    for _ in range(int(rng.integers(1, 4))):
        m = int(rng.uniform(0.002, 0.008) * sr)
        if pos + m > n:
            break
        b = rng.standard_normal(m) * np.exp(-np.arange(m) / (m / 4.0)) * rng.uniform(0.4, 1.0)
        y[pos:pos + m] += b
        pos += m + int(rng.uniform(0.01, 0.04) * sr)
    y = signal.sosfiltfilt(signal.butter(2, rng.uniform(700, 1500), "highpass", fs=sr, output="sos"), y)
    y = y[:max(np.flatnonzero(np.abs(y) > np.abs(y).max() * 0.01)) + 1]
    return (y * peak / np.abs(y).max()).astype(np.float32)


def rustle(sr, rng, dur_s, peak):
    """Clothes / paper / chair noise: band-limited noise with a slow, lumpy envelope."""
    n = int(round(dur_s * sr))
    x = rng.standard_normal(n + sr // 10)
    x = signal.sosfilt(signal.butter(2, [rng.uniform(150, 400), min(rng.uniform(3000, 8000), 0.45 * sr)],
                                     "bandpass", fs=sr, output="sos"), x)[sr // 10:]
    t = np.arange(n) / n
    env = np.sin(np.pi * t) * (0.6 + 0.4 * np.abs(np.sin(2 * np.pi * rng.uniform(2, 6) * t + rng.uniform(0, 6.28))))
    y = x * env
    return (y * peak / np.abs(y).max()).astype(np.float32)


def _one_pole(target_db, up_s, down_s, block_s, start_db):
    """Follows target_db (one value a block) in dB from start_db: rising with time constant
    up_s, falling with down_s."""
    rise, fall = 1 - np.exp(-block_s / up_s), 1 - np.exp(-block_s / down_s)
    out = np.empty(len(target_db))
    g = start_db
    for k, t in enumerate(target_db):
        g += (t - g) * (rise if t > g else fall)
        out[k] = g
    return out


def phone_dsp(x, sr, rng, gate):
    """What a phone's voice-recorder app does to the whole mix, with no look-ahead:
    optionally a noise gate (downward expander: frames under floor + 8 dB are pulled down
    by up to 10-18 dB, opening in 3 ms, closing over 80-200 ms), then automatic gain:
    each 5 ms block is pushed towards a speech target of -20…-16 dBFS RMS, the gain
    capped at +15…+24 dB, falling in 5-15 ms when the level jumps (the first syllable
    after a long pause comes out loud) and recovering over 0.5-2 s, so the room tone
    and breaths swell in every long pause; it starts halfway to the cap (the app's gain when
    recording starts). Clipped at 0 dBFS. -> (float32, params)."""
    block = max(1, int(round(0.005 * sr)))
    nb = len(x) // block + 1
    pad = np.concatenate([x.astype(np.float64), np.zeros(nb * block - len(x))])

    def level_db(y):
        return 10 * np.log10(np.mean(y.reshape(nb, block) ** 2, axis=1) + 1e-12)

    def per_sample(gain_db):
        at = (np.arange(nb) + 0.5) * block
        return db2amp(np.interp(np.arange(len(x)), at, gain_db))

    p = {}
    y = pad[:len(x)]
    if gate:
        lvl = level_db(pad)
        floor = float(np.percentile(lvl, 10))
        depth = float(rng.uniform(10, 18))
        want = np.where(lvl < floor + 8, -depth, 0.0)
        close = float(rng.uniform(0.08, 0.2))
        g = _one_pole(want, 0.003, close, block / sr, 0.0)
        y = y * per_sample(g)
        p["gate"] = dict(depth_db=round(depth, 1), close_s=round(close, 3))
        pad = np.concatenate([y, np.zeros(nb * block - len(x))])
    target, cap = float(rng.uniform(-20, -16)), float(rng.uniform(15, 24))
    attack, release = float(rng.uniform(0.005, 0.015)), float(rng.uniform(0.5, 2.0))
    want = np.clip(target - level_db(pad), -20.0, cap)
    g = _one_pole(want, release, attack, block / sr, cap / 2)
    y = np.clip(y * per_sample(g), -1.0, 1.0)
    p["agc"] = dict(target_db=round(target, 1), max_gain_db=round(cap, 1), attack_s=round(attack, 3),
                    release_s=round(release, 2))
    return y.astype(np.float32), p
