// docker json-file lines: {"log":"...","stream":"stdout","time":"..."}.
#include "core/format/envelopes.h"
#include "fuzzsupport.h"

#include <string>

using namespace kubelane;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
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
