// What kubelets print (structured klog of 1.21+, at --v=2 unless a run is at --v=3): start-up,
// pods starting and stopping, probes, container restarts, and the planted incidents seen from
// the node: PLEG stuck on a wedged runtime, a restart whose first statuses come before the
// first readiness results, an in-place upgrade that recreates every container.
#include "day.h"

#include <algorithm>
#include <cstdio>

namespace kubelane::bundlegen {

namespace {

std::string fakeDigest(const std::string &image)
{
    std::uint64_t h = 1469598103934665603ull;
    std::string out;
    for (int round = 0; round < 4; ++round) {
        for (char c : image)
            h = (h ^ static_cast<unsigned char>(c) ^ static_cast<std::uint64_t>(round)) * 1099511628211ull;
        char buf[20];
        std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(h));
        out += buf;
    }
    const std::size_t colon = image.rfind(':');
    return (colon == std::string::npos ? image : image.substr(0, colon)) + "@sha256:" + out;
}

std::string cpuTime(Nanos run)
{
    // systemd: "Consumed 1h 2min 3.456s CPU time." for what the process used.
    const std::int64_t ms = run / 400 / kMs; // a kubelet uses a fraction of a core
    char buf[64];
    const std::int64_t h = ms / 3'600'000, m = ms / 60'000 % 60, s = ms / 1000 % 60, frac = ms % 1000;
    if (h > 0)
        std::snprintf(buf, sizeof buf, "%lldh %lldmin %lld.%03llds", static_cast<long long>(h), static_cast<long long>(m),
                      static_cast<long long>(s), static_cast<long long>(frac));
    else if (m > 0)
        std::snprintf(buf, sizeof buf, "%lldmin %lld.%03llds", static_cast<long long>(m), static_cast<long long>(s),
                      static_cast<long long>(frac));
    else
        std::snprintf(buf, sizeof buf, "%lld.%03llds", static_cast<long long>(s), static_cast<long long>(frac));
    return buf;
}

} // namespace

// How systemd names the unit in "Started ..."/"Stopped ...": systemd 249+ puts the unit name
// before the description, the systemd 245 of a 1.2x-era node the description only.
std::string Day::unitName() const
{
    return m_version.oldSystemd() ? "kubelet: The Kubernetes Node Agent" : "kubelet.service - kubelet: The Kubernetes Node Agent";
}

void Day::kubeletLine(int node, Nanos t, char severity, std::string_view fileLine, const std::string &message)
{
    m_kubeletLogs[static_cast<std::size_t>(node)].klog(t, severity, m_nodes[static_cast<std::size_t>(node)].runAt(t).pid, fileLine,
                                                       message);
}

void Day::systemdLine(int node, Nanos t, const std::string &message)
{
    m_kubeletLogs[static_cast<std::size_t>(node)].systemd(t, message);
}

void Day::kubeletPlain(int node, Nanos t, const std::string &text)
{
    m_kubeletLogs[static_cast<std::size_t>(node)].plain(t, m_nodes[static_cast<std::size_t>(node)].runAt(t).pid, text);
}

std::string Day::podList(const std::vector<int> &pods) const
{
    std::string s = "[";
    for (int p : pods) {
        if (s.size() > 1)
            s += ',';
        s += '"' + m_cluster.pods[static_cast<std::size_t>(p)].ref() + '"';
    }
    return s + "]";
}

std::string Day::plegEvent(const Pod &pod, const std::string &type, const std::string &data) const
{
    if (m_version.klogJsonValues())
        return "{\"ID\":\"" + pod.uid + "\",\"Type\":\"" + type + "\",\"Data\":\"" + data + "\"}";
    return "&{ID:" + pod.uid + " Type:" + type + " Data:" + data + "}";
}

std::string Day::containerStatusId(const std::string &id) const
{
    if (m_version.klogJsonValues())
        return "{\"Type\":\"containerd\",\"ID\":\"" + id + "\"}";
    return "{Type:containerd ID:" + id + "}";
}

namespace {
// types.UID is a named string: klog before JSON values prints it with %+v, unquoted.
std::string uidValue(const KubeVersion &v, const std::string &uid)
{
    return v.klogJsonValues() ? goQuote(uid) : uid;
}
} // namespace

// klog.V(3).InfoS("Generating pod status", "pod", klog.KObj(pod)) in 1.21/1.22; podIsTerminal
// and the patch's podUID came later.
std::string Day::generatingPodStatus(const Pod &pod) const
{
    if (m_version.kubeletPodStatusExtraFields())
        return Structured("Generating pod status").raw("podIsTerminal", "false").str("pod", pod.ref());
    return Structured("Generating pod status").str("pod", pod.ref());
}

std::string Day::patchStatusForPod(const Pod &pod, const std::string &patch) const
{
    if (m_version.kubeletPodStatusExtraFields())
        return Structured("Patch status for pod").str("pod", pod.ref()).raw("podUID", uidValue(m_version, pod.uid)).str("patch", patch);
    return Structured("Patch status for pod").str("pod", pod.ref()).str("patch", patch);
}

std::string Day::volumeText(const Pod &pod) const
{
    return "\"" + pod.volume + "\" (UniqueName: \"kubernetes.io/projected/" + pod.uid + "-" + pod.volume + "\") pod \"" + pod.name
        + "\" (UID: \"" + pod.uid + "\") ";
}

std::string Day::statusPatchJson(const Pod &pod, Nanos at, const std::vector<bool> &ready) const
{
    const std::string meta = "{\"metadata\":{\"uid\":\"" + pod.uid + "\"}";
    if (ready.empty())
        return meta + "}";
    std::string unready;
    for (std::size_t i = 0; i < pod.containers.size(); ++i)
        if (!ready[i])
            unready += (unready.empty() ? "" : " ") + pod.containers[i].spec.name;
    const std::string when = rfc3339Seconds(at);
    auto condition = [&](const char *type) {
        if (unready.empty())
            return "{\"lastTransitionTime\":\"" + when + "\",\"message\":null,\"reason\":null,\"status\":\"True\",\"type\":\"" + type
                + "\"}";
        return "{\"lastTransitionTime\":\"" + when + "\",\"message\":\"containers with unready status: [" + unready
            + "]\",\"reason\":\"ContainersNotReady\",\"status\":\"False\",\"type\":\"" + type + "\"}";
    };
    std::string s = meta
        + ",\"status\":{\"$setElementOrder/conditions\":[{\"type\":\"Initialized\"},{\"type\":\"Ready\"},"
          "{\"type\":\"ContainersReady\"},{\"type\":\"PodScheduled\"}],\"conditions\":["
        + condition("Ready") + "," + condition("ContainersReady") + "],\"containerStatuses\":[";
    for (std::size_t i = 0; i < pod.containers.size(); ++i) {
        const Container &c = pod.containers[i];
        if (i > 0)
            s += ',';
        s += "{\"containerID\":\"containerd://" + c.id + "\",\"image\":\"" + c.spec.image + "\",\"imageID\":\"" + fakeDigest(c.spec.image)
            + "\",\"lastState\":{},\"name\":\"" + c.spec.name + "\",\"ready\":" + (ready[i] ? "true" : "false")
            + ",\"restartCount\":" + std::to_string(c.restarts) + ",\"started\":true,\"state\":{\"running\":{\"startedAt\":\""
            + rfc3339Seconds(c.startedAt) + "\"}}}";
    }
    return s + "]}}";
}

