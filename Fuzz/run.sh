#!/usr/bin/env bash
# Builds the libFuzzer harnesses (Fuzz/) into .build-fuzz (or $FUZZ_SCRATCH) and runs each one in turn:
#   Fuzz/run.sh SECONDS [RUNS] [HARNESS...]
# Each runs until SECONDS have passed or RUNS inputs were tried (0: no limit). The corpus grows
# in build/fuzz-corpus/<harness>/ (seeded from samples/, Fuzz/Seeds/ and build/samples/ when
# built); a crashing input is saved as build/fuzz-crashes/<harness>-crash-<sha1>. Prints one
# line per harness (runs, speed, crashes) and exits 1 if any harness crashed.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:?usage: Fuzz/run.sh SECONDS [RUNS] [HARNESS...]}
runs=${2:-0}
shift $(($# < 2 ? $# : 2))
harnesses=("$@")
[ ${#harnesses[@]} -gt 0 ] || harnesses=(USFM PlainText Labels Records WAVHeader OggFLACTags ID3Tag AlignFromRecord)
out=${OUT:-build/samples}
scratch=${FUZZ_SCRATCH:-.build-fuzz}

# Per harness: its libFuzzer dictionary (Fuzz/Seeds/<name>.dict, or none) and its seeds
# (globs of files; missing ones are skipped).
dict() {
  case $1 in
    USFM) echo usfm ;; PlainText) echo plaintext ;; Labels) echo labels ;; Records) echo records ;;
    WAVHeader) echo wav ;; OggFLACTags) echo oggflac ;; AlignFromRecord) echo records ;;
    *) echo none ;;
  esac
}
seeds() {
  case $1 in
    USFM) echo samples/*.usfm ;;
    PlainText) echo samples/*.txt ;;
    Labels) echo Fuzz/Seeds/labels/* "$out"/*.labels.txt "$out"/*.phrases.txt ;;
    Records) echo Fuzz/Seeds/records/* Tests/ManifestTests/Snapshots/*.variant.json "$out"/*.json ;;
    WAVHeader) echo Fuzz/Seeds/wav/* ;;
    OggFLACTags) echo Fuzz/Seeds/oggflac/* ;;
    ID3Tag) echo Fuzz/Seeds/id3/* ;;
    AlignFromRecord) echo Fuzz/Seeds/align/* ;;
    *) echo "Fuzz/run.sh: no harness named $1 (see Fuzz/)" >&2; exit 64 ;;
  esac
}

for h in "${harnesses[@]}"; do
  seeds "$h" >/dev/null
  if ! built=$(PREP_FUZZ=1 swift build -c release --scratch-path "$scratch" --product "Fuzz$h" \
    -Xswiftc -sanitize=fuzzer,address -Xswiftc -enable-testing 2>&1); then
    echo "$built" | grep -v '__asan_extra_spill_area' >&2
    echo "Fuzz/run.sh: Fuzz$h did not build (output above)" >&2
    exit 1
  fi
done

mkdir -p build/fuzz-crashes build/fuzz-logs
failed=0
for h in "${harnesses[@]}"; do
  corpus=build/fuzz-corpus/$h
  seed=build/fuzz-seeds/$h
  mkdir -p "$corpus" "$seed"
  for f in $(seeds "$h"); do [ -f "$f" ] && cp "$f" "$seed/"; done
  log=build/fuzz-logs/$h.log
  status=0
  options=(-max_total_time="$seconds" -runs="$((runs > 0 ? runs : -1))" -print_final_stats=1
    -artifact_prefix="build/fuzz-crashes/$h-")
  [ "$(dict "$h")" = none ] || options+=(-dict="Fuzz/Seeds/$(dict "$h").dict")
  # No leak check: Foundation's FileManager.contents(atPath:) leaves its last buffer to LSan.
  # No Swift backtracer: libFuzzer's own handler must catch a trap to save the input.
  ASAN_OPTIONS=detect_leaks=0 SWIFT_BACKTRACE=enable=no \
    "$scratch/release/Fuzz$h" "$corpus" "$seed" "${options[@]}" >"$log" 2>&1 || status=$?
  executed=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  speed=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)
  if [ "$status" -eq 0 ]; then
    echo "Fuzz$h: ${executed:-?} runs (${speed:-?}/s), 0 crashes"
  else
    failed=1
    echo "Fuzz$h: CRASH after ${executed:-?} runs (exit $status); input in build/fuzz-crashes/, log $log"
    grep -a -m2 -E "==[0-9]+== ?ERROR|Swift runtime failure|Fatal error|Precondition failed" "$log" || true
  fi
done
exit $failed
