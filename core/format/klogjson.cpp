#include "klogjson.h"

#include "../util/bytescan.h"
#include "../util/textscan.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <array>
#include <cmath>
#include <optional>
#include <vector>
#include <string>

namespace kubelane::core {

namespace {

// Keys keep the order they were logged in, for the stored fields and for objects shown as text.
using Json = nlohmann::ordered_json;

// Seconds or milliseconds since the epoch, decided by magnitude. Kubernetes' own JSON logger
// writes milliseconds with a fraction in every release: component-base/logs/json/json.go has
// epochMillisTimeEncoder = float64(UnixNano) / float64(time.Millisecond) from 1.19 (the first
// JSON logger, "same implementation as zapcore.EpochMillisTimeEncoder") through 1.23, 1.27 and
// 1.30 ("ts":1718784064445.591). Plain zap's production default, EpochTimeEncoder, writes
// seconds ("ts":1616161616.123), and other Go programs in a bundle use it. Milliseconds have 12
// or more integer digits from 1973 on; seconds have 10 until the year 2286 (1e11 s is 5138).
constexpr std::size_t kMillisecondDigits = 12;

// klog's KObj is {"name":"web-0","namespace":"default"}: shown as "default/web-0" like the
// text format prints it; other objects and numbers as their JSON.
bool isObjectReference(const Json &v)
{
    return v.is_object() && v.contains("name") && v["name"].is_string();
}

std::string jsonValueText(const Json &v)
{
    if (v.is_string())
        return v.get<std::string>();
    // klog.KObjSlice, as the JSON logger writes it ("pods":[{"name":"web-0","namespace":"shop"}]):
    // the list of "ns/name" the text logger prints (pods=["shop/web-0"]).
    if (v.is_array() && !v.empty() && std::all_of(v.begin(), v.end(), isObjectReference)) {
        Json names = Json::array();
        for (const Json &reference : v)
            names.push_back(jsonValueText(reference));
        return names.dump();
    }
    if (isObjectReference(v)) {
        std::string name = v["name"].get<std::string>();
        if (v.contains("namespace") && v["namespace"].is_string() && !v["namespace"].get<std::string>().empty())
            return v["namespace"].get<std::string>() + "/" + name;
        return name;
    }
    return v.dump();
}

Severity severityOf(const Json &doc)
{
    if (auto lvl = doc.find("level"); lvl != doc.end() && lvl->is_string()) {
        const std::string l = lvl->get<std::string>();
        if (l == "error")
            return Severity::Error;
        if (l == "warning" || l == "warn")
            return Severity::Warning;
        if (l == "fatal")
            return Severity::Fatal;
    }
    // Kubernetes' encoder writes no level. From 1.21 (zapr with LogInfoLevel("v")) info lines
    // carry the verbosity "v" and ErrorS lines carry "err" and no "v". The 1.19-1.20 logger put
    // "v" on errors too, so their errors read as info here (there is nothing else to tell them by).
    return doc.contains("err") && !doc.contains("v") ? Severity::Error : Severity::Info;
}

// The numeric "ts" from the text as written, so that microseconds survive; `approx` is the
// parser's double, used to make sure the digits found belong to the top-level key (a "ts"
// inside a quoted value is preceded by a backslash, but check anyway) and as the fallback.
std::int64_t numericStamp(std::string_view text, double approx)
{
    constexpr std::string_view kKey = "\"ts\":";
    const double approxNs = approx * (approx >= 1e11 ? 1e6 : 1e9);
    for (size_t at = text.find(kKey); at != std::string_view::npos; at = text.find(kKey, at + 1)) {
        if (at > 0 && text[at - 1] == '\\')
            continue;
        size_t v = at + kKey.size();
        while (v < text.size() && text[v] == ' ')
            ++v;
        const std::int64_t ns = parseEpochStamp(text.substr(v));
        if (ns != 0 && std::fabs(double(ns) - approxNs) < 1e6)
            return ns;
    }
    return approx > 0 && approxNs < 9e18 ? static_cast<std::int64_t>(approxNs) : 0;
}

// klog's records are flat objects of strings, numbers and KObj references, written compact
// by one encoder: read them in one pass, values as views of the line where nothing needs
// decoding. Anything this reader does not know for sure (a \\u escape, a float that is not
// the time, a key twice, a text that is no JSON) goes to the full parser instead, so both
// always agree; the full parser took a quarter of the load time of a bundle with JSON nodes.
class FlatRecordReader {
public:
    FlatRecordReader(std::string_view text, FieldList &fields) : m_text(text), m_fields(fields) { }

