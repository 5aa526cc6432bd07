#!/bin/sh
# Align every narration in a samples folder (the ones with a <name>.truth.json) and score it.
#
#   bench/align/samples.sh [SAMPLES] [OUT]          defaults: samples build/samples
#
# For each SAMPLES/<name>.truth.json (its "audio" and "text" name the files):
#   prep align SAMPLES/<audio> --text SAMPLES/<text> --labels OUT/<name>.labels.txt \
#     --json OUT/<name>.align.json --phrases OUT/<name>.phrases.txt
# then ../shared/tools/align/score.py on the labels when it is there. PLAIN=1 uses the
# plain-text sibling (<text>.txt) of a USFM text instead (a build without the USFM reader).
set -eu
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
SAMPLES=${1:-$ROOT/samples}
OUT=${2:-$ROOT/build/samples}
PREP=${PREP:-$ROOT/.build/release/prep}
SCORE=${SCORE:-$ROOT/../shared/tools/align/score.py}
mkdir -p "$OUT"
for truth in "$SAMPLES"/*.truth.json; do
  [ -e "$truth" ] || continue
  name=$(basename "$truth" .truth.json)
  audio=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["audio"])' "$truth")
  text=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["text"])' "$truth")
  if [ "${PLAIN:-0}" = 1 ]; then text="${text%.*}.txt"; fi
  "$PREP" align "$SAMPLES/$audio" --text "$SAMPLES/$text" --labels "$OUT/$name.labels.txt" \
    --json "$OUT/$name.align.json" --phrases "$OUT/$name.phrases.txt"
  if [ -f "$SCORE" ]; then python3 "$SCORE" "$OUT/$name.labels.txt" "$truth" | sed -n 2p; fi
done
