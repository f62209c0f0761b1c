// The exports SREs pull from log systems, recognised by content (never by file name): each
// record is an event with its real time, component, node and, where the record says so, pod and
// container; malformed records are counted, not dropped; and the existing formats keep their
// detection.
#include "core/format/formatregistry.h"
#include "core/model/incident.h"
#include "testutil.h"

#include <set>

using namespace kubelane;
using namespace kubelane::core;

#ifndef Q_MOC_RUN // moc of Qt 6.4 does not read raw string literals
namespace {

struct Row {
    const char *name;
    const char *path; // a neutral name: recognition is by content
    std::string content;
    SourceFormat format;
    const char *detail; // a substring of the format detail
    std::uint64_t events, unparsed, nonLog;
    // The first event (in time order).
    const char *time; // RFC 3339, 6 digits; "" = not checked
    const char *component;
    const char *node;
    const char *pod; // "ns/name" or ""
    const char *container;
    const char *message; // a substring of its message
    Severity severity = Severity::Info;
};

// A kubelet klog line as GKE's node journal holds it (1.30 text format).
const std::string kKlog = R"(I0619 00:00:00.100000    1812 kubelet_node_status.go:538] \"Updating node status\")";

std::string journalEntry(const std::string &us, const std::string &message, const std::string &extra = "")
{
    return R"({"__CURSOR":"s=6f1;i=9a1;b=3c1;m=1d2;t=61b;x=8a1","__REALTIME_TIMESTAMP":")" + us
        + R"(","__MONOTONIC_TIMESTAMP":"86123456","_BOOT_ID":"3c1e2f6f0a8d4b0e9a3c1e2f6f0a8d4b","PRIORITY":"6","_HOSTNAME":"worker-1","SYSLOG_IDENTIFIER":"kubelet","_PID":"1812","_SYSTEMD_UNIT":"kubelet.service","_TRANSPORT":"stdout")"
        + extra + R"(,"MESSAGE":)" + message + "}\n";
}

// gcloud logging read --format=json: an indented array, keys sorted.
std::string gcloudArray()
{
    return "[\n"
           "  {\n"
           "    \"insertId\": \"9q3mfzg5yd1e\",\n"
           "    \"jsonPayload\": {\n"
           "      \"MESSAGE\": \"I0619 00:00:00.100000    1812 kubelet_node_status.go:538] \\\"Updating node status\\\"\",\n"
           "      \"PRIORITY\": \"6\",\n"
           "      \"SYSLOG_IDENTIFIER\": \"kubelet\",\n"
           "      \"_HOSTNAME\": \"gke-prod-pool-1-5f8c2a1b-x7k2\",\n"
           "      \"_PID\": \"1812\",\n"
           "      \"_SYSTEMD_UNIT\": \"kubelet.service\"\n"
           "    },\n"
           "    \"logName\": \"projects/shop-prod/logs/kubelet\",\n"
           "    \"receiveTimestamp\": \"2024-06-19T00:00:01.532145802Z\",\n"
           "    \"resource\": {\n"
           "      \"labels\": {\n"
           "        \"cluster_name\": \"prod\",\n"
           "        \"location\": \"europe-west1-b\",\n"
           "        \"node_name\": \"gke-prod-pool-1-5f8c2a1b-x7k2\",\n"
           "        \"project_id\": \"shop-prod\"\n"
           "      },\n"
           "      \"type\": \"k8s_node\"\n"
           "    },\n"
           "    \"severity\": \"INFO\",\n"
           "    \"timestamp\": \"2024-06-19T00:00:00.100214Z\"\n"
           "  },\n"
           "  {\n"
           "    \"insertId\": \"9q3mfzg5yd1f\",\n"
           "    \"jsonPayload\": {\n"
           "      \"MESSAGE\": \"Started kubelet.service - Kubernetes kubelet.\",\n"
           "      \"SYSLOG_IDENTIFIER\": \"systemd\",\n"
           "      \"_HOSTNAME\": \"gke-prod-pool-1-5f8c2a1b-x7k2\"\n"
           "    },\n"
           "    \"logName\": \"projects/shop-prod/logs/kubelet\",\n"
           "    \"resource\": {\n"
           "      \"labels\": {\n"
           "        \"node_name\": \"gke-prod-pool-1-5f8c2a1b-x7k2\"\n"
           "      },\n"
           "      \"type\": \"k8s_node\"\n"
           "    },\n"
           "    \"severity\": \"INFO\",\n"
           "    \"timestamp\": \"2024-06-19T00:00:02.000000Z\"\n"
           "  }\n"
           "]\n";
}

std::string containerEntry(const std::string &ts, const std::string &payload, const std::string &severity = "INFO")
{
    return R"({"insertId":"2f0q1ofv6k3mn","labels":{"compute.googleapis.com/resource_name":"gke-prod-default-pool-0c1d2e3f-9abc","k8s-pod/component":"kube-controller-manager"},"logName":"projects/shop-prod/logs/stderr","receiveTimestamp":"2024-06-19T00:00:05.000000000Z","resource":{"labels":{"cluster_name":"prod","container_name":"kube-controller-manager","location":"europe-west1","namespace_name":"kube-system","pod_name":"kube-controller-manager-master-0","project_id":"shop-prod"},"type":"k8s_container"},"severity":")"
        + severity + R"(","timestamp":")" + ts + "\"," + payload + "}\n";
}

std::string audit(const std::string &version, const std::string &times)
{
    return R"({"kind":"Event","apiVersion":"audit.k8s.io/)" + version + R"(","metadata":{"creationTimestamp":null},"level":"Metadata",)"
        + times
        + R"(,"auditID":"77e58433-d345-40ac-b2d8-9866bd355cea","stage":"ResponseComplete","requestURI":"/api/v1/namespaces/default/pods","verb":"list","user":{"username":"admin","groups":["system:masters","system:authenticated"]},"sourceIPs":["172.16.116.128"],"objectRef":{"resource":"pods","namespace":"default","apiVersion":"v1"},"responseStatus":{"metadata":{},"code":200}})";
}

