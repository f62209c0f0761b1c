#include "ruleset.h"

#include "ruleerror.h"
#include "../util/textfile.h"
#include "ruledetectors.h"
#include "../model/severity.h"

#include "../util/parallel.h"
#include "../util/strictkeys.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <array>
#include <iterator>
#include <map>

namespace kubelane::core {

namespace {

// The values a sequence match provides, in one place for the matcher and the loader's check:
// numbers, which "where" conditions compare, and texts, which only templates show.
constexpr std::string_view kEventsValue = "events", kSubjectValue = "subject", kSpanValue = "span";
constexpr std::array<std::string_view, 1> kSequenceNumbers{kEventsValue};
constexpr std::array<std::string_view, 2> kSequenceTexts{kSubjectValue, kSpanValue};

[[noreturn]] void fail(const std::string &origin, const std::string &id, const std::string &what)
{
    throw RuleError(origin + (id.empty() ? "" : ": rule '" + id + "'") + ": " + what);
}

Severity parseSeverity(const std::string &origin, const std::string &id, const std::string &s)
{
    if (const auto severity = severityFromName(s))
        return *severity;
    fail(origin, id, "severity must be " + severityWordList() + ", not '" + s + "'");
}

// A rule file is read strictly: a key the engine does not know ("absence", "maxSpan") would
// otherwise be ignored and the rule fire where its author meant it not to.
void onlyKeys(const nlohmann::json &object, std::initializer_list<std::string_view> known, const std::string &origin, const std::string &id,
              const std::string &where)
{
    if (const auto problem = unknownKeyIn(object, known, where))
        fail(origin, id, *problem);
}

// "node", "pod" or "component": what a finding is about and what a sequence groups its events by.
Subject::Kind parseSubjectKind(const std::string &origin, const std::string &id, const std::string &key, const std::string &word)
{
    if (word == "node")
        return Subject::Kind::Node;
    if (word == "pod")
        return Subject::Kind::Pod;
    if (word == "component")
        return Subject::Kind::Component;
    fail(origin, id, key + " must be node, pod or component, not '" + word + "'");
}

const char *pluralOf(Subject::Kind kind)
{
    switch (kind) {
    case Subject::Kind::Node: return "nodes";
    case Subject::Kind::Pod: return "pods";
    case Subject::Kind::Component: return "components";
    case Subject::Kind::None: break;
    }
    return "nothing";
}

// A step's "type": one event type, or a non-empty list of them.
bool isTypeOrTypes(const nlohmann::json &type)
{
    if (type.is_string())
        return true;
    return type.is_array() && !type.empty() && std::all_of(type.begin(), type.end(), [](const auto &t) { return t.is_string(); });
}

bool compare(double a, const std::string &op, double b)
{
    if (op == ">")
        return a > b;
    if (op == ">=")
        return a >= b;
    if (op == "<")
        return a < b;
    if (op == "<=")
        return a <= b;
    if (op == "==")
        return a == b;
    if (op == "!=")
        return a != b;
    return false;
}

std::vector<Condition> parseConditions(const nlohmann::json &list, const std::string &origin, const std::string &id)
{
    if (!list.is_array())
        fail(origin, id, "\"where\" must be a list of conditions");
    std::vector<Condition> out;
    for (const auto &w : list) {
        onlyKeys(w, {"value", "op", "than"}, origin, id, "a \"where\" condition");
        Condition c;
        c.value = w.value("value", "");
        c.op = w.value("op", "");
        if (c.value.empty() || (c.op != ">" && c.op != ">=" && c.op != "<" && c.op != "<=" && c.op != "==" && c.op != "!="))
            fail(origin, id, "each \"where\" needs a value and an op (> >= < <= == !=): " + w.dump());
        if (w.contains("than") && w["than"].is_string())
            c.otherValue = w["than"].get<std::string>();
        else if (w.contains("than") && (w["than"].is_number() || w["than"].is_boolean()))
            c.constant = w["than"].is_boolean() ? double(w["than"].get<bool>()) : w["than"].get<double>();
        else
            fail(origin, id, "each \"where\" needs \"than\": a number or another value's name");
        out.push_back(c);
    }
    return out;
}

// True when every condition holds for the match's numbers (a missing value never holds).
bool holds(const std::vector<Condition> &conditions, const RuleMatch &m)
{
    for (const Condition &c : conditions) {
        const auto v = m.numbers.find(c.value);
        double rhs = c.constant;
        if (!c.otherValue.empty()) {
            const auto o = m.numbers.find(c.otherValue);
            if (o == m.numbers.end())
                return false;
            rhs = o->second;
        }
        if (v == m.numbers.end() || !compare(v->second, c.op, rhs))
            return false;
    }
    return true;
}

} // namespace

void RuleSet::loadFile(const std::string &path)
{
    const auto text = readTextFile(path);
    if (!text)
        throw RuleError(path + ": cannot open the rule file");
    loadJson(*text, path);
}

void RuleSet::loadJson(const std::string &text, const std::string &origin)
{
    nlohmann::json doc;
    try {
        doc = nlohmann::json::parse(text);
    } catch (const nlohmann::json::exception &e) {
        fail(origin, {}, std::string("not valid JSON: ") + e.what());
    }
    if (doc.is_object() && doc.contains("rules"))
        onlyKeys(doc, {"rules"}, origin, {}, "the file (a list of rules, {\"rules\": [...]} or one rule)");
    const nlohmann::json list = doc.is_array() ? doc : doc.contains("rules") ? doc["rules"] : nlohmann::json::array({doc});
    if (!list.is_array())
        fail(origin, {}, "\"rules\" must be a list of rules");
    for (const auto &r : list)
        m_rules.push_back(parseRule(r, origin));
}

Rule RuleSet::parseRule(const nlohmann::json &r, const std::string &origin) const
{
    Rule rule;
    rule.origin = origin;
    // A field of the wrong JSON type ("atLeast": "two") is the file's mistake, said as such.
    try {
        parseRuleFields(r, rule);
    } catch (const nlohmann::json::exception &e) {
        fail(origin, rule.id, std::string("a field has the wrong type: ") + e.what());
    }
    return rule;
}

void RuleSet::parseRuleFields(const nlohmann::json &r, Rule &rule) const
{
    const std::string &origin = rule.origin;
    if (!r.is_object() || !r.contains("id") || !r["id"].is_string() || r["id"].get<std::string>().empty())
        fail(origin, {}, "every rule needs a string \"id\"");
    rule.id = r["id"].get<std::string>();
    onlyKeys(r, {"id", "subject", "detector", "sequence", "where", "severity", "severityWhen", "title", "explanation", "references"},
             origin, rule.id, "the rule");
    for (const auto &existing : m_rules)
        if (existing.id == rule.id)
            fail(origin, rule.id, "defined twice (also in " + existing.origin + ")");
    if (r.contains("sequence") && !r["sequence"].is_object())
        fail(origin, rule.id, "\"sequence\" must be an object with \"steps\"");
    if (!r.contains("subject"))
        fail(origin, rule.id, "needs a \"subject\": node or pod");
    rule.subjectKind = parseSubjectKind(origin, rule.id, "\"subject\"", r.value("subject", ""));
    rule.detector = r.value("detector", "");
    if (!rule.detector.empty()) {
        const RuleDetectorEntry *detector = findRuleDetector(rule.detector);
        if (!detector) {
            std::string known;
            for (const auto &n : ruleDetectorNames())
                known += (known.empty() ? "" : ", ") + n;
            fail(origin, rule.id, "unknown detector '" + rule.detector + "' (known: " + known + ")");
        }
        if (detector->subject != rule.subjectKind)
            fail(origin, rule.id,
                 "detector '" + rule.detector + "' finds " + pluralOf(detector->subject) + ", not the rule's subject '"
                     + r.value("subject", "") + "'");
    }
    if (auto seq = r.find("sequence"); seq != r.end()) {
        rule.usesSequence = true;
        onlyKeys(*seq, {"by", "maxspan", "steps", "absent"}, origin, rule.id, "the sequence");
        // A sequence's findings are about what it groups by: the two cannot differ.
        rule.sequence.by = rule.subjectKind;
        if (rule.subjectKind == Subject::Kind::Component)
            fail(origin, rule.id, "a sequence groups events by node or pod; a component rule needs a detector");
        if (seq->contains("by") && parseSubjectKind(origin, rule.id, "sequence.by", seq->value("by", "")) != rule.subjectKind)
            fail(origin, rule.id,
                 "sequence.by '" + seq->value("by", "") + "' differs from the rule's subject '" + r.value("subject", "")
                     + "' (a sequence's findings are about what it groups by)");
        const auto span = parseGoDuration(seq->value("maxspan", "60s"));
        if (!span)
            fail(origin, rule.id, "sequence.maxspan is not a duration such as 90s or 5m");
        rule.sequence.maxspan = *span;
        for (const auto &s : seq->value("steps", nlohmann::json::array())) {
            onlyKeys(s, {"type", "atLeast"}, origin, rule.id, "a sequence step");
            if (!s.is_object() || !s.contains("type") || !isTypeOrTypes(s["type"]))
                fail(origin, rule.id, "every sequence step needs a \"type\", a string or a list of strings: " + s.dump());
            const int atLeast = s.value("atLeast", 1);
            if (atLeast < 1)
                fail(origin, rule.id, "a step's \"atLeast\" must be 1 or more, not " + std::to_string(atLeast));
            SequenceStep step;
            step.atLeast = atLeast;
            if (s["type"].is_string())
                step.types.push_back(s["type"].get<std::string>());
            else
                step.types = s["type"].get<std::vector<std::string>>();
            rule.sequence.steps.push_back(std::move(step));
        }
        for (const auto &s : seq->value("absent", nlohmann::json::array())) {
            onlyKeys(s, {"type"}, origin, rule.id, "an absent event");
            rule.sequence.absent.push_back(s.is_string() ? s.get<std::string>() : s.value("type", ""));
        }
        if (rule.sequence.steps.empty())
            fail(origin, rule.id, "sequence needs at least one step");
    }
    if (rule.detector.empty() == !rule.usesSequence)
        fail(origin, rule.id, "needs exactly one of \"detector\" or \"sequence\"");
    rule.where = parseConditions(r.value("where", nlohmann::json::array()), origin, rule.id);
    rule.severity = parseSeverity(origin, rule.id, r.value("severity", "error"));
    // A match can be worse or milder than the rule's usual severity (a container killed vs
    // one that only flapped): the first case whose conditions hold decides.
    const auto cases = r.value("severityWhen", nlohmann::json::array());
    if (!cases.is_array())
        fail(origin, rule.id, "\"severityWhen\" must be a list of {\"where\": [...], \"severity\": ...}");
    for (const auto &c : cases) {
        onlyKeys(c, {"where", "severity"}, origin, rule.id, "a \"severityWhen\" case");
        if (!c.is_object() || !c.contains("where") || !c.contains("severity") || !c["severity"].is_string())
            fail(origin, rule.id, "each \"severityWhen\" case needs \"where\" and a \"severity\": " + c.dump());
        rule.severityWhen.push_back(
            {parseConditions(c["where"], origin, rule.id), parseSeverity(origin, rule.id, c["severity"].get<std::string>())});
    }
    rule.title = r.value("title", "");
    rule.explanation = r.value("explanation", "");
    if (rule.title.empty() || rule.explanation.empty())
        fail(origin, rule.id, "needs a \"title\" and an \"explanation\"");
    for (const auto &ref : r.value("references", nlohmann::json::array()))
        rule.references.push_back(ref.get<std::string>());
    if (rule.usesSequence)
        checkSequenceValues(rule);
}

// A sequence rule's values are known: a template or condition naming another would show
// "{nodee}" to the user or never hold, so the rule is refused with the name it got wrong.
// A "where" compares numbers, so it may name only the numbers; a template names any value.
void RuleSet::checkSequenceValues(const Rule &rule)
{
    auto listed = [](const auto &names, const std::string &name) { return std::find(names.begin(), names.end(), name) != names.end(); };
    auto checkTemplateValue = [&](const std::string &name, const std::string &where) {
        if (!listed(kSequenceNumbers, name) && !listed(kSequenceTexts, name))
            fail(rule.origin, rule.id,
                 where + " names the value '" + name + "', which a sequence rule does not provide (it provides subject, span and events)");
    };
    for (const auto *text : {&rule.title, &rule.explanation})
        for (std::size_t open = text->find('{'); open != std::string::npos; open = text->find('{', open + 1)) {
            const std::size_t close = text->find('}', open);
            if (close == std::string::npos)
                break;
            checkTemplateValue(text->substr(open + 1, close - open - 1), text == &rule.title ? "the title" : "the explanation");
        }
    auto checkConditionValue = [&](const std::string &name) {
        if (listed(kSequenceNumbers, name))
            return;
        fail(rule.origin, rule.id,
             "a \"where\" condition names the value '" + name + "', "
                 + (listed(kSequenceTexts, name) ? std::string("which is text, not a number a condition can compare")
                                                 : std::string("which a sequence rule does not provide"))
                 + " (a condition may compare events)");
    };
    auto checkConditions = [&](const std::vector<Condition> &conditions) {
        for (const Condition &c : conditions) {
            checkConditionValue(c.value);
            if (!c.otherValue.empty())
                checkConditionValue(c.otherValue);
        }
    };
    checkConditions(rule.where);
    for (const SeverityCase &c : rule.severityWhen)
        checkConditions(c.where);
}

void RuleSet::resolveEventTypes(const EventTypeCatalog &catalog)
{
    auto resolve = [&](const Rule &rule, const std::string &type) {
        const auto id = type.empty() ? std::nullopt : catalog.find(type);
        if (!id)
            fail(rule.origin, rule.id,
                 "sequence names event type '" + type + "', which the event type catalog (events.json) does not define");
        return *id;
    };
    for (Rule &rule : m_rules) {
        for (auto &step : rule.sequence.steps) {
            step.typeIds.clear();
            for (const auto &type : step.types)
                step.typeIds.push_back(resolve(rule, type));
        }
        rule.sequence.absentIds.clear();
        for (const auto &type : rule.sequence.absent)
            rule.sequence.absentIds.push_back(resolve(rule, type));
    }
}

std::string fillTemplate(const std::string &text, const RuleMatch &match)
{
    std::string out;
    for (size_t i = 0; i < text.size();) {
        const size_t open = text.find('{', i);
        if (open == std::string::npos) {
            out += text.substr(i);
            break;
        }
        const size_t close = text.find('}', open);
        if (close == std::string::npos) {
            out += text.substr(i);
            break;
        }
        out += text.substr(i, open - i);
        const std::string name = text.substr(open + 1, close - open - 1);
        if (auto t = match.text.find(name); t != match.text.end())
            out += t->second;
        else if (auto n = match.numbers.find(name); n != match.numbers.end()) {
            char buf[32];
            std::snprintf(buf, sizeof buf, "%g", n->second);
            out += buf;
        } else
            out += text.substr(open, close - open + 1);
        i = close + 1;
    }
    return out;
}

std::vector<RuleMatch> matchSequence(const Sequence &seq, const Analysis &analysis, std::chrono::steady_clock::time_point deadline)
{
    const Incident &inc = *analysis.incident;
    std::vector<RuleMatch> out;
    const std::vector<EventTypeId> &absentTypes = seq.absentIds;
    auto isAbsent = [&](EventTypeId t) { return std::find(absentTypes.begin(), absentTypes.end(), t) != absentTypes.end(); };
    const bool byPod = seq.by == Subject::Kind::Pod, byNode = seq.by == Subject::Kind::Node;
    // Group the events of the steps by subject (pod or node string id: one kind per rule), then
    // walk each group in time order.
    std::map<std::uint64_t, std::vector<EventIndex>> bySubject;
    const auto group = [&](EventIndex i) {
        const Event &e = inc.event(i);
        if (byPod && inc.podOf(e) != kNoPod)
            bySubject[inc.podOf(e).value()].push_back(i);
        else if (byNode && inc.nodeOf(e) != kNoString)
            bySubject[inc.nodeOf(e).value()].push_back(i);
    };
    // Type ids as resolveEventTypes found them when the rules were loaded.
    std::vector<EventTypeId> read = absentTypes;
    for (const auto &step : seq.steps)
        read.insert(read.end(), step.typeIds.begin(), step.typeIds.end());
    if (std::find(read.begin(), read.end(), kOtherEventType) == read.end()) {
        for (const EventIndex i : analysis.eventIndex.ofAnyType(read))
            group(i);
    } else { // a step of no known type ("other"): the index leaves those out
        for (std::size_t i = 0; i < inc.events.size(); ++i)
            if (const EventTypeId type = inc.events[i].type; std::find(read.begin(), read.end(), type) != read.end())
                group(EventIndex::fromIndex(i));
    }
    auto subjectOf = [&](const Event &e) {
        return byPod ? Subject::ofPod(inc.podKey(inc.podOf(e))) : Subject::ofNode(std::string(inc.text(inc.nodeOf(e))));
    };
    for (const auto &[key, events] : bySubject) {
        if (std::chrono::steady_clock::now() > deadline)
            throw RuleTimeout();
        for (std::size_t startPos = 0; startPos < events.size(); ++startPos) {
            if ((startPos & 1023) == 1023 && std::chrono::steady_clock::now() > deadline)
                throw RuleTimeout();
            const Event &first = inc.event(events[startPos]);
            if (!seq.steps.front().matches(first.type))
                continue;
            RuleMatch m;
            m.subject = subjectOf(first);
            m.start = first.time;
            size_t stepIndex = 0;
            int count = 0;
            bool broken = false;
            for (std::size_t k = startPos; k < events.size() && stepIndex < seq.steps.size(); ++k) {
                const Event &e = inc.event(events[k]);
                if ((e.time - first.time) > seq.maxspan)
                    break;
                if (isAbsent(e.type)) {
                    broken = true;
                    break;
                }
                if (!seq.steps[stepIndex].matches(e.type))
                    continue;
                m.evidence.push_back(events[k]);
                m.chain.push_back({e.time, std::string(inc.typeName(e)), events[k]});
                m.end = e.time;
                if (++count >= seq.steps[stepIndex].atLeast) {
                    ++stepIndex;
                    count = 0;
                }
            }
            if (broken || stepIndex < seq.steps.size())
                continue;
            // The values listed in kSequenceNumbers and kSequenceTexts, which the loader checks.
            m.numbers[std::string(kEventsValue)] = double(m.evidence.size());
            m.text[std::string(kSubjectValue)] = m.subject.text();
            m.text[std::string(kSpanValue)] = formatDuration(m.end - m.start);
            out.push_back(std::move(m));
            break; // one finding per subject
        }
    }
    return out;
}

std::vector<Finding> RuleSet::evaluate(const Analysis &analysis, const std::vector<std::string> &onlyRules,
                                       std::vector<std::string> *problems, unsigned threads) const
{
    // The rules share one time budget: a rule that would run on and on (a user's sequence
    // over a huge bundle) is stopped and named, and the findings so far are kept. They read
    // the analysis only, so they run side by side; each writes its own results, joined in the
    // rules' order so that the output does not depend on the thread count (once the budget
    // is spent, which rules were still to start does: they are named either way).
    const auto deadline = std::chrono::steady_clock::now() + m_timeBudget;
    std::vector<Outcome> outcomes(m_rules.size());
    forEachInParallel(m_rules.size(), threads, [&](std::size_t i) {
        const Rule &rule = m_rules[i];
        if (!onlyRules.empty() && std::find(onlyRules.begin(), onlyRules.end(), rule.id) == onlyRules.end())
            return;
        outcomes[i] = evaluateRule(rule, analysis, deadline);
    });
    std::vector<Finding> findings;
    for (Outcome &o : outcomes) {
        std::move(o.findings.begin(), o.findings.end(), std::back_inserter(findings));
        if (problems && !o.problem.empty())
            problems->push_back(std::move(o.problem));
    }
    std::stable_sort(findings.begin(), findings.end(), [](auto &a, auto &b) { return a.start < b.start; });
    return findings;
}

RuleSet::Outcome RuleSet::evaluateRule(const Rule &rule, const Analysis &analysis, std::chrono::steady_clock::time_point deadline) const
{
    Outcome out;
    if (std::chrono::steady_clock::now() > deadline) {
        out.problem = rule.origin + ": rule '" + rule.id + "' not evaluated: the rules' time budget of "
            + std::to_string(m_timeBudget.count()) + " ms was spent";
        return out;
    }
    std::vector<RuleMatch> matches;
    try {
        matches = rule.usesSequence ? matchSequence(rule.sequence, analysis, deadline) : findRuleDetector(rule.detector)->run(analysis);
    } catch (const RuleTimeout &) {
        out.problem = rule.origin + ": rule '" + rule.id + "' stopped: it ran past the rules' time budget of "
            + std::to_string(m_timeBudget.count()) + " ms";
        return out;
    }
    for (const RuleMatch &m : matches) {
        if (!holds(rule.where, m))
            continue;
        Finding f;
        f.rule = rule.id;
        f.subject = m.subject;
        f.start = m.start;
        f.end = m.end;
        f.severity = rule.severity;
        for (const SeverityCase &c : rule.severityWhen)
            if (holds(c.where, m)) {
                f.severity = c.severity;
                break;
            }
        f.title = fillTemplate(rule.title, m);
        f.explanation = fillTemplate(rule.explanation, m);
        f.chain = m.chain;
        f.evidence = m.evidence;
        f.references = rule.references;
        out.findings.push_back(std::move(f));
    }
    return out;
}

} // namespace kubelane::core
