// Fact detectors on small crafted bundles: heartbeat gaps against the node-monitor grace
// period (the exact edge, where the grace comes from), taint intervals, node and control-plane
// clocks in different zones, the status/probe order after a kubelet start, PLEG health,
// kubelet runs, pod/container readiness spans and container lifecycle events. The log lines
// are copies of real ones from samples/ with times and names changed.
#include "core/analysis/analyzer.h"
#include "core/model/eventstoreindex.h"
#include "testutil.h"

#include <cstdio>
#include <string>
#include <vector>

using namespace kubelane;
using namespace kubelane::core;

namespace {

// ---- times -------------------------------------------------------------------------------

// "02:12:36" for a second of the day.
std::string hms(int secondOfDay)
{
    char buf[16];
    std::snprintf(buf, sizeof buf, "%02d:%02d:%02d", secondOfDay / 3600 % 24, secondOfDay / 60 % 60, secondOfDay % 60);
    return buf;
}

constexpr int at(int h, int m, int s)
{
    return h * 3600 + m * 60 + s;
}

Timestamp utcTime(const std::string &rfc3339)
{
    return parseRfc3339(rfc3339).value();
}

// ---- bundle layout -----------------------------------------------------------------------

const std::string kApiserverLog =
    "master2/var/log/pods/kube-system_kube-apiserver-master2_d85a1a8c-b645-4638-b08c-f7dc5983e764/kube-apiserver/0.log";
const std::string kControllerLog =
    "master1/var/log/pods/kube-system_kube-controller-manager-master1_a1a10190-1f5f-4916-b4be-ebb3c2f80bfd/kube-controller-manager/0.log";

using test::File;
using test::loadFiles;

std::shared_ptr<const Analysis> analyze(const std::shared_ptr<const Incident> &inc, std::optional<Duration> grace = {})
{
    AnalyzeOptions options;
    options.resourceDir = KUBELANE_RESOURCES;
    options.gracePeriod = grace;
    return analyzeIncident(inc, options);
}

// ---- line builders (2020-06-18, UTC unless said) -----------------------------------------

// A CRI line (containerd 0.log) around a klog line written at `second` (UTC).
std::string cri(int second, const std::string &micros, const std::string &klogRest)
{
    return "2020-06-18T" + hms(second) + "." + micros + "100Z stderr F I0618 " + hms(second) + "." + micros + " " + klogRest + "\n";
}

// kube-apiserver 1.15 request log: the kubelet's node status PATCH.
std::string statusPatch(int second, const std::string &node)
{
    return cri(second, "104564",
               "      1 wrap.go:47] PATCH /api/v1/nodes/" + node
                   + "/status?timeout=10s: (8.668059ms) 200 [kubelet/v1.15.5 (linux/amd64) kubernetes/20c265f 10.0.0.13:44705]");
}

// Node status PATCHes of `node` every 10 s over [from, to].
std::string statusPatches(int from, int to, const std::string &node)
{
    std::string out;
    for (int s = from; s <= to; s += 10)
        out += statusPatch(s, node);
    return out;
}

// Heartbeats of node3: every 10 s from 02:12:06 to 02:12:36, silence for `gapSeconds`, then
// every 10 s for another 30 s.
std::string apiserverWithGap(int gapSeconds)
{
    const int last = at(2, 12, 36);
    return statusPatches(at(2, 12, 6), last, "node3") + statusPatches(last + gapSeconds, last + gapSeconds + 30, "node3");
}

std::string controllerFlag(int second, const std::string &flag, const std::string &value)
{
    return cri(second, "403194", "      1 flags.go:33] FLAG: --" + flag + "=\"" + value + "\"");
}

std::string controllerVersion(int second, const std::string &version)
{
    return cri(second, "816281", "      1 controllermanager.go:164] Version: " + version);
}

std::string controllerNotReady(int second, const std::string &node)
{
    return cri(second, "399034", "      1 controller_utils.go:185] Recording status change NodeNotReady event message for node " + node);
}

std::string taintQueued(int second, const std::string &node, const std::string &why /* unresponsive | NotReady */)
{
    return cri(second, "514314",
               "      1 node_lifecycle_controller.go:717] Node " + node + " is " + why + " as of 2020-06-18 " + hms(second)
                   + ".513700211 +0000 UTC m=+503.821583211. Adding it to the Taint queue.");
}

std::string healthyAgain(int second, const std::string &node)
{
    return cri(second, "524394", "      1 node_lifecycle_controller.go:721] Node " + node + " is healthy again, removing all taints");
}

std::string observedNode(int second, const std::string &node)
{
    return cri(second, "100201", "      1 node_lifecycle_controller.go:637] Controller observed a new Node: \"" + node + "\"");
}

std::string controllerNoise(int second)
{
    return cri(second, "671617", "      1 taint_manager.go:158] Sending events to api server.");
}

// A raw klog line of node3's kubelet; `clock` is the wall clock the node prints.
std::string kubeletLine(int clock, const std::string &micros, const std::string &rest, char level = 'I')
{
    return std::string(1, level) + "0618 " + hms(clock) + "." + micros + "    8731 " + rest + "\n";
}

// kubelet -v=6 client request log of its own heartbeat.
std::string kubeletHeartbeat(int clock)
{
    return kubeletLine(
        clock, "218201",
        "round_trippers.go:438] PATCH https://10.0.0.10:6443/api/v1/nodes/node3/status?timeout=10s 200 OK in 5 milliseconds");
}

std::string kubeletUpdateFailed(int clock)
{
    return kubeletLine(clock, "301122",
                       "kubelet_node_status.go:385] Error updating node status, will retry: error getting node \"node3\": "
                       "Get https://10.0.0.10:6443/api/v1/nodes/node3?timeout=10s: dial tcp 10.0.0.10:6443: connect: no route to host",
                       'E');
}

// ---- kubelet 1.12.4 with the site patch (probe-status-race), +08:00, 2020-03-12 ------------

const std::string kRaceNode = "10.86.98.42";
const std::string kPodA = "auto-srv-cwhttp-sf-30b71-0_default(bfde4b15-cb98-11e8-a3c8-6c92bf85beda)";
const std::string kPodB = "pre-000_default(d8f7688a-cc39-11e8-a3c8-6c92bf85beda)";

std::string glogHeader()
{
    return "Log file created at: 2020/03/12 10:42:24\n"
           "Running on machine: py-node-10-86-98-42\n"
           "Binary: Built with gc go1.10.4 for linux/amd64\n"
           "Log line format: [IWEF]mmdd hh:mm:ss.uuuuuu threadid file:line] msg\n";
}

std::string raceLine(const std::string &time, const std::string &rest)
{
    return "I0312 " + time + " 2353235 " + rest + "\n";
}

std::string generatingStatus(const std::string &time, const std::string &pod)
{
    return raceLine(time, "kubelet_pods.go:1424] Generating status for \"" + pod + "\"");
}

std::string initProber(const std::string &time, const std::string &pod, const std::string &container, const std::string &containerId)
{
    return raceLine(time,
                    "worker.go:104] LEOPOLD_INIT_PROBER: " + pod + "'s container " + container + " has been already running on the host({"
                        + container
                        + " {nil &ContainerStateRunning{StartedAt:2018-12-26 12:14:25 +0800 CST,} nil} {nil nil nil} true 0 "
                          "registry.example.com/app:20180912 docker-pullable://registry.example.com/app@sha256:"
                          "3fb5c481c184f0752db8832f15940c7d306d87a494039a6e667a7561a28fd98b docker://"
                        + containerId + "})");
}

// ---- kubelet in journald short (+08:00) -------------------------------------------------

std::string journalKubelet(const std::string &clock, int pid, const std::string &klog)
{
    return "May 16 " + clock + " cn-node-1 kubelet[" + std::to_string(pid) + "]: " + klog + "\n";
}

std::string plegSkip(const std::string &clock, const std::string &micros, const std::string &reason)
{
    return journalKubelet(clock, 2912,
                          "I0516 " + clock + "." + micros + "    2912 kubelet.go:1817] skipping pod synchronization - [" + reason + "]");
}

const HeartbeatGap *gapOf(const Analysis &a, const std::string &node)
{
    const StringId id = a.incident->strings.find(node);
    for (const auto &g : a.facts.gaps)
        if (g.node == id)
            return &g;
    return nullptr;
}

int findingsOf(const Analysis &a, const std::string &rule, const std::string &subject)
{
    int n = 0;
    for (const auto &f : a.findings)
        n += f.rule == rule && f.subject.text() == subject;
    return n;
}

// ---- readiness: node lifecycle controller (CRI, UTC) and kubelet status patches (1.12) -----

const std::string kRaceControllerLog =
    "py-master/var/log/pods/kube-system_kube-controller-manager-10.86.0.11_2ec24a35-8711-45c6-aae9-e0572fb1880d/kube-controller-manager/"
    "0.log";
const std::string kRaceContainer = "auto-srv-cwhttp-py";
const std::string kRaceContainerId = "8a61fda8d43e4c28d4092a1bc8e5f372846d955ffffe0353a754c2e42f271b56";

// A controller-manager line of 2020-03-12 at `time` ("02:30:55.136661", UTC).
std::string raceController(const std::string &time, const std::string &rest)
{
    return "2020-03-12T" + time + "100Z stderr F I0312 " + time + "       1 " + rest + "\n";
}

std::string podsOnNodeNotReady(const std::string &time, const std::string &node)
{
    return raceController(time, "controller_utils.go:107] Update ready status of pods on node [" + node + "]");
}

std::string podMarkedNotReady(const std::string &time, const std::string &podName)
{
    return raceController(time, "controller_utils.go:124] Updating ready status of pod " + podName + " to false");
}

// The kubelet's status patch, Go-quoted as status_manager.go:499 prints it; `json` is the
// plain patch.
std::string patchStatus(const std::string &time, const std::string &pod, const std::string &json)
{
    std::string quoted;
    for (char c : json) {
        if (c == '"')
            quoted += '\\';
        quoted += c;
    }
    return raceLine(time, "status_manager.go:499] Patch status for pod \"" + pod + "\" with \"" + quoted + "\"");
}

const std::string kConditionOrder = "\"$setElementOrder/conditions\":[{\"type\":\"Initialized\"},{\"type\":\"Ready\"},"
                                    "{\"type\":\"ContainersReady\"},{\"type\":\"PodScheduled\"}]";

// One container status of a patch.
std::string containerStatus(const std::string &name, const std::string &id, bool ready)
{
    return "{\"containerID\":\"docker://" + id + "\",\"name\":\"" + name + "\",\"ready\":" + (ready ? "true" : "false")
        + ",\"restartCount\":1,\"state\":{\"running\":{\"startedAt\":\"2018-12-26T04:14:25Z\"}}}";
}

// The patch after a kubelet restart: containers unready, the Ready condition without a status
// (it was already False), ContainersReady False.
std::string unreadyPatch(const std::string &time, const std::string &pod, const std::vector<std::string> &containers,
                         const std::string &statuses)
{
    std::string names;
    for (const auto &c : containers)
        names += (names.empty() ? "" : " ") + c;
    const std::string message = "\"message\":\"containers with unready status: [" + names + "]\",\"reason\":\"ContainersNotReady\"";
    return patchStatus(time, pod,
                       "{\"status\":{" + kConditionOrder + ",\"conditions\":[{" + message
                           + ",\"type\":\"Ready\"},{\"lastTransitionTime\":\"2020-03-12T02:42:26Z\"," + message
                           + ",\"status\":\"False\",\"type\":\"ContainersReady\"}],\"containerStatuses\":[" + statuses + "]}}");
}

// The patch once the readiness probe passed: Ready and ContainersReady True, the container ready.
std::string readyPatch(const std::string &time, const std::string &pod, const std::string &statuses)
{
    const std::string since = "\"lastTransitionTime\":\"2020-03-12T03:12:37Z\",\"status\":\"True\"";
    return patchStatus(time, pod,
                       "{\"status\":{" + kConditionOrder + ",\"conditions\":[{" + since + ",\"type\":\"Ready\"},{" + since
                           + ",\"type\":\"ContainersReady\"}],\"containerStatuses\":[" + statuses + "]}}");
}

const ReadySpan *spanOf(const Analysis &a, const std::string &pod, const std::string &container, bool ready)
{
    for (const auto &r : a.facts.readiness)
        if (a.incident->podName(r.pod) == pod && a.incident->text(r.container) == container && r.ready == ready)
            return &r;
    return nullptr;
}

// ---- container lifecycle: kubelet 1.9.11 (spec-hash-restart), +08:00, 2019-01-14 -----------

// Load options for a node whose logs were written at +08:00 (the seeds' clusters), with the
// year for klog lines that show none.
LoadOptions clockAtPlus8(const std::string &node, int year = 0)
{
    LoadOptions o = test::options();
    o.utcOffsets.push_back({node, "+08:00"});
    if (year)
        o.fallbackYear = year;
    return o;
}

const std::string kExporterPod = "prometheus-node-exporter-l7vzz_monitoring(4ec492d2-17de-11e9-9206-52540064c479)";
const std::string kExporterOld = "f59c4812a66d65572020efab38780c1271d671330b126642653390dc8b8d29f1";
const std::string kExporterNew = "cfb06c822af977c54524084108e73960e1c3b9da081147b7eb0b3099b9647bac";

std::string node2Line(const std::string &time, const std::string &rest)
{
    return "I0114 " + time + "   12945 " + rest + "\n";
}

std::string syncLoopPleg(const std::string &time, const std::string &pod, const std::string &type, const std::string &containerId)
{
    const std::string uid = pod.substr(pod.find('(') + 1, 36);
    return node2Line(time,
                     "kubelet.go:1881] SyncLoop (PLEG): \"" + pod + "\", event: &pleg.PodLifecycleEvent{ID:\"" + uid + "\", Type:\"" + type
                         + "\", Data:\"" + containerId + "\"}");
}

std::string specHashChanged(const std::string &time, const std::string &pod, const std::string &container, const std::string &containerId,
                            const std::string &oldHash, const std::string &newHash)
{
    return node2Line(time,
                     "kuberuntime_manager.go:550] Container \"" + container + "\" ({\"docker\" \"" + containerId + "\"}) of pod " + pod
                         + ": Container spec hash changed (" + oldHash + " vs " + newHash + ").. Container will be killed and recreated.");
}

std::string killReason(const std::string &time, const std::string &pod, const std::string &container, const std::string &containerId,
                       const std::string &reason)
{
    return node2Line(time,
                     "kuberuntime_manager.go:616] Container \"" + container + "\" ({\"docker\" \"" + containerId + "\"}) of pod " + pod
                         + ": " + reason);
}

std::string killingContainer(const std::string &time, const std::string &containerId, int grace)
{
    return node2Line(time,
                     "kuberuntime_container.go:581] Killing container \"docker://" + containerId + "\" with " + std::to_string(grace)
                         + " second grace period");
}

// prober.go 1.x: "failed (failure): <output>" or "succeeded".
std::string probeResult(const std::string &time, const std::string &probe, const std::string &pod, const std::string &container,
                        const std::string &outcome)
{
    return node2Line(time, "prober.go:111] " + probe + " probe for \"" + pod + ":" + container + "\" " + outcome);
}

const char *kindName(ContainerEvent::Kind k)
{
    switch (k) {
    case ContainerEvent::Kind::Started: return "Started";
    case ContainerEvent::Kind::Died: return "Died";
    case ContainerEvent::Kind::Killed: return "Killed";
    case ContainerEvent::Kind::SpecHashChanged: return "SpecHashChanged";
    case ContainerEvent::Kind::ProbeFailed: return "ProbeFailed";
    case ContainerEvent::Kind::ProbeSucceeded: return "ProbeSucceeded";
    }
    return "?";
}

} // namespace

