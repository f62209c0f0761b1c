#pragma once
// The "leader-election-lost" detector: a control-plane component that lost its leader-election
// lease and exited, with why (the renewal it could not make, the lock errors before it) and
// who led next.
#include "analysis.h"
#include "rulematch.h"

#include <vector>

namespace kubelane::core {

std::vector<RuleMatch> leaderElectionLost(const Analysis &a);

} // namespace kubelane::core
