"""The feature mirror, statistics, candidate registry and sample loading of
Scripts/research/screen-statistics.py (see its docstring; issue 16)."""
import csv
import math
import os
import pickle

import numpy as np

# ----------------------------------------------------------------------------------------------
# Feature mirror (TraceFeatures.swift)


def trace_number(text):
    """A generated trace id as its number: `t137` (since issue 31) or `137` (older files)."""
    return int(text[1:] if text.startswith('t') else text)


def read_sample(path, hidden=None):
    """The traces of a trace CSV (cancelled ones left out) measured as TraceFeatures does, each with
    its hidden-truth row under 'h' when `hidden` is given."""
    traces, order = {}, []
    with open(path) as fh:
        r = csv.reader(fh)
        ix = {k: i for i, k in enumerate(next(r))}
        for row in r:
            tid = trace_number(row[ix['trace_id']])
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
            h = {trace_number(r['trace_id']): r for r in csv.DictReader(fh)}
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


# ----------------------------------------------------------------------------------------------
# Ideals (Scripts/research/check-like-ideal.py)


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
