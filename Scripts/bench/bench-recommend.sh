#!/usr/bin/env bash
# `snaplab recommend` (every policy, defaults and fitted, the learned policy and the headroom):
# time and memory of this checkout against a reference binary, runs alternated. Not part of the tests.
#
#   Scripts/bench/bench-recommend.sh [FILE] [RUNS] [REFERENCE]
#     FILE       traces to recommend on (default /tmp/snaplab-fit-bench/g100k.csv; made with
#                `snaplab generate --seed 5 --traces 100000 --users 500` when missing)
#     RUNS       runs of each binary (default 3)
#     REFERENCE  the binary to compare with (default /tmp/main-eed4003-snaplab; skipped when absent)
#
# Builds snaplab in release mode, then runs `snaplab recommend FILE --format json` RUNS times per
# binary, alternating (reference, this, reference, this, ...) so both see the same load, each
# under /usr/bin/time -v. Prints per run the CPU time (user+sys), wall time, peak resident memory
# and the load average before the run, then per binary the medians, and whether the two
# recommendations (the whole JSON but the run preamble: ranking, parameters, fold scores, chosen
# policy, Swift code, headroom) are the same.
# On a shared machine compare the CPU medians; wall times depend on the other load.
set -euo pipefail
cd "$(dirname "$0")/../.."
FILE="${1:-/tmp/snaplab-fit-bench/g100k.csv}"
RUNS="${2:-3}"
REF="${3:-/tmp/main-eed4003-snaplab}"
OUT="${OUT:-/tmp/snaplab-bench-recommend}"   # OUT=DIR keeps concurrent runs apart
mkdir -p "$OUT"
BIN="$(bash Scripts/tools/build-release.sh)"
if [ ! -f "$FILE" ]; then
    mkdir -p "$(dirname "$FILE")"
    "$BIN" generate --seed 5 --traces 100000 --users 500 --out "$FILE"
fi
echo "file: $FILE ($(nproc) cores); runs per binary: $RUNS"

names=(this)
bins=("$BIN")
if [ -x "$REF" ]; then names=(reference this); bins=("$REF" "$BIN"); fi

for run in $(seq 1 "$RUNS"); do
    for k in "${!names[@]}"; do
        name="${names[$k]}"
        load="$(cut -d' ' -f1 /proc/loadavg)"
        /usr/bin/time -v "${bins[$k]}" recommend "$FILE" --format json > "$OUT/$name.$run.json" 2> "$OUT/$name.$run.err"
        awk -F': ' -v name="$name" -v run="$run" -v load="$load" '
            /User time/ {u=$2} /System time/ {s=$2} /Maximum resident/ {m=$2}
            /Elapsed \(wall clock\)/ {n=split($2, p, ":"); w=0; for (i=1; i<=n; i++) w=w*60+p[i]}
            END {printf "%-9s run %d: cpu %6.1f s  wall %6.1f s  peak %4d MB  (load before %s)\n", name, run, u+s, w, m/1024, load}
        ' "$OUT/$name.$run.err" | tee -a "$OUT/runs.txt"
    done
done

python3 - "$OUT" "$RUNS" "${names[@]}" <<'PY'
import json, statistics, sys, re
out, runs, names = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
def figures(name, run):
    text = open(f"{out}/{name}.{run}.err").read()
    g = lambda key: float(re.search(key + r"[^:]*: ([0-9.:]+)", text).group(1).split(":")[-1]) if key != "Elapsed" else None
    user, system = g("User time"), g("System time")
    wall = re.search(r"Elapsed \(wall clock\) time \(h:mm:ss or m:ss\): ([0-9:.]+)", text).group(1).split(":")
    seconds = 0.0
    for part in wall: seconds = seconds * 60 + float(part)
    peak = float(re.search(r"Maximum resident set size \(kbytes\): (\d+)", text).group(1)) / 1024
    return user + system, seconds, peak
for name in names:
    f = [figures(name, r) for r in range(1, runs + 1)]
    print(f"{name:9s} median: cpu {statistics.median(x[0] for x in f):6.1f} s  wall {statistics.median(x[1] for x in f):6.1f} s"
          f"  peak {statistics.median(x[2] for x in f):4.0f} MB (max {max(x[2] for x in f):.0f})")
def essence(path):
    # The whole recommendation (ranking with parameters and fold scores, rule, reasons, Swift code,
    # headroom) but the run's preamble.
    r = json.load(open(path))
    r.pop("run", None)
    return json.dumps(r, sort_keys=True)
results = [essence(f"{out}/{n}.{r}.json") for n in names for r in range(1, runs + 1)]
print("recommendations: " + ("all the same" if all(x == results[0] for x in results) else "DIFFER (see " + out + ")"))
PY
