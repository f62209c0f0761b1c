#include "klogjson.h"

#include "../util/textscan.h"

#include <nlohmann/json.hpp>

#include <cmath>
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
std::string jsonValueText(const Json &v)
{
    if (v.is_string())
        return v.get<std::string>();
    if (v.is_object() && v.contains("name") && v["name"].is_string()) {
        const std::string name = v["name"].get<std::string>();
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

KlogJsonStatus parseKlogJsonRecord(std::string_view text, KlogJsonRecord &out, FieldList &fields)
{
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

} // namespace kubelane::core
