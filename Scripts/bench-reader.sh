#!/usr/bin/env bash
# Reader + velocity throughput: builds snaplab in release mode, then times
# `snaplab velocity FILE > /dev/null` (read, validate, LSQ2 per trace, CSV output built in
# memory and written once) on one core and prints MB/s (1 MB = 10^6 bytes).
#
#   Scripts/bench-reader.sh [FILE] [RUNS]
#
# FILE defaults to /tmp/snaplab-bench/traces_1m.csv, generated if missing with
#   python3 /work/shared/bench/gen_traces.py --traces 1000000 --seed 42 --out FILE
# (use /tmp/snaplab-bench/traces_100k.csv and --traces 100000 for a quick run).
# The page cache is warm after the first run; the best and median of RUNS (default 3) are shown.
set -euo pipefail
cd "$(dirname "$0")/.."
FILE="${1:-/tmp/snaplab-bench/traces_1m.csv}"
RUNS="${2:-3}"
if [[ ! -f "$FILE" ]]; then
    case "$FILE" in
        *100k*) N=100000 ;;
        *) N=1000000 ;;
    esac
    mkdir -p "$(dirname "$FILE")"
    python3 /work/shared/bench/gen_traces.py --traces "$N" --seed 42 --out "$FILE"
fi
swift build -c release --product snaplab >/dev/null
BIN="$(swift build -c release --show-bin-path)/snaplab"
BYTES=$(stat -c %s "$FILE")
cat "$FILE" > /dev/null   # warm the page cache
times=()
for ((i = 0; i < RUNS; i++)); do
    start=$(date +%s.%N)
    taskset -c 0 "$BIN" velocity "$FILE" > /dev/null 2>/tmp/bench-reader-stderr.txt
    stop=$(date +%s.%N)
    times+=("$(echo "$stop - $start" | bc -l)")
done
sorted=$(printf '%s\n' "${times[@]}" | sort -g)
best=$(echo "$sorted" | head -1)
median=$(echo "$sorted" | sed -n "$(( (RUNS + 1) / 2 ))p")
tail -1 /tmp/bench-reader-stderr.txt
printf 'file: %s (%.1f MB)\n' "$FILE" "$(echo "$BYTES / 1000000" | bc -l)"
printf 'snaplab velocity, one core (taskset -c 0): best %.3f s = %.0f MB/s, median %.3f s = %.0f MB/s (%d runs)\n' \
    "$best" "$(echo "$BYTES / 1000000 / $best" | bc -l)" "$median" "$(echo "$BYTES / 1000000 / $median" | bc -l)" "$RUNS"
