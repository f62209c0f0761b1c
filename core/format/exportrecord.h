#pragma once
// One record of an export pulled from a log system (journalctl -o json, a Cloud Logging
// LogEntry, a Loki entry), as each reader hands it over: its time, the payload to decode like
// any envelope's (klog text, klog JSON or plain text), and where it was written.
#include "../model/event.h"

#include <cstdint>
#include <string>
#include <string_view>

namespace kubelane::core {

struct ExportRecord {
    std::int64_t utc = 0;                         // exact UTC ns of the record, 0 = none
    std::string payload;                          // the logged line (journald MESSAGE, textPayload, Loki "line")
    std::string host;                             // the node it was written on (_HOSTNAME, node_name, a node label)
    std::string process;                          // what wrote it (SYSLOG_IDENTIFIER, log name, container): componentForProcess
    std::string podNamespace, podName, container; // a container's record: its pod and container
    bool haveSeverity = false;
    Severity severity = Severity::Info;
};

enum class RecordStatus : std::uint8_t {
    Ok,
    NotThisShape, // an object of some other shape
    NoTime,       // no time field
    BadTime,      // a time field that does not parse
};

// Severity names shared by the exports (Cloud Logging's LogSeverity, Loki/logfmt levels,
// syslog priorities by name): "ERROR", "warn", "Critical"... Unknown names: nothing.
bool severityFromName(std::string_view name, Severity &out);

} // namespace kubelane::core
