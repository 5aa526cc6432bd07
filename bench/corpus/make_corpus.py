#!/usr/bin/env python3
"""Synthetic verse-alignment corpus with exact ground truth.

    python3 bench/corpus/make_corpus.py --out build/corpus --count 12 --seed 1 [--long]
        [--cache DIR] [--oracle DIR]

Writes per chapter <id>.json (truth, score.py format + frame fields),
<id>.usfm or <id>.txt (verse text) and <id>.wav/.flac/.mp3 (audio), plus
manifest.json listing the chapters.  Score a predictor with
    python3 ../shared/tools/align/score.py --dir PREDDIR --corpus build/corpus
where PREDDIR/<id>.txt are its Audacity label files (keep PREDDIR apart from
the corpus folder: plain-text chapters are <id>.txt there too).

Chapter i depends only on (--seed, i): --count 3 gives the first three
chapters of --count 12.  Chapters cycle through tiers easy / medium / hard
(see README.md).  --long adds one 150-verse chapter (speed test).
--oracle DIR writes labels at the true verse starts (a scorer self-check).
"""

import argparse
import glob
import os
import re
import sys
import time

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import synth  # noqa: E402
from synth import log  # noqa: E402

PAUSES = dict(lead=(0.25, 1.5), heading=(0.8, 2.0), verse=(0.45, 1.4), comma=(0.12, 0.6),
              colon=(0.25, 0.9), sentence=(0.3, 0.9), tail=(0.5, 2.0))
TIERS = ("easy", "medium", "hard")
VOICE_CYCLE = ("slt", "kal", "espeak")


def load_texts():
    texts = []
    for path in sorted(glob.glob(os.path.join(HERE, "texts", "*.txt"))):
        meta, verses = {}, []
        for line in open(path, encoding="utf-8"):
            line = line.rstrip("\n")
            if line.startswith("#"):
                k, _, v = line[1:].partition(":")
                meta[k.strip()] = v.strip()
            elif line.strip():
                n, _, t = line.partition("\t")
                verses.append((int(n), t.strip()))
        code, _, name = meta["book"].partition(" ")
        texts.append(dict(key=os.path.basename(path)[:-4], source=meta["source"], book=code, name=name,
                          chapter=int(meta["chapter"]), style=meta["style"], verses=verses))
    return texts


# --------------------------------------------------------------------------- text files

def usfm_for(t, verses, rng):
    """USFM for (label, text) verses, with one footnote, one \\w attribute and
    one cross reference (test markup) and \\p or \\q1/\\q2 layout."""
    nt = t["book"] in ("MAT", "MRK", "LUK", "JHN", "ACT", "ROM", "1CO")
    marked = [list(re.split(r"(\s+)", txt)) for _, txt in verses]

    def decorate(k, fn):
        words = [j for j, w in enumerate(marked[k]) if re.fullmatch(r"[A-Za-z]+[,;:.!?]?", w)]
        if words:
            j = words[int(rng.integers(len(words)))]
            marked[k][j] = fn(marked[k][j])
    lab0 = lambda k: re.match(r"\d+", verses[k][0]).group(0)  # noqa: E731
    k = int(rng.integers(len(verses)))
    decorate(k, lambda w: w + "\\f + \\fr %d:%s \\ft Or, another reading (corpus test note).\\f*"
             % (t["chapter"], lab0(k)))
    k = int(rng.integers(len(verses)))
    decorate(k, lambda w: re.sub(r"^([A-Za-z]+)", lambda m: '\\w %s|strong="%s%d"\\w*' % (
        m.group(1), "G" if nt else "H", int(rng.integers(1, 5000))), w))
    k = int(rng.integers(len(verses)))
    decorate(k, lambda w: w + "\\x - \\xo %d:%s \\xt Ps 1:1\\x*" % (t["chapter"], lab0(k)))
    book = "Psalms" if t["book"] == "PSA" else t["name"]
    out = ["\\id %s %s text -- synthetic alignment corpus" % (t["book"], t["source"]), "\\h %s" % book,
           "\\toc1 %s" % book, "\\mt1 %s" % book, "\\c %d" % t["chapter"]]
    if rng.random() < 0.5:
        out.append("\\s1 " + " ".join(verses[0][1].split()[:4]).rstrip(",;:."))
    for k, (lab, _) in enumerate(verses):
        txt = "".join(marked[k])
        if t["style"] == "poetry":
            lines = [p for p in re.split(r"(?<=[;:])\s+", txt) if p]
            out.append("\\q1")
            out.append("\\v %s %s" % (lab, lines[0]))
            out += ["\\q2 " + p for p in lines[1:]]
        else:
            if k == 0 or rng.random() < 0.25:
                out.append("\\p")
            out.append("\\v %s %s" % (lab, txt))
    return "\n".join(out) + "\n"


