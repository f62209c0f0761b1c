#include "extractors.h"

#include <nlohmann/json.hpp>

#include <array>
#include <optional>
#include <utility>
#include <vector>
#include <string>

namespace kubelane::core {

namespace {

std::string_view between(std::string_view s, std::string_view open, char close, size_t from = 0)
{
    const size_t a = s.find(open, from);
    if (a == std::string_view::npos)
        return {};
    const size_t start = a + open.size();
    const size_t b = s.find(close, start);
    if (b == std::string_view::npos)
        return {};
    return s.substr(start, b - start);
}

std::string joinNames(const std::vector<std::string> &names)
{
    std::string out;
    for (const auto &n : names) {
        if (!out.empty())
            out += ',';
        out += n;
    }
    return out;
}

// Reads a pod status patch as a stream of JSON tokens: only status.containerStatuses[].{name,
// ready} and status.conditions[].{type,status} are kept. Building the whole document took
// 4.6 % of a realistic bundle's parse (patches run to several KB and are mostly other keys).
// A key given twice counts as its last value, as it would in the document.
class StatusPatchReader final : public nlohmann::json_sax<nlohmann::json> {
public:
    std::vector<std::string> ready, unready;
    std::vector<std::pair<std::string_view, std::string>> conditions; // field, value, in order

    bool null() override { return value(Token::Other); }
    bool boolean(bool b) override { return value(b ? Token::True : Token::False); }
    bool number_integer(number_integer_t) override { return value(Token::Other); }
    bool number_unsigned(number_unsigned_t) override { return value(Token::Other); }
    bool number_float(number_float_t, const string_t &) override { return value(Token::Other); }
    bool binary(binary_t &) override { return value(Token::Other); }
    bool string(string_t &s) override
    {
        m_string = &s;
        return value(Token::String);
    }
    bool key(string_t &k) override
    {
        m_key = k;
        return true;
    }
    bool start_object(std::size_t) override
    {
        value(Token::Object);
        m_scopes.push_back(m_opened);
        if (m_opened == Scope::Container || m_opened == Scope::Condition)
            m_item = {};
        return true;
    }
    bool end_object() override
    {
        endItem();
        m_scopes.pop_back();
        return true;
    }
    bool start_array(std::size_t) override
    {
        value(Token::Array);
        m_scopes.push_back(m_opened);
        return true;
    }
    bool end_array() override
    {
        m_scopes.pop_back();
        return true;
    }
    bool parse_error(std::size_t, const std::string &, const nlohmann::detail::exception &) override { return false; }

private:
    enum class Scope { Other, Root, Status, ContainerList, Container, ConditionList, Condition };
    enum class Token { Other, True, False, String, Object, Array };
    // One element of a list: the last value of each key that counts, when it had the right type.
    struct Item {
        std::optional<std::string> name; // a container's name or a condition's type
        std::optional<std::string> text; // a condition's status
        std::optional<bool> ready;       // a container's
    };

