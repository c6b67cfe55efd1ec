#!/usr/bin/env python3
"""Screen candidate statistics for `generate --like` on simulated truth samples (issue 16).

A statistic is worth fitting a parameter to when it moves with the parameter and little else:
its *implied relative sd* — the sd over truth samples of log(statistic), divided by its slope
d log(statistic) / d log(parameter) — is the relative sd the fitted parameter would have if the
statistic were its only source of error. The *ideal* is the same parameter computed from each
truth sample's own hidden draws (Scripts/check-like-ideal.py: for the user gain log sd, the sd of
the users' drawn log gains), which no estimator can beat; "− ideal" is the sd over samples of the
implied error minus the ideal's error: the estimator's own error, the figure to compare.

1. Samples (Scripts/screen-statistics.sh TASK DIR PARAM FIRST LAST does this and step 2): the
   check-like truth model of the task (Scripts/check-like-truth.py) as DIR/base.json and two copies
   with PARAM × 1.2 (DIR/up.json) and ÷ 1.2 (DIR/down.json); per development seed S (never the
   confirmation seeds 77–108 of Scripts/check-like.sh), for TAG in base, up, down:

       snaplab generate --model DIR/TAG.json --traces 2000 --users 100 --seed S \
           --out DIR/TAG-S.csv --hidden-truth DIR/TAG-S.h.csv

2. Features: `screen-statistics.py features DIR` measures every DIR/TAG-S.csv (the Python mirror of
   TraceFeatures below, with its hidden-truth rows) into DIR/TAG-S.pkl, once.

3. Screen: `screen-statistics.py screen DIR --param gainLogSD --truth 0.35 --seeds 1000-1199
   --slope-from up:1.2,down:0.8333 [--only SUBSTR,…] [--combine A,B]` prints per candidate the slope
   (± its standard error; a central difference over ×1.2/÷1.2 is 3–4 times as precise as one
   ×1.1 step: a moved parameter changes the number of frames and so desynchronises the common
   random numbers), the implied sd, the "− ideal" sd, the correlation with the ideal, and a paired
   bootstrap (over samples) of each candidate's "− ideal" sd against the first's: differences of
   less than two of its sds are noise. `--combine` adds the best combination of two candidates.
   Candidate sets: `gainLogSD` (paging), `gainLogSD:reveal`.

Candidates are registered with @candidate(SET, NAME) below; each takes a sample's list of feature
dicts and returns the statistic. Those marked "chosen (Swift …)" mirror what `generate --like` fits
(RecordingSummary+UserSpread.swift); the mirror follows Sources/SnapEvaluator/Generation/
TraceFeatures.swift and RecordingSummary*.swift (the Swift is the reference: where they differ this
mirror is stale; on paging seed 1000 both give 0.3198 for the first chosen version and 0.2687
for the older peak-speed statistic). Figures of the ninth round: Docs/swipe-model-evidence.md.
"""
import argparse
import csv
import math
import os
import pickle
import sys

import numpy as np

# ----------------------------------------------------------------------------------------------
# Feature mirror (TraceFeatures.swift)


def read_sample(path, hidden=None):
    """The traces of a trace CSV (cancelled ones left out) measured as TraceFeatures does, each with
    its hidden-truth row under 'h' when `hidden` is given."""
    traces, order = {}, []
    with open(path) as fh:
        r = csv.reader(fh)
        ix = {k: i for i, k in enumerate(next(r))}
        for row in r:
            tid = int(row[ix['trace_id']])
            t = traces.get(tid)
            if t is None:
                ii = row[ix['intended_index']] if 'intended_index' in ix else ''
                t = {'id': tid, 'user': row[ix['user_id']], 'time': [], 'off': [], 'phase': [],
                     'start': float(row[ix['start_offset']]), 'si': int(row[ix['start_index']]),
                     'ii': int(ii) if ii != '' else None,
                     'pitch': float(row[ix['item_width']]) + float(row[ix['item_spacing']])}
                traces[tid] = t
                order.append(tid)
            t['time'].append(float(row[ix['t_ms']]))
            t['off'].append(float(row[ix['offset']]))
            t['phase'].append(row[ix['phase']])
    out = [features(traces[i]) for i in order if traces[i]['phase'][-1] != 'cancelled' and len(traces[i]['time']) >= 2]
    if hidden:
        with open(hidden) as fh:
            h = {int(r['trace_id']): r for r in csv.DictReader(fh)}
        for f in out:
            f['h'] = h[f['id']]
    return out


