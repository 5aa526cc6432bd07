#!/usr/bin/env python3
"""Letters clock vs syllable-nucleus clock for placing run-on verse boundaries.

For every run-on verse boundary in build/realcorpus, realcorpus2..7:
  A = end of last truth pause >= 120 ms before the true onset,
  B = start of first truth pause >= 120 ms after it,
  text in [A, B] = truth phrases inside [A, B], split at the boundary.
Clocks:
  letters   t = A + (B-A) * letters(before)/letters(all)
  textsyl   t = A + (B-A) * S_before/S_total  (vowel groups, text only, no audio)
  syl       k = round(N * S_before/S_total); boundary = envelope minimum between
            nucleus k and k+1 (k=0 -> A, k=N -> B)
  sylint    same knots (A, minima between consecutive nuclei, B), linear interpolation
            at the fractional position N * S_before/S_total
  avg       (letters + syl) / 2
  snap      letters estimate snapped to the nearest envelope local minimum
Optional "spliced" set: every pair of consecutive phrases P1,P2 that are separated by a
real pause (and bounded by real pauses on the outside) is turned into a synthetic run-on
by cutting the pause out of the envelope (keeping min(gap, 20 ms)), which is how the
corpus generator makes run-ons (pieces butted together with a 0-40 ms gap).

usage: python3 bench/align/syllable_clock.py [--prom 3] [--dist 0.09] [--smooth 0.04]
       [--floor 25] [--grid] [--cache build/clock]   (corpora: bench/corpus/make_real.py --seed 1..7)
"""
import argparse
import glob
import json
import os
import re
import subprocess
import sys
from collections import defaultdict

import numpy as np
from scipy import signal

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "build")
DIRS = ["realcorpus"] + ["realcorpus%d" % i for i in range(2, 8)]
SR = 16000
HOP = 0.010
WIN = 0.025
MINPAUSE = 0.12
VOW = re.compile(r"[aeiouyáéíóúüàèìòùâêîôûäëïöÿ]+", re.I)


def letters(s):
    return sum(ch.isalpha() for ch in s)


SILENT_E = False


def vgroups(s):
    if not SILENT_E:
        return len(VOW.findall(s))
    n = 0
    for w in re.findall(r"[^\W\d_]+", s):
        g = len(VOW.findall(w))
        lw = w.lower()
        # English silent final e ("made", "were", "grave"), not "-le", not "the"/"be"
        if g > 1 and lw.endswith("e") and not lw.endswith(("le", "ee", "ye")) and not VOW.fullmatch(lw[-2]):
            g -= 1
        n += max(g, 1)
    return n


def decode(path):
    raw = subprocess.run(["ffmpeg", "-v", "error", "-i", path, "-f", "f32le", "-ac", "1",
                          "-ar", str(SR), "-"], check=True, capture_output=True).stdout
    return np.frombuffer(raw, dtype=np.float32).astype(np.float64)


