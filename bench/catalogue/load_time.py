#!/usr/bin/env python3
"""Times what a player does with a collected catalogue, in Chromium (Debian's, via Playwright)
over a local http server: fetch + JSON.parse of manifest.json, then of one chapter file (the
chapter with the most verses), measured inside the page with performance.now(). Each run is a
fresh browser context with the cache off, so every byte crosses the server.

Usage: load_time.py FOLDER [RUNS]   (FOLDER holds manifest.json and chapters/, from prep collect)
Prints one line per run and a summary; exits 1 if the median total is 100 ms or more.
"""
import http.server
import json
import os
import pathlib
import socketserver
import statistics
import sys
import threading

from playwright.sync_api import sync_playwright

CHROMIUM = os.environ.get("PREP_CHROMIUM", "/usr/bin/chromium")
GOAL_MS = 100

PAGE = """<!doctype html><meta charset="utf-8"><title>catalogue load time</title>
<script>
window.measure = async () => {
  const t0 = performance.now();
  const catalogue = await (await fetch("manifest.json", { cache: "no-store" })).json();
  const t1 = performance.now();
  // The chapter with the most verses (what a player opens is not known in advance).
  const chapter = catalogue.chapters.reduce((a, b) => (b.verseCount > a.verseCount ? b : a));
  const file = await (await fetch(chapter.narrators[0].chapterFile.file, { cache: "no-store" })).json();
  const t2 = performance.now();
  return { catalogueMs: t1 - t0, chapterMs: t2 - t1, totalMs: t2 - t0, chapter: chapter.id,
           chapters: catalogue.chapters.length, verses: file.timings[0].verses.length, rates: file.timings.length };
};
</script>
"""


def serve(folder):
    class Quiet(http.server.SimpleHTTPRequestHandler):
        def __init__(self, *a, **k):
            super().__init__(*a, directory=str(folder), **k)

        def log_message(self, *a):
            pass

        def do_GET(self):
            if self.path.split("?")[0] == "/bench.html":
                body = PAGE.encode()
                self.send_response(200)
                self.send_header("Content-Type", "text/html; charset=utf-8")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)
            else:
                super().do_GET()

    server = socketserver.ThreadingTCPServer(("127.0.0.1", 0), Quiet)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def main(folder, runs):
    folder = pathlib.Path(folder).resolve()
    server = serve(folder)
    url = "http://127.0.0.1:%d/bench.html" % server.server_address[1]
    results = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM)
        for run in range(runs):
            context = browser.new_context()
            page = context.new_page()
            page.goto(url)
            r = page.evaluate("window.measure()")
            results.append(r)
            print("run %d: catalogue %.1f ms, chapter file %.1f ms (%s, %d verses x %d rates), total %.1f ms"
                  % (run + 1, r["catalogueMs"], r["chapterMs"], r["chapter"], r["verses"], r["rates"], r["totalMs"]))
            context.close()
        browser.close()
    server.shutdown()
    total = statistics.median(r["totalMs"] for r in results)
    print("chromium fetch+parse, median of %d: catalogue %.1f ms + chapter file %.1f ms = %.1f ms (goal < %d ms): %s"
          % (runs, statistics.median(r["catalogueMs"] for r in results),
             statistics.median(r["chapterMs"] for r in results), total, GOAL_MS, "met" if total < GOAL_MS else "NOT met"))
    return 0 if total < GOAL_MS else 1


if __name__ == "__main__":
    if len(sys.argv) not in (2, 3):
        sys.exit(__doc__)
    sys.exit(main(sys.argv[1], int(sys.argv[2]) if len(sys.argv) == 3 else 7))
