#pragma once
// Puts the merged events in time order: (time, source, line), a total order, so the result
// does not depend on how the sort gets there.
#include "../model/event.h"

#include <vector>

namespace kubelane::core {

bool happensBefore(const Event &a, const Event &b);

// `events` come grouped by source, each source nearly in order already. Each source's run is
// ordered through an index and the runs are merged k-way, then the events are moved into
// place: 4 bytes an event of extra memory, where a stable sort of the whole store needed a
// second copy of it (80 bytes an event).
void sortByTime(std::vector<Event> &events);

} // namespace kubelane::core
