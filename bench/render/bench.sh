#!/usr/bin/env bash
# Render throughput and memory, each against peers measured in the same run (the machine is
# shared, so only ratios within one run mean anything).
#
# 1. The chapter of issue #10: samples/john1_slt.mp3 (115 s) at rates 1, 1.5, 2, without a bed
#    and over both sample beds, MP3 + Opus, no stems: 18 files, ~1,500 s of audio, every core.
#      prep (one call)         prep render … --rate 1,1.5,2 --bed … --bed … --format mp3,opus
#      prep --jobs 1           the same call on one core
#      prep per rate           one prep render per rate, side by side (the Makefile's way)
#      encode only             the same 18 files from ready premixes (WAV, written by prep beforehand,
#                              untimed): lame -b 128 and libopus 48k (ffmpeg), side by side
#      ffmpeg chain            per variant: loudnorm pass 1, then atempo + looped bed −18 dB (amix)
#                              + loudnorm linear → libmp3lame 128k + libopus 48k; variants side by side
# 2. Peak RSS of one `prep render` on long recordings (john1 end to end): MINUTES (default 10 30)
#    one variant (rate 1, no bed, MP3), from ingest + align records, /usr/bin/time.
set -euo pipefail
cd "$(dirname "$0")/../.."
PREP=${PREP:-.build/release/prep}
WORK=build/bench/render
RECORDING=samples/john1_slt.mp3
TEXT=samples/john1.usfm
BEDS=(samples/bed_pad.flac samples/bed_bells.mp3)
RATES=(1 1.5 2)
MINUTES=${MINUTES:-10 30}
CORES=$(nproc)
CPUS=0-$((CORES - 1))
rm -rf "$WORK/run" && mkdir -p "$WORK/run"/{prep,prep1,rates,premix,encode,ffmpeg}
run=$WORK/run
base=$(basename "${RECORDING%.*}")

# shellcheck source=../timing.sh
source bench/timing.sh
wall() { local w r; read -r w r < <(TIMED_LOG="$run/last.log" timed "$CPUS" "$@") || return 1; echo "$w $r"; }

common=("$RECORDING" --text "$TEXT" --rate "$(IFS=,; echo "${RATES[*]}")" --bed "${BEDS[0]}" --bed "${BEDS[1]}"
  --no-stems --narrator slt --quiet)
read -r t_prep rss_prep < <(wall "$PREP" render "${common[@]}" --format mp3,opus --output-dir "$run/prep")
read -r t_prep1 _ < <(wall "$PREP" render "${common[@]}" --format mp3,opus --jobs 1 --output-dir "$run/prep1")
export PREP RECORDING TEXT CORES run base
export RATES_LIST="${RATES[*]}" BEDS_LIST="${BEDS[*]}" BED_ARGS="--bed ${BEDS[0]} --bed ${BEDS[1]}"
per_rate() {
  for rate in $RATES_LIST; do echo "$rate"; done | xargs -P "$CORES" -I{} bash -c \
    '"$PREP" render "$RECORDING" --text "$TEXT" --rate {} $BED_ARGS --no-stems --narrator slt --quiet --format mp3,opus --output-dir "$run/rates"'
}
export -f per_rate
read -r t_rates _ < <(wall bash -c per_rate)

# The premixes, normalised, as float WAV (untimed): what the encoders alone start from.
"$PREP" render "${common[@]}" --format wavf --output-dir "$run/premix"
encode_only() {
  find "$run/premix" -name '*.wav' | sort | while read -r wav; do
    name=$(basename "${wav%.wav}")
    echo "lame --quiet -b 128 $wav $run/encode/$name.mp3"
    echo "ffmpeg -v error -y -i $wav -ar 48000 -c:a libopus -b:a 48k $run/encode/$name.opus"
  done | xargs -P "$CORES" -I{} bash -c '{}'
}
export -f encode_only
read -r t_encode _ < <(wall bash -c encode_only)

