#pragma once
// What the fact detectors and rules look events up by, built in one pass over the store: the
// events of each type, and the first event of each context. Three of four lines of a busy
// bundle are of no known type, and a detector reads a handful of types: walking their events
// instead of the whole store took the facts and rules from about twenty full passes over
// millions of events to one (docs/performance.md, seventh session).
#include "event.h"
#include "eventcontext.h"

#include <initializer_list>
#include <span>
#include <vector>

namespace kubelane::core {

class EventStoreIndex {
public:
    EventStoreIndex() = default;
    // The store must not change order or size while the index is read.
    explicit EventStoreIndex(std::span<const Event> events);

    // Events of a known type (none for kOtherEventType), in store order.
    std::span<const EventIndex> ofType(EventTypeId type) const;
    // The events of any of `types`, in store order (a type named twice counts once).
    std::vector<EventIndex> ofAnyType(std::span<const EventTypeId> types) const;
    std::vector<EventIndex> ofAnyType(std::initializer_list<EventTypeId> types) const
    {
        return ofAnyType(std::span<const EventTypeId>(types.begin(), types.size()));
    }
    // Whether any event has a type marked in `types` (a catalog's flag per type, as nodeLifecycle).
    bool anyMarked(const std::vector<bool> &types) const;

    // The first event with this context, or kNoEvent when no event has it (the events of a
    // context interned while parsing may all be outside --from/--to, or dropped as repeats).
    EventIndex firstOfContext(EventContextId context) const;

private:
    std::vector<std::vector<EventIndex>> m_byType; // [type] -> its events, ascending
    std::vector<EventIndex> m_firstOfContext;
};

} // namespace kubelane::core
