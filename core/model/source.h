#pragma once
// One input file (or archive member) and everything learned about it while reading it.
#include "lineindex.h"
#include "../input/bytes.h"
#include "event.h"
#include "eventspans.h"
#include "stringpool.h"

#include <map>
#include <memory>
#include <string>
#include <vector>

namespace kubelane::core {

enum class SourceFormat : std::uint8_t {
    Unknown,
    KlogText,          // raw klog/glog
    Journald,          // journalctl short / short-precise / short-iso / short-iso-precise
    CriLog,            // containerd/CRI-O container log
    DockerJson,        // docker json-file
    KubectlTimestamps, // kubectl logs --timestamps: an RFC 3339 time and a space before each line
    KlogJson,          // klog JSON (--logging-format=json)
    AuditLog,          // kube-apiserver audit JSON lines
    GoroutineDump,     // Go stack dump (dockerd SIGUSR1, kubelet panic)
    KubeObjects,       // Kubernetes API objects: kubectl get -o json/yaml, cluster-info dump JSON
    KubeEventTable,    // the table of `kubectl get events` (ages, no times)
    PlainText,         // text with timestamps we do not know the shape of
    Binary,
    // Record-per-line (or JSON array) exports pulled from log systems, recognised by content.
    JournaldJson,  // journalctl -o json / json-pretty / json-seq
    CloudLogging,  // Google Cloud Logging LogEntry: gcloud logging read --format=json, console download, sink JSON lines
    LokiExport,    // Loki: logcli --output=jsonl or default, Grafana Explore download
    Logfmt,        // key=value lines with ts= (go-kit: promtail, Loki's own logs)
    Dmesg,         // the kernel ring buffer as `dmesg -H` or `dmesg -T` prints it
    Stern,         // stern's output: pod and container (and namespace) before each line
    ViewerTime,    // copied from a web log viewer: the reader's local date and time before each line
    TalosDmesg,    // talosctl dmesg: the kernel ring of a Talos node, as machined formats it
    ZapConsole,    // go.uber.org/zap's console encoder: time, level, message, JSON context (tab-separated)
    Capnslog,      // etcd 3.2-3.4: local date and time, a level letter, "| package: message"
    GoLog,         // Go's log package: "2006/01/02 15:04:05 message" (gRPC's level before it)
    DockerDesktop, // Docker Desktop's VM logs: "[2024-03-07T10:32:54.036205250Z][kubelet][I] <line>"
    KubeDescribe,  // kubectl describe node(s): each node's Conditions table
};

enum class DiagnosticReason : std::uint8_t {
    NoTimestamp,  // a line with no header we know
    BadTimestamp, // a header whose date/time does not parse
    BinaryData,   // NUL or control bytes
    InvalidUtf8,
    OrphanContinuation, // continuation text before any event
    MalformedJson,
    UnknownRecord,   // JSON/record of a shape we do not know
    LineTooLong,     // truncated for classification (still an event)
    PastOffsetLimit, // an entry starting past Event::kMaxOffset (1 TiB) into its file
    // Lines recognised as not being log lines at all (pastes, terminal captures, dumps): they
    // are counted apart from the lines not understood, each kind with its own reason.
    ShellPrompt,       // "$ kubectl logs ...", "root@node3:~# journalctl -u kubelet"
    CommandOutput,     // a table or message of a command ("NAME READY STATUS", "error: ...")
    MarkdownFence,     // ``` around a pasted block
    Elision,           // "..." where the paster cut lines out
    CommentLine,       // "# what I did next", "// note"
    SectionFrame,      // "==> kubelet <==", "==== START logs for container ... ===="
    ObjectWithoutTime, // lines of a Kubernetes object that carries no time of its own
    Prose,             // the sentences around a pasted log in a ticket or an issue
    Count
};
const char *diagnosticName(DiagnosticReason r);
// True for the reasons that say a line is something other than a log line (not a failure).
bool isNotALogLine(DiagnosticReason r);

struct Diagnostic {
    std::uint32_t line = 0;
    std::uint64_t offset = 0;
    DiagnosticReason reason = DiagnosticReason::NoTimestamp;
};

// How a source's clock relates to UTC and to the other sources.
struct ClockInfo {
    int utcOffsetSeconds = 0;
    enum class OffsetOrigin : std::uint8_t { Wrapper, Inferred, Override, Assumed } offsetOrigin = OffsetOrigin::Assumed;
    std::string offsetEvidence;
    int year = 0;
    std::string yearEvidence;
    // The lines hold no year and nothing in the bundle said it: the file's modification time
    // or the current year stood in (a pasted excerpt's copy is written today).
    bool yearGuessed = false;
    // The year is the earliest the file allows (a journal header that gives its begin alone):
    // the lines may be of a later one.
    bool yearIsEarliest = false;
    Duration skew;            // added to local readings after zone conversion
    std::string skewEvidence; // empty = no skew correction
    // A journal whose times run a whole zone ahead of (or behind) the klog headers of the same
    // lines: the process logs in another zone than the journal shows (a snap's or container's
    // UTC). The lines with the journal's time only were moved onto the headers' clock; empty
    // when the two agree.
    std::string headerClockEvidence;
};

// What the bundle's layout or the source's content says the source belongs to, and how that
// was decided: the Sources panel and `analyze --json` show it so the user can check it.
struct SourceAttribution {
    std::string podNamespace; // a container log: its pod's namespace, name and container
    std::string podName;
    std::string container;
    // "NS/NAME", or "NAME" when only the name is known (`kubectl logs --prefix`), or "".
    std::string pod() const { return podName.empty() || podNamespace.empty() ? podName : podNamespace + "/" + podName; }
};

struct Source {
    SourceId id = 0;
    std::string path; // display path: "bundle.tar.gz!nodes/node3/kubelet.log"
    SourceFormat format = SourceFormat::Unknown;
    std::string formatDetail; // e.g. "journald short-iso", "klog text (glog 1.12)"
    std::string component;    // dominant component
    std::string node;         // node the file was written on, if known
    // The machine every line's journal prefix names ("" = none, several, or a placeholder such
    // as "localhost"), by its full name once nameNodesInFull knows it. A control-plane journal
    // has one and no node: the host is no node of its events.
    std::string host;
    // The machine the file was written on, as far as it is known: its node, else its host.
    const std::string &machine() const { return node.empty() ? host : node; }
    std::string componentOrigin; // "path", "content", "journald identifier", "override", "layout (...)"
    std::string shape;           // the collection shape it came in: "cluster-info dump", "must-gather", "" = a plain file
    SourceAttribution attribution;
    std::string error;                  // non-empty when the source could not be read
    BytesPtr bytes;                     // the decompressed content (raw text)
    std::string arena;                  // decoded messages that are not verbatim in `bytes`
    std::string decodedValues;          // field values that are not verbatim in `bytes` (Field::decoded)
    std::vector<Field> fields;          // of this source's events (Event::firstField counts from here)
    std::vector<EventSpans> eventSpans; // the lengths and messages an event cannot keep in its own 6 bytes (eventspans.h)
    LineIndex lineIndex;                // an event's line number from its offset (Incident::lineOf)
    std::int64_t modifiedTime = 0;      // seconds since epoch, 0 = unknown
    bool goroutineDumpLines = false;    // a goroutine header among an event's continuation lines (a dump in a log)

    std::uint64_t lineCount = 0;
    std::uint64_t eventCount = 0;
    std::uint64_t unparsedLines = 0;  // lines that are in no event and not understood
    std::uint64_t nonLogLines = 0;    // lines recognised as not log lines (prompts, tables, fences)
    std::uint64_t repeatedEvents = 0; // events that another source holds too, shown once (from there)
    std::uint64_t diagnosticCounts[static_cast<int>(DiagnosticReason::Count)] = {};
    std::vector<Diagnostic> diagnostics; // the first few of each reason, to show the user
    Timestamp first, last;
    ClockInfo clock;
};

// The text of one of `event`'s fields (`strings`: the pool its interned values are in); empty
// when the source's bytes are gone.
std::string_view fieldValue(const Source &source, const StringPool &strings, const Event &event, const Field &field);

} // namespace kubelane::core
