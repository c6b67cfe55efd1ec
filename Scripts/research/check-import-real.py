#!/usr/bin/env python3
"""One-pass import of a real multi-screen log (issue 31): the GestureApp kit's raw_all.csv
(both screens in the app's order, a `screen` column) imported in ONE `snaplab import` with the
screen column mapped to two layouts (home: 7 items; pix: 6 items and a 4 pt leading inset),
compared with
  - the kit's hand-built offsets (labelled_offset_all.csv), matched by user and touch-down
    uptime through gestureapp_swipes_meta.csv, and
  - the kit README's two per-screen imports (raw_home.csv, raw_pix.csv), run with the same binary.
Prints the share of release offsets identical to 0.01 pt (the issue asks >= 95%) and within 1 pt,
and the start offsets' agreement. Nothing is written inside the repository: outputs go to a
scratch directory under /tmp. The kit's data has no licence: never commit what this writes.

  python3 Scripts/research/check-import-real.py --snaplab BIN [--out /tmp/gestureapp]
"""
import argparse, csv, json, os, subprocess, sys, tempfile

COMMON = ["--from", "pointer-csv", "--phase-map", "down=1,move=3,up=2", "--target-column", "target",
          "--scale", "1.75", "--touch-slop", "compose", "--min-events", "3", "--max-dy-ratio", "0.5", "--min-dx", "11.43",
          "--item-width", "160", "--spacing", "0", "--trailing-inset", "0", "--viewport", "411.4286", "--alignment", "trailing"]
COLUMNS = "user=user,trial=trial,phase=phase,x=x,y=y,t=t,start_offset=start_offset"


def run(cmd):
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode != 0:
        sys.exit(f"{' '.join(cmd)}\nexit {r.returncode}: {r.stderr}")
    return r.stderr


def traces(path):
    """trace_id -> (user, first t_ms, start_offset, release offset, item_count)."""
    out, first = {}, {}
    with open(path, newline="") as f:
        for r in csv.DictReader(f):
            t = r["trace_id"]
            if t not in first:
                first[t] = r
            out[t] = float(r["offset"])
    return {t: (first[t]["user_id"], float(first[t]["t_ms"]), float(first[t]["start_offset"]), out[t], first[t]["item_count"])
            for t in out}


def main():
    a = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    a.add_argument("--snaplab", required=True)
    a.add_argument("--out", default="/tmp/gestureapp")
    a = a.parse_args()
    work = tempfile.mkdtemp(prefix="snaplab-import-real-")
    layouts = os.path.join(work, "screens.json")
    with open(layouts, "w") as f:
        json.dump({"home": {"item_count": 7, "leading_inset": 0}, "pix": {"item_count": 6, "leading_inset": 4, "trailing_inset": 0}}, f)
    one = os.path.join(work, "imported_all.csv")
    note = run([a.snaplab, "import", os.path.join(a.out, "raw_all.csv"), *COMMON, "--columns", COLUMNS + ",layout=screen",
                "--layout-map", layouts, "--out", one])
    print("one-pass import:", note.strip().replace("\n", "\n  "))
    split = {}
    for screen, inset, count in [("home", "0", "7"), ("pix", "4", "6")]:
        path = os.path.join(work, f"imported_{screen}.csv")
        run([a.snaplab, "import", os.path.join(a.out, f"raw_{screen}.csv"), *COMMON, "--columns", COLUMNS,
             "--leading-inset", inset, "--count", count, "--out", path])
        split.update({(v[0], v[1]): v for v in traces(path).values()})
    mine = {(v[0], v[1]): v for v in traces(one).values()}
    with open(os.path.join(a.out, "gestureapp_swipes_meta.csv"), newline="") as f:
        meta = {(r["user_id"], float(r["uptime_start_ms"])): r["trace_id"] for r in csv.DictReader(f)}
    built = traces(os.path.join(a.out, "labelled_offset_all.csv"))

    def compare(name, ref):
        keys = [k for k in mine if k in ref]
        d = [abs(mine[k][3] - ref[k][3]) for k in keys]
        s = [abs(mine[k][2] - ref[k][2]) for k in keys]
        n = len(keys)
        print(f"vs {name}: {n} of {len(mine)} traces matched ({len(ref)} there); release offsets within 0.01 pt: "
              f"{sum(x <= 0.01 for x in d)} ({100 * sum(x <= 0.01 for x in d) / max(n, 1):.1f}%), within 1 pt: "
              f"{100 * sum(x <= 1 for x in d) / max(n, 1):.1f}%, max {max(d, default=0):.2f} pt; "
              f"start offsets equal to 0.001 pt (the writer's 3 decimals): {100 * sum(x <= 0.0011 for x in s) / max(n, 1):.1f}%; "
              f"layouts (item_count) equal: {sum(mine[k][4] == ref[k][4] for k in keys)}")

    compare("the two per-screen imports", split)
    compare("the kit's hand-built labelled_offset_all.csv",
            {k: built[meta[k]] for k in meta if meta[k] in built})
    print(f"(scratch: {work})")


if __name__ == "__main__":
    main()
