#!/usr/bin/env bash
# Render speed against the nearest ffmpeg chain, measured in the same run on one core each.
#
# prep:   prep render john1_slt.mp3 --text john1.usfm --rate 1.5 --bed bed_pad.flac --bed-only
#         --format mp3 --no-stems   (aligns, stretches, loops + ducks the bed, normalises with the
#         true-peak limiter, encodes, measures the MP3 and corrects it, tags, sidecars, record)
# ffmpeg: atempo=1.5 + looped bed (−18 dB) via amix + two-pass loudnorm (I=−16, TP=−1) + libmp3lame
#         128k: no alignment, no ducking, no chapters, no verification of the encoded file.
# Prints both times, the ratio prep/ffmpeg, and both files' loudness as ffmpeg measures it.
set -euo pipefail
cd "$(dirname "$0")/../.."
PREP=${PREP:-.build/release/prep}
WORK=build/bench/render
RECORDING=${RECORDING:-samples/john1_slt.mp3}
TEXT=${TEXT:-samples/john1.usfm}
BED=${BED:-samples/bed_pad.flac}
RATE=${RATE:-1.5}
rm -rf "$WORK" && mkdir -p "$WORK/prep" "$WORK/ffmpeg"
base=$(basename "${RECORDING%.*}")
bed=$(basename "${BED%.*}")

# shellcheck source=../timing.sh
source bench/timing.sh
seconds() {  # command… → wall seconds on core 0 (stdout/stderr kept in $WORK/last.log)
  local wall rss
  read -r wall rss < <(TIMED_LOG="$WORK/last.log" timed 0 "$@") || return 1
  echo "$wall"
}

loudness() {  # file → "I LUFS, TP dBTP" by ffmpeg's ebur128
  ffmpeg -nostats -hide_banner -i "$1" -af ebur128=peak=true -f null - 2>&1 |
    awk '/Integrated loudness:/ {s=1} s && /I:/ {i=$2} /True peak:/ {t=1} t && /Peak:/ {p=$2} END {printf "%s LUFS, %s dBTP", i, p}'
}

prep_s=$(seconds "$PREP" render "$RECORDING" --text "$TEXT" --rate "$RATE" --bed "$BED" --bed-only \
  --format mp3 --no-stems --output-dir "$WORK/prep" --quiet)
prep_file="$WORK/prep/$base.${RATE}x-$bed.mp3"

ffmpeg_chain() {
  local graph="[0:a]atempo=$RATE[v];[1:a]volume=-18dB[b];[v][b]amix=inputs=2:duration=first:normalize=0"
  local measured
  measured=$(ffmpeg -hide_banner -nostats -i "$RECORDING" -stream_loop -1 -i "$BED" -filter_complex \
    "$graph,loudnorm=I=-16:TP=-1:LRA=11:print_format=json" -f null - 2>&1 | sed -n '/^{/,/^}/p')
  get() { echo "$measured" | sed -n "s/.*\"$1\" : \"\\(.*\\)\".*/\\1/p"; }
  ffmpeg -hide_banner -nostats -y -i "$RECORDING" -stream_loop -1 -i "$BED" -filter_complex \
    "$graph,loudnorm=I=-16:TP=-1:LRA=11:measured_I=$(get input_i):measured_TP=$(get input_tp):measured_LRA=$(get input_lra):measured_thresh=$(get input_thresh):offset=$(get target_offset):linear=true" \
    -ar 48000 -c:a libmp3lame -b:a 128k "$WORK/ffmpeg/$base.$RATE.mp3"
}
export -f ffmpeg_chain
export RECORDING BED RATE WORK base
ffmpeg_s=$(seconds bash -c ffmpeg_chain)

echo "render benchmark: $(basename "$RECORDING") at ${RATE}× with $(basename "$BED"), MP3, one core"
printf '%-34s %6.2f s   %s\n' "prep render (one variant)" "$prep_s" "$(loudness "$prep_file")"
printf '%-34s %6.2f s   %s\n' "ffmpeg atempo+amix+loudnorm×2+lame" "$ffmpeg_s" "$(loudness "$WORK/ffmpeg/$base.$RATE.mp3")"
awk -v p="$prep_s" -v f="$ffmpeg_s" 'BEGIN { printf "time ratio prep / ffmpeg: %.2f\n", p / f }'
