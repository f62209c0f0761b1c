#pragma once
// One generated day of a cluster: the plan (where and when incidents and noise happen), the
// simulation of kubelets, the node lifecycle controller and the apiserver's request log that
// follows from it, and the output files. Internal to the generator library.
#include "bundlegenerator.h"
#include "cluster.h"
#include "logfile.h"
#include "logtext.h"
#include "random.h"
#include "version.h"

#include <functional>
#include <optional>
#include <unordered_map>
#include <string>
#include <vector>

namespace kubelane::bundlegen {

// One request as the apiserver's httplog prints it; texts are interned (a day has millions).
struct ApiRequest {
    enum Flow : std::uint8_t { Nodes, ControllerWorkload, LeaderElection, Probes, ServiceAccounts, Users };
    Nanos t = 0; // when the response was written (httplog logs at the end)
    Nanos latency = 0;
    std::uint32_t verb = 0, uri = 0, agent = 0, src = 0;
    std::uint16_t code = 200;
    Flow flow = Nodes;
};

// A stretch in which nothing from a node reaches the apiserver.
struct Silence {
    enum class Cause { Network, KubeletDown };
    Cause cause = Cause::Network;
    Nanos from = 0, to = 0; // network down, or kubelet process gone, in [from, to)
    Nanos targetGap = 0;    // a blip: placed so the heartbeat gap comes out about this long
    bool blip = false;
};

struct KubeletRun {
    Nanos start = 0; // process start; before the window for the run the day begins in
    KubeVersion version;
    int pid = 0;
    int verbosity = 2;
    // A run that dies at start: the container manager meets this orphan's missing sandbox
    // (sandbox-missing, 1.18-1.23) and the process exits at fatalAt, systemd sees it at exitAt.
    std::string orphanSandbox;
    Nanos fatalAt = 0, exitAt = 0;
};

// A kubelet that crash-loops at start until someone removes the orphan container.
struct CrashLoop {
    int node = 0;
    Nanos stop = 0;           // the restart that meets the orphan begins here
    std::size_t firstRun = 0; // index in the node's runs; the crashing ones, then the one that starts
    int crashes = 0;
    std::size_t planted = 0;
};

// The kubelet's Ready condition as it computes it itself (PLEG health).
struct ReadyChange {
    Nanos at = 0;
    bool ready = true;
    Nanos plegLastSeen = 0; // not ready: PLEG's last relist, for "pleg was last seen active X ago"
};

struct NodeTimeline {
    std::vector<Silence> silences; // sorted, not overlapping
    std::vector<KubeletRun> runs;  // sorted by start
    std::vector<ReadyChange> readyChanges;
    std::vector<Nanos> controllerUnknown; // the controller set Ready=Unknown: the next status sync patches
    std::vector<Nanos> taints;            // the controller queued a NoExecute taint (unreachable or not-ready)
    std::vector<Nanos> statusPatches;     // the kubelet's node status PATCHes (LastHeartbeatTime of its conditions)
    struct Stale {
        Nanos lastRenewal, observed, seen; // the renewal before, the pass that saw it, the pass that saw the next
        Nanos drift;                       // what each monitor pass adds to the 5 s period
    };
    std::vector<Stale> stale;                  // the controller found the lease older than the grace period
    std::vector<std::pair<Nanos, Nanos>> busy; // incident and noise windows on this node
    std::vector<Nanos> leasePuts;              // successful lease renewals, as the apiserver logs them
    std::vector<Nanos> readyPatches;           // status patches that carry Ready=True again (after NotReady or Unknown)
    std::vector<Nanos> notReadyPatches;
    int chatterVerbosity = 0; // --size: the -v the kubelet runs at for its chatter (0: no chatter)

