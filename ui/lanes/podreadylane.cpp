// A pod's Ready condition over time, and who set it (status patch, node lifecycle
// controller, probe).
#include "lanebuilder.h"

namespace kubelane::ui {

void buildPodReadyLane(LaneBuild &b)
{
    for (const auto &r : b.facts().readiness) {
        if (r.container != core::kNoString)
            continue; // a container's readiness is a strip on its container lane
        const LaneId lane = b.podLane(r.pod);
        if (!lane.valid())
            continue;
        StateSpan s = readinessBar(r);
        s.label = (r.ready ? QStringLiteral("Ready=True") : QStringLiteral("Ready=False"))
            + (r.origin.empty() ? QString() : QStringLiteral(" (") + QString::fromStdString(r.origin) + ')');
        b.lane(lane).states.push_back(s);
    }
}

} // namespace kubelane::ui
