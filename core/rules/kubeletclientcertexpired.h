#pragma once
// The "kubelet-client-cert-expired" detector: a node's kubelet says the client certificate it
// authenticates to the API server with has expired (at start, or in its rotation check), and
// what followed: the kubelet exiting, a restart loop, the node's heartbeats lost.
#include "analysis.h"
#include "rulematch.h"

#include <vector>

namespace kubelane::core {

std::vector<RuleMatch> kubeletClientCertExpired(const Analysis &a);

} // namespace kubelane::core