    bool isBusy(Nanos from, Nanos to) const;
    const KubeletRun &runAt(Nanos t) const;
    // The first run that starts after `t`, or null.
    const KubeletRun *runAfter(Nanos t) const;
    const Silence *silenceAt(Nanos t) const;
    bool kubeletDownAt(Nanos t) const;
};

class Day {
public:
    Day(const GeneratorOptions &options, const KubeVersion &version, std::vector<std::string> plant);
    GeneratedBundle generate();

private:
    // --- planning (day.cpp)
    void planIncidents();
    void planNoise();
    void planApiLoss();
    std::optional<Nanos> freeTime(int node, Nanos length, Nanos margin, Nanos from = 0, Nanos to = 0);
    int pickNode(bool wantApp, bool wantBatch, bool wantJournald = false);
    void reserve(int node, Nanos from, Nanos to) { m_nodes[static_cast<std::size_t>(node)].busy.push_back({from, to}); }
    void addRestart(int node, Nanos stop, Nanos start, const KubeVersion &version, int verbosity);

    // --- heartbeats and the node lifecycle controller (heartbeats.cpp)
    void simulateLeases(int node);
    void simulateNodeStatus(int node);
    void simulateControllerStaleness(int node);
    void writeControllerStaleness(int node);
    void simulateControllerReadiness(int node);
    Nanos nextPass(Nanos t) const;
    struct LeaseOutcome {
        Nanos okAt = 0;       // when the renewal that ended the trouble was answered
        bool ensured = false; // it came after a GET of the lease (the controller fell back to ensure)
    };
    LeaseOutcome leaseRetries(int node, Nanos first, const Silence &s, bool log);
    std::optional<Nanos> throughAfterAll(Nanos attempt, const Silence &s, bool newConnection) const;
    Nanos podNotReadyMarks(int node, Nanos at);
    void plantHeartbeatGap(int node, Nanos at);
    void finishHeartbeatGaps();
    void describeBlips();

    // --- kubelet scenes (kubeletscenes.cpp)
    void kubeletLine(int node, Nanos t, char severity, std::string_view fileLine, const std::string &message);
    void systemdLine(int node, Nanos t, const std::string &message);
    std::string unitName() const;
    Nanos kubeletStartup(int node, const KubeletRun &run, bool sandboxNote); // a run with fatalAt returns it
    void serviceStops(int node, Nanos stop);
    // returns when pods were added; afterCrash: systemd's restart lines were written already
    Nanos restartScene(int node, const KubeletRun &run, bool sandboxNote, bool afterCrash = false);
    std::string generatingPodStatus(const Pod &pod) const;
    std::string patchStatusForPod(const Pod &pod, const std::string &patch) const;
    void planSandboxMissing(int node, Nanos at, int crashes);
    void plantSandboxMissing(const CrashLoop &loop);
    void finishCrashLoops();
    void readinessAfterRestart(int node, Nanos added, Nanos from, Nanos to, std::vector<std::pair<int, Nanos>> *firstProbes);
    void verboseStretch(int node, Nanos from, Nanos to, Nanos probesFrom);
    void kubeletPlain(int node, Nanos t, const std::string &text);
    void plantPlegUnhealthy(int node, Nanos at);
    void plantProbeStatusRace(int node, Nanos at);
    void plantSpecHashRestart(int node, Nanos at);
    void noiseVerboseRestart(int node, Nanos at);
    void noisePlainRestart(int node, Nanos at, bool sandboxNote);
    void noiseImageBump(int pod, Nanos at);
    void noiseLivenessRestart(int pod, Nanos at);
    void probeFailed(const Pod &pod, const Container &c, Nanos t, const std::string &probeType, const std::string &output);
    void taintQueued(Nanos t, const std::string &node, const std::string &why);
    void noiseReadinessFlap(int pod, Nanos at);
    void noiseRollout(std::size_t workload, Nanos at);
    struct CronSpec {
        std::string ns, name, container, image;
        Nanos period;          // the schedule: every hour, every 10 minutes
        double minRun, maxRun; // seconds a run takes
    };
    void noiseCronJob(Nanos at, int node, const CronSpec &spec);
    void noiseHousekeeping(int node, Nanos at);
    void noiseSteady(int node);
    void podStarts(int pod, Nanos at);
    void podStops(int pod, Nanos at, bool deleted);
    Nanos containerRestart(int pod, std::size_t container, Nanos killAt, const std::string &reasonMessage);
    void podStatusPatch(int pod, Nanos at);
    std::string podList(const std::vector<int> &pods) const;
    std::string volumeText(const Pod &pod) const;
    std::string plegEvent(const Pod &pod, const std::string &type, const std::string &data) const;
    std::string containerStatusId(const std::string &id) const;
    std::string statusPatchJson(const Pod &pod, Nanos at, const std::vector<bool> &ready) const;