void Day::podStatusPatch(int p, Nanos at)
{
    const Pod &pod = m_cluster.pods[static_cast<std::size_t>(p)];
    api(kubeletRequest(pod.node, at, "GET", "/api/v1/namespaces/" + pod.ns + "/pods/" + pod.name));
    api(kubeletRequest(pod.node, at + m_rng.between(2 * kMs, 6 * kMs), "PATCH",
                       "/api/v1/namespaces/" + pod.ns + "/pods/" + pod.name + "/status"));
}

Nanos Day::kubeletStartup(int node, const KubeletRun &run, bool sandboxNote)
{
    const Node &n = m_cluster.nodes[static_cast<std::size_t>(node)];
    Nanos t = run.start;
    const bool modern = run.version.atLeast(1, 27);
    if (modern)
        kubeletPlain(node, t,
                     "Flag --pod-infra-container-image has been deprecated, will be removed in a future release. Image garbage collector "
                     "will get sandbox image information from CRI.");
    const std::vector<std::pair<std::string, std::string>> flags = {
        {"address", "0.0.0.0"},
        {"anonymous-auth", "true"},
        {"bootstrap-kubeconfig", "/etc/kubernetes/bootstrap-kubelet.conf"},
        {"cgroup-driver", "cgroupfs"},
        {"cluster-dns", "[]"},
        {"config", "/var/lib/kubelet/config.yaml"},
        {"container-log-max-files", "5"},
        {"container-log-max-size", "10Mi"},
        {"container-runtime-endpoint", "unix:///var/run/containerd/containerd.sock"},
        {"hostname-override", ""},
        {"kubeconfig", "/etc/kubernetes/kubelet.conf"},
        {"max-pods", "110"},
        {"node-ip", n.ip},
        {"node-labels", ""},
        {"node-status-update-frequency", "10s"},
        {"pod-infra-container-image", modern ? "registry.k8s.io/pause:3.9" : "k8s.gcr.io/pause:3.5"},
        {"register-node", "true"},
        {"root-dir", "/var/lib/kubelet"},
        {"runtime-request-timeout", "2m0s"},
        {"sync-frequency", "1m0s"},
        {"v", std::to_string(std::max(run.verbosity, m_nodes[static_cast<std::size_t>(node)].chatterVerbosity))},
    };
    t += 2 * kMs;
    for (const auto &[flag, value] : flags) {
        kubeletLine(node, t, 'I', "flags.go:64", "FLAG: --" + flag + "=" + goQuote(value));
        t += m_rng.between(4 * kUs, 15 * kUs);
    }
    t += 3 * kMs;
    kubeletLine(node, t, 'I', "server.go:467", Structured("Kubelet version").str("kubeletVersion", run.version.text()));
    kubeletLine(node, t + 40 * kUs, 'I', "server.go:469",
                Structured("Golang settings").str("GOGC", "").str("GOMAXPROCS", "").str("GOTRACEBACK", ""));
    kubeletLine(node, t + 1 * kMs, 'I', "server.go:895", Structured("Client rotation is on, will bootstrap in background"));
    kubeletLine(node, t + 2 * kMs, 'I', "certificate_store.go:130",
                Structured("Loading cert/key pair from a file").str("filePath", "/var/lib/kubelet/pki/kubelet-client-current.pem"));
    kubeletLine(node, t + 4 * kMs, 'I', "dynamic_cafile_content.go:157",
                Structured("Starting controller").str("name", "client-ca-bundle::/etc/kubernetes/pki/ca.crt"));
    kubeletLine(node, t + 31 * kMs, 'I', "kubelet.go:298", Structured("Adding static pod path").str("path", "/etc/kubernetes/manifests"));
    kubeletLine(node, t + 31 * kMs + 20 * kUs, 'I', "kubelet.go:309", Structured("Adding apiserver pod source"));
    kubeletLine(node, t + 52 * kMs, 'I', "kuberuntime_manager.go:257",
                Structured("Container runtime initialized")
                    .str("containerRuntime", "containerd")
                    .str("version", modern ? "1.7.13" : "1.5.11")
                    .str("apiVersion", modern ? "v1" : "v1alpha2"));
    kubeletLine(node, t + 78 * kMs, 'I', "server.go:1168", Structured("Started kubelet"));
    kubeletLine(node, t + 78 * kMs + 90 * kUs, 'I', "server.go:162",
                Structured("Starting to listen").str("address", "0.0.0.0").num("port", 10250));
    kubeletLine(node, t + 80 * kMs, 'I', "fs_resource_analyzer.go:67", Structured("Starting FS ResourceAnalyzer"));
    kubeletLine(node, t + 81 * kMs, 'I', "volume_manager.go:291", Structured("Starting Kubelet Volume Manager"));
    kubeletLine(node, t + 81 * kMs + 60 * kUs, 'I', "desired_state_of_world_populator.go:151",
                Structured("Desired state populator starts to run"));
    if (sandboxNote) {
        // A container left behind by a pod whose sandbox was removed underneath it.
        const std::string message =
            m_version.capitalNoPodSandbox() ? "No PodSandBox found for the container" : "no PodSandBox found for the container";
        kubeletLine(
            node, t + 96 * kMs, 'I', "container_manager_linux.go:1000",
            Structured(message).str("podSandboxId", m_rng.hex(64)).str("containerName", "worker").str("containerId", m_rng.hex(64)));
    }
    const Nanos loop = t + 118 * kMs;
    kubeletLine(node, loop, 'I', "kubelet.go:2303", Structured("Starting kubelet main sync loop"));
    kubeletLine(
        node, loop + 60 * kUs, 'E', "kubelet.go:2327",
        Structured("Skipping pod synchronization")
            .err("[container runtime status check may not have completed yet, PLEG is not healthy: pleg has yet to be successful]"));
    if (!run.orphanSandbox.empty()) {
        // updateRuntimeUp -> initializeRuntimeDependentModules: cadvisor starts, then the
        // container manager builds its map of running containers and meets one whose sandbox
        // is gone: klog.ErrorS(err, "Failed to start ContainerManager"); os.Exit(1) (1.21-1.23).
        kubeletLine(
            node, run.fatalAt, 'E', "kubelet.go:1423",
            Structured("Failed to start ContainerManager")
                .err("failed to build map of initial containers from runtime: no PodsandBox found with Id '" + run.orphanSandbox + "'"));
        return run.fatalAt;
    }
    kubeletLine(node, loop + 160 * kMs, 'E', "kubelet.go:2327",
                Structured("Skipping pod synchronization").err("PLEG is not healthy: pleg has yet to be successful"));
    const Nanos reg = run.start + 300 * kMs;
    kubeletLine(node, reg - 2 * kMs, 'I', "kubelet_node_status.go:70", Structured("Attempting to register node").str("node", n.name));
    kubeletLine(node, reg + 11 * kMs, 'I', "kubelet_node_status.go:108", Structured("Node was previously registered").str("node", n.name));
    kubeletLine(node, reg + 11 * kMs + 150 * kUs, 'I', "kubelet_node_status.go:73",
                Structured("Successfully registered node").str("node", n.name));
    kubeletLine(node, loop + 360 * kMs, 'E', "kubelet.go:2327",
                Structured("Skipping pod synchronization").err("PLEG is not healthy: pleg has yet to be successful"));
    return loop + seconds(m_rng.real(0.55, 0.8));
}

