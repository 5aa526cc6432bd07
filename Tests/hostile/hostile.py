#!/usr/bin/env python3
"""The hostile-input suite (issue #11): `prep` against generated bad input, as a careless user or
script would run it.

Every case runs the built binary once and asserts:
  * the exit code (64 usage error, 1 bad input, 0 where the input is rightly accepted);
  * for a refusal, stderr's first line names the culprit (file or option) and gives a fix;
  * nothing new appeared in the case's folder or its output folder (no file, no temporary);
  * every input file's SHA-256 is unchanged (and the shared fixtures' at the end of the run).

Usage: hostile.py [--prep .build/debug/prep] [--jobs 2] [--only SUBSTRING] [--list]
"""
import argparse
import concurrent.futures
import hashlib
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import fixtures  # noqa: E402
from cases import all_cases  # noqa: E402

REPO = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
# A refusal gives a fix: one of these imperative words (or a command to run); ArgumentParser's
# "Missing expected argument '--output <output>'" is followed by that option's help line.
FIX = re.compile(
    r"\b(Give|Check|Choose|Run|Use|Export|Re-export|Convert|Save|Keep|Fix|Pick|Remove|Create|Listen|"
    r"Copy|End the name|Mix|Put|Add|Move|Say|Rename|Record|Lower|Raise|Write|Start|Delete)\b|render it again|iconv|sox |mkdir|Missing expected argument",
    re.IGNORECASE)


def sha256(path):
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def snapshot(folder):
    """Relative path → SHA-256 of every regular file (folders as 'dir', others by type)."""
    state = {}
    for root, dirs, files in os.walk(folder):
        for name in dirs:
            state[os.path.relpath(os.path.join(root, name), folder)] = "dir"
        for name in files:
            path = os.path.join(root, name)
            rel = os.path.relpath(path, folder)
            if os.path.islink(path):
                state[rel] = "link->" + os.readlink(path)
            elif os.path.isfile(path):
                state[rel] = sha256(path)
            else:
                state[rel] = "special"
    return state


def run_case(case, prep, inputs, work):
    """Runs one case in its own folder; returns a list of failures (empty: passed)."""
    folder = os.path.join(work, case.slug)
    out = os.path.join(folder, "out")
    os.makedirs(out)
    env = {"in": inputs, "case": folder, "out": out}
    for setup in case.setup:
        setup(env, prep)
    before = snapshot(folder)
    argv = [a.format(**env) for a in case.argv]
    started = time.time()
    try:
        done = subprocess.run(
            [prep] + argv, cwd=folder, capture_output=True, text=True, timeout=180, stdin=subprocess.DEVNULL)
    except subprocess.TimeoutExpired:
        return ["timed out (180 s)"], 180.0
    seconds = time.time() - started
    failures = []
    stderr = done.stderr.strip()
    first = stderr.splitlines()[0] if stderr else ""
    if done.returncode != case.exit:
        failures.append(f"exit {done.returncode}, expected {case.exit}")
    if case.exit != 0:
        if not first:
            failures.append("no message on stderr")
        if case.exit == 1 and len([l for l in stderr.splitlines() if not l.startswith("warning:")]) != 1:
            failures.append("more than one line on stderr")
        if not FIX.search(first):
            failures.append("the message gives no fix")
    for needle in case.needles:
        text = done.stdout + stderr if case.exit == 0 else first
        if needle.format(**env) not in text:
            failures.append(f"message lacks {needle!r}")
    after = snapshot(folder)
    if case.exit != 0:
        if after != before:
            added = sorted(set(after) - set(before))
            changed = sorted(k for k in before if after.get(k) != before[k])
            failures.append(f"files changed: new {added}, modified/removed {changed}")
    else:
        changed = sorted(k for k in before if after.get(k) != before[k] and not k.startswith("out/"))
        if changed:
            failures.append(f"inputs modified or removed: {changed}")
    for check in case.checks:
        failures += check(env, done)
    if failures:
        failures.append("stderr: " + (stderr[:400] or "(empty)"))
    return failures, seconds


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--prep", default=os.path.join(REPO, ".build/debug/prep"))
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--only", default="")
    parser.add_argument("--list", action="store_true")
    parser.add_argument("--keep", action="store_true", help="keep the temporary folder")
    args = parser.parse_args()
    prep = os.path.abspath(args.prep)
    cases = [c for c in all_cases() if args.only in c.slug]
    slugs = [c.slug for c in cases]
    assert len(slugs) == len(set(slugs)), "case names must be unique"
    if args.list:
        for c in cases:
            print(c.slug, " ".join(c.argv))
        print(f"{len(cases)} cases")
        return 0
    work = tempfile.mkdtemp(prefix="prep-hostile-")
    inputs = os.path.join(work, "inputs")
    os.makedirs(inputs)
    started = time.time()
    fixtures.generate(inputs, REPO)
    fixture_state = snapshot(inputs)
    print(f"hostile: {len(cases)} cases, fixtures in {time.time() - started:.1f} s", flush=True)
    failed = []
    slowest = []
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
        futures = {pool.submit(run_case, c, prep, inputs, os.path.join(work, "cases")): c for c in cases}
        for future in concurrent.futures.as_completed(futures):
            case = futures[future]
            try:
                failures, seconds = future.result()
            except Exception as error:  # a broken setup is a failure of the suite, not a pass
                failures, seconds = [f"setup or check raised {error!r}"], 0
            slowest.append((seconds, case.slug))
            if failures:
                failed.append(case)
                print(f"FAIL {case.slug}: prep {' '.join(case.argv)}")
                for f in failures:
                    print(f"     {f}")
    if snapshot(inputs) != fixture_state:
        print("FAIL the shared fixtures changed during the run")
        failed.append(None)
    slowest.sort(reverse=True)
    print("slowest: " + ", ".join(f"{s} {t:.1f}s" for t, s in slowest[:3]))
    print(f"hostile: {len(cases) - len(failed)} passed, {len(failed)} failed in {time.time() - started:.0f} s")
    if not args.keep:
        shutil.rmtree(work, ignore_errors=True)
    else:
        print(f"kept {work}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