def features(t):
    time, off = t['time'], t['off']
    n = len(time)
    f = {'id': t['id'], 'user': t['user'], 'n': n}
    f['intent'] = t['ii'] - t['si'] if t['ii'] is not None else None
    f['duration'] = time[-1] - time[0]
    f['travel'] = abs(off[-1] - t['start'])
    f['tp'] = f['travel'] / t['pitch']
    f['fmd'] = time[1] - time[0] if n >= 3 else None
    f['motion'] = time[n - 2] - time[1] if n >= 4 else None
    f['liftRepeats'] = n >= 3 and off[-1] == off[-2]
    f['liftGap'] = time[-1] - time[-2] if n >= 3 else None
    peak = last = 0.0
    speeds = []
    if n >= 4:
        for i in range(2, n - 1):
            if time[i] > time[i - 1]:
                last = abs(off[i] - off[i - 1]) / (time[i] - time[i - 1])
                speeds.append(last)
                peak = max(peak, last)
    f['speeds'] = speeds
    f['peak'] = peak if n >= 4 else None
    f['l2p'] = last / peak if n >= 4 and peak > 0 else None
    f['st'] = f['travel'] / peak if n >= 4 and peak > 0 and f['travel'] != 0 else None
    # TraceFeatures.releasedMovingPromptly
    f['movingPrompt'] = f['l2p'] is not None and f['l2p'] >= 0.2 and f['liftGap'] is not None and f['liftGap'] <= 40 \
        and f['st'] is not None and f['st'] > 0
    f['rested'] = (f['l2p'] if f['l2p'] is not None else 1) < 0.2
    return f


# ----------------------------------------------------------------------------------------------
# Statistics (RecordingSummary+UserSpread.swift)


def speed_class(f):
    """RecordingSummary.speedClass: label distance 0, 1 (unlabelled apart) × came to rest; None for
    labels ≥ 2 items away (projected flicks)."""
    d = min(abs(f['intent']), 2) if f['intent'] is not None else 3
    if d == 2:
        return None
    return 2 * d + (1 if f['rested'] else 0)


def pauls_mandel(means, variances):
    """Paule–Mandel τ² (RecordingSummary.pauleMandel)."""
    means, variances = np.asarray(means), np.asarray(variances)
    k = len(means)

    def excess(t2):
        w = 1 / (t2 + variances)
        c = np.sum(w * means) / np.sum(w)
        return np.sum(w * (means - c) ** 2) - (k - 1)
    if k < 3 or excess(0) <= 0:
        return 0.0
    lo, hi = 0.0, max(np.var(means, ddof=1), 1e-12)
    while excess(hi) > 0 and hi < 1e6:
        hi *= 2
    for _ in range(80):
        if hi - lo <= 1e-12:
            break
        mid = (lo + hi) / 2
        if excess(mid) > 0:
            lo = mid
        else:
            hi = mid
    return (lo + hi) / 2


def class_centred_between_sd(values, minimum=5, weighted=True):
    """RecordingSummary.classCentredBetweenSD over (user, class, value) triples."""
    cells = {}
    for g, c, x in values:
        if x is None or not math.isfinite(x):
            continue
        cells.setdefault((g, c), []).append(x)
    classes = {}
    for (g, c), xs in cells.items():
        n, s, q, dof = classes.get(c, (0, 0.0, 0.0, 0))
        xs = np.asarray(xs)
        classes[c] = (n + len(xs), s + xs.sum(), q + float(np.sum((xs - xs.mean()) ** 2)), dof + len(xs) - 1)
    mean, weight = {}, {}
    for c, (n, s, q, dof) in classes.items():
        if dof >= 10 and q > 0:
            mean[c], weight[c] = s / n, dof / q
    groups = {}
    for (g, c), xs in cells.items():
        if c not in mean:
            continue
        n, wsum, tot = groups.get(g, (0, 0.0, 0.0))
        groups[g] = (n + len(xs), wsum + weight[c] * (sum(xs) - len(xs) * mean[c]), tot + weight[c] * len(xs))
    kept = [groups[g] for g in sorted(groups) if groups[g][0] >= minimum]
    if len(kept) < 3:
        return float('nan')
    means = [w / t for _, w, t in kept]
    if weighted:
        return math.sqrt(pauls_mandel(means, [1 / t for _, _, t in kept]))
    between = np.var(means, ddof=1)
    return math.sqrt(max(between - np.mean([1 / t for _, _, t in kept]), 0))