def raw_energy(x):
    """band-passed (300-2500 Hz) frame power, 25 ms windows, 10 ms hop, frame k centred at k*HOP."""
    sos = signal.butter(4, [300, 2500], btype="bandpass", fs=SR, output="sos")
    y = signal.sosfiltfilt(sos, x)
    h, w = int(HOP * SR), int(WIN * SR)
    y2 = np.concatenate([np.zeros(w // 2), y * y, np.zeros(w)])
    c = np.concatenate([[0.0], np.cumsum(y2)])
    n = len(x) // h + 1
    st = np.arange(n) * h
    return (c[st + w] - c[st]) / w


def get_energy(path, cache):
    key = os.path.join(cache, path.replace("/", "_") + ".npy")
    if os.path.exists(key):
        return np.load(key)
    e = raw_energy(decode(path))
    np.save(key, e)
    return e


def smooth_db(e, smooth):
    db = 10 * np.log10(e + 1e-12)
    n = max(1, int(round(smooth / HOP)))
    if n > 1:
        win = np.hanning(n + 2)[1:-1]
        win /= win.sum()
        db = np.convolve(np.pad(db, n, mode="edge"), win, mode="same")[n:-n]
    return db


def nuclei(db, lo, hi, p):
    """peak frame indices of db within [lo, hi)."""
    seg = db[lo:hi]
    if len(seg) < 3:
        return np.array([], int)
    pk, _ = signal.find_peaks(seg, prominence=p.prom, distance=max(1, int(round(p.dist / HOP))),
                              height=seg.max() - p.floor)
    return pk + lo


def clocks(db, t0, A, B, sb, st, lb, lt, p):
    """db: smoothed env whose frame k is at time t0 + k*HOP; A,B in the same time axis.
    returns dict clock -> estimate, and N nuclei."""
    fa, fb = int(round((A - t0) / HOP)), int(round((B - t0) / HOP)) + 1
    fa, fb = max(fa, 0), min(fb, len(db))
    pk = nuclei(db, fa, fb, p)
    N = len(pk)
    out = {"letters": A + (B - A) * lb / lt, "textsyl": A + (B - A) * sb / st}
    knots = [A]
    for i in range(N - 1):
        m = pk[i] + int(np.argmin(db[pk[i]:pk[i + 1] + 1]))
        knots.append(t0 + m * HOP)
    knots.append(B)
    x = N * sb / st
    k = int(round(x))
    out["syl"] = knots[min(max(k, 0), N)] if N > 0 else out["letters"]
    if N > 0:
        i = min(int(np.floor(x)), N - 1)
        out["sylint"] = knots[i] + (x - i) * (knots[i + 1] - knots[i])
    else:
        out["sylint"] = out["letters"]
    kn = np.array(knots)
    out["knotsnap"] = float(kn[np.argmin(np.abs(kn - out["letters"]))])
    out["_pk"] = t0 + pk * HOP
    out["_k"] = min(max(k, 0), N)
    out["avg"] = 0.5 * (out["letters"] + out["syl"])
    # letters snapped to the nearest local minimum of the envelope inside (A, B)
    mins = signal.argrelmin(db[fa:fb], order=3)[0] if fb - fa > 7 else np.array([], int)
    if len(mins):
        mt = t0 + (mins + fa) * HOP
        out["snap"] = float(mt[np.argmin(np.abs(mt - out["letters"]))])
    else:
        out["snap"] = out["letters"]
    return out, N


def voice_of(cid):
    for v in ("piper", "kal", "slt", "espeak"):
        if v in cid:
            return v
    return "?"


def process(p, cache):
    runon, spliced = [], []
    for d in DIRS:
        for f in sorted(glob.glob(os.path.join(ROOT, d, "*.json"))):
            if f.endswith("manifest.json"):
                continue
            t = json.load(open(f))
            if "verses" not in t:
                continue
            sr = t["sample_rate"]
            e = get_energy(os.path.join(ROOT, d, t["audio"]), cache)
            db_full = smooth_db(e, p.smooth)
            pauses = [(q["start"], q["end"]) for q in t["pauses"] if q["end"] - q["start"] >= MINPAUSE]
            extra = [(q["onset_frame"] / sr, q["offset_frame"] / sr) if "onset_frame" in q else
                     (q.get("start", 0), q.get("end", 0)) for q in t.get("extra_speech", [])]
            ph = []
            for vi, v in enumerate(t["verses"]):
                if v.get("skipped"):
                    continue
                for j, q in enumerate(v["phrases"]):
                    ph.append(dict(text=q["text"], on=q["onset_frame"] / sr, off=q["offset_frame"] / sr,
                                   vi=vi, first=(j == 0)))
            ph.sort(key=lambda q: q["on"])
            cid = t["id"]
            meta = dict(id=cid, corpus=d, voice=voice_of(cid), cond=t.get("condition", cid.split("_")[0]))

            def overlaps_extra(a, b):
                return any(x0 < b and x1 > a for x0, x1 in extra)

            # --- real run-on boundaries
            for vi, v in enumerate(t["verses"]):
                if not v.get("runon") or v.get("skipped"):
                    continue
                T = v["onset"]
                A = max([b for a, b in pauses if b <= T + 1e-4], default=0.0)
                B = min([a for a, b in pauses if a >= T - 1e-4], default=t["duration"])
                inn = [q for q in ph if q["on"] >= A - 0.005 and q["off"] <= B + 0.005]
                bef = " ".join(q["text"] for q in inn if q["off"] <= T + 0.005)
                aft = " ".join(q["text"] for q in inn if q["on"] >= T - 0.005)
                if not bef or not aft or overlaps_extra(A, B):
                    print("skip runon", cid, v["label"], file=sys.stderr)
                    continue
                sb, st = vgroups(bef), vgroups(bef + " " + aft)
                lb, lt = letters(bef), letters(bef + aft)
                est, N = clocks(db_full, 0.0, A, B, sb, st, lb, lt, p)
                kd = est.pop("_k") - int(np.sum(est.pop("_pk") < T))
                runon.append(dict(meta, label=v["label"], T=T, A=A, B=B, N=N, S=st, L=lt, kd=kd,
                                  err={k: abs(x - T) * 1000 for k, x in est.items()},
                                  sgn={k: (x - T) * 1000 for k, x in est.items()}))

            # --- spliced synthetic run-ons from ordinary phrase pairs
            for i in range(len(ph) - 1):
                p1, p2 = ph[i], ph[i + 1]
                gap = p2["on"] - p1["off"]
                if gap < MINPAUSE:
                    continue  # real run-on or no pause: handled above / not applicable
                before = p1["on"] - ph[i - 1]["off"] if i > 0 else 9.0
                after = ph[i + 2]["on"] - p2["off"] if i + 2 < len(ph) else 9.0
                if before < MINPAUSE or after < MINPAUSE or overlaps_extra(p1["on"], p2["off"]):
                    continue
                keep = min(gap, p.keep)
                c = 0.10  # context frames (pause) on each side
                f0 = max(0, int(round((p1["on"] - c) / HOP)))
                f1 = int(round((p1["off"] + keep) / HOP))
                f2 = int(round(p2["on"] / HOP))
                f3 = min(len(e), int(round((p2["off"] + c) / HOP)) + 1)
                ee = np.concatenate([e[f0:f1], e[f2:f3]])
                db = smooth_db(ee, p.smooth)
                t0 = f0 * HOP
                A = p1["on"]
                T = f1 * HOP  # true boundary in spliced time (== onset of p2)
                B = T + (p2["off"] - p2["on"])
                bef, aft = p1["text"], p2["text"]
                sb, st = vgroups(bef), vgroups(bef + " " + aft)
                lb, lt = letters(bef), letters(bef + aft)
                est, N = clocks(db, t0, A, B, sb, st, lb, lt, p)
                kd = est.pop("_k") - int(np.sum(est.pop("_pk") < T))
                kind = "verse" if p2["first"] else "intra"
                spliced.append(dict(meta, kind=kind, T=T, A=A, B=B, N=N, S=st, L=lt, kd=kd,
                                    err={k: abs(x - T) * 1000 for k, x in est.items()},
                                  sgn={k: (x - T) * 1000 for k, x in est.items()}))
    return runon, spliced


CLOCKS = ["letters", "textsyl", "syl", "sylint", "avg", "snap", "knotsnap"]


def summ(rows, title, clocks=CLOCKS):
    if not rows:
        return
    print("\n%s  (n=%d)" % (title, len(rows)))
    print("  %-8s %6s %7s %7s %7s %7s %7s %8s" % ("clock", "n", "median", "p90", "mean", "<=150", "<=80", "bias"))
    for k in clocks:
        a = np.array([r["err"][k] for r in rows])
        sg = np.array([r["sgn"][k] for r in rows])
        print("  %-8s %6d %7.0f %7.0f %7.0f %6.0f%% %6.0f%% %+7.0f" % (
            k, len(a), np.median(a), np.percentile(a, 90), a.mean(), 100 * np.mean(a <= 150), 100 * np.mean(a <= 80),
            np.median(sg)))


def kdiff(rows, title):
    kd = np.array([r["kd"] for r in rows])
    print("  %-28s syl clock k - true k (nuclei before boundary): " % title +
          "  ".join("%+d:%.0f%%" % (v, 100 * np.mean(np.clip(kd, -3, 3) == v)) for v in range(-3, 4)) +
          "   (+-3 = beyond)")


def ratio(rows, title):
    r = np.array([x["N"] / x["S"] for x in rows if x["S"] > 0])
    dur = np.array([x["B"] - x["A"] for x in rows])
    print("  %-28s nuclei/vowel-groups: pooled %.2f  median %.2f  p10 %.2f  p90 %.2f  IQR %.2f-%.2f  "
          "(stretch median %.1f s)" % (title, sum(x["N"] for x in rows) / sum(x["S"] for x in rows),
                                      np.median(r), *np.percentile(r, [10, 90, 25, 75]), np.median(dur)))


def compact(rows, keys=("letters", "syl", "sylint", "avg")):
    out = []
    for k in keys:
        a = np.array([r["err"][k] for r in rows])
        out.append("%s %4.0f/%3.0f%%" % (k[:4], np.median(a), 100 * np.mean(a <= 150)))
    return "  ".join(out)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--prom", type=float, default=3.0, help="peak prominence, dB")
    ap.add_argument("--dist", type=float, default=0.09, help="min peak distance, s")
    ap.add_argument("--smooth", type=float, default=0.04, help="hann smoothing length, s")
    ap.add_argument("--floor", type=float, default=25.0, help="peaks must be within this many dB of the stretch max")
    ap.add_argument("--cache", default=os.path.join(ROOT, "clock"))
    ap.add_argument("--silent-e", action="store_true", help="English silent final-e rule in the vowel-group count")
    ap.add_argument("--keep", type=float, default=0.02, help="spliced set: seconds of the cut pause kept at the joint")
    ap.add_argument("--grid", action="store_true", help="also print a small parameter sensitivity grid")
    ap.add_argument("--detail", action="store_true", help="print every run-on boundary")
    p = ap.parse_args()
    os.makedirs(p.cache, exist_ok=True)
    global SILENT_E
    SILENT_E = p.silent_e
    print("nuclei detector: band-pass 300-2500 Hz (butter4, filtfilt), 16 kHz, 25 ms frames / 10 ms hop,"
          " dB, hann smoothing %.0f ms, find_peaks prominence>=%.1f dB, distance>=%.0f ms, height>=max-%.0f dB"
          % (p.smooth * 1000, p.prom, p.dist * 1000, p.floor))
    runon, spliced = process(p, p.cache)

    summ(runon, "REAL RUN-ON BOUNDARIES, all corpora")
    for v in sorted({r["voice"] for r in runon}):
        summ([r for r in runon if r["voice"] == v], "  run-on, voice=%s" % v)
    print("\nnuclei vs text vowel groups")
    ratio(runon, "run-on stretches")
    kdiff(runon, "run-on")
    kdiff(spliced, "spliced")
    for v in sorted({r["voice"] for r in runon}):
        ratio([r for r in runon if r["voice"] == v], "  run-on voice=%s" % v)
    if p.detail:
        for r in runon:
            print("   %-12s %-24s v%-3s A=%6.2f B=%6.2f T=%6.2f N=%2d S=%2d  %s" % (
                r["corpus"], r["id"], r["label"], r["A"], r["B"], r["T"], r["N"], r["S"],
                " ".join("%s=%.0f" % (k, r["err"][k]) for k in CLOCKS)))

    summ(spliced, "SPLICED SYNTHETIC RUN-ONS (ordinary phrase pairs, pause cut out), all")
    for kind in ("intra", "verse"):
        summ([r for r in spliced if r["kind"] == kind], "  spliced, boundary kind=%s" % kind)
    print("\nspliced, per voice (median ms / share<=150 ms):")
    for v in sorted({r["voice"] for r in spliced}):
        rr = [r for r in spliced if r["voice"] == v]
        print("  %-7s n=%4d  %s" % (v, len(rr), compact(rr)))
        ratio(rr, "    voice=%s" % v)
    print("\nspliced, per condition (median ms / share<=150 ms):")
    for c in sorted({r["cond"] for r in spliced}):
        rr = [r for r in spliced if r["cond"] == c]
        print("  %-15s n=%4d  %s" % (c, len(rr), compact(rr)))
    ratio(spliced, "spliced all")

    if p.grid:
        print("\nsensitivity grid (median ms / share<=150 ms; run-on | spliced):")
        base = vars(p).copy()
        for prom in (2.0, 3.0, 4.5):
            for dist in (0.08, 0.10):
                for sm in (0.03, 0.05):
                    q = argparse.Namespace(**dict(base, prom=prom, dist=dist, smooth=sm))
                    ro, sp = process(q, p.cache)
                    print("  prom %.1f dist %3.0f smooth %2.0f | %s | %s" % (
                        prom, dist * 1000, sm * 1000, compact(ro, ("syl", "sylint")), compact(sp, ("syl", "sylint"))))


if __name__ == "__main__":
    main()
