#!/usr/bin/env python3
"""A long test recording for the speed bench: corpus chapters end to end.

    python3 bench/align/make_long.py --corpus build/corpus --out build/align-speed [--minutes 60]

Writes OUT/long.wav (44.1 kHz, mono, 16-bit), OUT/long.truth.json (score.py format) and OUT/long.txt (plain `N<TAB>text`, verses
renumbered 1…N in order). Each chapter is decoded with ffmpeg, mixed to mono and resampled;
chapters repeat until the length reaches --minutes. A chapter's spoken heading is cut off
(the joined text has no place for it). Reuses an existing long.wav made with the
same inputs (a stamp file records them).
"""
import argparse, json, os, re, subprocess, sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from run_corpus import usfm_to_plain  # noqa: E402


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--corpus", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--minutes", type=float, default=60)
    ap.add_argument("--keep-headings", action="store_true",
                    help="keep each chapter's spoken heading (speech the joined text does not hold)")
    a = ap.parse_args()
    os.makedirs(a.out, exist_ok=True)
    stamp = os.path.join(a.out, "long.stamp")
    key = json.dumps([os.path.abspath(a.corpus), a.minutes, a.keep_headings])
    wav, txt = os.path.join(a.out, "long.wav"), os.path.join(a.out, "long.txt")
    if os.path.exists(stamp) and open(stamp).read() == key and os.path.exists(wav) and os.path.exists(txt):
        return
    man = json.load(open(os.path.join(a.corpus, "manifest.json")))
    raw = os.path.join(a.out, "long.raw")
    total, verses, n = 0.0, [], 0
    truth = dict(id="long", duration=0.0, verses=[], pauses=[])
    last_offset = 0.0
    with open(raw, "wb") as out:
        while total < a.minutes * 60:
            for ch in man["chapters"]:
                if total >= a.minutes * 60:
                    break
                pcm = subprocess.run(["ffmpeg", "-v", "error", "-i", os.path.join(a.corpus, ch["audio"]),
                                      "-ac", "1", "-ar", "44100", "-f", "s16le", "-"],
                                     check=True, capture_output=True).stdout
                t = json.load(open(os.path.join(a.corpus, ch["truth"])))
                # A spoken heading is not in the joined text: cut it (and the lead) off.
                cut = max(0.0, t["verses"][0]["onset"] - 0.6) if t.get("heading") and not a.keep_headings else 0.0
                pcm = pcm[2 * int(round(cut * 44100)):]
                total -= cut
                out.write(pcm)
                prev = t["heading"]["offset"] + total - cut if t.get("heading") and a.keep_headings else last_offset
                for v in t["verses"]:
                    g = v["gap_before"]
                    truth["verses"].append(dict(
                        number=n + 1 + len(truth["verses"]) - n, onset=v["onset"] + total,
                        offset=v["offset"] + total,
                        gap_before=dict(start=prev if v is t["verses"][0] else g["start"] + total,
                                        end=g["end"] + total)))
                    last_offset = v["offset"] + total
                truth["pauses"] += [dict(start=q["start"] + total, end=q["end"] + total) for q in t["pauses"]
                                    if q["start"] >= cut]
                total += cut + len(pcm) / 2 / 44100
                text = os.path.join(a.corpus, ch["text"])
                if text.endswith(".usfm"):
                    usfm_to_plain(text, raw + ".plain")
                    text = raw + ".plain"
                for line in open(text, encoding="utf-8"):
                    m = re.match(r"(\S+)\s+(.*)$", line.strip())
                    if m:
                        n += 1
                        verses.append("%d\t%s" % (n, m.group(2)))
    subprocess.run(["sox", "-t", "raw", "-r", "44100", "-e", "signed", "-b", "16", "-c", "1", raw, wav], check=True)
    os.remove(raw)
    truth["duration"] = total
    for k, v in enumerate(truth["verses"]):
        v["number"] = k + 1
    with open(os.path.join(a.out, "long.truth.json"), "w") as f:
        json.dump(truth, f)
    with open(txt, "w", encoding="utf-8") as f:
        f.write("\n".join(verses) + "\n")
    open(stamp, "w").write(key)
    print("long.wav: %.1f min, %d verses" % (total / 60, n), file=sys.stderr)


if __name__ == "__main__":
    main()
