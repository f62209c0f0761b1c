// Times a node's kubelet could not reach its container runtime. The kubelet checks the runtime
// every 5 s (kubelet.go updateRuntimeUp: "Container runtime sanity check failed" when the
// Status call fails, "Container runtime not ready" when it answers RuntimeReady=false) and,
// once no check has passed for 30 s, says "container runtime is down" (runtime.go
// runtimeErrors): in the sync loop's skip line and in its Ready condition, which turns False.
// Until a first check passes, it says "container runtime status check may not have completed
// yet" instead: for a few seconds at every start, and for good when the runtime never comes up.
// Which lines these are is data (runtime.down, node.status.not-ready, kubelet.sync.skipped); the
// verdict and the start-up state are told by their words, which every version prints the same.
#include "factcontext.h"

#include <algorithm>
#include <map>

namespace kubelane::core {

namespace {

constexpr std::string_view kVerdict = "container runtime is down";
constexpr std::string_view kNotYet = "container runtime status check may not have completed yet";
// The kubelet says "is down" once no check has passed for this long (runtime.go's threshold).
const Duration kVerdictAfter = Duration::fromSeconds(30);
// Reports further apart than this are two outages: checks run every 5 s, and one that passed
// in between ended the first (two restarts of the runtime a minute apart are not one outage).
const Duration kSameOutage = Duration::fromSeconds(20);

// The runtime is not there at all: its endpoint (a unix socket, Windows' named pipe, docker's
// daemon) refuses, is missing, or dropped the connection. A pod sandbox's CNI errors say
// "connection refused" and "no such file or directory" too, of other things: the endpoint has
// to be named.
bool saysRuntimeAbsent(std::string_view text)
{
    const bool namesEndpoint = text.find(".sock") != std::string_view::npos || text.find("//./pipe/") != std::string_view::npos
        || text.find("docker daemon") != std::string_view::npos;
    if (!namesEndpoint)
        return false;
    for (const std::string_view words : {"connection refused", "no such file or directory", "code = Unavailable", "connection reset",
                                         "cannot find the file", "Cannot connect to the Docker daemon", "Is the docker daemon running"})
        if (text.find(words) != std::string_view::npos)
            return true;
    return false;
}

struct Report {
    EventIndex event;
    Timestamp time;
    bool verdict;
    std::uint64_t pid; // the kubelet's process, when the line names it
    // A state of the kubelet's start-up, not of an outage: "not yet", or up to 1.12 the zero
    // time's "is down" (within 30 s of a start no check that passed can be 30 s old; beside the
    // PLEG's zero time, no relist has come either).
    bool startUp;
};

// A kubelet's start-up lasts two minutes (the kubelet's own nodeReadyGracePeriod is 120 s): the
// runtime may still be starting beside it.
const Duration kStartUp = Duration::fromSeconds(120);

// Whether an outage lies in a kubelet's start-up: begun within a minute of a start on its node,
// over within two. An outage that says no check has passed yet began at its kubelet's start
// (o.start), which, when the bundle does not show it, was at its first report or before.
bool atStartUp(const Facts &facts, const RuntimeOutage &o)
{
    const bool started = std::any_of(facts.kubeletRuns.begin(), facts.kubeletRuns.end(), [&](const KubeletRun &r) {
        return r.node == o.node && r.startEvent != kNoEvent && o.start >= r.start - Duration::fromSeconds(5)
            && o.start <= r.start + Duration::fromSeconds(60) && o.end <= r.start + kStartUp;
    });
    return started || (o.neverUp && o.end <= o.start + kStartUp);
}

// The outage being gathered, with what tells its kubelet's process apart from the next one's.
struct OpenOutage {
    RuntimeOutage outage;
    std::uint64_t firstPid = 0, lastPid = 0;
    bool onlyStartUp = true; // every report says no check has passed yet, none that one failed

