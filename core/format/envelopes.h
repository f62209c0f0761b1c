#pragma once
// The wrappers klog lines arrive in: journald text, CRI container logs, docker json-file,
// kubectl logs --timestamps. What they carry is decoded by decodePayload (payload.h).
// Each parser is hand-written, allocation-free on the common path, and returns false for a
// line that is not of its shape so the caller can count it.
#include "../model/source.h"
#include "../model/timestamp.h"

#include <string>
#include <string_view>

namespace kubelane::core {

// systemd src/shared/logs-show.c output_timestamp_realtime / _monotonic: short "%b %d %H:%M:%S",
// short-precise (+ ".%06u"), short-iso "%Y-%m-%dT%H:%M:%S%z" (+ ".%06u" before the zone in
// short-iso-precise), short-full and with-unit format_timestamp ("Mon 2020-12-07 10:00:00 CST";
// with-unit shows the unit, "kubelet.service", instead of the identifier), short-unix
// "%10u.%06u" (UTC seconds), short-monotonic "[%5u.%06u]" (seconds since boot) and short-delta
// "[%5u.%06u <%5u.%06u>]".
enum class JournaldStyle : std::uint8_t {
    Short,
    ShortPrecise,
    ShortIso,
    ShortIsoPrecise,
    TimeOnly,
    ShortMonotonic,
    ShortUnix,
    ShortFull,
    WithUnit,
    IdentifierOnly // "ident[pid]: msg": a paste that cut the date and host off
};
const char *journaldStyleName(JournaldStyle s);

struct JournaldLine {
    JournaldStyle style = JournaldStyle::Short;
    CivilTime local;          // year 0 unless short-iso
    int utcOffsetSeconds = 0; // short-iso only
    bool hasZone = false;
    bool wholeSeconds = false;    // short, or the time alone: a reading without a fraction
    std::int64_t utc = 0;         // short-unix: exact UTC ns
    std::int64_t monotonicNs = 0; // short-monotonic / short-delta: time since boot
    std::string_view host;
    std::string_view identifier; // "kubelet", "systemd"
    std::string_view pid;        // "2614" of "kubelet[2614]:"; empty when the line names none
    std::string_view priority;   // BusyBox syslogd's "warn" of "daemon.warn"; empty for the rest
    std::string_view sender;     // "node3 kubelet" as written: the host (when the line has it) and the identifier
    std::string_view message;
};
bool parseJournaldLine(std::string_view line, JournaldLine &out);
// journalctl's line with its date and host cut off, as pasted into an issue
// ("microk8s.daemon-kubelite[53319]: E0320 20:46:08.223210 ..."): the identifier and its process
// id, which every journal and syslog line has (without the id, "ACPI: ..." or "Error: ..." would
// pass). No time: a klog payload's header gives its own, other lines their neighbour's. Read in
// a journal's lines only (JournaldFormat, SourceParser::onJournaldLine): elsewhere such a line
// is no log line of its own.
bool parseJournaldLineWithoutStamp(std::string_view line, JournaldLine &out);
// "-- Logs begin at Mon 2020-12-07 10:00:00 CST, end at ..." / "-- Reboot --" / "-- No entries --"
bool isJournaldMetaLine(std::string_view line);

struct CriLine {
    Timestamp utc;
    std::string_view stream;
    bool partial = false;
    std::string_view message;
};
bool parseCriLine(std::string_view line, CriLine &out);

// `kubectl logs --timestamps`: "2024-01-02T03:04:05.123456789Z I0102 03:04:05.123456 ...".
// The kubelet prefixes each line with the container log's time (pkg/kubelet/kuberuntime/logs
// logWriter.write: types.RFC3339NanoFixed, nine digits; time.RFC3339Nano, trailing zeros cut,
// in older releases) and a space. Any zone is accepted; the line must be nothing else.
struct TimestampPrefixLine {
    Timestamp utc;
    std::string_view message;
};
bool parseTimestampPrefixLine(std::string_view line, TimestampPrefixLine &out);
// A log forwarder's program tag between the stamp and the log line: "- kubelet I0509 ...",
// "kubelet: I0509 ...", "kube-apiserver[812] I0509 ...". `program` and `line` are set when
// `message` starts with one (an optional "- ", a name, an optional "[pid]" and ":", a space);
// the caller checks that what follows is a log line.
bool splitProgramTag(std::string_view message, std::string_view &program, std::string_view &line);
// The process a log line names: its journal's or syslog's "ident[pid]:", else its klog header's
// thread id (glog and klog write the process id there). 0 when it names none. Read from a
// line again when asked, for the few lines whose process matters (a kubelet's start-up reports).
std::uint64_t processIdOnLine(std::string_view raw);

struct DockerJsonLine {
    Timestamp utc;
    std::string_view stream;
    bool endsLine = true; // docker splits lines over 16 KiB; only the last part ends in \n
};
// Appends the decoded "log" text (without its final newline) to `decoded`.
bool parseDockerJsonLine(std::string_view line, DockerJsonLine &out, std::string &decoded);

// Appends the JSON string body starting after the opening quote at `pos`; returns the index
// after the closing quote or npos.
std::size_t decodeJsonString(std::string_view s, std::size_t pos, std::string &out);

// An event's lines as its writer printed them: the first as it is, each continuation line
// without the envelope the collection put around it (a CRI or docker json-file record, a
// journal line's prefix, kubectl's time), so a multi-line value (a stack) reads as logged.
// A line not of the format's shape stays as it is.
std::string withoutContinuationEnvelopes(std::string_view raw, SourceFormat format);

} // namespace kubelane::core
