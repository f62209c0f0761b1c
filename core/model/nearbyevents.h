#pragma once
// What a rule asks around one line: what came just before it or just after it. The store is in
// time order, so the answer is a short walk from the line's index, bounded in time and in count.
#include "incident.h"

#include <cstddef>

namespace kubelane::core {

enum class Toward { Earlier, Later };

// How many events a walk looks at before it gives up: a burst of lines at one moment (a few
// hundred thousand in a bundle of a busy cluster) must not turn one question into a scan.
constexpr std::size_t kNearbyWalkLimit = 200000;

// The nearest event to `from` (not `from` itself), walking toward earlier or later times, that
// `wanted` accepts; kNoEvent when none does before the walk passes `bound` (an event strictly
// beyond it, in the walk's direction, ends it) or looks at kNearbyWalkLimit events.
template <class Wanted> EventIndex nearestWhere(const Incident &inc, EventIndex from, Toward toward, Timestamp bound, Wanted &&wanted)
{
    const std::size_t count = inc.events.size();
    std::size_t k = from.index();
    for (std::size_t looked = 0; looked < kNearbyWalkLimit; ++looked) {
        if (toward == Toward::Later ? ++k >= count : k-- == 0)
            break;
        const Event &e = inc.events[k];
        if (toward == Toward::Later ? e.time > bound : e.time < bound)
            break;
        if (wanted(e))
            return EventIndex::fromIndex(k);
    }
    return kNoEvent;
}

} // namespace kubelane::core
