#pragma once
// Findings grouped for the Findings panel: by rule, then by subject, with counts, worst
// severity and first start per group, keeping only findings at or above a severity. A 1 GB
// bundle gives thousands of findings; grouped, they read as a few rules with their subjects.
#include "core/rules/finding.h"

#include <string>
#include <vector>

namespace kubelane::ui {

struct SubjectGroup {
    std::string subject;
    std::vector<int> findings; // indices into Analysis::findings, by start
    core::Severity worst = core::Severity::Debug;
    core::Timestamp first;
};

struct RuleGroup {
    std::string rule;
    std::vector<SubjectGroup> subjects; // by subject name
    int count = 0;                      // findings in all subjects
    core::Severity worst = core::Severity::Debug;
    core::Timestamp first;
};

// Rule groups by rule name; findings below `minimum` are left out, and so are groups left empty.
std::vector<RuleGroup> groupFindings(const std::vector<core::Finding> &findings, core::Severity minimum);
int findingsIn(const std::vector<RuleGroup> &groups);

} // namespace kubelane::ui
