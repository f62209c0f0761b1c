#include "zonestatements.h"

#include "../format/envelopes.h"
#include "../format/klogline.h"
#include "../model/timestamp.h"
#include "../util/textscan.h"
#include "timeevidence.h"

#include <map>

namespace kubelane::core {

namespace {

constexpr std::size_t kHeadBytes = std::size_t{64} * 1024;
constexpr std::uint32_t kHeadLines = 400;

using text::isAlpha;
using text::isDigit;

std::string_view trim(std::string_view s)
{
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t'))
        s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t'))
        s.remove_suffix(1);
    return s;
}

// "2024-01-02 11:04:05" at `at`: the civil time and the index after it (fraction skipped).
bool parseDateTime(std::string_view s, std::size_t at, CivilTime &t, std::size_t &end)
{
    int y, mo, d, h, mi, se;
    if (!text::parseDigits(s, at, 4, y) || at + 19 > s.size() || s[at + 4] != '-' || !text::parseDigits(s, at + 5, 2, mo)
        || s[at + 7] != '-' || !text::parseDigits(s, at + 8, 2, d) || (s[at + 10] != ' ' && s[at + 10] != 'T')
        || !text::parseDigits(s, at + 11, 2, h) || s[at + 13] != ':' || !text::parseDigits(s, at + 14, 2, mi) || s[at + 16] != ':'
        || !text::parseDigits(s, at + 17, 2, se))
        return false;
    if (!isValidDate(y, unsigned(mo), unsigned(d)) || h > 23 || mi > 59 || se > 60)
        return false;
    t = {y, unsigned(mo), unsigned(d), (std::int64_t(h) * 3600 + std::int64_t(mi) * 60 + se) * kNsPerSecond};
    end = at + 19;
    if (end < s.size() && (s[end] == '.' || s[end] == ',')) {
        std::int64_t frac = 0;
        end = text::parseFraction(s, end + 1, frac);
        t.nsOfDay += frac;
    }
    return true;
}

// The first "YYYY-MM-DD hh:mm:ss" in `s` followed by " ZONE": the zone token.
std::string_view zoneAfterFirstDateTime(std::string_view s, CivilTime *when = nullptr)
{
    for (std::size_t i = 0; i + 19 <= s.size(); ++i) {
        CivilTime t;
        std::size_t end;
        if (!isDigit(s[i]) || !parseDateTime(s, i, t, end))
            continue;
        if (end >= s.size() || s[end] != ' ')
            return {};
        std::size_t z = end + 1, e = z;
        while (e < s.size() && (isAlpha(s[e]) || isDigit(s[e]) || ((s[e] == '+' || s[e] == '-') && e == z) || s[e] == ':'))
            ++e;
        if (when)
            *when = t;
        return s.substr(z, e - z);
    }
    return {};
}

// How far the klog clock inside journal lines reads ahead of journald's own prefix: 0 when both
// print the host's local time, the host's offset after `journalctl --utc`. The header's zone
// is the prefix's; the events take their time from the klog header.
struct PayloadLead {
    std::map<int, int> votes;
    void add(std::string_view line)
    {
        JournaldLine j;
        KlogHeader h;
        if (votes.size() > 8 || !parseJournaldLine(line, j) || j.hasZone || j.local.month == 0 || !parseKlogHeader(j.message, h))
            return;
        std::int64_t days = std::int64_t(h.day) - std::int64_t(j.local.day);
        if (h.month != j.local.month)
            days = h.day < j.local.day ? 1 : -1; // across a month's end
        int offset = 0;
        if (nearestZoneOffset(days * 86400 * kNsPerSecond + h.nsOfDay - j.local.nsOfDay, 2 * kNsPerSecond, offset))
            ++votes[offset];
    }
    int lead() const
    {
        int best = 0, n = 0;
        for (const auto &[offset, count] : votes)
            if (count > n) {
                best = offset;
                n = count;
            }
        return best;
    }
};

std::string quote(std::string_view line)
{
    return "\"" + std::string(trim(line).substr(0, 100)) + "\"";
}

void addNamed(std::vector<ZoneStatement> &out, std::string_view name, std::string what, std::uint32_t line)
{
    ZoneName z = lookupZoneName(name);
    if (z.offsets.empty())
        return;
    out.push_back({std::move(z), std::move(what), line});
}

void addOffset(std::vector<ZoneStatement> &out, int offset, std::string what, std::uint32_t line)
{
    ZoneStatement st;
    st.zone.offsets.push_back(offset);
    st.what = std::move(what);
    st.line = line;
    out.push_back(std::move(st));
}

// `date`: "Tue Jan  2 11:04:05 CST 2024"; `date -R`: "Tue, 02 Jan 2024 11:04:05 +0800".
bool dateOutputZone(std::string_view line, std::string_view &zone)
{
    std::vector<std::string_view> tokens;
    std::size_t i = 0;
    while (i < line.size() && tokens.size() < 8) {
        while (i < line.size() && line[i] == ' ')
            ++i;
        std::size_t e = line.find(' ', i);
        if (e == std::string_view::npos)
            e = line.size();
        if (e > i)
            tokens.push_back(line.substr(i, e - i));
        i = e;
    }
    auto isClock = [](std::string_view t) {
        return t.size() == 8 && isDigit(t[0]) && isDigit(t[1]) && t[2] == ':' && isDigit(t[3]) && isDigit(t[4]) && t[5] == ':'
            && isDigit(t[6]) && isDigit(t[7]);
    };
    auto isWord = [](std::string_view t, std::size_t n) {
        if (t.size() != n)
            return false;
        for (char c : t)
            if (!isAlpha(c))
                return false;
        return true;
    };
    auto isNumber = [](std::string_view t) {
        if (t.empty() || t.size() > 4)
            return false;
        for (char c : t)
            if (!isDigit(c))
                return false;
        return true;
    };
    if (tokens.size() == 6 && isWord(tokens[0], 3) && isWord(tokens[1], 3) && isNumber(tokens[2]) && isClock(tokens[3])
        && tokens[5].size() == 4 && isNumber(tokens[5])) {
        zone = tokens[4];
        return true;
    }
    if (tokens.size() == 6 && tokens[0].size() == 4 && tokens[0].back() == ',' && isNumber(tokens[1]) && isWord(tokens[2], 3)
        && tokens[3].size() == 4 && isNumber(tokens[3]) && isClock(tokens[4])) {
        zone = tokens[5];
        return true;
    }
    return false;
}

} // namespace

std::vector<ZoneStatement> scanZoneStatements(std::string_view bytes)
{
    std::vector<ZoneStatement> out;
    bytes = bytes.substr(0, kHeadBytes);
    struct Stamp {
        int count = 0;
        std::uint32_t line = 0;
        std::string example;
    };
    std::map<int, Stamp> leading; // line-leading times with an explicit offset
    int leadingTotal = 0;
    CivilTime local, universal;
    std::uint32_t localLine = 0, universalLine = 0;
    std::string_view localZone;
    bool sawTimeZoneLine = false;
    std::size_t headerStatement = std::string::npos;
    PayloadLead lead;
    text::forEachLine(bytes, [&](std::string_view line, std::size_t, std::uint32_t number) {
        if (number > kHeadLines)
            return false;
        const std::string_view t = trim(line);
        if (headerStatement != std::string::npos)
            lead.add(line);
        // journalctl prints its range in the zone it prints every line's prefix in; `systemctl
        // status` its "Active: active (running) since Mon 2026-06-08 10:37:33 UTC; 2h ago" and
        // the unit's journal lines under it in one zone.
        const bool journalHeader = t.starts_with("-- Logs begin at ") || t.starts_with("-- Journal begins at ");
        const std::size_t since = t.starts_with("Active: ") ? t.find(" since ") : std::string_view::npos;
        if (journalHeader || since != std::string_view::npos) {
            const std::size_t before = out.size();
            addNamed(out, zoneAfterFirstDateTime(journalHeader ? t : t.substr(since)),
                     std::string(journalHeader ? "journal header" : "systemctl status") + ", line " + std::to_string(number) + ": "
                         + quote(t),
                     number);
            if (out.size() > before && headerStatement == std::string::npos)
                headerStatement = before;
        } else if (t.starts_with("Time zone: ")) {
            // timedatectl: "Time zone: Asia/Shanghai (CST, +0800)".
            const std::size_t comma = t.rfind(", ");
            const std::size_t close = t.rfind(')');
            if (comma != std::string_view::npos && close != std::string_view::npos && close > comma) {
                if (auto offset = parseUtcOffset(t.substr(comma + 2, close - comma - 2))) {
                    addOffset(out, *offset, "timedatectl, line " + std::to_string(number) + ": " + quote(t), number);
                    sawTimeZoneLine = true;
                }
            }
        } else if (t.starts_with("Local time: ")) {
            localZone = zoneAfterFirstDateTime(t, &local);
            localLine = number;
        } else if (t.starts_with("Universal time: ")) {
            zoneAfterFirstDateTime(t, &universal);
            universalLine = number;
        } else if (std::string_view zone; dateOutputZone(t, zone)) {
            addNamed(out, zone, "date output, line " + std::to_string(number) + ": " + quote(t), number);
        } else if (!t.empty() && isDigit(t[0])) {
            CivilTime when;
            std::size_t end;
            if (!parseDateTime(t, 0, when, end) || end >= t.size())
                return true;
            std::size_t z = end;
            if (t[z] == ' ' && z + 1 < t.size() && (t[z + 1] == '+' || t[z + 1] == '-'))
                ++z; // "2024-01-02 03:04:05,123 +0300"
            if (t[z] != '+' && t[z] != '-')
                return true; // "Z" or no zone: says nothing about the host
            std::size_t e = z + 1;
            while (e < t.size() && (isDigit(t[e]) || t[e] == ':'))
                ++e;
            if (e - z < 3)
                return true; // "+1" is no offset
            if (auto offset = parseUtcOffset(t.substr(z, e - z))) {
                Stamp &s = leading[*offset];
                if (s.count++ == 0) {
                    s.line = number;
                    s.example = std::string(t.substr(0, e));
                }
                ++leadingTotal;
            }
        }
        return true;
    });
    if (headerStatement != std::string::npos && lead.lead() != 0) {
        // `journalctl --utc` (or another TZ) around klog lines printed in the host's zone.
        ZoneStatement &st = out[headerStatement];
        for (int &offset : st.zone.offsets)
            offset += lead.lead();
        st.what += "; the klog times inside read " + formatUtcOffset(lead.lead()) + " from the journal's";
        if (st.zone.ambiguous())
            st.zone.meanings += ", shifted by " + formatUtcOffset(lead.lead());
    }
    if (!sawTimeZoneLine && localLine && universalLine) {
        int offset = 0;
        const std::int64_t diff = toUtc(local, 0).ns - toUtc(universal, 0).ns;
        if (nearestZoneOffset(diff, 2 * kNsPerSecond, offset))
            addOffset(out, offset,
                      "timedatectl, lines " + std::to_string(localLine) + " and " + std::to_string(universalLine) + ": local time "
                          + formatUtcOffset(offset) + " from universal time",
                      localLine);
    } else if (!sawTimeZoneLine && localLine) {
        addNamed(out, localZone, "timedatectl, line " + std::to_string(localLine) + ": local time in " + std::string(localZone), localLine);
    }
    if (!leading.empty()) {
        auto best = leading.begin();
        for (auto it = leading.begin(); it != leading.end(); ++it)
            if (it->second.count > best->second.count)
                best = it;
        addOffset(out, best->first,
                  std::to_string(best->second.count) + " of " + std::to_string(leadingTotal) + " lines start with a time at "
                      + formatUtcOffset(best->first) + ", e.g. line " + std::to_string(best->second.line) + ": " + best->second.example,
                  best->second.line);
    }
    return out;
}

} // namespace kubelane::core
