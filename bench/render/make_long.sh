#!/usr/bin/env bash
# A long recording for the render's memory bench: samples/john1_slt.mp3 end to end until it
# reaches MINUTES, with the text renumbered 1…N to match.
#
#   bash bench/render/make_long.sh MINUTES OUT   → OUT/long<MINUTES>.wav, OUT/long<MINUTES>.txt
#
# Reuses existing files.
set -euo pipefail
minutes=$1 out=$2
mkdir -p "$out"
wav="$out/long$minutes.wav" txt="$out/long$minutes.txt"
[ -s "$wav" ] && [ -s "$txt" ] && exit 0
one="$out/john1.wav"
[ -s "$one" ] || sox samples/john1_slt.mp3 "$one"
seconds=$(soxi -D "$one")
copies=$(awk -v m="$minutes" -v s="$seconds" 'BEGIN { c = int(m * 60 / s); if (c * s < m * 60) c++; print c }')
# shellcheck disable=SC2046
sox $(for _ in $(seq "$copies"); do echo "$one"; done) "$wav.tmp.wav"
mv "$wav.tmp.wav" "$wav"
awk -F'\t' -v copies="$copies" '{ line[NR] = $2 } END {
  n = 0; for (c = 1; c <= copies; c++) for (i = 1; i <= NR; i++) printf "%d\t%s\n", ++n, line[i] }' \
  samples/john1.txt >"$txt.tmp"
mv "$txt.tmp" "$txt"
