#pragma once
// The "container-runtime-down" detector: a node's kubelet could not reach its container
// runtime (its status checks failing, then its "container runtime is down" verdict and the node
// NotReady), and whether the runtime was gone or only hung, which the PLEG finding explains.
#include "analysis.h"
#include "rulematch.h"

#include <vector>

namespace kubelane::core {

std::vector<RuleMatch> containerRuntimeDown(const Analysis &a);

// A runtime outage that is the incident rather than a kubelet's start-up: the kubelet's verdict
// held for 15 s or with the runtime's socket refused, or its checks failing for 30 s.
bool isRuntimeOutageIncident(const RuntimeOutage &o);
// The runtime was gone (refused, no socket) when the PLEG stall began, not hung: the outage is
// the cause, and the PLEG finding would only restate it.
bool runtimeGoneWhenPlegStalled(const Incident &inc, const RuntimeOutage &o, const PlegHealth &h);

} // namespace kubelane::core
