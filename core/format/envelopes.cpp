#include "envelopes.h"

#include "klogline.h"

#include "../model/zonenames.h"
#include "../util/textscan.h"

#include <algorithm>
#include <charconv>
#include <array>
#include <cctype>
#include <span>
#include <string>

namespace kubelane::core {

namespace {

using text::isDigit;

bool num(std::string_view s, size_t at, size_t n, unsigned &out)
{
    return text::parseDigits(s, at, n, out);
}

// "hh:mm:ss[.ffffff]" at `at`; returns index after it or npos.
size_t parseClock(std::string_view s, size_t at, std::int64_t &nsOfDay, bool &precise)
{
    unsigned h, m, sec;
    if (!num(s, at, 2, h) || at + 8 > s.size() || s[at + 2] != ':' || !num(s, at + 3, 2, m) || s[at + 5] != ':' || !num(s, at + 6, 2, sec)
        || h > 23 || m > 59 || sec > 60)
        return std::string_view::npos;
    size_t i = at + 8;
    std::int64_t frac = 0;
    int digits = 0;
    if (i < s.size() && s[i] == '.')
        i = text::parseFraction(s, i + 1, frac, &digits);
    precise = digits > 0;
    nsOfDay = (std::int64_t(h) * 3600 + std::int64_t(m) * 60 + sec) * kNsPerSecond + frac;
    return i;
}

// "daemon.warn" -> "warn": the priority, when the word is one of syslog's facility names, a dot
// and one of its priority names (glibc's facilitynames and prioritynames, which BusyBox's
// syslogd prints), else "". Kept apart from severityFromName, which takes any logger's level
// names in any case ("trace", "Information", "e"): none of those follows a facility.
std::string_view syslogPriorityOf(std::string_view word)
{
    const size_t dot = word.find('.');
    if (dot == std::string_view::npos)
        return {};
    static constexpr std::array<std::string_view, 22> kFacilities{
        "auth",   "authpriv", "cron", "daemon", "ftp",    "kern",   "lpr",    "mail",   "mark",   "news",   "security",
        "syslog", "user",     "uucp", "local0", "local1", "local2", "local3", "local4", "local5", "local6", "local7"};
    // "none" is a selector of syslog.conf, never a message's priority.
    static constexpr std::array<std::string_view, 11> kPriorities{"alert", "crit",   "debug", "emerg", "err",    "error",
                                                                  "info",  "notice", "panic", "warn",  "warning"};
    const std::string_view facility = word.substr(0, dot), priority = word.substr(dot + 1);
    const bool known = std::find(kFacilities.begin(), kFacilities.end(), facility) != kFacilities.end()
        && std::find(kPriorities.begin(), kPriorities.end(), priority) != kPriorities.end();
    return known ? priority : std::string_view{};
}

// "host ident[pid]: message" after the time stamp. A paste may have the host cut out
// ("Sep 04 09:23:20 kubelet[7981]: ...", to hide it): a host name never ends with a colon, an
// identifier always does.
bool parseHostAndIdentifier(std::string_view s, size_t i, JournaldLine &out)
{
    if (i >= s.size() || s[i] != ' ')
        return false;
    ++i;
    const size_t senderStart = i;
    const size_t hostEnd = s.find(' ', i);
    if (hostEnd == std::string_view::npos || hostEnd == i)
        return false;
    // Without the host only "ident[pid]:" will do: a kernel ring's "ACPI: ..." is no journal line.
    const std::string_view first = s.substr(i, hostEnd - i);
    if (!(first.ends_with("]:") && first.find('[') != std::string_view::npos && first.find('[') > 0)) {
        out.host = first;
        i = hostEnd + 1;
    }
    const size_t colon = s.find(": ", i);
    const size_t lineEnd = colon == std::string_view::npos && s.ends_with(":") ? s.size() - 1 : colon;
    if (lineEnd == std::string_view::npos)
        return false;
    std::string_view ident = s.substr(i, lineEnd - i);
    // BusyBox's syslogd (Alpine, Buildroot, OpenWrt) writes the facility and priority after
    // the host: "host daemon.warn chronyd[583]: ...".
    const size_t space = ident.find(' ');
    if (const std::string_view priority = space == std::string_view::npos ? std::string_view{} : syslogPriorityOf(ident.substr(0, space));
        !priority.empty()) {
        out.priority = priority;
        i += space + 1;
        ident.remove_prefix(space + 1);
    }
    if (ident.empty() || ident.find(' ') != std::string_view::npos || ident.size() > 64)
        return false;
    if (const size_t br = ident.find('['); br != std::string_view::npos) {
        if (ident.ends_with(']'))
            out.pid = ident.substr(br + 1, ident.size() - br - 2);
        ident = ident.substr(0, br);
    }
    out.identifier = ident;
    out.sender = s.substr(senderStart, i + ident.size() - senderStart);
    out.message = lineEnd + 2 <= s.size() ? s.substr(lineEnd + 2) : std::string_view{};
    return true;
}

// short-monotonic "[ 1234.567890] host ident[pid]: msg", short-delta "[ 1234.567890 <    0.000123>] ...".
bool parseMonotonicStamp(std::string_view s, JournaldLine &out)
{
    size_t i = 1;
    while (i < s.size() && s[i] == ' ')
        ++i;
    const size_t digits = i;
    std::int64_t seconds = 0;
    while (i < s.size() && isDigit(s[i]) && i - digits < 12)
        seconds = seconds * 10 + (s[i++] - '0');
    if (i == digits || i >= s.size() || s[i] != '.')
        return false;
    std::int64_t frac = 0;
    int n = 0;
    i = text::parseFraction(s, i + 1, frac, &n);
    if (n != 6 || i >= s.size())
        return false;
    if (s[i] == ' ' && i + 1 < s.size() && s[i + 1] == '<') { // short-delta's "<delta>"
        const size_t close = s.find('>', i);
        if (close == std::string_view::npos)
            return false;
        i = close + 1;
    }
    if (i >= s.size() || s[i] != ']')
        return false;
    out.monotonicNs = seconds * kNsPerSecond + frac;
    out.style = JournaldStyle::ShortMonotonic;
    return parseHostAndIdentifier(s, i + 1, out);
}

// short-unix "1607306400.123456 host ident[pid]: msg": seconds since the epoch, UTC.
bool parseUnixStamp(std::string_view s, JournaldLine &out)
{
    std::int64_t seconds = 0, frac = 0;
    int n = 0;
    if (!text::parseDigits(s, 0, 10, seconds))
        return false;
    const size_t i = text::parseFraction(s, 11, frac, &n);
    if (n != 6)
        return false;
    out.utc = seconds * kNsPerSecond + frac;
    out.hasZone = true;
    out.local = toCivil(Timestamp{out.utc});
    out.style = JournaldStyle::ShortUnix;
    return parseHostAndIdentifier(s, i, out);
}

// short-full / with-unit "Mon 2020-12-07 10:00:00 CST host ident[pid]: msg" (format_timestamp:
// "%a %Y-%m-%d %H:%M:%S %Z"; "UTC" with --utc). A zone name with one meaning gives the exact
// time; an ambiguous one (CST) leaves a local reading, with its year, for the zone inference.
bool parseFullStamp(std::string_view s, JournaldLine &out)
{
    unsigned y, mo, d;
    if (!num(s, 4, 4, y) || !num(s, 9, 2, mo) || !num(s, 12, 2, d) || !isValidDate(int(y), mo, d))
        return false;
    bool precise = false;
    const size_t i = parseClock(s, 15, out.local.nsOfDay, precise);
    if (i == std::string_view::npos || i >= s.size() || s[i] != ' ')
        return false;
    const size_t zoneEnd = s.find(' ', i + 1);
    if (zoneEnd == std::string_view::npos)
        return false;
    const ZoneName zone = lookupZoneName(s.substr(i + 1, zoneEnd - i - 1));
    if (zone.offsets.empty())
        return false;
    out.local.year = int(y);
    out.local.month = mo;
    out.local.day = d;
    if (!zone.ambiguous()) {
        out.hasZone = true;
        out.utcOffsetSeconds = zone.offsets.front();
    }
    if (!parseHostAndIdentifier(s, zoneEnd, out))
        return false;
    // with-unit shows the unit where short-full shows the identifier.
    const bool unit = out.identifier.ends_with(".service") || out.identifier.ends_with(".scope") || out.identifier.ends_with(".mount")
        || out.identifier.ends_with(".socket");
    out.style = unit ? JournaldStyle::WithUnit : JournaldStyle::ShortFull;
    return true;
}

} // namespace

const char *journaldStyleName(JournaldStyle s)
{
    switch (s) {
    case JournaldStyle::Short: return "journald short";
    case JournaldStyle::ShortPrecise: return "journald short-precise";
    case JournaldStyle::ShortIso: return "journald short-iso";
    case JournaldStyle::ShortIsoPrecise: return "journald short-iso-precise";
    case JournaldStyle::TimeOnly: return "journald (time only)";
    case JournaldStyle::ShortMonotonic: return "journald short-monotonic";
    case JournaldStyle::ShortUnix: return "journald short-unix";
    case JournaldStyle::ShortFull: return "journald short-full";
    case JournaldStyle::WithUnit: return "journald with-unit";
    case JournaldStyle::IdentifierOnly: return "journald (no date or host)";
    }
    return "journald";
}

// %b of the locales journals are read in most (glibc's abbreviations, lower case, without
// their dot), where they differ from English: French, German, Spanish, Italian, Portuguese,
// Dutch, Swedish, Polish, Turkish, Russian.
unsigned monthOfLocaleAbbrev(std::string_view word)
{
    static constexpr std::pair<std::string_view, unsigned> kAbbrevs[] = {
        {"janv", 1}, {"févr", 2}, {"mars", 3}, {"avril", 4}, {"mai", 5},  {"juin", 6}, {"juil", 7}, {"août", 8}, {"sept", 9},
        {"déc", 12}, {"mär", 3},  {"okt", 10}, {"dez", 12},  {"ene", 1},  {"abr", 4},  {"ago", 8},  {"dic", 12}, {"gen", 1},
        {"mag", 5},  {"giu", 6},  {"lug", 7},  {"set", 9},   {"ott", 10}, {"fev", 2},  {"out", 10}, {"mrt", 3},  {"mei", 5},
        {"maj", 5},  {"sty", 1},  {"lut", 2},  {"kwi", 4},   {"cze", 6},  {"lip", 7},  {"sie", 8},  {"wrz", 9},  {"paź", 10},
        {"lis", 11}, {"gru", 12}, {"oca", 1},  {"şub", 2},   {"Şub", 2},  {"nis", 4},  {"haz", 6},  {"tem", 7},  {"ağu", 8},
        {"eyl", 9},  {"eki", 10}, {"kas", 11}, {"ara", 12},  {"янв", 1},  {"фев", 2},  {"мар", 3},  {"апр", 4},  {"мая", 5},
        {"июн", 6},  {"июл", 7},  {"авг", 8},  {"сен", 9},   {"окт", 10}, {"ноя", 11}, {"дек", 12},
    };
    if (word.ends_with('.'))
        word.remove_suffix(1);
    std::string lower(word);
    for (char &c : lower) // ASCII letters; the rest as the table holds them (Turkish "Şub" both ways)
        c = static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
    for (const auto &[abbrev, month] : kAbbrevs)
        if (lower == abbrev)
            return month;
    return 0;
}

// The month of a date journalctl printed in another language than English (%b of the
// reader's locale): English in any case ("jun"), a locale's own abbreviation ("mai", "Dez",
// "févr."), or a number before 月/월 ("11月"); 0 for any other word, which the file's klog
// headers then give.
unsigned monthOfLocalDate(std::string_view word)
{
    if (word.size() >= 3) {
        std::string abbrev(word.substr(0, 3));
        abbrev[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(abbrev[0])));
        for (std::size_t k = 1; k < 3; ++k)
            abbrev[k] = static_cast<char>(std::tolower(static_cast<unsigned char>(abbrev[k])));
        if (const unsigned m = text::monthFromAbbrev(abbrev);
            m > 0 && (word.size() == 3 || !std::isalpha(static_cast<unsigned char>(word[3]))))
            return m;
    }
    if (const unsigned m = monthOfLocaleAbbrev(word))
        return m;
    std::size_t digits = 0;
    while (digits < word.size() && isDigit(word[digits]))
        ++digits;
    unsigned m = 0;
    if (digits > 0 && digits <= 2 && (word.substr(digits) == "\u6708" || word.substr(digits) == "\uC6D4") && num(word, 0, digits, m)
        && m >= 1 && m <= 12)
        return m;
    return 0;
}

