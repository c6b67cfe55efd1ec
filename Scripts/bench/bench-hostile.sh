#!/usr/bin/env bash
# Large and hostile inputs (issue #7): time and peak RSS of the release `snaplab` on each, and
# what it answered (exit code, first line of standard error).
#
#   Scripts/bench/bench-hostile.sh [--skip-5m]
#
# Files (made in /tmp/snaplab-bench if missing):
#   traces_100k/1m/5m.csv   python3 /work/shared/bench/gen_traces.py --traces N --seed 42|5 (5M: ~5.8 GB)
#   long_line.csv           a good row, then one 300 MB line        -> exit 65, "row is longer than 67108864 bytes"
#   million_samples.csv     one trace of 1,000,000 samples, offset = 0.5·t -> exit 0, velocity 0.5000
#   deep_quotes.csv         user_id of 10^6 quote characters (2·10^6 doubled quotes) -> exit 0
#   open_quote.csv          a quote opened on line 2 and never closed, 100 MB after it -> exit 65
# Memory is flat in the number of traces (one trace's samples at a time) and bounded per row
# (TraceReadOptions.maxRowBytes, 64 MiB) and per trace (maxSamplesPerTrace, 4 Mi samples).
set -euo pipefail
cd "$(dirname "$0")/../.."
DIR=/tmp/snaplab-bench
SKIP5M=0
[[ "${1:-}" == "--skip-5m" ]] && SKIP5M=1
mkdir -p "$DIR"
BIN="$(bash Scripts/tools/build-release.sh)"
LAYOUT=(--item-width 160 --spacing 10 --leading-inset 10 --viewport 375 --count 40)

gen() {   # gen N SEED FILE
    [[ -f "$3" ]] || python3 /work/shared/bench/gen_traces.py --traces "$1" --seed "$2" --out "$3"
}
gen 100000 42 "$DIR/traces_100k.csv"
gen 1000000 42 "$DIR/traces_1m.csv"
if [[ $SKIP5M == 0 ]]; then
    avail=$(df --output=avail -k "$DIR" | tail -1)
    if [[ -f "$DIR/traces_5m.csv" || $avail -gt 8000000 ]]; then gen 5000000 5 "$DIR/traces_5m.csv"; else SKIP5M=1; echo "not enough disk for 5M traces" >&2; fi
fi

python3 - "$DIR" <<'PY'
import os, sys
d = sys.argv[1]
def make(name, write):
    p = os.path.join(d, name)
    if not os.path.exists(p):
        with open(p + ".tmp", "w", newline="") as f: write(f)
        os.rename(p + ".tmp", p)
def long_line(f):
    f.write("trace_id,t_ms,offset\n1,0,0\n1,8,")
    chunk = "7" * (1 << 20)
    for _ in range(300): f.write(chunk)
    f.write("\n1,16,3\n")
def million(f):
    f.write("trace_id,t_ms,offset\n")
    for i in range(1_000_000): f.write(f"1,{i * 8},{i * 4}\n")
def quotes(f):
    q = '"' + '""' * 1_000_000 + '"'
    f.write("trace_id,t_ms,offset,user_id\n")
    f.write(f"1,0,0,{q}\n1,8,4,{q}\n1,16,10,\n")
def open_quote(f):
    f.write('trace_id,t_ms,offset\n"1,0,0\n')
    row = "1,8,4\n" * (1 << 16)
    for _ in range(100 * (1 << 20) // len(row)): f.write(row)
make("long_line.csv", long_line)
make("million_samples.csv", million)
make("deep_quotes.csv", quotes)
make("open_quote.csv", open_quote)
PY

run() {   # run LABEL ARGS...
    local label="$1"; shift
    set +e
    /usr/bin/time -f "%e %M" -o /tmp/bench-hostile-time.txt "$BIN" "$@" >/tmp/bench-hostile-out.txt 2>/tmp/bench-hostile-err.txt
    local code=$?
    set -e
    read -r secs kb < <(tail -1 /tmp/bench-hostile-time.txt)
    local note
    note="$(head -c 160 /tmp/bench-hostile-err.txt | head -1)"
    [[ -z "$note" ]] && note="$(tail -1 /tmp/bench-hostile-out.txt | head -c 120)"
    printf "%-34s exit %-3s %8.2f s %8.1f MB  %s\n" "$label" "$code" "$secs" "$(echo "$kb / 1024" | bc -l)" "$note"
}

echo "file                               exit       time  peak RSS  note"
# velocity keeps its whole output (one row per trace) until the end, so that a failed read prints
# nothing: its RSS grows with the number of traces by design; compare's is the reader's.
run "velocity 100k"          velocity "$DIR/traces_100k.csv"
run "velocity 1M"            velocity "$DIR/traces_1m.csv"
if [[ $SKIP5M == 0 ]]; then run "velocity 5M" velocity "$DIR/traces_5m.csv"; fi
run "compare 100k"           compare "$DIR/traces_100k.csv"
run "compare 1M"             compare "$DIR/traces_1m.csv"
if [[ $SKIP5M == 0 ]]; then run "compare 5M" compare "$DIR/traces_5m.csv"; fi
run "velocity long_line (300 MB row)"  velocity "$DIR/long_line.csv" "${LAYOUT[@]}"
run "velocity million_samples"         velocity "$DIR/million_samples.csv" "${LAYOUT[@]}"
run "velocity deep_quotes"             velocity "$DIR/deep_quotes.csv" "${LAYOUT[@]}"
run "velocity open_quote (100 MB)"     velocity "$DIR/open_quote.csv" "${LAYOUT[@]}"
run "compare long_line"                compare "$DIR/long_line.csv" "${LAYOUT[@]}"
