#pragma once
// What `kubelane analyze` prints: per source what was detected and inferred, the bundle's
// line/event/not-understood counts, and the findings. Text for people, JSON (documented in
// the README, stable) for scripts.
#include "../model/incident.h"

#include <string>

namespace kubelane::core {

class Analysis;

std::string analysisJson(const Incident &incident, const Analysis *analysis, int indent = 2);
std::string analysisText(const Incident &incident, const Analysis *analysis, bool verbose);

} // namespace kubelane::core
