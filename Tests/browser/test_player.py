"""The reference player (`prep collect` writes player/ beside manifest.json) in Chromium."""
import json
import pathlib
import re
import subprocess

import pytest

from conftest import PREP, ROOT, SAMPLES, accessibility_problems, controls_count, read_json

PLAYER = SAMPLES / "player" / "index.html"


def catalogue(folder=SAMPLES):
    return read_json(folder / "manifest.json")


def chapter_file(chapter, narrator=None, folder=SAMPLES):
    """The chapter file of one narrator (the first by default) of a catalogue chapter."""
    n = next(n for n in chapter["narrators"] if narrator in (None, n["id"]))
    return read_json(folder / n["chapterFile"]["file"])


def text(chapter):
    """The chapter's verse text, from its first narrator's chapter file."""
    return chapter_file(chapter)["chapter"]


def variant(chapter, narrator, vid):
    """A variant as a player sees it: from the chapter file, its rate's timings moved by its offset."""
    f = chapter_file(chapter, narrator)
    v = next(v for v in f["variants"] if v["id"] == vid)
    rate = next(t for t in f["timings"] if t["rate"] == v["rate"])
    d, sr = v["timingOffsetFrames"], v["sampleRate"]
    timings = []
    for t in rate["verses"]:
        moved = dict(t)
        for key in ("start", "end", "onset"):
            moved[key + "Frame"] = t[key + "Frame"] + d
            moved[key + "Milliseconds"] = round(moved[key + "Frame"] * 1000 / sr)
        timings.append(moved)
    return dict(v, timings=timings)


def first_variant(chapter):
    n = chapter["narrators"][0]
    return variant(chapter, n["id"], n["variants"][0])


def mapped(from_v, seconds, to_v):
    """The position the player must land on: same verse, same share of start→onset or onset→end."""
    frame = seconds * from_v["sampleRate"]
    i = max(k for k, t in enumerate(from_v["timings"]) if frame >= t["startFrame"])
    a = from_v["timings"][i]
    b = next(t for t in to_v["timings"] if t["reference"] == a["reference"])
    if frame < a["onsetFrame"]:
        out = b["startFrame"] + (frame - a["startFrame"]) / (a["onsetFrame"] - a["startFrame"]) * (b["onsetFrame"] - b["startFrame"])
    else:
        out = b["onsetFrame"] + (frame - a["onsetFrame"]) / (a["endFrame"] - a["onsetFrame"]) * (b["endFrame"] - b["onsetFrame"])
    return out / to_v["sampleRate"], i


def state(page):
    return page.evaluate("window.prepPlayer.state()")


def clock_time(page):
    return page.evaluate("(document.getElementById(window.prepPlayer.state().live ? 'bed' : 'audio')).currentTime")


def ready(page):
    page.wait_for_function(
        "(() => { const s = window.prepPlayer.state(); const e = document.getElementById(s.live ? 'bed' : 'audio');"
        " return !s.loading && e.readyState >= 1 && !e.seeking; })()")


def open_player(tab, path=PLAYER):
    page = tab.open(path)
    page.wait_for_function("window.prepPlayer !== undefined")
    ready(page)
    return page


def seek(page, seconds):
    page.evaluate("(t) => { const s = window.prepPlayer.state(); document.getElementById(s.live ? 'bed' : 'audio').currentTime = t; }", seconds)
    ready(page)


def test_loads_from_file_with_every_control_named(tab):
    page = open_player(tab)
    first = catalogue()["chapters"][0]
    assert first_variant(first)["spoken"]["label"] in page.locator("#chapter-name").inner_text()
    assert controls_count(page) >= 6
    assert accessibility_problems(page) == []
    assert page.get_by_role("button", name="Play").count() == 1
    page.get_by_role("button", name="Play").click()
    assert page.get_by_role("button", name="Pause").count() == 1  # says what it will do
    page.get_by_role("button", name="Pause").click()
    assert tab.errors == []


