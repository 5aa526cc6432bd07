#!/usr/bin/env bash
# The catalogue a phone opens, for a whole Bible: 1,189 chapters, one narrator, 12 variants
# (4 rates x 3 beds), made-up variant records (no audio) gathered by the real `prep collect`.
# Prints the catalogue's size (goal < 2 MB), the chapter files' total, what the old single
# manifest would weigh, and Chromium's fetch+parse time of the catalogue then one chapter file
# (goal < 100 ms), and the reference player's first screen from file:// (manifest.js, the queue,
# the first chapter's script). Run by `make bench`; needs the e2e venv (make build/e2e-venv/ready).
set -euo pipefail
cd "$(dirname "$0")/../.."
PREP=${PREP:-.build/release/prep}
PY=${E2E_PYTHON:-build/e2e-venv/bin/python}
OUT=build/bench-catalogue
rm -rf "$OUT"
mkdir -p "$OUT"
python3 bench/catalogue/make_records.py "$OUT"
TIMEFORMAT="prep collect of $(ls "$OUT/records" | wc -l) records: %R s wall, %U s user, %S s system"
time "$PREP" collect "$OUT/records" --output "$OUT/manifest.json" --title "Bible" --quiet
size() { stat -c %s "$1"; }
mb() { awk -v b="$1" 'BEGIN { printf "%.2f", b / 1000000 }'; }
chapters=$(find "$OUT/chapters" -name '*.json' | wc -l)
chapter_total=$(find "$OUT/chapters" -name '*.json' -printf '%s\n' | awk '{s += $1} END {print s}')
chapter_max=$(find "$OUT/chapters" -name '*.json' -printf '%s\n' | sort -n | tail -1)
catalogue=$(size "$OUT/manifest.json")
single=$(size "$OUT/single-file-estimate.json")
printf 'catalogue manifest.json: %d bytes (%s MB; goal < 2 MB: %s)\n' "$catalogue" \
  "$(mb "$catalogue")" "$([ "$catalogue" -lt 2000000 ] && echo met || echo 'NOT met')"
printf 'chapter files: %d, %d bytes in all (%s MB), largest %d bytes\n' "$chapters" "$chapter_total" \
  "$(mb "$chapter_total")" "$chapter_max"
printf 'player/manifest.js (the catalogue as a script, for file://; no playlist text): %d bytes (%s MB)\n' \
  "$(size "$OUT/player/manifest.js")" "$(mb "$(size "$OUT/player/manifest.js")")"
printf 'the same catalogue as one file with every timing (schema 2 layout, estimated): %d bytes (%s MB)\n' \
  "$single" "$(mb "$single")"
"$PY" bench/catalogue/load_time.py "$OUT"
"$PY" bench/catalogue/player_start.py "$OUT/player"
