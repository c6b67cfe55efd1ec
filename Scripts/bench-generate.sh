#!/usr/bin/env bash
# Times `snaplab generate` on a release build (the target: 1,000,000 traces in under 60 s).
#
#   Scripts/bench-generate.sh [TRACES] [SEED]      (defaults: 1000000 traces, seed 1)
#
# Builds release, writes the traces to a temporary directory (removed afterwards), and prints
# the wall time, the output size and the row count.
set -euo pipefail
cd "$(dirname "$0")/.."
traces="${1:-1000000}"
seed="${2:-1}"
swift build -c release --product snaplab >&2
bin="$(swift build -c release --show-bin-path)/snaplab"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
start=$(date +%s.%N)
"$bin" generate --traces "$traces" --seed "$seed" --users 100 --out "$tmp/traces.csv"
end=$(date +%s.%N)
bytes=$(stat -c %s "$tmp/traces.csv")
rows=$(($(wc -l < "$tmp/traces.csv") - 1))
awk -v s="$start" -v e="$end" -v n="$traces" -v b="$bytes" -v r="$rows" 'BEGIN {
    printf "generate: %d traces, %d rows, %.1f MB in %.1f s (%.0f traces/s)\n", n, r, b / 1e6, e - s, n / (e - s) }'
