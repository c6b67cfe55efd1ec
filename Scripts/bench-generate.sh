#!/usr/bin/env bash
# Times `snaplab generate` on a release build (issue 16 targets: 1,000,000 traces in ≤ 20 s;
# `generate --like` on a 20,000-trace recording calibrated in ≤ 10 s).
#
#   Scripts/bench-generate.sh [TRACES] [SEED]      (defaults: 1000000 traces, seed 1)
#
# Builds release and, in a temporary directory (removed afterwards), times:
#  1. TRACES traces of the default model (paging, every touch scan a row);
#  2. TRACES traces of Data/reveal.csv's model (reveal sessions through compose-lazyrow-snap,
#     frame delivery, per-trace values on the first row);
#  3. `generate --like` on 20,000 traces of that model (the calibration time it prints, and the
#     whole command with 20,000 traces written).
set -euo pipefail
cd "$(dirname "$0")/.."
traces="${1:-1000000}"
seed="${2:-1}"
swift build -c release --product snaplab >&2
bin="$(swift build -c release --show-bin-path)/snaplab"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
timed() {
    local label="$1" file="$2"; shift 2
    local start end
    start=$(date +%s.%N)
    "$@" 2> "$tmp/err.txt" > "$tmp/out.txt"
    end=$(date +%s.%N)
    local bytes rows
    bytes=$(stat -c %s "$file")
    rows=$(($(wc -l < "$file") - 1))
    awk -v l="$label" -v s="$start" -v e="$end" -v b="$bytes" -v r="$rows" 'BEGIN {
        printf "%s: %d rows, %.1f MB in %.1f s\n", l, r, b / 1e6, e - s }'
}
timed "generate $traces (paging, scans)" "$tmp/a.csv" \
    "$bin" generate --traces "$traces" --seed "$seed" --users 100 --out "$tmp/a.csv"
timed "generate $traces (reveal, live policy, frames)" "$tmp/b.csv" \
    "$bin" generate --model Data/reveal.csv.json --traces "$traces" --seed "$seed" --users 100 --first-row-only --out "$tmp/b.csv"
"$bin" generate --model Data/reveal.csv.json --traces 20000 --seed "$seed" --users 25 --out "$tmp/rec.csv" 2>/dev/null
timed "generate --like on 20,000 traces (+ 20,000 written)" "$tmp/c.csv" \
    "$bin" generate --like "$tmp/rec.csv" --traces 20000 --seed 5 --out "$tmp/c.csv"
grep -E "calibrated in" "$tmp/err.txt"
