#pragma once
// Lexical helpers shared by every hand-written parser (timestamps, klog headers, envelopes,
// JSON/Go string escapes). Header-only: they sit on the per-line hot path.
#include <algorithm>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>

namespace kubelane::core::text {

constexpr bool isDigit(char c)
{
    return c >= '0' && c <= '9';
}

// ASCII letters only: std::isalpha depends on the locale and is undefined for negative chars.
constexpr bool isAlpha(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

constexpr bool isAlnum(char c)
{
    return isAlpha(c) || isDigit(c);
}

// Exactly `n` decimal digits at s[at]; false when the text is shorter or not digits.
template <typename Int> constexpr bool parseDigits(std::string_view s, std::size_t at, std::size_t n, Int &out)
{
    if (at > s.size() || n > s.size() - at)
        return false;
    Int v = 0;
    for (std::size_t i = at; i < at + n; ++i) {
        if (!isDigit(s[i]))
            return false;
        v = static_cast<Int>(v * 10 + (s[i] - '0'));
    }
    out = v;
    return true;
}

// The digits of a decimal fraction starting at s[at] (just after the '.'), as nanoseconds;
// digits past the ninth are read and dropped. Returns the index after the last digit;
// `count` receives how many digits there were.
constexpr std::size_t parseFraction(std::string_view s, std::size_t at, std::int64_t &ns, int *count = nullptr)
{
    std::int64_t v = 0;
    int n = 0;
    std::size_t i = at;
    for (; i < s.size() && isDigit(s[i]); ++i, ++n)
        if (n < 9)
            v = v * 10 + (s[i] - '0');
    for (int k = n; k < 9; ++k)
        v *= 10;
    ns = v;
    if (count)
        *count = n;
    return i;
}

// Four hex digits at s[at] ("00e9"), or nothing.
constexpr std::optional<unsigned> parseHex4(std::string_view s, std::size_t at)
{
    if (at > s.size() || s.size() - at < 4)
        return std::nullopt;
    unsigned v = 0;
    for (std::size_t k = at; k < at + 4; ++k) {
        const char h = s[k];
        v <<= 4;
        if (h >= '0' && h <= '9')
            v |= unsigned(h - '0');
        else if (h >= 'a' && h <= 'f')
            v |= unsigned(h - 'a' + 10);
        else if (h >= 'A' && h <= 'F')
            v |= unsigned(h - 'A' + 10);
        else
            return std::nullopt;
    }
    return v;
}

inline void appendUtf8(std::string &out, unsigned cp)
{
    if (cp < 0x80) {
        out += char(cp);
    } else if (cp < 0x800) {
        out += char(0xC0 | (cp >> 6));
        out += char(0x80 | (cp & 0x3F));
    } else if (cp < 0x10000) {
        out += char(0xE0 | (cp >> 12));
        out += char(0x80 | ((cp >> 6) & 0x3F));
        out += char(0x80 | (cp & 0x3F));
    } else {
        out += char(0xF0 | (cp >> 18));
        out += char(0x80 | ((cp >> 12) & 0x3F));
        out += char(0x80 | ((cp >> 6) & 0x3F));
        out += char(0x80 | (cp & 0x3F));
    }
}

// "\uD83D\uDE00" style escapes at s[at] (pointing at the first hex digit): the code point and
// the index after it, joining a surrogate pair when its low half follows. Nothing if malformed.
inline std::optional<std::pair<unsigned, std::size_t>> parseUnicodeEscape(std::string_view s, std::size_t at)
{
    auto cp = parseHex4(s, at);
    if (!cp)
        return std::nullopt;
    std::size_t next = at + 4;
    if (*cp >= 0xD800 && *cp < 0xDC00 && next + 6 <= s.size() && s[next] == '\\' && s[next + 1] == 'u')
        if (auto lo = parseHex4(s, next + 2); lo && *lo >= 0xDC00 && *lo < 0xE000) {
            cp = 0x10000 + ((*cp - 0xD800) << 10) + (*lo - 0xDC00);
            next += 6;
        }
    return std::make_pair(*cp, next);
}

// The first `limit` bytes of `text` or fewer, without splitting a UTF-8 sequence.
inline std::string_view cutUtf8(std::string_view text, std::size_t limit)
{
    if (text.size() <= limit)
        return text;
    std::size_t end = limit;
    while (end > 0 && (static_cast<unsigned char>(text[end]) & 0xC0) == 0x80)
        --end;
    return text.substr(0, end);
}

// True for a line of nothing but spaces and tabs (or nothing).
inline bool isBlank(std::string_view s)
{
    return s.find_first_not_of(" \t") == std::string_view::npos;
}

// True when `part` lies wholly inside `whole`: a view that points into a buffer. std::less
// orders pointers into different buffers too, where `<` does not.
inline bool liesWithin(std::string_view part, std::string_view whole)
{
    const std::less<const char *> before;
    return !part.empty() && !before(part.data(), whole.data()) && !before(whole.data() + whole.size(), part.data() + part.size());
}

// `s` without the spaces, tabs and carriage returns around it (a CRLF line split at '\n').
inline std::string_view trimmed(std::string_view s)
{
    const std::size_t b = s.find_first_not_of(" \t\r");
    if (b == std::string_view::npos)
        return {};
    return s.substr(b, s.find_last_not_of(" \t\r") - b + 1);
}

// "Jan" .. "Dec" -> 1 .. 12, else 0 (syslog, journald short, dmesg -H/-T stamps).
inline unsigned monthFromAbbrev(std::string_view m)
{
    static constexpr std::string_view kMonths[12] = {"Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};
    for (unsigned i = 0; i < 12; ++i)
        if (m == kMonths[i])
            return i + 1;
    return 0;
}

// Iterates the lines of a buffer: fn(text without "\n" or "\r\n", byte offset, 1-based number).
// A last line without a newline counts; the empty remainder after a final newline does not.
// `fn` may return bool: false stops the walk.
template <typename Fn> void forEachLine(std::string_view bytes, Fn &&fn)
{
    std::size_t pos = 0;
    std::uint32_t number = 0;
    while (pos < bytes.size()) {
        std::size_t end = bytes.find('\n', pos);
        if (end == std::string_view::npos)
            end = bytes.size();
        std::string_view line = bytes.substr(pos, end - pos);
        if (!line.empty() && line.back() == '\r')
            line.remove_suffix(1);
        const std::size_t offset = pos;
        pos = end + 1;
        if constexpr (std::is_void_v<std::invoke_result_t<Fn &, std::string_view, std::size_t, std::uint32_t>>) {
            fn(line, offset, ++number);
        } else {
            if (!fn(line, offset, ++number))
                return;
        }
    }
}

// Calls fn(item) for each non-empty item of a `separator`-separated list ("a,b,c"): the
// container lists of status patches.
template <typename Fn> void forEachListItem(std::string_view list, char separator, Fn &&fn)
{
    while (!list.empty()) {
        const std::size_t end = std::min(list.find(separator), list.size());
        if (end > 0)
            fn(list.substr(0, end));
        list.remove_prefix(std::min(end + 1, list.size()));
    }
}

// True when `item` is one of the items of the list (a whole item, not a substring).
inline bool listContains(std::string_view list, char separator, std::string_view item)
{
    bool found = false;
    forEachListItem(list, separator, [&](std::string_view x) { found = found || x == item; });
    return found;
}

} // namespace kubelane::core::text
