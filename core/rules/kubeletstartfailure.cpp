#include "kubeletstartfailure.h"

#include "../facts/factcontext.h"
#include "../format/klogline.h"
#include "../util/textscan.h"
#include "matchsteps.h"

#include <algorithm>
#include <map>
#include <optional>

namespace kubelane::core {

namespace {

// A kubelet passes its start-up checks (flags, config, credentials, cgroups, swap, the
// container manager) within seconds and then posts its node's status: one that exits sooner
// than this after it started failed them. systemd's restart delay (kubeadm's unit: 10 s) is
// well inside it.
constexpr Duration kStartUp = Duration::fromSeconds(60);
// The kubelet's fatal line and systemd's word of the exit are one exit when this close.
constexpr Duration kSameExit = Duration::fromSeconds(5);
// How far before an exit the kubelet's last error is taken for its cause.
constexpr Duration kCauseReach = Duration::fromSeconds(10);
// An expired client certificate in the loop is the kubelet-client-cert-expired rule's.
constexpr Duration kCertReach = Duration::fromSeconds(60);

// Up: the kubelet passed its start-up ("Started kubelet", its node registered). GaveUp:
// systemd stopped restarting it ("Start request repeated too quickly").
enum class Mark { Start, Up, Exit, RestartCount, GaveUp };

struct NodeMark {
    EventIndex event;
    Mark kind;
};

struct Exit {
    EventIndex event = kNoEvent; // systemd's exit, else the kubelet's fatal line
    EventIndex cause = kNoEvent; // what the kubelet said last before it
    std::optional<Timestamp> startedAt;
    bool up = false;                // the run had passed its start-up
    bool killed = false;            // by a signal (code=killed: OOM, SIGKILL), not its own exit
    std::uint64_t restartCount = 0; // systemd's counter after it
};

bool isCleanExit(std::string_view status)
{
    return status == "0" || status.starts_with("0/");
}

// The lines that start the kubelet, end it, or count systemd's restarts, by node.
std::map<StringId, std::vector<NodeMark>> marksByNode(const Analysis &a)
{
    const Incident &inc = *a.incident;
    const CodeTypes &t = codeTypesOf(inc);
    const StringId kubelet = inc.strings.find("kubelet");
    std::map<StringId, std::vector<NodeMark>> out;
    for (const EventIndex i : a.eventIndex.ofAnyType({t.kubeletStart, t.unitStarted, t.kubeletStarted, t.nodeRegistered, t.unitExit,
                                                      t.kubeletFatal, t.restartScheduled, t.unitFailed})) {
        const Event &e = inc.event(i);
        const StringId node = inc.nodeOf(e);
        if (node == kNoString)
            continue;
        const bool kubeletLine = kubelet != kNoString && inc.componentOf(e) == kubelet;
        std::optional<Mark> kind;
        if ((e.type == t.kubeletStart && kubeletLine) || (e.type == t.unitStarted && isKubeletUnit(inc, a.keys, e)))
            kind = Mark::Start;
        else if ((e.type == t.kubeletStarted || e.type == t.nodeRegistered) && kubeletLine)
            kind = Mark::Up;
        else if (e.type == t.kubeletFatal && kubeletLine)
            kind = Mark::Exit;
        else if (e.type == t.unitExit && isKubeletUnit(inc, a.keys, e) && !isCleanExit(inc.field(e, a.keys.exitStatus)))
            kind = Mark::Exit;
        else if (e.type == t.restartScheduled && isKubeletUnit(inc, a.keys, e))
            kind = Mark::RestartCount;
        else if (e.type == t.unitFailed && isKubeletUnit(inc, a.keys, e)
                 && inc.message(e).find("repeated too quickly") != std::string_view::npos)
            kind = Mark::GaveUp;
        if (kind)
            out[node].push_back({i, *kind});
    }
    return out;
}

bool isKubeletErrorOn(const Incident &inc, const Event &e, StringId node, StringId kubelet)
{
    return e.severity >= Severity::Error && inc.componentOf(e) == kubelet && inc.nodeOf(e) == node;
}

// The kubelet's last fatal line before the exit, else its last error: what it exited on, in
// whichever words its version has. Only back to the run's start, and kCauseReach at most.
EventIndex causeOf(const Incident &inc, EventIndex exit, StringId node, std::optional<Timestamp> startedAt)
{
    const StringId kubelet = inc.strings.find("kubelet");
    if (kubelet == kNoString)
        return kNoEvent;
    const Timestamp exitTime = inc.event(exit).time;
    Timestamp from = exitTime - kCauseReach;
    if (startedAt && *startedAt > from)
        from = *startedAt;
    EventIndex lastError = kNoEvent;
    for (std::size_t j = exit.index() + 1; j-- > 0;) {
        const Event &e = inc.events[j];
        if (e.time < from)
            break;
        if (inc.componentOf(e) == kubelet && inc.nodeOf(e) == node && inc.message(e).starts_with("panic: "))
            return EventIndex(static_cast<std::uint32_t>(j)); // a Go panic: what it died of
        if (!isKubeletErrorOn(inc, e, node, kubelet))
            continue;
        if (e.severity == Severity::Fatal)
            return EventIndex(static_cast<std::uint32_t>(j));
        if (lastError == kNoEvent)
            lastError = EventIndex(static_cast<std::uint32_t>(j));
    }
    return lastError;
}

// The node's kubelet exits, one per process: a fatal line and the systemd exit after it are one.
std::vector<Exit> exitsOf(const Analysis &a, StringId node, const std::vector<NodeMark> &marks)
{
    const Incident &inc = *a.incident;
    const CodeTypes &t = codeTypesOf(inc);
    std::vector<Exit> exits;
    std::optional<Timestamp> startedAt; // the last word of a start since the last exit
    bool up = false;
    std::uint64_t countedBefore = 0; // systemd's counter before the log's first exit: of exits before the log
    for (const NodeMark &m : marks) {
        const Event &e = inc.event(m.event);
        if (m.kind == Mark::Start) {
            // Each start word opens a run: systemd's "Started", then the kubelet's version line
            // within a second; in a kubelet's own file a start with no exit before it means the
            // last process died unseen (a panic, a kill).
            startedAt = e.time;
            up = false;
        } else if (m.kind == Mark::Up) {
            up = true;
        } else if (m.kind == Mark::RestartCount) {
            const std::uint64_t count = std::strtoull(std::string(inc.field(e, a.keys.count)).c_str(), nullptr, 10);
            if (!exits.empty())
                exits.back().restartCount = std::max(exits.back().restartCount, count);
            else
                countedBefore = std::max(countedBefore, count);
        } else if (m.kind == Mark::Exit) {
            const bool killed = e.type == t.unitExit && inc.field(e, a.keys.reason) == "killed";
            if (!exits.empty() && !startedAt && e.time - inc.event(exits.back().event).time <= kSameExit) {
                // The same exit. systemd's stamp has whole seconds in a short journal, so the
                // kubelet's fatal line may come after it: its cause is read from the later line.
                Exit &x = exits.back();
                x.cause = causeOf(inc, std::max(x.event, m.event), node, x.startedAt);
                x.killed = x.killed || killed;
                if (e.type == t.unitExit)
                    x.event = m.event;
                continue;
            }
            Exit x;
            x.event = m.event;
            x.startedAt = startedAt;
            x.up = up;
            x.killed = killed;
            x.cause = causeOf(inc, m.event, node, x.startedAt);
            if (exits.empty())
                x.restartCount = countedBefore;
            exits.push_back(x);
            startedAt.reset();
            up = false;
        }
    }
    return exits;
}

// The kubelet said it could not go on: a fatal line, a start-up failure's wording (1.2x's
// "command failed", at E), or a panic.
bool diedOfItsOwnError(const Incident &inc, const Exit &x)
{
    if (x.cause == kNoEvent)
        return false;
    const Event &c = inc.event(x.cause);
    return c.severity == Severity::Fatal || c.type == codeTypesOf(inc).kubeletFatal || inc.message(c).starts_with("panic: ");
}

// An exit of a run the log shows no start of: not passed its start-up, not killed.
bool ofAnUnseenRun(const Exit &x)
{
    return !x.startedAt && !x.up && !x.killed;
}

// An exit before the kubelet passed its start-up: not killed from outside, and soon after its
// start or on its own fatal error (a start-up waiting out a hung runtime takes minutes); where
// the log begins inside the run, only on its own fatal error. "Started kubelet" and the node's
// registration come before the container manager starts (on the runtime's first answer,
// initializeRuntimeDependentModules), whose failure is fatal: a run that said so still failed
// its start-up when it died of its own error soon after its start.
bool failedStartUp(const Incident &inc, const Exit &x)
{
    if (x.killed)
        return false;
    const bool soon = x.startedAt && inc.event(x.event).time - *x.startedAt < kStartUp;
    if (x.up)
        return soon && diedOfItsOwnError(inc, x);
    return soon || diedOfItsOwnError(inc, x);
}

// Where a kubelet started after the loop passed its start-up: it said so ("Started kubelet",
// its node registered) before any exit, or it was still logging kStartUp after its start.
std::optional<EventIndex> recoveryAfter(const Analysis &a, StringId node, const std::vector<NodeMark> &marks, EventIndex after)
{
    const Incident &inc = *a.incident;
    const StringId kubelet = inc.strings.find("kubelet");
    auto it = std::find_if(marks.begin(), marks.end(), [&](const NodeMark &m) { return m.event > after && m.kind == Mark::Start; });
    if (it == marks.end())
        return std::nullopt;
    const auto nextExit = std::find_if(it, marks.end(), [](const NodeMark &m) { return m.kind == Mark::Exit; });
    if (const auto upMark = std::find_if(it, nextExit, [](const NodeMark &m) { return m.kind == Mark::Up; }); upMark != nextExit)
        return upMark->event;
    const Timestamp ranFrom = inc.event(it->event).time + kStartUp;
    if (nextExit != marks.end())
        return inc.event(nextExit->event).time >= ranFrom ? std::optional(it->event) : std::nullopt;
    for (std::size_t j = it->event.index(); j < inc.events.size(); ++j) {
        const Event &e = inc.events[j];
        if (e.time >= ranFrom && inc.componentOf(e) == kubelet && inc.nodeOf(e) == node)
            return it->event;
    }
    return std::nullopt;
}

// systemd's giving up on the unit after the loop's last exit, before any new start.
EventIndex systemdGaveUp(const std::vector<NodeMark> &marks, EventIndex after)
{
    for (const NodeMark &m : marks) {
        if (m.event <= after)
            continue;
        if (m.kind == Mark::Start)
            break;
        if (m.kind == Mark::GaveUp)
            return m.event;
    }
    return kNoEvent;
}

bool certificateExpiredDuring(const Analysis &a, StringId node, Timestamp from, Timestamp to)
{
    const Incident &inc = *a.incident;
    for (const EventIndex i : a.eventIndex.ofType(codeTypesOf(inc).clientCertExpired)) {
        const Event &e = inc.event(i);
        if (inc.nodeOf(e) == node && e.time >= from - kCertReach && e.time <= to)
            return true;
    }
    return false;
}

// A loop another rule names more closely: the kubelet exiting on a sandbox that is gone
// (sandbox-missing) or on its expired client certificate (kubelet-client-cert-expired).
bool explainedElsewhere(const Analysis &a, StringId node, const std::vector<Exit> &loop, Timestamp from, Timestamp to)
{
    const Incident &inc = *a.incident;
    const bool sandboxGone = std::any_of(loop.begin(), loop.end(), [&](const Exit &x) {
        return (x.cause != kNoEvent && !inc.field(inc.event(x.cause), a.keys.sandboxId).empty())
            || !inc.field(inc.event(x.event), a.keys.sandboxId).empty();
    });
    return sandboxGone || certificateExpiredDuring(a, node, from, to);
}

// "failed to run Kubelet: running with swap on is not supported": the line's message, and for
// a structured line ("command failed" err="...") its error.
std::string causeText(const Incident &inc, EventIndex cause)
{
    if (cause == kNoEvent)
        return {};
    const Event &e = inc.event(cause);
    const std::string_view raw = inc.rawText(e);
    std::string_view message = inc.message(e), err;
    FieldList pairs;
    // An untyped line keeps no pairs: its err is read from the klog payload again.
    if (const std::size_t payload = raw.find("] ");
        payload != std::string_view::npos && raw.find(" err=\"", payload) != std::string_view::npos) {
        const std::string_view structured = text::trimmed(raw.substr(payload + 2));
        if (parseStructuredMessage(structured, message, pairs)) {
            err = pairs.get("err");
        } else if (const std::size_t at = structured.find(" err=\""); at != std::string_view::npos) {
            // A line cut short (a terminal, a paste): its quotes do not close.
            message = structured.substr(0, at);
            if (message.size() >= 2 && message.front() == '"' && message.back() == '"')
                message = message.substr(1, message.size() - 2);
            std::string_view body = structured.substr(at + 6);
            if (body.ends_with('"'))
                body.remove_suffix(1);
            err = unquoteGo(body, pairs);
        }
    }
    std::string text(message);
    if (!err.empty())
        text += ": " + std::string(err);
    // One space for a run of blanks (/proc/swaps' columns, tabs and newlines unquoted).
    std::replace_if(
        text.begin(), text.end(), [](char c) { return c == '\t' || c == '\n' || c == '\r'; }, ' ');
    text.erase(std::unique(text.begin(), text.end(), [](char a, char b) { return a == ' ' && b == ' '; }), text.end());
    // Go wraps an error's cause last ("failed to run Kubelet: validate ...: connect: no such
    // file"): a long one keeps its head and its tail.
    constexpr std::size_t kHead = 110, kTail = 130;
    if (text.size() > kHead + kTail + 5)
        text = text.substr(0, kHead) + " ... " + text.substr(text.size() - kTail);
    return text;
}

RuleMatch describeLoop(const Analysis &a, StringId node, const std::vector<Exit> &loop, std::optional<EventIndex> recovered,
                       const HeartbeatGap *gap, EventIndex gaveUp)
{
    const Incident &inc = *a.incident;
    RuleMatch m;
    const std::string name(inc.text(node));
    m.subject = Subject::ofNode(name);
    const Exit &first = loop.front(), &last = loop.back();
    m.start = first.startedAt.value_or(inc.event(first.event).time);
    m.end = recovered ? inc.event(*recovered).time : inc.event(last.event).time;
    m.text["node"] = name;
    std::uint64_t counter = 0;
    for (const Exit &x : loop)
        counter = std::max(counter, x.restartCount);
    m.numbers["exits"] = double(loop.size());
    m.numbers["restartCount"] = double(counter);
    m.text["times"] = loop.size() > 1 ? ", " + std::to_string(loop.size()) + " times" : "";
    if (counter > loop.size())
        m.text["times"] +=
            (loop.size() > 1 ? " in the logs" : "") + std::string(" (systemd's restart counter at ") + std::to_string(counter) + ")";
    // The cause the kubelet gave last: a loop's exits mostly give one.
    EventIndex cause = kNoEvent;
    for (auto it = loop.rbegin(); it != loop.rend() && cause == kNoEvent; ++it)
        cause = it->cause;
    const std::string why = causeText(inc, cause);
    m.text["cause"] = why.empty()
        ? "it exited (" + std::string(inc.field(inc.event(last.event), a.keys.exitStatus)) + ") with no error line before"
        : why;
    // An exit whose own line says why (no systemd line beside it) is one step, not two.
    const auto exitStep = [&](const Exit &x, const std::string &what) {
        if (x.cause != kNoEvent && x.cause != x.event)
            step(m, inc, x.cause, "kubelet: " + causeText(inc, x.cause));
        step(m, inc, x.event, x.cause == x.event ? what + ": " + causeText(inc, x.cause) : what);
    };
    exitStep(first, "kubelet exits at start-up");
    if (loop.size() > 1) {
        exitStep(last, "kubelet exits at start-up again (" + plural(loop.size(), "exit") + ")");
    }
    std::string aftermath = recovered ? " It started and stayed up from " + clockText(inc.event(*recovered).time) + "."
        : gaveUp != kNoEvent          ? " systemd stopped restarting it at " + clockText(inc.event(gaveUp).time)
            + " (start request repeated too quickly): the kubelet stays down until it is started by hand."
                             : " It was still failing at the end of the node's logs: the node cannot run pods.";
    step(m, inc, gaveUp, "systemd stops restarting the kubelet");
    if (gap) {
        step(m, inc, gap->declaredBy != kNoEvent ? gap->declaredBy : gap->beforeEvent,
             "no heartbeat from " + name + " past the grace period");
        aftermath += " The control plane lost its heartbeats from " + clockText(gap->start) + ".";
    }
    if (recovered)
        step(m, inc, *recovered, "kubelet starts and stays up");
    m.text["aftermath"] = aftermath;
    finishMatch(m);
    return m;
}

} // namespace

std::vector<RuleMatch> kubeletStartFailure(const Analysis &a)
{
    const Incident &inc = *a.incident;
    std::vector<RuleMatch> out;
    for (const auto &[node, marks] : marksByNode(a)) {
        const std::vector<Exit> exits = exitsOf(a, node, marks);
        for (std::size_t i = 0; i < exits.size();) {
            // A loop: exits each soon after its start; the first of a log that begins inside it
            // counts when more follow.
            // The log's first exit, of a run it shows neither start nor end of, joins the
            // failures after it: systemd's counter says they came before it too.
            std::size_t j = i;
            while (j < exits.size() && (failedStartUp(inc, exits[j]) || (j == 0 && ofAnUnseenRun(exits[j]))))
                ++j;
            if (j == i) {
                ++i;
                continue;
            }
            const std::vector<Exit> loop(exits.begin() + std::ptrdiff_t(i), exits.begin() + std::ptrdiff_t(j));
            const bool logBeginsWithIt = i == 0;
            i = j;
            // systemd's counter says more restarts than the logs show: only of a loop the logs
            // begin with (before it, an exit the logs show may be what it counted). systemd's
            // giving up says so too: its start limit (5 starts in 10 s by default) was reached.
            const bool counted =
                (logBeginsWithIt && std::any_of(loop.begin(), loop.end(), [](const Exit &x) { return x.restartCount >= 2; }))
                || systemdGaveUp(marks, loop.back().event) != kNoEvent;
            const auto failed = std::count_if(loop.begin(), loop.end(), [&](const Exit &x) { return failedStartUp(inc, x); });
            if (failed == 0 || (loop.size() < 2 && !counted))
                continue;
            const Timestamp from = loop.front().startedAt.value_or(inc.event(loop.front().event).time);
            const Timestamp to = inc.event(loop.back().event).time;
            if (explainedElsewhere(a, node, loop, from, to))
                continue;
            // A loop the kubelet came out of, with the node never lost, is a wait (kubeadm's
            // kubelet loops until `kubeadm init` or `join` writes its config) or a slip fixed in time.
            const auto recovered = recoveryAfter(a, node, marks, loop.back().event);
            const HeartbeatGap *gap = gapPastGraceDuring(a.facts, node, from, recovered ? inc.event(*recovered).time : to + kStartUp);
            if (recovered && !gap)
                continue;
            out.push_back(describeLoop(a, node, loop, recovered, gap, systemdGaveUp(marks, loop.back().event)));
        }
    }
    return out;
}

} // namespace kubelane::core
