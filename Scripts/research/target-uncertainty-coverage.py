#!/usr/bin/env python3
"""Coverage of the recording's own 95% uncertainty of each fitted target (issue 32, cov32).

Reads the rows a research harness writes (one per replicate recording and statistic):
  rep,seed,traces,statistic,value,jackknife_se,critical,half_width_tol_units,band_tol_units,boot_lo,boot_hi
  truth,seed,traces,users,statistic,value
and prints, per statistic: the replicates' 1.96 sd (the half-width an honest interval has),
the mean jackknife half-width (c·se) and its coverage of the truth, the coverage of the band the
convergence judgement uses (max(fixed tolerance, half-width)) and of the bootstrap percentile
interval (when the harness drew one). Two truths: the mean over the replicates (the statistic's
expectation at the recording's design, which the fit's averaged replicates estimate) and, when a
`truth` row is given, the statistic on one large generation (the population value).

Usage: target-uncertainty-coverage.py REPLICATES.csv [BOOTSTRAP.csv] [TRUTH.csv]
"""
import math
import sys
from collections import OrderedDict


def read(paths):
    reps, truth, boot = OrderedDict(), {}, {}
    for path in paths:
        for line in open(path):
            f = line.strip().split(",")
            if f[0] == "truth":
                truth[f[4]] = float(f[5])
            elif f[0] == "rep":
                row = dict(seed=int(f[1]), value=float(f[4]), se=float(f[5]), c=float(f[6]), hw=float(f[7]), band=float(f[8]),
                           lo=float(f[9]), hi=float(f[10]))
                if math.isfinite(row["lo"]):
                    boot.setdefault(f[3], {})[row["seed"]] = row
                if path == paths[0]:
                    reps.setdefault(f[3], []).append(row)
    return reps, truth, boot


def pct(x):
    return f"{100 * x:.0f}%"


def main():
    reps, truth, boot = read(sys.argv[1:])
    print("| statistic | tol. | R | 1.96·sd of replicates | mean jackknife c·se | jk / 1.96 sd | jackknife coverage (design / population) "
          "| band coverage (design) | bootstrap pct coverage (design, n) |")
    print("|---|---|---:|---:|---:|---:|---|---:|---|")
    for k, rows in reps.items():
        rows = [r for r in rows if math.isfinite(r["value"])]
        vals = [r["value"] for r in rows]
        n = len(vals)
        mean = sum(vals) / n
        sd = math.sqrt(sum((v - mean) ** 2 for v in vals) / (n - 1))
        absolute = all(abs(r["hw"] - r["c"] * r["se"]) < 1e-9 for r in rows if math.isfinite(r["se"]))
        ok = [r for r in rows if math.isfinite(r["se"])]
        jk = [r["c"] * r["se"] for r in ok]
        mjk = sum(jk) / len(jk)

        def cover(t):
            return sum(abs(r["value"] - t) <= r["c"] * r["se"] for r in ok) / len(ok)

        def band_cover(t):
            return sum(abs(r["value"] - t) <= (r["band"] if absolute else r["band"] * abs(r["value"])) + 1e-12 for r in rows) / n

        pop = truth.get(k)
        scale = 1 if absolute else abs(mean)
        unit = "" if absolute else "%"
        f = (lambda x: f"{x:.3f}") if absolute else (lambda x: f"{100 * x / scale:.1f}%")
        b = boot.get(k, {})
        bcov = (f"{pct(sum(r['lo'] <= mean <= r['hi'] for r in b.values()) / len(b))} ({len(b)})" if b else "—")
        print(f"| `{k}` | {'abs' if absolute else 'rel'} | {n} | {f(1.96 * sd)} | {f(mjk)} | {(mjk / (1.96 * sd)) if sd > 0 else float('nan'):.2f} | "
              f"{pct(cover(mean))} / {pct(cover(pop)) if pop is not None else '—'} | {pct(band_cover(mean))} | {bcov} |")
    if truth:
        print("\npopulation truth vs design mean:")
        for k, rows in reps.items():
            vals = [r["value"] for r in rows if math.isfinite(r["value"])]
            m = sum(vals) / len(vals)
            if k in truth:
                print(f"  {k}: design mean {m:.4g}, population {truth[k]:.4g}")


if __name__ == "__main__":
    main()
