#include "logtext.h"

#include <cstdio>

namespace kubelane::bundlegen {

namespace {

constexpr const char *kMonths[] = {"Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};

// Howard Hinnant's civil-from-days and days-from-civil.
std::int64_t daysFromCivil(int y, int m, int d)
{
    y -= m <= 2;
    const std::int64_t era = (y >= 0 ? y : y - 399) / 400;
    const unsigned yoe = static_cast<unsigned>(y - era * 400);
    const unsigned doy = static_cast<unsigned>((153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1);
    const unsigned doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    return era * 146097 + static_cast<std::int64_t>(doe) - 719468;
}

void civilFromDays(std::int64_t z, int &y, int &m, int &d)
{
    z += 719468;
    const std::int64_t era = (z >= 0 ? z : z - 146096) / 146097;
    const unsigned doe = static_cast<unsigned>(z - era * 146097);
    const unsigned yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
    const unsigned doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    const unsigned mp = (5 * doy + 2) / 153;
    d = static_cast<int>(doy - (153 * mp + 2) / 5 + 1);
    m = static_cast<int>(mp < 10 ? mp + 3 : mp - 9);
    y = static_cast<int>(static_cast<std::int64_t>(yoe) + era * 400 + (m <= 2));
}

// Go's fmtFrac: ".123" of v / 10^prec without trailing zeros (nothing when the fraction is 0).
std::string fraction(std::uint64_t v, int prec, std::uint64_t &whole)
{
    std::string digits;
    bool print = false;
    for (int i = 0; i < prec; ++i) {
        const auto digit = v % 10;
        print = print || digit != 0;
        if (print)
            digits.insert(digits.begin(), static_cast<char>('0' + digit));
        v /= 10;
    }
    whole = v;
    return print ? "." + digits : std::string();
}

} // namespace

CivilTime civil(Nanos t)
{
    std::int64_t days = t / (86400 * kSec);
    Nanos rest = t % (86400 * kSec);
    if (rest < 0) {
        rest += 86400 * kSec;
        --days;
    }
    CivilTime c{};
    civilFromDays(days, c.year, c.month, c.day);
    const std::int64_t secs = rest / kSec;
    c.hour = static_cast<int>(secs / 3600);
    c.minute = static_cast<int>(secs / 60 % 60);
    c.second = static_cast<int>(secs % 60);
    c.nanos = rest % kSec;
    return c;
}

Nanos fromCivil(int year, int month, int day, int hour, int minute, int second)
{
    return ((daysFromCivil(year, month, day) * 24 + hour) * 60 + minute) * 60 * kSec + second * kSec;
}

std::string rfc3339(Nanos t, int fractionDigits)
{
    const CivilTime c = civil(t);
    char buf[64];
    int n = std::snprintf(buf, sizeof buf, "%04d-%02d-%02dT%02d:%02d:%02d", c.year, c.month, c.day, c.hour, c.minute, c.second);
    std::string s(buf, static_cast<std::size_t>(n));
    if (fractionDigits > 0) {
        char frac[16];
        std::snprintf(frac, sizeof frac, "%09lld", static_cast<long long>(c.nanos));
        s += '.';
        s.append(frac, static_cast<std::size_t>(fractionDigits));
    }
    return s + "Z";
}

std::string rfc3339Seconds(Nanos t)
{
    return rfc3339(t, 0);
}

std::string goTime(Nanos t)
{
    const CivilTime c = civil(t);
    char buf[64];
    std::snprintf(buf, sizeof buf, "%04d-%02d-%02d %02d:%02d:%02d", c.year, c.month, c.day, c.hour, c.minute, c.second);
    std::uint64_t whole = 0;
    return buf + fraction(static_cast<std::uint64_t>(c.nanos), 9, whole) + " +0000 UTC";
}

std::string goTimeMonotonic(Nanos t, Nanos processStart)
{
    const Nanos m = t - processStart;
    char buf[48];
    std::snprintf(buf, sizeof buf, " m=+%lld.%09lld", static_cast<long long>(m / kSec), static_cast<long long>(m % kSec));
    return goTime(t) + buf;
}

std::string goDuration(Nanos d)
{
    if (d == 0)
        return "0s";
    const bool negative = d < 0;
    std::uint64_t u = static_cast<std::uint64_t>(negative ? -d : d);
    std::string out;
    if (u < static_cast<std::uint64_t>(kSec)) {
        int prec;
        std::string unit;
        if (u < static_cast<std::uint64_t>(kUs)) {
            prec = 0;
            unit = "ns";
        } else if (u < static_cast<std::uint64_t>(kMs)) {
            prec = 3;
            unit = "\xC2\xB5s"; // µs, as Go prints it
        } else {
            prec = 6;
            unit = "ms";
        }
        std::uint64_t whole = 0;
        const std::string frac = fraction(u, prec, whole);
        out = std::to_string(whole) + frac + unit;
    } else {
        std::uint64_t whole = 0;
        const std::string frac = fraction(u, 9, whole);
        out = std::to_string(whole % 60) + frac + "s";
        whole /= 60;
        if (whole > 0) {
            out = std::to_string(whole % 60) + "m" + out;
            whole /= 60;
            if (whole > 0)
                out = std::to_string(whole) + "h" + out;
        }
    }
    return negative ? "-" + out : out;
}

std::string goQuote(std::string_view s)
{
    std::string out;
    out.reserve(s.size() + 2);
    out += '"';
    for (unsigned char c : s) {
        switch (c) {
        case '"': out += "\\\""; break;
        case '\\': out += "\\\\"; break;
        case '\n': out += "\\n"; break;
        case '\t': out += "\\t"; break;
        case '\r': out += "\\r"; break;
        default:
            if (c < 0x20 || c == 0x7f) {
                char buf[8];
                std::snprintf(buf, sizeof buf, "\\x%02x", c);
                out += buf;
            } else {
                out += static_cast<char>(c);
            }
        }
    }
    out += '"';
    return out;
}

std::string klogHeader(char severity, Nanos t, int threadId, std::string_view fileLine)
{
    const CivilTime c = civil(t);
    char buf[64];
    const int n = std::snprintf(buf, sizeof buf, "%c%02d%02d %02d:%02d:%02d.%06lld %7d ", severity, c.month, c.day, c.hour, c.minute,
                                c.second, static_cast<long long>(c.nanos / 1000), threadId);
    std::string s(buf, static_cast<std::size_t>(n));
    s += fileLine;
    s += "] ";
    return s;
}

std::string journaldPrefix(Nanos t, std::string_view host, std::string_view identifier, int pid)
{
    const CivilTime c = civil(t);
    char buf[48];
    const int n = std::snprintf(buf, sizeof buf, "%s %02d %02d:%02d:%02d.%06lld ", kMonths[c.month - 1], c.day, c.hour, c.minute, c.second,
                                static_cast<long long>(c.nanos / 1000));
    std::string s(buf, static_cast<std::size_t>(n));
    s += host;
    s += ' ';
    s += identifier;
    s += '[' + std::to_string(pid) + "]: ";
    return s;
}

std::string criPrefix(Nanos t, std::string_view stream)
{
    std::string s = rfc3339(t, 9);
    s += ' ';
    s += stream;
    s += " F ";
    return s;
}

} // namespace kubelane::bundlegen
