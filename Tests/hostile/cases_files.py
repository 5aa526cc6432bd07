"""Cases about files: outputs that are inputs (data loss), records whose recording changed, and
leftovers of killed runs. Part of the table in cases.py."""
import os
import socket

from shapes import absent, copy, dead_pid, exists, ingest, narration, render, shell


def data_loss_cases(add):
    """Every output that is (by path, link or inode) one of the command's inputs is refused."""
    a = [copy(("good.wav", "a.wav"), ("text.usfm", "t.usfm"), ("labels.txt", "lab.txt"))]
    never = "never overwrites an input"
    add("loss-ingest-output-is-audio", ["ingest", "{case}/a.wav", "--text", "{case}/t.usfm", "--output", "{case}/a.wav"],
        1, ["a.wav", never, "--output"], a)
    add("loss-ingest-output-is-text", ["ingest", "{case}/a.wav", "--text", "{case}/t.usfm", "--output", "{case}/t.usfm"],
        1, ["t.usfm", never, "--text"], a)
    add("loss-ingest-output-relative", ["ingest", "a.wav", "--text", "t.usfm", "--output", "./sub/../a.wav"],
        1, ["a.wav", never], a + [shell("mkdir sub")])
    add("loss-ingest-output-symlink", ["ingest", "{case}/a.wav", "--text", "{case}/t.usfm", "--output", "{case}/link.json"],
        1, ["link.json", never], a + [shell("ln -s a.wav link.json")])
    add("loss-ingest-output-hardlink", ["ingest", "{case}/a.wav", "--text", "{case}/t.usfm", "--output", "{case}/hard.json"],
        1, ["hard.json", never], a + [shell("ln a.wav hard.json")])
    add("loss-ingest-audio-via-symlink-folder", ["ingest", "{case}/l/a.wav", "--text", "{case}/t.usfm", "--output",
                                                 "{case}/a.wav"], 1, ["a.wav", never], a + [shell("ln -s . l")])
    add("loss-align-labels-is-text", ["align", "{case}/a.wav", "--text", "{case}/t.usfm", "--labels", "{case}/t.usfm"],
        1, ["t.usfm", never, "--labels"], a)
    add("loss-align-json-is-audio", ["align", "{case}/a.wav", "--text", "{case}/t.usfm", "--labels", "{out}/l.txt",
                                     "--json", "{case}/a.wav"], 1, ["a.wav", never, "--json"], a)
    add("loss-align-phrases-is-audio", ["align", "{case}/a.wav", "--text", "{case}/t.usfm", "--labels", "{out}/l.txt",
                                        "--phrases", "{case}/a.wav"], 1, ["a.wav", never, "--phrases"], a)
    add("loss-align-labels-is-override", ["align", "{case}/a.wav", "--text", "{case}/t.usfm", "--labels", "{case}/lab.txt",
                                          "--override", "{case}/lab.txt"], 1, ["lab.txt", never, "--override"], a)
    add("loss-align-json-is-labels", ["align", "{case}/a.wav", "--text", "{case}/t.usfm", "--labels", "{out}/x.txt",
                                      "--json", "{out}/x.txt"], 1, ["x.txt", "same file"], a)
    rec = a + [shell("{prep} ingest a.wav --text t.usfm --output r.json --quiet")]
    add("loss-align-labels-is-record", ["align", "--record", "{case}/r.json", "--labels", "{case}/r.json"],
        1, ["r.json", never, "--record"], rec)
    add("loss-align-labels-is-recorded-audio", ["align", "--record", "{case}/r.json", "--labels", "{case}/a.wav"],
        1, ["a.wav", never, "ingest record names"], rec)
    add("loss-align-json-is-recorded-text", ["align", "--record", "{case}/r.json", "--labels", "{out}/l.txt",
                                             "--json", "{case}/t.usfm"], 1, ["t.usfm", never], rec)
    add("loss-narration-output-is-audio", narration("{case}/a.wav", output="{case}/a.wav"), 1,
        ["a.wav", never, "--output"], a)
    add("loss-narration-output-is-labels", narration("{case}/a.wav", ["--labels", "{case}/lab.txt", "--labels-out",
                                                                       "{out}/lo.txt"], output="{case}/lab.wav"), 1,
        ["lab.wav", never], a + [shell("ln lab.txt lab.wav")])
    add("loss-narration-labels-out-is-labels", narration("{case}/a.wav", ["--labels", "{case}/lab.txt", "--labels-out",
                                                                           "{case}/lab.txt"]), 1,
        ["lab.txt", never, "--labels-out"], a)
    add("loss-narration-time-map-is-audio", narration("{case}/a.wav", ["--time-map", "{case}/a.wav"]), 1,
        ["a.wav", never, "--time-map"], a)
    add("loss-narration-time-map-is-labels-out", narration("{case}/a.wav", ["--labels", "{case}/lab.txt", "--labels-out",
                                                                             "{out}/m.txt", "--time-map", "{out}/m.txt"]),
        1, ["m.txt", "same file"], a)
    add("loss-narration-output-is-ingest", narration("{case}/a.wav", ["--ingest", "{case}/r.json"], output="{case}/r.wav"),
        1, ["r.wav", never, "--ingest"], rec + [shell("ln r.json r.wav")])
    add("loss-render-base-names-input", ["render", "{case}/x.1x-none.wav", "--text", "{case}/t.usfm", "--output-dir",
                                         "{case}", "--base", "x", "--format", "wav", "--quiet"], 1,
        ["x.1x-none.wav", never, "--base"], a + [shell("cp a.wav x.1x-none.wav")])
    add("loss-render-default-base-names-text", ["render", "{case}/x.wav", "--text", "{case}/x.1x-none.labels.txt",
                                                 "--output-dir", "{case}", "--format", "wav", "--quiet"], 1,
        ["x.1x-none.labels.txt", never, "--text"], a + [shell("cp a.wav x.wav && cp {in}/text.txt x.1x-none.labels.txt")])
    add("loss-render-sidecar-names-text", ["render", "{case}/a.wav", "--text", "{case}/x.1.5x-none.vtt", "--output-dir",
                                           "{case}", "--base", "x", "--rate", "1.5", "--format", "wav", "--quiet"], 1,
        ["x.1.5x-none.vtt", never], a + [shell("cp t.usfm x.1.5x-none.vtt")])
    add("loss-render-bed-names-variant", ["render", "{case}/a.wav", "--text", "{case}/t.usfm", "--output-dir", "{case}",
                                          "--bed", "{case}/a.1x-none.wav", "--base", "a", "--format", "wav", "--quiet"], 1,
        ["a.1x-none.wav", never, "--bed"], a + [shell("cp {in}/bed.wav a.1x-none.wav")])
    add("loss-review-book-page-is-record", ["review", "{case}/index.html", "--output-dir", "{case}", "--quiet"], 1,
        ["index.html", never, "--output-dir"],
        rec + [shell("{prep} align --record r.json --labels l.txt --json index.html --quiet")])
    add("loss-render-record-in-output-names", ["render", "--ingest", "{case}/a.1x-none.json", "--align", "{case}/al.json",
                                               "--output-dir", "{case}", "--base", "a", "--format", "wav", "--quiet"], 1,
        ["a.1x-none.json", never], rec + [shell("mv r.json a.1x-none.json"),
                                          shell("{prep} align --record a.1x-none.json --labels l.txt --json al.json --quiet")])
    variants = a + [shell("mkdir v && {prep} render a.wav --text t.usfm --output-dir v --format wav --no-stems --quiet")]
    add("loss-collect-output-is-record", ["collect", "{case}/v", "--output", "{case}/v/a.1x-none.json", "--quiet"], 1,
        ["a.1x-none.json", never, "--output"], variants)
    add("loss-collect-output-is-input-folder", ["collect", "{case}/v", "--output", "{case}/v", "--quiet"], 1,
        ["v", never], variants)
    add("collect-output-is-folder", ["collect", "{case}/v", "--output", "{out}", "--quiet"], 1, ["out", "is a folder"],
        variants)
    add("validate-one-file-missing", ["validate", "{case}/v/a.1x-none.json"], 1, ["a.1x-none.wav", "missing"],
        variants + [shell("rm v/a.1x-none.wav")])
    add("loss-collect-accepted", ["collect", "{case}/v", "--output", "{case}/manifest.json", "--quiet"], 0, [],
        variants, checks=[exists("{case}/manifest.json")])


