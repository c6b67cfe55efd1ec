#!/usr/bin/env bash
# The main job. THE DATA IS SYNTHETIC: Data/synthetic.csv was written by `snaplab generate`
# (the swipe model of Docs/swipe-model.md calibrated with `generate --like` on the A30 study's
# home screen: task `reveal`, live row free-scroll, trials from offset 0 toward item 6;
# Data/synthetic.csv.json holds the model).
# The ranking it prints is an example of what SnapLab reports, not advice: run it on your own
# recording (or on `snaplab generate --like YOUR.csv`) before choosing a policy.
#
# Installs missing system packages (Scripts/setup.sh), builds snaplab in release mode and
# compares every snapping policy on Data/synthetic.csv (10,000 traces from 100 users; see
# Data/README.md). Extra arguments go to `snaplab compare`, e.g.
# `bash Scripts/run.sh --format markdown` or `--policies tag99,nearest --by user`.
set -euo pipefail
cd "$(dirname "$0")/.."
echo "note: Data/synthetic.csv is synthetic (snaplab generate, swipe model of Docs/swipe-model.md calibrated on" \
     "a real study's home screen, task reveal, live row free-scroll); the ranking below is an example, not advice" >&2
bash Scripts/setup.sh
bin="$(bash Scripts/tools/build-release.sh)"
echo "run: snaplab compare Data/synthetic.csv $*" >&2
"$bin" compare Data/synthetic.csv "$@"
