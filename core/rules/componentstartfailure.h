#pragma once
// The "component-start-failure" detector: a Kubernetes component other than the kubelet
// (kube-apiserver, kube-controller-manager, kube-scheduler, cloud-controller-manager,
// kube-proxy) exits on an error during its start-up, and is started again only to exit again
// (a static pod in CrashLoopBackOff, a systemd unit restarting): what it exited on, and whether
// it came up in the end. The kubelet's own start-up failures are kubelet-start-failure's.
#include "analysis.h"
#include "rulematch.h"

#include <vector>

namespace kubelane::core {

std::vector<RuleMatch> componentStartFailure(const Analysis &a);

} // namespace kubelane::core
