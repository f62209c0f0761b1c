#pragma once
// Which log system exported a file of JSON records (journal JSON, Cloud Logging, Loki JSON),
// by the keys of its first records; the three export formats share this one look.
#include "../model/source.h"

#include <string>
#include <string_view>

namespace kubelane::core {

// The JSON exports (journal JSON, Cloud Logging, Loki JSON) by their records' keys; Unknown
// for anything else.
SourceFormat detectExportFormat(std::string_view bytes, std::string *detail = nullptr);

} // namespace kubelane::core