// Vietnamese writes its months as a word and a number ("Thg 11 06": glibc's vi_VN), the one
// locale whose abbreviated month is two words.
bool isMonthBeforeItsNumber(std::string_view word)
{
    return word == "Thg" || word == "thg";
}

// journalctl's short format with the date in another language ("jun 07 11:54:49", "Dez 03",
// "11月 05", "sept. 20", "Thg 11 06"), or cut short in a paste ("9 09:58:07", "an 07
// 11:54:49"): at most two words before the clock (three for a month of two), then "host
// ident[pid]: ". A klog payload's header gives the month where the words do not; a line
// without one takes the file's last date.
bool parseOtherLocaleStamp(std::string_view s, JournaldLine &out)
{
    // Asked of every line no other shape read (a klog file's stack frames): the clock is looked
    // for in the first bytes only, and the words before it counted without storing them.
    const std::size_t colon = s.substr(0, 25).find(':');
    if (colon == std::string_view::npos || colon < 2)
        return false;
    const std::size_t clockAt = colon - 2;
    if (clockAt > 0 && s[clockAt - 1] != ' ')
        return false;
    std::array<std::string_view, 3> words;
    std::size_t wordCount = 0;
    for (std::string_view rest = s.substr(0, clockAt); !rest.empty();) {
        const std::size_t end = std::min(rest.find(' '), rest.size());
        if (end > 0 && wordCount == words.size())
            return false; // more than three words: some other text
        if (end > 0)
            words[wordCount++] = rest.substr(0, end);
        rest.remove_prefix(std::min(end + 1, rest.size()));
    }
    const bool monthOfTwoWords = wordCount >= 2 && isMonthBeforeItsNumber(words[0]);
    if (wordCount == 3 && !monthOfTwoWords)
        return false;
    bool precise = false;
    const std::size_t i = parseClock(s, clockAt, out.local.nsOfDay, precise);
    if (i == std::string_view::npos || !parseHostAndIdentifier(s, i, out))
        return false;
    // The identifier with its process id: the shape of a journal or syslog line.
    const std::size_t colonAfter = static_cast<std::size_t>(out.message.data() - s.data()) - 2;
    if (out.message.data() < s.data() + 2 || s[colonAfter - 1] != ']')
        return false;
    std::span<const std::string_view> dateWords(words.data(), wordCount);
    if (unsigned month = 0; monthOfTwoWords) {
        if (num(words[1], 0, words[1].size(), month) && month >= 1 && month <= 12)
            out.local.month = month;
        dateWords = dateWords.subspan(2); // the day, when the paste kept it
    }
    for (const std::string_view word : dateWords) {
        unsigned day = 0;
        if (word.size() <= 2 && num(word, 0, word.size(), day) && day >= 1 && day <= 31)
            out.local.day = day;
        else if (const unsigned m = monthOfLocalDate(word))
            out.local.month = m;
    }
    if (out.local.month == 0 || out.local.day == 0) // a day without its month says nothing, nor a month without its day
        out.local.month = out.local.day = 0;
    out.style = out.local.month != 0 ? (precise ? JournaldStyle::ShortPrecise : JournaldStyle::Short) : JournaldStyle::TimeOnly;
    out.wholeSeconds = !precise;
    return true;
}

