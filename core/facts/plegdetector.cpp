// PLEG health per node: relists, "PLEG is not healthy" reports and the longest reported
// inactivity against the threshold.
#include "factcontext.h"

#include <map>

namespace kubelane::core {

void detectPlegHealth(const FactContext &ctx, Facts &facts)
{
    std::map<StringId, PlegHealth> byNode;
    for (const Event &e : ctx.inc.events) {
        if (e.node == kNoString)
            continue;
        const std::string_view type = ctx.inc.typeName(e);
        if (type == "pleg.relist" || type == "syncloop.pleg") {
            byNode[e.node].relists.push_back(ctx.indexOf(e));
            continue;
        }
        const std::string_view message = ctx.inc.message(e);
        const bool unhealthy = type == "pleg.unhealthy"
            || ((type == "kubelet.sync.skipped" || type == "node.status.not-ready" || type == "runtime.down")
                && (message.find("PLEG is not healthy") != std::string_view::npos
                    || ctx.field(e, "error").find("PLEG is not healthy") != std::string_view::npos
                    || ctx.field(e, "message").find("PLEG is not healthy") != std::string_view::npos));
        if (!unhealthy)
            continue;
        // "pleg has yet to be successful" at start-up is not a hang.
        bool startingUp = false;
        for (std::string_view src : {message, ctx.field(e, "error"), ctx.field(e, "message")})
            startingUp = startingUp || src.find("yet to be successful") != std::string_view::npos
                || src.find("not yet been successful") != std::string_view::npos;
        // Before the first relist kubelet reports the zero time: "2562047h47m16.85s ago".
        startingUp = startingUp || message.find("2562047h") != std::string_view::npos
            || ctx.field(e, "error").find("2562047h") != std::string_view::npos
            || ctx.field(e, "duration").find("2562047h") != std::string_view::npos;
        if (startingUp)
            continue;
        PlegHealth &h = byNode[e.node];
        h.node = e.node;
        if (h.unhealthy.empty())
            h.firstUnhealthy = e.time;
        h.lastUnhealthy = e.time;
        h.unhealthy.push_back(ctx.indexOf(e));
        // Duration: a field, or "last seen active 3m0.93s ago; threshold is 3m0s" in any text.
        std::string_view text = ctx.field(e, "duration");
        std::string_view threshold = ctx.field(e, "threshold");
        std::string_view all = message;
        if (text.empty()) {
            for (std::string_view src : {message, ctx.field(e, "error"), ctx.field(e, "message")}) {
                const size_t a = src.find("last seen active ");
                if (a == std::string_view::npos)
                    continue;
                const size_t b = src.find(" ago", a);
                text = src.substr(a + 17, b == std::string_view::npos ? 0 : b - a - 17);
                all = src;
                break;
            }
        }
        if (threshold.empty())
            if (const size_t t = all.find("threshold is "); t != std::string_view::npos) {
                size_t e2 = t + 13;
                while (e2 < all.size() && all[e2] != ']' && all[e2] != ',' && all[e2] != ' ' && all[e2] != '"')
                    ++e2;
                threshold = all.substr(t + 13, e2 - t - 13);
            }
        if (auto d = parseGoDuration(text); d && *d > h.longestReported)
            h.longestReported = *d;
        if (auto d = parseGoDuration(threshold))
            h.threshold = *d;
    }
    for (auto &[node, h] : byNode) {
        h.node = node;
        if (h.threshold.ns == 0)
            h.threshold = Duration::fromSeconds(180);
        facts.pleg.push_back(std::move(h));
    }
}

} // namespace kubelane::core
