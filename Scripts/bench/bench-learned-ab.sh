#!/usr/bin/env bash
# The learned policy's part of `snaplab recommend` (its defaults, its six fits and the headroom:
# `recommend FILE --policies learned-threshold`), this checkout against a reference binary, runs
# alternated. Not part of the tests.
#
#   Scripts/bench/bench-learned-ab.sh [FILE] [RUNS] [REFERENCE]
#     FILE       traces (default /tmp/snaplab-fit-bench/g100k.csv, `snaplab generate --seed 5
#                --traces 100000 --users 500`; g1m.csv is the 1M / 2,000-user file)
#     RUNS       runs of each binary (default 2)
#     REFERENCE  the binary to compare with (default /tmp/main-05c8f41-snaplab; skipped when absent)
#
# Builds snaplab in release mode, runs both binaries RUNS times alternating under /usr/bin/time,
# prints per run CPU time (user+sys), wall time, peak resident memory and the load before the run,
# then per binary the medians, and the learned policy's test score ± SE (and fold scores) and the
# headroom of each binary's first run, so a change in the fits shows next to its time.
# On a shared machine compare CPU medians; wall time follows the other load.
set -euo pipefail
cd "$(dirname "$0")/../.."
FILE="${1:-/tmp/snaplab-fit-bench/g100k.csv}"
RUNS="${2:-2}"
REF="${3:-/tmp/main-05c8f41-snaplab}"
OUT="$(mktemp -d /tmp/snaplab-learned-ab.XXXX)"
BIN="$(bash Scripts/tools/build-release.sh)"
[ -f "$FILE" ] || { echo "missing $FILE (make it with snaplab generate --seed 5 ...)" >&2; exit 66; }
names=(this); bins=("$BIN")
if [ -x "$REF" ]; then names=(reference this); bins=("$REF" "$BIN"); fi
echo "file: $FILE ($(nproc) cores); runs per binary: $RUNS; output in $OUT"
for run in $(seq 1 "$RUNS"); do
    for k in "${!names[@]}"; do
        name="${names[$k]}"
        load="$(cut -d' ' -f1 /proc/loadavg)"
        /usr/bin/time -f "%U %S %e %M" "${bins[$k]}" recommend "$FILE" --policies learned-threshold --format json \
            > "$OUT/$name.$run.json" 2> "$OUT/$name.$run.err"
        tail -1 "$OUT/$name.$run.err" | awk -v n="$name" -v r="$run" -v l="$load" \
            '{printf "%-9s run %d: cpu %6.1f s  wall %6.1f s  peak %4d MB  (load before %s)\n", n, r, $1+$2, $3, $4/1024, l}' \
            | tee -a "$OUT/runs.txt"
    done
done
python3 - "$OUT" "$RUNS" "${names[@]}" <<'PY'
import json, statistics, sys
out, runs, names = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
for name in names:
    f = [list(map(float, open(f"{out}/{name}.{r}.err").read().split("\n")[-2].split())) for r in range(1, runs + 1)]
    print(f"{name:9s} median: cpu {statistics.median(x[0] + x[1] for x in f):6.1f} s  wall {statistics.median(x[2] for x in f):6.1f} s"
          f"  peak {statistics.median(x[3] for x in f) / 1024:4.0f} MB")
    r = json.load(open(f"{out}/{name}.1.json"))
    c = next(c for c in r["ranking"] if c["variant"] == "fitted")
    h = r.get("headroom", {})
    print(f"          learned-threshold {c['test_score']:.5f} ± {c['test_se']:.5f} (folds "
          + ", ".join(f"{x:.4f}" for x in c["fold_test_scores"]) + f"); headroom {h.get('testScore', float('nan')):.5f}"
          + f" ± {h.get('testStandardError', float('nan')):.5f}" + (f", training cap {h['trainingCap']}" if "trainingCap" in h else ""))
    for note in r.get("notes", []): print("          note: " + note)
PY
