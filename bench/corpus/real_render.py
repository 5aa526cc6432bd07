"""Layout and mix of one make_real.py chapter (see make_real.py for the plan).

What is read is a list of units: heading parts (a title, a superscription),
verses, and extra speech (a false start or a discarded first take of a verse).
Each unit is synthesized in pieces split at punctuation, trimmed to its
sound (synth.trim: its last sample is the speech offset, and it says where
the speech onset is: a diphone voice's leading pause unit is sound before
the speech) and laid out on a frame grid with drawn pauses, so every onset
is exact.  Breaths go into the pauses, clear of the speech; room sound, beds, reverb, telephone band and
codec come after the layout and never move the speech.
"""

import re

import numpy as np

import outdoor_sounds
import real_sounds as rs
import synth
from synth import db2amp

INTRA = ("comma", "colon", "sentence")


def _units(cfg):
    """[(role, verse index or None, text, extra kind)] in reading order."""
    units = [("heading", None, h, None) for h in cfg.get("heading_parts", [])]
    for vi, (lab, text) in enumerate(cfg["verses"]):
        if vi in cfg.get("skip", ()):
            continue
        ex = cfg.get("extra", {}).get(vi)
        if ex:
            units.append(("extra", vi, ex[1], ex[0]))
        units.append(("verse", vi, text, None))
    return units


def _pieces(cfg, units, rng):
    tts = cfg["tts"]
    segs = []
    lograte = 0.0
    for ui, (role, vi, text, ekind) in enumerate(units):
        if role == "verse":
            lograte = float(np.clip(lograte + rng.normal(0, cfg.get("rate_drift", 0.02)), -0.12, 0.12))
        rate = round(cfg["rate"] * np.exp(lograte), 2)
        voice = cfg["voice"]
        if role == "extra" and cfg.get("extra_take"):   # an earlier take read otherwise
            rate = round(rate * cfg["extra_take"]["rate"], 2)
            voice = cfg["extra_take"].get("voice", voice)
        parts = [tts(text)] if role == "heading" else synth.split_pieces(tts(text), rng, cfg.get("comma_split_p", 0.85))
        for k, p in enumerate(parts):
            segs.append(dict(role=role, vi=vi, ui=ui, text=p, rate=rate, voice=voice, ekind=ekind, first=(k == 0)))
    return segs


def _pause_after(cfg, segs, i, rng):
    s, nxt = segs[i], segs[i + 1]
    P = cfg["pauses"]
    if nxt["ui"] == s["ui"]:
        kind = synth.pause_kind(s["text"])
    elif s["role"] == "heading":
        kind = "heading"
    elif s["role"] == "extra":
        kind = "retake"
    elif nxt["role"] in ("verse", "extra") and nxt["vi"] in cfg.get("runon", ()) and nxt["first"]:
        kind = "runon"
    else:
        kind = "verse"
    rngs = dict(P, runon=(0.0, 0.04), retake=P.get("retake", (0.35, 1.1)))
    lo, hi = rngs[kind]
    return kind, float(rng.uniform(lo, hi))


def _breaths(cfg, segs, sr, rng, speech_peak):
    """Inhalations in the pauses: in a verse/heading pause with probability
    p_verse, in an in-verse pause >= 0.55 s with p_intra; each ends 50-300 ms
    before the next onset and starts >= 80 ms after the previous offset."""
    br = cfg.get("breaths")
    out = []
    if not br:
        return out
    for i, s in enumerate(segs[:-1]):
        nxt = segs[i + 1]
        gap = (nxt["on"] - s["off"]) / sr
        p = br["p_verse"] if s["kind"] in ("verse", "heading", "retake") else (
            br["p_intra"] if s["kind"] in INTRA and gap >= 0.55 else 0.0)
        if p <= 0 or rng.random() >= p:
            continue
        dur = float(rng.uniform(*br.get("dur", (0.25, 0.6))))
        lead = float(rng.uniform(0.05, 0.3))
        room = gap - 0.08
        if dur + lead > room:
            lead = max(0.05, room - dur)
            dur = min(dur, room - lead)
        if dur < 0.2:
            continue
        pk = speech_peak * db2amp(-float(rng.uniform(*br.get("below_db", (8.0, 16.0)))))
        b = rs.inhalation(sr, rng, dur, pk)
        end = nxt["on"] - int(round(lead * sr))
        st = end - len(b)
        out.append(dict(start_frame=st, end_frame=end - 1, peak_dbfs=round(synth.amp2db(pk), 1),
                        pause_kind=s["kind"], x=b))
    return out


