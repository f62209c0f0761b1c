#pragma once
// Puts the merged events in time order: (time, source, offset within the source, which is
// its line order), a total order, so the result does not depend on how the sort gets there.
#include "../model/event.h"

#include <vector>

namespace kubelane::core {

bool happensBefore(const Event &a, const Event &b);

// `events` come grouped by source, each source nearly in order already. Each source's run is
// put in order where it lies (through an index, when it is not in order yet), then the runs
// are merged k-way into a new store, each read front to back, while the pages of the old one
// the merge has passed are given back: about one store's worth of memory throughout, where a
// stable sort of the whole store needed a second copy of it (80 bytes an event). The runs are
// put in order on up to `threads` threads (0: one per core); the result is the same.
void sortByTime(std::vector<Event> &events, unsigned threads = 0);

} // namespace kubelane::core
