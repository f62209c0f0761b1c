// High-verbosity chatter for --size: what kubelets at -v=2..4, a kube-controller-manager at
// -v=4 and the apiserver's request log print while nothing goes wrong, until the bundle weighs
// what was asked. Real bundles are mostly this: a kubelet at -v=4 logs hundreds of MB a day.
// Wordings are those of the Kubernetes source (kubelet.go syncLoopIteration, pod_workers.go,
// kuberuntime_manager.go, status_manager.go, prober.go, eviction_manager.go, the volume
// reconciler and operation_generator.go, httplog, cAdvisor's manager.go, client-go's reflector,
// the replicaset/deployment/endpointslice controllers, apiserver traces).
//
// Chatter must not make an incident: nothing is added while a node is in an incident or a noise
// scene, while its kubelet is down, or in the first 11 minutes after a kubelet starts (the
// probe-status-race detector looks 10 minutes after a start; at -v=3 steady-state status
// generation there would be a race that was never planted). Every pod it names is running
// there; the jobs it runs start, complete and go like any job. Its randomness is its own
// stream, so the planted incidents are those of the same options without --size.
#include "day.h"

#include <algorithm>
#include <cstdio>

namespace kubelane::bundlegen {

namespace {

constexpr Nanos kStartupQuiet = 11 * kMin;

// Weight of a node's share of the kubelet chatter by its -v: -v=2 logs only pod lifecycles.
double verbosityWeight(int v)
{
    return v >= 4 ? 1.0 : v == 3 ? 0.45 : 0.12;
}

std::string cgroupPath(const std::string &podUid, const std::string &containerId)
{
    return "/kubepods/burstable/pod" + podUid + "/" + containerId;
}

// The instant at `fraction` of the total length of `windows` (sorted, disjoint).
Nanos timeAt(const std::vector<std::pair<Nanos, Nanos>> &windows, Nanos total, double fraction)
{
    Nanos left = static_cast<Nanos>(fraction * static_cast<double>(total));
    for (const auto &[from, to] : windows) {
        if (left < to - from)
            return from + left;
        left -= to - from;
    }
    return windows.empty() ? 0 : windows.back().second - 1;
}

Nanos totalLength(const std::vector<std::pair<Nanos, Nanos>> &windows)
{
    Nanos total = 0;
    for (const auto &[from, to] : windows)
        total += to - from;
    return total;
}

} // namespace

void Day::planChatter()
{
    if (m_options.targetBytes == 0)
        return;
    Random rng = m_chatterRng.fork("plan");
    int kubelets = 0;
    for (std::size_t n = 0; n < m_nodes.size(); ++n) {
        if (m_cluster.nodes[n].controlPlane)
            continue;
        // Someone debugging the cluster turned most kubelets up to -v=4, some to 3; a few stay at 2.
        const double r = rng.unit();
        m_nodes[n].chatterVerbosity = r < 0.6 ? 4 : r < 0.85 ? 3 : 2;
        // --logging-format=json on one node in five, whatever collected its log.
        m_kubeletLogs[n].setJson(kubelets % 5 == 2);
        ++kubelets;
    }
    m_controllerVerbosity = 4;
}

std::vector<std::pair<Nanos, Nanos>> Day::chatterWindows(int node) const
{
    const NodeTimeline &tl = m_nodes[static_cast<std::size_t>(node)];
    std::vector<std::pair<Nanos, Nanos>> quiet = tl.busy;
    for (const KubeletRun &r : tl.runs)
        quiet.push_back({r.start - kMin, r.start + kStartupQuiet});
    for (const Silence &s : tl.silences)
        quiet.push_back({s.from - 30 * kSec, s.to + 30 * kSec});
    std::sort(quiet.begin(), quiet.end());
    std::vector<std::pair<Nanos, Nanos>> open;
    Nanos at = m_start;
    for (const auto &[from, to] : quiet) {
        if (from > at)
            open.push_back({at, std::min(from, m_end)});
        at = std::max(at, to);
        if (at >= m_end)
            break;
    }
    if (at < m_end)
        open.push_back({at, m_end});
    open.erase(std::remove_if(open.begin(), open.end(), [](const auto &w) { return w.second - w.first < 10 * kSec; }), open.end());
    return open;
}

void Day::chatterLine(int node, Nanos t, int verbosity, char severity, std::string_view fileLine, const std::string &message)
{
    if (verbosity > m_nodes[static_cast<std::size_t>(node)].chatterVerbosity)
        return;
    m_kubeletLogs[static_cast<std::size_t>(node)].klog(t, severity, m_nodes[static_cast<std::size_t>(node)].runAt(t).pid, fileLine, message,
                                                       verbosity);
}

// One resync of a running pod (every sync-frequency, 1m, plus jitter): the pod worker, SyncPod
// and the volume manager's remount of its projected token volume.
void Day::chatterPodSync(int node, Nanos t, const Pod &pod, int)
{
    Random &rng = m_chatterRng;
    const std::string uid = m_version.klogJsonValues() ? goQuote(pod.uid) : pod.uid;
    chatterLine(node, t, 4, 'I', "pod_workers.go:963",
                Structured("Processing pod event").str("pod", pod.ref()).raw("podUID", uid).num("updateType", 0));
    t += rng.between(20 * kUs, 90 * kUs);
    chatterLine(node, t, 4, 'I', "kubelet.go:1665", Structured("SyncPod enter").str("pod", pod.ref()).raw("podUID", uid));
    t += rng.between(10 * kUs, 40 * kUs);
    chatterLine(node, t, 3, 'I', "kubelet_pods.go:1574", generatingPodStatus(pod));
    t += rng.between(20 * kUs, 80 * kUs);
    chatterLine(node, t, 4, 'I', "kubelet_pods.go:1586",
                Structured("Got phase for pod").str("pod", pod.ref()).raw("oldPhase", "Running").raw("phase", "Running"));
    t += rng.between(100 * kUs, 600 * kUs);
    chatterLine(
        node, t, 4, 'I', "kuberuntime_manager.go:1349",
        Structured("getSandboxIDByPodUID got sandbox IDs for pod").raw("podSandboxID", "[" + pod.sandboxId + "]").str("pod", pod.ref()));
    t += rng.between(kMs, 4 * kMs);
    std::string actions;
    if (m_version.klogJsonValues())
        actions = "{\"KillPod\":false,\"CreateSandbox\":false,\"SandboxID\":\"" + pod.sandboxId
            + "\",\"Attempt\":0,\"NextInitContainerToStart\":null,\"InitContainersToStart\":null,\"ContainersToStart\":[],"
              "\"ContainersToKill\":{},"
              "\"EphemeralContainersToStart\":null,\"ContainersToUpdate\":{},\"UpdatePodResources\":false}";
    else
        actions = "{KillPod:false CreateSandbox:false SandboxID:" + pod.sandboxId
            + " Attempt:0 NextInitContainerToStart:nil ContainersToStart:[] ContainersToKill:map[] EphemeralContainersToStart:[]"
            + (m_version.atLeast(1, 27) ? " ContainersToUpdate:map[] UpdatePodResources:false}" : "}");
    chatterLine(node, t, 3, 'I', "kuberuntime_manager.go:1024",
                Structured("computePodActions got for pod").raw("podActions", actions).str("pod", pod.ref()));
    t += rng.between(30 * kUs, 200 * kUs);
    chatterLine(node, t, 4, 'I', "kubelet.go:1951",
                Structured("SyncPod exit").str("pod", pod.ref()).raw("podUID", uid).raw("isTerminal", "false"));
    chatterLine(node, t + 15 * kUs, 4, 'I', "pod_workers.go:1274",
                Structured("Processing pod event done").str("pod", pod.ref()).raw("podUID", uid).num("updateType", 0));
    // The populator marks the projected volume for remount; the reconciler sets it up again.
    t += rng.between(20 * kMs, 90 * kMs);
    chatterLine(node, t, 4, 'I', "reconciler_common.go:218",
                Structured("Starting operationExecutor.MountVolume for volume " + volumeText(pod)
                           + "Volume is already mounted to pod, but remount was requested.")
                    .str("pod", pod.ref()));
    chatterLine(node, t + rng.between(3 * kMs, 11 * kMs), 4, 'I', "operation_generator.go:721",
                Structured("MountVolume.SetUp succeeded for volume " + volumeText(pod)).str("pod", pod.ref()));
}

// What a kubelet at its -v prints in about two seconds of a steady day (the housekeeping
// period), as one beat; the byte clock in kubeletChatter spaces the beats.
void Day::chatterBeat(int node, Nanos t, Nanos until)
{
    Random &rng = m_chatterRng;
    const int v = m_nodes[static_cast<std::size_t>(node)].chatterVerbosity;
    if ((v <= 2 || rng.chance(0.004)) && chatterJob(node, t, until, false))
        return;
    const std::vector<int> pods = m_cluster.podsOn(node, t);
    chatterLine(node, t, 4, 'I', "kubelet.go:2448", Structured("SyncLoop (housekeeping)"));
    chatterLine(node, t + rng.between(2 * kMs, 25 * kMs), 4, 'I', "kubelet.go:2460",
                Structured("SyncLoop (housekeeping) end").str("duration", goDuration(rng.between(1, 24) * kMs)));
    if (!pods.empty() && rng.chance(0.35)) {
        const Pod &pod = m_cluster.pods[static_cast<std::size_t>(rng.pick(pods))];
        const Nanos at = t + rng.between(50 * kMs, 900 * kMs);
        chatterLine(
            node, at, 4, 'I', "kubelet.go:2413",
            Structured("SyncLoop (SYNC) pods").num("total", 1).raw("pods", podList({static_cast<int>(&pod - m_cluster.pods.data())})));
        chatterPodSync(node, at + rng.between(40 * kUs, 200 * kUs), pod, v);
    }
    // Every probed container is probed each period (10 s): about one result per beat.
    for (int p : pods) {
        const Pod &pod = m_cluster.pods[static_cast<std::size_t>(p)];
        for (const Container &c : pod.containers)
            for (const char *type : {"Readiness", "Liveness"}) {
                if ((type[0] == 'R' ? !c.spec.readiness : !c.spec.liveness) || !rng.chance(0.2))
                    continue;
                chatterLine(node, t + rng.between(0, 1900 * kMs), 3, 'I', "prober.go:128",
                            Structured("Probe succeeded")
                                .str("probeType", type)
                                .str("pod", pod.ref())
                                .raw("podUID", m_version.klogJsonValues() ? goQuote(pod.uid) : pod.uid)
                                .str("containerName", c.spec.name));
            }
    }
    if (rng.chance(0.4))
        chatterLine(node, t + rng.between(0, 1900 * kMs), 4, 'I', "kubelet.go:2867",
                    Structured("Container runtime status")
                        .str("status", "Runtime Conditions: RuntimeReady=true reason: message:, NetworkReady=true reason: message:"));
    if (rng.chance(0.2))
        chatterLine(node, t + rng.between(0, 1900 * kMs), 3, 'I', "eviction_manager.go:368",
                    Structured("Eviction manager: no resources are starved"));
    if (rng.chance(0.25)) {
        // The kubelet's own API (httplog at -v=3): Prometheus and metrics-server scraping it.
        static const char *const kScrapes[][2] = {{"/metrics/cadvisor", "Prometheus/2.47.0"},
                                                  {"/metrics", "Prometheus/2.47.0"},
                                                  {"/metrics/probes", "Prometheus/2.47.0"},
                                                  {"/metrics/resource", "metrics-server/v0.6.4 (linux/amd64) kubernetes/$Format"}};
        const auto &s = kScrapes[rng.below(4)];
        const bool prometheus = s[1][0] == 'P';
        chatterLine(node, t + rng.between(0, 1900 * kMs), 3, 'I', "httplog.go:132",
                    Structured("HTTP")
                        .str("verb", "GET")
                        .str("URI", s[0])
                        .str("latency", goDuration(rng.between(2 * kMs, prometheus ? 90 * kMs : 20 * kMs)))
                        .str("userAgent", s[1])
                        .str("audit-ID", "")
                        .str("srcIP", (prometheus ? "10.244.3.41:" : "10.244.1.17:") + std::to_string(rng.between(33000, 60999)))
                        .num("resp", 200));
    }
}

// A CI job's pod from start to removal, as the kubelet logs it at its -v: admission, volumes,
// sandbox, containers, the status manager's patches (multi-KB; a matrix job with 150 shards
// patches well over 100 KB at once), completion, deletion.
bool Day::chatterJob(int node, Nanos t, Nanos until, bool giant)
{
    Random &rng = m_chatterRng;
    const Node &n = m_cluster.nodes[static_cast<std::size_t>(node)];
    const std::string project = rng.pick(std::vector<std::string>{"shop-web", "cart-api", "catalog", "orders", "payments", "infra"});
    ChatterJob job;
    job.ns = "ci";
    job.name = (giant ? "matrix-tests-" : "build-" + project + "-") + std::to_string(rng.between(1000, 99999));
    job.pod = job.name + "-" + rng.nameSuffix(5);
    const std::string uid = rng.uuid(), sandbox = rng.hex(64), volume = "kube-api-access-" + rng.nameSuffix(5);
    const std::string ref = job.ns + "/" + job.pod;
    const std::string uidValue = m_version.klogJsonValues() ? goQuote(uid) : uid;
    const std::string ip = "10.244." + std::to_string(n.podCidrIndex) + "." + std::to_string(rng.between(2, 250));
    struct Step {
        std::string name, image, id;
        Nanos started = 0, finished = 0;
    };
    std::vector<Step> steps;
    if (giant)
        for (int i = 0; i < 150; ++i) {
            char name[16];
            std::snprintf(name, sizeof name, "shard-%03d", i);
            steps.push_back({name, "registry.example.com/ci/test-runner:3.8.2", rng.hex(64)});
        }
    else {
        steps.push_back({"build", "docker.io/library/golang:1.21.3", rng.hex(64)});
        steps.push_back({"helper", "registry.gitlab.com/gitlab-org/gitlab-runner/gitlab-runner-helper:x86_64-v16.5.0", rng.hex(64)});
    }
    // The whole life, removal included, within the node's quiet stretch (else no job now).
    {
        Nanos at = t + 1400 * kMs, last = 0;
        for (Step &s : steps) {
            at += giant ? rng.between(20 * kMs, 60 * kMs) : rng.between(300 * kMs, 1200 * kMs);
            s.started = at;
            s.finished = at + seconds(rng.real(giant ? 40 : 15, giant ? 400 : 240));
            last = std::max(last, s.finished);
        }
        if (last + 70 * kSec >= until)
            return false;
    }
    const std::string pods = "[\"" + ref + "\"]";
    const std::string vol = "\"" + volume + "\" (UniqueName: \"kubernetes.io/projected/" + uid + "-" + volume + "\") pod \"" + job.pod
        + "\" (UID: \"" + uid + "\") ";
    chatterLine(node, t, 2, 'I', "kubelet.go:2380", Structured("SyncLoop ADD").str("source", "api").raw("pods", pods));
    chatterLine(node, t + 2 * kMs, 0, 'I', "topology_manager.go:215",
                Structured("Topology Admit Handler").raw("podUID", uidValue).str("podNamespace", job.ns).str("podName", job.pod));
    chatterLine(node, t + 55 * kMs, 0, 'I', "reconciler_common.go:258",
                Structured("operationExecutor.VerifyControllerAttachedVolume started for volume " + vol).str("pod", ref));
    chatterLine(node, t + 158 * kMs, 0, 'I', "reconciler_common.go:231",
                Structured("operationExecutor.MountVolume started for volume " + vol).str("pod", ref));
    chatterLine(node, t + 169 * kMs, 1, 'I', "operation_generator.go:721",
                Structured("MountVolume.SetUp succeeded for volume " + vol).str("pod", ref));
    chatterLine(node, t + 270 * kMs, 0, 'I', "kuberuntime_manager.go:1059",
                Structured("No sandbox for pod can be found. Need to start a new one").str("pod", ref));
    const Nanos sandboxAt = t + rng.between(600 * kMs, 1300 * kMs);
    chatterLine(node, sandboxAt - 40 * kMs, 3, 'I', "manager.go:1022",
                "Added container: " + goQuote(cgroupPath(uid, sandbox)) + " (aliases: [], namespace: \"\")");
    auto pleg = [&](Nanos at, const char *type, const std::string &id) {
        const std::string event = m_version.klogJsonValues() ? "{\"ID\":\"" + uid + "\",\"Type\":\"" + type + "\",\"Data\":\"" + id + "\"}"
                                                             : "&{ID:" + uid + " Type:" + type + " Data:" + id + "}";
        chatterLine(node, at, 2, 'I', "kubelet.go:2430", Structured("SyncLoop (PLEG): event for pod").str("pod", ref).raw("event", event));
    };
    pleg(sandboxAt, "ContainerStarted", sandbox);
    Nanos at = sandboxAt;
    for (const Step &s : steps)
        at = std::max(at, s.started);
    // The status manager's view at a moment: a patch, then the status it stored.
    int version = 0;
    auto status = [&](Nanos when, const char *phase) {
        const bool done = std::string(phase) == "Succeeded";
        std::string notReady;
        for (const Step &s : steps)
            if (s.started > when || done)
                notReady += (notReady.empty() ? "" : " ") + s.name;
        const std::string ts = rfc3339Seconds(when);
        auto condition = [&](const char *type) {
            if (notReady.empty())
                return "{\"lastTransitionTime\":\"" + ts + "\",\"message\":null,\"reason\":null,\"status\":\"True\",\"type\":\"" + type
                    + "\"}";
            return "{\"lastTransitionTime\":\"" + ts + "\",\"message\":\"containers with unready status: [" + notReady + "]\",\"reason\":\""
                + (done ? "PodCompleted" : "ContainersNotReady") + "\",\"status\":\"False\",\"type\":\"" + type + "\"}";
        };
        std::string patch = "{\"metadata\":{\"uid\":\"" + uid
            + "\"},\"status\":{\"$setElementOrder/conditions\":[{\"type\":\"Initialized\"},{\"type\":\"Ready\"},"
              "{\"type\":\"ContainersReady\"},{\"type\":\"PodScheduled\"}],\"conditions\":["
            + condition("Ready") + "," + condition("ContainersReady") + "],\"containerStatuses\":[";
        for (std::size_t i = 0; i < steps.size(); ++i) {
            const Step &s = steps[i];
            patch += i ? "," : "";
            patch += "{\"containerID\":\"containerd://" + s.id + "\",\"image\":\"" + s.image + "\",\"imageID\":\""
                + s.image.substr(0, s.image.rfind(':')) + "@sha256:" + s.id.substr(0, 16) + s.id.substr(16, 48)
                + "\",\"lastState\":{},\"name\":\"" + s.name + "\",\"ready\":" + (s.started <= when && !done ? "true" : "false")
                + ",\"restartCount\":0,\"started\":" + (s.started <= when && !done ? "true" : "false") + ",\"state\":";
            if (s.started > when)
                patch += "{\"waiting\":{\"reason\":\"ContainerCreating\"}}}";
            else if (!done)
                patch += "{\"running\":{\"startedAt\":\"" + rfc3339Seconds(s.started) + "\"}}}";
            else
                // Test runners leave their results in the termination message (as Tekton steps do).
                patch += "{\"terminated\":{\"containerID\":\"containerd://" + s.id + "\",\"exitCode\":0,\"finishedAt\":\""
                    + rfc3339Seconds(s.finished) + "\",\"message\":\"[{\\\"key\\\":\\\"commit\\\",\\\"value\\\":\\\"" + s.id.substr(0, 40)
                    + "\\\",\\\"type\\\":1},{\\\"key\\\":\\\"passed\\\",\\\"value\\\":\\\"" + std::to_string(rng.between(40, 900))
                    + "\\\",\\\"type\\\":1},{\\\"key\\\":\\\"report\\\",\\\"value\\\":\\\"gs://ci-artifacts/" + job.name + "/" + s.name
                    + "/junit.xml\\\",\\\"type\\\":1}]\",\"reason\":\"Completed\",\"startedAt\":\"" + rfc3339Seconds(s.started) + "\"}}}";
        }
        patch += "],\"hostIP\":\"" + n.ip + "\",\"phase\":\"" + phase + "\",\"podIP\":\"" + ip + "\",\"podIPs\":[{\"ip\":\"" + ip
            + "\"}],\"startTime\":\"" + rfc3339Seconds(t) + "\"}}";
        Pod view;
        view.ns = job.ns;
        view.name = job.pod;
        view.uid = uid;
        chatterLine(node, when, 3, 'I', "status_manager.go:877", patchStatusForPod(view, patch));
        // The status it stored, as klog prints a v1.PodStatus: JSON from klog v2.120 (1.30), %+v before.
        std::string stored;
        if (m_version.klogJsonValues())
            stored = "{\"phase\":\"" + std::string(phase) + "\",\"conditions\":[{\"type\":\"Ready\",\"status\":\""
                + (notReady.empty() ? "True" : "False") + "\",\"lastProbeTime\":null,\"lastTransitionTime\":\"" + ts + "\"}],\"hostIP\":\""
                + n.ip + "\",\"podIP\":\"" + ip + "\",\"startTime\":\"" + rfc3339Seconds(t) + "\",\"qosClass\":\"Burstable\"}";
        else
            stored = "{Phase:" + std::string(phase) + " Conditions:[{Type:Ready Status:" + (notReady.empty() ? "True" : "False")
                + " LastProbeTime:0001-01-01 00:00:00 +0000 UTC LastTransitionTime:" + goTime(when - when % kSec)
                + " Reason: Message:}] Message: Reason: NominatedNodeName: HostIP:" + n.ip + " PodIP:" + ip + " PodIPs:[{IP:" + ip
                + "}] StartTime:" + goTime(t - t % kSec) + " QOSClass:Burstable EphemeralContainerStatuses:[]}";
        chatterLine(
            node, when + rng.between(4 * kMs, 15 * kMs), 3, 'I', "status_manager.go:881",
            Structured("Status for pod updated successfully").str("pod", ref).num("statusVersion", ++version).raw("status", stored));
    };
    status(sandboxAt + 20 * kMs, "Pending");
    Nanos last = 0;
    for (const Step &s : steps) {
        chatterLine(node, s.started - 15 * kMs, 3, 'I', "manager.go:1022",
                    "Added container: " + goQuote(cgroupPath(uid, s.id)) + " (aliases: [], namespace: \"\")");
        pleg(s.started, "ContainerStarted", s.id);
        last = std::max(last, s.finished);
    }
    status(at + 30 * kMs, "Running");
    for (const Step &s : steps) {
        pleg(s.finished + 600 * kMs, "ContainerDied", s.id);
        chatterLine(node, s.finished + 640 * kMs, 3, 'I', "manager.go:1062",
                    "Destroyed container: " + goQuote(cgroupPath(uid, s.id)) + " (aliases: [], namespace: \"\")");
    }
    pleg(last + 900 * kMs, "ContainerDied", sandbox);
    status(last + 950 * kMs, "Succeeded");
    // The TTL-after-finished controller deletes the job a minute later, and its pod with it.
    job.created = t - rng.between(30 * kMs, 80 * kMs);
    job.completed = last + seconds(rng.real(1, 3));
    const Nanos gone = job.completed + seconds(rng.real(60, 62));
    chatterLine(node, gone, 2, 'I', "kubelet.go:2395", Structured("SyncLoop DELETE").str("source", "api").raw("pods", pods));
    chatterLine(node, gone + 6 * kMs, 2, 'I', "kubelet.go:2389", Structured("SyncLoop REMOVE").str("source", "api").raw("pods", pods));
    chatterLine(node, gone + 110 * kMs, 0, 'I', "reconciler_common.go:172",
                Structured("operationExecutor.UnmountVolume started for volume \"" + volume + "\" (UniqueName: \"kubernetes.io/projected/"
                           + uid + "-" + volume + "\") pod \"" + uid + "\" (UID: \"" + uid + "\") "));
    for (const Step &s : steps)
        chatterLine(node, gone + seconds(rng.real(1, 2)), 0, 'I', "scope.go:117", Structured("RemoveContainer").str("containerID", s.id));
    m_chatterJobs.push_back(job);
    return true;
}

void Day::kubeletChatter(int node, std::uint64_t budget)
{
    const auto windows = chatterWindows(node);
    const Nanos total = totalLength(windows);
    LogFile &file = m_kubeletLogs[static_cast<std::size_t>(node)];
    if (budget == 0 || total <= 0 || m_nodes[static_cast<std::size_t>(node)].chatterVerbosity == 0)
        return;
    const std::uint64_t base = file.bytes();
    // A byte clock: each beat lands where the bytes written so far put it in the node's quiet
    // time, so the chatter fills its share evenly whatever the -v and the pods. A beat that
    // found nothing to print (a job that would not fit) still moves the clock.
    std::uint64_t clock = 0;
    // A matrix job's 100 KB+ status patches: one per 40 MiB of a node's chatter, and one a
    // quarter of the way into each of the first three chatty nodes' however small the bundle.
    const std::uint64_t giantEvery = 40ull << 20;
    int chattyBefore = 0;
    for (int n = 0; n < node; ++n)
        chattyBefore += m_nodes[static_cast<std::size_t>(n)].chatterVerbosity >= 3;
    std::uint64_t nextGiant = chattyBefore < 3 ? budget / 4 : giantEvery / 2;
    while (file.bytes() - base < budget && clock < budget + budget / 2) {
        const double fraction = std::min(0.999999, static_cast<double>(clock) / static_cast<double>(budget));
        const Nanos t = timeAt(windows, total, fraction) + m_chatterRng.between(0, 50 * kMs);
        Nanos until = m_end;
        for (const auto &[from, to] : windows)
            if (from <= t && t < to)
                until = to;
        const std::uint64_t before = file.bytes();
        if (clock >= nextGiant && m_nodes[static_cast<std::size_t>(node)].chatterVerbosity >= 3 && chatterJob(node, t, until, true))
            nextGiant = clock + giantEvery;
        else
            chatterBeat(node, t, until);
        const std::uint64_t added = file.bytes() - before;
        clock += added ? added : 4096;
    }
}

void Day::controllerChatter(std::uint64_t budget)
{
    Random &rng = m_chatterRng;
    // The events of the chatter's jobs (job controller; the TTL controller's delete has none).
    for (const ChatterJob &j : m_chatterJobs) {
        controllerEvent(j.created + 12 * kMs, "Job", j.ns, j.name, "batch/v1", "Normal", "SuccessfulCreate", "Created pod: " + j.pod);
        controllerEvent(j.completed + rng.between(200 * kMs, 900 * kMs), "Job", j.ns, j.name, "batch/v1", "Normal", "Completed",
                        "Job completed");
    }
    const std::uint64_t base = m_controller.bytes();
    if (budget == 0)
        return;
    std::vector<std::size_t> deployments, replicaSets;
    for (std::size_t w = 0; w < m_cluster.workloads.size(); ++w)
        if (m_cluster.workloads[w].kind == "Deployment")
            deployments.push_back(w);
    if (deployments.empty())
        return;
    static const char *const kTypes[] = {"*v1.Pod",           "*v1.Node",       "*v1.Service",   "*v1.EndpointSlice",
                                         "*v1.ReplicaSet",    "*v1.Deployment", "*v1.ConfigMap", "*v1.Secret",
                                         "*v1.Lease",         "*v1.Job",        "*v1.CronJob",   "*v1.PersistentVolumeClaim",
                                         "*v1.ServiceAccount"};
    const bool contextual = m_version.controllerStructured();
    const Nanos length = m_end - m_start;
    while (m_controller.bytes() < base + budget) {
        const double f = static_cast<double>(m_controller.bytes() - base) / static_cast<double>(budget);
        const Nanos t = m_start + static_cast<Nanos>(f * static_cast<double>(length)) + rng.between(0, 400 * kMs);
        const Workload &w = m_cluster.workloads[rng.pick(deployments)];
        const std::string rs = w.ns + "/" + w.name + "-" + w.replicaSetHash, key = w.ns + "/" + w.name;
        const std::string took = goDuration(rng.between(40 * kUs, 3 * kMs));
        switch (rng.below(5)) {
        case 0:
            controllerLine(t, 'I', "reflector.go:790",
                           "k8s.io/client-go/informers/factory.go:150: Watch close - " + std::string(kTypes[rng.below(std::size(kTypes))])
                               + " total " + std::to_string(rng.between(0, 240)) + " items received");
            break;
        case 1:
            controllerLine(t, 'I', contextual ? "replica_set.go:680" : "replica_set.go:667",
                           contextual
                               ? std::string(Structured("Finished syncing").str("kind", "ReplicaSet").str("key", rs).str("duration", took))
                               : "Finished syncing ReplicaSet " + goQuote(rs) + " (" + took + ")");
            break;
        case 2:
            controllerLine(
                t, 'I', "endpointslice_controller.go:319",
                contextual ? std::string(Structured("Finished syncing service endpoint slices").str("key", key).str("elapsedTime", took))
                           : "Finished syncing service " + goQuote(key) + " endpoint slices. (" + took + ")");
            break;
        default: {
            const Nanos done = t + rng.between(100 * kUs, 2 * kMs);
            controllerLine(t, 'I', "deployment_controller.go:599",
                           Structured("Started syncing deployment").str("deployment", key).str("startTime", goTime(t)));
            controllerLine(done, 'I', "deployment_controller.go:601",
                           Structured("Finished syncing deployment").str("deployment", key).str("duration", goDuration(done - t)));
        }
        }
    }
}

void Day::apiserverChatter(std::uint64_t budget)
{
    Random &rng = m_chatterRng;
    const Nanos length = m_end - m_start;
    std::uint64_t bytes = 0;
    const std::uint64_t overhead = m_version.httplogApfFields() ? 330 : 210; // a line besides its URI, agent and source
    const std::string controller = componentAgent("kube-controller-manager");
    const std::string kubectl = "kubectl/" + m_version.text() + " (linux/amd64) kubernetes/" + m_version.gitCommit();
    static const char *const kNamespaces[] = {"shop", "data", "monitoring", "kube-system", "ci", "batch", "ops"};
    static const char *const kResources[] = {"pods",    "services", "endpoints",       "configmaps",
                                             "secrets", "events",   "serviceaccounts", "persistentvolumeclaims"};
    std::uint64_t resourceVersion = 48213377;
    std::uint64_t traces = 0;
    while (bytes < budget) {
        const double f = static_cast<double>(bytes) / static_cast<double>(budget);
        ApiRequest r;
        r.t = m_start + static_cast<Nanos>(f * static_cast<double>(length)) + rng.between(0, 300 * kMs);
        resourceVersion += rng.between(1, 40);
        const std::string ns = kNamespaces[rng.below(std::size(kNamespaces))];
        std::string verb = "GET", uri, agent, src;
        const std::uint64_t kind = rng.below(100);
        if (kind < 30) {
            // A kubelet's watches of the config maps and secrets its pods mount.
            const int node = static_cast<int>(rng.below(m_cluster.nodes.size() - 1));
            const std::string what = rng.chance(0.5) ? "configmaps" : "secrets";
            const Nanos timeout = seconds(rng.real(300, 600));
            verb = "WATCH";
            uri = "/api/v1/namespaces/" + ns + "/" + what + "?allowWatchBookmarks=true&fieldSelector=metadata.name%3D"
                + (what == "configmaps" ? std::string("kube-root-ca.crt") : "default-token-" + rng.nameSuffix(5))
                + "&resourceVersion=" + std::to_string(resourceVersion) + "&timeout=" + goDuration(timeout - timeout % kSec)
                + "&timeoutSeconds=" + std::to_string(timeout / kSec) + "&watch=true";
            agent = kubeletAgent(node, r.t);
            src = m_cluster.nodes[static_cast<std::size_t>(node)].ip + ":" + std::to_string(portAt(node, r.t));
            r.latency = timeout + rng.between(kMs, 40 * kMs);
            r.flow = ApiRequest::Nodes;
        } else if (kind < 55) {
            // The controller manager's shared informers renew their watches.
            const std::string res = kResources[rng.below(std::size(kResources))];
            const Nanos timeout = seconds(rng.real(300, 600));
            verb = "WATCH";
            uri = "/api/v1/" + res + "?allowWatchBookmarks=true&resourceVersion=" + std::to_string(resourceVersion)
                + "&timeout=" + goDuration(timeout - timeout % kSec) + "&timeoutSeconds=" + std::to_string(timeout / kSec) + "&watch=true";
            agent = controller + "/shared-informers";
            src = m_cluster.controlPlaneIp + ":40312";
            r.latency = timeout + rng.between(kMs, 40 * kMs);
            r.flow = ApiRequest::ControllerWorkload;
        } else if (kind < 75) {
            // Events from the kubelets and controllers.
            const int node = static_cast<int>(rng.below(m_cluster.nodes.size() - 1));
            verb = rng.chance(0.7) ? "POST" : "PATCH";
            uri = "/api/v1/namespaces/" + ns + "/events" + (verb == "PATCH" ? "/" + rng.nameSuffix(12) + "." + rng.hex(16) : "");
            agent = kubeletAgent(node, r.t);
            src = m_cluster.nodes[static_cast<std::size_t>(node)].ip + ":" + std::to_string(portAt(node, r.t));
            r.code = verb == "POST" ? 201 : 200;
            r.latency = rng.between(2 * kMs, 12 * kMs);
            r.flow = ApiRequest::Nodes;
        } else {
            // People and dashboards listing things.
            const std::string res = kResources[rng.below(std::size(kResources))];
            verb = "LIST";
            uri = "/api/v1/namespaces/" + ns + "/" + res + "?limit=500";
            agent = rng.chance(0.5) ? kubectl : "Grafana/10.1.5";
            src = "10.20.9." + std::to_string(rng.between(10, 40)) + ":" + std::to_string(rng.between(40000, 60999));
            r.latency = rng.between(3 * kMs, 180 * kMs);
            r.flow = ApiRequest::Users;
            if (rng.chance(0.002)) {
                // A slow cluster-wide list: the apiserver's trace (utiltrace, several lines).
                const Nanos took = seconds(rng.real(1.1, 4.5));
                char id[16];
                std::snprintf(id, sizeof id, "%llu", static_cast<unsigned long long>(rng.between(100000000, 2147483647)));
                const CivilTime c = civil(r.t - took), e = civil(r.t);
                static constexpr const char *kMonths[] = {"Jan", "Feb", "Mar", "Apr", "May", "Jun",
                                                          "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};
                char began[48], ended[24];
                std::snprintf(began, sizeof began, "%02d-%s-%04d %02d:%02d:%02d.%03lld", c.day, kMonths[c.month - 1], c.year, c.hour,
                              c.minute, c.second, static_cast<long long>(c.nanos / kMs));
                std::snprintf(ended, sizeof ended, "%02d:%02d:%02d.%03lld", e.hour, e.minute, e.second,
                              static_cast<long long>(e.nanos / kMs));
                const std::string tr = std::string("Trace[") + id + "]: ";
                m_apiExtra.push_back({r.t + 200 * kUs,
                                      klogHeader('I', r.t + 200 * kUs, 1, "trace.go:236") + tr + "\"List\" url:/api/v1/" + res
                                          + ",user-agent:" + agent + ",audit-id:" + rng.uuid() + ",client:" + src.substr(0, src.find(':'))
                                          + ",accept:application/json, */*,protocol:HTTP/2.0 (" + began + ") (total time: "
                                          + std::to_string(took / kMs) + "ms):\n" + tr + "---\"Writing http response done\" count:"
                                          + std::to_string(rng.between(2000, 40000)) + " " + std::to_string(took / kMs - rng.between(5, 60))
                                          + "ms (" + ended + ")\n" + tr + "[" + goDuration(took) + "] [" + goDuration(took) + "] END"});
                uri = "/api/v1/" + res + "?limit=500";
                r.latency = took;
                ++traces;
            }
        }
        r.verb = intern(verb);
        r.uri = intern(uri);
        r.agent = intern(agent);
        r.src = intern(src);
        bytes += overhead + uri.size() + agent.size() + src.size();
        m_api.push_back(r);
    }
    (void)traces;
}

// Apiserver lines the day already has: the requests the simulation logged plus the control
// plane's periodic ones writeApiserver adds (leader election every 2 s for two components,
// /livez and /readyz every 10 s, /metrics every 30 s), at the length such lines have.
std::uint64_t Day::apiserverBaseEstimate() const
{
    const double seconds = static_cast<double>(m_end - m_start + 60 * kSec) / kSec;
    const double lines = static_cast<double>(m_api.size()) + seconds / 2.0015 * 4 + seconds / 10 * 2 + seconds / 30;
    return static_cast<std::uint64_t>(lines * (m_version.httplogApfFields() ? 484 : 355));
}

// --size: the apiserver's share of the chatter first (its base size is estimated), then every
// kubelet's share by its -v, measured against what is really there, then the controller's
// share with the events of the kubelets' jobs; the files go out in the usual order.
void Day::writeSized(GeneratedBundle &out, Random &damage)
{
    auto add = [&](const FileFigures &f) {
        out.files.push_back({f.path, f.lines, f.bytes, f.damaged});
        out.lines += f.lines;
        out.bytes += f.bytes;
        out.damagedLines += f.damaged;
    };
    std::uint64_t kubeletBase = 0;
    double weights = 0;
    for (std::size_t n = 0; n < m_kubeletLogs.size(); ++n)
        if (!m_cluster.nodes[n].controlPlane) {
            kubeletBase += m_kubeletLogs[n].bytes();
            weights += verbosityWeight(m_nodes[n].chatterVerbosity);
        }
    const std::uint64_t target = m_options.targetBytes;
    const std::uint64_t base = kubeletBase + m_controller.bytes() + apiserverBaseEstimate();
    const std::uint64_t chatter = target > base ? target - base : 0;
    if (chatter == 0)
        m_noise.push_back("no chatter: the day weighs about " + std::to_string(base >> 20) + " MiB without it, more than --size");
    else
        m_noise.push_back("high-verbosity chatter of about " + std::to_string(chatter >> 20)
                          + " MiB (kubelets at -v=2..4, the controller manager at -v=4)");
    const std::uint64_t controllerShare = chatter / 40;
    apiserverChatter(chatter / 10);
    const FileFigures api = writeApiserver(damage);
    // What is left for the kubelets, shared by -v; a node that came out long or short moves
    // the others' shares, so the total lands close to the target.
    const std::uint64_t controllerGuess = m_controller.bytes() + controllerShare;
    std::uint64_t remaining = target > api.bytes + controllerGuess + kubeletBase ? target - api.bytes - controllerGuess - kubeletBase : 0;
    std::uint64_t chattered = 0;
    for (std::size_t n = 0; n < m_kubeletLogs.size(); ++n) {
        if (m_cluster.nodes[n].controlPlane)
            continue;
        const double w = verbosityWeight(m_nodes[n].chatterVerbosity);
        const std::uint64_t before = m_kubeletLogs[n].bytes();
        const std::uint64_t share = weights > 0 ? static_cast<std::uint64_t>(static_cast<double>(remaining) * w / weights) : 0;
        kubeletChatter(static_cast<int>(n), share);
        const std::uint64_t added = m_kubeletLogs[n].bytes() - before;
        chattered += added;
        remaining = remaining > added ? remaining - added : 0;
        weights -= w;
    }
    (void)chattered;
    controllerChatter(controllerShare);
    for (std::size_t n = 0; n < m_kubeletLogs.size(); ++n)
        if (!m_cluster.nodes[n].controlPlane)
            add(m_kubeletLogs[n].write(m_options.outputDir, damage, 0.001));
    add(m_controller.write(m_options.outputDir, damage, 0.0));
    add(api);
}

} // namespace kubelane::bundlegen
