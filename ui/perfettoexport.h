#pragma once
// `kubelane export -o trace.json --format perfetto`: the lanes as a Chrome Trace Event JSON
// file that ui.perfetto.dev and chrome://tracing open. One process per top-level group (a
// node, a control-plane host), one thread per leaf lane in the window's order, state spans as
// complete events ("X"), marks as thread instants ("i") carrying the raw line and its fields,
// status-before-probe orderings as flow events ("s"/"f") bound to a 1 µs slice on each of
// their two lines (a flow binds to an enclosing slice, never to an instant), the findings on their own
// process. Written event by event to a stream: a bundle of millions of events never becomes
// one JSON document in memory.
#include "lanemodel.h"

#include <optional>
#include <ostream>
#include <string>
#include <vector>

namespace kubelane::ui {

struct PerfettoRequest {
    std::optional<core::Timestamp> from, to;  // only what lies in this window (spans clipped)
    std::vector<bool> shown;                  // lane id -> kept (LaneFilter::match); empty = all
    std::optional<std::vector<int>> findings; // indices into Analysis::findings; nullopt = all
};

struct PerfettoCounts {
    std::size_t processes = 0, threads = 0, spans = 0, marks = 0, mirrors = 0, flows = 0, findings = 0;
};

// Writes the whole trace; returns what it wrote. The stream's state says whether it worked.
PerfettoCounts writePerfettoTrace(std::ostream &out, const LaneModel &model, const PerfettoRequest &request);

// Microseconds since the Unix epoch as the format's "ts": exact to the nanosecond ("123.456").
std::string traceMicros(core::Timestamp t);

} // namespace kubelane::ui
