#!/usr/bin/env bash
# Labels from behaviour against simulated truth, at scale (issue 17): the labeller's accuracy per
# rule and the Spearman correlation of every policy's hit rate with derived vs true labels, for
# a few live policies. The test suite runs the same check small (BehaviourLabelValidationTests).
#   Scripts/validate-behaviour-labels.sh [strokes] [seed]
set -euo pipefail
cd "$(dirname "$0")/.."
strokes="${1:-100000}"
seed="${2:-1}"
swift build -c release --product snaplab >/dev/null
for live in tag99 nearest android-pagersnap swiftui-viewaligned; do
  echo "== live policy $live"
  .build/release/snaplab validate-labels --strokes "$strokes" --seed "$seed" --live-policy "$live" | sed -n 1,7p
done