    // nullopt: not sure, use the full parser (fields are then as they were).
    std::optional<KlogJsonStatus> read(KlogJsonRecord &out)
    {
        const std::size_t fieldsBefore = m_fields.size();
        const auto status = readObject(out);
        if (status != KlogJsonStatus::Ok)
            m_fields.truncate(fieldsBefore); // as the full parser: fields only for a record read
        return status;
    }

    // klog's KObj, {"name":"web-0","namespace":"default"}, as the text format prints it
    // ("default/web-0"); nullopt unless the object holds only strings and has a name.
    std::optional<std::string_view> readReference()
    {
        std::string_view name, ns;
        bool haveName = false;
        const bool read = readMembers([&](std::string_view key) {
            std::string_view value;
            bool escaped = false;
            if (m_at >= m_text.size() || m_text[m_at] != '"' || !readString(value, escaped))
                return false;
            if (key == "name") {
                name = value;
                haveName = true;
            } else if (key == "namespace") {
                ns = value;
            }
            return true;
        });
        if (!read || !haveName)
            return std::nullopt;
        return ns.empty() ? name : m_fields.own(std::string(ns) + "/" + std::string(name));
    }

private:
    enum class Kind { String, Number, Literal, Object, Array };

    // Walks the members of the object that is the whole text: `member(key)` reads the value
    // at the cursor and says whether it could. False for anything else: not an object, a key
    // with escapes or seen twice, text after the object.
    template <typename Member> bool readMembers(Member &&member)
    {
        skipSpace();
        if (!take('{'))
            return false;
        for (bool first = true;; first = false) {
            skipSpace();
            if (take('}'))
                break;
            if (!first && !(take(',') && (skipSpace(), true)))
                return false;
            std::string_view key;
            bool escaped = false;
            if (!readString(key, escaped) || escaped || !seenOnce(key))
                return false;
            skipSpace();
            if (!take(':'))
                return false;
            skipSpace();
            if (!member(key))
                return false;
        }
        skipSpace();
        return m_at == m_text.size();
    }

    // One member of a record; false when the full parser should read the record instead.
    bool readRecordMember(std::string_view key, KlogJsonRecord &out)
    {
        std::string_view value;
        Kind kind;
        if (!readValue(value, kind))
            return false;
        // What the full parser would reject goes to it, under every key: a number that may
        // overflow a double, an object or array under a key whose value is not kept.
        if (key != "ts" && kind == Kind::Number
            && (value.find_first_of(".eE") != std::string_view::npos || value.size() > 18 || value == "-0"))
            return false;
        if ((key == "caller" || key == "v") && (kind == Kind::Object || kind == Kind::Array))
            return false;
        if (key == "ts") {
            if (kind != Kind::Number && kind != Kind::String)
                return false;
            m_ts = value;
            m_haveTs = true;
            m_tsIsString = kind == Kind::String;
        } else if (key == "msg") {
            if (kind != Kind::String)
                return false;
            out.message = value;
        } else if (key == "caller") {
            out.caller = kind == Kind::String ? value : std::string_view{};
        } else if (key == "v") {
            m_haveV = true;
        } else {
            if ((kind == Kind::Object || kind == Kind::Array) && !readNested(kind, value))
                return false;
            m_haveErr = m_haveErr || key == "err";
            if (key == "level")
                m_level = kind == Kind::String ? value : std::string_view{};
            m_fields.add(key, value);
        }
        return true;
    }

    // An object or array value as text: a KObj as "ns/name", anything else as its JSON.
    bool readNested(Kind kind, std::string_view &value)
    {
        if (auto reference = kind == Kind::Object ? FlatRecordReader(value, m_fields).readReference() : std::nullopt) {
            value = *reference;
            return true;
        }
        const auto parsed = Json::parse(value, nullptr, false);
        if (parsed.is_discarded())
            return false;
        value = m_fields.own(jsonValueText(parsed));
        return true;
    }

    std::optional<KlogJsonStatus> readObject(KlogJsonRecord &out)
    {
        out.message = {};
        if (!readMembers([&](std::string_view key) { return readRecordMember(key, out); }))
            return std::nullopt;
        if (!m_haveTs)
            return KlogJsonStatus::NoTime;
        const std::int64_t utc = m_tsIsString ? parseRfc3339(m_ts).value_or(Timestamp{}).ns
                                              : (m_ts.find_first_of("eE-") == std::string_view::npos ? parseEpochStamp(m_ts) : 0);
        if (utc == 0)
            return std::nullopt; // the full parser decides between a rounded time and a bad one
        out.utc = utc;
        out.severity = m_level == "error"               ? Severity::Error
            : m_level == "warning" || m_level == "warn" ? Severity::Warning
            : m_level == "fatal"                        ? Severity::Fatal
            : m_haveErr && !m_haveV                     ? Severity::Error
                                                        : Severity::Info;
        return KlogJsonStatus::Ok;
    }

