#pragma once
// What every fact detector reads: the incident and small look-ups by type and field name.
#include "../classify/codenames.h"
#include "../format/printedtaints.h"
#include "../load/loader.h"
#include "../model/eventstoreindex.h"
#include "../model/incident.h"
#include "facts.h"

#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

namespace kubelane::core {

// The ids of the event types C++ reads, resolved when the catalog loaded (codenames.h). An
// incident without a catalog cannot be analysed: a LoadError says so.
const CodeTypes &codeTypesOf(const Incident &inc);

// Before its first relist the PLEG's "last seen active" counts from the zero time: Go's largest
// duration, "2562047h47m16.854775807s", which the kubelet prints up to 1.12 at every start.
inline constexpr std::string_view kPlegZeroTime = "2562047h";

// The node lifecycle controller acts in monitor passes (--node-monitor-period, 5 s by
// default): what one pass finds, the next may log. Two passes of slack between its lines.
constexpr Duration kNodeMonitorPasses = Duration::fromSeconds(10);

class FactContext {
public:
    FactContext(const Incident &incident, const EventStoreIndex &eventIndex);

    const Incident &inc;
    const EventStoreIndex &index;
    // The events of these types, in time order.
    std::vector<EventIndex> eventsOf(std::initializer_list<EventTypeId> types) const { return index.ofAnyType(types); }
    // The first line `component` logged on each node, in time order.
    std::vector<EventIndex> firstLineOnEachNode(StringId component) const;

    // Until when the bundle saw what this event's source sees: the last line of any source of
    // the same component on the same node (rotated files, a second log of the same kubelet).
    // A state that is still open at the end of the bundle is only known until then; past it
    // the logs are silent, which is not the same as the state going on.
    Timestamp observedUntil(const Event &e) const;
    // The same for a node's kubelet (zero Timestamp when the bundle has no kubelet log of it).
    Timestamp kubeletObservedUntil(StringId node) const;

    const CodeTypes &types;
    const FieldKeys keys;
    std::string_view field(const Event &e, StringId key) const { return inc.field(e, key); }
    std::string_view text(StringId id) const { return inc.text(id); }
    EventIndex indexOf(const Event &e) const { return EventIndex::fromIndex(static_cast<std::size_t>(&e - inc.events.data())); }
    // The taints a node lifecycle controller line names, as its pattern captured or implied
    // them ("taints"; a structured line's "taint" key is aliased to it in events.json).
    std::vector<PrintedTaint> taintsOn(const Event &e) const;
    bool namesTaint(const Event &e, std::string_view key) const;
    // A "hasn't been updated for D" line counts D from the controller's own start when it has
    // not heard from the node since: its condition then says the node was set Unknown before
    // those D (a fresh loss is set Unknown a grace period into them). When, if so.
    std::optional<Timestamp> unknownBeforeCounting(const Event &e) const;
    // A time the line prints in one of its fields (Go's time.Time String() or RFC 3339), read on
    // the line's own clock: the controller prints its clock's reading and zone, as its lines'
    // headers are, so the two compare as they were written though the file's zone be assumed.
    std::optional<Timestamp> printedTimeOnLineClock(const Event &e, StringId key) const;
    // Whether a kubelet's report of its runtime state says `words`: in its message, or in the
    // err key that a klog JSON record keeps apart from its msg.
    bool reportSays(const Event &e, std::string_view words) const;
    // The process its line names (processIdOnLine), read from the line again. The read maps the
    // page-cache folio the line is in (up to 2 MiB on a freshly written file): given back at
    // once, since the lines read are one a node or a report apart (20 nodes' first lines were
    // 40 MiB of the load's peak).
    std::uint64_t processIdOf(const Event &e) const;

private:
    std::map<std::pair<std::string, std::string>, Timestamp> m_observedUntil; // (component, node) -> last line
};

// Detectors. Each writes only its own facts; detectStatusProbeOrder, detectPlegHealth and
// detectRuntimeOutages read the kubelet runs, and analyzeIncident runs them in two chains side by side that keep that order.
void detectNodes(const FactContext &ctx, Facts &facts);
// The nodes of the contexts some event has, in name order (Facts::nodes; the window's lanes
// make their groups from it before the facts exist).
std::vector<StringId> nodesOfContexts(const Incident &inc, const std::vector<bool> &contextHasEvents);
void detectHeartbeats(const FactContext &ctx, Facts &facts, std::optional<Duration> graceOverride);
// Which heartbeat gaps were a clock step, not a silent node (HeartbeatGap::clockStep). Reads
// the gaps and the kubelet runs, so after both detectors.
void detectClockSteps(const FactContext &ctx, Facts &facts);
// Each node's kubelet runs in start order: which run a line of the kubelet's falls in.
class KubeletRunIndex {
public:
    explicit KubeletRunIndex(const std::vector<KubeletRun> &runs);
    // The run `at` falls in when the bundle shows that run's start, and its process is `pid`
    // when both are named; nullptr otherwise: the log begins inside the run, no kubelet ran
    // then, or another kubelet wrote the line, one whose start the bundle does not show.
    const KubeletRun *startedRunAt(StringId node, Timestamp at, std::uint64_t pid) const;
    // Whether a kubelet on the node started after `after`, up to `until`.
    bool startedBetween(StringId node, Timestamp after, Timestamp until) const;

private:
    std::map<StringId, std::vector<const KubeletRun *>> m_byNode; // by start
};
// When the controller gave up on the node in a gap: the line that declared or judged it.
Timestamp controllerGaveUpAt(const Incident &inc, const HeartbeatGap &g);
// The node's first heartbeat gap past the grace period that overlaps [from, to], if any.
const HeartbeatGap *gapPastGraceDuring(const Facts &facts, StringId node, Timestamp from, Timestamp to);
// Whether a systemd line is about the kubelet's unit: by its name ("kubelet.service: Main
// process exited") or, on older systemd and for stop messages, only its Description
// ("Stopped Kubernetes Kubelet Server.", "Started kubelet: The Kubernetes Node Agent.").
bool isKubeletUnit(const Incident &inc, const FieldKeys &keys, const Event &e);
void detectNodeConditions(const FactContext &ctx, Facts &facts);
void detectTaints(const FactContext &ctx, Facts &facts);
void detectKubeletRuns(const FactContext &ctx, Facts &facts);
void detectContainerEvents(const FactContext &ctx, Facts &facts);
void detectReadiness(const FactContext &ctx, Facts &facts);
void detectStatusProbeOrder(const FactContext &ctx, Facts &facts);
void detectPlegHealth(const FactContext &ctx, Facts &facts);
void detectRuntimeOutages(const FactContext &ctx, Facts &facts); // after detectKubeletRuns
void detectRuntimeDumps(const FactContext &ctx, Facts &facts);

// Grace period in force: the controller-manager's flag, else its version's default.
struct GracePeriod {
    Duration value;
    std::string origin;
};
GracePeriod nodeMonitorGracePeriod(const FactContext &ctx, std::optional<Duration> override);
GracePeriod nodeStartupGracePeriod(const FactContext &ctx);

} // namespace kubelane::core
