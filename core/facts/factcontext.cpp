#include "factcontext.h"

#include "../classify/eventtypecatalog.h"
#include "../format/envelopes.h"

#include <algorithm>

namespace kubelane::core {

const CodeTypes &codeTypesOf(const Incident &inc)
{
    if (!inc.eventTypes)
        throw LoadError("no event-type table (events.json) was loaded: the analysis reads event types");
    try {
        return inc.eventTypes->codeTypes();
    } catch (const std::runtime_error &e) {
        throw LoadError(e.what());
    }
}

FactContext::FactContext(const Incident &incident, const EventStoreIndex &eventIndex)
    : inc(incident), index(eventIndex), types(codeTypesOf(incident)), keys(resolveFieldKeys(incident.strings))
{
    for (const Source &s : inc.sources) {
        if (s.eventCount == 0)
            continue;
        Timestamp &until = m_observedUntil[{s.component, s.node}];
        until = std::max(until, s.last);
    }
}

std::vector<PrintedTaint> FactContext::taintsOn(const Event &e) const
{
    return parsePrintedTaints(field(e, keys.taints));
}

std::optional<Timestamp> FactContext::unknownBeforeCounting(const Event &e) const
{
    const auto counted = parseGoDuration(field(e, keys.duration));
    if (!counted || field(e, keys.conditionStatus) != "Unknown")
        return std::nullopt;
    const auto since = printedTimeOnLineClock(e, keys.lastTransition);
    return since && *since < e.time - *counted ? since : std::nullopt;
}

std::optional<Timestamp> FactContext::printedTimeOnLineClock(const Event &e, StringId key) const
{
    const std::string_view stamp = field(e, key);
    int printedOffset = 0;
    const auto printed = parseGoTime(stamp, &printedOffset);
    if (!printed)
        return std::nullopt;
    // A stamp in its zone is read on the file's clock (its zone may be assumed, and wrong); one
    // in UTC ("Z") is JSON's (metav1.Time marshals so), on a line whose own time is absolute too.
    // Either moves as the file's lines did when the clocks were aligned.
    const ClockInfo &clock = inc.sources[e.source].clock;
    if (stamp.ends_with('Z'))
        return *printed + clock.skew;
    return *printed + Duration::fromSeconds(printedOffset - clock.utcOffsetSeconds) + clock.skew;
}

bool FactContext::namesTaint(const Event &e, std::string_view key) const
{
    const auto taints = taintsOn(e);
    return std::any_of(taints.begin(), taints.end(), [&](const PrintedTaint &t) { return t.key == key; });
}

std::vector<EventIndex> FactContext::firstLineOnEachNode(StringId component) const
{
    if (component == kNoString) // no line names it: not the lines that name no component
        return {};
    std::map<StringId, EventIndex> first;
    for (std::size_t i = 0; i < inc.contexts.size(); ++i) {
        const EventContextId id = EventContextId::fromIndex(i);
        const EventContext &c = inc.contexts[id];
        const EventIndex e = index.firstOfContext(id);
        if (c.node == kNoString || e == kNoEvent || inc.origins[c.origin].component != component)
            continue;
        const auto [it, added] = first.try_emplace(c.node, e);
        it->second = std::min(it->second, e);
    }
    std::vector<EventIndex> lines;
    for (const auto &[node, e] : first)
        lines.push_back(e);
    std::sort(lines.begin(), lines.end());
    return lines;
}

Timestamp FactContext::observedUntil(const Event &e) const
{
    const Source &s = inc.sources[e.source];
    const auto it = m_observedUntil.find({s.component, s.node});
    return it == m_observedUntil.end() ? s.last : it->second;
}

bool FactContext::reportSays(const Event &e, std::string_view words) const
{
    return inc.message(e).find(words) != std::string_view::npos || field(e, keys.error).find(words) != std::string_view::npos;
}

std::uint64_t FactContext::processIdOf(const Event &e) const
{
    const std::uint64_t pid = processIdOnLine(inc.rawText(e));
    if (const Source &s = inc.sources[e.source]; s.bytes)
        s.bytes->releaseAllPages();
    return pid;
}

Timestamp FactContext::kubeletObservedUntil(StringId node) const
{
    const auto it = m_observedUntil.find({"kubelet", std::string(inc.text(node))});
    return it == m_observedUntil.end() ? Timestamp{} : it->second;
}

} // namespace kubelane::core
