// klog/glog line headers and the structured message after them.
#include "core/format/klogline.h"
#include "fuzzsupport.h"

using namespace kubelane;

KUBELANE_FUZZ_TARGET(fuzz_klog_header)
{
    const std::string_view line = fuzz::text(data, size);
    core::KlogHeader header;
    if (!core::parseKlogHeader(line, header))
        return 0;
    fuzz::requireInside(header.file, line);
    fuzz::requireInside(header.message, line);
    if (header.month < 1 || header.month > 12 || header.nsOfDay < 0)
        __builtin_trap();
    core::FieldList fields;
    std::string_view text;
    core::parseStructuredMessage(header.message, text, fields);
    return 0;
}
