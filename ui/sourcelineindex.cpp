#include "sourcelineindex.h"

#include <algorithm>

namespace kubelane::ui {

void SourceLineIndex::reset(std::shared_ptr<const core::Incident> incident)
{
    m_incident = std::move(incident);
    m_byLine.clear();
    m_built.clear();
    if (m_incident) {
        m_byLine.resize(m_incident->sources.size());
        m_built.resize(m_incident->sources.size(), false);
    }
}

const std::vector<std::uint32_t> &SourceLineIndex::eventsOf(core::SourceId source)
{
    auto &list = m_byLine[source];
    if (!m_built[source]) {
        m_built[source] = true;
        const auto &events = m_incident->events;
        for (std::size_t i = 0; i < events.size(); ++i)
            if (events[i].source == source)
                list.push_back(static_cast<std::uint32_t>(i));
        std::stable_sort(list.begin(), list.end(), [&](std::uint32_t a, std::uint32_t b) { return events[a].line < events[b].line; });
    }
    return list;
}

std::size_t SourceLineIndex::eventAtOrBefore(core::SourceId source, std::uint32_t line)
{
    if (!m_incident || source >= m_byLine.size())
        return core::kNoEvent;
    const auto &list = eventsOf(source);
    const auto &events = m_incident->events;
    auto it = std::upper_bound(list.begin(), list.end(), line, [&](std::uint32_t l, std::uint32_t e) { return l < events[e].line; });
    return it == list.begin() ? core::kNoEvent : *std::prev(it);
}

std::size_t SourceLineIndex::eventAt(core::SourceId source, std::uint32_t line)
{
    const std::size_t index = eventAtOrBefore(source, line);
    if (index == core::kNoEvent)
        return index;
    const core::Event &e = m_incident->events[index];
    return line < e.line + std::max<std::uint32_t>(1, e.lineCount) ? index : core::kNoEvent;
}

} // namespace kubelane::ui
