#!/usr/bin/env bash
# Benchmarks, printed as ratios against baselines measured in the same run:
#  - load + analyze of a generated bundle (every sample copied COPIES times, default 20)
#    against reading it and counting lines (in process, and `wc -l` on the plain files);
#  - painting the timeline with EVENTS synthetic events (default 1000000) against painting one.
# The bundle is generated into a temporary folder and removed afterwards; nothing is committed.
#   bash scripts/bench.sh [COPIES] [EVENTS]
set -euo pipefail
cd "$(dirname "$0")/.."
copies=${1:-20}
events=${2:-1000000}
[ -d build ] || cmake --preset dev >/dev/null
cmake --build build -j"$(nproc)" --target kubelane_bench kubelane_paint_bench >/dev/null

bundle=$(mktemp -d /tmp/kubelane-bench.XXXXXX)
trap 'rm -rf "$bundle"' EXIT
for i in $(seq 1 "$copies"); do
    for s in samples/*/; do
        name=$(basename "$s")
        mkdir -p "$bundle/copy$i/$name"
        # Not the EXPECTED.json/README files: only logs.
        (cd "$s" && find . -type f ! -name '*.json' ! -name '*.md' -exec cp --parents {} "$bundle/copy$i/$name/" \;)
    done
done
echo "== load and analyze: $copies copies of every sample"
./build/tests/bench/kubelane_bench --repeat 3 "$bundle"
plain=$(find "$bundle" -type f ! -name '*.gz' ! -name '*.tgz' ! -name '*.tar' ! -name '*.zip')
start=$(date +%s.%N)
echo "$plain" | xargs cat | wc -l >/dev/null
end=$(date +%s.%N)
echo "wc -l (plain files only, compressed ones excluded): $(echo "$end - $start" | bc) s"
echo
echo "== paint: $events synthetic events"
./build/tests/bench/kubelane_paint_bench "$events" 2>/dev/null
