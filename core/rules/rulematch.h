#pragma once
// What a rule detector proposes before the rule's thresholds and templates apply.
#include "finding.h"

#include <map>
#include <string>
#include <vector>

namespace kubelane::core {

struct RuleMatch {
    Subject subject;
    Timestamp start, end;
    std::map<std::string, std::string> text; // template values: {node}, {gap}, ...
    std::map<std::string, double> numbers;   // threshold values: gapSeconds, ...
    std::vector<ChainStep> chain;
    std::vector<EventIndex> evidence;
};

} // namespace kubelane::core
