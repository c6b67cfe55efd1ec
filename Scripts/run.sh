#!/usr/bin/env bash
# The main job: installs missing system packages (Scripts/setup.sh), builds snaplab in release
# mode, and compares every snapping policy on the bundled labelled swipes in Data/synthetic.csv
# (20,000 traces from 100 users; see Data/README.md). Extra arguments go to `snaplab compare`,
# e.g. `bash Scripts/run.sh --format markdown` or `--policies tag99,nearest --by user`.
set -euo pipefail
cd "$(dirname "$0")/.."
bash Scripts/setup.sh
echo "run: swift build -c release --product snaplab" >&2
swift build -c release --product snaplab >&2
bin="$(swift build -c release --show-bin-path)/snaplab"
echo "run: snaplab compare Data/synthetic.csv $*" >&2
"$bin" compare Data/synthetic.csv "$@"
