#!/bin/bash
# One chapter's pipeline (ingest -> align -> render), the unit of work of a cluster run.
#
#   cluster/chapter.sh LIST INDEX OUT_DIR
#
# LIST is a chapter list (cluster/README.md): one chapter per line, tab-separated
#   RECORDING  TEXT  NARRATOR
# paths relative to the folder the job runs in (sbatch --chdir). INDEX is the 0-based line
# number; in a Slurm array task it defaults to $CHAPTER_OFFSET + $SLURM_ARRAY_TASK_ID (submit.sh
# splits long lists into arrays of at most ARRAY_MAX tasks). Every output goes to OUT_DIR,
# shared by all chapters; prep writes each file atomically, so a task killed at any point leaves
# nothing half-written and a rerun redoes it.
#
# Settings (environment, the same for every chapter of a run):
#   PREP     the prep binary (default .build/release/prep)
#   RATES    comma-separated rates (default 1,1.5)
#   BEDS     space-separated music beds (default samples/bed_pad.flac)
#   FORMATS  render formats (default mp3,opus)
# The render uses the cores Slurm gave the task ($SLURM_CPUS_PER_TASK), else all of them;
# prep's files are byte-identical on any number of cores.
set -euo pipefail

usage() {
  echo "usage: cluster/chapter.sh LIST [INDEX] OUT_DIR (INDEX: 0-based line; in an array task \$CHAPTER_OFFSET + \$SLURM_ARRAY_TASK_ID)" >&2
  exit 64
}
[ $# -ge 2 ] || usage
list=$1
if [ $# -eq 3 ]; then
  index=$2 out=$3
else
  out=$2
  [[ ${SLURM_ARRAY_TASK_ID:-} =~ ^[0-9]+$ ]] || usage
  index=$((${CHAPTER_OFFSET:-0} + SLURM_ARRAY_TASK_ID))
fi
[[ $index =~ ^[0-9]+$ ]] || usage
[ -r "$list" ] || { echo "$list: cannot read the chapter list; check the path." >&2; exit 1; }

PREP=${PREP:-.build/release/prep}
RATES=${RATES:-1,1.5}
BEDS=${BEDS:-samples/bed_pad.flac}
FORMATS=${FORMATS:-mp3,opus}

# The one place that runs a chapter: swap this body for `make -f prep.mk <target>` once the
# includable makefile exists; the rest of the cluster scripts do not change.
prep_chapter() { # RECORDING TEXT NARRATOR OUT_DIR
  local rec=$1 text=$2 narrator=$3 dir=$4
  local name
  name=$(basename "${rec%.*}")
  local jobs=()
  [ -n "${SLURM_CPUS_PER_TASK:-}" ] && jobs=(--jobs "$SLURM_CPUS_PER_TASK")
  local beds=()
  for b in $BEDS; do beds+=(--bed "$b"); done
  "$PREP" ingest "$rec" --text "$text" --output "$dir/$name.ingest.json" --quiet
  "$PREP" align --record "$dir/$name.ingest.json" --labels "$dir/$name.labels.txt" \
    --phrases "$dir/$name.phrases.txt" --json "$dir/$name.align.json" --quiet
  "$PREP" render --ingest "$dir/$name.ingest.json" --align "$dir/$name.align.json" \
    --rate "$RATES" "${beds[@]}" --format "$FORMATS" --narrator "$narrator" \
    --output-dir "$dir" "${jobs[@]}" --quiet
}

line=$(sed -n "$((index + 1))p" "$list")
[ -n "$line" ] || {
  echo "$list: has no chapter at index $index (0-based); submit one task per line (cluster/submit.sh does)." >&2
  exit 64
}
IFS=$'\t' read -r rec text narrator <<<"$line"
[ -n "${narrator:-}" ] || {
  echo "$list: line $((index + 1)) needs three tab-separated fields (recording, text, narrator); add the missing ones." >&2
  exit 1
}
mkdir -p "$out"
prep_chapter "$rec" "$text" "$narrator" "$out"
