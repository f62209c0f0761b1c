// SourceParser for the exports SREs pull from log systems (journalctl -o json, Cloud Logging,
// Loki, logfmt): each record is an event with its own time, component, node and, where the
// record says so, pod and container. The record's payload is decoded like any envelope's
// (emitRecord: klog text, klog JSON or plain text).
#include "sourceparser.h"

#include "../format/cloudlogging.h"
#include "../format/journaldjson.h"
#include "../format/jsonrecordtext.h"
#include "../format/lokiexport.h"
#include "../util/textscan.h"

#include <nlohmann/json.hpp>

#include <algorithm>

namespace kubelane::core {

namespace {

constexpr std::size_t kMaxRecordBytes = 4u << 20;

std::size_t indentOf(std::string_view s)
{
    std::size_t i = 0;
    while (i < s.size() && (s[i] == ' ' || s[i] == '\t' || s[i] == kRecordSeparator))
        ++i;
    return i;
}

// The array brackets of a pretty-printed export ("[", "]", "]," and an empty "[]").
bool isArrayFrame(std::string_view t)
{
    return t == "[" || t == "]" || t == "]," || t == "[]";
}

} // namespace

void SourceParser::parseRecords()
{
    Source &src = m_out.source;
    struct Open {
        bool active = false;
        LineView first{};
        std::uint32_t lines = 0;
        std::size_t indent = 0;
        std::string text;
        ObjectScanner scanner;
    } open;
    auto finish = [&](std::uint64_t endOffset) {
        onExportRecord(open.first, open.lines, endOffset - open.first.offset, open.text);
        open = Open{};
    };
    auto abandon = [&] {
        unparsedRecord(open.first, open.lines, DiagnosticReason::MalformedJson);
        open = Open{};
    };
    text::forEachLine(*src.bytes, [&](std::string_view text, std::size_t offset, std::uint32_t number) {
        ++src.lineCount;
        const LineView line = lineRead(text, offset, number);
        const std::string_view t = trimmedRecordLine(text);
        // A new object at the indentation of the open one (or less) means the open one was cut.
        if (open.active && !t.empty() && t.front() == '{' && indentOf(text) <= open.indent)
            abandon();
        if (!open.active) {
            if (t.empty()) {
                if (!extendLastEvent(line)) // a blank line between records belongs to the one above
                    unparsed(line, DiagnosticReason::NoTimestamp);
                return;
            }
            if (isArrayFrame(t)) {
                // The brackets around the records of a JSON array: framing, not a log line.
                notALogLine(line, DiagnosticReason::SectionFrame);
                return;
            }
            if (t.front() == '[') {
                onRecordArrayLine(line);
                return;
            }
            if (t.front() != '{') {
                // A process's own log lines between its JSON records (an apiserver's klog
                // lines among its etcd client's): read as the text formats read them.
                if (!(looksLikeKlogHeader(t) && emitLogLine(line)))
                    unparsed(line, DiagnosticReason::UnknownRecord);
                return;
            }
            open.active = true;
            open.first = line;
            open.indent = indentOf(text);
        }
        ++open.lines;
        const std::size_t from = static_cast<std::size_t>(t.data() - text.data());
        const std::string_view part = open.lines == 1 ? text.substr(from) : text;
        const std::size_t close = open.scanner.feed(part);
        if (open.lines > 1)
            open.text += '\n';
        open.text.append(close == std::string_view::npos ? part : part.substr(0, close));
        if (close != std::string_view::npos)
            finish(offset + text.size());
        else if (open.text.size() > kMaxRecordBytes)
            abandon();
    });
    if (open.active)
        abandon(); // the file ends inside a record
}

void SourceParser::onRecordArrayLine(const LineView &line)
{
    // "[{...},{...}]" on one line: each element is an event over its own bytes of the line.
    int records = 0;
    const bool closed = forEachArrayElement(line.text, std::size_t(-1), [&](std::size_t at, std::string_view text) {
        const LineView element{text, line.offset + at, line.number};
        const std::uint64_t before = m_out.source.unparsedLines;
        onExportRecord(element, 1, text.size(), text);
        if (m_out.source.unparsedLines > before)
            m_out.source.unparsedLines = before; // the line is counted once, below
        else
            ++records;
    });
    if (records == 0)
        unparsed(line, closed ? DiagnosticReason::UnknownRecord : DiagnosticReason::MalformedJson);
    else if (!closed) // the line's events stand; its cut tail is worth a word
        diagnose(line, DiagnosticReason::MalformedJson);
}

void SourceParser::unparsedRecord(const LineView &first, std::uint32_t lineCount, DiagnosticReason reason)
{
    unparsed(first, reason);
    m_out.source.unparsedLines += lineCount > 0 ? lineCount - 1 : 0;
}

void SourceParser::onExportRecord(const LineView &first, std::uint32_t lineCount, std::uint64_t length, std::string_view text)
{
    const auto doc = nlohmann::json::parse(text.begin(), text.end(), nullptr, false);
    if (doc.is_discarded() || !doc.is_object()) {
        unparsedRecord(first, lineCount, DiagnosticReason::MalformedJson);
        return;
    }
    // Each reader is tried: an export may hold another system's records.
    ExportRecord r;
    RecordStatus status = readJournalJsonEntry(doc, r);
    if (status == RecordStatus::NotThisShape)
        status = readCloudLogEntry(doc, r);
    if (status == RecordStatus::NotThisShape)
        status = readLokiRecord(doc, r);
    switch (status) {
    case RecordStatus::Ok: emitExportRecord(first, lineCount, length, r); break;
    case RecordStatus::NotThisShape: unparsedRecord(first, lineCount, DiagnosticReason::UnknownRecord); break;
    case RecordStatus::NoTime: unparsedRecord(first, lineCount, DiagnosticReason::NoTimestamp); break;
    case RecordStatus::BadTime: unparsedRecord(first, lineCount, DiagnosticReason::BadTimestamp); break;
    }
}

SourceParser::Envelope SourceParser::envelopeOf(const LineEnvelope &u)
{
    Envelope env;
    env.utc = u.utc;
    env.component = u.component;
    env.haveSeverity = u.haveSeverity;
    env.severity = u.severity;
    env.podNamespace = u.podNamespace;
    env.podName = u.podName;
    env.container = u.container;
    env.viewerDate = u.viewerDate;
    if (u.haveLocal) {
        env.haveLocal = true;
        env.local.month = static_cast<std::uint8_t>(u.local.month);
        env.local.day = static_cast<std::uint8_t>(u.local.day);
        env.local.nsOfDay = u.local.nsOfDay;
    }
    return env;
}

SourceParser::Envelope SourceParser::envelopeOf(const ExportRecord &r)
{
    Envelope env;
    env.host = r.host;
    env.component = r.process;
    env.podNamespace = r.podNamespace;
    env.podName = r.podName;
    env.container = r.container;
    return env;
}

void SourceParser::emitExportRecord(const LineView &first, std::uint32_t lineCount, std::uint64_t length, const ExportRecord &r)
{
    Source &src = m_out.source;
    // The decoded payload is not verbatim in the bytes (JSON escapes): it lives in the arena.
    std::string_view payload = r.payload;
    while (!payload.empty() && (payload.back() == '\n' || payload.back() == '\r'))
        payload.remove_suffix(1);
    Envelope env = envelopeOf(r);
    env.utc = r.utc;
    env.haveSeverity = r.haveSeverity;
    env.severity = r.severity;
    env.messageInArena = true;
    env.arenaOffset = src.arena.size();
    src.arena.append(payload);
    notePodOfRecord(env);
    emitRecord(first, lineCount, length, std::string_view(src.arena).substr(env.arenaOffset), env);
}

void SourceParser::addRecordFields(const EventDraft &d)
{
    // The message's own pod wins: a controller's line about another pod stays that pod's.
    if (d.podName.empty() || !m_fields.get("pod").empty() || !m_fields.get("podName").empty())
        return;
    m_fields.set("namespace", d.podNamespace);
    m_fields.add("podName", d.podName);
    if (!d.container.empty() && m_fields.get("container").empty())
        m_fields.add("container", d.container);
}

void SourceParser::notePodOfRecord(const Envelope &env)
{
    RecordPods &p = m_file.recordPods;
    ++p.records;
    if (env.podName.empty())
        return;
    if (p.named++ == 0) {
        p.ns = env.podNamespace;
        p.name = env.podName;
        p.container = env.container;
    } else {
        p.mixed = p.mixed || p.ns != env.podNamespace || p.name != env.podName || p.container != env.container;
    }
}

void SourceParser::attributeSourceFromRecords()
{
    // An export whose every record names one pod and container is that container's log.
    Source &src = m_out.source;
    const RecordPods &p = m_file.recordPods;
    if (!src.attribution.podName.empty() || p.records == 0 || p.named != p.records || p.mixed)
        return;
    src.attribution.podNamespace = p.ns;
    src.attribution.podName = p.name;
    src.attribution.container = p.container;
}

void SourceParser::onLokiTextLine(const LineView &line)
{
    LokiTextLine l;
    GrafanaTextLine g;
    if (!parseLokiTextLine(line.text, l)) {
        if (parseGrafanaTextLine(line.text, g)) {
            onGrafanaTextLine(line, g);
            return;
        }
        std::string_view label, value;
        if (m_out.events.empty() && (line.text.empty() || parseGrafanaMetaLine(line.text, label, value))) {
            // The download's header: its meta items and the empty lines after them.
            if (label == "Common labels")
                attributeFromLabels(nlohmann::json::parse(value.begin(), value.end(), nullptr, false), m_file.commonLabels);
            notALogLine(line, DiagnosticReason::SectionFrame);
            return;
        }
        // A multi-line entry goes on without a prefix of its own.
        if (!extendLastEvent(line))
            unparsed(line, DiagnosticReason::NoTimestamp);
        return;
    }
    ExportRecord r;
    if (!l.labels.empty())
        attributeFromLabels(parsePrometheusLabels(l.labels), r);
    Envelope env = envelopeOf(r);
    env.utc = l.utc.ns;
    notePodOfRecord(env);
    emitRecord(line, 1, line.text.size(), l.line, env);
}

void SourceParser::onGrafanaTextLine(const LineView &line, const GrafanaTextLine &g)
{
    // A local reading in the browser's zone, which the file does not state: like a journal's
    // short time, it is resolved with the zone inferred for the source (a klog payload's own
    // time wins over it anyway).
    noteYear(g.local.year, line, "Grafana download row");
    Envelope env = envelopeOf(m_file.commonLabels);
    env.haveLocal = true;
    env.local.month = static_cast<std::uint8_t>(g.local.month);
    env.local.day = static_cast<std::uint8_t>(g.local.day);
    env.local.nsOfDay = g.local.nsOfDay;
    notePodOfRecord(env);
    emitRecord(line, 1, line.text.size(), g.line, env);
}

void SourceParser::onLogfmtLine(const LineView &line)
{
    LogfmtLine l;
    if (!parseLogfmtLine(line.text, l)) {
        if (!(!line.text.empty() && (line.text[0] == ' ' || line.text[0] == '\t') && extendLastEvent(line)))
            unparsed(line, DiagnosticReason::NoTimestamp);
        return;
    }
    Envelope env;
    env.utc = l.utc.ns;
    env.haveSeverity = !l.level.empty() && severityFromName(l.level, env.severity);
    emitRecord(line, 1, line.text.size(), line.text, env);
}

} // namespace kubelane::core