const std::vector<Row> &rows()
{
    static const std::vector<Row> kRows = {
        {"journalctl -o json: klog payload, its own time", "a/node.txt",
         journalEntry("1718755200123456", "\"" + kKlog + "\"")
             + R"({"__CURSOR":"s=6f1;i=9a2","__REALTIME_TIMESTAMP":"1718755201000000","PRIORITY":"6","_HOSTNAME":"worker-1","SYSLOG_IDENTIFIER":"systemd","_PID":"1","MESSAGE":"Started kubelet.service - kubelet: The Kubernetes Node Agent."})"
               "\n",
         SourceFormat::JournaldJson, "journalctl -o json)", 2, 0, 0, "2024-06-19T00:00:00.100000Z", "kubelet", "worker-1", "", "",
         "Updating node status"},
        {"journalctl -o json: MESSAGE as bytes (not UTF-8), PRIORITY 3", "a/node.txt",
         journalEntry("1718755200123456", "[99,114,105,58,32,255]", R"(,"PRIORITY":"3")"), SourceFormat::JournaldJson, "-o json)", 1, 0, 0,
         "2024-06-19T00:00:00.123456Z", "kubelet", "worker-1", "", "", "cri: \xEF\xBF\xBD", Severity::Error},
        {"journalctl -o json: klog JSON payload", "a/node.txt",
         journalEntry(
             "1718755200123456",
             R"("{\"ts\":1718755200100.5,\"caller\":\"kubelet/kubelet.go:2281\",\"msg\":\"SyncLoop ADD\",\"v\":2,\"source\":\"api\"}")"),
         SourceFormat::JournaldJson, "-o json)", 1, 0, 0, "2024-06-19T00:00:00.100500Z", "kubelet", "worker-1", "", "", "SyncLoop ADD"},
        {"journalctl -o json-pretty (systemd < 250: tabs, \" : \")", "a/node.txt",
         "{\n\t\"__CURSOR\" : \"s=6f1;i=9a1\",\n\t\"__REALTIME_TIMESTAMP\" : \"1718755200123456\",\n\t\"_HOSTNAME\" : \"worker-1\",\n"
         "\t\"SYSLOG_IDENTIFIER\" : \"containerd\",\n\t\"MESSAGE\" : \"time=\\\"2024-06-19T00:00:00.123456Z\\\" level=info "
         "msg=\\\"StartContainer\\\"\"\n}\n"
         "{\n\t\"__CURSOR\" : \"s=6f1;i=9a2\",\n\t\"__REALTIME_TIMESTAMP\" : \"1718755201000000\",\n\t\"_HOSTNAME\" : \"worker-1\",\n"
         "\t\"SYSLOG_IDENTIFIER\" : \"containerd\",\n\t\"MESSAGE\" : \"done\"\n}\n",
         SourceFormat::JournaldJson, "json-pretty", 2, 0, 0, "2024-06-19T00:00:00.123456Z", "containerd", "worker-1", "", "",
         "StartContainer"},
        {"journalctl -o json-seq (RFC 7464 record separators)", "a/node.txt",
         "\x1e" + journalEntry("1718755200123456", "\"" + kKlog + "\"") + "\x1e" + journalEntry("1718755201000000", "\"" + kKlog + "\""),
         SourceFormat::JournaldJson, "json-seq", 2, 0, 0, "2024-06-19T00:00:00.100000Z", "kubelet", "worker-1", "", "", "Updating"},
        {"gcloud logging read --format=json: k8s_node, journal entry in jsonPayload", "a/export.txt", gcloudArray(),
         SourceFormat::CloudLogging, "JSON array", 2, 0, 2, "2024-06-19T00:00:00.100000Z", "kubelet", "gke-prod-pool-1-5f8c2a1b-x7k2", "",
         "", "Updating node status"},
        {"Cloud Logging sink JSON lines: k8s_container textPayload", "a/S0.txt",
         containerEntry(
             "2024-06-19T00:00:03.412Z",
             R"("textPayload":"I0619 00:00:03.412000       1 node_lifecycle_controller.go:1226] Node worker-2 hasn't been updated for 40.000212s. Last Ready is: &NodeCondition{Type:Ready,Status:True}\n")"),
         SourceFormat::CloudLogging, "JSON lines", 1, 0, 0, "2024-06-19T00:00:03.412000Z", "kube-controller-manager", "",
         "kube-system/kube-controller-manager-master-0", "kube-controller-manager", "hasn't been updated"},
        {"Cloud Logging sink JSON lines: k8s_container jsonPayload.message, severity", "a/S0.txt",
         containerEntry("2024-06-19T00:00:03.412Z", R"("jsonPayload":{"message":"failed to sync","pid":"1"})", "ERROR"),
         SourceFormat::CloudLogging, "JSON lines", 1, 0, 0, "2024-06-19T00:00:03.412000Z", "kube-controller-manager", "",
         "kube-system/kube-controller-manager-master-0", "kube-controller-manager", "failed to sync", Severity::Error},
        {"Cloud Logging sink JSON lines: k8s_container jsonPayload holding a klog JSON record (its own ts)", "a/S0.txt",
         containerEntry(
             "2024-06-19T00:00:03.9Z",
             R"("jsonPayload":{"ts":1718755203412.25,"caller":"nodelifecycle/node_lifecycle_controller.go:1010","msg":"Node hasn't been updated","node":"worker-2","duration":"40.000212s","v":0})"),
         SourceFormat::CloudLogging, "JSON lines", 1, 0, 0, "2024-06-19T00:00:03.412250Z", "kube-controller-manager", "worker-2",
         "kube-system/kube-controller-manager-master-0", "kube-controller-manager", "Node hasn't been updated", Severity::Warning},
        {"Cloud Logging: k8s_control_plane_component (GKE control plane logs)", "a/cp.txt",
         R"({"insertId":"x1","logName":"projects/shop-prod/logs/container.googleapis.com%2Fcontroller-manager","resource":{"labels":{"cluster_name":"prod","component_location":"europe-west1","component_name":"controller-manager","location":"europe-west1","project_id":"shop-prod"},"type":"k8s_control_plane_component"},"severity":"INFO","textPayload":"I0619 00:00:04.000000      11 leaderelection.go:260] successfully acquired lease kube-system/kube-controller-manager","timestamp":"2024-06-19T00:00:04Z"})"
         "\n",
         SourceFormat::CloudLogging, "JSON lines", 1, 0, 0, "2024-06-19T00:00:04.000000Z", "kube-controller-manager", "", "", "",
         "successfully acquired lease"},
        {"Cloud Logging: cluster audit (protoPayload)", "a/audit.txt",
         R"({"insertId":"a1","logName":"projects/shop-prod/logs/cloudaudit.googleapis.com%2Factivity","protoPayload":{"@type":"type.googleapis.com/google.cloud.audit.AuditLog","authenticationInfo":{"principalEmail":"system:node:worker-2"},"methodName":"io.k8s.coordination.v1.leases.update","resourceName":"coordination.k8s.io/v1/namespaces/kube-node-lease/leases/worker-2","serviceName":"k8s.io","status":{"code":0}},"receiveTimestamp":"2024-06-19T00:00:06.1Z","resource":{"labels":{"cluster_name":"prod","location":"europe-west1","project_id":"shop-prod"},"type":"k8s_cluster"},"severity":"NOTICE","timestamp":"2024-06-19T00:00:05.5Z"})"
         "\n",
         SourceFormat::CloudLogging, "JSON lines", 1, 0, 0, "2024-06-19T00:00:05.500000Z", "kube-apiserver", "worker-2", "", "",
         "update /apis/coordination.k8s.io/v1/namespaces/kube-node-lease/leases/worker-2 200 (system:node:worker-2)"},
        {"Cloud Logging: other audit (protoPayload of another service)", "a/audit.txt",
         R"({"insertId":"a2","logName":"projects/shop-prod/logs/cloudaudit.googleapis.com%2Factivity","protoPayload":{"@type":"type.googleapis.com/google.cloud.audit.AuditLog","authenticationInfo":{"principalEmail":"ops@example.com"},"methodName":"google.container.v1.ClusterManager.SetNodePoolSize","resourceName":"projects/shop-prod/locations/europe-west1/clusters/prod/nodePools/pool-1","serviceName":"container.googleapis.com","status":{}},"resource":{"labels":{"cluster_name":"prod","location":"europe-west1","project_id":"shop-prod"},"type":"gke_cluster"},"severity":"NOTICE","timestamp":"2024-06-19T00:00:05.5Z"})"
         "\n",
         SourceFormat::CloudLogging, "JSON lines", 1, 0, 0, "2024-06-19T00:00:05.500000Z", "cloudaudit.googleapis.com/activity", "", "", "",
         "SetNodePoolSize projects/shop-prod/locations/europe-west1/clusters/prod/nodePools/pool-1 (ops@example.com)"},
        {"logcli --output=jsonl: a container's stream", "a/q.txt",
         R"({"labels":{"app":"coredns","container":"coredns","job":"kube-system/coredns","namespace":"kube-system","node_name":"worker-1","pod":"coredns-76f75df574-7xq2d"},"line":"[INFO] plugin/reload: Running configuration SHA512 = 591cf3","timestamp":"2023-09-12T08:04:10.123456789Z"})"
         "\n",
         SourceFormat::LokiExport, "logcli --output=jsonl", 1, 0, 0, "2023-09-12T08:04:10.123456Z", "coredns", "worker-1",
         "kube-system/coredns-76f75df574-7xq2d", "coredns", "plugin/reload"},
        {"logcli --output=jsonl: a journal stream (promtail journal scrape), local time zone", "a/q.txt",
         R"({"labels":{"hostname":"worker-1","job":"systemd-journal","unit":"kubelet.service"},"line":"E0912 10:04:10.200000    1812 kubelet.go:2359] \"Skipping pod synchronization\" err=\"PLEG is not healthy: pleg was last seen active 3m0.1s ago; threshold is 3m0s\"","timestamp":"2023-09-12T10:04:10.201+02:00"})"
         "\n",
         SourceFormat::LokiExport, "jsonl", 1, 0, 0, "2023-09-12T08:04:10.200000Z", "kubelet", "worker-1", "", "",
         "Skipping pod synchronization", Severity::Error},
        {"logcli default output: time, padded labels, line", "a/q.txt",
         "2023-09-12T08:04:10Z {hostname=\"worker-1\", unit=\"kubelet.service\"}      I0912 08:04:10.123456    1812 kubelet.go:2281] "
         "\"SyncLoop ADD\" source=\"api\"\n"
         "2023-09-12T08:04:11Z {hostname=\"worker-1\", unit=\"containerd.service\"}   time=\"2023-09-12T08:04:11Z\" level=info "
         "msg=\"done\"\n",
         SourceFormat::LokiExport, "logcli default output", 2, 0, 0, "2023-09-12T08:04:10.123456Z", "kubelet", "worker-1", "", "",
         "SyncLoop ADD"},
        {"logcli default output: a container stream's labels name its pod", "a/q.txt",
         "2023-09-12T08:04:10Z {container=\"coredns\", namespace=\"kube-system\", node_name=\"worker-1\", "
         "pod=\"coredns-76f75df574-7xq2d\"} [INFO] plugin/reload: Running configuration SHA512 = 591cf3\n",
         SourceFormat::LokiExport, "logcli default output", 1, 0, 0, "2023-09-12T08:04:10.000000Z", "coredns", "worker-1",
         "kube-system/coredns-76f75df574-7xq2d", "coredns", "plugin/reload"},
        {"Grafana Explore text download: meta items, local times, a multi-line entry", "a/explore.txt",
         "Common labels: {\"hostname\":\"worker-1\",\"unit\":\"kubelet.service\"}\n"
         "Line limit: \"1000 (3 returned)\"\n"
         "Total bytes processed: \"1.21  kB\"\n\n\n"
         "2023-09-12 08:04:10.123\tI0912 08:04:10.123456    1812 kubelet.go:2281] \"SyncLoop ADD\" source=\"api\"\n"
         "2023-09-12 08:04:11.500\tStarted kubelet.service - kubelet: The Kubernetes Node Agent.\n"
         "2023-09-12 08:04:12.000\tfirst line of two\n"
         "second line of two\n",
         SourceFormat::LokiExport, "Grafana Explore text download", 3, 0, 5, "2023-09-12T08:04:10.123456Z", "kubelet", "worker-1", "", "",
         "SyncLoop ADD"},
        {"Grafana Explore JSON download: line, epoch ns, date, fields", "a/explore.txt",
         "[\n  {\n    \"line\": \"I0912 08:04:10.123456    1812 kubelet.go:2281] \\\"SyncLoop ADD\\\"\",\n    \"timestamp\": "
         "\"1694505850123456789\",\n"
         "    \"date\": \"2023-09-12T08:04:10.123Z\",\n    \"fields\": {\n      \"hostname\": \"worker-1\",\n      \"unit\": "
         "\"kubelet.service\"\n    }\n  }\n]\n",
         SourceFormat::LokiExport, "Grafana", 1, 0, 2, "2023-09-12T08:04:10.123456Z", "kubelet", "worker-1", "", "", "SyncLoop ADD"},
        {"Grafana Explore JSON download as Grafana writes it: JSON.stringify, one line", "a/explore.txt",
         R"([{"line":"I0912 08:04:10.123456    1812 kubelet.go:2281] \"SyncLoop ADD\"","timestamp":"1694505850123456789","date":"2023-09-12T08:04:10.123Z","fields":{"hostname":"worker-1","unit":"kubelet.service"}},{"line":"I0912 08:04:11.000000    1812 kubelet.go:2281] \"SyncLoop UPDATE\"","timestamp":"1694505851000000000","date":"2023-09-12T08:04:11.000Z","fields":{"hostname":"worker-1","unit":"kubelet.service"}}])",
         SourceFormat::LokiExport, "Grafana", 2, 0, 0, "2023-09-12T08:04:10.123456Z", "kubelet", "worker-1", "", "", "SyncLoop ADD"},
        {"logfmt with ts= (promtail, go-kit)", "a/promtail.txt",
         "level=info ts=2023-09-12T08:04:10.123456Z caller=filetargetmanager.go:361 msg=\"Adding target\" key=\"/var/log/pods/*.log\"\n"
         "level=warn ts=2023-09-12T08:04:11.5Z caller=client.go:419 component=client host=loki:3100 msg=\"error sending batch, will "
         "retry\" status=429\n",
         SourceFormat::Logfmt, "logfmt", 2, 0, 0, "2023-09-12T08:04:10.123456Z", "", "", "", "", "Adding target"},
        {"journalctl -o short-unix", "a/j.txt",
         "1718755200.123456 worker-1 kubelet[1812]: I0619 00:00:00.100000    1812 kubelet.go:2281] \"SyncLoop ADD\"\n"
         "1718755201.000000 worker-1 systemd[1]: Started kubelet.service.\n",
         SourceFormat::Journald, "short-unix", 2, 0, 0, "2024-06-19T00:00:00.100000Z", "kubelet", "worker-1", "", "", "SyncLoop ADD"},
        {"journalctl -o short-full --utc", "a/j.txt",
         "Wed 2024-06-19 00:00:01 UTC worker-1 systemd[1]: Stopping kubelet.service...\n"
         "Wed 2024-06-19 00:00:02 UTC worker-1 kubelet[1812]: I0619 00:00:02.100000    1812 server.go:487] \"Kubelet version\" "
         "kubeletVersion=\"v1.30.2\"\n",
         SourceFormat::Journald, "short-full", 2, 0, 0, "2024-06-19T00:00:01.000000Z", "systemd", "worker-1", "", "", "Stopping"},
        {"journalctl -o short-full, ambiguous zone name (CST): local reading with its year", "a/j.txt",
         "Mon 2020-12-07 10:00:00 CST node3 kubelet[14756]: I1207 10:00:00.500000   14756 server.go:416] Version: v1.18.6\n",
         SourceFormat::Journald, "short-full", 1, 0, 0, "", "kubelet", "node3", "", "", "Version: v1.18.6"},
        {"journalctl -o with-unit", "a/j.txt",
         "Wed 2024-06-19 00:00:01 UTC worker-1 kubelet.service[1812]: I0619 00:00:01.100000    1812 server.go:487] \"Kubelet version\"\n",
         SourceFormat::Journald, "with-unit", 1, 0, 0, "2024-06-19T00:00:01.100000Z", "kubelet", "worker-1", "", "", "Kubelet version"},
        {"journalctl -o short-monotonic: placed from the klog line's own time", "a/j.txt",
         "-- Journal begins at Wed 2024-06-19 00:00:00 UTC, ends at Wed 2024-06-19 00:10:00 UTC. --\n"
         "[   86.100000] worker-1 kubelet[1812]: I0619 00:00:00.100000    1812 kubelet.go:2281] \"SyncLoop ADD\"\n"
         "[   88.100000] worker-1 systemd[1]: Stopping kubelet.service...\n",
         SourceFormat::Journald, "placed from the last klog line", 3, 0, 0, "2024-06-19T00:00:00.100000Z", "journald", "worker-1", "", "",
         "Journal begins"},
        {"journalctl -o short-delta, no klog line: order only, said so", "a/j.txt",
         "-- Boot 3c1e2f6f0a8d4b0e9a3c1e2f6f0a8d4b --\n"
         "[    5.100000 <    0.000000>] worker-1 systemd[1]: Starting kubelet.service...\n"
         "[    5.200000 <    0.100000>] worker-1 systemd[1]: Started kubelet.service.\n",
         SourceFormat::Journald, "times are not known", 3, 0, 0, "", "journald", "worker-1", "", "", "Boot"},
        {"audit.k8s.io/v1alpha1 (1.7): timestamp only", "a/audit.txt", audit("v1alpha1", R"("timestamp":"2017-09-05T10:04:55Z")") + "\n",
         SourceFormat::AuditLog, "audit", 1, 0, 0, "2017-09-05T10:04:55.000000Z", "kube-apiserver", "", "", "", "list"},
        {"audit.k8s.io/v1beta1 (1.8): timestamp only", "a/audit.txt", audit("v1beta1", R"("timestamp":"2017-09-05T10:04:55Z")") + "\n",
         SourceFormat::AuditLog, "audit", 1, 0, 0, "2017-09-05T10:04:55.000000Z", "kube-apiserver", "", "", "", "list"},
        {"audit.k8s.io/v1beta1 (1.9+): stage timestamps", "a/audit.txt",
         audit(
             "v1beta1",
             R"("timestamp":"2018-10-25T13:58:49Z","requestReceivedTimestamp":"2018-10-25T13:58:49.730588Z","stageTimestamp":"2018-10-25T13:58:49.736141Z")")
             + "\n",
         SourceFormat::AuditLog, "audit", 1, 0, 0, "2018-10-25T13:58:49.736141Z", "kube-apiserver", "", "", "", "list"},
        {"audit.k8s.io/v1", "a/audit.txt",
         audit("v1", R"("requestReceivedTimestamp":"2024-06-19T00:00:00.730588Z","stageTimestamp":"2024-06-19T00:00:00.736141Z")") + "\n",
         SourceFormat::AuditLog, "audit", 1, 0, 0, "2024-06-19T00:00:00.736141Z", "kube-apiserver", "", "", "", "list"},
        {"audit.k8s.io/v1 in a CRI container log (--audit-log-path=-)", "pods/kube-system_kube-apiserver-m0_1/kube-apiserver/0.log",
         "2024-06-19T00:00:00.800000000Z stdout F "
             + audit("v1", R"("requestReceivedTimestamp":"2024-06-19T00:00:00.730588Z","stageTimestamp":"2024-06-19T00:00:00.736141Z")")
             + "\n",
         SourceFormat::CriLog, "CRI", 1, 0, 0, "2024-06-19T00:00:00.736141Z", "kube-apiserver", "", "", "", "list"},
        // A raw kubelet log named by no host: its node status errors name the kubelet's own
        // node (every version prints it in the error), and its other lines were written there.
        {"raw kubelet log whose node status errors name its node", "logs/kubelet.log",
         "E0203 17:21:29.254849   23963 kubelet.go:1106] Unable to update node status: update node status exceeds retry count\n"
         "E0203 17:21:30.537808   23963 kubelet.go:2589] Error updating node status, will retry: nodes \"minion-49kb\" cannot be "
         "updated: the object has been modified; please apply your changes to the latest version and try again\n",
         SourceFormat::KlogText, "klog", 2, 0, 0, "", "kubelet", "minion-49kb", "", "", "Unable to update node status", Severity::Error},
        // A recorded event's object is the line's pod or node, and a Warning one is a warning:
        // the controller's NodeNotReady for each pod of a node it lost, a kubelet's Unhealthy.
        {"controller's Warning event about a pod", "logs/journal.txt",
         "Jun 19 10:02:11 cp-1 kube-controller-manager[1077]: I0619 10:02:11.381225    1077 event.go:294] \"Event occurred\" "
         "object=\"kube-system/coredns-f9fd979d6-w9lb9\" kind=\"Pod\" apiVersion=\"v1\" type=\"Warning\" reason=\"NodeNotReady\" "
         "message=\"Node is not ready\"\n",
         SourceFormat::Journald, "journald", 1, 0, 0, "", "kube-controller-manager", "", "kube-system/coredns-f9fd979d6-w9lb9", "",
         "Event occurred", Severity::Warning},
        {"controller's Normal event about a node", "logs/journal.txt",
         "Jun 19 10:02:12 cp-1 kube-controller-manager[1077]: I0619 10:02:12.071200    1077 event.go:376] \"Event occurred\" "
         "object=\"node3\" fieldPath=\"\" kind=\"Node\" apiVersion=\"v1\" type=\"Normal\" reason=\"NodeNotReady\" "
         "message=\"Node node3 status is now: NodeNotReady\"\n",
         SourceFormat::Journald, "journald", 1, 0, 0, "", "kube-controller-manager", "node3", "", "", "Event occurred",
         Severity::Warning}, // nlc.node-not-ready-event: the node left Ready
        {"1.x kubelet's event about a pod", "logs/journal.txt",
         "Mar 20 17:05:57 minion-1 kubelet[4853]: I0320 17:05:57.771638    4853 server.go:460] Event(v1.ObjectReference{Kind:\"Pod\", "
         "Namespace:\"default\", Name:\"web-0\", UID:\"bfde4b15-cb98-11e8-a3c8-6c92bf85beda\", APIVersion:\"v1\", "
         "ResourceVersion:\"4098877133\", FieldPath:\"spec.containers{app}\"}): type: 'Normal' reason: 'Started' Started container\n",
         SourceFormat::Journald, "journald", 1, 0, 0, "", "kubelet", "minion-1", "default/web-0", "", "Started container"},
        // One machine, two names: the journal's short host and the Node its kubelet names
        // with a domain after it are one lane, under the Node's name; a name that only begins
        // like the host, or two full names for one host, change nothing.
        {"journal of a short host name whose kubelet names its Node in full", "logs/journal.txt",
         "May 19 07:41:00 ip-10-0-1-5 kubelet[2357]: I0519 07:41:00.118020    2357 kubelet.go:2281] \"SyncLoop ADD\" source=\"api\" "
         "pods=[\"default/web-0\"]\n"
         "May 19 07:41:03 ip-10-0-1-5 kubelet[2357]: I0519 07:41:03.118020    2357 kubelet_node_status.go:76] \"Attempting to register "
         "node\" node=\"ip-10-0-1-5.ec2.internal\"\n",
         SourceFormat::Journald, "journald", 2, 0, 0, "", "kubelet", "ip-10-0-1-5.ec2.internal", "default/web-0", "", "SyncLoop ADD"},
        {"journal whose kubelet names a Node that only begins like its host", "logs/journal.txt",
         "May 19 07:41:00 ip-10-0-1-5 kubelet[2357]: I0519 07:41:00.118020    2357 kubelet.go:2281] \"SyncLoop ADD\" source=\"api\" "
         "pods=[\"default/web-0\"]\n"
         "May 19 07:41:03 ip-10-0-1-5 kubelet[2357]: I0519 07:41:03.118020    2357 kubelet_node_status.go:76] \"Attempting to register "
         "node\" node=\"ip-10-0-1-50.ec2.internal\"\n",
         SourceFormat::Journald, "journald", 2, 0, 0, "", "kubelet", "ip-10-0-1-5", "default/web-0", "", "SyncLoop ADD"},
        {"journal whose kubelet names two Nodes in full after its host", "logs/journal.txt",
         "May 19 07:41:00 ip-10-0-1-5 kubelet[2357]: I0519 07:41:00.118020    2357 kubelet.go:2281] \"SyncLoop ADD\" source=\"api\" "
         "pods=[\"default/web-0\"]\n"
         "May 19 07:41:03 ip-10-0-1-5 kubelet[2357]: I0519 07:41:03.118020    2357 kubelet_node_status.go:76] \"Attempting to register "
         "node\" node=\"ip-10-0-1-5.ec2.internal\"\n"
         "May 19 07:41:04 ip-10-0-1-5 kubelet[2357]: I0519 07:41:04.118020    2357 kubelet_node_status.go:76] \"Attempting to register "
         "node\" node=\"ip-10-0-1-5.eu-west-1.compute.internal\"\n",
         SourceFormat::Journald, "journald", 3, 0, 0, "", "kubelet", "ip-10-0-1-5", "default/web-0", "", "SyncLoop ADD"},
        // A klog JSON record is read as one before any search for audit marks: one that carries
        // an audit event's keys (logged with them) stays the apiserver's own line, and an audit
        // event with a "ts" deep in its request object stays an audit event.
        {"klog JSON record with an audit event's keys in a CRI container log", "pods/kube-system_kube-apiserver-m0_1/kube-apiserver/0.log",
         R"(2024-06-19T00:00:00.800000000Z stderr F {"ts":1718755200790.5,"caller":"audit/request.go:61","msg":"Dropped audit event",)"
         R"("v":0,"kind":"Event","apiVersion":"audit.k8s.io/v1","auditID":"77e58433-d345-40ac-b2d8-9866bd355cea",)"
         R"("stageTimestamp":"2024-06-19T00:00:00.736141Z"})"
         "\n",
         SourceFormat::CriLog, "CRI", 1, 0, 0, "2024-06-19T00:00:00.790500Z", "kube-apiserver", "", "", "", "Dropped audit event"},
        {"an audit event whose request object has a \"ts\" key, in a CRI container log",
         "pods/kube-system_kube-apiserver-m0_1/kube-apiserver/0.log",
         "2024-06-19T00:00:00.800000000Z stdout F "
             + audit("v1",
                     R"("requestReceivedTimestamp":"2024-06-19T00:00:00.730588Z","stageTimestamp":"2024-06-19T00:00:00.736141Z",)"
                     R"("requestObject":{"ts":"2024-06-19T00:00:00Z"})")
             + "\n",
         SourceFormat::CriLog, "CRI", 1, 0, 0, "2024-06-19T00:00:00.736141Z", "kube-apiserver", "", "", "", "list"},
    };
    return kRows;
}

