#pragma once
// Puts the merged events in time order: (time, source, offset within the source, which is
// its line order), a total order, so the result does not depend on how the sort gets there.
#include "../model/event.h"

#include <vector>

namespace kubelane::core {

bool happensBefore(const Event &a, const Event &b);

// Merges runs of events (a load's tables, one per source: EventTables::bySource) into one
// store in time order. Each run, nearly in order already, is put in order where it lies
// (through an index, when it is not in order yet), then the runs are merged k-way into the
// new store, each read front to back, while the pages of the runs the merge has passed are
// given back: about one store's worth of memory throughout, where a stable sort of the whole
// store needed a second copy of it (80 bytes an event). Ties keep the order of the runs laid
// end to end. The runs are put in order on up to `threads` threads (0: one per core); the
// result is the same. The runs are left empty.
EventStore timeOrder(std::vector<EventStore> &runs, unsigned threads = 0);

} // namespace kubelane::core
