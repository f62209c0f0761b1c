// A node's PLEG: a bar from the first "PLEG is not healthy" report to the last, with the
// longest inactivity reported against the threshold; the PLEG goroutine's lines on it.
#include "lanebuilder.h"

namespace kubelane::ui {

void buildPlegLane(LaneBuild &b)
{
    for (const auto &p : b.facts().pleg) {
        if (!p.firstUnhealthy.isValid())
            continue;
        const LaneId lane = b.nodeLane(p.node);
        if (!lane.valid())
            continue;
        StateSpan s;
        s.start = p.firstUnhealthy;
        s.end = p.lastUnhealthy > p.firstUnhealthy ? p.lastUnhealthy : p.firstUnhealthy;
        s.state = StateKind::Unhealthy;
        s.label = QStringLiteral("PLEG not healthy");
        if (p.longestReported.ns > 0)
            s.label += QStringLiteral(" (last seen %1 ago").arg(laneDurationText(p.longestReported))
                + (p.threshold.ns > 0 ? QStringLiteral("; threshold %1)").arg(laneDurationText(p.threshold)) : QStringLiteral(")"));
        s.startEvent = p.unhealthy.empty() ? core::kNoEvent : p.unhealthy.front();
        s.endEvent = p.unhealthy.empty() ? core::kNoEvent : p.unhealthy.back();
        b.lane(lane).states.push_back(s);
    }
}

} // namespace kubelane::ui