    // --- high-verbosity chatter that fills a bundle to --size (chatter.cpp)
    void planChatter();
    std::vector<std::pair<Nanos, Nanos>> chatterWindows(int node) const;
    std::uint64_t apiserverBaseEstimate() const;
    void kubeletChatter(int node, std::uint64_t budget);
    void chatterBeat(int node, Nanos t, Nanos until);
    void chatterPodSync(int node, Nanos t, const Pod &pod, int verbosity);
    bool chatterJob(int node, Nanos t, Nanos until, bool giant); // false: it would not end before `until`
    void controllerChatter(std::uint64_t budget);
    void apiserverChatter(std::uint64_t budget);
    void chatterLine(int node, Nanos t, int verbosity, char severity, std::string_view fileLine, const std::string &message);
    void writeSized(GeneratedBundle &out, Random &damage);

    // --- control plane (controlplane.cpp)
    void controllerLine(Nanos t, char severity, std::string_view fileLine, const std::string &message);
    void controllerStartup();
    void controllerEvent(Nanos t, const std::string &kind, const std::string &ns, const std::string &name, const std::string &apiVersion,
                         const std::string &type, const std::string &reason, const std::string &message);
    void api(ApiRequest r) { m_api.push_back(std::move(r)); }
    ApiRequest kubeletRequest(int node, Nanos t, const std::string &verb, const std::string &uri, int code = 200);
    ApiRequest controllerRequest(Nanos t, const std::string &verb, const std::string &uri, const std::string &serviceAccount,
                                 int code = 200);
    ApiRequest request(Nanos t, const std::string &verb, const std::string &uri, const std::string &agent, const std::string &src,
                       ApiRequest::Flow flow, int code = 200);
    std::string kubeletAgent(int node, Nanos t) const;
    std::string componentAgent(const std::string &component) const;
    int portAt(int node, Nanos t) const;
    std::uint32_t intern(const std::string &s);
    FileFigures writeApiserver(Random &rng);

    GeneratorOptions m_options;
    KubeVersion m_version;
    std::vector<std::string> m_plant;
    Random m_rng;
    Random m_chatterRng; // its own stream: --size adds lines, it moves no incident
    Nanos m_start = 0, m_end = 0;
    Nanos m_passPhase = 0; // the node lifecycle controller's monitor pass, every 5 s from here
    Nanos m_grace = 40 * kSec;
    Cluster m_cluster;
    std::vector<NodeTimeline> m_nodes;
    std::vector<LogFile> m_kubeletLogs;
    LogFile m_controller;
    std::vector<ApiRequest> m_api;
    std::vector<std::string> m_strings;
    std::unordered_map<std::string, std::uint32_t> m_stringIds;
    struct Loss {
        Nanos from, to;
        double keep; // 0: a hole
    };
    std::vector<Loss> m_apiLoss;
    std::vector<std::pair<Nanos, Nanos>> m_globalBusy;             // incidents and blips: no log loss near them
    std::vector<std::pair<Nanos, std::function<void()>>> m_scenes; // run in time order after planning, when every pod of the day exists
    void scene(Nanos at, std::function<void()> f) { m_scenes.emplace_back(at, std::move(f)); }
    struct GapPlant {
        std::size_t planted;
        int node;
        Nanos down, up;
    };
    std::vector<GapPlant> m_gapPlants;
    std::vector<CrashLoop> m_crashLoops;
    std::vector<PlantedIncident> m_planted;
    std::vector<std::string> m_noise;
    int m_controllerPid = 1;
    int m_controllerVerbosity = 2;
    // Apiserver lines that are no httplog request (trace records), each "\n"-separated line
    // written with its own envelope.
    std::vector<std::pair<Nanos, std::string>> m_apiExtra;
    // Jobs the chatter ran on the nodes, for the controller manager's events about them.
    struct ChatterJob {
        std::string ns, name, pod;
        Nanos created, completed;
    };
    std::vector<ChatterJob> m_chatterJobs;
};

} // namespace kubelane::bundlegen
