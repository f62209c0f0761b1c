// CRI (containerd, CRI-O) container log lines, and kubectl logs --timestamps prefixes.
#include "core/format/envelopes.h"
#include "fuzzsupport.h"

using namespace kubelane;

KUBELANE_FUZZ_TARGET(fuzz_cri)
{
    const std::string_view line = fuzz::text(data, size);
    core::CriLine cri;
    if (core::parseCriLine(line, cri)) {
        fuzz::requireInside(cri.stream, line);
        fuzz::requireInside(cri.message, line);
    }
    core::TimestampPrefixLine prefixed;
    if (core::parseTimestampPrefixLine(line, prefixed))
        fuzz::requireInside(prefixed.message, line);
    return 0;
}
