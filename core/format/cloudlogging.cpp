#include "cloudlogging.h"

#include "journaldjson.h"
#include "../model/timestamp.h"

#include <nlohmann/json.hpp>

namespace kubelane::core {

namespace {

using Json = nlohmann::json;

std::string str(const Json &o, const char *key)
{
    if (!o.is_object())
        return {};
    const auto it = o.find(key);
    return it != o.end() && it->is_string() ? it->get<std::string>() : std::string();
}

const Json &member(const Json &o, const char *key)
{
    static const Json kNull;
    if (!o.is_object())
        return kNull;
    const auto it = o.find(key);
    return it == o.end() ? kNull : *it;
}

// The control plane's component_name ("apiserver", "controller-manager", "scheduler") and the
// log ids of a GKE node's own logs, as the component names the rest of kubelane uses.
std::string componentForLogId(std::string id)
{
    constexpr std::string_view kGke = "container.googleapis.com/"; // ".../logs/container.googleapis.com%2Fapiserver"
    if (id.starts_with(kGke))
        id = id.substr(kGke.size());
    if (id == "apiserver" || id == "controller-manager" || id == "scheduler")
        return "kube-" + id;
    if (id == "container-runtime")
        return "containerd";
    return id;
}

// google.rpc.Code of an audit entry's status as the HTTP code the apiserver answered.
std::string httpCodeForRpc(const Json &status)
{
    if (!status.is_object() || !status.contains("code") || !status["code"].is_number_integer())
        return "200"; // no status, or an empty one: the request succeeded
    switch (status["code"].get<int>()) {
    case 0: return "200";
    case 3: return "400";
    case 4: return "504";
    case 5: return "404";
    case 6:
    case 10: return "409";
    case 7: return "403";
    case 8: return "429";
    case 14: return "503";
    case 16: return "401";
    default: return "500";
    }
}

// A Kubernetes request in the cluster's Cloud Audit Log (serviceName "k8s.io"): methodName
// "io.k8s.coordination.v1.leases.update", resourceName
// "coordination.k8s.io/v1/namespaces/kube-node-lease/leases/NODE" ("core/v1/nodes/NODE/status"
// for the core group), authenticationInfo.principalEmail "system:node:NODE",
// requestMetadata.callerSuppliedUserAgent "kubelet/v1.29.4 ...". Rewritten as the
// audit.k8s.io Event the apiserver logged, so it reads like any audit line (a node's lease
// renewals are its heartbeats).
std::string kubernetesAuditEvent(const Json &p, const Json &entry)
{
    const std::string method = str(p, "methodName");
    const std::string resource = str(p, "resourceName");
    const size_t slash = resource.find('/');
    const std::string uri = resource.starts_with("core/") ? "/api/" + resource.substr(5) : "/apis/" + resource;
    Json event = {{"kind", "Event"},
                  {"apiVersion", "audit.k8s.io/v1"},
                  {"auditID", str(entry, "insertId")},
                  {"stage", "ResponseComplete"},
                  {"requestURI", slash == std::string::npos ? resource : uri},
                  {"verb", method.substr(method.rfind('.') + 1)},
                  {"user", {{"username", str(member(p, "authenticationInfo"), "principalEmail")}}},
                  {"userAgent", str(member(p, "requestMetadata"), "callerSuppliedUserAgent")},
                  {"responseStatus", {{"code", std::stoi(httpCodeForRpc(member(p, "status")))}}},
                  {"stageTimestamp", str(entry, "timestamp")}};
    return event.dump();
}

// protoPayload of an audit entry (type.googleapis.com/google.cloud.audit.AuditLog): a line
// like the apiserver's own audit events.
std::string auditSummary(const Json &p)
{
    const Json &auth = member(p, "authenticationInfo");
    const Json &status = member(p, "status");
    std::string text = str(p, "methodName") + " " + str(p, "resourceName");
    if (status.is_object() && status.contains("code"))
        text += " " + status["code"].dump();
    if (const std::string who = str(auth, "principalEmail"); !who.empty())
        text += " (" + who + ")";
    return text;
}

void readPayload(const Json &entry, ExportRecord &out)
{
    if (const auto text = entry.find("textPayload"); text != entry.end() && text->is_string()) {
        out.payload = text->get<std::string>();
        return;
    }
    if (const Json &proto = member(entry, "protoPayload"); proto.is_object()) {
        out.payload = str(proto, "serviceName") == "k8s.io" && !str(proto, "methodName").empty() ? kubernetesAuditEvent(proto, entry)
                                                                                                 : auditSummary(proto);
        return;
    }
    const Json &json = member(entry, "jsonPayload");
    if (!json.is_object())
        return;
    if (json.contains("MESSAGE")) {
        // A journal entry (a GKE node's kubelet, containerd, kernel): its own host and identifier.
        out.payload = journalFieldText(json["MESSAGE"]);
        if (const std::string host = journalFieldText(member(json, "_HOSTNAME")); !host.empty() && out.host.empty())
            out.host = host;
        std::string ident = journalFieldText(member(json, "SYSLOG_IDENTIFIER"));
        if (ident.empty())
            ident = journalFieldText(member(json, "_SYSTEMD_UNIT"));
        if (!ident.empty())
            out.process = ident;
        return;
    }
    // A klog JSON record (a container logging --logging-format=json) is decoded as such, with
    // its own "ts"; other objects by their message.
    if (!(json.contains("ts") && json.contains("msg"))) {
        for (const char *key : {"message", "msg", "log"})
            if (const std::string m = str(json, key); !m.empty()) {
                out.payload = m;
                return;
            }
    }
    out.payload = json.dump();
}

} // namespace

std::string cloudLogId(std::string_view logName)
{
    const size_t at = logName.find("/logs/");
    std::string_view id = at == std::string_view::npos ? logName : logName.substr(at + 6);
    std::string decoded;
    for (size_t i = 0; i < id.size(); ++i) {
        if (id[i] == '%' && i + 2 < id.size() && id.substr(i + 1, 2) == "2F") {
            decoded += '/';
            i += 2;
        } else {
            decoded += id[i];
        }
    }
    return decoded;
}

bool isCloudLogEntry(const Json &o)
{
    return o.is_object()
        && (o.contains("logName")
            || (o.contains("resource") && (o.contains("textPayload") || o.contains("jsonPayload") || o.contains("protoPayload"))));
}

RecordStatus readCloudLogEntry(const Json &o, ExportRecord &out)
{
    if (!isCloudLogEntry(o))
        return RecordStatus::NotThisShape;
    out = ExportRecord{};
    std::string stamp = str(o, "timestamp");
    if (stamp.empty())
        stamp = str(o, "receiveTimestamp");
    if (stamp.empty())
        return RecordStatus::NoTime;
    const auto ts = parseRfc3339(stamp);
    if (!ts)
        return RecordStatus::BadTime;
    out.utc = ts->ns;

    const Json &resource = member(o, "resource");
    const Json &labels = member(resource, "labels");
    const std::string type = str(resource, "type");
    out.host = str(labels, "node_name");
    if (out.host.empty())
        out.host = str(member(o, "labels"), "compute.googleapis.com/resource_name");
    const std::string logId = cloudLogId(str(o, "logName"));
    if (type == "k8s_container" || !str(labels, "container_name").empty()) {
        out.podNamespace = str(labels, "namespace_name");
        out.podName = str(labels, "pod_name");
        out.container = str(labels, "container_name");
        out.process = out.container;
    } else if (const std::string component = str(labels, "component_name"); !component.empty()) {
        out.process = componentForLogId(component);
    } else if (type == "k8s_cluster" && logId.starts_with("cloudaudit.googleapis.com")) {
        out.process = "kube-apiserver"; // the cluster's audit log is the apiserver's
    } else {
        out.process = componentForLogId(logId);
    }
    readPayload(o, out);
    if (const std::string severity = str(o, "severity"); !severity.empty())
        out.haveSeverity = severityFromName(severity, out.severity);
    return RecordStatus::Ok;
}

} // namespace kubelane::core