void Day::serviceStops(int node, Nanos stop)
{
    const KubeletRun &before = m_nodes[static_cast<std::size_t>(node)].runAt(stop);
    systemdLine(node, stop, "Stopping " + unitName() + "...");
    const Nanos gone = stop + m_rng.between(60 * kMs, 400 * kMs);
    systemdLine(node, gone, m_version.oldSystemd() ? "kubelet.service: Succeeded." : "kubelet.service: Deactivated successfully.");
    systemdLine(node, gone + 300 * kUs, "Stopped " + unitName() + ".");
    if (!m_version.oldSystemd())
        systemdLine(node, gone + 700 * kUs,
                    "kubelet.service: Consumed " + cpuTime(stop - std::max(before.start, m_start - 86400 * kSec)) + " CPU time.");
}

Nanos Day::restartScene(int node, const KubeletRun &run, bool sandboxNote, bool afterCrash)
{
    if (!afterCrash) {
        const NodeTimeline &tl = m_nodes[static_cast<std::size_t>(node)];
        const Silence *down = nullptr;
        for (const Silence &s : tl.silences)
            if (s.cause == Silence::Cause::KubeletDown && s.from < run.start && run.start < s.to)
                down = &s;
        serviceStops(node, down ? down->from : run.start - kSec);
        systemdLine(node, run.start - m_rng.between(2 * kMs, 6 * kMs), "Started " + unitName() + ".");
    }
    const Nanos added = kubeletStartup(node, run, sandboxNote);
    const std::vector<int> pods = m_cluster.podsOn(node, added);
    kubeletLine(node, added, 'I', "kubelet.go:2380", Structured("SyncLoop ADD").str("source", "api").raw("pods", podList(pods)));
    Nanos t = added + 20 * kMs;
    for (int p : pods) {
        const Pod &pod = m_cluster.pods[static_cast<std::size_t>(p)];
        t += m_rng.between(300 * kUs, 2 * kMs);
        kubeletLine(
            node, t, 'I', "reconciler_common.go:258",
            Structured("operationExecutor.VerifyControllerAttachedVolume started for volume " + volumeText(pod)).str("pod", pod.ref()));
    }
    // The first relist meets every sandbox and container as new.
    t = added + m_rng.between(150 * kMs, 400 * kMs);
    for (int p : pods) {
        const Pod &pod = m_cluster.pods[static_cast<std::size_t>(p)];
        kubeletLine(node, t, 'I', "kubelet.go:2430",
                    Structured("SyncLoop (PLEG): event for pod")
                        .str("pod", pod.ref())
                        .raw("event", plegEvent(pod, "ContainerStarted", pod.sandboxId)));
        for (const Container &c : pod.containers) {
            t += m_rng.between(20 * kUs, 120 * kUs);
            kubeletLine(
                node, t, 'I', "kubelet.go:2430",
                Structured("SyncLoop (PLEG): event for pod").str("pod", pod.ref()).raw("event", plegEvent(pod, "ContainerStarted", c.id)));
        }
        t += m_rng.between(50 * kUs, 300 * kUs);
    }
    return added;
}

// After a restart the readiness result of every probed container starts as Failure and is
// probed again after a random part of the period: "" then "ready". At --v=2 the statuses
// in between are not logged; the status manager still patches them.
void Day::readinessAfterRestart(int node, Nanos added, Nanos from, Nanos to, std::vector<std::pair<int, Nanos>> *firstProbes)
{
    const int verbosity = m_nodes[static_cast<std::size_t>(node)].runAt(added).verbosity;
    for (int p : m_cluster.podsOn(node, added)) {
        Pod &pod = m_cluster.pods[static_cast<std::size_t>(p)];
        std::vector<bool> ready(pod.containers.size(), true);
        std::vector<Nanos> probeAt(pod.containers.size(), 0);
        for (std::size_t i = 0; i < pod.containers.size(); ++i)
            if (pod.containers[i].spec.readiness) {
                ready[i] = false;
                probeAt[i] = added + seconds(m_rng.real(0.4, 9.8));
            }
        // The pod worker syncs the pod at once; its status is generated with no readiness
        // result yet.
        const Nanos generated = added + m_rng.between(4 * kMs, 40 * kMs);
        if (verbosity >= 3)
            kubeletLine(node, generated, 'I', "kubelet_pods.go:1574", generatingPodStatus(pod));
        const Nanos patched = generated + m_rng.between(6 * kMs, 30 * kMs);
        podStatusPatch(p, patched - 3 * kMs);
        if (verbosity >= 3)
            kubeletLine(node, patched, 'I', "status_manager.go:877",
                        patchStatusForPod(pod, statusPatchJson(pod, patched, pod.hasReadinessProbe() ? ready : std::vector<bool>{})));
        std::vector<std::size_t> order;
        for (std::size_t i = 0; i < pod.containers.size(); ++i)
            if (pod.containers[i].spec.readiness)
                order.push_back(i);
        std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return probeAt[a] < probeAt[b]; });
        Nanos last = 0;
        for (std::size_t i : order) {
            if (probeAt[i] < from || probeAt[i] >= to)
                continue;
            // The worker seeds the new container's result (Failure: status ""), then probes.
            kubeletLine(node, probeAt[i], 'I', "kubelet.go:2528",
                        Structured("SyncLoop (probe)").str("probe", "readiness").str("status", "").str("pod", pod.ref()));
            const Nanos at = probeAt[i] + m_rng.between(800 * kUs, 5 * kMs);
            if (verbosity >= 3)
                kubeletLine(node, at, 'I', "prober.go:128",
                            Structured("Probe succeeded")
                                .str("probeType", "Readiness")
                                .str("pod", pod.ref())
                                .raw("podUID", uidValue(m_version, pod.uid))
                                .str("containerName", pod.containers[i].spec.name));
            kubeletLine(node, at + 70 * kUs, 'I', "kubelet.go:2528",
                        Structured("SyncLoop (probe)").str("probe", "readiness").str("status", "ready").str("pod", pod.ref()));
            ready[i] = true;
            const Nanos regenerated = at + m_rng.between(kMs, 4 * kMs);
            if (verbosity >= 3)
                kubeletLine(node, regenerated, 'I', "kubelet_pods.go:1574", generatingPodStatus(pod));
            const Nanos repatched = regenerated + m_rng.between(5 * kMs, 20 * kMs);
            podStatusPatch(p, repatched - 3 * kMs);
            if (verbosity >= 3)
                kubeletLine(node, repatched, 'I', "status_manager.go:877", patchStatusForPod(pod, statusPatchJson(pod, repatched, ready)));
            last = repatched;
        }
        if (firstProbes && last)
            firstProbes->push_back({p, last});
    }
}

// Lines only --v=3 prints while the pods just run: every probe result, each pod's resync.
void Day::verboseStretch(int node, Nanos from, Nanos to, Nanos probesFrom)
{
    for (int p : m_cluster.podsOn(node, from)) {
        const Pod &pod = m_cluster.pods[static_cast<std::size_t>(p)];
        for (Nanos t = from + seconds(m_rng.real(50, 70)); t < to; t += seconds(m_rng.real(58, 75)))
            kubeletLine(node, t, 'I', "kubelet_pods.go:1574", generatingPodStatus(pod));
        for (const Container &c : pod.containers)
            for (const char *type : {"Readiness", "Liveness"}) {
                if ((type[0] == 'R' && !c.spec.readiness) || (type[0] == 'L' && !c.spec.liveness))
                    continue;
                for (Nanos t = probesFrom + seconds(m_rng.real(0.5, 10)); t < to; t += 10 * kSec + m_rng.between(0, 3 * kMs))
                    kubeletLine(node, t, 'I', "prober.go:128",
                                Structured("Probe succeeded")
                                    .str("probeType", type)
                                    .str("pod", pod.ref())
                                    .raw("podUID", uidValue(m_version, pod.uid))
                                    .str("containerName", c.spec.name));
            }
    }
}

