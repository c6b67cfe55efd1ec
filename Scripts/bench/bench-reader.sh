#!/usr/bin/env bash
# Reader + velocity throughput: builds snaplab in release mode, then times
# `snaplab velocity FILE > /dev/null` (read, validate, LSQ2 per trace, CSV output built in
# memory and written once) on one core and prints MB/s (1 MB = 10^6 bytes).
#
#   Scripts/bench/bench-reader.sh [FILE] [RUNS]
#
# FILE defaults to /tmp/snaplab-bench/traces_1m.csv, generated if missing with
#   python3 ../shared/bench/gen_traces.py --traces 1000000 --seed 42 --out FILE
# (use /tmp/snaplab-bench/traces_100k.csv and --traces 100000 for a quick run).
# The page cache is warm after the first run; the best and median of RUNS (default 3) are shown.
set -euo pipefail
cd "$(dirname "$0")/../.."
FILE="${1:-/tmp/snaplab-bench/traces_1m.csv}"
RUNS="${2:-3}"
if [[ ! -f "$FILE" ]]; then
    case "$FILE" in
        *100k*) N=100000 ;;
        *) N=1000000 ;;
    esac
    mkdir -p "$(dirname "$FILE")"
    python3 ../shared/bench/gen_traces.py --traces "$N" --seed 42 --out "$FILE"
fi
BIN="$(bash Scripts/tools/build-release.sh)"
BYTES=$(stat -c %s "$FILE")
cat "$FILE" > /dev/null   # warm the page cache
walls=(); cpus=(); rss=0
for ((i = 0; i < RUNS; i++)); do
    /usr/bin/time -f "%e %U %S %M" -o /tmp/bench-reader-time.txt \
        taskset -c 0 "$BIN" velocity "$FILE" > /dev/null 2>/tmp/bench-reader-stderr.txt
    read -r wall user sys kb < /tmp/bench-reader-time.txt
    walls+=("$wall")
    cpus+=("$(echo "$user + $sys" | bc -l)")
    rss=$kb
done
best() { printf '%s\n' "$@" | sort -g | head -1; }
median() { printf '%s\n' "$@" | sort -g | sed -n "$(( ($# + 1) / 2 ))p"; }
MB=$(echo "$BYTES / 1000000" | bc -l)
tail -1 /tmp/bench-reader-stderr.txt
printf 'file: %s (%.1f MB)\n' "$FILE" "$MB"
printf 'snaplab velocity pinned to one core (taskset -c 0), %d runs, peak RSS %d MB\n' "$RUNS" "$((rss / 1024))"
printf '  wall: best %.3f s = %.0f MB/s, median %.3f s = %.0f MB/s\n' \
    "$(best "${walls[@]}")" "$(echo "$MB / $(best "${walls[@]}")" | bc -l)" \
    "$(median "${walls[@]}")" "$(echo "$MB / $(median "${walls[@]}")" | bc -l)"
printf '  CPU (user+sys): best %.3f s = %.0f MB/s, median %.3f s = %.0f MB/s\n' \
    "$(best "${cpus[@]}")" "$(echo "$MB / $(best "${cpus[@]}")" | bc -l)" \
    "$(median "${cpus[@]}")" "$(echo "$MB / $(median "${cpus[@]}")" | bc -l)"
