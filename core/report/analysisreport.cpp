#include "analysisreport.h"

#include "../analysis/analysis.h"
#include "../format/formatregistry.h"
#include "../input/textencoding.h"

#include <nlohmann/json.hpp>

#include <sstream>

namespace kubelane::core {

namespace {

const char *originName(ClockInfo::OffsetOrigin o)
{
    switch (o) {
    case ClockInfo::OffsetOrigin::Wrapper: return "envelope";
    case ClockInfo::OffsetOrigin::Inferred: return "inferred";
    case ClockInfo::OffsetOrigin::Override: return "override";
    case ClockInfo::OffsetOrigin::Assumed: return "assumed";
    }
    return "assumed";
}

nlohmann::json sourceJson(const Source &s)
{
    nlohmann::json j;
    j["path"] = s.path;
    j["format"] = formatName(s.format);
    j["formatDetail"] = s.formatDetail;
    j["shape"] = s.shape.empty() ? "file" : s.shape;
    j["component"] = s.component;
    j["node"] = s.node;
    if (!s.host.empty())
        j["host"] = s.host;
    j["attributedBy"] = s.componentOrigin;
    if (!s.attribution.podName.empty())
        j["pod"] = s.attribution.pod();
    if (!s.attribution.container.empty())
        j["container"] = s.attribution.container;
    j["lines"] = s.lineCount;
    j["events"] = s.eventCount;
    j["unparsed"] = s.unparsedLines;
    j["nonLogLines"] = s.nonLogLines;
    j["repeatedEvents"] = s.repeatedEvents;
    j["first"] = s.first.isValid() ? nlohmann::json(formatRfc3339(s.first)) : nlohmann::json(nullptr);
    j["last"] = s.last.isValid() ? nlohmann::json(formatRfc3339(s.last)) : nlohmann::json(nullptr);
    j["utcOffset"] = formatUtcOffset(s.clock.utcOffsetSeconds);
    j["utcOffsetOrigin"] = originName(s.clock.offsetOrigin);
    j["utcOffsetEvidence"] = s.clock.offsetEvidence;
    j["year"] = s.clock.year;
    j["yearEvidence"] = s.clock.yearEvidence;
    j["skewMs"] = static_cast<double>(s.clock.skew.ns) / 1e6;
    j["skewEvidence"] = s.clock.skewEvidence;
    j["headerClockEvidence"] = s.clock.headerClockEvidence;
    if (!s.error.empty())
        j["error"] = s.error;
    nlohmann::json reasons = nlohmann::json::object();
    for (int r = 0; r < static_cast<int>(DiagnosticReason::Count); ++r)
        if (s.diagnosticCounts[r])
            reasons[diagnosticName(static_cast<DiagnosticReason>(r))] = s.diagnosticCounts[r];
    j["diagnostics"] = reasons;
    nlohmann::json examples = nlohmann::json::array();
    for (const auto &d : s.diagnostics)
        examples.push_back({{"line", d.line}, {"offset", d.offset}, {"reason", diagnosticName(d.reason)}});
    j["diagnosticExamples"] = examples;
    return j;
}

nlohmann::json evidenceJson(const Incident &inc, EventIndex index)
{
    const Event &e = inc.event(index);
    return {{"source", inc.sources[e.source].path},
            {"line", inc.lineOf(e)},
            {"time", formatRfc3339(e.time)},
            {"type", std::string(inc.typeName(e))},
            {"text", escapeForDisplay(inc.message(e).substr(0, 2000))}};
}

} // namespace

std::string analysisJson(const Incident &inc, const Analysis *analysis, int indent)
{
    nlohmann::json out;
    out["sources"] = nlohmann::json::array();
    for (const auto &s : inc.sources)
        out["sources"].push_back(sourceJson(s));
    out["stats"] = {
        {"lines", inc.stats.lines}, {"events", inc.stats.events}, {"unparsed", inc.stats.unparsed}, {"nonLogLines", inc.stats.nonLog}};
    out["notes"] = inc.notes;
    out["notLoaded"] = nlohmann::json::array();
    for (const auto &s : inc.skipped)
        out["notLoaded"].push_back({{"path", s.path}, {"reason", s.reason}});
    out["findings"] = nlohmann::json::array();
    if (analysis)
        out["problems"] = analysis->problems;
    if (analysis) {
        for (const Finding &f : analysis->findings) {
            nlohmann::json j;
            j["rule"] = f.rule;
            j["subject"] = f.subject.text();
            j["start"] = formatRfc3339(f.start);
            j["end"] = formatRfc3339(f.end);
            j["severity"] = severityName(f.severity);
            j["title"] = f.title;
            j["explanation"] = f.explanation;
            j["chain"] = nlohmann::json::array();
            for (const auto &step : f.chain)
                j["chain"].push_back({{"time", formatRfc3339(step.time)}, {"text", step.text}});
            j["evidence"] = nlohmann::json::array();
            for (auto idx : f.evidence)
                j["evidence"].push_back(evidenceJson(inc, idx));
            inc.releaseMappedPages(); // each evidence line read mapped its folio (Incident::releaseMappedPages)
            j["references"] = f.references;
            out["findings"].push_back(std::move(j));
        }
    }
    return out.dump(indent, ' ', false, nlohmann::json::error_handler_t::replace);
}

std::string analysisText(const Incident &inc, const Analysis *analysis, bool verbose)
{
    std::ostringstream o;
    o << "Sources (" << inc.sources.size() << "):\n";
    for (const auto &s : inc.sources) {
        o << "  " << s.path << "\n";
        if (!s.error.empty()) {
            o << "      ERROR: " << s.error << "\n";
            if (!s.bytes) // read up to damage: what came before is loaded
                continue;
        }
        // "(by ...)" says how the component was told, so it stands next to it, not the node.
        o << "      " << (s.shape.empty() ? "" : s.shape + ": ") << s.formatDetail << ", component "
          << (s.component.empty() ? "?" : s.component) << (s.componentOrigin.empty() ? "" : " (by " + s.componentOrigin + ")") << ", node "
          << (s.node.empty() ? "-" : s.node);
        // A control-plane component's log names no node, but the machine it ran on is known.
        if (s.node.empty() && !s.host.empty())
            o << ", host " << s.host;
        if (!s.attribution.podName.empty())
            o << ", pod " << s.attribution.pod() << (s.attribution.container.empty() ? "" : " container " + s.attribution.container);
        o << "\n";
        o << "      " << s.lineCount << " lines, " << s.eventCount << " events, " << s.unparsedLines << " not understood";
        if (s.nonLogLines)
            o << ", " << s.nonLogLines << " not log lines";
        if (s.repeatedEvents)
            o << ", " << s.repeatedEvents << " events shown from another source";
        if (s.first.isValid())
            o << ", " << formatRfc3339(s.first, 3) << " .. " << formatRfc3339(s.last, 3);
        o << "\n";
        if (s.eventCount > 0) { // a file of no events has no clock to speak of
            o << "      UTC offset " << formatUtcOffset(s.clock.utcOffsetSeconds) << " (" << originName(s.clock.offsetOrigin) << ": "
              << s.clock.offsetEvidence << ")\n";
            if (verbose)
                o << "      year " << s.clock.year << " (" << s.clock.yearEvidence << ")\n";
        }
        if (!s.clock.skewEvidence.empty())
            o << "      clock skew " << formatDuration(s.clock.skew) << " (" << s.clock.skewEvidence << ")\n";
        if (!s.clock.headerClockEvidence.empty())
            o << "      " << s.clock.headerClockEvidence << "\n";
        for (int r = 0; r < static_cast<int>(DiagnosticReason::Count); ++r)
            if (s.diagnosticCounts[r]) {
                o << "      " << s.diagnosticCounts[r] << " x " << diagnosticName(static_cast<DiagnosticReason>(r));
                for (const auto &d : s.diagnostics)
                    if (d.reason == static_cast<DiagnosticReason>(r)) {
                        o << " (first at line " << d.line << ")";
                        break;
                    }
                o << "\n";
            }
    }
    if (!inc.skipped.empty()) {
        o << "Not loaded (" << inc.skipped.size() << "):\n";
        for (const auto &s : inc.skipped)
            o << "  " << s.path << "\n      " << s.reason << "\n";
    }
    o << "Total: " << inc.stats.lines << " lines, " << inc.stats.events << " events, " << inc.stats.unparsed << " not understood";
    if (inc.stats.nonLog)
        o << ", " << inc.stats.nonLog << " not log lines";
    o << "\n";
    for (const auto &n : inc.notes)
        o << "Note: " << n << "\n";
    if (analysis)
        for (const auto &p : analysis->problems)
            o << "Problem: " << p << "\n";
    if (!analysis || analysis->findings.empty()) {
        o << "\nFindings: none\n";
        return o.str();
    }
    o << "\nFindings (" << analysis->findings.size() << "):\n";
    int n = 0;
    for (const Finding &f : analysis->findings) {
        o << "\n[" << ++n << "] " << f.rule << "  " << f.subject.text() << "  " << severityName(f.severity) << "\n";
        o << "    " << formatRfc3339(f.start, 3) << " .. " << formatRfc3339(f.end, 3) << "\n";
        o << "    " << f.title << "\n";
        o << "    " << f.explanation << "\n";
        if (!f.chain.empty()) {
            o << "    Causal chain:\n";
            int k = 0;
            for (const auto &step : f.chain)
                o << "      " << ++k << ". " << formatTimeOfDay(step.time) << "  " << step.text << "\n";
        }
        o << "    Evidence:\n";
        for (auto idx : f.evidence) {
            const Event &e = inc.event(idx);
            o << "      " << inc.sources[e.source].path << ":" << inc.lineOf(e) << "  " << formatTimeOfDay(e.time) << "  "
              << escapeForDisplay(inc.message(e).substr(0, 200)) << "\n";
        }
        for (const auto &r : f.references)
            o << "    See: " << r << "\n";
    }
    return o.str();
}

} // namespace kubelane::core
