#pragma once
// The named C++ detectors that data rules refer to ("detector": "heartbeat-gap"): logic a
// JSON rule cannot express. Each proposes matches with values; the rule decides.
#include "../analysis/analysis.h"
#include "rulematch.h"

#include <functional>
#include <string_view>
#include <vector>

namespace kubelane::core {

using RuleDetector = std::function<std::vector<RuleMatch>(const Analysis &)>;
// Empty function for an unknown name.
RuleDetector findRuleDetector(std::string_view name);
std::vector<std::string> ruleDetectorNames();

} // namespace kubelane::core