def _noises(cfg, segs, sr, rng, speech_peak):
    """Mouth clicks (p_click of verse/heading pauses, ending 30-300 ms before the onset,
    18-30 dB under the speech peak) and rustles (p_rustle of pauses >= 0.6 s, 150-400 ms,
    22-30 dB under), all >= 50 ms clear of speech."""
    nz = cfg.get("noises")
    out = []
    if not nz:
        return out
    for i, s in enumerate(segs[:-1]):
        on, off = segs[i + 1]["on"], s["off"]
        gap = (on - off) / sr
        if s["kind"] in ("verse", "heading", "retake") and gap >= 0.2 and rng.random() < nz["p_click"]:
            c = rs.mouth_click(sr, rng, speech_peak * db2amp(-float(rng.uniform(18, 30))))
            end = on - int(round(min(float(rng.uniform(0.03, 0.3)), gap - 0.1 - len(c) / sr) * sr))
            if end - len(c) >= off + int(0.05 * sr):
                out.append(dict(kind="click", start_frame=end - len(c), end_frame=end - 1, x=c))
        if gap >= 0.6 and s["kind"] != "runon" and rng.random() < nz["p_rustle"]:
            d = float(rng.uniform(0.15, min(0.4, gap - 0.2)))
            r = rs.rustle(sr, rng, d, speech_peak * db2amp(-float(rng.uniform(22, 30))))
            lo, hi = off + int(0.1 * sr), on - int(0.1 * sr) - len(r)
            if hi > lo:
                st = int(rng.integers(lo, hi))
                out.append(dict(kind="rustle", start_frame=st, end_frame=st + len(r) - 1, x=r))
    return out


def render(cfg, sy, rng):
    """-> (float32 [frames, 1], truth dict, info dict)."""
    sr = cfg["sr"]
    units = _units(cfg)
    segs = _pieces(cfg, units, rng)
    reqs = [(s["voice"], s["rate"], s["text"]) for s in segs]
    audio = sy.run(reqs)
    ugain = {}
    for s, (r, x), t0 in zip(segs, audio, sy.speech_starts(reqs)):
        g = ugain.setdefault(s["ui"], db2amp(rng.normal(0, cfg.get("level_drift_db", 1.0))))
        x = synth.resample(x, r, sr)
        y, s["lead"] = synth.trim(x, sr, t0)   # a pause unit's murmur at the head: sound, not speech
        s["x"] = y * g
    for i in range(len(segs) - 1):
        segs[i]["kind"], segs[i]["pause"] = _pause_after(cfg, segs, i, rng)
    segs[-1]["kind"], segs[-1]["pause"] = "tail", float(rng.uniform(*cfg["pauses"]["tail"]))
    pos = int(round(rng.uniform(*cfg["pauses"]["lead"]) * sr))
    for s in segs:
        s["on"], s["off"] = pos, pos + len(s["x"]) - 1
        s["speech_on"] = s["on"] + s["lead"]
        pos = s["off"] + 1 + int(round(s["pause"] * sr))
    n = pos
    speech = np.zeros(n)
    for s in segs:
        speech[s["on"]:s["off"] + 1] += s["x"]
    act = np.concatenate([s["x"] for s in segs])
    g = db2amp(cfg["speech_rms_db"]) / np.sqrt(np.mean(act ** 2))
    speech *= g
    for s in segs:
        s["x"] = s["x"] * g
        s["internal"] = synth.internal_silences(s["x"], sr)
    speech_peak = float(np.abs(speech).max())
    breaths = _breaths(cfg, segs, sr, rng, speech_peak)
    noises = _noises(cfg, segs, sr, rng, speech_peak)
    voice = speech.copy()
    for b in breaths + noises:
        voice[b["start_frame"]:b["end_frame"] + 1] += b.pop("x")
    if cfg.get("reverb"):
        voice = rs.sox_reverb(voice, sr, cfg["reverb"]).astype(np.float64)
    mix = voice
    info = {}
    speech_rms = db2amp(cfg["speech_rms_db"])
    if cfg.get("bed"):
        kind, rel = cfg["bed"]
        if kind == "pad":
            bed = rs.pad_bed(n, sr, rng)
            info["bed"] = dict(kind="pad", rel_db=round(-rel, 1))
        else:
            bed, nk, ons = rs.notes_bed(n, sr, rng)
            info["bed"] = dict(kind=nk, rel_db=round(-rel, 1), note_onsets=ons)
        mix = mix + bed * speech_rms * db2amp(-rel)
    if cfg.get("outdoor"):
        sounds, events = outdoor_sounds.scene(n, sr, rng, speech_peak, speech_rms)
        mix = mix + sounds
        noises = noises + events
    if cfg.get("room"):
        mix = mix + rs.room_tone(n, sr, rng, cfg["room"][0], cfg["room"][1])
    if cfg.get("hum"):
        mix = mix + rs.mains_hum(n, sr, rng, cfg["hum"][0], cfg["hum"][1])
    if cfg.get("phone"):
        mix = rs.telephone(mix, sr, rng, cfg["phone"] == "mulaw")
    if cfg.get("phone_dsp"):
        mix, info["phone_dsp"] = rs.phone_dsp(mix, sr, rng, cfg["phone_dsp"] == "gate")
    peak = float(np.abs(mix).max())
    trim_db = 0.0
    if peak > db2amp(-1.0):                      # a recorder's gain: keep 1 dB headroom
        trim_db = synth.amp2db(db2amp(-1.0) / peak)
        mix *= db2amp(-1.0) / peak
    info["gain_trim_db"] = round(trim_db, 2)
    return mix.astype(np.float32)[:, None], _truth(cfg, segs, breaths, noises, n, sr, trim_db, info), info


