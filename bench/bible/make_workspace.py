#!/usr/bin/env python3
"""A synthetic Bible workspace for prep.mk: recordings named by book and chapter, one USFM per book.

    make_workspace.py DIR --chapters N [--fake]

Takes the first N chapters of the Protestant canon in order (GEN 1…50, EXO 1…40, …; 1,189 in all).
Chapter k (0-based) copies sample k mod 5 — john1_slt, psalm23_slt, psalm117_kal, john1_espeak,
psalm23_espeak — as recordings/narrator/<BOOK>_<CH>.<ext>, and the book's USFM gets that sample's
chapter text under `\\c CH`, so every recording matches its text. Books are written in Paratext's
naming (`01GENbench.SFM`). With --fake the recordings are empty files: enough for timing make's
parse and no-op (`make -t` marks every target up to date), never for rendering.
Prints the total audio duration in seconds (0 with --fake).
"""

import argparse
import os
import shutil
import subprocess
import sys

# (code, name, chapters): the 66 books, 1,189 chapters.
BOOKS = [
    ("GEN", "Genesis", 50), ("EXO", "Exodus", 40), ("LEV", "Leviticus", 27), ("NUM", "Numbers", 36),
    ("DEU", "Deuteronomy", 34), ("JOS", "Joshua", 24), ("JDG", "Judges", 21), ("RUT", "Ruth", 4),
    ("1SA", "1 Samuel", 31), ("2SA", "2 Samuel", 24), ("1KI", "1 Kings", 22), ("2KI", "2 Kings", 25),
    ("1CH", "1 Chronicles", 29), ("2CH", "2 Chronicles", 36), ("EZR", "Ezra", 10), ("NEH", "Nehemiah", 13),
    ("EST", "Esther", 10), ("JOB", "Job", 42), ("PSA", "Psalms", 150), ("PRO", "Proverbs", 31),
    ("ECC", "Ecclesiastes", 12), ("SNG", "Song of Songs", 8), ("ISA", "Isaiah", 66), ("JER", "Jeremiah", 52),
    ("LAM", "Lamentations", 5), ("EZK", "Ezekiel", 48), ("DAN", "Daniel", 12), ("HOS", "Hosea", 14),
    ("JOL", "Joel", 3), ("AMO", "Amos", 9), ("OBA", "Obadiah", 1), ("JON", "Jonah", 4), ("MIC", "Micah", 7),
    ("NAM", "Nahum", 3), ("HAB", "Habakkuk", 3), ("ZEP", "Zephaniah", 3), ("HAG", "Haggai", 2),
    ("ZEC", "Zechariah", 14), ("MAL", "Malachi", 4), ("MAT", "Matthew", 28), ("MRK", "Mark", 16),
    ("LUK", "Luke", 24), ("JHN", "John", 21), ("ACT", "Acts", 28), ("ROM", "Romans", 16),
    ("1CO", "1 Corinthians", 16), ("2CO", "2 Corinthians", 13), ("GAL", "Galatians", 6),
    ("EPH", "Ephesians", 6), ("PHP", "Philippians", 4), ("COL", "Colossians", 4),
    ("1TH", "1 Thessalonians", 5), ("2TH", "2 Thessalonians", 3), ("1TI", "1 Timothy", 6),
    ("2TI", "2 Timothy", 4), ("TIT", "Titus", 3), ("PHM", "Philemon", 1), ("HEB", "Hebrews", 13),
    ("JAS", "James", 5), ("1PE", "1 Peter", 5), ("2PE", "2 Peter", 3), ("1JN", "1 John", 5),
    ("2JN", "2 John", 1), ("3JN", "3 John", 1), ("JUD", "Jude", 1), ("REV", "Revelation", 22),
]
assert sum(b[2] for b in BOOKS) == 1189

# (recording, its USFM) in the order chapters cycle through them.
SAMPLES = [
    ("john1_slt.mp3", "john1.usfm"), ("psalm23_slt.flac", "psalm23.usfm"), ("psalm117_kal.wav", "psalm117.usfm"),
    ("john1_espeak.mp3", "john1.usfm"), ("psalm23_espeak.mp3", "psalm23.usfm"),
]


def chapter_body(usfm_path):
    """The lines after the sample's `\\c` line (its one chapter)."""
    lines = open(usfm_path, encoding="utf-8").read().splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("\\c "))
    return lines[start + 1:]


def duration(path):
    out = subprocess.run(
        ["ffprobe", "-v", "error", "-show_entries", "format=duration", "-of", "csv=p=0", path],
        check=True, capture_output=True, text=True).stdout
    return float(out.strip())


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder")
    parser.add_argument("--chapters", type=int, default=100)
    parser.add_argument("--fake", action="store_true")
    parser.add_argument("--samples", default=os.path.join(os.path.dirname(__file__), "..", "..", "samples"))
    args = parser.parse_args()
    if not 1 <= args.chapters <= 1189:
        sys.exit(f"make_workspace.py: --chapters {args.chapters} is not 1…1189. Give a number in that range.")
    recordings = os.path.join(args.folder, "recordings", "narrator")
    texts = os.path.join(args.folder, "texts")
    os.makedirs(recordings, exist_ok=True)
    os.makedirs(texts, exist_ok=True)
    bodies = {usfm: chapter_body(os.path.join(args.samples, usfm)) for _, usfm in SAMPLES}
    seconds = {}
    index = 0
    for number, (code, name, count) in enumerate(BOOKS, start=1):
        if index >= args.chapters:
            break
        lines = [f"\\id {code} synthetic prep benchmark", f"\\h {name}", f"\\toc1 {name}", f"\\mt1 {name}"]
        for chapter in range(1, count + 1):
            if index >= args.chapters:
                break
            recording, usfm = SAMPLES[index % len(SAMPLES)]
            source = os.path.join(args.samples, recording)
            target = os.path.join(recordings, f"{code}_{chapter}{os.path.splitext(recording)[1]}")
            if args.fake:
                open(target, "wb").close()
            else:
                shutil.copyfile(source, target)
                seconds.setdefault(source, duration(source))
            lines += [f"\\c {chapter}"] + bodies[usfm]
            index += 1
        paratext = number if number <= 39 else number + 1  # Paratext numbers MAT 41 … REV 67
        with open(os.path.join(texts, f"{paratext:02d}{code}bench.SFM"), "w", encoding="utf-8") as out:
            out.write("\n".join(lines) + "\n")
    total = 0.0
    if not args.fake:
        for i in range(args.chapters):
            total += seconds[os.path.join(args.samples, SAMPLES[i % len(SAMPLES)][0])]
    print(f"{total:.3f}")


if __name__ == "__main__":
    main()