def combined(fs, features_of, cls=speed_class):
    """Per class, the within-user-covariance-optimal combination of several per-stroke features that
    each carry log gain with slope 1 (weights ∝ Σ_c⁻¹·1, Σ_c the pooled within-(user, class)
    covariance); returns (user, class, value) triples for class_centred_between_sd.
    `features_of(f, c)`: the feature vector (list of logs) of stroke f in class c, or None."""
    rows = {}
    for f in fs:
        c = cls(f)
        if c is None:
            continue
        v = features_of(f, c)
        if v is None or not all(math.isfinite(x) for x in v):
            continue
        rows.setdefault(c, []).append((f['user'], np.asarray(v, float)))
    out = []
    for c, rs in rows.items():
        k = len(rs[0][1])
        by = {}
        for u, v in rs:
            by.setdefault(u, []).append(v)
        S, dof = np.zeros((k, k)), 0
        for vs in by.values():
            if len(vs) < 2:
                continue
            m = np.asarray(vs)
            d = m - m.mean(axis=0)
            S += d.T @ d
            dof += len(vs) - 1
        if dof < 10:
            continue
        S /= dof
        try:
            w = np.linalg.solve(S, np.ones(k))
        except np.linalg.LinAlgError:
            continue
        w /= w.sum()
        out += [(u, c, float(w @ v)) for u, v in rs]
    return out


# ----------------------------------------------------------------------------------------------
# Candidates

CANDIDATES = {}


def candidate(param, name):
    def deco(fn):
        CANDIDATES.setdefault(param, {})[name] = fn
        return fn
    return deco


def lg(x):
    return math.log(x) if x is not None and x > 0 else None


@candidate('gainLogSD', 'current: log peak, all classes')
def _(fs):
    return class_centred_between_sd([(f['user'], speed_class(f), lg(f['peak'])) for f in fs if speed_class(f) is not None])


def per_class(fs, moving, rested, cls=speed_class, weighted=True):
    """class-centred PM sd with feature `moving(f)` for strokes still moving at the last move and
    `rested(f)` for those that came to rest (each a log carrying log g with slope 1, or None)."""
    vals = []
    for f in fs:
        c = cls(f)
        if c is None:
            continue
        x = rested(f) if c % 2 == 1 else moving(f)
        if x is not None:
            vals.append((f['user'], c, x))
    return class_centred_between_sd(vals, weighted=weighted)


def neg(x):
    return -x if x is not None else None


def _peak(f):
    return lg(f['peak'])


def _travel(f):
    return lg(f['travel'])


def _neg_motion(f):
    return neg(lg(f['motion']))


def _neg_stroke_time(f):
    return neg(lg(f['st']))


# (name, feature of strokes still moving at the last move, feature of strokes that came to rest)
for _name, _moving, _rested in [
        ('flick peak, rest −log motion', _peak, _neg_motion),
        ('flick peak, rest −log stroke time', _peak, _neg_stroke_time),
        ('flick travel, rest peak', _travel, _peak),
        ('flick travel, rest −log motion', _travel, _neg_motion),
        ('flick travel, rest −log stroke time', _travel, _neg_stroke_time),
        ('flick travel (prompt only), rest −log motion', lambda f: _travel(f) if f['movingPrompt'] else None, _neg_motion)]:
    candidate('gainLogSD', _name)(lambda fs, _moving=_moving, _rested=_rested: per_class(fs, _moving, _rested))


def optimal_features(f, c):
    if c % 2 == 0:   # still moving at the last move: flicks (g in the amplitude)
        return [lg(f['travel']), lg(f['peak'])] if f['travel'] > 0 and f['peak'] else None
    if not f['motion'] or not f['st'] or not f['peak']:
        return None    # came to rest: drags and stays (g in 1/duration)
    return [-math.log(f['motion']), -math.log(f['st']), math.log(f['peak'])]


