#!/usr/bin/env python3
"""Truth model for Scripts/check-like.sh, and the parameter comparison.

check-like-truth.py DEFAULT.json TRUTH.json     writes TRUTH.json: DEFAULT with every fitted
                                               parameter moved away from its default
check-like-truth.py --compare TRUTH.json LIKE.json [LOG]   prints truth, fitted and relative error
                                               (and appends "parameter<TAB>error %" lines to LOG)
check-like-truth.py --table LOG [IDEAL]         per parameter: the errors of every run, how many
                                               within 10%, the median absolute error, their mean and sd;
                                               with IDEAL (check-like-ideal.py's log of the same runs):
                                               the ideal's mean, sd and count within 10%, and the sd of
                                               fit − ideal (the estimator's own error)
"""
import json
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

def read_log(path):
    errors = {}
    for line in open(path):
        k, e = line.split("\t")
        errors.setdefault(k, []).append(float(e))
    return errors

def mean_sd(es):
    mean = sum(es) / len(es)
    sd = (sum((e - mean) ** 2 for e in es) / (len(es) - 1)) ** 0.5 if len(es) > 1 else float("nan")
    return mean, sd

if sys.argv[1] == "--table":
    errors = read_log(sys.argv[2])
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
    sys.exit(0)
if sys.argv[1] == "--compare":
    t = json.load(open(sys.argv[2]))
    l = json.load(open(sys.argv[3]))
    worst = 0.0
    within = 0
    rows = fitted(t["task"])
    print(f"{'parameter':24s} {'truth':>9s} {'fitted':>9s} {'error':>8s}")
    for g, k, _ in rows:
        a, b = get(t["parameters"], g, k), get(l["parameters"], g, k)
        e = b / a - 1
        worst = max(worst, abs(e))
        within += abs(e) <= 0.10
        print(f"{k:24s} {a:9.3f} {b:9.3f} {100 * e:+7.1f}%")
        if len(sys.argv) > 4:
            with open(sys.argv[4], "a") as log:
                log.write(f"{k}\t{100 * e:.2f}\n")
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
