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
    bool notYet;
};

// A kubelet's start-up lasts two minutes: the runtime may still be starting beside it.
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

// A kubelet start on the node after `after`, up to `until`: the reports on either side are of two
// kubelets (one's start-up state is not the next one's).
bool startedBetween(const Facts &facts, StringId node, Timestamp after, Timestamp until)
{
    return std::any_of(facts.kubeletRuns.begin(), facts.kubeletRuns.end(), [&](const KubeletRun &r) {
        return r.node == node && r.startEvent != kNoEvent && r.start > after && r.start <= until;
    });
}

} // namespace

void detectRuntimeOutages(const FactContext &ctx, Facts &facts)
{
    const Incident &inc = ctx.inc;
    const CodeTypes &t = ctx.types;
    std::map<StringId, std::vector<Report>> byNode;
    std::map<StringId, std::vector<EventIndex>> absentByNode;
    for (const EventIndex i :
         ctx.eventsOf({t.runtimeDown, t.nodeNotReady, t.plegUnhealthy, t.syncSkipped, t.runtimeError, t.runtimeRpcFailed})) {
        const Event &e = inc.event(i);
        const StringId node = inc.nodeOf(e);
        if (node == kNoString)
            continue;
        if (saysRuntimeAbsent(inc.message(e)))
            absentByNode[node].push_back(i);
        if (e.type == t.runtimeError || e.type == t.runtimeRpcFailed)
            continue;
        // The verdict or the start-up state in the sync loop's skip line, the Ready condition, or
        // beside the PLEG's report; a check's own failure.
        const bool verdict = ctx.reportSays(e, kVerdict), notYet = ctx.reportSays(e, kNotYet);
        if (e.type == t.runtimeDown || verdict || notYet)
            byNode[node].push_back({i, e.time, verdict, notYet});
    }
    for (auto &[node, reports] : byNode) {
        std::stable_sort(reports.begin(), reports.end(), [](const Report &a, const Report &b) { return a.time < b.time; });
        const std::vector<EventIndex> &absent = absentByNode[node];
        auto finish = [&, node = node](RuntimeOutage &o) {
            o.node = node;
            if (const KubeletRun *run = o.neverUp ? startedRunAt(facts, node, o.start) : nullptr) {
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
        };
        RuntimeOutage open;
        for (const Report &r : reports) {
            // A kubelet that said no check had passed since its start says so until one does:
            // such reports are one outage however far apart, when the bundle shows that start (a
            // paste of grepped lines without it may hold the start-ups of several kubelets).
            const bool stillNeverUp = r.notYet && open.neverUp && startedRunAt(facts, node, r.time);
            if (!open.reports.empty()
                && ((r.time - open.end > kSameOutage && !stillNeverUp) || startedBetween(facts, node, open.end, r.time))) {
                finish(open);
                open = RuntimeOutage{};
            }
            if (open.reports.empty())
                open.start = r.time;
            open.end = r.time;
            open.reports.push_back(r.event);
            open.neverUp = open.neverUp || r.notYet;
            if (r.verdict) {
                if (open.firstVerdict == kNoEvent)
                    open.firstVerdict = r.event;
                open.lastVerdict = r.time;
            }
        }
        if (!open.reports.empty())
            finish(open);
    }
}

} // namespace kubelane::core