def test_webvtt_cues_parsed_by_the_browser_equal_the_manifest(tab, static_server):
    page = tab.open(static_server + "/player/index.html")
    page.wait_for_function("window.prepPlayer !== undefined")
    page.wait_for_function("(() => { const t = document.getElementById('audio').textTracks[0];"
                           " return t && t.cues && t.cues.length > 0; })()")
    cues = page.evaluate("Array.from(document.getElementById('audio').textTracks[0].cues)"
                         ".map(c => ({start: c.startTime, end: c.endTime, text: c.text}))")
    chapter = catalogue()["chapters"][0]
    v = first_variant(chapter)
    verses = text(chapter)["verses"]
    assert len(cues) == len(verses)
    for cue, verse, timing in zip(cues, verses, v["timings"]):
        assert cue["text"] == verse["text"]
        assert abs(cue["start"] - timing["startMilliseconds"] / 1000) <= 0.001
        assert abs(cue["end"] - timing["endMilliseconds"] / 1000) <= 0.001
    assert tab.errors == []


def test_next_and_previous_verse_land_on_each_start(tab):
    page = open_player(tab)
    v = variant(catalogue()["chapters"][0], state(page)["narrator"], state(page)["variant"])
    starts = [t["startFrame"] / v["sampleRate"] for t in v["timings"]]
    for i, start in enumerate(starts):
        page.get_by_role("button", name="Next verse").click()
        ready(page)
        assert abs(clock_time(page) - start) <= 0.010, i
        assert state(page)["verse"] == i
        verse = next(x for x in text(catalogue()["chapters"][0])["verses"] if x["reference"] == v["timings"][i]["reference"])
        assert page.locator("#now").inner_text().startswith(verse["spoken"] + ".")
    for i in range(len(starts) - 2, -1, -1):
        page.get_by_role("button", name="Previous verse").click()
        ready(page)
        assert abs(clock_time(page) - starts[i]) <= 0.010, i
    # The current verse is shown and announced (aria-live) with its spoken label and text.
    verses = text(catalogue()["chapters"][0])["verses"]
    now = page.locator("#now")
    assert now.get_attribute("aria-live") == "polite"
    assert verses[0]["spoken"] in now.inner_text()
    assert verses[0]["text"] in now.inner_text()
    assert tab.errors == []


def test_speed_switch_keeps_the_verse_and_the_place_inside_it(tab):
    page = open_player(tab)
    chapter = catalogue()["chapters"][0]
    s = state(page)
    one = variant(chapter, s["narrator"], "1x-none")
    faster = variant(chapter, s["narrator"], "1.5x-none")
    t4 = one["timings"][3]
    for share in (0.1, 0.6):  # once in the lead-in of verse 4, once in its speech
        at = (t4["startFrame"] + share * (t4["endFrame"] - t4["startFrame"])) / one["sampleRate"]
        page.get_by_label("Speed", exact=True).select_option("1")
        ready(page)
        seek(page, at)
        page.get_by_label("Speed", exact=True).select_option("1.5")
        ready(page)
        expected, verse = mapped(one, at, faster)
        assert verse == 3
        assert state(page)["variant"] == "1.5x-none"
        assert abs(clock_time(page) - expected) <= 0.020, (share, clock_time(page), expected)
        assert state(page)["verse"] == 3
        # Not t / rate (which would be a different place wherever pauses were shortened).
        assert page.evaluate("document.getElementById('audio').src").endswith(faster["files"][0]["file"].split("/")[-1])
    assert tab.errors == []


def test_bed_switch_keeps_the_position(tab):
    page = open_player(tab)
    chapter = catalogue()["chapters"][0]
    s = state(page)
    none = variant(chapter, s["narrator"], "1x-none")
    t2 = none["timings"][1]
    at = (t2["onsetFrame"] + 0.5 * (t2["endFrame"] - t2["onsetFrame"])) / none["sampleRate"]
    seek(page, at)
    beds = [v for v in chapter_file(chapter, s["narrator"])["variants"] if v["rate"] == 1 and v.get("bed")]
    beds = [variant(chapter, s["narrator"], v["id"]) for v in beds]
    for bed_variant in beds:
        page.get_by_label("Music", exact=True).select_option(bed_variant["bed"])
        ready(page)
        expected, _ = mapped(none, at, bed_variant)
        assert state(page)["variant"] == bed_variant["id"]
        assert abs(clock_time(page) - expected) <= 0.020
        assert state(page)["verse"] == 1
    page.get_by_label("Music", exact=True).select_option("")
    ready(page)
    assert abs(clock_time(page) - at) <= 0.020
    assert tab.errors == []


