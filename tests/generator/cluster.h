#pragma once
// The cluster a generated bundle comes from: nodes, the pods running on them over the day and
// their containers and probes. Pure data plus the seeded construction of a plausible cluster.
#include "logtext.h"
#include "random.h"
#include "version.h"

#include <string>
#include <vector>

namespace kubelane::bundlegen {

// How a node's kubelet log reached the bundle.
enum class LogShape { Journald, RawKlog, Cri };

struct ContainerSpec {
    std::string name;
    std::string image;
    bool readiness = false;
    bool liveness = false;
    int port = 8080;
};

struct Container {
    ContainerSpec spec;
    std::string id; // 64 hex, the running instance
    Nanos startedAt = 0;
    int restarts = 0;
};

struct Pod {
    std::string ns, name, uid;
    std::string ownerKind, ownerName; // "ReplicaSet" "web-frontend-7d9f6c8b4", "DaemonSet" "kube-proxy", ...
    int node = -1;
    std::string ip;
    std::vector<Container> containers;
    Nanos created = 0;
    Nanos deleted = 0; // 0: runs to the end of the bundle
    int terminationGraceSeconds = 30;
    std::string sandboxId;
    std::string volume; // the projected service account token volume, kube-api-access-xxxxx

    std::string ref() const { return ns + "/" + name; }
    bool runningAt(Nanos t) const { return created <= t && (deleted == 0 || t < deleted); }
    bool hasReadinessProbe() const;
};

struct Node {
    std::string name, ip;
    LogShape shape = LogShape::Journald;
    bool batch = false;        // runs batch work only: no pod on it has a readiness probe
    bool controlPlane = false; // cp-1: heartbeats in the apiserver log, no kubelet log in the bundle
    int podCidrIndex = 0;
    int nextPodIp = 2;
};

struct Workload {
    std::string ns, name, kind; // Deployment, DaemonSet, StatefulSet
    std::string replicaSetHash; // Deployment: the current ReplicaSet's pod-template-hash
    std::vector<ContainerSpec> containers;
    int replicas = 0;
    bool onBatchNodes = false;
};

struct Cluster {
    KubeVersion version;
    std::string controlPlaneName = "cp-1";
    std::string controlPlaneIp = "10.20.0.10";
    std::vector<Node> nodes;
    std::vector<Workload> workloads;
    std::vector<Pod> pods;

    std::vector<int> podsOn(int node, Nanos t) const;
    int addPod(Random &rng, const Workload &w, int node, Nanos created, int ordinal = -1);
    std::string newContainerId(Random &rng) const { return rng.hex(64); }
};

// Nodes worker-01.., the system daemon sets on every node, the shop's deployments and
// stateful sets on the application nodes, batch workers on the batch nodes; every pod started
// some days before `windowStart`.
Cluster buildCluster(Random &rng, const KubeVersion &version, int nodeCount, Nanos windowStart);

} // namespace kubelane::bundlegen
