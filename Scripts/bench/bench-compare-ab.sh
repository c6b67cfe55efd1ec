#!/usr/bin/env bash
# `snaplab compare`: a reference binary against a new one — byte identity, then timing, alternating.
# Not part of the tests (issue 12 "compare within 3%", issue 15 item 6 "10^6 users").
#
#   Scripts/bench/bench-compare-ab.sh REF_BIN NEW_BIN [RUNS]
#
# 1. Byte identity (skipped with CHECK=0): for every Data/*.csv, the 1M benchmark file and the
#    10^6-user file, with --jobs 1 and the default jobs, `compare FILE` (table), `--format json`
#    and (Data files and the 10^6-user file) `--per-trace OUT.csv`: stdout, stderr, the per-trace
#    file and the exit status of NEW_BIN must equal REF_BIN's (Scripts/tools/ab-runner.sh).
#    Prints one line per case and "IDENTICAL" or the cases that differ (exit 1).
# 2. Timing (skipped with RUNS 0: the third argument or the RUNS variable): per file of BENCH_FILES, RUNS rounds, REF then NEW and NEW then
#    REF in alternate rounds, under /usr/bin/time: `BIN compare FILE --bootstrap 1000 ARGS`
#    (ARGS from COMPARE_ARGS, e.g. "--policies a,b,c" for the policy set of an older binary).
#    Prints per binary the median and best wall and CPU (user+sys) seconds and the median peak
#    RSS, the ratios of the medians, and the load average before and after. On a shared machine
#    CPU time is the steadier figure.
#
# Environment: ONE_M (default /tmp/snaplab-bench/traces_1m.csv), MANY_USERS (default
# /tmp/snaplab-fit-bench/u1m.csv), BENCH_FILES (default "$ONE_M $MANY_USERS"), COMPARE_ARGS.
# Files that do not exist are skipped with a note.
set -euo pipefail
cd "$(dirname "$0")/../.."
REF="$1"; NEW="$2"; RUNS="${3:-${RUNS:-5}}"   # the third argument, else the RUNS variable, else 5
ONE_M="${ONE_M:-/tmp/snaplab-bench/traces_1m.csv}"
MANY_USERS="${MANY_USERS:-/tmp/snaplab-fit-bench/u1m.csv}"
BENCH_FILES="${BENCH_FILES:-$ONE_M $MANY_USERS}"
WORK=$(mktemp -d /tmp/bench-compare-ab.XXXXXX)
trap 'rm -rf "$WORK"' EXIT
load() { echo "load average: $(cut -d' ' -f1-3 /proc/loadavg) ($(nproc) cores)"; }

if [[ "${CHECK:-1}" != 0 ]]; then
    echo "== byte identity: $NEW against $REF"
    files=(Data/*.csv)
    for f in "$ONE_M" "$MANY_USERS"; do
        if [[ -f "$f" ]]; then files+=("$f"); else echo "skipping $f (missing)"; fi
    done
    # Scripts/tools/ab-runner.sh runs each case with both binaries in directories of their own
    # (the per-trace file has the same relative name in both) and diffs everything they produce
    source Scripts/tools/ab-runner.sh
    ab_start "$REF" "$NEW" "$WORK/identity"
    for f in "${files[@]}"; do
        for jobs in 1 default; do
            jobargs=(); [[ $jobs == 1 ]] && jobargs=(--jobs 1)
            cases=(table json)
            [[ $f != "$ONE_M" ]] && cases+=(per-trace)
            for c in "${cases[@]}"; do
                args=("$(realpath "$f")" "${jobargs[@]}")
                [[ $c == json ]] && args+=(--format json)
                [[ $c == per-trace ]] && args+=(--per-trace trace.csv)
                ab_case "$(basename "$f")-jobs-$jobs-$c" compare "${args[@]}"
            done
        done
    done
    ab_finish || exit 1
fi

if (( RUNS > 0 )); then
    for f in $BENCH_FILES; do
        [[ -f "$f" ]] || { echo "skipping $f (missing)"; continue; }
        echo
        echo "== timing: compare $f --bootstrap 1000 ${COMPARE_ARGS:-}, $RUNS rounds, alternating"
        load
        cat "$f" > /dev/null
        : > "$WORK/times"
        for ((i = 0; i < RUNS; i++)); do
            if (( i % 2 == 0 )); then order=(ref new); else order=(new ref); fi
            for who in "${order[@]}"; do
                if [[ $who == ref ]]; then bin=$REF; else bin=$NEW; fi
                # shellcheck disable=SC2086
                /usr/bin/time -f "%e %U %S %M" -o "$WORK/t" "$bin" compare "$f" --bootstrap 1000 ${COMPARE_ARGS:-} > /dev/null 2>&1
                echo "$who $(cat "$WORK/t")" >> "$WORK/times"
            done
        done
        load
        python3 - "$WORK/times" <<'PY'
import statistics, sys
rows = [l.split() for l in open(sys.argv[1])]
med = {}
for who in ("ref", "new"):
    r = [(float(w), float(u) + float(s), int(k) / 1024) for (a, w, u, s, k) in rows if a == who]
    walls, cpus, rss = [x[0] for x in r], [x[1] for x in r], [x[2] for x in r]
    med[who] = (statistics.median(walls), statistics.median(cpus), statistics.median(rss))
    print(f"{who}: wall median {med[who][0]:.3f} s (best {min(walls):.3f}), CPU median {med[who][1]:.3f} s "
          f"(best {min(cpus):.3f}), peak RSS median {med[who][2]:.0f} MB")
print(f"new/ref: wall {med['new'][0] / med['ref'][0]:.3f}, CPU {med['new'][1] / med['ref'][1]:.3f}, "
      f"RSS {med['new'][2] / med['ref'][2]:.3f}")
PY
    done
fi
