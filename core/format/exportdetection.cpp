#include "exportdetection.h"

#include "cloudlogging.h"
#include "journaldjson.h"
#include "jsonrecordtext.h"
#include "lokiexport.h"
#include "../util/textscan.h"

#include <nlohmann/json.hpp>

#include <algorithm>

namespace kubelane::core {

namespace {

enum class ExportKind { None, Journal, Cloud, Loki };

ExportKind exportKindOf(const nlohmann::json &o)
{
    if (isJournalJsonEntry(o))
        return ExportKind::Journal;
    if (isCloudLogEntry(o))
        return ExportKind::Cloud;
    if (isLokiRecord(o))
        return ExportKind::Loki;
    return ExportKind::None;
}

} // namespace

SourceFormat detectExportFormat(std::string_view bytes, std::string *detail)
{
    int journal = 0, cloud = 0, loki = 0, otherObjects = 0, examined = 0, lokiLines = 0, lokiTimes = 0;
    bool framed = false, array = false, sequence = false, multiLine = false;
    text::forEachLine(bytes, [&](std::string_view line, std::size_t, std::uint32_t) {
        sequence = sequence || (!line.empty() && line.front() == kRecordSeparator);
        const std::string_view t = trimmedRecordLine(line);
        if (t.empty())
            return true;
        if (examined++ == 0 && (t == "[" || t == "{")) {
            framed = true;
            array = t == "[";
        }
        if (t.front() == '[' && t.size() > 1 && examined == 1) {
            // A whole array on one line (Grafana's JSON download is JSON.stringify's output).
            array = true;
            forEachArrayElement(t, 200, [&](std::size_t, std::string_view element) {
                const auto doc = nlohmann::json::parse(element.begin(), element.end(), nullptr, false);
                switch (doc.is_discarded() ? ExportKind::None : exportKindOf(doc)) {
                case ExportKind::Journal: ++journal; break;
                case ExportKind::Cloud: ++cloud; break;
                case ExportKind::Loki: ++loki; break;
                case ExportKind::None: ++otherObjects; break;
                }
            });
        } else if (t.front() == '{' && t.size() > 1) {
            const auto doc = nlohmann::json::parse(t.begin(), t.end() - (t.back() == ',' ? 1 : 0), nullptr, false);
            switch (doc.is_discarded() ? ExportKind::None : exportKindOf(doc)) {
            case ExportKind::Journal: ++journal; break;
            case ExportKind::Cloud: ++cloud; break;
            case ExportKind::Loki: ++loki; break;
            case ExportKind::None: ++otherObjects; break;
            }
        } else if (framed && t.front() == '"') {
            // A key line of a pretty-printed object: the keys only these records have.
            multiLine = true;
            journal += t.starts_with("\"__REALTIME_TIMESTAMP\"");
            cloud += t.starts_with("\"logName\"") || t.starts_with("\"receiveTimestamp\"");
            lokiLines += t.starts_with("\"line\"");
            lokiTimes += t.starts_with("\"timestamp\"");
        }
        return examined < 400;
    });
    loki += std::min(lokiLines, lokiTimes); // a Loki record has both keys
    const int best = std::max({journal, cloud, loki});
    if (best == 0 || best < otherObjects)
        return SourceFormat::Unknown;
    auto set = [&](SourceFormat f, const std::string &text) {
        if (detail)
            *detail = text;
        return f;
    };
    if (best == journal)
        return set(SourceFormat::JournaldJson,
                   sequence        ? "journald JSON (journalctl -o json-seq)"
                       : multiLine ? "journald JSON (journalctl -o json-pretty)"
                                   : "journald JSON (journalctl -o json)");
    if (best == cloud)
        return set(SourceFormat::CloudLogging,
                   array ? "Cloud Logging export (JSON array of LogEntry, gcloud logging read --format=json)"
                         : "Cloud Logging export (LogEntry JSON lines)");
    return set(SourceFormat::LokiExport, array ? "Loki export (Grafana Explore JSON download)" : "Loki export (logcli --output=jsonl)");
}

} // namespace kubelane::core