class TestFacts : public QObject {
    Q_OBJECT
private slots:
    // The detectors and rules walk the events of the types they read (EventStoreIndex): every
    // event of each type, in store order, types merged without repeats, none of no known type;
    // and the first event of each context, none for a context no event has.
    void eventStoreIndexKeepsStoreOrder()
    {
        const EventTypeId a = 3, b = 7, c = 9;
        std::vector<Event> events(8);
        const EventTypeId types[] = {a, kOtherEventType, b, a, kOtherEventType, b, a, kOtherEventType};
        const unsigned contexts[] = {1, 1, 2, 1, 4, 2, 4, 1};
        for (std::size_t i = 0; i < events.size(); ++i) {
            events[i].type = types[i];
            events[i].context = EventContextId::fromIndex(contexts[i]);
        }
        const EventStoreIndex index(events);
        const auto indices = [](const auto &list) {
            std::vector<std::size_t> out;
            for (const EventIndex e : list)
                out.push_back(e.index());
            return out;
        };
        QCOMPARE(indices(index.ofType(a)), (std::vector<std::size_t>{0, 3, 6}));
        QCOMPARE(indices(index.ofType(b)), (std::vector<std::size_t>{2, 5}));
        QVERIFY(index.ofType(c).empty());
        QVERIFY(index.ofType(kOtherEventType).empty());
        QCOMPARE(indices(index.ofAnyType({b, a, c, a})), (std::vector<std::size_t>{0, 2, 3, 5, 6}));
        QCOMPARE(indices(index.ofAnyType({b})), (std::vector<std::size_t>{2, 5}));
        QVERIFY(index.ofAnyType({c, kOtherEventType}).empty());
        std::vector<bool> marked(12, false);
        marked[c] = true;
        QVERIFY(!index.anyMarked(marked));
        marked[b] = true;
        QVERIFY(index.anyMarked(marked));
        QCOMPARE(index.firstOfContext(EventContextId::fromIndex(1)), EventIndex::fromIndex(0));
        QCOMPARE(index.firstOfContext(EventContextId::fromIndex(2)), EventIndex::fromIndex(2));
        QCOMPARE(index.firstOfContext(EventContextId::fromIndex(4)), EventIndex::fromIndex(4));
        QCOMPARE(index.firstOfContext(EventContextId::fromIndex(3)), kNoEvent);
        QCOMPARE(index.firstOfContext(EventContextId::fromIndex(40)), kNoEvent);
    }

    // HeartbeatGap::exceedsGrace is `length > grace`: a gap of exactly the grace period does
    // not exceed it (the controller marks the node only after more than the grace), one second
    // more does, and the rule follows the fact.
    void heartbeatGapAtGraceEdge_data()
    {
        QTest::addColumn<int>("gapSeconds");
        QTest::addColumn<bool>("exceeds");
        QTest::newRow("gap == grace") << 40 << false;
        QTest::newRow("gap == grace + 1 s") << 41 << true;
    }
    void heartbeatGapAtGraceEdge()
    {
        QFETCH(int, gapSeconds);
        QFETCH(bool, exceeds);
        const auto inc = loadFiles({{kApiserverLog, apiserverWithGap(gapSeconds)}});
        QCOMPARE(inc->stats.unparsed, 0u);
        const auto a = analyze(inc);
        QCOMPARE(a->facts.gaps.size(), size_t(1));
        const HeartbeatGap &g = a->facts.gaps[0];
        QCOMPARE(QString::fromStdString(std::string(inc->text(g.node))), QString("node3"));
        QCOMPARE(test::utc(g.start), QString("2020-06-18T02:12:36.104564Z"));
        QCOMPARE(g.length, Duration::fromSeconds(gapSeconds));
        QCOMPARE(g.end, g.start + Duration::fromSeconds(gapSeconds));
        QCOMPARE(g.grace, Duration::fromSeconds(40));
        QCOMPARE(g.exceedsGrace, exceeds);
        QVERIFY(!g.openEnded);
        QVERIFY(g.beforeEvent != kNoEvent && g.afterEvent != kNoEvent);
        QCOMPARE(findingsOf(*a, "node-heartbeat-gap", "node/node3"), exceeds ? 1 : 0);
        for (const auto &f : a->findings)
            QVERIFY2(f.rule != "node-heartbeat-gap" || f.subject == core::Subject::ofNode("node3"), f.subject.text().c_str());
    }

    // Silence between two logs of the same node is no gap when no log of its heartbeats spans
    // it (two bundles side by side); the same heartbeats in one log that spans it are.
    void noGapWhereNoLogWatched()
    {
        const std::string morning = statusPatches(at(2, 12, 6), at(2, 12, 36), "node3");
        const std::string later = statusPatches(at(4, 12, 6), at(4, 12, 36), "node3");
        const std::string otherApiserver = "other/" + kApiserverLog;
        auto gapsOf = [](const std::shared_ptr<const Incident> &inc) { return analyze(inc)->facts.gaps.size(); };
        QCOMPARE(gapsOf(loadFiles({{kApiserverLog, morning}, {otherApiserver, later}})), size_t(0));
        QCOMPARE(gapsOf(loadFiles({{kApiserverLog, morning + later}})), size_t(1));
    }

    // Where the grace period comes from: the controller-manager's flag dump, else the default
    // of its logged version (40 s; 50 s from 1.32), else 40 s; --grace overrides everything.
    // The 45 s gap exceeds 40 s but not 50 s.
    void gracePeriodOrigin_data()
    {
        QTest::addColumn<QString>("controller");
        QTest::addColumn<int>("overrideSeconds"); // 0 = none
        QTest::addColumn<int>("graceSeconds");
        QTest::addColumn<QString>("originContains");
        const int t = at(2, 5, 11);
        QTest::newRow("flag dump") << QString::fromStdString(controllerFlag(t, "node-monitor-grace-period", "50s")
                                                             + controllerFlag(t, "node-monitor-period", "5s")
                                                             + controllerVersion(t + 1, "v1.15.5"))
                                   << 0 << 50 << "--node-monitor-grace-period=50s";
        QTest::newRow("version 1.15 default") << QString::fromStdString(controllerFlag(t, "node-monitor-period", "5s")
                                                                        + controllerVersion(t + 1, "v1.15.5"))
                                              << 0 << 40 << "v1.15.5";
        QTest::newRow("version 1.32 default") << QString::fromStdString(controllerVersion(t + 1, "v1.32.2")) << 0 << 50 << "v1.32.2";
        QTest::newRow("no controller-manager") << QString() << 0 << 40 << "default";
        QTest::newRow("--grace beats the flag")
            << QString::fromStdString(controllerFlag(t, "node-monitor-grace-period", "50s")) << 42 << 42 << "--grace";
    }
    void gracePeriodOrigin()
    {
        QFETCH(QString, controller);
        QFETCH(int, overrideSeconds);
        QFETCH(int, graceSeconds);
        QFETCH(QString, originContains);
        std::vector<File> files{{kApiserverLog, apiserverWithGap(45)}};
        if (!controller.isEmpty())
            files.push_back({kControllerLog, controller.toStdString()});
        const auto inc = loadFiles(files);
        QCOMPARE(inc->stats.unparsed, 0u);
        const auto a = analyze(inc, overrideSeconds ? std::optional(Duration::fromSeconds(overrideSeconds)) : std::nullopt);
        const HeartbeatGap *g = gapOf(*a, "node3");
        QVERIFY(g);
        QCOMPARE(g->length, Duration::fromSeconds(45));
        QCOMPARE(g->grace, Duration::fromSeconds(graceSeconds));
        QVERIFY2(QString::fromStdString(g->graceOrigin).contains(originContains), g->graceOrigin.c_str());
        QCOMPARE(g->exceedsGrace, 45 > graceSeconds);
        QCOMPARE(findingsOf(*a, "node-heartbeat-gap", "node/node3"), 45 > graceSeconds ? 1 : 0);
    }

    // The node lifecycle controller's log decides whether a gap past the grace period was a
    // lost node: it acted (finding, error), it covers the time and stayed silent (no finding:
    // the silence was in the logs), or the bundle cannot tell (finding, warning, saying so).
    void controllerReaction_data()
    {
        QTest::addColumn<QString>("controller");
        QTest::addColumn<int>("reaction"); // HeartbeatGap::Reaction
        QTest::addColumn<int>("findings");
        QTest::addColumn<QString>("severity");
        QTest::addColumn<QString>("explains");
        const int from = at(2, 5, 11), to = at(2, 20, 0);
        const std::string covers = observedNode(from, "node3") + observedNode(from + 1, "node4") + controllerNoise(to);
        QTest::newRow("acted") << QString::fromStdString(covers + controllerNotReady(at(2, 13, 17), "node3"))
                               << int(HeartbeatGap::Reaction::Acted) << 1 << "error"
                               << "acted on it: Ready=Unknown at 02:13:17Z";
        QTest::newRow("silent") << QString::fromStdString(covers) << int(HeartbeatGap::Reaction::Ignored) << 0 << ""
                                << "";
        QTest::newRow("acted on another node only") << QString::fromStdString(covers + controllerNotReady(at(2, 13, 17), "node4"))
                                                    << int(HeartbeatGap::Reaction::Ignored) << 0 << ""
                                                    << "";
        QTest::newRow("no controller log") << QString() << int(HeartbeatGap::Reaction::Unchecked) << 1 << "warning"
                                           << "no kube-controller-manager log for that time";
        QTest::newRow("log ends before the grace ran out")
            << QString::fromStdString(observedNode(from, "node3") + controllerNoise(at(2, 12, 50)))
            << int(HeartbeatGap::Reaction::Unchecked) << 1 << "warning"
            << "no kube-controller-manager log for that time";
        QTest::newRow("no lifecycle lines at all") << QString::fromStdString(controllerNoise(from) + controllerNoise(to))
                                                   << int(HeartbeatGap::Reaction::Unchecked) << 1 << "warning"
                                                   << "no node lifecycle controller line";
    }
    void controllerReaction()
    {
        QFETCH(QString, controller);
        QFETCH(int, reaction);
        QFETCH(int, findings);
        QFETCH(QString, severity);
        QFETCH(QString, explains);
        std::vector<File> files{{kApiserverLog, apiserverWithGap(59)}};
        if (!controller.isEmpty())
            files.push_back({kControllerLog, controller.toStdString()});
        const auto inc = loadFiles(files);
        QCOMPARE(inc->stats.unparsed, 0u);
        const auto a = analyze(inc);
        const HeartbeatGap *g = gapOf(*a, "node3");
        QVERIFY(g && g->exceedsGrace);
        QCOMPARE(int(g->reaction), reaction);
        QCOMPARE(findingsOf(*a, "node-heartbeat-gap", "node/node3"), findings);
        for (const Finding &f : a->findings) {
            QCOMPARE(QString(severityName(f.severity)), severity);
            QVERIFY2(QString::fromStdString(f.explanation).contains(explains), f.explanation.c_str());
            for (const char *wrong : {"none recorded", "no taint recorded", "0 pods", "{"})
                QVERIFY2(f.explanation.find(wrong) == std::string::npos, f.explanation.c_str());
        }
    }

    // The tainter is rate-limited (a zone in partial disruption: one node per 100 s): a taint
    // queued within the gap's reach belongs to it however late it is applied (here after the
    // node's heartbeats resumed: a controller whose watch lags).
    void lateAppliedTaintBelongsToItsGap()
    {
        const int last = at(2, 12, 36), back = last + 59;
        const std::string apiserver = statusPatches(at(2, 12, 6), last, "node3") + statusPatches(back, at(2, 16, 30), "node3");
        const std::string applied = cri(at(2, 15, 40), "197948",
                                        "      1 controller_utils.go:200] Added [&Taint{Key:node.kubernetes.io/unreachable,Value:,"
                                        "Effect:NoExecute,TimeAdded:2020-06-18 02:15:40.197948187 +0000 UTC m=+24431.5,}] Taint to "
                                        "Node node3");
        const std::string controller = observedNode(at(2, 5, 11), "node3") + taintQueued(at(2, 13, 17), "node3", "unresponsive") + applied
            + controllerNoise(at(2, 20, 0));
        const auto inc = loadFiles({{kApiserverLog, apiserver}, {kControllerLog, controller}});
        QCOMPARE(inc->stats.unparsed, 0u);
        const auto a = analyze(inc);
        QCOMPARE(findingsOf(*a, "node-heartbeat-gap", "node/node3"), 1);
        const Finding &f = a->findings.front();
        QVERIFY2(f.explanation.find("node.kubernetes.io/unreachable:NoExecute added 02:15:40Z") != std::string::npos,
                 f.explanation.c_str());
        QVERIFY(std::any_of(f.chain.begin(), f.chain.end(), [](const auto &s) { return s.text.find("queued") != std::string::npos; }));
    }

    // The controller's own word, where no heartbeat line brackets the silence (a kubelet at
    // -v=2, no apiserver log): "hasn't been updated for D" opens a gap D before the line; the
    // controller seeing the node Ready again, or healthy again, closes it; else the log's end.
    void controllerDeclaresTheGap_data()
    {
        QTest::addColumn<QString>("controller");
        QTest::addColumn<QString>("start");
        QTest::addColumn<double>("seconds");
        QTest::addColumn<bool>("openEnded");
        const int t = at(2, 13, 17);
        const std::string observed = observedNode(at(2, 5, 11), "node3");
        auto notUpdated1x = [](int second, const std::string &condition) {
            return cri(second, "016553",
                       "      1 node_lifecycle_controller.go:1031] node node3 hasn't been updated for 40.5s. Last " + condition
                           + " is: &NodeCondition{Type:" + condition
                           + ",Status:True,LastHeartbeatTime:2020-06-18 02:12:36 +0000 UTC,LastTransitionTime:2020-06-01 10:20:15 +0000 "
                             "UTC,Reason:KubeletReady,Message:kubelet is posting ready status,}");
        };
        const std::string notUpdated =
            cri(t, "016553",
                "      1 node_lifecycle_controller.go:1049] \"Node hasn't been updated\" node=\"node3\" duration=\"40.5s\" "
                "nodeConditionType=\"Ready\" currentCondition=\"&NodeCondition{Type:Ready,Status:True,LastHeartbeatTime:2020-06-18 "
                "02:12:36 +0000 UTC,LastTransitionTime:2020-06-01 10:20:15 +0000 UTC,Reason:KubeletReady,Message:kubelet is posting "
                "ready status,}\"");
        const std::string readyAgain = cri(t + 60, "021102",
                                           "      1 node_lifecycle_controller.go:969] ReadyCondition for Node node3 transitioned from "
                                           "&NodeCondition{Type:Ready,Status:Unknown,} to &NodeCondition{Type:Ready,Status:True,}");
        QTest::newRow("1.x, one line per condition; Ready again") << QString::fromStdString(
            observed + notUpdated1x(t, "Ready") + notUpdated1x(t, "MemoryPressure") + notUpdated1x(t, "DiskPressure") + readyAgain)
                                                                  << "2020-06-18T02:12:36.516553Z" << 100.505 << false;
        QTest::newRow("1.27+, healthy again") << QString::fromStdString(observed + notUpdated + healthyAgain(t + 30, "node3"))
                                              << "2020-06-18T02:12:36.516553Z" << 71.008 << false;
        QTest::newRow("never back: to the end of the controller's log")
            << QString::fromStdString(observed + notUpdated + controllerNoise(t + 300)) << "2020-06-18T02:12:36.516553Z" << 341.155 << true;
    }
    void controllerDeclaresTheGap()
    {
        QFETCH(QString, controller);
        QFETCH(QString, start);
        QFETCH(double, seconds);
        QFETCH(bool, openEnded);
        const auto inc = loadFiles({{kControllerLog, controller.toStdString()}});
        QCOMPARE(inc->stats.unparsed, 0u);
        const auto a = analyze(inc);
        QCOMPARE(a->facts.gaps.size(), size_t(1));
        const HeartbeatGap &g = a->facts.gaps[0];
        QCOMPARE(test::utc(g.start), start);
        QVERIFY2(std::abs(g.length.seconds() - seconds) < 0.001, std::to_string(g.length.seconds()).c_str());
        QCOMPARE(g.openEnded, openEnded);
        QVERIFY(g.declaredBy != kNoEvent && g.beforeEvent == kNoEvent);
        QVERIFY(g.exceedsGrace);
        QCOMPARE(int(g.reaction), int(HeartbeatGap::Reaction::Acted));
        QCOMPARE(findingsOf(*a, "node-heartbeat-gap", "node/node3"), 1);
    }

