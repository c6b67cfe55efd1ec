#!/usr/bin/env python3
"""Audit of issue 30's done-when on one trace file: is the verdict what it says it is?

For FILE (e.g. Data/synthetic.csv, or a GestureApp kit file, kept outside this repository), with
the same options for every run (--hit, --velocity or --platform, the seed; recommend and report
both fit with --starts 2 so that they make the same fits):
1. `recommend --format json --export swift`: the chosen configuration, whether any of its values
   is degenerate (its ranking row's `degenerate`, `at_bound`), the tied group (`tied`), and
   whether the exported code names the velocity estimator, the hit criterion and the platform.
2. The verdict's number is the chosen configuration's held-out hit rate: the file is split by the
   folds' test users (`fold_users`) and each part scored with `compare` and that fold's printed
   `--param` values (`fold_parameters`; defaults as they are) and recommend's `--frames` (rebuilt or
   as logged, as its run header says); the pooled hits over the pooled
   traces must equal `held_out_hit_rate`.
3. `report`: the verdict card's number (`id="verdict-rate"`) equals that held-out hit rate, ties
   are named on the card, and in headless Chromium at 390 and 1280 px nothing is wider than the
   viewport, no picture text is under 10 px, no table box must scroll at 1280 px (the probe of
   Tests/SnapLabCommandsTests/ReportBrowserTests.swift, read from there), with a screenshot at
   each width written to --shots for a person to look at.

    python3 Scripts/research/check-verdict.py --snaplab .build/release/snaplab FILE [--hit revealed] \\
        [--velocity compose-frames | --platform compose] [--policies LIST] [--shots DIR]

Prints one line per check (PASS or FAIL and the figures); exits 1 when a check fails. Writes only
into a temporary directory and --shots.
"""
import argparse
import csv
import io
import json
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
BROWSER_TEST = os.path.join(HERE, "..", "..", "Tests", "SnapLabCommandsTests", "ReportBrowserTests.swift")


def run(args, **kw):
    done = subprocess.run(args, capture_output=True, text=True, **kw)
    if done.returncode != 0:
        sys.exit(f"failed ({done.returncode}): {' '.join(args)}\n{done.stderr[-2000:]}")
    return done


def probe_script():
    """The page probe of the browser test, declared there once."""
    text = open(BROWSER_TEST, encoding="utf-8").read()
    m = re.search(r'static let probe = """\n(.*?)\n\s*"""', text, re.S)
    if not m:
        sys.exit(f"no probe found in {BROWSER_TEST}")
    return "\n".join(line.strip() for line in m.group(1).split("\n"))


def attribute(name, dom):
    m = re.search(name + r'="([^"]*)"', dom)
    return m.group(1) if m else None


