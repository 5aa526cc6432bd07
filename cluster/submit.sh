#!/bin/bash
# Renders a chapter list on Slurm: job arrays with one task per chapter (cluster/chapter.sh),
# then one job that collects the catalogue once every task has succeeded (--dependency=afterok).
#
#   cluster/submit.sh [--wait] LIST OUT_DIR [extra sbatch options...]
#
# Run it from the project folder, which every node must see at the same path (a shared
# filesystem): the tasks start there (--chdir), so LIST's relative paths, PREP and OUT_DIR mean
# the same on every node. Without --wait it prints the job ids and returns; with --wait it
# returns when the collect job has ended: 0 when every chapter and the collect succeeded, 1 when
# any failed (a failed task cancels the collect).
#
# Environment: PREP, RATES, BEDS, FORMATS (see cluster/chapter.sh; exported to the tasks);
# TITLE (catalogue title, default "prep"); CPUS_PER_TASK (default 1); LOG_DIR (task logs,
# default slurm-logs; kept out of OUT_DIR so the output folder holds only what prep wrote);
# ARRAY_MAX (tasks per array, default 1000: Slurm's default MaxArraySize is 1001, a Bible has
# 1,189 chapters, so longer lists go in several arrays); ARRAY_LIMIT (at most this many tasks of
# an array at once, the %N of --array; default none).
set -euo pipefail

wait_flag=()
if [ "${1:-}" = --wait ]; then wait_flag=(--wait); shift; fi
[ $# -ge 2 ] || { echo "usage: cluster/submit.sh [--wait] LIST OUT_DIR [sbatch options...]" >&2; exit 64; }
list=$1 out=$2
shift 2
[ -r "$list" ] || { echo "$list: cannot read the chapter list; check the path." >&2; exit 1; }
count=$(grep -c . "$list" || true)
[ "$count" -gt 0 ] || { echo "$list: the chapter list is empty; add one line per chapter." >&2; exit 1; }
[ "$count" -eq "$(wc -l <"$list")" ] || {
  echo "$list: has empty lines; remove them (a task's index is its line number)." >&2
  exit 1
}

here=$(cd "$(dirname "$0")" && pwd)
export PREP=${PREP:-.build/release/prep}
export RATES=${RATES:-1,1.5} BEDS=${BEDS:-samples/bed_pad.flac} FORMATS=${FORMATS:-mp3,opus}
TITLE=${TITLE:-prep}
LOG_DIR=${LOG_DIR:-slurm-logs}
ARRAY_MAX=${ARRAY_MAX:-1000}
mkdir -p "$out" "$LOG_DIR"

# One array per ARRAY_MAX chapters; a task renders line CHAPTER_OFFSET + its index.
arrays=()
for ((offset = 0; offset < count; offset += ARRAY_MAX)); do
  last=$((count - offset < ARRAY_MAX ? count - offset - 1 : ARRAY_MAX - 1))
  id=$(sbatch --parsable --job-name=prep-chapter --array="0-$last${ARRAY_LIMIT:+%$ARRAY_LIMIT}" \
    --cpus-per-task="${CPUS_PER_TASK:-1}" --chdir="$PWD" --export="ALL,CHAPTER_OFFSET=$offset" \
    --output="$LOG_DIR/chapter-%A_%a.log" "$@" "$here/chapter.sh" "$list" "$out")
  id=${id%%;*}
  arrays+=("$id")
  echo "chapters $((offset + 1))-$((offset + last + 1)) of $count: job array $id"
done

printf -v collect_cmd '%q collect %q --title %q --output %q --quiet && %q validate %q --quiet' \
  "$PREP" "$out" "$TITLE" "$out/manifest.json" "$PREP" "$out/manifest.json"
dependency=afterok$(printf ':%s' "${arrays[@]}")
collect=$(sbatch --parsable "${wait_flag[@]}" --job-name=prep-collect --dependency="$dependency" \
  --kill-on-invalid-dep=yes --chdir="$PWD" --export=ALL --output="$LOG_DIR/collect-%j.log" "$@" \
  --wrap="$collect_cmd") || status=$?
collect=${collect%%;*}
echo "collect: job $collect (after ${arrays[*]})"
if [ ${#wait_flag[@]} = 0 ]; then
  [ "${status:-0}" = 0 ] || { echo "cluster: sbatch did not take the collect job (status $status)." >&2; exit 1; }
  exit 0
fi

# sbatch --wait gives the job's exit code, but 0 for a job cancelled because a task failed: ask
# the controller how it ended (it keeps ended jobs for MinJobAge, 300 s by default).
state() { scontrol show job -o "$1" 2>/dev/null | grep -o 'JobState=[A-Z_]*' | sort -u | cut -d= -f2 | paste -sd,; }
ended=$(state "$collect")
if [ "${status:-0}" = 0 ] && [ "$ended" = COMPLETED ]; then exit 0; fi
for id in "${arrays[@]}"; do
  scontrol show job -o "$id" 2>/dev/null | grep -v 'JobState=COMPLETED' \
    | sed -n 's/.*ArrayJobId=\([0-9]*\) ArrayTaskId=\([0-9]*\).*JobState=\([A-Z_]*\).*ExitCode=\([0-9:]*\).*/chapter task \1_\2: \3, exit code \4/p' >&2
done
echo "cluster: the collect job $collect ended ${ended:-unknown to the controller}, not COMPLETED: see" \
  "$LOG_DIR/chapter-*.log (a failed chapter task cancels it) and $LOG_DIR/collect-$collect.log." >&2
exit 1
