#!/usr/bin/env python3
"""Travel and release speed of a reveal study's strokes by their place in the trial (issue 32).

For each trace file given (a recording with `touch_x`, such as the GestureApp kit's
labelled_home.csv, or a `snaplab generate` file with `offset`), prints AGGREGATES only:

- travel: the strokes with at least two moves (as `moved_travel_log_sd_within_users` counts them),
  by position in their session (single: a trial of one stroke; open: the first of several; mid;
  last: the last of several): count, geometric mean travel (pitches), log sd, and the within-user
  log sd (each user's logs centred on that user's mean, scaled by sqrt(n/(n-1)), 5% trimmed at
  each end, as RecordingSummary.withinUserLogSD);
- release speed: LSQ2 over the logged moves (AOSP's degree-2 least squares, 100 ms horizon, a gap
  over 40 ms stops the window, 0 with fewer than two moves or a lift-off more than 40 ms after the
  last move) of the strokes the kit keeps (>= 3 rows, >= 22.9 pt of travel), for a trial's first
  stroke and the later ones: the share exactly 0, the deciles 10/25/40/50/60/75/90, moves p50,
  contact p50 and first-move delay p50 (ms);
- by place (first: a trial's first stroke, single or opening; middle; last of several), over the
  same kept strokes: LSQ2 release speed p10/p50/p90, the share exactly 0 and why (late: lifted more
  than 40 ms after the last move; few: fewer than two moves in the window; edge: the finger's last
  `touch_x` at 0, the screen's left edge, recordings only), finger travel p50 (pitches), contact
  and motion time (first to last move) p50 (ms), and the late finger speed p50 (first to last move
  within 50 ms of the last move, pt/ms).

Finger travel is read from `touch_x` (negated) when the file has it, else from `offset`. Nothing
per stroke is printed or written: the kit's data has no licence.

  python3 Scripts/research/trial-stroke-shapes.py NAME=FILE [NAME=FILE ...] [--pitch 160]
"""
import argparse
import collections
import csv
import math
import statistics

import numpy as np


def lsq2(t, x, phases, why=None):
    """LSQ2 release speed (pt/ms); `why` (a list) gets the reason for a 0: 'late' or 'few'."""
    why = [] if why is None else why
    moves = [i for i, p in enumerate(phases) if p == 'moved']
    if not moves:
        why.append('few')
        return 0.0
    newest = moves[-1]
    t_new = t[newest]
    if t[-1] - t_new > 40:
        why.append('late')
        return 0.0
    window, previous = [newest], t_new
    for j in reversed(moves[:-1]):
        if t[j] - t_new < -100 or previous - t[j] > 40:
            break
        if previous - t[j] > 1e-6:
            window.append(j)
        previous = t[j]
        if len(window) >= 20:
            break
    if len(window) < 2:
        why.append('few')
        return 0.0
    a = np.array([t[i] - t_new for i in window])
    d = np.array([x[i] - x[newest] for i in window])
    degree = min(2, len(window) - 1)
    coefficients = np.linalg.lstsq(np.vander(a, degree + 1, increasing=True), d, rcond=None)[0]
    return abs(coefficients[1])


def traces(path):
    """Trace id -> its rows (dicts), in the file's order."""
    rows = collections.OrderedDict()
    with open(path) as f:
        for r in csv.DictReader(f):
            rows.setdefault(r['trace_id'], []).append(r)
    return rows


def strokes(path, pitch):
    rows = traces(path)
    out = []
    for v in rows.values():
        t = [float(r['t_ms']) for r in v]
        x = [-float(r['touch_x']) for r in v] if 'touch_x' in v[0] else [float(r['offset']) for r in v]
        phases = [r['phase'] for r in v]
        n = len(v)
        why = []
        speed = lsq2(t, x, phases, why)
        moves = [i for i, p in enumerate(phases) if p == 'moved']
        late = [i for i in moves if t[moves[-1]] - t[i] <= 50] if moves else []
        late_speed = abs(x[late[-1]] - x[late[0]]) / (t[late[-1]] - t[late[0]]) if len(late) >= 2 and t[late[-1]] > t[late[0]] else 0.0
        edge = 'touch_x' in v[0] and float(v[-1]['touch_x']) <= 0
        out.append(dict(why=('edge' if edge else why[0]) if speed == 0 and (edge or why) else '', late_speed=late_speed,
                        motion=t[moves[-1]] - t[moves[0]] if moves else 0.0,user=v[0]['user_id'], session=(v[0]['user_id'], v[0]['session_id']), rows=n,
                        travel_pt=abs(x[-1] - x[0]), travel=abs(x[-1] - x[0]) / pitch, moved=n >= 4,
                        speed=speed, moves=len(moves),
                        contact=t[-1] - t[0], first=t[1] - t[0] if n >= 2 else float('nan')))
    sessions = collections.OrderedDict()
    for s in out:
        sessions.setdefault(s['session'], []).append(s)
    for group in sessions.values():
        for i, s in enumerate(group):
            s['place'] = 'single' if len(group) == 1 else 'open' if i == 0 else 'last' if i == len(group) - 1 else 'mid'
    return out


