# prep.mk — build a whole Bible (or any set of chapters) with prep, incrementally, from your
# own Makefile:
#
#     PREP_RECORDINGS := recordings      # recordings/<narrator>/<BOOK>_<CHAPTER>.<ext>
#     PREP_TEXTS      := usfm            # one USFM file per book (44JHNxxx.SFM, JHN.usfm, …)
#     PREP_RATES      := 1 1.25 1.5 2
#     PREP_BEDS       := beds/pad.flac beds/bells.mp3
#     include /usr/local/share/prep/prep.mk
#
# then `make -j4` (everything), `make chapter/JHN.3` (one chapter, every narrator), or
# `make -s prep-chapter-list` (every chapter key, one a line). See README.md, "prep.mk".
#
# Pipeline per narrator × chapter: ingest → align → render (all rates × beds × formats) →
# collect (one catalogue). Every target is the last file its command writes, and prep writes
# atomically, so a run killed at any point resumes with nothing half-written. A changed
# recording, chapter text, bed, option or prep binary re-runs exactly the steps that read it.

# ---- settings (set them before the include, or on the command line) -------------------------
PREP ?= prep
PREP_RECORDINGS ?= recordings
PREP_TEXTS ?= texts
PREP_OUT ?= build/prep
# Narrators: the sub-folders of $(PREP_RECORDINGS) (all of them unless listed).
ifeq ($(origin PREP_NARRATORS),undefined)
PREP_NARRATORS := $(patsubst $(PREP_RECORDINGS)/%/,%,$(wildcard $(PREP_RECORDINGS)/*/))
endif
PREP_AUDIO_EXTS ?= wav flac mp3 opus ogg WAV FLAC MP3
PREP_RATES ?= 1
# Music beds (files); every rate gets one variant without a bed and one per bed.
PREP_BEDS ?=
# yes: only the bed variants (no narration-only variant; its files are still the voice stems).
PREP_BED_ONLY ?= no
# Formats for `prep render --format` (comma or space list): mp3, opus, flac, mp3-cbr-N, opus-N, …
PREP_FORMATS ?= mp3,opus
# Extra options; a change re-runs the steps they belong to (and nothing else).
PREP_ALIGN_FLAGS ?=
PREP_RENDER_FLAGS ?=
# One `prep render` per narrator × chapter with every rate (fastest: decode and beds are shared),
# or per narrator × chapter × rate (`rate`: adding a rate renders only the new rate).
PREP_RENDER_BY ?= chapter
# The catalogue's title (default: prep's, from the books).
PREP_TITLE ?=
# `prep validate` the catalogue and every file it names after collect (yes/no).
PREP_VALIDATE ?= yes
# Steps depend on the prep binary: a new prep re-runs them. Set empty to turn that off.
ifeq ($(origin PREP_BINARY),undefined)
PREP_BINARY := $(if $(findstring /,$(PREP)),$(wildcard $(PREP)),$(shell command -v $(PREP) 2>/dev/null))
endif

# ---- derived names ------------------------------------------------------------------------
prep_mk := $(lastword $(MAKEFILE_LIST))
prep_saved_goal := $(.DEFAULT_GOAL)
prep_state := $(PREP_OUT)/.prep
# make's process id, for temporary names (only recipes that run use it).
prep_pid = $(shell echo $$PPID)
prep_comma := ,
prep_empty :=
prep_space := $(prep_empty) $(prep_empty)
prep_formats := $(subst $(prep_space),$(prep_comma),$(strip $(subst $(prep_comma), ,$(PREP_FORMATS))))
prep_lower = $(subst A,a,$(subst B,b,$(subst C,c,$(subst D,d,$(subst E,e,$(subst F,f,$(subst G,g,$(subst \
  H,h,$(subst I,i,$(subst J,j,$(subst K,k,$(subst L,l,$(subst M,m,$(subst N,n,$(subst O,o,$(subst P,p,$(subst \
  Q,q,$(subst R,r,$(subst S,s,$(subst T,t,$(subst U,u,$(subst V,v,$(subst W,w,$(subst X,x,$(subst Y,y,$(subst \
  Z,z,$(1)))))))))))))))))))))))))))
# Rates as prep names them in files: 1.50 → 1.5, 2.0 → 2.
prep_rate_name = $(if $(findstring .,$(1)),$(patsubst %.,%,$(patsubst %0,%,$(patsubst %0,%,$(patsubst %0,%,$(1))))),$(1))
prep_rates := $(foreach r,$(PREP_RATES),$(call prep_rate_name,$(r)))
# A bed's variant name is its file name without extension, in lower case (use [a-z0-9_-]).
prep_bed_ids := $(if $(filter yes,$(PREP_BED_ONLY)),,none) $(foreach b,$(PREP_BEDS),$(call prep_lower,$(basename $(notdir $(b)))))
# Chapter numbers without leading zeros (JHN_003 is chapter 3 of JHN).
prep_chapter_number = $(patsubst 0%,%,$(patsubst 0%,%,$(patsubst 0%,%,$(1))))

# ---- the USFM books: split into chapters, each file rewritten only when its text changes ----
# $(prep_state)/usfm/<file>.mk records which book a file holds (its \id line) and its chapters;
# $(prep_state)/text/<BOOK>/<BOOK>.<N>.usfm is the book's header plus chapter N. Editing one
# chapter of a book re-aligns and re-renders that chapter only.
prep_usfm := $(sort $(foreach e,usfm USFM sfm SFM,$(wildcard $(PREP_TEXTS)/*.$(e))))
prep_usfm_mks := $(patsubst $(PREP_TEXTS)/%,$(prep_state)/usfm/%.mk,$(prep_usfm))

define prep_split_awk
# Splits one USFM book into per-chapter files (header + chapter), writing only changed ones.
function slurp(path,   line, text, status) {
  text = ""
  while ((status = (getline line < path)) > 0) text = text line "\n"
  if (status == 0) close(path)
  return status < 0 ? "\001missing" : text
}
function flush(   path, tmp, text) {
  if (chapter == "") return
  if (chapter in seen) { printf "prep.mk: %s holds chapter %s twice; the second is used. Fix the \\c lines.\n", src, chapter > "/dev/stderr" }
  seen[chapter] = 1
  chapters = chapters " " chapter
  path = out "/" book "/" book "." chapter ".usfm"
  text = header body
  if (slurp(path) == text) return
  tmp = path (tmp_suffix == "" ? ".tmp" : tmp_suffix)
  printf "%s", text > tmp
  close(tmp)
  if (system("mv -f '" tmp "' '" path "'") != 0) exit 1
}
NR == 1 { sub(/^\357\273\277/, "") }
{ sub(/\r$/, "") }
book == "" && /^[ \t]*\\id[ \t]/ {
  book = $0; sub(/^[ \t]*\\id[ \t]+/, "", book); book = toupper(substr(book, 1, 3))
  if (system("mkdir -p '" out "/" book "'") != 0) exit 1
}
/^[ \t]*\\c[ \t]+[0-9]+/ {
  if (book == "") { printf "prep.mk: %s has \\c before its \\id line. Start the file with \\id BOOK (e.g. \\id JHN).\n", src > "/dev/stderr"; exit 1 }
  flush()
  chapter = $0; sub(/^[ \t]*\\c[ \t]+/, "", chapter); sub(/[^0-9].*$/, "", chapter); chapter = chapter + 0
  body = $0 "\n"
  next
}
{ if (chapter == "") header = header $0 "\n"; else body = body $0 "\n" }
END {
  flush()
  if (book == "") {
    printf "prep.mk: %s has no \\id line, so it is passed over. A USFM book starts with \\id BOOK (e.g. \\id JHN).\n", src > "/dev/stderr"
    printf "# %s: no \\id line\n", src > mk
  } else {
    printf "prep_usfm_files.%s += %s\nprep_books += %s\nprep_chapters.%s +=%s\n", book, src, book, book, chapters > mk
  }
}
endef

$(prep_state)/split.awk: $(prep_mk) | $(prep_state)/usfm
	$(file >$@.$(prep_pid).tmp,$(value prep_split_awk))
	@mv -f $@.$(prep_pid).tmp $@

$(prep_state)/usfm/%.mk: $(PREP_TEXTS)/% $(prep_state)/split.awk | $(prep_state)/usfm
	@awk -v src='$<' -v out='$(prep_state)/text' -v mk='$@.$(prep_pid).tmp' -v tmp_suffix=.$(prep_pid).tmp \
	  -f $(prep_state)/split.awk '$<' && mv -f $@.$(prep_pid).tmp $@

# A chapter file removed by hand is written again from its book.
$(prep_state)/text/%.usfm: | $(prep_state)/split.awk
	@b='$(firstword $(subst /, ,$*))'; f='$(firstword $(prep_usfm_files.$(firstword $(subst /, ,$*))))'; \
	  test -n "$$f" || { echo "prep.mk: no USFM file in $(PREP_TEXTS)/ has \\id $$b. Add the book's USFM there." >&2; exit 1; }; \
	  awk -v src="$$f" -v out='$(prep_state)/text' -v mk=/dev/null -f $(prep_state)/split.awk "$$f"
	@test -f $@ || { echo "prep.mk: the USFM of $(firstword $(subst /, ,$*)) has no chapter $(lastword $(subst ., ,$*)) ($@). Add it or remove the recording." >&2; exit 1; }

include $(prep_usfm_mks)

$(foreach b,$(sort $(prep_books)),$(if $(word 2,$(prep_usfm_files.$(b))),$(error \
  prep.mk: $(prep_usfm_files.$(b)) all hold book $(b) (\id $(b)). Keep one of them in $(PREP_TEXTS)/)))

# ---- options: a stamp per step, rewritten only when its options change -------------------------
prep_align_options := $(strip $(PREP_ALIGN_FLAGS))
prep_render_options := $(strip --format $(prep_formats) $(if $(filter yes,$(PREP_BED_ONLY)),--bed-only) $(PREP_RENDER_FLAGS))
# $(1) the step; its options are in prep_$(1)_options.
define prep_options_rule
ifneq ($$(file <$(prep_state)/$(1).options),$$(prep_$(1)_options))
$(prep_state)/$(1).options: prep-force
endif
$(prep_state)/$(1).options: | $(prep_state)/usfm
	@printf '%s\n' '$$(subst ','\'',$$(prep_$(1)_options))' >$$@.$$$$$$$$.tmp && mv -f $$@.$$$$$$$$.tmp $$@
endef
$(eval $(call prep_options_rule,align))
$(eval $(call prep_options_rule,render))

# ---- the recordings: explicit ingest and render rules each, one static pattern rule for align ----
# Parsing stays cheap for a whole Bible: no $(shell), a few $(eval)s per recording, and every
# target has an explicit rule (make searches no implicit rule for the ~17,000 files).
prep_recordings := $(sort $(foreach n,$(PREP_NARRATORS),$(foreach e,$(PREP_AUDIO_EXTS),\
  $(wildcard $(PREP_RECORDINGS)/$(n)/*_*.$(e)))))
prep_parts = $(subst _, ,$(basename $(notdir $(1))))
# A recording's outputs start with $(PREP_OUT)/<narrator>/<BOOK>/<BOOK>_<CHAPTER>.
prep_base_of = $(PREP_OUT)/$(notdir $(patsubst %/,%,$(dir $(1))))/$(firstword $(2))/$(firstword \
  $(2))_$(call prep_chapter_number,$(word 2,$(2)))
# The variant records of one render (rates $(1)), each written after every file it names.
prep_suffixes = $(foreach r,$(1),$(foreach b,$(prep_bed_ids),.$(r)x-$(b).json))
prep_all_suffixes := $(call prep_suffixes,$(prep_rates))

# render: one command writes a group of variant records (`&:`, make -j safe); explicit rules,
# so make never searches implicit rules for the ~14,000 records of a Bible.
# $(1) base, $(2) the rates of this render.
define prep_render_rule
$(addprefix $(1),$(call prep_suffixes,$(2))) &: $(1).ingest.json $(1).align.json $(prep_render_inputs)
	$$(call prep_render_command,$(1),$(2))
endef
prep_render_inputs := $(PREP_BEDS) $(prep_state)/render.options $(PREP_BINARY)
prep_render_command = $(PREP) render --ingest $(1).ingest.json --align $(1).align.json \
  --rate $(subst $(prep_space),$(prep_comma),$(strip $(2))) $(addprefix --bed ,$(PREP_BEDS)) \
  --narrator $(firstword $(subst /, ,$(patsubst $(PREP_OUT)/%,%,$(1)))) --base $(notdir $(1)) --output-dir $(patsubst %/,%,$(dir $(1))) \
  --quiet $(prep_render_options)
define prep_newline


endef
# $(1) recording, $(2) base, $(3) book, $(4) chapter: one $(eval) per recording. The chapter's
# text file (rewritten only when the chapter's text changes) is the dependency of ingest; prep
# reads the book itself, so its messages name the user's file and line.
define prep_recording_rules
prep_bases += $(2)
prep_src.$(2) += $(1)
$(2).ingest.json: $(1) $(if $(filter $(4),$(prep_chapters.$(3))),$(prep_state)/text/$(3)/$(3).$(4).usfm,prep-no-text/$(3).$(4)) $(PREP_BINARY) | $(patsubst %/,%,$(dir $(2)))
	$(PREP) ingest $(1) --text $(firstword $(prep_usfm_files.$(3))) --chapter $(4) --output $$@ --quiet
chapter/$(3).$(4): $(addprefix $(2),$(prep_all_suffixes))
$(if $(filter rate,$(PREP_RENDER_BY)),$(foreach r,$(prep_rates),$(call prep_render_rule,$(2),$(r))$(prep_newline)),$(call \
  prep_render_rule,$(2),$(prep_rates)))
endef
prep_bases :=
$(foreach p,$(prep_recordings),$(eval $(call prep_recording_rules,$(p),$(call prep_base_of,$(p),$(call \
  prep_parts,$(p))),$(firstword $(call prep_parts,$(p))),$(call prep_chapter_number,$(word 2,$(call prep_parts,$(p)))))))

ifneq ($(words $(prep_bases)),$(words $(sort $(prep_bases))))
$(error prep.mk: several recordings of one chapter by one narrator: $(strip $(foreach b,$(sort $(prep_bases)),$(if \
  $(word 2,$(prep_src.$(b))),$(prep_src.$(b))))). Keep one recording per chapter)
endif
prep_keys := $(sort $(subst _,.,$(notdir $(prep_bases))))
prep_dirs := $(sort $(patsubst %/,%,$(dir $(prep_bases))))
prep_ingests := $(addsuffix .ingest.json,$(prep_bases))
prep_aligns := $(addsuffix .align.json,$(prep_bases))
prep_records := $(foreach s,$(prep_all_suffixes),$(addsuffix $(s),$(prep_bases)))

# align writes the labels and the phrases first, its JSON last: the JSON is the target.
$(prep_aligns): %.align.json: %.ingest.json $(prep_state)/align.options $(PREP_BINARY)
	$(PREP) align --record $< --labels $*.labels.txt --phrases $*.phrases.txt --json $@ --quiet $(PREP_ALIGN_FLAGS)

# Recordings and books are never made: an empty recipe spares make the implicit-rule search for each of them.
prep_inputs := $(strip $(prep_recordings) $(prep_usfm))
ifneq ($(prep_inputs),)
$(prep_inputs): ;
endif

# ---- collect and validate: stamps written after the command succeeded ----------------------------
$(prep_state)/collected: $(prep_records) $(PREP_BINARY) | $(prep_state)/usfm
	$(PREP) collect $(prep_dirs) --output $(PREP_OUT)/manifest.json --quiet $(if $(PREP_TITLE),--title '$(PREP_TITLE)')
	@touch $@

$(prep_state)/validated: $(prep_state)/collected
	$(PREP) validate $(PREP_OUT)/manifest.json --quiet
	@touch $@

# ---- goals ---------------------------------------------------------------------------------------
.PHONY: prep-setup prep-all prep-ingest prep-align prep-render prep-collect prep-chapters prep-chapter-list prep-force \
  $(addprefix chapter/,$(prep_keys))
prep-all: $(if $(filter yes,$(PREP_VALIDATE)),$(prep_state)/validated,$(prep_state)/collected)
# The shared state (books split, option stamps, folders): run once before parallel jobs on many
# machines (e.g. a Slurm array of chapter/<BOOK>.<CH>), so that they only read it.
prep-setup: $(prep_state)/align.options $(prep_state)/render.options $(prep_dirs)
prep-ingest: $(prep_ingests)
prep-align: $(prep_aligns)
prep-render: $(prep_records)
prep-collect: $(prep_state)/collected
# PREP_CHAPTERS="JHN.1 PSA.23": those chapters, every narrator (the same as chapter/JHN.1 …).
prep-chapters: $(addprefix chapter/,$(PREP_CHAPTERS))
prep-chapter-list:
	@printf '%s\n' $(prep_keys) | sort -t. -k1,1 -k2,2n
prep-force:

chapter/%:
	@echo "prep.mk: no recording of chapter $* under $(PREP_RECORDINGS)/<narrator>/ (names: <BOOK>_<CHAPTER>.<ext>, e.g. JHN_3.wav). Run 'make -s prep-chapter-list' for the chapters there are." >&2; exit 1

prep-no-text/%:
	@echo "prep.mk: no USFM chapter for $* in $(PREP_TEXTS)/ (books there: $(or $(sort $(prep_books)),none)). Add the book or chapter, or remove the recording." >&2; exit 1

$(prep_dirs) $(prep_state)/usfm:
	@mkdir -p $@

.DEFAULT_GOAL := $(or $(prep_saved_goal),prep-all)
