// PLEG health per node: its relists, and its stalls: "PLEG is not healthy" reports and the
// longest reported inactivity against the threshold. Which lines report it, and where their duration and
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
    std::map<StringId, PlegActivity> activity;
    std::map<StringId, std::vector<PlegHealth>> stalls;
    for (const EventIndex i : ctx.eventsOf({relist, plegEvent, unhealthyLine, notReady})) {
        const Event &e = ctx.inc.event(i);
        const StringId node = ctx.inc.nodeOf(e);
        if (node == kNoString)
            continue;
        if (e.type == relist || e.type == plegEvent) {
            activity[node].relists.push_back(i);
            continue;
        }
        const auto inactive = parseGoDuration(ctx.field(e, ctx.keys.duration));
        if (!inactive)
            continue;
        const Timestamp lastActive = e.time - *inactive;
        std::vector<PlegHealth> &ofNode = stalls[node];
        if (ofNode.empty() || lastActive > ofNode.back().lastUnhealthy) { // a relist completed since the last report
            ofNode.emplace_back();
            ofNode.back().node = node;
            ofNode.back().firstUnhealthy = e.time;
            ofNode.back().lastActive = lastActive;
        }
        PlegHealth &h = ofNode.back();
        h.lastActive = std::min(h.lastActive, lastActive);
        h.lastUnhealthy = e.time;
        h.unhealthy.push_back(ctx.indexOf(e));
        h.longestReported = std::max(h.longestReported, *inactive);
        if (auto threshold = parseGoDuration(ctx.field(e, ctx.keys.threshold)))
            h.threshold = *threshold;
    }
    for (auto &[node, ofNode] : stalls)
        for (PlegHealth &h : ofNode) {
            if (h.threshold.ns == 0)
                h.threshold = Duration::fromSeconds(180);
            facts.pleg.push_back(std::move(h));
        }
    for (auto &[node, a] : activity) {
        a.node = node;
        facts.plegActivity.push_back(std::move(a));
    }
}

} // namespace kubelane::core
