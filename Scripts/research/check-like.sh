#!/usr/bin/env bash
# Evidence for `generate --like` (issue 16): a truth model away from every default
# (Scripts/research/check-like-truth.py writes it; the same values as ModelCalibrationTests.truthParameters).
# (a) for each SEED: 2,000 truth traces (100 users) are fitted with `generate --like` and each
#     fitted parameter is printed against the truth (within 10%?);
# (b) for the first SEED: 100,000 traces of the fitted model are generated and every catalogue
#     policy's hit rate on them is ranked against 100,000 truth traces (Spearman ρ, `--rank-against`).
#
#   Scripts/research/check-like.sh [TASK] [SEED…]       (defaults: reveal, seeds 77 78 79 80 81)
#   USERS=400 Scripts/research/check-like.sh …          (truth users for the 2,000 traces; default 100)
#   SKIP_RANK=1 Scripts/research/check-like.sh …        (part (a) only)
#   NO_BUILD=1 Scripts/research/check-like.sh …         (use the release binary already built)
#   BIN=/path/to/snaplab Scripts/research/check-like.sh … (use that binary; implies NO_BUILD)
#   LIKE_SEED=S Scripts/research/check-like.sh …       (the --like seed: the simulations' common random numbers; default 5)
#   KEEP=DIR Scripts/research/check-like.sh …           (keep the per-seed errors, DIR/errors.tsv and DIR/ideal.tsv)
#   NO_IDEAL=1 Scripts/research/check-like.sh …         (binaries without `generate --hidden-truth`: no ideal columns)
# The ideal of each parameter (Scripts/research/check-like-ideal.py) is the same quantity computed from the
# truth file's hidden draws (`generate --hidden-truth`): the summary table prints it beside the fit.
set -euo pipefail
cd "$(dirname "$0")/../.."
task="${1:-reveal}"
shift || true
seeds=("$@")
[ ${#seeds[@]} -eq 0 ] && seeds=(77 78 79 80 81)
if [ -n "${BIN:-}" ]; then
    bin="$BIN"
elif [ -n "${NO_BUILD:-}" ]; then
    bin=.build/release/snaplab
else
    bin="$(bash Scripts/tools/build-release.sh)"
fi
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
live=compose-lazyrow-snap
[ "$task" = paging ] && live=compose-pager
"$bin" generate --traces 0 --task "$task" --live-policy "$live" --delivery frames --frame-rate 60 --seed 1 \
    --save-model "$tmp/default.json" --out "$tmp/empty.csv" 2>/dev/null
python3 Scripts/research/check-like-truth.py "$tmp/default.json" "$tmp/truth.json"
first="${seeds[0]}"
users="${USERS:-100}"
[ -n "${SKIP_RANK:-}" ] && first=none
for seed in "${seeds[@]}"; do
    echo "== (a) truth seed $seed: --like on 2,000 traces by $users users"
    hidden=()
    [ -z "${NO_IDEAL:-}" ] && hidden=(--hidden-truth "$tmp/hidden.csv")
    "$bin" generate --model "$tmp/truth.json" --traces 2000 --users "$users" --seed "$seed" --out "$tmp/truth-2k.csv" \
        "${hidden[@]}" 2>/dev/null
    [ -z "${NO_IDEAL:-}" ] && python3 Scripts/research/check-like-ideal.py "$tmp/truth.json" "$tmp/hidden.csv" "$tmp/ideal.tsv"
    if [ "$seed" = "$first" ]; then
        "$bin" generate --model "$tmp/truth.json" --traces 100000 --users 100 --seed "$((seed + 1))" \
            --out "$tmp/truth-100k.csv" 2>/dev/null
        start=$(date +%s.%N)
        # --allow-unconverged: the study measures every seed's estimates, converged or not (a fit
        # that did not converge is printed as a warning)
        "$bin" generate --like "$tmp/truth-2k.csv" --traces 100000 --seed "${LIKE_SEED:-5}" --save-model "$tmp/like.json" \
            --allow-unconverged --rank-against "$tmp/truth-100k.csv" --out "$tmp/like.csv"
        end=$(date +%s.%N)
        awk -v s="$start" -v e="$end" 'BEGIN { printf "generate --like (fit 2,000 traces, write 100,000, rank check): %.1f s\n", e - s }'
    else
        "$bin" generate --like "$tmp/truth-2k.csv" --traces 1000 --seed "${LIKE_SEED:-5}" --save-model "$tmp/like.json" \
            --allow-unconverged --out "$tmp/like.csv" 2>&1 >/dev/null | grep -E "calibrated in|did not converge" || true
    fi
    python3 Scripts/research/check-like-truth.py --compare "$tmp/truth.json" "$tmp/like.json" "$tmp/errors.tsv" | tee -a "$tmp/summary.txt"
done
echo "== summary over seeds ${seeds[*]} ($task, 2,000 traces by $users users)"
grep -E "parameters within 10%" "$tmp/summary.txt"
if [ -z "${NO_IDEAL:-}" ]; then
    python3 Scripts/research/check-like-truth.py --table "$tmp/errors.tsv" "$tmp/ideal.tsv"
else
    python3 Scripts/research/check-like-truth.py --table "$tmp/errors.tsv"
fi
if [ -n "${KEEP:-}" ]; then
    mkdir -p "$KEEP"
    cp "$tmp/errors.tsv" "$KEEP/errors.tsv"
    [ -z "${NO_IDEAL:-}" ] && cp "$tmp/ideal.tsv" "$KEEP/ideal.tsv"
fi
true
