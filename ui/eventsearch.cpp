#include "eventsearch.h"

#include "lanefilter.h"

#include <re2/re2.h>

#include <algorithm>

namespace kubelane::ui {

EventSearch EventSearch::run(const LaneModel &model, const QString &pattern, QString *error, const std::vector<bool> &hiddenTypes)
{
    EventSearch s;
    if (pattern.trimmed().isEmpty())
        return s;
    const auto re = LaneFilter::compile(pattern, error);
    if (!re)
        return s;
    s.m_pattern = pattern;
    const core::Incident &inc = model.incident();
    s.m_hit.assign(inc.events.size(), false);
    for (std::size_t i = 0; i < inc.events.size(); ++i) {
        // Only events some lane draws: a match the user cannot see would count but never show.
        const core::EventIndex e = core::EventIndex::fromIndex(i);
        const core::EventTypeId type = inc.event(e).type;
        if (model.laneOfEvent(e).valid() && !(type < hiddenTypes.size() && hiddenTypes[type]) && LaneFilter::eventMatches(inc, e, *re)) {
            s.m_hit[i] = true;
            s.m_matches.push_back(e);
        }
    }
    s.m_positions.resize(static_cast<std::size_t>(model.laneCount()));
    if (s.m_matches.empty())
        return s;
    for (const Lane &lane : model.lanes()) {
        auto &positions = s.m_positions[lane.id.index()];
        for (std::size_t i = 0; i < lane.events.size(); ++i)
            if (s.m_hit[lane.events[i].index()])
                positions.push_back(static_cast<std::uint32_t>(i));
    }
    return s;
}

const std::vector<std::uint32_t> &EventSearch::positionsIn(LaneId lane) const
{
    static const std::vector<std::uint32_t> none;
    return lane.valid() && lane.index() < m_positions.size() ? m_positions[lane.index()] : none;
}

core::EventIndex EventSearch::next(core::EventIndex event, core::Timestamp from, const core::Incident &incident) const
{
    if (m_matches.empty())
        return core::kNoEvent;
    auto it = event != core::kNoEvent ? std::upper_bound(m_matches.begin(), m_matches.end(), event)
                                      : std::lower_bound(m_matches.begin(), m_matches.end(), from,
                                                         [&](core::EventIndex e, core::Timestamp t) { return incident.event(e).time < t; });
    return it == m_matches.end() ? m_matches.front() : *it;
}

core::EventIndex EventSearch::previous(core::EventIndex event, core::Timestamp from, const core::Incident &incident) const
{
    if (m_matches.empty())
        return core::kNoEvent;
    auto it = event != core::kNoEvent ? std::lower_bound(m_matches.begin(), m_matches.end(), event)
                                      : std::lower_bound(m_matches.begin(), m_matches.end(), from,
                                                         [&](core::EventIndex e, core::Timestamp t) { return incident.event(e).time < t; });
    return it == m_matches.begin() ? m_matches.back() : *(it - 1);
}

std::size_t EventSearch::rankOf(core::EventIndex event) const
{
    const auto it = std::lower_bound(m_matches.begin(), m_matches.end(), event);
    return it != m_matches.end() && *it == event ? static_cast<std::size_t>(it - m_matches.begin()) + 1 : 0;
}

} // namespace kubelane::ui
