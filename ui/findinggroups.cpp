#include "findinggroups.h"

#include <algorithm>
#include <map>
#include <numeric>

namespace kubelane::ui {

std::vector<RuleGroup> groupFindings(const std::vector<core::Finding> &findings, core::Severity minimum)
{
    // Ordered maps: rules and subjects come out by name, which is also the stable tie order
    // when the panel sorts by another column.
    std::map<std::string, std::map<std::string, std::vector<int>>> byRule;
    for (std::size_t i = 0; i < findings.size(); ++i)
        if (findings[i].severity >= minimum)
            byRule[findings[i].rule][findings[i].subject.text()].push_back(static_cast<int>(i));

    std::vector<RuleGroup> out;
    out.reserve(byRule.size());
    for (auto &[rule, subjects] : byRule) {
        RuleGroup group;
        group.rule = rule;
        for (auto &[subject, indices] : subjects) {
            std::stable_sort(indices.begin(), indices.end(), [&](int a, int b) {
                return findings[static_cast<std::size_t>(a)].start < findings[static_cast<std::size_t>(b)].start;
            });
            SubjectGroup s;
            s.subject = subject;
            s.findings = std::move(indices);
            s.first = findings[static_cast<std::size_t>(s.findings.front())].start;
            for (int f : s.findings)
                s.worst = std::max(s.worst, findings[static_cast<std::size_t>(f)].severity);
            group.worst = std::max(group.worst, s.worst);
            group.first = group.subjects.empty() ? s.first : std::min(group.first, s.first);
            group.count += static_cast<int>(s.findings.size());
            group.subjects.push_back(std::move(s));
        }
        out.push_back(std::move(group));
    }
    return out;
}

int findingsIn(const std::vector<RuleGroup> &groups)
{
    return std::accumulate(groups.begin(), groups.end(), 0, [](int n, const RuleGroup &g) { return n + g.count; });
}

} // namespace kubelane::ui
