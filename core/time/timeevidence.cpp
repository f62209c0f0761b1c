#include "timeevidence.h"

#include "../util/textscan.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <cstdio>
#include <cstdlib>

namespace kubelane::core {

namespace {

using text::isDigit;

bool num(std::string_view s, size_t at, size_t n, int &out)
{
    return text::parseDigits(s, at, n, out);
}

constexpr std::int64_t kStampTolerance = 3 * kNsPerSecond;
// Two neighbouring lines of two clocks (a klog line, the next JSON record) written together.
constexpr std::int64_t kNeighbourTolerance = kNsPerSecond;
// How long before its line a Go time.String stamp of another moment still gives the line's zone.
constexpr std::int64_t kGoStringReach = 2 * 86400 * kNsPerSecond;

// A request that failed on its deadline is logged that long after the stamps it carried (a
// node status patch's lastHeartbeatTime, its URL's "?timeout=10s"): how long, if it says.
std::int64_t requestTimeoutIn(std::string_view s)
{
    const size_t at = s.find("timeout=");
    if (at == std::string_view::npos)
        return 0;
    size_t end = at + 8;
    while (end < s.size() && (isDigit(s[end]) || s[end] == '.' || std::isalpha(static_cast<unsigned char>(s[end]))))
        ++end;
    const auto d = parseGoDuration(s.substr(at + 8, end - at - 8));
    return d && d->ns > 0 && d->ns <= 60 * kNsPerSecond ? d->ns : 0;
}

} // namespace

int lineYearNear(int stampYear, int stampMonth, int lineMonth)
{
    if (lineMonth == 12 && stampMonth == 1)
        return stampYear - 1;
    if (lineMonth == 1 && stampMonth == 12)
        return stampYear + 1;
    return stampYear;
}

void ClockEvidence::add(ClockVote vote)
{
    if (m_votes.size() < kMaxVotes)
        m_votes.push_back(std::move(vote));
}

void ClockEvidence::addYear(YearVote vote)
{
    if (m_yearVotes.size() < kMaxVotes)
        m_yearVotes.push_back(std::move(vote));
}

namespace {

// The value most votes name, and how many name it (of a map from value to count).
std::map<int, int>::const_iterator mostVoted(const std::map<int, int> &counts)
{
    return std::max_element(counts.begin(), counts.end(), [](auto &a, auto &b) { return a.second < b.second; });
}

} // namespace

ClockEvidence::Verdict ClockEvidence::tally() const
{
    Verdict v;
    if (!m_yearVotes.empty()) {
        std::map<int, int> years;
        for (const auto &vote : m_yearVotes)
            ++years[vote.yearAtRollover0];
        const auto best = mostVoted(years);
        const YearVote &example =
            *std::find_if(m_yearVotes.begin(), m_yearVotes.end(), [&](const YearVote &y) { return y.yearAtRollover0 == best->first; });
        v.haveStampYear = true;
        v.stampYearAtRollover0 = best->first;
        v.stampYearEvidence = std::to_string(best->second) + " of " + std::to_string(m_yearVotes.size())
            + " dates within days of their line's say " + std::to_string(best->first) + " (e.g. line " + std::to_string(example.line) + ": "
            + example.example + ")";
    }
    if (m_votes.empty())
        return v;
    std::map<int, int> offsets, years;
    for (const auto &vote : m_votes) {
        ++offsets[vote.utcOffsetSeconds];
        ++years[vote.yearAtRollover0];
    }
    const auto bo = mostVoted(offsets);
    const auto by = mostVoted(years);
    const ClockVote *example = nullptr;
    for (const auto &vote : m_votes) {
        if (vote.utcOffsetSeconds != bo->first)
            continue;
        v.explicitZone = v.explicitZone || vote.explicitZone;
        v.fromEnvelope = v.fromEnvelope || vote.fromEnvelope;
        if (!example || vote.fromEnvelope)
            example = &vote;
    }
    char buf[512];
    v.haveOffset = true;
    v.utcOffsetSeconds = bo->first;
    std::snprintf(buf, sizeof buf, "%d of %zu %s agree on %s, e.g. line %u: %s", bo->second, m_votes.size(),
                  example && example->fromEnvelope ? "envelope/header time pairs" : "time stamps in messages",
                  formatUtcOffset(bo->first).c_str(), example ? example->line : 0u, example ? example->example.c_str() : "");
    v.offsetEvidence = buf;
    v.haveYear = true;
    v.yearAtRollover0 = by->first;
    std::snprintf(buf, sizeof buf, "%d of %zu dated stamps say %d (e.g. line %u: %s)", by->second, m_votes.size(), by->first,
                  example ? example->line : 0u, example ? example->example.c_str() : "");
    v.yearEvidence = buf;
    return v;
}

bool nearestZoneOffset(std::int64_t diffNs, std::int64_t toleranceNs, int &offsetSeconds)
{
    constexpr std::int64_t kQuarter = 900 * kNsPerSecond;
    const std::int64_t rounded = (diffNs >= 0 ? diffNs + kQuarter / 2 : diffNs - kQuarter / 2) / kQuarter * kQuarter;
    if (std::llabs(diffNs - rounded) > toleranceNs || std::llabs(rounded) > 14 * 3600 * kNsPerSecond)
        return false;
    offsetSeconds = static_cast<int>(rounded / kNsPerSecond);
    return true;
}

void voteFromEnvelope(const PendingTime &local, Timestamp envelopeUtc, std::uint32_t line, ClockEvidence &evidence)
{
    if (evidence.full())
        return;
    const CivilTime env = toCivil(envelopeUtc, 0);
    const int year = lineYearNear(env.year, int(env.month), local.month);
    if (!isValidDate(year, local.month, local.day))
        return;
    const Timestamp asUtc = toUtc({year, local.month, local.day, local.nsOfDay}, 0);
    int offset;
    if (!nearestZoneOffset(asUtc.ns - envelopeUtc.ns, 2 * kNsPerSecond, offset))
        return;
    evidence.add({offset, year - local.rollovers, line, "envelope " + formatRfc3339(envelopeUtc), true, true});
}

namespace {

constexpr int kYearVoteDays = 2; // how far a date may lie from its line's to tell the line's year

// A year vote when y-mo-d lies within days of the line's date in the year that puts it
// nearest; false when it does not.
bool voteYearOfDate(int y, int mo, int d, std::string_view stamp, const PendingTime &local, std::uint32_t line, ClockEvidence &evidence)
{
    if (evidence.yearsFull() || y < 1990 || !isValidDate(y, unsigned(mo), unsigned(d)))
        return false;
    const int lineYear = lineYearNear(y, mo, local.month);
    if (!isValidDate(lineYear, local.month, local.day))
        return false;
    if (std::llabs(daysFromCivil(lineYear, local.month, local.day) - daysFromCivil(y, unsigned(mo), unsigned(d))) > kYearVoteDays)
        return false;
    evidence.addYear({lineYear - local.rollovers, line, std::string(stamp)});
    return true;
}

// A date the words just before it set in the future by design: an expiry ("Certificate
// expiration is", often the same moment a year on), a deadline, "valid until", "is after"
// (Go's x509: "current time X is after Y", where X is the clock and Y the bound).
bool boundsTheFuture(std::string_view s, size_t dateAt)
{
    constexpr size_t kWordsBefore = 24;
    const size_t from = dateAt > kWordsBefore ? dateAt - kWordsBefore : 0;
    std::array<char, kWordsBefore> buffer{};
    for (size_t i = from; i < dateAt; ++i)
        buffer[i - from] = static_cast<char>(std::tolower(static_cast<unsigned char>(s[i])));
    const std::string_view before(buffer.data(), dateAt - from);
    // A retry's backoff deadline is the line's own time and at most its backoff (2m2s) on
    // (nestedpendingoperations: "No retries permitted until ... (durationBeforeRetry 500ms)").
    if (before.find("permitted until") != std::string_view::npos)
        return false;
    for (const std::string_view word : {"xpir", "deadline", "until", "notafter", "is after"})
        if (before.find(word) != std::string_view::npos)
            return true;
    return false;
}

// Go's trace stamps: "27-Jan-2021 09:18:21.555" (k8s.io/utils/trace, 1.19+). `dash` is the first.
bool readTraceDate(std::string_view s, size_t dash, int &y, int &mo, int &d)
{
    static constexpr std::string_view kMonths = "JanFebMarAprMayJunJulAugSepOctNovDec";
    if (dash < 2 || dash + 9 > s.size() || s[dash + 4] != '-' || !num(s, dash - 2, 2, d) || !num(s, dash + 5, 4, y))
        return false;
    const size_t month = kMonths.find(s.substr(dash + 1, 3));
    if (month == std::string_view::npos || month % 3 != 0)
        return false;
    mo = int(month / 3) + 1;
    return true;
}

} // namespace

void scanMessageForClockEvidence(std::string_view s, const PendingTime &local, std::uint32_t line, ClockEvidence &evidence)
{
    // Look for "YYYY-MM-DD" followed by 'T' or ' ' and "hh:mm:ss".
    size_t pos = 0;
    int found = 0;
    bool votedYear = false; // a line votes for one year: a list of dates is one line's say
    auto voteYear = [&](int y, int mo, int d, size_t start, size_t length) {
        if (!votedYear && !evidence.yearsFull() && !boundsTheFuture(s, start))
            votedYear = voteYearOfDate(y, mo, d, s.substr(start, std::min(length, s.size() - start)), local, line, evidence);
    };
    while (found < 4 && (pos = s.find('-', pos)) != std::string_view::npos) {
        const size_t start = pos >= 4 ? pos - 4 : std::string_view::npos;
        ++pos;
        int y, mo, d, h, mi, se;
        if (!votedYear && readTraceDate(s, pos - 1, y, mo, d))
            voteYear(y, mo, d, pos - 3, 11);
        // The second dash first: it turns away the dashes of names and UUIDs in one compare.
        if (start == std::string_view::npos || start + 7 >= s.size() || s[start + 7] != '-')
            continue;
        if (!num(s, start, 4, y) || !num(s, start + 5, 2, mo) || !num(s, start + 8, 2, d))
            continue;
        voteYear(y, mo, d, start, 19);
        if (start + 10 >= s.size() || (s[start + 10] != 'T' && s[start + 10] != ' ') || !num(s, start + 11, 2, h) || start + 13 >= s.size()
            || s[start + 13] != ':' || !num(s, start + 14, 2, mi) || start + 16 >= s.size() || s[start + 16] != ':'
            || !num(s, start + 17, 2, se))
            continue;
        if (y < 1990 || !isValidDate(y, unsigned(mo), unsigned(d)) || h > 23 || mi > 59 || se > 60)
            continue;
        size_t i = start + 19;
        while (i < s.size() && (s[i] == '.' || isDigit(s[i])))
            ++i;
        // The zone: "Z", "+08:00" / "+0800" directly, or " +0800 CST" after a space (Go's time.String).
        int zone = 0;
        bool haveZone = false;
        bool explicitLocal = false;
        bool goTimeString = false; // " +0800 CST": Go's time.String of a time in the process's zone
        if (i < s.size() && s[i] == 'Z') {
            haveZone = true;
            ++i;
        } else if (i < s.size() && (s[i] == '+' || s[i] == '-')) {
            size_t e = i + 1;
            while (e < s.size() && (isDigit(s[e]) || s[e] == ':'))
                ++e;
            if (auto z = parseUtcOffset(s.substr(i, e - i))) {
                zone = *z;
                haveZone = true;
                explicitLocal = true;
                i = e;
            }
        } else if (i + 1 < s.size() && s[i] == ' ' && (s[i + 1] == '+' || s[i + 1] == '-')) {
            size_t e = i + 2;
            while (e < s.size() && isDigit(s[e]))
                ++e;
            if (auto z = parseUtcOffset(s.substr(i + 1, e - i - 1))) {
                zone = *z;
                haveZone = true;
                explicitLocal = true;
                goTimeString = e + 1 < s.size() && s[e] == ' ' && s[e + 1] >= 'A' && s[e + 1] <= 'Z';
                i = e;
            }
        }
        if (!haveZone)
            continue;
        const std::int64_t stampNsOfDay = (std::int64_t(h) * 3600 + mi * 60 + se) * kNsPerSecond;
        const Timestamp stampUtc = toUtc({y, unsigned(mo), unsigned(d), stampNsOfDay}, zone);
        const int lineYear = lineYearNear(y, mo, local.month);
        if (!isValidDate(lineYear, local.month, local.day))
            continue;
        const Timestamp lineAsUtc = toUtc({lineYear, local.month, local.day, local.nsOfDay}, 0);
        int offset;
        // Stamps in messages have second resolution and are taken a moment before the line, or
        // a request's deadline before it when the request timed out.
        const std::int64_t lag = lineAsUtc.ns - stampUtc.ns, deadline = requestTimeoutIn(s);
        if (!nearestZoneOffset(lag, kStampTolerance, offset)
            && (deadline == 0 || !nearestZoneOffset(lag - deadline / 2, deadline / 2 + kStampTolerance, offset))) {
            // Another moment than the line's (a node's last heartbeat, minutes old), printed by
            // the process itself: the API's times are decoded into its Local zone (metav1.Time's
            // UnmarshalJSON), the zone its klog headers are read in too. So a zone other than
            // UTC on a stamp at most two days before the line says the line's zone.
            const std::int64_t behind = lag - std::int64_t(zone) * kNsPerSecond;
            if (!goTimeString || zone == 0 || behind < -kStampTolerance || behind > kGoStringReach || boundsTheFuture(s, start))
                continue;
            offset = zone;
        }
        if (explicitLocal && offset != zone && std::llabs(lineAsUtc.ns - stampUtc.ns - std::int64_t(zone) * kNsPerSecond) > kStampTolerance)
            continue;
        if (boundsTheFuture(s, start)) // a certificate's expiry, a year on to the second
            continue;
        evidence.add({offset, lineYear - local.rollovers, line, std::string(s.substr(start, i - start)), false, explicitLocal});
        ++found;
    }
}

std::optional<DateAbove> findDateAbove(std::string_view text)
{
    text = text.substr(0, 256);
    CivilTime date;
    const std::size_t at = findDate(text, 0, date);
    if (at == std::string_view::npos)
        return std::nullopt;
    return DateAbove{date.year, int(date.month), int(date.day), std::string(text.substr(at, 10))};
}

void voteYearOfDateAbove(const DateAbove &date, const PendingTime &local, std::uint32_t line, ClockEvidence &evidence)
{
    voteYearOfDate(date.year, date.month, date.day, date.stamp, local, line, evidence);
}

std::optional<ClockVote> neighbourLineVote(const PendingTime &local, Timestamp neighbourUtc, std::uint32_t line)
{
    const CivilTime near = toCivil(neighbourUtc, 0);
    const int year = lineYearNear(near.year, int(near.month), local.month);
    if (!isValidDate(year, local.month, local.day))
        return std::nullopt;
    const Timestamp asUtc = toUtc({year, local.month, local.day, local.nsOfDay}, 0);
    int offset;
    if (!nearestZoneOffset(asUtc.ns - neighbourUtc.ns, kNeighbourTolerance, offset))
        return std::nullopt;
    // Two writers' lines, not one line's two stamps: the zone is a guess, as a "Z" stamp's is.
    return ClockVote{offset, year - local.rollovers, line, "a neighbouring line's " + formatRfc3339(neighbourUtc), false, false};
}

void voteYearFromNeighbourLine(const PendingTime &local, Timestamp neighbourUtc, std::uint32_t line, ClockEvidence &evidence)
{
    const CivilTime near = toCivil(neighbourUtc, 0);
    voteYearOfDate(near.year, int(near.month), int(near.day), "a record's " + formatRfc3339(neighbourUtc), local, line, evidence);
}

PendingTime shiftedReading(PendingTime p, std::int64_t deltaNs)
{
    if (p.exact || p.month == 0)
        return p;
    p.nsOfDay += deltaNs; // forward: past midnight is still this day's reading (up to 39 h fit)
    if (p.nsOfDay < 0 && p.day > 0) {
        --p.day; // the 1st goes to day 0: the last day of the month before, whatever its length
        p.nsOfDay += 86400 * kNsPerSecond;
    }
    p.nsOfDay = std::max<std::int64_t>(p.nsOfDay, 0);
    return p;
}

Timestamp resolvePendingTime(const PendingTime &p, int yearAtRollover0, int utcOffsetSeconds)
{
    if (p.exact)
        return {p.reference};
    auto at = [&](int year) {
        if (p.day == 0) // the day before the 1st (shiftedReading)
            return toUtc({year, p.month, 1u, p.nsOfDay - 86400 * kNsPerSecond}, utcOffsetSeconds);
        unsigned day = p.day;
        if (!isValidDate(year, p.month, day))
            day = 28; // Feb 29 in a year inferred as non-leap: keep the line, near its place
        return toUtc({year, p.month, day, p.nsOfDay}, utcOffsetSeconds);
    };
    if (p.reference != 0) {
        // The envelope's UTC says which year the header's month/day belongs to.
        const int refYear = toCivil({p.reference}, 0).year;
        Timestamp best = at(refYear);
        for (int y : {refYear - 1, refYear + 1}) {
            const Timestamp t = at(y);
            if (std::llabs(t.ns - p.reference) < std::llabs(best.ns - p.reference))
                best = t;
        }
        return best;
    }
    return at(yearAtRollover0 + p.rollovers);
}

} // namespace kubelane::core