ffmpeg_variant() {  # RATE BED|none → pass 1 measure, pass 2 encode both formats
  local rate=$1 bed=$2 graph inputs=(-i "$RECORDING") measured out="$run/ffmpeg/$base.${1}x-$(basename "${2%.*}")"
  if [ "$bed" = none ]; then
    graph="[0:a]atempo=$rate"
  else
    inputs+=(-stream_loop -1 -i "$bed")
    graph="[0:a]atempo=$rate[v];[1:a]volume=-18dB[b];[v][b]amix=inputs=2:duration=first:normalize=0"
  fi
  measured=$(ffmpeg -hide_banner -nostats "${inputs[@]}" -filter_complex \
    "$graph,loudnorm=I=-16:TP=-1:LRA=11:print_format=json" -f null - 2>&1 | sed -n '/^{/,/^}/p')
  get() { echo "$measured" | sed -n "s/.*\"$1\" : \"\\(.*\\)\".*/\\1/p"; }
  ffmpeg -hide_banner -nostats -v error -y "${inputs[@]}" -filter_complex \
    "$graph,loudnorm=I=-16:TP=-1:LRA=11:measured_I=$(get input_i):measured_TP=$(get input_tp):measured_LRA=$(get input_lra):measured_thresh=$(get input_thresh):offset=$(get target_offset):linear=true,asplit[a][b]" \
    -map '[a]' -ar 48000 -ac 1 -c:a libmp3lame -b:a 128k "$out.mp3" -map '[b]' -ar 48000 -ac 1 -c:a libopus -b:a 48k "$out.opus"
}
export -f ffmpeg_variant
ffmpeg_all() {
  for rate in $RATES_LIST; do for bed in none $BEDS_LIST; do echo "$rate $bed"; done; done |
    xargs -P "$CORES" -L1 bash -c 'ffmpeg_variant "$0" "$1"'
}
export -f ffmpeg_all
read -r t_ffmpeg _ < <(wall bash -c ffmpeg_all)

files=$(find "$run/prep" -name '*.mp3' -o -name '*.opus' | wc -l)
audio=$(find "$run/prep" -name '*.mp3' -exec soxi -D {} + | awk '{ s += $1 } END { printf "%.0f", 2 * s }')
echo "render benchmark: $base at ${RATES[*]}×, none + ${#BEDS[@]} beds, MP3 + Opus, no stems:" \
  "$files files, $audio s of audio, $CORES cores (cpus $CPUS)"
row() { printf '%-40s %7.2f s   %5.2f× encode-only   %5.2f× ffmpeg chain\n' "$1" "$2" \
  "$(echo "$2 / $t_encode" | bc -l)" "$(echo "$2 / $t_ffmpeg" | bc -l)"; }
row "prep render, one call (all cores)" "$t_prep"
row "prep render, one call, --jobs 1" "$t_prep1"
row "prep render per rate, side by side" "$t_rates"
row "encode only (lame + libopus)" "$t_encode"
row "ffmpeg chain (2-pass loudnorm)" "$t_ffmpeg"
printf 'peak RSS of the one-call render: %d MB\n' $((rss_prep / 1024))

# Memory on long recordings: ingest + align once (untimed), then the render alone.
for minutes in $MINUTES; do
  bash bench/render/make_long.sh "$minutes" "$WORK/long"
  long=$WORK/long/long$minutes
  [ -s "$long.align.json" ] || {
    "$PREP" ingest "$long.wav" --text "$long.txt" --output "$long.ingest.json" --quiet
    "$PREP" align --record "$long.ingest.json" --labels "$long.labels.txt" --json "$long.align.json" --quiet
  }
  mkdir -p "$run/long$minutes"
  read -r t_long rss_long < <(wall "$PREP" render --ingest "$long.ingest.json" --align "$long.align.json" \
    --rate 1 --format mp3 --no-stems --quiet --output-dir "$run/long$minutes")
  printf 'long recording %4d min, one variant (1x-none mp3): %7.1f s, peak RSS %6d MB\n' \
    "$minutes" "$t_long" $((rss_long / 1024))
done