@candidate('gainLogSD', 'optimal: flick travel+peak, rest motion+st+peak')
def _(fs):
    return class_centred_between_sd(combined(fs, optimal_features))


def optimal_rest2(f, c):
    if c % 2 == 0:
        return [lg(f['travel']), lg(f['peak'])] if f['travel'] > 0 and f['peak'] else None
    if not f['motion'] or not f['st']:
        return None
    return [-math.log(f['motion']), -math.log(f['st'])]


@candidate('gainLogSD', 'optimal: flick travel+peak, rest motion+st')
def _(fs):
    return class_centred_between_sd(combined(fs, optimal_rest2))


def prompt_class(f):
    """speed_class with the one-item (and unlabelled) strokes still moving at the last move split by
    TraceFeatures.releasedMovingPromptly: a flick a stall cut short (late lift-off) or with one
    segment has its own mean (classes 8 and 9 for labelled ±1 and unlabelled)."""
    c = speed_class(f)
    if c in (2, 6) and not f['movingPrompt']:
        return c + 6 if c == 2 else 9
    return c


def by_class(fs, feature, cls=prompt_class, weighted=True, minimum=5):
    vals = []
    for f in fs:
        c = cls(f)
        if c is not None:
            x = feature(f, c)
            if x is not None:
                vals.append((f['user'], c, x))
    return class_centred_between_sd(vals, weighted=weighted, minimum=minimum)


def rested_motion(f, c):
    return neg(lg(f['motion']))


@candidate('gainLogSD', 'split prompt: flick peak, rest −log motion')
def _(fs):
    return by_class(fs, lambda f, c: rested_motion(f, c) if c % 2 == 1 and c < 8 else lg(f['peak']))


@candidate('gainLogSD', 'split prompt: flick travel, rest −log motion')
def _(fs):
    return by_class(fs, lambda f, c: rested_motion(f, c) if c % 2 == 1 and c < 8 else lg(f['travel']))


@candidate('gainLogSD', 'split prompt: flick .4 peak+.6 travel, rest −log motion')
def _(fs):
    def x(f, c):
        if c % 2 == 1 and c < 8:
            return rested_motion(f, c)
        if not f['peak'] or f['travel'] <= 0:
            return None
        return 0.4 * math.log(f['peak']) + 0.6 * math.log(f['travel'])
    return by_class(fs, x)


@candidate('gainLogSD', 'prompt flicks only: .4 peak+.6 travel, rest −log motion')
def _(fs):
    def x(f, c):
        if c >= 8:
            return None
        if c % 2 == 1:
            return rested_motion(f, c)
        if not f['peak'] or f['travel'] <= 0:
            return None
        return 0.4 * math.log(f['peak']) + 0.6 * math.log(f['travel'])
    return by_class(fs, x)


@candidate('gainLogSD', 'split prompt: flick peak, rest .6 −log motion+.4 peak')
def _(fs):
    def x(f, c):
        if c % 2 == 1 and c < 8:
            return 0.6 * rested_motion(f, c) + 0.4 * lg(f['peak']) if f['motion'] and f['peak'] else None
        return lg(f['peak'])
    return by_class(fs, x)


def feature_v2(f, c, moving=lambda f: lg(f['travel']), cut=lambda f: lg(f['peak'])):
    """stays (labelled 0, moving or not) and strokes that came to rest: −log motion time (g in
    1/duration); one-item (or unlabelled) strokes released moving promptly: `moving` (g in the
    amplitude); the others (class 8, 9: cut short by a stall, or two moves): `cut`."""
    if c in (0, 1) or (c % 2 == 1 and c < 8):
        return neg(lg(f['motion']))
    return moving(f) if c < 8 else cut(f)


@candidate('gainLogSD', 'v2: stays+rest −log motion, prompt travel, cut peak')
def _(fs):
    return by_class(fs, feature_v2)


@candidate('gainLogSD', 'v2: stays+rest −log motion, prompt travel, cut dropped')
def _(fs):
    return by_class(fs, lambda f, c: feature_v2(f, c, cut=lambda f: None))


