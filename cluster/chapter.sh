#!/bin/bash
# One chapter, every narrator (ingest -> align -> render): the task of a Slurm job array.
#
#   cluster/chapter.sh LIST [INDEX]
#
# Runs in the project folder (sbatch --chdir): the folder of the Makefile that includes prep.mk,
# the same Makefile and variables as a local build. LIST holds one chapter key a line
# (`make -s prep-chapter-list`: JHN.1, PSA.23, ...); INDEX is the 0-based line, in an array task
# $CHAPTER_OFFSET + $SLURM_ARRAY_TASK_ID (submit.sh splits long lists into arrays of at most
# ARRAY_MAX tasks). MAKE_ARGS (optional) is passed to make, e.g. "-f project.mk".
# prep writes every file atomically, so a task killed at any point leaves nothing half-written,
# and a task run again renders only what is missing or out of date.
set -euo pipefail

usage() {
  echo "usage: cluster/chapter.sh LIST [INDEX] (INDEX: 0-based line; in an array task \$CHAPTER_OFFSET + \$SLURM_ARRAY_TASK_ID)" >&2
  exit 64
}
[ $# -ge 1 ] && [ $# -le 2 ] || usage
list=$1
if [ $# -eq 2 ]; then
  index=$2
else
  [[ ${SLURM_ARRAY_TASK_ID:-} =~ ^[0-9]+$ ]] || usage
  index=$((${CHAPTER_OFFSET:-0} + SLURM_ARRAY_TASK_ID))
fi
[[ $index =~ ^[0-9]+$ ]] || usage
[ -r "$list" ] || { echo "$list: cannot read the chapter list; check the path." >&2; exit 1; }

# The one place that runs a chapter: prep.mk's per-chapter target.
prep_chapter() { # KEY
  # shellcheck disable=SC2086 # MAKE_ARGS is a list of make arguments
  make --no-print-directory ${MAKE_ARGS:-} "chapter/$1"
}

key=$(sed -n "$((index + 1))p" "$list")
[ -n "$key" ] || {
  echo "$list: has no chapter at index $index (0-based); submit one task per line (cluster/submit.sh does)." >&2
  exit 64
}
echo "chapter $key (task $index of $list) on $(hostname)"
prep_chapter "$key"