    // The node lifecycle controller records NodeNotReady in one place only: when the node's
    // last posted Ready is True and it has just set it Unknown, the heartbeat older than the
    // grace period. So its NodeNotReady is Ready=Unknown wherever it falls, with or without
    // the apiserver's heartbeats in the bundle.
    void controllerNodeNotReadyIsUnknown_data()
    {
        QTest::addColumn<int>("gapSeconds");
        QTest::addColumn<int>("eventAfterLastHeartbeat");
        QTest::newRow("a pass after the grace ran out") << 59 << 41;
        QTest::newRow("one monitor pass early") << 59 << 35;
        QTest::newRow("the apiserver's log misses the gap") << 10 << 5;
    }
    void controllerNodeNotReadyIsUnknown()
    {
        QFETCH(int, gapSeconds);
        QFETCH(int, eventAfterLastHeartbeat);
        const int last = at(2, 12, 36);
        const auto inc = loadFiles({{kApiserverLog, apiserverWithGap(gapSeconds)},
                                    {kControllerLog,
                                     controllerNoise(at(2, 12, 0)) + controllerNotReady(last + eventAfterLastHeartbeat, "node3")
                                         + controllerNoise(at(2, 15, 0))}});
        const auto a = analyze(inc);
        const ConditionSpan *span = nullptr;
        for (const ConditionSpan &c : a->facts.conditions)
            if (c.view == ConditionSpan::View::ControlPlane && c.status != ConditionSpan::Status::True)
                span = &c;
        QVERIFY(span);
        QCOMPARE(int(span->status), int(ConditionSpan::Status::Unknown));
    }

    // A second NodeNotReady of the controller says the node had posted Ready=True again since
    // the first (minikube#6822: a laptop's node lost for seconds, twice in three days, at the
    // default verbosity, where the controller logs nothing when a node comes back). The first
    // span is over by the second at the latest; the event's two lines are one NodeNotReady.
    void repeatedNodeNotReadyEndsTheSpanBefore_data()
    {
        QTest::addColumn<QString>("controller");
        QTest::addColumn<QString>("spans"); // the control plane's spans of node3: status, end at the latest
        const std::string eventLine = cri(at(2, 13, 17), "440852",
                                          "      1 event.go:281] Event(v1.ObjectReference{Kind:\"Node\", Namespace:\"\", "
                                          "Name:\"node3\", UID:\"c9105832\", APIVersion:\"\", ResourceVersion:\"\", "
                                          "FieldPath:\"\"}): type: 'Normal' reason: 'NodeNotReady' Node node3 status is now: NodeNotReady");
        const std::string before = controllerNoise(at(2, 12, 0)), after = controllerNoise(at(20, 0, 0));
        QTest::newRow("twice, 16 h apart") << QString::fromStdString(before + controllerNotReady(at(2, 13, 17), "node3")
                                                                     + controllerNotReady(at(18, 27, 25), "node3") + after)
                                           << "Unknown<=,Unknown";
        QTest::newRow("one event, its two lines")
            << QString::fromStdString(before + controllerNotReady(at(2, 13, 17), "node3") + eventLine + after) << "Unknown";
        QTest::newRow("Ready logged in between")
            << QString::fromStdString(before + controllerNotReady(at(2, 13, 17), "node3")
                                      + cri(at(2, 14, 0), "100000",
                                            "      1 node_lifecycle_controller.go:1044] ReadyCondition for Node node3 transitioned from "
                                            "&NodeCondition{Type:Ready,Status:Unknown,} to &NodeCondition{Type:Ready,Status:True,}")
                                      + controllerNotReady(at(18, 27, 25), "node3") + after)
            << "Unknown,True,Unknown";
        QTest::newRow("its status write retried: one loss")
            << QString::fromStdString(before
                                      + cri(at(2, 13, 17), "100000",
                                            "      1 node_lifecycle_controller.go:1031] node node3 hasn't been updated for 40.1s. Last "
                                            "Ready is: &NodeCondition{Type:Ready,Status:True,LastHeartbeatTime:2020-06-18 02:12:37 +0000 "
                                            "UTC,LastTransitionTime:2020-06-01 10:00:00 +0000 UTC,}")
                                      + controllerNotReady(at(2, 14, 22), "node3") + after)
            << "Unknown";
        QTest::newRow("another node's NodeNotReady") << QString::fromStdString(before + controllerNotReady(at(2, 13, 17), "node3")
                                                                               + controllerNotReady(at(18, 27, 25), "node4") + after)
                                                     << "Unknown";
    }
    void repeatedNodeNotReadyEndsTheSpanBefore()
    {
        QFETCH(QString, controller);
        QFETCH(QString, spans);
        const auto a = analyze(loadFiles({{kControllerLog, controller.toStdString()}}));
        QStringList got;
        for (const ConditionSpan &c : a->facts.conditions)
            if (c.view == ConditionSpan::View::ControlPlane && a->incident->text(c.node) == "node3")
                got << QString::fromLatin1(c.status == ConditionSpan::Status::True        ? "True"
                                               : c.status == ConditionSpan::Status::False ? "False"
                                                                                          : "Unknown")
                        + (c.endAtTheLatest ? "<=" : "");
        QCOMPARE(got.join(','), spans);
    }

    // The controller's word that it lost a node, in each version's wording, with no "for how
    // long": the gap began at least the grace period before the monitor pass that found it (the
    // taint is queued a pass after NodeNotReady), and ends where the controller heard from the
    // node again (any fresh status, NotReady too), the Node was deleted, or every controller log
    // ends. Lines that say the kubelet reported open none, nor one whose node's own heartbeat went
    // through within the grace before it, nor a restarted controller's second queueing.
    void controllerJudgesTheNodeLost_data()
    {
        QTest::addColumn<QString>("controller");
        QTest::addColumn<QString>("secondController");
        QTest::addColumn<QString>("apiserver");
        QTest::addColumn<QString>("start"); // "" = no gap
        QTest::addColumn<QString>("end");   // "open HH:MM:SS.ffffff" when to the end of the logs
        const int t = at(2, 13, 17);
        const std::string observed = observedNode(at(2, 5, 11), "node3"), later = controllerNoise(t + 20);
        auto line = [&](int second, const std::string &rest) { return cri(second, "016553", "      1 " + rest); };
        const QString start = "02:12:37.016553", startQueued = "02:12:37.514314", open = "open 02:13:37.671617";
        auto row = [&](const char *name, const std::string &log, const QString &from, const QString &to, const std::string &second = {},
                       const std::string &apiserver = {}) {
            QTest::newRow(name) << QString::fromStdString(log) << QString::fromStdString(second) << QString::fromStdString(apiserver)
                                << from << to;
        };
        const std::string unresponsive = taintQueued(t, "node3", "unresponsive");
        row("1.x queued: unresponsive as of", observed + unresponsive + later, startQueued, open);
        row("1.2x queued: structured",
            observed
                + line(t,
                       "node_lifecycle_controller.go:817] \"Node is unresponsive. Adding it to the Taint queue\" node=\"node3\" "
                       "timeStamp=\"2020-06-18 02:13:17.027151 +0000 UTC m=+3911.2\"")
                + later,
            start, open);
        row("1.x applied: NoSchedule by condition",
            observed
                + line(t,
                       "controller_utils.go:200] Added [&Taint{Key:node.kubernetes.io/unreachable,Value:,Effect:NoSchedule,TimeAdded:"
                       "2020-06-18 02:13:17.197948187 +0000 UTC m=+24431.515902756,}] Taint to Node node3")
                + later,
            start, open);
        row("1.2x applied: JSON list",
            observed
                + line(t,
                       "controller_utils.go:225] \"Added taint to node\" taint=[{\"key\":\"node.kubernetes.io/unreachable\",\"effect\":"
                       "\"NoExecute\",\"timeAdded\":\"2020-06-18T02:13:17Z\"}] node=\"node3\"")
                + later,
            start, open);
        // The controller's log ends at the line: the gap is the grace exactly, and over it (the
        // controller compares now > last heartbeat + grace).
        row("the log's last line", observed + unresponsive, startQueued, "open 02:13:17.514314");
        row("dated by the pass that recorded NodeNotReady", observed + controllerNotReady(t - 5, "node3") + unresponsive + later,
            "02:12:32.399034", open);
        auto heard = [&](const char *name, const std::string &rest) {
            row(name, observed + unresponsive + line(t + 30, rest) + later, startQueued, "02:13:47.016553");
        };
        heard("heard again: the unreachable taint taken off",
              "controller_utils.go:232] Made sure that Node node3 has no [&Taint{Key:node.kubernetes.io/unreachable,Value:,Effect:"
              "NoExecute,TimeAdded:<nil>,}] Taint");
        heard(
            "heard again: Ready transitioned to False",
            "node_lifecycle_controller.go:969] ReadyCondition for Node node3 transitioned from &NodeCondition{Type:Ready,Status:Unknown,} "
            "to &NodeCondition{Type:Ready,Status:False,}");
        heard("heard again: ReadyCondition updated",
              "node_lifecycle_controller.go:1083] \"Node ReadyCondition updated. Updating timestamp\" "
              "node=\"node3\"");
        heard("heard again: the NotReady taint queued",
              "node_lifecycle_controller.go:729] Node node3 is NotReady as of 2020-06-18 "
              "02:13:47.016 +0000 UTC m=+533.3. Adding it to the Taint queue.");
        heard("the Node deleted (a scale-down)", "node_lifecycle_controller.go:649] Controller observed a Node deletion: node3");
        row("the not-ready taint taken off is no hearing",
            observed + unresponsive
                + line(t + 1,
                       "controller_utils.go:232] Made sure that Node node3 has no [&Taint{Key:node.kubernetes.io/not-ready,Value:,"
                       "Effect:NoExecute,TimeAdded:<nil>,}] Taint")
                + later,
            startQueued, open);
        row("a restarted controller queues it again: one gap to the end of both logs", observed + unresponsive + later, startQueued,
            "open 02:18:17.671617", taintQueued(t + 35, "node3", "unresponsive") + controllerNoise(t + 300));
        row("with 'hasn't been updated for D' in the same pass: one gap, D's",
            observed
                + line(t - 5,
                       "node_lifecycle_controller.go:1031] node node3 hasn't been updated for 45.5s. Last Ready is: "
                       "&NodeCondition{Type:Ready,Status:True,}")
                + unresponsive + later,
            "02:12:26.516553", open);
        auto none = [&](const char *name, const std::string &l, const std::string &apiserver = {}) {
            row(name, observed + l + later, "", "", {}, apiserver);
        };
        none("NotReady: the kubelet reported", taintQueued(t, "node3", "NotReady"));
        none("Ready transitioned to Unknown: a fresh status someone else wrote",
             line(t,
                  "node_lifecycle_controller.go:969] ReadyCondition for Node node3 transitioned from "
                  "&NodeCondition{Type:Ready,Status:True,} to &NodeCondition{Type:Ready,Status:Unknown,}"));
        none("the not-ready taint applied",
             line(t,
                  "controller_utils.go:200] Added [&Taint{Key:node.kubernetes.io/not-ready,Value:,Effect:NoExecute,TimeAdded:<nil>,}] "
                  "Taint to Node node3"));
        none("the node's heartbeat went through within the grace", unresponsive, statusPatches(at(2, 12, 6), t - 10, "node3"));
    }
    // A Node no kubelet ever reported for (made ahead of it: kubernetes#117555, an autoscaler's
    // Node): the controller waits the startup grace from the Node's creation, says its Ready
    // condition was never updated, and queues the unreachable taint. That is no heartbeat gap
    // of a monitor grace but kubelet-never-reported, from the creation (the startup grace before
    // the line at the latest; exact where a later pass prints the condition, whose heartbeat is
    // the creation) to the kubelet's first word. Every wording; near misses: another condition
    // missing (a 1.12 controller's OutOfDisk, a kubelet without PIDPressure, at a real gap of a
    // kubelet that reported Ready), a clock step.
    void kubeletNeverReported_data()
    {
        QTest::addColumn<QString>("controller");
        QTest::addColumn<QString>("apiserver");
        QTest::addColumn<QString>("journal"); // node3's
        QTest::addColumn<QString>("start");   // "" = no never-reported gap
        QTest::addColumn<bool>("estimated");
        QTest::addColumn<QString>("end");   // "open HH:MM:SS.ffffff" when to the end of the logs
        QTest::addColumn<QString>("fires"); // the rules that fire on node3, sorted
        QTest::addColumn<QString>("grace");
        QTest::addColumn<QString>("severity");
        QTest::addColumn<QString>("says");
        const int t = at(2, 13, 17);
        const std::string observed = observedNode(at(2, 5, 11), "node3"), later = controllerNoise(t + 20);
        auto line = [&](int second, const std::string &rest) { return cri(second, "016553", "      1 " + rest); };
        auto condition = [&](const std::string &type) {
            return line(t, "node_lifecycle_controller.go:1082] Condition " + type + " of node node3 was never updated by kubelet");
        };
        const std::string allFour = condition("Ready") + condition("MemoryPressure") + condition("DiskPressure") + condition("PIDPressure");
        const QString start = "02:12:17.016553", open = "open 02:13:37.671617", never = "kubelet-never-reported";
        const QString noStatus = "No status came from it";
        struct Row {
            std::string controller, apiserver, journal;
            QString start;
            bool estimated = true;
            QString end, fires, grace = "60.0 s", severity = "error", says;
        };
        auto row = [&](const char *name, const Row &r) {
            QTest::newRow(name) << QString::fromStdString(r.controller) << QString::fromStdString(r.apiserver)
                                << QString::fromStdString(r.journal) << r.start << r.estimated << r.end << r.fires << r.grace << r.severity
                                << r.says;
        };
        row("1.12: node is never updated",
            {observed + line(t, "node_lifecycle_controller.go:1006] node node3 is never updated by kubelet") + later,
             {},
             {},
             start,
             true,
             open,
             never,
             "60.0 s",
             "error",
             noStatus});
        row("1.13-1.20: Condition Ready, then the others",
            {observed + allFour + later, {}, {}, start, true, open, never, "60.0 s", "error", noStatus});
        row("1.21+: structured",
            {observed
                 + line(t,
                        "node_lifecycle_controller.go:1038] \"Condition of node was never updated by kubelet\" nodeConditionType=Ready "
                        "node=\"node3\"")
                 + later,
             {},
             {},
             start,
             true,
             open,
             never,
             "60.0 s",
             "error",
             noStatus});
        row("then the unreachable taint queued (kubernetes#117555): one finding",
            {observed + allFour + taintQueued(t, "node3", "unresponsive") + later,
             {},
             {},
             start,
             true,
             open,
             never,
             "60.0 s",
             "error",
             "unreachable:NoExecute added 02:13:17Z"});
        row("the startup grace from the flag dump",
            {controllerFlag(at(2, 5, 0), "node-startup-grace-period", "2m0s") + observed + allFour + later,
             {},
             {},
             "02:11:17.016553",
             true,
             open,
             never,
             "2 min 0 s",
             "error",
             "--node-startup-grace-period=2m0s"});
        row("the kubelet reports at last: a warning",
            {observed + allFour
                 + line(t + 25,
                        "node_lifecycle_controller.go:969] ReadyCondition for Node node3 transitioned from "
                        "&NodeCondition{Type:Ready,Status:Unknown,} to &NodeCondition{Type:Ready,Status:True,}")
                 + later,
             {},
             {},
             start,
             true,
             "02:13:42.016553",
             never,
             "60.0 s",
             "warning",
             "first heard from at 02:13:42"});
        row("the Node deleted, no kubelet having come: an error",
            {observed + allFour + line(t + 30, "node_lifecycle_controller.go:649] Controller observed a Node deletion: node3") + later,
             {},
             {},
             start,
             true,
             "02:13:47.016553",
             never,
             "60.0 s",
             "error",
             "deleted at 02:13:47Z without a kubelet"});
        auto stillUnknown = [&](int second, const std::string &counted, const std::string &type = "Ready") {
            return line(second,
                        "node_lifecycle_controller.go:1107] node node3 hasn't been updated for " + counted + ". Last " + type
                            + " is: &NodeCondition{Type:" + type
                            + ",Status:Unknown,LastHeartbeatTime:2020-06-18 02:12:12 +0000 UTC,LastTransitionTime:2020-06-18 "
                              "02:13:17 +0000 UTC,Reason:NodeStatusNeverUpdated,Message:Kubelet never posted node status.,}");
        };
        row("1.17-1.26: the next passes' lines print the creation",
            {observed + allFour + taintQueued(t, "node3", "unresponsive") + stillUnknown(t + 5, "1m10s") + stillUnknown(t + 10, "1m15s")
                 + later,
             {},
             {},
             "02:12:12.000000",
             false,
             open,
             never,
             "60.0 s",
             "error",
             "the Node made at 02:12:12Z"});
        row("a log that begins after that pass",
            {stillUnknown(t + 5, "1m10s") + later, {}, {}, "02:12:12.000000", false, open, never, "60.0 s", "error", noStatus});
        row("a restarted controller counts from its start: the printed creation",
            {stillUnknown(t + 300, "45s") + controllerNoise(t + 320),
             {},
             {},
             "02:12:12.000000",
             false,
             "open 02:18:37.671617",
             never,
             "60.0 s",
             "error",
             noStatus});
        row("another condition only: no finding", {observed + condition("PIDPressure") + later, {}, {}, {}, true, {}, {}});
        row("1.12 OutOfDisk at a real gap: the monitor grace's",
            {observed
                 + line(t - 5,
                        "node_lifecycle_controller.go:1031] node node3 hasn't been updated for 45.5s. Last ready condition is: "
                        "{Type:Ready Status:True}")
                 + condition("OutOfDisk") + taintQueued(t, "node3", "unresponsive") + later,
             {},
             {},
             {},
             true,
             {},
             "node-heartbeat-gap"});
        // The heartbeats stop in an apiserver log that ends before the controller's: a kubelet
        // that never reported PIDPressure has it printed NodeStatusNeverUpdated at every gap.
        row("PIDPressure never updated, printed at a real gap",
            {observed
                 + line(t,
                        "node_lifecycle_controller.go:1107] node node3 hasn't been updated for 47s. Last Ready is: "
                        "&NodeCondition{Type:Ready,Status:True,LastHeartbeatTime:2020-06-18 02:12:30 +0000 UTC,LastTransitionTime:"
                        "2020-06-18 01:00:00 +0000 UTC,Reason:KubeletReady,Message:kubelet is posting ready status,}")
                 + stillUnknown(t, "47s", "PIDPressure") + taintQueued(t, "node3", "unresponsive")
                 + stillUnknown(t + 60, "1m47s", "PIDPressure") + controllerNoise(t + 120),
             statusPatches(at(2, 12, 0), at(2, 12, 30), "node3") + statusPatches(at(2, 12, 0), at(2, 14, 0), "node4"),
             {},
             {},
             true,
             {},
             "node-heartbeat-gap"});
        // A new VM's time daemon steps its clock at first boot, and its kubelet comes soon after
        // the controller gave up: no renewal was ever counted, so no step hid one.
        row("a clock step at first boot is no clock-step finding",
            {observed + allFour + line(t + 15, "node_lifecycle_controller.go:721] Node node3 is healthy again, removing all taints")
                 + later,
             {},
             "Jun 18 02:12:50 node3 chronyd[612]: System clock was stepped by -90.000000 seconds\n",
             start,
             true,
             "02:13:32.016553",
             never,
             "60.0 s",
             "warning",
             "first heard from at 02:13:32"});
    }
    void kubeletNeverReported()
    {
        QFETCH(QString, controller);
        QFETCH(QString, apiserver);
        QFETCH(QString, journal);
        QFETCH(QString, start);
        QFETCH(bool, estimated);
        QFETCH(QString, end);
        QFETCH(QString, fires);
        QFETCH(QString, grace);
        QFETCH(QString, severity);
        QFETCH(QString, says);
        std::vector<File> files{{kControllerLog, controller.toStdString()}};
        if (!apiserver.isEmpty())
            files.push_back({kApiserverLog, apiserver.toStdString()});
        if (!journal.isEmpty())
            files.push_back({"nodes/node3/journal.log", journal.toStdString()});
        const auto inc = loadFiles(files);
        QCOMPARE(inc->stats.unparsed, 0u);
        const auto a = analyze(inc);
        QStringList fired;
        for (const auto &f : a->findings)
            if (f.subject.text() == "node/node3")
                fired << QString::fromStdString(f.rule);
        fired.sort();
        QCOMPARE(fired.join(","), fires);
        const auto never = std::find_if(a->facts.gaps.begin(), a->facts.gaps.end(), [](const HeartbeatGap &g) { return g.neverReported; });
        QCOMPARE(never != a->facts.gaps.end(), !start.isEmpty());
        if (start.isEmpty())
            return;
        QCOMPARE(a->facts.gaps.size(), size_t(1));
        QCOMPARE(test::utc(never->start).mid(11, 15), start);
        QCOMPARE(never->startEstimated, estimated);
        QCOMPARE((never->openEnded ? QString("open ") : QString()) + test::utc(never->end).mid(11, 15), end);
        QCOMPARE(QString::fromStdString(formatDuration(never->grace)), grace);
        QVERIFY(never->exceedsGrace);
        // The control plane's Ready=Unknown from the pass that said the kubelet never reported.
        const auto unknown = std::find_if(a->facts.conditions.begin(), a->facts.conditions.end(), [](const ConditionSpan &c) {
            return c.view == ConditionSpan::View::ControlPlane && c.status == ConditionSpan::Status::Unknown;
        });
        QVERIFY(unknown != a->facts.conditions.end());
        QCOMPARE(test::utc(unknown->start).mid(11, 8), QString("02:13:17"));
        const Finding &f = a->findings.front();
        QCOMPARE(QString(severityName(f.severity)), severity);
        QVERIFY2(f.explanation.find(says.toStdString()) != std::string::npos
                     || f.chain.front().text.find(says.toStdString()) != std::string::npos,
                 f.explanation.c_str());
    }

