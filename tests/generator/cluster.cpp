#include "cluster.h"

#include <algorithm>
#include <cstdio>

namespace kubelane::bundlegen {

bool Pod::hasReadinessProbe() const
{
    return std::any_of(containers.begin(), containers.end(), [](const Container &c) { return c.spec.readiness; });
}

std::vector<int> Cluster::podsOn(int node, Nanos t) const
{
    std::vector<int> out;
    for (std::size_t i = 0; i < pods.size(); ++i)
        if (pods[i].node == node && pods[i].runningAt(t))
            out.push_back(static_cast<int>(i));
    return out;
}

int Cluster::addPod(Random &rng, const Workload &w, int node, Nanos created, int ordinal)
{
    Pod p;
    p.ns = w.ns;
    if (w.kind == "Deployment") {
        p.name = w.name + "-" + w.replicaSetHash + "-" + rng.nameSuffix(5);
        p.ownerKind = "ReplicaSet";
        p.ownerName = w.name + "-" + w.replicaSetHash;
    } else if (w.kind == "StatefulSet") {
        p.name = w.name + "-" + std::to_string(ordinal < 0 ? 0 : ordinal);
        p.ownerKind = "StatefulSet";
        p.ownerName = w.name;
    } else if (w.kind == "Job") {
        p.name = w.name + "-" + rng.nameSuffix(5);
        p.ownerKind = "Job";
        p.ownerName = w.name;
    } else {
        p.name = w.name + "-" + rng.nameSuffix(5);
        p.ownerKind = w.kind;
        p.ownerName = w.name;
    }
    p.uid = rng.uuid();
    p.node = node;
    Node &n = nodes[static_cast<std::size_t>(node)];
    const bool hostNetwork = w.kind == "DaemonSet";
    p.ip = hostNetwork ? n.ip : "10.244." + std::to_string(n.podCidrIndex) + "." + std::to_string(n.nextPodIp++ % 250 + 2);
    p.created = created;
    p.sandboxId = rng.hex(64);
    p.volume = "kube-api-access-" + rng.nameSuffix(5);
    p.terminationGraceSeconds = w.ns == "kube-system" ? 30 : (w.onBatchNodes ? 60 : 30);
    for (const auto &spec : w.containers) {
        Container c;
        c.spec = spec;
        c.id = newContainerId(rng);
        c.startedAt = created + seconds(rng.real(1.5, 6));
        p.containers.push_back(c);
    }
    pods.push_back(std::move(p));
    return static_cast<int>(pods.size()) - 1;
}

namespace {

Workload workload(std::string ns, std::string name, std::string kind, std::vector<ContainerSpec> containers, int replicas, Random &rng,
                  bool batch = false)
{
    Workload w;
    w.ns = std::move(ns);
    w.name = std::move(name);
    w.kind = std::move(kind);
    w.containers = std::move(containers);
    w.replicas = replicas;
    w.onBatchNodes = batch;
    if (w.kind == "Deployment")
        w.replicaSetHash = rng.nameSuffix(rng.chance(0.5) ? 9 : 10);
    return w;
}

} // namespace

Cluster buildCluster(Random &rng, const KubeVersion &version, int nodeCount, Nanos windowStart)
{
    Cluster c;
    c.version = version;
    // Log shapes: about half journald, a third raw klog files, the rest CRI; at least one of each.
    std::vector<LogShape> shapes;
    for (int i = 0; i < nodeCount; ++i)
        shapes.push_back(i % 10 < 5 ? LogShape::Journald : i % 10 < 8 ? LogShape::RawKlog : LogShape::Cri);
    if (nodeCount >= 3) {
        shapes[0] = LogShape::Journald;
        shapes[1] = LogShape::RawKlog;
        shapes[2] = LogShape::Cri;
    }
    rng.shuffle(shapes);
    const int batchNodes = nodeCount >= 4 ? std::max(1, nodeCount / 7) : 0;
    for (int i = 0; i < nodeCount; ++i) {
        Node n;
        char name[32];
        std::snprintf(name, sizeof name, nodeCount < 100 ? "worker-%02d" : "worker-%03d", i + 1);
        n.name = name;
        n.ip = "10.20." + std::to_string((i + 11) / 250) + "." + std::to_string((i + 11) % 250);
        n.shape = shapes[static_cast<std::size_t>(i)];
        n.batch = i >= nodeCount - batchNodes;
        n.podCidrIndex = i + 1;
        c.nodes.push_back(n);
    }
    // The control plane node runs a kubelet too; the bundle has only its control plane logs.
    Node cp;
    cp.name = c.controlPlaneName;
    cp.ip = c.controlPlaneIp;
    cp.controlPlane = true;
    cp.podCidrIndex = 0;
    c.nodes.push_back(cp);
    const std::string v = version.text();
    const int appNodes = nodeCount - batchNodes;
    auto scaled = [&](double perNode, int least) { return std::max(least, static_cast<int>(appNodes * perNode + 0.5)); };
    // Every node: kube-proxy, the flannel CNI and node-exporter, none of them with probes.
    c.workloads.push_back(workload("kube-system", "kube-proxy", "DaemonSet", {{"kube-proxy", "registry.k8s.io/kube-proxy:" + v}}, 0, rng));
    c.workloads.push_back(
        workload("kube-flannel", "kube-flannel-ds", "DaemonSet", {{"kube-flannel", "docker.io/flannel/flannel:v0.22.3"}}, 0, rng));
    c.workloads.push_back(workload("monitoring", "node-exporter", "DaemonSet",
                                   {{"node-exporter", "quay.io/prometheus/node-exporter:v1.6.1", false, false, 9100}}, 0, rng));
    // Application nodes.
    c.workloads.push_back(workload("kube-system", "coredns", "Deployment",
                                   {{"coredns", "registry.k8s.io/coredns/coredns:v1.10.1", true, true, 8181}}, 2, rng));
    c.workloads.push_back(workload("shop", "web-frontend", "Deployment",
                                   {{"web-frontend", "registry.example.com/shop/web-frontend:2.14.1", true, true}}, scaled(0.6, 2), rng));
    c.workloads.push_back(workload("shop", "cart-api", "Deployment", {{"cart-api", "registry.example.com/shop/cart-api:1.9.4", true, true}},
                                   scaled(0.4, 2), rng));
    c.workloads.push_back(workload("shop", "catalog", "Deployment",
                                   {{"catalog", "registry.example.com/shop/catalog:3.2.0", true, false},
                                    {"envoy", "docker.io/envoyproxy/envoy:v1.27.2", true, false, 9901}},
                                   scaled(0.3, 1), rng));
    c.workloads.push_back(
        workload("shop", "orders", "Deployment", {{"orders", "registry.example.com/shop/orders:5.0.3", true, true}}, scaled(0.3, 1), rng));
    c.workloads.push_back(workload("shop", "payments", "Deployment",
                                   {{"payments", "registry.example.com/shop/payments:1.22.0", true, false}}, scaled(0.2, 1), rng));
    c.workloads.push_back(workload("data", "redis", "StatefulSet", {{"redis", "docker.io/library/redis:7.2.1", true, true, 6379}},
                                   std::min(3, appNodes), rng));
    c.workloads.push_back(workload("monitoring", "prometheus-k8s", "StatefulSet",
                                   {{"prometheus", "quay.io/prometheus/prometheus:v2.47.0", true, false, 9090},
                                    {"config-reloader", "quay.io/prometheus-operator/prometheus-config-reloader:v0.68.0"}},
                                   1, rng));
    // Batch nodes: workers without probes.
    if (batchNodes > 0)
        c.workloads.push_back(workload("batch", "report-worker", "Deployment",
                                       {{"worker", "registry.example.com/batch/report-worker:0.31.0"}}, batchNodes * 2, rng, true));

    for (const Workload &w : c.workloads) {
        if (w.kind == "DaemonSet") {
            for (int n = 0; n < static_cast<int>(c.nodes.size()); ++n)
                c.addPod(rng, w, n, windowStart - seconds(rng.real(3, 20) * 86400));
            continue;
        }
        std::vector<int> candidates;
        for (int n = 0; n < nodeCount; ++n)
            if (c.nodes[static_cast<std::size_t>(n)].batch == w.onBatchNodes && !c.nodes[static_cast<std::size_t>(n)].controlPlane)
                candidates.push_back(n);
        if (candidates.empty())
            continue;
        rng.shuffle(candidates);
        for (int r = 0; r < w.replicas; ++r)
            c.addPod(rng, w, candidates[static_cast<std::size_t>(r) % candidates.size()], windowStart - seconds(rng.real(0.2, 6) * 86400),
                     r);
    }
    return c;
}

} // namespace kubelane::bundlegen
