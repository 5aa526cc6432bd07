#!/usr/bin/env bash
# An encoder's speed setting against its quality, to choose the default: CODEC=opus (default)
# measures each libopus complexity 0…10 (`Defaults.opusComplexity`), CODEC=mp3 each LAME
# algorithm quality 0…9 at the default 128 kbps (`Defaults.mp3Quality`): what each costs
# (encode speed) and what it gives (PESQ against the uncompressed premix).
#
# Material: every sample recording (samples/<chapter>_<narrator>.*) at rate 1, without a bed
# and over samples/bed_pad.flac: speech alone and speech with music. `--loudness off`, so the
# encoder gets exactly the premix that `--format wavf` writes (no per-codec aiming).
#   quality  PESQ P.862.2 wideband (PyPI `pesq`, 16 kHz) of each file decoded by ffmpeg,
#            against its premix, mean over 10 s segments (bench/render/codec_pesq.py)
#   speed    CPU seconds (user + system) of `prep render --jobs 1 --format opus --opus-complexity N`
#            (or `--format mp3 --mp3-quality N`)
#            minus the same render to `--format wavf`, on one core (taskset), the least of
#            REPEATS runs; × real time = seconds of audio / those CPU seconds. Recording:
#            john1_slt (48 kHz, so no resampling is counted), none + bed_pad (~240 s of audio).
# The default rule: the fastest setting whose PESQ is within 0.1 MOS of the reference setting
# (Opus: complexity 10, its best; MP3: quality 3, LAME's own default and what libsndfile wrote)
# on the mean and on every file (see bench/render/README.md for why 0.1). Settings are tried
# from the fastest by design (Opus: complexity 0 up; MP3: quality 9 down); settings that write
# the same audio count as the best-quality one of them.
# STEPS (default "encode quality speed") runs only some steps over an earlier run's files.
set -euo pipefail
cd "$(dirname "$0")/../.."
PREP=${PREP:-.build/release/prep}
PESQ_PYTHON=${PESQ_PYTHON:-build/pesq-venv/bin/python}
CODEC=${CODEC:-opus}
case $CODEC in
  opus) FLAG=--opus-complexity; ORDER="0 1 2 3 4 5 6 7 8 9 10"; REFERENCE=10 ;;
  mp3) FLAG=--mp3-quality; ORDER="9 8 7 6 5 4 3 2 1 0"; REFERENCE=3 ;;
  *) echo "CODEC is opus or mp3, not $CODEC" >&2; exit 2 ;;
esac
WORK=build/bench/$CODEC
COMPLEXITIES=${COMPLEXITIES:-$ORDER}
REPEATS=${REPEATS:-3}
BED=samples/bed_pad.flac
SPEED=john1_slt
CPU=${CPU:-0}
STEPS=${STEPS:-encode quality speed}
step() { [[ " $STEPS " == *" $1 "* ]]; }

