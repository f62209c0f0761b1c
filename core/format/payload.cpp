#include "payload.h"

namespace kubelane::core {

Payload decodePayload(std::string_view text, FieldList &fields)
{
    Payload p;
    if (parseKlogHeader(text, p.header)) {
        p.kind = PayloadKind::KlogText;
        return p;
    }
    if (!looksLikeKlogJson(text))
        return p;
    // A well-formed object without a usable "ts" is some other program's JSON: plain text.
    const KlogJsonStatus status = parseKlogJsonRecord(text, p.record, fields);
    if (status == KlogJsonStatus::Ok)
        p.kind = PayloadKind::KlogJson;
    p.malformedJson = status == KlogJsonStatus::Malformed;
    return p;
}

} // namespace kubelane::core
