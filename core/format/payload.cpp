#include "payload.h"

#include "logrusline.h"

namespace kubelane::core {

Payload decodePayload(std::string_view text, FieldList &fields)
{
    Payload p;
    if (parseKlogHeader(text, p.header)) {
        p.kind = PayloadKind::KlogText;
        return p;
    }
    // logrus' pairs (containerd, k3s, k0s): a record with its own time, read as klog JSON's.
    if (looksLikeLogrus(text)) {
        if (parseLogrusRecord(text, p.record, fields) == KlogJsonStatus::Ok)
            p.kind = PayloadKind::KlogJson;
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