    bool empty() const { return outage.reports.empty(); }
    void add(const Report &r)
    {
        RuntimeOutage &o = outage;
        if (o.reports.empty()) {
            o.start = r.time;
            firstPid = r.pid;
            o.neverUp = r.startUp; // it began as its kubelet's start-up
        }
        o.end = r.time;
        o.reports.push_back(r.event);
        onlyStartUp = onlyStartUp && r.startUp;
        lastPid = r.pid != 0 ? r.pid : lastPid;
        if (r.verdict) {
            if (o.firstVerdict == kNoEvent)
                o.firstVerdict = r.event;
            o.lastVerdict = r.time;
        }
    }
};

// Whether `r` begins another outage than `open`'s. A kubelet that said no check had passed
// since its start says so until one does: its reports are one outage however far apart, when
// the bundle shows that start (a paste of grepped lines without it may hold the start-ups of
// several kubelets). Another kubelet's start-up is not the one before's, but an outage of the
// runtime goes on across a restart of the kubelet.
bool beginsAnother(const OpenOutage &open, const Report &r, const KubeletRunIndex &runs, StringId node)
{
    const bool anotherKubelet =
        runs.startedBetween(node, open.outage.end, r.time) || (r.pid != 0 && open.lastPid != 0 && r.pid != open.lastPid);
    if (anotherKubelet && open.onlyStartUp)
        return true;
    const bool stillNeverUp = r.startUp && open.outage.neverUp && !anotherKubelet && runs.startedRunAt(node, r.time, r.pid);
    return r.time - open.outage.end > kSameOutage && !stillNeverUp;
}

bool saysRuntimeAbsent(const FactContext &ctx, const Event &e)
{
    return saysRuntimeAbsent(ctx.inc.message(e)) || saysRuntimeAbsent(ctx.field(e, ctx.keys.error));
}

} // namespace

void detectRuntimeOutages(const FactContext &ctx, Facts &facts)
{
    const Incident &inc = ctx.inc;
    const CodeTypes &t = ctx.types;
    const KubeletRunIndex runs(facts.kubeletRuns);
    std::map<StringId, std::vector<Report>> byNode;
    std::map<StringId, std::vector<EventIndex>> absentByNode;
    for (const EventIndex i :
         ctx.eventsOf({t.runtimeDown, t.nodeNotReady, t.plegUnhealthy, t.syncSkipped, t.runtimeError, t.runtimeRpcFailed})) {
        const Event &e = inc.event(i);
        const StringId node = inc.nodeOf(e);
        if (node == kNoString)
            continue;
        if (saysRuntimeAbsent(ctx, e))
            absentByNode[node].push_back(i);
        if (e.type == t.runtimeError || e.type == t.runtimeRpcFailed)
            continue;
        // The verdict or the start-up state in the sync loop's skip line, the Ready condition, or
        // beside the PLEG's report; a check's own failure.
        const bool verdict = ctx.reportSays(e, kVerdict), notYet = ctx.reportSays(e, kNotYet);
        if (e.type != t.runtimeDown && !verdict && !notYet)
            continue;
        // Which kubelet said it matters only for the start-up states.
        const std::uint64_t pid = verdict || notYet ? ctx.processIdOf(e) : 0;
        const KubeletRun *run = verdict && !notYet ? runs.startedRunAt(node, e.time, pid) : nullptr;
        const bool startUp = notYet || (verdict && ((run && e.time < run->start + kVerdictAfter) || ctx.reportSays(e, kPlegZeroTime)));
        byNode[node].push_back({i, e.time, verdict, pid, startUp});
    }
    for (auto &[node, reports] : byNode) {
        std::stable_sort(reports.begin(), reports.end(), [](const Report &a, const Report &b) { return a.time < b.time; });
        const std::vector<EventIndex> &absent = absentByNode[node];
        auto finish = [&, node = node](OpenOutage &open) {
            RuntimeOutage &o = open.outage;
            o.node = node;
            if (const KubeletRun *run = o.neverUp ? runs.startedRunAt(node, o.start, open.firstPid) : nullptr) {
                o.start = std::min(o.start, run->start);
                o.kubeletStart = run->startEvent;
            }
            for (const EventIndex i : absent)
                if (const Timestamp at = inc.event(i).time; at >= o.start - kSameOutage && at <= o.end) {
                    o.firstRefused = i;
                    break;
                }
            o.atStartUp = atStartUp(facts, o);
            facts.runtimeOutages.push_back(std::move(o));
            open = OpenOutage{};
        };
        OpenOutage open;
        for (const Report &r : reports) {
            if (!open.empty() && beginsAnother(open, r, runs, node))
                finish(open);
            open.add(r);
        }
        if (!open.empty())
            finish(open);
    }
}

} // namespace kubelane::core
