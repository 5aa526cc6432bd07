"""The case table of the hostile-input suite: one row per command line.

Paths use `{in}` (shared, read-only fixtures), `{case}` (this case's own folder, for inputs a
case may endanger) and `{out}` (this case's output folder, inside `{case}`).
"""
from cases_files import data_loss_cases, leftover_cases, record_cases
from shapes import Case, align, exists, ingest, narration, render, shell, stdout_is


# ---- the table --------------------------------------------------------------------------------
def all_cases():
    cases = []

    def add(slug, argv, exit, needles, setup=(), checks=()):
        cases.append(Case(slug, list(argv), exit, list(needles), list(setup), list(checks)))

    # Recordings that must be refused, by every command that reads a recording.
    bad_audio = {
        "silence60.wav": ["digital silence", "Check"],
        "dither60.wav": ["silent", "dBFS"],
        "dc.wav": ["DC offset"],
        "antiphase.wav": ["opposite phase", "remix 1"],
        "nan.wav": ["NaN or infinite", "2 samples"],
        "inf.wav": ["NaN or infinite", "2 samples"],
        "octo.wav": ["8 channels"],
        "phone.wav": ["8000 Hz"],
        "empty.wav": ["empty"],
        "notes.wav": ["not a recognised audio file"],
        "cut.wav": ["truncated"],
        "header_only.wav": [],
        "half.mp3": ["truncated"],
        "garbled.mp3": ["damaged"],
        "zeros.mp3": ["not a recognised audio file"],
        "pipe.wav": ["not a regular file", "seekable"],
        "folder.wav": ["not a regular file"],
        "missing.wav": ["no such file"],
        "tiny.wav": ["too short"],
    }
    for name, words in bad_audio.items():
        stem = name.replace(".", "_")
        audio = "{in}/" + name
        add(f"ingest-{stem}", ingest(audio), 1, [name, *words])
        add(f"align-{stem}", align(audio), 1, [name, *words])
        add(f"render-{stem}", render(audio), 1, [name, *words])
        add(f"narration-{stem}", narration(audio), 1, [name, *words])

    # Recordings named for another format: read by their content.
    for name in ["flac_named.mp3", "wav_named.mp3", "wav_named.flac", "mp3_named.wav"]:
        stem = name.replace(".", "_")
        add(f"ingest-{stem}-accepted", ingest("{in}/" + name), 0, [], checks=[exists("{out}/r.json")])
        add(f"narration-{stem}-accepted", narration("{in}/" + name), 0, [], checks=[exists("{out}/n.wav")])
    add("ingest-dropout-reported", ingest("{in}/dropout.wav"), 0, ["dropout.wav", "dropout", "8.0 s"],
        checks=[exists("{out}/r.json")])

    # Texts.
    bad_text = {
        "utf16.txt": ["UTF-16", "iconv -f UTF-16 -t UTF-8"],
        "utf16le.txt": ["UTF-16", "iconv -f UTF-16 -t UTF-8"],
        "latin1.txt": ["not UTF-8", "iconv -f latin1"],
        "binary.txt": ["not a text file"],
        "good.wav": ["not a text file", "--text"],
        "empty.txt": ["no verses"],
        "dup.txt": ["appears twice"],
        "order.txt": ["comes after"],
        "noverses.usfm": [],
        "missing.txt": ["no such file", "--text"],
    }
    for name, words in bad_text.items():
        stem = name.replace(".", "_")
        text = "{in}/" + name
        add(f"ingest-text-{stem}", ingest("{in}/good.wav", text), 1, [name, *words])
        add(f"align-text-{stem}", align("{in}/good.wav", text), 1, [name, *words])
        add(f"render-text-{stem}", render("{in}/good.wav", text), 1, [name, *words])
    add("ingest-text-crlf-accepted", ingest("{in}/good.wav", "{in}/crlf.txt"), 0, [], checks=[exists("{out}/r.json")])
    add("align-text-crlf-accepted", align("{in}/good.wav", "{in}/crlf.txt"), 0, [], checks=[exists("{out}/l.txt")])

    # Label files: align --override and render --output --labels.
    bad_labels = {
        "labels_inf.txt": ["start<TAB>end"],
        "labels_big.txt": ["start<TAB>end"],
        "labels_nan.txt": ["start<TAB>end"],
        "labels_neg.txt": ["start<TAB>end"],
        "labels_backwards.txt": ["start<TAB>end"],
        "labels_words.txt": ["start<TAB>end"],
        "labels_late.txt": ["past the end"],
        "labels_latin1.txt": ["Latin-1", "iconv -f latin1"],
        "labels_utf16.txt": ["UTF-16", "iconv -f UTF-16"],
        "good.flac": ["binary", "not a text file"],
        "missing_labels.txt": ["no such file"],
    }
    for name, words in bad_labels.items():
        stem = name.replace(".", "_")
        path = "{in}/" + name
        add(f"align-override-{stem}", align("{in}/good.wav", extra=["--override", path]), 1, [name, "--override", *words])
        add(f"narration-labels-{stem}", narration("{in}/good.wav", ["--labels", path, "--labels-out", "{out}/lo.txt"]), 1,
            [name, "--labels", *words])
    add("align-override-twice", align("{in}/good.wav", extra=["--override", "{in}/labels_twice.txt"]), 1,
        ["labels_twice.txt", "twice", "line 1"])
    add("align-override-no-label", align("{in}/good.wav", extra=["--override", "{in}/labels_nolabel.txt"]), 1,
        ["labels_nolabel.txt"])
    add("align-override-crlf-accepted", align("{in}/good.wav", extra=["--override", "{in}/labels_crlf.txt"]), 0, [],
        checks=[exists("{out}/l.txt")])
    add("narration-labels-crlf-accepted",
        narration("{in}/good.wav", ["--labels", "{in}/labels_crlf.txt", "--labels-out", "{out}/lo.txt"]), 0, [],
        checks=[exists("{out}/lo.txt")])

    # Music beds.
    bad_beds = {
        "bed_short.wav": ["too short"],
        "bed_1s.wav": ["crossfade", "--bed-crossfade-ms"],
        "bed_nan.wav": ["NaN or infinite"],
        "bed_silent.wav": ["silent"],
        "bed_notes.flac": ["cannot read the music bed"],
        "missing_bed.wav": ["no such file"],
    }
    for name, words in bad_beds.items():
        add(f"render-bed-{name.replace('.', '_')}", render("{in}/good.wav", extra=["--bed", "{in}/" + name]), 1,
            [name, *words])

    # Usage errors: exit 64, the option named, the same sentence in both render modes.
    usage = [
        ("rate-abc", ["--rate", "abc"], "--rate abc is not a number"),
        ("rate-9", ["--rate", "9"], "--rate 9 is outside 0.5…3"),
        ("rate-minus-1", ["--rate", "-1"], "--rate -1 is outside 0.5…3"),
        ("rate-nan", ["--rate", "nan"], "--rate nan is not a number"),
        ("rate-inf", ["--rate", "inf"], "--rate inf is not a number"),
        ("rate-empty", ["--rate", ""], "--rate '' is not a number"),
        ("pause-threshold-nan", ["--pause-threshold-dbfs", "nan"], "--pause-threshold-dbfs nan is not a finite number"),
        ("pause-threshold-inf", ["--pause-threshold-dbfs", "inf"], "--pause-threshold-dbfs inf is not a finite number"),
        ("chapter-minus-1", ["--chapter", "-1"], "--chapter -1"),
    ]
    for slug, extra, words in usage:
        add(f"render-usage-{slug}", render("{in}/good.wav", extra=extra), 64, [words])
        audio_only = [a for a in narration("{in}/good.wav") if a not in ("--rate", "1.5")]
        if slug.startswith("rate"):
            add(f"narration-usage-{slug}", audio_only + extra, 64, [words])
        elif slug.startswith("chapter"):
            add(f"ingest-usage-{slug}", ingest("{in}/good.wav") + extra, 64, [words])
            add(f"align-usage-{slug}", align("{in}/good.wav") + extra, 64, [words])
        else:
            add(f"narration-usage-{slug}", narration("{in}/good.wav") + extra, 64, [words])
    full_only = [
        ("format-xyz", ["--format", "xyz"], "unknown format \"xyz\""),
        ("format-twice", ["--format", "opus-16,opus-32"], ".opus"),
        ("loudness-nan", ["--loudness", "nan"], "nan"),
        ("loudness-abc", ["--loudness", "abc"], "--loudness abc is not a number"),
        ("loudness-minus-60", ["--loudness=-60"], "−40…−5 LUFS"),
        ("bed-level-nan", ["--bed-level-db", "nan"], "--bed-level-db nan is not a finite number"),
        ("bed-level-inf", ["--bed-level-db", "inf"], "--bed-level-db inf is not a finite number"),
        ("bed-level-99", ["--bed-level-db", "99"], "bed level"),
        ("bed-crossfade-nan", ["--bed-crossfade-ms", "nan"], "--bed-crossfade-ms nan is not a finite number"),
        ("max-pause-5", ["--max-pause-ms", "5"], "--max-pause-ms 5 is outside 20…60000"),
        ("base-empty", ["--base", ""], "--base is empty"),
        ("base-blank", ["--base", "  "], "--base is empty"),
        ("base-slash", ["--base", "a/b"], "--base a/b is a path"),
        ("base-escape", ["--base", "../escape"], "--base ../escape is a path"),
        ("base-absolute", ["--base", "/tmp/x"], "--base /tmp/x is a path"),
        ("base-dot", ["--base", ".hidden"], "--base .hidden starts with a dot"),
        ("base-dotdot", ["--base", ".."], "--base .. starts with a dot"),
    ]
    for slug, extra, words in full_only:
        add(f"render-usage-{slug}", render("{in}/good.wav", extra=extra), 64, [words])
    narration_only = [
        ("output-xyz", narration("{in}/good.wav", output="{out}/x.xyz"), "unknown extension .xyz"),
        ("output-noext", narration("{in}/good.wav", output="{out}/x"), "no extension"),
        ("labels-alone", narration("{in}/good.wav", ["--labels", "{in}/labels.txt"]), "--labels and --labels-out"),
        ("two-rates", ["render", "{in}/good.wav", "--rate", "1,2", "--output", "{out}/n.wav", "--loudness", "off"],
         "one --rate"),
        ("with-bed", narration("{in}/good.wav", ["--bed", "{in}/bed.wav"]), "--output-dir"),
        ("max-pause-5", narration("{in}/good.wav", ["--max-pause-ms", "5"]), "--max-pause-ms 5 is outside 20…60000"),
        ("format", narration("{in}/good.wav", ["--format", "flac"]), "--format"),
    ]
    for slug, argv, words in narration_only:
        add(f"narration-usage-{slug}", argv, 64, [words])
    render_shape = [
        ("no-output-dir", ["render", "{in}/good.wav", "--text", "{in}/text.usfm"], "--output-dir"),
        ("no-text", ["render", "{in}/good.wav", "--output-dir", "{out}"], "--text"),
        ("ingest-without-align", ["render", "--ingest", "{in}/none.json", "--output-dir", "{out}"], "--align"),
        ("audio-and-records", render("{in}/good.wav", extra=["--align", "{in}/none.json"]), "--align"),
    ]
    render_shape.append(("format-empty", ["render", "{in}/good.wav", "--text", "{in}/text.usfm", "--output-dir", "{out}",
                                          "--format", ""], "format"))
    for slug, argv, words in render_shape:
        add(f"render-usage-{slug}", argv, 64, [words])
    align_usage = [
        ("min-pause-5", ["--min-pause-ms", "5"], "--min-pause-ms"),
        ("lead-minus-1", ["--lead-ms", "-1"], "--lead-ms"),
        ("low-confidence-nan", ["--low-confidence", "nan"], "--low-confidence"),
        ("low-confidence-2", ["--low-confidence", "2"], "--low-confidence"),
        ("heading-twice", ["--heading", "Psalm 117", "--no-heading"], "--no-heading"),
    ]
    for slug, extra, words in align_usage:
        add(f"align-usage-{slug}", align("{in}/good.wav", extra=extra), 64, [words])
    add("align-usage-no-labels", ["align", "{in}/good.wav", "--text", "{in}/text.usfm"], 64, ["--labels"])
    add("ingest-usage-no-output", ["ingest", "{in}/good.wav"], 64, ["--output"])
    add("collect-usage-no-output", ["collect", "{in}"], 64, ["--output"])
    add("version", ["--version"], 0, [], checks=[stdout_is("prep 0.1.0")])
    # Negative numbers are values, not options.
    add("narration-negative-threshold-accepted",
        narration("{in}/good.wav", ["--max-pause-ms", "600", "--pause-threshold-dbfs", "-45"]), 0, [],
        checks=[exists("{out}/n.wav")])

    # Output places that cannot work.
    add("render-output-dir-is-file", render("{in}/good.wav")[:5] + ["{case}/afile"] + render("{in}/good.wav")[6:], 1,
        ["afile", "is a file"], setup=[shell("echo x > afile")])
    add("render-output-dir-missing", render("{in}/good.wav")[:5] + ["{case}/no/such"] + render("{in}/good.wav")[6:], 1,
        ["no/such", "mkdir -p"])
    add("ingest-output-folder-is-file", ingest("{in}/good.wav")[:-3] + ["--output", "{case}/afile/r.json"], 1,
        ["afile", "is a file"], setup=[shell("echo x > afile")])
    add("ingest-output-folder-missing", ingest("{in}/good.wav")[:-3] + ["--output", "{case}/no/r.json"], 1,
        ["does not exist", "mkdir -p"])
    add("ingest-output-is-folder", ingest("{in}/good.wav")[:-3] + ["--output", "{out}"], 1, ["out", "is a folder"])
    add("align-labels-is-folder", ["align", "{in}/good.wav", "--text", "{in}/text.usfm", "--labels", "{out}"], 1,
        ["out", "is a folder"])
    add("narration-output-is-folder", narration("{in}/good.wav", output="{case}/n.wav"), 1, ["n.wav", "is a folder"],
        [shell("mkdir n.wav")])
    add("ingest-output-proc", ingest("{in}/good.wav")[:-3] + ["--output", "/proc/prep-r.json"], 1, ["not writable"])
    add("narration-output-dir-is-file", narration("{in}/good.wav", output="{case}/afile/n.wav"), 1,
        ["afile", "is a file"], setup=[shell("echo x > afile")])

    # validate and collect over things that are not what they should be.
    add("validate-not-a-manifest", ["validate", "{in}/poem.json"], 1, ["poem.json", "not a prep manifest"])
    add("validate-broken-json", ["validate", "{in}/broken.json"], 1, ["broken.json"])
    add("validate-missing", ["validate", "{in}/none.json"], 1, ["none.json", "no such file"])
    add("collect-missing-input", ["collect", "{in}/none", "--output", "{out}/m.json"], 1, ["none"])
    add("collect-no-records", ["collect", "{case}/empty", "--output", "{out}/m.json"], 1, ["empty"],
        [shell("mkdir empty")])
    add("collect-not-a-record", ["collect", "{in}/poem.json", "--output", "{out}/m.json"], 1, ["poem.json"])

    data_loss_cases(add)
    record_cases(add)
    leftover_cases(add)
    return cases


