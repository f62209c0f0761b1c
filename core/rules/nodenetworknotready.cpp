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
// A give-up line this close to the reports is theirs (two report periods).
constexpr Duration kGaveUpReach = Duration::fromSeconds(10);
// The kubelet's node status period (nodeStatusUpdateFrequency): a running node's Ready turns
// False at its next update, so a stretch this long reached the Node object.
constexpr Duration kStatusPeriod = Duration::fromSeconds(10);
// Stretches of one node this close are one flapping finding.
constexpr Duration kFlapReach = Duration::fromSeconds(600);

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

// The Ready condition's message lists the runtime's own errors before the network's
// (nodestatus/setters.go ReadyCondition): with the runtime down or the PLEG unhealthy, no CNI
// pod could start, and those are the causes to name (container-runtime-down, pleg-unhealthy).
bool namesTheRuntimeFirst(std::string_view message)
{
    return message.find("container runtime is down") != std::string_view::npos
        || message.find("PLEG is not healthy") != std::string_view::npos;
}

// One sign that the node's runtime network was not ready, over [from, to].
struct Report {
    Timestamp from, to;
    EventIndex event;
    bool object = false; // an API object's word (the Node's condition, a pod's event), not the kubelet's line
};

// The Node object's Ready condition False for the network: held from its lastTransitionTime
// (the record's time) to its lastHeartbeatTime at least.
std::optional<Report> objectReport(const Analysis &a, EventIndex i)
{
    const Incident &inc = *a.incident;
    const Event &e = inc.event(i);
    const std::string_view message = inc.field(e, a.keys.message);
    const bool network = !networkVerdict(message).empty() || message.find("network not ready") != std::string_view::npos;
    if (inc.field(e, a.keys.conditionType) != "Ready" || inc.field(e, a.keys.status) != "False" || !network
        || namesTheRuntimeFirst(message))
        return std::nullopt;
    Timestamp to = e.time;
    if (const auto heartbeat = parseRfc3339(inc.field(e, a.keys.lastHeartbeatTime)); heartbeat && *heartbeat > to)
        to = *heartbeat;
    return Report{e.time, to, i, true};
}

// What a node's kubelet says of it: the reports, where a stretch of them must end (a kubelet
// start, the node Ready again), and its kubelet's starts.
struct NodeWord {
    std::vector<Report> reports;
    std::vector<Timestamp> starts, ready;
};

std::map<StringId, NodeWord> wordByNode(const Analysis &a)
{
    const Incident &inc = *a.incident;
    const CodeTypes &t = codeTypesOf(inc);
    std::map<StringId, NodeWord> out;
    for (const EventIndex i : a.eventIndex.ofAnyType(
             {t.networkNotReady, t.networkNotReadyEvent, t.nodeNotReady, t.nodeConditionObject, t.kubeletStart, t.nodeStatusEvent})) {
        const Event &e = inc.event(i);
        const StringId node = inc.nodeOf(e);
        if (node == kNoString)
            continue;
        NodeWord &w = out[node];
        if (e.type == t.kubeletStart) {
            w.starts.push_back(e.time);
        } else if (e.type == t.nodeStatusEvent) {
            if (inc.field(e, a.keys.event) == "NodeReady")
                w.ready.push_back(e.time);
        } else if (e.type == t.nodeConditionObject) {
            if (const auto r = objectReport(a, i))
                w.reports.push_back(*r);
        } else if (e.type == t.networkNotReadyEvent) {
            // The kubelet's pod event, repeated from its first time to its last (the record's).
            const auto first = parseRfc3339(inc.field(e, a.keys.firstTimestamp));
            w.reports.push_back({first && *first < e.time ? *first : e.time, e.time, i, true});
        } else if (e.type == t.networkNotReady || (!networkVerdict(inc.rawText(e)).empty() && !namesTheRuntimeFirst(inc.rawText(e)))) {
            w.reports.push_back({e.time, e.time, i});
        }
    }
    for (auto &[node, w] : out)
        std::sort(w.reports.begin(), w.reports.end(), [](const Report &x, const Report &y) { return x.from < y.from; });
    return out;
}

