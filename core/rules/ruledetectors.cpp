#include "ruledetectors.h"

#include "../classify/extractors.h"
#include "../facts/factcontext.h"
#include "componentpanic.h"
#include "componentstartfailure.h"
#include "containerruntimedown.h"
#include "dumpexplanation.h"
#include "kubeletclientcertexpired.h"
#include "kubeletstartfailure.h"
#include "nodenetworknotready.h"
#include "leaderelectionlost.h"
#include "matchsteps.h"
#include "plegstalls.h"
#include "../util/kubeversion.h"

#include <algorithm>
#include <cstdio>
#include <map>
#include <optional>
#include <set>
#include <span>

namespace kubelane::core {

namespace {

// The part of a list of events in store order (EventStoreIndex) within [from, to].
std::span<const EventIndex> eventsBetween(const Incident &inc, std::span<const EventIndex> events, Timestamp from, Timestamp to)
{
    const auto first = std::partition_point(events.begin(), events.end(), [&](EventIndex e) { return inc.event(e).time < from; });
    const auto last = std::partition_point(first, events.end(), [&](EventIndex e) { return inc.event(e).time <= to; });
    return {first, last};
}

// What the DefaultTolerationSeconds admission gives every pod for the unreachable and
// not-ready NoExecute taints, unless the pod says otherwise.
constexpr Duration kDefaultToleration = Duration::fromSeconds(300);

// When a taint was asked for: the tainter is rate-limited (a zone in partial disruption taints a
// node every 100 s), so a taint queued in a gap's reach may be applied minutes later (its start).
Timestamp askedAt(const Incident &inc, const TaintInterval &t)
{
    return t.queueEvent != kNoEvent ? std::min(t.start, inc.event(t.queueEvent).time) : t.start;
}

// "Ready=Unknown at 02:13:17Z; node.kubernetes.io/unreachable:NoExecute added 02:13:32Z, removed 02:13:37Z"
// and the chain steps for it. Returns when the last taint went (or the gap's end without one).
Timestamp describeReaction(const Analysis &a, const HeartbeatGap &g, RuleMatch &m, std::vector<std::string> &what)
{
    const Incident &inc = *a.incident;
    const Timestamp until = g.end + Duration::fromSeconds(60);
    for (const ConditionSpan &c : a.facts.conditions)
        if (c.node == g.node && c.view == ConditionSpan::View::ControlPlane && c.status != ConditionSpan::Status::True && c.start >= g.start
            && c.start <= until) {
            const char *state = c.status == ConditionSpan::Status::Unknown ? "Ready=Unknown" : "NotReady";
            what.push_back(std::string(state) + " at " + clockText(c.start));
            // A restarted controller's line dates the Unknown it had set before, in its condition.
            const bool setBefore = c.startEvent != kNoEvent && c.start < inc.event(c.startEvent).time - Duration::fromSeconds(1);
            step(m, inc, c.startEvent,
                 setBefore ? "the line's condition: the control plane had set node " + std::string(state) + " at " + clockText(c.start)
                           : std::string("control plane sets node ") + state);
            break;
        }
    // Every node lost at once: the controller protects the workloads instead of evicting them.
    for (const DisruptionMode &d : a.facts.disruptions) {
        if (d.start < g.start || d.start > until)
            continue;
        what.push_back("master disruption mode from " + clockText(d.start)
                       + (d.openEnded         ? ", still on when the controller's log ends"
                              : d.endInferred ? " to " + clockText(d.end)
                                  + " at the latest (a NoExecute taint was applied then, which the mode holds back; the line of its"
                                    " end is not in the log)"
                                              : " to " + clockText(d.end))
                       + " (every node not Ready: no NoExecute taints and no evictions until one is Ready again)");
        step(m, inc, d.enterEvent, "controller enters master disruption mode: every node not Ready, it evicts nothing");
        break;
    }
    Timestamp lastRemoval = g.end;
    for (const TaintInterval &t : a.facts.taints) {
        if (t.node != g.node || askedAt(inc, t) < g.start || askedAt(inc, t) > until + Duration::fromSeconds(60))
            continue;
        const std::string added = t.heldByDisruption ? " queued (held: master disruption mode)"
            : t.queuedNotApplied                     ? " queued (never seen applied)"
                                                     : " added";
        what.push_back(
            t.key + ":" + t.effect + added + " " + clockText(t.start)
            + (t.openEnded ? ", still there when the controller's log ends at " + clockText(t.end) : ", removed " + clockText(t.end)));
        const bool afterDisruption = t.addEvent != kNoEvent && inc.event(t.addEvent).type == codeTypesOf(inc).disruptionOver;
        if (!t.queuedNotApplied && t.queueEvent != t.addEvent) // queued, then seen applied
            step(m, inc, t.queueEvent, "taint " + t.key + ":" + t.effect + " queued");
        step(m, inc, t.addEvent,
             "taint " + t.key + ":" + t.effect + added + (afterDisruption ? " (queued, applied as master disruption mode ended)" : ""));
        const EventTypeId removedBy = t.removeEvent == kNoEvent ? kOtherEventType : inc.event(t.removeEvent).type;
        const bool healthy = removedBy == codeTypesOf(inc).healthyAgain, disruption = removedBy == codeTypesOf(inc).disruption;
        step(m, inc, t.removeEvent,
             "taint " + t.key + ":" + t.effect + " removed"
                 + (healthy          ? " (node healthy again)"
                        : disruption ? " (master disruption mode)"
                                     : ""));
        if (!t.openEnded)
            lastRemoval = std::max(lastRemoval, t.end);
    }
    if (what.empty() && g.reactionEvent != kNoEvent) {
        // In the controller's words: a type's id means nothing to the reader.
        const Event &reaction = inc.event(g.reactionEvent);
        std::string said(inc.message(reaction).substr(0, 100));
        what.push_back("\"" + said + "\" at " + clockText(reaction.time));
        step(m, inc, g.reactionEvent, "node lifecycle controller reacts");
    }
    return lastRemoval;
}

// What the NoExecute taints of a gap meant for the node's pods: every pod tolerates the
// unreachable and not-ready taints for 300 s by default (DefaultTolerationSeconds admission),
// so a taint gone within that evicted none of them; one that stayed longer deleted those that
// did not tolerate it longer (node-taint-eviction names them when the bundle shows it).
std::string tolerationOfGap(const Analysis &a, const HeartbeatGap &g)
{
    Duration longest;
    for (const TaintInterval &t : a.facts.taints)
        if (t.node == g.node && t.effect == "NoExecute" && !t.queuedNotApplied && askedAt(*a.incident, t) >= g.start
            && askedAt(*a.incident, t) <= g.end + Duration::fromSeconds(120))
            longest = std::max(longest, t.end - t.start);
    if (longest.ns == 0)
        return {};
    if (longest <= kDefaultToleration)
        return " The default 300 s toleration of the NoExecute taint kept them from being evicted.";
    return " The NoExecute taint stayed " + formatDuration(longest)
        + ", past the default 300 s toleration: pods that did not tolerate it longer were due for deletion.";
}

// The chain's words for the controller's line that declared or judged a gap.
std::string declaredStepText(const HeartbeatGap &g, const std::string &node)
{
    if (g.neverReported)
        return "controller: no kubelet ever reported for " + node + ", past the " + formatDuration(g.grace)
            + " startup grace (the Node made "
            + (g.startEstimated ? "by " + clockText(g.start) + " at the latest)" : "at " + clockText(g.start) + ")");
    return g.startEstimated ? "controller: " + node + " lost, no heartbeat for over the " + formatDuration(g.grace) + " grace (since "
            + clockText(g.start) + " at the latest)"
                            : "controller: no heartbeat from " + node + " since " + clockText(g.start);
}

std::vector<RuleMatch> heartbeatGap(const Analysis &a)
{
    const Incident &inc = *a.incident;
    const Facts &f = a.facts;
    std::vector<RuleMatch> out;
    // When each node's kubelet last logged a status patch: only a kubelet that logs them
    // (-v=3 and up) can show its pods Ready again after a gap.
    std::map<StringId, Timestamp> lastStatusPatch;
    if (!f.gaps.empty()) {
        for (const EventIndex i : a.eventIndex.ofType(codeTypesOf(inc).statusPatch))
            if (const Event &e = inc.event(i); inc.nodeOf(e) != kNoString)
                lastStatusPatch[inc.nodeOf(e)] = e.time;
    }
    for (const HeartbeatGap &g : f.gaps) {
        RuleMatch m;
        const std::string node(inc.text(g.node));
        m.subject = Subject::ofNode(node);
        m.start = g.start;
        m.end = g.end;
        m.text["node"] = node;
        // A gap the controller judged has a start no later than the one given: its length is a bound.
        const std::string length = !g.startEstimated ? formatDuration(g.length)
            : g.length > g.grace                     ? "at least " + formatDuration(g.length)
                                                     : "over " + formatDuration(g.grace);
        m.text["gap"] = length + (g.openEnded ? " (to the end of its logs)" : "");
        m.text["gapLength"] = length;
        m.text["grace"] = formatDuration(g.grace);
        m.text["graceOrigin"] = g.graceOrigin;
        m.numbers["gapSeconds"] = g.length.seconds();
        m.numbers["graceSeconds"] = g.grace.seconds();
        m.numbers["exceedsGrace"] = g.exceedsGrace;
        m.numbers["startEstimated"] = g.startEstimated;
        m.numbers["openEnded"] = g.openEnded;
        m.numbers["reaction"] = g.reaction == HeartbeatGap::Reaction::Acted ? 1 : g.reaction == HeartbeatGap::Reaction::Ignored ? -1 : 0;
        m.numbers["clockStep"] = g.clockStep;
        m.numbers["neverReported"] = g.neverReported;
        step(m, inc, g.beforeEvent, "last heartbeat from " + node);
        step(m, inc, g.declaredBy, declaredStepText(g, node));
        for (auto i : g.failures)
            if (m.chain.size() < 4)
                step(m, inc, i, "kubelet could not report: " + std::string(inc.message(inc.event(i)).substr(0, 120)));

        std::vector<std::string> what;
        const Timestamp lastRemoval = describeReaction(a, g, m, what);
        std::string reaction;
        if (g.reaction == HeartbeatGap::Reaction::Acted) {
            reaction = "The node lifecycle controller acted on it: ";
            for (std::size_t i = 0; i < what.size(); ++i)
                reaction += (i ? "; " : "") + what[i];
            reaction += ".";
        } else {
            reaction = "Whether the node lifecycle controller acted on it could not be checked: " + g.reactionNote + ".";
        }
        m.text["reaction"] = reaction;

        // Pods on the node still not Ready well after it came back, measured inside what the
        // logs saw (a span's end is where its source stops logging).
        const bool tainted = lastRemoval != g.end;
        const std::string toleration = tainted ? tolerationOfGap(a, g) : std::string();
        std::set<PodId> stuck;
        Timestamp stuckUntil;
        for (const ReadySpan &r : f.readiness) {
            if (r.ready || r.container != kNoString || r.pod == kNoPod || inc.pods[r.pod.index()].node != g.node)
                continue;
            if (r.start < g.start || r.start > g.end + Duration::fromSeconds(60) || r.end <= lastRemoval + Duration::fromSeconds(30))
                continue;
            if (stuck.insert(r.pod).second && stuck.size() <= 3)
                addEvidence(m, r.startEvent);
            stuckUntil = std::max(stuckUntil, r.end);
        }
        // Without status patches after the gap, their staying not ready is not known.
        const auto lastPatch = lastStatusPatch.find(g.node);
        const bool patchesLogged = lastPatch != lastStatusPatch.end() && lastPatch->second >= g.end;
        std::string aftermath;
        if (!stuck.empty() && !patchesLogged) {
            aftermath = " The controller marked " + plural(stuck.size(), "pod") + " on " + node
                + " not ready. Nothing marks them Ready again until the kubelet sends a status update, which it does only when a "
                  "container's status changes; this kubelet's log does not show status updates (-v=3 and up), so whether they "
                  "stayed not ready cannot be confirmed from it."
                + toleration;
            stuck.clear();
        }
        m.numbers["podsStillNotReady"] = double(stuck.size());
        if (!stuck.empty()) {
            const std::string after = tainted ? "after the taint was removed" : "after the node was back";
            aftermath = " " + plural(stuck.size(), "pod") + " on " + node + " stayed Ready=False for at least "
                + formatDuration(stuckUntil - lastRemoval) + " " + after
                + ": the controller marks pods not ready when a node goes Unknown, but nothing marks them Ready again until their "
                  "containers' status changes."
                + toleration;
            m.chain.push_back({lastRemoval, plural(stuck.size(), "pod") + " on " + node + " still Ready=False " + after, kNoEvent});
        }
        m.text["aftermath"] = aftermath;
        const bool deleted = g.afterEvent != kNoEvent && inc.event(g.afterEvent).type == codeTypesOf(inc).nodeObserved;
        m.numbers["reportedAtLast"] = !g.openEnded && !deleted;
        const bool fromObject = g.declaredBy != kNoEvent && inc.event(g.declaredBy).type == codeTypesOf(inc).nodeConditionObject;
        m.text["firstReport"] = g.openEnded && fromObject ? " The Node object shows no status from a kubelet."
            : g.openEnded                                 ? " No status came from it to the end of the controller's logs."
            : deleted ? " The Node was deleted at " + clockText(g.end) + " without a kubelet having reported for it."
                      : " Its kubelet was first heard from at " + clockText(g.end) + ".";
        step(m, inc, g.afterEvent,
             deleted               ? "the Node object " + node + " deleted"
                 : g.neverReported ? "first word from " + node + "'s kubelet"
                                   : "heartbeat from " + node + " again");
        finishMatch(m);
        out.push_back(std::move(m));
    }
    return out;
}

// What says a clock step rather than a silent node (detectClockSteps): the title's short
// form and the explanation's sentence, from the step's first gap.
void describeClockStep(const HeartbeatGap &g, const std::string &node, RuleMatch &m)
{
    std::vector<std::string> brief, detail;
    if (g.clockStepEvent != kNoEvent) {
        brief.push_back("its heartbeat is stamped " + formatDuration(g.stampedAhead) + " after the controller's clock");
        detail.push_back("the last heartbeat the controller held from " + node + " is stamped " + formatDuration(g.stampedAhead)
                         + " later than the controller's own clock at that moment, so the node's clock ran ahead of it by more than "
                           "the silence counted");
    }
    if (g.nodeStepEvent != kNoEvent) {
        brief.push_back("its clock was set back " + formatDuration(g.nodeStepBack));
        detail.push_back(node + "'s time daemon set its clock back " + formatDuration(g.nodeStepBack)
                         + " after the last renewal the controller counted");
    }
    auto join = [](const std::vector<std::string> &parts, const std::string &glue) {
        std::string out;
        for (const auto &p : parts)
            out += (out.empty() ? "" : glue) + p;
        return out;
    };
    m.text["clockEvidence"] = join(brief, "; ");
    m.text["clockDetail"] = join(detail, ", and ");
    m.text["heardInside"] = g.heardInside ? " The bundle shows " + node + "'s own heartbeats going through during it." : "";
}

// A clock step's flaps on one node, as one match: the gaps detectClockSteps marked, grouped by
// the first one, whose evidence and the controller's reaction to which the finding tells.
std::vector<RuleMatch> clockStep(const Analysis &a)
{
    const Incident &inc = *a.incident;
    const auto &gaps = a.facts.gaps;
    std::vector<RuleMatch> out;
    for (std::size_t k = 0; k < gaps.size(); ++k) {
        const HeartbeatGap &g = gaps[k];
        if (!g.clockStep || g.clockStepFirst != k)
            continue;
        RuleMatch m;
        const std::string node(inc.text(g.node));
        m.subject = Subject::ofNode(node);
        m.start = g.start;
        m.text["node"] = node;
        m.text["grace"] = formatDuration(g.grace);
        m.text["gap"] = formatDuration(controllerGaveUpAt(inc, g) - g.start); // what the controller counted, not to when it heard again
        m.numbers["exceedsGrace"] = g.exceedsGrace;
        describeClockStep(g, node, m);
        step(m, inc, g.nodeStepEvent, node + "'s clock set back " + formatDuration(g.nodeStepBack));
        const bool stampOnDeclaration = g.clockStepEvent != kNoEvent && g.clockStepEvent == g.declaredBy;
        const std::string stamped = "the last heartbeat it holds is stamped " + formatDuration(g.stampedAhead) + " after this line";
        step(m, inc, g.declaredBy, declaredStepText(g, node) + (stampOnDeclaration ? "; " + stamped : ""));
        if (!stampOnDeclaration)
            step(m, inc, g.clockStepEvent, "controller: " + stamped);
        std::vector<std::string> what;
        describeReaction(a, g, m, what);
        std::string reaction;
        for (std::size_t i = 0; i < what.size(); ++i)
            reaction += (i ? "; " : "") + what[i];
        m.text["reaction"] = reaction.empty() ? "" : " The controller acted on it: " + reaction + ".";
        const HeartbeatGap *last = &g;
        std::size_t flaps = 0;
        for (const HeartbeatGap &later : gaps)
            if (later.clockStep && later.clockStepFirst == k) {
                ++flaps;
                last = &later;
                if (&later != &g && flaps <= 4)
                    step(m, inc, later.declaredBy, "controller: " + node + " lost again");
            }
        step(m, inc, last->afterEvent, "heard from " + node + " again");
        m.end = last->end;
        m.numbers["flaps"] = double(flaps);
        m.text["flaps"] = flaps == 1
            ? " The kubelet answered with its status, and the controller heard from the node "
                + formatDuration(g.end - controllerGaveUpAt(inc, g)) + " after it gave up on it."
            : " The node flapped: taken for lost " + std::to_string(flaps) + " times in " + formatDuration(last->end - g.start)
                + ", back within seconds each time the kubelet answered the controller's Unknown with its status, until its clock "
                  "passed the last renewal counted.";
        finishMatch(m);
        out.push_back(std::move(m));
    }
    return out;
}

// What the kubelet's version says about readiness on restart (docs/version-matrix.md).
std::string restartReadinessNote(const std::string &version)
{
    const KubeVersion v = parseKubeVersion(version);
    const std::string before =
        "Kubelets before 1.35 reset every container's readiness when they restart (kubernetes#100277), so each running "
        "container with a readiness probe is not ready until its first probe";
    const std::string from = "from 1.35 the kubelet keeps the readiness it had before the restart (KEP-4781) unless the "
                             "ChangeContainerStatusOnKubeletRestart feature gate, off by default, is on";
    if (!v.known())
        return before + "; " + from + ". The kubelet's version is not in the bundle.";
    if (v < KubeVersion{1, 35})
        return before + ": expected on " + version + ", but the pod left its Services' endpoints meanwhile.";
    return "On " + version + ", " + from + ": this flap means the gate is on, or a kubelet bug.";
}

std::vector<RuleMatch> statusProbeRace(const Analysis &a)
{
    const Incident &inc = *a.incident;
    std::vector<RuleMatch> out;
    // One finding per pod and kubelet start: the pod is the subject. Of its containers the
    // one that fared worst (killed, then flapped by the race) speaks; the others are named.
    auto rank = [](const StatusProbeOrder &o) {
        const bool raced = o.statusFirst && !o.runningBefore.empty() && o.notReadyEvent != kNoEvent;
        return (raced ? 2 : 0) + (raced && o.killEvent != kNoEvent ? 1 : 0);
    };
    std::map<std::pair<std::size_t, PodId>, std::vector<const StatusProbeOrder *>> byPod;
    for (const StatusProbeOrder &o : a.facts.orders)
        byPod[{o.runIndex, o.pod}].push_back(&o);
    for (auto &[key, orders] : byPod) {
        std::stable_sort(orders.begin(), orders.end(), [&](auto *x, auto *y) { return rank(*x) > rank(*y); });
        const StatusProbeOrder &o = *orders.front();
        std::string others;
        for (std::size_t i = 1; i < orders.size(); ++i)
            if (rank(*orders[i]) >= 2)
                others += (others.empty() ? "" : ", ") + std::string(inc.text(orders[i]->container));
        RuleMatch m;
        const std::string pod = inc.podName(o.pod);
        const std::string container(inc.text(o.container));
        m.text["alsoContainers"] = others.empty() ? "" : " The same happened to its other containers: " + others + ".";
        m.subject = Subject::ofPod(inc.podKey(o.pod));
        const Event &s = inc.event(o.statusEvent);
        const Event &p = inc.event(o.probeEvent);
        m.start = std::min(s.time, p.time);
        m.end = std::max(s.time, p.time);
        const bool harmed = o.notReadyEvent != kNoEvent;
        const bool killed = o.killEvent != kNoEvent;
        m.numbers["statusFirst"] = o.statusFirst;
        m.numbers["runningBefore"] = !o.runningBefore.empty();
        m.numbers["notReady"] = harmed;
        m.numbers["killed"] = killed;
        m.numbers["deltaMicros"] = double(o.delta.ns) / 1e3;
        const KubeletRun &run = a.facts.kubeletRuns[o.runIndex];
        const std::string version = run.version.empty() ? "(version not logged)" : run.version;
        m.text["pod"] = pod;
        m.text["container"] = container;
        m.text["node"] = std::string(inc.text(run.node));
        m.text["version"] = version;
        m.text["kubeletStart"] = clockText(run.start);
        m.text["delta"] = formatDuration(Duration{std::llabs(o.delta.ns)});
        m.text["statusAt"] = formatTimeOfDay(s.time) + "Z";
        m.text["probeAt"] = formatTimeOfDay(p.time) + "Z";
        m.text["orderFrom"] = o.orderFrom.empty() ? "" : " (order read from " + o.orderFrom + ")";
        m.text["runningBefore"] = o.runningBefore.empty() ? "no sign it ran before the start" : o.runningBefore;
        step(m, inc, run.startEvent, "kubelet " + version + " starts on " + m.text["node"]);
        if (o.statusEvent != o.notReadyEvent) // else the status is only seen in the patch below
            step(m, inc, o.statusEvent, "pod worker generates the status of " + pod + " (no readiness result yet)");
        step(m, inc, o.probeEvent, "first readiness result for " + container + " (" + m.text["delta"] + " later)");
        std::string consequence;
        if (harmed) {
            const Event &down = inc.event(o.notReadyEvent);
            step(m, inc, o.notReadyEvent, "kubelet reports " + container + " ready:false");
            m.text["notReadyAt"] = formatTimeOfDay(down.time) + "Z";
            m.end = std::max(m.end, down.time);
            if (killed) {
                const Event &k = inc.event(o.killEvent);
                const bool rejected = k.type == codeTypesOf(inc).admissionRejected;
                step(m, inc, o.killEvent, rejected ? "the pod is rejected at admission" : "the running container is killed");
                consequence = std::string("Then ") + (rejected ? "the pod was rejected at admission" : "the container was killed") + " at "
                    + formatTimeOfDay(k.time) + "Z, " + formatDuration(k.time - down.time) + " later.";
                m.end = std::max(m.end, k.time);
            } else if (o.readyAgainEvent != kNoEvent) {
                const Event &up = inc.event(o.readyAgainEvent);
                step(m, inc, o.readyAgainEvent, "kubelet reports " + container + " ready again");
                m.text["notReadyFor"] = formatDuration(up.time - down.time);
                consequence =
                    "It was reported ready again at " + formatTimeOfDay(up.time) + "Z: not ready for " + m.text["notReadyFor"] + ".";
                m.end = std::max(m.end, up.time);
            } else {
                m.text["notReadyFor"] = "the rest of the log";
                consequence =
                    "It was still not ready when the kubelet's log ends (" + clockText(a.facts.kubeletRuns[o.runIndex].end) + ").";
            }
        }
        m.text["notReadyFor"] = m.text.count("notReadyFor") ? m.text["notReadyFor"] : "";
        m.text["harm"] =
            killed ? "killed running container " + container : "flapped " + container + " not ready for " + m.text["notReadyFor"];
        m.text["consequence"] = consequence;
        m.text["versionNote"] = killed ? "" : " " + restartReadinessNote(run.version);
        finishMatch(m);
        out.push_back(std::move(m));
    }
    return out;
}

// A runtime's goroutine dump taken while the relist hung (from a threshold before the first
// report to the first relist after the last one) says what the runtime waited on; without
// one the finding says where to look.
// The first relist on `node` after `after` (its relists are in time order), else `after`.
Timestamp firstRelistAfter(const Analysis &a, StringId node, Timestamp after)
{
    const auto activity =
        std::find_if(a.facts.plegActivity.begin(), a.facts.plegActivity.end(), [&](const PlegActivity &p) { return p.node == node; });
    if (activity == a.facts.plegActivity.end())
        return after;
    const auto next = std::partition_point(activity->relists.begin(), activity->relists.end(),
                                           [&](EventIndex r) { return a.incident->event(r).time <= after; });
    return next == activity->relists.end() ? after : a.incident->event(*next).time;
}

void addDumpExplanation(const Analysis &a, const PlegHealth &h, RuleMatch &m)
{
    const Incident &inc = *a.incident;
    const Timestamp end = firstRelistAfter(a, h.node, h.lastUnhealthy);
    const auto dump = explainStallByDump(a, h.node, h.firstUnhealthy - h.threshold, end);
    if (!dump) {
        m.text["dump"] = "Check dockerd/containerd (a goroutine dump shows what they wait on).";
        return;
    }
    const RuntimeDump &d = a.facts.dumps[dump->dump];
    m.text["dump"] = "\nGoroutine dump: " + dump->sentence;
    step(m, inc, d.event, dump->taken);
    if (dump->convoy >= d.convoys.size())
        return;
    if (const EventIndex holder = d.holderEvents[dump->convoy]; holder != kNoEvent && holder != d.event)
        step(m, inc, holder, "the goroutine that likely held the lock: " + d.convoys[dump->convoy].holderWaits);
}

std::vector<RuleMatch> plegUnhealthy(const Analysis &a)
{
    const Incident &inc = *a.incident;
    const CodeTypes &types = codeTypesOf(inc);
    const EventTypeId runtimeError = types.runtimeError, rpcFailed = types.runtimeRpcFailed, runtimeDown = types.runtimeDown;
    std::vector<RuleMatch> out;
    for (const PlegStalls &group : plegStallsTogether(a.facts.pleg)) {
        const PlegHealth &h = group.merged; // a named reference: lambdas below capture it
        // A runtime that was gone, not hung, stalled the relists: container-runtime-down names it.
        if (std::any_of(a.facts.runtimeOutages.begin(), a.facts.runtimeOutages.end(),
                        [&](const RuntimeOutage &o) { return isRuntimeOutageIncident(o) && runtimeGoneWhenPlegStalled(inc, o, h); }))
            continue;
        RuleMatch m;
        const std::string node(inc.text(h.node));
        m.subject = Subject::ofNode(node);
        // From the stall's start, which the reports date, not from the first of them.
        m.start = std::min(h.lastActive, h.firstUnhealthy);
        m.end = h.lastUnhealthy;
        m.text["node"] = node;
        m.text["lastRelist"] = !h.neverRelisted ? "its last relist before them completed at " + clockText(m.start)
            : h.startEvent != kNoEvent
            ? "it had not completed one since the kubelet started at " + clockText(m.start)
            : "it had not completed one since its first report at " + clockText(m.start) + ", and the kubelet's start is not in the bundle";
        m.text["longest"] = formatDurationBeside(h.longestReported, h.threshold);
        m.text["threshold"] = formatDuration(h.threshold);
        m.numbers["reports"] = double(h.unhealthy.size());
        m.numbers["longestSeconds"] = h.longestReported.seconds();
        m.numbers["thresholdSeconds"] = h.threshold.seconds();
        step(m, inc, h.unhealthy.front(), "PLEG reported not healthy");
        if (h.unhealthy.size() > 1)
            step(m, inc, h.unhealthy.back(), "still not healthy (" + plural(h.unhealthy.size(), "report") + ")");
        // Runtime errors and NotReady around it.
        int runtimeErrors = 0;
        const std::vector<EventIndex> failures = a.eventIndex.ofAnyType({runtimeError, rpcFailed, runtimeDown});
        // Around the stall: from a little before it began (or five minutes before the first
        // report), to a minute after the last report.
        const Timestamp from = std::min(m.start - Duration::fromSeconds(60), h.firstUnhealthy - Duration::fromSeconds(300));
        for (const EventIndex i : eventsBetween(inc, failures, from, h.lastUnhealthy + Duration::fromSeconds(60))) {
            const Event &e = inc.event(i);
            if (inc.nodeOf(e) == h.node && runtimeErrors++ < 3)
                step(m, inc, i, "container runtime call fails: " + std::string(inc.message(e).substr(0, 100)));
        }
        std::string notReady;
        for (const ConditionSpan &c : a.facts.conditions)
            if (c.node == h.node && c.status != ConditionSpan::Status::True && c.start >= h.firstUnhealthy - Duration::fromSeconds(240)
                && c.start <= h.lastUnhealthy + Duration::fromSeconds(60)) {
                step(m, inc, c.startEvent,
                     std::string(c.view == ConditionSpan::View::Kubelet ? "kubelet" : "control plane") + " marks the node NotReady");
                if (notReady.empty())
                    notReady = " (it went NotReady at " + clockText(c.start) + ")";
            }
        m.text["notReady"] = notReady;
        m.text["reports"] = plural(h.unhealthy.size(), "report")
            + (group.stalls > 1 ? " in " + std::to_string(group.stalls) + " stalls, each after a relist that came through" : "");
        // The kubelet's own runtime status check had not passed since its start either.
        const auto neverAnswered = std::find_if(a.facts.runtimeOutages.begin(), a.facts.runtimeOutages.end(), [&](const RuntimeOutage &o) {
            return o.node == h.node && o.neverUp && !o.atStartUp && o.end >= m.start && o.start <= h.lastUnhealthy;
        });
        if (neverAnswered != a.facts.runtimeOutages.end())
            step(m, inc, neverAnswered->reports.front(), "no runtime status check has passed since the start either");
        m.text["runtime"] = neverAnswered != a.facts.runtimeOutages.end()
            ? "Nor had one of the kubelet's runtime status checks passed since it started"
                + (runtimeErrors > 0 ? " (" + plural(std::size_t(runtimeErrors), "runtime call error") + " around it)" : std::string())
                + ": the runtime did not answer, and a relist hangs when the container runtime does."
            : runtimeErrors > 0
            ? plural(std::size_t(runtimeErrors), "runtime call error") + " around it: a relist hangs when the container runtime does."
            : "No runtime call error is logged around it, but a relist hangs when the container runtime does.";
        addDumpExplanation(a, h, m);
        finishMatch(m);
        out.push_back(std::move(m));
    }
    return out;
}

std::vector<RuleMatch> sandboxMissing(const Analysis &a)
{
    const Incident &inc = *a.incident;
    const EventTypeId fatal = codeTypesOf(inc).kubeletFatal, unitExit = codeTypesOf(inc).unitExit;
    std::map<StringId, RuleMatch> byNode;
    std::map<StringId, int> fatals;
    for (const EventIndex i : a.eventIndex.ofType(fatal)) {
        const Event &e = inc.event(i);
        const std::string_view sandbox = inc.field(e, a.keys.sandboxId);
        if (sandbox.empty())
            continue;
        RuleMatch &m = byNode[inc.nodeOf(e)];
        if (fatals[inc.nodeOf(e)]++ == 0) {
            m.subject = Subject::ofNode(std::string(inc.text(inc.nodeOf(e))));
            m.start = e.time;
            m.text["node"] = std::string(inc.text(inc.nodeOf(e)));
            m.text["sandboxId"] = std::string(sandbox);
            step(m, inc, i, "kubelet exits: no PodSandbox found with Id " + std::string(sandbox.substr(0, 12)) + "…");
        } else if (m.chain.size() < 6) {
            step(m, inc, i, "and again after a restart");
        } else {
            addEvidence(m, i);
        }
        m.end = e.time;
    }
    std::vector<RuleMatch> out;
    for (auto &[node, m] : byNode) {
        int starts = 0;
        for (const KubeletRun &r : a.facts.kubeletRuns)
            if (r.node == node && r.start >= m.start - Duration::fromSeconds(600) && r.start <= m.end) {
                ++starts;
                if (m.chain.size() < 8)
                    step(m, inc, r.startEvent, "kubelet " + r.version + " starts");
            }
        for (const EventIndex i : eventsBetween(inc, a.eventIndex.ofType(unitExit), m.start, m.end + Duration::fromSeconds(30)))
            if (inc.nodeOf(inc.event(i)) == node)
                addEvidence(m, i);
        m.numbers["fatals"] = fatals[node];
        m.text["fatals"] = std::to_string(fatals[node]);
        m.text["restarts"] = std::to_string(std::max(0, fatals[node] - 1));
        m.text["starts"] = std::to_string(starts);
        finishMatch(m);
        out.push_back(std::move(m));
    }
    return out;
}

// Pods the API changed during [from, to) on a node: a "SyncLoop UPDATE" names them. A
// container whose spec changed without one was changed by the kubelet's own view of it.
std::set<PodId> podsUpdatedFromApi(const Analysis &a, StringId node, Timestamp from, Timestamp to)
{
    const Incident &inc = *a.incident;
    std::set<PodId> out;
    const EventTypeId update = codeTypesOf(inc).syncLoopUpdate;
    std::map<std::pair<std::string_view, std::string_view>, PodId> byName; // (ns, name) -> pod
    for (std::size_t p = 0; p < inc.pods.size(); ++p)
        byName[{inc.text(inc.pods[p].ns), inc.text(inc.pods[p].name)}] = PodId::fromIndex(p);
    for (const EventIndex i : eventsBetween(inc, a.eventIndex.ofType(update), from, to)) {
        const Event &e = inc.event(i);
        if (inc.nodeOf(e) != node || e.time == to)
            continue;
        if (inc.podOf(e) != kNoPod)
            out.insert(inc.podOf(e));
        forEachListedPod(inc.field(e, a.keys.pods), [&](std::string_view entry) {
            const PodReference ref = parsePodReference(entry);
            for (auto it = byName.lower_bound({ref.ns, ref.name});
                 it != byName.end() && it->first.second == ref.name && (ref.ns.empty() || it->first.first == ref.ns); ++it)
                out.insert(it->second);
        });
    }
    return out;
}

// "v1.7.6 -> v1.9.11 upgrade", "restart of v1.28.4 (same version)", ...: only what is known.
std::string versionChange(const std::string &before, const std::string &after)
{
    if (after.empty())
        return before.empty() ? "restart (its version is not logged)" : "restart after " + before + " (new version not logged)";
    if (before.empty())
        return "start of " + after + " (the version before it is not in the bundle)";
    if (before == after)
        return "restart of " + after + " (same version)";
    return before + " -> " + after + " upgrade";
}

// The kubelet version a node ran before `t`, as the apiserver saw it: the user agent of its
// last heartbeat request ("kubelet/v1.27.8 (linux/amd64) kubernetes/..."), when its own log
// begins after that kubelet started.
std::string kubeletVersionBefore(const Analysis &a, StringId node, Timestamp t, RuleMatch &m)
{
    const Incident &inc = *a.incident;
    for (auto it = a.facts.heartbeats.rbegin(); it != a.facts.heartbeats.rend(); ++it) {
        if (it->node != node || it->time >= t || it->event == kNoEvent)
            continue;
        const std::string_view agent = inc.field(inc.event(it->event), a.keys.userAgent);
        if (!agent.starts_with("kubelet/v"))
            continue;
        std::string version(agent.substr(8, agent.find(' ') == std::string_view::npos ? std::string_view::npos : agent.find(' ') - 8));
        step(m, inc, it->event, "the apiserver last saw kubelet " + version + " of this node");
        return version;
    }
    return {};
}

std::vector<RuleMatch> specHashRestart(const Analysis &a)
{
    const Incident &inc = *a.incident;
    std::vector<RuleMatch> out;
    const auto &runs = a.facts.kubeletRuns;
    std::vector<const ContainerEvent *> changes; // a few among the probe results and PLEG events
    for (const ContainerEvent &c : a.facts.containerEvents)
        if (c.kind == ContainerEvent::Kind::SpecHashChanged)
            changes.push_back(&c);
    for (std::size_t r = 0; r < runs.size(); ++r) {
        const KubeletRun &run = runs[r];
        if (run.startEvent == kNoEvent)
            continue; // the log begins inside this run: no restart to blame
        const Timestamp until = std::min(run.end, run.start + Duration::fromSeconds(600));
        const std::set<PodId> updated = podsUpdatedFromApi(a, run.node, run.start, until);
        RuleMatch m;
        std::set<std::string> containers;
        for (const ContainerEvent *change : changes) {
            const ContainerEvent &c = *change;
            const Event &e = inc.event(c.event);
            if (inc.nodeOf(e) != run.node || e.time < run.start || e.time > until)
                continue;
            const PodId pod = inc.podOf(e);
            if (pod != kNoPod && updated.count(pod))
                continue; // a rollout through the API, not the restart
            const std::string name =
                (pod == kNoPod ? std::string("?") : inc.podName(pod)) + "/" + std::string(inc.text(inc.containerOf(e)));
            if (containers.insert(name).second && m.chain.size() < 6)
                step(m, inc, c.event, "container " + name + ": " + std::string(a.facts.detailOf(c)) + ", killed and recreated");
            addEvidence(m, c.event);
            m.end = std::max(m.end, e.time);
        }
        if (containers.empty())
            continue;
        std::string previous;
        for (std::size_t p = r; p-- > 0;)
            if (runs[p].node == run.node && !runs[p].version.empty()) {
                previous = runs[p].version;
                step(m, inc, runs[p].startEvent, "kubelet " + previous + " was running");
                break;
            }
        if (previous.empty())
            previous = kubeletVersionBefore(a, run.node, run.start, m);
        step(m, inc, run.startEvent, "kubelet " + (run.version.empty() ? std::string("(version not logged)") : run.version) + " starts");
        m.subject = Subject::ofNode(std::string(inc.text(run.node)));
        m.start = run.start;
        m.text["node"] = std::string(inc.text(run.node));
        m.text["count"] = std::to_string(containers.size());
        m.text["containersNoun"] = containers.size() == 1 ? "container" : "containers";
        m.text["change"] = versionChange(previous, run.version);
        std::string list;
        for (const auto &c : containers)
            list += (list.empty() ? "" : ", ") + c;
        m.text["containers"] = list;
        const bool upgraded = !previous.empty() && !run.version.empty() && previous != run.version;
        m.numbers["containers"] = double(containers.size());
        m.numbers["versionChanged"] = upgraded;
        // One container changed right after a plain restart can be a coincidence; several, or
        // any after a version change, is the kubelet's hash.
        m.numbers["strength"] = double(containers.size()) + (upgraded ? 1 : 0);
        finishMatch(m);
        out.push_back(std::move(m));
    }
    return out;
}

// The NoExecute taints the node lifecycle controller puts on a node it has lost
// (processTaintBaseEviction). A pod that does not tolerate one is deleted at once; the
// DefaultTolerationSeconds admission gives every other pod 300 s. An operator's own
// NoExecute taint evicts too, but that is a decision, not a failure: it is left out.
bool isNodeHealthTaint(const TaintInterval &t)
{
    return t.effect == "NoExecute" && (t.key == "node.kubernetes.io/unreachable" || t.key == "node.kubernetes.io/not-ready");
}

// The node-health taint on `node` at `t` (the one added last, if the controller swapped them).
std::optional<std::size_t> healthTaintAt(const Facts &facts, StringId node, Timestamp t)
{
    std::optional<std::size_t> found;
    for (std::size_t i = 0; i < facts.taints.size(); ++i) {
        const TaintInterval &taint = facts.taints[i];
        if (taint.node == node && isNodeHealthTaint(taint) && taint.start <= t && (taint.openEnded || t <= taint.end)
            && (!found || facts.taints[*found].start < taint.start))
            found = i;
    }
    return found;
}

std::string tolerationNote(Duration delay)
{
    const double s = delay.seconds();
    if (s < 5)
        return "at once: these pods do not tolerate the taint at all";
    // The taint manager fires on time; its queue and the API add seconds, not minutes.
    if (s >= kDefaultToleration.seconds() - 5 && s <= kDefaultToleration.seconds() + 30)
        return "the 300 s every pod tolerates it by default (DefaultTolerationSeconds admission)";
    return "the tolerationSeconds the pods set for it";
}

// Where a pod ran. The kubelet that logged the pod says so. Failing that, the node lifecycle
// controller placed it: it logs "Update ready status of pods on node N", then marks each pod
// of N not ready (MarkPodsNotReady, by name only before 1.21). The pod was on N when N is the
// only node the controller named in the 5 s before it marked the pod; with its node workers
// running in parallel (1.2x) two nodes can interleave, and then the pod stays unplaced.
class PodPlacement {
public:
    struct Placed {
        StringId node = kNoString;
        // The controller's lines that placed it: the node named, the pod marked (kNoEvent: its kubelet did).
        EventIndex nodeMark = kNoEvent, podMark = kNoEvent;
    };

