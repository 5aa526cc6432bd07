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
#                              untimed) at prep's encoder settings: lame -b 128 -q 7 and libopus 48k
#                              (complexity 7, constrained VBR; ffmpeg), side by side
#      ffmpeg chain            per variant: loudnorm pass 1, then atempo + looped bed −18 dB (amix)
#                              + loudnorm linear → libmp3lame 128k + libopus 48k; variants side by side
#    BASELINE=path/to/prep adds two rows: that binary's one call on every core and with
#    --jobs 1 (an earlier build, measured in the same run as this one).
# 2. Peak RSS of one `prep render` on long recordings (john1 end to end): MINUTES (default
#    15 30 120), one variant (rate 1, no bed, MP3) and all 18, from ingest + align records,
#    /usr/bin/time -v (bench/render/memory.sh).
set -euo pipefail
cd "$(dirname "$0")/../.."
PREP=${PREP:-.build/release/prep}
WORK=build/bench/render
RECORDING=samples/john1_slt.mp3
TEXT=samples/john1.usfm
BEDS=(samples/bed_pad.flac samples/bed_bells.mp3)
RATES=(1 1.5 2)
MINUTES=${MINUTES:-15 30 120}
CORES=$(nproc)
CPUS=0-$((CORES - 1))
rm -rf "$WORK/run" && mkdir -p "$WORK/run"/{prep,prep1,rates,premix,encode,ffmpeg}
run=$WORK/run
base=$(basename "${RECORDING%.*}")

# "wall_seconds cpu_seconds peak_rss_kb" of one command on cpus $CPUS (cpu = user + system of
# the command and its children: on a shared machine the CPU seconds are the steadier measure).
wall() {
  local t
  t=$(mktemp)
  if ! /usr/bin/time -f '%e %U %S %M' -o "$t" taskset -c "$CPUS" "$@" >"$run/last.log" 2>&1; then
    cat "$run/last.log" >&2
    rm -f "$t"
    return 1
  fi
  tail -1 "$t" | awk '{ printf "%s %.2f %s\n", $1, $2 + $3, $4 }'
  rm -f "$t"
}

common=("$RECORDING" --text "$TEXT" --rate "$(IFS=,; echo "${RATES[*]}")" --bed "${BEDS[0]}" --bed "${BEDS[1]}"
  --no-stems --narrator slt --quiet)
read -r t_prep c_prep rss_prep < <(wall "$PREP" render "${common[@]}" --format mp3,opus --output-dir "$run/prep")
read -r t_prep1 c_prep1 _ < <(wall "$PREP" render "${common[@]}" --format mp3,opus --jobs 1 --output-dir "$run/prep1")
BASELINE=${BASELINE:-}
if [ -n "$BASELINE" ]; then
  mkdir -p "$run"/{base,base1}
  read -r t_base c_base _ < <(wall "$BASELINE" render "${common[@]}" --format mp3,opus --output-dir "$run/base")
  read -r t_base1 c_base1 _ < <(wall "$BASELINE" render "${common[@]}" --format mp3,opus --jobs 1 --output-dir "$run/base1")
fi
export PREP RECORDING TEXT CORES run base
export RATES_LIST="${RATES[*]}" BEDS_LIST="${BEDS[*]}" BED_ARGS="--bed ${BEDS[0]} --bed ${BEDS[1]}"
per_rate() {
  for rate in $RATES_LIST; do echo "$rate"; done | xargs -P "$CORES" -I{} bash -c \
    '"$PREP" render "$RECORDING" --text "$TEXT" --rate {} $BED_ARGS --no-stems --narrator slt --quiet --format mp3,opus --output-dir "$run/rates"'
}
export -f per_rate
read -r t_rates c_rates _ < <(wall bash -c per_rate)

# The premixes, normalised, as float WAV (untimed): what the encoders alone start from.
"$PREP" render "${common[@]}" --format wavf --output-dir "$run/premix"
encode_only() {
  find "$run/premix" -name '*.wav' | sort | while read -r wav; do
    name=$(basename "${wav%.wav}")
    # prep's settings (LAME -q 7; Opus complexity 7, constrained VBR): only the encoders are compared.
    echo "lame --quiet -b 128 -q 7 $wav $run/encode/$name.mp3"
    echo "ffmpeg -v error -y -i $wav -ar 48000 -c:a libopus -b:a 48k -compression_level 7 -vbr constrained $run/encode/$name.opus"
  done | xargs -P "$CORES" -I{} bash -c '{}'
}
export -f encode_only
read -r t_encode c_encode _ < <(wall bash -c encode_only)

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
read -r t_ffmpeg c_ffmpeg _ < <(wall bash -c ffmpeg_all)

files=$(find "$run/prep" -name '*.mp3' -o -name '*.opus' | wc -l)
audio=$(find "$run/prep" -name '*.mp3' -exec soxi -D {} + | awk '{ s += $1 } END { printf "%.0f", 2 * s }')
echo "render benchmark: $base at ${RATES[*]}×, none + ${#BEDS[@]} beds, MP3 + Opus, no stems:" \
  "$files files, $audio s of audio, $CORES cores (cpus $CPUS)"
printf '%-38s %8s %8s  %s\n' "" "wall s" "CPU s" "wall ÷ encode-only, ÷ ffmpeg | CPU ÷ encode-only, ÷ ffmpeg"
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'; }
row() { printf '%-38s %8.2f %8.2f  %5s× %5s×  | %5s× %5s×\n' "$1" "$2" "$3" \
  "$(ratio "$2" "$t_encode")" "$(ratio "$2" "$t_ffmpeg")" "$(ratio "$3" "$c_encode")" "$(ratio "$3" "$c_ffmpeg")"; }
row "prep render, one call (all cores)" "$t_prep" "$c_prep"
row "prep render, one call, --jobs 1" "$t_prep1" "$c_prep1"
row "prep render per rate, side by side" "$t_rates" "$c_rates"
if [ -n "$BASELINE" ]; then
  row "baseline prep, one call (all cores)" "$t_base" "$c_base"
  row "baseline prep, one call, --jobs 1" "$t_base1" "$c_base1"
fi
row "encode only (lame + libopus)" "$t_encode" "$c_encode"
row "ffmpeg chain (2-pass loudnorm)" "$t_ffmpeg" "$c_ffmpeg"
printf 'peak RSS of the one-call render: %d MB\n' $((rss_prep / 1024))

# Memory on long recordings (bench/render/memory.sh): MINUTES (default 15 30 120), one variant
# and all 18.
MINUTES="$MINUTES" bash bench/render/memory.sh