def record_cases(add):
    """Records whose recording changed, went missing or belong elsewhere."""
    rec = [copy(("good.wav", "a.wav"), ("text.usfm", "t.usfm")),
           shell("{prep} ingest a.wav --text t.usfm --output r.json --quiet"),
           shell("{prep} align --record r.json --labels l.txt --json al.json --quiet")]
    changed = rec + [shell("sox {in}/good.wav a.wav vol 0.5")]
    add("align-record-recording-changed", ["align", "--record", "{case}/r.json", "--labels", "{out}/l.txt"], 1,
        ["r.json", "changed since", "prep ingest"], changed)
    add("render-record-recording-changed", ["render", "--ingest", "{case}/r.json", "--align", "{case}/al.json",
                                            "--output-dir", "{out}", "--format", "wav", "--quiet"], 1,
        ["r.json", "changed since", "prep ingest"], changed)
    add("narration-record-other-audio", narration("{in}/dropout.wav", ["--ingest", "{case}/r.json", "--max-pause-ms",
                                                                        "600"]), 1,
        ["r.json", "other audio", "prep ingest"], rec)
    add("render-align-record-not-a-record", ["render", "--ingest", "{case}/r.json", "--align", "{case}/al2.json",
                                              "--output-dir", "{out}", "--format", "wav", "--quiet"], 1,
        ["al2.json"], rec + [shell("echo '{{}}' > al2.json")])
    for mode, edit in [("huge", "s['endFrame'] = 10**15"), ("negative", "s['startFrame'] = -100000"),
                       ("backwards", "s['startFrame'], s['endFrame'] = s['endFrame'], s['startFrame']")]:
        script = ("import json; a = json.load(open('al.json')); s = [x for x in a['segments'] if x['kind'] == 'verse'][1]; "
                  f"{edit}; json.dump(a, open('bad.json', 'w'))")
        add(f"render-align-record-{mode}-frames", ["render", "--ingest", "{case}/r.json", "--align", "{case}/bad.json",
                                                   "--output-dir", "{out}", "--format", "wav", "--quiet"], 1,
            ["bad.json", "segment 2", "prep align again"], rec + [shell(f'python3 -c "{script}"')])
    add("align-record-garbage", ["align", "--record", "{case}/r.json", "--labels", "{out}/l.txt"], 1, ["r.json"],
        [shell("echo 'not json' > r.json")])
    add("align-record-missing", ["align", "--record", "{case}/none.json", "--labels", "{out}/l.txt"], 1, ["none.json"])
    add("render-align-record-missing", ["render", "--ingest", "{case}/r.json", "--align", "{case}/none.json",
                                        "--output-dir", "{out}", "--quiet"], 1, ["none.json"], rec)


