#pragma once
// All the key/values of one event, for people (the event details and exports): the ones the
// load kept, and the ones it read and did not keep (SourceParser::storeFields keeps only what
// is read after the parse), decoded again from the line: a structured klog message's pairs or
// a klog JSON record's keys, and for an event of a known type, its pattern's captures.
#include "../model/incident.h"

#include <string>
#include <utility>
#include <vector>

namespace kubelane::core {

std::vector<std::pair<std::string, std::string>> eventFields(const Incident &incident, const Event &event);

} // namespace kubelane::core