// A controller-manager container's export: a line about another pod, a line about itself.
std::string containerExportWithOtherPod()
{
    return containerEntry(
               "2024-06-19T00:00:03.412Z",
               R"("textPayload":"I0619 00:00:03.412000       1 controller_utils.go:140] \"Updating ready status of pod to false\" pod=\"shop/web-0\"")")
        + containerEntry(
               "2024-06-19T00:00:04Z",
               R"("textPayload":"I0619 00:00:04.000000       1 leaderelection.go:260] successfully acquired lease kube-system/kube-controller-manager")");
}

std::string twoContainersExport()
{
    std::string second = containerEntry("2024-06-19T00:00:04Z", R"("textPayload":"b")");
    const std::string name = R"("container_name":"kube-controller-manager")";
    second.replace(second.find(name), name.size(), R"("container_name":"sidecar")");
    return containerEntry("2024-06-19T00:00:03Z", R"("textPayload":"a")") + second;
}

struct MalformedCase {
    const char *name;
    std::string content;
    int events, unparsed;
    DiagnosticReason reason;
};

const std::vector<MalformedCase> &malformedCases()
{
    static const std::string good = journalEntry("1718755200123456", "\"" + kKlog + "\"");
    static const std::vector<MalformedCase> kCases = {
        {"a cut JSON line between two good ones",
         good
             + R"({"__CURSOR":"s=1","__REALTIME_TIMESTAMP":"17187)"
               "\n"
             + good,
         2, 1, DiagnosticReason::MalformedJson},
        {"a journal entry without time",
         good
             + R"({"__CURSOR":"s=1","_HOSTNAME":"worker-1","MESSAGE":"x"})"
               "\n",
         1, 1, DiagnosticReason::NoTimestamp},
        {"a bad time",
         good
             + R"({"__CURSOR":"s=1","__REALTIME_TIMESTAMP":"soon","MESSAGE":"x"})"
               "\n",
         1, 1, DiagnosticReason::BadTimestamp},
        {"an object of another shape",
         good + good
             + R"({"hello":"world"})"
               "\n",
         2, 1, DiagnosticReason::UnknownRecord},
        {"a one-line array cut inside its second element", R"([{"line":"one","timestamp":"1694505850123456789","fields":{}},{"line":"tw)",
         1, 0, DiagnosticReason::MalformedJson},
        {"a pretty array cut inside its last element", gcloudArray().substr(0, gcloudArray().find("\"insertId\": \"9q3mfzg5yd1f\"")), 1, 2,
         DiagnosticReason::MalformedJson},
    };
    return kCases;
}