bool parseJournaldLineWithoutStamp(std::string_view s, JournaldLine &out)
{
    out = JournaldLine{};
    const std::size_t open = s.substr(0, 65).find('[');
    if (open == std::string_view::npos || open == 0)
        return false;
    const std::string_view identifier = s.substr(0, open);
    for (const char c : identifier)
        if (!std::isalnum(static_cast<unsigned char>(c)) && c != '.' && c != '-' && c != '_' && c != '@')
            return false;
    std::size_t close = open + 1;
    while (close < s.size() && close - open <= 8 && isDigit(s[close]))
        ++close;
    if (close == open + 1 || s.substr(close, 2) != "]:" || (close + 2 < s.size() && s[close + 2] != ' '))
        return false;
    // A klog trace's step ("Trace[1390363737]: ---\"Object stored\" 500ms") names a trace, not a
    // process: the line continues the trace's entry. Linux's process ids stop at 2^22.
    unsigned long pid = 0;
    std::from_chars(s.data() + open + 1, s.data() + close, pid);
    if (identifier == "Trace" || pid == 0 || pid > (1ul << 22)) // ("spec.containers[0]: Invalid value" names no process either)
        return false;
    out.style = JournaldStyle::IdentifierOnly;
    out.identifier = identifier;
    out.pid = s.substr(open + 1, close - open - 1);
    out.sender = s.substr(0, close + 1);
    out.message = s.substr(std::min(close + 3, s.size()));
    return true;
}

