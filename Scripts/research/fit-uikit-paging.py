#!/usr/bin/env python3
"""Fit the UIKit paging spring model (uikit-paging-spring) to a grid measured on a device.

The model (Sources/SnapStrategies/Policies/UIKitPagingSpringSnap.swift, Docs/policies-closed-source.md):
every millisecond after lift-off, v <- f*v + k*(T(x) - x), x <- x + v, positions in pages, T(x) the
page nearest x limited to one page either side of the page nearest the release; the page it settles
on is the decision. k = _pagingSpringPull(W) + pull_adjustment, f = _pagingFriction(W) +
friction_adjustment, with UIKit's width formulas (decompiled -[UIScrollView setFrame:]).

CSV (one row per XCUITest drag; header required):
    width_pt,position,velocity_pt_ms,landed
  width_pt        the scroll view's bounds width (= page width), points
  position        release offset in pages relative to the page the drag started on (0.3 = 30 % on)
  velocity_pt_ms  release velocity, points per millisecond (positive = toward later pages)
  landed          page it came to rest on, relative to the start page (-1, 0, 1, ...)

Usage:
  fit-uikit-paging.py generate --pull-adj A --friction-adj B [--width 390] [--noise 0 --seed 1] > grid.csv
  fit-uikit-paging.py fit grid.csv
  fit-uikit-paging.py selftest            # generate from known parameters, fit, check recovery
"""
import argparse
import csv
import sys

import numpy as np

PULL_RANGE = (-0.00015, 0.002)      # the policy's parameter ranges
FRICTION_RANGE = (-0.2, 0.02)
MAX_STEPS = 4000


def spring_pull(w):
    w = np.asarray(w, dtype=float)
    return np.where(w > 1024, 0.00017, w * -0.000000184659091 + 0.000359090909)


def friction(w):
    w = np.asarray(w, dtype=float)
    return np.where(w > 1024, 0.977, w * 0.00000994318182 + 0.966818182)


def simulate(width, position, velocity, pull_adj, friction_adj):
    """Landed page (relative to the start page) for arrays of releases; parameters broadcast.

    Mirrors UIKitPagingSpringSnap.decide for an unbounded row of pages.
    """
    width, position, velocity, pull_adj, friction_adj = np.broadcast_arrays(
        np.asarray(width, float), np.asarray(position, float), np.asarray(velocity, float),
        np.asarray(pull_adj, float), np.asarray(friction_adj, float))
    k = np.maximum(1e-6, spring_pull(width) + pull_adj)
    f = np.clip(friction(width) + friction_adj, 0, 0.999)
    base = np.where(position >= 0, np.floor(position + 0.5), -np.floor(-position + 0.5))  # half away from zero
    x = position - base
    v = np.clip(velocity / width, -1, 1)                  # pages per ms (one page = the width)
    target = np.zeros_like(x)
    active = np.ones(x.shape, dtype=bool)
    for _ in range(MAX_STEPS):
        r = np.where(x >= 0, np.floor(x + 0.5), -np.floor(-x + 0.5))
        t = np.clip(r, -1, 1)
        target = np.where(active, t, target)
        v = np.where(active, f * v + k * (t - x), v)
        x = np.where(active, x + v, x)
        active &= ~((np.abs(v) < 1e-5) & (np.abs(t - x) < 0.05))
        if not active.any():
            break
    return (base + target).astype(int)


def default_grid(width):
    positions = np.round(np.arange(-0.9, 0.91, 0.1), 2)
    velocities = np.array([-3, -2, -1.2, -0.8, -0.5, -0.3, -0.15, 0, 0.15, 0.3, 0.5, 0.8, 1.2, 2, 3])
    p, v = np.meshgrid(positions, velocities)
    return np.full(p.size, float(width)), p.ravel(), v.ravel()


def read_csv(path):
    rows = []
    with open(path, newline="") as fh:
        reader = csv.DictReader(fh)
        need = {"width_pt", "position", "velocity_pt_ms", "landed"}
        if not reader.fieldnames or not need <= set(reader.fieldnames):
            sys.exit(f"{path}: header must have {sorted(need)}, found {reader.fieldnames}")
        for line, row in enumerate(reader, start=2):
            try:
                rows.append((float(row["width_pt"]), float(row["position"]), float(row["velocity_pt_ms"]),
                             int(row["landed"])))
            except ValueError as e:
                sys.exit(f"{path}:{line}: {e}")
    if not rows:
        sys.exit(f"{path}: no rows")
    a = np.array(rows, dtype=float)
    return a[:, 0], a[:, 1], a[:, 2], a[:, 3].astype(int)


def agreement(params, width, position, velocity, landed):
    """Fraction of rows each (pull, friction) pair reproduces; params shape (P, 2)."""
    out = simulate(width[None, :], position[None, :], velocity[None, :], params[:, :1], params[:, 1:2])
    return (out == landed[None, :]).mean(axis=1)


