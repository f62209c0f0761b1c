#include "sourceparser.h"

#include "../input/textencoding.h"

#include "../classify/codenames.h"
#include "../classify/extractors.h"
#include "../dumps/goroutinedumpparser.h"
#include "../format/envelopes.h"
#include "../format/exportrecord.h"
#include "../format/klogjson.h"
#include "../format/klogline.h"
#include "../format/lokiexport.h"
#include "../format/kubeobjects.h"
#include "../format/pastetext.h"
#include "../format/dmesg.h"
#include "../format/sourceidentity.h"
#include "../util/memorypolicy.h"
#include "../util/bytescan.h"
#include "../util/textscan.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <array>
#include <cstring>
#include <map>
#include <utility>

namespace kubelane::core {

namespace {

constexpr std::size_t kMaxStoredFieldValue = 1024;
constexpr std::size_t kMaxInternedReadValue = 64; // SourceParser::fieldOf
constexpr std::size_t kMaxDiagnosticsPerReason = 20;
// The events, times and fields tables are reserved for the whole file and mapped this many
// rows at a time ahead of the rows written (mapNextStepForWriting).
constexpr std::size_t kTableStep = 8192;

// A Go stack's function line, which a trace prints at the margin above its file line:
// "main.main", "github.com/go-logr/zapr.(*zapLogger).Error",
// "k8s.io/apimachinery/pkg/util/wait.JitterUntil(0xc000a1, 0x3b9aca00, 0x0, 0x1, 0xc0001)".
bool isGoStackFunctionLine(std::string_view line)
{
    const std::size_t open = line.find('(');
    const std::string_view name = line.substr(0, open == std::string_view::npos ? line.size() : open);
    const std::size_t dot = name.rfind('.');
    if (name.empty() || dot == std::string_view::npos || dot == 0)
        return false;
    const bool pathChars = std::all_of(name.begin(), name.end(), [](char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || text::isDigit(c) || c == '.' || c == '/' || c == '_' || c == '-';
    });
    if (!pathChars)
        return false;
    if (dot + 1 == name.size()) // "pkg.(*T).Method": a method after its receiver
        return open != std::string_view::npos && line.find(").", open) != std::string_view::npos;
    if (open == std::string_view::npos) // "main.main": a function name after the last dot
        return (name[dot + 1] >= 'a' && name[dot + 1] <= 'z') || (name[dot + 1] >= 'A' && name[dot + 1] <= 'Z');
    // A method's receiver "(*T)." or the argument list to the end of the line.
    return line.back() == ')' || line.substr(open).starts_with("(*");
}

// Lines that continue the previous entry inside wrapped formats: Go stack frames, panics'
// goroutine headers, indented wrapped text.
bool looksLikeContinuation(std::string_view payload)
{
    return payload.empty() || payload[0] == '\t' || payload[0] == ' ' || payload.starts_with("goroutine ")
        || payload.starts_with("created by ") || payload.starts_with("[signal ") || payload.starts_with("panic(");
}

// A line of a Go stack: a frame's file line ("\t/go/src/.../x.go:87 +0x5e"), its function line,
// or the stack's first lines.
// `anyFunctionLine`: also a function line without its argument list (a raw log's trace, where
// no envelope tells a program's dotted words from it; the caller then looks at the line above).
bool isGoStackLine(std::string_view line, bool anyFunctionLine = true)
{
    const bool indented = line.starts_with('\t') || line.starts_with("  "); // a tab, or spaces where a page copied one
    return (indented && line.find(".go:") != std::string_view::npos) || line.starts_with("goroutine ") || line.starts_with("panic(")
        || (anyFunctionLine && isGoStackFunctionLine(line));
}

// Go's runtime's first line as it ends the process: an unrecovered panic or a fatal error.
bool isGoRuntimeCrash(std::string_view line)
{
    return (line.starts_with("panic: ") && line.size() > 7) || (line.starts_with("fatal error: ") && line.size() > 13);
}

// A frame's call at the margin, "pkg.(*T).Method(0xc000a1b2c0)", "main.main()": with its
// argument list, unlike a dotted word ("config.yaml", "web-0.shop") a message may be.
bool isGoFrameCall(std::string_view line)
{
    return line.ends_with(')') && isGoStackFunctionLine(line);
}

// "Error: failed to create listener: ..." (cobra, for the error a command's RunE returned) or
// "error: ..." (the components' main up to 1.9), at the margin.
bool isCommandErrorReport(std::string_view line)
{
    return (line.starts_with("Error: ") || line.starts_with("error: ")) && line.size() > 7 && line[7] != ' ';
}

// spf13/pflag's "Flag --cgroup-driver has been deprecated, ..." (FlagSet.Set), without a header.
bool isPflagDeprecation(std::string_view line)
{
    return line.starts_with("Flag --") && line.find(" has been deprecated, ") != std::string_view::npos;
}

// The dates of "-- Logs begin at Mon 2020-12-07 10:00:00 CST, end at Wed 2021-08-11 ... --"
// (systemd 246+: "-- Journal begins at ..., ends at ... --"): the first two, or none.
SourceParser::JournalSpan journaldHeaderSpan(std::string_view line)
{
    SourceParser::JournalSpan span;
    if (const std::size_t begin = findDate(line, 0, span.begin); begin != std::string_view::npos)
        findDate(line, begin + 10, span.end);
    return span;
}

// The unit a systemd line is about: named first ("containerd.service: Main process exited,
// ...", "run-containerd-...-rootfs.mount: Succeeded.") or after its verb (systemd 250+:
// "Started containerd.service - containerd container runtime.", "Created slice
// kubepods-besteffort.slice - ..."); "" when it names none ("Started Kubernetes Kubelet.").
std::string_view systemdUnitOf(std::string_view message)
{
    static constexpr std::array<std::string_view, 11> kUnitTypes{".service", ".mount", ".scope", ".socket", ".slice",    ".timer",
                                                                 ".target",  ".path",  ".swap",  ".device", ".automount"};
    auto asUnit = [](std::string_view word) {
        while (word.ends_with('.') && !word.ends_with("..."))
            word.remove_suffix(1);
        if (word.ends_with("..."))
            word.remove_suffix(3);
        for (const std::string_view type : kUnitTypes)
            if (word.size() > type.size() && word.ends_with(type))
                return word;
        return std::string_view{};
    };
    if (const std::size_t colon = message.find(": ");
        colon != std::string_view::npos && colon < 256 && message.substr(0, colon).find(' ') == std::string_view::npos)
        return asUnit(message.substr(0, colon));
    std::string_view rest = message.substr(std::min(message.size(), message.find(' ') + 1));
    if (rest.starts_with("slice "))
        rest.remove_prefix(6);
    return asUnit(rest.substr(0, rest.find(' ')));
}

// A job line of systemd that names its unit by description only ("Starting Snap Daemon...",
// "Stopped kubelet: The Kubernetes Node Agent.") and whose description names no Kubernetes
// part (kubelet, Kubernetes, k3s, kubelite).
bool describesAnotherUnit(std::string_view message)
{
    std::string_view description;
    for (const std::string_view verb : {"Starting ", "Started ", "Stopping ", "Stopped ", "Reloading ", "Reloaded "})
        if (message.starts_with(verb)) {
            description = message.substr(verb.size());
            break;
        }
    if (description.empty())
        return false;
    std::string lower(description);
    std::transform(lower.begin(), lower.end(), lower.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    for (const std::string_view part : {"kube", "k3s", "k0s", "rke2", "microk8s"})
        if (lower.find(part) != std::string::npos)
            return false;
    return true;
}

// Whether two readings of one file lie within `span` of each other: exact times by their
// UTC, local readings by their calendar day and time of day (the zone is the file's, the year
// unknown but shared); a pair of one of each cannot be told apart, and passes.
bool withinOf(const PendingTime &a, const PendingTime &b, std::int64_t spanNs)
{
    if (a.exact != b.exact)
        return true;
    if (a.exact)
        return std::llabs(a.reference - b.reference) <= spanNs;
    auto onCalendar = [](const PendingTime &t) { return (std::int64_t(t.month) * 32 + t.day) * 86400 * kNsPerSecond + t.nsOfDay; };
    return std::llabs(onCalendar(a) - onCalendar(b)) <= spanNs;
}

std::uint64_t pairKey(StringId a, StringId b)
{
    return (std::uint64_t(a.value()) << 32) | b.value();
}

} // namespace

SourceParser::SourceParser(const EventTypeCatalog &types, const GoroutineMap &roles) : m_types(types), m_roles(roles)
{
    try {
        const CodeTypes &t = types.codeTypes();
        m_leaderLost = t.leaderLost;
        m_leaderRenewFailed = t.leaderRenewFailed;
        m_leaderLockError = t.leaderLockError;
    } catch (const std::runtime_error &) {
        // a catalog without the types C++ reads: no line is read for its lease
    }
    // The types whose wordings name a lease: what the catalog says, not a list kept here.
    m_namesLease.resize(types.typeCount());
    for (std::size_t i = 0; i < types.typeCount(); ++i)
        for (const EventTypePattern &p : types.type(static_cast<EventTypeId>(i)).patterns)
            if (p.re.find("(?P<lease>") != std::string::npos)
                m_namesLease[i] = true;
}

namespace {

// Formats that hold one program's lines, named by nothing in the line but its Go file.
bool holdsOneProgram(SourceFormat f)
{
    return f == SourceFormat::KlogText || f == SourceFormat::KlogJson || f == SourceFormat::CriLog || f == SourceFormat::DockerJson
        || f == SourceFormat::KubectlTimestamps;
}

} // namespace

ParsedSource SourceParser::parse(const InputFile &file, SourceId id, const SourceOverrides &overrides)
{
    SourceInput input;
    input.file = file;
    input.identity = identityFromPath(file.path);
    return parse(input, id, overrides);
}

ParsedSource SourceParser::parse(const SourceInput &input, SourceId id, const SourceOverrides &overrides)
{
    SourceInput current = input;
    if (auto named = identityFromHead(input, id, overrides))
        current.identity = std::move(*named);
    for (;;) {
        std::optional<SourceIdentity> reread;
        ParsedSource parsed = parseOnce(current, id, overrides, reread);
        if (!reread)
            return parsed;
        current.identity = std::move(*reread);
    }
}

// A log of one program whose path names none (`node1.log`, a renamed kubelet log) was read
// whole as no one's to count whose lines it holds, then whole again as that component's: twice
// the work (2.4x on a 61 MB kubelet log). Past kWholeCountUpTo, the count is taken on the first
// kHeadBytes, a few thousand lines: a program's log names its program from its first lines.
// Smaller files are still counted whole.
std::optional<SourceIdentity> SourceParser::identityFromHead(const SourceInput &input, SourceId id, const SourceOverrides &overrides)
{
    constexpr std::size_t kWholeCountUpTo = 8u << 20, kHeadBytes = 2u << 20;
    const SourceIdentity &ident = input.identity;
    const BytesPtr &bytes = input.file.bytes;
    // A time window reads a few lines of the head at most (the seek): it is no count.
    if (!overrides.component.empty() || !ident.component.empty() || ident.componentFromHeading || input.allLinesAre || !bytes
        || bytes->size() <= kWholeCountUpTo || m_window.active())
        return std::nullopt;
    const std::string_view head = bytes->substr(0, kHeadBytes);
    const std::size_t end = head.rfind('\n');
    // Only a log of one program is named by its lines and read again (a journal's lines name
    // their processes; objects, audit and export records their own).
    if (end == std::string_view::npos || !holdsOneProgram(detectLogFormat(head).format->id()))
        return std::nullopt;
    SourceInput headInput = input;
    headInput.file.bytes = makeBytes(std::string(head.substr(0, end + 1)));
    std::optional<SourceIdentity> named;
    parseOnce(headInput, id, overrides, named);
    if (named) {
        named->origin += ", from its first " + formatByteSize(end + 1); // what the user reads the guess was made on
        named->componentFromHead = true;
    }
    return named;
}

ParsedSource SourceParser::parseOnce(const SourceInput &input, SourceId id, const SourceOverrides &overrides,
                                     std::optional<SourceIdentity> &reread)
{
    const InputFile &file = input.file;
    m_out = ParsedSource{};
    m_file = FileState{};
    m_file.weakNaming = input.identity.componentFromHead ? "its first lines name " : "the folder names ";
    Source &src = m_out.source;
    src.id = id;
    src.path = file.path;
    const TextEncoding text = toUtf8(file.bytes);
    src.bytes = text.utf8;
    src.modifiedTime = file.modifiedTime;
    src.error = file.error;
    const SourceIdentity &ident = input.identity;
    src.shape = input.shape;
    src.attribution = input.attribution;
    src.component = overrides.component.empty() ? ident.component : overrides.component;
    src.node = overrides.node.empty() ? ident.node : overrides.node;
    m_out.nodeSetByUser = !overrides.node.empty();
    src.componentOrigin = !overrides.component.empty() ? "override" : ident.origin;
    if (!src.bytes)
        return std::move(m_out);

    if (input.frameLines) {
        src.lineCount += input.frameLines;
        src.nonLogLines += input.frameLines;
        src.diagnosticCounts[static_cast<int>(DiagnosticReason::SectionFrame)] += input.frameLines;
    }
    if (input.allLinesAre) {
        countAllLinesAs(*input.allLinesAre);
        return std::move(m_out);
    }
    const DetectedFormat detected = detectLogFormat(*src.bytes);
    m_file.format = detected.format;
    m_file.formatVariant = detected.variant;
    m_file.pasteEvidence = detected.pasted;
    src.format = m_file.format->id();
    src.formatDetail = detected.detail;
    if (m_file.pasteEvidence)
        src.formatDetail += ", pasted";
    if (!text.convertedFrom.empty())
        src.formatDetail += " (" + text.convertedFrom + ", read as UTF-8)";
    switch (m_file.format->reader()) {
    case FileReader::KlogJsonRecords: parseKlogJson(); break;
    case FileReader::AuditRecords: parseAudit(); break;
    case FileReader::GoroutineDump: parseGoroutineDump(); break;
    case FileReader::ExportRecords: parseRecords(); break;
    case FileReader::KubeObjectsJson: parseKubeObjects(); break;
    case FileReader::KubeObjectsYaml: parseKubeYaml(); break;
    case FileReader::EventTable: parseEventTable(); break;
    case FileReader::KubeDescribe: parseDescribeNode(); break;
    default: parseLines(m_file.format->reader()); break;
    }
    yearOfJournalSpan();
    attributeSourceFromRecords();

    if (src.formatDetail.starts_with(journaldStyleName(JournaldStyle::ShortMonotonic)))
        src.formatDetail += m_file.monotonicAnchor.everSet
            ? " (times since boot: each line is placed from the last klog line's own time by the difference of their monotonic readings)"
            : " (times since boot and no klog line with a time of its own: the events keep their order, their times are not known)";

    // What the path did not say, the content does: the most frequent component, and for a
    // node-local file (a journal) the host its lines name.
    auto dominant = [&](auto idOf) {
        std::map<StringId, std::uint64_t> counts;
        for (const Event &e : m_out.events)
            if (const StringId id = idOf(e); id != kNoString)
                ++counts[id];
        return counts.empty() ? std::string()
                              : std::string(m_out.strings.view(std::max_element(counts.begin(), counts.end(), [](auto &a, auto &b) {
                                                                   return a.second < b.second;
                                                               })->first));
    };
    // Objects are the API server's records; their events carry each reporter's component. So
    // is a paste of nothing but describe's Conditions tables.
    const bool objectsOnly = src.format == SourceFormat::KubeObjects || src.format == SourceFormat::KubeEventTable
        || src.format == SourceFormat::KubeDescribe || (m_file.conditionRecords > 0 && m_file.conditionRecords == m_out.events.size());
    m_out.objectsOnly = objectsOnly;
    if (src.component.empty() && objectsOnly) {
        src.component = "kube-apiserver";
        src.componentOrigin = "content (API objects)";
    }
    // One program's log: what its lines say outweighs a folder's name. So does a journal's
    // lines' own word for their process ("kubelet[2101]:" in a folder named for the containerd
    // the user suspected), when most of them name one.
    const bool oneProgram = holdsOneProgram(src.format);
    const bool linesNameTheirProcess = src.format == SourceFormat::Journald;
    const bool weaklyNamed = ident.componentFromFolder || ident.componentFromHead;
    const bool pathIsWeak = src.component.empty() || (overrides.component.empty() && weaklyNamed && (oneProgram || linesNameTheirProcess));
    // A lease names its elector's process; a journal may hold several (k3s runs them all).
    if (pathIsWeak && !linesNameTheirProcess && m_file.leaseComponents.size() == 1) {
        if (*m_file.leaseComponents.begin() != src.component)
            attributeToLeaseComponent(*m_file.leaseComponents.begin());
    } else if (pathIsWeak) {
        attributeToContentComponent(linesNameTheirProcess);
    }
    // The lines were read as the folder's (or the head's) component's: read them again as the
    // one they name.
    // A heading named the paste, but a line under it is another component's: the paste holds
    // more than that log, and each line is read as its own Go file says.
    if (overrides.component.empty()) {
        // (A journal's lines name their own processes: relabelled, not read again.)
        if (!ident.component.empty() && weaklyNamed && src.component != ident.component && !linesNameTheirProcess)
            reread = SourceIdentity{src.component, ident.node, src.componentOrigin};
        // One program's log that nothing but its lines names was read as no one's: the types
        // only that program prints were not tried (the kubelet's "Version:" line is its start).
        else if (ident.component.empty() && oneProgram && !src.component.empty())
            reread = SourceIdentity{src.component, ident.node, src.componentOrigin};
        else if (ident.componentFromHeading) {
            const auto byGoFile = goFileComponents();
            if (byGoFile.size() > byGoFile.count(ident.component))
                reread = identityFromPath(file.path);
        }
        if (reread)
            return std::move(m_out);
    }
    // Objects are the cluster's, not one node's: each event names its own node.
    if (src.node.empty() && !isControlPlaneComponent(src.component) && !objectsOnly) {
        const StringId unnamed = m_out.strings.find(kUnnamedNode);
        src.node = dominant([&](const Event &e) {
            const StringId n = m_out.contexts[e.context].node;
            return n == unnamed ? kNoString : n; // a table's node no line named: no one's host
        });
        // A node's own log (a paste of kubelet lines) names its node on a few lines only
        // ("Node became not ready" node=...): when no line names another, the rest were
        // written on the same node.
        const StringId node = src.node.empty() ? kNoString : m_out.strings.intern(src.node);
        if (node != kNoString && std::all_of(m_out.events.begin(), m_out.events.end(), [&](const Event &e) {
                return m_out.contexts[e.context].node == kNoString || m_out.contexts[e.context].node == node;
            }))
            m_out.giveNodeToNodelessEvents(node);
    }
    if (!m_file.soleHost.several && !isPlaceholderHost(m_file.soleHost.name))
        src.host = m_file.soleHost.name;
    if (src.component == "kube-apiserver" && file.path.find("audit") != std::string::npos)
        src.componentOrigin += " (audit log)";
    src.eventCount = m_out.events.size();
    return std::move(m_out);
}

// A bare log (`docker logs kube-scheduler`) whose leader-election lines name one
// component's lease is that component's (its lease lines already are: electorOrigin).
void SourceParser::attributeToLeaseComponent(const std::string &component)
{
    Source &src = m_out.source;
    src.componentOrigin =
        "content (its leader-election lease" + (src.component.empty() ? std::string(")") : "; " + m_file.weakNaming + src.component + ")");
    src.component = component;
}

// How many lines each origin has (by origin index).
std::vector<std::uint64_t> SourceParser::linesPerOrigin() const
{
    std::vector<std::uint64_t> lines(m_out.origins.size());
    for (const Event &e : m_out.events)
        ++lines[m_out.contexts[e.context].origin.index()];
    return lines;
}

// How many lines each component the lines' origins name logged, by string id (as the lines'
// components were interned). `programsOnly`: not systemd or the kernel, which speak of the
// host's units and devices in any journal (systemd's lines of `journalctl -u kubelet` are the
// kubelet's restarts).
std::map<StringId, std::uint64_t> SourceParser::namedComponents(bool programsOnly) const
{
    std::map<StringId, std::uint64_t> byId;
    const std::vector<std::uint64_t> lines = linesPerOrigin();
    for (std::size_t i = 0; i < lines.size(); ++i) {
        const StringId c = m_out.origins[OriginId::fromIndex(i)].component;
        const std::string_view name = c == kNoString ? std::string_view() : m_out.strings.view(c);
        if (lines[i] != 0 && !name.empty() && !(programsOnly && (name == "systemd" || name == "kernel")))
            byId[c] += lines[i];
    }
    return byId;
}

namespace {

// The component of the most lines; a tie goes to the first named.
std::optional<std::pair<StringId, std::uint64_t>> mostOf(const std::map<StringId, std::uint64_t> &counts)
{
    if (counts.empty())
        return std::nullopt;
    return *std::max_element(counts.begin(), counts.end(), [](auto &a, auto &b) { return a.second < b.second; });
}

} // namespace

// How many lines the Go files of each component (componentOfGoFile) logged; files of none
// are not counted.
std::map<std::string_view, std::uint64_t> SourceParser::goFileComponents()
{
    const std::vector<std::uint64_t> lines = linesPerOrigin();
    std::map<std::string_view, std::uint64_t> counts;
    for (std::size_t i = 0; i < lines.size(); ++i)
        if (lines[i] != 0)
            if (const std::string_view c = componentOfGoFile(m_out.strings.view(m_out.origins[OriginId::fromIndex(i)].file)); !c.empty())
                counts[c] += lines[i];
    return counts;
}

// The component most of the lines name, when the path named none; or, when only a folder
// did, the one most of the lines belong to, if another: by their Go files, or by the
// processes a journal's lines name (`linesNameTheirProcess`).
void SourceParser::attributeToContentComponent(bool linesNameTheirProcess)
{
    Source &src = m_out.source;
    const bool fromFolder = !src.component.empty();
    if (!fromFolder) {
        if (const auto top = mostOf(namedComponents())) {
            src.component = std::string(m_out.strings.view(top->first));
            src.componentOrigin = "content";
        }
        return;
    }
    std::map<std::string_view, std::uint64_t> counts;
    if (!linesNameTheirProcess) {
        counts = goFileComponents();
    } else {
        // Only when the folder's component logs none of the lines: a kubelet's journal with a
        // chatty containerd in it stays the kubelet's.
        const auto processes = namedComponents(/*programsOnly=*/true);
        if (processes.count(m_out.strings.find(src.component)) != 0)
            return;
        if (const auto top = mostOf(processes))
            counts[m_out.strings.view(top->first)] = top->second;
    }
    if (counts.empty())
        return;
    const auto top = std::max_element(counts.begin(), counts.end(), [](auto &a, auto &b) { return a.second < b.second; });
    const std::string_view named = top->first;
    if (named != src.component && top->second * 2 > m_out.events.size()
        && !(src.component == "cloud-controller-manager" && named == "kube-controller-manager")) {
        // (the cloud controller manager runs its own node lifecycle controller, of the same file name)
        src.componentOrigin = std::string(linesNameTheirProcess ? "content (its lines' process" : "content (its Go files") + "; "
            + m_file.weakNaming + src.component + ")";
        src.component = std::string(named);
    }
}

// A journal (short, short-precise, short-iso without zone) shows each line at journald's
// local time; a klog header in it, at the process's. They differ by a whole zone when the
// process has another zone than the journal's viewer: a snap (MicroK8s' kubelite) or a
// container without the host's zone logs in UTC. The file keeps the headers' clock (the
// process's own, the likelier to be UTC), and the lines with the journal's time only (systemd,
// a bare "Starting kubelite") are moved onto it by the latest lead: the lines before the first
// header, once it comes.
void SourceParser::noteHeaderClock(const PendingTime &envelope, const PendingTime &header, const LineView &line)
{
    // Both year-less: compared on a common year's calendar, else a leap year's (the 29th of
    // February, or a lead across it), New Year's Eve against New Year's Day by the year's length.
    auto leadOn = [&](int year, int &seconds) {
        if (!isValidDate(year, envelope.month, envelope.day) || !isValidDate(year, header.month, header.day))
            return false;
        const std::int64_t yearDays = isValidDate(year, 2, 29) ? 366 : 365;
        std::int64_t days = daysFromCivil(year, envelope.month, envelope.day) - daysFromCivil(year, header.month, header.day);
        if (days > yearDays / 2)
            days -= yearDays;
        else if (days < -yearDays / 2)
            days += yearDays;
        // journald stamps a line when it receives it, a moment after the header; short shows seconds.
        return nearestZoneOffset(days * 86400 * kNsPerSecond + envelope.nsOfDay - header.nsOfDay, 2 * kNsPerSecond, seconds);
    };
    int leadSeconds = 0;
    if (envelope.month == header.month && envelope.day == header.day) { // most lines: no calendar needed
        if (!nearestZoneOffset(envelope.nsOfDay - header.nsOfDay, 2 * kNsPerSecond, leadSeconds))
            return;
    } else if (envelope.month == 0 || !(leadOn(2001, leadSeconds) || leadOn(2000, leadSeconds))) {
        return;
    }
    const std::int64_t leadNs = std::int64_t(leadSeconds) * kNsPerSecond;
    if (!m_file.headerClockLead.known && leadNs != 0) {
        for (const std::uint32_t i : m_file.headerClockLead.waiting)
            if (i < m_out.times.size()) // not a line the parse dropped after its time was read
                m_out.times[i] = StoredTime::of(shiftedReading(m_out.times[i].with(m_out.events[i].time), -leadNs));
        m_out.source.clock.headerClockEvidence = "the journal shows its lines at their klog headers' time " + formatUtcOffset(leadSeconds)
            + " (line " + std::to_string(line.number)
            + "): the process logs in another zone than the journal; the lines with the journal's time only were moved onto the headers' "
              "clock";
    }
    m_file.headerClockLead = {true, leadNs, {}};
}

// journalctl's short format shows whole seconds. A line with that time only (a k3s trace's
// END, systemd's) within the second of the klog line before it, whose header gave the
// microseconds, was logged after it: it stays after it rather than at the second's start.
void SourceParser::keepOrderWithinSecond(PendingTime &t) const
{
    if (m_out.times.empty())
        return;
    const PendingTime before = m_out.times.back().with(m_out.events.back().time);
    if (!before.exact && before.month == t.month && before.day == t.day && before.rollovers == t.rollovers && before.nsOfDay > t.nsOfDay
        && before.nsOfDay < t.nsOfDay + kNsPerSecond)
        t.nsOfDay = before.nsOfDay;
}

// A line no reader understood, right under a line of the width a terminal cut the text at,
// is the rest of that line (piece after piece, for a line longer than two widths).
bool SourceParser::continuesTerminalWrap() const
{
    return m_file.terminalWrapWidth != 0 && m_file.previousLine.text.size() == m_file.terminalWrapWidth;
}

// A line a terminal cut, its text from `head` on joined with its pieces in the arena: the
// text, and in `env` where it lies; the pieces' lines are skipped, `length` spans them.
std::string_view SourceParser::joinTerminalPieces(std::string_view head, const std::vector<std::string_view> &pieces, const LineView &line,
                                                  Envelope &env, std::uint64_t &length)
{
    std::string &arena = m_out.source.arena;
    env.messageInArena = true;
    env.arenaOffset = arena.size();
    arena.append(head);
    for (const std::string_view piece : pieces)
        arena.append(piece);
    m_file.piecesToSkip = static_cast<std::uint32_t>(pieces.size());
    length = static_cast<std::uint64_t>(pieces.back().data() - m_out.source.bytes->data()) + pieces.back().size() - line.offset;
    return std::string_view(arena).substr(env.arenaOffset);
}

// The line is the last of its text: the file ends, or a blank line or a log line follows.
bool SourceParser::endsItsBlock(const LineView &line) const
{
    const std::string_view bytes = *m_out.source.bytes;
    const std::size_t end = bytes.find('\n', line.offset);
    if (end == std::string_view::npos || end + 1 >= bytes.size())
        return true;
    std::string_view next = bytes.substr(end + 1);
    next = next.substr(0, std::min(next.find('\n'), next.size()));
    if (next.ends_with('\r'))
        next.remove_suffix(1);
    return text::isBlank(next) || lineFormatOf(next) != nullptr;
}

// A klog line a terminal cut (kubernetes#137993's "panicGoV" / "alue=..."): read whole, from
// its pieces joined (a key or a value the cut fell in). False when the line was not cut.
bool SourceParser::emitTerminalCutKlogLine(const LineView &line, std::string_view text, Envelope env)
{
    const std::vector<std::string_view> pieces = terminalWrapPieces(line);
    if (pieces.empty())
        return false;
    std::uint64_t length = 0;
    const std::string_view joined = joinTerminalPieces(text, pieces, line, env, length);
    Payload klogLine;
    klogLine.kind = PayloadKind::KlogText;
    parseKlogHeader(joined, klogLine.header); // as the line's own did: the pieces come after it
    emitPayload(line, 1 + m_file.piecesToSkip, length, joined, env, klogLine);
    return true;
}

// The pieces a terminal cut this line into, which the lines after it hold: each line that is
// of no known shape and does not begin as this one does, while the one above is of the width.
std::vector<std::string_view> SourceParser::terminalWrapPieces(const LineView &line) const
{
    std::vector<std::string_view> pieces;
    const std::size_t width = m_file.terminalWrapWidth;
    if (width == 0 || line.text.size() != width)
        return pieces;
    const std::string_view bytes = *m_out.source.bytes;
    std::string_view above = line.text;
    std::size_t next = bytes.find('\n', line.offset);
    while (above.size() == width && next != std::string_view::npos && next + 1 < bytes.size()) {
        std::string_view piece = bytes.substr(next + 1);
        next = bytes.find('\n', next + 1);
        piece = piece.substr(0, next == std::string_view::npos ? piece.size() : next - (piece.data() - bytes.data()));
        if (piece.ends_with('\r'))
            piece.remove_suffix(1);
        if (!isTerminalWrapPiece(line.text, piece))
            break;
        pieces.push_back(piece);
        above = piece;
    }
    return pieces;
}

std::uint16_t SourceParser::currentRollovers(unsigned month)
{
    // A file runs forward in time: a month far below the last one means New Year passed.
    if (m_file.lastMonth != 0 && month + 6 <= m_file.lastMonth && m_file.rollovers < PendingTime::kMaxRollovers)
        ++m_file.rollovers;
    m_file.lastMonth = month;
    return m_file.rollovers;
}

void SourceParser::diagnose(const LineView &line, DiagnosticReason reason)
{
    Source &src = m_out.source;
    const auto r = static_cast<int>(reason);
    if (src.diagnosticCounts[r]++ < kMaxDiagnosticsPerReason)
        src.diagnostics.push_back({line.number, line.offset, reason});
}

void SourceParser::unparsed(const LineView &line, DiagnosticReason reason)
{
    ++m_out.source.unparsedLines;
    diagnose(line, reason);
    noteDateAbove(line);
}

// A date on a line that is no log line may tell the year of the log line under it.
void SourceParser::noteDateAbove(const LineView &line)
{
    if (line.text.find('-') == std::string_view::npos)
        return;
    if (auto date = findDateAbove(line.text))
        m_file.dateAbove = std::move(date);
}

void SourceParser::countAllLinesAs(DiagnosticReason reason)
{
    Source &src = m_out.source;
    src.formatDetail = std::string("not a log: ") + diagnosticName(reason);
    text::forEachLine(*src.bytes, [&](std::string_view text, std::size_t offset, std::uint32_t number) {
        ++src.lineCount;
        ++src.nonLogLines; // not notALogLine: no log line follows that a date above could date
        diagnose({text, offset, number}, reason);
    });
}

void SourceParser::notALogLine(const LineView &line, DiagnosticReason reason)
{
    ++m_out.source.nonLogLines;
    diagnose(line, reason);
    noteDateAbove(line);
}

// A journal that spans one year gives it. One that spans several gives the year of its
// end to the lines that end by the end's date: `journalctl -u kubelet` prints a unit's lines
// to the journal's end, and the unit may have begun logging years after the journal did.
// A header whose end was cut off (a paste) says only where the journal begins: a line dated
// before that day in the calendar is of the next year. Both are settled at the end of the
// file (yearOfJournalSpan).
void SourceParser::noteJournalSpan(const JournalSpan &span, const LineView &line)
{
    if (span.begin.year == 0 || m_out.explicitYear || m_file.journalSpan.begin.year)
        return;
    if (span.end.year == span.begin.year) {
        noteYear(span.begin.year, line, "journal header");
        return;
    }
    m_file.journalSpan = span;
    m_file.journalSpanLine = line.number;
    m_file.journalSpanText = std::string(line.text.substr(0, 100));
}

void SourceParser::yearOfJournalSpan()
{
    if (!m_file.journalSpan.begin.year || m_out.explicitYear)
        return;
    auto localDateAt = [&](std::size_t i) -> std::optional<PendingTime> {
        if (const PendingTime t = m_out.times[i].with(m_out.events[i].time); !t.exact && t.month != 0)
            return t;
        return std::nullopt;
    };
    const CivilTime &begin = m_file.journalSpan.begin;
    const CivilTime &end = m_file.journalSpan.end;
    int year = begin.year;
    // A journal that says only when it began may run on for years: its begin is the earliest
    // the lines can be, and the note says so (kubernetes#127563: begun 2023, lines of 2024).
    std::string how = end.year == 0 ? "its begin, the earliest year the lines can be of" : "its begin";
    if (end.year == 0) {
        // The first line with a local date is on or after the begin's date, in its year or the next.
        std::optional<PendingTime> first;
        for (std::size_t i = 0; i < m_out.times.size() && !first; ++i)
            first = localDateAt(i);
        if (first && (first->month < begin.month || (first->month == begin.month && first->day < begin.day))) {
            year = begin.year + 1 - first->rollovers;
            how = "its begin, whose date the first line comes before in the calendar (the earliest year it can be of)";
        }
    } else {
        // The last line with a local date: its year is the end's, or the one before when its date
        // comes after the end's in the calendar; the file's first stretch is its rollovers before.
        std::optional<PendingTime> last;
        for (std::size_t i = m_out.times.size(); i-- > 0 && !last;)
            last = localDateAt(i);
        const bool afterEnd = last && (last->month > end.month || (last->month == end.month && last->day > end.day));
        if (const int byEnd = last ? end.year - (afterEnd ? 1 : 0) - last->rollovers : 0; byEnd >= year) {
            year = byEnd;
            how = "its end, which the lines run to";
        }
    }
    m_out.explicitYear = year;
    m_out.explicitYearIsEarliest = end.year == 0;
    m_out.explicitYearEvidence =
        "journal header, line " + std::to_string(m_file.journalSpanLine) + ", from " + how + ": \"" + m_file.journalSpanText + "\"";
}

void SourceParser::noteYear(int year, const LineView &line, const char *what)
{
    if (!year || m_out.explicitYear)
        return;
    m_out.explicitYear = year;
    m_out.explicitYearEvidence =
        std::string(what) + ", line " + std::to_string(line.number) + ": \"" + std::string(line.text.substr(0, 80)) + "\"";
}

bool SourceParser::extendLastEvent(const LineView &line)
{
    // Nothing continues a Conditions table's records: a line below the table that is none of
    // the description's is a line of its own.
    if (m_out.events.empty() || m_file.afterConditions)
        return false;
    Event &e = m_out.events.back();
    const std::uint64_t end = line.offset + line.text.size();
    if (end - e.offset > 0xffffffffull)
        return false;
    // Multi-line messages: the message runs on when it is a slice of the raw bytes.
    // Only a message that runs to the end of the event so far (klog text) runs on: one that
    // ends inside it (a klog JSON "msg" referenced in the raw line) would take the record's
    // remaining JSON with it.
    std::vector<EventSpans> &table = m_out.source.eventSpans;
    EventSpans spans = spansOf(e, table);
    const std::string_view raw = std::string_view(*m_out.source.bytes).substr(e.offset, spans.length);
    const std::size_t messageEnd = std::min<std::size_t>(std::size_t(spans.messageOffset) + spans.messageLength, raw.size());
    if (!spans.messageInArena && raw.find_first_not_of(" \t\r", messageEnd) == std::string_view::npos)
        spans.messageLength = static_cast<std::uint32_t>(end - e.offset - spans.messageOffset);
    spans.length = static_cast<std::uint32_t>(end - e.offset);
    setSpans(e, spans, table);
    ++m_file.lastEventLines;
    // A dump between log lines folds into the event before it; the analysis reads it again
    // from the bytes (core/dumps), only for the sources flagged here.
    if (!m_out.source.goroutineDumpLines && line.text.find("goroutine ") != std::string_view::npos)
        m_out.source.goroutineDumpLines = mayHoldGoroutineDump(line.text);
    return true;
}

bool SourceParser::isTextLine(const LineView &line)
{
    const LineCheck check = checkLine(line.text.substr(0, 64 * 1024));
    if (check == LineCheck::Binary) {
        unparsed(line, DiagnosticReason::BinaryData);
        return false;
    }
    if (check == LineCheck::InvalidUtf8)
        diagnose(line, DiagnosticReason::InvalidUtf8);
    if (line.text.size() > 64 * 1024)
        diagnose(line, DiagnosticReason::LineTooLong);
    return true;
}

void SourceParser::reserveForLines(std::size_t bytesToRead)
{
    // About one event a line: reserving for the lines the file's start suggests saves growing
    // the tables by doubling, which copied every event once more and faulted in fresh pages
    // for each copy. Room reserved and never used is address space, not memory.
    const std::string_view sample = m_out.source.bytes->substr(0, std::min<std::size_t>(bytesToRead, 1u << 20));
    const std::size_t lines = bytescan::countByte(sample, '\n') + 1;
    const std::size_t expected = bytesToRead / std::max<std::size_t>(1, sample.size() / lines) * 9 / 8 + 16;
    m_out.events.reserve(expected);
    m_out.times.reserve(expected);
}

SourceParser::LineView SourceParser::lineRead(std::string_view text, std::size_t offset, std::uint32_t number)
{
    m_out.source.lineIndex.note(offset, number); // a mark every LineIndex::kSpacing bytes
    return {text, offset, number};
}

std::size_t SourceParser::forEachLineOfWindow(const LineFn &fn)
{
    Source &src = m_out.source;
    const std::string_view bytes = *src.bytes;
    const SeekRange r = seekTimeWindow(bytes, src.format, m_window);
    reserveForLines(r.sought ? r.headEnd + (r.end - r.begin) : bytes.size());
    if (!r.sought) {
        m_out.windowNote = r.why;
        text::forEachLine(bytes, fn);
        return bytes.size();
    }
    auto newlines = [&](std::size_t from, std::size_t to) {
        return static_cast<std::uint32_t>(bytescan::countByte(bytes.substr(from, to - from), '\n'));
    };
    auto linesOf = [&](std::size_t from, std::size_t to, std::uint32_t numberBefore) {
        text::forEachLine(bytes.substr(from, to - from), [&](std::string_view text, std::size_t offset, std::uint32_t number) {
            fn(text, from + offset, numberBefore + number);
        });
    };
    m_out.windowSought = true;
    if (r.localTimes)
        m_out.windowAssumedOffset = m_window.utcOffsetSeconds;
    linesOf(0, r.headEnd, 0);
    // A terminal's cut does not reach across the lines not read.
    m_file.piecesToSkip = 0;
    m_file.previousLine = {};
    const std::uint32_t skippedBefore = newlines(r.headEnd, r.begin);
    const std::uint32_t numberBefore = newlines(0, r.headEnd) + skippedBefore;
    linesOf(r.begin, r.end, numberBefore);
    // The lines not read still count as the file's lines.
    const std::uint32_t skippedAfter = newlines(r.end, bytes.size()) + (r.end < bytes.size() && bytes.back() != '\n');
    src.lineCount += skippedBefore + skippedAfter;
    m_out.windowSkippedBytes = (r.begin - r.headEnd) + (bytes.size() - r.end);
    return r.end;
}

void SourceParser::parseLines(FileReader reader)
{
    Source &src = m_out.source;
    // Only the readers of lines a person copies from a terminal join its pieces.
    if (reader == FileReader::JournaldLines || reader == FileReader::EnvelopeLines || reader == FileReader::KlogTextLines)
        m_file.terminalWrapWidth = terminalWrapWidth(*src.bytes);
    ReleaseBehind release(*src.bytes);
    const std::size_t end = forEachLineOfWindow([&](std::string_view text, std::size_t offset, std::uint32_t number) {
        release.passed(offset);
        const LineView line = lineRead(text, offset, number);
        ++src.lineCount;
        if (m_file.piecesToSkip > 0) { // read with the line above (terminalWrapPieces)
            --m_file.piecesToSkip;
            m_file.previousLine = line;
            return;
        }
        if (!isTextLine(line))
            return;
        switch (reader) {
        case FileReader::EnvelopeLines: onEnvelopeLine(line); break;
        case FileReader::JournaldLines: onJournaldLine(line); break;
        case FileReader::CriLines: onCriLine(line); break;
        case FileReader::DockerJsonLines: onDockerJsonLine(line); break;
        case FileReader::TimestampPrefixLines: onTimestampPrefixLine(line); break;
        case FileReader::LokiTextLines: onLokiTextLine(line); break;
        case FileReader::LogfmtLines: onLogfmtLine(line); break;
        case FileReader::DmesgLines: onDmesgLine(line); break;
        default: onKlogTextLine(line); break;
        }
        m_file.previousLine = line;
    });
    if (m_file.partial.open) // the file (or the window) ended inside a multi-part record: keep what there is
        flushPartial(std::min(end, src.bytes->size()));
    flushConditionsTable();
}

void SourceParser::onKlogTextLine(const LineView &line)
{
    if (emitLogLine(line))
        return;
    // pflag's notice of a deprecated flag, written before the component's first klog line
    // (also after a container's `set -x` trace): an event of the component, its neighbour's time.
    if (isPflagDeprecation(line.text) && !m_out.source.component.empty()) {
        m_file.pasteReader.endBlock();
        emitRecord(line, 1, line.text.size(), line.text, {});
        return;
    }
    // Go's runtime ending the process ("panic: ...", "fatal error: ..." at the margin, before
    // its traces): an event of the component, not the tail of the line above.
    if (isGoRuntimeCrash(line.text) && !m_out.source.component.empty()) {
        m_file.pasteReader.endBlock();
        emitRecord(line, 1, line.text.size(), line.text, {});
        return;
    }
    if (emitLineOfAnotherFormat(line))
        return;
    if (onNonLogLine(line))
        return;
    // A component's main reporting the error its command ended on, at the margin ("Error: ..."
    // by cobra, "error: ..." before it), the last line of its output: an event of the component,
    // its neighbour's time. Text under it is a message's ("Error: '...'" / "Trying to reach:"
    // in an aggregator's response body). (The kubelet's "error: failed to run Kubelet" is read
    // by its own types, inside journals.)
    if (isCommandErrorReport(line.text) && isSingleComponentBesidesKubelet(m_out.source.component) && endsItsBlock(line)) {
        m_file.pasteReader.endBlock();
        emitRecord(line, 1, line.text.size(), line.text, {});
        return;
    }
    if (looksLikeKlogHeaderWithImpossibleTime(line.text)) {
        unparsed(line, DiagnosticReason::BadTimestamp);
        return;
    }
    // Header-less text continues the entry above (stack traces, wrapped messages), except
    // systemd's own lines, which `journalctl -o cat` keeps without any prefix: those are
    // events with their neighbour's time.
    m_probeFields.clear();
    if (!line.text.empty() && !looksLikeContinuation(line.text)
        && m_types.classify(line.text, "systemd", m_probeFields) != kOtherEventType) {
        Envelope unit;
        unit.component = "systemd";
        emitRecord(line, 1, line.text.size(), line.text, unit);
    } else if (!extendLastEvent(line)) {
        unparsed(line, DiagnosticReason::NoTimestamp);
    }
}

bool SourceParser::emitLogLine(const LineView &line)
{
    // An indented line that is a whole log line is a new entry (a paste's), whatever the
    // entry above: a continuation (stack frame, multi-line value) never parses as a header.
    const std::size_t indent = pasteIndent(line.text);
    const std::string_view text = line.text.substr(indent);
    // A Conditions table ends at the first line that is none of its rows: its node is named
    // before a log line below it makes its events (and clears the name).
    if (m_file.conditions && !m_file.conditions->rows.empty() && !m_file.conditions->table.isRow(text) && !isElision(text))
        flushConditionsTable();
    Payload klogLine;
    JournaldLine j;
    CriLine c;
    if (parseKlogHeader(text, klogLine.header)) {
        klogLine.kind = PayloadKind::KlogText;
        Envelope env;
        if (m_file.pasteReader.inKubectlOwnOutput())
            env.component = "kubectl";
        if (!emitTerminalCutKlogLine(line, text, env))
            emitPayload(line, 1, line.text.size(), text, env, klogLine);
    } else if (isGlogPreamble(text)) {
        onGlogPreamble(line, text);
    } else if (isJournaldMetaLine(text)) {
        noteJournalSpan(journaldHeaderSpan(text), line);
        m_file.monotonicAnchor.set = false; // "-- Boot ... --", "-- Reboot --": a new boot's clock
        Envelope meta;
        meta.component = "journald";
        emitRecord(line, 1, line.text.size(), text, meta);
    } else if (parseJournaldLine(text, j)) {
        emitJournald(line, j);
    } else if (indent > 0 && parseCriLine(text, c) && !c.partial && !m_file.partial.open) {
        Envelope env;
        env.utc = c.utc.ns;
        emitRecord(line, 1, line.text.size(), c.message, env);
    } else {
        return false;
    }
    if (m_file.pasteIndent != line.text.substr(0, indent))
        m_file.pasteIndent = line.text.substr(0, indent);
    m_file.pasteEvidence = m_file.pasteEvidence || indent > 0;
    m_file.afterConditions = false;
    m_file.describedName.clear();
    return true;
}

// `kubectl describe node`'s Conditions table among a paste's lines, or pasted alone (issues
// often quote only the table): its rows become the Node's conditions, as the describe reader's
// do (parseDescribeNode), for the node the "Name:" line above names, if any.
bool SourceParser::onConditionsTableLine(const LineView &line)
{
    const std::string_view text = line.text.substr(pasteIndent(line.text));
    if (auto &open = m_file.conditions) {
        if (open->rows.empty() && ConditionsTable::isRule(text)) {
            notALogLine(line, DiagnosticReason::CommandOutput);
            return true;
        }
        if (open->table.addRow(text)) {
            open->rows.push_back(line);
            return true;
        }
        if (isElision(text)) { // the paster cut rows out: the table goes on
            notALogLine(line, DiagnosticReason::Elision);
            return true;
        }
        flushConditionsTable(); // the line is read as any other
    }
    // Every line no reader took comes here (a stack trace's each frame): the first byte first.
    // Without the paste's indentation the header begins with its first column's name.
    if (text.size() < 4 || (text[0] != 'T' && text[0] != 'C' && text[0] != 'N' && text[0] != 'k'))
        return false;
    // Two bytes before a comparison: "k8s.io/..." frames begin as "kubectl" does.
    const auto begins = [&](std::string_view word) { return text[1] == word[1] && text.starts_with(word); };
    if (auto table = begins("Type") ? ConditionsTable::startingAt(text) : std::nullopt) {
        m_file.conditions = FileState::OpenConditions{std::move(*table), {}};
        notALogLine(line, DiagnosticReason::CommandOutput);
        return true;
    }
    if (begins("Conditions:") && text::trimmed(text) == "Conditions:") { // the section's label: kubectl's, no log line's
        notALogLine(line, DiagnosticReason::CommandOutput);
        return true;
    }
    if (begins("Name:")) { // read as any other line; it names the node of a table below
        noteDescribedNode(text::trimmed(text.substr(5)), line.number);
    } else if (begins("Namespace:") && line.number - m_file.describedNameLine <= 2) {
        m_file.describedName.clear(); // a namespaced object's name (a pod's): no node's
    } else if (begins("kubectl ")) {  // typed bare: a prompt's line is the paste reader's (onNonLogLine)
        if (const std::string_view node = nodeOfDescribeCommand(text); !node.empty()) {
            noteDescribedNode(node, line.number);
            notALogLine(line, DiagnosticReason::ShellPrompt);
            return true;
        }
    }
    return false;
}

void SourceParser::noteDescribedNode(std::string_view name, std::uint32_t lineNumber)
{
    m_file.describedName = name;
    m_file.describedNameLine = lineNumber;
}

void SourceParser::flushConditionsTable()
{
    if (!m_file.conditions)
        return;
    const FileState::OpenConditions open = std::move(*m_file.conditions);
    m_file.conditions.reset();
    if (open.rows.empty())
        return;
    // The node's name stands some 20 to 60 lines above its table (labels, annotations, taints,
    // the lease), a few hundred on a node of many labels; one further up, or none, is some
    // other object's or no name at all. The node is then the one the file's path names, else
    // named for what it is (a placeholder no node can have: "<" is not in a DNS name), not
    // given a name it may not have.
    constexpr std::uint32_t kNameReach = 500;
    const bool named = !m_file.describedName.empty() && open.rows.front().number - m_file.describedNameLine <= kNameReach;
    const std::string name = named ? m_file.describedName : !m_out.source.node.empty() ? m_out.source.node : std::string(kUnnamedNode);
    const std::vector<ObjectRecord> records = recordsFromObject(open.table.node(name), "Node");
    if (records.empty()) {
        for (const LineView &row : open.rows)
            unparsed(row, DiagnosticReason::NoTimestamp);
        return;
    }
    emitObjectRecords(open.rows.front(), open.rows.back(), records);
    m_file.conditionRecords += records.size();
    ++m_file.conditionTables;
    // Its times are whole dates: the year of log lines pasted with it that show none, from its
    // latest heartbeat (when it was printed; a transition may be years old).
    if (const auto heartbeat = open.table.latestHeartbeat())
        if (const auto t = parseRfc3339(*heartbeat))
            if (const CivilTime c = toCivil(*t); c.year > 1)
                noteYear(c.year - currentRollovers(c.month), open.rows.front(), "describe's Conditions table");
    m_file.afterConditions = true;
    m_file.pasteReader.endBlock();
}

bool SourceParser::onNonLogLine(const LineView &line, bool ownLinesOnly)
{
    if (onConditionsTableLine(line))
        return true;
    // Under the paste's indentation a line reads as written; before any entry nothing can
    // continue, so all indentation is the paste's.
    std::string_view text = line.text;
    const bool nothingToContinue = m_out.events.empty() || ownLinesOnly;
    m_file.pasteEvidence = m_file.pasteEvidence || ownLinesOnly; // a line no writer of the format writes
    if (nothingToContinue)
        text.remove_prefix(pasteIndent(text));
    else if (!m_file.pasteIndent.empty() && text.starts_with(m_file.pasteIndent))
        text.remove_prefix(m_file.pasteIndent.size());
    auto reason = m_file.pasteReader.classify(text, line.text, m_file.pasteEvidence || nothingToContinue);
    // The sentences of a ticket or an issue around its fenced logs: outside any fence, and
    // where nothing can be continued (before the first log line, or after a fence closed).
    if (!reason && m_file.pasteEvidence && !m_file.pasteReader.insideFence() && (nothingToContinue || m_file.pasteReader.sawFence())
        && isProse(text)) {
        reason = DiagnosticReason::Prose;
        m_file.pasteReader.noteProse();
    }
    if (!reason && ownLinesOnly && text::isBlank(text)) // the paste's spacing: no record goes on over it
        reason = DiagnosticReason::Prose;
    if (!reason && m_file.afterConditions && isDescribeNodeSectionLine(text)) // Addresses, Capacity, its pods, its Events
        reason = DiagnosticReason::CommandOutput;
    if (!reason)
        return false;
    if (*reason == DiagnosticReason::ShellPrompt)
        if (const std::string_view node = nodeOfDescribeCommand(text); !node.empty())
            noteDescribedNode(node, line.number); // "$ kubectl describe node worker-7": a table below is its
    if (*reason == DiagnosticReason::ShellPrompt || *reason == DiagnosticReason::MarkdownFence)
        m_file.pasteEvidence = true;
    notALogLine(line, *reason);
    return true;
}

void SourceParser::onGlogPreamble(const LineView &line, std::string_view text)
{
    // "Log file created at: 2006/01/02 15:04:05" (glog createLogFile) in the file's local
    // time, as its lines. Files appended to each other repeat the preamble at each start: its
    // year counts from there on, also when no month turned back (March 2019, then February
    // 2020 after a restart).
    Envelope env;
    unsigned year = 0, month = 0, day = 0, h = 0, mi = 0, se = 0;
    constexpr std::size_t at = 21; // after "Log file created at: "
    if (text.starts_with("Log file created at: ") && text::parseDigits(text, at, 4, year) && text::parseDigits(text, at + 5, 2, month)
        && text::parseDigits(text, at + 8, 2, day) && text::parseDigits(text, at + 11, 2, h) && text::parseDigits(text, at + 14, 2, mi)
        && text::parseDigits(text, at + 17, 2, se) && isValidDate(int(year), month, day) && h < 24 && mi < 60 && se <= 60) {
        const std::uint16_t rollovers = currentRollovers(month);
        if (!m_out.explicitYear)
            noteYear(int(year) - rollovers, line, "glog header");
        else if (int(year) - m_out.explicitYear > int(rollovers))
            m_file.rollovers = static_cast<std::uint16_t>(std::min(int(year) - m_out.explicitYear, int(PendingTime::kMaxRollovers)));
        m_file.lastMonth = month;
        env.haveLocal = true;
        env.local.month = static_cast<std::uint8_t>(month);
        env.local.day = static_cast<std::uint8_t>(day);
        env.local.nsOfDay = (std::int64_t(h) * 3600 + mi * 60 + se) * kNsPerSecond;
    }
    if (text.starts_with("Running on machine: ") && m_out.source.node.empty())
        m_out.source.node = std::string(text.substr(20));
    emitRecord(line, 1, line.text.size(), text, env);
}

void SourceParser::onJournaldLine(const LineView &line)
{
    if (emitLogLine(line))
        return;
    // A journal pasted with its date and host cut off: "ident[pid]: msg" (a journal's shape
    // only; in another file such a line is no log line of its own).
    if (JournaldLine j; parseJournaldLineWithoutStamp(line.text, j)) {
        emitJournald(line, j);
        return;
    }
    if (onNonLogLine(line))
        return;
    // journalctl indents the continuation lines of a multi-line message.
    if (!((looksLikeContinuation(line.text) || continuesTerminalWrap()) && extendLastEvent(line)))
        unparsed(line, DiagnosticReason::NoTimestamp);
}

void SourceParser::emitJournald(const LineView &line, const JournaldLine &j)
{
    Envelope env;
    env.host = j.host;
    env.component = j.identifier;
    env.haveSeverity = !j.priority.empty() && severityFromName(j.priority, env.severity);
    if (j.style == JournaldStyle::ShortMonotonic) {
        onMonotonicJournaldLine(line, j, env);
        return;
    }
    if (j.utc != 0) {
        env.utc = j.utc;
    } else if (j.hasZone) {
        env.utc = toUtc(j.local, j.utcOffsetSeconds).ns;
    } else if (j.style != JournaldStyle::IdentifierOnly) { // that one has no time: its payload's, or its neighbour's
        if (j.local.year != 0)                             // short-full with a zone name of several meanings
            noteYear(j.local.year, line, "journal line");
        env.haveLocal = true;
        env.local.month = static_cast<std::uint8_t>(j.local.month ? j.local.month : m_file.lastMonth);
        env.local.day = static_cast<std::uint8_t>(j.local.day ? j.local.day : m_file.lastDay);
        env.local.nsOfDay = j.local.nsOfDay;
        env.localInWholeSeconds = j.wholeSeconds;
    }
    // A terminal's copy cut the line: its message is read whole, from the pieces joined.
    if (const std::vector<std::string_view> pieces = terminalWrapPieces(line); !pieces.empty()) {
        std::uint64_t length = 0;
        const std::string_view joined = joinTerminalPieces(j.message, pieces, line, env, length);
        emitRecord(line, 1 + m_file.piecesToSkip, length, joined, env);
        return;
    }
    emitRecord(line, 1, line.text.size(), j.message, env);
}

void SourceParser::onMonotonicJournaldLine(const LineView &line, const JournaldLine &j, Envelope &env)
{
    // Seconds since boot, no wall time. A klog payload brings its own (header or JSON ts): the
    // lines after it are placed from it by the difference of their monotonic readings (one
    // boot, one clock); the lines before any such line take their neighbour's time.
    if (j.monotonicNs < m_file.lastMonotonic)
        m_file.monotonicAnchor.set = false; // the clock went back: another boot
    m_file.lastMonotonic = j.monotonicNs;
    if (m_file.monotonicAnchor.set) {
        const PendingTime &a = m_file.monotonicAnchor.time;
        const std::int64_t at = (a.exact ? a.reference : a.nsOfDay) + (j.monotonicNs - m_file.monotonicAnchor.monotonicNs);
        if (a.exact) {
            env.utc = at;
        } else if (at >= 0 && at < 86400 * kNsPerSecond) { // past midnight: the neighbour's time
            env.haveLocal = true;
            env.local = a;
            env.local.reference = 0;
            env.local.nsOfDay = at;
        }
    }
    const std::size_t before = m_out.events.size();
    emitRecord(line, 1, line.text.size(), j.message, env);
    if (m_out.events.size() > before && isKlogLine(j.message)) {
        m_file.monotonicAnchor.set = m_file.monotonicAnchor.everSet = true;
        m_file.monotonicAnchor.monotonicNs = j.monotonicNs;
        m_file.monotonicAnchor.time = m_out.times.back().with(m_out.events.back().time);
    }
}

void SourceParser::onCriLine(const LineView &line)
{
    CriLine c;
    if (!parseCriLine(line.text, c)) {
        if (!emitLogLine(line) && !onNonLogLine(line))
            unparsed(line, DiagnosticReason::NoTimestamp);
        return;
    }
    if (!c.partial && !m_file.partial.open) {
        Envelope env;
        env.utc = c.utc.ns;
        emitRecord(line, 1, line.text.size(), c.message, env);
        return;
    }
    if (!m_file.partial.open)
        m_file.partial = {true, line, 0, m_out.source.arena.size(), c.utc.ns};
    m_out.source.arena.append(c.message);
    ++m_file.partial.lines;
    if (!c.partial)
        flushPartial(line.offset + line.text.size());
}

void SourceParser::onDockerJsonLine(const LineView &line)
{
    DockerJsonLine d;
    const std::uint64_t before = m_out.source.arena.size();
    if (!parseDockerJsonLine(line.text, d, m_out.source.arena)) {
        // A paste of docker's lines has its prompt, fences and prose as any paste.
        if (line.text.starts_with("{") || !onNonLogLine(line, true))
            unparsed(line, line.text.starts_with("{") ? DiagnosticReason::MalformedJson : DiagnosticReason::NoTimestamp);
        return;
    }
    if (!m_file.partial.open)
        m_file.partial = {true, line, 0, before, d.utc.ns};
    ++m_file.partial.lines;
    if (d.endsLine)
        flushPartial(line.offset + line.text.size());
}

void SourceParser::onDmesgLine(const LineView &line)
{
    DmesgLine d;
    if (!parseDmesgLine(line.text, d)) {
        if (!(looksLikeContinuation(line.text) && extendLastEvent(line)))
            unparsed(line, DiagnosticReason::NoTimestamp);
        return;
    }
    // A delta counts from the line above; before the first full stamp the line takes its
    // neighbour's time (month 0).
    PendingTime &t = m_file.dmesgTime;
    if (d.stamp == DmesgLine::Stamp::Delta) {
        t.nsOfDay += d.deltaNs;
    } else {
        if (d.year)
            noteYear(d.year, line, "dmesg -T stamp");
        t.month = static_cast<std::uint8_t>(d.month);
        t.day = static_cast<std::uint8_t>(d.day);
        t.nsOfDay = d.nsOfDay;
    }
    Envelope env;
    env.component = "kernel";
    env.haveLocal = true;
    env.local = t;
    emitRecord(line, 1, line.text.size(), d.message, env);
}

void SourceParser::onTimestampPrefixLine(const LineView &line)
{
    TimestampPrefixLine t;
    if (!parseTimestampPrefixLine(line.text, t)) {
        if (!emitLogLine(line) && !onNonLogLine(line) && !(looksLikeContinuation(line.text) && extendLastEvent(line)))
            unparsed(line, DiagnosticReason::NoTimestamp);
        return;
    }
    Envelope env;
    env.utc = t.utc.ns;
    // A forwarder's program tag, in a file of tagged lines or as a line among untagged ones:
    // never on a line that is klog already (its severity and date would read as a tag), and
    // a line whose first byte starts no klog header or record needs no closer look.
    std::string_view program, rest;
    KlogHeader header;
    const bool mayBeTagged = m_file.formatVariant == 1 || t.message.empty() || !std::strchr("IWEF{", t.message.front());
    if (mayBeTagged && !looksLikeKlogJson(t.message) && !parseKlogHeader(t.message, header) && splitProgramTag(t.message, program, rest)) {
        env.component = program;
        t.message = rest;
    }
    emitRecord(line, 1, line.text.size(), t.message, env);
}

void SourceParser::onEnvelopeLine(const LineView &line)
{
    LineEnvelope unwrapped;
    if (!m_file.format->unwrapLine(line.text, m_file.formatVariant, unwrapped)) {
        if (!emitLogLine(line) && !emitLineOfAnotherFormat(line) && !onNonLogLine(line)
            && !((looksLikeContinuation(line.text) || continuesTerminalWrap() || continuesGoStack(line.text)) && extendLastEvent(line)))
            unparsed(line, DiagnosticReason::NoTimestamp);
        return;
    }
    emitUnwrapped(line, unwrapped);
}

// A Go stack's function line at the margin ("main.main", "pkg.(*T).Method") continues the
// record above only where a stack is going on or begins: under a stack line, or right under an
// error record (zap's stacktrace after its ERROR line). Anywhere else a dotted word is a
// message ("db.shop.svc.cluster.local", "java.lang.NullPointerException").
bool SourceParser::continuesGoStack(std::string_view text) const
{
    if (!isGoStackFunctionLine(text) || m_out.events.empty())
        return false;
    const Event &last = m_out.events.back();
    const bool underErrorRecord = last.offset == m_file.previousLine.offset && last.severity >= Severity::Error;
    return underErrorRecord || isGoStackLine(m_file.previousLine.text);
}

void SourceParser::emitUnwrapped(const LineView &line, const LineEnvelope &unwrapped)
{
    if (unwrapped.haveLocal && unwrapped.local.year != 0)
        noteYear(unwrapped.local.year - currentRollovers(unwrapped.local.month), line, "its own date");
    else if (unwrapped.utc != 0) { // an absolute time among lines of no year (zap's among klog's)
        const CivilTime utc = toCivil(Timestamp{unwrapped.utc});
        noteYear(utc.year - currentRollovers(utc.month), line, "its own date");
    }
    Envelope env = envelopeOf(unwrapped);
    notePodOfRecord(env);
    emitRecord(line, 1, line.text.size(), unwrapped.payload, env);
}

// A dated line of another format among the file's own (etcd's capnslog and gRPC's Go log
// lines in a k3s log of klog lines): an event with its own time, not the line above's
// continuation.
bool SourceParser::emitLineOfAnotherFormat(const LineView &line)
{
    LineEnvelope unwrapped;
    const LogFormat *format = unwrapAmongOtherLines(line.text, unwrapped);
    if (!format || format == m_file.format)
        return false;
    m_file.pasteReader.endBlock();
    emitUnwrapped(line, unwrapped);
    return true;
}

void SourceParser::flushPartial(std::uint64_t endOffset)
{
    Envelope env;
    env.utc = m_file.partial.utc;
    env.messageInArena = true;
    env.arenaOffset = m_file.partial.arenaStart;
    m_file.partial.open = false;
    const std::string_view joined = std::string_view(m_out.source.arena).substr(m_file.partial.arenaStart);
    emitRecord(m_file.partial.first, m_file.partial.lines, endOffset - m_file.partial.first.offset, joined, env);
}

std::string_view SourceParser::componentFor(const Envelope &env, std::string_view goFile)
{
    // The journald identifier, else the file's, else the Go file's owner. A process whose klog
    // lines may be any of several components (k3s, hyperkube, docker) is only the host: the Go
    // file says which one logged.
    const std::string_view identifier = !env.component.empty() ? env.component : std::string_view(m_out.source.component);
    const std::string_view process = !env.component.empty() ? componentForProcess(env.component) : identifier;
    if (process.empty())
        return componentOfGoFile(goFile);
    if (goFile.empty() || !goFileNamesComponent(identifier))
        return process;
    // hyperkube runs one component a process (`hyperkube controller-manager ...`): a file
    // whose name says which is all that component's, whatever its Go files' names.
    if (identifier == "hyperkube" && !m_out.source.component.empty())
        return m_out.source.component;
    const std::string_view owner = componentOfGoFile(goFile);
    return owner.empty() ? process : owner;
}

// The one component whose source a Go file is: an entry of the goroutine map (resources), else
// what its name says (componentForGoFile); "" for a file every component vendors. Once a file.
std::string_view SourceParser::componentOfGoFile(std::string_view goFile)
{
    if (goFile.empty())
        return {};
    auto owner = m_file.ownerOfGoFile.find(goFile);
    if (owner == m_file.ownerOfGoFile.end()) {
        const std::string_view named = m_roles.componentOf(goFile);
        owner = m_file.ownerOfGoFile.emplace(std::string(goFile), named.empty() ? componentForGoFile(goFile) : named).first;
    }
    return owner->second;
}

void SourceParser::emitRecord(const LineView &first, std::uint32_t lineCount, std::uint64_t length, std::string_view payload,
                              const Envelope &env)
{
    // An apiserver writing its audit log to stdout (--audit-log-path=-): the events in its
    // container log are audit events, not text.
    if (looksLikeAuditEvent(payload) && emittedAsAudit(first, lineCount, length, payload, env))
        return;
    m_fields.clear();
    const Payload decoded = decodePayload(payload, m_fields);
    if (decoded.malformedJson) // kept as a plain message, but worth a word
        diagnose(first, DiagnosticReason::MalformedJson);
    emitPayload(first, lineCount, length, payload, env, decoded);
}

bool SourceParser::emittedAsAudit(const LineView &first, std::uint32_t lineCount, std::uint64_t length, std::string_view payload,
                                  const Envelope &env)
{
    const auto doc = nlohmann::json::parse(payload.begin(), payload.end(), nullptr, false);
    try {
        return !doc.is_discarded() && doc.is_object() && !emitAudit(first, lineCount, length, doc, env);
    } catch (const nlohmann::json::exception &) {
        return false; // a field of the wrong type ("verb": {...}): read as the text it is
    }
}

void SourceParser::emitPayload(const LineView &first, std::uint32_t lineCount, std::uint64_t length, std::string_view payload,
                               const Envelope &env, const Payload &decoded)
{
    const bool inGoStack = std::exchange(m_file.previousPayloadInGoStack, false);
    if (decoded.kind == PayloadKind::KlogJson) {
        emitKlogJson(first, lineCount, length, decoded.record, env);
        return;
    }
    const Source &src = m_out.source;
    const bool klog = decoded.kind == PayloadKind::KlogText;
    const KlogHeader &h = decoded.header;
    const std::string_view component = componentFor(env, klog ? h.file : std::string_view{});

    // Wrapped formats: a header-less payload right after an event is usually its stack trace;
    // Go prints a frame's function line at the margin, under a goroutine header or a frame.
    // A stack goes on under a stack's line, and begins under an error (HandleCrash's line,
    // then 1.4-1.14's callers' list, or a trace).
    // (Only header-less payloads are looked at: a klog line never is a frame.)
    const bool frameAtMargin = !klog && (isGoFrameCall(payload) || isGoCallerLine(payload));
    m_file.previousPayloadInGoStack = klog ? h.severity >= Severity::Error : frameAtMargin || isGoStackLine(payload, false);
    if (!klog && lineCount == 1 && (env.utc != 0 || env.haveLocal) && (looksLikeContinuation(payload) || (inGoStack && frameAtMargin))
        && !m_out.events.empty()
        && m_out.strings.view(m_out.origins[m_out.contexts[m_out.events.back().context].origin].component) == component) {
        Event &last = m_out.events.back();
        // Keep an arena message contiguous: it is the last thing appended.
        if (EventSpans spans = spansOf(last, m_out.source.eventSpans);
            env.messageInArena && spans.messageInArena && spans.messageOffset + spans.messageLength == env.arenaOffset) {
            spans.messageLength += static_cast<std::uint32_t>(payload.size());
            setSpans(last, spans, m_out.source.eventSpans);
        }
        if (extendLastEvent(first))
            return;
    }

    EventDraft d;
    d.first = first;
    d.length = length;
    d.lineCount = lineCount;
    d.severity = klog ? h.severity : env.haveSeverity ? env.severity : Severity::Info;
    d.component = component;
    d.file = klog ? h.file : component == "systemd" ? systemdFileOf(payload) : std::string_view{};
    d.message = klog ? h.message : payload;
    d.messageInArena = env.messageInArena;
    d.messageOffset = env.messageInArena ? env.arenaOffset + static_cast<std::uint64_t>(d.message.data() - payload.data())
                                         : static_cast<std::uint64_t>(d.message.data() - src.bytes->data()) - first.offset;
    d.host = env.host;
    d.podNamespace = env.podNamespace;
    d.podName = env.podName;
    d.container = env.container;

    // Time: exact from the envelope, or a local reading to resolve once year and zone are known.
    PendingTime &t = d.time;
    if (klog) {
        t.month = static_cast<std::uint8_t>(h.month);
        t.day = static_cast<std::uint8_t>(h.day);
        t.nsOfDay = h.nsOfDay;
        if (env.utc != 0) {
            t.reference = env.utc;
            voteFromEnvelope(t, Timestamp{env.utc}, first.number, m_out.clockEvidence);
        } else {
            t.rollovers = currentRollovers(h.month);
            if (env.viewerDate.year)
                noteYear(lineYearNear(env.viewerDate.year, int(env.viewerDate.month), int(h.month)) - t.rollovers, first,
                         "a log viewer's date");
            if (env.haveLocal)
                noteHeaderClock(env.local, t, first);
        }
        m_file.lastDay = h.day;
    } else if (env.utc != 0) {
        t.exact = true;
        t.reference = env.utc;
    } else if (env.haveLocal) {
        t = env.local;
        t.rollovers = currentRollovers(t.month);
        if (m_file.headerClockLead.known) { // onto the klog headers' clock, as the file's other lines
            t = shiftedReading(t, -m_file.headerClockLead.ns);
            if (env.localInWholeSeconds)
                keepOrderWithinSecond(t);
        } else if (m_file.headerClockLead.waiting.size() < HeaderClockLead::kMaxWaiting)
            m_file.headerClockLead.waiting.push_back(static_cast<std::uint32_t>(m_out.events.size()));
    } else if (!m_out.times.empty()) {
        // No time of its own (glog preamble, journal header, bare systemd line): the previous
        // event's; leading ones take the next event's at merge (month 0 marks them).
        t = m_out.times.back().with(m_out.events.back().time);
    }
    m_out.needsClockInference = m_out.needsClockInference || !t.exact;
    if (!t.exact && t.month != 0 && !m_out.clockEvidence.full())
        scanMessageForClockEvidence(d.message.substr(0, 16 * 1024), t, first.number, m_out.clockEvidence);
    if (m_file.dateAbove && !t.exact && t.month != 0)
        voteYearOfDateAbove(*m_file.dateAbove, t, first.number, m_out.clockEvidence);
    m_file.dateAbove.reset();
    addEvent(d);
}

void SourceParser::emitKlogJson(const LineView &first, std::uint32_t lineCount, std::uint64_t length, const KlogJsonRecord &r,
                                const Envelope &env)
{
    Source &src = m_out.source;
    EventDraft d;
    // A message without escapes stands verbatim in the raw line: point at it there, as for
    // klog text. Others are decoded into the arena.
    const char *rawEvent = src.bytes->data() + first.offset;
    if (!env.messageInArena && text::liesWithin(r.message, std::string_view(rawEvent, length))) {
        d.message = r.message;
        d.messageOffset = static_cast<std::uint64_t>(r.message.data() - rawEvent);
        emitKlogJsonDraft(d, first, lineCount, length, r, r.caller, env);
        return;
    }
    // An envelope's decoded payload (docker's "log", joined CRI parts) at the arena's end is
    // not needed once the record's text and values are copied out of it. The message is copied
    // aside first only when it lies in that payload, which the arena then overwrites.
    std::string_view caller = r.caller;
    std::string messageAside;
    std::string_view message = r.message;
    if (env.messageInArena && env.arenaOffset <= src.arena.size()) {
        const std::string_view payload = std::string_view(src.arena).substr(env.arenaOffset);
        m_fields.ownViewsInto(payload);
        if (text::liesWithin(caller, payload))
            caller = m_fields.own(std::string(caller));
        if (text::liesWithin(message, src.arena))
            message = messageAside.assign(message);
        src.arena.resize(env.arenaOffset);
    }
    const std::uint64_t arenaAt = src.arena.size();
    src.arena.append(message);
    d.message = std::string_view(src.arena).substr(arenaAt);
    d.messageInArena = true;
    d.messageOffset = arenaAt;
    emitKlogJsonDraft(d, first, lineCount, length, r, caller, env);
}

void SourceParser::emitKlogJsonDraft(EventDraft &d, const LineView &first, std::uint32_t lineCount, std::uint64_t length,
                                     const KlogJsonRecord &r, std::string_view caller, const Envelope &env)
{
    m_fields.renameKeys([this](std::string_view k) { return m_types.canonicalField(k); });
    d.first = first;
    d.length = length;
    d.lineCount = lineCount;
    d.severity = r.severity;
    d.component = componentFor(env, caller);
    d.file = caller;
    d.fieldsReady = true;
    d.fieldsInLine = !env.messageInArena; // the record stands in the raw line as written
    d.host = env.host;
    d.podNamespace = env.podNamespace;
    d.podName = env.podName;
    d.container = env.container;
    d.time.exact = true;
    d.time.reference = r.utc;
    if (env.haveLocal) {
        // A local envelope time (journald short, short-precise) beside the record's UTC is a
        // reading of this node's clock, as a klog header beside a CRI time is: evidence for
        // the zone and year of the lines that have only the envelope's time (systemd's).
        PendingTime local = env.local;
        local.rollovers = currentRollovers(local.month);
        if (local.month != 0)
            voteFromEnvelope(local, Timestamp{r.utc}, first.number, m_out.clockEvidence);
    }
    addEvent(d);
}

// A file whose lines carry local readings without a year (an apiserver's klog) may hold lines
// of exact UTC times between them (its etcd client's JSON records). Such a record dates the
// local readings after it within days (a year vote), and a line of one kind right after one of
// the other is a pair of readings of one clock, moments apart: a zone, once two pairs agree.
void SourceParser::addEvent(const EventDraft &d)
{
    if (d.first.offset > Event::kMaxOffset) { // an event keeps its offset in 40 bits
        m_out.source.unparsedLines += d.lineCount;
        diagnose(d.first, DiagnosticReason::PastOffsetLimit);
        return;
    }
    Event e;
    e.time = Timestamp{d.time.reference}; // until the merge resolves it (StoredTime)
    e.source = m_out.source.id;
    e.offset = d.first.offset;
    m_out.source.lineIndex.note(e.offset, d.first.number); // for a format read by other loops than lineRead's
    e.severity = d.severity;
    setSpans(e,
             {static_cast<std::uint32_t>(std::min<std::uint64_t>(d.length, 0xffffffffull)), static_cast<std::uint32_t>(d.messageOffset),
              static_cast<std::uint32_t>(std::min<std::size_t>(d.message.size(), 0xffffffffull)), d.messageInArena},
             m_out.source.eventSpans);
    const OriginId origin = originOf(d.component, d.file);

    // Meaning and fields: a structured klog message carries key=value pairs after its text.
    std::string_view text = d.message;
    m_file.plannedKeys = 0;
    if (!d.fieldsReady) {
        m_fields.clear();
        if (parseStructuredMessage(d.message, text, m_fields))
            nameKeysAsTheirPlaceDoes(origin);
    }
    // The place that logged it; few distinct (component, file:line) pairs per file. A place
    // prints a few wordings, so what matched there last is tried first.
    if (origin.index() >= m_file.lastMatch.size())
        m_file.lastMatch.resize(origin.index() + 1);
    e.type = d.type ? *d.type : m_types.classify(text, d.component, m_fields, m_file.lastMatch[origin.index()]);
    if (const auto &floor = m_types.type(e.type).severityFloor; floor && *floor > e.severity)
        e.severity = *floor;

    addRecordFields(d);
    const OriginId placed = e.type == kOtherEventType ? origin : electorOrigin(e.type, d, origin);
    mapNextStepForWriting(m_out.events, kTableStep);
    m_out.events.push_back(e);
    m_file.lastEventLines = d.lineCount;
    mapNextStepForWriting(m_out.times, kTableStep);
    m_out.times.push_back(StoredTime::of(d.time));
    m_file.neighbourReadings.observe(d.time, d.first.number, d.first.number + d.lineCount - 1, m_out.clockEvidence);
    m_file.pasteReader.endBlock(); // a log line ends a command's output
    storeFields(m_out.events.back(), d, placed);
}

// client-go's leader election is every control-plane component's code (leaderelection.go),
// and one process may run several electors (k3s runs the controller manager, the scheduler
// and the cloud controller manager): a line that names a component's lease is that
// component's, unless its process said it is another (an operator's own election). A loss
// names no lease: it is the elector's whose renewal failed last in this file, within
// kLossAfterFailedRenewal (its context is cancelled at once), unless that elector led again
// since. Other electors' lines between (they fail together when the apiserver is down) do not
// change whose it is.
OriginId SourceParser::electorOrigin(EventTypeId type, const EventDraft &d, OriginId origin)
{
    if (type != m_leaderLost && !namesLease(type))
        return origin;
    // A control-plane component, a host of several, or what the Go file alone says: any elector.
    const bool mayBeAnyElector = d.component.empty() || isControlPlaneComponent(d.component) || goFileNamesComponent(d.component)
        || m_roles.componentOf(d.file) == d.component;
    if (!mayBeAnyElector)
        return origin;
    std::string elector;
    FailedElector &failed = m_file.failedElector;
    if (type == m_leaderLost) {
        if (!failed.component.empty() && withinOf(d.time, failed.at, kLossAfterFailedRenewal))
            elector = failed.component;
        else if (const std::string_view named = m_fields.get("elector"); isControlPlaneComponent(named))
            elector = named; // a wording only one component prints (the scheduler's "Leaderelection lost")
        failed.component.clear();
    } else {
        elector = componentOfLease(m_fields.get("lease"));
        if (type == m_leaderRenewFailed && !elector.empty())
            failed = {elector, d.time};
        else if (type != m_leaderLockError && elector == failed.component) // it leads, or tries to, again
            failed.component.clear();
        if (!elector.empty())
            m_file.leaseComponents.insert(elector);
    }
    return elector.empty() || elector == d.component ? origin : originOf(elector, d.file);
}

// What stands for a systemd line's Go file: the unit it names, when the goroutine map names
// that unit (the kubelet's: kubelet.service, k3s.service, ...), else "other units", one
// origin for all (a node's scopes and mounts are a unit each, one per container); "" when it
// names none (`journalctl -u kubelet` holds the kubelet's unit's lines only), unless its job
// line gives a description that is none of Kubernetes' ("Starting Snap Daemon...", "Started
// containerd container runtime.": a whole journal's other units).
std::string_view SourceParser::systemdFileOf(std::string_view message) const
{
    const std::string_view unit = systemdUnitOf(message);
    if (unit.empty())
        return describesAnotherUnit(message) ? std::string_view("other units") : unit;
    return m_roles.names("systemd", unit) ? unit : std::string_view("other units");
}

OriginId SourceParser::originOf(std::string_view component, std::string_view file)
{
    const std::uint64_t hash = headTailHash(file) ^ (component.size() * 0x9E3779B97F4A7C15ull);
    RememberedOrigin &slot = m_file.rememberedOrigins[(hash ^ (hash >> 32)) % m_file.rememberedOrigins.size()];
    if (slot.used && sameText(slot.file, file) && sameText(slot.component, component))
        return slot.id;
    const StringId componentId = m_out.strings.intern(component), fileId = m_out.strings.intern(file);
    const OriginId id = m_out.origins.intern(componentId, fileId, [&] { return m_roles.roleFor(component, file); });
    slot = {m_out.strings.view(componentId), m_out.strings.view(fileId), id, true};
    return id;
}

void SourceParser::nameKeysAsTheirPlaceDoes(OriginId origin)
{
    if (origin.index() >= m_file.keyPlans.size())
        m_file.keyPlans.resize(origin.index() + 1);
    std::vector<PlannedKey> &plan = m_file.keyPlans[origin.index()];
    std::size_t i = 0;
    m_fields.renameKeys([&](std::string_view raw) {
        if (i < plan.size() && sameText(plan[i].raw, raw))
            return plan[i++].canonical;
        const std::string_view stored = m_file.plannedKeyTexts.view(m_file.plannedKeyTexts.intern(raw));
        const std::string_view canonical = m_types.canonicalField(raw);
        const PlannedKey key{stored, canonical.data() == raw.data() ? stored : canonical, kNoString};
        if (i < plan.size())
            plan[i] = key;
        else
            plan.push_back(key);
        return plan[i++].canonical;
    });
    m_file.plannedKeys = i;
    m_file.plannedOrigin = origin;
}

// The pool's id of the i-th field's key: the plan's when the key is one the place logs.
StringId SourceParser::plannedKeyId(std::size_t index, std::string_view key)
{
    if (index >= m_file.plannedKeys)
        return m_out.strings.intern(key);
    PlannedKey &planned = m_file.keyPlans[m_file.plannedOrigin.index()][index];
    if (key.data() != planned.canonical.data()) // not the key the plan named (the list changed since)
        return m_out.strings.intern(key);
    if (planned.id == kNoString)
        planned.id = m_out.strings.intern(key);
    return planned.id;
}

SourceParser::SubjectFields SourceParser::subjectFields() const
{
    enum Slot { Ns, PodName, PodUid, Pod, Node, Container, None };
    std::array<std::string_view, None> values;
    unsigned seen = 0; // the first of each key counts, as FieldList::get finds it
    for (const auto &[key, value] : m_fields.items()) {
        Slot slot = None;
        switch (key.size()) {
        case 3: slot = key == "pod" ? Pod : None; break;
        case 4: slot = key == "node" ? Node : None; break;
        case 6: slot = key == "podUID" ? PodUid : None; break;
        case 7: slot = key == "podName" ? PodName : None; break;
        case 9: slot = key == "namespace" ? Ns : key == "container" ? Container : None; break;
        default: break;
        }
        if (slot == None || (seen & (1u << slot)))
            continue;
        values[slot] = value;
        seen |= 1u << slot;
    }
    return {values[Ns], values[PodName], values[PodUid], values[Pod], values[Node], values[Container]};
}

PodId SourceParser::resolvePod(const SubjectFields &subject)
{
    std::string_view ns = subject.ns;
    std::string_view name = subject.podName;
    std::string_view uid = subject.podUid;
    if (const std::string_view pod = subject.pod; !pod.empty()) {
        const PodReference ref = parsePodReference(pod);
        if (!ref.ns.empty())
            ns = ref.ns;
        name = ref.name;
        if (!ref.uid.empty())
            uid = ref.uid;
    }
    const StringId uidId = uid.empty() ? kNoString : m_out.strings.intern(uid);
    if (name.empty()) {
        const auto it = m_file.podByUid.find(uidId);
        return uidId != kNoString && it != m_file.podByUid.end() ? it->second : kNoPod;
    }
    // Pods named without namespace ("pod web-0 is running") are keyed with ns = "" and
    // resolved across files at merge.
    const StringId nsId = m_out.strings.intern(ns), nameId = m_out.strings.intern(name);
    auto [it, added] = m_file.podByName.try_emplace(pairKey(nsId, nameId), PodId::fromIndex(m_out.pods.size()));
    if (added)
        m_out.pods.push_back({nsId, nameId, kNoString});
    const PodId id = it->second;
    if (uidId != kNoString && m_out.pods[id.index()].uid == kNoString) {
        m_out.pods[id.index()].uid = uidId;
        m_file.podByUid.emplace(uidId, id);
    }
    return id;
}

StringId SourceParser::nodeForEvent(std::string_view named, std::string_view component, std::string_view host)
{
    // The pool's own cache of recent strings answers the same node line after line.
    if (!named.empty())
        return m_out.strings.intern(named);
    if (isControlPlaneComponent(component))
        return kNoString;
    return m_out.strings.intern(!m_out.source.node.empty() ? m_out.source.node : host);
}

namespace {

// An IPv4 or IPv6 address, as a host prefix or a journal names a machine (talosctl -n 10.0.0.2).
bool isIpAddress(std::string_view s)
{
    if (s.empty() || s.size() > 45)
        return false;
    if (s.find(':') != std::string_view::npos) // IPv6: hex digits and colons (a dotted IPv4 tail too)
        return std::all_of(s.begin(), s.end(), [](char c) { return std::isxdigit(static_cast<unsigned char>(c)) || c == ':' || c == '.'; });
    int parts = 0;
    std::size_t at = 0;
    while (at <= s.size()) {
        const std::size_t dot = std::min(s.find('.', at), s.size());
        const std::string_view part = s.substr(at, dot - at);
        if (part.empty() || part.size() > 3 || !std::all_of(part.begin(), part.end(), text::isDigit))
            return false;
        ++parts;
        at = dot + 1;
    }
    return parts == 4;
}

} // namespace

void SourceParser::noteNodeFullName(StringId host, StringId node)
{
    if (host == kNoString || node == host)
        return;
    const std::string_view h = m_out.strings.view(host), n = m_out.strings.view(node);
    // The short host name of the node's full one ("ip-10-0-1-5" of "ip-10-0-1-5.ec2.internal"), or
    // the address the machine was reached at of its node's name (a Talos node's lines under
    // "192.168.242.188: " name it talos-0sr-1c0).
    const bool shortName = n.size() > h.size() + 1 && n.starts_with(h) && n[h.size()] == '.';
    if (!shortName && !(isIpAddress(h) && !isIpAddress(n)))
        return;
    const bool noted = std::any_of(m_out.nodeFullNames.begin(), m_out.nodeFullNames.end(),
                                   [&](const auto &claim) { return claim.first == h && claim.second == n; });
    if (!noted) // copied once: every kubelet line naming its Node says it again
        m_out.nodeFullNames.emplace_back(h, n);
}

bool SourceParser::pushField(const Event &e, StringId key, std::string_view value)
{
    const FieldKeyId id = m_out.fieldKeys.intern(key);
    if (!id.valid()) // FieldKeyTable::kMaxKeys distinct keys in one file: the event details still decode the line
        return false;
    if (m_out.fields.size() == m_out.fields.capacity())
        reserveFieldsAhead();
    mapNextStepForWriting(m_out.fields, kTableStep);
    m_out.fields.push_back(fieldOf(e, key, id, value));
    return true;
}

void SourceParser::reserveFieldsAhead()
{
    // As many fields an event as so far, for the events reserved for the whole file: grown by
    // doubling, the table was copied and faulted in afresh at every step. Doubling until the
    // events so far are a fair sample (a file's first lines, its start-up, may carry many
    // fields), and never less than doubling after, so an estimate too low costs few steps.
    constexpr std::size_t kSampleEvents = 4096;
    const std::size_t seen = m_out.events.size(), doubled = std::max<std::size_t>(16, m_out.fields.capacity() * 2);
    if (seen < kSampleEvents || m_out.events.capacity() <= seen) {
        m_out.fields.reserve(doubled);
        return;
    }
    const double perEvent = static_cast<double>(m_out.fields.size()) / static_cast<double>(seen);
    const auto expected = static_cast<std::size_t>(perEvent * static_cast<double>(m_out.events.capacity()) * 1.125) + 16;
    m_out.fields.reserve(std::max(expected, doubled));
}

Field SourceParser::fieldOf(const Event &e, StringId key, FieldKeyId id, std::string_view value)
{
    // Interned: a value the catalog says repeats; a short value C++ reads after the parse, so
    // that reading it does not map the raw line's page again (on a freshly written file, a
    // 2 MiB folio for each value: a fact detector reading ten grace periods held 20 MiB), while
    // long ones, unique to their line (a PLEG event's text), stay slices; and a value too long
    // for a slice's length (a goroutine dump's frame).
    const KeyUse &use = keyUse(key);
    if (use.repeats || (use.read && value.size() <= kMaxInternedReadValue) || value.size() > Field::kLengthMask)
        return {id, m_out.strings.intern(value).value(), Field::kInternedValue};
    const auto length = static_cast<std::uint16_t>(value.size());
    Source &src = m_out.source;
    const char *eventStart = src.bytes ? src.bytes->data() + e.offset : nullptr;
    if (eventStart && text::liesWithin(value, std::string_view(eventStart, spansOf(e, src.eventSpans).length)))
        return {id, static_cast<std::uint32_t>(value.data() - eventStart), length};
    // Unquoted, decoded from JSON, or from an envelope: kept apart, once.
    if (src.decodedValues.size() + value.size() > 0xffffffffull)
        return {id, 0, Field::kDecodedValue}; // 4 GiB of decoded values in one file: the rest read as empty
    const auto at = static_cast<std::uint32_t>(src.decodedValues.size());
    src.decodedValues.append(value);
    return {id, at, static_cast<std::uint16_t>(length | Field::kDecodedValue)};
}

const SourceParser::KeyUse &SourceParser::keyUse(StringId key)
{
    if (key.index() >= m_file.keyUses.size())
        m_file.keyUses.resize(key.index() + 1);
    KeyUse &use = m_file.keyUses[key.index()];
    if (!use.known) {
        const std::string_view name = m_out.strings.view(key);
        use = {true, m_types.valueRepeats(name), codeReadsField(name), name == "podUID"};
    }
    return use;
}

// Eight bytes a field, four or more an event: of what the line gives again (eventFields
// decodes it when someone asks), only what is read after the parse is kept. That is, on an
// event of a known type, the keys codenames.h names; on one of no known type, those whose
// values repeat (the pod, node and request checks). Not kept: an apiserver request's latency,
// audit ID, source IP and priority-and-fairness figures (half of a large bundle's fields),
// and a pod's name, namespace and container, which the event's pod and container hold.
bool SourceParser::isKeptAfterParse(const Event &e, StringId key)
{
    const KeyUse &use = keyUse(key);
    if (!use.read || (e.type == kOtherEventType && !use.repeats))
        return false;
    // A pod's UID is read only to find the pod of a line that names no resolved pod.
    return !(use.podUid && m_out.contexts[e.context].pod != kNoPod);
}

void SourceParser::storeFields(Event &e, const EventDraft &d, OriginId origin)
{
    EventContext context;
    context.origin = origin;
    const SubjectFields subject = subjectFields();
    context.pod = resolvePod(subject);
    context.node = nodeForEvent(subject.node, d.component, d.host);
    m_file.soleHost.see(d.host);
    if (!subject.node.empty() && d.component == "kubelet")
        noteNodeFullName(nodeForEvent({}, d.component, d.host), context.node);
    if (!subject.container.empty())
        context.container = m_out.strings.intern(subject.container);
    e.context = m_out.contexts.intern(context);
    const std::size_t first = m_out.fields.size();
    const bool decodable = !d.fieldsReady || d.fieldsInLine;
    const auto &items = m_fields.items();
    for (std::size_t i = 0; i < items.size(); ++i) {
        const auto &[k, v] = items[i];
        if (v.size() > kMaxStoredFieldValue || k.empty())
            continue;
        const StringId key = plannedKeyId(i, k);
        if ((decodable && !isKeptAfterParse(e, key)) || !pushField(e, key, v))
            continue;
        // Container lists of a status patch ("a,b,c"): each name is a container of the pod,
        // and facts refer to containers by interned name.
        if (k == "readyContainers" || k == "unreadyContainers")
            text::forEachListItem(v, ',', [&](std::string_view name) { m_out.strings.intern(name); });
    }
    if (m_out.fields.size() > first) {
        e.firstField = static_cast<std::uint32_t>(first);
        m_out.fields.back().setLastOfEvent(true);
    }
}

void SourceParser::addFieldToLastEvent(std::string_view key, std::string_view value)
{
    Event &e = m_out.events.back();
    const std::size_t first = m_out.fields.size();
    if (!pushField(e, m_out.strings.intern(key), value))
        return;
    if (e.firstField == Event::kNoFields)
        e.firstField = static_cast<std::uint32_t>(first);
    else // its fields were the last ones: nothing was stored after them
        m_out.fields[first - 1].setLastOfEvent(false);
    m_out.fields.back().setLastOfEvent(true);
}

} // namespace kubelane::core
