#pragma once
// What parsing one file yields before it is merged into the Incident: events with times
// still pending (year/zone inference needs the whole file and the other files), and
// source-local string, origin and pod tables that the merge remaps.
#include "../format/sourceidentity.h"
#include "../model/event.h"
#include "../model/source.h"
#include "../model/stringpool.h"
#include "../time/timeevidence.h"
#include "../time/zoneclaim.h"

#include <optional>
#include <string>
#include <vector>

namespace kubelane::core {

struct LocalPod {
    StringId ns = kNoString, name = kNoString, uid = kNoString;
};

struct ParsedSource {
    Source source;
    EventStore events;             // in file order; Event::pod indexes `pods`
    std::vector<StoredTime> times; // parallel to events; each one's reference is in events[i].time
    std::vector<Field> fields;
    StringPool strings;
    OriginTable origins;        // of `strings`' ids
    EventContextTable contexts; // of `origins`', `strings`' and `pods`' ids
    FieldKeyTable fieldKeys;    // of `strings`' ids; Field::key indexes it
    std::vector<LocalPod> pods;
    ClockEvidence clockEvidence;
    int explicitYear = 0; // from a glog "Log file created at:" or journald header
    std::string explicitYearEvidence;
    bool explicitYearIsEarliest = false; // a journal header's begin alone: the lines may be of a later year
    bool needsClockInference = false;    // some events have no exact time
    // The file's clock (zone and year) decided from its own evidence as soon as it was parsed,
    // and its events' times resolved then (`times` freed); else decided at the merge, with
    // its neighbours' year. `zoneClaim` says how sure the zone is, for the clock alignment.
    bool clockResolved = false;
    ZoneClaim zoneClaim;
    // A --from/--to load: whether the file was read from its window only, the bytes that were
    // not parsed, and why not when it was read whole.
    bool windowSought = false;
    std::uint64_t windowSkippedBytes = 0;
    std::string windowNote;
    std::optional<int> windowAssumedOffset; // sought by local readings taken to be at this zone
    // (host, node): the file's kubelet named its Node `node`, which is `host` with a domain after
    // it, on a line its host or path names `host` ("ip-10-0-1-5", "ip-10-0-1-5.ec2.internal").
    std::vector<std::pair<std::string, std::string>> nodeFullNames;
    bool nodeSetByUser = false; // --node named this file's node: nothing renames it
    bool objectsOnly = false;   // API objects, event tables, describe output: the cluster's, no node's own log

    // Moves the events on node `from` to node `to` (one machine's two names, nodenames.h).
    void moveEventsToNode(StringId from, StringId to)
    {
        for (Event &e : events)
            if (contexts[e.context].node == from)
                e.context = contexts.withNode(e.context, to);
    }

    // Gives `node` to the events that name none, but not to the control plane's (a component
    // of the cluster, not of the host): the file was written on that node.
    void giveNodeToNodelessEvents(StringId node)
    {
        for (Event &e : events)
            if (contexts[e.context].node == kNoString
                && !isControlPlaneComponent(strings.view(origins[contexts[e.context].origin].component)))
                e.context = contexts.withNode(e.context, node);
    }
};

} // namespace kubelane::core
