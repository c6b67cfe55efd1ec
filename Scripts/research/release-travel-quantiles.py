#!/usr/bin/env python3
"""Release speed p50/p90 and finger travel p50/p90 of the strokes a reveal study's kit keeps (issue 32).

For each trace file given (a recording with `touch_x`, such as the GestureApp kit's
labelled_home.csv, or a `snaplab generate` file with `offset`), prints AGGREGATES only: the number
of kept strokes (>= 3 rows, >= 22.9 pt of finger travel, the kit's selection), the LSQ2 release
speed p50 and p90 (pt/ms) and the finger travel p50 and p90 (pitches), each also against the
recording's values (--reference FILE; default the first file given). The stroke reader and LSQ2
are Scripts/research/trial-stroke-shapes.py's. Nothing per stroke is printed or written.

  python3 Scripts/research/release-travel-quantiles.py NAME=FILE [NAME=FILE ...] [--pitch 160] [--reference FILE]
"""
import argparse
import importlib.util
import os

import numpy as np

spec = importlib.util.spec_from_file_location(
    "trial_stroke_shapes", os.path.join(os.path.dirname(os.path.abspath(__file__)), "trial-stroke-shapes.py"))
shapes = importlib.util.module_from_spec(spec)
spec.loader.exec_module(shapes)


def figures(path, pitch):
    kept = [s for s in shapes.strokes(path, pitch) if s['rows'] >= 3 and s['travel_pt'] >= 22.9]
    v = np.array([s['speed'] for s in kept])
    t = np.array([s['travel'] for s in kept])
    return len(kept), (np.quantile(v, .5), np.quantile(v, .9), np.quantile(t, .5), np.quantile(t, .9))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('files', nargs='+')
    ap.add_argument('--pitch', type=float, default=160)
    ap.add_argument('--reference')
    a = ap.parse_args()
    named = [f.split('=', 1) if '=' in f else (f, f) for f in a.files]
    _, ref = figures(a.reference or named[0][1], a.pitch)
    for name, path in named:
        n, x = figures(path, a.pitch)
        rel = [f"{y:.3f} ({y / r - 1:+.0%})" for y, r in zip(x, ref)]
        print(f"{name}: n={n} release p50 {rel[0]} p90 {rel[1]} travel p50 {rel[2]} p90 {rel[3]}")


if __name__ == '__main__':
    main()