bool parseJournaldLine(std::string_view s, JournaldLine &out)
{
    out = JournaldLine{};
    bool precise = false;
    if (s.size() >= 16 && s[3] == ' ' && text::monthFromAbbrev(s.substr(0, 3)) > 0) {
        // "Dec 07 15:16:15[.718067] host ident[pid]: msg"  (day may be space-padded: "Dec  7")
        unsigned day;
        const char d0 = s[4] == ' ' ? '0' : s[4];
        if (!isDigit(d0) || !isDigit(s[5]) || s[6] != ' ')
            return false;
        day = unsigned(d0 - '0') * 10 + unsigned(s[5] - '0');
        const size_t i = parseClock(s, 7, out.local.nsOfDay, precise);
        if (i == std::string_view::npos)
            return false;
        out.local.month = text::monthFromAbbrev(s.substr(0, 3));
        out.local.day = day;
        out.style = precise ? JournaldStyle::ShortPrecise : JournaldStyle::Short;
        out.wholeSeconds = !precise;
        return parseHostAndIdentifier(s, i, out);
    }
    if (s.size() >= 25 && s[4] == '-' && s[7] == '-' && s[10] == 'T') {
        // "2020-12-07T15:16:15[.718067]+0800 host ident[pid]: msg"
        unsigned y, mo, d;
        if (!num(s, 0, 4, y) || !num(s, 5, 2, mo) || !num(s, 8, 2, d) || !isValidDate(int(y), mo, d))
            return false;
        size_t i = parseClock(s, 11, out.local.nsOfDay, precise);
        if (i == std::string_view::npos)
            return false;
        const size_t zoneEnd = s.find(' ', i);
        if (zoneEnd == std::string_view::npos)
            return false;
        // The CRI format also starts with an RFC 3339 stamp, but is followed by stdout/stderr.
        const std::string_view after = s.substr(zoneEnd + 1);
        if (after.starts_with("stdout ") || after.starts_with("stderr "))
            return false;
        const auto zone = parseUtcOffset(s.substr(i, zoneEnd - i));
        if (!zone)
            return false;
        out.local.year = int(y);
        out.local.month = mo;
        out.local.day = d;
        out.utcOffsetSeconds = *zone;
        out.hasZone = true;
        out.style = precise ? JournaldStyle::ShortIsoPrecise : JournaldStyle::ShortIso;
        return parseHostAndIdentifier(s, zoneEnd, out);
    }
    if (s.size() >= 10 && s[0] == '[')
        return parseMonotonicStamp(s, out);
    if (s.size() >= 18 && isDigit(s[0]) && s.find('.') == 10)
        return parseUnixStamp(s, out);
    if (s.size() >= 24 && s[3] == ' ' && s[8] == '-' && s[11] == '-' && s[14] == ' ')
        return parseFullStamp(s, out);
    if (s.size() >= 12 && s[2] == ':' && s[5] == ':') {
        // "15:16:15 node3 kubelet[14756]: ..." as pasted in write-ups with the date cut off.
        const size_t i = parseClock(s, 0, out.local.nsOfDay, precise);
        if (i == std::string_view::npos)
            return false;
        out.style = JournaldStyle::TimeOnly;
        out.wholeSeconds = !precise;
        return parseHostAndIdentifier(s, i, out) && s.find('[') != std::string_view::npos;
    }
    return parseOtherLocaleStamp(s, out);
}