recordings=()
for file in samples/*_*.flac samples/*_*.mp3 samples/*_*.wav; do
  case $(basename "$file") in bed_*) ;; *) recordings+=("$file") ;; esac
done

# Records once (alignment is not what is measured), then premixes and every complexity.
render() {  # NAME FOLDER ARGS… → renders NAME at rate 1, none + bed
  local name=$1 folder=$2
  shift 2
  "$PREP" render --ingest "$WORK/records/$name.ingest.json" --align "$WORK/records/$name.align.json" \
    --bed "$BED" --loudness off --no-stems --narrator bench --quiet --output-dir "$folder" "$@"
}
step encode && rm -rf "$WORK" && mkdir -p "$WORK/records" "$WORK/premix"
for file in "${recordings[@]}"; do
  step encode || break
  name=$(basename "${file%.*}")
  "$PREP" ingest "$file" --text "samples/${name%%_*}.usfm" --output "$WORK/records/$name.ingest.json" --quiet
  "$PREP" align --record "$WORK/records/$name.ingest.json" --labels "$WORK/records/$name.labels.txt" \
    --json "$WORK/records/$name.align.json" --quiet
  render "$name" "$WORK/premix" --format wavf
  for c in $COMPLEXITIES; do
    mkdir -p "$WORK/c$c"
    render "$name" "$WORK/c$c" --format "$CODEC" "$FLAG" "$c"
  done
done

# Quality: one PESQ line per (premix, complexity).
step quality && : >"$WORK/pesq.tsv"
for reference in "$WORK"/premix/*.wav; do
  step quality || break
  name=$(basename "${reference%.wav}")
  files=()
  for c in $COMPLEXITIES; do files+=("$WORK/c$c/$name.$CODEC"); done
  "$PESQ_PYTHON" bench/render/codec_pesq.py "$reference" "${files[@]}" |
    sed -E "s|^$WORK/c([0-9]+)/([^\t]*)\.$CODEC|\1\t\2|" >>"$WORK/pesq.tsv"
done

# Speed: CPU seconds of the render on one core, least of REPEATS (`render` through bash -c, as
# time and taskset run commands, not shell functions).
export -f render
export PREP WORK BED
cpu_seconds() {
  local best="" t
  for _ in $(seq "$REPEATS"); do
    rm -rf "$WORK/speed" && mkdir -p "$WORK/speed"
    /usr/bin/time -f '%U %S' -o "$WORK/time.txt" taskset -c "$CPU" bash -c '"$@"' bench "$@" ||
      { echo "failed: $*" >&2; exit 1; }
    t=$(tail -1 "$WORK/time.txt" | awk '{ printf "%.3f", $1 + $2 }')
    best=$(awk -v a="$best" -v b="$t" 'BEGIN { print (a == "" || b < a) ? b : a }')
  done
  echo "$best"
}
step speed || [ -s "$WORK/speed.tsv" ] || { echo "no $WORK/speed.tsv: run the speed step" >&2; exit 1; }
if step speed; then
base=$(cpu_seconds render "$SPEED" "$WORK/speed" --format wavf --jobs 1)
audio=$(for wav in "$WORK"/premix/"$SPEED".*.wav; do soxi -D "$wav" 2>/dev/null; done | awk '{ s += $1 } END { print s }')
: >"$WORK/speed.tsv"
for c in $COMPLEXITIES; do
  echo -e "$c\t$(cpu_seconds render "$SPEED" "$WORK/speed" --format "$CODEC" "$FLAG" "$c" --jobs 1)" >>"$WORK/speed.tsv"
done
echo -e "$base\t$audio" >"$WORK/speed-base.tsv"
fi
read -r base audio <"$WORK/speed-base.tsv"

# The table (also in $WORK/table.md) and the rule's choice.
export WORK base audio CODEC REFERENCE COMPLEXITIES
python3 - <<'PY' | tee "$WORK/table.md"
import collections, hashlib, os, subprocess
work, base, audio = os.environ["WORK"], float(os.environ["base"]), float(os.environ["audio"])
codec, best = os.environ["CODEC"], int(os.environ["REFERENCE"])
order = [int(c) for c in os.environ["COMPLEXITIES"].split()]
name_of = {"opus": "complexity", "mp3": "quality"}[codec]
pesq = collections.defaultdict(dict)
for line in open(f"{work}/pesq.tsv"):
    c, name, score, _ = line.rstrip("\n").split("\t")
    pesq[int(c)][name] = float(score)
speed = {int(c): float(s) for c, s in (l.split() for l in open(f"{work}/speed.tsv"))}
sizes = {c: sum(os.path.getsize(f"{work}/c{c}/{n}.{codec}") for n in pesq[c]) for c in pesq}
def decoded(path):  # the audio, not the bytes: LAME's tag records the setting even when the frames are the same
    return subprocess.run(["ffmpeg", "-v", "error", "-i", path, "-f", "f32le", "-"], capture_output=True,
                          check=True).stdout
digest = {c: hashlib.sha256(b"".join(decoded(f"{work}/c{c}/{n}.{codec}") for n in sorted(pesq[c]))).hexdigest()
          for c in pesq}
seconds = {name: float(subprocess.run(["soxi", "-D", f"{work}/premix/{name}.wav"], capture_output=True,
                                       text=True, check=True).stdout) for name in pesq[best]}
print(f"{len(pesq[best])} files, {sum(seconds.values()):.0f} s of audio; speed on {audio:.0f} s "
      f"(render to wavf: {base:.2f} CPU s)\n")
print(f"| {name_of} | encode CPU s | × real time | kbit/s | PESQ mean | PESQ min | ΔPESQ mean ({best} − it) "
      "| ΔPESQ worst file |")
print("|---:|---:|---:|---:|---:|---:|---:|---:|")
chosen = None
for c in [c for c in order if c in pesq]:
    cost = speed[c] - base
    mean = sum(pesq[c].values()) / len(pesq[c])
    deltas = [pesq[best][n] - pesq[c][n] for n in pesq[c]]
    mean_delta = sum(deltas) / len(deltas)
    worst = max(deltas)
    kbps = sizes[c] * 8 / sum(seconds.values()) / 1000
    rt = f"{audio / cost:.0f}×" if cost > 0 else "n/a"
    print(f"| {c} | {cost:.2f} | {rt} | {kbps:.1f} | {mean:.3f} | {min(pesq[c].values()):.3f} | "
          f"{mean_delta:+.3f} | {worst:+.3f} |")
    if chosen is None and mean_delta < 0.1 and worst < 0.1:
        # The same audio as a better setting: that one.
        chosen = max((d for d in pesq if digest[d] == digest[c]), key=lambda d: order.index(d))
print(f"\nFastest {name_of} within 0.1 MOS of {name_of} {best} (mean and every file): {chosen}")
print("\nPer file (PESQ):\n")
names = sorted(pesq[best])
print(f"| {name_of} | " + " | ".join(names) + " |")
print("|---:|" + "---:|" * len(names))
for c in [c for c in order if c in pesq]:
    print(f"| {c} | " + " | ".join(f"{pesq[c][n]:.3f}" for n in names) + " |")
PY
