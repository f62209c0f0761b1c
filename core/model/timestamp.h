#pragma once
// Time is a type: UTC nanoseconds since the Unix epoch. Never a bare integer or a double of
// seconds in the model; conversions to text live next to the type.
#ifndef Q_MOC_RUN // moc of Qt 6.4 cannot parse <concepts>, which <compare> pulls in
#include <compare>
#endif
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace kubelane::core {

struct Duration {
    std::int64_t ns = 0;
    auto operator<=>(const Duration &) const = default;
    static constexpr Duration fromSeconds(double s) { return {static_cast<std::int64_t>(s * 1e9)}; }
    constexpr double seconds() const { return static_cast<double>(ns) / 1e9; }
    constexpr Duration operator-() const { return {-ns}; }
    constexpr Duration operator+(Duration o) const { return {ns + o.ns}; }
};

struct Timestamp {
    std::int64_t ns = 0;
    auto operator<=>(const Timestamp &) const = default;

    constexpr Timestamp operator+(Duration d) const { return {ns + d.ns}; }
    constexpr Timestamp operator-(Duration d) const { return {ns - d.ns}; }
    constexpr Duration operator-(Timestamp o) const { return {ns - o.ns}; }
    constexpr bool isValid() const { return ns != 0; }
};

constexpr std::int64_t kNsPerSecond = 1'000'000'000;

// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's algorithm).
std::int64_t daysFromCivil(int year, unsigned month, unsigned day);
struct CivilDate {
    int year;
    unsigned month;
    unsigned day;
};
CivilDate civilFromDays(std::int64_t days);
bool isValidDate(int year, unsigned month, unsigned day);

// A wall-clock reading without zone or (for klog) year: what a log header prints.
struct CivilTime {
    int year = 0; // 0 = unknown
    unsigned month = 0, day = 0;
    std::int64_t nsOfDay = 0;
};

// UTC timestamp of a wall-clock reading that was taken at `utcOffsetSeconds` east of UTC.
Timestamp toUtc(const CivilTime &t, int utcOffsetSeconds);
// Wall-clock reading of `ts` at `utcOffsetSeconds`.
CivilTime toCivil(Timestamp ts, int utcOffsetSeconds = 0);

// The first "YYYY-MM-DD" in `text` at or after `from` that is a calendar date of 1990 or later
// and not the tail of a longer number: its index, with the date in `out` (time of day 0), or npos.
std::size_t findDate(std::string_view text, std::size_t from, CivilTime &out);
// A date and time of day without a zone at the start of `text`: "YYYY<sep>MM<sep>DD", 'T' or
// a space, "HH:MM:SS" and an optional fraction ("2021-08-06 13:32:58.159380", etcd's capnslog;
// "2021/08/06 13:32:58", Go's log package). `end` is the index after it.
bool parseDateAndTime(std::string_view text, char dateSeparator, CivilTime &out, std::size_t &end);

// RFC 3339 with optional fraction and a zone ("Z", "+08:00", "+0800"). Also accepts a space
// instead of 'T'. Returns nothing for anything else.
std::optional<Timestamp> parseRfc3339(std::string_view text, int *offsetSecondsOut = nullptr);
// Go's time.Time String() as a log line prints a time ("2020-12-06 18:55:55 +0000 UTC", the
// zone's abbreviation optional, fractions allowed), or RFC 3339.
std::optional<Timestamp> parseGoTime(std::string_view text, int *offsetSecondsOut = nullptr);

// "2020-03-12T02:42:26.102104Z"; fraction digits: 0, 3, 6 or 9 (trailing zeros kept).
std::string formatRfc3339(Timestamp ts, int fractionDigits = 6);
// "02:42:26.102104" (UTC) - for compact text output.
std::string formatTimeOfDay(Timestamp ts, int fractionDigits = 6, int utcOffsetSeconds = 0);
// "+08:00"
std::string formatUtcOffset(int seconds);
// Parses "+08:00", "+0800", "-5", "UTC", "Z". Returns nothing if malformed.
std::optional<int> parseUtcOffset(std::string_view text);
// Human duration: "47.2 s", "3m0.5s" style is Go's; we print "47.2 s", "812 µs", "3 min 2 s".
std::string formatDuration(Duration d);
// The same, but never written as `other` is when it differs from it: a PLEG relist 0.4 s past a
// 3-minute threshold reads "3 min 0.4 s", not "3 min 0 s" beside "3 min 0 s".
std::string formatDurationBeside(Duration d, Duration other);
// Parses Go time.Duration text ("3m0.93s", "40.00011564s", "5ms", "1h2m") into a Duration.
std::optional<Duration> parseGoDuration(std::string_view text);

} // namespace kubelane::core
