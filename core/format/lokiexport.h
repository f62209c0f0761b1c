#pragma once
// Loki exports and logfmt lines.
//  * logcli --output=jsonl (grafana/loki pkg/logcli/output/jsonl.go): one object per line,
//    keys sorted by Go's encoder: {"labels":{"app":"kubelet",...},"line":"...","timestamp":
//    "2023-09-12T08:04:10.123456789Z"} (time.Time in the --timezone given, RFC 3339 nanos).
//  * logcli default output (pkg/logcli/output/default.go): "<RFC 3339 time> <labels> <line>"
//    with the labels as Prometheus prints them ({app="kubelet", node="worker-1"}), padded with
//    spaces to the widest label set; --no-labels leaves "<time> <line>".
//  * Grafana Explore "Download logs" JSON (public/app/features/logs/utils.ts
//    logRowsToReadableJson): [{"line":"...","timestamp":"<epoch ns>","date":"<ISO>","fields":{labels}}].
//  * Grafana Explore "Download logs" text (public/app/features/inspector/utils/download.ts
//    downloadLogsModelAsTxt): the meta items as `Label: <JSON value>` ("Common labels:
//    {"hostname":"worker-1"}"), two empty lines, then per row dateTimeFormat(timeEpochMs,
//    {defaultWithMS: true}) - "2024-02-20 14:02:12.404", the browser's time zone, not shown -
//    a tab and the line.
//  * logfmt with a ts= key (go-kit log: promtail, Loki's own logs):
//    level=info ts=2023-09-12T08:04:10.123Z caller=main.go:10 msg="..."
#include "exportrecord.h"

#include <nlohmann/json_fwd.hpp>

#include <string_view>

namespace kubelane::core {

bool isLokiRecord(const nlohmann::json &object); // has "line" and "timestamp"
RecordStatus readLokiRecord(const nlohmann::json &object, ExportRecord &out);

// Component, host, pod and container from a stream's labels: unit, container, app, job...
void attributeFromLabels(const nlohmann::json &labels, ExportRecord &out);

struct LokiTextLine {
    Timestamp utc;
    std::string_view labels; // "{app=\"kubelet\", node=\"worker-1\"}", "" without labels
    std::string_view line;
};
// logcli's default output. Without labels the line must still start with an RFC 3339 time.
bool parseLokiTextLine(std::string_view text, LokiTextLine &out);
// A row of Grafana's text download: a local time with milliseconds, a tab, the line.
struct GrafanaTextLine {
    CivilTime local; // year, month, day, time of day; zone unknown
    std::string_view line;
};
bool parseGrafanaTextLine(std::string_view text, GrafanaTextLine &out);
// A meta line of Grafana's text download ("Common labels: {...}"): its label and JSON value.
bool parseGrafanaMetaLine(std::string_view text, std::string_view &label, std::string_view &value);

// The labels of a Prometheus label set text, as JSON strings (for attributeFromLabels).
nlohmann::json parsePrometheusLabels(std::string_view labels);

struct LogfmtLine {
    Timestamp utc;
    std::string_view level; // "" when none
    std::string_view msg;   // the raw value (quotes kept off), "" when none
};
// A logfmt line (key=value pairs, the first at the start) with a ts= RFC 3339 time, or
// logrus' time= (containerd's, k3s' and RKE2's own log files, `docker logs` of them).
bool parseLogfmtLine(std::string_view text, LogfmtLine &out);

} // namespace kubelane::core