def split_by_users(path, folds):
    """The file's rows for each fold's users (a row without a user belongs to its trace's user)."""
    with open(path, newline="", encoding="utf-8") as f:
        text = f.read()
    reader = csv.reader(io.StringIO(text))
    header = next(reader)
    ui, ti = header.index("user_id"), header.index("trace_id")
    rows = list(reader)
    user_of = {}
    for r in rows:
        if r[ui]:
            user_of.setdefault(r[ti], r[ui])
    parts = []
    for users in folds:
        wanted = set(users)
        out = io.StringIO()
        w = csv.writer(out, lineterminator="\n")
        w.writerow(header)
        w.writerows(r for r in rows if user_of.get(r[ti], r[ui]) in wanted)
        parts.append(out.getvalue())
    return parts


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--snaplab", required=True)
    ap.add_argument("file")
    ap.add_argument("--hit", default="exact")
    ap.add_argument("--velocity")
    ap.add_argument("--platform")
    ap.add_argument("--seed", default="12345")
    ap.add_argument("--policies", help="--policies of recommend and report (default: all)")
    ap.add_argument("--shots", help="directory for the 390 and 1280 px screenshots")
    ap.add_argument("--chromium", default="/usr/bin/chromium")
    a = ap.parse_args()
    common = ["--hit", a.hit, "--seed", a.seed] + (["--velocity", a.velocity] if a.velocity else [])
    chosen_by = (common + ["--starts", "2"] + (["--platform", a.platform] if a.platform else [])
                 + (["--policies", a.policies] if a.policies else []))
    failed = []

    def check(name, ok, detail):
        print(f"{'PASS' if ok else 'FAIL'}  {name}: {detail}")
        if not ok:
            failed.append(name)

    rec = json.loads(run([a.snaplab, "recommend", a.file, "--format", "json", "--export", "swift"] + chosen_by).stdout)
    chosen = rec["chosen"]
    row = next(r for r in rec["ranking"] if r["policy"] == chosen["policy"] and r["variant"] == chosen["variant"])
    name = f"{chosen['policy']} ({chosen['variant']})"
    rate = chosen["held_out_hit_rate"]
    print(f"file {a.file}; velocity {rec['run'].get('velocity')}; hit {rec['run'].get('hit')}; "
          f"platform {rec['run'].get('platform')}; chosen {name}, held out {rate:.4f} "
          f"{chosen.get('held_out_interval')} on {chosen['held_out_traces']} traces")
    check("chosen not degenerate", not row["degenerate"] and not row["at_bound"],
          f"degenerate {row['degenerate'] or 'none'}; at bound {row['at_bound'] or 'none'}; "
          f"set aside {len(rec['set_aside'])}: {', '.join(rec['set_aside']) or 'none'}")
    tied = [f"{t['policy']} ({t['variant']}) p={t['holm_p']:.3f}" for t in rec["tied"]]
    print(f"info  tied with the leader (Holm, clustered): {'; '.join(tied) if len(tied) > 1 else 'none'}")
    code = rec["export"]
    header = "\n".join(line for line in code.split("\n")[:40] if line.startswith("//"))
    velocity_run = rec["run"]["velocity"].split(" ")[0]
    said = header.lower()
    named = {"estimator": "velocity: " + velocity_run in said, "hit criterion": "hit criterion: " in said,
             "platform": "platform: " in said}
    check("export names estimator, hit criterion, platform", all(named.values()),
          ", ".join(f"{k} {'yes' if v else 'NO'}" for k, v in named.items()))

    with tempfile.TemporaryDirectory(prefix="check-verdict-") as tmp:
        folds = rec["fold_users"]
        fold_parameters = row["fold_parameters"] if chosen["variant"] == "fitted" else [chosen["parameters"]] * len(folds)
        hits = n = 0
        velocity = ["--velocity", velocity_run] if not a.velocity else []
        # --frames: what recommend's run did (a fold's file is pre-scanned on its own under auto)
        velocity += ["--frames", "rebuild" if "(frames rebuilt)" in rec["run"]["velocity"] else "as-logged"]
        for f, (part, params) in enumerate(zip(split_by_users(a.file, folds), fold_parameters)):
            path = os.path.join(tmp, f"fold{f}.csv")
            with open(path, "w", encoding="utf-8") as out:
                out.write(part)
            args = [a.snaplab, "compare", path, "--policies", chosen["policy"], "--format", "json", "--bootstrap", "10"]
            for p in params:
                args += ["--param", f"{p['name']}={p['value']!r}"]
            scored = json.loads(run(args + common + velocity).stdout)["policies"][0]
            hits += scored["hits"]
            n += scored["n"]
        check("verdict = compare with the printed --param values on the held-out folds",
              n == chosen["held_out_traces"] and abs(hits / n - rate) < 1e-12,
              f"compare {hits}/{n} = {hits / n:.6f}, recommend {rate:.6f}")

        page = os.path.join(tmp, "report.html")
        run([a.snaplab, "report", a.file, "--out", page, "--bootstrap", "200"] + chosen_by)
        html = open(page, encoding="utf-8").read()
        shown = attribute(r'id="verdict-rate" data-value', html)
        check("report verdict = recommend's held-out rate", shown is not None and float(shown) == rate,
              f"report {shown}, recommend {rate}")
        if len(tied) > 1:
            check("report names the tie", "Tied (not significantly different" in html, "the verdict card's tie line")
        if not os.path.exists(a.chromium):
            print(f"SKIP  Chromium checks: {a.chromium} not found")
        else:
            probed = os.path.join(tmp, "probed.html")
            with open(probed, "w", encoding="utf-8") as out:
                out.write(html.replace("</body>", probe_script() + "</body>"))
            browser = ["timeout", "-k", "5", "120", a.chromium, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
                       "--disable-extensions"]
            for width in [390, 1280]:
                dom = run(browser + ["--dump-dom", f"--window-size={width},1600", "--virtual-time-budget=3000",
                                     "file://" + probed]).stdout
                values = {k: attribute("data-" + k, dom) for k in ["overflow", "wide", "clipped", "small-text", "verdict"]}
                ok = (values["overflow"] == "" and values["wide"] == "false" and values["small-text"] == ""
                      and (width < 640 or values["clipped"] == "") and values["verdict"] is not None
                      and float(values["verdict"]) == rate)
                check(f"Chromium at {width} px", ok, "; ".join(f"{k}={v!r}" for k, v in values.items()))
                if a.shots:
                    os.makedirs(a.shots, exist_ok=True)
                    shot = os.path.join(os.path.abspath(a.shots), f"report-{width}.png")
                    run(browser + [f"--screenshot={shot}", f"--window-size={width},{2400 if width < 640 else 1600}",
                                   "--hide-scrollbars", "file://" + page])
                    print(f"info  screenshot {shot}")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
