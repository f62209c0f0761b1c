// SourceParser for record formats that are not line-prefix envelopes: klog JSON, the
// kube-apiserver audit log, and Go goroutine dumps.
#include "sourceparser.h"

#include "../classify/extractors.h"
#include "../format/envelopes.h"
#include "../format/sourceidentity.h"

#include <nlohmann/json.hpp>

namespace kubelane::core {

namespace {

template <typename Fn>
void forEachLine(std::string_view bytes, Fn &&fn)
{
    std::size_t pos = 0;
    std::uint32_t number = 0;
    while (pos < bytes.size()) {
        std::size_t end = bytes.find('\n', pos);
        if (end == std::string_view::npos)
            end = bytes.size();
        std::string_view text = bytes.substr(pos, end - pos);
        if (!text.empty() && text.back() == '\r')
            text.remove_suffix(1);
        fn(text, pos, ++number);
        pos = end + 1;
    }
}

// klog JSON "ts" is seconds since the epoch with a fraction; read the digits, not a double,
// so microseconds survive.
std::int64_t parseEpochSeconds(std::string_view raw)
{
    std::int64_t secs = 0, frac = 0;
    size_t i = 0;
    while (i < raw.size() && raw[i] >= '0' && raw[i] <= '9')
        secs = secs * 10 + (raw[i++] - '0');
    // Newer klog JSON writes milliseconds ("ts":1718784064445.591): 13 digits, not 10.
    if (i >= 12) {
        std::int64_t fracUs = 0;
        int n = 0;
        if (i < raw.size() && raw[i] == '.')
            for (++i; i < raw.size() && raw[i] >= '0' && raw[i] <= '9'; ++i)
                if (n < 6) {
                    fracUs = fracUs * 10 + (raw[i] - '0');
                    ++n;
                }
        for (; n < 6; ++n)
            fracUs *= 10;
        return secs * 1'000'000 + fracUs; // ms * 1e6 ns + fraction of a ms in ns
    }
    int n = 0;
    if (i < raw.size() && raw[i] == '.')
        for (++i; i < raw.size() && raw[i] >= '0' && raw[i] <= '9'; ++i)
            if (n < 9) {
                frac = frac * 10 + (raw[i] - '0');
                ++n;
            }
    for (; n < 9; ++n)
        frac *= 10;
    return secs * kNsPerSecond + frac;
}

std::string jsonValueText(const nlohmann::json &v)
{
    if (v.is_string())
        return v.get<std::string>();
    // klog's KObj: {"name":"web-0","namespace":"default"} -> "default/web-0"
    if (v.is_object() && v.contains("name") && v["name"].is_string()) {
        const std::string name = v["name"].get<std::string>();
        if (v.contains("namespace") && v["namespace"].is_string() && !v["namespace"].get<std::string>().empty())
            return v["namespace"].get<std::string>() + "/" + name;
        return name;
    }
    return v.dump();
}

} // namespace

void SourceParser::parseKlogJson()
{
    Source &src = m_out.source;
    m_currentHost = {};
    forEachLine(*src.bytes, [&](std::string_view text, std::uint64_t offset, std::uint32_t number) {
        ++src.lineCount;
        const LineView line{text, offset, number};
        if (text.empty()) {
            unparsed(line, DiagnosticReason::NoTimestamp);
            return;
        }
        if (text.front() != '{') {
            // Panics and stack traces are written raw between JSON records.
            if (!extendLastEvent(line))
                unparsed(line, DiagnosticReason::UnknownRecord);
            return;
        }
        const auto doc = nlohmann::json::parse(text.begin(), text.end(), nullptr, false);
        if (doc.is_discarded() || !doc.is_object()) {
            unparsed(line, DiagnosticReason::MalformedJson);
            return;
        }
        const auto ts = doc.find("ts");
        if (ts == doc.end() || !(ts->is_number() || ts->is_string())) {
            unparsed(line, DiagnosticReason::NoTimestamp);
            return;
        }
        std::int64_t utc = 0;
        if (ts->is_string()) {
            const auto parsed = parseRfc3339(ts->get<std::string>());
            if (!parsed) {
                unparsed(line, DiagnosticReason::BadTimestamp);
                return;
            }
            utc = parsed->ns;
        } else {
            const size_t at = text.find("\"ts\":");
            utc = at == std::string_view::npos ? static_cast<std::int64_t>(ts->get<double>() * 1e9)
                                               : parseEpochSeconds(text.substr(at + 5));
        }
        const std::string msg = doc.value("msg", "");
        Severity severity = doc.contains("err") && !doc.contains("v") ? Severity::Error : Severity::Info;
        if (auto lvl = doc.find("level"); lvl != doc.end() && lvl->is_string()) {
            const std::string l = lvl->get<std::string>();
            severity = l == "error" ? Severity::Error : l == "warning" || l == "warn" ? Severity::Warning : l == "fatal" ? Severity::Fatal : severity;
        }
        const std::string caller = doc.value("caller", "");
        std::string component = src.component.empty() ? componentForGoFile(caller) : src.component;

        // Message into the arena; fields from the other keys.
        const std::uint64_t arenaAt = src.arena.size();
        src.arena += msg;
        m_fields.clear();
        for (auto it = doc.begin(); it != doc.end(); ++it) {
            if (it.key() == "ts" || it.key() == "msg" || it.key() == "caller" || it.key() == "v")
                continue;
            m_fields.add(m_types.canonicalField(it.key()), m_fields.own(jsonValueText(it.value())));
        }
        // pushEvent re-derives fields from the message; keep the JSON keys by classifying here.
        Event e;
        e.source = src.id;
        e.offset = offset;
        e.length = static_cast<std::uint32_t>(text.size());
        e.line = number;
        e.severity = severity;
        e.messageInArena = true;
        e.messageOffset = static_cast<std::uint32_t>(arenaAt);
        e.messageLength = static_cast<std::uint32_t>(msg.size());
        e.component = m_out.strings.intern(component);
        e.file = m_out.strings.intern(caller);
        e.type = m_types.classify(msg, component, m_fields);
        if (const auto &floor = m_types.type(e.type).severityFloor; floor && *floor > e.severity)
            e.severity = *floor;
        e.role = m_roles.roleFor(component, caller);
        m_out.events.push_back(e);
        PendingTime t;
        t.exact = true;
        t.reference = utc;
        m_out.times.push_back(t);
        storeFields(m_out.events.back(), component);
    });
}

void SourceParser::parseAudit()
{
    Source &src = m_out.source;
    m_currentHost = {};
    if (src.component.empty())
        src.component = "kube-apiserver";
    const auto type = m_types.find("apiserver.audit");
    const RoleId role = m_roles.roleId("apiserver-audit") ? m_roles.roleId("apiserver-audit") : m_roles.roleId("apiserver-http");
    forEachLine(*src.bytes, [&](std::string_view text, std::uint64_t offset, std::uint32_t number) {
        ++src.lineCount;
        const LineView line{text, offset, number};
        const auto doc = nlohmann::json::parse(text.begin(), text.end(), nullptr, false);
        if (doc.is_discarded() || !doc.is_object()) {
            unparsed(line, text.empty() ? DiagnosticReason::NoTimestamp : DiagnosticReason::MalformedJson);
            return;
        }
        if (doc.value("kind", "") != "Event") {
            unparsed(line, DiagnosticReason::UnknownRecord);
            return;
        }
        const std::string stamp = doc.value("stageTimestamp", doc.value("requestReceivedTimestamp", ""));
        const auto ts = parseRfc3339(stamp);
        if (!ts) {
            unparsed(line, DiagnosticReason::BadTimestamp);
            return;
        }
        m_fields.clear();
        const std::string verb = doc.value("verb", "");
        const std::string uri = doc.value("requestURI", "");
        std::string code;
        if (auto rs = doc.find("responseStatus"); rs != doc.end() && rs->is_object() && rs->contains("code"))
            code = rs->at("code").dump();
        std::string user;
        if (auto u = doc.find("user"); u != doc.end() && u->is_object())
            user = u->value("username", "");
        m_fields.add("verb", m_fields.own(std::string(verb)));
        m_fields.add("uri", m_fields.own(std::string(uri)));
        m_fields.add("code", m_fields.own(std::string(code)));
        m_fields.add("user", m_fields.own(std::string(user)));
        m_fields.add("userAgent", m_fields.own(doc.value("userAgent", "")));
        m_fields.add("stage", m_fields.own(doc.value("stage", "")));
        m_fields.add("auditID", m_fields.own(doc.value("auditID", "")));
        extractApiPath(uri, m_fields);

        const std::uint64_t arenaAt = src.arena.size();
        src.arena += verb + " " + uri + " " + code + " (" + user + ")";
        Event e;
        e.source = src.id;
        e.offset = offset;
        e.length = static_cast<std::uint32_t>(text.size());
        e.line = number;
        e.severity = code.size() == 3 && code[0] >= '5' ? Severity::Error : code.size() == 3 && code[0] == '4' ? Severity::Warning : Severity::Info;
        e.messageInArena = true;
        e.messageOffset = static_cast<std::uint32_t>(arenaAt);
        e.messageLength = static_cast<std::uint32_t>(src.arena.size() - arenaAt);
        e.component = m_out.strings.intern(src.component);
        e.type = type.value_or(kOtherEventType);
        e.role = role;
        m_out.events.push_back(e);
        PendingTime t;
        t.exact = true;
        t.reference = ts->ns;
        m_out.times.push_back(t);
        storeFields(m_out.events.back(), src.component);
    });
}

void SourceParser::parseGoroutineDump()
{
    // "goroutine 123 [semacquire, 5 minutes]:" starts an entry; frames follow. The dump has
    // no time of its own: docker names the file goroutine-stacks-2019-05-16T100610+0800.log.
    Source &src = m_out.source;
    m_currentHost = {};
    if (src.component.empty())
        src.component = "dockerd";
    std::int64_t dumpTime = 0;
    if (const size_t at = src.path.find("goroutine-stacks-"); at != std::string::npos) {
        const std::string stamp = src.path.substr(at + 17, 22); // 2019-05-16T100610+0800
        if (stamp.size() >= 17 && stamp[10] == 'T') {
            const std::string iso = stamp.substr(0, 11) + stamp.substr(11, 2) + ":" + stamp.substr(13, 2) + ":" + stamp.substr(15, 2) + stamp.substr(17, 5);
            if (auto ts = parseRfc3339(iso))
                dumpTime = ts->ns;
        }
    }
    if (dumpTime == 0 && src.modifiedTime != 0)
        dumpTime = src.modifiedTime * kNsPerSecond;
    const auto type = m_types.find("go.goroutine");
    const RoleId role = m_roles.roleFor(src.component, "");
    forEachLine(*src.bytes, [&](std::string_view text, std::uint64_t offset, std::uint32_t number) {
        ++src.lineCount;
        const LineView line{text, offset, number};
        if (!text.starts_with("goroutine ") || text.find(" [") == std::string_view::npos) {
            if (!extendLastEvent(line))
                unparsed(line, text.empty() ? DiagnosticReason::NoTimestamp : DiagnosticReason::OrphanContinuation);
            // The first frame after the header says what the goroutine is in; a Lock frame's
            // receiver says which mutex it waits for.
            if (!m_out.events.empty() && !text.empty() && text[0] != '\t') {
                Event &e = m_out.events.back();
                if (e.lineCount == 2)
                    m_out.fields.push_back({m_out.strings.intern("topFrame"), m_out.strings.intern(text.substr(0, text.find('(')))}),
                        ++e.fieldCount;
                if (text.find("(*Mutex).Lock(") != std::string_view::npos || text.find("(*RWMutex).") != std::string_view::npos) {
                    const size_t open = text.find('(', text.find("Lock") == std::string_view::npos ? 0 : text.find("Lock"));
                    const size_t close = text.find_first_of(",)", open + 1);
                    if (open != std::string_view::npos && close != std::string_view::npos)
                        m_out.fields.push_back({m_out.strings.intern("waitsOn"), m_out.strings.intern(text.substr(open + 1, close - open - 1))}),
                            ++e.fieldCount;
                }
            }
            return;
        }
        const size_t open = text.find(" [");
        const size_t close = text.find(']', open);
        const std::string_view state = text.substr(open + 2, (close == std::string_view::npos ? text.size() : close) - open - 2);
        const std::uint64_t arenaAt = src.arena.size();
        src.arena.append(text);
        Event e;
        e.source = src.id;
        e.offset = offset;
        e.length = static_cast<std::uint32_t>(text.size());
        e.line = number;
        e.severity = Severity::Info;
        e.messageInArena = true;
        e.messageOffset = static_cast<std::uint32_t>(arenaAt);
        e.messageLength = static_cast<std::uint32_t>(text.size());
        e.component = m_out.strings.intern(src.component);
        e.type = type.value_or(kOtherEventType);
        e.role = role;
        e.node = m_out.strings.intern(src.node);
        e.firstField = static_cast<std::uint32_t>(m_out.fields.size());
        m_out.fields.push_back({m_out.strings.intern("goroutine"), m_out.strings.intern(text.substr(10, open - 10))});
        m_out.fields.push_back({m_out.strings.intern("state"), m_out.strings.intern(state.substr(0, state.find(',')))});
        e.fieldCount = 2;
        m_out.events.push_back(e);
        PendingTime t;
        t.exact = dumpTime != 0;
        t.reference = dumpTime;
        m_out.times.push_back(t);
    });
    // Fields of an event must be contiguous; frames appended after the header keep that
    // because entries are processed one at a time.
}

} // namespace kubelane::core
