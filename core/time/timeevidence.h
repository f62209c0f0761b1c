#pragma once
// Evidence for the year and the UTC offset of a source whose lines carry neither (raw klog).
// A kubelet line printed at 10:42:26 local that contains "lastTransitionTime":"2020-03-12T02:42:26Z"
// shows +08:00 and the year 2020; "2020-03-12 10:42:26 +0800 CST" shows both directly.
#include "../model/timestamp.h"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace kubelane::core {

// The wall-clock reading of one event, before its year and zone are known.
struct PendingTime {
    // More New Years in one file than this are a file of garbage dates: the count stops here,
    // so that it fits StoredTime (and a corrupt file cannot wrap it to a small one).
    static constexpr std::uint16_t kMaxRollovers = 127;

    std::int64_t nsOfDay = 0;
    std::int64_t reference = 0;      // exact UTC ns from an envelope, 0 = none
    std::uint16_t rollovers = 0;     // Dec -> Jan turns seen before this line in its file
    std::uint8_t month = 0, day = 0; // day 0: the day before the 1st of `month` (shiftedReading)
    bool exact = false;              // the event's time is `reference` as is
};

// A PendingTime as a file's parse keeps it for each event, in 8 bytes rather than 24: the
// reference waits in the event's own time (Event::time), which is unused until the merge, and
// the rest is packed into one word. A time of day is below 2^47 ns (39 hours;
// a leap second reads 86400.x s), a count of New Years at most PendingTime::kMaxRollovers.
// The word is packed by hand, not in bit-fields: a bit-field store reads the word first, and
// on a page of the vector's fresh capacity that read maps the zero page, which the write then
// copies, with a TLB flush on every core running the load (4 % of the load's samples).
class StoredTime {
public:
    static StoredTime of(const PendingTime &t)
    {
        StoredTime s;
        s.m_word = (static_cast<std::uint64_t>(t.nsOfDay) & kNsMask) | (std::uint64_t(t.month & kMonthMask) << kMonthShift)
            | (std::uint64_t(t.day & kDayMask) << kDayShift) | (std::uint64_t(t.exact) << kExactShift)
            | (std::uint64_t(t.rollovers & kRolloversMask) << kRolloversShift);
        return s;
    }
    std::uint8_t month() const { return static_cast<std::uint8_t>((m_word >> kMonthShift) & kMonthMask); }
    std::uint8_t day() const { return static_cast<std::uint8_t>((m_word >> kDayShift) & kDayMask); }
    bool exact() const { return (m_word >> kExactShift) & 1u; }
    std::uint16_t rollovers() const { return static_cast<std::uint16_t>((m_word >> kRolloversShift) & kRolloversMask); }
    PendingTime with(Timestamp reference) const
    {
        return {static_cast<std::int64_t>(m_word & kNsMask), reference.ns, rollovers(), month(), day(), exact()};
    }

private:
    static constexpr std::uint64_t kNsMask = (std::uint64_t(1) << 47) - 1;
    static constexpr unsigned kMonthMask = 0xf, kDayMask = 0x1f, kRolloversMask = 0x7f;
    static constexpr int kMonthShift = 47, kDayShift = 51, kExactShift = 56, kRolloversShift = 57;
    static_assert(PendingTime::kMaxRollovers <= kRolloversMask, "every count of New Years fits");
    std::uint64_t m_word = 0;
};
static_assert(sizeof(StoredTime) == 8, "one per event: keep it small");

struct ClockVote {
    int utcOffsetSeconds = 0;
    int yearAtRollover0 = 0; // the year of the file's first stretch (rollovers subtracted)
    std::uint32_t line = 0;
    std::string example; // the stamp text, for the report
    bool fromEnvelope = false;
    // The zone is stated, not guessed: an envelope's UTC next to the header's local reading, or
    // a stamp with its own offset ("+0800 CST"). A "Z" stamp that happens to sit a whole
    // number of hours from the line is only a guess.
    bool explicitZone = false;
};

// A date in a message within days of the line's own date, whose time says nothing of the
// zone (another moment: a trace's start, a heartbeat, "active since"): evidence of the year only.
struct YearVote {
    int yearAtRollover0 = 0;
    std::uint32_t line = 0;
    std::string example;
};

