#pragma once
// How a rule detector writes its match: evidence lines, the causal chain's steps, and the
// wording both use. Shared by every detector file.
#include "../model/incident.h"
#include "../model/timestamp.h"
#include "rulematch.h"

#include <algorithm>
#include <string>

namespace kubelane::core {

inline std::string clockText(Timestamp t)
{
    return formatTimeOfDay(t, 0) + "Z";
}

inline void addEvidence(RuleMatch &m, EventIndex idx)
{
    if (idx != kNoEvent && std::find(m.evidence.begin(), m.evidence.end(), idx) == m.evidence.end())
        m.evidence.push_back(idx);
}

// A step of the causal chain, its line also evidence; nothing for kNoEvent.
inline void step(RuleMatch &m, const Incident &inc, EventIndex idx, std::string text)
{
    if (idx == kNoEvent)
        return;
    m.chain.push_back({inc.event(idx).time, std::move(text), idx});
    addEvidence(m, idx);
}

// Evidence in the incident's order, the chain in time order.
inline void finishMatch(RuleMatch &m)
{
    std::sort(m.evidence.begin(), m.evidence.end());
    std::stable_sort(m.chain.begin(), m.chain.end(), [](auto &a, auto &b) { return a.time < b.time; });
}

// "kube-apiserver on cp-1": a component's process as the findings name it.
inline std::string componentOnMachine(const Incident &inc, const Event &e)
{
    const std::string_view machine = inc.sources[e.source].machine();
    return std::string(inc.componentNameOf(e)) + (machine.empty() ? "" : " on " + std::string(machine));
}

inline std::string plural(std::size_t n, const std::string &noun)
{
    return std::to_string(n) + " " + noun + (n == 1 ? "" : "s");
}

} // namespace kubelane::core
