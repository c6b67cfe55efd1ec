#!/usr/bin/env python3
"""The onset of a reveal study's strokes (issue 32): aggregates of the strokes the kit keeps.

For each trace file given (a recording with `touch_x`, such as the GestureApp kit's
labelled_home.csv, or a `snaplab generate` file with `offset`), prints AGGREGATES only over the
kept strokes (>= 3 rows, >= 22.9 pt of travel, the kit's selection): the first move's share of
the travel p50, the share of LSQ2 release speeds exactly 0, rows p50, touch-down -> first move
p50 (ms), motion time p50 (first to last move, ms), contact duration p50 (ms), release speed
p50/p90 (pt/ms) and travel p50/p90 (pitches). The stroke reader and LSQ2 are
Scripts/research/trial-stroke-shapes.py's. Nothing per stroke is printed or written.

  python3 Scripts/research/onset-statistics.py NAME=FILE [NAME=FILE ...] [--pitch 160]
"""
import argparse
import importlib.util
import os

import numpy as np

spec = importlib.util.spec_from_file_location(
    "trial_stroke_shapes", os.path.join(os.path.dirname(os.path.abspath(__file__)), "trial-stroke-shapes.py"))
shapes = importlib.util.module_from_spec(spec)
spec.loader.exec_module(shapes)


def first_move_shares(path):
    """Trace id -> |first moved row − touch-down| / |last row − touch-down| (nan without travel)."""
    rows = shapes.traces(path)
    out = []
    for v in rows.values():
        x = [-float(r['touch_x']) for r in v] if 'touch_x' in v[0] else [float(r['offset']) for r in v]
        moved = [i for i, r in enumerate(v) if r['phase'] == 'moved']
        total = abs(x[-1] - x[0])
        out.append(abs(x[moved[0]] - x[0]) / total if moved and total > 0 else float('nan'))
    return out


def figures(path, pitch):
    every = shapes.strokes(path, pitch)
    shares = first_move_shares(path)
    keep = [i for i, s in enumerate(every) if s['rows'] >= 3 and s['travel_pt'] >= 22.9]
    k = [every[i] for i in keep]

    def p(key, q=.5):
        return float(np.quantile([s[key] for s in k], q))
    share = float(np.nanmedian([shares[i] for i in keep]))
    return len(k), dict(first_share=share, zero=float(np.mean([s['speed'] == 0 for s in k])), rows=p('rows'),
                        first=float(np.nanmedian([s['first'] for s in k])), motion=p('motion'), contact=p('contact'),
                        rel50=p('speed'), rel90=p('speed', .9), trav50=p('travel'), trav90=p('travel', .9))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('files', nargs='+')
    ap.add_argument('--pitch', type=float, default=160)
    a = ap.parse_args()
    for f in a.files:
        name, path = f.split('=', 1) if '=' in f else (f, f)
        n, x = figures(path, a.pitch)
        print(f"{name}: n={n} " + " ".join(f"{key} {value:.3f}" for key, value in x.items()))


if __name__ == '__main__':
    main()
