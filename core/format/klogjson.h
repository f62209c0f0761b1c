#pragma once
// klog's JSON records (--logging-format=json; k8s.io/component-base/logs/json since 1.19):
//   {"ts":1704164645123.456,"caller":"kubelet/kubelet.go:2281","msg":"Skipping pod synchronization","err":"..."}
// read the same way whether they fill a whole file or are the payload of an envelope
// (journald, CRI, docker json-file, kubectl logs --timestamps).
#include "../model/event.h"
#include "klogline.h"

#include <cstdint>
#include <string_view>

namespace kubelane::core {

struct KlogJsonRecord {
    std::int64_t utc = 0; // "ts", UTC ns
    Severity severity = Severity::Info;
    std::string_view caller;  // "kubelet/kubelet.go:2281"
    std::string_view message; // "msg"
};

enum class KlogJsonStatus : std::uint8_t { Ok, Malformed, NoTime, BadTime };

// Parses one JSON object. On Ok, every key but ts/msg/caller/v is added to `fields` with its
// value as text (keys as logged); on any other status `fields` is left as it was. Keys, values,
// caller and message are views of `text` where it holds them verbatim (so the event store can
// keep them as slices of the raw line), else of `fields`: keep `text` alive while using them.
KlogJsonStatus parseKlogJsonRecord(std::string_view text, KlogJsonRecord &out, FieldList &fields);

// Cheap test before a real parse: an object that has a "ts" key somewhere.
bool looksLikeKlogJson(std::string_view text);
// A klog line, text or JSON: what tells a wrapper's payload (stern's names, a viewer's time,
// a journal's monotonic clock) from any text that happens to follow the same prefix.
bool isKlogLine(std::string_view text);

// The digits of a numeric "ts" as written ("1704164645123.456") -> UTC ns; 0 if not a number.
std::int64_t parseEpochStamp(std::string_view raw);

} // namespace kubelane::core
