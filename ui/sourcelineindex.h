#pragma once
// Which event a line of a source file belongs to: per source, the events in line (offset) order,
// built on first use (a file is read by many goroutines, so its events are not in line
// order in the time-sorted store). The log view maps a clicked line to its event with it,
// the dump panel a goroutine's first line.
#include "core/facts/facts.h"
#include "core/model/incident.h"

#include <cstdint>
#include <memory>
#include <vector>

namespace kubelane::ui {

class SourceLineIndex {
public:
    void reset(std::shared_ptr<const core::Incident> incident);

    // The event whose lines include `line` of `source`, or kNoEvent.
    core::EventIndex eventAt(core::SourceId source, std::uint32_t line);
    // The last event beginning at or before `line` of `source` (whether or not its lines
    // reach it), or kNoEvent.
    core::EventIndex eventAtOrBefore(core::SourceId source, std::uint32_t line);

private:
    const std::vector<core::EventIndex> &eventsOf(core::SourceId source);

    std::shared_ptr<const core::Incident> m_incident;
    std::vector<std::vector<core::EventIndex>> m_byLine; // per source, built on first use
    std::vector<bool> m_built;
};

} // namespace kubelane::ui
