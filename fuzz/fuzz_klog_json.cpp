// klog JSON records (--logging-format=json).
#include "core/format/klogjson.h"
#include "fuzzsupport.h"

using namespace kubelane;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    const std::string_view text = fuzz::text(data, size);
    core::looksLikeKlogJson(text);
    core::KlogJsonRecord record;
    core::FieldList fields;
    core::parseKlogJsonRecord(text, record, fields);
    core::parseEpochStamp(text);
    return 0;
}