    // Every value: what it opens (when an object or a list) and what it sets.
    bool value(Token t)
    {
        m_opened = Scope::Other;
        const Scope in = m_scopes.empty() ? Scope::Other : m_scopes.back();
        if (m_scopes.empty())
            m_opened = t == Token::Object ? Scope::Root : Scope::Other;
        else if (in == Scope::Root && m_key == "status")
            statusValue(t);
        else if (in == Scope::Status && m_key == "containerStatuses")
            listValue(t, Scope::ContainerList, /*containers=*/true);
        else if (in == Scope::Status && m_key == "conditions")
            listValue(t, Scope::ConditionList, /*containers=*/false);
        else if ((in == Scope::ContainerList || in == Scope::ConditionList) && t == Token::Object)
            m_opened = in == Scope::ContainerList ? Scope::Container : Scope::Condition;
        else if (in == Scope::Container)
            containerField(t);
        else if (in == Scope::Condition)
            conditionField(t);
        return true;
    }
    void statusValue(Token t)
    {
        ready.clear();
        unready.clear();
        conditions.clear();
        m_opened = t == Token::Object ? Scope::Status : Scope::Other;
    }
    void listValue(Token t, Scope list, bool containers)
    {
        if (containers) {
            ready.clear();
            unready.clear();
        } else {
            conditions.clear();
        }
        m_opened = t == Token::Array ? list : Scope::Other;
    }
    void containerField(Token t)
    {
        if (m_key == "name")
            m_item.name = t == Token::String ? std::optional(*m_string) : std::nullopt;
        else if (m_key == "ready")
            m_item.ready = t == Token::True || t == Token::False ? std::optional(t == Token::True) : std::nullopt;
    }
    void conditionField(Token t)
    {
        if (m_key == "type")
            m_item.name = t == Token::String ? std::optional(*m_string) : std::nullopt;
        else if (m_key == "status")
            m_item.text = t == Token::String ? std::optional(*m_string) : std::nullopt;
    }
    // Closing a container or a condition: it counts when its keys had the right types.
    void endItem()
    {
        const Scope s = m_scopes.back();
        if (s == Scope::Container && m_item.name && m_item.ready)
            (*m_item.ready ? ready : unready).push_back(*m_item.name);
        if (s == Scope::Condition && m_item.name && m_item.text) {
            if (*m_item.name == "Ready")
                conditions.emplace_back("podReady", *m_item.text);
            else if (*m_item.name == "ContainersReady")
                conditions.emplace_back("containersReady", *m_item.text);
        }
    }

