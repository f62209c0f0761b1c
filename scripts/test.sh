#!/usr/bin/env bash
# Installs what is missing, builds, and runs every test: once normally, once under
# AddressSanitizer + UndefinedBehaviorSanitizer; the tests that load and analyse on several
# threads once more under ThreadSanitizer; then fuzzes every parser briefly.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
export QT_QPA_PLATFORM=offscreen
jobs="$(nproc)"

# The normal build treats warnings as errors (the ci preset: dev plus KUBELANE_WERROR, same build/).
cmake --preset ci >/dev/null
cmake --build build -j"$jobs"
ctest --test-dir build --output-on-failure -j"$jobs"

if [[ "${KUBELANE_SKIP_ASAN:-0}" != 1 ]]; then
  cmake --preset dev-asan >/dev/null
  cmake --build build-asan -j"$jobs"
  ASAN_OPTIONS=detect_leaks=0 UBSAN_OPTIONS=print_stacktrace=1 \
    ctest --test-dir build-asan --output-on-failure -j"$jobs"
fi

# The load (parse, merge, time order), the analysis (the detectors' two chains) and the
# window's lanes (placed while the rules run) run on several threads: the suites that drive
# them with more than one, under ThreadSanitizer (the core, the ui library and three suites:
# about 8 minutes on 2 cores).
if [[ "${KUBELANE_SKIP_TSAN:-0}" != 1 ]]; then
  cmake --preset dev-tsan >/dev/null
  cmake --build build-tsan -j"$jobs" --target tst_eventstore tst_rules tst_ui_lanemodel
  TSAN_OPTIONS="halt_on_error=1 suppressions=$PWD/tests/tsan.supp" ctest --test-dir build-tsan --output-on-failure -R '^(tst_eventstore|tst_rules|tst_ui_lanemodel)$'
fi

# Every fuzz target for a few seconds (scripts/fuzz.sh; a clang build of the core, measured at
# 2 min 10 s on 2 cores, plus 10 x 5 s: CI goes from ~14 to ~17 minutes). The inputs that once
# crashed a target run in both builds above (tst_fuzzregressions). KUBELANE_FUZZ_SECONDS=0 skips.
if [[ "${KUBELANE_FUZZ_SECONDS:-5}" != 0 ]]; then
  KUBELANE_JOBS="$jobs" bash scripts/fuzz.sh "${KUBELANE_FUZZ_SECONDS:-5}"
fi
