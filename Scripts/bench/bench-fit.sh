#!/usr/bin/env bash
# Speed of fit, recommend and compare at telemetry scale (issue #15 "Speed"). Not part of the tests.
#
#   Scripts/bench/bench-fit.sh [RUNS] [SIZES]     (RUNS per command, default 3; SIZES default "100k 1m")
#   BEFORE=/path/to/old/snaplab Scripts/bench/bench-fit.sh ...   (also time a reference binary, alternating
#                                                          run by run with this tree's build)
#   ONLY="fit" Scripts/bench/bench-fit.sh ...                   (only these parts: fit, recommend, compare;
#                                                          default all three)
#
# 1. Builds snaplab in release mode; makes, if missing, in /tmp/snaplab-fit-bench:
#      g100k.csv   snaplab generate --traces 100000  --users 500     --seed 5
#      g1m.csv     snaplab generate --traces 1000000 --users 2000    --seed 5
#      u1m.csv     snaplab generate --traces 1010000 --users 1000000 --seed 5 --kind releases, cut to its
#                  first 1,000,000 traces, each given its own user (u0000000…u0999999): exactly 10^6
#                  distinct users (the generator draws users at random, so --users 1000000 alone
#                  gives about 550,000, and cancelled swipes have no release row)
# 2. Per size, RUNS times each, alternating, under /usr/bin/time -v (CPU time = user + sys,
#    wall time, peak RSS; on a shared machine CPU time is the figure to compare):
#      snaplab fit FILE --policy tag99 --params lowTier,highTier,backwardFraction
#          (5-fold grouped CV + 50 bootstrap refits, the defaults)
#      snaplab recommend FILE                  (every policy, defaults and fitted)
# 3. snaplab compare u1m.csv (10^6 distinct users: cluster-robust normal intervals).
# Prints min / median / max per command. The machine may be shared: the load average is printed
# before each part; rerun when it is high.
set -euo pipefail
cd "$(dirname "$0")/../.."
RUNS="${1:-3}"
SIZES="${2:-100k 1m}"
ONLY="${ONLY:-fit recommend compare}"
DIR=/tmp/snaplab-fit-bench
mkdir -p "$DIR"
load() { echo "load average: $(cut -d' ' -f1-3 /proc/loadavg) ($(nproc) cores)"; }

BIN="$(bash Scripts/tools/build-release.sh)"
[ -f "$DIR/g100k.csv" ] || "$BIN" generate --traces 100000 --users 500 --seed 5 --out "$DIR/g100k.csv"
case " $SIZES " in *" 1m "*) [ -f "$DIR/g1m.csv" ] || "$BIN" generate --traces 1000000 --users 2000 --seed 5 --out "$DIR/g1m.csv";; esac
make_u1m() {
    "$BIN" generate --traces 1010000 --users 1000000 --seed 5 --kind releases --out "$DIR/u1m-raw.csv"
    head -n 1000001 "$DIR/u1m-raw.csv" \
        | awk -F, 'BEGIN {OFS = ","} NR == 1 {print; next} {$2 = sprintf("u%07d", NR - 2); print}' > "$DIR/u1m.csv"
    mv "$DIR/u1m-raw.csv.json" "$DIR/u1m.csv.json"; rm -f "$DIR/u1m-raw.csv"
    [ "$(tail -n +2 "$DIR/u1m.csv" | cut -d, -f2 | sort -u | wc -l)" = 1000000 ] || { echo "u1m.csv: not 10^6 users" >&2; exit 1; }
}
case " $ONLY " in *" compare "*) [ -f "$DIR/u1m.csv" ] && [ "$(tail -n 1 "$DIR/u1m.csv" | cut -d, -f2)" = u0999999 ] || make_u1m;; esac

# run1 COMMAND...: one run under /usr/bin/time -v; prints "cpu wall rss_mb".
run1() {
    local out
    out=$(/usr/bin/time -v "$@" 2>&1 >/dev/null | tail -30)
    echo "$out" | awk -F': ' '
        /User time/ {u = $2} /System time/ {s = $2}
        /Elapsed \(wall clock\)/ {n = split($2, t, ":"); w = (n == 3) ? t[1]*3600 + t[2]*60 + t[3] : t[1]*60 + t[2]}
        /Maximum resident set size/ {m = int($2 / 1024)}
        END {printf "%.2f %.2f %d\n", u + s, w, m}'
}

# median of the numbers on standard input
median() { sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }

# measure NAME ARGS...: RUNS runs of this build (and of $BEFORE when set, alternating); prints every
# run's CPU seconds, wall seconds and peak RSS, then the medians.
measure() {
    local name="$1"; shift
    local bins=("$BIN"); [ -n "${BEFORE:-}" ] && bins=("$BEFORE" "$BIN")
    declare -A cpu wall rss
    for _ in $(seq "$RUNS"); do
        for b in "${bins[@]}"; do
            read -r c w m < <(run1 "$b" "$@")
            cpu[$b]+="$c "; wall[$b]+="$w "; rss[$b]+="$m "
        done
    done
    for b in "${bins[@]}"; do
        local label="this build"; [ "$b" = "${BEFORE:-}" ] && label="before ($b)"
        echo "$name [$label]: CPU s [${cpu[$b]}] wall s [${wall[$b]}] peak MB [${rss[$b]}]" \
             "median CPU $(echo ${cpu[$b]} | tr ' ' '\n' | median) s," \
             "wall $(echo ${wall[$b]} | tr ' ' '\n' | median) s, $(echo ${rss[$b]} | tr ' ' '\n' | median) MB"
    done
}

for size in $SIZES; do
    FILE="$DIR/g$size.csv"
    echo "== $size ($FILE)"; load
    case " $ONLY " in *" fit "*) measure "fit tag99 lowTier,highTier,backwardFraction ($size)" \
        fit "$FILE" --policy tag99 --params lowTier,highTier,backwardFraction;; esac
    case " $ONLY " in *" recommend "*) measure "recommend ($size)" recommend "$FILE";; esac
    load
done
case " $ONLY " in *" compare "*)
    echo "== compare, 1M traces from 10^6 users"; load
    measure "compare u1m" compare "$DIR/u1m.csv";;
esac
