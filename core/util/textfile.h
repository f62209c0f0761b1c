#pragma once
// Reads a small data file (event types, goroutine map, rules) whole. Logs never come here:
// the bundle reader handles those.
#include <optional>
#include <string>

namespace kubelane::core {

// Nothing when the file cannot be opened or read.
std::optional<std::string> readTextFile(const std::string &path);

} // namespace kubelane::core