struct KeptCase {
    const char *name;
    std::string content;
    SourceFormat format;
};

const std::vector<KeptCase> &keptCases()
{
    static const std::vector<KeptCase> kCases = {
        {"klog JSON",
         R"({"ts":1718755200100.5,"caller":"kubelet/kubelet.go:2281","msg":"SyncLoop ADD","v":2})"
         "\n",
         SourceFormat::KlogJson},
        {"docker json-file",
         R"({"log":"I0619 00:00:00.100000       1 main.go:1] x\n","stream":"stderr","time":"2024-06-19T00:00:00.1Z"})"
         "\n",
         SourceFormat::DockerJson},
        {"audit v1", audit("v1", R"("stageTimestamp":"2024-06-19T00:00:00Z")") + "\n", SourceFormat::AuditLog},
        {"CRI", "2024-06-19T00:00:00.1Z stderr F I0619 00:00:00.100000       1 main.go:1] x\n", SourceFormat::CriLog},
        {"journald short-iso", "2024-06-19T00:00:00+0000 worker-1 kubelet[1]: I0619 00:00:00.100000       1 main.go:1] x\n",
         SourceFormat::Journald},
        {"kubectl --timestamps", "2024-06-19T00:00:00.1Z I0619 00:00:00.100000       1 main.go:1] x\n", SourceFormat::KubectlTimestamps},
        // logrus' and slog's text lines (containerd's own log file) are logfmt with a time= time.
        {"logrus text is logfmt with time=",
         "time=\"2024-06-19T00:00:00.412877561Z\" level=info msg=\"starting containerd\" revision=1 version=1.7.2\n"
         "time=\"2024-06-19T00:00:01Z\" level=error msg=\"failed to load cni during init\" error=\"cni config load failed\"\n",
         SourceFormat::Logfmt},
        {"slog's text", "time=2024-06-19T00:00:00.100Z level=INFO msg=\"x\" key=v\n", SourceFormat::Logfmt},
        {"a time= value that is no time is not logfmt", "time=soon level=info msg=\"x\"\n", SourceFormat::PlainText},
        {"go-kit's ts= with a time= duration", "level=info time=12ms ts=2024-06-19T10:00:00Z msg=x\n", SourceFormat::Logfmt},
        {"a pretty object with a \"line\" key is not a Loki export", "{\n  \"line\": \"x\",\n  \"kind\": \"Note\"\n}\n",
         SourceFormat::PlainText},
        {"a Kubernetes object is not an export", "{\n  \"apiVersion\": \"v1\",\n  \"kind\": \"Pod\",\n  \"metadata\": {}\n}\n",
         SourceFormat::KubeObjects},
    };
    return kCases;
}

} // namespace
#endif

