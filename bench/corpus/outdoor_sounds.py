"""Sounds of a reading recorded outdoors or by an open window (a village courtyard, a
veranda) for make_real.py's `outdoor` condition: birdsong, a dog barking, vehicles going
by.  They do not wait for the reader's pauses: they fall anywhere, over the words too.
Every function takes a numpy Generator and returns float64 at rate sr; `scene` places
them over a recording and lists each as a noise of the truth (kind, start_frame,
end_frame): none of them is speech."""

import numpy as np
from scipy import signal

from synth import db2amp


def bird_phrase(sr, rng, peak):
    """A small bird's phrase: 3-9 chirps, each a quick frequency sweep between 2.5 and
    7 kHz (25-90 ms, a little vibrato, a weak second harmonic), 40-120 ms apart."""
    chirps = []
    for _ in range(int(rng.integers(3, 10))):
        d = float(rng.uniform(0.025, 0.09))
        m = int(d * sr)
        t = np.arange(m) / sr
        f0, f1 = rng.uniform(2500, 7000, size=2)
        f = f0 + (f1 - f0) * t / d + rng.uniform(50, 300) * np.sin(2 * np.pi * rng.uniform(30, 80) * t)
        f = np.minimum(f, 0.45 * sr)
        phase = 2 * np.pi * np.cumsum(f) / sr
        env = np.sin(np.pi * np.arange(m) / m) ** 2
        chirps.append(env * (np.sin(phase) + 0.15 * np.sin(2 * phase)))
        chirps.append(np.zeros(int(rng.uniform(0.04, 0.12) * sr)))
    y = np.concatenate(chirps[:-1])
    return y * peak / np.abs(y).max()


def dog_bark(sr, rng, peak):
    """One bark, 90-220 ms: a pulse train at 350-700 Hz falling by a third, roughened with
    noise, through two mouth resonances (600-1100 and 1600-2600 Hz); a sharp attack and a
    faster fall.  Voiced like a shouted syllable, which is what makes it hard."""
    d = float(rng.uniform(0.09, 0.22))
    m = int(d * sr)
    t = np.arange(m) / sr
    f0 = rng.uniform(350, 700) * (1 - 0.33 * t / d)
    phase = 2 * np.pi * np.cumsum(f0) / sr
    src = np.zeros(m)
    for k in range(1, 12):
        src += np.sin(k * phase) / k
    src += 0.6 * rng.standard_normal(m)
    y = np.zeros(m)
    for lo, hi in ((rng.uniform(600, 800), rng.uniform(900, 1100)), (rng.uniform(1600, 2000), rng.uniform(2200, 2600))):
        y += signal.sosfilt(signal.butter(2, [lo, min(hi, 0.45 * sr)], "bandpass", fs=sr, output="sos"), src)
    a = int(0.008 * sr)
    env = np.concatenate([np.linspace(0, 1, a), np.exp(-3.0 * np.arange(m - a) / (m - a))])
    y *= env
    return y * peak / np.abs(y).max()


def vehicle(sr, rng, rms):
    """A car or motorbike going by over 3-8 s: engine rumble (noise under 300-500 Hz) and an
    engine tone (60-140 Hz with its harmonics, its pitch wandering), swelling and fading as
    it passes; rms = linear RMS at its loudest second."""
    d = float(rng.uniform(3.0, 8.0))
    m = int(d * sr)
    t = np.arange(m) / sr
    rumble = signal.sosfilt(signal.butter(2, rng.uniform(300, 500), fs=sr, output="sos"), rng.standard_normal(m))
    f = rng.uniform(60, 140) * (1 + 0.08 * np.sin(2 * np.pi * rng.uniform(0.2, 0.6) * t))
    phase = 2 * np.pi * np.cumsum(f) / sr
    tone = sum(np.sin(k * phase) / k for k in range(1, 6))
    y = rumble / np.sqrt(np.mean(rumble ** 2)) + db2amp(rng.uniform(-10, -3)) * tone / np.sqrt(np.mean(tone ** 2))
    y *= np.exp(-0.5 * ((t - d * rng.uniform(0.4, 0.6)) / (d / 5)) ** 2)
    energy = np.cumsum(np.concatenate([[0.0], y ** 2]))
    loudest = np.sqrt(np.max(energy[sr:] - energy[:-sr]) / sr)   # its loudest second (a running sum)
    return y * rms / loudest


def scene(n, sr, rng, speech_peak, speech_rms):
    """-> (the outdoor sounds over n frames, their truth entries).  Birds: a phrase every
    2-10 s, 18-32 dB under the speech peak.  Dogs: 1-3 barking spells, each of 1-3 barks
    0.25-0.6 s apart, 8-20 dB under the speech peak.  Vehicles: 0-2, 15-25 dB under the
    speech RMS at their loudest."""
    y = np.zeros(n)
    events = []

    def put(x, start, kind):
        start = int(start)
        if start < 0:
            x, start = x[-start:], 0
        end = min(n, start + len(x))
        if end - start < len(x) // 2:
            return
        y[start:end] += x[:end - start]
        events.append(dict(kind=kind, start_frame=start, end_frame=end - 1))

    pos = rng.uniform(0.5, 6.0) * sr
    while pos < n:
        put(bird_phrase(sr, rng, speech_peak * db2amp(-rng.uniform(18, 32))), pos, "bird")
        pos += rng.uniform(2.0, 10.0) * sr
    for _ in range(int(rng.integers(1, 4))):
        at = rng.uniform(0, n - 0.5 * sr)
        for _ in range(int(rng.integers(1, 4))):
            bark = dog_bark(sr, rng, speech_peak * db2amp(-rng.uniform(8, 20)))
            put(bark, at, "bark")
            at += len(bark) + rng.uniform(0.25, 0.6) * sr
    for _ in range(int(rng.integers(0, 3))):
        car = vehicle(sr, rng, speech_rms * db2amp(-rng.uniform(15, 25)))
        put(car, rng.uniform(-0.3 * len(car), n - 0.7 * len(car)), "vehicle")
    return y, events