def leftover_cases(add):
    """Stale staging folders and temporary files of killed runs are removed by the next run; a
    live process's are kept; nothing else is touched."""
    def stale(env, prep):
        pid = dead_pid()
        env["dead"] = str(pid)
        os.makedirs(os.path.join(env["out"], f".prep-staging-{pid}"))
        open(os.path.join(env["out"], f".prep-staging-{pid}", "a.1x-none.wav"), "w").write("half")
        os.makedirs(os.path.join(env["out"], f".prep-staging-{os.getpid()}"))
        os.makedirs(os.path.join(env["out"], ".prep-staging-notapid"))
        host = socket.gethostname()
        os.makedirs(os.path.join(env["out"], f".prep-staging-{pid}@{host}"))
        # another node on a shared file system: its process ids say nothing here
        os.makedirs(os.path.join(env["out"], f".prep-staging-{pid}@other-node.example"))
        open(os.path.join(env["out"], f".r.json.{pid}.tmp"), "w").write("half")
        open(os.path.join(env["out"], f".other.json.{pid}.tmp"), "w").write("not ours to judge")

    add("leftovers-render-sweeps-dead-staging", render("{in}/good.wav"), 0, [], [stale],
        checks=[absent("{out}/.prep-staging-{dead}"), exists("{out}/.prep-staging-" + str(os.getpid())),
                exists("{out}/.prep-staging-notapid"), exists("{out}/good.1x-none.wav"),
                absent("{out}/.prep-staging-{dead}@" + socket.gethostname()),
                exists("{out}/.prep-staging-{dead}@other-node.example")])
    add("leftovers-ingest-sweeps-dead-temporary", ingest("{in}/good.wav"), 0, [], [stale],
        checks=[absent("{out}/.r.json.{dead}.tmp"), exists("{out}/.other.json.{dead}.tmp"), exists("{out}/r.json")])