@candidate('gainLogSD', 'v2: stays+rest −log motion, prompt .4 peak+.6 travel, cut peak')
def _(fs):
    return by_class(fs, lambda f, c: feature_v2(f, c, moving=lambda f: 0.4 * lg(f['peak']) + 0.6 * lg(f['travel'])
                                                 if f['peak'] and f['travel'] > 0 else None))


@candidate('gainLogSD', 'v2 unweighted (moment) between-user sd')
def _(fs):
    return by_class(fs, feature_v2, weighted=False)


@candidate('gainLogSD', 'v3: rest −log motion, moving stays peak, prompt travel, cut peak')
def _(fs):
    return by_class(fs, lambda f, c: lg(f['peak']) if c == 0 else feature_v2(f, c))


@candidate('gainLogSD', 'v3b: rest −log motion, moving stays dropped, prompt travel, cut peak')
def _(fs):
    return by_class(fs, lambda f, c: None if c == 0 else feature_v2(f, c))


@candidate('gainLogSD', 'v3c: rest −log motion, moving stays travel, prompt travel, cut travel')
def _(fs):
    return by_class(fs, lambda f, c: lg(f['travel']) if c in (0, 8, 9) else feature_v2(f, c))


def gain_class(f):
    """RecordingSummary.gainClass: speed_class, strokes still moving at the last move but not
    released promptly apart (speed_class + 8)."""
    c = speed_class(f)
    if c is None:
        return None
    return c + 8 if c % 2 == 0 and not f['movingPrompt'] else c


def gain_feature(f):
    """RecordingSummary.gainFeature: −log motion time of a stroke that came to rest, log travel
    (pitches) of one still moving at the last move."""
    if f['rested']:
        return neg(lg(f['motion']))
    return lg(f['tp'])


@candidate('gainLogSD', 'chosen (Swift styleCentredGainSpread): rest −log motion, moving log travel, users ≥ 2')
def _(fs):
    return by_class(fs, lambda f, c: gain_feature(f), cls=gain_class, minimum=2)


@candidate('gainLogSD', 'rest −log motion, moving log travel, users ≥ 5 (first version)')
def _(fs):
    return by_class(fs, lambda f, c: gain_feature(f), cls=gain_class)


def plain_between_sd(groups, minimum=5):
    """RecordingSummary.betweenSD: sd of the users' means with the mean within-user sampling
    variance removed, users with ≥ `minimum` values."""
    means, within = [], []
    for v in groups:
        if len(v) >= minimum:
            v = np.asarray(v)
            means.append(v.mean())
            within.append(v.var(ddof=1) / len(v))
    if len(means) < 3:
        return float('nan')
    return math.sqrt(max(np.var(means, ddof=1) - np.mean(within), 0))


def reveal_class(f):
    """reveal strokes by behaviour (their labels are far targets): came to rest (1), released moving
    promptly (0), other moving (2)."""
    return 1 if f['rested'] else (0 if f['movingPrompt'] else 2)


@candidate('gainLogSD:reveal', 'current: plain between-user sd of log peak')
def _(fs):
    by = {}
    for f in fs:
        if f['peak']:
            by.setdefault(f['user'], []).append(math.log(f['peak']))
    return plain_between_sd([by[u] for u in sorted(by)])


@candidate('gainLogSD:reveal', 'PM class-centred log peak')
def _(fs):
    return by_class(fs, lambda f, c: lg(f['peak']), cls=reveal_class)


@candidate('gainLogSD:reveal', 'PM class-centred −log motion')
def _(fs):
    return by_class(fs, lambda f, c: neg(lg(f['motion'])), cls=reveal_class)


@candidate('gainLogSD:reveal', 'PM class-centred log(travel/motion) / 2')
def _(fs):
    return by_class(fs, lambda f, c: 0.5 * (math.log(f['tp']) - math.log(f['motion'])) if f['motion'] and f['tp'] > 0 else None,
                    cls=reveal_class)


def travel_motion(f, c):
    return [math.log(f['tp']), -math.log(f['motion'])] if f['motion'] and f['tp'] > 0 else None


@candidate('gainLogSD:reveal', 'PM Σ⁻¹1 travel & −motion, every class')
def _(fs):
    return class_centred_between_sd(combined(fs, travel_motion, cls=reveal_class))


