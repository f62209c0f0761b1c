#pragma once
// --from/--to without parsing the whole input: each file's lines are in time order, so the
// window's lines are found by a binary search over byte offsets, reading only the time of the
// lines it lands on. A file is read whole instead, and says why, when its lines' times cannot
// be read cheaply, or samples across it go back in time.
//
// Times are compared before the load knows each file's zone and year:
//   - envelopes in UTC (CRI, docker JSON, kubectl --timestamps, klog JSON, journald with an
//     offset) are compared as they are;
//   - local readings without year (klog headers, journald short) as month, day and time of
//     day, over the window widened by every zone the world uses (UTC-12 .. UTC+14), or by the
//     one --tz gives. A window whose widened local range crosses a new year is not sought.
// Either way the window is widened by kSeekSlack more: the zone alignment and clock skew
// correction move a source's times after the parse, and lines a little out of order (threads
// logging at once) must not be cut off.
#include "../model/source.h"
#include "../model/timestamp.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace kubelane::core {

constexpr Duration kSeekSlack{std::int64_t{10} * 60 * kNsPerSecond};

struct TimeWindow {
    std::optional<Timestamp> from, to;
    // The zone local readings are taken to be in while seeking: the one --tz gives, or a guess
    // the load checks once the file's clock is resolved (effectiveUtcOffset), reading the file
    // again when it was wrong. None: any zone (the window widened by a day each way).
    std::optional<int> utcOffsetSeconds;
    bool active() const { return from || to; }
};

// The bytes of a file to parse for a window: its head through the first line with a time (a
// glog preamble, a journal header: the year they state, and the time they take), then
// [begin, end). begin and end are
// line starts; end == size means to the end.
struct SeekRange {
    bool sought = false; // false: parse the whole file (`why` says why, if a window was asked)
    std::size_t headEnd = 0;
    std::size_t begin = 0, end = 0;
    bool localTimes = false; // sought by local readings, taken to be at TimeWindow::utcOffsetSeconds
    std::string why;
};

SeekRange seekTimeWindow(std::string_view bytes, SourceFormat format, const TimeWindow &window);

// The offset east of UTC (seconds) at which the local reading `rawLine` shows (a klog header,
// a journald short prefix) is the event's resolved `time`: what seeking by local readings
// had to assume. None when the line shows no local reading.
std::optional<int> effectiveUtcOffset(std::string_view rawLine, SourceFormat format, Timestamp time);

} // namespace kubelane::core
