#include "timeseek.h"

#include "../format/envelopes.h"
#include "../format/klogjson.h"
#include "../format/klogline.h"

#include <cstdlib>
#include <limits>

namespace kubelane::core {

namespace {

constexpr int kWestmostZone = -12 * 3600, kEastmostZone = 14 * 3600;
constexpr std::size_t kProbeLines = 64;                    // lines looked at after a probe point for one with a time
constexpr std::size_t kLinearBelow = 64u << 10;            // the search ends by walking the last stretch line by line
constexpr int kSamples = 64;                               // points across the file that must be in time order
constexpr std::int64_t kBackTolerance = 60 * kNsPerSecond; // threads logging at once interleave by less

enum class TimeKind { None, Utc, Local };

struct LineTime {
    TimeKind kind = TimeKind::None;
    std::int64_t key = 0; // UTC ns, or the local reading as ns from the start of its (unknown) year
};

std::int64_t localKey(unsigned month, unsigned day, std::int64_t nsOfDay)
{
    return (std::int64_t(month) * 32 + day) * 86400 * kNsPerSecond + nsOfDay;
}

// The time of one line as the parser of `format` would read its envelope, or None.
LineTime readLineTime(std::string_view line, SourceFormat format)
{
    switch (format) {
    case SourceFormat::CriLog: {
        CriLine c;
        if (parseCriLine(line, c))
            return {TimeKind::Utc, c.utc.ns};
        break;
    }
    case SourceFormat::KubectlTimestamps: {
        TimestampPrefixLine t;
        if (parseTimestampPrefixLine(line, t))
            return {TimeKind::Utc, t.utc.ns};
        break;
    }
    case SourceFormat::DockerJson: {
        DockerJsonLine d;
        std::string decoded;
        if (parseDockerJsonLine(line, d, decoded))
            return {TimeKind::Utc, d.utc.ns};
        break;
    }
    case SourceFormat::KlogJson: {
        FieldList fields;
        KlogJsonRecord r;
        if (!line.empty() && line.front() == '{' && parseKlogJsonRecord(line, r, fields) == KlogJsonStatus::Ok)
            return {TimeKind::Utc, r.utc};
        break;
    }
    case SourceFormat::Journald: {
        JournaldLine j;
        if (!parseJournaldLine(line, j))
            break;
        if (j.utc != 0)
            return {TimeKind::Utc, j.utc};
        if (j.hasZone && j.local.year != 0)
            return {TimeKind::Utc, toUtc(j.local, j.utcOffsetSeconds).ns};
        if (j.local.month != 0)
            return {TimeKind::Local, localKey(j.local.month, j.local.day, j.local.nsOfDay)};
        break;
    }
    case SourceFormat::KlogText: {
        KlogHeader h;
        if (parseKlogHeader(line, h))
            return {TimeKind::Local, localKey(h.month, h.day, h.nsOfDay)};
        break;
    }
    default: break;
    }
    return {};
}

class Seeker {
public:
    Seeker(std::string_view bytes, SourceFormat format) : m_bytes(bytes), m_format(format) { }

    struct TimedLine {
        std::size_t start = 0;
        LineTime time;
    };

    // The first line starting at or after `pos` whose time reads, within kProbeLines lines.
    std::optional<TimedLine> timedLineFrom(std::size_t pos, std::size_t maxLines = kProbeLines) const
    {
        pos = lineStartAtOrAfter(pos);
        for (std::size_t n = 0; pos < m_bytes.size() && n < maxLines; ++n) {
            const std::size_t end = lineEnd(pos);
            std::string_view line = m_bytes.substr(pos, end - pos);
            if (!line.empty() && line.back() == '\r')
                line.remove_suffix(1);
            if (const LineTime t = readLineTime(line, m_format); t.kind != TimeKind::None)
                return TimedLine{pos, t};
            pos = end + 1;
        }
        return std::nullopt;
    }

    // The start of the first timed line whose key is >= target, the file's lines in time order;
    // size() when there is none.
    std::size_t firstAtOrAfter(std::int64_t target) const
    {
        // Invariant: every timed line that starts before `lo` is earlier than target.
        std::size_t lo = 0, hi = m_bytes.size();
        while (hi - lo > kLinearBelow) {
            const std::size_t mid = lo + (hi - lo) / 2;
            const auto t = timedLineFrom(mid);
            if (t && t->start < hi && t->time.key < target)
                lo = t->start + 1;
            else
                hi = mid; // the answer is at or before the timed line found, or past untimed lines: the walk below finds it
        }
        const auto t = timedLineFrom(lo, std::numeric_limits<std::size_t>::max());
        for (auto at = t; at; at = timedLineFrom(at->start + 1, std::numeric_limits<std::size_t>::max()))
            if (at->time.key >= target)
                return at->start;
        return m_bytes.size();
    }

private:
    std::size_t lineStartAtOrAfter(std::size_t pos) const
    {
        if (pos == 0 || pos >= m_bytes.size())
            return std::min(pos, m_bytes.size());
        if (m_bytes[pos - 1] == '\n')
            return pos;
        const std::size_t nl = m_bytes.find('\n', pos);
        return nl == std::string_view::npos ? m_bytes.size() : nl + 1;
    }
    std::size_t lineEnd(std::size_t pos) const
    {
        const std::size_t nl = m_bytes.find('\n', pos);
        return nl == std::string_view::npos ? m_bytes.size() : nl;
    }

