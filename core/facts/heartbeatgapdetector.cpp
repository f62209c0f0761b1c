// Heartbeats per node from every source that shows one, and the gaps between them compared
// with the node-monitor grace period in force.
#include "factcontext.h"

#include "../util/kubeversion.h"

#include <algorithm>
#include <charconv>
#include <limits>
#include <map>
#include <set>

namespace kubelane::core {

namespace {

// The kubelet's own client log (round_trippers, -v=6) prints "PUT <url>  in 10000 milliseconds"
// with no status when a request timed out: there an empty code is a failure. Server-side
// records without a code (an audit RequestReceived stage) say nothing either way.
bool isSuccess(std::string_view code, bool clientSide)
{
    return code.empty() ? !clientSide : code.starts_with('2');
}

bool verbWrites(std::string_view verb)
{
    return verb == "PATCH" || verb == "PUT" || verb == "patch" || verb == "update" || verb == "UPDATE" || verb == "POST"
        || verb == "create";
}

// The newest version each kind of component reported, and where.
struct ClusterVersion {
    std::string version, origin;
};

std::optional<ClusterVersion> clusterVersion(const FactContext &ctx)
{
    const CodeTypes &t = ctx.types;
    std::optional<ClusterVersion> controller, apiserver, kubelet;
    auto newer = [](std::optional<ClusterVersion> &slot, std::string_view v, std::string origin) {
        if (parseKubeVersion(v).known() && (!slot || parseKubeVersion(v) > parseKubeVersion(slot->version)))
            slot = ClusterVersion{std::string(v), std::move(origin)};
    };
    for (const EventIndex i : ctx.eventsOf({t.controllerStart, t.componentStart, t.kubeletStart})) {
        const Event &e = ctx.inc.event(i);
        if (e.type == t.controllerStart)
            newer(controller, ctx.field(e, ctx.keys.version), "kube-controller-manager");
        else if (e.type == t.componentStart && ctx.text(ctx.inc.componentOf(e)) == "kube-apiserver")
            newer(apiserver, ctx.field(e, ctx.keys.version), "kube-apiserver");
        else if (e.type == t.kubeletStart)
            // The control plane is at least as new as its kubelets (version skew policy).
            newer(kubelet, ctx.field(e, ctx.keys.version), "the newest kubelet");
    }
    return controller ? controller : apiserver ? apiserver : kubelet;
}

// A grace period the controller manager's flag dump sets (--node-monitor-grace-period=40s).
std::optional<GracePeriod> graceFlag(const FactContext &ctx, std::string_view name)
{
    for (const EventIndex i : ctx.eventsOf({ctx.types.controllerFlag, ctx.types.componentFlag})) {
        const Event &e = ctx.inc.event(i);
        if (ctx.field(e, ctx.keys.flag).ends_with(name)) {
            if (auto d = parseGoDuration(ctx.field(e, ctx.keys.value)))
                return GracePeriod{*d,
                                   "flag --" + std::string(name) + "=" + std::string(ctx.field(e, ctx.keys.value)) + " in the "
                                       + ctx.inc.sources[e.source].component + " log, line " + std::to_string(ctx.inc.lineOf(e))};
        }
    }
    return std::nullopt;
}

} // namespace

GracePeriod nodeMonitorGracePeriod(const FactContext &ctx, std::optional<Duration> override)
{
    if (override)
        return {*override, "--grace " + formatDuration(*override)};
    if (auto flag = graceFlag(ctx, "node-monitor-grace-period"))
        return std::move(*flag);
    // The default went from 40 s to 50 s in Kubernetes 1.32 (docs/version-matrix.md).
    if (const auto v = clusterVersion(ctx)) {
        const bool newer = parseKubeVersion(v->version) >= KubeVersion{1, 32};
        return {Duration::fromSeconds(newer ? 50 : 40),
                std::string("default of Kubernetes ") + (newer ? ">= 1.32" : "< 1.32") + ", version " + v->version + " from " + v->origin};
    }
    return {Duration::fromSeconds(40), "default before Kubernetes 1.32 (50 s from 1.32); the bundle shows no version"};
}

// How long the controller waits for a new Node's first status (NodeStartupGracePeriod): 1 min
// by default in every version.
GracePeriod nodeStartupGracePeriod(const FactContext &ctx)
{
    if (auto flag = graceFlag(ctx, "node-startup-grace-period"))
        return std::move(*flag);
    return {Duration::fromSeconds(60), "default of every Kubernetes version"};
}

namespace {

// True when a source that reports this node's heartbeats was logging through at least half of
// the silence between two of them. Otherwise the bundle simply has no data there (two bundles
// of the same nodes side by side, a rotation hole): silence in the logs is not silence from
// the node.
bool observed(const Incident &inc, const std::set<SourceId> &heartbeatSources, Timestamp from, Timestamp to)
{
    for (SourceId id : heartbeatSources) {
        const Source &s = inc.sources[id];
        const Duration overlap = std::min(s.last, to) - std::max(s.first, from);
        if (overlap.ns * 2 >= (to - from).ns)
            return true;
    }
    return false;
}

bool isControllerLog(const Source &s)
{
    return s.component == "kube-controller-manager" && s.eventCount > 0;
}

// How the node lifecycle controller answered each gap longer than the grace period. It
// checks every node-monitor-period (5 s) and acts once a node's last renewal is older than
// the grace period: Ready goes Unknown, a NodeNotReady event, pods marked not ready, the
// unreachable taint. Its log is the one authority on whether the node was lost.
// A Node object's Ready=Unknown for `reason`: NodeStatusUnknown is the controller's word that it
// lost the node, NodeStatusNeverUpdated that no kubelet ever reported for it.
bool objectSaysReadyUnknown(const FactContext &ctx, const Event &e, std::string_view reason)
{
    return e.type == ctx.types.nodeConditionObject && ctx.field(e, ctx.keys.conditionType) == "Ready"
        && ctx.field(e, ctx.keys.status) == "Unknown" && ctx.field(e, ctx.keys.reason) == reason;
}

bool objectSaysNodeLost(const FactContext &ctx, const Event &e)
{
    return objectSaysReadyUnknown(ctx, e, "NodeStatusUnknown");
}

bool objectSaysNeverReported(const FactContext &ctx, const Event &e)
{
    return objectSaysReadyUnknown(ctx, e, "NodeStatusNeverUpdated");
}

// The controller's line that no kubelet ever posted the node's Ready condition: "node X is
// never updated by kubelet" (1.x, before the loop over every condition), "Condition Ready of
// node X was never updated by kubelet" and its structured form, nodeConditionType="Ready"
// (after). Not another condition missing: a 1.12 controller says "Condition OutOfDisk ... was
// never updated" of every kubelet that no longer reports OutOfDisk, at each of its real gaps,
// and a kubelet older than its controller misses PIDPressure. Only a missing Ready makes the
// controller wait the startup grace.
bool namesReady(std::string_view conditionType)
{
    return conditionType.empty() || conditionType == "Ready" || conditionType == "ready condition";
}

bool saysNeverReported(const FactContext &ctx, const Event &e)
{
    return e.type == ctx.types.nodeNeverUpdated && namesReady(ctx.field(e, ctx.keys.conditionType));
}

class ReactionJudge {
public:
    explicit ReactionJudge(const FactContext &ctx)
        : m_ctx(ctx), m_reactions{ctx.types.nodeNotUpdated, ctx.types.readyTransitioned,  ctx.types.nodeNotReadyEvent,
                                  ctx.types.taintAdded,     ctx.types.podsMarkedNotReady, ctx.types.eviction,
                                  ctx.types.taintSwapped,   ctx.types.nodeNeverUpdated}
    {
        for (const Source &s : ctx.inc.sources)
            if (isControllerLog(s))
                m_controllerLogs.push_back(&s);
        m_controllerSpeaks = ctx.index.anyMarked(ctx.types.nodeLifecycle);
    }

