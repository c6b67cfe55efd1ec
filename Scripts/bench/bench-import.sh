#!/usr/bin/env bash
# `snaplab import` throughput: builds snaplab in release mode, makes a synthetic Android-style
# pointer log of STROKES strokes (Scripts/tools/make-pointer-log.py, seed 1: ~9 events per stroke,
# the first move 65-105 ms after the down, a repeated lift-off position) in CSV and in JSON
# lines, and times importing each (chained under compose-lazyrow-snap with --velocity compose,
# touch slop, scale 1.75, target labels: every step of the path) RUNS times on one core.
# Prints the median wall and CPU (user+sys) seconds and peak RSS; with REFERENCE (another
# snaplab binary, e.g. one built from main), alternates it with this build run by run.
#
#   Scripts/bench/bench-import.sh [STROKES] [RUNS] [REFERENCE]
#   BUILD=debug Scripts/bench/bench-import.sh 20000 3     # time the debug build instead
set -euo pipefail
cd "$(dirname "$0")/../.."
STROKES="${1:-20000}"
RUNS="${2:-5}"
REFERENCE="${3:-}"
CONFIG="${BUILD:-release}"
DIR=/tmp/snaplab-bench
mkdir -p "$DIR"
CSV="$DIR/pointer_${STROKES}.csv"
JSONL="$DIR/pointer_${STROKES}.jsonl"
[[ -f "$CSV" ]] || python3 Scripts/tools/make-pointer-log.py --strokes "$STROKES" --seed 1 --out "$CSV" >/dev/null
[[ -f "$JSONL" ]] || python3 Scripts/tools/make-pointer-log.py --strokes "$STROKES" --seed 1 --format jsonl --out "$JSONL" >/dev/null
swift build -c "$CONFIG" --product snaplab >/dev/null
BIN="$(swift build -c "$CONFIG" --show-bin-path)/snaplab"
COMMON=(--target-column target --touch-slop compose --item-width 160 --spacing 10 --leading-inset 10 --viewport 375 --count 12 --chain --live-policy compose-lazyrow-snap --velocity compose)
CSV_ARGS=("$CSV" --from pointer-csv --scale 1.75
          --columns user=user,trial=trial,stroke=stroke,t=uptime_ms,x=x_px,y=y_px,phase=action,pointer=pointer)
JSONL_ARGS=("$JSONL" --from pointer-jsonl --scale 1.75)
median() { printf '%s\n' "$@" | sort -g | sed -n "$(( ($# + 1) / 2 ))p"; }
once() {  # binary args... → "wall cpu rss_kb"
    local bin=$1; shift
    /usr/bin/time -f "%e %U %S %M" -o "$DIR/import-time.txt" \
        taskset -c 0 "$bin" import "$@" "${COMMON[@]}" --out "$DIR/imported.csv" 2>"$DIR/import-stderr.txt"
    read -r wall user sys kb < "$DIR/import-time.txt"
    echo "$wall $(echo "$user + $sys" | bc -l) $kb"
}
report() {  # name "wall cpu kb" lines...
    local name=$1; shift
    local walls=() cpus=() rss=()
    for r in "$@"; do read -r w c k <<< "$r"; walls+=("$w"); cpus+=("$c"); rss+=("$k"); done
    printf '%-22s wall %6.2f s  cpu %6.2f s  peak RSS %4d MB  (median of %d)\n' "$name" \
        "$(median "${walls[@]}")" "$(median "${cpus[@]}")" "$(( $(median "${rss[@]}") / 1024 ))" "$RUNS"
}
echo "import of $STROKES strokes ($(wc -l < "$CSV") CSV lines, $(du -h "$CSV" | cut -f1)); $CONFIG build; $(nproc) cores, 1 used"
for format in csv jsonl; do
    if [[ $format == csv ]]; then args=("${CSV_ARGS[@]}"); else args=("${JSONL_ARGS[@]}"); fi
    mine=(); theirs=()
    for ((i = 0; i < RUNS; i++)); do   # alternate with the reference, run by run
        mine+=("$(once "$BIN" "${args[@]}")")
        if [[ -n "$REFERENCE" ]]; then theirs+=("$(once "$REFERENCE" "${args[@]}")"); fi
    done
    report "this build, $format" "${mine[@]}"
    if [[ -n "$REFERENCE" ]]; then report "reference, $format" "${theirs[@]}"; fi
done
tail -1 "$DIR/import-stderr.txt"
