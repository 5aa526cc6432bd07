#!/usr/bin/env python3
"""Times the reference player's first screen in Chromium, opened from file:// as a listener
opens a copied folder: from navigation start until manifest.js has run, the chapter queue is
drawn (one button per chapter) and the first chapter's script (player/chapters/*.js) has
loaded. The synthetic records have no audio, so nothing is played; audio requests fail and are
not waited for.

Usage: player_start.py PLAYER_FOLDER... [--runs N]   (each holds index.html, manifest.js, player.js)
Prints, per folder, manifest.js's size and the median and fastest time to the first screen.
"""
import os
import pathlib
import statistics
import sys

from playwright.sync_api import sync_playwright

CHROMIUM = os.environ.get("PREP_CHROMIUM", "/usr/bin/chromium")

READY = """() => window.prepPlayer !== undefined && window.prepPlayer.chapterFiles().length >= 1
  && document.querySelectorAll('#queue button').length > 0"""


def main(folders, runs):
    print("load average before: %.1f %.1f %.1f (the timings include waiting for a core)" % os.getloadavg())
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--mute-audio"])
        for folder in folders:
            folder = pathlib.Path(folder).resolve()
            times, buttons = [], 0
            for _ in range(runs):
                context = browser.new_context()
                page = context.new_page()
                page.goto((folder / "index.html").as_uri(), wait_until="commit")
                page.wait_for_function(READY, polling=5, timeout=60_000)
                times.append(page.evaluate("performance.now()"))
                buttons = page.evaluate("document.querySelectorAll('#queue button').length")
                context.close()
            size = (folder / "manifest.js").stat().st_size
            print("%s: manifest.js %d bytes; first screen (queue of %d chapters + first chapter file) median %.0f ms, "
                  "fastest %.0f ms over %d runs" % (folder.name, size, buttons, statistics.median(times), min(times), runs))
        browser.close()
    print("load average after: %.1f %.1f %.1f" % os.getloadavg())


if __name__ == "__main__":
    args = sys.argv[1:]
    runs = 7
    if "--runs" in args:
        i = args.index("--runs")
        runs = int(args[i + 1])
        del args[i:i + 2]
    if not args:
        sys.exit(__doc__)
    main(args, runs)