    void judge(HeartbeatGap &g) const
    {
        if (!g.exceedsGrace)
            return;
        // It acts within a monitor period of the grace running out; allow a few for skew.
        const Timestamp due = g.start + g.grace, decided = due + Duration::fromSeconds(15);
        if (const EventIndex first = firstReaction(g.node, g.start, std::max(g.end, decided) + Duration::fromSeconds(15));
            first != kNoEvent) {
            g.reaction = HeartbeatGap::Reaction::Acted;
            g.reactionEvent = first;
        } else if (!covered(due, g.openEnded ? due : std::min(decided, g.end))) {
            g.reactionNote = "the bundle has no kube-controller-manager log for that time";
        } else if (!m_controllerSpeaks) {
            g.reactionNote =
                "the kube-controller-manager log covers it but has no node lifecycle controller line at all (its verbosity may hide them)";
        } else {
            g.reaction = HeartbeatGap::Reaction::Ignored;
        }
    }

private:
    EventIndex firstReaction(StringId node, Timestamp from, Timestamp to) const
    {
        const auto &events = m_ctx.inc.events;
        for (std::size_t i = m_ctx.inc.lowerBound(from); i < events.size() && events[i].time <= to; ++i)
            if (m_ctx.inc.nodeOf(events[i]) == node
                && (std::find(m_reactions.begin(), m_reactions.end(), events[i].type) != m_reactions.end()
                    || objectSaysNodeLost(m_ctx, events[i]) || objectSaysNeverReported(m_ctx, events[i])))
                return EventIndex::fromIndex(i);
        return kNoEvent;
    }
    bool covered(Timestamp from, Timestamp to) const
    {
        return std::any_of(m_controllerLogs.begin(), m_controllerLogs.end(),
                           [&](const Source *s) { return s->first <= from && s->last >= to; });
    }

