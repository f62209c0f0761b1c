#include "kubeobjects.h"

#include "describenode.h"

#include "../model/timestamp.h"
#include "eventtable.h"

#include <nlohmann/json.hpp>

#include <array>

namespace kubelane::core {

namespace {

using json = nlohmann::json;

bool isBlank(char c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

// A string member of an object ("" when absent, null or not a string).
std::string str(const json &o, const char *key)
{
    if (!o.is_object())
        return {};
    const auto it = o.find(key);
    return it != o.end() && it->is_string() ? it->get<std::string>() : std::string();
}

const json &member(const json &o, const char *key)
{
    static const json kNull;
    if (!o.is_object())
        return kNull;
    const auto it = o.find(key);
    return it != o.end() ? *it : kNull;
}

// A number member as text: count, exitCode, restartCount.
std::string num(const json &o, const char *key)
{
    const json &v = member(o, key);
    return v.is_number_integer() ? std::to_string(v.get<std::int64_t>()) : v.is_string() ? v.get<std::string>() : std::string();
}

std::int64_t timeOf(const std::string &text)
{
    if (text.empty())
        return 0;
    const auto ts = parseRfc3339(text);
    return ts ? ts->ns : 0;
}

struct Fields {
    std::vector<std::pair<std::string, std::string>> items;
    void add(const char *key, std::string value)
    {
        if (!value.empty())
            items.emplace_back(key, std::move(value));
    }
};

// "spec.containers{app}" -> "app" (involvedObject.fieldPath of a container's events).
std::string containerOfFieldPath(std::string_view path)
{
    const size_t open = path.find('{');
    const size_t close = path.rfind('}');
    if (open == std::string_view::npos || close == std::string_view::npos || close < open || !path.starts_with("spec."))
        return {};
    return std::string(path.substr(open + 1, close - open - 1));
}

// core/v1 Event and events.k8s.io/v1 Event: the same occurrence under different member names.
std::vector<ObjectRecord> eventRecords(const json &ev)
{
    const json &meta = member(ev, "metadata");
    const bool v1 = ev.contains("involvedObject") || !ev.contains("regarding");
    const json &object = member(ev, v1 ? "involvedObject" : "regarding");
    const json &source = member(ev, v1 ? "source" : "deprecatedSource");
    const json &series = member(ev, "series");
    std::int64_t t = 0;
    for (const std::string &candidate :
         {str(ev, "lastTimestamp"), str(ev, "deprecatedLastTimestamp"), str(series, "lastObservedTime"), str(ev, "eventTime"),
          str(ev, "firstTimestamp"), str(ev, "deprecatedFirstTimestamp"), str(meta, "creationTimestamp")})
        if ((t = timeOf(candidate)) != 0)
            break;
    if (t == 0)
        return {};

    ObjectRecord r;
    r.utcNs = t;
    const std::string type = str(ev, "type");
    const std::string reason = str(ev, "reason");
    const std::string kind = str(object, "kind");
    const std::string name = str(object, "name");
    const std::string ns = str(object, "namespace");
    const std::string text = v1 ? str(ev, "message") : str(ev, "note");
    std::string reporter = str(source, "component");
    if (reporter.empty())
        reporter = str(ev, v1 ? "reportingComponent" : "reportingController");
    std::string host = str(source, "host");
    if (host.empty() && reporter == "kubelet")
        host = str(ev, "reportingInstance");
    std::string count = num(ev, v1 ? "count" : "deprecatedCount");
    if (const std::string seriesCount = num(series, "count"); !seriesCount.empty())
        count = seriesCount;

    r.component = reporter.empty() ? componentForEventReason(reason) : componentForEventSource(reporter);
    r.severity = type == "Warning" ? Severity::Warning : Severity::Info;
    r.message = type + " " + reason + " " + kind + "/" + name + ": " + text;
    if (!count.empty() && count != "1" && count != "0")
        r.message += " (x" + count + ")";

    Fields f;
    f.add("eventType", type);
    f.add("reason", reason);
    f.add("count", count);
    f.add("kind", kind);
    f.add("name", name);
    f.add("object", kind + "/" + (ns.empty() ? name : ns + "/" + name));
    f.add("sourceComponent", reporter);
    f.add("sourceHost", host);
    f.add("message", text);
    f.add("eventName", str(meta, "name"));
    f.add("firstTimestamp", str(ev, v1 ? "firstTimestamp" : "deprecatedFirstTimestamp"));
    if (kind == "Pod") {
        f.add("pod", ns + "/" + name);
        f.add("container", containerOfFieldPath(str(object, "fieldPath")));
    }
    // The node the event is about, else the kubelet that reported it.
    f.add("node", kind == "Node" ? name : host);
    r.fields = std::move(f.items);
    return {std::move(r)};
}

// "Node node3 condition Ready=False since ...: KubeletNotReady: PLEG is not healthy: ..."
ObjectRecord conditionRecord(const json &c, const std::string &subject, Fields base)
{
    ObjectRecord r;
    const std::string type = str(c, "type"), status = str(c, "status"), since = str(c, "lastTransitionTime");
    const std::string reason = str(c, "reason"), message = str(c, "message");
    r.utcNs = timeOf(since);
    r.component = "kubelet";
    r.message = subject + " condition " + type + "=" + status + " since " + since;
    if (!reason.empty() || !message.empty())
        r.message += ": " + reason + (message.empty() ? "" : ": " + message);
    // Ready should be True, pressure conditions False (NetworkUnavailable too).
    const bool bad = type == "Ready" || type == "ContainersReady"
        ? status != "True"
        : (type.ends_with("Pressure") || type == "NetworkUnavailable") && status != "False";
    r.severity = bad ? Severity::Warning : Severity::Info;
    base.add("conditionType", type);
    base.add("status", status);
    base.add("reason", reason);
    base.add("message", message);
    base.add("lastHeartbeatTime", str(c, "lastHeartbeatTime"));
    r.fields = std::move(base.items);
    return r;
}

std::vector<ObjectRecord> nodeRecords(const json &node)
{
    const json &meta = member(node, "metadata");
    const json &status = member(node, "status");
    const std::string name = str(meta, "name");
    std::vector<ObjectRecord> out;
    if (const std::int64_t created = timeOf(str(meta, "creationTimestamp")); created != 0) {
        const json &info = member(status, "nodeInfo");
        ObjectRecord r;
        r.utcNs = created;
        r.component = "kubelet";
        Fields f;
        f.add("node", name);
        f.add("version", str(info, "kubeletVersion"));
        f.add("containerRuntimeVersion", str(info, "containerRuntimeVersion"));
        f.add("kernelVersion", str(info, "kernelVersion"));
        f.add("osImage", str(info, "osImage"));
        f.add("kubeProxyVersion", str(info, "kubeProxyVersion"));
        for (const json &a : member(status, "addresses").is_array() ? member(status, "addresses") : json::array()) {
            const std::string type = str(a, "type");
            if (type == "InternalIP" || type == "ExternalIP" || type == "Hostname")
                f.add(type == "InternalIP" ? "internalIP" : type == "ExternalIP" ? "externalIP" : "hostname", str(a, "address"));
        }
        r.message = "Node " + name + " created";
        for (const auto &[k, v] : f.items)
            if (k != "node")
                r.message += " " + k + "=" + v;
        r.fields = std::move(f.items);
        out.push_back(std::move(r));
    }
    for (const json &c : member(status, "conditions").is_array() ? member(status, "conditions") : json::array()) {
        Fields base;
        base.add("node", name);
        ObjectRecord r = conditionRecord(c, "Node " + name, std::move(base));
        if (r.utcNs != 0)
            out.push_back(std::move(r));
    }
    return out;
}

// One container status: its current run (running or terminated) and the run before it.
void containerRecords(const json &cs, const Fields &pod, const std::string &subject, std::vector<ObjectRecord> &out)
{
    const std::string container = str(cs, "name");
    const std::string restarts = num(cs, "restartCount");
    const json &state = member(cs, "state");
    const std::string waiting = str(member(state, "waiting"), "reason");
    auto base = [&] {
        Fields f = pod;
        f.add("container", container);
        f.add("restartCount", restarts);
        f.add("image", str(cs, "image"));
        f.add("containerId", str(cs, "containerID"));
        return f;
    };
    auto terminated = [&](const json &term, const char *which) {
        if (!term.is_object())
            return;
        ObjectRecord r;
        const std::string started = str(term, "startedAt"), finished = str(term, "finishedAt"), code = num(term, "exitCode");
        r.utcNs = timeOf(finished);
        if (r.utcNs == 0)
            return;
        r.component = "kubelet";
        r.severity = code == "0" ? Severity::Info : Severity::Warning;
        r.message = "Container " + container + " of " + subject + " terminated (" + which + "): " + str(term, "reason") + ", exit code "
            + code + ", started " + started + ", restarts " + (restarts.empty() ? "0" : restarts);
        Fields f = base();
        f.add("state", "terminated");
        f.add("reason", str(term, "reason"));
        f.add("exitCode", code);
        f.add("startedAt", started);
        f.add("finishedAt", finished);
        f.add("message", str(term, "message"));
        if (std::string_view(which) == "last state")
            f.add("waiting", waiting);
        r.fields = std::move(f.items);
        out.push_back(std::move(r));
    };
    if (const json &running = member(state, "running"); running.is_object()) {
        ObjectRecord r;
        r.utcNs = timeOf(str(running, "startedAt"));
        if (r.utcNs != 0) {
            r.component = "kubelet";
            r.message = "Container " + container + " of " + subject + " running since " + str(running, "startedAt") + ", restarts "
                + (restarts.empty() ? "0" : restarts)
                + (member(cs, "ready").is_boolean() ? (cs["ready"].get<bool>() ? ", ready" : ", not ready") : "");
            Fields f = base();
            f.add("state", "running");
            f.add("startedAt", str(running, "startedAt"));
            if (member(cs, "ready").is_boolean())
                f.add("ready", cs["ready"].get<bool>() ? "true" : "false");
            r.fields = std::move(f.items);
            out.push_back(std::move(r));
        }
    }
    terminated(member(state, "terminated"), "state");
    terminated(member(member(cs, "lastState"), "terminated"), "last state");
}

std::vector<ObjectRecord> podRecords(const json &pod)
{
    const json &meta = member(pod, "metadata");
    const json &status = member(pod, "status");
    const std::string ns = str(meta, "namespace"), name = str(meta, "name");
    const std::string node = str(member(pod, "spec"), "nodeName");
    const std::string subject = "pod " + ns + "/" + name;
    Fields podFields;
    podFields.add("pod", ns + "/" + name);
    podFields.add("podUID", str(meta, "uid"));
    podFields.add("node", node);
    std::vector<ObjectRecord> out;
    if (const std::int64_t created = timeOf(str(meta, "creationTimestamp")); created != 0) {
        ObjectRecord r;
        r.utcNs = created;
        r.component = "kube-apiserver";
        Fields f = podFields;
        const json &owners = member(meta, "ownerReferences");
        if (owners.is_array() && !owners.empty()) {
            f.add("ownerKind", str(owners[0], "kind"));
            f.add("ownerName", str(owners[0], "name"));
        }
        f.add("phase", str(status, "phase"));
        r.message = "Pod " + ns + "/" + name + " created" + (node.empty() ? "" : ", node " + node);
        r.fields = std::move(f.items);
        out.push_back(std::move(r));
    }
    for (const json &c : member(status, "conditions").is_array() ? member(status, "conditions") : json::array()) {
        ObjectRecord r = conditionRecord(c, "Pod " + ns + "/" + name, podFields);
        if (r.utcNs != 0)
            out.push_back(std::move(r));
    }
    for (const char *list : {"initContainerStatuses", "containerStatuses", "ephemeralContainerStatuses"})
        for (const json &cs : member(status, list).is_array() ? member(status, list) : json::array())
            containerRecords(cs, podFields, subject, out);
    return out;
}

} // namespace

std::vector<JsonDocumentSpan> scanJsonDocuments(std::string_view s, std::vector<ByteSpan> *stray)
{
    std::vector<JsonDocumentSpan> docs;
    std::size_t i = 0;
    while (i < s.size()) {
        if (isBlank(s[i])) {
            ++i;
            continue;
        }
        if (s[i] != '{' && s[i] != '[') {
            // Text between documents: up to the next line that opens one.
            const std::size_t start = i;
            while (i < s.size() && !((s[i] == '{' || s[i] == '[') && (i == 0 || s[i - 1] == '\n')))
                ++i;
            if (stray)
                stray->push_back({start, i});
            continue;
        }
        JsonDocumentSpan doc;
        doc.doc.begin = i;
        std::vector<char> stack;
        bool inString = false, itemsNext = false, inItems = false, kindNext = false;
        std::size_t itemStart = 0;
        std::string_view lastKey;
        std::size_t keyStart = 0;
        for (; i < s.size(); ++i) {
            const char c = s[i];
            if (inString) {
                if (c == '\\')
                    ++i;
                else if (c == '"') {
                    inString = false;
                    lastKey = s.substr(keyStart, i - keyStart);
                    if (kindNext)
                        doc.kind = std::string(lastKey);
                    kindNext = false;
                }
                continue;
            }
            if (c == '"') {
                inString = true;
                keyStart = i + 1;
            } else if (c == ':') {
                // "items" as a member of the top-level object opens the list to split.
                itemsNext = stack.size() == 1 && lastKey == "items";
                kindNext = stack.size() == 1 && lastKey == "kind";
            } else if (c == '{' || c == '[') {
                if (inItems && stack.size() == 2)
                    itemStart = i;
                stack.push_back(c);
                if (c == '[' && itemsNext && stack.size() == 2)
                    inItems = doc.hasItems = true;
                itemsNext = kindNext = false;
            } else if (c == '}' || c == ']') {
                if (stack.empty() || (c == '}') != (stack.back() == '{'))
                    break; // mismatched: the document is malformed from here
                stack.pop_back();
                if (inItems && stack.size() == 2)
                    doc.items.push_back({itemStart, i + 1});
                if (inItems && stack.size() == 1)
                    inItems = false;
                if (stack.empty()) {
                    ++i;
                    break;
                }
            } else if (c == ',') {
                itemsNext = kindNext = false;
            }
        }
        doc.doc.end = std::min(i, s.size());
        doc.complete = stack.empty() && !inString;
        if (!doc.complete) {
            // Skip to the next line that opens a document, so one bad document costs its lines only.
            while (i < s.size() && !((s[i] == '{' || s[i] == '[') && s[i - 1] == '\n'))
                ++i;
            doc.doc.end = i;
        }
        docs.push_back(std::move(doc));
    }
    return docs;
}

namespace {

// The first line of `s` at or after `from` that is not blank (without its "\r"), and where the
// line after it starts (npos at the end); an empty view when there is none.
std::string_view firstNonBlankLine(std::string_view s, std::size_t from, std::size_t &next)
{
    next = std::string_view::npos;
    const std::size_t text = s.find_first_not_of(" \t\r\n", from);
    if (text == std::string_view::npos)
        return {};
    const std::size_t newlineBefore = text == 0 ? std::string_view::npos : s.rfind('\n', text - 1);
    const std::size_t begin = newlineBefore == std::string_view::npos || newlineBefore < from ? from : newlineBefore + 1;
    const std::size_t end = s.find('\n', text);
    next = end == std::string_view::npos ? end : end + 1;
    std::string_view line = s.substr(begin, end == std::string_view::npos ? std::string_view::npos : end - begin);
    if (line.ends_with('\r'))
        line.remove_suffix(1);
    return line;
}

} // namespace

KubeObjectsSyntax detectKubeObjects(std::string_view bytes)
{
    const std::string_view head = bytes.substr(0, std::size_t{64} * 1024);
    std::size_t next = 0;
    std::string_view first = firstNonBlankLine(head, 0, next);
    if (first.empty())
        return KubeObjectsSyntax::None;
    const std::size_t text = first.find_first_not_of(' ');
    if (first[text] == '{') {
        if (head.find("auditID") != std::string_view::npos || head.find("audit.k8s.io") != std::string_view::npos)
            return KubeObjectsSyntax::None;
        // encoding/json's MarshalIndent (kubectl -o json, cluster-info dump) writes "key": value.
        const bool pretty = first.substr(text) == "{" && head.find("\"kind\": \"") != std::string_view::npos
            && head.find("\"apiVersion\": \"") != std::string_view::npos;
        const bool compact = first.find("\"kind\":\"") != std::string_view::npos
            && first.find("\"apiVersion\":\"") != std::string_view::npos && first.find("\"metadata\":{") != std::string_view::npos;
        return pretty || compact ? KubeObjectsSyntax::Json : KubeObjectsSyntax::None;
    }
    if (first == "---") { // one document marker; what follows decides
        const std::string_view rest = next == std::string_view::npos ? std::string_view{} : bytes.substr(next);
        return rest.starts_with("---") ? KubeObjectsSyntax::None : detectKubeObjects(rest);
    }
    if (first.starts_with("apiVersion: ") || first.starts_with("kind: ")) {
        const bool block =
            head.find("\nitems:") != std::string_view::npos || head.find("\nmetadata:") != std::string_view::npos || first == "items:";
        return block ? KubeObjectsSyntax::Yaml : KubeObjectsSyntax::None;
    }
    if (parseEventTableHeader(first))
        return KubeObjectsSyntax::EventTable;
    if (looksLikeDescribeNode(head))
        return KubeObjectsSyntax::DescribeNode;
    if (!runsGetEvents(first))
        return KubeObjectsSyntax::None;
    // The table under the command line that printed it.
    std::size_t afterHeader = 0;
    const std::string_view header = next == std::string_view::npos ? std::string_view{} : firstNonBlankLine(head, next, afterHeader);
    return parseEventTableHeader(header) || inferEventTableLayout(header) ? KubeObjectsSyntax::EventTable : KubeObjectsSyntax::None;
}

std::string itemKind(const json &item, std::string_view listKind)
{
    if (std::string kind = str(item, "kind"); !kind.empty())
        return kind;
    if (listKind.ends_with("List") && listKind != "List")
        return std::string(listKind.substr(0, listKind.size() - 4));
    if (item.contains("involvedObject") || item.contains("regarding"))
        return "Event";
    if (member(member(item, "status"), "nodeInfo").is_object())
        return "Node";
    if (member(member(item, "spec"), "containers").is_array())
        return "Pod";
    return {};
}

std::vector<ObjectRecord> recordsFromObject(const json &item, std::string_view kind)
{
    if (!item.is_object())
        return {};
    if (kind == "Event")
        return eventRecords(item);
    if (kind == "Node")
        return nodeRecords(item);
    if (kind == "Pod")
        return podRecords(item);
    return {};
}

std::string componentForEventReason(std::string_view reason)
{
    static constexpr std::array kKubelet{"Created",
                                         "Started",
                                         "Failed",
                                         "Killing",
                                         "Preempting",
                                         "BackOff",
                                         "ExceededGracePeriod",
                                         "FailedKillPod",
                                         "FailedCreatePodContainer",
                                         "NetworkNotReady",
                                         "Pulling",
                                         "Pulled",
                                         "ErrImageNeverPull",
                                         "InspectFailed",
                                         "Unhealthy",
                                         "ProbeWarning",
                                         "FailedSync",
                                         "FailedValidation",
                                         "FailedPostStartHook",
                                         "FailedPreStopHook",
                                         "SandboxChanged",
                                         "FailedCreatePodSandBox",
                                         "FailedPodSandBoxStatus",
                                         "FailedMount",
                                         "FailedMapVolume",
                                         "Rebooted",
                                         "Starting",
                                         "NodeAllocatableEnforced",
                                         "NodeHasSufficientMemory",
                                         "NodeHasInsufficientMemory",
                                         "NodeHasNoDiskPressure",
                                         "NodeHasDiskPressure",
                                         "NodeHasSufficientPID",
                                         "NodeHasInsufficientPID",
                                         "NodeReady",
                                         "NodeSchedulable",
                                         "NodeNotSchedulable",
                                         "ContainerGCFailed",
                                         "ImageGCFailed",
                                         "Evicted"};
    static constexpr std::array kControllerManager{
        "RegisteredNode",   "RemovingNode", "DeletingNode",           "TaintManagerEviction", "ScalingReplicaSet", "SuccessfulCreate",
        "SuccessfulDelete", "FailedCreate", "SuccessfulAttachVolume", "SuccessfulRescale",    "Completed",         "SawCompletedJob"};
    for (std::string_view r : kKubelet)
        if (reason == r)
            return "kubelet";
    for (std::string_view r : kControllerManager)
        if (reason == r)
            return "kube-controller-manager";
    if (reason == "Scheduled" || reason == "FailedScheduling")
        return "kube-scheduler";
    return {};
}

std::string componentForEventSource(std::string_view reporter)
{
    // events.k8s.io reporters may be qualified ("kubernetes.io/kubelet").
    if (const size_t slash = reporter.rfind('/'); slash != std::string_view::npos && reporter.starts_with("kubernetes.io/"))
        reporter = reporter.substr(slash + 1);
    if (reporter == "kubelet")
        return "kubelet";
    if (reporter == "default-scheduler")
        return "kube-scheduler";
    // The controllers of kube-controller-manager record events under their own names
    // (pkg/controller/*: "node-controller", "deployment-controller", "taint-eviction-controller",
    // "horizontal-pod-autoscaler", "persistentvolume-controller", "attachdetach-controller"...).
    static constexpr std::array kControllerManager{"horizontal-pod-autoscaler", "garbage-collector",   "cronjob-controller",
                                                   "taint-controller",          "endpoint-controller", "disruption-controller"};
    for (std::string_view known : kControllerManager)
        if (reporter == known)
            return "kube-controller-manager";
    if (reporter.ends_with("-controller") && reporter.find_first_of("./") == std::string_view::npos && !reporter.starts_with("cloud-"))
        return "kube-controller-manager";
    return std::string(reporter);
}

} // namespace kubelane::core
