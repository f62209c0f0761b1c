#include "eventstoreindex.h"

#include <algorithm>

namespace kubelane::core {

EventStoreIndex::EventStoreIndex(std::span<const Event> events)
{
    for (std::size_t i = 0; i < events.size(); ++i) {
        const Event &e = events[i];
        const EventIndex index = EventIndex::fromIndex(i);
        if (e.context.index() >= m_firstOfContext.size())
            m_firstOfContext.resize(e.context.index() + 1u, kNoEvent);
        if (m_firstOfContext[e.context.index()] == kNoEvent)
            m_firstOfContext[e.context.index()] = index;
        if (e.type == kOtherEventType)
            continue;
        if (e.type >= m_byType.size())
            m_byType.resize(e.type + 1u);
        m_byType[e.type].push_back(index);
    }
}

std::span<const EventIndex> EventStoreIndex::ofType(EventTypeId type) const
{
    if (type == kOtherEventType || type >= m_byType.size())
        return {};
    return m_byType[type];
}

std::vector<EventIndex> EventStoreIndex::ofAnyType(std::span<const EventTypeId> types) const
{
    // A merge of a few ascending lists: each pick takes the smallest head.
    std::vector<std::span<const EventIndex>> lists;
    std::size_t total = 0;
    for (const EventTypeId type : types) {
        const std::span<const EventIndex> list = ofType(type);
        const bool named = std::any_of(lists.begin(), lists.end(), [&](const auto &l) { return l.data() == list.data(); });
        if (!list.empty() && !named) {
            lists.push_back(list);
            total += list.size();
        }
    }
    std::vector<EventIndex> out;
    out.reserve(total);
    while (lists.size() > 1) {
        std::size_t least = 0;
        for (std::size_t l = 1; l < lists.size(); ++l)
            if (lists[l].front() < lists[least].front())
                least = l;
        out.push_back(lists[least].front());
        lists[least] = lists[least].subspan(1);
        if (lists[least].empty())
            lists.erase(lists.begin() + static_cast<std::ptrdiff_t>(least));
    }
    if (!lists.empty())
        out.insert(out.end(), lists.front().begin(), lists.front().end());
    return out;
}

bool EventStoreIndex::anyMarked(const std::vector<bool> &types) const
{
    for (std::size_t type = 1; type < types.size() && type < m_byType.size(); ++type)
        if (types[type] && !m_byType[type].empty())
            return true;
    return false;
}

EventIndex EventStoreIndex::firstOfContext(EventContextId context) const
{
    return context.index() < m_firstOfContext.size() ? m_firstOfContext[context.index()] : kNoEvent;
}

} // namespace kubelane::core
