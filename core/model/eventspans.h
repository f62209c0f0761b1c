#pragma once
// How long an event is and where its message lies, kept in 6 bytes of the event. Almost every
// event is shorter than 64 KiB, and its message is a slice of its raw bytes a short header in
// (the klog, CRI or journald prefix) that runs to the event's end (klog text) or stops a little
// before it (a klog JSON "msg" before the record's other keys): a 16-bit length and two 16-bit
// distances say all that. The rest (an event of 64 KiB or more; a message decoded into the
// source's arena: docker JSON, CRI partials, exports) is an entry in the source's table, and
// the event holds its index.
#include "event.h"

#include <cstdint>
#include <vector>

namespace kubelane::core {

struct EventSpans {
    std::uint32_t length = 0;        // raw bytes, continuation lines included, no final newline
    std::uint32_t messageOffset = 0; // from the event's first raw byte, or into Source::arena
    std::uint32_t messageLength = 0;
    bool messageInArena = false;
};

// `table`: the event's source's (Source::eventSpans).
inline EventSpans spansOf(const Event &e, const std::vector<EventSpans> &table)
{
    if (e.spansInTable)
        return e.spans < table.size() ? table[e.spans] : EventSpans{};
    const std::uint32_t length = e.shortLength;
    const std::uint32_t head = e.spans & 0xffffu;
    const std::uint32_t tail = e.spans >> 16;
    return {length, head, length >= head + tail ? length - head - tail : 0, false};
}

// Call again whenever the event grows: a span kept in the event counts its tail from the end.
inline void setSpans(Event &e, const EventSpans &s, std::vector<EventSpans> &table)
{
    const std::uint64_t messageEnd = std::uint64_t(s.messageOffset) + s.messageLength;
    // The distances from both ends are within the length, so they fit 16 bits when it does.
    const bool packs = !s.messageInArena && s.length <= 0xffffu && messageEnd <= s.length;
    if (packs && !e.spansInTable) {
        e.shortLength = static_cast<std::uint16_t>(s.length);
        e.spans = s.messageOffset | (static_cast<std::uint32_t>(s.length - messageEnd) << 16);
        return;
    }
    if (e.spansInTable) { // keep its entry: the table holds one per event that needed it
        table[e.spans] = s;
        return;
    }
    e.spansInTable = true;
    e.spans = static_cast<std::uint32_t>(table.size());
    table.push_back(s);
}

} // namespace kubelane::core
