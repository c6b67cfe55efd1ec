#!/bin/sh
# Coverage of the home fit's widened convergence bands (issue 32, cov32): the delete-one-user
# jackknife 95% half-width of each fitted target (ModelCalibration.targetUncertainties), checked on
# R recordings of the recording's design drawn from a fitted model with fresh users.
# Docs/research/2026-11-30-home-fit-tolerance-coverage.md.
#
# Usage: check-target-uncertainty-coverage.sh BIN RECORDING OUTDIR [R] [BOOTSTRAP_R] [BOOTSTRAP_B]
#   BIN: a release snaplab (fits the model: generate --like RECORDING --seed 1 --traces 20000);
#   the draws run in the debug test build of this package (swift build --build-tests first).
set -eu
BIN=$1; REC=$2; OUT=$3; R=${4:-200}; BR=${5:-100}; BB=${6:-100}
HERE=$(cd "$(dirname "$0")/../.." && pwd)
mkdir -p "$OUT"
"$BIN" generate --like "$REC" --traces 20000 --seed 1 --threads 2 --save-model "$OUT/h1.json" --out "$OUT/h1.csv" > "$OUT/h1.out" 2> "$OUT/h1.err"
export SNAPLAB_COVERAGE_MODEL="$OUT/h1.json" SNAPLAB_COVERAGE_RECORDING="$REC" SNAPLAB_COVERAGE_SEED=1
export SNAPLAB_COVERAGE_STATISTICS=travel_gmean,moved_travel_log_sd_within_users,later_late_speed_p50,stroke_time_log_sd_within_users,share_held_weighted,first_move_gmean,share_lift_repeat,repeat_delay_gmean,share_stopped_while_moving,user_sd_log_peak_speed_pooled,release_speed_p50,late_speed_p90,share_lifted_late,share_trials_one_stroke,opening_late_speed_p50,opening_travel_gmean
TESTS="$HERE/.build/debug/SnapLabPackageTests.xctest"
SNAPLAB_COVERAGE_OUT="$OUT/jackknife.csv" SNAPLAB_COVERAGE_R=$R SNAPLAB_COVERAGE_BOOTSTRAP=0 \
    "$TESTS" --testing-library swift-testing --filter coverageAtARecordingsDesign > "$OUT/jackknife.log" 2>&1 || true
SNAPLAB_COVERAGE_OUT="$OUT/bootstrap.csv" SNAPLAB_COVERAGE_R=$BR SNAPLAB_COVERAGE_BOOTSTRAP=$BB \
    "$TESTS" --testing-library swift-testing --filter coverageAtARecordingsDesign > "$OUT/bootstrap.log" 2>&1 || true
python3 "$HERE/Scripts/research/target-uncertainty-coverage.py" "$OUT/jackknife.csv" "$OUT/bootstrap.csv"
