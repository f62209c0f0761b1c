#pragma once
// Merges per-file results into the Incident and ties lines together across files: the same
// pod under its different spellings, container ids to their pod and container name, pod
// UIDs to pods, pods to the node whose kubelet runs them.
#include "../model/eventtables.h"
#include "../model/incident.h"
#include "parsedsource.h"

#include <functional>
#include <vector>

namespace kubelane::core {

// Sets each event's final time (Event::time) from its pending reading (ParsedSource::times).
using TimeResolver = std::function<void(ParsedSource &)>;

// Moves every file into the incident, with the incident's ids and their events' final times
// (resolveTimes, called once per file, possibly from several of `threads` at once; 0: one per
// core). The events stay in their file's table, in its own order, until the time order
// (timeOrder) merges the tables into Incident::events.
EventTables mergeParsedSources(std::vector<ParsedSource> &parsed, Incident &incident, const TimeResolver &resolveTimes,
                               unsigned threads = 0);
// Every node each pod was placed on, by pod index, in the order they were met: more than
// one when a pod's name came back on another node (a StatefulSet's pod made again). And the
// lines that place a pod only by listing it (a kubelet's "SyncLoop ADD" of several pods):
// those lines are not the pod's own, but say when it was on the node.
struct PodPlacements {
    struct Listing {
        PodId pod;
        StringId node;
        SourceId source;   // the listing line's table (EventTables::bySource)
        std::size_t event; // its index there
    };
    std::vector<std::vector<StringId>> nodesOf;
    std::vector<Listing> listings;
};
PodPlacements correlate(Incident &incident, EventTables &tables);

// "docker://8a61...", "containerd://8a61..." -> "8a61..."
std::string_view stripContainerScheme(std::string_view id);

} // namespace kubelane::core
