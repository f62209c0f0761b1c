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

const std::vector<core::EventIndex> &SourceLineIndex::eventsOf(core::SourceId source)
{
    auto &list = m_byLine[source];
    if (!m_built[source]) {
        m_built[source] = true;
        const core::Incident &inc = *m_incident;
        for (std::size_t i = 0; i < inc.events.size(); ++i)
            if (inc.events[i].source == source)
                list.push_back(core::EventIndex::fromIndex(i));
        std::stable_sort(list.begin(), list.end(),
                         [&](core::EventIndex a, core::EventIndex b) { return inc.event(a).offset < inc.event(b).offset; });
    }
    return list;
}

core::EventIndex SourceLineIndex::eventAtOrBefore(core::SourceId source, std::uint32_t line)
{
    if (!m_incident || source >= m_byLine.size())
        return core::kNoEvent;
    const auto &list = eventsOf(source);
    // The last event that starts before the next line does.
    const core::Source &s = m_incident->sources[source];
    const std::uint64_t nextLine = s.lineIndex.offsetOf(s.bytes ? s.bytes->view() : std::string_view(), line + 1);
    auto it = std::partition_point(list.begin(), list.end(), [&](core::EventIndex e) { return m_incident->event(e).offset < nextLine; });
    return it == list.begin() ? core::kNoEvent : *std::prev(it);
}

core::EventIndex SourceLineIndex::eventAt(core::SourceId source, std::uint32_t line)
{
    const core::EventIndex index = eventAtOrBefore(source, line);
    if (index == core::kNoEvent)
        return index;
    const core::Event &e = m_incident->event(index);
    return line < m_incident->lineOf(e) + m_incident->lineCountOf(e) ? index : core::kNoEvent;
}

} // namespace kubelane::ui
