#pragma once
// Derived facts: what an incident turns on, computed once from the event store. Plain data
// whose lines are EventIndex values into Incident::events (kNoEvent when a fact has no single
// line).
// Detectors fill these (one file each in core/facts/); rules and the GUI only read them.
#include "../dumps/lockholderfinder.h"
#include "../dumps/stackbucketer.h"
#include "../model/event.h"

#include <cstddef>
#include <string>
#include <vector>

namespace kubelane::core {

// One sign of life from a node: a status update or lease renewal seen by any component.
struct Heartbeat {
    enum class Kind : std::uint8_t { NodeStatus, Lease, Observed };
    Timestamp time;
    StringId node = kNoString;
    Kind kind = Kind::NodeStatus;
    bool failed = false; // the kubelet tried and failed (e.g. "Error updating node status")
    EventIndex event = kNoEvent;
};

// A stretch with no successful heartbeat from a node.
struct HeartbeatGap {
    StringId node = kNoString;
    Timestamp start, end; // last heartbeat before, first after (end = bundle end if none)
    Duration length;
    Duration grace;          // node-monitor-grace-period in force (node-startup-grace-period if neverReported)
    std::string graceOrigin; // "flag --node-monitor-grace-period=40s in ...", "default of v1.15", ...
    bool exceedsGrace = false;
    bool openEnded = false; // no heartbeat after it within the bundle
    EventIndex beforeEvent = kNoEvent, afterEvent = kNoEvent;
    // The controller's "hasn't been updated for D" line, when no heartbeat line opens the gap
    // and the controller's word gives its start (D before the line).
    EventIndex declaredBy = kNoEvent;
    // The controller said it lost the node (its unreachable taint, Ready Unknown) but not for
    // how long: it acts only once the last heartbeat is older than the grace period, so the
    // gap began at least that long before the line (declaredBy), and `start` is that bound.
    bool startEstimated = false;
    // No kubelet ever posted this node's status: the controller found its Ready condition
    // missing (NodeStatusNeverUpdated) once the node-startup grace period had run from the
    // Node's creation. `grace` is then that startup grace, `start` the creation at the latest,
    // and `declaredBy` the controller's "never updated by kubelet" line (or the Node object).
    bool neverReported = false;
    std::vector<EventIndex> failures; // failed attempts inside the gap
    // A clock step rather than a silent node (detectClockSteps): a live kubelet whose lease
    // renewals the controller ignored. clockStepFirst: the gap (index in Facts::gaps) whose
    // evidence says so, this one or an earlier flap of the same step. On that gap: the
    // controller's "hasn't been updated" line holding a heartbeat stamped later than itself (by
    // stampedAhead), and the node's time daemon setting its clock back (by nodeStepBack);
    // heardInside: the node's own heartbeats went through during the gap, as the bundle shows.
    bool clockStep = false;
    std::size_t clockStepFirst = 0;
    EventIndex clockStepEvent = kNoEvent;
    Duration stampedAhead;
    bool heardInside = false;
    EventIndex nodeStepEvent = kNoEvent;
    Duration nodeStepBack;

