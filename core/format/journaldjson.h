#pragma once
// journalctl -o json / json-pretty / json-seq: one journal entry per object, every field a
// string (an array of byte values when the field is not UTF-8, an array of values when the
// field occurs several times, null when it is over the data threshold without --all).
// systemd src/shared/logs-show.c output_json: "__CURSOR", "__REALTIME_TIMESTAMP" (µs since
// the epoch), "__MONOTONIC_TIMESTAMP", "_BOOT_ID", then the entry's fields ("MESSAGE",
// "PRIORITY", "_HOSTNAME", "SYSLOG_IDENTIFIER", "_SYSTEMD_UNIT", "_PID", "_COMM", ...).
#include "exportrecord.h"

#include <nlohmann/json_fwd.hpp>

namespace kubelane::core {

// True for an object that is a journal entry (it has "__REALTIME_TIMESTAMP" or "__CURSOR").
bool isJournalJsonEntry(const nlohmann::json &object);

// Reads one entry: time from "_SOURCE_REALTIME_TIMESTAMP" (what journalctl shows) or
// "__REALTIME_TIMESTAMP", payload from "MESSAGE", host "_HOSTNAME", process
// "SYSLOG_IDENTIFIER" / "_SYSTEMD_UNIT" / "_COMM", severity from "PRIORITY".
RecordStatus readJournalJsonEntry(const nlohmann::json &object, ExportRecord &out);

// A journald field's value as text: a string as is, bytes decoded, the first of several.
std::string journalFieldText(const nlohmann::json &value);

} // namespace kubelane::core
