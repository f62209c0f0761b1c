#pragma once
// The time a dump file's name carries: dockerd (pkg/stack.DumpToFile) and CRI-O write
// goroutine-stacks-<time>.log with time.Now().Format("2006-01-02T150405Z07:00"), so the
// zone is "Z" in UTC and "+08:00" or "+0800" elsewhere.
#include "../model/timestamp.h"

#include <optional>
#include <string_view>

namespace kubelane::core {

std::optional<Timestamp> dumpTimeInFileName(std::string_view path);
// "goroutine-stacks-2019-05-16T100610+0800.log" of a path, "" when it has no such name.
std::string_view dumpFileName(std::string_view path);

} // namespace kubelane::core
