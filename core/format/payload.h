#pragma once
// What an envelope carries, decided once for every envelope (journald, CRI, docker json-file,
// kubectl logs --timestamps) and for bare files: a klog text line, a klog JSON record, or a
// plain message (systemd, containerd, anything else).
#include "klogjson.h"
#include "klogline.h"

#include <cstdint>
#include <string_view>

namespace kubelane::core {

enum class PayloadKind : std::uint8_t { KlogText, KlogJson, Plain };

struct Payload {
    PayloadKind kind = PayloadKind::Plain;
    KlogHeader header;     // KlogText
    KlogJsonRecord record; // KlogJson
    // It looked like klog JSON ({"ts":...) but did not parse (a truncated or hand-edited
    // line): it stays a plain message, and the caller may say so.
    bool malformedJson = false;
};

// klog text header? klog JSON object? else plain. A JSON record's key/values go to `fields`.
Payload decodePayload(std::string_view text, FieldList &fields);

} // namespace kubelane::core
