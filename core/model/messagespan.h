#pragma once
// Where an event's message lies, kept in 4 bytes of the event. Almost every message is a
// slice of the event's raw bytes a short header in (the klog, CRI or journald prefix) that
// runs to the event's end (klog text) or stops a little before it (a klog JSON "msg" before
// the record's other keys): two 16-bit distances say where. The rest (a message decoded into
// the source's arena: docker JSON, CRI partials, exports; a header or a tail past 64 KiB)
// is an entry in the source's table of spans, and the event holds its index.
#include "event.h"

#include <cstdint>
#include <vector>

namespace kubelane::core {

struct MessageSpan {
    std::uint32_t offset = 0; // from the event's first raw byte, or into Source::arena
    std::uint32_t length = 0;
    bool inArena = false;
};

// `table`: the event's source's (Source::messageSpans).
inline MessageSpan messageSpanOf(const Event &e, const std::vector<MessageSpan> &table)
{
    if (e.messageInTable)
        return e.message < table.size() ? table[e.message] : MessageSpan{};
    const std::uint32_t head = e.message & 0xffffu;
    const std::uint32_t tail = e.message >> 16;
    return {head, e.length >= head + tail ? e.length - head - tail : 0, false};
}

// Call again whenever the event's length changes: a packed span counts its tail from the end.
inline void setMessageSpan(Event &e, const MessageSpan &span, std::vector<MessageSpan> &table)
{
    const std::uint64_t end = std::uint64_t(span.offset) + span.length;
    const bool packs = !span.inArena && span.offset <= 0xffffu && end <= e.length && e.length - end <= 0xffffu;
    if (packs && !e.messageInTable) {
        e.message = span.offset | (static_cast<std::uint32_t>(e.length - end) << 16);
        return;
    }
    if (e.messageInTable) { // keep its entry: the table holds one per event that needed it
        table[e.message] = span;
        return;
    }
    e.messageInTable = true;
    e.message = static_cast<std::uint32_t>(table.size());
    table.push_back(span);
}

} // namespace kubelane::core
