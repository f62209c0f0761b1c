// journalctl's line prefixes (short, short-iso, short-precise, short-monotonic, ...).
#include "core/format/envelopes.h"
#include "fuzzsupport.h"

using namespace kubelane;

KUBELANE_FUZZ_TARGET(fuzz_journald_prefix)
{
    const std::string_view line = fuzz::text(data, size);
    core::isJournaldMetaLine(line);
    core::JournaldLine j;
    if (!core::parseJournaldLine(line, j))
        return 0;
    fuzz::requireInside(j.host, line);
    fuzz::requireInside(j.identifier, line);
    fuzz::requireInside(j.message, line);
    return 0;
}