class TestExports : public QObject {
    Q_OBJECT
private slots:
    void shapes_data()
    {
        QTest::addColumn<int>("row");
        for (std::size_t i = 0; i < rows().size(); ++i)
            QTest::newRow(rows()[i].name) << int(i);
    }
    void shapes()
    {
        QFETCH(int, row);
        const Row &r = rows()[std::size_t(row)];
        const auto inc = test::loadText(r.path, r.content);
        QCOMPARE(inc->sources.size(), size_t(1));
        const Source &src = inc->sources[0];
        QCOMPARE(QString(formatName(src.format)), QString(formatName(r.format)));
        QVERIFY2(src.formatDetail.find(r.detail) != std::string::npos, src.formatDetail.c_str());
        QCOMPARE(src.eventCount, r.events);
        QCOMPARE(src.unparsedLines, r.unparsed);
        QCOMPARE(src.nonLogLines, r.nonLog);
        const auto events = test::eventsOf(*inc, src);
        QVERIFY(!events.empty());
        const Event &e = *events.front();
        if (*r.time)
            QCOMPARE(test::utc(e.time), QString(r.time));
        QCOMPARE(QString::fromStdString(std::string(inc->text(inc->componentOf(e)))), QString(r.component));
        QCOMPARE(QString::fromStdString(std::string(inc->text(inc->nodeOf(e)))), QString(r.node));
        QCOMPARE(QString::fromStdString(inc->podOf(e) == kNoPod ? std::string() : inc->podName(e)), QString(r.pod));
        QCOMPARE(QString::fromStdString(std::string(inc->text(inc->containerOf(e)))), QString(r.container));
        const std::string message(inc->message(e));
        QVERIFY2(message.find(r.message) != std::string::npos, message.c_str());
        QCOMPARE(int(e.severity), int(r.severity));
        // Every line is an event's (one line may hold several, a one-line array), or counted.
        std::set<std::uint32_t> covered;
        for (const Event *x : events)
            for (std::uint32_t l = inc->lineOf(*x); l < inc->lineOf(*x) + inc->lineCountOf(*x); ++l)
                covered.insert(l);
        QCOMPARE(covered.size() + src.unparsedLines + src.nonLogLines, src.lineCount);
    }

