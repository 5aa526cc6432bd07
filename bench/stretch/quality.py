#!/usr/bin/env python3
"""Score `prep render` (or a peer) over the TSM clips with tsm_quality.py, plus verse-onset error
against prep's OWN map.

usage: quality.py --prep PREP --work DIR [--tool prep|sonic|st] [--rates 0.75,1.25,1.5,2.0]
                  [--clips c1,c2] [--jobs 2] [--tag NAME]

For each clip x rate it runs the tool, then tsm_quality.evaluate() (all its keys), and for prep
additionally `onset_map_max_ms` / `onset_map_med_ms`: the speech onsets tsm_quality detects in the
input (after >= 200 ms pauses, 1 ms hops, -30 dB) are written as an Audacity label file, prep maps
them with `--labels/--labels-out` through its time map, and each mapped onset is compared with the
nearest onset detected in the output by the same detector (tsm_quality's own `onset_err_*` compares
with t / r instead). Prints one JSON line per run and a summary table (means per rate, overall,
against the issue's targets). Results: DIR/results/<tag>.jsonl.
"""
import argparse, json, os, subprocess, sys, importlib.util
from multiprocessing import Pool
import numpy as np

TSM = os.environ.get('TSM_TOOLS', '/work/shared/tools/tsm')
spec = importlib.util.spec_from_file_location('tsm_quality', os.path.join(TSM, 'tsm_quality.py'))
tq = importlib.util.module_from_spec(spec); spec.loader.exec_module(tq)

# (key, how the runs are combined, comparison, target); clicks: PEERS.md's real peers stay within
# ±1.2 excess clicks per minute on average.
TARGETS = [('mcd_dtw', 'mean', '<', 19.0), ('voicing_agree', 'mean', '>=', 0.91),
           ('f0_mae_cents', 'mean', '<=', 4.5), ('onset_map_max_ms', 'max', '<=', 2.0),
           ('dur_err_frames', 'max|.|', '==', 0), ('clicks_pm', 'mean', '<=', 1.2)]


def hop_of(sr):
    return max(1, int(round(0.001 * sr)))


def input_onsets(x, sr):
    envx = tq.envelope_db(x, sr)
    ref = np.percentile(envx[envx > -100], 95)
    return tq.onsets(envx, ref - 30)


def run_one(job):
    tool, prep, clip, out, rate, work = job
    sr, x = tq.load(clip)
    labels_in = out + '.onsets.txt'; labels_out = out + '.mapped.txt'
    hop = hop_of(sr)
    ox = input_onsets(x, sr)
    ox = ox[ox >= 100]
    with open(labels_in, 'w') as f:
        for o in ox:
            t = o * hop / sr
            f.write(f'{t:.6f}\t{t:.6f}\tonset\n')
    if tool == 'prep':
        cmd = [prep, 'render', clip, '--rate', str(rate), '-o', out, '--loudness', 'off', '--quiet',
               '--labels', labels_in, '--labels-out', labels_out]
    elif tool == 'sonic':
        cmd = ['sonic', '-s', str(rate), clip, out]
    elif tool == 'st':
        cmd = ['soundstretch', clip, out, f'-tempo={(rate - 1) * 100:.6g}']
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    sr_y, y = tq.load(out)
    res = {'clip': os.path.basename(clip), 'tool': tool, 'rate': rate}
    res.update(tq.evaluate(x, sr, y, sr_y, rate))
    res['dur_err_frames'] = len(y) - int(np.floor(len(x) / rate + 0.5))
    if tool == 'prep':
        mapped = [float(l.split('\t')[0]) for l in open(labels_out) if l.strip()]
        envy = tq.envelope_db(y, sr)
        envx = tq.envelope_db(x, sr)
        ref = np.percentile(envx[envx > -100], 95)
        oy = tq.onsets(envy, ref - 30 + (res['gain_db'] or 0), min_gap=max(20, int(200 / rate)),
                       min_len=max(5, int(30 / rate)))
        errs = []
        for t in mapped:
            exp = t * sr / hop
            k = np.argmin(np.abs(oy - exp))
            if abs(oy[k] - exp) <= 150:
                errs.append((oy[k] - exp) * hop / sr * 1000)
        res['onset_map_matched'] = f'{len(errs)}/{len(mapped)}'
        res['onset_map_med_ms'] = round(float(np.median(errs)), 2) if errs else None
        res['onset_map_max_ms'] = round(float(np.max(np.abs(errs))), 2) if errs else None
        res['onset_map_over_2ms'] = int(np.sum(np.abs(errs) > 2.0))
        res['onset_map_count'] = len(errs)
    return res


