#!/bin/bash
# Builds a prep.mk project on Slurm: job arrays with one task per chapter (cluster/chapter.sh,
# `make chapter/<BOOK>.<CH>`), then one job that runs `make` (collect and validate) once every
# task has succeeded (--dependency=afterok).
#
#   cluster/submit.sh [--wait] [extra sbatch options...]
#
# Run it in the project folder (the folder of the Makefile that includes prep.mk), which every
# node must see at the same path (a shared filesystem): the tasks start there (--chdir). Before
# submitting it runs `make prep-setup` (books split into chapters, option stamps, folders: the
# state the tasks then only read) and `make -s prep-chapter-list` here. Without --wait it prints
# the job ids and returns; with --wait it returns when the collect job has ended: 0 when every
# chapter and the collect succeeded, 1 when any failed (a failed task cancels the collect).
#
# Environment: MAKE_ARGS (passed to every make, e.g. "-f project.mk"); CPUS_PER_TASK (default 1);
# LOG_DIR (the chapter list and the jobs' logs, default slurm-logs; keep it out of PREP_OUT);
# ARRAY_MAX (tasks per array, default 1000: Slurm's default MaxArraySize is 1001, a Bible has
# 1,189 chapters, so longer lists go in several arrays); ARRAY_LIMIT (at most this many tasks of
# an array at once, the %N of --array; default none).
set -euo pipefail

wait_flag=()
if [ "${1:-}" = --wait ]; then wait_flag=(--wait); shift; fi
here=$(cd "$(dirname "$0")" && pwd)
LOG_DIR=${LOG_DIR:-slurm-logs}
ARRAY_MAX=${ARRAY_MAX:-1000}
export MAKE_ARGS=${MAKE_ARGS:-}
mkdir -p "$LOG_DIR"
list=$LOG_DIR/chapters.txt

# shellcheck disable=SC2086 # MAKE_ARGS is a list of make arguments
make --no-print-directory -s $MAKE_ARGS prep-setup
# shellcheck disable=SC2086
make --no-print-directory -s $MAKE_ARGS prep-chapter-list >"$list.tmp" && mv -f "$list.tmp" "$list"
count=$(grep -c . "$list" || true)
[ "$count" -gt 0 ] || { echo "$PWD: prep.mk finds no chapter to build (make -s prep-chapter-list is empty); check PREP_RECORDINGS." >&2; exit 1; }

# One array per ARRAY_MAX chapters; a task builds line CHAPTER_OFFSET + its index.
arrays=()
for ((offset = 0; offset < count; offset += ARRAY_MAX)); do
  last=$((count - offset < ARRAY_MAX ? count - offset - 1 : ARRAY_MAX - 1))
  id=$(sbatch --parsable --job-name=prep-chapter --array="0-$last${ARRAY_LIMIT:+%$ARRAY_LIMIT}" \
    --cpus-per-task="${CPUS_PER_TASK:-1}" --chdir="$PWD" --export="ALL,CHAPTER_OFFSET=$offset" \
    --output="$LOG_DIR/chapter-%A_%a.log" "$@" "$here/chapter.sh" "$list")
  id=${id%%;*}
  arrays+=("$id")
  echo "chapters $((offset + 1))-$((offset + last + 1)) of $count: job array $id"
done

dependency=afterok$(printf ':%s' "${arrays[@]}")
status=0
collect=$(sbatch --parsable "${wait_flag[@]}" --job-name=prep-collect --dependency="$dependency" \
  --kill-on-invalid-dep=yes --chdir="$PWD" --export=ALL --output="$LOG_DIR/collect-%j.log" "$@" \
  --wrap="make --no-print-directory $MAKE_ARGS") || status=$?
collect=${collect%%;*}
echo "collect: job $collect (after ${arrays[*]})"
if [ ${#wait_flag[@]} = 0 ]; then
  [ "$status" = 0 ] || { echo "cluster: sbatch did not take the collect job (status $status)." >&2; exit 1; }
  exit 0
fi

# sbatch --wait gives the job's exit code, but 0 for a job cancelled because a task failed: ask
# the controller how it ended (it keeps ended jobs for MinJobAge, 300 s by default).
ended=$(scontrol show job -o "$collect" 2>/dev/null | grep -o 'JobState=[A-Z_]*' | cut -d= -f2 | sort -u | paste -sd,)
if [ "$status" = 0 ] && [ "$ended" = COMPLETED ]; then exit 0; fi
for id in "${arrays[@]}"; do
  scontrol show job -o "$id" 2>/dev/null | grep -v 'JobState=COMPLETED' \
    | sed -n 's/.*ArrayJobId=\([0-9]*\) ArrayTaskId=\([0-9]*\).*JobState=\([A-Z_]*\).*ExitCode=\([0-9:]*\).*/chapter task \1_\2: \3, exit code \4/p' >&2
done
echo "cluster: the collect job $collect ended ${ended:-unknown to the controller}, not COMPLETED: see" \
  "$LOG_DIR/chapter-*.log (a failed chapter task cancels it) and $LOG_DIR/collect-$collect.log." >&2
exit 1
