"""Browser tests of the review pages and the reference player (Debian's chromium via Playwright).

They read the sample pipeline's output (`make samples`): PREP_SAMPLES (default build/samples)
and the prep binary PREP (default .build/release/prep). `make e2e` sets both.
"""
import http.server
import json
import os
import pathlib
import socketserver
import threading

import pytest
from playwright.sync_api import sync_playwright

ROOT = pathlib.Path(__file__).resolve().parents[2]
SAMPLES = pathlib.Path(os.environ.get("PREP_SAMPLES", ROOT / "build" / "samples")).resolve()
PREP = os.environ.get("PREP", str(ROOT / ".build" / "release" / "prep"))
CHROMIUM = os.environ.get("PREP_CHROMIUM", "/usr/bin/chromium")


def read_json(path):
    return json.loads(pathlib.Path(path).read_text(encoding="utf-8"))


@pytest.fixture(scope="session")
def browser():
    with sync_playwright() as p:
        b = p.chromium.launch(
            executable_path=CHROMIUM,
            args=["--autoplay-policy=no-user-gesture-required", "--mute-audio"],
        )
        yield b
        b.close()


class Page:
    """A page with its console errors and uncaught exceptions recorded."""

    def __init__(self, browser, **context):
        self.context = browser.new_context(accept_downloads=True, **context)
        self.page = self.context.new_page()
        self.errors = []
        self.page.on("console", lambda m: m.type == "error" and self.errors.append(m.text))
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))

    def open(self, path_or_url):
        url = path_or_url if "://" in str(path_or_url) else pathlib.Path(path_or_url).resolve().as_uri()
        self.page.goto(url)
        self.page.wait_for_load_state("load")
        return self.page

    def close(self):
        self.context.close()


@pytest.fixture
def tab(browser):
    t = Page(browser)
    yield t
    t.close()


@pytest.fixture(scope="session")
def static_server():
    """The sample folder served on 127.0.0.1 (for what file:// pages may not load: <track>)."""

    class Quiet(http.server.SimpleHTTPRequestHandler):
        def __init__(self, *a, **k):
            super().__init__(*a, directory=str(SAMPLES), **k)

        def log_message(self, *a):
            pass

    server = socketserver.TCPServer(("127.0.0.1", 0), Quiet)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield "http://127.0.0.1:%d" % server.server_address[1]
    server.shutdown()
    server.server_close()


def accessibility_problems(page):
    """axe-core's serious and critical violations, plus every focusable control without a name
    as Chromium's own accessibility tree computes it."""
    from axe_playwright_python.sync_playwright import Axe

    result = Axe().run(page)
    serious = [
        "%s: %s" % (v["id"], [n["target"] for n in v["nodes"]][:3])
        for v in result.response["violations"]
        if v.get("impact") in ("serious", "critical")
    ]
    cdp = page.context.new_cdp_session(page)
    tree = cdp.send("Accessibility.getFullAXTree")["nodes"]
    controls = {"button", "slider", "combobox", "checkbox", "link", "textbox", "spinbutton", "radio", "listbox"}
    nameless = []
    for node in tree:
        role = node.get("role", {}).get("value")
        if node.get("ignored") or role not in controls:
            continue
        name = (node.get("name") or {}).get("value", "")
        if not name.strip():
            nameless.append(role)
    return serious + ["%s without an accessible name" % r for r in nameless]


def controls_count(page):
    cdp = page.context.new_cdp_session(page)
    tree = cdp.send("Accessibility.getFullAXTree")["nodes"]
    return sum(
        1
        for n in tree
        if not n.get("ignored") and n.get("role", {}).get("value") in ("button", "slider", "combobox", "checkbox")
    )
