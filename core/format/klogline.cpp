#include "klogline.h"

#include "../util/bytescan.h"
#include "../util/textscan.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstring>

namespace kubelane::core {

namespace {

using text::isDigit;

inline bool twoDigits(std::string_view s, size_t at, unsigned &out)
{
    return text::parseDigits(s, at, 2, out);
}

constexpr std::array<bool, 256> kKeyChars = [] {
    std::array<bool, 256> key{};
    for (int c = 0; c < 256; ++c)
        key[static_cast<std::size_t>(c)] =
            (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '-' || c == '.';
    return key;
}();

inline bool isKeyChar(char c)
{
    return kKeyChars[static_cast<unsigned char>(c)];
}

// Returns the index one past the closing quote of a Go-quoted string starting at `at` (which is
// the opening quote), or npos when it never closes.
// The position just past the closing quote of the string opening at `at`; npos when it does
// not close. `escaped` says whether a backslash came before it (else the text is as written).
size_t skipQuoted(std::string_view s, size_t at, bool &escaped)
{
    escaped = false;
    for (size_t i = at + 1;;) {
        i = bytescan::findEither(s, i, '"', '\\');
        if (i == std::string_view::npos)
            return i;
        if (s[i] == '"')
            return i + 1;
        escaped = true;
        i += 2; // an escaped byte
    }
}

size_t skipQuoted(std::string_view s, size_t at)
{
    bool escaped = false;
    return skipQuoted(s, at, escaped);
}

// A value that is not quoted runs to the next space, except that brackets nest: klog prints
// structs with %+v ("&Probe{Handler:... Timeout:1}") and slices ("[a b]").
constexpr std::array<bool, 256> kBareValueStops = [] {
    std::array<bool, 256> stops{};
    for (const char c : std::string_view("{[()]}\" "))
        stops[static_cast<unsigned char>(c)] = true;
    return stops;
}();

size_t skipBareValue(std::string_view s, size_t at)
{
    int depth = 0;
    size_t i = at;
    for (; i < s.size(); ++i) {
        // Only brackets, quotes and spaces matter: one table look-up for every other byte.
        while (i < s.size() && !kBareValueStops[static_cast<unsigned char>(s[i])])
            ++i;
        if (i == s.size())
            break;
        const char c = s[i];
        if (c == '{' || c == '[' || c == '(')
            ++depth;
        else if ((c == '}' || c == ']' || c == ')') && depth > 0)
            --depth;
        else if (c == '"' && depth > 0) {
            const size_t end = skipQuoted(s, i);
            if (end == std::string_view::npos)
                return s.size();
            i = end - 1;
        } else if (c == ' ' && depth == 0)
            break;
    }
    return i;
}

} // namespace

namespace {

// February has 29 days: a klog header shows no year, and 29 Feb of a leap year is a date.
constexpr unsigned kDaysInMonth[13] = {0, 31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};

// The fields of "Lmmdd hh:mm:ss" when the line has that shape (digits and separators), valid
// or not.
bool klogTimeFields(std::string_view s, unsigned &mo, unsigned &d, unsigned &h, unsigned &mi, unsigned &se)
{
    if (s.size() < 24 || (s[0] != 'I' && s[0] != 'W' && s[0] != 'E' && s[0] != 'F'))
        return false;
    return twoDigits(s, 1, mo) && twoDigits(s, 3, d) && s[5] == ' ' && twoDigits(s, 6, h) && s[8] == ':' && twoDigits(s, 9, mi)
        && s[11] == ':' && twoDigits(s, 12, se);
}

bool validKlogTime(unsigned mo, unsigned d, unsigned h, unsigned mi, unsigned se)
{
    return mo >= 1 && mo <= 12 && d >= 1 && d <= kDaysInMonth[mo] && h <= 23 && mi <= 59 && se <= 60;
}

} // namespace

bool isGlogPreamble(std::string_view line)
{
    return line.starts_with("Log file created at: ") || line.starts_with("Running on machine: ") || line.starts_with("Binary: Built with ")
        || line.starts_with("Log line format: ");
}

bool looksLikeKlogHeaderWithImpossibleTime(std::string_view line)
{
    unsigned mo, d, h, mi, se;
    return klogTimeFields(line, mo, d, h, mi, se) && !validKlogTime(mo, d, h, mi, se) && line.find("] ") != std::string_view::npos;
}

bool parseKlogHeader(std::string_view s, KlogHeader &out)
{
    // glog writes this before every line a program logs before it parses its flags (add-ons,
    // provisioners and components up to klog's fork in 1.13); klog dropped it.
    constexpr std::string_view kBeforeFlagParse = "ERROR: logging before flag.Parse: ";
    if (s.size() > kBeforeFlagParse.size() && s[1] == 'R' && s.starts_with(kBeforeFlagParse))
        s.remove_prefix(kBeforeFlagParse.size());
    // "I0312 10:42:26.101676 2353235 kubelet.go:1887] " is at least 30 characters.
    if (s.size() < 24)
        return false;
    switch (s[0]) {
    case 'I': out.severity = Severity::Info; break;
    case 'W': out.severity = Severity::Warning; break;
    case 'E': out.severity = Severity::Error; break;
    case 'F': out.severity = Severity::Fatal; break;
    default: return false;
    }
    unsigned mo, d, h, mi, se;
    if (!twoDigits(s, 1, mo) || !twoDigits(s, 3, d) || s[5] != ' ' || !twoDigits(s, 6, h) || s[8] != ':' || !twoDigits(s, 9, mi)
        || s[11] != ':' || !twoDigits(s, 12, se))
        return false;
    if (!validKlogTime(mo, d, h, mi, se))
        return false;
    size_t i = 14;
    std::int64_t frac = 0;
    if (s[i] == '.') {
        int n = 0;
        i = text::parseFraction(s, i + 1, frac, &n);
        if (n == 0)
            return false;
    }
    // Thread id, right-aligned in a field of 7. Write-ups often cut it out by hand
    // ("E0424 11:28:19.584977  leaderelection.go:429] ..."): the file then follows the spaces,
    // and must end in its line number, as klog prints it.
    const size_t spaces = i;
    while (i < s.size() && s[i] == ' ')
        ++i;
    const size_t tidStart = i;
    while (i < s.size() && isDigit(s[i]))
        ++i;
    const bool noThreadId = i == tidStart && tidStart > spaces;
    out.threadId = s.substr(tidStart, i - tidStart);
    if (!noThreadId) {
        if (i == tidStart || i >= s.size() || s[i] != ' ')
            return false;
        ++i;
    }
    // file:line]
    const size_t fileStart = i;
    const size_t close = s.find(']', i);
    if (close == std::string_view::npos || close - fileStart > 256)
        return false;
    const std::string_view file = s.substr(fileStart, close - fileStart);
    const size_t colon = file.rfind(':');
    if (colon == std::string_view::npos || file.find(' ') != std::string_view::npos)
        return false;
    if (noThreadId && (colon + 1 == file.size() || !std::all_of(file.begin() + colon + 1, file.end(), isDigit)))
        return false;
    out.month = mo;
    out.day = d;
    out.nsOfDay = (std::int64_t(h) * 3600 + mi * 60 + se) * kNsPerSecond + frac;
    out.file = file;
    size_t msg = close + 1;
    if (msg < s.size() && s[msg] == ' ')
        ++msg;
    out.message = s.substr(msg);
    return true;
}

std::string_view FieldList::own(std::string &&text)
{
    if (m_ownedUsed == m_owned.size())
        m_owned.emplace_back();
    std::string &slot = m_owned[m_ownedUsed++];
    slot = std::move(text);
    return slot;
}

std::string_view FieldList::get(std::string_view key) const
{
    for (const auto &[k, v] : m_items)
        if (k == key)
            return v;
    return {};
}

void FieldList::set(std::string_view key, std::string_view value)
{
    for (auto &[k, v] : m_items)
        if (k == key) {
            v = value;
            return;
        }
    add(key, value);
}

std::string_view unquoteGo(std::string_view body, FieldList &fields)
{
    if (body.find('\\') == std::string_view::npos)
        return body;
    std::string out;
    out.reserve(body.size());
    // The text between escapes is copied in one piece: most quoted values are long (status
    // patches, messages) with few escapes, and a byte at a time was 2 % of the load.
    for (size_t i = 0; i < body.size(); ++i) {
        const size_t escape = std::min(body.find('\\', i), body.size());
        out.append(body.substr(i, escape - i));
        i = escape;
        if (i + 1 >= body.size()) {
            if (i < body.size())
                out += '\\'; // a final backslash escapes nothing
            break;
        }
        const char c = body[++i];
        switch (c) {
        case 'n': out += '\n'; break;
        case 't': out += '\t'; break;
        case 'r': out += '\r'; break;
        case '"': out += '"'; break;
        case '\\': out += '\\'; break;
        case 'u':
            // A malformed escape is kept as written: log text is not ours to reject.
            if (const auto esc = text::parseUnicodeEscape(body, i + 1)) {
                text::appendUtf8(out, esc->first);
                i = esc->second - 1;
            } else {
                out += "\\u";
            }
            break;
        default:
            out += '\\';
            out += c;
            break;
        }
    }
    return fields.own(std::move(out));
}

bool parseStructuredMessage(std::string_view m, std::string_view &text, FieldList &fields)
{
    text = m;
    if (m.size() < 2 || m[0] != '"')
        return false;
    bool textEscaped = false;
    const size_t end = skipQuoted(m, 0, textEscaped);
    if (end == std::string_view::npos)
        return false;
    // After the message: nothing, or " key=value ..."
    if (end != m.size() && m[end] != ' ')
        return false;
    size_t i = end;
    const size_t itemsBefore = fields.items().size();
    while (i < m.size()) {
        while (i < m.size() && m[i] == ' ')
            ++i;
        if (i >= m.size())
            break;
        const size_t keyStart = i;
        while (i < m.size() && isKeyChar(m[i]))
            ++i;
        if (i == keyStart || i >= m.size() || m[i] != '=')
            return i == keyStart && fields.items().size() > itemsBefore; // trailing junk
        const std::string_view key = m.substr(keyStart, i - keyStart);
        ++i;
        std::string_view value;
        if (i < m.size() && m[i] == '"') {
            bool escaped = false;
            const size_t close = skipQuoted(m, i, escaped);
            if (close == std::string_view::npos) {
                value = m.substr(i + 1);
                i = m.size();
            } else {
                // Unquoted only where the scan passed a backslash: most values have none, and
                // a second scan of every value looking for one was 3 % of the parse.
                value = m.substr(i + 1, close - i - 2);
                if (escaped)
                    value = unquoteGo(value, fields);
                i = close;
            }
        } else if (i < m.size() && m[i] == '<') {
            // Multi-line values print as key=<\n\tline\n >; the rest is on continuation lines.
            value = m.substr(i);
            i = m.size();
        } else {
            const size_t close = skipBareValue(m, i);
            value = m.substr(i, close - i);
            i = close;
        }
        fields.add(key, value);
    }
    text = textEscaped ? unquoteGo(m.substr(1, end - 2), fields) : m.substr(1, end - 2);
    return true;
}

} // namespace kubelane::core
