#!/usr/bin/env python3
"""Truth model for Scripts/research/check-like.sh, and the parameter comparison.

check-like-truth.py DEFAULT.json TRUTH.json     writes TRUTH.json: DEFAULT with every fitted
                                               parameter moved away from its default
check-like-truth.py --compare TRUTH.json LIKE.json [LOG]   prints truth, fitted and relative error
                                               (and appends "parameter<TAB>error %" lines to LOG)
check-like-truth.py --table LOG [IDEAL]         per parameter: the errors of every run, how many
                                               within 10%, the median absolute error, their mean and sd;
                                               with IDEAL (check-like-ideal.py's log of the same runs):
                                               the ideal's mean, sd and count within 10%, and the sd of
                                               fit − ideal (the estimator's own error); when the fits
                                               carry 95% intervals (LIKE.json's `uncertainty`), their
                                               coverage of the truth per parameter, and the sd of the
                                               z-scores (error / standard error, in the fit's coordinates:
                                               about 1 when the standard errors are the right size; a
                                               coverage below 95% with an sd near 1 means noisy ones)
"""
import json
import math
import sys

# (group, key, truth value); group None = top level. Same values as ModelCalibrationTests.truthParameters.
def fitted(task):
    shape = "stroke" if task != "paging" else None
    rows = []
    if task == "paging":
        rows += [(None, "flickAmplitudeMedian", 160.0), (None, "flickAmplitudeLogSD", 0.45),
                 (None, "flickDurationMedian", 100.0), (None, "flickDurationLogSD", 0.28),
                 (None, "dragHoldProbability", 0.45)]
    else:
        rows += [(shape, "amplitudeMedian", 1.5), (shape, "amplitudeLogSD", 0.45), (shape, "durationMedian", 100.0),
                 (shape, "durationLogSD", 0.28), (shape, "holdProbability", 0.3)]
    rows += [("delivery", "touchDownDwellMedian", 55.0), ("delivery", "liftRepeatProbability", 0.8),
             ("delivery", "liftRepeatDelayMedian", 9.0), ("delivery", "stallProbability", 0.12), (None, "gainLogSD", 0.35)]
    return rows

def get(p, g, k):
    return p[g][k] if g else p[k]

def read_log(path, extra=None):
    """parameter -> [error %]; with `extra` (a dict) also parameter -> [(covered, half-width %, limited)]
    from the lines that carry the fit's 95% interval (check-like-truth.py --compare of a LIKE.json with
    an `uncertainty` key)."""
    errors = {}
    for line in open(path):
        fields = line.rstrip("\n").split("\t")
        errors.setdefault(fields[0], []).append(float(fields[1]))
        if extra is not None and len(fields) >= 5:
            z = float(fields[5]) if len(fields) >= 6 else float("nan")
            extra.setdefault(fields[0], []).append((fields[2] == "1", float(fields[3]), fields[4] == "1", z))
    return errors

def mean_sd(es):
    mean = sum(es) / len(es)
    sd = (sum((e - mean) ** 2 for e in es) / (len(es) - 1)) ** 0.5 if len(es) > 1 else float("nan")
    return mean, sd

