#!/usr/bin/env bash
# Walks the long enumerations whole: the tests tagged `.exhaustive` (the differentials of the
# engine, the generated code and the hand-written switch over every enumerated situation, the
# AASA matcher's and the dense lookup's), which `swift test` runs on a seeded sample. CI runs
# this once, beside the plain `swift test`; about 3 minutes of a debug build on 2 cores.
#
#   Scripts/exhaustive.sh              # builds the tests if needed, then runs the tagged ones
#   Scripts/exhaustive.sh --skip-build # any further swift test options are passed on
set -euo pipefail
cd "$(dirname "$0")/.."
TAPROUTE_EXHAUSTIVE=1 swift test --filter "$(Scripts/tagged-tests.py exhaustive)" "$@"
