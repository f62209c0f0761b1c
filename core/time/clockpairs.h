#pragma once
// Lines in two sources that record one moment, and what they say about the two clocks:
//  - a request a client logs (a kubelet's node status PATCH or lease PUT at -v=6, its pod
//    status patch at -v=3, any client-go request line) and the apiserver's request log line
//    for it (httplog or audit);
//  - the node lifecycle controller's view of a node's heartbeats and the heartbeats
//    themselves: "node X hasn't been updated for 40.5s" names the moment it last saw one,
//    "Recording status change NodeNotReady" comes a grace period after it, a Ready
//    transition back comes just after the first heartbeat of a silence.
// A link between two sources is the offset that lines their pairs up: whole quarter hours
// (the zone) and a remainder (clock skew). Zone offsets are searched across +-14 h: a
// candidate wins when its pairs agree tightly and clearly more often than any other's, so
// periodic requests (a lease every 10 s) only count when they line up to the half second.
#include "../model/eventtables.h"
#include "../model/incident.h"

#include <cstdint>
#include <string>
#include <vector>

namespace kubelane::core {

struct ClockLink {
    enum class Kind : std::uint8_t { Requests, NodeLifecycle };
    Kind kind = Kind::Requests;
    SourceId a = 0, b = 0;    // b's times + zoneNs + skewNs line up with a's
    bool zoneDecided = false; // one offset clearly wins
    std::int64_t zoneNs = 0;  // whole quarter hours
    std::uint32_t pairs = 0;  // pairs that agree at zoneNs
    bool haveSkew = false;    // enough tight pairs for a median
    std::int64_t skewNs = 0;
    std::uint32_t skewPairs = 0;
    std::string what; // "58 lease renewals, 2 pod status patches"
};

// Reads the events source by source (a load's tables, before the time order).
std::vector<ClockLink> findClockLinks(const Incident &incident, const EventTables &tables);

} // namespace kubelane::core
