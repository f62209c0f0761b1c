// docker's json-file logs: {"log":"...\n","stream":"stderr","time":"..."} per line.
#include "../logformat.h"

namespace kubelane::core {

namespace {

class DockerJsonFormat final : public LogFormat {
public:
    SourceFormat id() const override { return SourceFormat::DockerJson; }
    const char *name() const override { return "docker json-file"; }
    int specificity() const override { return 70; }
    FileReader reader() const override { return FileReader::DockerJsonLines; }
    LineMatch matchLine(std::string_view line) const override
    {
        if (!line.starts_with('{') || line.find("\"log\":") == std::string_view::npos || line.find("\"time\":") == std::string_view::npos)
            return {};
        return {true, line.find("\"log\":\"{\\\"ts\\\":") != std::string_view::npos, 0}; // "log":"{\"ts\":
    }
};

} // namespace

const LogFormat &dockerJsonFormat()
{
    static const DockerJsonFormat format;
    return format;
}

} // namespace kubelane::core