// Collects votes; the winning offset/year and a sentence of evidence come out of tally().
class ClockEvidence {
public:
    void add(ClockVote vote);
    void addYear(YearVote vote);
    bool yearsFull() const { return m_yearVotes.size() >= kMaxVotes; }
    bool empty() const { return m_votes.empty(); }
    std::size_t size() const { return m_votes.size(); }
    bool full() const { return m_votes.size() >= kMaxVotes; }

    struct Verdict {
        bool haveOffset = false;
        int utcOffsetSeconds = 0;
        bool explicitZone = false; // some vote for the winning offset stated its zone
        // Some vote for the winning offset paired a line's header with its envelope's UTC
        // time: a measure of the header's own clock, which no statement about the host beats.
        bool fromEnvelope = false;
        bool haveYear = false;
        int yearAtRollover0 = 0;
        std::string offsetEvidence, yearEvidence;
        // From dates near the lines' own (YearVote), when no vote above gives the year.
        bool haveStampYear = false;
        int stampYearAtRollover0 = 0;
        std::string stampYearEvidence;
    };
    Verdict tally() const;

private:
    static constexpr std::size_t kMaxVotes = 512;
    std::vector<ClockVote> m_votes;
    std::vector<YearVote> m_yearVotes;
};

// Scans a message for date-times near the line's own clock reading and adds votes, and for
// dates within days of the line's own date ("2020-12-02 20:45:03", Go's trace "27-Jan-2021
// 09:18:21.555"), which add year votes. `local` has month, day and nsOfDay of the line (year
// unknown).
void scanMessageForClockEvidence(std::string_view message, const PendingTime &local, std::uint32_t line, ClockEvidence &evidence);

// A date on a line that is no log line, just above a log line ("Active: active (running) since
// Wed 2019-02-27 15:27:23 CST" over the unit's journal lines, a log viewer's "2026-01-25
// 10:10:06.782" over each line it copied): the first "YYYY-MM-DD" of `text`, or nothing.
struct DateAbove {
    int year = 0, month = 0, day = 0;
    std::string stamp;
};
std::optional<DateAbove> findDateAbove(std::string_view text);
// A year vote for the line read at `local` when `date` lies within days of it.
void voteYearOfDateAbove(const DateAbove &date, const PendingTime &local, std::uint32_t line, ClockEvidence &evidence);

// Vote from an envelope's exact UTC and the klog header's local reading of the same line.
void voteFromEnvelope(const PendingTime &local, Timestamp envelopeUtc, std::uint32_t line, ClockEvidence &evidence);
// Two neighbouring lines of one file, one a local reading and the other an exact UTC time (an
// apiserver's klog line next to its etcd client's JSON record, "ts":"...Z"): the vote they make
// when they lie within a second of a zone offset of each other. One such pair may be chance (a
// quiet hour between them): the caller counts a zone only when pairs agree.
std::optional<ClockVote> neighbourLineVote(const PendingTime &local, Timestamp neighbourUtc, std::uint32_t line);
// A year vote for a local reading from an exact time of the same file within days of it (the
// record before it, at any distance).
void voteYearFromNeighbourLine(const PendingTime &local, Timestamp neighbourUtc, std::uint32_t line, ClockEvidence &evidence);

// Year of a line with month `lineMonth` when a date from year `stampYear`/`stampMonth` is
// within a day of it (a stamp in its message, a viewer's date in another zone): the two
// differ only across New Year.
int lineYearNear(int stampYear, int stampMonth, int lineMonth);

// Rounds a difference to the nearest quarter hour when it is within `tolerance` of one.
bool nearestZoneOffset(std::int64_t diffNs, std::int64_t toleranceNs, int &offsetSeconds);

// The reading `deltaNs` later (earlier when negative; at most a day either way). The year and
// so the month's length unknown, a time past midnight stays on its day (nsOfDay over 24 h),
// and one before it goes to day 0, the day before the 1st, which resolvePendingTime reads.
PendingTime shiftedReading(PendingTime reading, std::int64_t deltaNs);

// Final UTC time of a pending reading.
Timestamp resolvePendingTime(const PendingTime &p, int yearAtRollover0, int utcOffsetSeconds);

} // namespace kubelane::core