bool isJournaldMetaLine(std::string_view line)
{
    return line.starts_with("-- Logs begin at") || line.starts_with("-- Journal begins at") || line.starts_with("-- Reboot --")
        || line.starts_with("-- No entries --") || line.starts_with("-- Boot ");
}

bool parseCriLine(std::string_view s, CriLine &out)
{
    const size_t sp = s.find(' ');
    if (sp == std::string_view::npos || sp < 20)
        return false;
    const auto ts = parseRfc3339(s.substr(0, sp));
    if (!ts)
        return false;
    size_t i = sp + 1;
    const size_t sp2 = s.find(' ', i);
    if (sp2 == std::string_view::npos)
        return false;
    out.stream = s.substr(i, sp2 - i);
    if (out.stream != "stdout" && out.stream != "stderr")
        return false;
    i = sp2 + 1;
    size_t sp3 = s.find(' ', i);
    if (sp3 == std::string_view::npos)
        sp3 = s.size(); // an empty F line has no trailing space
    const std::string_view tag = s.substr(i, sp3 - i);
    if (tag.empty() || (tag[0] != 'F' && tag[0] != 'P'))
        return false;
    out.partial = tag[0] == 'P';
    out.utc = *ts;
    out.message = sp3 < s.size() ? s.substr(sp3 + 1) : std::string_view{};
    return true;
}

