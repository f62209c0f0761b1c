// The control plane's logs: kube-controller-manager (--v=2, started shortly before the day,
// so its flags and start-up are in the file) and the kube-apiserver request log (--v=3: one
// httplog "HTTP" line per request), written hour by hour with the loss of a lossy collection.
#include "day.h"

#include <algorithm>
#include <fstream>
#include <stdexcept>

namespace kubelane::bundlegen {

std::uint32_t Day::intern(const std::string &s)
{
    const auto it = m_stringIds.find(s);
    if (it != m_stringIds.end())
        return it->second;
    const auto id = static_cast<std::uint32_t>(m_strings.size());
    m_strings.push_back(s);
    m_stringIds.emplace(s, id);
    return id;
}

std::string Day::kubeletAgent(int node, Nanos t) const
{
    const KubeVersion &v = m_nodes[static_cast<std::size_t>(node)].runAt(t).version;
    return "kubelet/" + v.text() + " (linux/amd64) kubernetes/" + v.gitCommit();
}

std::string Day::componentAgent(const std::string &component) const
{
    return component + "/" + m_version.text() + " (linux/amd64) kubernetes/" + m_version.gitCommit();
}

// The kubelet keeps one connection to the apiserver; a new process or a lost network makes a
// new one, from another source port.
int Day::portAt(int node, Nanos t) const
{
    const auto &silences = m_nodes[static_cast<std::size_t>(node)].silences;
    const auto epoch = std::count_if(silences.begin(), silences.end(), [&](const Silence &s) { return s.to <= t; });
    return 32768 + static_cast<int>((static_cast<std::uint64_t>(node) * 7919u + static_cast<std::uint64_t>(epoch) * 104729u) % 28000u);
}

ApiRequest Day::request(Nanos t, const std::string &verb, const std::string &uri, const std::string &agent, const std::string &src,
                        ApiRequest::Flow flow, int code)
{
    ApiRequest r;
    r.t = t;
    r.latency = verb == "GET" ? m_rng.between(300 * kUs, 2 * kMs) : m_rng.between(2 * kMs, 9 * kMs);
    r.verb = intern(verb);
    r.uri = intern(uri);
    r.agent = intern(agent);
    r.src = intern(src);
    r.code = static_cast<std::uint16_t>(code);
    r.flow = flow;
    return r;
}

ApiRequest Day::kubeletRequest(int node, Nanos t, const std::string &verb, const std::string &uri, int code)
{
    return request(t, verb, uri, kubeletAgent(node, t),
                   m_cluster.nodes[static_cast<std::size_t>(node)].ip + ":" + std::to_string(portAt(node, t)), ApiRequest::Nodes, code);
}

ApiRequest Day::controllerRequest(Nanos t, const std::string &verb, const std::string &uri, const std::string &serviceAccount, int code)
{
    return request(t, verb, uri, componentAgent("kube-controller-manager") + "/system:serviceaccount:kube-system:" + serviceAccount,
                   m_cluster.controlPlaneIp + ":" + std::to_string(40000 + serviceAccount.size() * 131), ApiRequest::ControllerWorkload,
                   code);
}

void Day::controllerLine(Nanos t, char severity, std::string_view fileLine, const std::string &message)
{
    m_controller.klog(t, severity, m_controllerPid, fileLine, message);
}

void Day::controllerEvent(Nanos t, const std::string &kind, const std::string &ns, const std::string &name, const std::string &apiVersion,
                          const std::string &type, const std::string &reason, const std::string &message)
{
    Structured line("Event occurred");
    line.str("object", ns.empty() ? name : ns + "/" + name);
    if (m_version.eventFieldPath())
        line.str("fieldPath", "");
    controllerLine(t, 'I', m_version.eventFieldPath() ? "event.go:307" : "event.go:294",
                   line.str("kind", kind).str("apiVersion", apiVersion).str("type", type).str("reason", reason).str("message", message));
}

void Day::controllerStartup()
{
    // The controller manager was restarted 90 s before the day (its pod was recreated): its
    // log opens with the flag dump --v=1 and above print, then start-up.
    Nanos t = m_start - 90 * kSec;
    const std::vector<std::pair<std::string, std::string>> flags = {
        {"allocate-node-cidrs", "true"},
        {"authentication-kubeconfig", "/etc/kubernetes/controller-manager.conf"},
        {"authorization-kubeconfig", "/etc/kubernetes/controller-manager.conf"},
        {"bind-address", "127.0.0.1"},
        {"client-ca-file", "/etc/kubernetes/pki/ca.crt"},
        {"cluster-cidr", "10.244.0.0/16"},
        {"cluster-name", "kubernetes"},
        {"cluster-signing-cert-file", "/etc/kubernetes/pki/ca.crt"},
        {"cluster-signing-key-file", "/etc/kubernetes/pki/ca.key"},
        {"controllers", "[*,bootstrapsigner,tokencleaner]"},
        {"kubeconfig", "/etc/kubernetes/controller-manager.conf"},
        {"leader-elect", "true"},
        {"leader-elect-lease-duration", "15s"},
        {"leader-elect-renew-deadline", "10s"},
        {"leader-elect-retry-period", "2s"},
        {"node-eviction-rate", "0.1"},
        {"node-monitor-grace-period", std::to_string(m_grace / kSec) + "s"},
        {"node-monitor-period", "5s"},
        {"node-startup-grace-period", "1m0s"},
        {"requestheader-client-ca-file", "/etc/kubernetes/pki/front-proxy-ca.crt"},
        {"root-ca-file", "/etc/kubernetes/pki/ca.crt"},
        {"secondary-node-eviction-rate", "0.01"},
        {"service-account-private-key-file", "/etc/kubernetes/pki/sa.key"},
        {"service-cluster-ip-range", "10.96.0.0/12"},
        {"terminated-pod-gc-threshold", "12500"},
        {"unhealthy-zone-threshold", "0.55"},
        {"use-service-account-credentials", "true"},
        {"v", std::to_string(m_controllerVerbosity)},
    };
    for (const auto &[flag, value] : flags) {
        controllerLine(t, 'I', "flags.go:64", "FLAG: --" + flag + "=" + goQuote(value));
        t += m_rng.between(3 * kUs, 12 * kUs);
    }
    t += 2 * kMs;
    if (m_version.controllerStartingLine()) {
        controllerLine(t, 'I', "controllermanager.go:189", Structured("Starting").str("version", m_version.text()));
        controllerLine(t + 30 * kUs, 'I', "controllermanager.go:191",
                       Structured("Golang settings").str("GOGC", "").str("GOMAXPROCS", "").str("GOTRACEBACK", ""));
    } else {
        controllerLine(t, 'I', "controllermanager.go:186", "Version: " + m_version.text());
    }
    t += 400 * kMs;
    controllerLine(t, 'I', "secure_serving.go:213", "Serving securely on 127.0.0.1:10257");
    controllerLine(t + 2 * kMs, 'I', "leaderelection.go:250", "attempting to acquire leader lease kube-system/kube-controller-manager...");
    // The old leader's lease has to expire first.
    t += seconds(m_rng.real(12, 16));
    controllerLine(t, 'I', "leaderelection.go:260", "successfully acquired lease kube-system/kube-controller-manager");
    controllerEvent(t + 300 * kUs, "Lease", "kube-system", "kube-controller-manager", "coordination.k8s.io/v1", "Normal", "LeaderElection",
                    m_cluster.controlPlaneName + "_" + m_rng.uuid() + " became leader");
    t += 600 * kMs;
    // The first monitor pass meets every node.
    Nanos p = nextPass(t + 2 * kSec);
    if (!m_version.controllerStructured()) {
        // The printf controller of 1.2x (klog.Infof / klog.V(0).Infof / klog.Warningf).
        controllerLine(t, 'I', "node_lifecycle_controller.go:377", "Controller will reconcile labels.");
        controllerLine(t + 3 * kMs, 'I', "node_lifecycle_controller.go:404", "Sending events to api server.");
        controllerLine(p, 'I', "node_lifecycle_controller.go:1218", "Initializing eviction metric for zone: ");
        for (const Node &n : m_cluster.nodes) {
            p += m_rng.between(20 * kUs, 80 * kUs);
            controllerLine(p, 'I', "node_lifecycle_controller.go:811", "Controller observed a new Node: " + goQuote(n.name));
        }
        for (const Node &n : m_cluster.nodes) {
            p += m_rng.between(20 * kUs, 80 * kUs);
            controllerLine(p, 'W', "node_lifecycle_controller.go:1013",
                           "Missing timestamp for Node " + n.name + ". Assuming now as a timestamp.");
        }
        p += 300 * kUs;
        controllerLine(p + 40 * kUs, 'I', "node_lifecycle_controller.go:1209", "Controller detected that zone  is now in state Normal.");
        return;
    }
    controllerLine(t, 'I', "node_lifecycle_controller.go:431", Structured("Controller will reconcile labels"));
    controllerLine(t + 3 * kMs, 'I', "node_lifecycle_controller.go:469", Structured("Sending events to api server"));
    controllerLine(p, 'I', "node_lifecycle_controller.go:1278", Structured("Initializing eviction metric for zone").str("zone", ""));
    for (const Node &n : m_cluster.nodes) {
        p += m_rng.between(20 * kUs, 80 * kUs);
        controllerLine(p, 'I', "node_lifecycle_controller.go:884", Structured("Controller observed a new Node").str("node", n.name));
    }
    for (const Node &n : m_cluster.nodes) {
        p += m_rng.between(20 * kUs, 80 * kUs);
        controllerLine(p, 'I', "node_lifecycle_controller.go:1056",
                       Structured("Missing timestamp for Node. Assuming now as a timestamp").str("node", n.name));
    }
    p += 300 * kUs;
    controllerLine(p, 'E', "node_lifecycle_controller.go:1142", Structured("Setting initial state for unseen zone").str("zone", ""));
    controllerLine(p + 40 * kUs, 'I', "node_lifecycle_controller.go:1189",
                   Structured("Controller detected that zone is now in new state")
                       .str("zone", "")
                       .raw("newState", m_version.klogJsonValues() ? "\"Normal\"" : "Normal"));
}

FileFigures Day::writeApiserver(Random &rng)
{
    const std::string path =
        "control-plane/var/log/pods/kube-system_kube-apiserver-" + m_cluster.controlPlaneName + "_" + rng.uuid() + "/kube-apiserver/0.log";
    std::ofstream out(ensureParent(m_options.outputDir, path), std::ios::binary | std::ios::trunc);
    if (!out)
        throw std::runtime_error("cannot write " + path);

    // The control plane's own periodic requests: leader election renewals every 2 s, the
    // kubelet's probes of the apiserver, Prometheus scraping it.
    const Nanos from = m_start - 60 * kSec;
    for (const std::string component : {"kube-controller-manager", "kube-scheduler"}) {
        const std::string agent = componentAgent(component) + "/leader-election";
        const std::string src = m_cluster.controlPlaneIp + ":" + std::to_string(component.size() * 2311);
        const std::string uri = "/apis/coordination.k8s.io/v1/namespaces/kube-system/leases/" + component + "?timeout=5s";
        for (Nanos t = from + rng.between(0, 2 * kSec); t < m_end; t += 2 * kSec + rng.between(0, 3 * kMs)) {
            m_api.push_back(request(t, "GET", uri, agent, src, ApiRequest::LeaderElection));
            m_api.push_back(request(t + rng.between(3 * kMs, 6 * kMs), "PUT", uri, agent, src, ApiRequest::LeaderElection));
        }
    }
    const std::string probe = "kube-probe/" + m_version.minorText();
    for (Nanos t = from + rng.between(0, 10 * kSec); t < m_end; t += 10 * kSec) {
        m_api.push_back(request(t, "GET", "/livez", probe, m_cluster.controlPlaneIp + ":" + std::to_string(rng.between(40000, 60000)),
                                ApiRequest::Probes));
        m_api.push_back(request(t + rng.between(kMs, 900 * kMs), "GET", "/readyz", probe,
                                m_cluster.controlPlaneIp + ":" + std::to_string(rng.between(40000, 60000)), ApiRequest::Probes));
    }
    for (Nanos t = from + rng.between(0, 30 * kSec); t < m_end; t += 30 * kSec)
        m_api.push_back(request(t, "GET", "/metrics", "Prometheus/2.47.0", "10.244.3.41:" + std::to_string(rng.between(40000, 60000)),
                                ApiRequest::ServiceAccounts));

    std::stable_sort(m_api.begin(), m_api.end(), [](const ApiRequest &a, const ApiRequest &b) { return a.t < b.t; });
    static const char *kFlows[][2] = {{"system", "system-nodes"},
                                      {"workload-high", "kube-system-service-accounts"},
                                      {"leader-election", "kube-system-service-accounts"},
                                      {"exempt", "probes"},
                                      {"workload-low", "service-accounts"},
                                      {"global-default", "global-default"}};
    FileFigures f;
    f.path = path;
    std::string buffer;
    std::uint64_t seq = 0;
    auto lostAt = [&](Nanos t) {
        bool lost = false;
        for (const Loss &l : m_apiLoss)
            if (t >= l.from && t < l.to)
                lost = l.keep <= 0 || !rng.chance(l.keep);
        return lost;
    };
    // Records of several lines (traces), between the requests: each line its own CRI entry.
    std::stable_sort(m_apiExtra.begin(), m_apiExtra.end(), [](const auto &a, const auto &b) { return a.first < b.first; });
    std::size_t extra = 0;
    auto writeExtrasUntil = [&](Nanos t) {
        for (; extra < m_apiExtra.size() && m_apiExtra[extra].first <= t; ++extra) {
            const auto &[at, text] = m_apiExtra[extra];
            if (at < from || at >= m_end || lostAt(at))
                continue;
            for (std::size_t begin = 0; begin <= text.size();) {
                std::size_t end = text.find('\n', begin);
                if (end == std::string::npos)
                    end = text.size();
                buffer += criPrefix(at + 31 * kUs);
                buffer.append(text, begin, end - begin);
                buffer += '\n';
                ++f.lines;
                begin = end + 1;
            }
        }
    };
    for (const ApiRequest &r : m_api) {
        if (r.t < from || r.t >= m_end)
            continue;
        writeExtrasUntil(r.t);
        if (lostAt(r.t))
            continue;
        const Nanos exec = std::max<Nanos>(r.latency - rng.between(50 * kUs, 400 * kUs), 80 * kUs);
        std::string line = criPrefix(r.t + 25 * kUs + static_cast<Nanos>(++seq * 7919 % 40000));
        Structured http("HTTP");
        http.str("verb", m_strings[r.verb])
            .str("URI", m_strings[r.uri])
            .str("latency", goDuration(r.latency))
            .str("userAgent", m_strings[r.agent])
            .str("audit-ID", rng.uuid())
            .str("srcIP", m_strings[r.src]);
        if (!m_version.httplogApfFields()) {
            // 1.21/1.22 httplog respLogger.Log: no APF keys yet; resp, then addedInfo if any.
            line += klogHeader('I', r.t, 1, "httplog.go:109");
            line += http.num("resp", r.code).text();
        } else {
            line += klogHeader('I', r.t, 1, "httplog.go:132");
            line += http.str("apf_pl", kFlows[r.flow][0])
                        .str("apf_fs", kFlows[r.flow][1])
                        .num("apf_iseats", 1)
                        .num("apf_fseats", 0)
                        .str("apf_additionalLatency", "0s")
                        .str("apf_execution_time", goDuration(exec))
                        .num("resp", r.code)
                        .text();
        }
        buffer += line;
        buffer += '\n';
        ++f.lines;
        if (rng.chance(0.001)) {
            buffer += damagedLine(rng, LogShape::Cri, line);
            buffer += '\n';
            ++f.lines;
            ++f.damaged;
        }
        if (buffer.size() > (8u << 20)) {
            f.bytes += buffer.size();
            out << buffer;
            buffer.clear();
        }
    }
    writeExtrasUntil(m_end);
    f.bytes += buffer.size();
    out << buffer;
    if (!out)
        throw std::runtime_error("cannot write " + path);
    m_api.clear();
    m_api.shrink_to_fit();
    m_apiExtra.clear();
    return f;
}

} // namespace kubelane::bundlegen