    // Each element of a pretty-printed array is its event's lines exactly, "{" to "}".
    void arrayElementsKeepTheirLines()
    {
        const auto inc = test::loadText("a/export.txt",
                                        "[\n  {\n    \"logName\": \"projects/p/logs/kubelet\",\n    \"textPayload\": \"one\",\n"
                                        "    \"timestamp\": \"2024-06-19T00:00:00Z\"\n  },\n  {\n"
                                        "    \"logName\": \"projects/p/logs/kubelet\",\n    \"textPayload\": \"two\",\n"
                                        "    \"timestamp\": \"2024-06-19T00:00:01Z\"\n  }\n]\n");
        const auto events = test::eventsOf(*inc, inc->sources[0]);
        QCOMPARE(events.size(), size_t(2));
        QCOMPARE(inc->lineOf(*events[0]), 2u);
        QCOMPARE(inc->lineCountOf(*events[0]), 5u);
        const std::string first(inc->rawText(*events[0]));
        QVERIFY2(first.starts_with("  {\n") && first.ends_with("  },"), first.c_str());
        QCOMPARE(inc->lineOf(*events[1]), 7u);
        QCOMPARE(std::string(inc->rawText(*events[1])).substr(0, 4), std::string("  {\n"));
        QVERIFY(std::string(inc->rawText(*events[1])).ends_with("  }"));
        QCOMPARE(inc->sources[0].diagnosticCounts[int(DiagnosticReason::SectionFrame)], 2u);
    }

