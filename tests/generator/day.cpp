// Planning a day: where and when the planted incidents and the noise happen, then running
// the scenes, the heartbeat simulation and the writers in an order where each step finds what
// it needs (pods before kubelet scenes, leases before the controller's reaction to them).
#include "day.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <set>
#include <stdexcept>

namespace kubelane::bundlegen {

bool NodeTimeline::isBusy(Nanos from, Nanos to) const
{
    return std::any_of(busy.begin(), busy.end(), [&](const auto &b) { return from < b.second && b.first < to; });
}

const KubeletRun *NodeTimeline::runAfter(Nanos t) const
{
    for (const KubeletRun &r : runs)
        if (r.start > t)
            return &r;
    return nullptr;
}

const KubeletRun &NodeTimeline::runAt(Nanos t) const
{
    const KubeletRun *run = &runs.front();
    for (const KubeletRun &r : runs)
        if (r.start <= t)
            run = &r;
    return *run;
}

const Silence *NodeTimeline::silenceAt(Nanos t) const
{
    for (const Silence &s : silences)
        if (s.from <= t && t < s.to)
            return &s;
    return nullptr;
}

bool NodeTimeline::kubeletDownAt(Nanos t) const
{
    const Silence *s = silenceAt(t);
    return s && s->cause == Silence::Cause::KubeletDown;
}

namespace {

std::string controllerManagerPath(Random &rng, LogShape shape)
{
    if (shape == LogShape::Cri)
        return "control-plane/var/log/pods/kube-system_kube-controller-manager-cp-1_" + rng.uuid() + "/kube-controller-manager/0.log";
    return "control-plane/kube-controller-manager.log";
}

std::string kubeletPath(const Node &n)
{
    switch (n.shape) {
    case LogShape::Journald: return "nodes/" + n.name + "/journal-kubelet.txt";
    case LogShape::RawKlog: return "nodes/" + n.name + "/kubelet.log";
    case LogShape::Cri: return "nodes/" + n.name + "/kubelet-cri.log";
    }
    return {};
}

} // namespace

Day::Day(const GeneratorOptions &options, const KubeVersion &version, std::vector<std::string> plant)
    : m_options(options), m_version(version), m_plant(std::move(plant)), m_rng(options.seed),
      m_chatterRng(Random(options.seed).fork("chatter")), m_controller("", LogShape::Cri)
{
    m_start = options.startUnixSeconds * kSec;
    m_end = m_start + seconds(options.hours * 3600);
    m_grace = version.defaultGraceSeconds() * kSec;
    Random clusterRng = m_rng.fork("cluster");
    m_cluster = buildCluster(clusterRng, version, options.nodes, m_start);
    // The controller manager starts 90 s before the day; its monitor passes run from then.
    m_passPhase = m_start - 90 * kSec + m_rng.between(0, 5 * kSec - 1);
    Random nodeRng = m_rng.fork("nodes");
    for (const Node &n : m_cluster.nodes) {
        NodeTimeline tl;
        KubeletRun first;
        first.start = m_start - seconds(nodeRng.real(1.5, 19) * 86400);
        first.version = version;
        first.pid = static_cast<int>(nodeRng.between(640, 3400));
        first.verbosity = 2;
        tl.runs.push_back(first);
        m_nodes.push_back(tl);
        m_kubeletLogs.emplace_back(kubeletPath(n), n.shape, n.name, "kubelet");
    }
    Random cpRng = m_rng.fork("controller-manager");
    const LogShape cmShape = cpRng.chance(0.5) ? LogShape::Cri : LogShape::RawKlog;
    m_controller = LogFile(controllerManagerPath(cpRng, cmShape), cmShape);
    m_controllerPid = cmShape == LogShape::Cri ? 1 : static_cast<int>(cpRng.between(900, 2200));
}

std::optional<Nanos> Day::freeTime(int node, Nanos length, Nanos margin, Nanos from, Nanos to)
{
    if (from == 0)
        from = m_start + 20 * kMin;
    if (to == 0)
        to = m_end - 25 * kMin;
    if (to - length <= from)
        return std::nullopt;
    for (int attempt = 0; attempt < 300; ++attempt) {
        const Nanos t = from + m_rng.between(0, to - length - from);
        const Nanos a = t - margin, b = t + length + margin;
        const bool clash = node >= 0
            ? m_nodes[static_cast<std::size_t>(node)].isBusy(a, b)
            : std::any_of(m_globalBusy.begin(), m_globalBusy.end(), [&](const auto &w) { return a < w.second && w.first < b; });
        if (!clash)
            return t;
    }
    return std::nullopt;
}

int Day::pickNode(bool wantApp, bool wantBatch, bool wantJournald)
{
    std::vector<int> candidates;
    for (std::size_t i = 0; i < m_cluster.nodes.size(); ++i) {
        const Node &n = m_cluster.nodes[i];
        if (n.controlPlane || (wantApp && n.batch) || (wantBatch && !n.batch) || (wantJournald && n.shape != LogShape::Journald))
            continue;
        candidates.push_back(static_cast<int>(i));
    }
    if (candidates.empty())
        return -1;
    return m_rng.pick(candidates);
}

void Day::addRestart(int node, Nanos stop, Nanos start, const KubeVersion &version, int verbosity)
{
    NodeTimeline &tl = m_nodes[static_cast<std::size_t>(node)];
    KubeletRun run;
    run.start = start;
    run.version = version;
    run.pid = tl.runs.back().pid + static_cast<int>(m_rng.between(2000, 90000));
    run.verbosity = verbosity;
    tl.runs.push_back(run);
    tl.silences.push_back({Silence::Cause::KubeletDown, stop, start + seconds(m_rng.real(0.9, 1.8))});
    std::sort(tl.silences.begin(), tl.silences.end(), [](const Silence &a, const Silence &b) { return a.from < b.from; });
}

void Day::planIncidents()
{
    std::set<int> used;
    auto node = [&](bool app, bool batch, bool journald, auto extra) {
        for (int attempt = 0; attempt < 200; ++attempt) {
            const int n = pickNode(app, batch, journald);
            if (n >= 0 && !used.count(n) && extra(n)) {
                used.insert(n);
                return n;
            }
        }
        throw std::invalid_argument("too few nodes to plant every incident on its own node");
    };
    auto any = [](int) { return true; };
    auto readinessPods = [&](int n) {
        int count = 0;
        for (int p : m_cluster.podsOn(n, m_start))
            count += m_cluster.pods[static_cast<std::size_t>(p)].hasReadinessProbe();
        return count >= 2;
    };
    auto when = [&](int n, Nanos length) {
        auto t = freeTime(n, length, 12 * kMin);
        if (!t)
            t = freeTime(-1, length, 2 * kMin);
        if (!t)
            throw std::invalid_argument("the bundle is too short for the incidents asked (use more hours)");
        m_globalBusy.push_back({*t - 2 * kMin, *t + length + 2 * kMin});
        reserve(n, *t - 8 * kMin, *t + length + 8 * kMin);
        return *t;
    };
    for (const std::string &rule : m_plant) {
        if (rule == "node-heartbeat-gap") {
            const int n = node(false, false, false, any);
            plantHeartbeatGap(n, when(n, 4 * kMin));
        } else if (rule == "pleg-unhealthy") {
            const int n = node(true, false, false, readinessPods);
            const Nanos t = when(n, 10 * kMin);
            scene(t, [this, n, t] { plantPlegUnhealthy(n, t); });
            // The kubelet's own Ready condition, as its node status setter will compute it.
            NodeTimeline &tl = m_nodes[static_cast<std::size_t>(n)];
            (void)tl;
        } else if (rule == "probe-status-race") {
            const int n = node(true, false, false, readinessPods);
            const Nanos length = seconds(m_rng.real(15, 35) * 60);
            const Nanos t = when(n, length + 2 * kMin);
            const Nanos stop = t - seconds(m_rng.real(0.4, 1.2));
            addRestart(n, stop, t, m_version, 3);
            const Nanos revert = t + length;
            addRestart(n, revert - seconds(m_rng.real(0.4, 1.2)), revert, m_version, 2);
            scene(t, [this, n, t] { plantProbeStatusRace(n, t); });
        } else if (rule == "spec-hash-restart") {
            const int n = node(true, false, false, any);
            const Nanos t = when(n, 6 * kMin);
            NodeTimeline &tl = m_nodes[static_cast<std::size_t>(n)];
            tl.runs.front().version = m_version.previousMinor();
            addRestart(n, t - seconds(m_rng.real(4, 11)), t, m_version, 2);
            scene(t, [this, n, t] { plantSpecHashRestart(n, t); });
        } else if (rule == "sandbox-missing") {
            // A node whose kubelet logs to the journal, so systemd's restarts are in the bundle.
            const int n = node(false, false, true, any);
            const int crashes = static_cast<int>(m_rng.between(5, 10));
            planSandboxMissing(n, when(n, crashes * 11 * kSec + 2 * kMin), crashes);
        }
    }
}

void Day::planSandboxMissing(int node, Nanos at, int crashes)
{
    NodeTimeline &tl = m_nodes[static_cast<std::size_t>(node)];
    CrashLoop loop;
    loop.node = node;
    loop.stop = at - seconds(m_rng.real(0.4, 1.2));
    loop.firstRun = tl.runs.size();
    loop.crashes = crashes;
    const std::string orphan = m_rng.hex(64);
    Nanos start = at;
    for (int i = 0; i <= crashes; ++i) {
        KubeletRun run;
        run.start = start;
        run.version = m_version;
        run.pid = tl.runs.back().pid + static_cast<int>(m_rng.between(40, 400));
        if (i < crashes) {
            // As kubeletStartup times it: the main sync loop starts 118 ms in, the container
            // manager fails some 60-110 ms later; systemd reaps the process a few ms after.
            run.orphanSandbox = orphan;
            run.fatalAt = start + 118 * kMs + m_rng.between(60 * kMs, 110 * kMs);
            run.exitAt = run.fatalAt + m_rng.between(3 * kMs, 12 * kMs);
            // RestartSec=10s (kubeadm's 10-kubeadm.conf / the kubelet package's unit).
            start = run.exitAt + 10 * kSec + m_rng.between(4 * kMs, 20 * kMs);
        }
        tl.runs.push_back(run);
    }
    // Nothing reaches the apiserver from the first stop until the good run's lease controller.
    tl.silences.push_back({Silence::Cause::KubeletDown, loop.stop, start + seconds(m_rng.real(0.9, 1.8))});
    std::sort(tl.silences.begin(), tl.silences.end(), [](const Silence &a, const Silence &b) { return a.from < b.from; });
    PlantedIncident p;
    p.rule = "sandbox-missing";
    p.subject = "node/" + m_cluster.nodes[static_cast<std::size_t>(node)].name;
    p.startNs = loop.stop;
    p.endNs = start + 30 * kSec;
    p.what = "kubelet " + m_version.text() + " exits " + std::to_string(crashes) + " times at start (no PodsandBox found with Id '"
        + orphan.substr(0, 12) + "...'), systemd restarts it every 10 s until the orphan container is removed";
    loop.planted = m_planted.size();
    m_planted.push_back(p);
    m_crashLoops.push_back(loop);
    scene(at, [this, i = m_crashLoops.size() - 1] { plantSandboxMissing(m_crashLoops[i]); });
}

// The leases stop while the kubelet crash-loops. Whether that is a heartbeat gap the
// controller acted on is what the simulation says: a stale lease (older than the grace
// period at a monitor pass) in the loop makes it one, planted with the crash loop.
void Day::finishCrashLoops()
{
    for (const CrashLoop &loop : m_crashLoops) {
        const NodeTimeline &tl = m_nodes[static_cast<std::size_t>(loop.node)];
        const Nanos up = tl.runs[loop.firstRun + static_cast<std::size_t>(loop.crashes)].start;
        for (const NodeTimeline::Stale &s : tl.stale) {
            if (s.lastRenewal > up || s.seen < loop.stop)
                continue;
            const auto after = std::upper_bound(tl.leasePuts.begin(), tl.leasePuts.end(), s.lastRenewal);
            PlantedIncident p;
            p.rule = "node-heartbeat-gap";
            p.subject = m_planted[loop.planted].subject;
            p.startNs = s.lastRenewal;
            p.endNs = after == tl.leasePuts.end() ? m_end : *after;
            p.what = "no lease renewal for " + std::to_string((p.endNs - p.startNs) / kSec) + " s while the kubelet crash-loops (grace "
                + std::to_string(m_grace / kSec) + " s): the controller marks the node Unknown and taints it";
            m_planted.push_back(p);
        }
    }
}

void Day::planNoise()
{
    const double h = m_options.hours;
    auto count = [&](double perHour, int least) { return std::max(least, static_cast<int>(std::lround(h * perHour))); };

    // Heartbeat blips shorter than the grace period: the controller does not react.
    std::vector<double> blips = m_options.blipGapsSeconds;
    if (blips.empty())
        for (int i = 0; i < count(0.6, 2); ++i)
            blips.push_back(m_rng.real(15, 30));
    for (double gap : blips) {
        if (gap * kSec >= m_grace - 2 * kSec)
            throw std::invalid_argument("a blip of " + std::to_string(gap) + " s is not below the grace period of "
                                        + std::to_string(m_grace / kSec) + " s");
        for (int attempt = 0; attempt < 50; ++attempt) {
            const int n = pickNode(false, false);
            const auto t = freeTime(n, 2 * kMin, 5 * kMin);
            if (!t)
                continue;
            reserve(n, *t - 3 * kMin, *t + 5 * kMin);
            m_globalBusy.push_back({*t - kMin, *t + 3 * kMin});
            NodeTimeline &tl = m_nodes[static_cast<std::size_t>(n)];
            // Placed where the lease simulation reaches it, so the gap comes out as asked.
            tl.silences.push_back({Silence::Cause::Network, *t, *t + seconds(gap), seconds(gap), true});
            std::sort(tl.silences.begin(), tl.silences.end(), [](const Silence &a, const Silence &b) { return a.from < b.from; });
            break;
        }
    }
    // A kubelet restart at --v=3 on a node whose pods have no readiness probe: statuses are
    // generated first, nothing becomes unready.
    if (const int n = pickNode(false, true); n >= 0) {
        const Nanos length = seconds(m_rng.real(10, 20) * 60);
        if (const auto t = freeTime(n, length + 2 * kMin, 5 * kMin)) {
            reserve(n, *t - 3 * kMin, *t + length + 3 * kMin);
            addRestart(n, *t - seconds(m_rng.real(0.4, 1.2)), *t, m_version, 3);
            addRestart(n, *t + length - seconds(m_rng.real(0.4, 1.2)), *t + length, m_version, 2);
            scene(*t, [this, n, t = *t] { noiseVerboseRestart(n, t); });
            m_noise.push_back("kubelet restart at --v=3 on node/" + m_cluster.nodes[static_cast<std::size_t>(n)].name
                              + " (no readiness probes there)");
        }
    }
    // Plain restarts at the usual verbosity (config change); one kubelet finds a container
    // whose sandbox is gone and logs it, as kubelets since 1.24 do, and carries on.
    for (int i = 0; i < count(1.0 / 6, 1); ++i) {
        const int n = pickNode(false, false);
        if (const auto t = freeTime(n, 3 * kMin, 5 * kMin)) {
            reserve(n, *t - 3 * kMin, *t + 5 * kMin);
            addRestart(n, *t - seconds(m_rng.real(0.4, 3)), *t, m_version, 2);
            // (A kubelet that still crashes on it cannot log it and carry on.)
            const bool sandboxNote = i == 0 && !m_version.sandboxMissingCrashes();
            scene(*t, [this, n, t = *t, sandboxNote] { noisePlainRestart(n, t, sandboxNote); });
            m_noise.push_back("kubelet restart on node/" + m_cluster.nodes[static_cast<std::size_t>(n)].name
                              + (sandboxNote ? " (logs a container without sandbox and carries on)" : ""));
        }
    }
    // Rollouts and the hourly backup job create and delete pods.
    for (int i = 0; i < count(1.0 / 5, 1); ++i) {
        std::vector<std::size_t> deployments;
        for (std::size_t w = 0; w < m_cluster.workloads.size(); ++w)
            if (m_cluster.workloads[w].kind == "Deployment" && m_cluster.workloads[w].ns == "shop")
                deployments.push_back(w);
        if (deployments.empty())
            break;
        const std::size_t w = m_rng.pick(deployments);
        if (const auto t = freeTime(-1, 6 * kMin, 0))
            noiseRollout(w, *t);
    }
    // Two CronJobs: a backup every hour, a short roll-up every 10 minutes (the controller
    // manager logs their events, so its log covers the whole day).
    const CronSpec crons[] = {{"ops", "db-backup", "backup", "registry.example.com/ops/db-backup:1.4.0", kHour, 40, 150},
                              {"batch", "metrics-rollup", "rollup", "registry.example.com/batch/metrics-rollup:2.3.1", 10 * kMin, 4, 25}};
    for (const CronSpec &cron : crons)
        for (Nanos at = (m_start / cron.period + 1) * cron.period; at < m_end - 5 * kMin; at += cron.period) {
            int n = pickNode(false, true);
            if (n < 0 || m_nodes[static_cast<std::size_t>(n)].isBusy(at - kMin, at + 3 * kMin))
                n = pickNode(false, false);
            if (m_nodes[static_cast<std::size_t>(n)].isBusy(at - kMin, at + 3 * kMin))
                continue;
            noiseCronJob(at, n, cron);
        }
    // Small things that happen all day.
    auto podWith = [&](auto want) {
        for (int attempt = 0; attempt < 100; ++attempt) {
            const int p = static_cast<int>(m_rng.below(m_cluster.pods.size()));
            const Pod &pod = m_cluster.pods[static_cast<std::size_t>(p)];
            if (want(pod))
                return p;
        }
        return -1;
    };
    auto podTime = [&](int p, Nanos length) -> std::optional<Nanos> {
        const Pod &pod = m_cluster.pods[static_cast<std::size_t>(p)];
        const auto t = freeTime(pod.node, length, 2 * kMin);
        if (!t || !pod.runningAt(*t) || !pod.runningAt(*t + length))
            return std::nullopt;
        reserve(pod.node, *t - kMin, *t + length + kMin);
        return t;
    };
    for (int i = 0; i < count(1.0 / 12, 1); ++i) {
        const int p = podWith([](const Pod &pod) { return pod.ns == "shop" && pod.deleted == 0; });
        if (p < 0)
            continue;
        if (const auto t = podTime(p, 2 * kMin)) {
            scene(*t, [this, p, t = *t] { noiseImageBump(p, t); });
            m_noise.push_back("in-place image change of " + m_cluster.pods[static_cast<std::size_t>(p)].ref()
                              + " (one container recreated, no kubelet restart)");
        }
    }
    for (int i = 0; i < count(1.0, 2); ++i) {
        const int p = podWith([](const Pod &pod) {
            return pod.deleted == 0
                && std::any_of(pod.containers.begin(), pod.containers.end(), [](const Container &c) { return c.spec.liveness; });
        });
        if (p < 0)
            continue;
        if (const auto t = podTime(p, 2 * kMin)) {
            scene(*t, [this, p, t = *t] { noiseLivenessRestart(p, t); });
            m_noise.push_back("liveness probe failures restart a container of " + m_cluster.pods[static_cast<std::size_t>(p)].ref());
        }
    }
    for (int i = 0; i < count(2.0, 3); ++i) {
        const int p = podWith([](const Pod &pod) { return pod.deleted == 0 && pod.hasReadinessProbe(); });
        if (p < 0)
            continue;
        if (const auto t = podTime(p, 3 * kMin))
            scene(*t, [this, p, t = *t] { noiseReadinessFlap(p, t); });
    }
    for (int i = 0; i < count(0.5, 1); ++i) {
        const int n = pickNode(false, false);
        if (const auto t = freeTime(n, 10 * kSec, kMin))
            scene(*t, [this, n, t = *t] { noiseHousekeeping(n, t); });
    }
    for (std::size_t n = 0; n < m_cluster.nodes.size(); ++n)
        if (!m_cluster.nodes[n].controlPlane)
            scene(m_start, [this, n] { noiseSteady(static_cast<int>(n)); });
}

void Day::planApiLoss()
{
    const double h = m_options.hours;
    // Holes: every line of a minute or two is gone (the collector lost a rotated chunk).
    const int holes = std::max(1, static_cast<int>(std::lround(h / 8)));
    for (int i = 0; i < holes; ++i) {
        const Nanos length = seconds(m_rng.real(60, 150));
        if (const auto t = freeTime(-1, length, 8 * kMin, m_start + 10 * kMin, m_end - 10 * kMin)) {
            m_apiLoss.push_back({*t, *t + length, 0});
            m_globalBusy.push_back({*t - 8 * kMin, *t + length + 8 * kMin});
            m_noise.push_back("kube-apiserver log hole of " + std::to_string(length / kSec) + " s at " + formatTime(*t));
        }
    }
    // Thinned minutes: the collector dropped most lines under back-pressure.
    const int thinned = std::max(2, static_cast<int>(std::lround(h / 4)));
    for (int i = 0; i < thinned; ++i) {
        const Nanos length = seconds(m_rng.real(120, 240));
        if (const auto t = freeTime(-1, length, 8 * kMin, m_start + 10 * kMin, m_end - 10 * kMin)) {
            const double keep = m_rng.real(0.2, 0.35);
            m_apiLoss.push_back({*t, *t + length, keep});
            m_globalBusy.push_back({*t - 8 * kMin, *t + length + 8 * kMin});
            m_noise.push_back("kube-apiserver log keeps " + std::to_string(static_cast<int>(keep * 100)) + " % of its lines for "
                              + std::to_string(length / kSec) + " s at " + formatTime(*t));
        }
    }
}

GeneratedBundle Day::generate()
{
    m_scenes.clear();
    planIncidents();
    planNoise();
    planApiLoss();
    planChatter();
    std::stable_sort(m_scenes.begin(), m_scenes.end(), [](const auto &a, const auto &b) { return a.first < b.first; });
    for (auto &s : m_scenes)
        s.second();
    m_scenes.clear();
    for (std::size_t n = 0; n < m_nodes.size(); ++n)
        simulateLeases(static_cast<int>(n));
    for (std::size_t n = 0; n < m_nodes.size(); ++n)
        simulateControllerStaleness(static_cast<int>(n));
    finishCrashLoops();
    for (std::size_t n = 0; n < m_nodes.size(); ++n)
        simulateNodeStatus(static_cast<int>(n));
    for (std::size_t n = 0; n < m_nodes.size(); ++n)
        writeControllerStaleness(static_cast<int>(n));
    for (std::size_t n = 0; n < m_nodes.size(); ++n)
        simulateControllerReadiness(static_cast<int>(n));
    finishHeartbeatGaps();
    describeBlips();
    controllerStartup();

    GeneratedBundle out;
    Random damage = m_rng.fork("damage");
    auto add = [&](const FileFigures &f) {
        out.files.push_back({f.path, f.lines, f.bytes, f.damaged});
        out.lines += f.lines;
        out.bytes += f.bytes;
        out.damagedLines += f.damaged;
    };
    if (m_options.targetBytes > 0) {
        writeSized(out, damage);
    } else {
        for (std::size_t n = 0; n < m_kubeletLogs.size(); ++n)
            if (!m_cluster.nodes[n].controlPlane)
                add(m_kubeletLogs[n].write(m_options.outputDir, damage, 0.001));
        add(m_controller.write(m_options.outputDir, damage, 0.0));
        add(writeApiserver(damage));
    }
    std::sort(m_planted.begin(), m_planted.end(), [](const PlantedIncident &a, const PlantedIncident &b) {
        return a.startNs != b.startNs ? a.startNs < b.startNs : a.subject < b.subject;
    });
    out.planted = m_planted;
    out.noise = m_noise;
    return out;
}

} // namespace kubelane::bundlegen