def test_live_mix_balance_changes_the_stem_gains(tab):
    page = open_player(tab)
    chapter = catalogue()["chapters"][0]
    s = state(page)
    bed_variant = next(v for v in chapter_file(chapter, s["narrator"])["variants"] if v["rate"] == 1 and v.get("bed"))
    bed_variant = variant(chapter, s["narrator"], bed_variant["id"])
    page.get_by_label("Music", exact=True).select_option(bed_variant["bed"])
    ready(page)
    assert page.locator("#balance-field").is_hidden()
    t3 = bed_variant["timings"][2]
    at = t3["onsetFrame"] / bed_variant["sampleRate"] + 0.25
    seek(page, at)
    page.get_by_label("Mix voice and music here").check()
    ready(page)
    assert state(page)["live"]
    assert abs(clock_time(page) - at) <= 0.020  # the same timeline: the place is kept
    voice_src = page.evaluate("document.getElementById('voice').src")
    bed_src = page.evaluate("document.getElementById('bed').src")
    assert voice_src.endswith(bed_variant["stems"]["voice"]["files"][0]["file"].split("/")[-1])
    assert bed_src.endswith(bed_variant["stems"]["bed"]["files"][0]["file"].split("/")[-1])
    balance = page.get_by_label("Voice and music balance")
    assert balance.is_visible()
    gains = page.evaluate("window.prepPlayer.gains()")
    assert gains["voice"] == pytest.approx(1) and gains["music"] == pytest.approx(1)
    balance.focus()
    page.keyboard.press("Home")
    gains = page.evaluate("window.prepPlayer.gains()")
    assert gains["voice"] == pytest.approx(1) and gains["music"] == pytest.approx(0.1, rel=1e-3)
    assert balance.get_attribute("aria-valuetext") == "Music 20 decibels quieter"
    page.keyboard.press("End")
    gains = page.evaluate("window.prepPlayer.gains()")
    assert gains["voice"] == pytest.approx(0.1, rel=1e-3) and gains["music"] == pytest.approx(1)
    # Playing moves both stems together, the voice at its place in the bed's timeline.
    page.get_by_role("button", name="Play").click()
    page.wait_for_timeout(700)
    times = page.evaluate("[document.getElementById('bed').currentTime, document.getElementById('voice').currentTime]")
    page.get_by_role("button", name="Pause").click()
    voice_start = bed_variant["stems"]["voice"]["startFrame"] / bed_variant["sampleRate"]
    assert times[0] > at
    assert abs(times[1] - (times[0] - voice_start)) <= 0.1
    assert tab.errors == []


def test_chapter_queue_follows_the_playlist(tab):
    """The queue (built from the catalogue, no playlist text is loaded) lists the chapters in the
    playlist's order for the narrator, rate, bed and format playing."""
    page = open_player(tab)
    cat = catalogue()
    s = state(page)
    entry = next(p for p in cat["playlists"] if p["narrator"] == s["narrator"] and p["rate"] == 1
                 and not p.get("bed") and p["format"].startswith("mp3"))
    lines = [l for l in (SAMPLES / entry["file"]).read_text().splitlines() if l and not l.startswith("#")]
    titles = [l.split(",", 1)[1] for l in (SAMPLES / entry["file"]).read_text().splitlines() if l.startswith("#EXTINF")]
    queue = page.locator("#queue button")
    assert queue.all_inner_texts() == titles
    assert len(lines) == len(titles) >= 2
    assert queue.nth(0).get_attribute("aria-current") == "true"
    page.keyboard.press("]")
    ready(page)
    assert page.locator("#queue button").nth(1).get_attribute("aria-current") == "true"
    assert state(page)["chapterID"] == page.evaluate("window.prepPlayer.queue()")[1]
    assert tab.errors == []


def test_times_are_in_words_and_keys_work(tab):
    page = open_player(tab)
    left = page.locator("#left").inner_text()
    assert re.fullmatch(r"(\d+ (hour|minute|second)s?)( \d+ (minute|second)s?)* left", left), left
    page.keyboard.press("l")
    ready(page)
    verses = text(catalogue()["chapters"][0])["verses"]
    label = page.get_by_label("Position").get_attribute("aria-valuetext")
    assert label.startswith(verses[0]["spoken"] + ", "), label
    assert not re.search(r"\d:\d", label)
    page.keyboard.press("l")
    ready(page)
    assert state(page)["verse"] == 1
    page.keyboard.press("j")
    ready(page)
    assert state(page)["verse"] == 0
    page.keyboard.press("k")
    assert state(page)["playing"]
    page.keyboard.press("k")
    assert not state(page)["playing"]
    assert tab.errors == []


