#!/usr/bin/env python3
"""Screen candidate statistics for `generate --like` on simulated truth samples (issue 16).

A statistic is worth fitting a parameter to when it moves with the parameter and little else:
its *implied relative sd* — the sd over truth samples of log(statistic), divided by its slope
d log(statistic) / d log(parameter) — is the relative sd the fitted parameter would have if the
statistic were its only source of error. The *ideal* is the same parameter computed from each
truth sample's own hidden draws (Scripts/research/check-like-ideal.py: for the user gain log sd, the sd of
the users' drawn log gains), which no estimator can beat; "− ideal" is the sd over samples of the
implied error minus the ideal's error: the estimator's own error, the figure to compare.

1. Samples (Scripts/research/screen-statistics.sh TASK DIR PARAM FIRST LAST does this and step 2): the
   check-like truth model of the task (Scripts/research/check-like-truth.py) as DIR/base.json and two copies
   with PARAM × 1.2 (DIR/up.json) and ÷ 1.2 (DIR/down.json); per development seed S (never the
   confirmation seeds 77–108 of Scripts/research/check-like.sh), for TAG in base, up, down:

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

The feature mirror, the statistics (Paule–Mandel, class centring), the candidate registry and the
sample loading are in Scripts/research/screen_statistics_lib.py. Candidates are registered with
@candidate(SET, NAME) below; each takes a sample's list of feature
dicts and returns the statistic. Those marked "chosen (Swift …)" mirror what `generate --like` fits
(RecordingSummary+UserSpread.swift); the mirror follows Sources/SnapSwipeModel/Generation/
TraceFeatures.swift and RecordingSummary*.swift (the Swift is the reference: where they differ this
mirror is stale; on paging seed 1000 both give 0.3198 for the first chosen version and 0.2687
for the older peak-speed statistic). Figures of the ninth round: Docs/research/2026-11-25-swipe-model-evidence-rounds-7-9.md.
"""
import argparse
import math
import os
import sys

import numpy as np

sys.dont_write_bytecode = True  # no __pycache__ in Scripts/
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from screen_statistics_lib import *  # noqa: E402,F401,F403  (the mirror, statistics and registry)
from screen_statistics_lib import CANDIDATES, candidate, ideal, lg, load, seeds_of  # noqa: E402


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


def peak_travel_blend(f):
    """0.4 log peak speed + 0.6 log travel of a moving stroke (None without both)."""
    if not f['peak'] or f['travel'] <= 0:
        return None
    return 0.4 * math.log(f['peak']) + 0.6 * math.log(f['travel'])


@candidate('gainLogSD', 'split prompt: flick .4 peak+.6 travel, rest −log motion')
def _(fs):
    return by_class(fs, lambda f, c: rested_motion(f, c) if c % 2 == 1 and c < 8 else peak_travel_blend(f))


@candidate('gainLogSD', 'prompt flicks only: .4 peak+.6 travel, rest −log motion')
def _(fs):
    def x(f, c):
        if c >= 8:
            return None
        return rested_motion(f, c) if c % 2 == 1 else peak_travel_blend(f)
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