    std::vector<Scope> m_scopes;
    Scope m_opened = Scope::Other; // what the value just read opens
    std::string m_key;
    const std::string *m_string = nullptr;
    Item m_item;
};
} // namespace

void extractStatusPatch(std::string_view message, FieldList &fields)
{
    std::string_view patch = fields.get("statusPatch");
    if (patch.empty())
        patch = fields.get("patch");
    if (patch.starts_with("{\\\"")) // captured from a free-text line: still Go-quoted
        patch = unquoteGo(patch, fields);
    if (patch.empty()) {
        // 1.12..1.20: Patch status for pod "name_ns(uid)" with "{\"status\":...}"
        const size_t at = message.find(" with \"");
        if (at == std::string_view::npos)
            return;
        std::string_view quoted = message.substr(at + 7);
        if (!quoted.empty() && quoted.back() == '"')
            quoted.remove_suffix(1);
        patch = unquoteGo(quoted, fields);
    }
    StatusPatchReader reader;
    if (!nlohmann::json::sax_parse(patch.begin(), patch.end(), &reader))
        return;
    for (auto &[key, value] : reader.conditions)
        fields.set(key, fields.own(std::move(value)));
    if (!reader.ready.empty())
        fields.set("readyContainers", fields.own(joinNames(reader.ready)));
    if (!reader.unready.empty())
        fields.set("unreadyContainers", fields.own(joinNames(reader.unready)));
    if (reader.ready.size() + reader.unready.size() == 1)
        fields.set("ready", reader.unready.empty() ? "true" : "false");
}

PodReference parsePodReference(std::string_view pod)
{
    PodReference ref;
    if (const size_t paren = pod.find('('); paren != std::string_view::npos) {
        const size_t underscore = pod.rfind('_', paren);
        const size_t close = pod.find(')', paren);
        if (underscore != std::string_view::npos && close != std::string_view::npos)
            return {pod.substr(underscore + 1, paren - underscore - 1), pod.substr(0, underscore),
                    pod.substr(paren + 1, close - paren - 1)};
    }
    if (const size_t slash = pod.find('/'); slash != std::string_view::npos)
        return {pod.substr(0, slash), pod.substr(slash + 1), {}};
    ref.name = pod;
    return ref;
}

void extractPodList(std::string_view message, FieldList &fields)
{
    std::string_view list = fields.get("pods");
    if (list.empty()) {
        // SyncLoop (ADD, "api"): "a_ns(uid), b_ns(uid)"
        const size_t colon = message.find("): \"");
        if (colon == std::string_view::npos)
            return;
        list = message.substr(colon + 4);
        if (!list.empty() && list.back() == '"')
            list.remove_suffix(1);
        fields.set("pods", list);
    }
    // A line about one pod is that pod's event.
    std::string_view only;
    int count = 0;
    forEachListedPod(list, [&](std::string_view entry) {
        only = entry;
        ++count;
    });
    if (count == 1 && fields.get("pod").empty())
        fields.set("pod", only);
}

void extractPlegEvent(std::string_view message, FieldList &fields)
{
    // Old: event: &pleg.PodLifecycleEvent{ID:"uid", Type:"ContainerStarted", Data:"id"}
    // 1.21-1.27: event=&{ID:uid Type:ContainerStarted Data:id} (already split into fields)
    std::string_view ev = fields.get("event");
    if (ev.empty()) {
        const size_t at = message.find("PodLifecycleEvent{");
        if (at == std::string_view::npos)
            return;
        ev = message.substr(at);
    }
    // 1.28+ prints the event as JSON ({"ID":"uid","Type":"ContainerStarted",...}): the key is
    // then quoted, so `Type:` is looked for as `Type":` too.
    auto value = [&](std::string_view key) -> std::string_view {
        size_t k = ev.find(key), skip = key.size();
        if (k == std::string_view::npos) {
            const std::string quoted = std::string(key.substr(0, key.size() - 1)) + "\":";
            k = ev.find(quoted);
            skip = quoted.size();
        }
        if (k == std::string_view::npos)
            return {};
        size_t i = k + skip;
        if (i < ev.size() && ev[i] == '"') {
            const size_t e = ev.find('"', i + 1);
            return e == std::string_view::npos ? std::string_view{} : ev.substr(i + 1, e - i - 1);
        }
        size_t e = i;
        while (e < ev.size() && ev[e] != ' ' && ev[e] != ',' && ev[e] != '}')
            ++e;
        return ev.substr(i, e - i);
    };
    if (auto uid = value("ID:"); !uid.empty() && fields.get("podUID").empty())
        fields.set("podUID", uid);
    if (auto type = value("Type:"); !type.empty())
        fields.set("eventType", type);
    if (auto data = value("Data:"); !data.empty() && fields.get("containerId").empty())
        fields.set("containerId", data);
}

void extractApiPath(std::string_view path, FieldList &fields)
{
    if (const size_t q = path.find('?'); q != std::string_view::npos)
        path = path.substr(0, q);
    // Strip scheme://host of client-side request logs.
    if (const size_t scheme = path.find("://"); scheme != std::string_view::npos) {
        const size_t slash = path.find('/', scheme + 3);
        path = slash == std::string_view::npos ? std::string_view{} : path.substr(slash);
    }
    // apis/GROUP/VERSION/watch/namespaces/NS/RESOURCE/NAME/SUB: nothing past the ninth
    // segment is read, so the segments go in a fixed array (this runs for every request).
    struct {
        std::array<std::string_view, 9> items;
        std::size_t count = 0;
        std::size_t size() const { return count; }
        std::string_view operator[](std::size_t i) const { return items[i]; }
    } parts;
    size_t i = 0;
    while (i < path.size() && parts.count < parts.items.size()) {
        while (i < path.size() && path[i] == '/')
            ++i;
        const size_t e = path.find('/', i);
        const size_t end = e == std::string_view::npos ? path.size() : e;
        if (end > i)
            parts.items[parts.count++] = path.substr(i, end - i);
        i = end;
    }
    // api/v1/... or apis/GROUP/VERSION/...
    size_t p = 0;
    if (p < parts.size() && parts[p] == "api")
        p += 2;
    else if (p < parts.size() && parts[p] == "apis")
        p += 3;
    else
        return;
    if (p < parts.size() && parts[p] == "watch")
        ++p;
    std::string_view ns;
    if (p + 1 < parts.size() && parts[p] == "namespaces") {
        ns = parts[p + 1];
        p += 2;
    }
    if (p >= parts.size())
        return;
    const std::string_view resource = parts[p];
    const std::string_view name = p + 1 < parts.size() ? parts[p + 1] : std::string_view{};
    const std::string_view sub = p + 2 < parts.size() ? parts[p + 2] : std::string_view{};
    fields.set("resource", resource);
    if (!ns.empty())
        fields.set("namespace", ns);
    if (!name.empty())
        fields.set("name", name);
    if (!sub.empty())
        fields.set("subresource", sub);
    if (resource == "nodes" && !name.empty())
        fields.set("node", name.substr(0, name.find(':'))); // "node1:10250" in proxy requests
    else if (resource == "leases" && ns == "kube-node-lease" && !name.empty())
        fields.set("node", name);
    else if (resource == "pods" && !name.empty() && !ns.empty())
        fields.set("pod", fields.own(std::string(ns) + "/" + std::string(name)));
}

void extractApiRequest(std::string_view message, FieldList &fields)
{
    std::string_view verb = fields.get("verb");
    std::string_view uri = fields.get("URI");
    if (uri.empty())
        uri = fields.get("uri");
    if (verb.empty() || uri.empty()) {
        // "PATCH /api/v1/nodes/node3/status: (5.2ms) 200 [kubelet/v1.15.5 ... 10.0.0.3:43210]"
        // "PATCH https://10.0.0.1:6443/api/v1/nodes/node3/status?timeout=10s 200 OK in 5 milliseconds"
        const size_t sp = message.find(' ');
        if (sp == std::string_view::npos)
            return;
        verb = message.substr(0, sp);
        for (char c : verb)
            if (c < 'A' || c > 'Z')
                return;
        size_t e = message.find(' ', sp + 1);
        if (e == std::string_view::npos)
            e = message.size();
        uri = message.substr(sp + 1, e - sp - 1);
        if (!uri.empty() && uri.back() == ':')
            uri.remove_suffix(1);
        // Status code: the first 3-digit token after the URI.
        size_t i = e;
        while (i < message.size()) {
            while (i < message.size() && message[i] == ' ')
                ++i;
            size_t t = message.find(' ', i);
            if (t == std::string_view::npos)
                t = message.size();
            const std::string_view tok = message.substr(i, t - i);
            if (tok.size() == 3 && tok[0] >= '1' && tok[0] <= '5' && tok[1] >= '0' && tok[1] <= '9' && tok[2] >= '0' && tok[2] <= '9') {
                fields.set("code", tok);
                break;
            }
            if (!tok.empty() && tok[0] == '[')
                break;
            i = t;
        }
        if (const std::string_view ua = between(message, "[", ' '); !ua.empty() && fields.get("userAgent").empty())
            fields.set("userAgent", ua);
        if (const std::string_view lat = between(message, ": (", ')'); !lat.empty())
            fields.set("latency", lat);
        fields.set("verb", verb);
        fields.set("uri", uri);
    }
    if (fields.get("code").empty())
        if (auto resp = fields.get("resp"); !resp.empty())
            fields.set("code", resp);
    extractApiPath(uri, fields);
}

void extractRecordedEventObject(std::string_view, FieldList &fields)
{
    const std::string_view kind = fields.get("kind");
    // 1.19+ prints the object as klog.KObj does ("namespace/name", "name" when cluster-scoped);
    // 1.x prints the reference's Namespace and Name.
    std::string_view object = fields.get("object");
    if (object.empty()) {
        const std::string_view ns = fields.get("namespace"), name = fields.get("name");
        object = ns.empty() ? name : fields.own(std::string(ns) + "/" + std::string(name));
    }
    if (object.empty())
        return;
    if (kind == "Pod" && object.find('/') != std::string_view::npos && fields.get("pod").empty())
        fields.set("pod", object);
    else if (kind == "Node" && object.find('/') == std::string_view::npos && fields.get("node").empty())
        fields.set("node", object);
}

Extractor findExtractor(std::string_view name)
{
    if (name == "statusPatch")
        return &extractStatusPatch;
    if (name == "podList")
        return &extractPodList;
    if (name == "plegEvent")
        return &extractPlegEvent;
    if (name == "apiRequest")
        return &extractApiRequest;
    if (name == "recordedEvent")
        return &extractRecordedEventObject;
    return nullptr;
}

} // namespace kubelane::core