@candidate('gainLogSD:reveal', 'PM Σ⁻¹1 travel & −motion if moving, −motion if rested')
def _(fs):
    return class_centred_between_sd(combined(fs, lambda f, c: travel_motion(f, c) if c != 1 else
                                             ([-math.log(f['motion'])] if f['motion'] else None), cls=reveal_class))


@candidate('gainLogSD:reveal', 'PM .25 travel + .75 −motion, every class')
def _(fs):
    return by_class(fs, lambda f, c: 0.25 * math.log(f['tp']) - 0.75 * math.log(f['motion']) if f['motion'] and f['tp'] > 0 else None,
                    cls=reveal_class)


@candidate('gainLogSD:reveal', 'one class, PM log peak')
def _(fs):
    return by_class(fs, lambda f, c: lg(f['peak']), cls=lambda f: 0)


@candidate('gainLogSD:reveal', 'one class, plain between sd of .5 log peak + .25 travel − .25 motion')
def _(fs):
    by = {}
    for f in fs:
        if f['peak'] and f['motion'] and f['tp'] > 0:
            by.setdefault(f['user'], []).append(0.5 * math.log(f['peak']) + 0.25 * math.log(f['tp']) - 0.25 * math.log(f['motion']))
    return plain_between_sd([by[u] for u in sorted(by)])


@candidate('gainLogSD:reveal', 'one class, plain between sd of log peak, moving strokes ≥ 3 moves')
def _(fs):
    by = {}
    for f in fs:
        if f['peak'] and f['n'] >= 5:
            by.setdefault(f['user'], []).append(math.log(f['peak']))
    return plain_between_sd([by[u] for u in sorted(by)])


for _m in (1, 3, 8):
    candidate('gainLogSD', f'rest −log motion, moving log travel, users ≥ {_m}')(
        lambda fs, _m=_m: by_class(fs, lambda f, c: gain_feature(f), cls=gain_class, minimum=_m))


@candidate('gainLogSD:reveal', 'chosen (Swift pooledSpeedSpread): one class, PM log peak, users ≥ 2')
def _(fs):
    return by_class(fs, lambda f, c: lg(f['peak']), cls=lambda f: 0, minimum=2)


for _m in (1, 3):
    candidate('gainLogSD:reveal', f'one class, PM log peak, users with ≥ {_m} strokes')(
        lambda fs, _m=_m: by_class(fs, lambda f, c: lg(f['peak']), cls=lambda f: 0, minimum=_m))
for _m in (1, 2, 3):
    candidate('gainLogSD:reveal', f'PM class-centred log peak, users with ≥ {_m} strokes')(
        lambda fs, _m=_m: by_class(fs, lambda f, c: lg(f['peak']), cls=reveal_class, minimum=_m))


# ----------------------------------------------------------------------------------------------
# Ideals (Scripts/check-like-ideal.py)


def ideal(param, fs):
    if param.startswith('gainLogSD'):
        g = {}
        for f in fs:
            g[f['h']['user']] = math.log(float(f['h']['gain']))
        return float(np.std(list(g.values()), ddof=1))
    raise SystemExit(f'no ideal for {param}')


# ----------------------------------------------------------------------------------------------
# Driver


def seeds_of(text):
    out = []
    for part in text.split(','):
        a, _, b = part.partition('-')
        out += list(range(int(a), int(b) + 1)) if b else [int(a)]
    return out


def load(dirname, tag, seed, cache={}):
    key = (dirname, tag, seed)
    if key not in cache:
        path = os.path.join(dirname, f'{tag}-{seed}.pkl')
        if not os.path.exists(path):
            csvp = os.path.join(dirname, f'{tag}-{seed}.csv')
            fs = read_sample(csvp, csvp.replace('.csv', '.h.csv'))
            with open(path, 'wb') as fh:
                pickle.dump(fs, fh)
        with open(path, 'rb') as fh:
            cache[key] = pickle.load(fh)
    return cache[key]


