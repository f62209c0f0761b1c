#include "severity.h"

#include <array>
#include <utility>

namespace kubelane::core {

namespace {

constexpr std::array<std::pair<Severity, const char *>, 5> kSeverityNames{{
    {Severity::Debug, "debug"},
    {Severity::Info, "info"},
    {Severity::Warning, "warning"},
    {Severity::Error, "error"},
    {Severity::Fatal, "fatal"},
}};

} // namespace

const char *severityName(Severity s)
{
    for (const auto &[severity, name] : kSeverityNames)
        if (severity == s)
            return name;
    return "info";
}

std::optional<Severity> severityFromName(std::string_view name)
{
    for (const auto &[severity, word] : kSeverityNames)
        if (name == word)
            return severity;
    return std::nullopt;
}

std::string severityWordList()
{
    std::string out;
    for (std::size_t i = 0; i < kSeverityNames.size(); ++i)
        out += std::string(i == 0 ? "" : i + 1 == kSeverityNames.size() ? " or " : ", ") + kSeverityNames[i].second;
    return out;
}

} // namespace kubelane::core