bool anyWithin(const std::vector<Timestamp> &times, Timestamp from, Timestamp to)
{
    return std::any_of(times.begin(), times.end(), [&](Timestamp t) { return t > from && t <= to; });
}

// The kubelet's word that the node did not turn Ready within its grace, where the network
// reports reach it (it says so whatever keeps the node not Ready).
EventIndex kubeletGaveUp(const Analysis &a, StringId node, Timestamp from, Timestamp to)
{
    const Incident &inc = *a.incident;
    for (const EventIndex i : a.eventIndex.ofType(codeTypesOf(inc).startupNotReady)) {
        const Event &e = inc.event(i);
        if (inc.nodeOf(e) == node && e.time >= from - kGaveUpReach && e.time <= to + kGaveUpReach)
            return i;
    }
    return kNoEvent;
}

// The node's kubelet stopped soon after the stretch: after a short one, a node shutting down (a
// drain stops its CNI pod first), not a node that lost its network.
bool kubeletStoppedAfter(const Facts &f, StringId node, Timestamp end)
{
    return std::any_of(f.kubeletRuns.begin(), f.kubeletRuns.end(),
                       [&](const KubeletRun &r) { return r.node == node && !r.openEnded && r.end >= end && r.end - end <= kSameStretch; });
}

// The runtime itself down on the node meanwhile: container-runtime-down's finding, which this
// one would only echo (no CNI pod starts while the runtime is gone).
bool runtimeDownDuring(const Facts &f, StringId node, Timestamp from, Timestamp to)
{
    return std::any_of(f.runtimeOutages.begin(), f.runtimeOutages.end(),
                       [&](const RuntimeOutage &o) { return o.node == node && !o.atStartUp && o.end >= from && o.start <= to; });
}

// The runtime's verdict, from the kubelet's line or the object's condition message (not the
// whole object's text).
std::string verdictOf(const Incident &inc, const std::vector<Report> &stretch, const FieldKeys &keys)
{
    for (auto it = stretch.rbegin(); it != stretch.rend(); ++it) {
        const Event &e = inc.event(it->event);
        std::string_view v = networkVerdict(it->object ? inc.field(e, keys.message) : inc.rawText(e));
        if (v.empty())
            v = inc.field(e, keys.message);
        if (const std::size_t end = v.find_first_of("\n]"); end != std::string_view::npos)
            v = v.substr(0, end);
        if (!v.empty())
            return std::string(v.substr(0, 200));
    }
    return {};
}

struct Stretch {
    std::vector<Report> reports;
    Timestamp begin, end;
    EventIndex gaveUp = kNoEvent;
    std::optional<Timestamp> kubeletStart; // it began as the kubelet came up
    bool ready = false;                    // the node turned Ready after it
    std::size_t times = 1;                 // stretches of a flapping node taken together
};

RuleMatch describeStretch(const Analysis &a, StringId node, const Stretch &s)
{
    const Incident &inc = *a.incident;
    RuleMatch m;
    const std::string name(inc.text(node));
    m.subject = Subject::ofNode(name);
    m.start = s.begin;
    m.end = s.end;
    const Duration held = m.end - m.start;
    // A log that begins with the network already not ready (an excerpt, a rotated file): when
    // it began, and whether the node was only coming up, the bundle does not show.
    const Source &source = inc.sources[inc.event(s.reports.front().event).source];
    const bool fromLogStart =
        !s.kubeletStart && s.gaveUp == kNoEvent && !s.reports.front().object && s.begin - source.first <= kStatusPeriod;
    m.text["node"] = name;
    m.text["held"] = s.times > 1 ? std::to_string(s.times) + " times in " + formatDuration(held)
        : s.kubeletStart ? "for " + formatDuration(s.end - *s.kubeletStart) + " since its kubelet started at " + clockText(*s.kubeletStart)
        : fromLogStart   ? "for at least " + formatDuration(held) + " from the start of its log"
                         : "for " + formatDuration(held);
    m.text["logStart"] = fromLogStart ? " Its log begins with the network already not ready: when that began, and whether the node was "
                                        "only coming up, the bundle does not show."
                                      : "";
    m.numbers["fromLogStart"] = fromLogStart;
    m.numbers["times"] = double(s.times);
    m.numbers["seconds"] = held.seconds();
    m.numbers["reports"] = double(s.reports.size());
    const std::string verdict = verdictOf(inc, s.reports, a.keys);
    m.text["verdict"] = verdict.empty() ? "network not ready" : verdict;
    step(m, inc, s.reports.front().event, "the runtime's network not ready on " + name);
    step(m, inc, s.gaveUp, "kubelet: node not Ready within its start-up grace");
    if (s.reports.size() > 1)
        step(m, inc, s.reports.back().event,
             (s.ready ? "last report (" : "still not ready (") + plural(s.reports.size(), "report") + " over "
                 + formatDuration(s.end - s.reports.front().from) + ")");
    finishMatch(m);
    return m;
}

} // namespace

