#!/usr/bin/env bash
# Before/after timing of two snaplab binaries, alternating runs (issue 12 "Speed"). Not a test.
#
#   Scripts/bench/bench-reader-ab.sh BEFORE_BIN AFTER_BIN [FILE] [RUNS]
#
# FILE defaults to /tmp/snaplab-bench/traces_1m.csv (make it with Scripts/bench/bench-reader.sh).
# Environment: READER_ARGS (extra options of the reader runs, e.g. "--jobs 1"), COMPARE_ARGS
# (extra options of the compare runs, e.g. "--policies a,b,c" to compare the policy set of an
# older binary), KINDS ("reader compare" by default; "reader" alone skips compare).
# Per round, for BEFORE then AFTER (the order alternates between rounds):
#   reader:  taskset -c 0 BIN velocity FILE > /dev/null     (reading + LSQ2 on one core)
#   compare: BIN compare FILE --bootstrap 1000 > /dev/null  (all policies, default --jobs)
# Prints per binary the median and best wall and CPU (user+sys) seconds, MB/s of the reader by
# CPU time, and the peak RSS of compare; the load average before and after. On a shared machine
# CPU time is the steadier figure; rerun when the load is high.
set -euo pipefail
BEFORE="$1"; AFTER="$2"
FILE="${3:-/tmp/snaplab-bench/traces_1m.csv}"
RUNS="${4:-5}"
OUT=$(mktemp)
trap 'rm -f "$OUT" "$OUT".t' EXIT
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg) ($(nproc) cores)"
echo "reader args: ${READER_ARGS:-(none)}; compare args: ${COMPARE_ARGS:-(none)}"
cat "$FILE" > /dev/null
one() {  # one LABEL KIND BIN
    local args
    if [[ $2 == reader ]]; then
        /usr/bin/time -f "%e %U %S %M" -o "$OUT.t" taskset -c 0 "$3" velocity ${READER_ARGS:-} "$FILE" > /dev/null 2>/dev/null
    else
        /usr/bin/time -f "%e %U %S %M" -o "$OUT.t" "$3" compare "$FILE" --bootstrap 1000 ${COMPARE_ARGS:-} > /dev/null 2>/dev/null
    fi
    echo "$1 $2 $(cat "$OUT.t")" >> "$OUT"
}
for ((i = 0; i < RUNS; i++)); do
    if (( i % 2 == 0 )); then order=(before after); else order=(after before); fi
    for kind in ${KINDS:-reader compare}; do
        for who in "${order[@]}"; do
            if [[ $who == before ]]; then one before "$kind" "$BEFORE"; else one after "$kind" "$AFTER"; fi
        done
    done
done
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
python3 - "$OUT" "$(stat -c %s "$FILE")" "$RUNS" <<'PY'
import statistics, sys
rows = [l.split() for l in open(sys.argv[1])]
mb = int(sys.argv[2]) / 1e6
print(f"file: {mb:.1f} MB, {sys.argv[3]} runs each, alternating")
for kind in ("reader", "compare"):
    if not any(r[1] == kind for r in rows):
        continue
    med = {}
    for who in ("before", "after"):
        r = [(float(w), float(u) + float(s), int(k)) for (a, b, w, u, s, k) in rows if a == who and b == kind]
        walls = [x[0] for x in r]; cpus = [x[1] for x in r]; rss = max(x[2] for x in r) / 1024
        med[who] = (statistics.median(walls), statistics.median(cpus))
        extra = f", {mb / statistics.median(cpus):.0f} MB/s by CPU" if kind == "reader" else ""
        print(f"{kind:8s} {who:6s} wall median {statistics.median(walls):.3f} s (best {min(walls):.3f}), "
              f"CPU median {statistics.median(cpus):.3f} s (best {min(cpus):.3f}){extra}, peak RSS {rss:.0f} MB")
    print(f"{kind:8s} after/before: wall {med['after'][0] / med['before'][0]:.3f}, CPU {med['after'][1] / med['before'][1]:.3f}")
PY
