#pragma once
// The "kubelet-start-failure" detector: a node's kubelet exits during its start-up checks
// (its config, kubeconfig or CA file missing, swap on, a cgroup driver other than the
// runtime's, ...) and systemd starts it again, in a loop, so the node never comes up or is
// lost. What the kubelet said last before each exit names the cause, whatever its version's
// wording.
#include "analysis.h"
#include "rulematch.h"

#include <vector>

namespace kubelane::core {

std::vector<RuleMatch> kubeletStartFailure(const Analysis &a);

} // namespace kubelane::core
