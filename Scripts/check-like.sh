#!/usr/bin/env bash
# Evidence for `generate --like` (issue 16): a truth model away from every default
# (Scripts/check-like-truth.py writes it), 2,000 of its traces fitted, 100,000 traces regenerated.
# Prints (a) each fitted parameter against the truth and (b) every catalogue policy's hit rate on
# 100,000 truth traces and on 100,000 fitted traces, with their Spearman rank correlation.
#
#   Scripts/check-like.sh [TASK] [SEED]       (defaults: reveal, 77)
set -euo pipefail
cd "$(dirname "$0")/.."
task="${1:-reveal}"
seed="${2:-77}"
swift build -c release --product snaplab >&2
bin="$(swift build -c release --show-bin-path)/snaplab"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
live=compose-lazyrow-snap
[ "$task" = paging ] && live=compose-pager
"$bin" generate --traces 0 --task "$task" --live-policy "$live" --delivery frames --frame-rate 60 --seed 1 \
    --save-model "$tmp/default.json" --out "$tmp/empty.csv" 2>/dev/null
python3 Scripts/check-like-truth.py "$tmp/default.json" "$tmp/truth.json"
"$bin" generate --model "$tmp/truth.json" --traces 2000 --users 100 --seed "$seed" --out "$tmp/truth-2k.csv" 2>/dev/null
"$bin" generate --model "$tmp/truth.json" --traces 100000 --users 100 --seed "$((seed + 1))" --out "$tmp/truth-100k.csv" 2>/dev/null
start=$(date +%s.%N)
"$bin" generate --like "$tmp/truth-2k.csv" --traces 100000 --seed 5 --save-model "$tmp/like.json" \
    --rank-against "$tmp/truth-100k.csv" --out "$tmp/like.csv"
end=$(date +%s.%N)
awk -v s="$start" -v e="$end" 'BEGIN { printf "generate --like (fit 2,000 traces, write 100,000, rank check): %.1f s\n", e - s }'
python3 Scripts/check-like-truth.py --compare "$tmp/truth.json" "$tmp/like.json"
