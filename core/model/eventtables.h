#pragma once
// The events of a load between the parse and the time order: each source's own table, in the
// order of its lines. The stages in that window (correlation, clock alignment, the split of
// pods by node) read them table by table, which is the order a store grouped by source gives,
// without the copy that builds one: on the 1 GB bench bundle that copy took 0.45-0.8 s of the
// serial tail, most of it faulting in the new store's pages. The time order then merges the
// tables straight into Incident::events.
#include "event.h"

#include <cstddef>
#include <vector>

namespace kubelane::core {

struct EventTables {
    std::vector<EventStore> bySource; // indexed by SourceId

    template <class Visit> void forEach(Visit &&visit)
    {
        for (auto &table : bySource)
            for (Event &e : table)
                visit(e);
    }
    template <class Visit> void forEach(Visit &&visit) const
    {
        for (const auto &table : bySource)
            for (const Event &e : table)
                visit(e);
    }
    std::size_t eventCount() const
    {
        std::size_t n = 0;
        for (const auto &table : bySource)
            n += table.size();
        return n;
    }
};

} // namespace kubelane::core
