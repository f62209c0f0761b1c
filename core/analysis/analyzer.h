#pragma once
// Events -> facts -> findings. Runs the fact detectors over an Incident, then the rules
// (resources/rules/*.json plus the user's --rules files).
#include "../rules/analysis.h"
#include "../rules/ruleerror.h"

#include <chrono>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace kubelane::core {

struct AnalyzeOptions {
    std::string resourceDir;                         // rules are in <resourceDir>/rules/*.json
    std::vector<std::string> extraRuleFiles;         // --rules FILE
    std::vector<std::string> onlyRules;              // --rule ID (empty = all)
    std::optional<Duration> gracePeriod;             // --grace: overrides flag dump and version default
    std::chrono::milliseconds ruleTimeBudget{30000}; // all rules together; past it, the rest are named, not run
    unsigned threads = 0;                            // the detectors' chains side by side; 0 = one per core
};

std::shared_ptr<const Analysis> analyzeIncident(const std::shared_ptr<const Incident> &incident, const AnalyzeOptions &options);

} // namespace kubelane::core
