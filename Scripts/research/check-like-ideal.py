#!/usr/bin/env python3
"""The ideal counterpart of each parameter `generate --like` fits, for Scripts/research/check-like.sh.

check-like-ideal.py TRUTH.json HIDDEN.csv [LOG]

HIDDEN.csv is `generate --hidden-truth` of the truth file: the draws each trace was made from.
For each fitted parameter the *ideal* estimate is the same quantity computed from those draws
directly (no estimator can do better from the traces, which show the draws only through frames,
noise and the other parameters); printed with its relative error against the truth, and appended
as "parameter<TAB>error %" lines to LOG (the same names as check-like-truth.py, so the errors of
the fit and of the ideal can be compared seed by seed).

- medians: the median of the per-trace draws as the trace used them, with the user's gain where
  the model applies it (reveal amplitude × g, duration / g; paging stepper flick amplitude × g;
  flick durations have no gain): the recording's users' own mean log gain is in the data and
  cannot be told from the medians, so it belongs to the ideal;
- log sds: the sd of the log draws themselves (the gain drops out of a within-user spread);
  paging's duration spread pools flicks and drags (the drags' log sd is tied to the flicks' by a
  fixed ratio, so their standardised logs are pooled);
- probabilities: the share of the draws (placed strokes among all reveal strokes; holds among
  the paging drags; stalls and repeated lift-offs among all traces);
- user gain log sd: the sd (n − 1) of the log gains of the users in the file.
"""
import csv
import json
import math
import statistics
import sys


def median(xs):
    return statistics.median(xs)


def log_sd(xs):
    logs = [math.log(x) for x in xs if x > 0]
    return statistics.stdev(logs)


truth = json.load(open(sys.argv[1]))
p = truth["parameters"]
rows = [r for r in csv.DictReader(open(sys.argv[2])) if r["cancelled"] == "0"]
task = truth["task"]
ideal = {}
f = lambda r, k: float(r[k])
if task == "paging":
    steppers = [r for r in rows if r["style"] == "flick" and r["strategy"] == "stepper"]
    flicks = [r for r in rows if r["style"] == "flick"]
    drags = [r for r in rows if r["style"] == "drag"]
    ideal["flickAmplitudeMedian"] = median([f(r, "drawn_amplitude") * f(r, "gain") for r in steppers])
    ideal["flickAmplitudeLogSD"] = log_sd([f(r, "drawn_amplitude") for r in steppers])
    ideal["flickDurationMedian"] = median([f(r, "drawn_duration_ms") for r in flicks])
    # pooled: flick logs around log median, drag logs around theirs scaled by the fixed ratio
    ratio = p["dragDurationLogSD"] / p["flickDurationLogSD"]
    zs = []
    for group, scale in ((flicks, 1.0), (drags, ratio)):
        logs = [math.log(f(r, "drawn_duration_ms")) for r in group]
        m = sum(logs) / len(logs)
        zs += [(x - m) / scale for x in logs]
    ideal["flickDurationLogSD"] = math.sqrt(sum(z * z for z in zs) / (len(zs) - 2))
    ideal["dragHoldProbability"] = sum(f(r, "hold_ms") > 0 for r in drags) / len(drags)
else:
    ideal["amplitudeMedian"] = median([f(r, "drawn_amplitude") * f(r, "gain") for r in rows])
    ideal["amplitudeLogSD"] = log_sd([f(r, "drawn_amplitude") for r in rows])
    ideal["durationMedian"] = median([f(r, "drawn_duration_ms") / f(r, "gain") for r in rows])
    ideal["durationLogSD"] = log_sd([f(r, "drawn_duration_ms") for r in rows])
    ideal["holdProbability"] = sum(f(r, "hold_ms") > 0 for r in rows) / len(rows)
ideal["touchDownDwellMedian"] = median([f(r, "dwell_ms") for r in rows])
ideal["liftRepeatProbability"] = sum(r["lift_repeats"] == "1" for r in rows) / len(rows)
ideal["liftRepeatDelayMedian"] = median([f(r, "repeat_delay_ms") for r in rows])
ideal["stallProbability"] = sum(r["stalled"] == "1" for r in rows) / len(rows)
gains = {r["user"]: f(r, "gain") for r in rows}
ideal["gainLogSD"] = log_sd(list(gains.values()))


def truth_value(key):
    for group in ("stroke", "delivery"):
        if key in p.get(group, {}) and key not in p:
            return p[group][key]
    return p[key]


print(f"{'ideal (hidden draws)':24s} {'truth':>9s} {'ideal':>9s} {'error':>8s}")
for key, value in ideal.items():
    t = truth_value(key)
    e = value / t - 1
    print(f"{key:24s} {t:9.3f} {value:9.3f} {100 * e:+7.1f}%")
    if len(sys.argv) > 3:
        with open(sys.argv[3], "a") as log:
            log.write(f"{key}\t{100 * e:.2f}\n")
