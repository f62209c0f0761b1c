#pragma once
// logrus' text format, as containerd, k3s, RKE2, k0s, dockerd and CRI-O's conmon write it
// to the journal (TextFormatter with full timestamps):
//   time="2023-05-05T10:20:30.123456789Z" level=warning msg="failed to ..." error="..."
// read as the record it is: its own time (not the journal's whole second), its level, its
// message and the other pairs as fields. Only a time with its zone is read: a zone-less one
// ("2021-06-07 11:54:49", k0s) leaves the line to the journal's time.
#include "klogjson.h"

#include <string_view>

namespace kubelane::core {

// Cheap test before a real parse: the line begins with time=".
bool looksLikeLogrus(std::string_view text);
// Parses the pairs into `out` (utc, severity; the whole text as its message, no caller) and
// `fields` (every key but time, level and msg, as logged). On any status but Ok, `fields` is
// left as it was.
KlogJsonStatus parseLogrusRecord(std::string_view text, KlogJsonRecord &out, FieldList &fields);

} // namespace kubelane::core