Nanos Day::containerRestart(int p, std::size_t index, Nanos killAt, const std::string &reasonMessage)
{
    Pod &pod = m_cluster.pods[static_cast<std::size_t>(p)];
    Container &c = pod.containers[index];
    const int node = pod.node;
    kubeletLine(node, killAt, 'I', "kuberuntime_manager.go:1018",
                Structured("Message for Container of pod")
                    .str("containerName", c.spec.name)
                    .raw("containerStatusID", containerStatusId(c.id))
                    .str("pod", pod.ref())
                    .str("containerMessage", reasonMessage));
    kubeletLine(node, killAt + m_rng.between(200 * kUs, 900 * kUs), 'I', "kuberuntime_container.go:742",
                Structured("Killing container with a grace period")
                    .str("pod", pod.ref())
                    .raw("podUID", uidValue(m_version, pod.uid))
                    .str("containerName", c.spec.name)
                    .str("containerID", "containerd://" + c.id)
                    .num("gracePeriod", pod.terminationGraceSeconds));
    const Nanos died = killAt + seconds(m_rng.real(0.3, 2.5));
    kubeletLine(node, died, 'I', "kubelet.go:2430",
                Structured("SyncLoop (PLEG): event for pod").str("pod", pod.ref()).raw("event", plegEvent(pod, "ContainerDied", c.id)));
    c.id = m_cluster.newContainerId(m_rng);
    ++c.restarts;
    c.startedAt = died + seconds(m_rng.real(0.4, 1.5));
    kubeletLine(node, c.startedAt + 30 * kMs, 'I', "kubelet.go:2430",
                Structured("SyncLoop (PLEG): event for pod").str("pod", pod.ref()).raw("event", plegEvent(pod, "ContainerStarted", c.id)));
    podStatusPatch(p, c.startedAt + 60 * kMs);
    Nanos end = c.startedAt + 100 * kMs;
    if (c.spec.readiness) {
        kubeletLine(node, c.startedAt + 35 * kMs, 'I', "kubelet.go:2528",
                    Structured("SyncLoop (probe)").str("probe", "readiness").str("status", "").str("pod", pod.ref()));
        end = c.startedAt + seconds(m_rng.real(3, 12));
        kubeletLine(node, end, 'I', "kubelet.go:2528",
                    Structured("SyncLoop (probe)").str("probe", "readiness").str("status", "ready").str("pod", pod.ref()));
        podStatusPatch(p, end + 8 * kMs);
    }
    return end;
}

void Day::podStarts(int p, Nanos at)
{
    Pod &pod = m_cluster.pods[static_cast<std::size_t>(p)];
    const int node = pod.node;
    kubeletLine(node, at, 'I', "kubelet.go:2380", Structured("SyncLoop ADD").str("source", "api").raw("pods", podList({p})));
    kubeletLine(node, at + 2 * kMs, 'I', "topology_manager.go:215",
                Structured("Topology Admit Handler")
                    .raw("podUID", uidValue(m_version, pod.uid))
                    .str("podNamespace", pod.ns)
                    .str("podName", pod.name));
    kubeletLine(node, at + 58 * kMs, 'I', "reconciler_common.go:258",
                Structured("operationExecutor.VerifyControllerAttachedVolume started for volume " + volumeText(pod)).str("pod", pod.ref()));
    kubeletLine(node, at + 160 * kMs, 'I', "reconciler_common.go:231",
                Structured("operationExecutor.MountVolume started for volume " + volumeText(pod)).str("pod", pod.ref()));
    kubeletLine(node, at + 171 * kMs, 'I', "operation_generator.go:721",
                Structured("MountVolume.SetUp succeeded for volume " + volumeText(pod)).str("pod", pod.ref()));
    kubeletLine(node, at + 272 * kMs, 'I', "kuberuntime_manager.go:1059",
                Structured("No sandbox for pod can be found. Need to start a new one").str("pod", pod.ref()));
    const Nanos sandbox = at + seconds(m_rng.real(0.8, 1.6));
    kubeletLine(
        node, sandbox, 'I', "kubelet.go:2430",
        Structured("SyncLoop (PLEG): event for pod").str("pod", pod.ref()).raw("event", plegEvent(pod, "ContainerStarted", pod.sandboxId)));
    podStatusPatch(p, at + 300 * kMs);
    Nanos t = sandbox;
    for (Container &c : pod.containers) {
        t += seconds(m_rng.real(0.3, 1.5));
        c.startedAt = t - 20 * kMs;
        kubeletLine(
            node, t, 'I', "kubelet.go:2430",
            Structured("SyncLoop (PLEG): event for pod").str("pod", pod.ref()).raw("event", plegEvent(pod, "ContainerStarted", c.id)));
    }
    podStatusPatch(p, t + 30 * kMs);
    for (const Container &c : pod.containers)
        if (c.spec.readiness) {
            kubeletLine(node, c.startedAt + 25 * kMs, 'I', "kubelet.go:2528",
                        Structured("SyncLoop (probe)").str("probe", "readiness").str("status", "").str("pod", pod.ref()));
            const Nanos ready = c.startedAt + seconds(m_rng.real(3, 14));
            kubeletLine(node, ready, 'I', "kubelet.go:2528",
                        Structured("SyncLoop (probe)").str("probe", "readiness").str("status", "ready").str("pod", pod.ref()));
            podStatusPatch(p, ready + 6 * kMs);
        }
}

void Day::podStops(int p, Nanos at, bool deleted)
{
    const Pod &pod = m_cluster.pods[static_cast<std::size_t>(p)];
    const int node = pod.node;
    Nanos t = at;
    if (deleted) {
        kubeletLine(node, t, 'I', "kubelet.go:2395", Structured("SyncLoop DELETE").str("source", "api").raw("pods", podList({p})));
        for (const Container &c : pod.containers) {
            t += m_rng.between(300 * kUs, 2 * kMs);
            kubeletLine(node, t, 'I', "kuberuntime_container.go:742",
                        Structured("Killing container with a grace period")
                            .str("pod", pod.ref())
                            .raw("podUID", uidValue(m_version, pod.uid))
                            .str("containerName", c.spec.name)
                            .str("containerID", "containerd://" + c.id)
                            .num("gracePeriod", pod.terminationGraceSeconds));
        }
        t += seconds(m_rng.real(0.4, 3));
        for (const Container &c : pod.containers) {
            kubeletLine(
                node, t, 'I', "kubelet.go:2430",
                Structured("SyncLoop (PLEG): event for pod").str("pod", pod.ref()).raw("event", plegEvent(pod, "ContainerDied", c.id)));
            t += m_rng.between(100 * kUs, 900 * kUs);
        }
    }
    kubeletLine(
        node, t + 80 * kMs, 'I', "kubelet.go:2430",
        Structured("SyncLoop (PLEG): event for pod").str("pod", pod.ref()).raw("event", plegEvent(pod, "ContainerDied", pod.sandboxId)));
    t += 300 * kMs;
    podStatusPatch(p, t);
    if (!deleted)
        return;
    api(kubeletRequest(node, t + 20 * kMs, "DELETE", "/api/v1/namespaces/" + pod.ns + "/pods/" + pod.name));
    kubeletLine(node, t + 26 * kMs, 'I', "kubelet.go:2395", Structured("SyncLoop DELETE").str("source", "api").raw("pods", podList({p})));
    kubeletLine(node, t + 31 * kMs, 'I', "kubelet.go:2389", Structured("SyncLoop REMOVE").str("source", "api").raw("pods", podList({p})));
    kubeletLine(node, t + 120 * kMs, 'I', "reconciler_common.go:172",
                Structured("operationExecutor.UnmountVolume started for volume \"" + pod.volume
                           + "\" (UniqueName: \"kubernetes.io/projected/" + pod.uid + "-" + pod.volume + "\") pod \"" + pod.uid
                           + "\" (UID: \"" + pod.uid + "\") "));
    kubeletLine(node, t + 131 * kMs, 'I', "operation_generator.go:888",
                "UnmountVolume.TearDown succeeded for volume \"kubernetes.io/projected/" + pod.uid + "-" + pod.volume
                    + "\" (OuterVolumeSpecName: \"" + pod.volume + "\") pod \"" + pod.uid + "\" (UID: \"" + pod.uid
                    + "\"). InnerVolumeSpecName \"" + pod.volume + "\". PluginName \"kubernetes.io/projected\", VolumeGidValue \"\"");
    kubeletLine(node, t + 220 * kMs, 'I', "reconciler_common.go:300",
                Structured("Volume detached for volume \"" + pod.volume + "\" (UniqueName: \"kubernetes.io/projected/" + pod.uid + "-"
                           + pod.volume + "\") on node \"" + m_cluster.nodes[static_cast<std::size_t>(node)].name + "\" DevicePath \"\""));
    for (const Container &c : pod.containers)
        kubeletLine(node, t + seconds(m_rng.real(1, 3)), 'I', "scope.go:117", Structured("RemoveContainer").str("containerID", c.id));
}

