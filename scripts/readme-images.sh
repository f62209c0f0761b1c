#!/usr/bin/env bash
# Regenerates the README's pictures: one exported image per incident sample, and the window.
# Needs a build (bash scripts/run.sh or cmake --build build); no display: export renders offscreen.
set -euo pipefail
cd "$(dirname "$0")/.."
bin=./build/app/kubelane
mkdir -p docs/images
# The incident's own finding, framed with context; scale 1 keeps the README light.
# probe-status-race has two victims half an hour apart: the first one (finding 2 of analyze).
"$bin" export samples/probe-status-race --finding 2 -o docs/images/probe-status-race.png --scale 1
for rule in pleg-unhealthy sandbox-missing node-heartbeat-gap spec-hash-restart; do
    "$bin" export "samples/$rule" --rule "$rule" -o "docs/images/$rule.png" --scale 1
done
# The window (on a real X server: xvfb-run from the xvfb package), on the first race finding,
# at a laptop's 1280x720 and at 1600x1000.
if command -v xvfb-run >/dev/null; then
    for size in 1600x1000 1280x720; do
        out=docs/window-$size.png
        [ "$size" = 1600x1000 ] && out=docs/screenshot.png
        KUBELANE_SCREENSHOT=$out KUBELANE_SCREENSHOT_FINDING=2 KUBELANE_SCREENSHOT_SIZE=$size \
            xvfb-run -a -s "-screen 0 1600x1000x24" "$bin" samples/probe-status-race >/dev/null 2>&1
    done
fi
# The goroutine-dump panel beside the PLEG lanes (issue 16); the offscreen platform can grab it.
KUBELANE_SCREENSHOT=docs/images/goroutine-dump.png QT_QPA_PLATFORM=offscreen "$bin" samples/pleg-unhealthy >/dev/null 2>&1
