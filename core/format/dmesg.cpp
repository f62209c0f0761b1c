#include "dmesg.h"

#include "../model/timestamp.h"
#include "../util/textscan.h"

#include <re2/re2.h>

#include <string>

namespace kubelane::core {

namespace {

std::string_view afterStamp(std::string_view line, std::size_t close)
{
    std::string_view rest = line.substr(close + 1);
    if (!rest.empty() && rest.front() == ' ')
        rest.remove_prefix(1);
    return rest;
}

} // namespace

bool parseDmesgLine(std::string_view line, DmesgLine &out)
{
    if (line.size() < 4 || line[0] != '[')
        return false;
    const std::size_t close = line.find(']');
    if (close == std::string_view::npos || close > 32)
        return false;
    const std::string_view stamp = line.substr(1, close - 1);
    static const re2::RE2 kMinute(R"(([A-Z][a-z]{2})(\d{1,2}) (\d{2}):(\d{2}))");
    static const re2::RE2 kDelta(R"( *\+(\d+)\.(\d{6}))");
    static const re2::RE2 kFull(R"([A-Z][a-z]{2} ([A-Z][a-z]{2}) +(\d{1,2}) (\d{2}):(\d{2}):(\d{2}) (\d{4}))");
    std::string month;
    unsigned day = 0, h = 0, m = 0, s = 0;
    int year = 0;
    std::int64_t seconds = 0, micros = 0;
    if (re2::RE2::FullMatch(stamp, kDelta, &seconds, &micros)) {
        out.stamp = DmesgLine::Stamp::Delta;
        out.deltaNs = seconds * kNsPerSecond + micros * 1000;
    } else if (re2::RE2::FullMatch(stamp, kMinute, &month, &day, &h, &m)) {
        out.stamp = DmesgLine::Stamp::Minute;
    } else if (re2::RE2::FullMatch(stamp, kFull, &month, &day, &h, &m, &s, &year)) {
        out.stamp = DmesgLine::Stamp::Full;
        out.year = year;
    } else {
        return false;
    }
    if (out.stamp != DmesgLine::Stamp::Delta) {
        out.month = text::monthFromAbbrev(month);
        if (out.month == 0 || day == 0 || day > 31 || h > 23 || m > 59 || s > 60)
            return false;
        out.day = day;
        out.nsOfDay = (std::int64_t(h) * 3600 + std::int64_t(m) * 60 + s) * kNsPerSecond;
    }
    out.message = afterStamp(line, close);
    return true;
}

} // namespace kubelane::core