    const FactContext &m_ctx;
    std::vector<EventTypeId> m_reactions;
    std::vector<const Source *> m_controllerLogs;
    bool m_controllerSpeaks = false;
};

void judgeControllerReactions(const FactContext &ctx, Facts &facts)
{
    if (!ctx.inc.eventTypes)
        return;
    const ReactionJudge judge(ctx);
    for (HeartbeatGap &g : facts.gaps)
        judge.judge(g);
}

constexpr std::string_view kUnreachable = "node.kubernetes.io/unreachable", kNotReady = "node.kubernetes.io/not-ready";

// A controller line that says a fresh status of the node reached it: Ready transitioned and
// ReadyCondition updated (both logged only when the status' heartbeat time moved), healthy
// again, a queued taint dropped as the node is ready now, the NotReady taint queued (the
// kubelet reported Ready=False), and the unreachable taint taken off (SwapNodeControllerTaint,
// when the node reports NotReady; markNodeAsReachable logs nothing).
bool controllerHeardFrom(const FactContext &ctx, const Event &e)
{
    const CodeTypes &t = ctx.types;
    if (e.type == t.readyTransitioned || e.type == t.readyUpdated || e.type == t.healthyAgain || e.type == t.taintDropped)
        return true;
    if (e.type == t.taintAdded)
        return ctx.namesTaint(e, kNotReady);
    return e.type == t.taintRemoved && ctx.namesTaint(e, kUnreachable);
}

// When the silence of `node` after `after` ended: its next successful heartbeat in the
// bundle, a controller line that heard from it, or its Node object deleted (a scale-down:
// nothing is expected from it after that), whichever is first.
std::pair<Timestamp, EventIndex> silenceEnd(const FactContext &ctx, const Facts &facts, StringId node, Timestamp after)
{
    std::pair<Timestamp, EventIndex> first{Timestamp{std::numeric_limits<std::int64_t>::max()}, kNoEvent};
    // Heartbeats are in time order: start at the first one after `after`.
    const auto later = std::upper_bound(facts.heartbeats.begin(), facts.heartbeats.end(), after,
                                        [](Timestamp t, const Heartbeat &h) { return t < h.time; });
    for (auto h = later; h != facts.heartbeats.end(); ++h)
        if (h->node == node && !h->failed) {
            first = {h->time, h->event};
            break;
        }
    const Incident &inc = ctx.inc;
    for (std::size_t i = inc.lowerBound(after + Duration{1}); i < inc.events.size() && inc.events[i].time < first.first; ++i) {
        const Event &e = inc.events[i];
        if (inc.nodeOf(e) != node)
            continue;
        const bool deleted = e.type == ctx.types.nodeObserved && ctx.field(e, ctx.keys.what) == "Node deletion";
        if (deleted || controllerHeardFrom(ctx, e)) {
            first = {e.time, EventIndex::fromIndex(i)};
            break;
        }
    }
    return first;
}

// The last line of any controller-manager log: a controller restarted or another one leading
// goes on where the first one's log ends.
Timestamp controllerLogsEnd(const Incident &inc, Timestamp atLeast)
{
    for (const Source &s : inc.sources)
        if (isControllerLog(s))
            atLeast = std::max(atLeast, s.last);
    return atLeast;
}

bool overlapsAGap(const Facts &facts, StringId node, Timestamp from, Timestamp to)
{
    return std::any_of(facts.gaps.begin(), facts.gaps.end(),
                       [&](const HeartbeatGap &g) { return g.node == node && g.start <= to && from <= g.end; });
}

// A gap the controller's line `declaredBy` tells, from `start` to the end of the silence.
HeartbeatGap controllerGap(const FactContext &ctx, const Facts &facts, EventIndex declaredBy, Timestamp start, const GracePeriod &grace)
{
    const Incident &inc = ctx.inc;
    const Event &e = inc.event(declaredBy);
    const auto [heard, heardEvent] = silenceEnd(ctx, facts, inc.nodeOf(e), e.time);
    HeartbeatGap g;
    g.node = inc.nodeOf(e);
    g.start = start;
    g.openEnded = heardEvent == kNoEvent;
    g.end = g.openEnded ? controllerLogsEnd(inc, e.time) : heard;
    g.length = g.end - g.start;
    g.grace = grace.value;
    g.graceOrigin = grace.origin;
    g.exceedsGrace = g.length > grace.value;
    g.afterEvent = heardEvent;
    g.declaredBy = declaredBy;
    for (const Heartbeat &h : facts.heartbeats)
        if (h.node == g.node && h.failed && h.time > g.start && h.time < g.end)
            g.failures.push_back(h.event);
    return g;
}

// Of a Node no kubelet ever posted a Ready for, the passes after the one that said so print the
// Unknown it set then (NodeStatusNeverUpdated) with the Node's creation as its heartbeat
// (LastHeartbeatTime: node.CreationTimestamp): they date the gap the never-updated line could
// only bound, or open it in a log that begins after that pass. Without the printed time, D
// counts from the creation, or from a restarted controller's start: a bound.
void addOrDateNeverReportedGap(const FactContext &ctx, Facts &facts, EventIndex i, Duration counted, const GracePeriod &startupGrace)
{
    const Event &e = ctx.inc.event(i);
    const StringId node = ctx.inc.nodeOf(e);
    const auto printed = ctx.printedTimeOnLineClock(e, ctx.keys.lastHeartbeatTime);
    const Timestamp created = printed && *printed <= e.time ? *printed : e.time - counted;
    const bool exact = printed && *printed <= e.time;
    const auto open = std::find_if(facts.gaps.begin(), facts.gaps.end(),
                                   [&](const HeartbeatGap &g) { return g.node == node && g.start <= e.time && e.time <= g.end; });
    if (open != facts.gaps.end()) {
        if (open->neverReported && created < open->start) {
            open->start = created;
            open->length = open->end - created;
            open->startEstimated = !exact;
        }
        return;
    }
    HeartbeatGap g = controllerGap(ctx, facts, i, created, startupGrace);
    g.startEstimated = !exact;
    g.exceedsGrace = true;
    g.neverReported = true;
    facts.gaps.push_back(std::move(g));
}

// The node lifecycle controller's own word: "hasn't been updated for D" means no status or
// lease reached it for D, more than its grace period. A kubelet at -v=2 logs no successful
// update, and many bundles have no apiserver log: then no heartbeat lines bracket the silence
// and this line is the evidence. The gap runs from D before it to when the controller next
// heard from the node, or to the end of the controller's log.
// D counts from when the controller last heard from the node, or from its own start when it
// has not since ("Missing timestamp for Node. Assuming now as a timestamp", every version):
// a restarted controller says "for 50 s" of a node lost for hours (kubernetes#21053). The
// condition it prints says so when it had set it Unknown before those D: it did so the grace
// period after its last word from the node, at the latest.
void addDeclaredGaps(const FactContext &ctx, Facts &facts, const GracePeriod &grace, const GracePeriod &startupGrace)
{
    const Incident &inc = ctx.inc;
    for (const EventIndex i : ctx.index.ofType(ctx.types.nodeNotUpdated)) {
        const Event &e = inc.event(i);
        const auto silence = parseGoDuration(ctx.field(e, ctx.keys.duration));
        if (inc.nodeOf(e) == kNoString || !silence || silence->ns <= 0)
            continue;
        if (ctx.field(e, ctx.keys.reason) == "NodeStatusNeverUpdated" && namesReady(ctx.field(e, ctx.keys.conditionType))) {
            addOrDateNeverReportedGap(ctx, facts, i, *silence, startupGrace);
            continue;
        }
        if (overlapsAGap(facts, inc.nodeOf(e), e.time, e.time))
            continue; // a gap the heartbeats show, or a line of a silence already declared
        const auto unknown = ctx.unknownBeforeCounting(e);
        HeartbeatGap g = controllerGap(ctx, facts, i, unknown ? *unknown - grace.value : e.time - *silence, grace);
        g.startEstimated = unknown.has_value();
        if (!overlapsAGap(facts, g.node, g.start, g.end)) // else heartbeat lines show part of it: theirs is the measured gap
            facts.gaps.push_back(std::move(g));
    }
}

// A Node object the API held with Ready=Unknown for NodeStatusUnknown (kubectl get -o yaml, a
// cluster-info dump): the node lifecycle controller set it at lastTransitionTime, the record's
// time, once the node's last heartbeat was older than its grace period. The condition's
// lastHeartbeatTime is no measure of that: since node leases (1.14, on by default from 1.17)
// the kubelet rewrites it only every nodeStatusReportFrequency (5 min) and renews its lease in
// between, which the object does not show. So the gap began the grace period before the
// transition at the latest, and the condition's heartbeat bounds it from below when later
// than that (a kubelet of before leases). To when the node was heard from again, or the end of
// the controller's logs. NodeStatusNeverUpdated (no kubelet ever reported for it) is a
// never-reported gap (addNeverReportedGaps).
void addObjectDeclaredGaps(const FactContext &ctx, Facts &facts, const GracePeriod &grace)
{
    const Incident &inc = ctx.inc;
    for (const EventIndex i : ctx.index.ofType(ctx.types.nodeConditionObject)) {
        const Event &e = inc.event(i);
        if (inc.nodeOf(e) == kNoString || !objectSaysNodeLost(ctx, e))
            continue;
        Timestamp start = e.time - grace.value;
        if (const auto lastHeartbeat = parseRfc3339(ctx.field(e, ctx.keys.lastHeartbeatTime)); lastHeartbeat && *lastHeartbeat > start)
            start = std::min(*lastHeartbeat, e.time);
        if (overlapsAGap(facts, inc.nodeOf(e), start, e.time))
            continue;
        HeartbeatGap g = controllerGap(ctx, facts, i, start, grace);
        g.startEstimated = true;
        g.exceedsGrace = true; // the controller's own comparison: now > last heartbeat + grace
        facts.gaps.push_back(std::move(g));
    }
}

// A Node no kubelet ever posted a status for, made ahead of its kubelet (a cloud provider, an
// autoscaler, kubectl; kubernetes#117555): the controller gives it the node-startup grace
// period from the Node's creation, not the monitor grace, then says its conditions were never
// updated, sets them Unknown (NodeStatusNeverUpdated) and taints it unreachable like a lost
// node. The silence began at the Node's creation, the startup grace before that pass at the
// latest, and lasts until the kubelet first reports (silenceEnd). From the controller's line,
// or from a Node object that holds the condition (the record's time is when it was set).
void addNeverReportedGaps(const FactContext &ctx, Facts &facts, const GracePeriod &startupGrace)
{
    const Incident &inc = ctx.inc;
    for (const EventIndex i : ctx.eventsOf({ctx.types.nodeNeverUpdated, ctx.types.nodeConditionObject})) {
        const Event &e = inc.event(i);
        const StringId node = inc.nodeOf(e);
        if (node == kNoString || !(saysNeverReported(ctx, e) || objectSaysNeverReported(ctx, e)))
            continue;
        if (overlapsAGap(facts, node, e.time, e.time))
            continue; // the same pass's other lines, or a restarted controller saying it again
        // A Node object's NodeStatusNeverUpdated condition holds the creation as its heartbeat.
        const auto created = objectSaysNeverReported(ctx, e) ? parseRfc3339(ctx.field(e, ctx.keys.lastHeartbeatTime)) : std::nullopt;
        const bool exact = created && *created <= e.time;
        HeartbeatGap g = controllerGap(ctx, facts, i, exact ? *created : e.time - startupGrace.value, startupGrace);
        g.startEstimated = !exact;
        g.exceedsGrace = true; // the controller's own comparison: now > creation + startup grace
        g.neverReported = true;
        facts.gaps.push_back(std::move(g));
    }
}

// Lines in which the node lifecycle controller says it lost a node without saying for how
// long: its unreachable taint, queued ("is unresponsive as of ... Adding it to the Taint
// queue", V(2)) or applied ("Added [...unreachable...] Taint to Node", V(4)). Not "transitioned
// to Unknown" (logged only when a fresh status arrived: some other writer's Unknown), not
// "never updated by kubelet" (a Node no kubelet ever reported for, on the startup grace), not
// the not-ready taint (the kubelet reported NotReady).
bool judgesNodeLost(const FactContext &ctx, const Event &e)
{
    return e.type == ctx.types.taintAdded && ctx.namesTaint(e, kUnreachable);
}

// When the controller found the grace run out: the first line of the monitor pass that queued
// the taint (NodeNotReady recorded, pods marked not ready, a pass or two before).
Timestamp judgedAt(const FactContext &ctx, const Event &judging)
{
    const Incident &inc = ctx.inc;
    Timestamp at = judging.time;
    for (std::size_t i = inc.lowerBound(judging.time - kNodeMonitorPasses); i < inc.events.size() && inc.events[i].time < judging.time;
         ++i) {
        const Event &e = inc.events[i];
        if (inc.nodeOf(e) == inc.nodeOf(judging) && (e.type == ctx.types.nodeNotReadyEvent || e.type == ctx.types.podsMarkedNotReady)) {
            at = e.time;
            break;
        }
    }
    return at;
}

// A controller log is often all a bundle has of a lost node (kubernetes#77981, #110028: the
// kubelet was stopped, its log not collected). The controller acts only once a node's last
// heartbeat is older than the grace period, so its first such line opens a gap that began at
// least the grace period before it, up to when it heard from the node again. Not where the
// node's own heartbeats went through within the grace before the line: the logs disagree
// (clocks, a stalled watch), and this is no evidence of silence.
void addJudgedGaps(const FactContext &ctx, Facts &facts, const GracePeriod &grace)
{
    const Incident &inc = ctx.inc;
    for (const EventIndex i : ctx.index.ofType(ctx.types.taintAdded)) {
        const Event &e = inc.event(i);
        const StringId node = inc.nodeOf(e);
        if (node == kNoString || !judgesNodeLost(ctx, e))
            continue;
        const Timestamp judged = judgedAt(ctx, e);
        const bool heardWithinGrace = std::any_of(facts.heartbeats.begin(), facts.heartbeats.end(), [&](const Heartbeat &h) {
            return h.node == node && !h.failed && h.time > judged - grace.value && h.time <= e.time;
        });
        if (heardWithinGrace)
            continue;
        HeartbeatGap g = controllerGap(ctx, facts, i, judged - grace.value, grace);
        g.startEstimated = true;
        g.exceedsGrace = true;                          // the controller's own comparison: now > last heartbeat + grace
        if (!overlapsAGap(facts, node, g.start, g.end)) // a restarted controller queues the taint again
            facts.gaps.push_back(std::move(g));
    }
}

// How often a kubelet renews its node lease: a quarter of its 40 s duration (nodelease.go).
constexpr Duration kLeaseRenewInterval = Duration::fromSeconds(10);

std::optional<double> parseSignedSeconds(std::string_view text)
{
    if (!text.empty() && text.front() == '+')
        text.remove_prefix(1);
    double value = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    return error == std::errc() && end == text.data() + text.size() && !text.empty() ? std::optional(value) : std::nullopt;
}

// A clock set back makes the node lifecycle controller deaf to a live node. It counts a lease
// renewal only when its renewTime is later than the last one it saw (tryUpdateNodeHealth, since
// leases, 1.14; kubernetes#113081), so after the node's clock steps back (an NTP step, a VM
// resumed, a date set by hand) no renewal counts until the node's clock passes the last one
// counted. The kubelet, alive, answers the controller's Ready=Unknown with a status within its
// 10 s status period (its Ready=True differs from the object's Unknown), and the controller is
// content until the grace period runs out again: the node flaps, NotReady for a grace period and
// back some 10 s later, for as long as the step. A silent node does not come back so soon.
//
// What says a clock was stepped, on the first of those gaps:
//  - the controller's "hasn't been updated for D" line holds a heartbeat stamped later than the
//    line itself: the kubelet stamped it before the count of D began (a newer one would have
//    restarted the count), so the two clocks disagree by more than D. Not the 1.11-1.13 wording
//    ("Last ready condition is"): before leases any changed heartbeat counted, earlier or not;
//  - the node's own time daemon set its clock back, by about the grace period or more, after the
//    last renewal the controller counted and before it gave up on the node.
// And on each: it ended within a status period and two monitor passes of the controller's
// giving up, with no kubelet stopping or starting on the node inside it. The later flaps of the
// same step (within its reach: the step, and up to a status report period more, since the
// stamp may be that old) join the first one. Only gaps the controller's word gives: heartbeat
// lines around a silence show the node itself stopped.
constexpr Duration kKubeletStatusPeriod = Duration::fromSeconds(10);
constexpr Duration kStatusReportPeriod = Duration::fromSeconds(300);

// The kubelet stopped or started on the node within [from, to]: a restart or a reboot, which
// the flap pattern does not tell from a clock step.
bool kubeletRestartedWithin(const Facts &facts, StringId node, Timestamp from, Timestamp to)
{
    return std::any_of(facts.kubeletRuns.begin(), facts.kubeletRuns.end(), [&](const KubeletRun &r) {
        return r.node == node
            && ((r.startEvent != kNoEvent && r.start >= from && r.start <= to)
                || (r.exitEvent != kNoEvent && r.end >= from && r.end <= to));
    });
}

bool backSoon(const Incident &inc, const Facts &facts, const HeartbeatGap &g)
{
    return g.beforeEvent == kNoEvent && !g.openEnded
        && g.end - controllerGaveUpAt(inc, g) <= kKubeletStatusPeriod + kNodeMonitorPasses + Duration::fromSeconds(5)
        && !kubeletRestartedWithin(facts, g.node, g.start, g.end);
}

void findStampAhead(const FactContext &ctx, const std::vector<EventIndex> &notUpdated, HeartbeatGap &g)
{
    const Incident &inc = ctx.inc;
    for (const EventIndex i : notUpdated) {
        const Event &e = inc.event(i);
        if (e.time < g.start || e.time > g.end || ctx.field(e, ctx.keys.conditionType) == "ready condition")
            continue;
        const auto stamped = ctx.printedTimeOnLineClock(e, ctx.keys.lastHeartbeatTime);
        if (stamped && *stamped > e.time && *stamped - e.time > g.stampedAhead) {
            g.clockStepEvent = i;
            g.stampedAhead = *stamped - e.time;
        }
    }
}

void findNodeStepBack(const FactContext &ctx, const std::vector<EventIndex> &stepped, const Incident &inc, HeartbeatGap &g)
{
    // An exact start is the last renewal counted: the step came after it (a few seconds' leeway
    // between the two machines' clocks). An estimated one is the latest the gap can have begun.
    const Timestamp from = g.start - (g.startEstimated ? g.grace : Duration::fromSeconds(5));
    const Timestamp to = std::min(g.end, controllerGaveUpAt(inc, g));
    for (const EventIndex i : stepped) {
        const Event &e = inc.event(i);
        const auto seconds = parseSignedSeconds(ctx.field(e, ctx.keys.stepSeconds));
        if (!seconds || e.time < from || e.time > to)
            continue;
        const Duration back = Duration::fromSeconds(-*seconds);
        if (back > g.nodeStepBack && back + kLeaseRenewInterval >= g.grace) {
            g.nodeStepEvent = i;
            g.nodeStepBack = back;
        }
    }
}

} // namespace

const HeartbeatGap *gapPastGraceDuring(const Facts &facts, StringId node, Timestamp from, Timestamp to)
{
    for (const HeartbeatGap &g : facts.gaps)
        if (g.node == node && g.exceedsGrace && g.end >= from && g.start <= to)
            return &g;
    return nullptr;
}

Timestamp controllerGaveUpAt(const Incident &inc, const HeartbeatGap &g)
{
    return g.declaredBy != kNoEvent ? inc.event(g.declaredBy).time : g.start + g.grace;
}

void detectClockSteps(const FactContext &ctx, Facts &facts)
{
    const Incident &inc = ctx.inc;
    std::map<StringId, std::vector<EventIndex>> notUpdated, stepped;
    for (const EventIndex i : ctx.index.ofType(ctx.types.nodeNotUpdated))
        notUpdated[inc.nodeOf(inc.event(i))].push_back(i);
    for (const EventIndex i : ctx.index.ofType(ctx.types.clockStepped))
        stepped[inc.nodeOf(inc.event(i))].push_back(i);
    std::map<StringId, std::pair<std::size_t, Timestamp>> reachOf; // node -> (first gap of its step, how far the step reaches)
    for (std::size_t k = 0; k < facts.gaps.size(); ++k) {
        HeartbeatGap &g = facts.gaps[k];
        if (g.neverReported || !backSoon(inc, facts, g)) // no renewal ever counted: no step could hide one
            continue;
        if (const auto reach = reachOf.find(g.node); reach != reachOf.end() && g.start <= reach->second.second) {
            g.clockStep = true; // a later flap of the same step
            g.clockStepFirst = reach->second.first;
            continue;
        }
        findStampAhead(ctx, notUpdated[g.node], g);
        findNodeStepBack(ctx, stepped[g.node], inc, g);
        if (g.clockStepEvent == kNoEvent && g.nodeStepEvent == kNoEvent)
            continue;
        g.clockStep = true;
        g.clockStepFirst = k;
        g.heardInside = std::any_of(facts.heartbeats.begin(), facts.heartbeats.end(), [&](const Heartbeat &h) {
            return h.node == g.node && !h.failed && h.time > g.start && h.time < g.end;
        });
        reachOf[g.node] = {k, g.start + std::max(g.stampedAhead, g.nodeStepBack) + kStatusReportPeriod};
    }
}

void detectHeartbeats(const FactContext &ctx, Facts &facts, std::optional<Duration> graceOverride)
{
    const Incident &inc = ctx.inc;
    const CodeTypes &t = ctx.types;
    const FieldKeys &k = ctx.keys;
    const EventTypeId ownRequest = t.heartbeatRequest, leaseFailed = t.leaseRenewFailed;
    for (const EventIndex i :
         ctx.eventsOf({t.apiRequest, t.audit, ownRequest, t.statusUpdateFailed, t.statusUpdateExhausted, leaseFailed})) {
        const Event &e = inc.event(i);
        if (inc.nodeOf(e) == kNoString)
            continue;
        const bool request = e.type == t.apiRequest || e.type == t.audit || e.type == ownRequest;
        if (request) {
            const std::string_view resource = ctx.field(e, k.resource);
            const std::string_view sub = ctx.field(e, k.subresource);
            if (!verbWrites(ctx.field(e, k.verb)))
                continue;
            // Only the node's own kubelet proves it alive; the node controller writes node status too.
            const std::string_view agent = ctx.field(e, k.userAgent);
            const std::string_view user = ctx.field(e, k.user);
            if ((!agent.empty() && agent.find("kubelet") == std::string_view::npos) || (!user.empty() && !user.starts_with("system:node:")))
                continue;
            Heartbeat h{e.time, inc.nodeOf(e), Heartbeat::Kind::NodeStatus, !isSuccess(ctx.field(e, k.code), e.type == ownRequest),
                        ctx.indexOf(e)};
            if (resource == "leases")
                h.kind = Heartbeat::Kind::Lease;
            else if (!(resource == "nodes" && sub == "status"))
                continue;
            facts.heartbeats.push_back(h);
        } else if (e.type == t.statusUpdateFailed || e.type == t.statusUpdateExhausted || e.type == leaseFailed) {
            facts.heartbeats.push_back({e.time, inc.nodeOf(e), e.type == leaseFailed ? Heartbeat::Kind::Lease : Heartbeat::Kind::NodeStatus,
                                        true, ctx.indexOf(e)});
        }
    }
    std::stable_sort(facts.heartbeats.begin(), facts.heartbeats.end(), [](auto &a, auto &b) { return a.time < b.time; });

    const GracePeriod grace = nodeMonitorGracePeriod(ctx, graceOverride);
    std::map<StringId, std::vector<const Heartbeat *>> byNode;
    for (const auto &h : facts.heartbeats)
        byNode[h.node].push_back(&h);
    const Timestamp bundleEnd = inc.last();
    for (const auto &[node, beats] : byNode) {
        std::vector<const Heartbeat *> ok;
        for (auto *h : beats)
            if (!h->failed)
                ok.push_back(h);
        if (ok.size() < 2)
            continue;
        std::set<SourceId> sources;
        for (auto *h : beats)
            sources.insert(inc.event(h->event).source);
        // What counts as a gap: well above this node's usual interval (10 s status, 10 s lease).
        std::vector<std::int64_t> intervals;
        for (size_t i = 1; i < ok.size(); ++i)
            intervals.push_back((ok[i]->time - ok[i - 1]->time).ns);
        std::nth_element(intervals.begin(), intervals.begin() + std::ptrdiff_t(intervals.size() / 2), intervals.end());
        const std::int64_t typical = intervals[intervals.size() / 2];
        const std::int64_t threshold = std::max<std::int64_t>(3 * typical, 15 * kNsPerSecond);
        // Named copies: clang before 16 (the fuzz build's) cannot capture structured bindings.
        auto addGap = [&, &node = node, &beats = beats](const Heartbeat *before, const Heartbeat *after, Timestamp end) {
            HeartbeatGap g;
            g.node = node;
            g.start = before->time;
            g.end = end;
            g.length = end - before->time;
            g.grace = grace.value;
            g.graceOrigin = grace.origin;
            g.exceedsGrace = g.length > grace.value;
            g.openEnded = after == nullptr;
            g.beforeEvent = before->event;
            g.afterEvent = after ? after->event : kNoEvent;
            for (auto *h : beats)
                if (h->failed && h->time > g.start && h->time < g.end)
                    g.failures.push_back(h->event);
            facts.gaps.push_back(std::move(g));
        };
        for (size_t i = 1; i < ok.size(); ++i)
            if ((ok[i]->time - ok[i - 1]->time).ns > threshold && observed(inc, sources, ok[i - 1]->time, ok[i]->time))
                addGap(ok[i - 1], ok[i], ok[i]->time);
        // Open-ended only within what the heartbeat sources cover: a log that simply ends is no gap.
        Timestamp coverageEnd;
        for (auto *h : ok)
            coverageEnd = std::max(coverageEnd, inc.sources[inc.event(h->event).source].last);
        coverageEnd = std::min(coverageEnd, bundleEnd);
        if ((coverageEnd - ok.back()->time).ns > std::max<std::int64_t>(threshold, grace.value.ns))
            addGap(ok.back(), nullptr, coverageEnd);
    }
    // The controller's word: that no kubelet ever reported for a Node first, since the lines
    // of its next passes ("hasn't been updated") and the taint it queues speak of the same silence.
    const GracePeriod startupGrace = nodeStartupGracePeriod(ctx);
    addNeverReportedGaps(ctx, facts, startupGrace);
    addDeclaredGaps(ctx, facts, grace, startupGrace);
    addObjectDeclaredGaps(ctx, facts, grace);
    addJudgedGaps(ctx, facts, grace);
    std::sort(facts.gaps.begin(), facts.gaps.end(), [](auto &a, auto &b) { return a.start < b.start; });
    judgeControllerReactions(ctx, facts);
}

} // namespace kubelane::core