void Day::plantPlegUnhealthy(int node, Nanos at)
{
    // containerd wedges while stopping a container of a pod being deleted: every later CRI
    // call hangs until the runtime request timeout (2m0s), PLEG's relist never completes.
    NodeTimeline &tl = m_nodes[static_cast<std::size_t>(node)];
    std::vector<int> victims;
    for (int p : m_cluster.podsOn(node, at))
        if (m_cluster.pods[static_cast<std::size_t>(p)].ownerKind == "ReplicaSet")
            victims.push_back(p);
    const Nanos lastRelist = at - m_rng.between(0, kSec);
    const Nanos recovered = at + seconds(m_rng.real(240, 400));
    const std::string deadline = "rpc error: code = DeadlineExceeded desc = context deadline exceeded";
    if (!victims.empty()) {
        const int v = m_rng.pick(victims);
        Pod &pod = m_cluster.pods[static_cast<std::size_t>(v)];
        const Nanos deleting = at - seconds(m_rng.real(1.2, 2));
        api(controllerRequest(deleting - 30 * kMs, "DELETE", "/api/v1/namespaces/" + pod.ns + "/pods/" + pod.name,
                              "replicaset-controller"));
        kubeletLine(node, deleting, 'I', "kubelet.go:2395", Structured("SyncLoop DELETE").str("source", "api").raw("pods", podList({v})));
        for (const Container &c : pod.containers) {
            kubeletLine(node, deleting + kMs, 'I', "kuberuntime_container.go:742",
                        Structured("Killing container with a grace period")
                            .str("pod", pod.ref())
                            .raw("podUID", uidValue(m_version, pod.uid))
                            .str("containerName", c.spec.name)
                            .str("containerID", "containerd://" + c.id)
                            .num("gracePeriod", pod.terminationGraceSeconds));
            // StopContainer's deadline is the grace period plus the runtime request timeout.
            const Nanos failed = deleting + (pod.terminationGraceSeconds + 120) * kSec + m_rng.between(kMs, 20 * kMs);
            kubeletLine(node, failed, 'E', "remote_runtime.go:366",
                        Structured("StopContainer from runtime service failed").err(deadline).str("containerID", c.id));
            kubeletLine(node, failed + 200 * kUs, 'E', "kuberuntime_container.go:743",
                        Structured("Container termination failed with gracePeriod")
                            .err(deadline)
                            .str("pod", pod.ref())
                            .raw("podUID", uidValue(m_version, pod.uid))
                            .str("containerName", c.spec.name)
                            .str("containerID", "containerd://" + c.id)
                            .num("gracePeriod", pod.terminationGraceSeconds));
            kubeletLine(node, failed + 400 * kUs, 'E', "pod_workers.go:1300",
                        Structured("Error syncing pod, skipping")
                            .err("failed to \"KillContainer\" for \"" + c.spec.name + "\" with KillContainerError: \"" + deadline + "\"")
                            .str("pod", pod.ref())
                            .raw("podUID", uidValue(m_version, pod.uid)));
        }
        // containerd is restarted: the container is gone, the pod finishes terminating.
        const Nanos relisted = recovered + seconds(m_rng.real(1, 1.9));
        for (const Container &c : pod.containers)
            kubeletLine(
                node, relisted + kMs, 'I', "kubelet.go:2430",
                Structured("SyncLoop (PLEG): event for pod").str("pod", pod.ref()).raw("event", plegEvent(pod, "ContainerDied", c.id)));
        pod.deleted = relisted;
        podStops(v, relisted + 2 * kMs, false);
        const Nanos t = relisted + 400 * kMs;
        api(kubeletRequest(node, t, "DELETE", "/api/v1/namespaces/" + pod.ns + "/pods/" + pod.name));
        kubeletLine(node, t + 6 * kMs, 'I', "kubelet.go:2395",
                    Structured("SyncLoop DELETE").str("source", "api").raw("pods", podList({v})));
        kubeletLine(node, t + 11 * kMs, 'I', "kubelet.go:2389",
                    Structured("SyncLoop REMOVE").str("source", "api").raw("pods", podList({v})));
    }
    // Each relist hangs in ListPodSandbox until the deadline, then the next one starts.
    for (Nanos start = lastRelist + kSec; start < recovered; start += 121 * kSec) {
        const bool cut = start + 120 * kSec >= recovered;
        const Nanos failed = cut ? recovered : start + 120 * kSec + m_rng.between(kMs, 9 * kMs);
        const std::string error = cut ? "rpc error: code = Unavailable desc = error reading from server: EOF" : deadline;
        kubeletLine(node, failed, 'E', "remote_runtime.go:294",
                    Structured("ListPodSandbox with filter from runtime service failed").err(error).str("filter", "nil"));
        kubeletLine(node, failed + 60 * kUs, 'E', "kuberuntime_sandbox.go:297", Structured("Failed to list pod sandboxes").err(error));
        kubeletLine(node, failed + 90 * kUs, 'E', "generic.go:238", Structured("GenericPLEG: Unable to retrieve pods").err(error));
        if (cut)
            break;
        kubeletLine(node, start + 121 * kSec + 300 * kMs, 'E', "kubelet.go:2209",
                    Structured("Housekeeping took longer than expected")
                        .err("housekeeping took too long")
                        .str("expected", "1s")
                        .str("actual", goDuration(120 * kSec + m_rng.between(5 * kMs, 900 * kMs))));
    }
    // The sync loop checks the runtime before each iteration (at least every second) and
    // backs off from 100ms to 5s while PLEG is not healthy.
    const Nanos unhealthy = lastRelist + 3 * kMin;
    Nanos t = unhealthy + m_rng.between(0, kSec);
    Nanos backoff = 100 * kMs;
    const Nanos healthyAgain = recovered + seconds(m_rng.real(1, 1.9));
    while (t < healthyAgain) {
        kubeletLine(node, t, 'E', "kubelet.go:2327",
                    Structured("Skipping pod synchronization")
                        .err("PLEG is not healthy: pleg was last seen active " + goDuration(t - lastRelist) + " ago; threshold is 3m0s"));
        t += backoff + m_rng.between(30 * kUs, 400 * kUs);
        backoff = std::min(backoff * 2, 5 * kSec);
    }
    tl.readyChanges.push_back({unhealthy, false, lastRelist});
    tl.readyChanges.push_back({healthyAgain, true, 0});
    std::sort(tl.readyChanges.begin(), tl.readyChanges.end(), [](const ReadyChange &a, const ReadyChange &b) { return a.at < b.at; });
    PlantedIncident p;
    p.rule = "pleg-unhealthy";
    p.subject = "node/" + m_cluster.nodes[static_cast<std::size_t>(node)].name;
    p.startNs = at;
    p.endNs = healthyAgain + 30 * kSec;
    p.what = "containerd wedged for " + std::to_string((recovered - at) / kSec) + " s; PLEG not healthy from " + formatTime(unhealthy);
    m_planted.push_back(p);
}

