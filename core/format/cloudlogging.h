#pragma once
// Google Cloud Logging LogEntry objects, as `gcloud logging read --format=json` prints them (a
// pretty-printed JSON array), as the console's "Download" JSON holds them, and one per line as
// a sink writes them to Cloud Storage (kubelet/2024/06/19/00:00:00_00:59:59_S0.json).
// LogEntry (cloud.google.com/logging/docs/reference/v2/rest/v2/LogEntry): "timestamp" and
// "receiveTimestamp" (RFC 3339, nanoseconds), "severity" (LogSeverity name), one of
// "textPayload" / "jsonPayload" / "protoPayload", "logName" ("projects/P/logs/kubelet",
// ".../logs/stdout", ".../logs/cloudaudit.googleapis.com%2Factivity"), "resource" {"type":
// "k8s_node" | "k8s_container" | "k8s_cluster" | "k8s_control_plane_component", "labels":
// {"node_name", "cluster_name", "location", "namespace_name", "pod_name", "container_name",
// "component_name"}} and "labels" ("compute.googleapis.com/resource_name": the node of a
// container's entry). GKE ships a node's system logs from journald: the entry's jsonPayload is
// the journal entry ("MESSAGE", "_HOSTNAME", "SYSLOG_IDENTIFIER", "_SYSTEMD_UNIT", "PRIORITY").
#include "exportrecord.h"

#include <nlohmann/json_fwd.hpp>

namespace kubelane::core {

// True for an object that is a LogEntry: it has "logName", or a "resource" and a payload.
bool isCloudLogEntry(const nlohmann::json &object);

RecordStatus readCloudLogEntry(const nlohmann::json &object, ExportRecord &out);

// "projects/p/logs/cloudaudit.googleapis.com%2Factivity" -> "cloudaudit.googleapis.com/activity"
std::string cloudLogId(std::string_view logName);

} // namespace kubelane::core
