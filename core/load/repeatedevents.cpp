#include "repeatedevents.h"

#include <algorithm>

namespace kubelane::core {

namespace {

// Two events are one line seen twice when they come from two sources and agree on the
// instant, the host, the component and the text. Lines of one source are never merged:
// a component that logs the same text twice in one instant did so twice.
bool sameLine(const Incident &inc, const Event &a, const Event &b)
{
    return a.source != b.source && a.node == b.node && a.component == b.component && a.messageLength == b.messageLength
        && inc.message(a) == inc.message(b);
}

} // namespace

std::uint64_t dropRepeatedEvents(Incident &inc)
{
    std::vector<Event> &events = inc.events;
    std::vector<bool> drop(events.size(), false);
    std::uint64_t dropped = 0;
    for (std::size_t start = 0; start < events.size();) {
        std::size_t end = start + 1;
        while (end < events.size() && events[end].time == events[start].time)
            ++end;
        // Within one instant, an event repeats one of an earlier-read source.
        for (std::size_t i = start; i < end; ++i)
            for (std::size_t j = start; j < end && !drop[i]; ++j)
                if (!drop[j] && events[j].source < events[i].source && sameLine(inc, events[j], events[i])) {
                    drop[i] = true;
                    ++dropped;
                    ++inc.sources[events[i].source].repeatedEvents;
                }
        start = end;
    }
    if (dropped == 0)
        return 0;
    std::size_t k = 0;
    std::erase_if(events, [&](const Event &) { return drop[k++]; });
    return dropped;
}

} // namespace kubelane::core
