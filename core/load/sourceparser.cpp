#include "sourceparser.h"

#include "../format/envelopes.h"
#include "../format/klogline.h"
#include "../format/sourceidentity.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstring>
#include <map>

namespace kubelane::core {

namespace {

constexpr std::size_t kMaxStoredFieldValue = 1024;
constexpr std::size_t kMaxDiagnosticsPerReason = 20;

bool isNodeLocalComponent(std::string_view c)
{
    return !(c == "kube-apiserver" || c == "kube-controller-manager" || c == "kube-scheduler" || c == "etcd"
             || c == "cloud-controller-manager");
}

enum class LineCheck { Text, Binary, InvalidUtf8 };

// One pass over the bytes: control characters mean binary data; high bytes are validated as UTF-8.
LineCheck checkLine(std::string_view s)
{
    const auto *p = reinterpret_cast<const unsigned char *>(s.data());
    const auto *end = p + s.size();
    bool badUtf8 = false;
    while (p < end) {
        const unsigned char c = *p;
        if (c < 0x80) {
            if (c < 0x20 && c != '\t' && c != '\r' && c != 0x1b)
                return LineCheck::Binary;
            ++p;
            continue;
        }
        int n = (c & 0xE0) == 0xC0 ? 1 : (c & 0xF0) == 0xE0 ? 2 : (c & 0xF8) == 0xF0 ? 3 : -1;
        if (n < 0 || p + n >= end + 0 || p + n > end) {
            badUtf8 = true;
            ++p;
            continue;
        }
        bool ok = true;
        for (int k = 1; k <= n; ++k)
            ok = ok && (p[k] & 0xC0) == 0x80;
        badUtf8 = badUtf8 || !ok;
        p += ok ? n + 1 : 1;
    }
    return badUtf8 ? LineCheck::InvalidUtf8 : LineCheck::Text;
}

// Lines that continue the previous entry inside wrapped formats: Go stack frames, panics'
// goroutine headers, indented wrapped text.
bool looksLikeContinuation(std::string_view payload)
{
    return payload.empty() || payload[0] == '\t' || payload[0] == ' ' || payload.starts_with("goroutine ")
        || payload.starts_with("created by ") || payload.starts_with("[signal ") || payload.starts_with("panic(");
}

// "Log file created at: 2020/03/12 10:42:26" (glog preamble): year of the first line.
int glogCreatedYear(std::string_view line)
{
    constexpr std::string_view kPrefix = "Log file created at: ";
    if (!line.starts_with(kPrefix) || line.size() < kPrefix.size() + 4)
        return 0;
    int y = 0;
    for (size_t i = kPrefix.size(); i < kPrefix.size() + 4; ++i) {
        if (line[i] < '0' || line[i] > '9')
            return 0;
        y = y * 10 + (line[i] - '0');
    }
    return y;
}

bool isGlogPreamble(std::string_view line)
{
    return line.starts_with("Log file created at: ") || line.starts_with("Running on machine: ")
        || line.starts_with("Binary: Built with ") || line.starts_with("Log line format: ");
}

// "-- Logs begin at Mon 2020-12-07 10:00:00 CST, end at ..." -> 2020
int journaldHeaderYear(std::string_view line)
{
    for (size_t i = 0; i + 10 <= line.size(); ++i) {
        if (line[i + 4] == '-' && line[i + 7] == '-') {
            int y = 0;
            bool ok = true;
            for (size_t k = i; k < i + 4; ++k) {
                ok = ok && line[k] >= '0' && line[k] <= '9';
                y = y * 10 + (line[k] - '0');
            }
            if (ok && y > 1990)
                return y;
        }
    }
    return 0;
}

} // namespace

SourceFormat detectFormat(std::string_view bytes, std::string *detail)
{
    std::map<SourceFormat, int> votes;
    std::map<JournaldStyle, int> journaldStyles;
    size_t pos = 0;
    int examined = 0;
    int binaryLines = 0;
    bool goroutineHeader = false;
    while (pos < bytes.size() && examined < 200) {
        size_t end = bytes.find('\n', pos);
        if (end == std::string_view::npos)
            end = bytes.size();
        std::string_view line = bytes.substr(pos, std::min<size_t>(end - pos, 1 << 20));
        pos = end + 1;
        if (!line.empty() && line.back() == '\r')
            line.remove_suffix(1);
        if (line.empty())
            continue;
        ++examined;
        if (checkLine(line.substr(0, 4096)) == LineCheck::Binary) {
            ++binaryLines;
            continue;
        }
        KlogHeader h;
        JournaldLine j;
        CriLine c;
        if (line.starts_with("goroutine ") && line.find(" [") != std::string_view::npos) {
            goroutineHeader = true;
        } else if (line[0] == '{') {
            if (line.find("\"log\":") != std::string_view::npos && line.find("\"time\":") != std::string_view::npos)
                ++votes[SourceFormat::DockerJson];
            else if (line.find("\"auditID\"") != std::string_view::npos || line.find("audit.k8s.io") != std::string_view::npos)
                ++votes[SourceFormat::AuditLog];
            else if (line.find("\"ts\":") != std::string_view::npos)
                ++votes[SourceFormat::KlogJson];
        } else if (parseKlogHeader(line, h)) {
            ++votes[SourceFormat::KlogText];
        } else if (parseCriLine(line, c)) {
            ++votes[SourceFormat::CriLog];
        } else if (parseJournaldLine(line, j)) {
            ++votes[SourceFormat::Journald];
            ++journaldStyles[j.style];
        } else if (isJournaldMetaLine(line)) {
            ++votes[SourceFormat::Journald];
        } else if (isGlogPreamble(line)) {
            ++votes[SourceFormat::KlogText];
        }
    }
    if (examined > 0 && binaryLines * 2 > examined) {
        if (detail)
            *detail = "binary data";
        return SourceFormat::Binary;
    }
    if (goroutineHeader && votes.empty()) {
        if (detail)
            *detail = "Go goroutine dump";
        return SourceFormat::GoroutineDump;
    }
    if (votes.empty()) {
        if (detail)
            *detail = examined == 0 ? "empty" : "no known log format";
        return examined == 0 ? SourceFormat::Unknown : SourceFormat::PlainText;
    }
    const auto best = std::max_element(votes.begin(), votes.end(), [](auto &a, auto &b) { return a.second < b.second; });
    if (detail) {
        *detail = formatName(best->first);
        if (best->first == SourceFormat::Journald && !journaldStyles.empty())
            *detail = journaldStyleName(std::max_element(journaldStyles.begin(), journaldStyles.end(),
                                                         [](auto &a, auto &b) { return a.second < b.second; })->first);
    }
    return best->first;
}

SourceParser::SourceParser(const EventTypeCatalog &types, const GoroutineMap &roles) : m_types(types), m_roles(roles) {}

ParsedSource SourceParser::parse(const InputFile &file, SourceId id, const SourceOverrides &overrides)
{
    m_out = ParsedSource{};
    m_overrides = overrides;
    m_roleCache.clear();
    m_lastMonth = 0;
    m_rollovers = 0;
    m_lastDay = 0;
    Source &src = m_out.source;
    src.id = id;
    src.path = file.path;
    src.bytes = file.bytes;
    src.modifiedTime = file.modifiedTime;
    src.error = file.error;
    const SourceIdentity ident = identityFromPath(file.path);
    src.component = overrides.component.empty() ? ident.component : overrides.component;
    src.node = overrides.node.empty() ? ident.node : overrides.node;
    src.componentOrigin = !overrides.component.empty() ? "override" : ident.origin;
    if (!file.bytes)
        return std::move(m_out);

    src.format = detectFormat(*file.bytes, &src.formatDetail);
    switch (src.format) {
    case SourceFormat::KlogJson: parseKlogJson(); break;
    case SourceFormat::AuditLog: parseAudit(); break;
    case SourceFormat::GoroutineDump: parseGoroutineDump(); break;
    default: parseLines(src.format); break;
    }

    // The dominant component and host, where the path did not say.
    std::map<StringId, std::uint64_t> components;
    for (const Event &e : m_out.events)
        ++components[e.component];
    if (src.component.empty() && !components.empty()) {
        const auto best = std::max_element(components.begin(), components.end(), [](auto &a, auto &b) { return a.second < b.second; });
        src.component = std::string(m_out.strings.view(best->first));
        if (!src.component.empty())
            src.componentOrigin = "content";
    }
    if (src.component == "kube-apiserver" && file.path.find("audit") != std::string::npos)
        src.componentOrigin += " (audit log)";
    src.eventCount = m_out.events.size();
    return std::move(m_out);
}

std::uint16_t SourceParser::currentRollovers(unsigned month)
{
    // A file runs forward in time: a month far below the last one means New Year passed.
    if (m_lastMonth != 0 && month + 6 <= m_lastMonth)
        ++m_rollovers;
    m_lastMonth = month;
    return m_rollovers;
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
}

bool SourceParser::extendLastEvent(const LineView &line)
{
    if (m_out.events.empty())
        return false;
    Event &e = m_out.events.back();
    const std::uint64_t end = line.offset + line.text.size();
    if (end - e.offset > 0xffffffffull)
        return false;
    // Multi-line messages: the message runs on when it is a slice of the raw bytes.
    if (!e.messageInArena && e.offset + e.messageOffset + e.messageLength <= line.offset)
        e.messageLength = static_cast<std::uint32_t>(end - e.offset - e.messageOffset);
    e.length = static_cast<std::uint32_t>(end - e.offset);
    ++e.lineCount;
    return true;
}

void SourceParser::parseLines(SourceFormat format)
{
    Source &src = m_out.source;
    const std::string_view bytes(*src.bytes);
    std::size_t pos = 0;
    std::uint32_t number = 0;
    // Pending multi-part records (CRI "P" lines, docker lines over 16 KiB).
    bool partialOpen = false;
    LineView partialFirst{};
    std::uint32_t partialLines = 0;
    std::uint64_t partialArenaStart = 0;
    std::int64_t partialUtc = 0;

    while (pos < bytes.size()) {
        std::size_t end = bytes.find('\n', pos);
        if (end == std::string_view::npos)
            end = bytes.size();
        LineView line{bytes.substr(pos, end - pos), pos, ++number};
        pos = end + 1;
        if (!line.text.empty() && line.text.back() == '\r')
            line.text.remove_suffix(1);
        ++src.lineCount;

        const LineCheck check = checkLine(line.text.substr(0, 64 * 1024));
        if (check == LineCheck::Binary) {
            unparsed(line, DiagnosticReason::BinaryData);
            continue;
        }
        if (check == LineCheck::InvalidUtf8)
            diagnose(line, DiagnosticReason::InvalidUtf8);
        if (line.text.size() > 64 * 1024)
            diagnose(line, DiagnosticReason::LineTooLong);

        Envelope env;
        std::string_view payload = line.text;
        switch (format) {
        case SourceFormat::KlogText:
        case SourceFormat::PlainText:
        case SourceFormat::Unknown:
        case SourceFormat::Binary: {
            if (line.text.empty()) {
                if (!extendLastEvent(line))
                    unparsed(line, DiagnosticReason::NoTimestamp);
                continue;
            }
            if (isGlogPreamble(line.text)) {
                if (const int y = glogCreatedYear(line.text)) {
                    m_out.explicitYear = y;
                    m_out.explicitYearEvidence = "glog header, line " + std::to_string(line.number) + ": \"" + std::string(line.text) + "\"";
                }
                if (line.text.starts_with("Running on machine: ") && src.node.empty())
                    src.node = std::string(line.text.substr(20));
                // A preamble line is understood: it is kept as part of the file's first event
                // if there is one, else recorded as metadata below.
                Envelope meta;
                emitRecord(line, 1, line.text.size(), line.text, meta);
                continue;
            }
            KlogHeader h;
            if (!parseKlogHeader(line.text, h)) {
                // `journalctl -o cat` keeps systemd's own lines without any prefix: they are
                // events (with their neighbour's time), not continuation text.
                FieldList probe;
                if (m_types.classify(line.text, "systemd", probe) != kOtherEventType) {
                    Envelope unit;
                    unit.component = "systemd";
                    emitRecord(line, 1, line.text.size(), line.text, unit);
                } else if (!extendLastEvent(line)) {
                    unparsed(line, DiagnosticReason::NoTimestamp);
                }
                continue;
            }
            break;
        }
        case SourceFormat::Journald: {
            JournaldLine j;
            if (isJournaldMetaLine(line.text)) {
                if (const int y = journaldHeaderYear(line.text); y && !m_out.explicitYear) {
                    m_out.explicitYear = y;
                    m_out.explicitYearEvidence = "journal header, line " + std::to_string(line.number) + ": \"" + std::string(line.text.substr(0, 80)) + "\"";
                }
                Envelope meta;
                meta.component = "journald";
                emitRecord(line, 1, line.text.size(), line.text, meta);
                continue;
            }
            if (!parseJournaldLine(line.text, j)) {
                // journalctl indents the continuation lines of a multi-line message.
                if (!(looksLikeContinuation(line.text) && extendLastEvent(line)))
                    unparsed(line, line.text.empty() ? DiagnosticReason::NoTimestamp : DiagnosticReason::NoTimestamp);
                continue;
            }
            payload = j.message;
            env.host = j.host;
            env.component = j.identifier;
            if (j.hasZone) {
                env.utc = toUtc(j.local, j.utcOffsetSeconds).ns;
            } else {
                env.haveLocal = true;
                env.local.month = static_cast<std::uint8_t>(j.local.month ? j.local.month : m_lastMonth);
                env.local.day = static_cast<std::uint8_t>(j.local.day ? j.local.day : m_lastDay);
                env.local.nsOfDay = j.local.nsOfDay;
            }
            break;
        }
        case SourceFormat::CriLog: {
            CriLine c;
            if (!parseCriLine(line.text, c)) {
                unparsed(line, DiagnosticReason::NoTimestamp);
                continue;
            }
            if (c.partial || partialOpen) {
                if (!partialOpen) {
                    partialOpen = true;
                    partialFirst = line;
                    partialLines = 0;
                    partialArenaStart = src.arena.size();
                    partialUtc = c.utc.ns;
                }
                src.arena.append(c.message);
                ++partialLines;
                if (c.partial)
                    continue;
                partialOpen = false;
                env.utc = partialUtc;
                env.messageInArena = true;
                env.arenaOffset = partialArenaStart;
                const std::string_view joined = std::string_view(src.arena).substr(partialArenaStart);
                emitRecord(partialFirst, partialLines, line.offset + line.text.size() - partialFirst.offset, joined, env);
                continue;
            }
            env.utc = c.utc.ns;
            payload = c.message;
            break;
        }
        case SourceFormat::DockerJson: {
            DockerJsonLine d;
            const std::uint64_t before = src.arena.size();
            if (!parseDockerJsonLine(line.text, d, src.arena)) {
                unparsed(line, line.text.starts_with("{") ? DiagnosticReason::MalformedJson : DiagnosticReason::NoTimestamp);
                continue;
            }
            if (!partialOpen) {
                partialFirst = line;
                partialLines = 0;
                partialArenaStart = before;
                partialUtc = d.utc.ns;
            }
            ++partialLines;
            if (!d.endsLine) {
                partialOpen = true;
                continue;
            }
            partialOpen = false;
            env.utc = partialUtc;
            env.messageInArena = true;
            env.arenaOffset = partialArenaStart;
            const std::string_view joined = std::string_view(src.arena).substr(partialArenaStart);
            emitRecord(partialFirst, partialLines, line.offset + line.text.size() - partialFirst.offset, joined, env);
            continue;
        }
        default: break;
        }
        emitRecord(line, 1, line.text.size(), payload, env);
    }
    if (partialOpen) {
        // The file ended inside a multi-part record: keep what there is.
        Envelope env;
        env.utc = partialUtc;
        env.messageInArena = true;
        env.arenaOffset = partialArenaStart;
        const std::string_view joined = std::string_view(src.arena).substr(partialArenaStart);
        emitRecord(partialFirst, partialLines, bytes.size() - partialFirst.offset, joined, env);
    }
}

void SourceParser::emitRecord(const LineView &first, std::uint32_t lineCount, std::uint64_t length, std::string_view payload,
                              const Envelope &env)
{
    Source &src = m_out.source;
    KlogHeader h;
    const bool klog = parseKlogHeader(payload, h);
    // The component: the journald identifier, else the file's, else the Go file's owner.
    m_currentHost = env.host;
    m_currentComponent.clear();
    if (!env.component.empty())
        m_currentComponent = componentForProcess(env.component);
    else if (!src.component.empty())
        m_currentComponent = src.component;
    else if (klog)
        m_currentComponent = componentForGoFile(h.file);
    const std::string_view eventComponent = m_currentComponent;

    // Wrapped formats: a header-less payload right after an event is usually its stack trace.
    if (!klog && lineCount == 1 && (env.utc != 0 || env.haveLocal) && looksLikeContinuation(payload) && !m_out.events.empty()
        && m_out.strings.view(m_out.events.back().component) == eventComponent) {
        const LineView line = first;
        if (env.messageInArena && m_out.events.back().messageInArena) {
            // Keep the arena message contiguous: it is the last thing appended.
            Event &last = m_out.events.back();
            if (last.messageOffset + last.messageLength == env.arenaOffset) {
                last.messageLength += static_cast<std::uint32_t>(payload.size());
            }
        }
        if (extendLastEvent(line))
            return;
    }

    const std::string_view message = klog ? h.message : payload;
    std::uint64_t messageOffset;
    if (env.messageInArena)
        messageOffset = env.arenaOffset + static_cast<std::uint64_t>(message.data() - payload.data());
    else
        messageOffset = static_cast<std::uint64_t>(message.data() - src.bytes->data()) - first.offset;

    Severity severity = klog ? h.severity : Severity::Info;
    Event &e = pushEvent(first, length, severity, eventComponent, klog ? h.file : std::string_view{}, message,
                         env.messageInArena, messageOffset);
    e.lineCount = lineCount;

    // Time: exact from the envelope, or a local reading to resolve once year and zone are known.
    PendingTime &t = m_out.times.back();
    if (klog) {
        t.month = static_cast<std::uint8_t>(h.month);
        t.day = static_cast<std::uint8_t>(h.day);
        t.nsOfDay = h.nsOfDay;
        if (env.utc != 0) {
            t.reference = env.utc;
            voteFromEnvelope(t, Timestamp{env.utc}, first.number, m_out.clockEvidence);
        } else {
            t.rollovers = currentRollovers(h.month);
            m_out.needsClockInference = true;
        }
        m_lastDay = h.day;
    } else if (env.utc != 0) {
        t.exact = true;
        t.reference = env.utc;
    } else if (env.haveLocal) {
        t = env.local;
        t.rollovers = currentRollovers(t.month);
        m_out.needsClockInference = true;
    } else {
        // A line with no time of its own (glog preamble, journal header): it takes the time
        // of the previous event, or of the next one when it is first (fixed up at merge).
        if (m_out.times.size() >= 2)
            t = m_out.times[m_out.times.size() - 2];
        else
            t.exact = false, t.month = 0;
        m_out.needsClockInference = m_out.needsClockInference || !t.exact;
    }
    if (!t.exact && t.month != 0 && !m_out.clockEvidence.full())
        scanMessageForClockEvidence(message.substr(0, 16 * 1024), t, first.number, m_out.clockEvidence);
}

Event &SourceParser::pushEvent(const LineView &first, std::uint64_t length, Severity severity, std::string_view component,
                               std::string_view file, std::string_view message, bool messageInArena, std::uint64_t messageOffset)
{
    Event e;
    e.source = m_out.source.id;
    e.offset = first.offset;
    e.length = static_cast<std::uint32_t>(std::min<std::uint64_t>(length, 0xffffffffull));
    e.line = first.number;
    e.severity = severity;
    e.messageInArena = messageInArena;
    e.messageOffset = static_cast<std::uint32_t>(messageOffset);
    e.messageLength = static_cast<std::uint32_t>(std::min<std::size_t>(message.size(), 0xffffffffull));
    e.component = m_out.strings.intern(component);
    e.file = m_out.strings.intern(file);

    // Message meaning and fields.
    m_fields.clear();
    std::string_view text = message;
    if (parseStructuredMessage(message, text, m_fields)) {
        m_fields.renameKeys([this](std::string_view k) { return m_types.canonicalField(k); });
    }
    e.type = m_types.classify(text, component, m_fields);
    if (const auto &floor = m_types.type(e.type).severityFloor; floor && *floor > e.severity)
        e.severity = *floor;

    // Goroutine / role.
    if (component == "systemd") {
        e.role = m_roles.roleId("systemd");
    } else {
        std::string key(component);
        key += '\0';
        key += file.substr(0, file.rfind(':'));
        auto it = m_roleCache.find(key);
        if (it == m_roleCache.end())
            it = m_roleCache.emplace(key, m_roles.roleFor(component, file)).first;
        e.role = it->second;
    }
    m_out.events.push_back(e);
    m_out.times.emplace_back();
    storeFields(m_out.events.back(), component);
    return m_out.events.back();
}

PodId SourceParser::resolvePod()
{
    std::string_view pod = m_fields.get("pod");
    std::string_view ns = m_fields.get("namespace");
    std::string_view name = m_fields.get("podName");
    std::string_view uid = m_fields.get("podUID");
    if (!pod.empty()) {
        const size_t paren = pod.find('(');
        if (paren != std::string_view::npos) {
            // name_namespace(uid)[:container]
            const size_t underscore = pod.rfind('_', paren);
            const size_t close = pod.find(')', paren);
            if (underscore != std::string_view::npos && close != std::string_view::npos) {
                name = pod.substr(0, underscore);
                ns = pod.substr(underscore + 1, paren - underscore - 1);
                uid = pod.substr(paren + 1, close - paren - 1);
            }
        } else if (const size_t slash = pod.find('/'); slash != std::string_view::npos) {
            ns = pod.substr(0, slash);
            name = pod.substr(slash + 1);
        } else {
            name = pod;
        }
    }
    if (name.empty()) {
        if (!uid.empty())
            if (auto it = m_out.podByUid.find(std::string(uid)); it != m_out.podByUid.end())
                return it->second;
        return kNoPod;
    }
    std::string key(ns);
    key += '/';
    key += name;
    auto it = m_out.podByKey.find(key);
    PodId id;
    if (it == m_out.podByKey.end()) {
        id = static_cast<PodId>(m_out.pods.size());
        m_out.pods.push_back({m_out.strings.intern(ns), m_out.strings.intern(name), kNoString});
        m_out.podByKey.emplace(std::move(key), id);
    } else {
        id = it->second;
    }
    if (!uid.empty() && m_out.pods[id].uid == kNoString) {
        m_out.pods[id].uid = m_out.strings.intern(uid);
        m_out.podByUid.emplace(std::string(uid), id);
    }
    return id;
}

StringId SourceParser::nodeForEvent(std::string_view component, std::string_view host)
{
    if (auto n = m_fields.get("node"); !n.empty())
        return m_out.strings.intern(n);
    if (!isNodeLocalComponent(component))
        return kNoString;
    if (!m_out.source.node.empty())
        return m_out.strings.intern(m_out.source.node);
    return m_out.strings.intern(host);
}

void SourceParser::storeFields(Event &e, std::string_view component)
{
    e.pod = resolvePod();
    e.node = nodeForEvent(component, m_currentHost);
    if (auto c = m_fields.get("container"); !c.empty())
        e.container = m_out.strings.intern(c);
    e.firstField = static_cast<std::uint32_t>(m_out.fields.size());
    for (const auto &[k, v] : m_fields.items()) {
        if (v.size() > kMaxStoredFieldValue || k.empty())
            continue;
        m_out.fields.push_back({m_out.strings.intern(k), m_out.strings.intern(v)});
        if (m_out.fields.size() - e.firstField == 0xffff)
            break;
    }
    e.fieldCount = static_cast<std::uint16_t>(m_out.fields.size() - e.firstField);
}

} // namespace kubelane::core
