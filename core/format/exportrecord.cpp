#include "exportrecord.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <string>

namespace kubelane::core {

bool severityFromName(std::string_view name, Severity &out)
{
    std::string n(name.substr(0, 16));
    std::transform(n.begin(), n.end(), n.begin(), [](unsigned char c) { return char(std::tolower(c)); });
    struct Name {
        std::string_view text;
        Severity severity;
    };
    // Cloud Logging's LogSeverity (DEFAULT..EMERGENCY), go-kit/logrus/zap levels, syslog names.
    static constexpr std::array<Name, 20> kNames{
        {{"default", Severity::Info},     {"debug", Severity::Debug},     {"trace", Severity::Debug},    {"info", Severity::Info},
         {"information", Severity::Info}, {"notice", Severity::Info},     {"warn", Severity::Warning},   {"warning", Severity::Warning},
         {"error", Severity::Error},      {"err", Severity::Error},       {"critical", Severity::Error}, {"crit", Severity::Error},
         {"alert", Severity::Error},      {"emergency", Severity::Fatal}, {"emerg", Severity::Fatal},    {"fatal", Severity::Fatal},
         {"panic", Severity::Fatal},      {"dpanic", Severity::Error},    {"i", Severity::Info},         {"e", Severity::Error}}};
    for (const auto &entry : kNames)
        if (entry.text == n) {
            out = entry.severity;
            return true;
        }
    return false;
}

} // namespace kubelane::core