def summarize(rows, rates):
    keys = ['mcd_dtw', 'voicing_agree', 'f0_mae_cents', 'aper_delta', 'peak_ratio', 'clicks_pm',
            'onset_err_max_ms', 'onset_map_max_ms', 'dur_err_frames']
    agg = {'mcd_dtw': np.mean, 'voicing_agree': np.mean, 'f0_mae_cents': np.mean, 'aper_delta': np.mean,
           'peak_ratio': np.mean, 'clicks_pm': np.mean, 'onset_err_max_ms': np.max,
           'onset_map_max_ms': np.max, 'dur_err_frames': lambda v: np.max(np.abs(v))}
    print('| rate | ' + ' | '.join(keys) + ' |')
    print('|---' * (len(keys) + 1) + '|')
    for r in rates + ['all']:
        sel = [x for x in rows if r == 'all' or x['rate'] == r]
        cells = []
        for k in keys:
            v = [x[k] for x in sel if x.get(k) is not None]
            cells.append(f'{agg[k](v):.3f}' if v else '-')
        print(f'| {r} | ' + ' | '.join(cells) + ' |')
    print()
    for k, how, op, t in TARGETS:
        v = [x[k] for x in rows if x.get(k) is not None]
        if not v:
            continue
        val = {'mean': np.mean, 'max': np.max, 'max|.|': lambda a: np.max(np.abs(a))}[how](v)
        ok = {'<': val < t, '>=': val >= t, '<=': val <= t, '==': val == t}[op]
        print(f'{k:18s} {how:6s} {val:8.3f}  target {op} {t}  {"PASS" if ok else "FAIL"}')
    over = sum(x.get('onset_map_over_2ms', 0) for x in rows)
    count = sum(x.get('onset_map_count', 0) for x in rows)
    if count:
        print(f'verse onsets (after >= 200 ms pauses) off by more than 2 ms from the map: {over} of {count}')
    clicks = [x['clicks_pm'] for x in rows if x.get('clicks_pm') is not None]
    if clicks:
        print(f'clicks_pm max over runs: {max(clicks):.2f}')


def arguments():
    """The options quality.py and voicing.py share."""
    ap = argparse.ArgumentParser()
    ap.add_argument('--prep', default='.build/release/prep')
    ap.add_argument('--work', required=True)
    ap.add_argument('--rates', default='0.75,1.25,1.5,2.0')
    ap.add_argument('--clips', default='')
    return ap


def clips_in(work, wanted):
    """The TSM clips under WORK/clips, those starting with one of the comma-separated `wanted`."""
    clipdir = os.path.join(work, 'clips')
    clips = sorted(os.path.join(clipdir, f) for f in os.listdir(clipdir) if f.endswith('.wav'))
    if wanted:
        clips = [c for c in clips if any(os.path.basename(c).startswith(w) for w in wanted.split(','))]
    return clips


def main():
    ap = arguments()
    ap.add_argument('--tool', default='prep')
    ap.add_argument('--jobs', type=int, default=2)
    ap.add_argument('--tag', default='')
    a = ap.parse_args()
    rates = [float(r) for r in a.rates.split(',')]
    clips = clips_in(a.work, a.clips)
    tag = a.tag or a.tool
    outdir = os.path.join(a.work, 'out', tag); os.makedirs(outdir, exist_ok=True)
    os.makedirs(os.path.join(a.work, 'results'), exist_ok=True)
    prep = os.path.abspath(a.prep)
    jobs = [(a.tool, prep, c, os.path.join(outdir, f'{os.path.basename(c)[:-4]}_{r}.wav'), r, a.work)
            for c in clips for r in rates]
    with Pool(a.jobs) as p:
        rows = p.map(run_one, jobs)
    with open(os.path.join(a.work, 'results', f'{tag}.jsonl'), 'w') as f:
        for r in rows:
            f.write(json.dumps(r) + '\n')
    summarize(rows, rates)


if __name__ == '__main__':
    main()
