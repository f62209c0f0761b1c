#pragma once
// Builds small incidents and analyses by hand for the GUI tests: events with real type and
// role ids from resources/, raw text the log view can show, facts filled in directly.
#include "core/analysis/analysis.h"
#include "core/analysis/analyzer.h"
#include "core/classify/eventtypecatalog.h"
#include "core/classify/goroutinemap.h"
#include "core/load/loader.h"

#include <memory>
#include <string>

namespace kubelane::uitest {

inline core::Timestamp at(double seconds)
{
    // 2020-03-12T02:42:00Z plus `seconds`.
    return core::Timestamp{1583980920LL * core::kNsPerSecond} + core::Duration::fromSeconds(seconds);
}

class IncidentBuilder {
public:
    IncidentBuilder()
    {
        m_incident = std::make_shared<core::Incident>();
        m_incident->eventTypes = core::EventTypeCatalog::loadFile(KUBELANE_RESOURCES "/events.json");
        m_incident->roles = core::GoroutineMap::loadFile(KUBELANE_RESOURCES "/goroutines.json");
        core::Source s;
        s.id = 0;
        s.path = "test/n1/kubelet.log";
        s.component = "kubelet";
        s.node = "n1";
        m_incident->sources.push_back(std::move(s));
        m_incident->strings.intern("kubelet");
    }

    core::StringId intern(const std::string &s) { return m_incident->strings.intern(s); }

    core::PodId pod(const std::string &ns, const std::string &name, const std::string &node = "n1")
    {
        m_incident->pods.push_back(core::Pod{intern(ns), intern(name), intern(name + "-uid"), intern(node)});
        return core::PodId::fromIndex(m_incident->pods.size() - 1);
    }

    // Events must be added in time order (the store's invariant).
    core::EventIndex add(core::Timestamp t, const std::string &type, const std::string &role, const std::string &message,
                         core::Severity severity = core::Severity::Info, core::PodId pod = core::kNoPod, const std::string &container = {},
                         const std::string &node = "n1")
    {
        core::Event e;
        e.time = t;
        e.offset = m_bytes.size();
        m_incident->sources[0].lineIndex.note(e.offset, ++m_lines);
        const auto length = static_cast<std::uint32_t>(message.size());
        core::setSpans(e, {length, 0, length, false}, m_incident->sources[0].eventSpans); // the message is the whole line
        e.source = 0;
        e.type = m_incident->eventTypes->find(type).value_or(core::kOtherEventType);
        e.severity = severity;
        // One place per role: the role is the place's (a made-up file:line names it).
        const core::OriginId origin =
            m_incident->origins.intern(intern("kubelet"), intern(role + ".go:1"), m_incident->roles->roleId(role));
        e.context = m_incident->contexts.intern({origin, intern(node), container.empty() ? core::kNoString : intern(container), pod});
        m_bytes += message;
        m_bytes += '\n';
        m_incident->events.push_back(e);
        return core::EventIndex::fromIndex(m_incident->events.size() - 1);
    }

    std::shared_ptr<const core::Incident> finish()
    {
        core::Source &s = m_incident->sources[0];
        s.bytes = core::makeBytes(m_bytes);
        s.lineCount = m_lines;
        s.eventCount = m_incident->events.size();
        if (!m_incident->events.empty()) {
            s.first = m_incident->events.front().time;
            s.last = m_incident->events.back().time;
        }
        m_incident->stats.events = m_incident->events.size();
        m_incident->stats.lines = m_lines;
        return m_incident;
    }

    core::Incident &incident() { return *m_incident; }

private:
    std::shared_ptr<core::Incident> m_incident;
    std::string m_bytes;
    std::uint32_t m_lines = 0;
};

// Loads and analyses a sample bundle (samples/NAME).
inline std::shared_ptr<const core::Analysis> analyseSample(const std::string &name)
{
    core::LoadOptions load;
    load.resourceDir = KUBELANE_RESOURCES;
    auto incident = core::loadBundle({std::string(KUBELANE_SAMPLES) + "/" + name}, load);
    core::AnalyzeOptions options;
    options.resourceDir = KUBELANE_RESOURCES;
    return core::analyzeIncident(incident, options);
}

// A heartbeat gap fact on `node` from `from` to `to` seconds (see at()).
inline core::HeartbeatGap gap(core::StringId node, double from, double to, double graceSeconds = 40)
{
    core::HeartbeatGap g;
    g.node = node;
    g.start = at(from);
    g.end = at(to);
    g.length = g.end - g.start;
    g.grace = core::Duration::fromSeconds(graceSeconds);
    g.exceedsGrace = g.length > g.grace;
    return g;
}

inline core::Finding finding(std::string rule, std::string subject, double from, double to, std::string title)
{
    core::Finding f;
    f.rule = std::move(rule);
    f.subject = core::Subject::parse(subject).value_or(core::Subject{});
    f.start = at(from);
    f.end = at(to);
    f.title = std::move(title);
    return f;
}

} // namespace kubelane::uitest
