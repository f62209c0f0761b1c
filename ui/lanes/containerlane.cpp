// A container of a pod: running from a start to its death or kill (its start/exit/kill lines
// on the lane), with its readiness as a thin strip under the bar.
#include "lanebuilder.h"

#include <algorithm>
#include <map>
#include <optional>

namespace kubelane::ui {

namespace {

LaneId containerLane(LaneBuild &b, core::PodId pod, core::StringId container)
{
    const QString c = QString::fromUtf8(b.incident().text(container));
    // Kill lines may name a container only by its runtime id.
    return b.podLane(pod, c, c.isEmpty() ? QStringLiteral("container (name not logged)") : QStringLiteral("container ") + c);
}

void addReadiness(LaneBuild &b)
{
    for (const auto &r : b.facts().readiness) {
        if (r.container == core::kNoString)
            continue; // the pod's own Ready lane
        const LaneId lane = containerLane(b, r.pod, r.container);
        if (!lane.valid())
            continue;
        StateSpan s = readinessBar(r);
        s.thin = true;
        s.label = r.ready ? QStringLiteral("ready") : QStringLiteral("not ready");
        b.lane(lane).states.push_back(s);
    }
}

// Running spans from start/exit/kill events, in time order.
void addRuns(LaneBuild &b, LaneId lane, const std::vector<const core::ContainerEvent *> &list)
{
    const core::Incident &inc = b.incident();
    // In time order already: the facts follow the store, which is.
    std::optional<StateSpan> open;
    bool first = true;
    for (const core::ContainerEvent *c : list) {
        b.addEvent(lane, c->event);
        const core::Timestamp time = inc.event(c->event).time;
        using K = core::ContainerEvent::Kind;
        if (c->kind == K::Started) {
            if (open) {
                open->end = time;
                b.lane(lane).states.push_back(*open);
            }
            open = StateSpan{time, time, StateKind::ContainerRunning, false, false, QStringLiteral("running"), c->event};
        } else if (c->kind == K::Died || c->kind == K::Killed) {
            if (open) {
                open->end = time;
                open->endEvent = c->event;
                b.lane(lane).states.push_back(*open);
                open.reset();
            } else if (first) {
                // Running since before the bundle starts.
                b.lane(lane).states.push_back(StateSpan{b.first(), time, StateKind::ContainerRunning, false, false,
                                                        QStringLiteral("running"), core::kNoEvent, c->event});
            }
        }
        first = false;
    }
    if (open) {
        // Still running when the kubelet's log that reported it ends: unknown after that.
        open->end = std::max(open->start, inc.sources[inc.event(list.back()->event).source].last);
        open->openEnded = true;
        b.lane(lane).states.push_back(*open);
    }
}

} // namespace

void buildContainerLane(LaneBuild &b)
{
    addReadiness(b);
    std::map<std::pair<core::PodId, core::StringId>, std::vector<const core::ContainerEvent *>> byContainer;
    for (const auto &c : b.facts().containerEvents) {
        const core::Event &e = b.incident().event(c.event);
        byContainer[{b.incident().podOf(e), b.incident().containerOf(e)}].push_back(&c);
    }
    for (auto &[k, list] : byContainer)
        if (const LaneId lane = containerLane(b, k.first, k.second); lane.valid())
            addRuns(b, lane, list);
}

} // namespace kubelane::ui
