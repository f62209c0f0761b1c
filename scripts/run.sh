#!/usr/bin/env bash
# Installs what is missing, builds, and opens the kubelane window on BUNDLE (or a sample).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
cmake --preset dev >/dev/null
cmake --build build -j"$(nproc)" --target kubelane
exec ./build/app/kubelane "$@"
