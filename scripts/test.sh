#!/usr/bin/env bash
# Installs what is missing, builds, and runs every test: once normally, once under
# AddressSanitizer + UndefinedBehaviorSanitizer.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
export QT_QPA_PLATFORM=offscreen
jobs="$(nproc)"

cmake --preset dev >/dev/null
cmake --build build -j"$jobs"
ctest --test-dir build --output-on-failure -j"$jobs"

if [[ "${KUBELANE_SKIP_ASAN:-0}" != 1 ]]; then
  cmake --preset dev-asan >/dev/null
  cmake --build build-asan -j"$jobs"
  ASAN_OPTIONS=detect_leaks=0 UBSAN_OPTIONS=print_stacktrace=1 \
    ctest --test-dir build-asan --output-on-failure -j"$jobs"
fi

# Fuzzing (scripts/fuzz.sh) is a separate clang build of the core: about 4 minutes on 2 cores
# before the first input, which would take CI from ~14 to ~19 minutes. CI runs the fuzz
# targets' regression inputs in both builds above (tst_fuzzregressions); set
# KUBELANE_FUZZ_SECONDS=N to also fuzz every target for N seconds.
if [[ "${KUBELANE_FUZZ_SECONDS:-0}" != 0 ]]; then
  KUBELANE_JOBS="$jobs" bash scripts/fuzz.sh "$KUBELANE_FUZZ_SECONDS"
fi