    // "hasn't been updated for D" counts D from the controller's own start when it has not
    // heard from the node since (kubernetes#21053: "for 3m15s" of a node lost for 10 h). The
    // condition it prints dates the loss: set Unknown before those D, so the node went silent
    // a grace period before that at the latest, and the control plane's Unknown is that old.
    // Near misses: a fresh loss (Unknown a grace period into D: the line's own second, and the
    // next pass's line quoting it), and a condition still True.
    void restartedControllerDatesTheLossByItsCondition_data()
    {
        QTest::addColumn<QString>("line");
        QTest::addColumn<QString>("gapStart");
        QTest::addColumn<bool>("estimated");
        QTest::addColumn<QString>("unknownSince");
        QTest::newRow("1.x printf, lost 10 h before")
            << QString::fromStdString(cri(at(13, 41, 19), "596118",
                                          "      1 nodecontroller.go:513] node node3 hasn't been updated for 50.496118s. Last ready "
                                          "condition is: {Type:Ready Status:Unknown LastHeartbeatTime:2020-06-18 03:02:44 +0000 UTC "
                                          "LastTransitionTime:2020-06-18 03:07:40 +0000 UTC Reason:NodeStatusUnknown Message:Kubelet "
                                          "stopped posting node status.}"))
            << "03:07:00.000000" << true << "03:07:40.000000";
        QTest::newRow("1.27+ structured") << QString::fromStdString(
            cri(at(13, 41, 19), "596118",
                "      1 node_lifecycle_controller.go:958] \"Node hasn't been updated\" node=\"node3\" "
                "duration=\"50.496118s\" nodeConditionType=\"Ready\" currentCondition=\"&NodeCondition{"
                "Type:Ready,Status:Unknown,LastHeartbeatTime:2020-06-18 03:02:44 +0000 UTC,"
                "LastTransitionTime:2020-06-18 03:07:40 +0000 UTC,Reason:NodeStatusUnknown,}\""))
                                          << "03:07:00.000000" << true << "03:07:40.000000";
        QTest::newRow("a fresh loss, the next pass quoting it")
            << QString::fromStdString(cri(at(13, 41, 24), "596118",
                                          "      1 node_lifecycle_controller.go:958] \"Node hasn't been updated\" node=\"node3\" "
                                          "duration=\"45.5s\" nodeConditionType=\"Ready\" currentCondition=\"&NodeCondition{"
                                          "Type:Ready,Status:Unknown,LastHeartbeatTime:2020-06-18 13:40:38 +0000 UTC,"
                                          "LastTransitionTime:2020-06-18 13:41:19 +0000 UTC,Reason:NodeStatusUnknown,}\""))
            << "13:40:39.096118" << false << "13:41:24.596118";
        QTest::newRow("still True") << QString::fromStdString(
            cri(at(13, 41, 19), "596118",
                "      1 node_lifecycle_controller.go:958] \"Node hasn't been updated\" node=\"node3\" "
                "duration=\"40.5s\" nodeConditionType=\"Ready\" currentCondition=\"&NodeCondition{"
                "Type:Ready,Status:True,LastHeartbeatTime:2020-06-18 13:40:38 +0000 UTC,"
                "LastTransitionTime:2020-06-01 10:00:00 +0000 UTC,Reason:KubeletReady,}\""))
                                    << "13:40:39.096118" << false << "13:41:19.596118";
    }
    void restartedControllerDatesTheLossByItsCondition()
    {
        QFETCH(QString, line);
        QFETCH(QString, gapStart);
        QFETCH(bool, estimated);
        QFETCH(QString, unknownSince);
        const auto inc =
            loadFiles({{kControllerLog, controllerNoise(at(13, 40, 0)) + line.toStdString() + controllerNoise(at(13, 50, 0))}});
        QCOMPARE(inc->stats.unparsed, 0u);
        const auto a = analyze(inc);
        QCOMPARE(a->facts.gaps.size(), size_t(1));
        QCOMPARE(test::utc(a->facts.gaps[0].start).mid(11, 15), gapStart);
        QCOMPARE(a->facts.gaps[0].startEstimated, estimated);
        const ConditionSpan *unknown = nullptr;
        for (const ConditionSpan &c : a->facts.conditions)
            if (c.view == ConditionSpan::View::ControlPlane && c.status == ConditionSpan::Status::Unknown)
                unknown = &c;
        QVERIFY(unknown);
        QCOMPARE(test::utc(unknown->start).mid(11, 15), unknownSince);
        // The chain says the line's condition dates the Unknown, not that it was set then.
        QCOMPARE(a->findings.size(), size_t(1));
        const auto &chain = a->findings[0].chain;
        QCOMPARE(
            std::any_of(chain.begin(), chain.end(),
                        [](const auto &s) { return s.text.find("the line's condition: the control plane had set") != std::string::npos; }),
            estimated);
    }

    // The condition's time is the controller's own clock's reading with its zone; the line's
    // header is the same clock's reading, and the file's zone may be assumed (UTC) and wrong: a
    // fresh loss at +08:00 is not a loss 8 h before (the review's zone-fresh2).
    void restartedControllerComparesOnItsOwnClock()
    {
        const auto inc = loadFiles(
            {{"control-plane/kube-controller-manager.log",
              "I0618 11:00:00.000001       1 taint_manager.go:158] Sending events to api server.\n"
              "I0618 11:07:05.500001       1 node_lifecycle_controller.go:1031] node node3 hasn't been updated for 45.5s. Last Ready is: "
              "&NodeCondition{Type:Ready,Status:Unknown,LastHeartbeatTime:2020-06-18 11:06:20 +0800 CST,LastTransitionTime:2020-06-18 "
              "11:07:00 +0800 CST,Reason:NodeStatusUnknown,}\n"
              "I0618 11:20:00.000001       1 taint_manager.go:158] Sending events to api server.\n"}});
        const auto a = analyze(inc);
        QCOMPARE(a->facts.gaps.size(), size_t(1));
        QVERIFY(!a->facts.gaps[0].startEstimated);
        QCOMPARE(a->facts.gaps[0].end - a->facts.gaps[0].start > Duration::fromSeconds(3600), false);
    }

    // A Node object as the API held it (kubectl get -o yaml, a cluster-info dump): its Ready
    // condition is the control plane's view since lastTransitionTime, and Ready=Unknown for
    // NodeStatusUnknown is the controller's word that it lost the node a grace period before
    // (kubectl describe nodes of a stopped kubelet, 2022).
    void nodeObjectConditions_data()
    {
        QTest::addColumn<QString>("status");
        QTest::addColumn<QString>("reason");
        QTest::addColumn<int>("spanStatus");
        QTest::addColumn<int>("gapSeconds"); // -1: no gap
        QTest::newRow("lost: Unknown, NodeStatusUnknown") << "Unknown"
                                                          << "NodeStatusUnknown" << int(ConditionSpan::Status::Unknown) << 40;
        QTest::newRow("never reported: NodeStatusNeverUpdated") << "Unknown"
                                                                << "NodeStatusNeverUpdated" << int(ConditionSpan::Status::Unknown) << 199;
        QTest::newRow("the kubelet's NotReady") << "False"
                                                << "KubeletNotReady" << int(ConditionSpan::Status::False) << -1;
        QTest::newRow("ready") << "True"
                               << "KubeletReady" << int(ConditionSpan::Status::True) << -1;
    }
    void nodeObjectConditions()
    {
        QFETCH(QString, status);
        QFETCH(QString, reason);
        QFETCH(int, spanStatus);
        QFETCH(int, gapSeconds);
        const std::string yaml = "apiVersion: v1\nkind: Node\nmetadata:\n  name: worker1\nstatus:\n  conditions:\n"
                                 "  - lastHeartbeatTime: \"2022-03-31T11:40:16Z\"\n    lastTransitionTime: \"2022-03-31T11:43:35Z\"\n"
                                 "    message: some words\n    reason: "
            + reason.toStdString() + "\n    status: \"" + status.toStdString() + "\"\n    type: Ready\n";
        const auto a = analyze(loadFiles({{"node.yaml", yaml}}));
        const ConditionSpan *span = nullptr;
        for (const ConditionSpan &c : a->facts.conditions)
            if (c.view == ConditionSpan::View::ControlPlane)
                span = &c;
        QVERIFY(span);
        QCOMPARE(int(span->status), spanStatus);
        QCOMPARE(test::utc(span->start), QString("2022-03-31T11:43:35.000000Z"));
        QCOMPARE(int(a->facts.gaps.size()), gapSeconds < 0 ? 0 : 1);
        if (gapSeconds < 0)
            return;
        const HeartbeatGap &g = a->facts.gaps.front();
        // Not from the condition's heartbeat (5 min stale with leases): a grace period (40 s,
        // no version said) before the controller set it, at the latest; for a Node no kubelet
        // reported for, from its creation, which its condition holds as the heartbeat.
        QCOMPARE(g.neverReported, reason == "NodeStatusNeverUpdated");
        QCOMPARE(test::utc(g.start), QString(g.neverReported ? "2022-03-31T11:40:16.000000Z" : "2022-03-31T11:42:55.000000Z"));
        QCOMPARE(int(g.length.seconds()), gapSeconds);
        QCOMPARE(g.startEstimated, !g.neverReported);
        QVERIFY(g.exceedsGrace);
        QCOMPARE(int(g.reaction), int(HeartbeatGap::Reaction::Acted));
    }

    void controllerJudgesTheNodeLost()
    {
        QFETCH(QString, controller);
        QFETCH(QString, secondController);
        QFETCH(QString, apiserver);
        QFETCH(QString, start);
        QFETCH(QString, end);
        std::vector<File> files{{kControllerLog, controller.toStdString()}};
        if (!secondController.isEmpty())
            files.push_back({"master2/var/log/pods/kube-system_kube-controller-manager-master2_b2b20190-1f5f-4916-b4be-ebb3c2f80bfd/"
                             "kube-controller-manager/0.log",
                             secondController.toStdString()});
        if (!apiserver.isEmpty())
            files.push_back({kApiserverLog, apiserver.toStdString()});
        const auto inc = loadFiles(files);
        QCOMPARE(inc->stats.unparsed, 0u);
        const auto a = analyze(inc);
        QCOMPARE(findingsOf(*a, "node-heartbeat-gap", "node/node3"), start.isEmpty() ? 0 : 1);
        if (start.isEmpty()) {
            QVERIFY(a->facts.gaps.empty());
            return;
        }
        QCOMPARE(a->facts.gaps.size(), size_t(1));
        const HeartbeatGap &g = a->facts.gaps[0];
        QCOMPARE(test::utc(g.start).mid(11, 15), start);
        QCOMPARE((g.openEnded ? QString("open ") : QString()) + test::utc(g.end).mid(11, 15), end);
        QVERIFY(g.exceedsGrace);
        QCOMPARE(int(g.reaction), int(HeartbeatGap::Reaction::Acted));
        const bool deleted = QString(QTest::currentDataTag()).contains("deleted");
        const auto &chain = a->findings[0].chain;
        QCOMPARE(std::any_of(chain.begin(), chain.end(), [](const auto &s) { return s.text.find("deleted") != std::string::npos; }),
                 deleted);
    }

