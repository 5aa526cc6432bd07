#!/usr/bin/env bash
# Speed of `prep render --rate R` against soundstretch and sonic, measured in the same run on
# the same 5.6-minute file (clip c1 of the TSM harness concatenated 5 times, as in PEERS.md).
# Single core (taskset -c 0), best wall time of REPS runs, ×RT = input seconds / wall seconds
# including process start and WAV I/O; peak RSS from /usr/bin/time.
#
#   bench/stretch/speed.sh                 # RATES="1.5 2.0" REPS=5
#   TSM_WORK=/tmp/tsm RATES="1.25 1.5 2.0 3.0" bench/stretch/speed.sh
#
# Needs: swift, soundstretch, sonic, sox, taskset, /usr/bin/time, python3 (and, if the clips
# are missing, what ../shared/tools/tsm/gen_clips.sh needs).
set -euo pipefail
REPO=$(cd "$(dirname "$0")/../.." && pwd)
TSM=${TSM_TOOLS:-$REPO/../shared/tools/tsm}
[ -d "$TSM" ] || TSM=/work/shared/tools/tsm
export TSM_WORK=${TSM_WORK:-$REPO/build/tsm}
RATES=${RATES:-"1.5 2.0"}
REPS=${REPS:-5}
mkdir -p "$TSM_WORK"
(cd "$REPO" && swift build -c release --product prep >/dev/null)
PREP=$REPO/.build/release/prep
CLIP=$TSM_WORK/clips/c1_slt_genesis_44k.wav
[ -f "$CLIP" ] || "$TSM/gen_clips.sh" >/dev/null
OUT=$TSM_WORK/out/speed
mkdir -p "$OUT"
LONG=$OUT/c1x5.wav
[ -f "$LONG" ] || sox "$CLIP" "$CLIP" "$CLIP" "$CLIP" "$CLIP" "$LONG"
SECONDS_IN=$(soxi -D "$LONG")

# shellcheck source=../timing.sh
source "$REPO/bench/timing.sh"

echo "Input: $LONG ($(printf '%.1f' "$SECONDS_IN") s, $(soxi -r "$LONG") Hz, $(soxi -c "$LONG") ch); best of $REPS, taskset -c 0"
printf "%-6s %-14s %9s %9s %9s\n" rate tool wall_s xRT rss_MB
for R in $RATES; do
  P=$(python3 -c "print(f'{($R-1)*100:.6g}')")
  read -r prep_s prep_kb < <(best_of "$REPS" 0 "$PREP" render "$LONG" --rate "$R" -o "$OUT/prep_$R.wav" --loudness off --quiet)
  read -r st_s st_kb < <(best_of "$REPS" 0 soundstretch "$LONG" "$OUT/st_$R.wav" "-tempo=$P")
  read -r sonic_s sonic_kb < <(best_of "$REPS" 0 sonic -s "$R" "$LONG" "$OUT/sonic_$R.wav")
  for row in "prep $prep_s $prep_kb" "soundstretch $st_s $st_kb" "sonic $sonic_s $sonic_kb"; do
    set -- $row
    printf "%-6s %-14s %9.3f %9.0f %9.1f\n" "$R" "$1" "$2" "$(python3 -c "print($SECONDS_IN/$2)")" "$(python3 -c "print($3/1024)")"
  done
  python3 - "$R" "$SECONDS_IN" "$prep_s" "$st_s" "$sonic_s" <<'PY'
import sys
r, dur, prep, st, sonic = sys.argv[1], *map(float, sys.argv[2:])
print(f"{r:6s} prep/soundstretch speed ratio {st/prep:.2f}x   prep/sonic {sonic/prep:.2f}x   "
      f"(targets: >= {'1500' if r == '1.5' else '1200' if r == '2.0' else '-'} xRT, about 2.5x soundstretch)")
PY
done