def collect(records, folder):
    """`prep collect` of some of the sample records into `folder`, which holds links to the
    sample files (collect wants the records inside the manifest's folder)."""
    folder.mkdir(parents=True)
    for path in SAMPLES.iterdir():
        if path.is_file() and path.name != "manifest.json":
            (folder / path.name).symlink_to(path)
    result = subprocess.run([PREP, "collect", *[str(folder / p.name) for p in records],
                             "--output", str(folder / "manifest.json"), "--quiet"],
                            cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    return folder / "player" / "index.html"


def test_missing_variants_hide_their_controls(tab, tmp_path):
    # Only the plain 1x variants: no speed, no music, no live mix to offer.
    player = collect(sorted(SAMPLES.glob("*.1x-none.json")), tmp_path / "plain")
    page = open_player(tab, player)
    for field in ("#speed-field", "#music-field", "#live-field"):
        assert page.locator(field).is_hidden(), field
    page.get_by_role("button", name="Next verse").click()
    ready(page)
    assert state(page)["verse"] == 0
    assert accessibility_problems(page) == []
    # One narrator's 1.5x variants missing: choosing that narrator falls back to the rate it has.
    chapter = catalogue()["chapters"][0]
    narrators = [n["id"] for n in chapter["narrators"]]
    records = [p for p in SAMPLES.glob("*x-*.json") if re.search(r"\.[0-9.]+x-[a-z_]+\.json$", p.name)
               and not (p.name.startswith(chapter_prefix(chapter)) and p.name.split(".")[0].endswith(narrators[-1])
                        and ".1.5x-" in p.name)]
    player = collect(sorted(records), tmp_path / "partial")
    page = open_player(tab, player)
    page.get_by_label("Speed", exact=True).select_option("1.5")
    ready(page)
    page.get_by_label("Narrator", exact=True).select_option(narrators[-1])
    ready(page)
    assert state(page)["rate"] != 1.5
    assert page.locator("#speed-field").is_hidden() or "1.5" not in page.locator("#speed").inner_text()
    assert tab.errors == []


def chapter_prefix(chapter):
    v = first_variant(chapter)
    return v["files"][0]["file"].split("/")[-1].split("_")[0]


def chapter_requests(page_requests):
    return [u.split("/chapters/")[1] for u in page_requests if "/chapters/" in u and u.endswith(".json")]


def test_chapter_files_are_fetched_when_a_chapter_is_opened(tab, static_server):
    """Over http the player fetches the catalogue's small manifest.js at start-up and a chapter
    file only when its chapter is opened (the first at start-up, the next on ]), each once."""
    requests = []
    tab.page.on("request", lambda r: requests.append(r.url))
    page = open_player(tab, static_server + "/player/index.html")
    cat = catalogue()
    first = cat["chapters"][0]["narrators"][0]["chapterFile"]["file"]
    assert chapter_requests(requests) == [first.split("/")[-1]]
    assert page.evaluate("window.prepPlayer.chapterFiles()") == [first]
    page.keyboard.press("]")
    ready(page)
    second_id = state(page)["chapterID"]
    second = next(c for c in cat["chapters"] if c["id"] == second_id)
    n = next(n for n in second["narrators"] if n["id"] == state(page)["narrator"])
    assert second_id != cat["chapters"][0]["id"]
    assert chapter_requests(requests) == [first.split("/")[-1], n["chapterFile"]["file"].split("/")[-1]]
    # Back to the first chapter: already read, not fetched again.
    page.keyboard.press("[")
    ready(page)
    assert len(chapter_requests(requests)) == 2
    assert not any(u.endswith("/manifest.json") for u in requests)  # the catalogue comes as manifest.js
    assert tab.errors == []


def test_from_file_the_chapter_scripts_load_on_demand(tab):
    page = open_player(tab)
    cat = catalogue()
    assert page.evaluate("window.prepPlayer.chapterFiles()") == [cat["chapters"][0]["narrators"][0]["chapterFile"]["file"]]
    assert page.evaluate("document.querySelectorAll('script[src^=\"chapters/\"]').length") == 0  # removed once run
    page.keyboard.press("]")
    ready(page)
    assert len(page.evaluate("window.prepPlayer.chapterFiles()")) == 2
    assert tab.errors == []
