#include "klogjsonline.h"

#include <charconv>
#include <cstdio>
#include <utility>
#include <vector>

namespace kubelane::bundlegen {

namespace {

// zap's JSON encoder escapes quotes, backslashes and control characters, not HTML.
void appendJsonString(std::string &out, std::string_view s)
{
    out += '"';
    for (unsigned char c : s) {
        switch (c) {
        case '"': out += "\\\""; break;
        case '\\': out += "\\\\"; break;
        case '\n': out += "\\n"; break;
        case '\t': out += "\\t"; break;
        case '\r': out += "\\r"; break;
        default:
            if (c < 0x20) {
                char buf[8];
                std::snprintf(buf, sizeof buf, "\\u%04x", c);
                out += buf;
            } else {
                out += static_cast<char>(c);
            }
        }
    }
    out += '"';
}

int hexValue(char c)
{
    return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
}

// strconv.Unquote of the Go-quoted string starting at s[at] ('"'); `at` ends after the quote.
std::string goUnquote(std::string_view s, std::size_t &at)
{
    std::string out;
    for (++at; at < s.size() && s[at] != '"'; ++at) {
        if (s[at] != '\\' || at + 1 >= s.size()) {
            out += s[at];
            continue;
        }
        const char e = s[++at];
        if (e == 'n')
            out += '\n';
        else if (e == 't')
            out += '\t';
        else if (e == 'r')
            out += '\r';
        else if (e == 'x' && at + 2 < s.size() && hexValue(s[at + 1]) >= 0 && hexValue(s[at + 2]) >= 0) {
            out += static_cast<char>(hexValue(s[at + 1]) * 16 + hexValue(s[at + 2]));
            at += 2;
        } else
            out += e; // \" and \\ (the generator writes no other escapes)
    }
    if (at < s.size())
        ++at;
    return out;
}

// A raw (unquoted) value: up to the next space outside brackets and quotes.
std::string_view rawValue(std::string_view s, std::size_t &at)
{
    const std::size_t from = at;
    int depth = 0;
    bool quoted = false;
    for (; at < s.size(); ++at) {
        const char c = s[at];
        if (quoted) {
            if (c == '\\')
                ++at;
            else if (c == '"')
                quoted = false;
        } else if (c == '"') {
            quoted = true;
        } else if (c == '{' || c == '[' || c == '(') {
            ++depth;
        } else if (c == '}' || c == ']' || c == ')') {
            --depth;
        } else if (c == ' ' && depth <= 0) {
            break;
        }
    }
    return s.substr(from, at - from);
}

struct Value {
    std::string key, text;
    bool quoted = false;
};

bool isNumberOrLiteral(std::string_view v)
{
    if (v == "true" || v == "false" || v == "null")
        return true;
    if (v.empty())
        return false;
    for (std::size_t i = 0; i < v.size(); ++i)
        if (!((v[i] >= '0' && v[i] <= '9') || v[i] == '.' || (v[i] == '-' && i == 0)))
            return false;
    return true;
}

// klog.KObj / KRef values are objects in JSON: {"name":"web-0","namespace":"shop"}.
bool isObjectReferenceKey(std::string_view key)
{
    return key == "pod" || key == "node" || key == "object" || key == "replicaSet" || key == "deployment";
}

void appendObjectReference(std::string &out, std::string_view ref)
{
    const std::size_t slash = ref.find('/');
    out += "{\"name\":";
    appendJsonString(out, slash == std::string_view::npos ? ref : ref.substr(slash + 1));
    if (slash != std::string_view::npos) {
        out += ",\"namespace\":";
        appendJsonString(out, ref.substr(0, slash));
    }
    out += '}';
}

// A %+v struct without nesting ("&{ID:... Type:ContainerDied Data:...}", "{Type:containerd ID:...}")
// as zap marshals the struct: its fields by name.
bool appendFlatStruct(std::string &out, std::string_view v)
{
    if (v.size() > 1 && v[0] == '&')
        v.remove_prefix(1);
    if (v.size() < 2 || v.front() != '{' || v.back() != '}')
        return false;
    const std::string_view body = v.substr(1, v.size() - 2);
    if (body.find_first_of("{}[]\"") != std::string_view::npos)
        return false;
    out += '{';
    std::size_t at = 0;
    bool first = true;
    while (at < body.size()) {
        std::size_t end = body.find(' ', at);
        if (end == std::string_view::npos)
            end = body.size();
        const std::string_view field = body.substr(at, end - at);
        const std::size_t colon = field.find(':');
        if (colon == std::string_view::npos)
            return false;
        if (!first)
            out += ',';
        first = false;
        appendJsonString(out, field.substr(0, colon));
        out += ':';
        appendJsonString(out, field.substr(colon + 1));
        at = end + 1;
    }
    out += '}';
    return true;
}

void appendValue(std::string &out, const Value &v)
{
    if (v.quoted) {
        if (isObjectReferenceKey(v.key))
            appendObjectReference(out, v.text);
        else
            appendJsonString(out, v.text);
        return;
    }
    const std::string_view raw = v.text;
    if (v.key == "pods" && raw.size() >= 2 && raw.front() == '[') {
        // klog.KObjSlice: a list of references.
        out += '[';
        std::size_t at = 1;
        bool first = true;
        while (at < raw.size() && raw[at] == '"') {
            const std::string ref = goUnquote(raw, at);
            if (!first)
                out += ',';
            first = false;
            appendObjectReference(out, ref);
            if (at < raw.size() && raw[at] == ',')
                ++at;
        }
        out += ']';
        return;
    }
    if (isNumberOrLiteral(raw)
        || (raw.size() >= 2 && (raw[0] == '{' || raw[0] == '[') && (raw[1] == '"' || raw[1] == '}' || raw[1] == ']')))
        out += raw; // already JSON (klog from v2.120 formats such values as JSON)
    else if (!appendFlatStruct(out, raw))
        appendJsonString(out, raw);
}

// The package directory zap's short caller encoder puts before the file name.
std::string_view packageOf(std::string_view file)
{
    static const std::pair<std::string_view, std::string_view> kPackages[] = {
        {"prober.go", "prober"},
        {"worker.go", "prober"},
        {"status_manager.go", "status"},
        {"reconciler_common.go", "reconciler"},
        {"operation_generator.go", "operationexecutor"},
        {"kuberuntime_manager.go", "kuberuntime"},
        {"kuberuntime_container.go", "kuberuntime"},
        {"kuberuntime_sandbox.go", "kuberuntime"},
        {"scope.go", "topologymanager"},
        {"topology_manager.go", "topologymanager"},
        {"eviction_manager.go", "eviction"},
        {"flags.go", "flag"},
        {"certificate_store.go", "certificate"},
        {"dynamic_cafile_content.go", "dynamiccertificates"},
        {"fs_resource_analyzer.go", "stats"},
        {"volume_manager.go", "volumemanager"},
        {"desired_state_of_world_populator.go", "populator"},
        {"container_manager_linux.go", "cm"},
        {"remote_runtime.go", "remote"},
        {"generic.go", "pleg"},
        {"controller.go", "lease"},
        {"httplog.go", "httplog"},
        {"manager.go", "manager"},
        {"reflector.go", "cache"},
    };
    for (const auto &[name, package] : kPackages)
        if (file == name)
            return package;
    return "kubelet";
}

} // namespace

int verbosityOfWording(std::string_view m)
{
    auto starts = [&](std::string_view p) { return m.substr(0, p.size()) == p; };
    if (starts("FLAG: ") || starts("\"SyncLoop (probe)\"") || starts("\"Probe failed\""))
        return 1;
    if (starts("\"SyncLoop ") || starts("\"Killing container with a grace period\"") || starts("\"Message for Container of pod\""))
        return 2;
    if (starts("\"Probe succeeded\"") || starts("\"Generating pod status\"") || starts("\"Patch status for pod\"")
        || starts("\"Status for pod") || starts("\"computePodActions got for pod\"") || starts("\"HTTP\""))
        return 3;
    return 0;
}

std::string klogJsonLine(Nanos t, char severity, std::string_view fileLine, std::string_view message, int verbosity)
{
    // float64(UnixNano) / float64(time.Millisecond), printed shortest (strconv 'f', -1).
    char ts[40];
    const auto end = std::to_chars(ts, ts + sizeof ts, static_cast<double>(t) / 1e6, std::chars_format::fixed).ptr;
    std::string out = "{\"ts\":";
    out.append(ts, end);
    const std::size_t colon = fileLine.find(':');
    out += ",\"caller\":\"";
    out += packageOf(fileLine.substr(0, colon));
    out += '/';
    out += fileLine;
    out += "\",\"msg\":";

    std::vector<Value> values;
    if (!message.empty() && message.front() == '"') {
        std::size_t at = 0;
        appendJsonString(out, goUnquote(message, at));
        while (at < message.size() && message[at] == ' ') {
            const std::size_t eq = message.find('=', at + 1);
            if (eq == std::string_view::npos)
                break;
            Value v;
            v.key = std::string(message.substr(at + 1, eq - at - 1));
            at = eq + 1;
            if (at < message.size() && message[at] == '"') {
                v.quoted = true;
                v.text = goUnquote(message, at);
            } else {
                v.text = std::string(rawValue(message, at));
            }
            values.push_back(std::move(v));
        }
    } else {
        appendJsonString(out, message); // printf-style klog: the whole text is the message
    }
    // zapr: info lines carry their V level as "v"; errors carry none, and "err" comes last.
    const bool isError = severity == 'E' || severity == 'F';
    if (!isError) {
        out += ",\"v\":";
        out += std::to_string(verbosity >= 0 ? verbosity : verbosityOfWording(message));
    }
    const Value *error = nullptr;
    for (const Value &v : values) {
        if (v.key == "err" && isError) {
            error = &v;
            continue;
        }
        out += ',';
        appendJsonString(out, v.key);
        out += ':';
        appendValue(out, v);
    }
    if (error) {
        out += ",\"err\":";
        appendJsonString(out, error->text);
    }
    out += '}';
    return out;
}

} // namespace kubelane::bundlegen
