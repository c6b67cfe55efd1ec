#!/usr/bin/env bash
# Labels from behaviour against simulated truth, at scale (issue 17): for several live policies,
# the share of strokes the labeller labels, its accuracy on them, and the Spearman correlation of
# every catalogue policy's hit rate with derived vs true labels (all policies, and without the live
# policy and its twins). The test suite runs the same check small (BehaviourLabelValidationTests).
#   Scripts/research/validate-behaviour-labels.sh [strokes] [seed] [extra validate-labels options...]
# e.g. Scripts/research/validate-behaviour-labels.sh 100000 1 --tap-share 0     (telemetry without taps)
set -euo pipefail
cd "$(dirname "$0")/../.."
strokes="${1:-100000}"
seed="${2:-1}"
shift $(( $# < 2 ? $# : 2 ))
[ -n "${SKIP_BUILD:-}" ] || bash Scripts/tools/build-release.sh >/dev/null
lives="${LIVE_POLICIES:-android-pagersnap compose-pager uikit-paging swiftui-viewaligned flutter-pageview swiper embla tag99 nearest css-snap-mandatory uikit-projected-nearest}"
echo "strokes $strokes, seed $seed, options: ${*:-(defaults)}"
printf '%-26s %9s %9s %8s %12s\n' "live policy" coverage accuracy rho "rho w/o live"
for live in $lives; do
  .build/release/snaplab validate-labels --strokes "$strokes" --seed "$seed" --live-policy "$live" "$@" 2>/dev/null |
    awk -v live="$live" '
      /^labelled / { cov = $7; gsub(/[();]/, "", cov); acc = $NF }
      /^Spearman rho/ { rho = $NF }
      /^  without the/ { rho2 = $NF }
      END { printf "%-26s %9s %9s %8s %12s\n", live, cov, acc, rho, rho2 }'
done