bool parseTimestampPrefixLine(std::string_view s, TimestampPrefixLine &out)
{
    // "2024-01-02T03:04:05Z" is the shortest stamp; 'T' as RFC 3339 and Go write it.
    const size_t sp = s.find(' ');
    if (sp == std::string_view::npos || sp < 20 || s[10] != 'T')
        return false;
    const auto ts = parseRfc3339(s.substr(0, sp));
    if (!ts)
        return false;
    out.utc = *ts;
    out.message = s.substr(sp + 1);
    return true;
}

bool splitProgramTag(std::string_view message, std::string_view &program, std::string_view &line)
{
    std::string_view s = message;
    if (s.starts_with("- "))
        s.remove_prefix(2);
    size_t i = 0;
    auto nameByte = [](char c) { return text::isAlnum(c) || c == '-' || c == '_' || c == '.'; };
    if (s.empty() || !text::isAlpha(s[0]))
        return false;
    while (i < s.size() && i < 64 && nameByte(s[i]))
        ++i;
    const size_t nameEnd = i;
    if (i < s.size() && s[i] == '[') { // a pid
        const size_t digits = ++i;
        while (i < s.size() && text::isDigit(s[i]))
            ++i;
        if (i == digits || i >= s.size() || s[i] != ']')
            return false;
        ++i;
    }
    if (i < s.size() && s[i] == ':')
        ++i;
    if (i >= s.size() || s[i] != ' ')
        return false;
    program = s.substr(0, nameEnd);
    line = s.substr(i + 1);
    return true;
}

std::size_t decodeJsonString(std::string_view s, std::size_t i, std::string &out)
{
    while (i < s.size()) {
        const char c = s[i];
        if (c == '"')
            return i + 1;
        if (c != '\\') {
            // Copy a run of plain bytes at once.
            size_t e = i;
            while (e < s.size() && s[e] != '"' && s[e] != '\\')
                ++e;
            out.append(s.substr(i, e - i));
            i = e;
            continue;
        }
        if (i + 1 >= s.size())
            return std::string_view::npos;
        const char esc = s[i + 1];
        i += 2;
        switch (esc) {
        case 'n': out += '\n'; break;
        case 't': out += '\t'; break;
        case 'r': out += '\r'; break;
        case 'b': out += '\b'; break;
        case 'f': out += '\f'; break;
        case '/': out += '/'; break;
        case '\\': out += '\\'; break;
        case '"': out += '"'; break;
        case 'u': {
            const auto esc = text::parseUnicodeEscape(s, i);
            if (!esc)
                return std::string_view::npos;
            text::appendUtf8(out, esc->first);
            i = esc->second;
            break;
        }
        default: return std::string_view::npos;
        }
    }
    return std::string_view::npos;
}

