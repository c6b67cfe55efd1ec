#!/usr/bin/env bash
# Times `snaplab generate` on a release build (issue 16 targets: 1,000,000 traces in ≤ 20 s;
# `generate --like` on a 20,000-trace recording calibrated in ≤ 10 s), alternating with a
# reference binary, and prints wall time, CPU time (user + sys) and peak RSS, each run and the
# medians (the machine may be shared: compare CPU times, and medians).
#
#   Scripts/bench/bench-generate.sh [TRACES] [REPEATS] [REFERENCE_BINARY]
#       defaults: 1000000 traces, 3 repeats, /work/main/.build/release/snaplab (if present)
#
# Builds release and, in a temporary directory (removed afterwards), times per binary:
#  1. TRACES traces of the default model (paging, every touch scan a row), seed 1, 100 users;
#  2. TRACES traces of Data/reveal.csv's model (reveal sessions through compose-lazyrow-snap,
#     frame delivery, per-trace values on the first row);
#  3. `generate --like` on 20,000 traces of that model (the calibration time it prints, and the
#     whole command with 20,000 traces written).
set -euo pipefail
cd "$(dirname "$0")/../.."
traces="${1:-1000000}"
repeats="${2:-3}"
ref="${3:-/work/main/.build/release/snaplab}"
bin="$(bash Scripts/tools/build-release.sh)"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
bins=("$bin")
names=("this")
if [ -x "$ref" ]; then bins+=("$ref"); names+=("reference"); fi
"$bin" generate --model Data/reveal.csv.json --traces 20000 --seed 1 --users 25 --out "$tmp/rec.csv" 2>/dev/null
# one measurement: NAME LABEL CMD… → appends "name label wall cpu rss_mb [calibration]" to results
measure() {
    local name="$1" label="$2"; shift 2
    /usr/bin/time -f "%e %U %S %M" -o "$tmp/time.txt" "$@" 2> "$tmp/err.txt" > /dev/null
    local cal
    cal=$(grep -oE "calibrated in [0-9.]+" "$tmp/err.txt" | grep -oE "[0-9.]+$" || echo "-")
    read -r wall user sys rss < "$tmp/time.txt"
    awk -v n="$name" -v l="$label" -v w="$wall" -v u="$user" -v s="$sys" -v r="$rss" -v c="$cal" \
        'BEGIN { printf "%-9s %-34s wall %6.1f s  cpu %6.1f s  rss %6.0f MB  calibration %s s\n", n, l, w, u + s, r / 1024, c }' \
        | tee -a "$tmp/results.txt"
    rm -f "$tmp/out.csv" "$tmp/out.csv.json"
}
for ((i = 1; i <= repeats; i++)); do
    for j in "${!bins[@]}"; do
        b="${bins[$j]}"; n="${names[$j]}"
        measure "$n" "generate $traces (paging, scans)" \
            "$b" generate --traces "$traces" --seed 1 --users 100 --out "$tmp/out.csv"
        measure "$n" "generate $traces (reveal, frames)" \
            "$b" generate --model Data/reveal.csv.json --traces "$traces" --seed 1 --users 100 --first-row-only --out "$tmp/out.csv"
        measure "$n" "--like 20,000 (+ 20,000 written)" \
            "$b" generate --like "$tmp/rec.csv" --traces 20000 --seed 5 --out "$tmp/out.csv"
    done
done
echo "== medians over $repeats runs"
python3 - "$tmp/results.txt" <<'PY'
import re, statistics, sys
rows = {}
for line in open(sys.argv[1]):
    m = re.match(r"(\S+)\s+(.*?)\s+wall\s+([\d.]+) s\s+cpu\s+([\d.]+) s\s+rss\s+([\d.]+) MB\s+calibration (\S+) s", line)
    if not m: continue
    key = (m.group(1), m.group(2))
    rows.setdefault(key, []).append((float(m.group(3)), float(m.group(4)), float(m.group(5)),
                                     float(m.group(6)) if m.group(6) != "-" else float("nan")))
for (name, label), v in rows.items():
    med = [statistics.median(x[i] for x in v) for i in range(4)]
    cal = "" if med[3] != med[3] else f"  calibration {med[3]:.1f} s"
    print(f"{name:9s} {label:34s} wall {med[0]:6.1f} s  cpu {med[1]:6.1f} s  rss {med[2]:6.0f} MB{cal}")
PY
