#pragma once
// The kernel ring buffer as `dmesg` prints it with readable times (util-linux
// sys-utils/dmesg.c): `-H`/`--human` as `minikube logs` runs it (`sudo dmesg -PH -L=never
// --level warn,err,crit,alert,emerg`): "[Jun14 10:02] text" when the minute changes and
// "[  +0.000004] text" (the time since the line above) in between; and `-T`/`--ctime` as
// sosreports save it: "[Fri Jun 14 10:02:11 2024] text". Both are local times of the node.
#include <cstdint>
#include <string_view>

namespace kubelane::core {

struct DmesgLine {
    enum class Stamp { Minute, Delta, Full } stamp = Stamp::Full;
    unsigned month = 0, day = 0;
    int year = 0;             // Full only
    std::int64_t nsOfDay = 0; // Minute (to the minute) and Full (to the second)
    std::int64_t deltaNs = 0; // Delta
    std::string_view message;
};

bool parseDmesgLine(std::string_view line, DmesgLine &out);

} // namespace kubelane::core
