// Incident 1's fact: after a kubelet start, did the pod worker generate the pod's status
// before the probe worker seeded the container's readiness result? And what followed.
#include "factcontext.h"

#include "../util/textscan.h"

#include <map>

namespace kubelane::core {

namespace {
constexpr std::int64_t kConsequenceWindow = 10 * kNsPerSecond;
}

void detectStatusProbeOrder(const FactContext &ctx, Facts &facts)
{
    const Incident &inc = ctx.inc;
    for (std::size_t r = 0; r < facts.kubeletRuns.size(); ++r) {
        const KubeletRun &run = facts.kubeletRuns[r];
        const std::size_t from = inc.lowerBound(run.start);
        const std::size_t to = inc.lowerBound(run.end + Duration{1});
        std::map<PodId, std::size_t> firstStatus;
        std::map<std::pair<PodId, StringId>, std::size_t> firstProbe;
        for (std::size_t i = from; i < to; ++i) {
            const Event &e = inc.events[i];
            if (e.node != run.node || e.pod == kNoPod)
                continue;
            if (ctx.is(e, "pod.status.generate"))
                firstStatus.emplace(e.pod, i);
            else if (ctx.is(e, "probe.initial-result") && e.container != kNoString)
                firstProbe.emplace(std::make_pair(e.pod, e.container), i);
        }
        for (const auto &[key, probeIdx] : firstProbe) {
            const auto status = firstStatus.find(key.first);
            if (status == firstStatus.end())
                continue;
            StatusProbeOrder o;
            o.pod = key.first;
            o.container = key.second;
            o.runIndex = r;
            o.statusEvent = status->second;
            o.probeEvent = probeIdx;
            const Event &s = inc.events[o.statusEvent];
            const Event &p = inc.events[o.probeEvent];
            o.delta = p.time - s.time;
            // Equal microseconds: the store's order (file order within one source) decides.
            o.statusFirst = s.time != p.time ? s.time < p.time : o.statusEvent < o.probeEvent;
            // What followed: a ready:false patch and a kill of that container, within seconds.
            const Timestamp first = std::min(s.time, p.time);
            for (std::size_t i = std::min(o.statusEvent, o.probeEvent); i < inc.events.size(); ++i) {
                const Event &e = inc.events[i];
                if ((e.time - first).ns > kConsequenceWindow)
                    break;
                if (e.pod != o.pod)
                    continue;
                if (o.notReadyEvent == kNoEvent && ctx.is(e, "pod.status.patch")) {
                    const std::string_view unready = ctx.field(e, "unreadyContainers");
                    if (text::listContains(unready, ',', inc.text(o.container)) || ctx.field(e, "podReady") == "False")
                        o.notReadyEvent = i;
                }
                if (o.killEvent == kNoEvent && ctx.is(e, "container.kill")
                    && (e.container == kNoString || e.container == o.container))
                    o.killEvent = i;
            }
            facts.orders.push_back(o);
        }
    }
}

} // namespace kubelane::core