def _truth(cfg, segs, breaths, noises, n, sr, trim_db, info):
    def sec(f):
        return round(f / sr, 6)

    def fr(d):
        d = dict(d)
        d["start"], d["end"] = sec(d["start_frame"]), sec(d["end_frame"])
        return d

    truth = dict(id=cfg["id"], sample_rate=sr, channels=1, frames=n, duration=sec(n))
    prev_off = 0
    hs = [s for s in segs if s["role"] == "heading"]
    if hs:
        truth["heading"] = dict(text=" ".join(cfg["heading_parts"]), onset=sec(hs[0]["speech_on"]), offset=sec(hs[-1]["off"]),
                                onset_frame=hs[0]["speech_on"], offset_frame=hs[-1]["off"],
                                parts=[dict(text=s["text"], onset_frame=s["speech_on"], offset_frame=s["off"]) for s in hs])
        prev_off = hs[-1]["off"]
    verses, extra = [], []
    for vi, (lab, text) in enumerate(cfg["verses"]):
        num = int(re.match(r"\d+", lab).group(0))
        vs = [s for s in segs if s["vi"] == vi and s["role"] == "verse"]
        ex = [s for s in segs if s["vi"] == vi and s["role"] == "extra"]
        if ex:
            extra.append(dict(verse=lab, kind=ex[0]["ekind"], text=" ".join(s["text"] for s in ex),
                              start_frame=ex[0]["speech_on"], end_frame=ex[-1]["off"]))
            prev_off = ex[-1]["off"]
        if not vs:                               # skipped: a zero-length verse at the next verse's start
            verses.append(dict(number=num, label=lab, text=text, skipped=True))
            continue
        on, off = vs[0]["speech_on"], vs[-1]["off"]
        v = dict(number=num, label=lab, onset=sec(on), offset=sec(off), onset_frame=on, offset_frame=off,
                 gap_before=dict(start=sec(prev_off), end=sec(on), start_frame=prev_off, end_frame=on),
                 text=text, phrases=[dict(text=s["text"], onset_frame=s["speech_on"], offset_frame=s["off"]) for s in vs])
        if vi in cfg.get("runon", ()):
            v["runon"] = True
        verses.append(v)
        prev_off = off
    for k, v in enumerate(verses):
        if v.get("skipped"):
            nxt = next(w for w in verses[k + 1:] if not w.get("skipped"))
            for key in ("onset", "onset_frame", "gap_before"):
                v[key] = nxt[key]
            v["offset"], v["offset_frame"] = nxt["onset"], nxt["onset_frame"]
            v["phrases"] = []
    truth["verses"] = verses
    pauses = [dict(kind="lead", start_frame=0, end_frame=segs[0]["speech_on"])]
    for i, s in enumerate(segs[:-1]):
        pauses.append(dict(kind=s["kind"], start_frame=s["off"], end_frame=segs[i + 1]["speech_on"]))
    pauses.append(dict(kind="tail", start_frame=segs[-1]["off"], end_frame=n - 1))
    truth["pauses"] = [fr(p) for p in pauses]
    truth["tts_internal_pauses"] = [fr(dict(start_frame=s["on"] + a, end_frame=s["on"] + b))
                                    for s in segs for a, b in s["internal"]]
    truth["breaths"] = [fr(b) for b in breaths]
    truth["noises"] = [fr(b) for b in noises]
    truth["extra_speech"] = [fr(e) for e in extra]
    truth["voice"] = dict(cfg["voice"], rate=cfg["rate"])
    truth["levels"] = dict(speech_rms_dbfs=round(cfg["speech_rms_db"] + trim_db, 2),
                           room_rms_dbfs=(round(cfg["room"][0] + trim_db, 2) if cfg.get("room") else None),
                           hum=(dict(freq=cfg["hum"][0], rms_dbfs=round(cfg["hum"][1] + trim_db, 2))
                                if cfg.get("hum") else None), **info)
    truth["conventions"] = ("onset_frame/offset_frame = index of the first/last speech sample "
                            "(offset inclusive; breaths, clicks and rustles are not speech); seconds = frame / sample_rate; "
                            "gap_before and pauses run from the previous speech offset (extra speech "
                            "included) to the next onset; a skipped verse copies the next read verse's "
                            "onset and gap")
    return truth