    std::string_view m_bytes;
    SourceFormat m_format;
};

SeekRange wholeFile(std::string why)
{
    SeekRange r;
    r.why = std::move(why);
    return r;
}

} // namespace

SeekRange seekTimeWindow(std::string_view bytes, SourceFormat format, const TimeWindow &window)
{
    if (!window.active())
        return {};
    const Seeker seeker(bytes, format);
    // Samples across the file: one kind of time, and in order.
    TimeKind kind = TimeKind::None;
    int timed = 0;
    std::int64_t latest = std::numeric_limits<std::int64_t>::min();
    for (int i = 0; i <= kSamples; ++i) {
        const auto t = seeker.timedLineFrom(bytes.size() * std::size_t(i) / kSamples);
        if (!t)
            continue;
        if (kind != TimeKind::None && t->time.kind != kind)
            return wholeFile("its lines' times are of mixed kinds");
        kind = t->time.kind;
        ++timed;
        if (t->time.key + kBackTolerance < latest)
            return wholeFile("its lines are not in time order");
        latest = std::max(latest, t->time.key);
    }
    if (kind == TimeKind::None || timed * 2 < kSamples)
        return wholeFile("the times of its lines cannot be read cheaply");

    constexpr std::int64_t kMin = std::numeric_limits<std::int64_t>::min(), kMax = std::numeric_limits<std::int64_t>::max();
    std::int64_t low = kMin, high = kMax;
    if (kind == TimeKind::Utc) {
        if (window.from)
            low = window.from->ns - kSeekSlack.ns;
        if (window.to)
            high = window.to->ns + kSeekSlack.ns;
    } else {
        // Local readings: the window as the clocks of every possible zone show it.
        const int west = window.utcOffsetSeconds.value_or(kWestmostZone), east = window.utcOffsetSeconds.value_or(kEastmostZone);
        if (!window.from || !window.to)
            return wholeFile("a local time without year needs both ends of the window");
        const CivilTime first = toCivil(*window.from - kSeekSlack, west), last = toCivil(*window.to + kSeekSlack, east);
        if (first.year != last.year)
            return wholeFile("the window crosses a new year in local time, which its lines do not show");
        low = localKey(first.month, first.day, first.nsOfDay);
        high = localKey(last.month, last.day, last.nsOfDay);
    }

    SeekRange r;
    r.sought = true;
    r.localTimes = kind == TimeKind::Local;
    const auto firstTimed = seeker.timedLineFrom(0, std::numeric_limits<std::size_t>::max());
    // The head runs through the first dated line: lines before it without a time of their
    // own take that line's time, as in a full parse.
    if (firstTimed) {
        const std::size_t nl = bytes.find('\n', firstTimed->start);
        r.headEnd = nl == std::string_view::npos ? bytes.size() : nl + 1;
    } else {
        r.headEnd = bytes.size();
    }
    r.begin = low == kMin ? 0 : seeker.firstAtOrAfter(low);
    r.end = high == kMax ? bytes.size() : seeker.firstAtOrAfter(high == kMax ? high : high + 1);
    if (r.begin <= r.headEnd)
        r.begin = r.headEnd = 0;
    r.end = std::max(r.end, r.begin);
    return r;
}

std::optional<int> effectiveUtcOffset(std::string_view rawLine, SourceFormat format, Timestamp time)
{
    const LineTime t = readLineTime(rawLine.substr(0, rawLine.find('\n')), format);
    if (t.kind != TimeKind::Local)
        return std::nullopt;
    const std::int64_t day = 86400 * kNsPerSecond;
    const unsigned month = static_cast<unsigned>(t.key / day / 32), dayOfMonth = static_cast<unsigned>(t.key / day % 32);
    const std::int64_t nsOfDay = t.key % day;
    // The reading's year is the one that puts it nearest the resolved time.
    const int year = toCivil(time, 0).year;
    std::optional<std::int64_t> best;
    for (int y : {year - 1, year, year + 1}) {
        if (!isValidDate(y, month, dayOfMonth))
            continue;
        const std::int64_t diff = toUtc({y, month, dayOfMonth, nsOfDay}, 0).ns - time.ns;
        if (!best || std::llabs(diff) < std::llabs(*best))
            best = diff;
    }
    if (!best)
        return std::nullopt;
    return static_cast<int>(*best / kNsPerSecond);
}

} // namespace kubelane::core
