#include "kubeletstartfailure.h"

#include "../facts/factcontext.h"
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

enum class Mark { Start, Exit, RestartCount };

struct NodeMark {
    EventIndex event;
    Mark kind;
};

struct Exit {
    EventIndex event = kNoEvent; // systemd's exit, else the kubelet's fatal line
    EventIndex cause = kNoEvent; // what the kubelet said last before it
    std::optional<Timestamp> startedAt;
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
    for (const EventIndex i : a.eventIndex.ofAnyType({t.kubeletStart, t.unitStarted, t.unitExit, t.kubeletFatal, t.restartScheduled})) {
        const Event &e = inc.event(i);
        const StringId node = inc.nodeOf(e);
        if (node == kNoString)
            continue;
        const bool kubeletLine = kubelet != kNoString && inc.componentOf(e) == kubelet;
        std::optional<Mark> kind;
        if (e.type == t.kubeletStart && kubeletLine)
            kind = Mark::Start;
        else if (e.type == t.kubeletFatal && kubeletLine)
            kind = Mark::Exit;
        else if (e.type == t.unitStarted && isKubeletUnit(inc, a.keys, e))
            kind = Mark::Start;
        else if (e.type == t.unitExit && isKubeletUnit(inc, a.keys, e) && !isCleanExit(inc.field(e, a.keys.exitStatus)))
            kind = Mark::Exit;
        else if (e.type == t.restartScheduled && isKubeletUnit(inc, a.keys, e))
            kind = Mark::RestartCount;
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
    std::vector<Exit> exits;
    std::optional<Timestamp> startedAt; // the first word of a start since the last exit
    bool startedSinceExit = false;
    for (const NodeMark &m : marks) {
        const Event &e = inc.event(m.event);
        if (m.kind == Mark::Start) {
            // systemd's "Started" is a new process whatever came before (a clean stop leaves no
            // exit); the kubelet's own first line starts one where the log has no systemd lines.
            if (!startedSinceExit || e.type == codeTypesOf(inc).unitStarted)
                startedAt = e.time;
            startedSinceExit = true;
        } else if (m.kind == Mark::RestartCount) {
            if (!exits.empty())
                exits.back().restartCount = std::max<std::uint64_t>(
                    exits.back().restartCount, std::strtoull(std::string(inc.field(e, a.keys.count)).c_str(), nullptr, 10));
        } else if (!exits.empty() && !startedSinceExit && e.time - inc.event(exits.back().event).time <= kSameExit) {
            // The same exit. systemd's stamp has whole seconds in a short journal, so the
            // kubelet's fatal line may come after it: its cause is read from the later line.
            Exit &x = exits.back();
            x.cause = causeOf(inc, std::max(x.event, m.event), node, x.startedAt);
            if (e.type == codeTypesOf(inc).unitExit)
                x.event = m.event;
        } else {
            Exit x;
            x.event = m.event;
            x.startedAt = startedSinceExit ? startedAt : std::nullopt;
            x.cause = causeOf(inc, m.event, node, x.startedAt);
            exits.push_back(x);
            startedSinceExit = false;
            startedAt.reset();
        }
    }
    return exits;
}

bool failedStartUp(const Incident &inc, const Exit &x)
{
    return x.startedAt && inc.event(x.event).time - *x.startedAt < kStartUp;
}

// Whether a kubelet started after `after` ran past its start-up: a line of it kStartUp after
// its start, before any exit.
std::optional<EventIndex> recoveryAfter(const Analysis &a, StringId node, const std::vector<NodeMark> &marks, EventIndex after)
{
    const Incident &inc = *a.incident;
    const StringId kubelet = inc.strings.find("kubelet");
    auto it = std::find_if(marks.begin(), marks.end(), [&](const NodeMark &m) { return m.event > after && m.kind == Mark::Start; });
    if (it == marks.end())
        return std::nullopt;
    const Timestamp ranFrom = inc.event(it->event).time + kStartUp;
    const auto nextExit = std::find_if(it, marks.end(), [](const NodeMark &m) { return m.kind == Mark::Exit; });
    if (nextExit != marks.end())
        return inc.event(nextExit->event).time >= ranFrom ? std::optional(it->event) : std::nullopt;
    for (std::size_t j = it->event.index(); j < inc.events.size(); ++j) {
        const Event &e = inc.events[j];
        if (e.time >= ranFrom && inc.componentOf(e) == kubelet && inc.nodeOf(e) == node)
            return it->event;
    }
    return std::nullopt;
}

const HeartbeatGap *gapDuring(const Facts &f, StringId node, Timestamp from, Timestamp to)
{
    for (const HeartbeatGap &g : f.gaps)
        if (g.node == node && g.exceedsGrace && g.end >= from && g.start <= to)
            return &g;
    return nullptr;
}

// A loop another rule names more closely: the kubelet exiting on a sandbox that is gone
// (sandbox-missing) or on its expired client certificate (kubelet-client-cert-expired).
bool explainedElsewhere(const Analysis &a, StringId node, const std::vector<Exit> &loop, Timestamp from, Timestamp to);

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

// A quoted Go string's text from its first character on, to its closing quote: escapes read
// (a tab or a newline as a space).
std::string unquoted(std::string_view quoted)
{
    std::string out;
    for (std::size_t i = 0; i < quoted.size() && quoted[i] != '"'; ++i) {
        if (quoted[i] != '\\' || i + 1 == quoted.size()) {
            out += quoted[i];
            continue;
        }
        const char escaped = quoted[++i];
        out += escaped == 't' || escaped == 'n' ? ' ' : escaped;
    }
    return out;
}

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
    std::string_view message = inc.message(e);
    const std::string_view raw = inc.rawText(e);
    std::string text;
    if (const std::size_t at = raw.find(" err=\""); at != std::string_view::npos) {
        // A message the parse left quoted (a line cut short) still holds its pairs.
        if (message.starts_with('"'))
            message = message.substr(1, message.find('"', 1) - 1);
        text = std::string(message) + ": " + unquoted(raw.substr(at + 6));
    } else {
        text = std::string(message);
    }
    // One space for a run of them (/proc/swaps' columns, a tab escaped as a space).
    text.erase(std::unique(text.begin(), text.end(), [](char a, char b) { return a == ' ' && b == ' '; }), text.end());
    constexpr std::size_t kLongest = 240;
    if (text.size() > kLongest)
        text = text.substr(0, kLongest) + "...";
    return text;
}

