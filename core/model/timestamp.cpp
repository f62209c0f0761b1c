#include "timestamp.h"

#include <limits>

#include "../util/textscan.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>

namespace kubelane::core {

std::int64_t daysFromCivil(int y, unsigned m, unsigned d)
{
    y -= m <= 2;
    const std::int64_t era = (y >= 0 ? y : y - 399) / 400;
    const unsigned yoe = static_cast<unsigned>(y - era * 400);
    const unsigned doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
    const unsigned doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    return era * 146097 + static_cast<std::int64_t>(doe) - 719468;
}

CivilDate civilFromDays(std::int64_t z)
{
    z += 719468;
    const std::int64_t era = (z >= 0 ? z : z - 146096) / 146097;
    const unsigned doe = static_cast<unsigned>(z - era * 146097);
    const unsigned yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
    const std::int64_t y = static_cast<std::int64_t>(yoe) + era * 400;
    const unsigned doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    const unsigned mp = (5 * doy + 2) / 153;
    const unsigned d = doy - (153 * mp + 2) / 5 + 1;
    const unsigned m = mp < 10 ? mp + 3 : mp - 9;
    return {static_cast<int>(y + (m <= 2)), m, d};
}

bool isValidDate(int year, unsigned month, unsigned day)
{
    static constexpr std::array<unsigned, 12> kDays{31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    if (month < 1 || month > 12 || day < 1 || day > kDays[month - 1])
        return false;
    if (month == 2 && day == 29)
        return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
    return true;
}

Timestamp toUtc(const CivilTime &t, int utcOffsetSeconds)
{
    // Nanoseconds since 1970 reach only the years 1678 to 2262: a date outside (year 4048 in a
    // damaged line, found by fuzzing) is held at the edge instead of overflowing.
    constexpr std::int64_t kMaxDays = 106000;
    const std::int64_t days = std::clamp<std::int64_t>(daysFromCivil(t.year, t.month, t.day), -kMaxDays, kMaxDays);
    return {days * 86400 * kNsPerSecond + t.nsOfDay - std::int64_t(utcOffsetSeconds) * kNsPerSecond};
}

CivilTime toCivil(Timestamp ts, int utcOffsetSeconds)
{
    const std::int64_t ns = ts.ns + std::int64_t(utcOffsetSeconds) * kNsPerSecond;
    constexpr std::int64_t kNsPerDay = 86400 * kNsPerSecond;
    std::int64_t days = ns / kNsPerDay;
    std::int64_t rest = ns % kNsPerDay;
    if (rest < 0) {
        rest += kNsPerDay;
        --days;
    }
    const CivilDate d = civilFromDays(days);
    return {d.year, d.month, d.day, rest};
}

using text::parseDigits;

std::optional<int> parseUtcOffset(std::string_view s)
{
    if (s == "Z" || s == "UTC" || s == "z" || s == "utc")
        return 0;
    if (s.empty() || (s[0] != '+' && s[0] != '-'))
        return std::nullopt;
    const int sign = s[0] == '-' ? -1 : 1;
    s.remove_prefix(1);
    int h = 0, m = 0;
    if (s.size() == 5 && s[2] == ':') {
        if (!parseDigits(s, 0, 2, h) || !parseDigits(s, 3, 2, m))
            return std::nullopt;
    } else if (s.size() == 4) {
        if (!parseDigits(s, 0, 2, h) || !parseDigits(s, 2, 2, m))
            return std::nullopt;
    } else if (s.size() == 1 || s.size() == 2) {
        if (!parseDigits(s, 0, s.size(), h))
            return std::nullopt;
    } else {
        return std::nullopt;
    }
    if (h > 14 || m > 59)
        return std::nullopt;
    return sign * (h * 3600 + m * 60);
}

std::size_t findDate(std::string_view s, std::size_t from, CivilTime &out)
{
    // From the first dash a year can stand before: the year's four digits start at `from` or later.
    for (std::size_t dash = s.find('-', from + 4); dash != std::string_view::npos; dash = s.find('-', dash + 1)) {
        const std::size_t at = dash - 4;
        int y = 0, mo = 0, d = 0;
        if (dash + 6 > s.size() || s[dash + 3] != '-' || (at > 0 && s[at - 1] >= '0' && s[at - 1] <= '9') || !parseDigits(s, at, 4, y)
            || !parseDigits(s, dash + 1, 2, mo) || !parseDigits(s, dash + 4, 2, d) || y < 1990
            || !isValidDate(y, unsigned(mo), unsigned(d)))
            continue;
        out = {y, unsigned(mo), unsigned(d), 0};
        return at;
    }
    return std::string_view::npos;
}

bool parseDateAndTime(std::string_view s, char sep, CivilTime &out, std::size_t &end)
{
    int y, mo, d, h, mi, se;
    if (!parseDigits(s, 0, 4, y) || s.size() < 19 || s[4] != sep || !parseDigits(s, 5, 2, mo) || s[7] != sep || !parseDigits(s, 8, 2, d)
        || (s[10] != 'T' && s[10] != ' ' && s[10] != 't') || !parseDigits(s, 11, 2, h) || s[13] != ':' || !parseDigits(s, 14, 2, mi)
        || s[16] != ':' || !parseDigits(s, 17, 2, se))
        return false;
    if (!isValidDate(y, unsigned(mo), unsigned(d)) || h > 23 || mi > 59 || se > 60)
        return false;
    end = 19;
    std::int64_t frac = 0;
    if (end < s.size() && (s[end] == '.' || s[end] == ',')) {
        int n = 0;
        end = text::parseFraction(s, end + 1, frac, &n);
        if (n == 0)
            return false;
    }
    out = {y, unsigned(mo), unsigned(d), (std::int64_t(h) * 3600 + mi * 60 + se) * kNsPerSecond + frac};
    return true;
}

std::optional<Timestamp> parseRfc3339(std::string_view s, int *offsetOut)
{
    CivilTime ct;
    std::size_t pos = 0;
    if (!parseDateAndTime(s, '-', ct, pos))
        return std::nullopt;
    const auto offset = parseUtcOffset(s.substr(pos));
    if (!offset)
        return std::nullopt;
    if (offsetOut)
        *offsetOut = *offset;
    return toUtc(ct, *offset);
}

std::string formatRfc3339(Timestamp ts, int fractionDigits)
{
    fractionDigits = std::clamp(fractionDigits, 0, 9);
    const CivilTime c = toCivil(ts, 0);
    const std::int64_t secs = c.nsOfDay / kNsPerSecond;
    const std::int64_t frac = c.nsOfDay % kNsPerSecond;
    char buf[64];
    int n = std::snprintf(buf, sizeof buf, "%04d-%02u-%02uT%02d:%02d:%02d", c.year, c.month, c.day, int(secs / 3600), int(secs / 60 % 60),
                          int(secs % 60));
    if (fractionDigits > 0) {
        std::int64_t f = frac;
        for (int i = fractionDigits; i < 9; ++i)
            f /= 10;
        n += std::snprintf(buf + n, sizeof buf - size_t(n), ".%0*lld", fractionDigits, static_cast<long long>(f));
    }
    std::snprintf(buf + n, sizeof buf - size_t(n), "Z");
    return buf;
}

std::string formatTimeOfDay(Timestamp ts, int fractionDigits, int utcOffsetSeconds)
{
    fractionDigits = std::clamp(fractionDigits, 0, 9);
    const CivilTime c = toCivil(ts, utcOffsetSeconds);
    const std::int64_t secs = c.nsOfDay / kNsPerSecond;
    char buf[48];
    int n = std::snprintf(buf, sizeof buf, "%02d:%02d:%02d", int(secs / 3600), int(secs / 60 % 60), int(secs % 60));
    if (fractionDigits > 0) {
        std::int64_t f = c.nsOfDay % kNsPerSecond;
        for (int i = fractionDigits; i < 9; ++i)
            f /= 10;
        std::snprintf(buf + n, sizeof buf - size_t(n), ".%0*lld", fractionDigits, static_cast<long long>(f));
    }
    return buf;
}

std::string formatUtcOffset(int seconds)
{
    const char sign = seconds < 0 ? '-' : '+';
    const int a = std::abs(seconds);
    char buf[16];
    std::snprintf(buf, sizeof buf, "%c%02d:%02d", sign, a / 3600, a / 60 % 60);
    return buf;
}

std::string formatDuration(Duration d)
{
    const double s = std::fabs(d.seconds());
    const char *sign = d.ns < 0 ? "-" : "";
    char buf[48];
    if (s < 1e-3)
        std::snprintf(buf, sizeof buf, "%s%.0f µs", sign, s * 1e6);
    else if (s < 1)
        std::snprintf(buf, sizeof buf, "%s%.1f ms", sign, s * 1e3);
    else if (s < 120)
        std::snprintf(buf, sizeof buf, "%s%.1f s", sign, s);
    else if (s < 7200)
        std::snprintf(buf, sizeof buf, "%s%d min %d s", sign, int(s) / 60, int(s) % 60);
    else
        std::snprintf(buf, sizeof buf, "%s%d h %d min", sign, int(s) / 3600, int(s) / 60 % 60);
    return buf;
}

std::string formatDurationBeside(Duration d, Duration other)
{
    const std::string text = formatDuration(d), otherText = formatDuration(other);
    const double s = std::fabs(d.seconds());
    if (d == other || text != otherText || s < 120 || s >= 7200)
        return text;
    // The seconds past the minute, cut (not rounded: never "60") to as many decimals as tell
    // the two apart, up to the microsecond.
    const auto pastTheMinute = [](double seconds) { return seconds - 60.0 * std::floor(seconds / 60); };
    const double past = pastTheMinute(s), otherPast = pastTheMinute(std::fabs(other.seconds()));
    for (int decimals = 1; decimals <= 6; ++decimals) {
        const double scale = std::pow(10.0, decimals);
        if (std::floor(past * scale) == std::floor(otherPast * scale))
            continue;
        char buf[64];
        std::snprintf(buf, sizeof buf, "%s%d min %.*f s", d.ns < 0 ? "-" : "", int(s) / 60, decimals, std::floor(past * scale) / scale);
        return buf;
    }
    return text;
}

std::optional<Duration> parseGoDuration(std::string_view s)
{
    if (s.empty())
        return std::nullopt;
    bool negative = false;
    if (s[0] == '-' || s[0] == '+') {
        negative = s[0] == '-';
        s.remove_prefix(1);
    }
    if (s == "0")
        return Duration{0};
    double total = 0;
    bool any = false;
    while (!s.empty()) {
        size_t i = 0;
        while (i < s.size() && ((s[i] >= '0' && s[i] <= '9') || s[i] == '.'))
            ++i;
        if (i == 0)
            return std::nullopt;
        const double value = std::strtod(std::string(s.substr(0, i)).c_str(), nullptr);
        s.remove_prefix(i);
        size_t u = 0;
        while (u < s.size() && !((s[u] >= '0' && s[u] <= '9') || s[u] == '.'))
            ++u;
        const std::string_view unit = s.substr(0, u);
        s.remove_prefix(u);
        double scale;
        if (unit == "h")
            scale = 3600e9;
        else if (unit == "m")
            scale = 60e9;
        else if (unit == "s")
            scale = 1e9;
        else if (unit == "ms")
            scale = 1e6;
        else if (unit == "us" || unit == "µs" || unit == "μs")
            scale = 1e3;
        else if (unit == "ns")
            scale = 1;
        else
            return std::nullopt;
        total += value * scale;
        any = true;
    }
    if (!any)
        return std::nullopt;
    // Go's largest duration (2562047h47m16.854775807s, what the kubelet prints for "never")
    // rounds past int64 in a double: saturate instead of overflowing.
    constexpr double kMax = 9.2e18;
    if (total >= kMax)
        return Duration{negative ? -std::numeric_limits<std::int64_t>::max() : std::numeric_limits<std::int64_t>::max()};
    return Duration{static_cast<std::int64_t>(std::llround(negative ? -total : total))};
}

std::optional<Timestamp> parseGoTime(std::string_view text, int *offsetSecondsOut)
{
    // "... +0000 UTC": the abbreviation after the offset goes; then the space before the offset.
    if (const std::size_t space = text.rfind(' ');
        space != std::string_view::npos && space > 6 && (text[space - 5] == '+' || text[space - 5] == '-'))
        text = text.substr(0, space);
    std::string stamp(text);
    if (stamp.size() > 6 && stamp[stamp.size() - 6] == ' ')
        stamp.erase(stamp.size() - 6, 1);
    return parseRfc3339(stamp, offsetSecondsOut);
}

} // namespace kubelane::core
