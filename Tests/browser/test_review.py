"""The review pages (`prep review`) in Chromium, from file://."""
import pathlib
import subprocess

from conftest import PREP, ROOT, SAMPLES, accessibility_problems, read_json

CHAPTER = "psalm23_slt"


def page_path(name=CHAPTER):
    return SAMPLES / "review" / (name + ".html")


def align_record(name=CHAPTER):
    return read_json(SAMPLES / (name + ".align.json"))


def labels(text):
    out = []
    for line in text.splitlines():
        if line.strip():
            start, end, label = line.split("\t")
            out.append((float(start), float(end), label))
    return out


def test_loads_from_file_with_no_console_error_and_shows_every_verse(tab):
    page = tab.open(page_path())
    record = align_record()
    items = page.locator("#verses li")
    assert items.count() == len(record["segments"])
    verse_labels = [s["label"] for s in record["segments"] if s["kind"] == "verse"]
    for label in verse_labels:
        assert page.get_by_role("button", name="Verse %s " % label).count() == 1, label
        assert page.get_by_role("slider", name="Start of verse %s" % label).count() == 1, label
    # Text beside: every verse's text from the ingest record is on the page.
    ingest = read_json(SAMPLES / (CHAPTER + ".ingest.json"))
    for segment in ingest["text"]["chapter"]["segments"]:
        if segment["kind"] == "verse":
            assert segment["text"] in items.all_inner_texts()[[s["label"] for s in record["segments"]].index(segment["label"])]
    page.wait_for_timeout(300)
    assert tab.errors == []


SEEKS = """
window.seeks = [];
const audio = document.getElementById('audio');
audio.addEventListener('seeking', () => window.seeks.push(audio.currentTime));
"""


def last_seek(page):
    page.wait_for_function("window.seeks.length > 0")
    at = page.evaluate("window.seeks[window.seeks.length - 1]")
    page.evaluate("document.getElementById('audio').pause(); window.seeks = []")
    return at


def test_clicking_verse_3_seeks_to_its_start(tab):
    page = tab.open(page_path())
    page.evaluate(SEEKS)
    record = align_record()
    rate = record["audio"]["sampleRate"]
    start = {s["label"]: s["startFrame"] / rate for s in record["segments"]}
    page.get_by_role("button", name="Verse 3 ").click()
    assert abs(last_seek(page) - start["3"]) <= 0.010
    page.get_by_role("button", name="Verse 1 ").focus()
    page.keyboard.press("Enter")
    assert abs(last_seek(page) - start["1"]) <= 0.010
    # Enter on a start mark plays from that start too.
    page.get_by_role("slider", name="Start of verse 2").press("Enter")
    assert abs(last_seek(page) - start["2"]) <= 0.010
    assert tab.errors == []


def test_dragging_a_start_and_saving_gives_labels_align_accepts(tab, tmp_path):
    page = tab.open(page_path())
    record = align_record()
    rate = record["audio"]["sampleRate"]
    original = labels((SAMPLES / (CHAPTER + ".labels.txt")).read_text())
    index = [l for _, _, l in original].index("4")
    handle = page.get_by_role("slider", name="Start of verse 4")
    handle.scroll_into_view_if_needed()
    box = handle.bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x + 15, y, steps=3)
    page.mouse.move(x + 30, y, steps=3)
    page.mouse.up()
    handle.press("ArrowRight")
    handle.press("ArrowRight")
    handle.press("ArrowLeft")
    handle.press("ArrowRight")  # +20 ms by keys in all
    with page.expect_download() as download:
        page.get_by_role("button", name="Save labels").click()
    saved_path = tmp_path / "saved.labels.txt"
    download.value.save_as(saved_path)
    assert download.value.suggested_filename == CHAPTER + ".reviewed.labels.txt"
    saved = labels(saved_path.read_text())
    assert [l for _, _, l in saved] == [l for _, _, l in original]
    moved = saved[index][0] - original[index][0]
    # 30 px at 100 px per second, plus 20 ms of nudges; nothing else moved.
    assert 0.28 <= moved <= 0.34, moved
    assert abs(saved[index - 1][1] - saved[index][0]) < 1e-9
    for i, (a, b) in enumerate(zip(original, saved)):
        if i != index:
            assert abs(a[0] - b[0]) < 1e-6, (i, a, b)
        if i != index - 1:
            assert abs(a[1] - b[1]) < 1e-6, (i, a, b)
    # prep align --override takes them back and moves exactly that boundary.
    out = tmp_path / "out.labels.txt"
    result = subprocess.run(
        [PREP, "align", "--record", str(SAMPLES / (CHAPTER + ".ingest.json")), "--override", str(saved_path),
         "--labels", str(out), "--quiet"],
        cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    realigned = labels(out.read_text())
    assert [l for _, _, l in realigned] == [l for _, _, l in original]
    for i, (a, b) in enumerate(zip(realigned, saved)):
        assert abs(a[0] - b[0]) <= 1.5 / rate, (i, a, b)
    assert abs(realigned[index][0] - original[index][0] - moved) <= 1.5 / rate
    assert tab.errors == []


def test_low_confidence_marks_in_the_browser(tab, tmp_path):
    import json, shutil
    record = align_record()
    record["lowConfidence"] = ["2"]
    record["warnings"] = ["verse 5 is much longer than its text"]
    for s in record["segments"]:
        if s["label"] == "2":
            s["confidence"] = 0.21
    (tmp_path / "low.align.json").write_text(json.dumps(record))
    shutil.copy(SAMPLES / (CHAPTER + ".ingest.json"), tmp_path / "low.ingest.json")
    result = subprocess.run([PREP, "review", str(tmp_path / "low.align.json"), "--output-dir", str(tmp_path / "out"),
                             "--quiet"], cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    page = tab.open(tmp_path / "out" / "low.html")
    assert page.get_by_role("slider", name="Start of verse 2, low confidence").count() == 1
    assert "low confidence 0.21" in page.get_by_role("button", name="Verse 2 ").inner_text()
    assert page.get_by_role("heading", name="Warnings").count() == 1
    assert tab.errors == []


def test_book_page_lists_chapters_lowest_confidence_first(tab):
    page = tab.open(SAMPLES / "review" / "index.html")
    rows = page.locator("tbody tr")
    names = sorted(p.name[: -len(".align.json")] for p in SAMPLES.glob("*.align.json"))
    assert rows.count() == len(names)
    lowest = []
    for i in range(rows.count()):
        cell = rows.nth(i).locator("td").nth(1).inner_text()
        lowest.append(float(cell))
        href = rows.nth(i).locator("a").get_attribute("href")
        assert (SAMPLES / "review" / href).exists(), href
    expected = sorted(
        min(s["confidence"] for s in align_record(n)["segments"]) for n in names)
    assert lowest == expected
    assert tab.errors == []


def test_review_pages_pass_the_accessibility_check(tab):
    for path in [page_path(), SAMPLES / "review" / "index.html"]:
        page = tab.open(path)
        assert accessibility_problems(page) == [], path
    assert tab.errors == []
