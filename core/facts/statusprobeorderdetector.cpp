// probe-status-race's fact: after a kubelet start, did the pod worker generate a pod's status
// before the container's first readiness result, and what followed (ready:false pushed, a
// kill, ready again). Every wording is an event type (resources/events.json); this file only
// orders them. Verbosity decides what is logged: "Generating pod status" and "Probe
// succeeded" need -v=3, so either side may be missing and is then read from status patches.
#include "factcontext.h"

#include "../util/textscan.h"

#include <algorithm>
#include <map>
#include <set>
#include <vector>

namespace kubelane::core {

namespace {

constexpr std::int64_t kConsequenceWindow = 10 * kNsPerSecond;
// The pod worker and the probe workers of one start all run within this much of it.
constexpr std::int64_t kStartupWindow = 600 * kNsPerSecond;
// The first PLEG relist after a start reports every container already running at once.
constexpr std::int64_t kFirstRelistSpread = 3 * kNsPerSecond;

bool isReadiness(std::string_view probeType)
{
    return probeType == "Readiness" || probeType == "readiness";
}

// What one kubelet run logged about each pod and container in its first minutes.
// One pass over the run's first minutes (and the hour before it) collects all of it.
struct RunView {
    std::map<PodId, EventIndex> firstStatus, firstPodReadiness;
    std::map<std::pair<PodId, StringId>, EventIndex> firstReadiness;
    std::map<PodId, EventIndex> runningAtStart;       // in the first PLEG relist after the start
    std::map<PodId, std::vector<EventIndex>> reports; // status patches, "readiness changed", in order
    std::set<std::pair<PodId, StringId>> containers;  // every container a result or patch names
    std::set<PodId> loggedBefore;                     // of those, by the previous run in the hour before
};

RunView observeRun(const FactContext &ctx, const CodeTypes &t, const KubeletRun &run, std::size_t from, std::size_t to)
{
    const Incident &inc = ctx.inc;
    RunView v;
    std::optional<Timestamp> firstRelist;
    for (std::size_t i = from; i < to; ++i) {
        const Event &e = inc.events[i];
        if (inc.nodeOf(e) != run.node || inc.podOf(e) == kNoPod)
            continue;
        const EventIndex index = EventIndex::fromIndex(i);
        if (e.type == t.statusGenerate) {
            v.firstStatus.emplace(inc.podOf(e), index);
        } else if (e.type == t.statusPatch || e.type == t.readinessChangedBeforeSync) {
            v.reports[inc.podOf(e)].push_back(index);
            for (const StringId key : {ctx.keys.readyContainers, ctx.keys.unreadyContainers})
                text::forEachListItem(ctx.field(e, key), ',', [&](std::string_view name) {
                    if (const StringId c = inc.strings.find(name); c != kNoString)
                        v.containers.emplace(inc.podOf(e), c);
                });
        } else if ((e.type == t.probeSeeded && inc.containerOf(e) != kNoString)
                   || ((e.type == t.probeSuccess || e.type == t.probeFailure || e.type == t.probeError)
                       && isReadiness(ctx.field(e, ctx.keys.probeType)))) {
            v.firstReadiness.emplace(std::make_pair(inc.podOf(e), inc.containerOf(e)), index);
            v.containers.emplace(inc.podOf(e), inc.containerOf(e));
        } else if (e.type == t.syncLoopProbe && ctx.field(e, ctx.keys.probe) == "readiness" && ctx.field(e, ctx.keys.status) == "ready")
            // Names the pod, not the container. Only "ready" is a result: on a new container
            // the readiness worker seeds its initial Failure into the cache, and that change
            // is logged as status="" before any probe ran (worker.go, 1.21+).
            v.firstPodReadiness.emplace(inc.podOf(e), index);
        else if (e.type == t.syncLoopPleg && ctx.field(e, ctx.keys.eventType) == "ContainerStarted") {
            if (!firstRelist)
                firstRelist = e.time;
            if ((e.time - *firstRelist).ns <= kFirstRelistSpread)
                v.runningAtStart.emplace(inc.podOf(e), index);
        }
    }
    // Which of those pods the previous run logged in the hour before: back from the start,
    // until each is found (a running pod logs its probe results every few seconds).
    std::set<PodId> sought;
    for (const auto &[pod, container] : v.containers)
        sought.insert(pod);
    const std::size_t hourBefore = inc.lowerBound(run.start - Duration::fromSeconds(3600));
    for (std::size_t i = from; i-- > hourBefore && !sought.empty();)
        if (const Event &e = inc.events[i]; inc.nodeOf(e) == run.node && sought.erase(inc.podOf(e)) > 0)
            v.loggedBefore.insert(inc.podOf(e));
    return v;
}

bool listsContainer(const FactContext &ctx, const Event &patch, StringId key, StringId container)
{
    return text::listContains(ctx.field(patch, key), ',', ctx.text(container));
}

// Why we believe the container ran before this start, or "" if nothing says so. A pod created
// after the start is expected to be not ready at first: that is no race.
std::string runningBefore(const FactContext &ctx, const CodeTypes &t, const RunView &v, PodId pod, EventIndex probe)
{
    const Incident &inc = ctx.inc;
    if (probe != kNoEvent && inc.event(probe).type == t.probeSeeded)
        return "the probe worker found it already running on the host";
    if (const auto it = v.runningAtStart.find(pod); it != v.runningAtStart.end())
        return "the first PLEG relist after the start found it running";
    if (v.loggedBefore.count(pod))
        return "the previous kubelet run logged the pod";
    return {};
}

} // namespace

void detectStatusProbeOrder(const FactContext &ctx, Facts &facts)
{
    const Incident &inc = ctx.inc;
    const CodeTypes &t = ctx.types;
    for (std::size_t r = 0; r < facts.kubeletRuns.size(); ++r) {
        const KubeletRun &run = facts.kubeletRuns[r];
        if (run.startEvent == kNoEvent)
            continue; // the log begins inside this run: no start to race after
        const Timestamp windowEnd = std::min(run.end, run.start + Duration{kStartupWindow});
        const std::size_t from = inc.lowerBound(run.start), to = inc.lowerBound(windowEnd + Duration{1});
        const RunView v = observeRun(ctx, t, run, from, to);
        for (const auto &key : v.containers) {
            const auto [pod, container] = key;
            StatusProbeOrder o;
            o.pod = pod;
            o.container = container;
            o.runIndex = r;
            // What the kubelet reported for the container after the start: the first patch
            // listing it not ready, and the first after that listing it ready.
            static const std::vector<EventIndex> kNone;
            const auto found = v.reports.find(pod);
            for (EventIndex i : found == v.reports.end() ? kNone : found->second) {
                const Event &e = inc.event(i);
                if (o.notReadyEvent == kNoEvent
                    && ((e.type == t.statusPatch && listsContainer(ctx, e, ctx.keys.unreadyContainers, container))
                        || e.type == t.readinessChangedBeforeSync))
                    o.notReadyEvent = i;
                else if (o.notReadyEvent != kNoEvent && o.readyAgainEvent == kNoEvent && e.type == t.statusPatch
                         && listsContainer(ctx, e, ctx.keys.readyContainers, container))
                    o.readyAgainEvent = i;
            }
            // The two sides, from what is logged; a side not logged is read from the patches.
            const auto status = v.firstStatus.find(pod);
            o.statusEvent = status != v.firstStatus.end() ? status->second : o.notReadyEvent;
            if (const auto p = v.firstReadiness.find(key); p != v.firstReadiness.end())
                o.probeEvent = p->second;
            else if (const auto pp = v.firstPodReadiness.find(pod); pp != v.firstPodReadiness.end())
                o.probeEvent = pp->second;
            if (status == v.firstStatus.end())
                o.orderFrom = "the status patches (\"Generating pod status\" is logged at -v=3 and up)";
            if (o.probeEvent == kNoEvent) {
                o.probeEvent = o.readyAgainEvent;
                o.orderFrom = "the status patches (readiness probe results are logged at -v=3 and up)";
            }
            if (o.statusEvent == kNoEvent || o.probeEvent == kNoEvent)
                continue;
            const Event &s = inc.event(o.statusEvent);
            const Event &p = inc.event(o.probeEvent);
            o.delta = p.time - s.time;
            // Equal microseconds: the store's order (file order within one source) decides.
            o.statusFirst = s.time != p.time ? s.time < p.time : o.statusEvent < o.probeEvent;
            // A first readiness result that failed made the container not ready by itself:
            // the report that follows is the probe's verdict, not the race.
            const bool probeFailed = p.type == t.probeFailure || p.type == t.probeError;
            if (probeFailed)
                o.notReadyEvent = o.readyAgainEvent = kNoEvent;
            o.runningBefore = runningBefore(ctx, t, v, pod, o.probeEvent);
            // What followed the not-ready report: the container killed or the pod rejected.
            if (o.notReadyEvent != kNoEvent)
                for (std::size_t i = o.notReadyEvent.index(); i < inc.events.size(); ++i) {
                    const Event &e = inc.events[i];
                    if ((e.time - inc.event(o.notReadyEvent).time).ns > kConsequenceWindow)
                        break;
                    if (inc.podOf(e) == pod
                        && ((e.type == t.containerKill && (inc.containerOf(e) == kNoString || inc.containerOf(e) == container))
                            || e.type == t.admissionRejected)) {
                        o.killEvent = EventIndex::fromIndex(i);
                        break;
                    }
                }
            facts.orders.push_back(std::move(o));
        }
    }
}

} // namespace kubelane::core
