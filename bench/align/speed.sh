#!/usr/bin/env bash
# Speed of `prep align` on one long WAV, one core, decode included, against decode alone.
#
#   bench/align/speed.sh [CORPUS] [MINUTES]
#
# Builds build/align-speed/long.wav (44.1 kHz mono 16-bit, the corpus chapters end to end,
# repeated up to MINUTES, default 60) and long.txt (their verses renumbered 1…N), then times
# on CPU 0 (taskset -c 0), best of 3:
#   decode alone   sox long.wav -t null -      (an outside reference decode)
#   decode alone   prep align long.wav --decode-only   (prep's own decoder, nothing else)
#   prep align     long.wav --text long.txt --labels … --json …
# and prints ×RT = audio seconds / wall seconds and prep align's peak memory; exit 1 below 1000×.
# Then the same recording as a 64 kbit/s MP3 (what readers deliver; made once with ffmpeg),
# for information: prep's MP3 decoding alone, ffmpeg's, and prep align on it (not gated).
# Needs the release build.
set -eu
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
CORPUS=${1:-$ROOT/build/corpus}
MINUTES=${2:-60}
PREP=${PREP:-$ROOT/.build/release/prep}
OUT=$ROOT/build/align-speed
mkdir -p "$OUT"
python3 "$ROOT/bench/align/make_long.py" --corpus "$CORPUS" --out "$OUT" --minutes "$MINUTES"
DUR=$(soxi -D "$OUT/long.wav")
# shellcheck source=../timing.sh
source "$ROOT/bench/timing.sh"
best() { best_of 3 0 "$@" | cut -d" " -f1; }  # best wall time of 3 runs on CPU 0
T_SOX=$(best sox "$OUT/long.wav" -t null -)
T_DEC=$(best "$PREP" align "$OUT/long.wav" --decode-only)
read -r T_ALIGN RSS_ALIGN < <(best_of 3 0 "$PREP" align "$OUT/long.wav" --text "$OUT/long.txt" \
  --labels "$OUT/long.labels.txt" --json "$OUT/long.json" --quiet)
if [ ! -s "$OUT/long.mp3" ] || [ "$OUT/long.mp3" -ot "$OUT/long.wav" ]; then
  ffmpeg -loglevel error -y -i "$OUT/long.wav" -c:a libmp3lame -b:a 64k "$OUT/long.mp3"
fi
T_MP3_FFMPEG=$(best ffmpeg -loglevel error -i "$OUT/long.mp3" -f null -)
T_MP3_DEC=$(best "$PREP" align "$OUT/long.mp3" --decode-only)
T_MP3=$(best "$PREP" align "$OUT/long.mp3" --text "$OUT/long.txt" --labels "$OUT/long.mp3.labels.txt" --quiet)
printf 'audio            %8.1f s (%s)\n' "$DUR" "$(soxi "$OUT/long.wav" | grep -E 'Sample Rate|Channels' | tr -s ' ' | tr '\n' ' ')"
printf 'decode (sox)     %8.3f s  %7.0f x RT\n' "$T_SOX" "$(echo "$DUR / $T_SOX" | bc -l)"
printf 'decode (prep)    %8.3f s  %7.0f x RT\n' "$T_DEC" "$(echo "$DUR / $T_DEC" | bc -l)"
printf 'prep align       %8.3f s  %7.0f x RT   (target >= 1000 x)\n' "$T_ALIGN" "$(echo "$DUR / $T_ALIGN" | bc -l)"
printf 'align - decode   %8.3f s   peak memory %d MiB\n' "$(echo "$T_ALIGN - $T_DEC" | bc -l)" "$((RSS_ALIGN / 1024))"
printf 'the same as a 64 kbit/s MP3 (not gated):\n'
printf '  decode (ffmpeg) %8.3f s  %7.0f x RT\n' "$T_MP3_FFMPEG" "$(echo "$DUR / $T_MP3_FFMPEG" | bc -l)"
printf '  decode (prep)   %8.3f s  %7.0f x RT\n' "$T_MP3_DEC" "$(echo "$DUR / $T_MP3_DEC" | bc -l)"
printf '  prep align      %8.3f s  %7.0f x RT\n' "$T_MP3" "$(echo "$DUR / $T_MP3" | bc -l)"
[ "$(echo "$DUR / $T_ALIGN >= 1000" | bc -l)" = 1 ]