    explicit PodPlacement(const Analysis &a) : m_inc(*a.incident)
    {
        for (const EventIndex i : a.eventIndex.ofType(codeTypesOf(m_inc).podsMarkedNotReady)) {
            const Event &e = m_inc.event(i);
            if (m_inc.podOf(e) != kNoPod)
                m_podMarked[m_inc.text(m_inc.pods[m_inc.podOf(e).index()].name)].push_back(i);
            else if (m_inc.nodeOf(e) != kNoString)
                m_nodeMarked.push_back(i);
        }
    }

    Placed nodeOf(PodId pod, Timestamp before) const
    {
        const Pod &p = m_inc.pods[pod.index()];
        if (p.node != kNoString)
            return {p.node};
        const auto marks = m_podMarked.find(m_inc.text(p.name));
        if (marks == m_podMarked.end())
            return {};
        Placed found;
        for (const EventIndex mark : marks->second) {
            if (m_inc.event(mark).time > before)
                break;
            const EventIndex nodeMark = onlyNodeMarkedBefore(m_inc.event(mark).time);
            found = nodeMark == kNoEvent ? Placed{} : Placed{m_inc.nodeOf(m_inc.event(nodeMark)), nodeMark, mark};
        }
        return found;
    }

private:
    // The last "pods on node N" line in the 5 s before `t`, if every such line names one node.
    EventIndex onlyNodeMarkedBefore(Timestamp t) const
    {
        EventIndex last = kNoEvent;
        for (const EventIndex mark : m_nodeMarked) {
            const Event &e = m_inc.event(mark);
            if (e.time > t || e.time < t - Duration::fromSeconds(5))
                continue;
            if (last != kNoEvent && m_inc.nodeOf(m_inc.event(last)) != m_inc.nodeOf(e))
                return kNoEvent;
            last = mark;
        }
        return last;
    }

