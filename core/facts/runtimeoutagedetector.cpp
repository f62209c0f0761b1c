// Times a node's kubelet could not reach its container runtime. The kubelet checks the runtime
// every 5 s (kubelet.go updateRuntimeUp: "Container runtime sanity check failed" when the
// Status call fails, "Container runtime not ready" when it answers RuntimeReady=false) and,
// once no check has passed for 30 s, says "container runtime is down" (runtime.go
// runtimeErrors): in the sync loop's skip line and in its Ready condition, which turns False.
// Which lines these are is data (runtime.down, node.status.not-ready); the verdict is told from
// the checks by its words, which every version prints the same.
#include "factcontext.h"

#include <algorithm>
#include <map>

namespace kubelane::core {

namespace {

constexpr std::string_view kVerdict = "container runtime is down";
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
};

// Whether an outage lies in a kubelet's start-up: begun within a minute of a start on its node,
// over within two.
bool atStartUp(const Facts &facts, const RuntimeOutage &o)
{
    return std::any_of(facts.kubeletRuns.begin(), facts.kubeletRuns.end(), [&](const KubeletRun &r) {
        return r.node == o.node && r.startEvent != kNoEvent && o.start >= r.start - Duration::fromSeconds(5)
            && o.start <= r.start + Duration::fromSeconds(60) && o.end <= r.start + Duration::fromSeconds(120);
    });
}

} // namespace

void detectRuntimeOutages(const FactContext &ctx, Facts &facts)
{
    const Incident &inc = ctx.inc;
    const CodeTypes &t = ctx.types;
    std::map<StringId, std::vector<Report>> byNode;
    std::map<StringId, std::vector<EventIndex>> absentByNode;
    for (const EventIndex i : ctx.eventsOf({t.runtimeDown, t.nodeNotReady, t.plegUnhealthy, t.runtimeError, t.runtimeRpcFailed})) {
        const Event &e = inc.event(i);
        const StringId node = inc.nodeOf(e);
        if (node == kNoString)
            continue;
        const std::string_view message = inc.message(e);
        if (saysRuntimeAbsent(message))
            absentByNode[node].push_back(i);
        if (e.type == t.runtimeDown)
            byNode[node].push_back({i, e.time, message.find(kVerdict) != std::string_view::npos});
        else if ((e.type == t.nodeNotReady || e.type == t.plegUnhealthy) // the verdict in the condition, or beside the PLEG's
                 && message.find(kVerdict) != std::string_view::npos)
            byNode[node].push_back({i, e.time, true});
    }
    for (auto &[node, reports] : byNode) {
        std::stable_sort(reports.begin(), reports.end(), [](const Report &a, const Report &b) { return a.time < b.time; });
        const std::vector<EventIndex> &absent = absentByNode[node];
        auto finish = [&, node = node](RuntimeOutage &o) {
            o.node = node;
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
            if (!open.reports.empty() && r.time - open.end > kSameOutage) {
                finish(open);
                open = RuntimeOutage{};
            }
            if (open.reports.empty())
                open.start = r.time;
            open.end = r.time;
            open.reports.push_back(r.event);
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