def within_user_log_sd(values):
    by_user = collections.defaultdict(list)
    for user, x in values:
        if x > 0:
            by_user[user].append(math.log(x))
    residuals = []
    for logs in by_user.values():
        if len(logs) >= 2:
            m = sum(logs) / len(logs)
            scale = math.sqrt(len(logs) / (len(logs) - 1))
            residuals += [(y - m) * scale for y in logs]
    if len(residuals) < 20:
        return float('nan')
    residuals.sort()
    k = len(residuals) // 20
    kept = residuals[k:len(residuals) - k]
    m = sum(kept) / len(kept)
    return math.sqrt(sum((y - m) ** 2 for y in kept) / (len(kept) - 1))


def report(name, path, pitch):
    every = strokes(path, pitch)
    moved = [s for s in every if s['moved']]
    print(f"== {name}: {len(every)} strokes, {len(moved)} with >= 2 moves")
    print(f"  travel, within-user log sd of all moved strokes: {within_user_log_sd([(s['user'], s['travel']) for s in moved]):.3f}")
    for place in ['single', 'open', 'mid', 'last']:
        chosen = [s for s in moved if s['place'] == place]
        if len(chosen) < 2:
            continue
        logs = [math.log(s['travel']) for s in chosen if s['travel'] > 0]
        print(f"  travel {place:6s} n={len(chosen):6d} share={len(chosen) / len(moved):.2f} gmean {math.exp(statistics.mean(logs)):.3f} "
              f"log sd {statistics.pstdev(logs):.3f} within-user {within_user_log_sd([(s['user'], s['travel']) for s in chosen]):.3f}")
    kept = [s for s in every if s['rows'] >= 3 and s['travel_pt'] >= 22.9]
    for label, chosen in [('all', kept), ('first', [s for s in kept if s['place'] in ('single', 'open')]),
                          ('later', [s for s in kept if s['place'] in ('mid', 'last')])]:
        if not chosen:
            continue
        v = np.array([s['speed'] for s in chosen])
        q = np.quantile(v, [0.1, 0.25, 0.4, 0.5, 0.6, 0.75, 0.9])
        print(f"  LSQ2 release {label:5s} n={len(v):6d} zero={np.mean(v == 0):.3f} deciles " + ' '.join(f'{y:.2f}' for y in q)
              + f" | moves p50 {np.median([s['moves'] for s in chosen]):.0f}, contact p50 {np.median([s['contact'] for s in chosen]):.0f} ms,"
              + f" first move p50 {np.median([s['first'] for s in chosen]):.0f} ms")
    by_place(kept)


def by_place(kept):
    """Release speed, travel and times by a stroke's place in its trial (first, middle, last)."""
    places = [('first', ('single', 'open')), ('middle', ('mid',)), ('last', ('last',))]
    for label, members in places:
        chosen = [s for s in kept if s['place'] in members]
        if len(chosen) < 2:
            continue
        v = np.array([s['speed'] for s in chosen])
        q10, q50, q90 = np.quantile(v, [0.1, 0.5, 0.9])
        zero = {w: np.mean([s['why'] == w for s in chosen]) for w in ('late', 'few', 'edge')}
        print(f"  by place {label:6s} n={len(v):6d} share={len(v) / len(kept):.2f} release p10/p50/p90 {q10:.2f} {q50:.2f} {q90:.2f}"
              f" zero {np.mean(v == 0):.3f} (late {zero['late']:.3f} few {zero['few']:.3f} edge {zero['edge']:.3f})"
              f" | travel p50 {np.median([s['travel'] for s in chosen]):.3f} contact p50 {np.median([s['contact'] for s in chosen]):.0f} ms"
              f" motion p50 {np.median([s['motion'] for s in chosen]):.0f} ms late speed p50 {np.median([s['late_speed'] for s in chosen]):.2f}")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument('files', nargs='+', help='NAME=FILE (or FILE)')
    parser.add_argument('--pitch', type=float, default=160, help='item pitch, points (the A30 rows: 160)')
    args = parser.parse_args()
    for item in args.files:
        name, path = item.split('=', 1) if '=' in item else (item, item)
        report(name, path, args.pitch)


if __name__ == '__main__':
    main()
