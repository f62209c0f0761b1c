// PLEG health per node: relists, "PLEG is not healthy" reports and the longest reported
// inactivity against the threshold. Which lines report it, and where their duration and
// threshold are, is data (resources/events.json): pleg.unhealthy lines, and the node Ready
// condition (node.status.not-ready) when its message carried the PLEG text. Before its first
// relist the kubelet measures from the zero time and prints Go's largest duration
// ("2562047h47m16.854775807s ago"): start-up, not a hang. The patterns match that text without
// capturing a duration, so such a line counts for nothing here.
#include "factcontext.h"

#include <map>

namespace kubelane::core {

void detectPlegHealth(const FactContext &ctx, Facts &facts)
{
    const EventTypeId relist = ctx.types.plegRelist, plegEvent = ctx.types.syncLoopPleg;
    const EventTypeId unhealthyLine = ctx.types.plegUnhealthy, notReady = ctx.types.nodeNotReady;
    std::map<StringId, PlegHealth> byNode;
    for (const EventIndex i : ctx.eventsOf({relist, plegEvent, unhealthyLine, notReady})) {
        const Event &e = ctx.inc.event(i);
        if (ctx.inc.nodeOf(e) == kNoString)
            continue;
        if (e.type == relist || e.type == plegEvent) {
            byNode[ctx.inc.nodeOf(e)].relists.push_back(i);
            continue;
        }
        const auto inactive = parseGoDuration(ctx.field(e, ctx.keys.duration));
        if (!inactive)
            continue;
        PlegHealth &h = byNode[ctx.inc.nodeOf(e)];
        if (h.unhealthy.empty() || e.time - *inactive < h.lastActive)
            h.lastActive = e.time - *inactive;
        if (h.unhealthy.empty())
            h.firstUnhealthy = e.time;
        h.lastUnhealthy = e.time;
        h.unhealthy.push_back(ctx.indexOf(e));
        h.longestReported = std::max(h.longestReported, *inactive);
        if (auto threshold = parseGoDuration(ctx.field(e, ctx.keys.threshold)))
            h.threshold = *threshold;
    }
    for (auto &[node, h] : byNode) {
        h.node = node;
        if (h.threshold.ns == 0)
            h.threshold = Duration::fromSeconds(180);
        facts.pleg.push_back(std::move(h));
    }
}

} // namespace kubelane::core