def fit(width, position, velocity, landed, coarse=15, fine=9):
    """Grid search over the parameter box, then a finer grid around the best cell.

    Returns the best pair, its agreement, and the spread of all pairs that reach it (the decisions
    are discrete, so a set of parameters, not a point, is identified).
    """
    pulls = np.linspace(*PULL_RANGE, coarse)
    frics = np.linspace(*FRICTION_RANGE, coarse)
    grid = np.array([(a, b) for a in pulls for b in frics])
    score = agreement(grid, width, position, velocity, landed)
    best = grid[score.argmax()]
    dp, df = pulls[1] - pulls[0], frics[1] - frics[0]
    fine_pulls = np.clip(np.linspace(best[0] - dp, best[0] + dp, fine), *PULL_RANGE)
    fine_frics = np.clip(np.linspace(best[1] - df, best[1] + df, fine), *FRICTION_RANGE)
    grid2 = np.array([(a, b) for a in fine_pulls for b in fine_frics])
    score2 = agreement(grid2, width, position, velocity, landed)
    allp = np.vstack([grid, grid2])
    alls = np.concatenate([score, score2])
    top = alls.max()
    tied = allp[alls == top]
    return allp[alls.argmax()], top, tied


def cmd_generate(args):
    print(f"# seed {args.seed}, noise {args.noise}, pull_adj {args.pull_adj}, friction_adj {args.friction_adj}",
          file=sys.stderr)
    width, position, velocity = default_grid(args.width)
    landed = simulate(width, position, velocity, args.pull_adj, args.friction_adj)
    rng = np.random.default_rng(args.seed)
    flip = rng.random(landed.size) < args.noise
    landed = np.where(flip, landed + rng.choice([-1, 1], landed.size), landed)
    w = csv.writer(sys.stdout, lineterminator="\n")
    w.writerow(["width_pt", "position", "velocity_pt_ms", "landed"])
    for row in zip(width, position, velocity, landed):
        w.writerow([f"{row[0]:g}", f"{row[1]:g}", f"{row[2]:g}", int(row[3])])


def report(best, top, tied, n):
    print(f"rows: {n}")
    print(f"best pull_adjustment {best[0]:.6g} /ms^2, friction_adjustment {best[1]:.6g} /ms: agreement {top:.3f}")
    print(f"pairs with that agreement: {len(tied)}; pull_adjustment {tied[:, 0].min():.6g}..{tied[:, 0].max():.6g}, "
          f"friction_adjustment {tied[:, 1].min():.6g}..{tied[:, 1].max():.6g}")


def cmd_fit(args):
    width, position, velocity, landed = read_csv(args.csv)
    best, top, tied = fit(width, position, velocity, landed)
    report(best, top, tied, len(landed))


def cmd_selftest(_args):
    ok = True
    for truth in [(0.0, 0.0), (0.0006, -0.05), (-0.0001, 0.01)]:
        width, position, velocity = default_grid(390)
        landed = simulate(width, position, velocity, *truth)
        best, top, tied = fit(width, position, velocity, landed)
        # The truth must be among the best (it reproduces every row), and the fitted pair must
        # reproduce every row too.
        truth_score = agreement(np.array([truth]), width, position, velocity, landed)[0]
        inside = (tied[:, 0].min() - 1e-12 <= truth[0] <= tied[:, 0].max() + 1e-12
                  and tied[:, 1].min() - 1e-12 <= truth[1] <= tied[:, 1].max() + 1e-12)
        good = truth_score == 1.0 and top == 1.0 and inside
        ok &= good
        print(f"truth {truth}: fitted ({best[0]:.6g}, {best[1]:.6g}), agreement {top:.3f}, "
              f"identified box contains truth: {inside} -> {'ok' if good else 'FAIL'}")
    # A grid from a different model (a plain 0.5 threshold, velocity ignored) cannot be matched exactly.
    width, position, velocity = default_grid(390)
    nearest = np.where(position >= 0.5, 1, np.where(position <= -0.5, -1, 0))
    _, top, _ = fit(width, position, velocity, nearest)
    sensible = top < 1.0
    ok &= sensible
    print(f"velocity-blind grid: best agreement {top:.3f} < 1 -> {'ok' if sensible else 'FAIL'}")
    sys.exit(0 if ok else 1)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="cmd", required=True)
    g = sub.add_parser("generate")
    g.add_argument("--pull-adj", type=float, default=0.0)
    g.add_argument("--friction-adj", type=float, default=0.0)
    g.add_argument("--width", type=float, default=390)
    g.add_argument("--noise", type=float, default=0.0, help="fraction of landings moved by one page")
    g.add_argument("--seed", type=int, default=1)
    f = sub.add_parser("fit")
    f.add_argument("csv")
    sub.add_parser("selftest")
    args = ap.parse_args()
    {"generate": cmd_generate, "fit": cmd_fit, "selftest": cmd_selftest}[args.cmd](args)


if __name__ == "__main__":
    main()
