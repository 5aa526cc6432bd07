#!/usr/bin/env python3
"""Where the stretcher loses voicing agreement: tsm_quality's voicing decision, read through
prep's OWN time map instead of a DTW.

usage: voicing.py --prep PREP --work DIR [--rates 1.5,2.0] [--clips c1,c2]

For each clip x rate, prep renders the clip with `--time-map`. Each 10 ms output frame (25 ms
YIN window, tsm_quality.yin) is compared with the input analysed at the frame's source position
in the map, so timing cannot blur the comparison. Reported per run:
  agree        voicing agreement on frames voiced in either file or loud in the input (map-aligned)
  lost         frames voiced in the input, unvoiced in the output; `edge` of them are the first
               or last voiced input frame of a voiced run
  spliced      share of input-voiced frames whose output window holds a splice (a stretch of the
               map whose slope is not 1), and how often such a frame is lost, against frames
               whose window is an unmodified copy
Results: DIR/results/voicing.jsonl. Needs numpy + scipy (as tsm_quality.py).
"""
import json, os, subprocess, sys
import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from quality import arguments, clips_in, tq  # noqa: E402  (tsm_quality, loaded once there)

WINDOW_S = 0.025   # tsm_quality.yin's window (W = 400 at 16 kHz)


def yin_at(signal, sr, centres):
    """tsm_quality's YIN aperiodicity and energy (dB) at `centres` (frames of `signal`)."""
    x16 = tq.resample(signal, sr, 16000)
    _, ap, en = tq.yin(x16, centres * 16000.0 / sr)
    return ap, en


def analyse(prep, clip, rate, out):
    cmd = [prep, 'render', clip, '--rate', str(rate), '-o', out, '--loudness', 'off', '--quiet',
           '--time-map', out + '.map.tsv']
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    sr, x = tq.load(clip)
    sr_y, y = tq.load(out)
    assert sr_y == sr, 'prep keeps the sample rate'
    anchors = np.loadtxt(out + '.map.tsv', skiprows=1)
    hop = tq.HOP_S * sr
    cy = np.arange(int(len(y) // hop)) * hop + hop / 2
    cx = np.interp(cy, anchors[:, 1], anchors[:, 0])
    apy, eny = yin_at(y, sr, cy)
    apx, enx = yin_at(x, sr, cx)
    floor = np.percentile(enx, 95) - 35
    vy = (apy < 0.15) & (eny > floor)
    vx = (apx < 0.15) & (enx > floor)
    either = vx | vy | (enx > floor)     # as tsm_quality: voiced in either, or input speech
    lost = vx & ~vy
    first = vx & ~np.concatenate([[False], vx[:-1]])
    last = vx & ~np.concatenate([vx[1:], [False]])
    # Output frames inside a splice: map segments whose output/input slope is not 1.
    d_in, d_out = np.diff(anchors[:, 0]), np.diff(anchors[:, 1])
    spliced_out = np.zeros(len(y) + 1, dtype=np.int32)
    for start, length, step in zip(anchors[:-1, 1].astype(int), d_out.astype(int), d_in.astype(int)):
        if length > 0 and step != length:
            spliced_out[start:start + length] = 1
    cumulative = np.concatenate([[0], np.cumsum(spliced_out)])
    half = int(WINDOW_S * sr / 2)
    lo = np.clip(cy.astype(int) - half, 0, len(y)); hi = np.clip(cy.astype(int) + half, 0, len(y))
    has_splice = (cumulative[hi] - cumulative[lo]) > 0
    sv, cv = vx & has_splice, vx & ~has_splice
    return {
        'clip': os.path.basename(clip), 'rate': rate,
        'agree': round(float(np.mean(vx[either] == vy[either])), 4),
        'voiced_in': int(vx.sum()), 'lost': int(lost.sum()), 'lost_edge': int((lost & (first | last)).sum()),
        'spliced_share': round(float(sv.sum() / max(1, vx.sum())), 3),
        'lost_if_spliced': round(float((lost & has_splice).sum() / max(1, sv.sum())), 3),
        'lost_if_copied': round(float((lost & ~has_splice).sum() / max(1, cv.sum())), 3) if cv.sum() else None,
    }


def main():
    a = arguments().parse_args()
    clips = clips_in(a.work, a.clips)
    outdir = os.path.join(a.work, 'out', 'voicing'); os.makedirs(outdir, exist_ok=True)
    os.makedirs(os.path.join(a.work, 'results'), exist_ok=True)
    keys = ['agree', 'lost', 'lost_edge', 'spliced_share', 'lost_if_spliced', 'lost_if_copied']
    rows = []
    print('| clip | rate | ' + ' | '.join(keys) + ' |')
    print('|---' * (len(keys) + 2) + '|')
    for r in [float(v) for v in a.rates.split(',')]:
        for c in clips:
            row = analyse(os.path.abspath(a.prep), c, r, os.path.join(outdir, f'{os.path.basename(c)[:-4]}_{r}.wav'))
            rows.append(row)
            print(f"| {row['clip'][:2]} | {r} | " + ' | '.join(str(row[k]) for k in keys) + ' |', flush=True)
    with open(os.path.join(a.work, 'results', 'voicing.jsonl'), 'w') as f:
        for row in rows:
            f.write(json.dumps(row) + '\n')


if __name__ == '__main__':
    main()