# --------------------------------------------------------------------------- planning

def mp3_opts(sr, ch, rng):
    khz = {22050: "22.05", 44100: "44.1", 48000: "48"}[sr]
    if rng.random() < 0.5:
        br = (["64", "80"] if sr == 22050 else ["96", "128", "160"])[int(rng.integers(2))]
        opts = ["-b", br]
    else:
        opts = ["-V", str(int(rng.choice([2, 4, 6])))]
    return opts + ["--resample", khz]


def plan(i, seed, texts, long_chapter=False):
    """Everything about chapter i, drawn from rng(seed, i) and balanced blocks."""
    rng = np.random.default_rng([seed, i])
    blk = np.random.default_rng([seed, 1000, i // 6]).permutation(6)[i % 6]
    tier = TIERS[i % 3]
    vkey = VOICE_CYCLE[(i + i // 3) % 3]
    fmt = ("wav", "flac", "mp3", "flac", "mp3", "wav")[blk]
    sr = (22050, 44100, 48000, 48000, 44100, 22050)[(blk + i // 6) % 6]
    ch = 2 if np.random.default_rng([seed, 2000, i // 3]).permutation(3)[i % 3] == 0 else 1
    order = np.random.default_rng([seed, 3000, i // len(texts)]).permutation(len(texts))
    t = texts[order[i % len(texts)]]
    verses = [(str(n), x) for n, x in t["verses"]]
    if long_chapter:
        tier, vkey, fmt, sr, ch = "medium", "espeak", "flac", 22050, 1
        allv = [x for tt in texts for _, x in tt["verses"]][:150]
        t = dict(key="long", source="KJV", book="PSA", name="Long chapter", chapter=150, style="prose")
        verses = [(str(k + 1), x) for k, x in enumerate(allv)]
    elif i == 3:
        k = int(rng.integers(len(verses)))
        verses = [verses[k]]                                 # a one-verse chapter
    elif len(verses) >= 8 and rng.random() < 0.3:
        a = int(rng.integers(0, len(verses) - 4))
        b = int(rng.integers(a + 4, len(verses) + 1))
        verses = verses[a:b]                                 # a passage not starting at verse 1
    bridge = None
    if len(verses) >= 4 and not long_chapter and rng.random() < 0.25:
        k = int(rng.integers(1, len(verses) - 1))
        bridge = "%s-%s" % (verses[k][0], verses[k + 1][0])
        verses = verses[:k] + [(bridge, verses[k][1] + " " + verses[k + 1][1])] + verses[k + 2:]
    # voice
    if vkey == "espeak":
        voice = dict(engine="espeak", voice=str(rng.choice(["en-us", "en-gb", "en-gb-x-rp", "en-us"])),
                     wpm=int(rng.integers(140, 176)), pitch=int(rng.integers(35, 66)))
        rate = 1.0
    else:
        voice = dict(synth.VOICES[vkey])
        rate = round(float(rng.uniform(0.88, 1.1)), 2)
    # heading
    p_head = dict(easy=0.25, medium=0.6, hard=1.0)[tier]
    heading = None
    if rng.random() < p_head:
        if t["book"] == "PSA" and not long_chapter:
            heading = "Psalm %d" % t["chapter"]
        else:
            heading = str(rng.choice(["%s chapter %d" % (t["name"], t["chapter"]), "Chapter %d" % t["chapter"],
                                      "%s, chapter %d" % (t["name"], t["chapter"])]))
    # levels
    if tier == "easy":
        noise, hum_p, hum_rng, level_off, wob, br_p = rng.uniform(-65, -58), 0.3, (-72, -62), rng.uniform(0, 8), 0.0, 0.0
    elif tier == "medium":
        noise, hum_p, hum_rng, level_off, wob, br_p = (rng.uniform(-62, -52), 0.6, (-68, -58), rng.uniform(0, 16),
                                                        rng.uniform(0, 1), 0.2)
    else:
        noise = rng.uniform(-50, -45) if rng.random() < 0.5 else rng.uniform(-58, -50)
        hum_p, hum_rng, level_off, wob, br_p = 1.0, (-66, -52), rng.uniform(0, 20), rng.uniform(0.5, 2), 0.45
    peak = -1.5 - level_off
    if peak < noise + 35:                       # keep speech peak >= 35 dB over the noise RMS
        peak = min(-1.5, noise + 35)
        noise = min(noise, peak - 35)
    hum = (float(rng.choice([50.0, 60.0])), float(rng.uniform(*hum_rng))) if rng.random() < hum_p else None
    breaths = None
    if br_p > 0:
        lo, hi = max(-45.0, noise + 8), min(-30.0, peak - 12)
        kinds = ["verse", "heading"] + (["colon", "sentence"] if tier == "hard" else [])
        breaths = dict(prob=br_p, dur=(0.15, 0.4), peak_db=(min(lo, hi), hi), kinds=kinds, clear_s=0.15)
    sc = float(rng.uniform(0.8, 1.2) if tier == "hard" else rng.uniform(0.9, 1.15))
    pauses = {k: ((lo * sc, hi * sc) if k in ("verse", "comma", "colon", "sentence") else (lo, hi))
              for k, (lo, hi) in PAUSES.items()}
    cid = "%02d_%s_%s" % (i + 1, t["key"], vkey) if not long_chapter else "long150_espeak"
    bits = 24 if fmt in ("wav", "flac") and rng.random() < 0.2 else 16
    cfg = dict(id=cid, sr=sr, channels=ch, voice=voice, rate=rate, rate_drift=float(rng.uniform(0.02, 0.04)),
               heading=heading, verses=verses, pauses=pauses, comma_split_p=0.85, force_overlap=0,
               speech_peak_db=float(peak), level_drift_db=float(rng.uniform(0.5, 1.5)), noise_db=float(noise),
               noise_lowpass=float(rng.uniform(5000, 12000)), noise_wobble_db=float(wob), hum=hum,
               breaths=breaths, stereo_tilt_db=3.0)
    text_fmt = "usfm" if rng.random() < 0.5 else "txt"
    sep = " " if rng.random() < 0.25 else "\t"
    enc = mp3_opts(sr, ch, rng) if fmt == "mp3" else None
    return cfg, dict(tier=tier, text=t, fmt=fmt, enc=enc, bits=bits, text_fmt=text_fmt, sep=sep, bridge=bridge,
                     rng=rng)


def make_chapter(out, cfg, info, sy, oracle=None):
    t0 = time.time()
    x, truth = synth.render_chapter(cfg, sy, info["rng"])
    cid, t = cfg["id"], info["text"]
    audio = "%s.%s" % (cid, info["fmt"])
    synth.write_audio(os.path.join(out, audio), x, cfg["sr"], info["fmt"], info["enc"], bits=info["bits"])
    frames, lag = synth.check_decoded(os.path.join(out, audio), x, cfg["sr"])
    if lag != 0:
        raise RuntimeError("%s: decoded audio is shifted by %d frames" % (audio, lag))
    if info["text_fmt"] == "usfm":
        text = cid + ".usfm"
        u = usfm_for(t, cfg["verses"], info["rng"])
        back = synth.usfm_verses(u)[1]
        if back != [(lab, re.sub(r"\s+", " ", s)) for lab, s in cfg["verses"]]:
            raise RuntimeError("%s: USFM round trip changed the verses" % cid)
        with open(os.path.join(out, text + ".tmp"), "w", encoding="utf-8") as f:
            f.write(u)
        os.replace(os.path.join(out, text + ".tmp"), os.path.join(out, text))
    else:
        text = cid + ".txt"
        synth.write_plain(os.path.join(out, text), cfg["verses"], info["sep"])
    truth.update(audio=audio, text=text, tier=info["tier"],
                 format=info["fmt"] + ("" if info["fmt"] == "mp3" else " %d-bit" % info["bits"])
                 + (" " + " ".join(info["enc"]) if info["enc"] else ""),
                 reference="%s %d (%s)" % (t["name"], t["chapter"], t["source"]), bridge=info["bridge"])
    synth.write_json(os.path.join(out, cid + ".json"), truth)
    if oracle:
        with open(os.path.join(oracle, cid + ".txt"), "w") as f:
            if "heading" in truth:
                f.write("%.6f\t%.6f\th\n" % (truth["heading"]["onset"], truth["heading"]["offset"]))
            for v in truth["verses"]:
                g = v["gap_before"]
                f.write("%.6f\t%.6f\t%s\n" % (v["onset"] - min(0.05, (g["end"] - g["start"]) / 2),
                                              v["offset"], v["label"]))
    ip = [p["end"] - p["start"] for p in truth["pauses"] if p["kind"] in ("comma", "colon", "sentence")]
    vp = [p["end"] - p["start"] for p in truth["pauses"] if p["kind"] == "verse"]
    log("%-22s %-6s %-30s %5d Hz %dch %-5s %6.1f s  %3d verses%s  noise %5.1f peak %5.1f%s  %d breaths, "
        "%d/%d inside-verse pauses > shortest verse pause  (%.1f s)"
        % (cid, info["tier"], voice_name(cfg), cfg["sr"], cfg["channels"], info["fmt"], truth["duration"],
           len(truth["verses"]), " +heading" if cfg["heading"] else "", cfg["noise_db"], cfg["speech_peak_db"],
           " hum %g" % cfg["hum"][0] if cfg["hum"] else "", len(truth["breaths"]),
           sum(1 for d in ip if vp and d > min(vp)), len(ip), time.time() - t0))
    return dict(id=cid, truth=cid + ".json", audio=audio, text=text, tier=info["tier"],
                sample_rate=cfg["sr"], channels=cfg["channels"], format=truth["format"], voice=voice_name(cfg),
                reference=truth["reference"], verses=len(truth["verses"]), heading=bool(cfg["heading"]),
                duration=truth["duration"])


def voice_name(cfg):
    v = cfg["voice"]
    if v["engine"] == "espeak":
        return "espeak %s %d wpm p%d" % (v["voice"], v["wpm"], v["pitch"])
    return "%s x%.2f" % (v["voice"], cfg["rate"])


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--out", required=True, help="output folder (created)")
    ap.add_argument("--count", type=int, default=12)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--long", action="store_true", help="add a 150-verse chapter (speed test)")
    ap.add_argument("--cache", help="keep synthesized pieces here (reused across runs)")
    ap.add_argument("--oracle", help="also write labels at the true verse starts into this folder")
    a = ap.parse_args()
    os.makedirs(a.out, exist_ok=True)
    if a.oracle:
        os.makedirs(a.oracle, exist_ok=True)
    texts = load_texts()
    sy = synth.Synth(a.cache)
    t0 = time.time()
    chapters = []
    try:
        jobs = [plan(i, a.seed, texts) for i in range(a.count)]
        if a.long:
            jobs.append(plan(a.count, a.seed, texts, long_chapter=True))
        for k, (cfg, info) in enumerate(jobs):
            log("[%d/%d] %s" % (k + 1, len(jobs), cfg["id"]))
            chapters.append(make_chapter(a.out, cfg, info, sy, a.oracle))
    finally:
        sy.close()
    synth.write_json(os.path.join(a.out, "manifest.json"),
                     dict(generator="bench/corpus/make_corpus.py", seed=a.seed, count=a.count, long=a.long,
                          chapters=chapters))
    tot = sum(c["duration"] for c in chapters)
    log("%d chapters, %d verses, %.1f min of audio in %.0f s -> %s"
        % (len(chapters), sum(c["verses"] for c in chapters), tot / 60, time.time() - t0, a.out))


if __name__ == "__main__":
    main()
