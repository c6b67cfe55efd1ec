#!/usr/bin/env bash
# Installs what SnapLab needs from Debian and is missing, and nothing else. Idempotent:
# a second run finds everything present and installs nothing.
#   libgsl-dev   GSL headers and libraries (SnapEvaluator links GSL)
#   pkg-config   lets SwiftPM find GSL's flags (`pkg-config --libs gsl`)
#   librsvg2-bin rsvg-convert, used by a test that proves our SVG plots render (and PNG output)
#   chromium, chromium-driver  headless browser for the tests of the recorder page and the report
#   kotlin, default-jdk-headless  test only: compile and run the Kotlin exports' vectors (kotlinc, JDK)
#   nodejs       test only: run the JavaScript exports' vectors (`node`)
set -euo pipefail

needed=(libgsl-dev pkg-config librsvg2-bin chromium chromium-driver kotlin default-jdk-headless nodejs)
missing=()
for pkg in "${needed[@]}"; do
  if dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed"; then
    echo "setup: $pkg is already installed"
  else
    missing+=("$pkg")
  fi
done

if [ ${#missing[@]} -eq 0 ]; then
  echo "setup: nothing to install"
  exit 0
fi

SUDO=""
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1; then SUDO="sudo"; else
    echo "setup: need root (or sudo) to install: ${missing[*]}" >&2
    exit 1
  fi
fi
echo "setup: installing with apt-get: ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
echo "setup: done"
