#!/usr/bin/env bash
# CPU seconds of one `prep render` per sample recording at the Bible bench's settings (rates 1,
# 1.25, 1.5, 2 × none + both sample beds × MP3 + Opus, no stems, every core), per second of
# narration: where the render's cost depends on the recording (its sample rate, how often the
# codec must encode a file twice). BASELINE=path/to/prep adds an earlier build, run right after.
set -euo pipefail
cd "$(dirname "$0")/../.."
PREP=${PREP:-.build/release/prep}
WORK=build/bench/render/per-recording
for file in samples/*_*.flac samples/*_*.mp3 samples/*_*.wav; do
  name=$(basename "${file%.*}")
  case $name in bed_*) continue ;; esac
  seconds=$(soxi -D "$file")
  line="$name $(soxi -r "$file") Hz, $seconds s:"
  for binary in "$PREP" ${BASELINE:+"$BASELINE"}; do
    rm -rf "$WORK" && mkdir -p "$WORK"
    /usr/bin/time -f '%U %S' -o "$WORK.time" "$binary" render "$file" --text "samples/${name%%_*}.usfm" \
      --rate 1,1.25,1.5,2 --bed samples/bed_pad.flac --bed samples/bed_bells.mp3 --no-stems --narrator bench \
      --quiet --format mp3,opus --output-dir "$WORK"
    line="$line $(awk -v s="$seconds" '{ printf "%.1f CPU s (%.3f per s)", $1 + $2, ($1 + $2) / s }' "$WORK.time") [$binary]"
  done
  echo "$line"
done
rm -rf "$WORK" "$WORK.time"
