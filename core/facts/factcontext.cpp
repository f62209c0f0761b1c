#include "factcontext.h"

namespace kubelane::core {

FactContext::FactContext(const Incident &incident) : inc(incident)
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
