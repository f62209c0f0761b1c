#pragma once
// The result of analysing an Incident: derived facts and the rules' findings. Immutable once
// built and shared like the Incident it points to.
#include "../facts/facts.h"
#include "../model/incident.h"
#include "../rules/finding.h"

#include <memory>
#include <vector>

namespace kubelane::core {

class Analysis {
public:
    std::shared_ptr<const Incident> incident;
    Facts facts;
    std::vector<Finding> findings; // sorted by start time
};

} // namespace kubelane::core