    // Heartbeat lines that bracket the silence give the gap; the controller's line inside it
    // adds no second one.
    void declaredGapInsideAHeartbeatGapIsOne()
    {
        const std::string notUpdated =
            cri(at(2, 13, 17), "016553",
                "      1 node_lifecycle_controller.go:1049] \"Node hasn't been updated\" node=\"node3\" duration=\"40.5s\" "
                "nodeConditionType=\"Ready\" currentCondition=\"&NodeCondition{Type:Ready,Status:True,}\"");
        const auto inc =
            loadFiles({{kApiserverLog, apiserverWithGap(59)}, {kControllerLog, observedNode(at(2, 5, 11), "node3") + notUpdated}});
        const auto a = analyze(inc);
        QCOMPARE(a->facts.gaps.size(), size_t(1));
        QCOMPARE(a->facts.gaps[0].declaredBy, kNoEvent);
        QCOMPARE(a->facts.gaps[0].length, Duration::fromSeconds(59));
    }

    // The kubelet's own request log (-v=6): a status PATCH that timed out has no status code
    // ("PATCH <url>  in 10000 milliseconds") and is a failed heartbeat, not a sign of life.
    void timedOutKubeletRequestIsNoHeartbeat()
    {
        auto patch = [](int clock, const std::string &result) {
            return kubeletLine(clock, "218201",
                               "round_trippers.go:553] PATCH https://10.0.0.10:6443/api/v1/nodes/node3/status?timeout=10s " + result);
        };
        std::string log;
        for (int s = at(2, 12, 0); s <= at(2, 12, 30); s += 10)
            log += patch(s, "200 OK in 5 milliseconds");
        for (int s = at(2, 12, 40); s <= at(2, 13, 20); s += 10)
            log += patch(s, " in 10000 milliseconds");
        for (int s = at(2, 13, 30); s <= at(2, 14, 0); s += 10)
            log += patch(s, "200 OK in 4 milliseconds");
        const auto inc = loadFiles({{"nodes/node3/kubelet.log", log}});
        QCOMPARE(inc->stats.unparsed, 0u);
        const auto a = analyze(inc);
        const HeartbeatGap *g = gapOf(*a, "node3");
        QVERIFY(g);
        QCOMPARE(g->length, Duration::fromSeconds(60));
        QCOMPARE(g->failures.size(), size_t(5));
    }

    // Without a controller-manager version or flag, the grace period follows the newest
    // kubelet: the control plane is never older than its kubelets.
    void graceFromKubeletVersion_data()
    {
        QTest::addColumn<QString>("version");
        QTest::addColumn<int>("graceSeconds");
        QTest::newRow("1.31 kubelet") << "v1.31.4" << 40;
        QTest::newRow("1.32 kubelet") << "v1.32.0" << 50;
    }
    void graceFromKubeletVersion()
    {
        QFETCH(QString, version);
        QFETCH(int, graceSeconds);
        const std::string kubelet =
            kubeletLine(at(2, 5, 0), "100000", "server.go:446] \"Kubelet version\" kubeletVersion=\"" + version.toStdString() + "\"");
        const auto inc = loadFiles({{kApiserverLog, apiserverWithGap(45)}, {"nodes/node3/kubelet.log", kubelet}});
        QCOMPARE(inc->stats.unparsed, 0u);
        const auto a = analyze(inc);
        const HeartbeatGap *g = gapOf(*a, "node3");
        QVERIFY(g);
        QCOMPARE(g->grace, Duration::fromSeconds(graceSeconds));
        QVERIFY2(QString::fromStdString(g->graceOrigin).contains(version + " from the newest kubelet"), g->graceOrigin.c_str());
        QCOMPARE(g->exceedsGrace, 45 > graceSeconds);
    }

    // A state still open when its source's log ends is known only until then, even when
    // another source (here the apiserver) logs for an hour more.
    void openStatesEndWithTheirSource()
    {
        const std::string controller = observedNode(at(2, 5, 0), "node4") + taintQueued(at(2, 14, 10), "node4", "NotReady")
            + controllerNotReady(at(2, 14, 10), "node4") + controllerNoise(at(2, 20, 0));
        const std::string apiserver = statusPatches(at(2, 5, 0), at(3, 20, 0), "node3");
        const auto inc = loadFiles({{kControllerLog, controller}, {kApiserverLog, apiserver}});
        QCOMPARE(inc->stats.unparsed, 0u);
        const auto a = analyze(inc);
        QCOMPARE(a->facts.taints.size(), size_t(1));
        QVERIFY(a->facts.taints[0].openEnded);
        QCOMPARE(test::utc(a->facts.taints[0].end), QString("2020-06-18T02:20:00.671617Z"));
        QVERIFY(a->facts.taints[0].end < inc->last());
        bool sawCondition = false;
        for (const ConditionSpan &c : a->facts.conditions)
            if (c.openEnded && inc->text(c.node) == "node4") {
                sawCondition = true;
                QCOMPARE(c.end, a->facts.taints[0].end);
            }
        QVERIFY(sawCondition);
    }

    // A taint added and removed has both times; one never removed is open-ended up to the end
    // of the bundle. Key and effect come from the controller's reason.
    void taintIntervals()
    {
        const std::string log = controllerNoise(at(2, 5, 25)) + taintQueued(at(2, 13, 32), "node3", "unresponsive")
            + healthyAgain(at(2, 13, 37), "node3") + taintQueued(at(2, 14, 10), "node4", "NotReady") + controllerNoise(at(2, 20, 0));
        const auto inc = loadFiles({{kControllerLog, log}});
        QCOMPARE(inc->stats.unparsed, 0u);
        const auto a = analyze(inc);
        QCOMPARE(a->facts.taints.size(), size_t(2));

        const TaintInterval &closed = a->facts.taints[0];
        QCOMPARE(QString::fromStdString(std::string(inc->text(closed.node))), QString("node3"));
        QCOMPARE(QString::fromStdString(closed.key), QString("node.kubernetes.io/unreachable"));
        QCOMPARE(QString::fromStdString(closed.effect), QString("NoExecute"));
        QCOMPARE(test::utc(closed.start), QString("2020-06-18T02:13:32.514314Z"));
        QCOMPARE(test::utc(closed.end), QString("2020-06-18T02:13:37.524394Z"));
        QVERIFY(!closed.openEnded);
        QVERIFY(closed.addEvent != kNoEvent && closed.removeEvent != kNoEvent);
        QCOMPARE(inc->event(closed.removeEvent).time, closed.end);

        const TaintInterval &open = a->facts.taints[1];
        QCOMPARE(QString::fromStdString(std::string(inc->text(open.node))), QString("node4"));
        QCOMPARE(QString::fromStdString(open.key), QString("node.kubernetes.io/not-ready"));
        QCOMPARE(QString::fromStdString(open.effect), QString("NoExecute"));
        QCOMPARE(test::utc(open.start), QString("2020-06-18T02:14:10.514314Z"));
        QVERIFY(open.openEnded);
        QCOMPARE(open.removeEvent, kNoEvent);
        QCOMPARE(open.end, inc->last());
        QCOMPARE(test::utc(open.end), QString("2020-06-18T02:20:00.671617Z"));
    }

    // Every wording the controller manager logs taints in, 1.x to 1.3x, text and JSON: the
    // intervals come from the taints the line lists (any key, with its effect), never from
    // keys the detector knows. "Healthy again" removes only the controller's NoExecute taints;
    // a failed swap changes nothing.
    void taintWordings_data()
    {
        QTest::addColumn<QString>("log");
        QTest::addColumn<QStringList>("expected"); // "key effect start end|open", by start
        const std::string added1x =
            "      1 controller_utils.go:220] Added [&Taint{Key:node.kubernetes.io/unreachable,Value:,Effect:NoExecute,"
            "TimeAdded:2020-06-18 02:13:32 +0000 UTC,}] Taint to Node node3";
        const std::string removed1x =
            "      1 controller_utils.go:232] Made sure that Node node3 has no [&Taint{Key:node.kubernetes.io/unreachable,"
            "Value:,Effect:NoExecute,TimeAdded:<nil>,}] Taint";
        QTest::newRow("1.x Added/Made sure, Go String() lists")
            << QString::fromStdString(cri(at(2, 13, 32), "000001", added1x) + cri(at(2, 13, 40), "000002", removed1x)
                                      + controllerNoise(at(2, 20, 0)))
            << QStringList{"node.kubernetes.io/unreachable NoExecute 02:13:32 02:13:40"};
        // kubernetes#77981: the unreachable NoSchedule taint (by condition), then the NoExecute one
        // (eviction): two taints of one key, each removed on its own.
        auto added = [](const char *effect) {
            return std::string("      1 controller_utils.go:200] Added [&Taint{Key:node.kubernetes.io/unreachable,Value:,Effect:") + effect
                + ",TimeAdded:2019-05-16 19:33:12.197948187 +0000 UTC m=+24431.515902756,}] Taint to Node node3";
        };
        QTest::newRow("1.x one key, two effects")
            << QString::fromStdString(cri(at(2, 13, 12), "000001", added("NoSchedule")) + cri(at(2, 13, 17), "000002", added("NoExecute"))
                                      + cri(at(2, 13, 50), "000003",
                                            "      1 controller_utils.go:232] Made sure that Node node3 has no [&Taint{Key:node.kubernetes."
                                            "io/unreachable,Value:,Effect:NoExecute,TimeAdded:<nil>,}] Taint")
                                      + controllerNoise(at(2, 20, 0)))
            << QStringList{"node.kubernetes.io/unreachable NoSchedule 02:13:12 open",
                           "node.kubernetes.io/unreachable NoExecute 02:13:17 02:13:50"};
        // kubernetes#77981 again: the queue line, then the tainting pass's line that applied it. The
        // node has the taint from the applied line on.
        QTest::newRow("1.x queued, then applied: starts when applied")
            << QString::fromStdString(taintQueued(at(2, 13, 17), "node3", "unresponsive") + cri(at(2, 13, 18), "000002", added("NoExecute"))
                                      + controllerNoise(at(2, 20, 0)))
            << QStringList{"node.kubernetes.io/unreachable NoExecute 02:13:18 open"};
        const std::string addedText =
            "      1 controller_utils.go:225] \"Added taint to node\" taint=[&Taint{Key:node.kubernetes.io/memory-pressure,"
            "Value:,Effect:NoSchedule,TimeAdded:<nil>,}] node=\"node3\"";
        const std::string removedJson = "      1 controller_utils.go:233] \"Made sure that node has no taint\" node=\"node3\" "
                                        "taint=[{\"key\":\"node.kubernetes.io/memory-pressure\",\"effect\":\"NoSchedule\"}]";
        QTest::newRow("1.2x structured, any key, text then JSON list")
            << QString::fromStdString(cri(at(2, 13, 32), "000001", addedText) + cri(at(2, 13, 50), "000002", removedJson)
                                      + controllerNoise(at(2, 20, 0)))
            << QStringList{"node.kubernetes.io/memory-pressure NoSchedule 02:13:32 02:13:50"};
        QTest::newRow("healthy again keeps a taint the controller did not set")
            << QString::fromStdString(cri(at(2, 13, 30), "000001", addedText) + taintQueued(at(2, 13, 32), "node3", "NotReady")
                                      + healthyAgain(at(2, 13, 37), "node3") + controllerNoise(at(2, 20, 0)))
            << QStringList{"node.kubernetes.io/memory-pressure NoSchedule 02:13:30 open",
                           "node.kubernetes.io/not-ready NoExecute 02:13:32 02:13:37"};
        const std::string addedNoSchedule1x =
            "      1 controller_utils.go:220] Added [&Taint{Key:node.kubernetes.io/unreachable,Value:,Effect:NoSchedule,"
            "TimeAdded:<nil>,}] Taint to Node node3";
        const std::string removedNone1x = "      1 controller_utils.go:212] Made sure that Node node3 has no [] Taint";
        QTest::newRow("1.x a swap that removes nothing ([]) ends no taint")
            << QString::fromStdString(cri(at(2, 13, 32), "000001", addedNoSchedule1x) + cri(at(2, 13, 32), "000030", removedNone1x)
                                      + controllerNoise(at(2, 20, 0)))
            << QStringList{"node.kubernetes.io/unreachable NoSchedule 02:13:32 open"};
        const std::string dropped1x = "      1 node_lifecycle_controller.go:589] Node node3 was in a taint queue, but it's ready now. "
                                      "Ignoring taint request.";
        const std::string dropped12x =
            "      1 node_lifecycle_controller.go:702] \"Node was in a taint queue, but it's ready now. Ignoring "
            "taint request\" node=\"node3\"";
        QTest::newRow("1.x a queued taint dropped: the node was Ready again")
            << QString::fromStdString(taintQueued(at(2, 13, 32), "node3", "unresponsive") + cri(at(2, 13, 36), "000004", dropped1x)
                                      + controllerNoise(at(2, 20, 0)))
            << QStringList{"node.kubernetes.io/unreachable NoExecute 02:13:32 02:13:36"};
        QTest::newRow("1.2x structured: a queued taint dropped") << QString::fromStdString(
            taintQueued(at(2, 13, 32), "node3", "NotReady") + cri(at(2, 13, 36), "000004", dropped12x) + controllerNoise(at(2, 20, 0)))
                                                                 << QStringList{"node.kubernetes.io/not-ready NoExecute 02:13:32 02:13:36"};
        const std::string swapFailed = "      1 node_lifecycle_controller.go:689] Failed to instantly swap UnreachableTaint to "
                                       "NotReadyTaint. Will try again in the next cycle.";
        QTest::newRow("a failed swap changes nothing") << QString::fromStdString(
            taintQueued(at(2, 13, 32), "node3", "unresponsive") + cri(at(2, 13, 35), "000003", swapFailed) + controllerNoise(at(2, 20, 0)))
                                                       << QStringList{"node.kubernetes.io/unreachable NoExecute 02:13:32 open"};
    }

    // A queued taint the controller's own V(4) lines never show applied was meant, not on the
    // node (kubernetes#110028); below V(4) no line shows any applied, and a queued one counts.
    void queuedTaintNeverApplied()
    {
        auto appliedTo = [](int second, const std::string &node) {
            return cri(second, "614314", // 100 ms after the queue line, as the tainting pass runs
                       "      1 controller_utils.go:225] \"Added taint to node\" taint=[{\"key\":\"node.kubernetes.io/not-ready\","
                       "\"effect\":\"NoExecute\"}] node=\""
                           + node + "\"");
        };
        const std::string verbose = taintQueued(at(2, 13, 32), "node3", "unresponsive") + taintQueued(at(2, 14, 10), "node4", "NotReady")
            + appliedTo(at(2, 14, 10), "node4") + controllerNoise(at(2, 20, 0));
        const auto inc = loadFiles({{kControllerLog, verbose}});
        const auto a = analyze(inc);
        QCOMPARE(a->facts.taints.size(), size_t(2));
        QCOMPARE(QString::fromStdString(std::string(inc->text(a->facts.taints[0].node))), QString("node3"));
        QVERIFY(a->facts.taints[0].queuedNotApplied);
        QCOMPARE(QString::fromStdString(std::string(inc->text(a->facts.taints[1].node))), QString("node4"));
        QVERIFY(!a->facts.taints[1].queuedNotApplied);
        // Dated and evidenced by the line that applied it, the queue line kept as the reason.
        QCOMPARE(a->facts.taints[0].queueEvent, a->facts.taints[0].addEvent);
        QVERIFY(a->facts.taints[1].queueEvent != kNoEvent);
        QVERIFY(inc->message(inc->event(a->facts.taints[1].queueEvent)).find("Taint queue") != std::string_view::npos);
        QVERIFY(inc->message(inc->event(a->facts.taints[1].addEvent)).find("Added taint") != std::string_view::npos);

        // kubernetes#110028: the pass took another node off the queue (a V(4) line) and never
        // tainted the one queued.
        const std::string dropped = "      1 node_lifecycle_controller.go:697] Node cp-1 was in a taint queue, but it's ready now. "
                                    "Ignoring taint request.";
        const auto bug = loadFiles({{kControllerLog,
                                     taintQueued(at(2, 13, 32), "node3", "unresponsive") + cri(at(2, 13, 38), "000009", dropped)
                                         + controllerNoise(at(2, 20, 0))}});
        const auto c = analyze(bug);
        QCOMPARE(c->facts.taints.size(), size_t(1));
        QVERIFY(c->facts.taints[0].queuedNotApplied);

        const auto quiet =
            loadFiles({{kControllerLog, taintQueued(at(2, 13, 32), "node3", "unresponsive") + controllerNoise(at(2, 20, 0))}});
        const auto b = analyze(quiet);
        QCOMPARE(b->facts.taints.size(), size_t(1));
        QVERIFY(!b->facts.taints[0].queuedNotApplied);
    }

