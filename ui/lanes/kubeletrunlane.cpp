// The kubelet process of each node: up while a run lasts (its version inside), down or
// crashed between runs (how long, and the exit reason when the log says it).
#include "lanebuilder.h"

#include <algorithm>
#include <map>

namespace kubelane::ui {

namespace {

StateSpan upSpan(const core::KubeletRun &r)
{
    StateSpan up;
    up.start = r.start;
    up.end = r.end; // an open run ends where its logs end (core bounds it)
    up.openEnded = r.openEnded;
    up.state = StateKind::KubeletUp;
    up.label = r.version.empty() ? QStringLiteral("kubelet") : QStringLiteral("kubelet ") + QString::fromStdString(r.version);
    up.startEvent = r.startEvent;
    up.endEvent = r.exitEvent;
    return up;
}

StateSpan downSpan(const core::KubeletRun &r, const core::KubeletRun &next)
{
    StateSpan down;
    down.start = r.end;
    down.end = next.start;
    down.state = StateKind::KubeletDown;
    down.label =
        (r.fatal ? QStringLiteral("crashed") : QStringLiteral("down")) + QStringLiteral(" %1").arg(laneDurationText(down.end - down.start));
    if (!r.exitReason.empty())
        down.label += QStringLiteral(": ") + QString::fromStdString(r.exitReason);
    down.startEvent = r.exitEvent;
    down.endEvent = next.startEvent;
    return down;
}

} // namespace

void buildKubeletRunLane(LaneBuild &b)
{
    // By node name, so the lanes are made in the same order whatever the facts' order.
    std::map<std::string, std::vector<const core::KubeletRun *>> runsByNode;
    for (const auto &r : b.facts().kubeletRuns)
        runsByNode[std::string(b.incident().text(r.node))].push_back(&r);
    for (auto &[node, runs] : runsByNode) {
        const LaneId lane = b.nodeLane(runs.front()->node);
        if (!lane.valid())
            continue;
        std::sort(runs.begin(), runs.end(), [](auto *a, auto *z) { return a->start < z->start; });
        for (std::size_t i = 0; i < runs.size(); ++i) {
            const core::KubeletRun &r = *runs[i];
            b.lane(lane).states.push_back(upSpan(r));
            if (i + 1 < runs.size() && !r.openEnded && runs[i + 1]->start > r.end)
                b.lane(lane).states.push_back(downSpan(r, *runs[i + 1]));
        }
    }
}

} // namespace kubelane::ui
