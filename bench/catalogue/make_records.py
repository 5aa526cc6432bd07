#!/usr/bin/env python3
"""Writes synthetic variant records for a whole Bible: 66 books, 1,189 chapters, 31,102 verses,
one narrator, 4 rates x 3 beds (none + 2) = 12 variants per chapter, MP3 + Opus, four sidecars,
stems and a ducking track (5 points, as the sample renders have) for the bed variants. No audio: sizes, hashes and timings are
plausible made-up values (seeded, so reruns give the same bytes) in the shape `prep render`
writes (schemaVersion 2), for `prep collect` to gather.

Usage: make_records.py OUT_FOLDER   (records go to OUT_FOLDER/records/)

Also writes OUT_FOLDER/single-file-estimate.json: the catalogue as one file in the old layout
(every variant's timings inline, as schema 2 held them), laid out as prep writes JSON, to put a
number on what the split saves.
"""
import hashlib
import json
import pathlib
import random
import sys

# The 66 books (USFM code, English name, chapters: 1,189), one table for both Bible benches.
sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent / "bible"))
from make_workspace import BOOKS  # noqa: E402

VERSES = 31_102
RATES = [0.75, 1, 1.5, 2]
BEDS = [None, ("bed_pad", "Pad"), ("bed_bells", "Bells")]
SR = 48_000
LEAD_IN = SR  # a bed variant's voice starts 1 s in
NARRATOR = {"id": "narrator", "name": "Narrator"}
WORDS = ("and the lord said unto them in that day light darkness water earth heaven people land "
         "spirit word truth grace city king house son father mother river mountain").split()


def decimal(x):
    return str(int(x)) if x == int(x) else str(x)


def ms(frames):
    return int(round(frames * 1000 / SR))


def sha(*parts):
    return hashlib.sha256("/".join(map(str, parts)).encode()).hexdigest()


def verse_counts(rng, chapters):
    """Seeded counts that add up to 31,102 (Psalm 117 has 2 verses and Psalm 119 176, as printed)."""
    counts = [rng.randint(10, 45) for _ in chapters]
    fixed = {("PSA", 117): 2, ("PSA", 119): 176}
    for i, key in enumerate(chapters):
        if key in fixed:
            counts[i] = fixed[key]
    free = [i for i, key in enumerate(chapters) if key not in fixed]
    while sum(counts) != VERSES:
        i = rng.choice(free)
        step = 1 if sum(counts) < VERSES else -1
        if 5 <= counts[i] + step <= 60:
            counts[i] += step
    return counts


