#!/usr/bin/env python3
"""Does the configuration `snaplab recommend` picks on one screen hold on the other?

Issue 30's done-when, measured on the GestureApp evaluation kit (kept outside this repository,
built into --out, default /tmp/gestureapp; its files are never copied anywhere): for each direction
(home -> pix, pix -> home) and each hit criterion, run `recommend` on the training screen, take
the chosen configuration (policy and its printed parameter values), score it with `compare` on the
other screen, and set that against the best *default* policy's hit rate there minus one standard
error (the user-clustered 95% interval's half-width / 1.96). Tune on home; pix is reported.

    python3 Scripts/research/check-transfer.py --snaplab .build/release/snaplab [--out /tmp/gestureapp] [--velocity lsq2]

Prints one line per direction and criterion; exits 0. Nothing is written.
"""
import argparse
import json
import subprocess
import sys


def run_json(args):
    done = subprocess.run(args, capture_output=True, text=True)
    if done.returncode != 0:
        sys.exit(f"failed ({done.returncode}): {' '.join(args)}\n{done.stderr}")
    return json.loads(done.stdout)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--snaplab", required=True)
    ap.add_argument("--out", default="/tmp/gestureapp")
    ap.add_argument("--velocity", default=None, help="--velocity for every run (default: snaplab's)")
    ap.add_argument("--seed", default="12345")
    a = ap.parse_args()
    extra = ["--velocity", a.velocity] if a.velocity else []
    print("hit       train -> test  chosen on train (held-out there)              on test  best default on test (hit, SE)        holds")
    for hit in ["revealed", "exact"]:
        for train, test in [("home", "pix"), ("pix", "home")]:
            rec = run_json([a.snaplab, "recommend", f"{a.out}/labelled_{train}.csv", "--hit", hit, "--format", "json",
                            "--seed", a.seed] + extra)
            chosen = rec["chosen"]
            params = []
            if chosen["variant"] == "fitted":
                for p in chosen["parameters"]:
                    params += ["--param", f"{p['name']}={p['value']!r}"]
            mine = run_json([a.snaplab, "compare", f"{a.out}/labelled_{test}.csv", "--hit", hit, "--format", "json",
                             "--policies", chosen["policy"], "--bootstrap", "200", "--seed", a.seed] + params + extra)
            score = mine["policies"][0]["hit_rate"]
            every = run_json([a.snaplab, "compare", f"{a.out}/labelled_{test}.csv", "--hit", hit, "--format", "json",
                              "--bootstrap", "2000", "--seed", a.seed] + extra)
            best = max(every["policies"], key=lambda p: p["hit_rate"])
            lo, hi = best["hit_rate_ci"]
            se = (hi - lo) / (2 * 1.959964)
            holds = score >= best["hit_rate"] - se
            name = f"{chosen['policy']} ({chosen['variant']}, {chosen.get('held_out_hit_rate', float('nan')):.3f})"
            print(f"{hit:9} {train:>5} -> {test:4}  {name:45} {score:7.3f}  "
                  f"{best['policy']:22} {best['hit_rate']:.3f} ± {se:.3f}  {'yes' if holds else 'NO'}")


if __name__ == "__main__":
    main()
