#!/usr/bin/env bash
# The learned policy against the fitted rule policies, and the headroom (issue #15 item 5). Not part of the tests.
#
#   Scripts/bench/bench-learned.sh [TRACES] [USERS]      (defaults 100000 traces, 500 users)
#
# 1. Builds snaplab in release mode; makes, if missing, /tmp/snaplab-learned/gTRACES.csv with
#      snaplab generate --seed 5 --traces TRACES --users USERS
# 2. snaplab recommend FILE --format json (every policy, defaults and fitted, 5 user-grouped folds,
#    seed 12345, the headroom) under /usr/bin/time -v; prints the best fitted rule policy, the
#    fitted learned-threshold, the bar "best rule − 1 SE" the learned policy must reach, and the
#    headroom, with the CPU time and peak memory of the whole run.
# 3. snaplab fit FILE --policy learned-threshold --bootstrap 0 (the fold fits, the all-traces fit
#    and the headroom) under /usr/bin/time -v: its test score, headroom and time.
# The machine may be shared: the load average is printed first.
set -euo pipefail
cd "$(dirname "$0")/../.."
TRACES="${1:-100000}"
USERS="${2:-500}"
DIR=/tmp/snaplab-learned
mkdir -p "$DIR"
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg) ($(nproc) cores)"
BIN="$(bash Scripts/tools/build-release.sh)"
FILE="$DIR/g$TRACES.csv"
[ -f "$FILE" ] || "$BIN" generate --seed 5 --traces "$TRACES" --users "$USERS" --out "$FILE"

timing() { awk -F': ' '/User time/ {u=$2} /System time/ {s=$2} /Elapsed \(wall clock\)/ {w=$2} /Maximum resident/ {m=$2}
                       END {printf "cpu %.1f s (user+sys), wall %s, peak %d MB\n", u+s, w, m/1024}' "$1"; }

/usr/bin/time -v "$BIN" recommend "$FILE" --format json > "$DIR/recommend.json" 2> "$DIR/recommend.err"
python3 - "$DIR/recommend.json" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
rules = [c for c in r["ranking"] if c["policy"] != "learned-threshold"]
fitted = [c for c in rules if c["variant"] == "fitted"]
best_rule = max(fitted, key=lambda c: c["test_score"])
best_any = max(rules, key=lambda c: c["test_score"])
learned = next(c for c in r["ranking"] if c["policy"] == "learned-threshold" and c["variant"] == "fitted")
bar = best_rule["test_score"] - best_rule["test_se"]
h = r.get("headroom", {})
print(f"best fitted rule: {best_rule['policy']} {best_rule['test_score']:.4f} ± {best_rule['test_se']:.4f}"
      f" (best rule candidate of any variant: {best_any['policy']} {best_any['variant']} {best_any['test_score']:.4f})")
print(f"learned-threshold fitted: {learned['test_score']:.4f} ± {learned['test_se']:.4f}"
      f"  (bar best rule − 1 SE = {bar:.4f}: {'reached' if learned['test_score'] >= bar else 'NOT reached'})")
print(f"  fold test scores: {', '.join(f'{x:.4f}' for x in learned['fold_test_scores'])}")
print(f"headroom: {h.get('testScore', float('nan')):.4f} ± {h.get('testStandardError', float('nan')):.4f} (seed {h.get('seed')})")
print(f"chosen: {r['chosen']['policy']} ({r['chosen']['variant']}) {r['chosen']['test_score']:.4f}")
PY
echo "recommend: $(timing "$DIR/recommend.err")"

/usr/bin/time -v "$BIN" fit "$FILE" --policy learned-threshold --bootstrap 0 > "$DIR/fit.txt" 2> "$DIR/fit.err"
grep -E "^test|^headroom|scores" "$DIR/fit.txt" || true
echo "fit learned-threshold: $(timing "$DIR/fit.err")"
