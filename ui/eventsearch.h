#pragma once
// The search box's result: every event whose message or type matches, for highlighting in
// all lanes (the filter decides which lanes show; the search never hides anything) and for
// stepping from match to match in time order.
#include "lanemodel.h"

#include <QString>

#include <cstdint>
#include <vector>

namespace kubelane::ui {

class EventSearch {
public:
    EventSearch() = default;
    // Matches `pattern` (case-insensitive RE2) over the model's events, leaving out those of
    // `hiddenTypes` (the kinds the legend hides: a match must be a mark one can see); on a bad
    // pattern the result is empty and `error` says why.
    static EventSearch run(const LaneModel &model, const QString &pattern, QString *error = nullptr,
                           const std::vector<bool> &hiddenTypes = {});

    bool isEmpty() const { return m_matches.empty(); }
    bool isActive() const { return !m_pattern.isEmpty(); }
    std::size_t count() const { return m_matches.size(); }
    bool matches(core::EventIndex event) const { return event.index() < m_hit.size() && m_hit[event.index()]; }
    // Positions into lane.events of the lane's matching events (groups include their
    // descendants' matches, as a collapsed group shows their marks).
    const std::vector<std::uint32_t> &positionsIn(LaneId lane) const;

    // The match after / before `event` in time (wrapping), or kNoEvent when there is none.
    // From kNoEvent: the first match at or after `from`, or the last one before it.
    core::EventIndex next(core::EventIndex event, core::Timestamp from, const core::Incident &incident) const;
    core::EventIndex previous(core::EventIndex event, core::Timestamp from, const core::Incident &incident) const;
    // 1-based rank of `event` among the matches, or 0.
    std::size_t rankOf(core::EventIndex event) const;

private:
    QString m_pattern;
    std::vector<core::EventIndex> m_matches;
    std::vector<bool> m_hit;
    std::vector<std::vector<std::uint32_t>> m_positions; // by lane index
};

} // namespace kubelane::ui
