#pragma once
// The severity words of kubelane's own files (events.json "severity", rule files'
// "severity"/"severityWhen") and of its output: one list, the Severity enum's.
#include "event.h"

#include <optional>
#include <string>
#include <string_view>

namespace kubelane::core {

std::optional<Severity> severityFromName(std::string_view name);
// "debug, info, warning, error or fatal": for messages that refuse another word.
std::string severityWordList();

} // namespace kubelane::core