std::vector<RuleMatch> nodeNetworkNotReady(const Analysis &a)
{
    std::vector<RuleMatch> out;
    for (const auto &[node, word] : wordByNode(a)) {
        const std::vector<Report> &reports = word.reports;
        std::vector<Stretch> fired;
        for (std::size_t i = 0; i < reports.size();) {
            // A stretch: reports under a minute apart, with no kubelet start nor Ready between.
            Stretch s;
            std::size_t j = i + 1;
            s.end = reports[i].to;
            while (j < reports.size() && reports[j].from - s.end <= kSameStretch && !anyWithin(word.starts, s.end, reports[j].from)
                   && !anyWithin(word.ready, s.end, reports[j].from)) {
                s.end = std::max(s.end, reports[j].to);
                ++j;
            }
            s.reports.assign(reports.begin() + std::ptrdiff_t(i), reports.begin() + std::ptrdiff_t(j));
            i = j;
            s.begin = s.reports.front().from;
            s.gaveUp = kubeletGaveUp(a, node, s.begin, s.end);
            // From 1.27 the kubelet logs the network's state at V(4) until its fast status
            // updates end: its give-up says the node was not Ready from its start.
            if (s.gaveUp != kNoEvent)
                s.begin = std::min(s.begin, a.incident->event(s.gaveUp).time - kReadyGrace);
            for (const Timestamp start : word.starts)
                if (start <= s.begin && s.begin - start <= kReadyGrace + kSameStretch && !anyWithin(word.ready, start, s.begin))
                    s.kubeletStart = start;
            s.ready = std::any_of(word.ready.begin(), word.ready.end(), [&](Timestamp t) { return t >= s.end; });
            const bool object = std::all_of(s.reports.begin(), s.reports.end(), [](const Report &r) { return r.object; });
            // A node coming up: not Ready until its CNI's pod runs; an incident only when it
            // never came up (past the kubelet's grace, and not Ready by the end of the logs).
            // A running node: Ready=False at its next status update (every 10 s), its pods
            // out of their Services' endpoints.
            const bool comingUp = s.kubeletStart || s.gaveUp != kNoEvent;
            const bool fires = object ? s.end - s.begin >= kReadyGrace
                : comingUp            ? !s.ready && (s.end - s.kubeletStart.value_or(s.begin) >= kReadyGrace || s.gaveUp != kNoEvent)
                                      : s.reports.size() >= 2 && s.end - s.begin >= kStatusPeriod;
            if (!fires || runtimeDownDuring(a.facts, node, s.begin, s.end)
                || (s.end - s.begin < kReadyGrace && kubeletStoppedAfter(a.facts, node, s.end)))
                continue;
            // A node that flaps (a CNI agent restarting over and over) is one finding.
            if (!fired.empty() && s.begin - fired.back().end <= kFlapReach) {
                Stretch &last = fired.back();
                last.reports.insert(last.reports.end(), s.reports.begin(), s.reports.end());
                last.end = s.end;
                last.ready = s.ready;
                ++last.times;
                continue;
            }
            fired.push_back(std::move(s));
        }
        for (const Stretch &s : fired)
            out.push_back(describeStretch(a, node, s));
    }
    return out;
}

} // namespace kubelane::core
