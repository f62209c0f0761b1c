#pragma once
// Merges per-file results into the Incident and ties lines together across files: the same
// pod under its different spellings, container ids to their pod and container name, pod
// UIDs to pods, pods to the node whose kubelet runs them.
#include "../model/incident.h"
#include "parsedsource.h"

#include <functional>
#include <vector>

namespace kubelane::core {

using TimeResolver = std::function<void(ParsedSource &, std::vector<Timestamp> &)>;

void mergeParsedSources(std::vector<ParsedSource> &parsed, Incident &incident, const TimeResolver &resolveTimes);
void correlate(Incident &incident);

// "docker://8a61...", "containerd://8a61..." -> "8a61..."
std::string_view stripContainerScheme(std::string_view id);

} // namespace kubelane::core