void Day::plantProbeStatusRace(int node, Nanos at)
{
    // `systemctl restart kubelet` with --v=3 to look at something else: every readiness
    // result starts as Failure and waits up to a probe period, the pod worker generates the
    // status at once: the status manager patches probed containers ready:false.
    const NodeTimeline &tl = m_nodes[static_cast<std::size_t>(node)];
    const KubeletRun &run = tl.runAt(at);
    const KubeletRun *next = tl.runAfter(at);
    const KubeletRun &revert = next ? *next : run;
    const Nanos added = restartScene(node, run, false);
    std::vector<std::pair<int, Nanos>> first;
    readinessAfterRestart(node, added, added, next ? revert.start : m_end, &first);
    for (const auto &[p, readyAgain] : first) {
        PlantedIncident pi;
        pi.rule = "probe-status-race";
        pi.subject = "pod/" + m_cluster.pods[static_cast<std::size_t>(p)].ref();
        pi.startNs = at;
        pi.endNs = readyAgain + 2 * kSec;
        pi.what = "kubelet restart at --v=3 on " + m_cluster.nodes[static_cast<std::size_t>(node)].name
            + ": status generated before the first readiness result";
        m_planted.push_back(pi);
    }
    verboseStretch(node, added, (next ? revert.start : m_end) - 2 * kSec, added + 12 * kSec);
    // Back to --v=2: the same race happens, but nothing shows the status generation.
    if (next) {
        const Nanos again = restartScene(node, revert, false);
        readinessAfterRestart(node, again, again, m_end, nullptr);
    }
}

void Day::plantSpecHashRestart(int node, Nanos at)
{
    // apt-get upgrades the kubelet package in place, which restarts the service: the new
    // minor hashes every container spec differently and recreates every container.
    const NodeTimeline &tl = m_nodes[static_cast<std::size_t>(node)];
    const KubeletRun &run = tl.runAt(at);
    const KubeVersion old = tl.runs.front().version;
    const Nanos added = restartScene(node, run, false);
    Nanos t = added + seconds(m_rng.real(0.2, 0.8));
    Nanos last = t;
    int recreated = 0;
    for (int p : m_cluster.podsOn(node, added)) {
        Pod &pod = m_cluster.pods[static_cast<std::size_t>(p)];
        for (std::size_t i = 0; i < pod.containers.size(); ++i) {
            t += m_rng.between(3 * kMs, 40 * kMs);
            last = std::max(
                last, containerRestart(p, i, t, "Container " + pod.containers[i].spec.name + " definition changed, will be restarted"));
            ++recreated;
        }
    }
    PlantedIncident pi;
    pi.rule = "spec-hash-restart";
    pi.subject = "node/" + m_cluster.nodes[static_cast<std::size_t>(node)].name;
    pi.startNs = at - 15 * kSec;
    pi.endNs = last + 5 * kSec;
    pi.what = "kubelet " + old.text() + " -> " + run.version.text() + " in place: " + std::to_string(recreated) + " containers recreated";
    m_planted.push_back(pi);
}

void Day::plantSandboxMissing(const CrashLoop &loop)
{
    // `systemctl restart kubelet` on a node where a container outlived its sandbox (removed
    // underneath it): every start dies in the container manager, systemd restarts the kubelet
    // after RestartSec=10s, until someone removes the orphan (crictl rm) and the next start
    // goes through.
    const NodeTimeline &tl = m_nodes[static_cast<std::size_t>(loop.node)];
    serviceStops(loop.node, loop.stop);
    for (int i = 0; i <= loop.crashes; ++i) {
        const KubeletRun &run = tl.runs[loop.firstRun + static_cast<std::size_t>(i)];
        if (i > 0) {
            const KubeletRun &crashed = tl.runs[loop.firstRun + static_cast<std::size_t>(i - 1)];
            const Nanos scheduled = crashed.exitAt + 10 * kSec + m_rng.between(100 * kUs, 900 * kUs);
            systemdLine(loop.node, std::min(scheduled, run.start - 3 * kMs),
                        "kubelet.service: Scheduled restart job, restart counter is at " + std::to_string(i) + ".");
            systemdLine(loop.node, run.start - 2 * kMs - 500 * kUs, "Stopped " + unitName() + ".");
        }
        systemdLine(loop.node, run.start - 2 * kMs, "Started " + unitName() + ".");
        if (i == loop.crashes)
            break;
        kubeletStartup(loop.node, run, false);
        systemdLine(loop.node, run.exitAt, "kubelet.service: Main process exited, code=exited, status=1/FAILURE");
        systemdLine(loop.node, run.exitAt + 200 * kUs, "kubelet.service: Failed with result 'exit-code'.");
    }
    const KubeletRun &good = tl.runs[loop.firstRun + static_cast<std::size_t>(loop.crashes)];
    const Nanos added = restartScene(loop.node, good, false, true);
    readinessAfterRestart(loop.node, added, added, m_end, nullptr);
}

void Day::noiseVerboseRestart(int node, Nanos at)
{
    const NodeTimeline &tl = m_nodes[static_cast<std::size_t>(node)];
    const KubeletRun &run = tl.runAt(at);
    const KubeletRun *revert = tl.runAfter(at);
    const Nanos until = revert ? revert->start : m_end;
    const Nanos added = restartScene(node, run, false);
    readinessAfterRestart(node, added, added, until, nullptr);
    verboseStretch(node, added, until - 2 * kSec, added + 12 * kSec);
    if (revert) {
        const Nanos again = restartScene(node, *revert, false);
        readinessAfterRestart(node, again, again, m_end, nullptr);
    }
}

void Day::noisePlainRestart(int node, Nanos at, bool sandboxNote)
{
    const KubeletRun &run = m_nodes[static_cast<std::size_t>(node)].runAt(at);
    const Nanos added = restartScene(node, run, sandboxNote);
    readinessAfterRestart(node, added, added, m_end, nullptr);
}

void Day::noiseImageBump(int p, Nanos at)
{
    Pod &pod = m_cluster.pods[static_cast<std::size_t>(p)];
    Container &c = pod.containers.front();
    // `kubectl set image pod/...`: a pod's image is mutable; the kubelet recreates that one
    // container, and nothing restarts the kubelet.
    const std::size_t colon = c.spec.image.rfind(':');
    c.spec.image = c.spec.image.substr(0, colon) + ":" + c.spec.image.substr(colon + 1) + "-hotfix1";
    api(request(at - 40 * kMs, "PATCH", "/api/v1/namespaces/" + pod.ns + "/pods/" + pod.name,
                "kubectl/" + m_version.text() + " (linux/amd64) kubernetes/" + m_version.gitCommit(),
                "10.20.9.15:" + std::to_string(m_rng.between(40000, 60000)), ApiRequest::Users));
    kubeletLine(pod.node, at, 'I', "kubelet.go:2386", Structured("SyncLoop UPDATE").str("source", "api").raw("pods", podList({p})));
    containerRestart(p, 0, at + m_rng.between(2 * kMs, 9 * kMs), "Container " + c.spec.name + " definition changed, will be restarted");
}

