#!/usr/bin/env bash
# A synthetic Bible through prep.mk (issue #10): BIBLE_CHAPTERS chapters (default 100) copied
# from the sample chapters under new book/chapter names (make_workspace.py), one narrator,
# 4 rates (1, 1.25, 1.5, 2) × 3 beds (none, samples/bed_pad.flac, samples/bed_bells.mp3) ×
# 2 formats (MP3, Opus), built with `make -j$(nproc)`. Reports:
#   - the full build's wall time, and hours projected for 1,189 chapters (70 h of narration),
#     scaled by audio duration;
#   - the no-op rebuild (median of 5) and whether `make -q` answers 0;
#   - touching one book's USFM (its text unchanged), then changing one chapter's text: wall time
#     and which prep commands ran;
#   - a 1,189-chapter workspace with the same settings (empty recordings; every target marked
#     up to date with `make -t`): the no-op time at full scale.
# Results: build/bench/bible/results.md. Long: about BIBLE_CHAPTERS × 70 s of audio × 24 files.
set -euo pipefail
# Run from the repository's Makefile: its flags and command-line variables must not reach our makes.
unset MAKEFLAGS MFLAGS MAKELEVEL MAKEOVERRIDES
cd "$(dirname "$0")/../.."
REPO=$PWD
CHAPTERS=${BIBLE_CHAPTERS:-100}
JOBS=${BIBLE_JOBS:-$(nproc)}
# The issue's matrix is 24 audio files per chapter; BIBLE_STEMS=yes renders the bed stems too.
STEMS=${BIBLE_STEMS:-no}
BIBLE_HOURS=70
WORK=$REPO/build/bench/bible
RESULTS=$WORK/results.md
rm -rf "$WORK" && mkdir -p "$WORK"
now() { date +%s.%N; }
since() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.2f", b - a }'; }
# The prep commands a make log shows, counted: "12 render, 1 collect, …".
ran() {
  local summary
  summary=$(grep -E "/prep (ingest|align|render|collect|validate) " "$1" | sed -E 's|.*/prep ([a-z]+) .*|\1|' \
    | sort | uniq -c | awk '{ printf "%s%s %s", sep, $1, $2; sep = ", " }')
  echo "${summary:-nothing}"
}
median() { sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

# $1 folder, $2 chapters, $3 --fake or empty; writes the workspace and its Makefile, prints seconds of audio.
workspace() {
  local seconds
  seconds=$(python3 bench/bible/make_workspace.py "$1" --chapters "$2" $3)
  mkdir -p "$1/beds"
  cp samples/bed_pad.flac samples/bed_bells.mp3 "$1/beds/"
  cp "${PREP:-.build/release/prep}" "$1/prep"   # the steps depend on the binary: a private copy
  cat >"$1/Makefile" <<EOF
PREP := ./prep
PREP_RATES := 1 1.25 1.5 2
PREP_BEDS := beds/bed_pad.flac beds/bed_bells.mp3
PREP_FORMATS := mp3,opus
PREP_RENDER_FLAGS := $([ "$STEMS" = yes ] || echo --no-stems)
include $REPO/prep.mk
EOF
  echo "$seconds"
}

noop_times() {
  for _ in 1 2 3 4 5; do
    local start
    start=$(now)
    make -C "$1" >"$WORK/noop.log" 2>&1
    since "$start"
    echo
  done | median
}

# ---- the rendered workspace ----
ws=$WORK/ws
audio=$(workspace "$ws" "$CHAPTERS" "")
echo "bible: $CHAPTERS chapters, $audio s of narration, make -j$JOBS …" >&2
start=$(now)
/usr/bin/time -f '%U %S' -o "$WORK/full.cpu" make -C "$ws" -j"$JOBS" >"$WORK/full.log" 2>&1 \
  || { tail -20 "$WORK/full.log"; exit 1; }
full=$(since "$start")
cpu=$(awk '{ printf "%.1f", $1 + $2 }' "$WORK/full.cpu")
files=$(find "$ws/build/prep" -type f \( -name '*.mp3' -o -name '*.opus' \) | wc -l)
output_seconds=$(python3 - "$ws/build/prep/manifest.json" <<'EOF'
import json, sys
def walk(node):
    if isinstance(node, dict):
        if "durationMilliseconds" in node and "files" in node:
            yield node["durationMilliseconds"] / 1000
        for value in node.values():
            yield from walk(value)
    elif isinstance(node, list):
        for value in node:
            yield from walk(value)
try:
    # Variant durations are in the chapter files the catalogue names (schema 3).
    catalogue = json.load(open(sys.argv[1]))
    root = sys.argv[1].rsplit("/", 1)[0]
    files = [n["chapterFile"]["file"] for c in catalogue["chapters"] for n in c["narrators"]]
    print(round(sum(s for f in files for s in walk(json.load(open(root + "/" + f)))), 1))
except (OSError, ValueError, KeyError):
    print("n/a")
EOF
)
projected=$(awk -v wall="$full" -v audio="$audio" -v h="$BIBLE_HOURS" 'BEGIN { printf "%.1f", wall * h * 3600 / audio / 3600 }')
# Load-independent: the CPU time spread over every core of this machine.
projected_cpu=$(awk -v cpu="$cpu" -v audio="$audio" -v h="$BIBLE_HOURS" -v n="$(nproc)" \
  'BEGIN { printf "%.1f", cpu / n * h * 3600 / audio / 3600 }')
load=$(cut -d' ' -f1-3 /proc/loadavg)

noop=$(noop_times "$ws")
make -C "$ws" -q && quiet=0 || quiet=$?
grep -q "Nothing to be done" "$WORK/noop.log" && says=yes || says=no

book=$(ls "$ws"/texts/*GEN*)
sleep 1.1
touch "$book"
start=$(now)
make -C "$ws" -j"$JOBS" >"$WORK/touch.log" 2>&1
touched=$(since "$start")

# Chapter 2 of GEN: one word added to its first verse.
awk 'BEGIN { n = 0 } /^\\c / { n++ } n == 2 && !done && /\\v / { sub(/\\v [0-9]+ /, "&Truly, "); done = 1 } { print }' \
  "$book" >"$book.tmp" && mv "$book.tmp" "$book"
start=$(now)
make -C "$ws" -j"$JOBS" >"$WORK/edit.log" 2>&1
edited=$(since "$start")
edited_what=$(grep -E "/prep (ingest|align|render) " "$WORK/edit.log" | grep -oE -- "--base [A-Z0-9]+_[0-9]+|record [^ ]+" \
  | sed -E 's/.*[ \/]//; s/\.ingest\.json//' | sort -u | tr '\n' ' ')

# ---- 1,189 chapters, no audio: make's own cost at full scale ----
big=$WORK/full-scale
workspace "$big" 1189 --fake >/dev/null
start=$(now)
make -C "$big" -s prep-chapter-list >"$WORK/chapters.txt"
first_parse=$(since "$start")
# Option stamps and folders for real (make -t would only touch the stamps), then every target touched.
make -C "$big" prep-setup >/dev/null
make -C "$big" -t -k >/dev/null 2>&1 || true
make -C "$big" -t -k >/dev/null 2>&1 || true
big_targets=$(find "$big/build/prep" -name '*.json' | wc -l)
big_noop=$(noop_times "$big")
big_noop_cpu=$(for _ in 1 2 3 4 5; do /usr/bin/time -f '%U %S' make -C "$big" 2>&1 >/dev/null | tail -1 \
  | awk '{ printf "%.2f\n", $1 + $2 }'; done | median)
make -C "$big" -q && big_quiet=0 || big_quiet=$?
start=$(now)
make -C "$big" -s prep-chapter-list >/dev/null
big_parse=$(since "$start")

cat >"$RESULTS" <<EOF
# Synthetic Bible through prep.mk ($(date -u +%Y-%m-%dT%H:%MZ), $(nproc) cores, make -j$JOBS)

$CHAPTERS chapters (copies of the 5 sample chapters), one narrator; rates 1, 1.25, 1.5, 2 ×
beds none, bed_pad, bed_bells × MP3 + Opus = 24 audio files per chapter$([ "$STEMS" = yes ] && echo ", plus bed stems"),
sidecars and records; prep.mk defaults (one \`prep render\` per chapter).

| measure | value |
|---|---|
| narration | $audio s ($CHAPTERS chapters) |
| full build (ingest, align, render, collect, validate) | $full s wall, $cpu s CPU (load average at the end: $load) |
| audio files written | $files ($output_seconds s of variant audio in the catalogue) |
| projected for 1,189 chapters (${BIBLE_HOURS} h of narration), from the wall time | $projected h |
| projected from the CPU time over $(nproc) cores (an otherwise idle machine) | $projected_cpu h |
| no-op \`make\` (median of 5) | $noop s; says "Nothing to be done": $says; \`make -q\` exit $quiet |
| touch one book's USFM (text unchanged) | $touched s; ran: $(ran "$WORK/touch.log") |
| change one chapter's text (GEN 2, one word) | $edited s; ran: $(ran "$WORK/edit.log") — chapters: $edited_what |
| 1,189 chapters, first parse (splits 66 books) | $first_parse s |
| 1,189 chapters ($big_targets up-to-date ingest, align and variant records), no-op \`make\` (median of 5) | $big_noop s wall, $big_noop_cpu s CPU; \`make -q\` exit $big_quiet |
| 1,189 chapters, parse only (\`make -s prep-chapter-list\`) | $big_parse s |

The machine is shared: wall times include other processes' load (see the load average);
the CPU-time projection assumes the work spreads over every core, as \`make -j\` does with
enough chapters.
EOF
cat "$RESULTS"
