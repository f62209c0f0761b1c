#include "componentstartfailure.h"

#include "../facts/factcontext.h"
#include "../format/sourceidentity.h"
#include "../model/nearbyevents.h"
#include "../util/kubeversion.h"
#include "../util/textscan.h"
#include "matchsteps.h"

#include <algorithm>
#include <map>

namespace kubelane::core {

namespace {

// A component reads its flags and files, opens its listeners and reaches its storage within
// seconds of its version line: one that exits sooner than this after it failed its start-up.
constexpr Duration kStartUp = Duration::fromSeconds(60);
// Failed starts of one component on one machine this close together are one loop.
constexpr Duration kSameLoop = Duration::fromSeconds(3600);
// One failed start that a good one follows is a race at boot (etcd not up yet, a port the old
// instance still held): only this many in a row, or a loop the bundle never sees end, is one.
constexpr int kAttemptsOfALoop = 3;
constexpr std::size_t kMaxCauseText = 240;

// How long a process that exits stays silent after its exit line: a component that logs on
// within it did not exit (an "Error: ..." line inside a message, kubectl's own error at the end
// of `kubectl logs -f`).
constexpr Duration kSilentAfterExit = Duration::fromSeconds(5);

struct Attempt {
    EventIndex start = kNoEvent;
    EventIndex exit = kNoEvent; // kNoEvent: no exit within its start-up
    bool serving = false;       // it said it serves, or leads: its start-up was through
};

bool isStartType(EventTypeId type, const CodeTypes &t)
{
    return type == t.controllerStart || type == t.componentStart;
}

// A panic ends the process too, but it is a bug's, at any time: component-panic's. A lost
// lease too: leader-election-lost's.
bool isOtherRulesExit(EventTypeId type, const CodeTypes &t)
{
    return type == t.componentPanic || type == t.goCrash || type == t.leaderLost;
}

Subject subjectOf(const Incident &inc, const Event &e)
{
    return Subject::ofComponent(inc.componentNameOf(e), inc.sources[e.source].machine());
}

// The starts, the lines that say the start-up is through, and the exits on an error of each
// component on each machine, in time order.
std::map<std::string, std::vector<EventIndex>> marksBySubject(const Analysis &a)
{
    const Incident &inc = *a.incident;
    const CodeTypes &t = codeTypesOf(inc);
    std::map<std::string, std::vector<EventIndex>> out;
    for (const EventIndex i :
         a.eventIndex.ofAnyType({t.controllerStart, t.componentStart, t.componentExitError, t.componentServing, t.leaderAcquired}))
        if (isSingleComponentBesidesKubelet(inc.componentNameOf(inc.event(i))))
            out[subjectOf(inc, inc.event(i)).text()].push_back(i);
    // (A process of several, k3s, exits for all of them: its lines are no one component's.)
    // A klog Fatal line exits the process too (the apiserver's "Unable to create storage backend").
    for (std::size_t i = 0; i < inc.events.size(); ++i) {
        const Event &e = inc.events[i];
        if (e.severity == Severity::Fatal && e.type != t.componentExitError && !isOtherRulesExit(e.type, t)
            && isSingleComponentBesidesKubelet(inc.componentNameOf(e)))
            out[subjectOf(inc, e).text()].push_back(static_cast<EventIndex>(i));
    }
    for (auto &[key, marks] : out)
        std::sort(marks.begin(), marks.end());
    return out;
}

// A main's bare report of its command's error is the one its version prints: "error: ..." up
// to 1.9, cobra's "Error: ..." up to 1.25 (run.go's "command failed" since); another is some
// other program's line (kubectl's "error: ..." under `kubectl logs`).
bool reportFitsVersion(const Analysis &a, const Event &exit, const Event &start)
{
    const std::string_view message = a.incident->message(exit);
    const KubeVersion version = parseKubeVersion(a.incident->field(start, a.keys.version));
    if (!version.known())
        return true;
    if (message.starts_with("error: "))
        return version < KubeVersion{1, 10};
    if (message.starts_with("Error: "))
        return version < KubeVersion{1, 26};
    return true;
}

// The process ended at `exit`: its component logs nothing more in the file right after it.
bool silentAfter(const Incident &inc, EventIndex exit)
{
    const Event &e = inc.event(exit);
    const std::string_view component = inc.componentNameOf(e);
    const auto sameProcess = [&](const Event &later) {
        return later.source == e.source && inc.componentNameOf(later) == component && later.time >= e.time;
    };
    return nearestWhere(inc, exit, Toward::Later, e.time + kSilentAfterExit, sameProcess) == kNoEvent;
}

// Each start, with the exit that ended it within its start-up, if any. An exit with no start
// before it in its start-up is no start-up's (a Fatal line after hours of running), nor is one
// after the component said it serves.
std::vector<Attempt> attemptsOf(const Analysis &a, const std::vector<EventIndex> &marks)
{
    const Incident &inc = *a.incident;
    const CodeTypes &t = codeTypesOf(inc);
    std::vector<Attempt> attempts;
    for (const EventIndex i : marks) {
        const Event &e = inc.event(i);
        if (isStartType(e.type, t)) {
            attempts.push_back({i, kNoEvent, false});
            continue;
        }
        if (attempts.empty() || attempts.back().exit != kNoEvent || attempts.back().serving)
            continue;
        Attempt &attempt = attempts.back();
        const Event &start = inc.event(attempt.start);
        if (e.source != start.source || e.time - start.time > kStartUp)
            continue;
        if (e.type == t.componentServing || e.type == t.leaderAcquired)
            attempt.serving = true;
        else if (reportFitsVersion(a, e, start) && silentAfter(inc, i))
            attempt.exit = i;
    }
    return attempts;
}

// The start came up: it said it serves, or it logged on past its start-up and the component
// was not started again within it (a kill no line reports).
bool cameUp(const Incident &inc, const std::vector<Attempt> &attempts, std::size_t k)
{
    const Attempt &attempt = attempts[k];
    if (attempt.exit != kNoEvent)
        return false;
    if (attempt.serving)
        return true;
    const Event &start = inc.event(attempt.start);
    const Timestamp upBy = start.time + kStartUp;
    const bool startedAgainSoon = k + 1 < attempts.size() && inc.event(attempts[k + 1].start).time <= upBy;
    return !startedAgainSoon && inc.sources[start.source].last > upBy;
}

std::string firstLineShortened(std::string_view text)
{
    text = text.substr(0, text.find('\n'));
    if (text.size() <= kMaxCauseText)
        return std::string(text);
    return std::string(text::cutUtf8(text, kMaxCauseText)) + "...";
}

std::string causeOf(const Analysis &a, EventIndex exit)
{
    const Incident &inc = *a.incident;
    const Event &e = inc.event(exit);
    std::string_view cause = inc.field(e, a.keys.error);
    return firstLineShortened(cause.empty() ? inc.message(e) : cause);
}

// What the component complained of last before the exit, in the same attempt: the cause
// behind a bare "context deadline exceeded" (grpc's x509 error reaching etcd, whose warning
// prints the address over several lines and the error on the last: "}. Err: connection error").
std::string lastComplaint(const Analysis &a, const Attempt &attempt)
{
    const Incident &inc = *a.incident;
    const Event &exit = inc.event(attempt.exit);
    const Timestamp from = inc.event(attempt.start).time;
    const EventIndex before = nearestWhere(inc, attempt.exit, Toward::Earlier, from, [&](const Event &e) {
        return e.source == exit.source && e.severity != Severity::Fatal
            && (e.severity >= Severity::Warning || inc.message(e).find("rror") != std::string_view::npos);
    });
    if (before == kNoEvent)
        return {};
    // A message over several lines (grpc's address as a struct, read as one event in a raw
    // log) says its error on the line that names it.
    std::string_view message = inc.message(inc.event(before));
    if (const std::size_t error = message.rfind("rror"); error != std::string_view::npos && message.find('\n') < error)
        message.remove_prefix(message.rfind('\n', error) + 1);
    return firstLineShortened(message);
}

std::string startText(const Analysis &a, EventIndex start)
{
    const std::string_view version = a.incident->field(a.incident->event(start), a.keys.version);
    return version.empty() ? "starts" : "starts (" + std::string(version) + ")";
}

RuleMatch matchOf(const Analysis &a, const std::vector<Attempt> &failed, EventIndex upStart)
{
    const Incident &inc = *a.incident;
    const Event &first = inc.event(failed.front().start);
    const Event &lastExit = inc.event(failed.back().exit);
    RuleMatch m;
    m.subject = subjectOf(inc, first);
    m.start = first.time;
    m.end = lastExit.time;
    m.text["component"] = componentOnMachine(inc, first);
    m.text["cause"] = causeOf(a, failed.back().exit);
    m.text["times"] = failed.size() > 1 ? " " + std::to_string(failed.size()) + " times" : "";
    m.numbers["attempts"] = static_cast<double>(failed.size());
    m.numbers["cameUp"] = upStart != kNoEvent;
    const Duration within = lastExit.time - inc.event(failed.back().start).time;
    m.text["within"] = formatDuration(within);
    const std::string complaint = lastComplaint(a, failed.back());
    m.text["complaint"] = complaint.empty() ? "" : " Its last warning before that: " + complaint + ".";
    m.text["aftermath"] = upStart != kNoEvent
        ? " It came up at last at " + clockText(inc.event(upStart).time) + " and ran past its start-up."
        : " No start after the last one came up in the bundle: until what it exits on is fixed, the component is down.";
    for (std::size_t k = 0; k < failed.size(); ++k) {
        if (k == 0 || k + 1 == failed.size() || m.chain.size() < 6) {
            step(m, inc, failed[k].start, startText(a, failed[k].start));
            step(m, inc, failed[k].exit, "exits: " + causeOf(a, failed[k].exit));
        } else {
            addEvidence(m, failed[k].exit);
        }
    }
    if (upStart != kNoEvent)
        step(m, inc, upStart, startText(a, upStart) + " and comes up");
    finishMatch(m);
    return m;
}

} // namespace

std::vector<RuleMatch> componentStartFailure(const Analysis &a)
{
    const Incident &inc = *a.incident;
    std::vector<RuleMatch> out;
    for (const auto &[subject, marks] : marksBySubject(a)) {
        const std::vector<Attempt> attempts = attemptsOf(a, marks);
        std::vector<Attempt> failed;
        auto close = [&](EventIndex upStart) {
            if (!failed.empty() && (failed.size() >= kAttemptsOfALoop || upStart == kNoEvent))
                out.push_back(matchOf(a, failed, upStart));
            failed.clear();
        };
        for (std::size_t k = 0; k < attempts.size(); ++k) {
            const Attempt &attempt = attempts[k];
            if (attempt.exit != kNoEvent) {
                if (!failed.empty() && inc.event(attempt.start).time - inc.event(failed.back().exit).time > kSameLoop)
                    close(kNoEvent);
                failed.push_back(attempt);
            } else if (cameUp(inc, attempts, k)) {
                close(attempt.start);
            }
        }
        close(kNoEvent);
    }
    return out;
}

} // namespace kubelane::core
