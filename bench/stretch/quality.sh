#!/usr/bin/env bash
# Quality of `prep render --rate R` over the TSM harness clips (5 clips x rates), scored by
# ../shared/tools/tsm/tsm_quality.py, plus the verse-onset error against prep's own time map
# (see quality.py). Prints the means per rate and overall against the issue's targets, and the
# same table for sonic measured in the same run (PEERS=sonic; PEERS="" to skip).
#
#   bench/stretch/quality.sh                      # RATES=0.75,1.25,1.5,2.0 JOBS=2
#   TSM_WORK=/tmp/tsm RATES=1.5,2.0 bench/stretch/quality.sh
set -euo pipefail
REPO=$(cd "$(dirname "$0")/../.." && pwd)
TSM=${TSM_TOOLS:-$REPO/../shared/tools/tsm}
[ -d "$TSM" ] || TSM=/work/shared/tools/tsm
export TSM_TOOLS=$TSM
export TSM_WORK=${TSM_WORK:-$REPO/build/tsm}
RATES=${RATES:-0.75,1.25,1.5,2.0}
JOBS=${JOBS:-2}
PEERS=${PEERS-sonic}
mkdir -p "$TSM_WORK"
(cd "$REPO" && swift build -c release --product prep >/dev/null)
[ -f "$TSM_WORK/clips/c1_slt_genesis_44k.wav" ] || "$TSM/gen_clips.sh" >/dev/null
echo "== prep (results: $TSM_WORK/results/prep.jsonl)"
python3 "$REPO/bench/stretch/quality.py" --prep "$REPO/.build/release/prep" --work "$TSM_WORK" \
  --rates "$RATES" --jobs "$JOBS" --tag prep
for peer in $PEERS; do
  echo; echo "== $peer, same clips, same run"
  python3 "$REPO/bench/stretch/quality.py" --tool "$peer" --work "$TSM_WORK" --rates "$RATES" --jobs "$JOBS"
done
