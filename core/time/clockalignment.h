#pragma once
// Clock offsets between sources. A request a kubelet logs (node status PATCH, lease PUT, pod
// status patch) also appears in the apiserver's request log; pairing them shows a source's
// zone when its lines did not (unique pod-status patches, any distance) and its clock skew
// against the apiserver (periodic requests, within seconds). The apiserver is the reference.
#include "../model/incident.h"

namespace kubelane::core {

struct ClockPairing {
    SourceId source;
    std::size_t pairs = 0;
    Duration median;
};

// Adjusts event times in place (before the final sort) and records evidence on each source.
void alignClocks(Incident &incident);

} // namespace kubelane::core
