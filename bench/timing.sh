# Sourced by the benchmarks: wall time and peak memory of one command pinned to given cores.
#
#   timed CPUS CMD...        -> "wall_seconds peak_rss_kb" of one run (taskset -c CPUS)
#   best_of N CPUS CMD...    -> "best_wall_seconds highest_peak_rss_kb" over N runs
#
# Wall time is read from the clock in nanoseconds around the run; peak RSS comes from
# /usr/bin/time. The command's output goes to $TIMED_LOG (default: discarded); when it fails,
# that log is printed to stderr and the call fails.

timed() {
  local cpus=$1; shift
  local log=${TIMED_LOG:-/dev/null} rss_file start end
  rss_file=$(mktemp)
  start=$(date +%s%N)
  if ! /usr/bin/time -f '%M' -o "$rss_file" taskset -c "$cpus" "$@" >"$log" 2>&1; then
    [ "$log" = /dev/null ] || cat "$log" >&2
    rm -f "$rss_file"
    return 1
  fi
  end=$(date +%s%N)
  awk -v ns=$((end - start)) -v rss="$(tail -1 "$rss_file")" 'BEGIN { printf "%.6f %d\n", ns / 1e9, rss }'
  rm -f "$rss_file"
}

best_of() {
  local runs=$1 cpus=$2 best="" rss=0 wall kb
  shift 2
  for _ in $(seq 1 "$runs"); do
    read -r wall kb < <(timed "$cpus" "$@") || return 1
    if [ -z "$best" ] || awk -v a="$wall" -v b="$best" 'BEGIN { exit !(a < b) }'; then best=$wall; fi
    [ "$kb" -gt "$rss" ] && rss=$kb
  done
  echo "$best $rss"
}
