#include "repeatedevents.h"

#include <algorithm>
#include <string_view>
#include <unordered_map>

namespace kubelane::core {

namespace {

// Two events are one line seen twice when they come from two sources and agree on the
// instant, the machine, the node, the component and the text. Lines of one source are never
// merged: a component that logs the same text twice in one instant did so twice. The machine
// keeps apart two control-plane hosts' journals, whose events name no node.
struct LineKey {
    std::uint32_t machine;
    StringId node, component;
    std::string_view message;
    bool operator==(const LineKey &) const = default;
};
struct LineKeyHash {
    std::size_t operator()(const LineKey &k) const
    {
        return std::hash<std::string_view>{}(k.message) ^ (std::size_t(k.node.value()) * 0x9e3779b97f4a7c15ull)
            ^ (std::size_t(k.component.value()) << 1) ^ (std::size_t(k.machine) << 17);
    }
};

// Each source's machine as a small number: sources of one machine share it.
std::vector<std::uint32_t> machinesOfSources(const Incident &inc)
{
    std::unordered_map<std::string_view, std::uint32_t> ids;
    std::vector<std::uint32_t> out;
    out.reserve(inc.sources.size());
    for (const Source &s : inc.sources)
        out.push_back(ids.try_emplace(s.machine(), std::uint32_t(ids.size())).first->second);
    return out;
}

// Groups this small compare every pair: cheaper than hashing, and no table to clear.
constexpr std::size_t kPairwiseGroup = 16;

// The earliest source of each event's line within events[start, end), pair by pair.
void earliestSourcesPairwise(const Incident &inc, const std::vector<std::uint32_t> &machineOf, std::size_t start, std::size_t end,
                             std::vector<SourceId> &earliest)
{
    const EventStore &events = inc.events;
    for (std::size_t i = start; i < end; ++i) {
        const Event &a = events[i];
        SourceId first = a.source;
        for (std::size_t j = start; j < end; ++j) {
            const Event &b = events[j];
            if (b.source < first && machineOf[b.source] == machineOf[a.source] && inc.nodeOf(b) == inc.nodeOf(a)
                && inc.componentOf(b) == inc.componentOf(a) && inc.message(b) == inc.message(a))
                first = b.source;
        }
        earliest[i - start] = first;
    }
}

} // namespace

std::uint64_t dropRepeatedEvents(Incident &inc)
{
    EventStore &events = inc.events;
    std::vector<bool> drop(events.size(), false);
    std::uint64_t dropped = 0;
    // Within one instant, an event repeats the same line of the earliest-read source that has
    // it. Small instants compare pairs; large ones take one pass with a table, not every pair:
    // an instant may hold a hundred thousand events (a dump whose goroutines share its time),
    // read twice.
    std::unordered_map<LineKey, SourceId, LineKeyHash> firstSource;
    std::vector<SourceId *> slotOf; // each event's entry in firstSource: one hash per event
    std::vector<SourceId> earliest;
    const std::vector<std::uint32_t> machineOf = machinesOfSources(inc);
    for (std::size_t start = 0; start < events.size();) {
        std::size_t end = start + 1;
        while (end < events.size() && events[end].time == events[start].time)
            ++end;
        const std::size_t group = end - start;
        if (group > 1) {
            earliest.resize(group);
            if (group <= kPairwiseGroup) {
                earliestSourcesPairwise(inc, machineOf, start, end, earliest);
            } else {
                // clear() walks every bucket: after one huge instant, each later one would pay
                // for its table. A fresh table when the old one is far too big for this group.
                if (firstSource.bucket_count() > 8 * group)
                    firstSource = {};
                else
                    firstSource.clear();
                slotOf.resize(group);
                for (std::size_t i = start; i < end; ++i) {
                    const Event &e = events[i];
                    auto [it, added] =
                        firstSource.try_emplace(LineKey{machineOf[e.source], inc.nodeOf(e), inc.componentOf(e), inc.message(e)}, e.source);
                    if (!added)
                        it->second = std::min(it->second, SourceId(e.source));
                    slotOf[i - start] = &it->second; // element addresses survive rehashing
                }
                for (std::size_t k = 0; k < group; ++k)
                    earliest[k] = *slotOf[k];
            }
            for (std::size_t i = start; i < end; ++i)
                if (earliest[i - start] < events[i].source) {
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
