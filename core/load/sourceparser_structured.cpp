// SourceParser for record formats that are not line-prefix envelopes: klog JSON files, the
// kube-apiserver audit log, and Go goroutine dumps. Each builds an EventDraft and stores it
// through the same addEvent() as the text formats.
#include "sourceparser.h"

#include "../classify/extractors.h"
#include "../dumps/dumpfilename.h"
#include "../format/sourceidentity.h"
#include "../util/textscan.h"

#include <nlohmann/json.hpp>

namespace kubelane::core {

void SourceParser::parseKlogJson()
{
    // A file of klog JSON records is the envelope-less case of the same payload: one decoder
    // (klogjson.h) and one emitter for both.
    Source &src = m_out.source;
    ReleaseBehind release(*src.bytes);
    forEachLineOfWindow([&](std::string_view text, std::size_t offset, std::uint32_t number) {
        release.passed(offset);
        ++src.lineCount;
        const LineView line = lineRead(text, offset, number);
        if (!isTextLine(line))
            return;
        if (text.empty() || text.front() != '{') {
            // A component writes klog text before its logging flags take effect; panics and
            // stack traces are written raw between JSON records (the klog header's first two
            // bytes, "I0316", before any reader: a trace's every frame comes here).
            if (!(looksLikeKlogHeader(text) && emitLogLine(line)) && !extendLastEvent(line))
                unparsed(line, text.empty() ? DiagnosticReason::NoTimestamp : DiagnosticReason::UnknownRecord);
            return;
        }
        m_fields.clear();
        KlogJsonRecord record;
        switch (parseKlogJsonRecord(text, record, m_fields)) {
        case KlogJsonStatus::Ok: emitKlogJson(line, 1, text.size(), record, {}); break;
        case KlogJsonStatus::Malformed: unparsed(line, DiagnosticReason::MalformedJson); break;
        case KlogJsonStatus::NoTime: unparsed(line, DiagnosticReason::NoTimestamp); break;
        case KlogJsonStatus::BadTime: unparsed(line, DiagnosticReason::BadTimestamp); break;
        }
    });
}

void SourceParser::parseAudit()
{
    Source &src = m_out.source;
    if (src.component.empty())
        src.component = "kube-apiserver";
    ReleaseBehind release(*src.bytes);
    text::forEachLine(*src.bytes, [&](std::string_view text, std::size_t offset, std::uint32_t number) {
        release.passed(offset);
        ++src.lineCount;
        const LineView line = lineRead(text, offset, number);
        const auto doc = nlohmann::json::parse(text.begin(), text.end(), nullptr, false);
        if (doc.is_discarded() || !doc.is_object()) {
            unparsed(line, text.empty() ? DiagnosticReason::NoTimestamp : DiagnosticReason::MalformedJson);
            return;
        }
        // A field of the wrong type ("verb": {...}, found by fuzzing) is a record we do not
        // know, not the end of the load.
        std::optional<DiagnosticReason> failed;
        try {
            failed = emitAudit(line, 1, text.size(), doc, {});
        } catch (const nlohmann::json::exception &) {
            failed = DiagnosticReason::UnknownRecord;
        }
        if (failed)
            unparsed(line, *failed);
    });
}

bool looksLikeAuditEvent(std::string_view payload)
{
    // A record that opens with klog's first key ("ts") is klog's own: not searched whole for
    // the audit marks, which was 1 % of the load on klog JSON.
    return payload.starts_with("{") && !payload.starts_with("{\"ts\":") && payload.find("\"audit.k8s.io/") != std::string_view::npos
        && payload.find("\"auditID\"") != std::string_view::npos;
}

std::optional<DiagnosticReason> SourceParser::emitAudit(const LineView &first, std::uint32_t lineCount, std::uint64_t length,
                                                        const nlohmann::json &doc, const Envelope &env)
{
    Source &src = m_out.source;
    if (doc.value("kind", "") != "Event")
        return DiagnosticReason::UnknownRecord;
    // audit.k8s.io/v1 and v1beta1 (1.9+) have requestReceivedTimestamp and stageTimestamp;
    // v1alpha1 and the v1beta1 of 1.8 have only "timestamp" (staging/src/k8s.io/apiserver/pkg/
    // apis/audit/v1alpha1/types.go and v1beta1/types.go: Timestamp metav1.Time, deprecated from 1.9).
    std::string stamp = doc.value("stageTimestamp", "");
    for (const char *key : {"requestReceivedTimestamp", "timestamp"})
        if (stamp.empty())
            stamp = doc.value(key, "");
    if (stamp.empty())
        return DiagnosticReason::NoTimestamp;
    const auto ts = parseRfc3339(stamp);
    if (!ts)
        return DiagnosticReason::BadTimestamp;
    std::string code, user;
    if (auto rs = doc.find("responseStatus"); rs != doc.end() && rs->is_object() && rs->contains("code"))
        code = rs->at("code").dump();
    if (auto u = doc.find("user"); u != doc.end() && u->is_object())
        user = u->value("username", "");
    const std::string verb = doc.value("verb", "");
    const std::string uri = doc.value("requestURI", "");
    m_fields.clear();
    for (auto [key, value] : {std::pair<const char *, std::string>{"verb", verb},
                              {"uri", uri},
                              {"code", code},
                              {"user", user},
                              {"userAgent", doc.value("userAgent", "")},
                              {"stage", doc.value("stage", "")},
                              {"auditID", doc.value("auditID", "")}})
        m_fields.add(key, m_fields.own(std::move(value)));
    extractApiPath(m_fields.get("uri"), m_fields);

    if (env.messageInArena && env.arenaOffset <= src.arena.size()) // an envelope's decoded payload: not needed
        src.arena.resize(env.arenaOffset);
    const std::uint64_t arenaAt = src.arena.size();
    src.arena += verb + " " + uri + " " + code + " (" + user + ")";
    EventDraft d;
    d.first = first;
    d.length = length;
    d.lineCount = lineCount;
    d.severity = code.starts_with('5') ? Severity::Error : code.starts_with('4') ? Severity::Warning : Severity::Info;
    d.component = !env.component.empty() ? componentForProcess(env.component)
        : !src.component.empty()         ? std::string_view(src.component)
                                         : std::string_view("kube-apiserver");
    d.file = "audit";
    d.message = std::string_view(src.arena).substr(arenaAt);
    d.messageInArena = true;
    d.messageOffset = arenaAt;
    d.fieldsReady = true;
    d.type = m_types.find("apiserver.audit").value_or(kOtherEventType);
    d.time.exact = true;
    d.time.reference = ts->ns;
    addEvent(d);
    return std::nullopt;
}

void SourceParser::parseGoroutineDump()
{
    // "goroutine 123 [semacquire, 5 minutes]:" starts an entry; frames follow. The dump has
    // no time of its own: docker names the file goroutine-stacks-2019-05-16T100610+0800.log.
    Source &src = m_out.source;
    if (src.component.empty())
        src.component = "dockerd";
    std::int64_t dumpTime = 0;
    if (const auto named = dumpTimeInFileName(src.path))
        dumpTime = named->ns;
    if (dumpTime == 0 && src.modifiedTime != 0)
        dumpTime = src.modifiedTime * kNsPerSecond;
    const auto type = m_types.find("go.goroutine");
    // Fields of an event are contiguous; the frame fields below are appended right after the
    // header's because a dump is read one goroutine at a time.
    ReleaseBehind release(*src.bytes);
    text::forEachLine(*src.bytes, [&](std::string_view text, std::size_t offset, std::uint32_t number) {
        release.passed(offset);
        ++src.lineCount;
        const LineView line = lineRead(text, offset, number);
        const size_t open = text.starts_with("goroutine ") ? text.find(" [") : std::string_view::npos;
        if (open == std::string_view::npos) {
            if (!extendLastEvent(line)) {
                unparsed(line, text.empty() ? DiagnosticReason::NoTimestamp : DiagnosticReason::OrphanContinuation);
                return;
            }
            if (text.empty() || text[0] == '\t')
                return;
            // The first frame says what the goroutine is in; a Lock frame's receiver says
            // which mutex it waits for.
            if (m_file.lastEventLines == 2)
                addFieldToLastEvent("topFrame", text.substr(0, text.find('(')));
            if (const size_t lock = text.find("Mutex).Lock("); lock != std::string_view::npos) {
                const size_t args = lock + 11;
                const size_t close = text.find_first_of(",)", args + 1);
                if (close != std::string_view::npos)
                    addFieldToLastEvent("waitsOn", text.substr(args + 1, close - args - 1));
            }
            return;
        }
        const size_t close = text.find(']', open);
        const std::string_view state = text.substr(open + 2, (close == std::string_view::npos ? text.size() : close) - open - 2);
        m_fields.clear();
        m_fields.add("goroutine", text.substr(10, open - 10));
        m_fields.add("state", state.substr(0, state.find(',')));
        const std::uint64_t arenaAt = src.arena.size();
        src.arena.append(text);
        EventDraft d;
        d.first = line;
        d.length = text.size();
        d.component = src.component;
        d.message = std::string_view(src.arena).substr(arenaAt);
        d.messageInArena = true;
        d.messageOffset = arenaAt;
        d.fieldsReady = true;
        d.type = type.value_or(kOtherEventType);
        d.time.exact = dumpTime != 0;
        d.time.reference = dumpTime;
        addEvent(d);
    });
}

} // namespace kubelane::core