def spoken_duration(milliseconds):
    s = max(1, round(milliseconds / 1000))
    parts = [(s // 3600, "hour"), (s // 60 % 60, "minute"), (s % 60, "second")]
    return " ".join("%d %s%s" % (n, w, "" if n == 1 else "s") for n, w in parts if n)


def encoded(name, fmt, frames, bytes_per_second, loudness):
    seconds = frames / SR
    entry = {"format": fmt, "file": name, "sizeBytes": int(seconds * bytes_per_second) + 417,
             "sha256": sha(name), "sampleRate": SR, "channelCount": 1, "frameCount": frames,
             "durationMilliseconds": ms(frames)}
    if loudness:
        entry["loudness"] = {"integratedLUFS": -16.02, "truePeakDBTP": -1.4, "targetLUFS": -16}
    return entry


def sidecar(name, size):
    return {"file": name, "sizeBytes": size, "sha256": sha(name)}


def chapter_text(rng, code, name, number, count):
    title = ("Psalm" if code == "PSA" else name) + " %d" % number
    verses = []
    for v in range(1, count + 1):
        text = " ".join(rng.choice(WORDS) for _ in range(rng.randint(12, 30))).capitalize() + "."
        verses.append({"reference": "%s %d:%d" % (code, number, v), "label": str(v), "firstVerse": v,
                       "lastVerse": v, "text": text, "spoken": "%s, verse %d of %d" % (title, v, count)})
    return {"id": "%s.%d" % (code, number), "book": code, "chapter": number, "title": title,
            "spoken": {"title": title, "start": "Beginning of chapter", "end": "End of chapter"},
            "verses": verses, "headings": [], "narrators": []}


def base_timings(rng, chapter):
    """Verse (start, onset, end) in seconds at rate 1, with pauses between verses."""
    t, out = 0.6, []
    for verse in chapter["verses"]:
        speech = len(verse["text"]) / 14.0
        out.append((t, t + 0.08, t + speech))
        t += speech + rng.uniform(0.5, 1.2)
    return out, t + 0.8


def variant(rng, chapter, base, length, rate, bed):
    vid = "%sx-%s" % (decimal(rate), bed[0] if bed else "none")
    stem = "%s_%s.%s" % (chapter["id"], NARRATOR["id"], vid)
    offset = LEAD_IN if bed else 0
    frames = int(length / rate * SR) + (2 * LEAD_IN if bed else 0)
    f = lambda s: int(round(s / rate * SR)) + offset
    timings = [{"reference": v["reference"], "startFrame": f(a), "onsetFrame": f(o), "endFrame": f(e),
                "startMilliseconds": ms(f(a)), "onsetMilliseconds": ms(f(o)), "endMilliseconds": ms(f(e))}
               for v, (a, o, e) in zip(chapter["verses"], base)]
    entry = {
        "id": vid, "rate": rate, "sampleRate": SR, "frameCount": frames, "durationMilliseconds": ms(frames),
        "spoken": {"label": "%s, read by %s, %s" % (chapter["title"], NARRATOR["name"], spoken_duration(ms(frames))),
                   "rate": "normal speed" if rate == 1 else "%s times speed" % decimal(rate),
                   "bed": "With music: %s" % bed[1] if bed else "No music"},
        "timings": timings, "headingTimings": [],
        "files": [encoded(stem + ".mp3", "mp3-cbr-128", frames, 16_000, True),
                  encoded(stem + ".opus", "opus-48", frames, 6_000, True)],
        "sidecars": {"webVTT": sidecar(stem + ".vtt", 60 * len(timings)),
                     "podcastChapters": sidecar(stem + ".chapters.json", 90 * len(timings)),
                     "audacityLabels": sidecar(stem + ".labels.txt", 30 * len(timings)),
                     "dbpTimestamps": sidecar(stem + ".dbp.json", 80 * len(timings))},
    }
    if bed:
        entry["bed"] = bed[0]
        # As prep render writes it: 6 dB louder in the lead-in and the tail, 18 dB under the voice.
        first, last = timings[0]["onsetFrame"], timings[-1]["endFrame"]
        points = [{"frame": frame, "milliseconds": ms(frame), "gainDB": gain} for frame, gain in
                  ((0, -12.0), (first - 4800, -12.0), (first, -18.0), (last, -18.0), (last + 14400, -12.0))]
        entry["stems"] = {
            "voice": {"files": [encoded(stem + ".voice.mp3", "mp3-cbr-128", frames, 16_000, False)],
                      "startFrame": offset},
            "bed": {"files": [encoded(stem + ".bed.mp3", "mp3-cbr-128", frames, 16_000, False)],
                    "startFrame": 0, "loopSeamFrames": list(range(90 * SR, frames, 90 * SR))},
            "bedGain": {"interpolation": "linear-dB", "sampleRate": SR, "points": points},
        }
    return entry


def bed_entry(bed):
    return {"id": bed[0], "name": bed[1], "source": "samples/%s.flac" % bed[0], "sampleRate": SR,
            "frameCount": 120 * SR, "loopStartFrame": SR, "loopEndFrame": 118 * SR, "crossfadeFrames": SR // 2,
            "spoken": "With music: %s" % bed[1]}


def swift_json(value):
    """JSON laid out as prep writes it (sorted keys, 2-space indent, "key" : value)."""
    return json.dumps(value, sort_keys=True, indent=2, separators=(",", " : "), ensure_ascii=False) + "\n"


def main(out):
    rng = random.Random(1189)
    folder = pathlib.Path(out) / "records"
    folder.mkdir(parents=True, exist_ok=True)
    chapters = [(code, n) for code, _, count in BOOKS for n in range(1, count + 1)]
    names = {code: name for code, name, _ in BOOKS}
    counts = verse_counts(rng, chapters)
    single = {"kind": "catalogue", "schemaVersion": 2, "generator": "estimate", "title": "Bible",
              "beds": [bed_entry(b) for b in BEDS if b], "playlists": [], "chapters": []}
    records = 0
    for (code, number), count in zip(chapters, counts):
        text = chapter_text(rng, code, names[code], number, count)
        base, length = base_timings(rng, text)
        variants = []
        for rate in RATES:
            for bed in BEDS:
                v = variant(rng, text, base, length, rate, bed)
                record = {"kind": "variant", "schemaVersion": 2, "generator": "bench/catalogue/make_records.py",
                          "chapter": text, "narrator": NARRATOR, "variant": v}
                if bed:
                    record["bed"] = bed_entry(bed)
                (folder / ("%s_%s.%s.json" % (text["id"], NARRATOR["id"], v["id"]))).write_text(
                    json.dumps(record, sort_keys=True, separators=(",", ":")) + "\n", encoding="utf-8")
                variants.append(dict(v, files=[dict(x, file="records/" + x["file"]) for x in v["files"]]))
                records += 1
        single["chapters"].append(dict(text, narrators=[dict(NARRATOR, variants=variants)]))
    (pathlib.Path(out) / "single-file-estimate.json").write_text(swift_json(single), encoding="utf-8")
    print("records: %d (%d chapters x %d variants), %d verses" % (records, len(chapters), len(RATES) * len(BEDS),
                                                                   sum(counts)))


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    main(sys.argv[1])
