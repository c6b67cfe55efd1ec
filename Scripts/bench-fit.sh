#!/usr/bin/env bash
# Speed of fit, recommend and compare at telemetry scale (issue #15 "Speed"). Not part of the tests.
#
#   Scripts/bench-fit.sh [RUNS] [SIZES]     (RUNS per command, default 3; SIZES default "100k 1m")
#
# 1. Builds snaplab in release mode; makes, if missing, in /tmp/snaplab-fit-bench:
#      g100k.csv   snaplab generate --traces 100000  --users 500     --seed 5
#      g1m.csv     snaplab generate --traces 1000000 --users 2000    --seed 5
#      u1m.csv     snaplab generate --traces 1000000 --users 1000000 --seed 5 --kind releases
# 2. Per size, RUNS times each, alternating, under /usr/bin/time -v (wall time, peak RSS):
#      snaplab fit FILE --policy tag99 --params lowTier,highTier,backwardFraction
#          (5-fold grouped CV + 50 bootstrap refits, the defaults)
#      snaplab recommend FILE                  (every policy, defaults and fitted)
# 3. snaplab compare u1m.csv (10^6 distinct users: cluster-robust normal intervals).
# Prints min / median / max per command. The machine may be shared: the load average is printed
# before each part; rerun when it is high.
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS="${1:-3}"
SIZES="${2:-100k 1m}"
DIR=/tmp/snaplab-fit-bench
mkdir -p "$DIR"
load() { echo "load average: $(cut -d' ' -f1-3 /proc/loadavg) ($(nproc) cores)"; }

swift build -c release --product snaplab 2>&1 | tail -1
BIN="$(swift build -c release --show-bin-path)/snaplab"
[ -f "$DIR/g100k.csv" ] || "$BIN" generate --traces 100000 --users 500 --seed 5 --out "$DIR/g100k.csv"
case " $SIZES " in *" 1m "*) [ -f "$DIR/g1m.csv" ] || "$BIN" generate --traces 1000000 --users 2000 --seed 5 --out "$DIR/g1m.csv";; esac
[ -f "$DIR/u1m.csv" ] || "$BIN" generate --traces 1000000 --users 1000000 --seed 5 --kind releases --out "$DIR/u1m.csv"

# measure NAME COMMAND...: RUNS runs; prints each run's wall seconds and peak RSS (MB), then the median.
measure() {
    local name="$1"; shift
    local walls=() rss=()
    for _ in $(seq "$RUNS"); do
        local out
        out=$(/usr/bin/time -v "$@" 2>&1 >/dev/null | tail -30)
        local wall kb
        wall=$(echo "$out" | awk -F': ' '/Elapsed \(wall clock\)/ {split($2, t, ":"); if (length(t) == 3) print t[1]*3600 + t[2]*60 + t[3]; else print t[1]*60 + t[2]}')
        kb=$(echo "$out" | awk -F': ' '/Maximum resident set size/ {print $2}')
        walls+=("$wall"); rss+=("$((kb / 1024))")
    done
    local sw sr
    sw=$(printf '%s\n' "${walls[@]}" | sort -g | tr '\n' ' ')
    sr=$(printf '%s\n' "${rss[@]}" | sort -g | tr '\n' ' ')
    echo "$name: wall s [$sw] peak MB [$sr] (median $(printf '%s\n' "${walls[@]}" | sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}') s, $(printf '%s\n' "${rss[@]}" | sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}') MB)"
}

for size in $SIZES; do
    FILE="$DIR/g$size.csv"
    echo "== $size ($FILE)"; load
    measure "fit tag99 lowTier,highTier,backwardFraction ($size)" \
        "$BIN" fit "$FILE" --policy tag99 --params lowTier,highTier,backwardFraction
    measure "recommend ($size)" "$BIN" recommend "$FILE"
done
echo "== compare, 1M traces from 10^6 users"; load
measure "compare u1m" "$BIN" compare "$DIR/u1m.csv"