    // Master disruption mode (every node not Ready, V(0)): the controller takes the NoExecute
    // taints off every node and applies none queued until it exits (kubernetes#77981).
    void disruptionModeTakesNoExecuteTaintsOff()
    {
        auto disruption = [](int second, const std::string &state, const std::string &action) {
            return cri(second, "000011",
                       "      1 node_lifecycle_controller.go:1009] Controller detected that " + state + ". " + action
                           + " master disruption mode.");
        };
        const std::string log = taintQueued(at(2, 13, 32), "node3", "unresponsive")
            + disruption(at(2, 13, 40), "all Nodes are not-Ready", "Entering") + taintQueued(at(2, 13, 45), "node4", "unresponsive")
            + disruption(at(2, 15, 0), "some Nodes are Ready", "Exiting") + taintQueued(at(2, 16, 0), "node5", "unresponsive")
            + controllerNoise(at(2, 20, 0));
        const auto inc = loadFiles({{kControllerLog, log}});
        const auto a = analyze(inc);
        QCOMPARE(a->facts.taints.size(), size_t(3));
        const TaintInterval &taken = a->facts.taints[0], &held = a->facts.taints[1], &after = a->facts.taints[2];
        QCOMPARE(QString::fromStdString(std::string(inc->text(taken.node))), QString("node3"));
        QVERIFY(!taken.openEnded);
        QCOMPARE(test::utc(taken.end), QString("2020-06-18T02:13:40.000011Z"));
        QCOMPARE(inc->typeName(inc->event(taken.removeEvent)), std::string_view("nlc.disruption"));
        QVERIFY(!taken.heldByDisruption && !taken.queuedNotApplied);
        // Queued in the mode, applied when it ends (the tainter's rate restored).
        QCOMPARE(QString::fromStdString(std::string(inc->text(held.node))), QString("node4"));
        QVERIFY(!held.heldByDisruption && !held.queuedNotApplied);
        QCOMPARE(test::utc(held.start), QString("2020-06-18T02:15:00.000011Z"));
        QCOMPARE(inc->typeName(inc->event(held.addEvent)), std::string_view("nlc.disruption-over"));
        QCOMPARE(QString::fromStdString(std::string(inc->text(after.node))), QString("node5"));
        QVERIFY(!after.heldByDisruption && !after.queuedNotApplied);
        // The mode itself: from "Entering" to "Exiting".
        QCOMPARE(a->facts.disruptions.size(), size_t(1));
        const DisruptionMode &mode = a->facts.disruptions[0];
        QCOMPARE(test::utc(mode.start), QString("2020-06-18T02:13:40.000011Z"));
        QCOMPARE(test::utc(mode.end), QString("2020-06-18T02:15:00.000011Z"));
        QVERIFY(!mode.openEnded);
        QCOMPARE(mode.enterEvent, taken.removeEvent);
        QCOMPARE(mode.exitEvent, held.addEvent);

        // Still in the mode when the log ends: held, never applied.
        const auto stuck = loadFiles({{kControllerLog,
                                       disruption(at(2, 13, 40), "all Nodes are not-Ready", "Entering")
                                           + taintQueued(at(2, 13, 45), "node4", "unresponsive") + controllerNoise(at(2, 20, 0))}});
        const auto b = analyze(stuck);
        QCOMPARE(b->facts.taints.size(), size_t(1));
        QVERIFY(b->facts.taints[0].heldByDisruption && b->facts.taints[0].queuedNotApplied);
        QCOMPARE(b->facts.disruptions.size(), size_t(1));
        QVERIFY(b->facts.disruptions[0].openEnded && b->facts.disruptions[0].exitEvent == kNoEvent);

        // Two controllers' logs (a restart, another leader): each enters the mode on its own.
        const auto two = loadFiles({{kControllerLog, disruption(at(2, 13, 40), "all Nodes are not-Ready", "Entering")},
                                    {"other/" + kControllerLog, disruption(at(2, 14, 40), "all Nodes are not-Ready", "Entering")}});
        const auto c = analyze(two);
        QCOMPARE(c->facts.disruptions.size(), size_t(2));
        QCOMPARE(test::utc(c->facts.disruptions[1].start), QString("2020-06-18T02:14:40.000011Z"));
        QCOMPARE(test::utc(b->facts.disruptions[0].end), QString("2020-06-18T02:20:00.671617Z"));

        // No "Exiting" line (a paste cut it out, kubernetes#77981), but the same controller
        // applies a NoExecute taint later: it had left the mode by then. A NoSchedule taint
        // says nothing: the mode holds back only the NoExecute ones.
        auto applied = [](int second, const std::string &node, const std::string &effect) {
            return cri(second, "284108",
                       "      1 controller_utils.go:200] Added [&Taint{Key:node.kubernetes.io/unreachable,Value:,Effect:" + effect
                           + ",TimeAdded:2020-06-18 " + hms(second) + ".2795516 +0000 UTC m=+24436.597506218,}] Taint to Node " + node);
        };
        const auto cut =
            loadFiles({{kControllerLog,
                        disruption(at(2, 13, 40), "all Nodes are not-Ready", "Entering") + applied(at(2, 30, 12), "node6", "NoSchedule")
                            + applied(at(2, 30, 17), "node6", "NoExecute") + controllerNoise(at(2, 40, 0))}});
        const auto d = analyze(cut);
        QCOMPARE(d->facts.disruptions.size(), size_t(1));
        const DisruptionMode &ended = d->facts.disruptions[0];
        QVERIFY(!ended.openEnded && ended.endInferred && ended.exitEvent == kNoEvent);
        QCOMPARE(test::utc(ended.end), QString("2020-06-18T02:30:17.284108Z"));
    }

    void taintWordings()
    {
        QFETCH(QString, log);
        QFETCH(QStringList, expected);
        const auto inc = loadFiles({{kControllerLog, log.toStdString()}});
        QCOMPARE(inc->stats.unparsed, 0u);
        const auto a = analyze(inc);
        QStringList got;
        for (const TaintInterval &t : a->facts.taints) {
            QCOMPARE(QString::fromStdString(std::string(inc->text(t.node))), QString("node3"));
            got << QString::fromStdString(t.key + " " + t.effect) + " " + test::utc(t.start).mid(11, 8) + " "
                    + (t.openEnded ? QString("open") : test::utc(t.end).mid(11, 8));
        }
        QCOMPARE(got, expected);
    }

    // node3's kubelet writes its wall clock at +08:00 (told by --tz, or inferred from a UTC
    // stamp in a message); the apiserver and controller-manager write UTC. In UTC the kubelet's
    // failed status updates fall inside the apiserver's heartbeat gap, its own heartbeats
    // line up with the apiserver's, and the controller's NotReady comes inside the gap.
    void clockOffsetBetweenNodeAndControlPlane_data()
    {
        QTest::addColumn<bool>("override");
        QTest::newRow("--tz node3=+08:00") << true;
        QTest::newRow("offset inferred") << false;
    }
    void clockOffsetBetweenNodeAndControlPlane()
    {
        QFETCH(bool, override);
        const int last = at(2, 12, 36), back = at(2, 13, 34);
        const int eight = 8 * 3600;
        const std::string apiserver = statusPatches(at(2, 12, 6), last, "node3") + statusPatches(back, back + 30, "node3");
        const std::string controller = controllerNotReady(at(2, 13, 17), "node3") + controllerNoise(at(2, 14, 10));
        std::string kubelet;
        if (!override)
            kubelet +=
                kubeletLine(at(2, 12, 0) + eight, "000100",
                            "status_manager.go:499] Patch status for pod \"web-0_default(0b5f8a55-e1d2-4c77-9a0a-3c41d7d8a1b2)\" with "
                            "\"{\\\"status\\\":{\\\"conditions\\\":[{\\\"lastTransitionTime\\\":\\\"2020-06-18T02:12:00Z\\\"}]}}\"");
        for (int s = at(2, 12, 6); s <= last; s += 10)
            kubelet += kubeletHeartbeat(s + eight);
        kubelet += kubeletUpdateFailed(at(2, 12, 50) + eight) + kubeletUpdateFailed(at(2, 13, 0) + eight);
        for (int s = back; s <= back + 30; s += 10)
            kubelet += kubeletHeartbeat(s + eight);

        LoadOptions o = test::options();
        o.fallbackYear = 2020;
        if (override)
            o.utcOffsets.push_back({"node3", "+08:00"});
        const auto inc = loadFiles({{kApiserverLog, apiserver}, {kControllerLog, controller}, {"nodes/node3/kubelet.log", kubelet}}, o);
        QCOMPARE(inc->stats.unparsed, 0u);
        const Source *k = test::sourceEndingWith(*inc, "kubelet.log");
        QVERIFY(k);
        QCOMPARE(k->clock.utcOffsetSeconds, eight);
        QCOMPARE(k->clock.offsetOrigin, override ? ClockInfo::OffsetOrigin::Override : ClockInfo::OffsetOrigin::Inferred);

        const auto a = analyze(inc);
        // One gap only: an 8 h misalignment would show as a gap of hours between the kubelet's
        // and the apiserver's heartbeats.
        QCOMPARE(a->facts.gaps.size(), size_t(1));
        const HeartbeatGap &g = a->facts.gaps[0];
        QVERIFY(g.length < Duration::fromSeconds(60));
        QVERIFY(g.length >= Duration::fromSeconds(57));
        QVERIFY(g.start >= utcTime("2020-06-18T02:12:36Z") && g.start < utcTime("2020-06-18T02:12:37Z"));
        QVERIFY(g.end >= utcTime("2020-06-18T02:13:34Z") && g.end < utcTime("2020-06-18T02:13:35Z"));
        QVERIFY(g.exceedsGrace);
        // Both failed attempts of the kubelet are inside the gap, at their UTC time.
        QCOMPARE(g.failures.size(), size_t(2));
        QCOMPARE(test::utc(inc->event(g.failures[0]).time), QString("2020-06-18T02:12:50.301122Z"));
        QCOMPARE(test::utc(inc->event(g.failures[1]).time), QString("2020-06-18T02:13:00.301122Z"));
        // The control plane's NotReady (02:13:17 UTC) falls inside the gap.
        const ConditionSpan *notReady = nullptr;
        for (const auto &c : a->facts.conditions)
            if (c.view == ConditionSpan::View::ControlPlane && c.status != ConditionSpan::Status::True)
                notReady = &c;
        QVERIFY(notReady);
        QVERIFY(notReady->start > g.start && notReady->start < g.end);
        QCOMPARE(findingsOf(*a, "node-heartbeat-gap", "node/node3"), 1);
        // The kubelet's own heartbeats count as heartbeats of node3, at their UTC time.
        int fromKubelet = 0;
        for (const auto &h : a->facts.heartbeats)
            if (!h.failed && inc->event(h.event).source == k->id) {
                ++fromKubelet;
                QVERIFY(h.time >= utcTime("2020-06-18T02:12:06Z") && h.time <= utcTime("2020-06-18T02:14:05Z"));
            }
        QCOMPARE(fromKubelet, 8);
    }