    // Did the node lifecycle controller act on the silence (Ready Unknown, NodeNotReady,
    // taint, pods marked not ready)? Ignored: its log covers the time it would have acted,
    // at a verbosity that shows such lines, and it did nothing, so the silence was in the
    // logs, not in the node. Unchecked: the bundle cannot tell (reactionNote says why).
    enum class Reaction : std::uint8_t { Acted, Ignored, Unchecked };
    Reaction reaction = Reaction::Unchecked;
    EventIndex reactionEvent = kNoEvent; // the controller's first reaction
    std::string reactionNote;
};

// Node Ready condition as seen by one side.
struct ConditionSpan {
    enum class View : std::uint8_t { ControlPlane, Kubelet };
    enum class Status : std::uint8_t { True, False, Unknown };
    StringId node = kNoString;
    View view = View::ControlPlane;
    Status status = Status::Unknown;
    Timestamp start, end;
    bool openEnded = false;
    // Over by its end at the latest, at a time no line gives: a later NodeNotReady of the
    // controller says Ready was True again in between.
    bool endAtTheLatest = false;
    std::string reason;
    EventIndex startEvent = kNoEvent, endEvent = kNoEvent;
};

struct TaintInterval {
    StringId node = kNoString;
    std::string key;    // node.kubernetes.io/unreachable
    std::string effect; // NoExecute / NoSchedule
    Timestamp start, end;
    bool openEnded = false;
    EventIndex addEvent = kNoEvent, removeEvent = kNoEvent;
    // The node lifecycle controller queued its NoExecute taint ("Adding it to the Taint
    // queue") and a log that shows its tainting pass (V(4): "Added taint to node", "was in a
    // taint queue, but it's ready now") never shows this one applied: the taint was meant,
    // not seen on the node (kubernetes#110028).
    // Without those lines (below V(4)) a queued taint counts as applied: it normally follows
    // within 100 ms.
    bool queuedNotApplied = false;
    // Queued while the controller was in master disruption mode (every node not Ready) and not
    // out of it by the log's end or the taint's: it applies no NoExecute taint then (its
    // tainter's rate is 0) and takes those off every node. A taint still queued when the mode
    // ends is applied then: its interval starts at the "Exiting" line.
    bool heldByDisruption = false;
    // The line that queued a NoExecute taint ("Adding it to the Taint queue"). When a later line
    // shows it applied ("Added ... Taint"), the interval starts there, when the node had it,
    // and this line stays as the reason it was asked for. Until then it is addEvent too, but
    // for a taint held by master disruption mode, which starts at the "Exiting" line.
    EventIndex queueEvent = kNoEvent;
};

// The node lifecycle controller's master disruption mode: every node it watches not Ready at
// once, so it takes the NoExecute taints off them all and evicts nothing until one is Ready
// again (a control plane cut off from its nodes must not empty the cluster).
struct DisruptionMode {
    Timestamp start, end;
    bool openEnded = false; // no "Exiting" line: still in the mode when the controller's log ends
    // No "Exiting" line, but the same controller applied a NoExecute taint at `end`, which it
    // does not in the mode: it had left it by then (a paste that cut the line out).
    bool endInferred = false;
    EventIndex enterEvent = kNoEvent, exitEvent = kNoEvent;
};

// Pod (container == kNoString) or container readiness over a stretch of time.
struct ReadySpan {
    PodId pod = kNoPod;
    StringId container = kNoString;
    bool ready = false;
    Timestamp start, end;
    bool openEnded = false;
    std::string origin; // "status patch", "node lifecycle controller", "probe"
    EventIndex startEvent = kNoEvent;
};

// 8 bytes: a busy bundle has hundreds of thousands (probe results). Its time, pod and
// container are its event's (Incident::event, podOf, containerOf), not copied here.
struct ContainerEvent {
    enum class Kind : std::uint8_t { Started, Died, Killed, SpecHashChanged, ProbeFailed, ProbeSucceeded };
    static constexpr std::uint32_t kMaxDetails = 1u << 24;
    EventIndex event = kNoEvent;
    // Into Facts::containerEventDetails (Facts::detailOf): kill: "<reason>; grace period N s";
    // hash values; probe type. A few distinct texts for hundreds of thousands of probe
    // results, so each is kept once; past kMaxDetails distinct texts, none.
    std::uint32_t detail : 24 = 0;
    Kind kind : 8 = Kind::Started;
};
static_assert(sizeof(ContainerEvent) == 8);

// One run of a kubelet process on a node.
struct KubeletRun {
    StringId node = kNoString;
    Timestamp start, end;
    bool openEnded = false;
    std::string version;
    EventIndex startEvent = kNoEvent; // kNoEvent: the log begins inside this run
    EventIndex exitEvent = kNoEvent;  // fatal line or systemd exit
    bool fatal = false;
    std::string exitReason;
    std::uint64_t pid = 0; // its process, as its first line names it (0: not named)
};

// After a kubelet start: which came first for a pod's container, the pod worker's status
// generation or the container's first readiness result (probe-status-race). The pod worker
// builds the status from the probe manager's results; a container with a readiness worker
// but no result yet is written ready:false, so a container that was running and Ready
// before the restart flaps to not ready (and a site's admission handler may kill it).
struct StatusProbeOrder {
    PodId pod = kNoPod;
    StringId container = kNoString;
    std::size_t runIndex = 0;          // into Facts::kubeletRuns
    EventIndex statusEvent = kNoEvent; // "Generating status", else the first status patch
    EventIndex probeEvent = kNoEvent;  // first readiness result: a seeding line, a readiness
                                       // probe result, SyncLoop (probe), else the ready patch
    bool statusFirst = false;
    Duration delta;                        // probe time - status time (positive: status first)
    std::string orderFrom;                 // what the order was read from when a side is not logged
    std::string runningBefore;             // evidence the container ran before the start ("" = none)
    EventIndex notReadyEvent = kNoEvent;   // ready:false pushed for it (patch, readiness changed)
    EventIndex readyAgainEvent = kNoEvent; // reported ready again
    EventIndex killEvent = kNoEvent;       // killed or rejected right after
};

// A time a node's kubelet could not reach its container runtime: its 5 s status checks failing
// ("Container runtime sanity check failed", "Container runtime not ready") and its verdict once
// none has passed for 30 s ("container runtime is down", in the sync loop's skip line and the
// node's Ready condition). Reports less than a minute apart are one outage.
struct RuntimeOutage {
    StringId node = kNoString;
    Timestamp start, end;               // first and last report (a never-up outage: from its kubelet's start)
    std::vector<EventIndex> reports;    // the kubelet's, in time order
    EventIndex firstVerdict = kNoEvent; // its first "container runtime is down"
    Timestamp lastVerdict;              // and its last
    // Errors that say the runtime is not there at all, from a minute before the outage on:
    // its socket refused or missing, the connection gone (gRPC Unavailable), docker's "Cannot
    // connect to the Docker daemon". A hung runtime answers late (DeadlineExceeded) instead.
    EventIndex firstRefused = kNoEvent;
    // It began as its kubelet's start-up state: no status check had passed since the kubelet
    // started ("container runtime status check may not have completed yet"; up to 1.12 the zero
    // time's "is down" in a start's first 30 s): the runtime was never up for this kubelet.
    bool neverUp = false;
    EventIndex kubeletStart = kNoEvent; // that start, when the bundle shows it
    // Within a minute of a kubelet start and over within two: the runtime not yet answering as
    // the kubelet starts (before 1.13 the first check's zero time read as "is down" too). A
    // never-up outage over within two minutes of its start, or of its first report when the
    // bundle does not show the start.
    bool atStartUp = false;
};

// One stall of a node's PLEG: "PLEG is not healthy" reports that date the same last completed
// relist. A report that dates it after the report before (a relist completed in between,
// or a kubelet restarted) begins another stall.
struct PlegHealth {
    StringId node = kNoString;
    std::vector<EventIndex> unhealthy; // "PLEG is not healthy" lines
    Duration longestReported;          // largest "last seen active X ago"
    Duration threshold;
    Timestamp firstUnhealthy, lastUnhealthy;
    // When the relist last completed before the reports: a report's time less the inactivity it
    // states, the earliest of them. The stall began then, a threshold or more before the first
    // report (kubernetes#45419: "last seen active 2h33m12s ago").
    Timestamp lastActive;
    // Its kubelet had not completed a first relist ("pleg has yet to be successful"): lastActive
    // is then the kubelet's start (startEvent), or its first such report when the bundle does not
    // show the start (startEvent kNoEvent).
    bool neverRelisted = false;
    EventIndex startEvent = kNoEvent;
};

// A node's PLEG at work: its relist and SyncLoop (PLEG) lines, in time order.
struct PlegActivity {
    StringId node = kNoString;
    std::vector<EventIndex> relists;
};

// A goroutine dump a process left in the bundle (dockerd's SIGUSR1 file, containerd's dump
// in its journal, a crash), when it was taken and how that is known, its goroutines grouped
// by stack and the locks they queue on.
struct RuntimeDump {
    GoroutineDumpPtr dump;
    SourceId source = 0;
    StringId node = kNoString;
    std::string process;         // "dockerd", "containerd", "kubelet"
    Timestamp time;              // when it was taken (zero when nothing says)
    std::string timeEvidence;    // "file name goroutine-stacks-2019-05-16T100610+0800.log", ...
    EventIndex event = kNoEvent; // the event at the dump's first line, the moment on its lane
    std::vector<StackBucket> buckets;
    std::vector<LockConvoy> convoys;
    std::vector<EventIndex> holderEvents; // per convoy: the event at its holder's first line (kNoEvent: none)
};

struct Facts {
    std::vector<Heartbeat> heartbeats; // sorted by time
    std::vector<HeartbeatGap> gaps;
    std::vector<ConditionSpan> conditions;
    std::vector<TaintInterval> taints;
    std::vector<DisruptionMode> disruptions; // in time order
    std::vector<ReadySpan> readiness;
    std::vector<ContainerEvent> containerEvents;                   // in time order (the store's)
    std::vector<std::string> containerEventDetails{std::string()}; // [0]: none
    std::vector<KubeletRun> kubeletRuns;
    std::vector<StatusProbeOrder> orders;
    std::vector<PlegHealth> pleg;              // one per stall, by node, in time order
    std::vector<PlegActivity> plegActivity;    // one per node with relists
    std::vector<RuntimeOutage> runtimeOutages; // by node, in time order
    std::vector<RuntimeDump> dumps;            // in time order
    std::vector<StringId> nodes;               // every node the bundle mentions, sorted by name

    std::string_view detailOf(const ContainerEvent &c) const { return containerEventDetails[c.detail]; }
};

} // namespace kubelane::core
