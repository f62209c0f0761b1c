// klog JSON records (--logging-format=json).
#include "core/format/klogjson.h"
#include "fuzzsupport.h"

using namespace kubelane;

KUBELANE_FUZZ_TARGET(fuzz_klog_json)
{
    const std::string_view text = fuzz::text(data, size);
    core::looksLikeKlogJson(text);
    core::KlogJsonRecord record;
    core::FieldList fields;
    core::parseKlogJsonRecord(text, record, fields);
    core::parseEpochStamp(text);
    return 0;
}