// prober.go's "Probe failed" (V(1), 1.21+).
void Day::probeFailed(const Pod &pod, const Container &c, Nanos t, const std::string &probeType, const std::string &output)
{
    kubeletLine(pod.node, t, 'I', "prober.go:107",
                Structured("Probe failed")
                    .str("probeType", probeType)
                    .str("pod", pod.ref())
                    .raw("podUID", uidValue(m_version, pod.uid))
                    .str("containerName", c.spec.name)
                    .str("probeResult", "failure")
                    .str("output", output));
}

void Day::noiseLivenessRestart(int p, Nanos at)
{
    Pod &pod = m_cluster.pods[static_cast<std::size_t>(p)];
    std::size_t index = 0;
    for (std::size_t i = 0; i < pod.containers.size(); ++i)
        if (pod.containers[i].spec.liveness)
            index = i;
    const Container &c = pod.containers[index];
    const std::string url = "http://" + pod.ip + ":" + std::to_string(c.spec.port) + "/healthz";
    Nanos t = at;
    for (int i = 0; i < 3; ++i, t += 10 * kSec + m_rng.between(-3 * kMs, 3 * kMs)) {
        const bool timeout = m_rng.chance(0.5);
        probeFailed(pod, c, t, "Liveness",
                    timeout ? "Get \"" + url + "\": context deadline exceeded (Client.Timeout exceeded while awaiting headers)"
                            : "HTTP probe failed with statuscode: 500");
    }
    const Nanos unhealthy = t - 10 * kSec + m_rng.between(100 * kUs, 600 * kUs);
    kubeletLine(pod.node, unhealthy, 'I', "kubelet.go:2528",
                Structured("SyncLoop (probe)").str("probe", "liveness").str("status", "unhealthy").str("pod", pod.ref()));
    containerRestart(p, index, unhealthy + m_rng.between(kMs, 5 * kMs),
                     "Container " + c.spec.name + " failed liveness probe, will be restarted");
}

void Day::noiseReadinessFlap(int p, Nanos at)
{
    const Pod &pod = m_cluster.pods[static_cast<std::size_t>(p)];
    std::size_t index = 0;
    for (std::size_t i = 0; i < pod.containers.size(); ++i)
        if (pod.containers[i].spec.readiness)
            index = i;
    const Container &c = pod.containers[index];
    const int failures = static_cast<int>(m_rng.between(3, 9));
    Nanos t = at;
    for (int i = 0; i < failures; ++i, t += 10 * kSec + m_rng.between(-3 * kMs, 3 * kMs)) {
        std::string output = "HTTP probe failed with statuscode: 503";
        if (c.spec.port == 6379)
            output = "dial tcp " + pod.ip + ":6379: connect: connection refused";
        probeFailed(pod, c, t, "Readiness", output);
        if (i == 2) {
            kubeletLine(pod.node, t + 150 * kUs, 'I', "kubelet.go:2528",
                        Structured("SyncLoop (probe)").str("probe", "readiness").str("status", "").str("pod", pod.ref()));
            podStatusPatch(p, t + 9 * kMs);
        }
    }
    if (failures >= 3) {
        kubeletLine(pod.node, t, 'I', "kubelet.go:2528",
                    Structured("SyncLoop (probe)").str("probe", "readiness").str("status", "ready").str("pod", pod.ref()));
        podStatusPatch(p, t + 7 * kMs);
    }
}

void Day::noiseHousekeeping(int node, Nanos at)
{
    kubeletLine(node, at, 'E', "kubelet.go:2209",
                Structured("Housekeeping took longer than expected")
                    .err("housekeeping took too long")
                    .str("expected", "1s")
                    .str("actual", goDuration(seconds(m_rng.real(1.05, 3.5)))));
}

// What a quiet kubelet at --v=2 still prints now and then: a single probe failing once (a
// slow response, not enough for the failure threshold), a TLS handshake cut short by a
// scraper or a load balancer's TCP check.
void Day::noiseSteady(int node)
{
    const NodeTimeline &tl = m_nodes[static_cast<std::size_t>(node)];
    for (Nanos t = m_start + seconds(m_rng.exponential(2400)); t < m_end; t += seconds(m_rng.exponential(2400))) {
        if (tl.isBusy(t - kMin, t + kMin) || tl.kubeletDownAt(t))
            continue;
        std::vector<int> probed;
        for (int p : m_cluster.podsOn(node, t))
            if (m_cluster.pods[static_cast<std::size_t>(p)].hasReadinessProbe())
                probed.push_back(p);
        if (!probed.empty() && m_rng.chance(0.7)) {
            const Pod &pod = m_cluster.pods[static_cast<std::size_t>(m_rng.pick(probed))];
            const Container *c = nullptr;
            for (const Container &k : pod.containers)
                if (k.spec.readiness && !c)
                    c = &k;
            const std::string url = "http://" + pod.ip + ":" + std::to_string(c->spec.port) + "/ready";
            kubeletLine(node, t, 'I', "prober.go:107",
                        Structured("Probe failed")
                            .str("probeType", "Readiness")
                            .str("pod", pod.ref())
                            .raw("podUID", uidValue(m_version, pod.uid))
                            .str("containerName", c->spec.name)
                            .str("probeResult", "failure")
                            .str("output",
                                 c->spec.port == 6379
                                     ? "dial tcp " + pod.ip + ":6379: i/o timeout"
                                     : "Get \"" + url + "\": context deadline exceeded (Client.Timeout exceeded while awaiting headers)"));
        } else {
            kubeletLine(node, t, 'I', "log.go:194",
                        "http: TLS handshake error from " + m_cluster.controlPlaneIp + ":" + std::to_string(m_rng.between(33000, 60999))
                            + ": EOF");
        }
    }
}

