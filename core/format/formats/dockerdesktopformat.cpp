// Docker Desktop's logs of the processes in its VM (the Troubleshoot > Get support bundle's
// log/vm/*.log, its Kubernetes' kubelet among them): the time Docker Desktop received the line
// in UTC, the process, a letter for the level it gave it, then the process's own line:
// "[2024-03-07T10:32:54.036205250Z][kubelet][I] E0307 10:32:54.036084     768 event.go:355] ...".
// The process names the component; a klog header's severity outweighs the letter.
#include "../logformat.h"
#include "../klogjson.h"

#include "../../model/timestamp.h"
#include "../../util/textscan.h"

namespace kubelane::core {

namespace {

struct DockerDesktopLine {
    std::int64_t utc = 0;
    std::string_view process;
    char level = 0;
    std::string_view payload;
};

// The process's name: letters, digits, '-', '_', '.' (kubelet, com.docker.backend, vpnkit-bridge).
bool isProcessName(std::string_view name)
{
    if (name.empty() || name.size() > 64)
        return false;
    for (const char c : name)
        if (!text::isAlnum(c) && c != '-' && c != '_' && c != '.')
            return false;
    return true;
}

bool splitDockerDesktopLine(std::string_view line, DockerDesktopLine &out)
{
    // "[" RFC 3339 "][" process "][" letter "]" and a space or the line's end.
    if (line.size() < 28 || line[0] != '[' || line[11] != 'T')
        return false;
    const std::size_t timeEnd = line.find("][", 1);
    if (timeEnd == std::string_view::npos || timeEnd > 40)
        return false;
    const auto utc = parseRfc3339(line.substr(1, timeEnd - 1));
    if (!utc)
        return false;
    const std::size_t processStart = timeEnd + 2;
    const std::size_t processEnd = line.find("][", processStart);
    if (processEnd == std::string_view::npos || !isProcessName(line.substr(processStart, processEnd - processStart)))
        return false;
    const std::size_t levelAt = processEnd + 2;
    if (levelAt + 1 >= line.size() || !text::isAlpha(line[levelAt]) || line[levelAt + 1] != ']')
        return false;
    const std::size_t payload = levelAt + 2;
    if (payload < line.size() && line[payload] != ' ')
        return false;
    out.utc = utc->ns;
    out.process = line.substr(processStart, processEnd - processStart);
    out.level = line[levelAt];
    out.payload = payload < line.size() ? line.substr(payload + 1) : std::string_view();
    return true;
}

class DockerDesktopFormat final : public LogFormat {
public:
    SourceFormat id() const override { return SourceFormat::DockerDesktop; }
    const char *name() const override { return "Docker Desktop VM log"; }
    int specificity() const override { return 56; }
    FileReader reader() const override { return FileReader::EnvelopeLines; }

    LineMatch matchLine(std::string_view line) const override
    {
        DockerDesktopLine d;
        if (!splitDockerDesktopLine(line, d))
            return {};
        return {true, looksLikeKlogJson(d.payload), 0};
    }
    bool unwrapLine(std::string_view line, std::uint8_t, LineEnvelope &out) const override
    {
        DockerDesktopLine d;
        if (!splitDockerDesktopLine(line, d))
            return false;
        out.utc = d.utc;
        out.component = d.process;
        out.payload = d.payload;
        out.haveSeverity = d.level == 'W' || d.level == 'E' || d.level == 'F';
        out.severity = d.level == 'W' ? Severity::Warning
            : d.level == 'E'          ? Severity::Error
            : d.level == 'F'          ? Severity::Fatal
                                      : Severity::Info;
        return true;
    }
};

} // namespace

const LogFormat &dockerDesktopFormat()
{
    static const DockerDesktopFormat format;
    return format;
}

} // namespace kubelane::core
