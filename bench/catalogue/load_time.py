#!/usr/bin/env python3
"""Times what a player does with a collected catalogue, in Chromium (Debian's, via Playwright)
over a local http server: fetch + JSON.parse of manifest.json, then of one chapter file (a
chapter of median verse count, then the one with the most verses), measured inside the page
with performance.now(). Each run is a
fresh browser context with the cache off, so every byte crosses the server. A 2-byte fetch
opens the connection first and is reported beside the totals: it is this machine's floor (on a
loaded machine most of a fetch is waiting for a core, not bytes or parsing).

Usage: load_time.py FOLDER [RUNS]   (FOLDER holds manifest.json and chapters/, from prep collect)
Prints one line per run and a summary; exits 1 if the median total for the largest chapter is
100 ms or more.
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
// fetch + parse of one file, with the parse alone beside it.
async function load(path) {
  const t0 = performance.now();
  const text = await (await fetch(path, { cache: "no-store" })).text();
  const t1 = performance.now();
  const value = JSON.parse(text);
  return { value, ms: performance.now() - t0, parseMs: performance.now() - t1 };
}
window.measure = async (which) => {
  const ping = await load("ping.json"); // the machine's floor: one round trip of 2 bytes
  const t0 = performance.now();
  const catalogue = await load("manifest.json");
  const chapters = catalogue.value.chapters;
  // The chapter with the most verses (the worst case), or one of median size.
  const chapter = which === "largest" ? chapters.reduce((a, b) => (b.verseCount > a.verseCount ? b : a))
    : chapters.slice().sort((a, b) => a.verseCount - b.verseCount)[chapters.length >> 1];
  const file = await load(chapter.narrators[0].chapterFile.file);
  const total = performance.now() - t0;
  return { pingMs: ping.ms, catalogueMs: catalogue.ms, catalogueParseMs: catalogue.parseMs, chapterMs: file.ms,
           chapterParseMs: file.parseMs, totalMs: total, chapter: chapter.id, chapters: chapters.length,
           verses: file.value.timings[0].verses.length, rates: file.value.timings.length };
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
            served = {"/bench.html": (PAGE.encode(), "text/html; charset=utf-8"), "/ping.json": (b"{}", "application/json")}
            if self.path.split("?")[0] in served:
                body, kind = served[self.path.split("?")[0]]
                self.send_response(200)
                self.send_header("Content-Type", kind)
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
    medians = {}
    print("load average before: %.1f %.1f %.1f (the timings below include waiting for a core)" % os.getloadavg())
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM)
        for which in ("median", "largest"):
            results = []
            for run in range(runs):
                context = browser.new_context()
                page = context.new_page()
                page.goto(url)
                r = page.evaluate("(w) => window.measure(w)", which)
                results.append(r)
                print("%s chapter, run %d: catalogue %.1f ms (parse %.1f), chapter file %.1f ms (parse %.1f; %s, %d verses x %d rates), total %.1f ms"
                      % (which, run + 1, r["catalogueMs"], r["catalogueParseMs"], r["chapterMs"], r["chapterParseMs"],
                         r["chapter"], r["verses"], r["rates"], r["totalMs"]))
                context.close()
            m = lambda key: statistics.median(r[key] for r in results)
            medians[which] = m("totalMs")
            print("chromium fetch+parse, %s chapter, median of %d: catalogue %.1f ms (parse %.1f) + chapter file %.1f ms "
                  "(parse %.1f) = %.1f ms, fastest %.1f ms (goal < %d ms): %s; a 2-byte fetch takes %.1f ms here"
                  % (which, runs, m("catalogueMs"), m("catalogueParseMs"), m("chapterMs"), m("chapterParseMs"),
                     medians[which], min(r["totalMs"] for r in results), GOAL_MS,
                     "met" if medians[which] < GOAL_MS else "NOT met", m("pingMs")))
        browser.close()
    server.shutdown()
    print("load average after: %.1f %.1f %.1f" % os.getloadavg())
    return 0 if medians["largest"] < GOAL_MS else 1


if __name__ == "__main__":
    if len(sys.argv) not in (2, 3):
        sys.exit(__doc__)
    sys.exit(main(sys.argv[1], int(sys.argv[2]) if len(sys.argv) == 3 else 7))