void Day::noiseRollout(std::size_t workloadIndex, Nanos at)
{
    // `kubectl rollout restart`: a new ReplicaSet, one new pod ready before one old pod goes.
    Workload &w = m_cluster.workloads[workloadIndex];
    const std::string oldRs = w.name + "-" + w.replicaSetHash;
    std::vector<int> old;
    for (std::size_t p = 0; p < m_cluster.pods.size(); ++p) {
        const Pod &pod = m_cluster.pods[p];
        if (pod.ownerName == oldRs && pod.runningAt(at) && !m_nodes[static_cast<std::size_t>(pod.node)].isBusy(at - kMin, at + 10 * kMin))
            old.push_back(static_cast<int>(p));
    }
    if (old.empty())
        return;
    std::vector<int> nodes;
    for (std::size_t n = 0; n < m_cluster.nodes.size(); ++n)
        if (!m_cluster.nodes[n].batch && !m_cluster.nodes[n].controlPlane && !m_nodes[n].isBusy(at - kMin, at + 10 * kMin))
            nodes.push_back(static_cast<int>(n));
    if (nodes.empty())
        return;
    w.replicaSetHash = m_rng.nameSuffix(w.replicaSetHash.size() == 9 ? 10 : 9);
    const std::string newRs = w.name + "-" + w.replicaSetHash;
    const std::string deployUri = "/apis/apps/v1/namespaces/" + w.ns + "/deployments/" + w.name;
    api(request(at - 200 * kMs, "PATCH", deployUri, "kubectl/" + m_version.text() + " (linux/amd64) kubernetes/" + m_version.gitCommit(),
                "10.20.9.15:" + std::to_string(m_rng.between(40000, 60000)), ApiRequest::Users));
    Nanos t = at;
    const int total = static_cast<int>(old.size());
    for (int i = 0; i < total; ++i) {
        const int node = m_rng.pick(nodes);
        controllerEvent(t, "Deployment", w.ns, w.name, "apps/v1", "Normal", "ScalingReplicaSet",
                        "Scaled up replica set " + newRs + " to " + std::to_string(i + 1) + " from " + std::to_string(i));
        controllerLine(t + 2 * kMs, 'I', "replica_set.go:676",
                       Structured("Too few replicas").str("replicaSet", w.ns + "/" + newRs).num("need", i + 1).num("creating", 1));
        const int fresh = m_cluster.addPod(m_rng, w, node, t + 20 * kMs);
        const Pod &np = m_cluster.pods[static_cast<std::size_t>(fresh)];
        api(controllerRequest(t + 15 * kMs, "POST", "/api/v1/namespaces/" + w.ns + "/pods", "replicaset-controller", 201));
        controllerEvent(t + 22 * kMs, "ReplicaSet", w.ns, newRs, "apps/v1", "Normal", "SuccessfulCreate", "Created pod: " + np.name);
        const Nanos scheduled = t + m_rng.between(30 * kMs, 120 * kMs);
        scene(scheduled, [this, fresh, scheduled] { podStarts(fresh, scheduled); });
        reserve(node, t, t + 40 * kSec);
        // The old one goes once the new one is ready (readiness after some seconds).
        const Nanos retire = scheduled + seconds(m_rng.real(12, 22));
        Pod &op = m_cluster.pods[static_cast<std::size_t>(old[static_cast<std::size_t>(i)])];
        op.deleted = retire + 5 * kSec;
        controllerEvent(retire, "Deployment", w.ns, w.name, "apps/v1", "Normal", "ScalingReplicaSet",
                        "Scaled down replica set " + oldRs + " to " + std::to_string(total - i - 1) + " from " + std::to_string(total - i));
        controllerLine(retire + 2 * kMs, 'I', "replica_set.go:718",
                       Structured("Too many replicas").str("replicaSet", w.ns + "/" + oldRs).num("need", total - i - 1).num("deleting", 1));
        api(controllerRequest(retire + 9 * kMs, "DELETE", "/api/v1/namespaces/" + w.ns + "/pods/" + op.name, "replicaset-controller"));
        controllerEvent(retire + 12 * kMs, "ReplicaSet", w.ns, oldRs, "apps/v1", "Normal", "SuccessfulDelete", "Deleted pod: " + op.name);
        const int victim = old[static_cast<std::size_t>(i)];
        const Nanos stopAt = retire + 20 * kMs;
        scene(stopAt, [this, victim, stopAt] { podStops(victim, stopAt, true); });
        reserve(op.node, retire - 5 * kSec, retire + 40 * kSec);
        t = retire + seconds(m_rng.real(0.5, 2));
    }
    if (m_rng.chance(0.6))
        controllerLine(t + seconds(m_rng.real(0.1, 0.5)), 'I', "endpointslice_controller.go:310",
                       Structured("Error syncing endpoint slices for service, retrying")
                           .str("key", w.ns + "/" + w.name)
                           .err("EndpointSlice informer cache is out of date"));
    m_noise.push_back("rollout of deployment " + w.ns + "/" + w.name + " (" + std::to_string(total) + " pods replaced)");
}

void Day::noiseCronJob(Nanos at, int node, const CronSpec &cron)
{
    // A CronJob run: the job controller creates the pod, it runs to completion; the
    // CronJob controller keeps three finished jobs and deletes the oldest with its pod.
    const std::string job = cron.name + "-" + std::to_string(at / kMin);
    Workload w;
    w.ns = cron.ns;
    w.name = job;
    w.kind = "Job";
    w.containers = {{cron.container, cron.image}};
    const Nanos created = at + m_rng.between(20 * kMs, 700 * kMs);
    controllerEvent(created - 15 * kMs, "CronJob", cron.ns, cron.name, "batch/v1", "Normal", "SuccessfulCreate", "Created job " + job);
    const int p = m_cluster.addPod(m_rng, w, node, created);
    Pod &pod = m_cluster.pods[static_cast<std::size_t>(p)];
    api(controllerRequest(created - 5 * kMs, "POST", "/api/v1/namespaces/" + cron.ns + "/pods", "job-controller", 201));
    controllerEvent(created + 3 * kMs, "Job", cron.ns, job, "batch/v1", "Normal", "SuccessfulCreate", "Created pod: " + pod.name);
    const Nanos started = created + m_rng.between(40 * kMs, 150 * kMs);
    scene(started, [this, p, started] { podStarts(p, started); });
    const Nanos done = started + seconds(m_rng.real(cron.minRun, cron.maxRun));
    scene(done, [this, p, done] {
        const Pod &pd = m_cluster.pods[static_cast<std::size_t>(p)];
        for (const Container &c : pd.containers)
            kubeletLine(
                pd.node, done, 'I', "kubelet.go:2430",
                Structured("SyncLoop (PLEG): event for pod").str("pod", pd.ref()).raw("event", plegEvent(pd, "ContainerDied", c.id)));
        podStops(p, done + 5 * kMs, false);
    });
    controllerEvent(done + seconds(1.2), "Job", cron.ns, job, "batch/v1", "Normal", "Completed", "Job completed");
    controllerEvent(done + seconds(m_rng.real(1.5, 9)), "CronJob", cron.ns, cron.name, "batch/v1", "Normal", "SawCompletedJob",
                    "Saw completed job: " + job + ", status: Complete");
    reserve(node, at - 10 * kSec, done + 10 * kSec);
    // Three runs later the job goes, and its pod with it.
    const Nanos gone = at + 3 * cron.period + seconds(m_rng.real(cron.maxRun + 5, cron.maxRun + 20));
    if (gone < m_end && !m_nodes[static_cast<std::size_t>(node)].isBusy(gone - kMin, gone + kMin)) {
        pod.deleted = gone + kSec;
        controllerEvent(gone, "CronJob", cron.ns, cron.name, "batch/v1", "Normal", "SuccessfulDelete", "Deleted job " + job);
        scene(gone, [this, p, gone] {
            const Pod &pd = m_cluster.pods[static_cast<std::size_t>(p)];
            api(controllerRequest(gone + 20 * kMs, "DELETE", "/api/v1/namespaces/" + pd.ns + "/pods/" + pd.name,
                                  "generic-garbage-collector"));
            kubeletLine(pd.node, gone + 40 * kMs, 'I', "kubelet.go:2395",
                        Structured("SyncLoop DELETE").str("source", "api").raw("pods", podList({p})));
            kubeletLine(pd.node, gone + 52 * kMs, 'I', "kubelet.go:2389",
                        Structured("SyncLoop REMOVE").str("source", "api").raw("pods", podList({p})));
            for (const Container &c : pd.containers)
                kubeletLine(pd.node, gone + 900 * kMs, 'I', "scope.go:117", Structured("RemoveContainer").str("containerID", c.id));
        });
    }
}

} // namespace kubelane::bundlegen
