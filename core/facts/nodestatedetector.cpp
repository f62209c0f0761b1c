// Node Ready condition spans as the control plane and the kubelet saw them, and taint
// intervals per node, key and effect.
#include "factcontext.h"

#include <algorithm>
#include <map>
#include <set>

namespace kubelane::core {

namespace {

using Status = ConditionSpan::Status;

// A condition status as the patterns capture it (readyStatus): Kubernetes' ConditionStatus.
std::optional<Status> statusFromWord(std::string_view word)
{
    if (word == "True")
        return Status::True;
    if (word == "False")
        return Status::False;
    if (word == "Unknown")
        return Status::Unknown;
    return std::nullopt;
}

struct Transition {
    Timestamp time;
    Status status;
    EventIndex event;
    std::string reason;
    // Says the node's Ready was True just before (the controller's NodeNotReady): a span
    // not True still open then ended earlier, at a time no line gives.
    bool readyJustBefore = false;
};

// A span still open at the end is known only while the source that reported it logs.
void spansFrom(const FactContext &ctx, std::map<StringId, std::vector<Transition>> &byNode, ConditionSpan::View view, Facts &facts)
{
    for (auto &[node, list] : byNode) {
        std::stable_sort(list.begin(), list.end(), [](auto &a, auto &b) { return a.time < b.time; });
        // The last NodeNotReady of the span open now, if it was opened or went on by one.
        bool sawReadyJustBefore = false;
        Timestamp lastReadyJustBefore;
        for (size_t i = 0; i < list.size(); ++i) {
            ConditionSpan *open = !facts.conditions.empty() && facts.conditions.back().node == node && facts.conditions.back().view == view
                    && facts.conditions.back().openEnded
                ? &facts.conditions.back()
                : nullptr;
            // The event's own line and the recorder's line of it come milliseconds apart; a node
            // lost again posted a fresh status and then went silent for a grace period. The first
            // NodeNotReady of a span opened by "hasn't been updated" is the same loss, logged once
            // the controller's status write went through.
            const bool readyBetween = open && list[i].readyJustBefore && open->status != Status::True && sawReadyJustBefore
                && list[i].time - lastReadyJustBefore > kNodeMonitorPasses;
            if (list[i].readyJustBefore) {
                sawReadyJustBefore = true;
                lastReadyJustBefore = list[i].time;
            }
            if (open && open->status == list[i].status && !readyBetween)
                continue; // a repeat of the state already open
            if (open) {
                open->end = list[i].time;
                open->endEvent = list[i].event;
                open->openEnded = false;
                open->endAtTheLatest = readyBetween;
            }
            if (!list[i].readyJustBefore)
                sawReadyJustBefore = false; // a span opened by another line
            const Timestamp end = std::max(list[i].time, ctx.observedUntil(ctx.inc.event(list[i].event)));
            ConditionSpan span{node, view, list[i].status, list[i].time, end, true, false, list[i].reason, list[i].event, kNoEvent};
            facts.conditions.push_back(span);
        }
    }
}

} // namespace

void detectNodeConditions(const FactContext &ctx, Facts &facts)
{
    std::map<StringId, std::vector<Transition>> controlPlane, kubelet;
    const CodeTypes &t = ctx.types;
    const EventTypeId notUpdated = t.nodeNotUpdated, statusChange = t.nodeNotReadyEvent, nodeEvent = t.nodeEvent,
                      transitioned = t.readyTransitioned, healthyAgain = t.healthyAgain, kubeletNotReady = t.nodeNotReady,
                      kubeletEvent = t.nodeStatusEvent, object = t.nodeConditionObject, neverUpdated = t.nodeNeverUpdated;
    for (const EventIndex idx : ctx.eventsOf(
             {notUpdated, statusChange, nodeEvent, transitioned, healthyAgain, kubeletNotReady, kubeletEvent, object, neverUpdated})) {
        const Event &e = ctx.inc.event(idx);
        if (ctx.inc.nodeOf(e) == kNoString)
            continue;
        if (e.type == notUpdated) {
            const std::string_view cond = ctx.field(e, ctx.keys.conditionType);
            // Set Unknown now, or before the line when its condition says so (a restarted
            // controller reports the node it had lost).
            // The Unknown of a Node no kubelet ever reported for was set when its condition says.
            const bool never = ctx.field(e, ctx.keys.reason) == "NodeStatusNeverUpdated";
            const Timestamp since = never ? ctx.printedTimeOnLineClock(e, ctx.keys.lastTransition).value_or(e.time)
                                          : ctx.unknownBeforeCounting(e).value_or(e.time);
            if (cond.empty() || cond == "Ready" || cond == "ready condition")
                controlPlane[ctx.inc.nodeOf(e)].push_back(
                    {std::min(since, e.time), Status::Unknown, idx,
                     never ? "Kubelet never posted node status" : "Kubelet stopped posting node status"});
        } else if (e.type == neverUpdated) {
            // No kubelet ever posted the node's Ready: the controller sets it Unknown in this pass
            // (NodeStatusNeverUpdated). Its other conditions say nothing of Ready.
            const std::string_view cond = ctx.field(e, ctx.keys.conditionType);
            if (cond.empty() || cond == "Ready")
                controlPlane[ctx.inc.nodeOf(e)].push_back({e.time, Status::Unknown, idx, "Kubelet never posted node status"});
        } else if (e.type == statusChange || e.type == nodeEvent) {
            // The event's reason, as the patterns capture it (free text, structured status=).
            const std::string_view what =
                ctx.field(e, ctx.keys.reason).empty() ? ctx.field(e, ctx.keys.event) : ctx.field(e, ctx.keys.reason);
            // The node lifecycle controller records NodeNotReady in one place of every version
            // (monitorNodeHealth, 1.2 to 1.3x): when the node's last posted Ready is True and
            // the controller has just set it Unknown, its heartbeat older than the grace
            // period. A kubelet that reports NotReady itself gets no such event from it.
            if (what == "NodeNotReady")
                controlPlane[ctx.inc.nodeOf(e)].push_back({e.time, Status::Unknown, idx, "NodeNotReady", true});
            else if (what == "NodeReady") {
                controlPlane[ctx.inc.nodeOf(e)].push_back({e.time, Status::True, idx, "NodeReady"});
            }
        } else if (e.type == transitioned) {
            if (auto s = statusFromWord(ctx.field(e, ctx.keys.readyStatus)))
                controlPlane[ctx.inc.nodeOf(e)].push_back({e.time, *s, idx, "ReadyCondition transitioned"});
        } else if (e.type == healthyAgain) {
            controlPlane[ctx.inc.nodeOf(e)].push_back({e.time, Status::True, idx, "healthy again"});
        } else if (e.type == kubeletNotReady) {
            auto s = statusFromWord(ctx.field(e, ctx.keys.readyStatus)).value_or(Status::False);
            std::string reason(ctx.field(e, ctx.keys.message));
            if (reason.empty())
                reason = std::string(ctx.field(e, ctx.keys.reason));
            kubelet[ctx.inc.nodeOf(e)].push_back({e.time, s, idx, reason});
        } else if (e.type == object) {
            // The API's own record of the condition (a Node object, kubectl describe): the
            // control plane's view, since its lastTransitionTime.
            if (ctx.field(e, ctx.keys.conditionType) != "Ready")
                continue;
            if (auto s = statusFromWord(ctx.field(e, ctx.keys.status)))
                controlPlane[ctx.inc.nodeOf(e)].push_back({e.time, *s, idx, std::string(ctx.field(e, ctx.keys.reason))});
        } else if (e.type == kubeletEvent) {
            const std::string_view what =
                ctx.field(e, ctx.keys.event).empty() ? ctx.field(e, ctx.keys.reason) : ctx.field(e, ctx.keys.event);
            if (what == "NodeReady")
                kubelet[ctx.inc.nodeOf(e)].push_back({e.time, Status::True, idx, "NodeReady"});
            else if (what == "NodeNotReady")
                kubelet[ctx.inc.nodeOf(e)].push_back({e.time, Status::False, idx, "NodeNotReady"});
        }
    }
    spansFrom(ctx, controlPlane, ConditionSpan::View::ControlPlane, facts);
    spansFrom(ctx, kubelet, ConditionSpan::View::Kubelet, facts);
}

void detectTaints(const FactContext &ctx, Facts &facts)
{
    // An open interval, and whether an applied-taint line was seen for it (not only the queue).
    struct Open {
        TaintInterval interval;
        bool seenApplied = false;
    };
    std::vector<Open> open;
    // The tainting pass logs at V(4) what it applies ("Added taint") and what it drops (the node
    // was Ready again); either line says this log would show the queued taints applied.
    bool logsTaintingPass = false;
    auto finish = [&](Open &o) {
        o.interval.queuedNotApplied = !o.seenApplied || o.interval.heldByDisruption;
        facts.taints.push_back(o.interval);
    };
    // A taint is its key and effect: the unreachable NoSchedule taint (tainting by condition)
    // and the unreachable NoExecute one (eviction) come and go apart. A removal that names no
    // effect takes off every effect of the key.
    auto close = [&](StringId node, const PrintedTaint &taint, const Event &e) {
        for (auto it = open.begin(); it != open.end();) {
            if (it->interval.node == node && (taint.key.empty() || it->interval.key == taint.key)
                && (taint.effect.empty() || it->interval.effect == taint.effect)) {
                it->interval.end = e.time;
                it->interval.openEnded = false;
                it->interval.removeEvent = ctx.indexOf(e);
                finish(*it);
                it = open.erase(it);
            } else {
                ++it;
            }
        }
    };
    // A failed swap (nlc.taint-swapped) changes nothing: the node keeps the taint it had.
    // A queued taint the controller dropped (the node was Ready again) ends as a removed one.
    const EventTypeId added = ctx.types.taintAdded, healthyAgain = ctx.types.healthyAgain, removed = ctx.types.taintRemoved,
                      dropped = ctx.types.taintDropped;
    // Master disruption mode (handleDisruption, every node not Ready, logged at V(0)): the
    // controller takes the NoExecute taints off every node (markNodeAsReachable) and applies
    // none until a node is Ready again, so that a control plane cut off from all its nodes
    // evicts nothing.
    bool inDisruption = false;
    std::map<SourceId, std::size_t> openDisruption; // into facts.disruptions
    for (const EventIndex i : ctx.eventsOf({added, removed, healthyAgain, dropped, ctx.types.disruption, ctx.types.disruptionOver})) {
        const Event &e = ctx.inc.event(i);
        if (e.type == ctx.types.disruption || e.type == ctx.types.disruptionOver) {
            const bool entering = e.type == ctx.types.disruption && ctx.field(e, ctx.keys.action) == "Entering";
            if (entering) {
                std::vector<std::pair<StringId, PrintedTaint>> noExecute;
                for (const Open &o : open)
                    if (o.interval.effect == "NoExecute")
                        noExecute.push_back({o.interval.node, PrintedTaint{o.interval.key, {}, o.interval.effect}});
                for (const auto &[node, taint] : noExecute)
                    close(node, taint, e);
            }
            const bool exiting = ctx.field(e, ctx.keys.action) == "Exiting";
            if (exiting) // the tainter's rate is back: what waited in its queue is applied now
                for (Open &o : open)
                    if (o.interval.heldByDisruption) {
                        o.interval.heldByDisruption = false;
                        o.interval.start = e.time;
                        o.interval.addEvent = i;
                    }
            // Each controller's log its own spans (a restarted or another leading controller
            // enters the mode again on its own).
            const auto open = openDisruption.find(e.source);
            if (entering && open == openDisruption.end()) {
                openDisruption[e.source] = facts.disruptions.size();
                facts.disruptions.push_back({e.time, ctx.observedUntil(e), true, false, i, kNoEvent});
            }
            if (exiting && open != openDisruption.end()) {
                DisruptionMode &mode = facts.disruptions[open->second];
                mode.end = e.time;
                mode.openEnded = false;
                mode.exitEvent = i;
                openDisruption.erase(open);
            }
            if (entering || exiting)
                inDisruption = entering;
            continue;
        }
        const StringId node = ctx.inc.nodeOf(e);
        if (node == kNoString)
            continue;
        if (e.type == added) {
            // The queue's lines say why (NotReady, unresponsive); the applied-taint lines do not.
            const bool applied = ctx.field(e, ctx.keys.reason).empty();
            logsTaintingPass = logsTaintingPass || applied;
            const std::vector<PrintedTaint> taints = ctx.taintsOn(e);
            const bool noExecute = std::any_of(taints.begin(), taints.end(), [](const PrintedTaint &t) { return t.effect == "NoExecute"; });
            if (const auto mode = openDisruption.find(e.source); applied && noExecute && mode != openDisruption.end()) {
                DisruptionMode &d = facts.disruptions[mode->second];
                d.end = e.time;
                d.openEnded = false;
                d.endInferred = true;
                openDisruption.erase(mode);
                inDisruption = false;
            }
            for (const PrintedTaint &taint : taints) {
                const auto same = std::find_if(open.begin(), open.end(), [&](auto &o) {
                    return o.interval.node == node && o.interval.key == taint.key && o.interval.effect == taint.effect;
                });
                if (same != open.end()) {
                    if (applied && !same->seenApplied) {
                        // Queued first, applied now: the node has the taint from this line on.
                        same->interval.start = e.time;
                        same->interval.addEvent = ctx.indexOf(e);
                    }
                    same->seenApplied = same->seenApplied || applied;
                    same->interval.heldByDisruption = same->interval.heldByDisruption && !applied; // applied after all
                } else {
                    open.push_back(
                        {{node, taint.key, taint.effect, e.time, ctx.observedUntil(e), true, ctx.indexOf(e), kNoEvent}, applied});
                    open.back().interval.heldByDisruption = inDisruption && !applied && taint.effect == "NoExecute";
                    if (!applied)
                        open.back().interval.queueEvent = ctx.indexOf(e);
                }
            }
        } else {
            logsTaintingPass = logsTaintingPass || e.type == dropped;
            // events.json lists what "healthy again" removes (the not-ready and unreachable
            // taints); a removal that names none clears the node. One that lists none ("Made
            // sure that Node X has no [] Taint": a swap with nothing to take off) removed nothing.
            const auto taints = ctx.taintsOn(e);
            if (taints.empty() && ctx.field(e, ctx.keys.taints).empty())
                close(node, {}, e);
            for (const PrintedTaint &taint : taints)
                close(node, taint, e);
        }
    }
    for (auto &o : open)
        finish(o);
    if (!logsTaintingPass)
        for (TaintInterval &t : facts.taints)
            t.queuedNotApplied = t.heldByDisruption;
    std::sort(facts.taints.begin(), facts.taints.end(), [](auto &a, auto &b) { return a.start < b.start; });
}

std::vector<StringId> nodesOfContexts(const Incident &inc, const std::vector<bool> &contextHasEvents)
{
    // Few contexts, millions of events: the names are sorted once, from the contexts.
    std::set<std::string_view> names;
    for (std::size_t i = 0; i < inc.contexts.size() && i < contextHasEvents.size(); ++i) {
        const StringId node = inc.contexts[EventContextId::fromIndex(i)].node;
        if (node != kNoString && contextHasEvents[i])
            names.insert(inc.text(node));
    }
    std::vector<StringId> nodes;
    for (auto n : names)
        nodes.push_back(inc.strings.find(n));
    return nodes;
}

void detectNodes(const FactContext &ctx, Facts &facts)
{
    std::vector<bool> hasEvents(ctx.inc.contexts.size());
    for (std::size_t i = 0; i < hasEvents.size(); ++i)
        hasEvents[i] = ctx.index.firstOfContext(EventContextId::fromIndex(i)) != kNoEvent;
    facts.nodes = nodesOfContexts(ctx.inc, hasEvents);
}

} // namespace kubelane::core
