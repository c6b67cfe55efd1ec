#!/usr/bin/env bash
# Installs what SnapLab needs from Debian and is missing, and nothing else. Idempotent:
# a second run finds everything present and installs nothing.
#   libgsl-dev   GSL headers and libraries (SnapEvaluator links GSL)
#   pkg-config   lets SwiftPM find GSL's flags (`pkg-config --libs gsl`)
#   librsvg2-bin rsvg-convert, used by a test that proves our SVG plots render (and PNG output)
#   chromium, chromium-driver  headless browser for the tests of the recorder page and the report
# With --tests (Scripts/test.sh), also what only the tests need; the main job (Scripts/run.sh)
# runs without it:
#   kotlin, default-jdk-headless  compile and run the Kotlin exports' vectors (kotlinc, JDK)
#   nodejs       run the JavaScript exports' vectors (`node`)
#   pandas       (Python, with pip) a test runs Docs/per-trace.md's example on compare's --per-trace output
#   pyspark      (Python, with pip) and openjdk-17-jre-headless (its Java runtime): SparkJobTests runs
#                Scripts/spark/snaplab_spark.py in Spark's local mode (Docs/scale.md)
set -euo pipefail

tests=no
if [ "${1:-}" = "--tests" ]; then tests=yes; fi

if [ "$tests" = yes ]; then
  if python3 -c "import pandas" >/dev/null 2>&1; then
    echo "setup: python3 pandas is already installed (test-only)"
  else
    echo "setup: installing python3 pandas with pip (test-only: Docs/per-trace.md's example)"
    python3 -m pip install --quiet pandas
  fi
  if python3 -c "import pyspark" >/dev/null 2>&1; then
    echo "setup: python3 pyspark is already installed (test-only)"
  else
    echo "setup: installing python3 pyspark with pip (test-only: the Spark job's test, Scripts/spark)"
    python3 -m pip install --quiet pyspark
  fi
fi

needed=(libgsl-dev pkg-config librsvg2-bin chromium chromium-driver)
if [ "$tests" = yes ]; then needed+=(kotlin default-jdk-headless nodejs openjdk-17-jre-headless); fi
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
