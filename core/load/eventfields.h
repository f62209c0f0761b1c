#pragma once
// All the key/values of one event, for people (the event details): the ones the load kept,
// and, for an event of no known type, the ones it read and did not keep (only fields whose
// values repeat are stored for those; see SourceParser::storeFields), decoded again from the
// line: a structured klog message's pairs, or a klog JSON record's keys.
#include "../model/incident.h"

#include <string>
#include <utility>
#include <vector>

namespace kubelane::core {

std::vector<std::pair<std::string, std::string>> eventFields(const Incident &incident, const Event &event);

} // namespace kubelane::core
