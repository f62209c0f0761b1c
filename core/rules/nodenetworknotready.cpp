#include "nodenetworknotready.h"

#include "../facts/factcontext.h"
#include "matchsteps.h"

#include <algorithm>
#include <map>

namespace kubelane::core {

namespace {

// The kubelet's own bound on a node's way to Ready (nodeReadyGracePeriod in
// kubelet_node_status.go, "Node not becoming ready in time after startup" since 1.27): a
// runtime network still not ready past it is no longer a node coming up.
constexpr Duration kReadyGrace = Duration::fromSeconds(120);
// The kubelet asks the runtime every 5 s (updateRuntimeUp) and says so each time; reports
// further apart than this are two stretches, or a log with a hole in it.
constexpr Duration kSameStretch = Duration::fromSeconds(60);

// What the runtime said, from "NetworkReady=false" on: its reason and message.
std::string_view networkVerdict(std::string_view raw)
{
    const std::size_t at = raw.find("NetworkReady=false");
    if (at == std::string_view::npos)
        return {};
    std::string_view v = raw.substr(at);
    while (!v.empty() && (v.back() == '"' || v.back() == '}' || v.back() == ' ' || v.back() == '\r'))
        v.remove_suffix(1);
    return v;
}

// One sign that the node's runtime network was not ready, over [from, to].
struct Report {
    Timestamp from, to;
    EventIndex event;
};

// The Node object's Ready condition False for the network: held from its lastTransitionTime
// (the record's time) to its lastHeartbeatTime at least.
std::optional<Report> objectReport(const Analysis &a, EventIndex i)
{
    const Incident &inc = *a.incident;
    const Event &e = inc.event(i);
    const std::string_view message = inc.field(e, a.keys.message);
    const bool network = !networkVerdict(message).empty() || message.find("network not ready") != std::string_view::npos;
    if (inc.field(e, a.keys.conditionType) != "Ready" || inc.field(e, a.keys.status) != "False" || !network)
        return std::nullopt;
    Timestamp to = e.time;
    if (const auto heartbeat = parseRfc3339(inc.field(e, a.keys.lastHeartbeatTime)); heartbeat && *heartbeat > to)
        to = *heartbeat;
    return Report{e.time, to, i};
}

std::map<StringId, std::vector<Report>> reportsByNode(const Analysis &a)
{
    const Incident &inc = *a.incident;
    const CodeTypes &t = codeTypesOf(inc);
    std::map<StringId, std::vector<Report>> out;
    for (const EventIndex i : a.eventIndex.ofAnyType({t.networkNotReady, t.nodeNotReady, t.nodeConditionObject})) {
        const Event &e = inc.event(i);
        const StringId node = inc.nodeOf(e);
        if (node == kNoString)
            continue;
        if (e.type == t.nodeConditionObject) {
            if (const auto r = objectReport(a, i))
                out[node].push_back(*r);
        } else if (e.type == t.networkNotReady || !networkVerdict(inc.rawText(e)).empty()) {
            out[node].push_back({e.time, e.time, i});
        }
    }
    for (auto &[node, reports] : out)
        std::sort(reports.begin(), reports.end(), [](const Report &x, const Report &y) { return x.from < y.from; });
    return out;
}

// The kubelet's word that the node did not turn Ready within its grace, near the stretch.
EventIndex kubeletGaveUp(const Analysis &a, StringId node, Timestamp from, Timestamp to)
{
    const Incident &inc = *a.incident;
    for (const EventIndex i : a.eventIndex.ofType(codeTypesOf(inc).startupNotReady)) {
        const Event &e = inc.event(i);
        if (inc.nodeOf(e) == node && e.time >= from - kSameStretch && e.time <= to + kSameStretch)
            return i;
    }
    return kNoEvent;
}

std::string verdictOf(const Incident &inc, const std::vector<Report> &stretch, const FieldKeys &keys)
{
    for (auto it = stretch.rbegin(); it != stretch.rend(); ++it) {
        const Event &e = inc.event(it->event);
        std::string_view v = networkVerdict(inc.rawText(e));
        if (v.empty())
            v = inc.field(e, keys.message);
        if (!v.empty())
            return std::string(v.substr(0, 200));
    }
    return {};
}

RuleMatch describeStretch(const Analysis &a, StringId node, const std::vector<Report> &stretch, EventIndex gaveUp)
{
    const Incident &inc = *a.incident;
    RuleMatch m;
    const std::string name(inc.text(node));
    m.subject = Subject::ofNode(name);
    m.start = stretch.front().from;
    m.end = std::max_element(stretch.begin(), stretch.end(), [](const Report &x, const Report &y) { return x.to < y.to; })->to;
    const Duration held = m.end - m.start;
    m.text["node"] = name;
    // The kubelet's own word that its grace passed, on fewer lines than that: at least the grace.
    m.text["held"] = held < kReadyGrace ? "more than " + formatDuration(kReadyGrace) : formatDuration(held);
    m.numbers["seconds"] = held.seconds();
    m.numbers["reports"] = double(stretch.size());
    const std::string verdict = verdictOf(inc, stretch, a.keys);
    m.text["verdict"] = verdict.empty() ? "network not ready" : verdict;
    step(m, inc, stretch.front().event, "the runtime's network not ready on " + name);
    step(m, inc, gaveUp, "kubelet: node not Ready within its start-up grace");
    if (stretch.size() > 1)
        step(m, inc, stretch.back().event, "still not ready (" + plural(stretch.size(), "report") + " over " + formatDuration(held) + ")");
    finishMatch(m);
    return m;
}

} // namespace

std::vector<RuleMatch> nodeNetworkNotReady(const Analysis &a)
{
    std::vector<RuleMatch> out;
    for (const auto &[node, reports] : reportsByNode(a)) {
        for (std::size_t i = 0; i < reports.size();) {
            std::size_t j = i + 1;
            Timestamp reach = reports[i].to;
            while (j < reports.size() && reports[j].from - reach <= kSameStretch) {
                reach = std::max(reach, reports[j].to);
                ++j;
            }
            const std::vector<Report> stretch(reports.begin() + std::ptrdiff_t(i), reports.begin() + std::ptrdiff_t(j));
            i = j;
            const EventIndex gaveUp = kubeletGaveUp(a, node, stretch.front().from, reach);
            if (reach - stretch.front().from < kReadyGrace && gaveUp == kNoEvent)
                continue; // a node coming up: its CNI's pod not running yet
            out.push_back(describeStretch(a, node, stretch, gaveUp));
        }
    }
    return out;
}

} // namespace kubelane::core
