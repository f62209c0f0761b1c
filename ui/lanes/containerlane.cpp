// A container of a pod: running from a start to its death or kill (its start/exit/kill lines
// on the lane), with its readiness as a thin strip under the bar.
#include "lanebuilder.h"

#include <algorithm>
#include <map>
#include <optional>
#include <span>
#include <vector>

namespace kubelane::ui {

namespace {

// Each container's lane, found once: a pod's readiness is reported at every probe, and finding
// a lane by its key builds the key as a string.
class ContainerLanes {
public:
    LaneId of(LaneBuild &b, core::PodId pod, core::StringId container)
    {
        auto [known, added] = m_lanes.try_emplace({pod, container});
        if (added) {
            const QString c = QString::fromUtf8(b.incident().text(container));
            // Kill lines may name a container only by its runtime id.
            known->second =
                b.podLane(pod, c, c.isEmpty() ? QStringLiteral("container (name not logged)") : QStringLiteral("container ") + c);
        }
        return known->second;
    }

private:
    std::map<std::pair<core::PodId, core::StringId>, LaneId> m_lanes;
};

void addReadiness(LaneBuild &b, ContainerLanes &lanes)
{
    for (const auto &r : b.facts().readiness) {
        if (r.container == core::kNoString)
            continue; // the pod's own Ready lane
        const LaneId lane = lanes.of(b, r.pod, r.container);
        if (!lane.valid())
            continue;
        StateSpan s = readinessBar(r);
        s.thin = true;
        s.label = r.ready ? QStringLiteral("ready") : QStringLiteral("not ready");
        b.lane(lane).states.push_back(s);
    }
}

// A container event with the container it belongs to, packed as (pod, container name) so that
// one sort groups them.
struct ContainerEntry {
    std::uint64_t container;
    const core::ContainerEvent *event;
};

// The container events grouped by container, each group in time order, the groups in (pod,
// name) order. One sort of packed keys: a tree map looked up for each of the hundreds of
// thousands of events (408 k on the 1 GB bench bundle) missed the cache at every level.
std::vector<ContainerEntry> byContainer(const core::Incident &inc, const std::vector<core::ContainerEvent> &events)
{
    std::vector<ContainerEntry> entries;
    entries.reserve(events.size());
    for (const auto &c : events) {
        const core::Event &e = inc.event(c.event);
        entries.push_back({std::uint64_t{inc.podOf(e).value()} << 32 | inc.containerOf(e).value(), &c});
    }
    // Stable: the facts follow the store's time order, and each container's runs need it.
    std::stable_sort(entries.begin(), entries.end(),
                     [](const ContainerEntry &a, const ContainerEntry &b) { return a.container < b.container; });
    return entries;
}

// Running spans from start/exit/kill events, in time order.
void addRuns(LaneBuild &b, LaneId lane, std::span<const ContainerEntry> list)
{
    const core::Incident &inc = b.incident();
    // In time order already: the facts follow the store, which is.
    std::optional<StateSpan> open;
    bool first = true;
    for (const ContainerEntry &entry : list) {
        const core::ContainerEvent *c = entry.event;
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
        open->end = std::max(open->start, inc.sources[inc.event(list.back().event->event).source].last);
        open->openEnded = true;
        b.lane(lane).states.push_back(*open);
    }
}

} // namespace

void buildContainerLane(LaneBuild &b)
{
    ContainerLanes lanes;
    addReadiness(b, lanes);
    const std::vector<ContainerEntry> entries = byContainer(b.incident(), b.facts().containerEvents);
    for (auto run = entries.begin(); run != entries.end();) {
        const auto end = std::find_if(run, entries.end(), [&](const ContainerEntry &e) { return e.container != run->container; });
        const core::PodId pod(static_cast<std::uint32_t>(run->container >> 32));
        const core::StringId container(static_cast<std::uint32_t>(run->container));
        if (const LaneId lane = lanes.of(b, pod, container); lane.valid())
            addRuns(b, lane, {run, end});
        run = end;
    }
}

} // namespace kubelane::ui
