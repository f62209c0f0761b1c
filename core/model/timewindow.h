#pragma once
// Windows around a stretch of time, shared by the timeline (zooming to a range) and by the
// exports and reopen commands (framing a finding with some context).
#include "timestamp.h"

#include <cstdint>
#include <utility>

namespace kubelane::core {

// [from, to] padded by `fraction` of its length on each side and at least `minimum` long.
inline std::pair<Timestamp, Timestamp> paddedWindow(Timestamp from, Timestamp to, double fraction, Duration minimum)
{
    if (to < from)
        std::swap(from, to);
    const std::int64_t span = (to - from).ns;
    std::int64_t pad = static_cast<std::int64_t>(static_cast<double>(span) * fraction);
    if (span + 2 * pad < minimum.ns)
        pad = (minimum.ns - span + 1) / 2;
    return {from - Duration{pad}, to + Duration{pad}};
}

// A whole bundle in view: 1 % of its span on each side, at least 1 s.
inline std::pair<Timestamp, Timestamp> wholeWindow(Timestamp first, Timestamp last)
{
    return paddedWindow(first, last, 0.01, Duration{kNsPerSecond});
}

// Context kept around framed findings: 15 % of their span on each side, the whole at least 10 s.
inline std::pair<Timestamp, Timestamp> framedWindow(Timestamp start, Timestamp end)
{
    return paddedWindow(start, end, 0.15, Duration{10 * kNsPerSecond});
}

} // namespace kubelane::core
