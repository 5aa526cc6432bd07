#!/usr/bin/env bash
# Ingest speed and memory on a 2-hour 48 kHz stereo 16-bit WAV (made once, cached in build/bench).
# Prints × real time and peak RSS for `prep ingest`, and for `sox … -n` (decode only) as the peer.
set -euo pipefail
cd "$(dirname "$0")/../.."
PREP=${PREP:-.build/release/prep}
WORK=build/bench/ingest
mkdir -p "$WORK"
LONG=$WORK/long-2h-48k-stereo.wav
SECONDS_LONG=7200
if [ ! -f "$LONG" ]; then
  echo "making $LONG (speech-like: a sample chapter looped, 2 h)…" >&2
  src=$(ls samples/*_slt.flac 2>/dev/null | head -1 || true)
  if [ -z "$src" ] && command -v espeak-ng >/dev/null; then
    espeak-ng -v en-us -s 150 -w "$WORK/speech.wav" -f "${SHARED:-../shared}/tools/tsm/clips/text/genesis1.txt"
    src=$WORK/speech.wav
  fi
  if [ -n "$src" ]; then
    # Speech at a realistic master level (peaks near −3 dBFS), as a stereo 48 kHz master.
    sox "$src" -r 48000 -c 2 -b 16 "$WORK/one.wav" gain -n -3
    n=$(soxi -D "$WORK/one.wav" | awk -v t=$SECONDS_LONG '{print int(t/$1)+1}')
    sox "$WORK/one.wav" "$LONG" repeat $((n - 1)) trim 0 $SECONDS_LONG
  else
    sox -n -r 48000 -c 2 -b 16 "$LONG" synth $SECONDS_LONG pinknoise vol 0.05
  fi
fi
printf 'Verse text\n1\tIn the beginning.\n' | tail -1 > "$WORK/text.txt"

# shellcheck source=../timing.sh
source bench/timing.sh

measure() {  # label, pin ("1 core" or "2 cores"), command…  → prints label, ×RT, peak RSS MB
  local label=$1 pin=$2; shift 2
  local cpus=0; [ "$pin" = "2 cores" ] && cpus=0,1
  local wall rss
  read -r wall rss < <(TIMED_LOG="$WORK/stderr.txt" timed "$cpus" "$@") || return 1
  awk -v l="$label" -v w="$wall" -v r="$rss" -v d=$SECONDS_LONG \
    -v p="$pin" 'BEGIN { printf "%-22s %-8s %7.0f× real time   %7.1f MB peak RSS   (%.2f s)\n", l, p, d / w, r / 1024, w }'
}

echo "ingest benchmark: 2 h, 48 kHz, stereo, 16-bit WAV ($(du -h "$LONG" | cut -f1))"
measure "sox decode only (peer)" "1 core" sox "$LONG" -n stat
# prep meters loudness (libebur128) on a second queue: one core shows the work, two the wall time.
measure "prep ingest" "1 core" "$PREP" ingest "$LONG" --text "$WORK/text.txt" --output "$WORK/record.json" --quiet
measure "prep ingest" "2 cores" "$PREP" ingest "$LONG" --text "$WORK/text.txt" --output "$WORK/record.json" --quiet
echo "targets: prep ingest ≥ 500× real time, < 100 MB peak RSS"
