#include "componentpanic.h"

#include "../dumps/goroutinedumpparser.h"
#include "../facts/factcontext.h"
#include "../format/envelopes.h"
#include "../format/sourceidentity.h"
#include "../model/nearbyevents.h"
#include "../util/textscan.h"
#include "matchsteps.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <deque>
#include <map>

namespace kubelane::core {

namespace {

// Panics of one process this close together are one incident (a crash loop).
constexpr Duration kSameIncident = Duration::fromSeconds(3600);
// How far after a panic the component's next start belongs to it.
constexpr Duration kRestartWindow = Duration::fromSeconds(600);
constexpr std::size_t kMaxPanicText = 160;
// A process that logs this long after its panic, with no start between, lived through it.
constexpr Duration kWentOn = Duration::fromSeconds(5);
// Go's mark on a panic a deferred function panicked again with: " [recovered]", and from Go 1.25
// " [recovered, repanicked]" (golang/go#76099).
constexpr std::string_view kRecovered = " [recovered";

std::string_view trimmedLine(std::string_view line)
{
    while (!line.empty() && (line.front() == ' ' || line.front() == '\t'))
        line.remove_prefix(1);
    while (!line.empty() && (line.back() == ' ' || line.back() == '\r'))
        line.remove_suffix(1);
    return line;
}

// Frames of the panic's own handling: HandleCrash and logPanic (apimachinery's util/runtime,
// vendored or not, and pkg/util before it), panic() and Go's runtime (sigpanic, panicmem).
bool handlesThePanic(std::string_view function)
{
    return function == "panic" || function.starts_with("runtime.")
        || function.find("apimachinery/pkg/util/runtime.") != std::string_view::npos
        || function.find("/pkg/util/runtime.") != std::string_view::npos;
}

bool handlesThePanicAt(std::string_view file)
{
    return file.find("/pkg/util/runtime/") != std::string_view::npos || file.find("/src/runtime/") != std::string_view::npos
        || file.find("/go/src/runtime/") != std::string_view::npos || file.ends_with("/pkg/util/util.go")
        || file.find("/runtime/asm_") != std::string_view::npos;
}

std::string_view baseName(std::string_view path)
{
    return path.substr(path.find_last_of('/') + 1);
}

// A klog line's own panic text: the "(%v)" that "%#v (%v)" ends with, which reads better than
// Go's syntax of the value ("&runtime.TypeAssertionError{...}", "runtime.boundsError{...}");
// the whole text when it has no such ending (the structured panic= value).
std::string shortPanic(std::string_view text, bool goSyntaxFirst)
{
    if (goSyntaxFirst && text.ends_with(')')) {
        int depth = 0;
        for (std::size_t i = text.size(); i-- > 0;) {
            depth += text[i] == ')' ? 1 : text[i] == '(' ? -1 : 0;
            if (depth == 0) {
                if (i >= 1 && text[i - 1] == ' ')
                    text = text.substr(i + 1, text.size() - i - 2);
                break;
            }
        }
    }
    if (text.size() <= kMaxPanicText)
        return std::string(text);
    return std::string(text::cutUtf8(text, kMaxPanicText)) + "…";
}

// Recovered by design, no crash: the apiserver's timeout filter panics to abort a request it
// has answered (1.8 "kill connection/stream", 1.9-1.20 "killing connection/stream because
// serving request timed out and response had been started"), and net/http's sentinel
// http.ErrAbortHandler. A process that runs the apiserver with the rest (k3s) logs them too.
bool abortsARequest(std::string_view panicText)
{
    return panicText.find("connection/stream") != std::string_view::npos
        || panicText.find("net/http: abort Handler") != std::string_view::npos;
}

// A panic in a goroutine that serves an HTTP request: net/http's server recovers it (after
// the apiserver's WithPanicRecovery has logged it) and goes on serving; only that request
// fails. Its frames, in a goroutine trace or in the callers' list of files.
bool servesARequest(std::string_view stack)
{
    for (std::size_t pos = 0; pos < stack.size();) {
        const std::size_t end = std::min(stack.find('\n', pos), stack.size());
        const std::string_view line = trimmedLine(stack.substr(pos, end - pos));
        pos = end + 1;
        if (line.starts_with("created by ")) // the goroutine's parent: its own stack is not a handler's
            continue;
        for (const std::string_view frame : {"net/http.(*conn).serve", ".(*serverConn).runHandler", "/net/http/server.go:",
                                             "/http2/server.go:", "apiserver/pkg/server/filters", "apiserver/pkg/endpoints/handlers"})
            if (line.find(frame) != std::string_view::npos)
                return true;
    }
    return false;
}

// The stack HandleCrash logged with the panic: on the lines after it in text forms (without
// their envelopes), in the stacktrace value of a klog JSON record (1.30+), or inside the
// message of an older record.
std::string stackOf(const Incident &inc, const Event &e)
{
    const std::string_view raw = inc.rawText(e);
    if (raw.find('\n') != std::string_view::npos)
        return withoutContinuationEnvelopes(raw, inc.sources[e.source].format);
    if (const std::size_t open = raw.find('{'); open != std::string_view::npos && raw.find("\"stacktrace\"") != std::string_view::npos) {
        const auto record = nlohmann::json::parse(raw.substr(open), nullptr, false);
        if (record.is_object() && record.contains("stacktrace") && record["stacktrace"].is_string())
            return record["stacktrace"].get<std::string>();
    }
    return std::string(inc.message(e));
}

// The component's next start on the same machine after `after`, within kRestartWindow.
EventIndex nextStart(const Analysis &a, const Event &panic, Timestamp after)
{
    const Incident &inc = *a.incident;
    const CodeTypes &t = codeTypesOf(inc);
    for (const EventIndex i : a.eventIndex.ofAnyType({t.controllerStart, t.componentStart, t.kubeletStart})) {
        const Event &e = inc.event(i);
        if (e.time > after && e.time <= after + kRestartWindow && inc.componentNameOf(e) == inc.componentNameOf(panic)
            && inc.sources[e.source].machine() == inc.sources[panic.source].machine())
            return i;
    }
    return kNoEvent;
}

// Go's own report as HandleCrash panics again and the process dies: "panic: ... [recovered]"
// at the margin, after the logged line (a continuation of it in a klog text file, a line of
// its own inside a container log's or a journal's envelope).
bool diesWithGoReport(const Incident &inc, EventIndex panicIndex, std::string_view stack)
{
    if (stack.find("\npanic: ") != std::string_view::npos && stack.find(kRecovered) != std::string_view::npos)
        return true;
    const Event &panic = inc.event(panicIndex);
    const auto goReport = [&](const Event &e) {
        return e.source == panic.source && inc.message(e).starts_with("panic: ")
            && inc.message(e).find(kRecovered) != std::string_view::npos;
    };
    return nearestWhere(inc, panicIndex, Toward::Later, panic.time + Duration::fromSeconds(2), goReport) != kNoEvent;
}

// A line of the same process more than kWentOn after the panic, before `until` (its next
// start): the process recovered (the kubelet sets HandleCrash's ReallyCrash off). The process
// id its lines name tells a restart in the same journal apart where no start line is typed.
EventIndex wentOnAfter(const Incident &inc, EventIndex panicIndex, Timestamp until)
{
    const Event &panic = inc.event(panicIndex);
    const auto laterLine = [&](const Event &e) { return e.source == panic.source && e.time - panic.time > kWentOn; };
    const EventIndex next = nearestWhere(inc, panicIndex, Toward::Later, until - Duration{1} /* before the start, not at it */, laterLine);
    if (next == kNoEvent)
        return kNoEvent;
    const std::uint64_t pid = processIdOnLine(inc.rawText(panic)), linePid = processIdOnLine(inc.rawText(inc.event(next)));
    return pid == 0 || linePid == 0 || linePid == pid ? next : kNoEvent;
}

// What became of the process after a panic: it died (Go's report, a restart, its log ends
// right there) or it went on. Sets m's "outcome" text and its "exited" number.
void afterThePanic(const Analysis &a, EventIndex panicIndex, std::string_view stack, RuleMatch &m)
{
    const Incident &inc = *a.incident;
    const Event &panic = inc.event(panicIndex);
    const bool goReport = diesWithGoReport(inc, panicIndex, stack);
    const EventIndex start = nextStart(a, panic, panic.time);
    const Timestamp until = start != kNoEvent ? inc.event(start).time : panic.time + kRestartWindow;
    const EventIndex wentOn = goReport ? kNoEvent : wentOnAfter(inc, panicIndex, until);
    const std::string died = goReport ? " The process then died: Go's own \"panic: ... [recovered]\" follows the line." : "";
    m.numbers["exited"] = wentOn == kNoEvent;
    if (wentOn != kNoEvent) {
        const Duration later = inc.event(wentOn).time - panic.time;
        step(m, inc, wentOn, componentOnMachine(inc, panic) + " goes on, " + formatDuration(later) + " later, in the same process");
        m.text["outcome"] = " The process went on (the same process logs again " + formatDuration(later)
            + " later): HandleCrash let it live (the kubelet, and the distributions that run it in one process, turn its"
              " ReallyCrash off), so only the loop that panicked lost that pass. It runs again, and a panic that comes back"
              " there each time is a loop that never completes.";
        return;
    }
    const std::string stops = " By default HandleCrash then panics again: the process exits and its supervisor (the kubelet for a"
                              " static pod, systemd for a service) starts it again, and until then everything it runs stops (all of"
                              " a controller manager's controllers, a scheduler's scheduling, a kubelet's pod syncs).";
    if (start != kNoEvent) {
        const Duration later = inc.event(start).time - panic.time;
        step(m, inc, start, componentOnMachine(inc, panic) + " starts again, " + formatDuration(later) + " later");
        m.text["outcome"] =
            stops + died + " It started again " + formatDuration(later) + " later, at " + clockText(inc.event(start).time) + ".";
        return;
    }
    // A log cut there (a paste, a collection) reads the same as a process that exited.
    const Duration rest = inc.sources[panic.source].last - panic.time;
    const std::string ends = rest <= Duration{} ? " Its log ends with the panic."
        : rest <= kWentOn                       ? " Its log ends " + formatDuration(rest) + " after it."
                                                : "";
    // (A later line of another process of it, with no start line typed, is a restart: it died.)
    if (!goReport && rest <= kWentOn && letsPanicsLive(inc.componentNameOf(panic))) {
        m.numbers["exited"] = 0;
        m.text["outcome"] = ends
            + " That is too soon to tell whether the process lived: the kubelet (and the distributions that run"
              " it in one process) turn HandleCrash's ReallyCrash off, and go on unless Go's own report of"
              " the panic follows.";
        return;
    }
    m.text["outcome"] = stops + died + ends;
}

// Go's runtime writes its report without a header: a klog line saying "panic: ..." is a
// component's message about a panic it recovered (klog.Errorf("panic: %v", r)).
bool atTheMargin(const Incident &inc, const Event &e)
{
    return inc.fileOf(e) == kNoString;
}

// A Go report that HandleCrash's line (of the same source, at most 2 s before) stands for.
bool loggedByHandleCrash(const Incident &inc, EventIndex crashIndex)
{
    const Event &crash = inc.event(crashIndex);
    if (inc.message(crash).find(kRecovered) == std::string_view::npos)
        return false; // a fatal error, or another panic: a crash of its own
    const EventTypeId handled = codeTypesOf(inc).componentPanic;
    const auto handleCrashLine = [&](const Event &e) { return e.source == crash.source && e.type == handled; };
    return nearestWhere(inc, crashIndex, Toward::Earlier, crash.time - Duration::fromSeconds(2), handleCrashLine) != kNoEvent;
}

// A kubelet that dies before it is up (its start line, no "Started kubelet" or registration
// since): kubelet-start-failure's finding, which names the same panic as the exit's cause.
// The kubelet's unit exits within 10 s of its crash (the exit kubelet-start-failure reads).
bool exitFollows(const Analysis &a, EventIndex crashIndex)
{
    const Incident &inc = *a.incident;
    const Event &crash = inc.event(crashIndex);
    const EventTypeId unitExit = codeTypesOf(inc).unitExit;
    const auto kubeletExit = [&](const Event &e) {
        return e.type == unitExit && inc.nodeOf(e) == inc.nodeOf(crash) && isKubeletUnit(inc, a.keys, e);
    };
    return nearestWhere(inc, crashIndex, Toward::Later, crash.time + Duration::fromSeconds(10), kubeletExit) != kNoEvent;
}

bool kubeletStartingUp(const Analysis &a, EventIndex crashIndex)
{
    const Incident &inc = *a.incident;
    const Event &crash = inc.event(crashIndex);
    if (inc.componentNameOf(crash) != "kubelet" || inc.nodeOf(crash) == kNoString)
        return false;
    const CodeTypes &t = codeTypesOf(inc);
    const auto kubeletLine = [&](const Event &e) { return inc.componentOf(e) == inc.componentOf(crash); };
    const auto upOrStarting = [&](const Event &e) { // the kubelet up, or a start of it
        if (inc.nodeOf(e) != inc.nodeOf(crash))
            return false;
        return (kubeletLine(e) && (e.type == t.kubeletStarted || e.type == t.nodeRegistered || e.type == t.kubeletStart))
            || (e.type == t.unitStarted && isKubeletUnit(inc, a.keys, e));
    };
    const EventIndex last = nearestWhere(inc, crashIndex, Toward::Earlier, crash.time - kRestartWindow, upOrStarting);
    if (last == kNoEvent)
        return false;
    const Event &e = inc.event(last);
    const bool up = kubeletLine(e) && (e.type == t.kubeletStarted || e.type == t.nodeRegistered);
    return !up && exitFollows(a, crashIndex);
}

// The same process logs on after a go.crash, with no start of it between.
bool livesOn(const Analysis &a, EventIndex crashIndex)
{
    const Event &crash = a.incident->event(crashIndex);
    const EventIndex start = nextStart(a, crash, crash.time);
    const Timestamp until = start != kNoEvent ? a.incident->event(start).time : crash.time + kRestartWindow;
    return wentOnAfter(*a.incident, crashIndex, until) != kNoEvent;
}

// A process Go's runtime ended: it exited; whether it started again.
void afterACrash(const Analysis &a, EventIndex crashIndex, RuleMatch &m)
{
    const Incident &inc = *a.incident;
    const Event &crash = inc.event(crashIndex);
    m.numbers["exited"] = 1;
    m.text["outcome"] = "";
    if (const EventIndex start = nextStart(a, crash, crash.time); start != kNoEvent) {
        const Duration later = inc.event(start).time - crash.time;
        step(m, inc, start, componentOnMachine(inc, crash) + " starts again, " + formatDuration(later) + " later");
        m.text["outcome"] = " It started again " + formatDuration(later) + " later, at " + clockText(inc.event(start).time) + ".";
    }
}

// A call line a terminal or a page cut in two (kubernetes#137993's arguments): the call reads
// whole with the line under it, which is no location line. The frame's views point into
// `joined`.
bool parseCutFrameCall(std::string_view line, std::string_view under, std::deque<std::string> &joined, StackFrame &frame)
{
    if (line.empty() || line.back() == ')' || line.find('(') == std::string_view::npos || under.empty() || parseFrameLocation(under, frame))
        return false;
    return parseFrameCall(joined.emplace_back(std::string(line) + std::string(under)), frame);
}

} // namespace

std::string panicSite(std::string_view stack)
{
    // The trace's frames in order (a call line, then its location line), or the callers' list.
    std::vector<StackFrame> frames;
    std::deque<std::string> joinedCalls; // the frames' views of calls read across a cut
    auto nextLine = [&](std::size_t &pos) {
        const std::size_t end = std::min(stack.find('\n', pos), stack.size());
        const std::string_view line = trimmedLine(stack.substr(pos, end - pos));
        pos = end + 1;
        return line;
    };
    for (std::size_t pos = 0; pos < stack.size();) {
        const std::string_view line = nextLine(pos);
        StackFrame frame;
        if (parseFrameCall(line, frame)) {
            frames.push_back(frame);
        } else if (std::size_t afterCut = pos; afterCut < stack.size() && parseCutFrameCall(line, nextLine(afterCut), joinedCalls, frame)) {
            frames.push_back(frame);
            pos = afterCut;
        } else if (!frames.empty() && frames.back().line == 0 && parseFrameLocation(line, frame))
            frames.back().file = frame.file, frames.back().line = frame.line;
        else if (frames.empty() && isGoCallerLine(line) && !handlesThePanicAt(line))
            return std::string(baseName(line));
    }
    // The frame that panicked is the first one below panic(); without that frame, the first
    // one outside the handling.
    auto start = std::find_if(frames.begin(), frames.end(), [](const StackFrame &f) { return f.function == "panic"; });
    start = start == frames.end() ? frames.begin() : start + 1;
    const auto culprit = std::find_if(start, frames.end(), [](const StackFrame &f) { return !handlesThePanic(f.function); });
    if (culprit == frames.end())
        return {};
    std::string site(baseName(culprit->function));
    if (culprit->line != 0)
        site += " (" + std::string(baseName(culprit->file)) + ":" + std::to_string(culprit->line) + ")";
    return site;
}

std::vector<RuleMatch> componentPanic(const Analysis &a)
{
    const Incident &inc = *a.incident;
    const CodeTypes &types = codeTypesOf(inc);
    std::vector<RuleMatch> out;
    std::map<std::string, std::size_t> lastOfSubject; // subject text -> its match in out
    std::vector<EventIndex> panics = a.eventIndex.ofAnyType({types.componentPanic, types.goCrash});
    std::sort(panics.begin(), panics.end());
    for (const EventIndex i : panics) {
        const Event &e = inc.event(i);
        const bool goCrash = e.type == types.goCrash;
        const std::string_view component = inc.componentNameOf(e);
        std::string_view panicText = inc.field(e, a.keys.panic);
        if (!isKubernetesProcess(component) || abortsARequest(panicText))
            continue;
        // Go's report after HandleCrash's line is the same panic, read with that line.
        if (goCrash && (loggedByHandleCrash(inc, i) || kubeletStartingUp(a, i) || !atTheMargin(inc, e)))
            continue;
        // A child process that shares the component's stderr (a runtime's shim, an exec
        // credential plugin) panics and the component logs on: not the component's crash.
        if (goCrash && livesOn(a, i))
            continue;
        const std::string stack = stackOf(inc, e);
        if (!goCrash && servesARequest(stack))
            continue;
        std::string site = panicSite(stack);
        // Without a stack, an apiserver's panic is most likely a request's, which it survives.
        if (!goCrash && site.empty() && component == "kube-apiserver")
            continue;
        if (const std::size_t mark = panicText.find(kRecovered); mark != std::string_view::npos)
            panicText = panicText.substr(0, mark);
        const Subject subject = Subject::ofComponent(component, inc.sources[e.source].machine());
        if (auto it = lastOfSubject.find(subject.text()); it != lastOfSubject.end() && e.time - out[it->second].end <= kSameIncident) {
            RuleMatch &m = out[it->second];
            m.numbers["panics"] += 1;
            m.text["repeats"] = " This happened " + std::to_string(int(m.numbers["panics"])) + " times, from " + clockText(m.start) + " to "
                + clockText(e.time) + ", each within " + formatDuration(kSameIncident) + " of the last.";
            if (m.chain.size() < 8)
                step(m, inc, i, (goCrash ? "crashes again" : "panics again") + (site.empty() ? std::string() : " in " + site));
            else
                addEvidence(m, i);
            if (goCrash && m.numbers["exited"] == 0) {
                m.numbers["exited"] = 1;
                m.text["outcome"] +=
                    " Then Go's runtime ended the process at " + clockText(e.time) + ": " + shortPanic(panicText, false) + ".";
            }
            m.end = e.time;
            continue;
        }
        RuleMatch m;
        m.subject = subject;
        m.start = m.end = e.time;
        m.text["component"] = componentOnMachine(inc, e);
        // "%#v (%v)": the (%v) reads better; a go.crash's or a structured panic= text is its %v.
        m.text["panic"] = shortPanic(panicText, !goCrash && inc.message(e).starts_with("Observed a panic: "));
        m.text["site"] = site.empty() ? "" : " in " + site;
        m.text["what"] = goCrash ? "crashed" : "panicked";
        m.text["happened"] = goCrash ? "Go's runtime ended " + m.text["component"] + " (" + m.text["panic"] + ")" + m.text["site"]
                + ", with no HandleCrash line before it: a panic in a goroutine nothing recovers, or a fatal error nothing can"
                  " recover (concurrent map writes, out of memory). The process exits, whatever its settings."
                                     : "A goroutine of " + m.text["component"] + " panicked (" + m.text["panic"] + ")" + m.text["site"]
                + ", and apimachinery's HandleCrash logged it with its stack.";
        m.text["repeats"] = "";
        m.numbers["panics"] = 1;
        step(m, inc, i, (goCrash ? "crashes" : "panics") + (site.empty() ? std::string() : " in " + site) + ": " + m.text["panic"]);
        if (goCrash)
            afterACrash(a, i, m);
        else
            afterThePanic(a, i, stack, m);
        lastOfSubject[subject.text()] = out.size();
        out.push_back(std::move(m));
    }
    for (RuleMatch &m : out)
        finishMatch(m);
    return out;
}

} // namespace kubelane::core
