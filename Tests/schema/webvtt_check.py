#!/usr/bin/env python3
"""Strict WebVTT check for prep's caption sidecars (W3C WebVTT, file and cue syntax).

Usage: webvtt_check.py FILE.vtt [MORE.vtt ...]
Checks: UTF-8 without NUL; the "WEBVTT" signature line; blocks separated by blank lines;
each cue = optional id (no "-->"), a timing line HH:MM:SS.mmm --> HH:MM:SS.mmm (minutes and
seconds < 60) with end > start, start times not decreasing, then at least one text line
without "-->"; text has no raw "<" and every "&" starts an entity (&amp; &lt; &gt; &nbsp;
&lrm; &rlm; or a numeric one); cue ids are unique. If the webvtt-py package is installed,
the file is also parsed with it and the cue counts must agree.
Prints "FILE: N cues" per file and exits 1 on the first error in a file.
"""
import re
import sys

TIME = r"(?:(\d{2,}):)?([0-5]\d):([0-5]\d)\.(\d{3})"
TIMING = re.compile(rf"^{TIME}[ \t]+-->[ \t]+{TIME}(?:[ \t]+.*)?$")
ENTITY = re.compile(r"&(amp|lt|gt|nbsp|lrm|rlm|#\d+|#x[0-9a-fA-F]+);")


def seconds(groups):
    hours, minutes, secs, millis = groups
    return int(hours or 0) * 3600 + int(minutes) * 60 + int(secs) + int(millis) / 1000


def check(path):
    raw = open(path, "rb").read()
    text = raw.decode("utf-8")  # raises on invalid UTF-8
    if "\0" in text:
        raise ValueError("contains NUL")
    text = text.lstrip("\ufeff").replace("\r\n", "\n").replace("\r", "\n")
    blocks = [b for b in text.split("\n\n")]
    header = blocks[0].split("\n")
    if not re.match(r"^WEBVTT([ \t].*)?$", header[0]):
        raise ValueError("first line is not the WEBVTT signature")
    ids, cues, last_start = set(), 0, -1.0
    for block in blocks[1:]:
        lines = [line for line in block.split("\n")]
        while lines and lines[-1] == "":
            lines.pop()
        if not lines:
            continue
        if lines[0].startswith("NOTE") or lines[0].startswith("STYLE") or lines[0].startswith("REGION"):
            continue
        if "-->" not in lines[0]:
            cue_id = lines.pop(0)
            if cue_id in ids:
                raise ValueError(f"cue id {cue_id!r} appears twice")
            ids.add(cue_id)
        if not lines:
            raise ValueError("cue id without a timing line")
        match = TIMING.match(lines[0])
        if not match:
            raise ValueError(f"bad timing line {lines[0]!r}")
        start, end = seconds(match.groups()[:4]), seconds(match.groups()[4:])
        if end <= start:
            raise ValueError(f"cue ends at or before its start: {lines[0]!r}")
        if start < last_start:
            raise ValueError(f"cue starts before the previous one: {lines[0]!r}")
        last_start = start
        payload = lines[1:]
        if not payload:
            raise ValueError(f"cue {lines[0]!r} has no text")
        for line in payload:
            if "-->" in line:
                raise ValueError(f"cue text holds '-->': {line!r}")
            if "<" in line:
                raise ValueError(f"cue text holds a raw '<': {line!r}")
            for position in [m.start() for m in re.finditer("&", line)]:
                if not ENTITY.match(line, position):
                    raise ValueError(f"cue text holds a bare '&': {line!r}")
        cues += 1
    try:
        import webvtt  # webvtt-py, optional
        parsed = len(webvtt.read(path))
        if parsed != cues:
            raise ValueError(f"webvtt-py reads {parsed} cues, this check {cues}")
    except ImportError:
        pass
    return cues


def main(paths):
    if not paths:
        sys.exit(__doc__)
    failed = 0
    for path in paths:
        try:
            print(f"{path}: {check(path)} cues")
        except (ValueError, UnicodeDecodeError, OSError) as error:
            print(f"{path}: {error}")
            failed += 1
    print(f"{len(paths) - failed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
