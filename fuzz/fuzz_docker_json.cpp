// docker json-file lines: {"log":"...","stream":"stdout","time":"..."}.
#include "core/format/envelopes.h"
#include "fuzzsupport.h"

#include <string>

using namespace kubelane;

KUBELANE_FUZZ_TARGET(fuzz_docker_json)
{
    const std::string_view line = fuzz::text(data, size);
    core::DockerJsonLine d;
    std::string decoded;
    if (core::parseDockerJsonLine(line, d, decoded))
        fuzz::requireInside(d.stream, line);
    if (!line.empty()) {
        std::string out;
        const std::size_t end = core::decodeJsonString(line, 1, out);
        if (end != std::string::npos && end > line.size())
            __builtin_trap();
    }
    return 0;
}
