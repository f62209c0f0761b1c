#include "plegstalls.h"

#include <algorithm>

namespace kubelane::core {

std::vector<PlegStalls> plegStallsTogether(const std::vector<PlegHealth> &stalls)
{
    std::vector<PlegStalls> out;
    for (const PlegHealth &h : stalls) { // by node, in time order
        PlegStalls *last = out.empty() ? nullptr : &out.back();
        // A stall before any relist is a new kubelet's: never a flap of the stall before it.
        if (last && last->merged.node == h.node && !h.neverRelisted
            && h.lastActive - last->merged.lastUnhealthy <= last->merged.threshold) {
            PlegHealth &m = last->merged;
            m.unhealthy.insert(m.unhealthy.end(), h.unhealthy.begin(), h.unhealthy.end());
            m.longestReported = std::max(m.longestReported, h.longestReported);
            m.threshold = h.threshold;
            m.lastUnhealthy = h.lastUnhealthy;
            ++last->stalls;
        } else {
            out.push_back({h, 1});
        }
    }
    return out;
}

} // namespace kubelane::core
