#include "ruleset.h"

#include "../analysis/analyzer.h"
#include "../util/textfile.h"
#include "ruledetectors.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <map>

namespace kubelane::core {

namespace {

[[noreturn]] void fail(const std::string &origin, const std::string &id, const std::string &what)
{
    throw RuleError(origin + (id.empty() ? "" : ": rule '" + id + "'") + ": " + what);
}

Severity parseSeverity(const std::string &origin, const std::string &id, const std::string &s)
{
    if (s == "info") return Severity::Info;
    if (s == "warning") return Severity::Warning;
    if (s == "error") return Severity::Error;
    if (s == "fatal" || s == "critical") return Severity::Fatal;
    fail(origin, id, "severity must be info, warning, error or fatal, not '" + s + "'");
}

bool compare(double a, const std::string &op, double b)
{
    if (op == ">") return a > b;
    if (op == ">=") return a >= b;
    if (op == "<") return a < b;
    if (op == "<=") return a <= b;
    if (op == "==") return a == b;
    if (op == "!=") return a != b;
    return false;
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
    for (const auto &existing : m_rules)
        if (existing.id == rule.id)
            fail(origin, rule.id, "defined twice (also in " + existing.origin + ")");
    if (r.contains("sequence") && !r["sequence"].is_object())
        fail(origin, rule.id, "\"sequence\" must be an object with \"steps\"");
    rule.subjectKind = r.value("subject", "");
    if (rule.subjectKind != "node" && rule.subjectKind != "pod" && rule.subjectKind != "container")
        fail(origin, rule.id, "\"subject\" must be node, pod or container");
    rule.detector = r.value("detector", "");
    if (!rule.detector.empty() && !findRuleDetector(rule.detector)) {
        std::string known;
        for (const auto &n : ruleDetectorNames())
            known += (known.empty() ? "" : ", ") + n;
        fail(origin, rule.id, "unknown detector '" + rule.detector + "' (known: " + known + ")");
    }
    if (auto seq = r.find("sequence"); seq != r.end()) {
        rule.usesSequence = true;
        rule.sequence.by = seq->value("by", rule.subjectKind);
        const auto span = parseGoDuration(seq->value("maxspan", "60s"));
        if (!span)
            fail(origin, rule.id, "sequence.maxspan is not a duration such as 90s or 5m");
        rule.sequence.maxspan = *span;
        for (const auto &s : seq->value("steps", nlohmann::json::array()))
            rule.sequence.steps.push_back({s.value("type", ""), s.value("atLeast", 1)});
        for (const auto &s : seq->value("absent", nlohmann::json::array()))
            rule.sequence.absent.push_back(s.is_string() ? s.get<std::string>() : s.value("type", ""));
        if (rule.sequence.steps.empty())
            fail(origin, rule.id, "sequence needs at least one step");
    }
    if (rule.detector.empty() == !rule.usesSequence)
        fail(origin, rule.id, "needs exactly one of \"detector\" or \"sequence\"");
    for (const auto &w : r.value("where", nlohmann::json::array())) {
        Condition c;
        c.value = w.value("value", "");
        c.op = w.value("op", "");
        if (c.value.empty() || (c.op != ">" && c.op != ">=" && c.op != "<" && c.op != "<=" && c.op != "==" && c.op != "!="))
            fail(origin, rule.id, "each \"where\" needs a value and an op (> >= < <= == !=): " + w.dump());
        if (w.contains("than") && w["than"].is_string())
            c.otherValue = w["than"].get<std::string>();
        else if (w.contains("than") && (w["than"].is_number() || w["than"].is_boolean()))
            c.constant = w["than"].is_boolean() ? double(w["than"].get<bool>()) : w["than"].get<double>();
        else
            fail(origin, rule.id, "each \"where\" needs \"than\": a number or another value's name");
        rule.where.push_back(c);
    }
    rule.severity = parseSeverity(origin, rule.id, r.value("severity", "error"));
    rule.title = r.value("title", "");
    rule.explanation = r.value("explanation", "");
    if (rule.title.empty() || rule.explanation.empty())
        fail(origin, rule.id, "needs a \"title\" and an \"explanation\"");
    for (const auto &ref : r.value("references", nlohmann::json::array()))
        rule.references.push_back(ref.get<std::string>());
}

void RuleSet::checkEventTypes(const EventTypeCatalog &catalog) const
{
    for (const Rule &rule : m_rules) {
        std::vector<std::string> types;
        for (const auto &step : rule.sequence.steps)
            types.push_back(step.type);
        types.insert(types.end(), rule.sequence.absent.begin(), rule.sequence.absent.end());
        for (const auto &t : types)
            if (t.empty() || !catalog.find(t))
                fail(rule.origin, rule.id, "sequence names event type '" + t + "', which resources/events.json does not define");
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

std::vector<RuleMatch> matchSequence(const Sequence &seq, const Analysis &analysis)
{
    const Incident &inc = *analysis.incident;
    std::vector<RuleMatch> out;
    // Group the events of the steps by subject, then walk each group in time order.
    std::map<std::string, std::vector<std::size_t>> bySubject;
    for (std::size_t i = 0; i < inc.events.size(); ++i) {
        const Event &e = inc.events[i];
        const std::string_view type = inc.typeName(e);
        const bool relevant = std::any_of(seq.steps.begin(), seq.steps.end(), [&](auto &s) { return s.type == type; })
            || std::find(seq.absent.begin(), seq.absent.end(), type) != seq.absent.end();
        if (!relevant)
            continue;
        std::string subject;
        if (seq.by == "pod" && e.pod != kNoPod)
            subject = "pod/" + inc.podName(e.pod);
        else if (seq.by == "node" && e.node != kNoString)
            subject = "node/" + std::string(inc.text(e.node));
        if (!subject.empty())
            bySubject[subject].push_back(i);
    }
    for (const auto &[subject, events] : bySubject) {
        for (std::size_t startPos = 0; startPos < events.size(); ++startPos) {
            const Event &first = inc.events[events[startPos]];
            if (inc.typeName(first) != seq.steps.front().type)
                continue;
            RuleMatch m;
            m.subject = subject;
            m.start = first.time;
            size_t stepIndex = 0;
            int count = 0;
            bool broken = false;
            for (std::size_t k = startPos; k < events.size() && stepIndex < seq.steps.size(); ++k) {
                const Event &e = inc.events[events[k]];
                if ((e.time - first.time) > seq.maxspan)
                    break;
                const std::string_view type = inc.typeName(e);
                if (std::find(seq.absent.begin(), seq.absent.end(), type) != seq.absent.end()) {
                    broken = true;
                    break;
                }
                if (type != seq.steps[stepIndex].type)
                    continue;
                m.evidence.push_back(events[k]);
                m.chain.push_back({e.time, std::string(type), events[k]});
                m.end = e.time;
                if (++count >= seq.steps[stepIndex].atLeast) {
                    ++stepIndex;
                    count = 0;
                }
            }
            if (broken || stepIndex < seq.steps.size())
                continue;
            m.numbers["events"] = double(m.evidence.size());
            m.text["subject"] = subject;
            m.text["span"] = formatDuration(m.end - m.start);
            out.push_back(std::move(m));
            break; // one finding per subject
        }
    }
    return out;
}

std::vector<Finding> RuleSet::evaluate(const Analysis &analysis, const std::vector<std::string> &onlyRules) const
{
    std::vector<Finding> findings;
    for (const Rule &rule : m_rules) {
        if (!onlyRules.empty() && std::find(onlyRules.begin(), onlyRules.end(), rule.id) == onlyRules.end())
            continue;
        const std::vector<RuleMatch> matches = rule.usesSequence ? matchSequence(rule.sequence, analysis)
                                                                 : findRuleDetector(rule.detector)(analysis);
        for (const RuleMatch &m : matches) {
            bool pass = true;
            for (const Condition &c : rule.where) {
                const auto v = m.numbers.find(c.value);
                double rhs = c.constant;
                if (!c.otherValue.empty()) {
                    const auto o = m.numbers.find(c.otherValue);
                    if (o == m.numbers.end()) {
                        pass = false;
                        break;
                    }
                    rhs = o->second;
                }
                if (v == m.numbers.end() || !compare(v->second, c.op, rhs)) {
                    pass = false;
                    break;
                }
            }
            if (!pass)
                continue;
            Finding f;
            f.rule = rule.id;
            f.subject = m.subject;
            f.start = m.start;
            f.end = m.end;
            f.severity = rule.severity;
            f.title = fillTemplate(rule.title, m);
            f.explanation = fillTemplate(rule.explanation, m);
            f.chain = m.chain;
            f.evidence = m.evidence;
            f.references = rule.references;
            findings.push_back(std::move(f));
        }
    }
    std::stable_sort(findings.begin(), findings.end(), [](auto &a, auto &b) { return a.start < b.start; });
    return findings;
}

} // namespace kubelane::core