def screen(args):
    seeds = seeds_of(args.seeds)
    cands = CANDIDATES[args.param]
    names = [n for n in cands if not args.only or any(o in n for o in args.only.split(','))]
    (hi, fhi), (lo, flo) = [(t, float(x)) for t, x in (p.split(':') for p in args.slope_from.split(','))]
    truth = args.truth
    idl = np.array([math.log(ideal(args.param, load(args.dir, args.base, s)) / truth) for s in seeds])
    print(f'{args.param}: {len(seeds)} samples; ideal: mean {100 * idl.mean():+.2f}%, sd {100 * idl.std(ddof=1):.2f}%')
    res, errors = {}, {}
    for name in names:
        a = np.array([math.log(cands[name](load(args.dir, args.base, s))) for s in seeds])
        h = np.array([math.log(cands[name](load(args.dir, hi, s))) for s in seeds])
        l = a if lo == args.base else np.array([math.log(cands[name](load(args.dir, lo, s))) for s in seeds])
        d = h - l
        slope = d.mean() / math.log(fhi / flo)
        se = d.std(ddof=1) / math.sqrt(len(d)) / math.log(fhi / flo)
        implied = (a - a.mean()) / slope
        res[name] = (a, slope)
        errors[name] = implied - (idl - idl.mean())
        print(f'{name:52s} slope {slope:.3f} ±{se:.3f}  implied sd {100 * implied.std(ddof=1):5.2f}%  '
              f'− ideal {100 * np.std(implied - (idl - idl.mean()), ddof=1):5.2f}%  corr w. ideal {np.corrcoef(implied, idl)[0, 1]:+.2f}',
              flush=True)
    if len(names) > 1:
        # paired bootstrap over samples: is a candidate's "− ideal" sd below the first's?
        rng = np.random.default_rng(1)
        boot = [rng.integers(0, len(seeds), len(seeds)) for _ in range(2000)]
        ref = errors[names[0]]
        print(f'paired bootstrap against [{names[0]}] (sd of the difference of "− ideal" sds):')
        for name in names[1:]:
            e = errors[name]
            diffs = [np.std(e[i], ddof=1) - np.std(ref[i], ddof=1) for i in boot]
            print(f'  {name:52s} {100 * (np.std(e, ddof=1) - np.std(ref, ddof=1)):+5.2f} ± {100 * np.std(diffs):.2f} points')
    if args.combine:
        k1, k2 = args.combine.split(',')
        k1 = next(n for n in res if k1 in n)
        k2 = next(n for n in res if k2 in n)
        (a1, s1), (a2, s2) = res[k1], res[k2]
        S = np.cov(np.vstack([a1, a2]))
        c = np.linalg.solve(S, np.array([s1, s2]))
        w = c[0] / c.sum()
        a = w * a1 + (1 - w) * a2
        sl = w * s1 + (1 - w) * s2
        print(f'combination {w:.2f} × [{k1}] + {1 - w:.2f} × [{k2}]: implied sd {100 * np.std(a, ddof=1) / sl:.2f}%')


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest='cmd', required=True)
    f = sub.add_parser('features', help='measure DIR/*.csv into DIR/*.pkl')
    f.add_argument('dir')
    s = sub.add_parser('screen', help='implied sd of every candidate')
    s.add_argument('dir')
    s.add_argument('--param', default='gainLogSD')
    s.add_argument('--truth', type=float, default=0.35, help='the parameter at the base model')
    s.add_argument('--seeds', default='1000-1099')
    s.add_argument('--base', default='base')
    s.add_argument('--slope-from', default='moved:1.1,base:1',
                   help='HIGH:FACTOR,LOW:FACTOR: the slope is mean(log stat HIGH − log stat LOW) / log(FACTOR_HIGH / FACTOR_LOW) '
                        '(factors of the parameter against the base model; a central difference, e.g. up:1.2,down:0.8333, '
                        'is 3–4 times as precise as moved:1.1,base:1)')
    s.add_argument('--only', help='comma-separated substrings of candidate names')
    s.add_argument('--combine', help='two candidate name substrings, comma-separated')
    args = ap.parse_args()
    if args.cmd == 'features':
        for name in sorted(os.listdir(args.dir)):
            if name.endswith('.csv') and not name.endswith('.h.csv'):
                tag, _, seed = name[:-4].rpartition('-')
                if tag and seed.isdigit():
                    load(args.dir, tag, int(seed))
    else:
        screen(args)


if __name__ == '__main__':
    sys.exit(main())
