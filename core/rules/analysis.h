#pragma once
// The result of analysing an Incident: derived facts and the rules' findings. Immutable once
// built and shared like the Incident it points to. It lives with the rules because they read
// it (the incident, the facts) while core/analysis only assembles it.
#include "../classify/codenames.h"
#include "../facts/facts.h"
#include "../model/eventstoreindex.h"
#include "../model/incident.h"
#include "finding.h"

#include <memory>
#include <string>
#include <vector>

namespace kubelane::core {

class Analysis {
public:
    std::shared_ptr<const Incident> incident;
    FieldKeys keys;             // the fields C++ reads, as string ids of the incident's pool
    EventStoreIndex eventIndex; // over the incident's events, for the detectors and rules
    Facts facts;
    std::vector<Finding> findings;     // sorted by start time
    std::vector<std::string> problems; // rules not evaluated in full (the time budget), each named
};

} // namespace kubelane::core
