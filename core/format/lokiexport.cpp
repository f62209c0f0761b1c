#include "lokiexport.h"

#include "envelopes.h"

#include "../util/textscan.h"

#include <nlohmann/json.hpp>

namespace kubelane::core {

namespace {

using Json = nlohmann::json;

std::string label(const Json &labels, std::initializer_list<const char *> keys)
{
    for (const char *key : keys)
        if (const auto it = labels.find(key); it != labels.end() && it->is_string() && !it->get<std::string>().empty())
            return it->get<std::string>();
    return {};
}

// A time as the exports write it: RFC 3339, or epoch nanoseconds (Grafana's "timestamp").
std::int64_t exportTime(const Json &v)
{
    if (v.is_number_integer())
        return v.get<std::int64_t>();
    if (!v.is_string())
        return 0;
    const std::string s = v.get<std::string>();
    if (const auto ts = parseRfc3339(s))
        return ts->ns;
    std::int64_t n = 0;
    if (s.size() >= 16 && s.size() <= 19 && text::parseDigits(s, 0, s.size(), n))
        return n;
    return 0;
}

bool isKeyChar(char c)
{
    return text::isDigit(c) || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == '.' || c == '-' || c == '/';
}

} // namespace

bool isLokiRecord(const Json &o)
{
    return o.is_object() && o.contains("line") && o["line"].is_string() && o.contains("timestamp");
}

void attributeFromLabels(const Json &labels, ExportRecord &out)
{
    if (!labels.is_object())
        return;
    out.process = label(labels,
                        {"unit", "syslog_identifier", "container", "container_name", "app", "app_kubernetes_io_name", "k8s_app",
                         "component", "service_name"});
    if (out.process.empty()) {
        // promtail's kubernetes-pods job is "namespace/app"; "systemd-journal" names no component.
        const std::string job = label(labels, {"job"});
        out.process = job.substr(job.find('/') == std::string::npos ? 0 : job.find('/') + 1);
    }
    out.host = label(labels, {"node_name", "nodename", "node", "host", "hostname"});
    out.podName = label(labels, {"pod", "pod_name"});
    out.podNamespace = label(labels, {"namespace", "namespace_name"});
    out.container = label(labels, {"container", "container_name"});
    if (out.podName.empty() || out.podNamespace.empty())
        out.podName.clear(), out.podNamespace.clear(), out.container.clear();
}

RecordStatus readLokiRecord(const Json &o, ExportRecord &out)
{
    if (!isLokiRecord(o))
        return RecordStatus::NotThisShape;
    out = ExportRecord{};
    out.utc = exportTime(o["timestamp"]);
    if (out.utc == 0 && o.contains("date"))
        out.utc = exportTime(o["date"]);
    if (out.utc == 0)
        return RecordStatus::BadTime;
    out.payload = o["line"].get<std::string>();
    attributeFromLabels(o.contains("labels") ? o["labels"] : o.value("fields", Json::object()), out);
    if (const std::string level = label(o.value("fields", Json::object()), {"level", "detected_level"}); !level.empty())
        out.haveSeverity = severityFromName(level, out.severity);
    return RecordStatus::Ok;
}

Json parsePrometheusLabels(std::string_view s)
{
    Json labels = Json::object();
    size_t i = 1;
    while (i < s.size() && s[i] != '}') {
        while (i < s.size() && (s[i] == ' ' || s[i] == ','))
            ++i;
        const size_t eq = s.find("=\"", i);
        if (eq == std::string_view::npos)
            break;
        const std::string key(s.substr(i, eq - i));
        std::string value;
        size_t j = eq + 2;
        for (; j < s.size() && s[j] != '"'; ++j) {
            if (s[j] == '\\' && j + 1 < s.size())
                ++j;
            value += s[j];
        }
        labels[key] = value;
        i = j + 1;
    }
    return labels;
}

bool parseLokiTextLine(std::string_view s, LokiTextLine &out)
{
    // logcli's time is kubectl --timestamps' prefix: an RFC 3339 stamp and a space.
    TimestampPrefixLine stamped;
    if (!parseTimestampPrefixLine(s, stamped))
        return false;
    out.utc = stamped.utc;
    out.labels = {};
    std::string_view rest = stamped.message;
    // Label sets are {name="value", ...}: the first name is a label name and '=' follows it.
    if (rest.starts_with("{") && rest.size() > 2 && rest[1] != '"') {
        size_t k = 1;
        while (k < rest.size() && isKeyChar(rest[k]))
            ++k;
        if (k < rest.size() && rest.substr(k, 2) == "=\"") {
            bool inString = false;
            size_t close = std::string_view::npos;
            for (size_t j = 1; j < rest.size(); ++j) {
                if (inString && rest[j] == '\\') {
                    ++j;
                } else if (rest[j] == '"') {
                    inString = !inString;
                } else if (!inString && rest[j] == '}') {
                    close = j;
                    break;
                }
            }
            if (close == std::string_view::npos)
                return false;
            out.labels = rest.substr(0, close + 1);
            rest = rest.substr(close + 1);
            while (!rest.empty() && rest.front() == ' ')
                rest.remove_prefix(1);
        }
    }
    out.line = rest;
    return true;
}

bool parseGrafanaTextLine(std::string_view s, GrafanaTextLine &out)
{
    // "2024-02-20 14:02:12.404\t..."
    unsigned y, mo, d, h, mi, sec, ms;
    if (s.size() < 24 || s[4] != '-' || s[7] != '-' || s[10] != ' ' || s[13] != ':' || s[16] != ':' || s[19] != '.' || s[23] != '\t')
        return false;
    if (!text::parseDigits(s, 0, 4, y) || !text::parseDigits(s, 5, 2, mo) || !text::parseDigits(s, 8, 2, d)
        || !text::parseDigits(s, 11, 2, h) || !text::parseDigits(s, 14, 2, mi) || !text::parseDigits(s, 17, 2, sec)
        || !text::parseDigits(s, 20, 3, ms) || !isValidDate(int(y), mo, d) || h > 23 || mi > 59 || sec > 60)
        return false;
    out.local = CivilTime{int(y), mo, d, ((std::int64_t(h) * 60 + mi) * 60 + sec) * kNsPerSecond + std::int64_t(ms) * 1'000'000};
    out.line = s.substr(24);
    return true;
}

bool parseGrafanaMetaLine(std::string_view s, std::string_view &label, std::string_view &value)
{
    // `${metaItem.label}: ${JSON.stringify(metaItem.value)}`: a label of words, a JSON value.
    const size_t colon = s.find(": ");
    if (colon == std::string_view::npos || colon == 0 || colon > 40)
        return false;
    for (char c : s.substr(0, colon))
        if (!(isKeyChar(c) || c == ' '))
            return false;
    value = s.substr(colon + 2);
    if (value.empty() || (value.front() != '"' && value.front() != '{' && value.front() != '[' && !text::isDigit(value.front())))
        return false;
    label = s.substr(0, colon);
    return true;
}

bool parseLogfmtLine(std::string_view s, LogfmtLine &out)
{
    out = LogfmtLine{};
    bool haveTime = false;
    size_t i = 0;
    int pairs = 0;
    if (s.empty() || s[0] == ' ' || s[0] == '\t')
        return false; // the first pair at the start: an indented line continues a record, or a paste's
    while (i < s.size()) {
        while (i < s.size() && s[i] == ' ')
            ++i;
        if (i >= s.size())
            break;
        const size_t keyStart = i;
        while (i < s.size() && isKeyChar(s[i]))
            ++i;
        if (i == keyStart || i >= s.size() || s[i] != '=')
            return false; // not key=value: not logfmt
        const std::string_view key = s.substr(keyStart, i - keyStart);
        ++i;
        std::string_view value;
        if (i < s.size() && s[i] == '"') {
            const size_t start = ++i;
            while (i < s.size() && s[i] != '"')
                i += s[i] == '\\' ? 2 : 1;
            if (i >= s.size())
                return false;
            value = s.substr(start, i - start);
            ++i;
        } else {
            const size_t start = i;
            while (i < s.size() && s[i] != ' ')
                ++i;
            value = s.substr(start, i - start);
        }
        ++pairs;
        if (key == "ts" || (key == "time" && !haveTime)) { // go-kit's ts=, logrus' time= (TextFormatter)
            const auto ts = parseRfc3339(value);
            if (!ts) {
                if (key == "time")
                    continue; // a duration or a word ("time=12ms"): a field like any other
                return false;
            }
            out.utc = *ts;
            haveTime = true;
        } else if (key == "level") {
            out.level = value;
        } else if (key == "msg") {
            out.msg = value;
        }
    }
    return haveTime && pairs >= 2;
}

} // namespace kubelane::core
