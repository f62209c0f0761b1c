// Node heartbeats and what the node lifecycle controller makes of them. The kubelet renews its
// lease every 10 s (component-helpers lease controller: 5 quick retries of the update, then
// "ensure" with a doubling back-off to 7 s) and syncs its node status every 10 s (5 tries, a
// PATCH when something changed or every 5 min). The controller looks every 5 s and marks a
// node Unknown once its last renewal is older than the grace period. Times come out of these
// loops, so a blip, a restart or a real outage is reacted to exactly when upstream would.
#include "day.h"

#include <algorithm>
#include <cstdio>

namespace kubelane::bundlegen {

namespace {

constexpr Nanos kLeasePeriod = 10 * kSec;
constexpr Nanos kClientTimeout = 10 * kSec;
constexpr Nanos kReportFrequency = 5 * kMin; // nodeStatusReportFrequency

std::string apiserverUrl(const Cluster &c)
{
    return "https://" + c.controlPlaneIp + ":6443";
}

std::string timeoutError(bool onOpenConnection)
{
    return onOpenConnection ? "net/http: request canceled (Client.Timeout exceeded while awaiting headers)"
                            : "net/http: request canceled while waiting for connection (Client.Timeout exceeded while awaiting headers)";
}

std::string leaseUri(const std::string &node)
{
    return "/apis/coordination.k8s.io/v1/namespaces/kube-node-lease/leases/" + node + "?timeout=10s";
}

} // namespace

Nanos Day::nextPass(Nanos t) const
{
    const Nanos period = 5 * kSec;
    if (t <= m_passPhase)
        return m_passPhase;
    return m_passPhase + ((t - m_passPhase + period - 1) / period) * period;
}

// A request sent while the network is down gets through when TCP retransmits it after the
// network is back, if that is before the client gives up: data on an open connection is
// retransmitted after 0.2, 0.6, 1.4, 3.0, 6.2 s, a SYN after 1, 3, 7 s.
std::optional<Nanos> Day::throughAfterAll(Nanos attempt, const Silence &s, bool newConnection) const
{
    static constexpr double kData[] = {0.2, 0.6, 1.4, 3.0, 6.2};
    static constexpr double kSyn[] = {1, 3, 7};
    if (attempt >= s.to)
        return attempt;
    const double *begin = newConnection ? kSyn : kData;
    const double *end = newConnection ? kSyn + 3 : kData + 5;
    for (const double *r = begin; r != end; ++r) {
        const Nanos at = attempt + seconds(*r);
        if (at >= s.to && at < attempt + kClientTimeout)
            return at;
    }
    return std::nullopt;
}

Day::LeaseOutcome Day::leaseRetries(int node, Nanos first, const Silence &s, bool log)
{
    const std::string &name = m_cluster.nodes[static_cast<std::size_t>(node)].name;
    const std::string url = apiserverUrl(m_cluster) + leaseUri(name);
    Nanos a = first;
    // retryUpdateLease: five updates, each waiting for the client timeout.
    for (int i = 0; i < 5; ++i) {
        if (const auto ok = throughAfterAll(a, s, i > 0))
            return {*ok + 3 * kMs, false};
        a += kClientTimeout;
        if (log) {
            const std::string error = "Put \"" + url + "\": " + timeoutError(i == 0);
            if (m_version.leaseStructured())
                kubeletLine(node, a, 'E', "controller.go:193", Structured("Failed to update lease").err(error));
            else
                kubeletLine(node, a, 'E', "controller.go:187", "failed to update lease, error: " + error);
        }
        a += 300 * kUs;
    }
    if (log) {
        if (m_version.leaseStructured())
            kubeletLine(
                node, a, 'I', "controller.go:120",
                Structured("failed to update lease using latest lease, fallback to ensure lease").err("failed 5 attempts to update lease"));
        else
            kubeletLine(node, a, 'I', "controller.go:114",
                        "failed to update lease using latest lease, fallback to ensure lease, err: failed 5 attempts to update lease");
    }
    // backoffEnsureLease: GET the lease, sleeping 200ms, 400ms, ... up to 7s between tries.
    Nanos sleep = 100 * kMs;
    for (;;) {
        if (const auto ok = throughAfterAll(a, s, true))
            return {*ok + 6 * kMs, true};
        a += kClientTimeout;
        sleep = std::min(2 * sleep, 7 * kSec);
        if (log) {
            const std::string error = "Get \"" + url + "\": " + timeoutError(false);
            if (m_version.leaseStructured())
                kubeletLine(node, a, 'E', "controller.go:146",
                            Structured("Failed to ensure lease exists, will retry").err(error).str("interval", goDuration(sleep)));
            else
                kubeletLine(node, a, 'E', "controller.go:144",
                            "failed to ensure node lease exists, will retry in " + goDuration(sleep) + ", error: " + error);
        }
        a += sleep;
    }
}

void Day::simulateLeases(int node)
{
    NodeTimeline &tl = m_nodes[static_cast<std::size_t>(node)];
    const std::string &name = m_cluster.nodes[static_cast<std::size_t>(node)].name;
    Nanos t = m_start - m_rng.between(0, kLeasePeriod);
    auto renewed = [&](Nanos at, bool withGet) {
        if (withGet)
            api(kubeletRequest(node, at - 4 * kMs, "GET", leaseUri(name)));
        api(kubeletRequest(node, at, "PUT", leaseUri(name)));
        tl.leasePuts.push_back(at);
    };
    auto next = [&](Nanos after) { return after + kLeasePeriod + static_cast<Nanos>(m_rng.unit() * 0.04 * kLeasePeriod); };
    std::size_t handled = 0; // silences before this index are behind us
    while (t < m_end) {
        Silence *s = nullptr;
        for (std::size_t i = handled; i < tl.silences.size(); ++i)
            if (tl.silences[i].to > t) {
                s = &tl.silences[i];
                handled = i;
                break;
            }
        if (!s || t < s->from) {
            renewed(t + m_rng.between(2 * kMs, 9 * kMs), false);
            t = next(tl.leasePuts.back());
            continue;
        }
        if (s->cause == Silence::Cause::KubeletDown) {
            // The new process starts its lease controller: it finds the lease, then renews it.
            const Nanos resume = tl.runAt(s->to).start + seconds(m_rng.real(0.9, 1.6));
            renewed(std::max(resume, s->to), true);
            ++handled;
            t = next(tl.leasePuts.back());
            continue;
        }
        if (s->targetGap > 0 && !tl.leasePuts.empty()) {
            // A blip: the network goes down after the last renewal and comes back so that the
            // gap is about the target (renewals land on TCP retransmissions, so not exactly).
            const Nanos last = tl.leasePuts.back();
            s->from = last + seconds(m_rng.real(0.3, 8.5));
            Nanos bestTo = s->from + kSec, bestError = kHour;
            for (Nanos to = last + s->targetGap; to > s->from; to -= 250 * kMs) {
                Silence trial = *s;
                trial.to = to;
                const Nanos gap = leaseRetries(node, t, trial, false).okAt - last;
                const Nanos error = gap > s->targetGap ? gap - s->targetGap : s->targetGap - gap;
                if (gap < m_grace - 1500 * kMs && error < bestError) {
                    bestError = error;
                    bestTo = to;
                }
            }
            s->to = bestTo;
            s->targetGap = 0;
        }
        const LeaseOutcome out = leaseRetries(node, t, *s, true);
        renewed(out.okAt, out.ensured);
        ++handled;
        t = next(out.okAt);
    }
}

Nanos Day::podNotReadyMarks(int node, Nanos at)
{
    const std::string &name = m_cluster.nodes[static_cast<std::size_t>(node)].name;
    const bool structured = m_version.controllerStructured();
    if (structured) {
        controllerLine(at, 'I', "controller_utils.go:151",
                       Structured("Recording status change event message for node").str("status", "NodeNotReady").str("node", name));
        controllerLine(at + 40 * kUs, 'I', "controller_utils.go:123", Structured("Update ready status of pods on node").str("node", name));
    } else {
        controllerLine(at, 'I', "controller_utils.go:172", "Recording status change NodeNotReady event message for node " + name);
        controllerLine(at + 40 * kUs, 'I', "controller_utils.go:120", "Update ready status of pods on node [" + name + "]");
    }
    Nanos t = at + 2 * kMs;
    for (int p : m_cluster.podsOn(node, at)) {
        const Pod &pod = m_cluster.pods[static_cast<std::size_t>(p)];
        t += m_rng.between(3 * kMs, 11 * kMs);
        if (structured)
            controllerLine(t, 'I', "controller_utils.go:141", Structured("Updating ready status of pod to false").str("pod", pod.ref()));
        else
            controllerLine(t, 'I', "controller_utils.go:138", "Updating ready status of pod " + pod.name + " to false");
        api(controllerRequest(t + 2 * kMs, "PUT", "/api/v1/namespaces/" + pod.ns + "/pods/" + pod.name + "/status", "node-controller"));
    }
    return t;
}

// When the controller finds the lease too old: set Ready=Unknown (the next status sync of
// the kubelet patches it back) and, a pass later, queue the unreachable taint. The lines are
// written once the kubelet's status patches are known (their time is LastHeartbeatTime).
void Day::simulateControllerStaleness(int node)
{
    NodeTimeline &tl = m_nodes[static_cast<std::size_t>(node)];
    const Nanos period = 5 * kSec;
    for (std::size_t i = 1; i < tl.leasePuts.size(); ++i) {
        const Nanos a = tl.leasePuts[i - 1], b = tl.leasePuts[i];
        if (b - a < m_grace - 2 * period)
            continue;
        // probeTimestamp is the pass that saw the renewal; each pass takes some microseconds.
        NodeTimeline::Stale s{a, nextPass(a + m_rng.between(3 * kMs, 40 * kMs)), nextPass(b + m_rng.between(3 * kMs, 40 * kMs)),
                              m_rng.between(8 * kUs, 25 * kUs)};
        const Nanos firstStale = s.observed + (m_grace / period) * period;
        if (firstStale >= s.seen)
            continue;
        tl.stale.push_back(s);
        tl.controllerUnknown.push_back(firstStale + kMs);
        if (firstStale + period < s.seen)
            tl.taints.push_back(firstStale + period + 100 * kMs);
    }
}

void Day::writeControllerStaleness(int node)
{
    NodeTimeline &tl = m_nodes[static_cast<std::size_t>(node)];
    const std::string &name = m_cluster.nodes[static_cast<std::size_t>(node)].name;
    const Nanos period = 5 * kSec;
    for (const NodeTimeline::Stale &s : tl.stale) {
        const Nanos firstStale = s.observed + (m_grace / period) * period;
        const auto reported = std::upper_bound(tl.statusPatches.begin(), tl.statusPatches.end(), s.lastRenewal);
        const Nanos heartbeat = reported == tl.statusPatches.begin() ? s.lastRenewal - 150 * kSec : *(reported - 1);
        int pass = 0;
        for (Nanos p = firstStale; p < s.seen; p += period, ++pass) {
            const Nanos n = (p - s.observed) / period;
            const Nanos duration = n * period + n * s.drift;
            const bool before = pass == 0; // the conditions as the kubelet last posted them
            struct Cond {
                const char *type, *status, *reason, *message;
            };
            const Cond conds[] = {
                {"Ready", "True", "KubeletReady", "kubelet is posting ready status"},
                {"MemoryPressure", "False", "KubeletHasSufficientMemory", "kubelet has sufficient memory available"},
                {"DiskPressure", "False", "KubeletHasNoDiskPressure", "kubelet has no disk pressure"},
                {"PIDPressure", "False", "KubeletHasSufficientPID", "kubelet has sufficient PID available"},
            };
            Nanos t = p + m_rng.between(100 * kUs, 900 * kUs);
            for (const Cond &c : conds) {
                const std::string condition = std::string("&NodeCondition{Type:") + c.type + ",Status:" + (before ? c.status : "Unknown")
                    + ",LastHeartbeatTime:" + goTime(heartbeat / kSec * kSec)
                    + ",LastTransitionTime:" + goTime(before ? tl.runs.front().start / kSec * kSec : firstStale / kSec * kSec)
                    + ",Reason:" + (before ? c.reason : "NodeStatusUnknown")
                    + ",Message:" + (before ? c.message : "Kubelet stopped posting node status.") + ",}";
                if (m_version.controllerStructured())
                    controllerLine(t, 'I', "node_lifecycle_controller.go:1214",
                                   Structured("Node hasn't been updated")
                                       .str("node", name)
                                       .str("duration", goDuration(duration))
                                       .raw("nodeConditionType", m_version.klogJsonValues() ? "\"" + std::string(c.type) + "\"" : c.type)
                                       .str("currentCondition", condition));
                else // klog.V(2).Infof("node %v hasn't been updated for %+v. Last %v is: %+v", ...)
                    controllerLine(t, 'I', "node_lifecycle_controller.go:1127",
                                   "node " + name + " hasn't been updated for " + goDuration(duration) + ". Last " + c.type
                                       + " is: " + condition);
                t += m_rng.between(20 * kUs, 90 * kUs);
            }
            if (pass == 0) {
                api(controllerRequest(t + 3 * kMs, "PUT", "/api/v1/nodes/" + name + "/status", "node-controller"));
                podNotReadyMarks(node, t + 5 * kMs);
                // After the network is back the status manager corrects what the controller wrote.
                const Nanos back = *std::lower_bound(tl.leasePuts.begin(), tl.leasePuts.end(), s.seen - period);
                for (int pod : m_cluster.podsOn(node, t)) {
                    const Pod &pd = m_cluster.pods[static_cast<std::size_t>(pod)];
                    api(kubeletRequest(node, back + m_rng.between(kSec, 10 * kSec), "PATCH",
                                       "/api/v1/namespaces/" + pd.ns + "/pods/" + pd.name + "/status"));
                }
            } else if (pass == 1) {
                taintQueued(t, name, "unresponsive");
                api(controllerRequest(t + m_rng.between(60 * kMs, 140 * kMs), "PATCH", "/api/v1/nodes/" + name, "node-controller"));
            }
        }
    }
}

void Day::simulateNodeStatus(int node)
{
    NodeTimeline &tl = m_nodes[static_cast<std::size_t>(node)];
    const std::string &name = m_cluster.nodes[static_cast<std::size_t>(node)].name;
    const std::string base = apiserverUrl(m_cluster);
    Nanos t = m_start - m_rng.between(0, 10 * kSec);
    Nanos lastReport = t - m_rng.between(0, kReportFrequency);
    bool kubeletReady = true; // what the kubelet's setters compute
    bool postedReady = true;  // what the apiserver has (the kubelet's or the controller's)
    std::size_t nextChange = 0, nextUnknown = 0, handled = 0;
    while (t < m_end) {
        // A kubelet that is not running syncs nothing; the next one registers first.
        const Silence *down = nullptr;
        for (std::size_t i = handled; i < tl.silences.size(); ++i)
            if (tl.silences[i].to > t) {
                down = &tl.silences[i];
                handled = i;
                break;
            }
        if (down && down->cause == Silence::Cause::KubeletDown && t >= down->from) {
            const KubeletRun &run = tl.runAt(down->to);
            const Nanos reg = run.start + 300 * kMs + m_rng.between(kMs, 9 * kMs); // as kubeletStartup logs it
            api(kubeletRequest(node, reg, "POST", "/api/v1/nodes", 409));
            api(kubeletRequest(node, reg + 4 * kMs, "GET", "/api/v1/nodes/" + name));
            api(kubeletRequest(node, reg + 30 * kMs, "PATCH", "/api/v1/nodes/" + name + "/status?timeout=10s"));
            tl.statusPatches.push_back(reg + 30 * kMs);
            lastReport = reg;
            if (!postedReady) {
                tl.readyPatches.push_back(reg + 30 * kMs);
                postedReady = true;
            }
            ++handled;
            t = reg + 10 * kSec;
            continue;
        }
        while (nextUnknown < tl.controllerUnknown.size() && tl.controllerUnknown[nextUnknown] <= t) {
            postedReady = false;
            ++nextUnknown;
        }
        Nanos a = t;
        bool synced = false;
        for (int tryNumber = 0; tryNumber < 5 && !synced; ++tryNumber) {
            const Silence *s = tl.silenceAt(a);
            std::optional<Nanos> through = s ? throughAfterAll(a, *s, tryNumber > 0) : std::optional<Nanos>(a);
            if (through) {
                const Nanos got = *through + m_rng.between(kMs, 5 * kMs);
                api(kubeletRequest(node, got, "GET",
                                   "/api/v1/nodes/" + name + (tryNumber == 0 ? "?resourceVersion=0&timeout=10s" : "?timeout=10s")));
                bool changed = !postedReady && kubeletReady;
                while (nextChange < tl.readyChanges.size() && tl.readyChanges[nextChange].at <= got) {
                    const ReadyChange &c = tl.readyChanges[nextChange++];
                    if (c.ready == kubeletReady)
                        continue;
                    kubeletReady = c.ready;
                    changed = true;
                    if (!c.ready) {
                        const std::string message = "PLEG is not healthy: pleg was last seen active " + goDuration(got - c.plegLastSeen)
                            + " ago; threshold is 3m0s";
                        const std::string condition = m_version.klogJsonValues()
                            ? "{\"type\":\"Ready\",\"status\":\"False\",\"lastHeartbeatTime\":\"" + rfc3339Seconds(got)
                                + "\",\"lastTransitionTime\":\"" + rfc3339Seconds(got)
                                + "\",\"reason\":\"KubeletNotReady\",\"message\":" + goQuote(message) + "}"
                            : "{Type:Ready Status:False LastHeartbeatTime:" + goTimeMonotonic(got, tl.runAt(got).start)
                                + " LastTransitionTime:" + goTimeMonotonic(got, tl.runAt(got).start)
                                + " Reason:KubeletNotReady Message:" + message + "}";
                        kubeletLine(node, got + 200 * kUs, 'I', "setters.go:568",
                                    Structured("Node became not ready").str("node", name).raw("condition", condition));
                    }
                    kubeletLine(node, got + 260 * kUs, 'I', "kubelet_node_status.go:679",
                                Structured("Recording event message for node")
                                    .str("node", name)
                                    .str("event", c.ready ? "NodeReady" : "NodeNotReady"));
                }
                if (changed || got - lastReport >= kReportFrequency) {
                    const Nanos patched = got + m_rng.between(2 * kMs, 7 * kMs);
                    api(kubeletRequest(node, patched, "PATCH", "/api/v1/nodes/" + name + "/status?timeout=10s"));
                    tl.statusPatches.push_back(patched);
                    lastReport = got;
                    if (!kubeletReady && postedReady)
                        tl.notReadyPatches.push_back(patched);
                    if (kubeletReady && !postedReady)
                        tl.readyPatches.push_back(patched);
                    postedReady = kubeletReady;
                }
                synced = true;
                a = got;
                break;
            }
            a += kClientTimeout;
            kubeletLine(node, a, 'E', "kubelet_node_status.go:540",
                        Structured("Error updating node status, will retry")
                            .err("error getting node \"" + name + "\": Get \"" + base + "/api/v1/nodes/" + name
                                 + (tryNumber == 0 ? "?resourceVersion=0&timeout=10s" : "?timeout=10s")
                                 + "\": " + timeoutError(tryNumber == 0)));
            a += 200 * kUs;
        }
        if (!synced)
            kubeletLine(node, a, 'E', "kubelet_node_status.go:527",
                        Structured("Unable to update node status").err("update node status exceeds retry count"));
        t = a + 10 * kSec;
    }
}

void Day::simulateControllerReadiness(int node)
{
    NodeTimeline &tl = m_nodes[static_cast<std::size_t>(node)];
    const std::string &name = m_cluster.nodes[static_cast<std::size_t>(node)].name;
    struct Step {
        Nanos at;
        int kind; // 0 taint (from staleness), 1 kubelet NotReady, 2 kubelet Ready again
    };
    std::vector<Step> steps;
    for (Nanos t : tl.taints)
        steps.push_back({t, 0});
    for (Nanos t : tl.notReadyPatches)
        steps.push_back({t, 1});
    for (Nanos t : tl.readyPatches)
        steps.push_back({t, 2});
    std::sort(steps.begin(), steps.end(), [](const Step &a, const Step &b) { return a.at < b.at; });
    bool tainted = false;
    for (const Step &s : steps) {
        if (s.kind == 0) {
            tainted = true;
        } else if (s.kind == 1) {
            const Nanos p = nextPass(s.at + m_rng.between(3 * kMs, 40 * kMs)) + m_rng.between(100 * kUs, 900 * kUs);
            taintQueued(p, name, "NotReady");
            api(controllerRequest(p + m_rng.between(60 * kMs, 140 * kMs), "PATCH", "/api/v1/nodes/" + name, "node-controller"));
            tainted = true;
        } else if (tainted) {
            const Nanos p = nextPass(s.at + m_rng.between(3 * kMs, 40 * kMs)) + m_rng.between(100 * kUs, 900 * kUs);
            api(controllerRequest(p + 2 * kMs, "PATCH", "/api/v1/nodes/" + name, "node-controller"));
            if (m_version.controllerStructured())
                controllerLine(p + 9 * kMs, 'I', "node_lifecycle_controller.go:762",
                               Structured("Node is healthy again, removed all taints").str("node", name));
            else
                controllerLine(p + 9 * kMs, 'I', "node_lifecycle_controller.go:717",
                               "Node " + name + " is healthy again, removing all taints");
            tainted = false;
        }
    }
}

void Day::plantHeartbeatGap(int node, Nanos at)
{
    // The node's network drops for 60-120 s (a bond failover gone wrong, a switch reboot).
    NodeTimeline &tl = m_nodes[static_cast<std::size_t>(node)];
    const Nanos down = at, up = at + seconds(m_rng.real(60, 120));
    tl.silences.push_back({Silence::Cause::Network, down, up});
    std::sort(tl.silences.begin(), tl.silences.end(), [](const Silence &a, const Silence &b) { return a.from < b.from; });
    PlantedIncident p;
    p.rule = "node-heartbeat-gap";
    p.subject = "node/" + m_cluster.nodes[static_cast<std::size_t>(node)].name;
    p.what =
        "network of " + m_cluster.nodes[static_cast<std::size_t>(node)].name + " down for " + std::to_string((up - down) / kSec) + " s";
    m_gapPlants.push_back({m_planted.size(), node, down, up});
    m_planted.push_back(p);
}

void Day::describeBlips()
{
    for (std::size_t n = 0; n < m_nodes.size(); ++n) {
        const auto &puts = m_nodes[n].leasePuts;
        for (const Silence &s : m_nodes[n].silences) {
            if (!s.blip)
                continue;
            const auto after = std::lower_bound(puts.begin(), puts.end(), s.from);
            if (after == puts.begin() || after == puts.end())
                continue;
            char gap[32];
            std::snprintf(gap, sizeof gap, "%.1f", static_cast<double>(*after - *(after - 1)) / kSec);
            m_noise.push_back("heartbeat blip on node/" + m_cluster.nodes[n].name + ": no lease renewal for " + gap + " s from "
                              + formatTime(*(after - 1)) + " (grace " + std::to_string(m_grace / kSec)
                              + " s; the controller does not react)");
        }
    }
}

void Day::finishHeartbeatGaps()
{
    for (const GapPlant &g : m_gapPlants) {
        const auto &puts = m_nodes[static_cast<std::size_t>(g.node)].leasePuts;
        const auto after = std::lower_bound(puts.begin(), puts.end(), g.down);
        PlantedIncident &p = m_planted[g.planted];
        p.startNs = after == puts.begin() ? g.down : *(after - 1);
        p.endNs = after == puts.end() ? m_end : *after;
    }
}

// The node lifecycle controller queues a node for its taint: `why` is "unresponsive" (lost:
// the unreachable taint) or "NotReady" (the kubelet says so: the not-ready taint).
void Day::taintQueued(Nanos t, const std::string &node, const std::string &why)
{
    const std::string since = goTimeMonotonic(t, m_start - 90 * kSec);
    const bool lost = why == "unresponsive";
    if (m_version.controllerStructured())
        controllerLine(t, 'I', lost ? "node_lifecycle_controller.go:753" : "node_lifecycle_controller.go:746",
                       Structured("Node is " + why + ". Adding it to the Taint queue").str("node", node).str("timeStamp", since));
    else
        controllerLine(t, 'I', lost ? "node_lifecycle_controller.go:709" : "node_lifecycle_controller.go:697",
                       "Node " + node + " is " + why + " as of " + since + ". Adding it to the Taint queue.");
}

} // namespace kubelane::bundlegen
