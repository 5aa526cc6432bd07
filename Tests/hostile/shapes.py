"""Command shapes, setups and checks shared by the case tables (cases.py, cases_files.py)."""
import os
import shutil
import subprocess
from dataclasses import dataclass, field


@dataclass
class Case:
    slug: str
    argv: list
    exit: int
    needles: list
    setup: list = field(default_factory=list)
    checks: list = field(default_factory=list)


# ---- command shapes -------------------------------------------------------------------------
def ingest(audio, text="{in}/text.usfm"):
    return ["ingest", audio, "--text", text, "--output", "{out}/r.json", "--quiet"]


def align(audio, text="{in}/text.usfm", extra=()):
    return ["align", audio, "--text", text, "--labels", "{out}/l.txt", "--json", "{out}/a.json", "--quiet", *extra]


def render(audio, text="{in}/text.usfm", extra=()):
    return ["render", audio, "--text", text, "--output-dir", "{out}", "--format", "wav", "--no-stems", "--quiet", *extra]


def narration(audio, extra=(), output="{out}/n.wav"):
    return ["render", audio, "--rate", "1.5", "--output", output, "--loudness", "off", "--quiet", *extra]


# ---- setups and checks ----------------------------------------------------------------------
def copy(*pairs):
    """Copies fixtures into the case folder: copy(("good.wav", "a.wav"), …)."""
    def setup(env, prep):
        for source, target in pairs:
            target = os.path.join(env["case"], target)
            os.makedirs(os.path.dirname(target), exist_ok=True)
            shutil.copy(os.path.join(env["in"], source), target)
    return setup


def shell(command):
    """Runs a shell command in the case folder ({in}, {case}, {out}, {prep} expanded)."""
    def setup(env, prep):
        subprocess.run(command.format(prep=prep, **env), shell=True, check=True, cwd=env["case"],
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return setup


def exists(*names):
    def check(env, done):
        return [f"{n} was not written" for n in names if not os.path.exists(n.format(**env))]
    return check


def absent(*names):
    def check(env, done):
        return [f"{n} should be gone" for n in names if os.path.exists(n.format(**env))]
    return check


def stdout_is(text):
    def check(env, done):
        return [] if done.stdout.strip() == text else [f"stdout {done.stdout.strip()!r}, expected {text!r}"]
    return check


def dead_pid():
    process = subprocess.Popen(["true"])
    process.wait()
    return process.pid


