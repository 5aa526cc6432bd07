#!/usr/bin/env bash
# Peak RSS of one `prep render` on long recordings (samples/john1_slt.mp3 end to end, 48 kHz
# mono), from ingest + align records, measured with /usr/bin/time -v ("Maximum resident set
# size"). Issue #10's goal: under 200 MB for a 2-hour recording with all variants.
#
#   bash bench/render/memory.sh               MINUTES="15 30 120", VARIANTS="one all"
#   MINUTES=15 VARIANTS=one bash bench/render/memory.sh
#
# one: rate 1, no bed, MP3, no stems. all: rates 1, 1.5, 2 × none + both sample beds × MP3 +
# Opus, no stems (18 files). Ingest and align run once per length (untimed, kept in
# build/bench/render/long/).
set -euo pipefail
cd "$(dirname "$0")/../.."
PREP=${PREP:-.build/release/prep}
WORK=build/bench/render
MINUTES=${MINUTES:-15 30 120}
VARIANTS=${VARIANTS:-one all}
mkdir -p "$WORK/memory"

printf '%-9s %-5s %10s %10s %12s\n' minutes set "wall s" "CPU s" "peak RSS MB"
for minutes in $MINUTES; do
  bash bench/render/make_long.sh "$minutes" "$WORK/long"
  long=$WORK/long/long$minutes
  [ -s "$long.align.json" ] || {
    "$PREP" ingest "$long.wav" --text "$long.txt" --output "$long.ingest.json" --quiet 2>"$long.log"
    # john1's spoken heading repeats with every copy: align warns about it (kept in the log).
    "$PREP" align --record "$long.ingest.json" --labels "$long.labels.txt" --json "$long.align.json" \
      --quiet 2>>"$long.log"
  }
  for set in $VARIANTS; do
    case $set in
      one) options=(--rate 1 --format mp3) ;;
      all) options=(--rate 1,1.5,2 --bed samples/bed_pad.flac --bed samples/bed_bells.mp3 --format mp3,opus) ;;
      *) echo "VARIANTS: one or all, not $set" >&2; exit 64 ;;
    esac
    out=$WORK/memory/long$minutes-$set
    rm -rf "$out" && mkdir -p "$out"
    /usr/bin/time -v -o "$out.time" "$PREP" render --ingest "$long.ingest.json" --align "$long.align.json" \
      "${options[@]}" --no-stems --quiet --output-dir "$out"
    awk -v m="$minutes" -v s="$set" -F': ' '
      /Elapsed \(wall clock\)/ { n = split($2, t, ":"); wall = (n == 3 ? t[1] * 3600 + t[2] * 60 + t[3] : t[1] * 60 + t[2]) }
      /User time/ { cpu += $2 } /System time/ { cpu += $2 }
      /Maximum resident set size/ { rss = $2 / 1024 }
      END { printf "%-9s %-5s %10.1f %10.1f %12.0f\n", m, s, wall, cpu, rss }' "$out.time"
    rm -rf "$out"
  done
done