RuleMatch describeLoop(const Analysis &a, StringId node, const std::vector<Exit> &loop, std::optional<EventIndex> recovered,
                       const HeartbeatGap *gap)
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
        m.text["times"] += " in the logs (systemd's restart counter at " + std::to_string(counter) + ")";
    // The cause the kubelet gave last: a loop's exits mostly give one.
    EventIndex cause = kNoEvent;
    for (auto it = loop.rbegin(); it != loop.rend() && cause == kNoEvent; ++it)
        cause = it->cause;
    const std::string why = causeText(inc, cause);
    m.text["cause"] = why.empty()
        ? "it exited (" + std::string(inc.field(inc.event(last.event), a.keys.exitStatus)) + ") with no error line before"
        : why;
    step(m, inc, first.cause, "kubelet: " + (first.cause != kNoEvent ? causeText(inc, first.cause) : std::string("exits")));
    step(m, inc, first.event, "kubelet exits at start-up");
    if (loop.size() > 1) {
        step(m, inc, last.cause, "kubelet: " + why);
        step(m, inc, last.event, "kubelet exits at start-up again (" + plural(loop.size(), "exit") + ")");
    }
    std::string aftermath = recovered ? " It started and stayed up from " + clockText(inc.event(*recovered).time) + "."
                                      : " It was still failing at the end of the node's logs: the node cannot run pods.";
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
            std::size_t j = i;
            while (j < exits.size() && (failedStartUp(inc, exits[j]) || (j == 0 && !exits[j].startedAt)))
                ++j;
            if (j == i) {
                ++i;
                continue;
            }
            const std::vector<Exit> loop(exits.begin() + std::ptrdiff_t(i), exits.begin() + std::ptrdiff_t(j));
            i = j;
            const bool known = std::any_of(loop.begin(), loop.end(), [&](const Exit &x) { return failedStartUp(inc, x); });
            const bool counted = std::any_of(loop.begin(), loop.end(), [](const Exit &x) { return x.restartCount >= 2; });
            if (!known || (loop.size() < 2 && !counted))
                continue;
            const Timestamp from = loop.front().startedAt.value_or(inc.event(loop.front().event).time);
            const Timestamp to = inc.event(loop.back().event).time;
            if (explainedElsewhere(a, node, loop, from, to))
                continue;
            // A loop the kubelet came out of, with the node never lost, is a wait (kubeadm's
            // kubelet loops until `kubeadm init` or `join` writes its config) or a slip fixed in time.
            const auto recovered = recoveryAfter(a, node, marks, loop.back().event);
            const HeartbeatGap *gap = gapDuring(a.facts, node, from, recovered ? inc.event(*recovered).time : to + kStartUp);
            if (recovered && !gap)
                continue;
            out.push_back(describeLoop(a, node, loop, recovered, gap));
        }
    }
    return out;
}

} // namespace kubelane::core
