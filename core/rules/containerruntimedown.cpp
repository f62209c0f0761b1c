#include "containerruntimedown.h"

#include "../facts/factcontext.h"
#include "matchsteps.h"
#include "plegstalls.h"

#include <algorithm>

namespace kubelane::core {

bool isRuntimeOutageIncident(const RuntimeOutage &o)
{
    // Checks a few seconds apart all failing, for the 30 s after which the kubelet says the
    // runtime is down, or its saying so for 15 s (a pasted excerpt may hold only that).
    if (o.atStartUp || o.reports.size() < 3)
        return false;
    const bool verdictHeld = o.firstVerdict != kNoEvent && o.lastVerdict - o.start >= Duration::fromSeconds(15);
    return verdictHeld || o.end - o.start >= Duration::fromSeconds(30);
}

namespace {

// The PLEG stalled while the runtime was out, or up to 4 min after (its 3 min threshold).
bool stallMeetsOutage(const RuntimeOutage &o, const PlegHealth &h)
{
    return o.node == h.node && !h.unhealthy.empty() && h.lastActive <= o.end + Duration::fromSeconds(240)
        && h.lastUnhealthy >= o.start - Duration::fromSeconds(60);
}

} // namespace

bool runtimeGoneWhenPlegStalled(const Incident &inc, const RuntimeOutage &o, const PlegHealth &h)
{
    // A hung runtime restarted by hand is refused for a moment at the end of the stall: the
    // refusal has to come before the relists stopped (a few seconds' leeway), not after.
    // And the runtime still out when the relists stopped: a stall of a kubelet started after
    // the runtime came back is not the gone runtime's.
    return o.firstRefused != kNoEvent && stallMeetsOutage(o, h) && h.lastActive <= o.end + Duration::fromSeconds(20)
        && inc.event(o.firstRefused).time <= h.lastActive + Duration::fromSeconds(30);
}

namespace {

// The runtime hung rather than went away, and the PLEG finding tells that story: judged on
// the stalls as pleg-unhealthy groups them, so that the two rules never both tell it.
bool plegTellsIt(const Analysis &a, const std::vector<PlegStalls> &groups, const RuntimeOutage &o)
{
    return std::any_of(groups.begin(), groups.end(), [&](const PlegStalls &g) {
        const PlegHealth &h = g.merged;
        return stallMeetsOutage(o, h) && h.longestReported >= h.threshold && !runtimeGoneWhenPlegStalled(*a.incident, o, h);
    });
}

} // namespace

std::vector<RuleMatch> containerRuntimeDown(const Analysis &a)
{
    const Incident &inc = *a.incident;
    std::vector<RuleMatch> out;
    const std::vector<PlegStalls> plegGroups = plegStallsTogether(a.facts.pleg); // once, not per outage
    for (const RuntimeOutage &o : a.facts.runtimeOutages) {
        if (!isRuntimeOutageIncident(o) || plegTellsIt(a, plegGroups, o))
            continue;
        RuleMatch m;
        const std::string node(inc.text(o.node));
        m.subject = Subject::ofNode(node);
        m.start = o.start;
        m.end = o.end;
        m.text["node"] = node;
        m.text["from"] = clockText(o.start);
        m.text["span"] = formatDuration(o.end - o.start);
        m.numbers["reports"] = double(o.reports.size());
        m.numbers["seconds"] = (o.end - o.start).seconds();
        const auto said = [&](EventIndex i) { return std::string(inc.message(inc.event(i)).substr(0, 100)); };
        if (o.kubeletStart != kNoEvent)
            step(m, inc, o.kubeletStart, "kubelet starts");
        if (o.firstRefused != kNoEvent && inc.event(o.firstRefused).time <= o.start) {
            step(m, inc, o.firstRefused, "nothing answers on the runtime's socket: " + said(o.firstRefused));
        } else {
            step(m, inc, o.reports.front(),
                 (o.neverUp ? "no runtime status check has passed yet: " : "kubelet cannot reach the container runtime: ")
                     + said(o.reports.front()));
            if (o.firstRefused != kNoEvent)
                step(m, inc, o.firstRefused, "nothing answers on the runtime's socket: " + said(o.firstRefused));
        }
        if (o.firstVerdict != kNoEvent && o.firstVerdict != o.reports.front())
            step(m, inc, o.firstVerdict, "kubelet: container runtime is down (no status check passed for 30 s)");
        std::string notReady;
        for (const ConditionSpan &c : a.facts.conditions)
            if (c.node == o.node && c.view == ConditionSpan::View::Kubelet && c.status == ConditionSpan::Status::False
                && c.start >= o.start - Duration::fromSeconds(60) && c.start <= o.end + Duration::fromSeconds(60)) {
                step(m, inc, c.startEvent, "kubelet reports the node NotReady");
                notReady = " and the node NotReady at " + clockText(c.start);
                break;
            }
        if (o.reports.back() != o.reports.front())
            step(m, inc, o.reports.back(), "last report of it in the bundle");
        for (const ConditionSpan &c : a.facts.conditions)
            if (c.node == o.node && c.view == ConditionSpan::View::Kubelet && c.status == ConditionSpan::Status::True && c.start >= o.end
                && c.start <= o.end + Duration::fromSeconds(300)) {
                step(m, inc, c.startEvent, "kubelet reports the node Ready again");
                break;
            }
        m.text["notReady"] = notReady;
        m.text["verdict"] = o.firstVerdict != kNoEvent ? ", and once none had passed for 30 s it reported the runtime down" + notReady
            : o.neverUp                                ? ", and not one had passed since the kubelet started"
                + (o.kubeletStart != kNoEvent ? " at " + clockText(o.start) : std::string(" (before the bundle begins)"))
                + ", so it reported the status check not yet completed" + notReady
                        : " (its log shows no verdict yet" + notReady + ")";
        m.text["absent"] = o.firstRefused != kNoEvent
            ? "Its socket refused the kubelet's calls: the runtime was not running (crashed, killed, stopped, or restarting), "
              "not merely slow."
            : "The bundle does not show whether the runtime was gone or hung (no refused or missing socket in the kubelet's errors).";
        finishMatch(m);
        out.push_back(std::move(m));
    }
    return out;
}

} // namespace kubelane::core
