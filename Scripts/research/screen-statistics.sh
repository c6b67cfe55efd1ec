#!/usr/bin/env bash
# Truth samples for Scripts/research/screen-statistics.py (issue 16): the check-like truth model of TASK
# (Scripts/research/check-like-truth.py, as Scripts/research/check-like.sh makes it) and two copies with PARAM
# × FACTOR and ÷ FACTOR; for each SEED, 2,000 traces by 100 users of each, with their hidden draws
# (`generate --hidden-truth`), on common seeds; then the features of every sample (DIR/*.pkl).
#
#   Scripts/research/screen-statistics.sh TASK DIR PARAM FIRST LAST     (e.g. paging /tmp/s gainLogSD 1000 1099)
#   BIN=/path/to/snaplab FACTOR=1.2 Scripts/research/screen-statistics.sh …
#
# Development seeds only: never 77–108, on which Scripts/research/check-like.sh confirms. Then
#   python3 Scripts/research/screen-statistics.py screen DIR --param PARAM --truth VALUE \
#       --slope-from up:1.2,down:0.8333 --seeds FIRST-LAST          (reveal: --param gainLogSD:reveal)
# PARAM is a top-level key of the model's `parameters` (gainLogSD, flickAmplitudeLogSD, …) or
# GROUP.KEY (stroke.amplitudeLogSD, delivery.stallProbability).
set -euo pipefail
cd "$(dirname "$0")/../.."
task="$1"; dir="$2"; param="$3"; first="$4"; last="$5"
bin="${BIN:-.build/release/snaplab}"
factor="${FACTOR:-1.2}"
live=compose-lazyrow-snap
[ "$task" = paging ] && live=compose-pager
mkdir -p "$dir"
"$bin" generate --traces 0 --task "$task" --live-policy "$live" --delivery frames --frame-rate 60 --seed 1 \
    --save-model "$dir/default.json" --out "$dir/empty.csv" 2>/dev/null
python3 Scripts/research/check-like-truth.py "$dir/default.json" "$dir/base.json"
python3 - "$dir" "$param" "$factor" <<'EOF'
import json, sys
d, param, factor = sys.argv[1], sys.argv[2], float(sys.argv[3])
for tag, f in (("up", factor), ("down", 1 / factor)):
    m = json.load(open(f"{d}/base.json"))
    p = m["parameters"]
    *groups, key = param.split(".")
    for g in groups:
        p = p[g]
    p[key] *= f
    json.dump(m, open(f"{d}/{tag}.json", "w"), indent=1)
print(f"{param}: base {json.load(open(f'{d}/base.json'))['parameters'].get(param, '(nested)')}, × {factor} and ÷ {factor}")
EOF
for seed in $(seq "$first" "$last"); do
    for tag in base up down; do
        [ -f "$dir/$tag-$seed.csv" ] || "$bin" generate --model "$dir/$tag.json" --traces 2000 --users 100 --seed "$seed" \
            --out "$dir/$tag-$seed.csv" --hidden-truth "$dir/$tag-$seed.h.csv" 2>/dev/null
    done
done
python3 Scripts/research/screen-statistics.py features "$dir"