    bool readValue(std::string_view &value, Kind &kind)
    {
        if (m_at >= m_text.size())
            return false;
        const char c = m_text[m_at];
        if (c == '"') {
            bool escaped = false;
            kind = Kind::String;
            return readString(value, escaped);
        }
        if (c == '{' || c == '[') {
            kind = c == '{' ? Kind::Object : Kind::Array;
            return skipNested(value);
        }
        if (c == '-' || text::isDigit(c)) {
            kind = Kind::Number;
            return readNumber(value);
        }
        kind = Kind::Literal;
        for (std::string_view word : {"true", "false", "null"})
            if (m_text.substr(m_at, word.size()) == word) {
                value = m_text.substr(m_at, word.size());
                m_at += word.size();
                return true;
            }
        return false;
    }

    // A string's content: a view of the line, or decoded into the field list when it has
    // escapes. \\u escapes are left to the full parser.
    bool readString(std::string_view &value, bool &escaped)
    {
        if (!take('"'))
            return false;
        const std::size_t start = m_at;
        std::string decoded;
        escaped = false;
        for (std::size_t run = start;; ++m_at) {
            m_at = std::min(bytescan::findJsonStringStop(m_text, m_at), m_text.size());
            if (m_at == m_text.size())
                return false;
            const unsigned char c = static_cast<unsigned char>(m_text[m_at]);
            if (c == '"') {
                if (escaped) {
                    decoded.append(m_text.substr(run, m_at - run));
                    value = m_fields.own(std::move(decoded));
                } else {
                    value = m_text.substr(start, m_at - start);
                }
                ++m_at;
                return true;
            }
            if (c != '\\')
                return false; // a control byte, or high bytes: the full parser checks their UTF-8
            if (m_at + 1 >= m_text.size())
                return false;
            const char e = m_text[m_at + 1];
            static constexpr std::string_view kFrom = "\"\\/bfnrt", kTo = "\"\\/\b\f\n\r\t";
            const std::size_t which = kFrom.find(e);
            if (which == std::string_view::npos)
                return false; // \\u or not JSON
            decoded.append(m_text.substr(run, m_at - run));
            decoded += kTo[which];
            escaped = true;
            ++m_at;
            run = m_at + 1;
        }
    }

    bool readNumber(std::string_view &value)
    {
        const std::size_t start = m_at;
        take('-');
        if (take('0')) {
        } else if (m_at < m_text.size() && text::isDigit(m_text[m_at])) {
            skipDigits();
        } else {
            return false;
        }
        if (take('.') && !skipDigits())
            return false;
        if (m_at < m_text.size() && (m_text[m_at] == 'e' || m_text[m_at] == 'E')) {
            ++m_at;
            if (!take('+'))
                take('-');
            if (!skipDigits())
                return false;
        }
        value = m_text.substr(start, m_at - start);
        return true;
    }

    // An object or array value, as its text: its brackets balanced outside strings. The
    // full parser reads it (and rejects what is not JSON).
    bool skipNested(std::string_view &value)
    {
        const std::size_t start = m_at;
        int depth = 0;
        bool inString = false;
        for (; m_at < m_text.size(); ++m_at) {
            const char c = m_text[m_at];
            if (inString) {
                if (c == '\\')
                    ++m_at;
                else if (c == '"')
                    inString = false;
                continue;
            }
            if (c == '"')
                inString = true;
            else if (c == '{' || c == '[')
                ++depth;
            else if ((c == '}' || c == ']') && --depth == 0) {
                ++m_at;
                value = m_text.substr(start, m_at - start);
                return true; // whether it is JSON is for whoever reads it
            }
        }
        return false;
    }

    bool seenOnce(std::string_view key)
    {
        const auto firstEnd = m_firstKeys.begin() + static_cast<std::ptrdiff_t>(std::min(m_keyCount, m_firstKeys.size()));
        if (std::find(m_firstKeys.begin(), firstEnd, key) != firstEnd
            || std::find(m_moreKeys.begin(), m_moreKeys.end(), key) != m_moreKeys.end())
            return false;
        if (m_keyCount < m_firstKeys.size())
            m_firstKeys[m_keyCount] = key;
        else
            m_moreKeys.push_back(key);
        ++m_keyCount;
        return true;
    }
    bool skipDigits()
    {
        const std::size_t start = m_at;
        while (m_at < m_text.size() && text::isDigit(m_text[m_at]))
            ++m_at;
        return m_at > start;
    }
    void skipSpace()
    {
        while (m_at < m_text.size() && (m_text[m_at] == ' ' || m_text[m_at] == '\t' || m_text[m_at] == '\r' || m_text[m_at] == '\n'))
            ++m_at;
    }
    bool take(char c)
    {
        if (m_at < m_text.size() && m_text[m_at] == c) {
            ++m_at;
            return true;
        }
        return false;
    }

