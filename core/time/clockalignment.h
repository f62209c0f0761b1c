#pragma once
// Clocks aligned across sources. Each source starts with the zone its own file showed and a
// strength (ZoneClaim). Sources whose zone is stated (envelopes, --tz, explicit offsets,
// unambiguous zone names) are anchors and never move. From them, offsets spread along the
// links between sources (clockpairs.h: request pairs, the node lifecycle controller against
// heartbeats) and along "same host" (files of one node share its zone) to sources with weaker
// evidence: assumed UTC, an ambiguous zone name, a guess from "Z" stamps. The strongest claim
// reaches a source first; a weaker one that disagrees is reported, not applied. Sources no
// anchor reaches are aligned to the strongest of them (a source that only assumed UTC always
// moves). Clock skew is the median remainder of tight request pairs, relative to the
// apiserver. Every change names its pairs and its anchor in the source's evidence.
#include "../model/eventtables.h"
#include "../model/incident.h"
#include "zoneclaim.h"

#include <vector>

namespace kubelane::core {

// Adjusts the times in each source's table (one pass, before the time order) and records
// evidence on each source. `claims` is indexed by SourceId; notes on conflicts go to
// incident.notes.
void alignClocks(Incident &incident, EventTables &tables, const std::vector<ZoneClaim> &claims);

} // namespace kubelane::core
