#include "repeatedevents.h"

#include <algorithm>
#include <string_view>
#include <unordered_map>

namespace kubelane::core {

namespace {

// Two events are one line seen twice when they come from two sources and agree on the
// instant, the host, the component and the text. Lines of one source are never merged:
// a component that logs the same text twice in one instant did so twice.
struct LineKey {
    StringId node, component;
    std::string_view message;
    bool operator==(const LineKey &) const = default;
};
struct LineKeyHash {
    std::size_t operator()(const LineKey &k) const
    {
        return std::hash<std::string_view>{}(k.message) ^ (std::size_t(k.node) * 0x9e3779b97f4a7c15ull) ^ (std::size_t(k.component) << 1);
    }
};

} // namespace

std::uint64_t dropRepeatedEvents(Incident &inc)
{
    std::vector<Event> &events = inc.events;
    std::vector<bool> drop(events.size(), false);
    std::uint64_t dropped = 0;
    // Within one instant, an event repeats the same line of the earliest-read source that has
    // it. One pass per instant with a table, not every pair: an instant may hold a hundred
    // thousand events (a dump whose goroutines share its time), read twice.
    std::unordered_map<LineKey, SourceId, LineKeyHash> firstSource;
    for (std::size_t start = 0; start < events.size();) {
        std::size_t end = start + 1;
        while (end < events.size() && events[end].time == events[start].time)
            ++end;
        if (end - start > 1) {
            firstSource.clear();
            auto keyOf = [&](const Event &e) { return LineKey{e.node, e.component, inc.message(e)}; };
            for (std::size_t i = start; i < end; ++i) {
                auto [it, added] = firstSource.try_emplace(keyOf(events[i]), events[i].source);
                if (!added)
                    it->second = std::min(it->second, events[i].source);
            }
            for (std::size_t i = start; i < end; ++i)
                if (firstSource.at(keyOf(events[i])) < events[i].source) {
                    drop[i] = true;
                    ++dropped;
                    ++inc.sources[events[i].source].repeatedEvents;
                }
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
