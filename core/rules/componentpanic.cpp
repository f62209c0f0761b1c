#include "componentpanic.h"

#include "../dumps/goroutinedumpparser.h"
#include "../facts/factcontext.h"
#include "../format/envelopes.h"
#include "matchsteps.h"

#include <algorithm>
#include <map>

namespace kubelane::core {

namespace {

// Panics of one process this close together are one incident (a crash loop).
constexpr Duration kSameIncident = Duration::fromSeconds(3600);
// How far after a panic the component's next start belongs to it.
constexpr Duration kRestartWindow = Duration::fromSeconds(600);
constexpr std::size_t kMaxPanicText = 160;

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

// "/go/src/k8s.io/kubernetes/pkg/controller/node/scheduler/taint_controller.go:287" of the
// callers' list that 1.4-1.x print after "Observed a panic": the file and line alone.
bool isCallerLine(std::string_view line)
{
    const std::size_t colon = line.rfind(':');
    if (!line.starts_with('/') || colon == std::string_view::npos || colon + 1 == line.size())
        return false;
    const std::string_view number = line.substr(colon + 1);
    return std::all_of(number.begin(), number.end(), [](char c) { return c >= '0' && c <= '9'; })
        && (line.substr(0, colon).ends_with(".go") || line.substr(0, colon).ends_with(".s"));
}

std::string_view baseName(std::string_view path)
{
    return path.substr(path.find_last_of('/') + 1);
}

// A klog line's own panic text, without the quoting "%q (%v)" doubles: "invalid memory address
// or nil pointer dereference".
std::string shortPanic(std::string_view text)
{
    if (const std::size_t open = text.find(" ("); text.starts_with('"') && open != std::string_view::npos && text.ends_with(')'))
        text = text.substr(open + 2, text.size() - open - 3);
    std::string out(text.substr(0, kMaxPanicText));
    return text.size() > kMaxPanicText ? out + "…" : out;
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
    for (const std::string_view frame : {"net/http.(*conn).serve", ".(*serverConn).runHandler", "/net/http/server.go:", "/http2/server.go:",
                                         "apiserver/pkg/server/filters", "apiserver/pkg/endpoints/handlers"})
        if (stack.find(frame) != std::string_view::npos)
            return true;
    return false;
}

std::string where(const Incident &inc, const Event &e)
{
    const std::string_view machine = inc.sources[e.source].machine();
    return std::string(inc.componentNameOf(e)) + (machine.empty() ? "" : " on " + std::string(machine));
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

// Whether the process came back after its first panic, or its log stops there.
std::string afterThePanic(const Analysis &a, EventIndex panicIndex, RuleMatch &m)
{
    const Incident &inc = *a.incident;
    const Event &panic = inc.event(panicIndex);
    if (const EventIndex start = nextStart(a, panic, panic.time); start != kNoEvent) {
        const Duration later = inc.event(start).time - panic.time;
        step(m, inc, start, where(inc, panic) + " starts again, " + formatDuration(later) + " later");
        return " It started again " + formatDuration(later) + " later, at " + clockText(inc.event(start).time) + ".";
    }
    // A log cut there (a paste, a collection) reads the same as a process that exited.
    const Duration rest = inc.sources[panic.source].last - panic.time;
    if (rest < Duration::fromSeconds(1))
        return " Its log ends with the panic.";
    return rest <= Duration::fromSeconds(5) ? " Its log ends " + formatDuration(rest) + " after it." : "";
}

} // namespace

std::string panicSite(std::string_view stack)
{
    // The trace's frames in order (a call line, then its location line), or the callers' list.
    std::vector<StackFrame> frames;
    for (std::size_t pos = 0; pos < stack.size();) {
        const std::size_t end = std::min(stack.find('\n', pos), stack.size());
        const std::string_view line = trimmedLine(stack.substr(pos, end - pos));
        pos = end + 1;
        StackFrame frame;
        if (parseFrameCall(line, frame))
            frames.push_back(frame);
        else if (!frames.empty() && frames.back().line == 0 && parseFrameLocation(line, frame))
            frames.back().file = frame.file, frames.back().line = frame.line;
        else if (frames.empty() && isCallerLine(line) && !handlesThePanicAt(line))
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
    std::vector<RuleMatch> out;
    std::map<std::string, std::size_t> lastOfSubject; // subject text -> its match in out
    for (const EventIndex i : a.eventIndex.ofType(codeTypesOf(inc).componentPanic)) {
        const Event &e = inc.event(i);
        const std::string_view component = inc.componentNameOf(e);
        const std::string_view panicText = inc.field(e, a.keys.panic);
        if (component.empty() || abortsARequest(panicText))
            continue;
        // Text forms log the stack on the lines after the panic's; klog JSON inside the message.
        const std::string_view raw = inc.rawText(e);
        const std::string stack = raw.find('\n') != std::string_view::npos ? withoutContinuationEnvelopes(raw, inc.sources[e.source].format)
                                                                           : std::string(inc.message(e));
        if (servesARequest(stack))
            continue;
        std::string site = panicSite(stack);
        // Without a stack, an apiserver's panic is most likely a request's, which it survives.
        if (site.empty() && component == "kube-apiserver")
            continue;
        const Subject subject = Subject::ofComponent(component, inc.sources[e.source].machine());
        if (auto it = lastOfSubject.find(subject.text()); it != lastOfSubject.end() && e.time - out[it->second].end <= kSameIncident) {
            RuleMatch &m = out[it->second];
            m.numbers["panics"] += 1;
            m.text["repeats"] = " It panicked " + std::to_string(int(m.numbers["panics"])) + " times, from " + clockText(m.start) + " to "
                + clockText(e.time) + ", each within " + formatDuration(kSameIncident) + " of the last.";
            if (m.chain.size() < 8)
                step(m, inc, i, "panics again" + (site.empty() ? std::string() : " in " + site));
            else
                addEvidence(m, i);
            m.end = e.time;
            continue;
        }
        RuleMatch m;
        m.subject = subject;
        m.start = m.end = e.time;
        m.text["component"] = where(inc, e);
        m.text["panic"] = shortPanic(panicText);
        m.text["site"] = site.empty() ? "" : " in " + site;
        m.text["repeats"] = "";
        m.numbers["panics"] = 1;
        step(m, inc, i, "panics" + (site.empty() ? std::string() : " in " + site) + ": " + m.text["panic"]);
        m.text["restart"] = afterThePanic(a, i, m);
        lastOfSubject[subject.text()] = out.size();
        out.push_back(std::move(m));
    }
    for (RuleMatch &m : out)
        finishMatch(m);
    return out;
}

} // namespace kubelane::core
