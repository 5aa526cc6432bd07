"""Bad (and a few good) inputs for the hostile-input suite, generated from scratch at test time.

Every file is written by numpy/scipy, sox or ffmpeg into a fresh folder; the one seed is the
repository's own clean narration (samples/psalm117_kal.wav, 18.5 s, two verses), which the
generators cut, corrupt, re-encode, invert or replace.
"""
import os
import shutil
import subprocess

import numpy as np
from scipy.io import wavfile

RATE = 22_050


def run(*argv, **kw):
    subprocess.run(argv, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, **kw)


def write_wav(path, samples, rate=RATE, dtype="int16"):
    """samples: float array in [-1, 1], shape (n,) or (n, channels)."""
    if dtype == "int16":
        data = np.clip(np.round(samples * 32767), -32768, 32767).astype(np.int16)
    else:
        data = samples.astype(np.float32)
    wavfile.write(path, rate, data)


def generate(folder, repo):
    """Writes every fixture into `folder`; returns the seed's samples (float, mono)."""
    j = lambda name: os.path.join(folder, name)
    shutil.copy(os.path.join(repo, "samples/psalm117_kal.wav"), j("good.wav"))
    shutil.copy(os.path.join(repo, "samples/psalm117.usfm"), j("text.usfm"))
    shutil.copy(os.path.join(repo, "samples/psalm117.txt"), j("text.txt"))
    rate, seed = wavfile.read(j("good.wav"))
    assert rate == RATE
    voice = seed.astype(np.float64) / 32768.0
    n = len(voice)
    rng = np.random.default_rng(11)

    # --- recordings that decode but are not narration --------------------------------------
    write_wav(j("silence60.wav"), np.zeros(60 * RATE))
    write_wav(j("dither60.wav"), rng.integers(-1, 2, 60 * RATE) / 32767.0)
    write_wav(j("dc.wav"), np.full(10 * RATE, 0.3))
    dropout = voice.copy()
    dropout[int(8.0 * RATE):int(11.0 * RATE)] = 0.0  # 3 s of digital zero mid-recording
    write_wav(j("dropout.wav"), dropout)
    write_wav(j("antiphase.wav"), np.stack([voice, -voice], axis=1))
    nan = voice.astype(np.float32).copy()
    nan[5 * RATE] = np.nan
    nan[6 * RATE] = np.nan
    write_wav(j("nan.wav"), nan, dtype="float32")
    inf = voice.astype(np.float32).copy()
    inf[7 * RATE] = np.inf
    inf[7 * RATE + 1] = -np.inf
    write_wav(j("inf.wav"), inf, dtype="float32")
    write_wav(j("octo.wav"), np.repeat(voice[:, None], 8, axis=1))
    write_wav(j("phone.wav"), voice[: 8_000 * 3], rate=8_000)
    write_wav(j("tiny.wav"), voice[:100])
    with open(j("empty.wav"), "wb"):
        pass
    with open(j("notes.wav"), "w") as f:
        f.write("These are my notes, not audio.\n")
    raw = open(j("good.wav"), "rb").read()
    open(j("cut.wav"), "wb").write(raw[: len(raw) // 2])
    open(j("header_only.wav"), "wb").write(raw[:44])

    # --- encodings and containers -------------------------------------------------------------
    run("ffmpeg", "-nostdin", "-y", "-i", j("good.wav"), "-c:a", "libmp3lame", "-b:a", "64k", j("good.mp3"))
    mp3 = open(j("good.mp3"), "rb").read()
    open(j("half.mp3"), "wb").write(mp3[: len(mp3) // 2])  # the Info tag still says 18.5 s
    garbled = bytearray(mp3)
    garbled[len(mp3) // 2: len(mp3) // 2 + 2_000] = rng.integers(0, 256, 2_000, dtype=np.uint8).tobytes()
    open(j("garbled.mp3"), "wb").write(bytes(garbled))
    run("sox", j("good.wav"), j("good.flac"))
    shutil.copy(j("good.flac"), j("flac_named.mp3"))
    shutil.copy(j("good.wav"), j("wav_named.mp3"))
    shutil.copy(j("good.wav"), j("wav_named.flac"))
    shutil.copy(j("good.mp3"), j("mp3_named.wav"))
    open(j("zeros.mp3"), "wb").write(bytes(4_096))
    os.mkfifo(j("pipe.wav"))
    os.mkdir(j("folder.wav"))

    # --- texts ---------------------------------------------------------------------------------
    plain = open(j("text.txt"), encoding="utf-8").read()
    open(j("utf16.txt"), "wb").write(plain.encode("utf-16"))
    open(j("utf16le.txt"), "wb").write(plain.encode("utf-16-le"))
    open(j("latin1.txt"), "wb").write("1\tPraise Yahweh, café nations!\n2\tFor his loving kindness.\n".encode("latin-1"))
    open(j("crlf.txt"), "wb").write(plain.replace("\n", "\r\n").encode("utf-8"))
    open(j("empty.txt"), "w").close()
    open(j("dup.txt"), "w").write("1\tPraise Yahweh.\n1\tPraise Yahweh again.\n")
    open(j("order.txt"), "w").write("2\tFor his loving kindness.\n1\tPraise Yahweh.\n")
    open(j("noverses.usfm"), "w").write("\\id PSA\n\\c 117\n\\p Praise.\n")
    open(j("binary.txt"), "wb").write(bytes(range(256)) * 4)

    # --- label files (override for align, --labels for render --output) ----------------------
    def labels(name, text, encoding="utf-8"):
        open(j(name), "wb").write(text.encode(encoding))

    good_labels = "0.500000\t6.000000\t1\n7.000000\t17.000000\t2\n"
    labels("labels.txt", good_labels)
    labels("labels_crlf.txt", good_labels.replace("\n", "\r\n"))
    labels("labels_inf.txt", "inf\tinf\t1\n7.0\t17.0\t2\n")
    labels("labels_big.txt", "1e300\t1e300\t1\n7.0\t17.0\t2\n")
    labels("labels_nan.txt", "nan\tnan\t1\n7.0\t17.0\t2\n")
    labels("labels_neg.txt", "-3.0\t1.0\t1\n7.0\t17.0\t2\n")
    labels("labels_backwards.txt", "5.0\t1.0\t1\n7.0\t17.0\t2\n")
    labels("labels_words.txt", "start\tend\t1\n")
    labels("labels_twice.txt", "0.5\t6.0\t1\n3.0\t6.0\t1\n7.0\t17.0\t2\n")
    labels("labels_late.txt", "0.5\t6.0\t1\n300.0\t310.0\t2\n")
    labels("labels_latin1.txt", "0.5\t6.0\tcafé 1\n", "latin-1")
    labels("labels_utf16.txt", good_labels, "utf-16")
    labels("labels_nolabel.txt", "0.5\t6.0\t\n")

    # --- music beds ------------------------------------------------------------------------------
    t = np.arange(8 * RATE) / RATE
    pad = 0.2 * np.sin(2 * np.pi * 220 * t) * (0.8 + 0.2 * np.sin(2 * np.pi * 0.25 * t))
    write_wav(j("bed.wav"), np.stack([pad, pad], axis=1))
    write_wav(j("bed_short.wav"), pad[: RATE // 10])
    write_wav(j("bed_1s.wav"), pad[:RATE])
    open(j("poem.json"), "w").write('{"kind":"poem"}')
    open(j("broken.json"), "w").write('{"kind":"variant", "schemaVersion": ')
    bed_nan = pad.astype(np.float32).copy()
    bed_nan[RATE] = np.nan
    write_wav(j("bed_nan.wav"), bed_nan, dtype="float32")
    write_wav(j("bed_silent.wav"), np.zeros(8 * RATE))
    with open(j("bed_notes.flac"), "w") as f:
        f.write("not music\n")
    shutil.copy(j("good.flac"), j("bed_flac_named.mp3"))
    return voice