    std::string_view m_text;
    FieldList &m_fields;
    std::size_t m_at = 0;
    std::string_view m_ts, m_level;
    bool m_haveTs = false, m_tsIsString = false, m_haveErr = false, m_haveV = false;
    // The keys read so far: a record's first 16 in place (one reader per record, so a vector
    // allocated for every record), the rest in a vector.
    std::array<std::string_view, 16> m_firstKeys;
    std::vector<std::string_view> m_moreKeys;
    std::size_t m_keyCount = 0;
};

} // namespace

std::int64_t parseEpochStamp(std::string_view raw)
{
    std::size_t digits = 0;
    while (digits < raw.size() && text::isDigit(raw[digits]))
        ++digits;
    std::int64_t whole = 0, fraction = 0;
    if (digits == 0 || digits > 16 || !text::parseDigits(raw, 0, digits, whole))
        return 0;
    if (digits < raw.size() && raw[digits] == '.')
        text::parseFraction(raw, digits + 1, fraction);
    // Past the year 2255 either way the product would not fit in 64 bits: not a log time.
    if (digits >= kMillisecondDigits)
        return whole < 9'000'000'000'000 ? whole * 1'000'000 + fraction / 1000 : 0; // ms + a fraction of a ms
    return whole < 9'000'000'000 ? whole * kNsPerSecond + fraction : 0;
}

bool looksLikeKlogJson(std::string_view text)
{
    return !text.empty() && text.front() == '{' && text.find("\"ts\":") != std::string_view::npos;
}

bool isKlogLine(std::string_view text)
{
    KlogHeader h;
    return parseKlogHeader(text, h) || looksLikeKlogJson(text);
}

namespace {

KlogJsonStatus readKlogJsonRecord(std::string_view text, KlogJsonRecord &out, FieldList &fields)
{
    KlogJsonRecord quick;
    if (const auto status = FlatRecordReader(text, fields).read(quick)) {
        if (*status == KlogJsonStatus::Ok)
            out = quick;
        return *status;
    }
    const auto doc = Json::parse(text.begin(), text.end(), nullptr, false);
    if (doc.is_discarded() || !doc.is_object())
        return KlogJsonStatus::Malformed;
    const auto ts = doc.find("ts");
    if (ts == doc.end())
        return KlogJsonStatus::NoTime;
    std::int64_t utc = 0;
    if (ts->is_string())
        utc = parseRfc3339(ts->get<std::string>()).value_or(Timestamp{}).ns;
    else if (ts->is_number())
        utc = numericStamp(text, ts->get<double>());
    if (utc == 0)
        return KlogJsonStatus::BadTime;

    out.utc = utc;
    out.severity = severityOf(doc);
    const auto caller = doc.find("caller");
    out.caller = caller != doc.end() && caller->is_string() ? fields.own(caller->get<std::string>()) : std::string_view{};
    const auto msg = doc.find("msg");
    out.message = msg != doc.end() ? fields.own(jsonValueText(*msg)) : std::string_view{};
    for (auto it = doc.begin(); it != doc.end(); ++it)
        if (it.key() != "ts" && it.key() != "msg" && it.key() != "caller" && it.key() != "v")
            fields.add(fields.own(std::string(it.key())), fields.own(jsonValueText(it.value())));
    return KlogJsonStatus::Ok;
}

} // namespace

KlogJsonStatus parseKlogJsonRecord(std::string_view text, KlogJsonRecord &out, FieldList &fields)
{
    const KlogJsonStatus status = readKlogJsonRecord(text, out, fields);
    // klog's text output ends a printf message's "\n" with the line; its JSON output keeps it
    // in msg ("FLAG: --eviction-soft=\"\"\n" of a 1.21 kubelet), where the patterns, written
    // against the text, end at the message's last character.
    if (status == KlogJsonStatus::Ok)
        while (!out.message.empty() && (out.message.back() == '\n' || out.message.back() == '\r'))
            out.message.remove_suffix(1);
    return status;
}

} // namespace kubelane::core
