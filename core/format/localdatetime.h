#pragma once
// A local date and time as Go programs print them without a zone: "2021-08-06 13:32:58.159380"
// (etcd's capnslog) or "2021/08/06 13:32:58" (Go's log package, with .microseconds when
// asked). The zone is the machine's, which the line does not say.
#include "../model/timestamp.h"
#include "../util/textscan.h"

#include <string_view>

namespace kubelane::core {

// Reads "YYYY<sep>MM<sep>DD HH:MM:SS[.fraction]" at the start of `s`; `end` is the index after it.
inline bool parseLocalDateTime(std::string_view s, char dateSeparator, CivilTime &out, std::size_t &end)
{
    int year = 0;
    unsigned month = 0, day = 0, hour = 0, minute = 0, second = 0;
    if (s.size() < 19 || s[4] != dateSeparator || s[7] != dateSeparator || s[10] != ' ' || s[13] != ':' || s[16] != ':'
        || !text::parseDigits(s, 0, 4, year) || !text::parseDigits(s, 5, 2, month) || !text::parseDigits(s, 8, 2, day)
        || !text::parseDigits(s, 11, 2, hour) || !text::parseDigits(s, 14, 2, minute) || !text::parseDigits(s, 17, 2, second))
        return false;
    if (year < 1990 || !isValidDate(year, month, day) || hour > 23 || minute > 59 || second > 60)
        return false;
    std::int64_t fraction = 0;
    end = 19;
    if (end < s.size() && s[end] == '.') {
        int digits = 0;
        end = text::parseFraction(s, end + 1, fraction, &digits);
        if (digits == 0)
            return false;
    }
    out = {year, month, day, ((std::int64_t(hour) * 60 + minute) * 60 + second) * kNsPerSecond + fraction};
    return true;
}

} // namespace kubelane::core
