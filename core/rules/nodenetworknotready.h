#pragma once
// The "node-network-not-ready" detector: a node not Ready because its container runtime says
// its network is not (NetworkReady=false: no CNI config in /etc/cni/net.d, the CNI plugin not
// initialized, kubenet without a pod CIDR), for longer than the kubelet's own start-up grace:
// in the kubelet's lines, its Ready condition's message, or the Node object (describe, get).
#include "analysis.h"
#include "rulematch.h"

#include <vector>

namespace kubelane::core {

std::vector<RuleMatch> nodeNetworkNotReady(const Analysis &a);

} // namespace kubelane::core