    const Incident &m_inc;
    std::map<std::string_view, std::vector<EventIndex>> m_podMarked; // by pod name: its markings, in time order
    std::vector<EventIndex> m_nodeMarked;                            // "pods on node N" lines, in time order
};

// Pods the taint manager deleted while their node carried a node-health NoExecute taint. The
// deletion line names only the pod; a pod the bundle cannot place on a node is not counted.
std::vector<RuleMatch> taintEviction(const Analysis &a)
{
    const Incident &inc = *a.incident;
    const EventTypeId deleting = codeTypesOf(inc).taintEvictionDelete;
    const PodPlacement placement(a);
    // By taint: each deletion, with how its pod was placed.
    std::map<std::size_t, std::vector<std::pair<EventIndex, PodPlacement::Placed>>> deletionsByTaint;
    for (const EventIndex i : a.eventIndex.ofType(deleting)) {
        const Event &e = inc.event(i);
        if (inc.podOf(e) == kNoPod)
            continue;
        const PodPlacement::Placed placed = placement.nodeOf(inc.podOf(e), e.time);
        if (placed.node == kNoString)
            continue;
        if (const auto taint = healthTaintAt(a.facts, placed.node, e.time))
            deletionsByTaint[*taint].push_back({i, placed});
    }
    std::vector<RuleMatch> out;
    for (const auto &[index, deletions] : deletionsByTaint) {
        const TaintInterval &taint = a.facts.taints[index];
        const std::string node(inc.text(taint.node));
        RuleMatch m;
        m.subject = Subject::ofNode(node);
        m.start = taint.start;
        m.end = inc.event(deletions.back().first).time;
        step(m, inc, taint.addEvent, "taint " + taint.key + ":" + taint.effect + " added");
        std::set<std::string> pods;
        for (const auto &[deletion, placed] : deletions) {
            const std::string pod = inc.podName(inc.podOf(inc.event(deletion)));
            if (pods.insert(pod).second && m.chain.size() < 6)
                step(m, inc, deletion, "taint manager deletes pod " + pod);
            addEvidence(m, deletion);
            addEvidence(m, placed.nodeMark); // why the pod counts as this node's
            addEvidence(m, placed.podMark);
        }
        step(m, inc, taint.removeEvent, "taint " + taint.key + " removed (node healthy again)");
        const Duration delay = inc.event(deletions.front().first).time - taint.start;
        std::string list;
        for (const std::string &pod : pods)
            list += (list.empty() ? "" : ", ") + pod;
        m.text["node"] = node;
        m.text["taint"] = taint.key + ":" + taint.effect;
        m.text["pods"] = plural(pods.size(), "pod");
        m.text["podList"] = list;
        m.text["delay"] = formatDuration(delay);
        m.text["toleration"] = tolerationNote(delay);
        m.numbers["pods"] = double(pods.size());
        m.numbers["delaySeconds"] = delay.seconds();
        finishMatch(m);
        out.push_back(std::move(m));
    }
    return out;
}

const std::map<std::string, RuleDetectorEntry, std::less<>> &registry()
{
    using K = Subject::Kind;
    static const std::map<std::string, RuleDetectorEntry, std::less<>> detectors{
        {"heartbeat-gap", {heartbeatGap, K::Node}},
        {"clock-step", {clockStep, K::Node}},
        {"status-probe-race", {statusProbeRace, K::Pod}},
        {"pleg-unhealthy", {plegUnhealthy, K::Node}},
        {"sandbox-missing", {sandboxMissing, K::Node}},
        {"spec-hash-restart", {specHashRestart, K::Node}},
        {"taint-eviction", {taintEviction, K::Node}},
        {"leader-election-lost", {leaderElectionLost, K::Component}},
        {"component-panic", {componentPanic, K::Component}},
        {"component-start-failure", {componentStartFailure, K::Component}},
        {"container-runtime-down", {containerRuntimeDown, K::Node}},
        {"kubelet-client-cert-expired", {kubeletClientCertExpired, K::Node}},
        {"kubelet-start-failure", {kubeletStartFailure, K::Node}},
        {"node-network-not-ready", {nodeNetworkNotReady, K::Node}},
    };
    return detectors;
}

} // namespace

const RuleDetectorEntry *findRuleDetector(std::string_view name)
{
    const auto &r = registry();
    const auto it = r.find(name);
    return it == r.end() ? nullptr : &it->second;
}

std::vector<std::string> ruleDetectorNames()
{
    std::vector<std::string> out;
    for (const auto &[name, fn] : registry())
        out.push_back(name);
    return out;
}

} // namespace kubelane::core
