#pragma once
// Root-cause rules as data (resources/rules/*.json, plus --rules files). A rule names its
// subject kind and either a C++ detector (logic JSON cannot express) or an event sequence
// ("sequence by subject with maxspan": ordered steps, counts, absence), then thresholds on
// the values found, a severity, a title and an explanation template, references.
#include "analysis.h"
#include "../classify/eventtypecatalog.h"
#include "rulematch.h"

#include <algorithm>
#include <nlohmann/json_fwd.hpp>

#include <chrono>
#include <memory>
#include <string>
#include <vector>

namespace kubelane::core {

struct Condition {
    std::string value; // a number the detector/sequence provides
    std::string op;    // > >= < <= == !=
    double constant = 0;
    std::string otherValue; // compare with another value instead of a constant
};

// A step is any one of its types: the same moment may be logged in more than one way (the
// eviction manager's "must evict" and, right after it, its ranking of the pods).
struct SequenceStep {
    std::vector<std::string> types; // event type ids
    int atLeast = 1;
    std::vector<EventTypeId> typeIds; // resolved by RuleSet::resolveEventTypes
    bool matches(EventTypeId t) const { return std::find(typeIds.begin(), typeIds.end(), t) != typeIds.end(); }
};

struct Sequence {
    Subject::Kind by = Subject::Kind::Node; // the rule's subject: events are grouped by their node or pod
    Duration maxspan;
    std::vector<SequenceStep> steps;
    std::vector<std::string> absent;    // event types that must not occur inside the match
    std::vector<EventTypeId> absentIds; // resolved by RuleSet::resolveEventTypes
};

struct SeverityCase {
    std::vector<Condition> where;
    Severity severity = Severity::Error;
};

struct Rule {
    std::string id;
    std::string origin;                              // file it came from
    Subject::Kind subjectKind = Subject::Kind::Node; // what its findings are about: its detector's or its sequence's grouping
    std::string detector;
    Sequence sequence;
    bool usesSequence = false;
    std::vector<Condition> where;
    Severity severity = Severity::Error;
    std::vector<SeverityCase> severityWhen; // first case that holds overrides `severity`
    std::string title, explanation;
    std::vector<std::string> references;
};

class RuleSet {
public:
    // Throws RuleError (ruleerror.h) naming the file, the rule and what is wrong.
    void loadFile(const std::string &path);
    void loadJson(const std::string &json, const std::string &origin);
    const std::vector<Rule> &rules() const { return m_rules; }
    // Looks up the event types the sequences name, once. Throws RuleError when one is not in
    // the catalog.
    void resolveEventTypes(const EventTypeCatalog &catalog);

    // The findings of the rules (all, or `onlyRules`), on up to `threads` threads (0: one per
    // core); a rule past the time budget is not evaluated (or stopped) and named in `problems`.
    std::vector<Finding> evaluate(const Analysis &analysis, const std::vector<std::string> &onlyRules,
                                  std::vector<std::string> *problems = nullptr, unsigned threads = 0) const;
    void setTimeBudget(std::chrono::milliseconds budget) { m_timeBudget = budget; }

private:
    // One rule's findings, or why it has none (past the time budget).
    struct Outcome {
        std::vector<Finding> findings;
        std::string problem;
    };
    Outcome evaluateRule(const Rule &rule, const Analysis &analysis, std::chrono::steady_clock::time_point deadline) const;
    Rule parseRule(const nlohmann::json &json, const std::string &origin) const;
    void parseRuleFields(const nlohmann::json &json, Rule &rule) const;
    static void checkSequenceValues(const Rule &rule);
    std::vector<Rule> m_rules;
    std::chrono::milliseconds m_timeBudget{30000};
};

// Thrown by matchSequence past its deadline.
struct RuleTimeout { };

// "{node} lost for {gap}" with values; unknown names stay as written.
std::string fillTemplate(const std::string &text, const RuleMatch &match);
std::vector<RuleMatch> matchSequence(const Sequence &sequence, const Analysis &analysis,
                                     std::chrono::steady_clock::time_point deadline = std::chrono::steady_clock::time_point::max());

} // namespace kubelane::core