    // A container's export is that container's log, by what its records say; a line about
    // another pod stays on that pod's lane, the others land on the container's pod.
    void containerExportAttributedByItsRecords()
    {
        const auto inc = test::loadText("a/S0.txt", containerExportWithOtherPod());
        const Source &src = inc->sources[0];
        QCOMPARE(QString::fromStdString(src.attribution.podNamespace + "/" + src.attribution.podName),
                 QString("kube-system/kube-controller-manager-master-0"));
        QCOMPARE(QString::fromStdString(src.attribution.container), QString("kube-controller-manager"));
        const auto events = test::eventsOf(*inc, src);
        QCOMPARE(events.size(), size_t(2));
        QCOMPARE(QString::fromStdString(inc->podName(*events[0])), QString("shop/web-0"));
        QCOMPARE(QString::fromStdString(inc->podName(*events[1])), QString("kube-system/kube-controller-manager-master-0"));
        // Records of two containers: no single container's log.
        const auto mixed = test::loadText("a/S0.txt", twoContainersExport());
        QVERIFY(mixed->sources[0].attribution.podName.empty());
    }

    // short-monotonic: a line without a wall time is placed from the last klog line's own time
    // by the difference of their monotonic readings; a new boot drops that tie.
    void monotonicPlacedFromKlogLine()
    {
        const auto inc =
            test::loadText("a/j.txt",
                           "-- Journal begins at Wed 2024-06-19 00:00:00 UTC, ends at Wed 2024-06-19 00:10:00 UTC. --\n"
                           "[   86.100000] worker-1 kubelet[1812]: I0619 00:00:00.100000    1812 kubelet.go:2281] \"SyncLoop ADD\"\n"
                           "[   88.350000] worker-1 systemd[1]: Stopping kubelet.service...\n"
                           "-- Boot 0a8d4b0e9a3c1e2f6f0a8d4b3c1e2f6f --\n"
                           "[    3.000000] worker-1 systemd[1]: Starting kubelet.service...\n");
        const Source &src = inc->sources[0];
        QCOMPARE(src.unparsedLines, 0u);
        std::string stopping, starting;
        for (const Event *e : test::eventsOf(*inc, src)) {
            const std::string m(inc->message(*e));
            if (m.starts_with("Stopping"))
                stopping = test::utc(e->time).toStdString();
            if (m.starts_with("Starting"))
                starting = test::utc(e->time).toStdString();
        }
        QCOMPARE(QString::fromStdString(stopping), QString("2024-06-19T00:00:02.350000Z"));
        // After the boot line nothing ties the clock: the neighbour's time (the boot line's).
        QCOMPARE(QString::fromStdString(starting), QString("2024-06-19T00:00:02.350000Z"));
    }