if sys.argv[1] == "--table":
    intervals = {}
    errors = read_log(sys.argv[2], intervals)
    ideal = read_log(sys.argv[3]) if len(sys.argv) > 3 else {}
    print(f"| parameter | errors, % | within 10% | median abs. error | mean, sd |")
    print(f"| --- | --- | --- | --- | --- |")
    for k, es in errors.items():
        med = sorted(abs(e) for e in es)[len(es) // 2] if len(es) % 2 else \
            sum(sorted(abs(e) for e in es)[len(es) // 2 - 1:len(es) // 2 + 1]) / 2
        mean, sd = mean_sd(es)
        print(f"| {k} | {' '.join(f'{e:+.1f}' for e in es)} | {sum(abs(e) <= 10 for e in es)}/{len(es)} | {med:.1f}% "
              f"| {mean:+.1f}, {sd:.1f} |")
    if ideal:
        print()
        print("| parameter | fit: mean, sd, within 10% | ideal: mean, sd, within 10% | fit − ideal: mean, sd |")
        print("| --- | --- | --- | --- |")
        for k, es in errors.items():
            if k not in ideal or len(ideal[k]) != len(es):
                continue
            ids = ideal[k]
            (fm, fs), (im, isd) = mean_sd(es), mean_sd(ids)
            dm, ds = mean_sd([a - b for a, b in zip(es, ids)])
            print(f"| {k} | {fm:+.1f}, {fs:.1f}, {sum(abs(e) <= 10 for e in es)}/{len(es)} "
                  f"| {im:+.1f}, {isd:.1f}, {sum(abs(e) <= 10 for e in ids)}/{len(ids)} | {dm:+.1f}, {ds:.1f} |")
    if intervals:
        # coverage of the fits' 95% intervals (`generate --like`'s `uncertainty`): the share of runs
        # whose interval holds the truth, with its binomial sd at 95%, and how often the parameter was
        # marked data-limited (95% half-width > 10%)
        print()
        print("| parameter | 95% interval holds the truth | binomial sd at 95% | mean half-width | marked data-limited | sd of z |")
        print("| --- | --- | --- | --- | --- | --- |")
        total = covered = 0
        for k, xs in intervals.items():
            c = sum(x[0] for x in xs)
            total += len(xs)
            covered += c
            zs = [x[3] for x in xs if x[3] == x[3]]
            zsd = f"{mean_sd(zs)[1]:.2f}" if len(zs) > 1 else "—"
            print(f"| {k} | {c}/{len(xs)} ({100 * c / len(xs):.0f}%) | {100 * (0.95 * 0.05 / len(xs)) ** 0.5:.1f}% "
                  f"| ±{sum(x[1] for x in xs) / len(xs):.1f}% | {sum(x[2] for x in xs)}/{len(xs)} | {zsd} |")
        print(f"| all | {covered}/{total} ({100 * covered / total:.1f}%) | {100 * (0.95 * 0.05 / total) ** 0.5:.1f}% | | | |")
    sys.exit(0)
if sys.argv[1] == "--compare":
    t = json.load(open(sys.argv[2]))
    l = json.load(open(sys.argv[3]))
    worst = 0.0
    within = 0
    rows = fitted(t["task"])
    intervals = {u["key"]: u for u in l.get("uncertainty", [])}
    print(f"{'parameter':24s} {'truth':>9s} {'fitted':>9s} {'error':>8s}  95% interval")
    for g, k, _ in rows:
        a, b = get(t["parameters"], g, k), get(l["parameters"], g, k)
        e = b / a - 1
        worst = max(worst, abs(e))
        within += abs(e) <= 0.10
        u = intervals.get(f"{g}.{k}" if g else k)
        shown = f"  {u['low']:.3f}–{u['high']:.3f}{'  data-limited' if u['data_limited'] else ''}" if u else ""
        print(f"{k:24s} {a:9.3f} {b:9.3f} {100 * e:+7.1f}%{shown}")
        if len(sys.argv) > 4:
            with open(sys.argv[4], "a") as log:
                line = f"{k}\t{100 * e:.2f}"
                if u:
                    half = 100 * (u["high"] - u["low"]) / 2 / u["estimate"]
                    line += f"\t{int(u['low'] <= a <= u['high'])}\t{half:.2f}\t{int(u['data_limited'])}"
                    se = u.get("standard_error")
                    if se:  # z-score in the fit's coordinates (log for a scale, the value for a probability)
                        z = (math.log(b / a) if u["log_scale"] else b - a) / se
                        line += f"\t{z:.4f}"
                log.write(line + "\n")
    print(f"{within} of {len(rows)} parameters within 10%; worst {100 * worst:.1f}%")
else:
    m = json.load(open(sys.argv[1]))
    p = m["parameters"]
    if m["task"] == "paging":
        # `generate --like` moves the drag and stay durations with the flick's (one duration scale
        # and one duration spread for every style); keep the truth inside that family
        r = 100.0 / p["flickDurationMedian"]
        p["dragDurationMedian"] *= r
        p["stayDurationMedian"] *= r
        p["dragDurationLogSD"] *= 0.28 / p["flickDurationLogSD"]
    for g, k, v in fitted(m["task"]):
        if g:
            p[g][k] = v
        else:
            p[k] = v
    json.dump(m, open(sys.argv[2], "w"), indent=1)
