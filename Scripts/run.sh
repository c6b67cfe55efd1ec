#!/usr/bin/env bash
# The main job: installs missing system packages (Scripts/setup.sh), builds snaplab in release
# mode, and runs it on the bundled data in Data/.
set -euo pipefail
cd "$(dirname "$0")/.."
bash Scripts/setup.sh
echo "run: swift build -c release --product snaplab" >&2
swift build -c release --product snaplab >&2
bin="$(swift build -c release --show-bin-path)/snaplab"
echo "run: $bin explain --policy all (every policy on Data/demo-release.txt's release)" >&2
read -r offset velocity start duration < <(grep -v '^#' Data/demo-release.txt | head -n 1)
"$bin" explain --policy all --offset "$offset" --velocity "$velocity" --start-offset "$start" --duration "$duration" "$@"