bool parseDockerJsonLine(std::string_view s, DockerJsonLine &out, std::string &decoded)
{
    // {"log":"...","stream":"stderr","time":"2020-06-18T02:13:17.412399812Z"} - keys in any order.
    if (s.empty() || s.front() != '{')
        return false;
    bool haveLog = false, haveTime = false;
    size_t i = 1;
    const size_t start = decoded.size();
    while (i < s.size()) {
        while (i < s.size() && (s[i] == ' ' || s[i] == ','))
            ++i;
        if (i >= s.size() || s[i] == '}')
            break;
        if (s[i] != '"')
            return false;
        const size_t keyEnd = s.find('"', i + 1);
        if (keyEnd == std::string_view::npos || keyEnd + 2 > s.size() || s[keyEnd + 1] != ':')
            return false;
        const std::string_view key = s.substr(i + 1, keyEnd - i - 1);
        i = keyEnd + 2;
        while (i < s.size() && s[i] == ' ')
            ++i;
        if (i >= s.size())
            return false;
        if (s[i] != '"') {
            // A non-string value (docker adds "attrs":{...}); skip balanced braces.
            int depth = 0;
            for (; i < s.size(); ++i) {
                if (s[i] == '{' || s[i] == '[')
                    ++depth;
                else if (s[i] == '}' || s[i] == ']') {
                    if (depth == 0)
                        break;
                    --depth;
                } else if (s[i] == ',' && depth == 0)
                    break;
            }
            continue;
        }
        if (key == "log") {
            const size_t end = decodeJsonString(s, i + 1, decoded);
            if (end == std::string_view::npos) {
                decoded.resize(start);
                return false;
            }
            haveLog = true;
            i = end;
        } else {
            const size_t end = s.find('"', i + 1);
            if (end == std::string_view::npos)
                return false;
            const std::string_view value = s.substr(i + 1, end - i - 1);
            if (key == "time") {
                const auto ts = parseRfc3339(value);
                if (!ts)
                    return false;
                out.utc = *ts;
                haveTime = true;
            } else if (key == "stream") {
                out.stream = value;
            }
            i = end + 1;
        }
    }
    if (!haveLog || !haveTime) {
        decoded.resize(start);
        return false;
    }
    out.endsLine = decoded.size() > start && decoded.back() == '\n';
    while (decoded.size() > start && (decoded.back() == '\n' || decoded.back() == '\r'))
        decoded.pop_back();
    return true;
}

std::uint64_t processIdOnLine(std::string_view raw)
{
    const auto decimal = [](std::string_view digits) {
        std::uint64_t value = 0;
        const auto [end, error] = std::from_chars(digits.data(), digits.data() + digits.size(), value);
        return error == std::errc() && end == digits.data() + digits.size() ? value : 0;
    };
    // "node3 kubelet[2614]: I0409 10:01:34.617588    2614 kubelet.go:2364] ..."
    std::string_view klog = raw;
    if (JournaldLine journal; parseJournaldLine(raw, journal)) {
        if (const std::uint64_t pid = decimal(journal.pid))
            return pid;
        klog = journal.message;
    }
    KlogHeader header;
    return parseKlogHeader(klog, header) ? decimal(header.threadId) : 0;
}

namespace {

// A continuation line's payload in `format`, appended to `out`; false when it is not of its
// shape. `endsLine`: the record ends a line of the writer's (not a CRI partial record, not a
// piece of a docker line split at 16 KiB).
bool appendPayload(std::string_view line, SourceFormat format, std::string &out, bool &endsLine)
{
    endsLine = true;
    switch (format) {
    case SourceFormat::CriLog:
        if (CriLine cri; parseCriLine(line, cri)) {
            endsLine = !cri.partial;
            return out.append(cri.message), true;
        }
        return false;
    case SourceFormat::DockerJson: {
        DockerJsonLine docker;
        const std::size_t size = out.size();
        if (parseDockerJsonLine(line, docker, out)) {
            endsLine = docker.endsLine;
            return true;
        }
        out.resize(size);
        return false;
    }
    case SourceFormat::Journald:
        if (JournaldLine journal; parseJournaldLine(line, journal))
            return out.append(journal.message), true;
        return false;
    case SourceFormat::KubectlTimestamps:
        if (TimestampPrefixLine stamped; parseTimestampPrefixLine(line, stamped))
            return out.append(stamped.message), true;
        return false;
    default: return false;
    }
}

} // namespace

std::string withoutContinuationEnvelopes(std::string_view raw, SourceFormat format)
{
    std::string out;
    out.reserve(raw.size());
    bool lineOpen = false; // the record before was a piece of a line that goes on in this one
    for (std::size_t pos = 0, n = 0; pos <= raw.size(); ++n) {
        const std::size_t end = std::min(raw.find('\n', pos), raw.size());
        const std::string_view line = raw.substr(pos, end - pos);
        pos = end + 1;
        if (n > 0 && !lineOpen)
            out += '\n';
        bool endsLine = true;
        if (n == 0) { // kept as it is: its envelope may be all that dates it; only whether it ends a line
            std::string scratch;
            appendPayload(line, format, scratch, endsLine);
            out.append(line);
        } else if (!appendPayload(line, format, out, endsLine)) {
            out.append(line);
        }
        lineOpen = !endsLine;
    }
    return out;
}

} // namespace kubelane::core
