#pragma once
// The named C++ detectors that data rules refer to ("detector": "heartbeat-gap"): logic a
// JSON rule cannot express. Each proposes matches with values; the rule decides.
#include "analysis.h"
#include "rulematch.h"

#include <functional>
#include <string_view>
#include <vector>

namespace kubelane::core {

using RuleDetector = std::function<std::vector<RuleMatch>(const Analysis &)>;
struct RuleDetectorEntry {
    RuleDetector run;
    Subject::Kind subject; // what its matches are about: a rule using it must say the same
};
// nullptr for an unknown name.
const RuleDetectorEntry *findRuleDetector(std::string_view name);
std::vector<std::string> ruleDetectorNames();

} // namespace kubelane::core