    // Malformed records are counted per line, never dropped silently, and the next record reads.
    void malformedRecordsCounted_data()
    {
        QTest::addColumn<int>("row");
        for (std::size_t i = 0; i < malformedCases().size(); ++i)
            QTest::newRow(malformedCases()[i].name) << int(i);
    }
    void malformedRecordsCounted()
    {
        QFETCH(int, row);
        const MalformedCase &c = malformedCases()[std::size_t(row)];
        const auto inc = test::loadText("a/x.txt", c.content);
        const Source &src = inc->sources[0];
        QCOMPARE(int(src.eventCount), c.events);
        QCOMPARE(int(src.unparsedLines), c.unparsed);
        QVERIFY(src.diagnosticCounts[int(c.reason)] > 0);
    }

    // The exports' readers do not take the formats that were read before.
    void existingFormatsKept_data()
    {
        QTest::addColumn<int>("row");
        for (std::size_t i = 0; i < keptCases().size(); ++i)
            QTest::newRow(keptCases()[i].name) << int(i);
    }
    void existingFormatsKept()
    {
        QFETCH(int, row);
        const KeptCase &c = keptCases()[std::size_t(row)];
        const auto inc = test::loadText("a/x.txt", c.content);
        QCOMPARE(QString(formatName(inc->sources[0].format)), QString(formatName(c.format)));
        if (c.format == SourceFormat::Logfmt) // every line read, at its own time
            QCOMPARE(inc->stats.unparsed, 0u);
    }
};

QTEST_GUILESS_MAIN(TestExports)
#include "tst_exports.moc"
