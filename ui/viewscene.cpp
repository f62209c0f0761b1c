#include "viewscene.h"

#include "timelinewidget.h"

#include <qcustomplot.h>

#include <algorithm>

namespace kubelane::ui {

std::vector<LaneId> rowsOnScreen(const TimelineState &state, double areaTop, double areaBottom)
{
    std::vector<LaneId> out;
    state.forEachVisibleRow(areaTop, areaBottom, [&](int, LaneId lane, double) { out.push_back(lane); });
    return out;
}

std::vector<LaneId> rowsOnScreen(const TimelineWidget &timeline)
{
    // The rows the timeline paints: its passes take the same bounds (QRect::bottom() is the
    // last pixel row).
    const QRect area = timeline.plot()->axisRect()->rect();
    return rowsOnScreen(timeline.state(), area.top(), area.bottom());
}

std::optional<ExportScene> sceneOfView(const TimelineWidget &timeline)
{
    const TimelineState &state = timeline.state();
    if (!state.model)
        return std::nullopt;
    ExportScene scene;
    scene.model = state.model;
    scene.start = timeline.visibleStart();
    scene.end = timeline.visibleEnd();
    scene.expanded = state.expanded;
    scene.rows = rowsOnScreen(timeline); // the image draws these rows; `shown` is left to the headless exports
    scene.findings = findingsInView(*state.model, scene.start, scene.end, scene.rows);
    if (scene.findings.size() > kMaxViewCallouts) {
        const auto &findings = state.model->analysis().findings;
        auto at = [&](int f) -> const core::Finding & { return findings[static_cast<std::size_t>(f)]; };
        // In time order now, so a stable sort by severity keeps the earliest of equals first.
        std::stable_sort(scene.findings.begin(), scene.findings.end(), [&](int a, int b) { return at(a).severity > at(b).severity; });
        scene.findingsLeftOut = static_cast<int>(scene.findings.size() - kMaxViewCallouts);
        scene.findings.resize(kMaxViewCallouts);
        std::stable_sort(scene.findings.begin(), scene.findings.end(), [&](int a, int b) { return at(a).start < at(b).start; });
    }
    scene.measure = state.measure;
    scene.cursor = state.cursor;
    return scene;
}

} // namespace kubelane::ui