    // After the kubelet start, pod A's status is generated 43 µs before its container's first
    // readiness result (statusFirst, delta +43 µs); pod B's probe result comes 49 µs before
    // its status (delta -49 µs). A status generated by the previous kubelet process does not
    // count for the new run.
    void statusProbeOrder()
    {
        const std::string journal = "-- Logs begin at Tue 2020-02-25 03:12:47 CST, end at Thu 2020-03-12 10:45:02 CST. --\n"
                                    "Mar 12 10:30:00 py-node-10-86-98-42 kubelet[1890344]: I0312 10:30:00.100000 1890344 "
                                    "kubelet_pods.go:1424] Generating status for \""
            + kPodA
            + "\"\n"
              "Mar 12 10:30:18 py-node-10-86-98-42 systemd[1]: Stopping Kubernetes Kubelet Server...\n"
              "Mar 12 10:30:18 py-node-10-86-98-42 systemd[1]: Stopped Kubernetes Kubelet Server.\n"
              "Mar 12 10:42:24 py-node-10-86-98-42 systemd[1]: Started Kubernetes Kubelet Server.\n";
        const std::string kubelet = glogHeader() + raceLine("10:42:24.170143", "server.go:408] Version: v1.12.4")
            + raceLine("10:42:24.205921", "server.go:1013] Started kubelet") + generatingStatus("10:42:26.102104", kPodA)
            + initProber("10:42:26.102147", kPodA, "auto-srv-cwhttp-py", "8a61fda8d43e4c28d4092a1bc8e5f372846d955ffffe0353a754c2e42f271b56")
            + initProber("10:42:26.102489", kPodB, "pre-py", "c2e34bcb0be287f30d6e7414a8052a11cd88842bbc433cb0823566adb67036b4")
            + generatingStatus("10:42:26.102538", kPodB);
        const LoadOptions o = clockAtPlus8(kRaceNode);
        const auto inc =
            loadFiles({{"nodes/" + kRaceNode + "/journal.txt", journal}, {"nodes/" + kRaceNode + "/kubelet.INFO", kubelet}}, o);
        QCOMPARE(inc->stats.unparsed, 0u);
        const auto a = analyze(inc);

        // The run the orders belong to: started 02:42:24 UTC with its version.
        const KubeletRun *run = nullptr;
        for (const auto &r : a->facts.kubeletRuns)
            if (r.startEvent != kNoEvent)
                run = &r;
        QVERIFY(run);
        QCOMPARE(QString::fromStdString(run->version), QString("v1.12.4"));
        QCOMPARE(test::utc(run->start), QString("2020-03-12T02:42:24.170143Z"));
        // The previous process: from the journal's first kubelet line to its systemd stop.
        QCOMPARE(a->facts.kubeletRuns.size(), size_t(2));
        const KubeletRun &previous = a->facts.kubeletRuns[0];
        QCOMPARE(test::utc(previous.start), QString("2020-03-12T02:30:00.100000Z"));
        QVERIFY(!previous.openEnded);
        QCOMPARE(test::utc(previous.end), QString("2020-03-12T02:30:18.000000Z"));

        QCOMPARE(a->facts.orders.size(), size_t(2));
        for (const StatusProbeOrder &ord : a->facts.orders) {
            QCOMPARE(&a->facts.kubeletRuns[ord.runIndex], run);
            const std::string pod = inc->podName(ord.pod);
            const std::string container(inc->text(ord.container));
            QVERIFY(inc->event(ord.statusEvent).time >= run->start);
            if (pod == "default/auto-srv-cwhttp-sf-30b71-0") {
                QCOMPARE(QString::fromStdString(container), QString("auto-srv-cwhttp-py"));
                QVERIFY(ord.statusFirst);
                QCOMPARE(ord.delta, Duration{43'000});
                QCOMPARE(test::utc(inc->event(ord.statusEvent).time), QString("2020-03-12T02:42:26.102104Z"));
            } else {
                QCOMPARE(QString::fromStdString(pod), QString("default/pre-000"));
                QCOMPARE(QString::fromStdString(container), QString("pre-py"));
                QVERIFY(!ord.statusFirst);
                QCOMPARE(ord.delta, Duration{-49'000});
            }
        }
    }

    // An upstream structured kubelet (1.30, raw klog, UTC) restarts. web-0 logs both sides at
    // -v=3 (status first, then SyncLoop (probe) ready); web-1 logs neither (only the seeded
    // status="" of its readiness worker, which is no result), so the order is read from its
    // patches; both flap not ready and are findings (warnings: nothing killed).
    // Silent: new-0 (created after the start: no sign it ran before), fail-0 (its first
    // readiness probe failed: not ready by the probe's verdict) and seed-0 (probe first).
    // The version decides what the flap means: kubelets before 1.35 reset readiness on every
    // restart; from 1.35 they keep it unless ChangeContainerStatusOnKubeletRestart is on.
    void statusProbeOrderStructured_data()
    {
        QTest::addColumn<QString>("version");
        QTest::addColumn<QString>("note");
        QTest::newRow("1.30: reset on restart") << "v1.30.2"
                                                << "before 1.35 reset";
        QTest::newRow("1.35: kept unless the gate is on") << "v1.35.0"
                                                          << "this flap means the gate is on";
    }
    void statusProbeOrderStructured()
    {
        QFETCH(QString, version);
        QFETCH(QString, note);
        auto k = [](const std::string &clock, const std::string &rest) { return "I0516 " + clock + "    4052 " + rest + "\n"; };
        auto patch = [&](const std::string &clock, const std::string &pod, const std::string &ctr, bool ready) {
            return k(clock,
                     "status_manager.go:877] \"Patch status for pod\" pod=\"default/" + pod
                         + "\" podUID=\"0b5f8a55-e1d2-4c77-9a0a-3c41d7d8a1b2\" "
                           "patch=\"{\\\"status\\\":{\\\"containerStatuses\\\":[{\\\"name\\\":\\\""
                         + ctr + "\\\",\\\"ready\\\":" + (ready ? "true" : "false") + "}]}}\"");
        };
        auto started = [&](const std::string &clock, const std::string &pod) {
            return k(clock,
                     "kubelet.go:2439] \"SyncLoop (PLEG): event for pod\" pod=\"default/" + pod
                         + "\" "
                           "event={\"ID\":\"7ed0f963-37b7-4383-9d94-77e3a5afb787\",\"Type\":\"ContainerStarted\",\"Data\":"
                           "\"f51267392f05152ad8ef082073f1b65abea345f4d4445cf079acd0d770374a1c\"}");
        };
        const std::string log = k("18:00:00.100000", "server.go:487] \"Kubelet version\" kubeletVersion=\"" + version.toStdString() + "\"")
            + started("18:00:02.500000", "web-0") + started("18:00:02.500100", "web-1") + started("18:00:02.500200", "fail-0")
            + started("18:00:02.500300", "seed-0")
            + k("18:00:02.600000", "kubelet_pods.go:1652] \"Generating pod status\" podIsTerminal=false pod=\"default/web-0\"")
            + k("18:00:02.600100", "kubelet_pods.go:1652] \"Generating pod status\" podIsTerminal=false pod=\"default/seed-0\"")
            + k("18:00:02.600050",
                "prober.go:128] \"Probe succeeded\" probeType=\"Readiness\" pod=\"default/seed-0\" podUID=\"11\" containerName=\"app\"")
            + k("18:00:02.700000",
                "prober.go:107] \"Probe failed\" probeType=\"Readiness\" pod=\"default/fail-0\" podUID=\"12\" containerName=\"app\" "
                "probeResult=\"failure\" output=\"HTTP probe failed with statuscode: 503\"")
            // The readiness worker's seeded Failure on a new container id: not a probe result.
            + k("18:00:02.700500", "kubelet.go:2528] \"SyncLoop (probe)\" probe=\"readiness\" status=\"\" pod=\"default/web-1\"")
            + patch("18:00:02.800000", "web-0", "app", false) + patch("18:00:02.800100", "web-1", "app", false)
            + patch("18:00:02.800200", "fail-0", "app", false) + patch("18:00:02.800300", "seed-0", "app", true)
            + k("18:00:05.000000",
                "kuberuntime_manager.go:1046] \"No sandbox for pod can be found. Need to start a new one\" pod=\"default/new-0\"")
            + patch("18:00:07.000000", "new-0", "app", false)
            + k("18:00:09.000000", "kubelet.go:2528] \"SyncLoop (probe)\" probe=\"readiness\" status=\"ready\" pod=\"default/web-0\"")
            + patch("18:00:09.100000", "web-0", "app", true) + patch("18:00:12.100000", "web-1", "app", true)
            + patch("18:00:15.000000", "new-0", "app", true) + k("18:00:30.000000", "kubelet.go:2536] \"SyncLoop (housekeeping)\"");
        const auto inc = loadFiles({{"nodes/node3/kubelet.log", log}}, test::options());
        const auto a = analyze(inc);
        auto finding = [&](const std::string &pod) -> const Finding * {
            for (const Finding &f : a->findings)
                if (f.rule == "probe-status-race" && f.subject == core::Subject::ofPod("default/" + pod))
                    return &f;
            return nullptr;
        };
        for (const char *pod : {"web-0", "web-1"}) {
            const Finding *f = finding(pod);
            QVERIFY2(f, pod);
            QCOMPARE(f->severity, Severity::Warning);
            QVERIFY2(f->title.find("flapped app not ready for") != std::string::npos, f->title.c_str());
            QVERIFY2(f->explanation.find("the first PLEG relist after the start found it running") != std::string::npos,
                     f->explanation.c_str());
            QVERIFY2(QString::fromStdString(f->explanation).contains(note), f->explanation.c_str());
        }
        QVERIFY(finding("web-0")->title.find("not ready for 6.3 s") != std::string::npos);
        QVERIFY2(finding("web-1")->explanation.find("order read from the status patches") != std::string::npos,
                 finding("web-1")->explanation.c_str());
        QVERIFY(finding("web-0")->explanation.find("order read from") == std::string::npos);
        for (const char *pod : {"new-0", "fail-0", "seed-0"})
            QVERIFY2(!finding(pod), pod);
    }

    // "PLEG is not healthy: pleg was last seen active X ago; threshold is Y": the longest X and
    // Y, the first and last report; the start-up forms (zero time, "yet to be successful") are
    // not a hang.
    void plegUnhealthy()
    {
        const std::string journal =
            "-- Logs begin at Fri 2019-05-10 02:19:33 CST, end at Thu 2019-05-16 10:17:01 CST. --\n"
            + plegSkip(
                "09:53:52", "100000",
                "container runtime is down PLEG is not healthy: pleg was last seen active 2562047h47m16.854775807s ago; threshold is 3m0s")
            + plegSkip("09:53:53", "100000",
                       "container runtime status check may not have completed yet, PLEG is not healthy: pleg has yet to be successful")
            + plegSkip("10:03:52", "864790", "PLEG is not healthy: pleg was last seen active 3m0.52s ago; threshold is 3m0s")
            + plegSkip("10:03:57", "865144", "PLEG is not healthy: pleg was last seen active 3m5.934940464s ago; threshold is 3m0s")
            + journalKubelet("10:04:00", 2912, "I0516 10:04:00.000100    2912 generic.go:189] GenericPLEG: Relisting");
        const LoadOptions o = clockAtPlus8("cn-node-1", 2019);
        const auto inc = loadFiles({{"nodes/cn-node-1/journal.txt", journal}}, o);
        QCOMPARE(inc->stats.unparsed, 0u);
        const auto a = analyze(inc);
        QCOMPARE(a->facts.pleg.size(), size_t(1));
        const PlegHealth &h = a->facts.pleg[0];
        QCOMPARE(QString::fromStdString(std::string(inc->text(h.node))), QString("cn-node-1"));
        QCOMPARE(h.unhealthy.size(), size_t(2));
        QCOMPARE(a->facts.plegActivity.size(), size_t(1));
        QCOMPARE(a->facts.plegActivity[0].relists.size(), size_t(1));
        QCOMPARE(h.longestReported, Duration{185'934'940'464});
        QCOMPARE(h.threshold, Duration::fromSeconds(180));
        QCOMPARE(test::utc(h.firstUnhealthy), QString("2019-05-16T02:03:52.864790Z"));
        QCOMPARE(test::utc(h.lastUnhealthy), QString("2019-05-16T02:03:57.865144Z"));
        // The stall began where the reports date the last completed relist, the earliest of them:
        // 02:03:57.865144 less 3m5.934940464s (the first report's 3m0.52s dates it 0.4 s later).
        QCOMPARE(test::utc(h.lastActive), QString("2019-05-16T02:00:51.930203Z"));
        QCOMPARE(a->findings.size(), size_t(1));
        QCOMPARE(test::utc(a->findings[0].start), QString("2019-05-16T02:00:51.930203Z"));
    }

    // A start-up that never ends, in klog JSON (the runtime's words in the record's err key, not
    // its msg): no runtime status check passes and no relist completes for 4 min. The runtime
    // was never up for this kubelet; the PLEG's first relist never came, counted from the
    // kubelet's start once the measured form would have reported (past its 3 min threshold).
    // A start-up of 10 s is no stall and an outage of its start-up.
    void startUpThatNeverEnds_data()
    {
        QTest::addColumn<int>("seconds");
        QTest::addColumn<bool>("runtimeAnswers"); // its first check passes at once: only the relist never comes
        QTest::newRow("4 min") << 240 << false;
        QTest::newRow("10 s") << 10 << false;
        QTest::newRow("4 min, the runtime answering") << 240 << true;
    }
    void startUpThatNeverEnds()
    {
        QFETCH(int, seconds);
        QFETCH(bool, runtimeAnswers);
        const long long t0 = 1694505600000; // 2023-09-12T08:00:00Z
        auto record = [&](double second, const std::string &rest) {
            const long long ms = t0 + static_cast<long long>(second * 1000);
            char envelope[64];
            std::snprintf(envelope, sizeof envelope, "Sep 12 08:%02d:%02d.%03d000", int(second) / 60, int(second) % 60,
                          static_cast<int>(ms % 1000));
            return std::string(envelope) + " worker-1 kubelet[1187]: {\"ts\":" + std::to_string(ms) + ".5," + rest + "}\n";
        };
        std::string journal = "-- Logs begin at Mon 2023-09-11 00:00:01 UTC, end at Tue 2023-09-12 09:00:00 UTC. --\n"
            + record(0, "\"caller\":\"app/server.go:415\",\"msg\":\"Kubelet version\",\"v\":0,\"kubeletVersion\":\"v1.27.3\"");
        const std::string skipped = "\"caller\":\"kubelet/kubelet.go:2281\",\"msg\":\"Skipping pod synchronization\",\"err\":";
        for (int s = 1; s <= seconds; s += 5)
            journal += record(s,
                              skipped
                                  + (runtimeAnswers && s > 1 ? "\"PLEG is not healthy: pleg has yet to be successful\""
                                                             : "\"[container runtime status check may not have completed yet, PLEG is not "
                                                               "healthy: pleg has yet to be successful]\""));
        const auto inc = loadFiles({{"nodes/worker-1/kubelet.log", journal}}, test::options());
        QCOMPARE(inc->stats.unparsed, 0u);
        const auto a = analyze(inc);
        QCOMPARE(a->facts.runtimeOutages.size(), size_t(1));
        const RuntimeOutage &o = a->facts.runtimeOutages[0];
        QVERIFY(o.neverUp);
        QCOMPARE(o.atStartUp, seconds < 120 || runtimeAnswers);
        QCOMPARE(o.firstVerdict, kNoEvent);
        if (seconds < 180) {
            QVERIFY(a->facts.pleg.empty());
            QVERIFY(a->findings.empty());
            return;
        }
        QCOMPARE(a->facts.pleg.size(), size_t(1));
        const PlegHealth &h = a->facts.pleg[0];
        QVERIFY(h.neverRelisted);
        QVERIFY(h.startEvent != kNoEvent);
        QCOMPARE(test::utc(h.lastActive), QString("2023-09-12T08:00:00.000500Z"));
        // The first report past the threshold: 3 min 1 s after the start; the last 3 min 56 s.
        QCOMPARE(test::utc(h.firstUnhealthy), QString("2023-09-12T08:03:01.000500Z"));
        QCOMPARE(h.longestReported, Duration::fromSeconds(236));
        // The runtime answered nothing, but nothing says it was gone: the hung relists' story.
        QCOMPARE(findingsOf(*a, "pleg-unhealthy", "node/worker-1"), 1);
        QCOMPARE(findingsOf(*a, "container-runtime-down", "node/worker-1"), 0);
        // Whether the runtime's checks never passed either is said only when so: a start-up's
        // first second of "not yet" is every start's.
        const auto finding =
            std::find_if(a->findings.begin(), a->findings.end(), [](const Finding &f) { return f.rule == "pleg-unhealthy"; });
        QCOMPARE(finding->explanation.find("Nor had one of the kubelet's runtime status checks passed") != std::string::npos,
                 !runtimeAnswers);
    }

    // Two stalls of one node a day apart (kubernetes PR #78720's paste: two kubelets, pids 20904
    // and 28586): the second report dates its last relist 21 h after the first report, so a
    // relist completed in between. Two stalls, each from the relist its reports date; a report
    // that dates the same relist stays in its stall.
    void plegStallsApart()
    {
        LoadOptions o = test::options();
        o.fallbackYear = 2019;
        const std::string skipping = " kubelet.go:1828] skipping pod synchronization - PLEG is not healthy: pleg was last seen active ";
        const auto inc = loadFiles({{"nodes/n1/kubelet.log",
                                     "I0523 11:25:06.087934   20904" + skipping + "3m41.395442131s ago; threshold is 3m0s.\n"
                                         + "I0524 10:01:42.180287   28586" + skipping + "1h17m57.165844739s ago; threshold is 3m0s.\n"
                                         + "I0524 10:01:47.180300   28586" + skipping + "1h18m2.165858s ago; threshold is 3m0s.\n"}},
                                   o);
        QCOMPARE(inc->stats.unparsed, 0u);
        const auto a = analyze(inc);
        QCOMPARE(a->facts.pleg.size(), size_t(2));
        const PlegHealth &first = a->facts.pleg[0], &second = a->facts.pleg[1];
        QCOMPARE(first.unhealthy.size(), size_t(1));
        QCOMPARE(test::utc(first.lastActive), QString("2019-05-23T11:21:24.692491Z"));
        QCOMPARE(test::utc(first.lastUnhealthy), QString("2019-05-23T11:25:06.087934Z"));
        QCOMPARE(second.unhealthy.size(), size_t(2));
        QCOMPARE(test::utc(second.firstUnhealthy), QString("2019-05-24T10:01:42.180287Z"));
        QCOMPARE(test::utc(second.lastActive), QString("2019-05-24T08:43:45.014442Z"));
        QCOMPARE(second.longestReported, Duration{4'682'165'858'000});
        QCOMPARE(findingsOf(*a, "pleg-unhealthy", "node/n1"), 2);

        // A PLEG that relisted once and hung again within a threshold flaps: two stalls, one
        // finding that counts them.
        const auto flapping = loadFiles({{"nodes/n1/kubelet.log",
                                          "I0524 10:00:00.000000   28586" + skipping + "3m10s ago; threshold is 3m0s.\n"
                                              + "I0524 10:04:00.000000   28586" + skipping + "3m1s ago; threshold is 3m0s.\n"}},
                                        o);
        const auto b = analyze(flapping);
        QCOMPARE(b->facts.pleg.size(), size_t(2));
        QCOMPARE(findingsOf(*b, "pleg-unhealthy", "node/n1"), 1);
        QVERIFY2(b->findings[0].explanation.find("2 reports in 2 stalls") != std::string::npos, b->findings[0].explanation.c_str());
        QCOMPARE(test::utc(b->findings[0].start), QString("2019-05-24T09:56:50.000000Z"));
    }

    // A PLEG that flaps around a runtime outage (stall, relists, the runtime refused, stall
    // again) is one story: pleg-unhealthy tells it, container-runtime-down stands down, as it
    // did when a node's stalls were one record (both judge the stalls grouped alike).
    void flappingPlegAroundARuntimeOutageIsOneFinding()
    {
        auto line = [](int second, const std::string &klog) {
            char stamp[64];
            std::snprintf(stamp, sizeof stamp, "2024-04-09T21:%02d:%02d.210702+0000", 10 + second / 60, second % 60);
            std::string out = std::string(stamp) + " node1 kubelet[2614]: " + klog.substr(0, 1) + "0409 "
                + std::string(stamp).substr(11, 15) + "    2614 " + klog.substr(1) + "\n";
            return out;
        };
        const std::string stalled =
            "Ekubelet.go:2183] \"Skipping pod synchronization\" err=\"PLEG is not healthy: pleg was last seen active ";
        const std::string relist = "Igeneric.go:205] \"GenericPLEG: Relisting\"";
        std::string journal =
            line(0, relist) + line(185, stalled + "185s ago; threshold is 3m0s\"") + line(195, stalled + "195s ago; threshold is 3m0s\"");
        for (int s : {200, 230, 260, 280})
            journal += line(s, relist);
        for (int s = 300; s <= 335; s += 5)
            journal += line(s,
                            "Ekubelet.go:2356] \"Container runtime sanity check failed\" err=\"rpc error: code = Unavailable desc = "
                            "connection error: desc = \\\"transport: Error while dialing dial unix /run/containerd/containerd.sock: "
                            "connect: connection refused\\\"\"");
        journal += line(336, "Ekubelet.go:2183] \"Skipping pod synchronization\" err=\"container runtime is down\"");
        journal += line(465, stalled + "185s ago; threshold is 3m0s\"") + line(475, stalled + "195s ago; threshold is 3m0s\"");
        const auto inc = loadFiles({{"nodes/node1/journal.txt", journal}});
        QCOMPARE(inc->stats.unparsed, 0u);
        const auto a = analyze(inc);
        QCOMPARE(a->facts.pleg.size(), size_t(2));
        QCOMPARE(findingsOf(*a, "pleg-unhealthy", "node/node1"), 1);
        QCOMPARE(findingsOf(*a, "container-runtime-down", "node/node1"), 0);
    }

    // kubelet runs: the log opens inside a run (start unknown), a "Version:" line starts a new
    // run and closes the previous one, and the version is kept per run.
    // A bundle no line of which is the kubelet's (a 1.5 controller's log, kubernetes#43516:
    // nodecontroller.go, the node lifecycle controller's file up to 1.9, names the controller
    // manager) has no kubelet run on the node its lines name.
    void noKubeletLineNoKubeletRun()
    {
        const auto inc = loadFiles(
            {{"issue/kcm-1.5.txt",
              "I0322 02:36:43.571752       1 nodecontroller.go:704] ReadyCondition for Node node-4-vm transitioned from Unknown to "
              "&{Ready True 2017-03-22 02:36:39 +0000 UTC 2017-03-22 02:36:39 +0000 UTC KubeletReady kubelet is posting ready status}\n"
              "I0322 02:36:43.572221       1 nodecontroller.go:713] Node node-4-vm ReadyCondition updated. Updating timestamp.\n"}});
        const auto a = analyze(inc);
        QCOMPARE(inc->sources.at(0).component, std::string("kube-controller-manager"));
        QVERIFY(a->facts.kubeletRuns.empty());
    }

    void kubeletRuns()
    {
        const std::string journal =
            "-- Logs begin at Mon 2019-01-14 10:00:00 CST, end at Mon 2019-01-14 18:10:00 CST. --\n"
            + std::string(
                "Jan 14 17:50:00 k8s-node-2 kubelet[3318]: I0114 17:50:00.100000    3318 kubelet.go:1884] SyncLoop (housekeeping)\n")
            + "Jan 14 17:57:40 k8s-node-2 kubelet[12945]: I0114 17:57:40.402137   12945 server.go:182] Version: v1.9.11\n"
            + "Jan 14 17:57:41 k8s-node-2 kubelet[12945]: I0114 17:57:41.863717   12945 server.go:946] Started kubelet\n"
            + "Jan 14 18:05:00 k8s-node-2 kubelet[12945]: I0114 18:05:00.100000   12945 kubelet.go:1884] SyncLoop (housekeeping)\n";
        const LoadOptions o = clockAtPlus8("k8s-node-2", 2019);
        const auto inc = loadFiles({{"nodes/k8s-node-2/journal.txt", journal}}, o);
        QCOMPARE(inc->stats.unparsed, 0u);
        const auto a = analyze(inc);
        QCOMPARE(a->facts.kubeletRuns.size(), size_t(2));
        const KubeletRun &before = a->facts.kubeletRuns[0];
        const KubeletRun &after = a->facts.kubeletRuns[1];
        QCOMPARE(before.startEvent, kNoEvent);
        QVERIFY(before.version.empty());
        QCOMPARE(test::utc(before.start), QString("2019-01-14T09:50:00.100000Z"));
        QCOMPARE(before.end, after.start);
        QVERIFY(!before.openEnded);
        QVERIFY(after.startEvent != kNoEvent);
        QCOMPARE(QString::fromStdString(after.version), QString("v1.9.11"));
        QCOMPARE(test::utc(after.start), QString("2019-01-14T09:57:40.402137Z"));
        QVERIFY(after.openEnded);
        QCOMPARE(after.end, inc->last());
    }
    // Pod readiness: the node lifecycle controller's "Updating ready status of pod X to false"
    // (pod named without namespace) starts a Ready=False span of the kubelet's pod at that
    // line's time; the kubelet's later patch with Ready True ends it and starts a Ready=True
    // span. The container gets its own spans from the patches' containerStatuses. A pod the
    // kubelet never patches ready again stays not ready, open-ended to the end of the bundle.
    // The node-wide "Update ready status of pods on node" names no pod and makes no span.
    void readinessSpans()
    {
        const std::string controller = podsOnNodeNotReady("02:30:55.126661", kRaceNode)
            + podMarkedNotReady("02:30:55.136661", "auto-srv-cwhttp-sf-30b71-0") + podMarkedNotReady("02:30:55.145373", "pre-000");
        const std::string kubelet = glogHeader() + raceLine("10:42:24.170143", "server.go:408] Version: v1.12.4")
            + generatingStatus("10:42:26.102104", kPodA) + generatingStatus("10:42:26.102538", kPodB)
            + unreadyPatch("10:42:26.119238", kPodA, {kRaceContainer}, containerStatus(kRaceContainer, kRaceContainerId, false))
            + readyPatch("11:12:37.927828", kPodA, containerStatus(kRaceContainer, kRaceContainerId, true))
            + raceLine("11:20:00.000100", "kubelet.go:1884] SyncLoop (housekeeping)");
        const LoadOptions o = clockAtPlus8(kRaceNode);
        const auto inc = loadFiles({{kRaceControllerLog, controller}, {"nodes/" + kRaceNode + "/kubelet.INFO", kubelet}}, o);
        QCOMPARE(inc->stats.unparsed, 0u);
        const auto a = analyze(inc);
        QCOMPARE(a->facts.readiness.size(), size_t(5));
        for (const auto &r : a->facts.readiness) {
            QVERIFY(r.startEvent != kNoEvent);
            QCOMPARE(inc->event(r.startEvent).time, r.start);
        }

        // Pod A: not ready from the controller's mark until the kubelet's Ready True patch.
        const ReadySpan *aDown = spanOf(*a, "default/auto-srv-cwhttp-sf-30b71-0", "", false);
        QVERIFY(aDown);
        QCOMPARE(QString::fromStdString(aDown->origin), QString("node lifecycle controller"));
        QCOMPARE(test::utc(aDown->start), QString("2020-03-12T02:30:55.136661Z"));
        QCOMPARE(test::utc(aDown->end), QString("2020-03-12T03:12:37.927828Z"));
        QVERIFY(!aDown->openEnded);
        const ReadySpan *aUp = spanOf(*a, "default/auto-srv-cwhttp-sf-30b71-0", "", true);
        QVERIFY(aUp);
        QCOMPARE(QString::fromStdString(aUp->origin), QString("status patch"));
        QCOMPARE(aUp->start, aDown->end);
        QVERIFY(aUp->openEnded);
        QCOMPARE(aUp->end, inc->last());

        // Its container: unready from the kubelet's first patch after the restart (the pod
        // was already not ready, so that patch adds no pod span), ready with the second.
        const ReadySpan *cDown = spanOf(*a, "default/auto-srv-cwhttp-sf-30b71-0", kRaceContainer, false);
        QVERIFY(cDown);
        QCOMPARE(QString::fromStdString(cDown->origin), QString("status patch"));
        QCOMPARE(test::utc(cDown->start), QString("2020-03-12T02:42:26.119238Z"));
        QCOMPARE(test::utc(cDown->end), QString("2020-03-12T03:12:37.927828Z"));
        QVERIFY(!cDown->openEnded);
        const ReadySpan *cUp = spanOf(*a, "default/auto-srv-cwhttp-sf-30b71-0", kRaceContainer, true);
        QVERIFY(cUp);
        QCOMPARE(cUp->start, cDown->end);
        QVERIFY(cUp->openEnded);

        // Pod B: marked not ready, never patched ready: open-ended to the end of the bundle.
        const ReadySpan *b = spanOf(*a, "default/pre-000", "", false);
        QVERIFY(b);
        QCOMPARE(QString::fromStdString(b->origin), QString("node lifecycle controller"));
        QCOMPARE(test::utc(b->start), QString("2020-03-12T02:30:55.145373Z"));
        QVERIFY(b->openEnded);
        QCOMPARE(b->end, inc->last());
        QCOMPARE(test::utc(b->end), QString("2020-03-12T03:20:00.000100Z"));
        QVERIFY(!spanOf(*a, "default/pre-000", "", true));
    }

    // A patch listing several unready containers (kube-dns: kubedns, dnsmasq, sidecar) gives
    // each container its own Ready=False span, even when no other line names the containers.
    void readinessOfEveryListedContainer()
    {
        const std::string pod = "kube-dns-6c857864fb-9kxlp_kube-system(5e6ea480-f83a-11e8-9206-52540064c479)";
        const std::string statuses = containerStatus("dnsmasq", "1e0445a594b5c8c6cbdbb3b26003bc7a53231a35da0e56c02dd5597b82de91b8", false)
            + "," + containerStatus("kubedns", "f6da6f94ca7242339857f552f65f983b73c9245715baf1a896d96f5b62bfdc5a", false) + ","
            + containerStatus("sidecar", "e6d119ea140ecaba945a3cf2ec50f0d60225ff34e3448834bcaeb5af68a43691", false);
        const std::string kubelet = glogHeader() + unreadyPatch("10:42:26.119238", pod, {"dnsmasq", "kubedns", "sidecar"}, statuses)
            + raceLine("11:20:00.000100", "kubelet.go:1884] SyncLoop (housekeeping)");
        const LoadOptions o = clockAtPlus8(kRaceNode);
        const auto inc = loadFiles({{"nodes/" + kRaceNode + "/kubelet.INFO", kubelet}}, o);
        QCOMPARE(inc->stats.unparsed, 0u);
        const auto a = analyze(inc);
        // The pod itself: not ready, from the patch that lists only unready containers.
        const ReadySpan *p = spanOf(*a, "kube-system/kube-dns-6c857864fb-9kxlp", "", false);
        QVERIFY(p);
        QCOMPARE(test::utc(p->start), QString("2020-03-12T02:42:26.119238Z"));
        QCOMPARE(a->facts.readiness.size(), size_t(4));
        for (const char *c : {"dnsmasq", "kubedns", "sidecar"}) {
            const ReadySpan *s = spanOf(*a, "kube-system/kube-dns-6c857864fb-9kxlp", c, false);
            QVERIFY2(s, c);
            if (s) {
                QCOMPARE(test::utc(s->start), QString("2020-03-12T02:42:26.119238Z"));
                QVERIFY(s->openEnded);
            }
        }
    }

    // Container lifecycle after an in-place kubelet upgrade (spec-hash-restart): the PLEG
    // start, the spec-hash change (detail: old vs new hash), the kill (detail: why, and the grace period),
    // the PLEG death, the new container's start, then a failed and a passed liveness probe
    // (detail: probe type), in time order. Lines naming only a container id get the container
    // name from the spec-hash line that named that id; the new container's id is never named.
    // A kill carries the reason computePodActions logged for that container just before it
    // (a failed liveness probe); a kill without one says only its grace period.
    void killCarriesItsReason()
    {
        const std::string c = "prometheus-node-exporter";
        const std::string kubelet = syncLoopPleg("17:25:24.081221", kExporterPod, "ContainerStarted", kExporterOld)
            + killReason("17:30:00.100000", kExporterPod, c, kExporterOld,
                         "Container prometheus-node-exporter failed liveness probe, will be restarted")
            + killingContainer("17:30:00.100400", kExporterOld, 30) + killingContainer("17:40:00.000000", kExporterNew, 30);
        const LoadOptions o = clockAtPlus8("k8s-node-2", 2019);
        const auto inc = loadFiles({{"nodes/k8s-node-2/kubelet.log", kubelet}}, o);
        QCOMPARE(inc->stats.unparsed, 0u);
        const auto a = analyze(inc);
        std::vector<const ContainerEvent *> kills;
        for (const auto &e : a->facts.containerEvents)
            if (e.kind == ContainerEvent::Kind::Killed)
                kills.push_back(&e);
        QCOMPARE(kills.size(), size_t(2));
        QCOMPARE(QString::fromStdString(std::string(a->facts.detailOf(*kills[0]))),
                 QString("Container prometheus-node-exporter failed liveness probe, will be restarted; grace period 30 s"));
        QCOMPARE(QString::fromStdString(std::string(a->facts.detailOf(*kills[1]))), QString("grace period 30 s"));
    }

    void containerEvents()
    {
        const std::string c = "prometheus-node-exporter";
        const std::string kubelet = syncLoopPleg("17:25:24.081221", kExporterPod, "ContainerStarted", kExporterOld)
            + specHashChanged("17:57:42.715551", kExporterPod, c, kExporterOld, "1559107639", "1428860573")
            + killingContainer("17:57:42.715981", kExporterOld, 30)
            + syncLoopPleg("17:57:43.895981", kExporterPod, "ContainerDied", kExporterOld)
            + syncLoopPleg("17:57:44.385800", kExporterPod, "ContainerStarted", kExporterNew)
            + probeResult("17:57:50.100231", "Liveness", kExporterPod, c,
                          "failed (failure): Get http://10.0.0.7:9100/: dial tcp 10.0.0.7:9100: connect: connection refused")
            + probeResult("17:58:00.100187", "Liveness", kExporterPod, c, "succeeded");
        const LoadOptions o = clockAtPlus8("k8s-node-2", 2019);
        const auto inc = loadFiles({{"nodes/k8s-node-2/kubelet.log", kubelet}}, o);
        QCOMPARE(inc->stats.unparsed, 0u);
        const auto a = analyze(inc);

        struct Want {
            const char *kind, *time, *container, *detail;
        };
        const std::vector<Want> want{
            {"Started", "2019-01-14T09:25:24.081221Z", "prometheus-node-exporter", ""},
            {"SpecHashChanged", "2019-01-14T09:57:42.715551Z", "prometheus-node-exporter", "spec hash 1559107639 vs 1428860573"},
            {"Killed", "2019-01-14T09:57:42.715981Z", "prometheus-node-exporter", "container spec hash changed; grace period 30 s"},
            {"Died", "2019-01-14T09:57:43.895981Z", "prometheus-node-exporter", ""},
            {"Started", "2019-01-14T09:57:44.385800Z", "", ""},
            {"ProbeFailed", "2019-01-14T09:57:50.100231Z", "prometheus-node-exporter", "Liveness"},
            {"ProbeSucceeded", "2019-01-14T09:58:00.100187Z", "prometheus-node-exporter", "Liveness"},
        };
        const auto &got = a->facts.containerEvents;
        QCOMPARE(got.size(), want.size());
        for (size_t i = 0; i < want.size(); ++i) {
            const ContainerEvent &c = got[i];
            const QByteArray row = QByteArray::number(int(i)) + " " + want[i].kind;
            QVERIFY2(QString(kindName(c.kind)) == want[i].kind, row + " got " + kindName(c.kind));
            QVERIFY(c.event != kNoEvent);
            const Event &e = inc->event(c.event);
            QCOMPARE(test::utc(e.time), QString(want[i].time));
            QCOMPARE(QString::fromStdString(inc->podName(inc->podOf(e))), QString("monitoring/prometheus-node-exporter-l7vzz"));
            QCOMPARE(QString::fromStdString(std::string(inc->text(inc->containerOf(e)))), QString(want[i].container));
            QCOMPARE(QString::fromStdString(std::string(a->facts.detailOf(c))), QString(want[i].detail));
        }
    }
};

QTEST_GUILESS_MAIN(TestFacts)
#include "tst_facts.moc"
