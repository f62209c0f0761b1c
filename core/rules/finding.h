#pragma once
// What a root-cause rule says: which rule fired, on what, when, why, and on which lines.
#include "../model/event.h"
#include "subject.h"

#include <algorithm>
#include <string>
#include <vector>

namespace kubelane::core {

struct ChainStep {
    Timestamp time;
    std::string text;
    EventIndex event = kNoEvent;
};

struct Finding {
    std::string rule; // fixed ids: probe-status-race, pleg-unhealthy, ...
    Subject subject;
    Timestamp start, end;
    Severity severity = Severity::Error;
    std::string title;
    std::string explanation;
    std::vector<ChainStep> chain;     // the causal chain, in order
    std::vector<EventIndex> evidence; // in time order
    std::vector<std::string> references;

    // The lines the finding stands on: its causal steps in order, then the evidence not among
    // them. Every index is an event of the incident (steps without a line are left out).
    std::vector<EventIndex> lines() const
    {
        std::vector<EventIndex> out;
        for (const ChainStep &step : chain)
            if (step.event != kNoEvent)
                out.push_back(step.event);
        for (EventIndex e : evidence)
            if (std::find(out.begin(), out.end(), e) == out.end())
                out.push_back(e);
        return out;
    }
};

} // namespace kubelane::core
