#include "factcontext.h"

#include "../classify/eventtypecatalog.h"

namespace kubelane::core {

const CodeTypes &codeTypesOf(const Incident &inc)
{
    if (!inc.eventTypes)
        throw LoadError("no event-type table (events.json) was loaded: the analysis reads event types");
    try {
        return inc.eventTypes->codeTypes();
    } catch (const std::runtime_error &e) {
        throw LoadError(e.what());
    }
}

FactContext::FactContext(const Incident &incident) : inc(incident), types(codeTypesOf(incident)), keys(resolveFieldKeys(incident.strings))
{
    for (const Source &s : inc.sources) {
        if (s.eventCount == 0)
            continue;
        Timestamp &until = m_observedUntil[{s.component, s.node}];
        until = std::max(until, s.last);
    }
}

Timestamp FactContext::observedUntil(const Event &e) const
{
    const Source &s = inc.sources[e.source];
    const auto it = m_observedUntil.find({s.component, s.node});
    return it == m_observedUntil.end() ? s.last : it->second;
}

Timestamp FactContext::kubeletObservedUntil(StringId node) const
{
    const auto it = m_observedUntil.find({"kubelet", std::string(inc.text(node))});
    return it == m_observedUntil.end() ? Timestamp{} : it->second;
}

} // namespace kubelane::core
