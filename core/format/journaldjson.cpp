#include "journaldjson.h"

#include "../util/textscan.h"

#include <nlohmann/json.hpp>

namespace kubelane::core {

namespace {

std::string field(const nlohmann::json &o, const char *key)
{
    const auto it = o.find(key);
    return it == o.end() ? std::string() : journalFieldText(*it);
}

// "1607306400123456" (µs) -> ns; 0 when not a plain decimal.
std::int64_t microsToNs(const std::string &text)
{
    if (text.empty() || text.size() > 18)
        return 0;
    std::int64_t us = 0;
    if (!text::parseDigits(text, 0, text.size(), us))
        return 0;
    return us * 1000;
}

// The bytes of a field journalctl found not to be UTF-8: the valid sequences kept, each other
// byte shown as U+FFFD, so the message stays text.
std::string validUtf8(const std::string &bytes)
{
    std::string out;
    for (std::size_t i = 0; i < bytes.size();) {
        const auto c = static_cast<unsigned char>(bytes[i]);
        const int n = c < 0x80 ? 0 : (c & 0xE0) == 0xC0 ? 1 : (c & 0xF0) == 0xE0 ? 2 : (c & 0xF8) == 0xF0 ? 3 : -1;
        bool ok = n >= 0 && i + std::size_t(n) < bytes.size();
        for (int k = 1; ok && k <= n; ++k)
            ok = (static_cast<unsigned char>(bytes[i + std::size_t(k)]) & 0xC0) == 0x80;
        if (ok) {
            out.append(bytes, i, std::size_t(n) + 1);
            i += std::size_t(n) + 1;
        } else {
            out += "\xEF\xBF\xBD";
            ++i;
        }
    }
    return out;
}

} // namespace

bool isJournalJsonEntry(const nlohmann::json &o)
{
    return o.is_object() && (o.contains("__REALTIME_TIMESTAMP") || o.contains("__CURSOR"));
}

std::string journalFieldText(const nlohmann::json &v)
{
    if (v.is_string())
        return v.get<std::string>();
    if (v.is_array() && !v.empty()) {
        // Bytes of a value that is not UTF-8 (logs-show.c json_escape: "an array of numbers").
        if (v.front().is_number_integer()) {
            std::string bytes;
            for (const auto &b : v)
                if (b.is_number_integer())
                    bytes += static_cast<char>(b.get<int>() & 0xff);
            return validUtf8(bytes);
        }
        return journalFieldText(v.front()); // the field occurs several times: the first
    }
    if (v.is_number())
        return v.dump();
    return {};
}

RecordStatus readJournalJsonEntry(const nlohmann::json &o, ExportRecord &out)
{
    if (!isJournalJsonEntry(o))
        return RecordStatus::NotThisShape;
    out = ExportRecord{};
    std::string stamp = field(o, "_SOURCE_REALTIME_TIMESTAMP");
    if (microsToNs(stamp) == 0)
        stamp = field(o, "__REALTIME_TIMESTAMP");
    if (stamp.empty())
        return RecordStatus::NoTime;
    out.utc = microsToNs(stamp);
    if (out.utc == 0)
        return RecordStatus::BadTime;
    out.payload = field(o, "MESSAGE");
    out.host = field(o, "_HOSTNAME");
    out.process = field(o, "SYSLOG_IDENTIFIER");
    if (out.process.empty())
        out.process = field(o, "_SYSTEMD_UNIT");
    if (out.process.empty())
        out.process = field(o, "_COMM");
    // Kernel lines have no identifier in old journals ("_TRANSPORT":"kernel").
    if (out.process.empty() && field(o, "_TRANSPORT") == "kernel")
        out.process = "kernel";
    const std::string priority = field(o, "PRIORITY");
    if (priority.size() == 1 && priority[0] >= '0' && priority[0] <= '7') {
        static constexpr Severity kBySyslogLevel[] = {Severity::Fatal,   Severity::Error, Severity::Error, Severity::Error,
                                                      Severity::Warning, Severity::Info,  Severity::Info,  Severity::Debug};
        out.severity = kBySyslogLevel[priority[0] - '0'];
        out.haveSeverity = true;
    }
    return RecordStatus::Ok;
}

} // namespace kubelane::core
