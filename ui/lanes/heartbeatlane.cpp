// A node's heartbeats: a tick per status update or lease renewal (failed attempts in red)
// and the gaps between them, labelled with their length against the grace period.
#include "lanebuilder.h"

namespace kubelane::ui {

void buildHeartbeatLane(LaneBuild &b)
{
    for (const auto &h : b.facts().heartbeats)
        if (const LaneId lane = b.nodeLane(h.node); lane.valid())
            b.lane(lane).ticks.push_back({h.time, h.failed, h.event});
    for (const auto &g : b.facts().gaps) {
        const LaneId lane = b.nodeLane(g.node);
        if (!lane.valid())
            continue;
        GapSpan gap;
        gap.fact = &g;
        const QString cmp = g.exceedsGrace ? QStringLiteral(" > ") : QStringLiteral(" ≤ ");
        // Open-ended, or begun no later than shown (the controller's word alone): a lower bound.
        const QString atLeast = g.openEnded || g.startEstimated ? QStringLiteral("≥ ") : QString();
        // A Node no kubelet ever reported for waited the startup grace, not the monitor grace.
        gap.label = g.neverReported
            ? QStringLiteral("no kubelet yet: ") + atLeast + laneDurationText(g.length) + cmp + QStringLiteral("startup grace ")
                + laneDurationText(g.grace)
            : atLeast + laneDurationText(g.length) + QStringLiteral(" gap") + cmp + QStringLiteral("grace ") + laneDurationText(g.grace);
        b.lane(lane).gaps.push_back(gap);
        for (core::EventIndex f : g.failures)
            b.addEvent(lane, f);
    }
}

} // namespace kubelane::ui
