// Kubernetes objects that bundles carry, read as events: `kubectl get events -o json/-o yaml`,
// the `get events` tables of each kubectl era, and the JSON documents of a cluster-info dump
// (NodeList, PodList, EventList, any other list). Every line is in an event or counted.
#include "core/format/eventtable.h"
#include "core/load/sourceparser.h"
#include "core/model/incident.h"
#include "core/util/textscan.h"
#include "testutil.h"

#ifndef Q_MOC_RUN // moc of Qt 6.4 cannot parse these headers
#include "core/format/kubeobjects.h"
#include "core/format/kubeyaml.h"
#include <nlohmann/json.hpp>
#include "kubeobjects_inputs.h"
#endif

#include <utime.h>

using namespace kubelane;
using namespace kubelane::core;
using namespace kubelane::test::kubeobjects;

namespace {

std::string fieldOf(const Incident &inc, const Event &e, std::string_view key)
{
    return std::string(inc.field(e, key));
}

// A file written with a given modification time (an events table's ages count back from it).
std::shared_ptr<const Incident> loadWithMtime(const std::string &name, const std::string &content, std::int64_t mtime)
{
    QTemporaryDir dir;
    const std::string path = test::writeFile(dir, name, content);
    utimbuf times{static_cast<time_t>(mtime), static_cast<time_t>(mtime)};
    utime(path.c_str(), &times);
    return test::load({path});
}

std::int64_t utcSeconds(const char *rfc3339)
{
    return parseRfc3339(rfc3339)->ns / kNsPerSecond;
}

} // namespace

class TestKubeObjects : public QObject {
    Q_OBJECT
private slots:
    // core/v1 EventList JSON: one event per Event object, spanning its lines; the list around
    // them is counted as object lines without a time.
    void coreEventListJson()
    {
        const auto inc = test::loadText("cluster/events.json", kEventListJson);
        QCOMPARE(inc->sources.size(), size_t(1));
        const Source &s = inc->sources[0];
        QCOMPARE(int(s.format), int(SourceFormat::KubeObjects));
        QCOMPARE(QString::fromStdString(s.formatDetail), QString("Kubernetes objects (JSON: List)"));
        QCOMPARE(s.eventCount, 2u);
        QCOMPARE(s.unparsedLines, 0u);
        QCOMPARE(s.lineCount, 71u);
        // 62 lines inside the two items; the rest is the List around them.
        QCOMPARE(s.nonLogLines, 71u - 62u);
        QCOMPARE(s.diagnosticCounts[int(DiagnosticReason::ObjectWithoutTime)], 9u);
        QVERIFY(s.node.empty()); // the cluster's objects, not one node's
        const auto events = test::eventsOf(*inc, s);
        const Event &probe = *events[0];
        QCOMPARE(test::utc(probe.time, 0), QString("2024-06-19T10:03:01Z")); // lastTimestamp
        QCOMPARE(QString::fromStdString(std::string(inc->typeName(probe))), QString("event.unhealthy"));
        QCOMPARE(QString::fromStdString(std::string(inc->message(probe))),
                 QString("Warning Unhealthy Pod/web-0: Readiness probe failed: Get \"http://10.244.1.17:8080/ready\": dial tcp "
                         "10.244.1.17:8080: connect: connection refused (x4)"));
        QCOMPARE(inc->podName(probe), std::string("shop/web-0"));
        QCOMPARE(std::string(inc->text(inc->containerOf(probe))), std::string("app"));
        QCOMPARE(std::string(inc->text(inc->nodeOf(probe))), std::string("worker-1"));
        QCOMPARE(std::string(inc->text(inc->componentOf(probe))), std::string("kubelet"));
        QCOMPARE(fieldOf(*inc, probe, "probeType"), std::string("Readiness"));
        QCOMPARE(fieldOf(*inc, probe, "count"), std::string("4"));
        QCOMPARE(int(probe.severity), int(Severity::Warning));
        QCOMPARE(inc->lineOf(probe), 33u);
        QCOMPARE(inc->lineCountOf(probe), 33u);
        QVERIFY(inc->rawText(probe).starts_with("        {"));
        QVERIFY(inc->rawText(probe).ends_with("        }"));
        const Event &node = *events[1];
        QCOMPARE(QString::fromStdString(std::string(inc->typeName(node))), QString("event.node-not-ready"));
        QCOMPARE(std::string(inc->text(inc->componentOf(node))), std::string("kube-controller-manager"));
        QCOMPARE(std::string(inc->text(inc->nodeOf(node))), std::string("worker-3"));
        QCOMPARE(QString::fromStdString(std::string(inc->message(node))),
                 QString("Normal NodeNotReady Node/worker-3: Node worker-3 status is now: NodeNotReady"));
        QCOMPARE(inc->lineOf(node), 4u);
        QCOMPARE(inc->lineCountOf(node), 29u);
    }

    // events.k8s.io/v1: eventTime/series/note/regarding/reportingController.
    void eventsK8sIoV1()
    {
        const auto inc = test::loadText("events.json", kEventsK8sIoV1);
        const Source &s = inc->sources[0];
        QCOMPARE(s.eventCount, 2u);
        QCOMPARE(s.unparsedLines, 0u);
        QCOMPARE(QString::fromStdString(s.formatDetail), QString("Kubernetes objects (JSON: EventList)"));
        const Event &scheduled = inc->events[0];
        QCOMPARE(test::utc(scheduled.time), QString("2024-06-19T10:01:02.318274Z")); // eventTime
        QCOMPARE(std::string(inc->text(inc->componentOf(scheduled))), std::string("kube-scheduler"));
        QCOMPARE(QString::fromStdString(std::string(inc->typeName(scheduled))), QString("event.scheduled"));
        QCOMPARE(inc->podName(scheduled), std::string("shop/web-1"));
        const Event &backoff = inc->events[1];
        QCOMPARE(test::utc(backoff.time), QString("2024-06-19T10:09:30.512000Z")); // series.lastObservedTime
        QCOMPARE(std::string(inc->text(inc->componentOf(backoff))), std::string("kubelet"));
        QCOMPARE(std::string(inc->text(inc->nodeOf(backoff))), std::string("worker-2")); // the kubelet's reportingInstance
        QCOMPARE(std::string(inc->text(inc->containerOf(backoff))), std::string("app"));
        QCOMPARE(fieldOf(*inc, backoff, "count"), std::string("6"));
        QCOMPARE(QString::fromStdString(std::string(inc->typeName(backoff))), QString("event.backoff"));
    }

    // kubectl get events -o yaml (go-yaml v2): a long message folded onto a continuation line,
    // quoted timestamps, a single-quoted message with ": ", the List around the items.
    void yamlWithFoldedMessage()
    {
        const auto inc = test::loadText("events.yaml", kEventsYaml);
        const Source &s = inc->sources[0];
        QCOMPARE(int(s.format), int(SourceFormat::KubeObjects));
        QCOMPARE(QString::fromStdString(s.formatDetail), QString("Kubernetes objects (YAML: List)"));
        QCOMPARE(s.eventCount, 2u);
        QCOMPARE(s.unparsedLines, 0u);
        QCOMPARE(s.nonLogLines, 5u); // apiVersion, items, kind, metadata, resourceVersion
        const Event &probe = inc->events[0];
        QCOMPARE(
            fieldOf(*inc, probe, "message"),
            std::string(
                "Readiness probe failed: Get \"http://10.244.1.17:8080/ready\": dial tcp 10.244.1.17:8080: connect: connection refused"));
        QCOMPARE(inc->lineOf(probe), 3u);
        QCOMPARE(inc->lineCountOf(probe), 28u);
        QCOMPARE(inc->podName(probe), std::string("shop/web-0"));
        QCOMPARE(QString::fromStdString(std::string(inc->typeName(probe))), QString("event.unhealthy"));
        const Event &node = inc->events[1];
        QCOMPARE(fieldOf(*inc, node, "message"),
                 std::string("Node worker-3 status is now: NodeNotReady with a message long enough to be folded "
                             "by the emitter\ttwice over, and \"quoted\" words in it"));
        QCOMPARE(std::string(inc->text(inc->nodeOf(node))), std::string("worker-3"));
    }

    // Single objects in YAML, one document after the other: a Node (its condition message
    // folded) and a Pod.
    void yamlSingleObjects()
    {
        const auto inc = test::loadText("objects.yaml", kNodeAndPodYaml);
        const Source &s = inc->sources[0];
        QCOMPARE(int(s.format), int(SourceFormat::KubeObjects));
        QCOMPARE(QString::fromStdString(s.formatDetail), QString("Kubernetes objects (YAML: Node, Pod; kubelet v1.30.2)"));
        QCOMPARE(s.eventCount, 3u);
        QCOMPARE(s.unparsedLines, 0u);
        QCOMPARE(s.nonLogLines, 1u); // the document marker
        const Event &ready = inc->events[2];
        QCOMPARE(
            QString::fromStdString(std::string(inc->message(ready))),
            QString("Node worker-3 condition Ready=False since 2024-06-19T10:07:20Z: KubeletNotReady: container runtime is down,PLEG is "
                    "not healthy: pleg was last seen active 3m4.2s ago; threshold is 3m0s"));
        QCOMPARE(inc->lineOf(ready), 1u);
        QCOMPARE(inc->lineCountOf(ready), 28u);
        QCOMPARE(inc->podName(inc->events[1]), std::string("shop/web-0"));
        QCOMPARE(std::string(inc->text(inc->nodeOf(inc->events[1]))), std::string("worker-3"));
    }

    void yamlScalars_data()
    {
        QTest::addColumn<QString>("yaml");
        QTest::addColumn<QString>("json");
        QTest::newRow("plain folded") << "a: one two\n  three\n"
                                      << R"J({"a":"one two three"})J";
        QTest::newRow("double quoted, escaped break and space") << "a: \"x\\\n  y\\ z\\u00e9\"\n"
                                                                << "{\"a\":\"xy z\xc3\xa9\"}";
        QTest::newRow("single quoted with ''") << "a: 'it''s: here'\n"
                                               << R"J({"a":"it's: here"})J";
        QTest::newRow("literal block, chomped") << "a: |-\n  line 1\n    line 2\nb: 1\n"
                                                << R"J({"a":"line 1\n  line 2","b":1})J";
        QTest::newRow("sequence at the mapping's indent") << "a:\n- x: 1\n  y: []\n- z\nb: {}\n"
                                                          << R"J({"a":[{"x":1,"y":[]},"z"],"b":{}})J";
        QTest::newRow("null, bool, quoted number") << "a: null\nb: true\nc: \"48130\"\n"
                                                   << R"J({"a":null,"b":true,"c":"48130"})J";
        QTest::newRow("a line deeper than any value: rejected") << "a: 1\n    b: 2\n"
                                                                << "";
    }
    void yamlScalars()
    {
        QFETCH(QString, yaml);
        QFETCH(QString, json);
        const std::string source = yaml.toStdString();
        std::vector<std::string_view> lines;
        core::text::forEachLine(source, [&](std::string_view l, std::size_t, std::uint32_t) { lines.push_back(l); });
        const auto value = parseKubectlYaml(lines);
        QCOMPARE(value ? QString::fromStdString(value->dump()) : QString(), json);
    }

    // Tables: 1.10-1.13, 1.14+ and 1.14+ wide (with --all-namespaces); ages count back from
    // the file's modification time.
    void eventTables_data()
    {
        QTest::addColumn<QString>("table");
        QTest::addColumn<QString>("layout");
        QTest::newRow("1.10-1.13") << "LAST SEEN   FIRST SEEN   COUNT     NAME       KIND      SUBOBJECT               TYPE      REASON    "
                                      "  SOURCE              MESSAGE\n"
                                      "5m          2h           12        web-0      Pod       spec.containers{app}    Warning   Unhealthy "
                                      "  kubelet, worker-1   Readiness probe failed: HTTP probe failed with statuscode: 503\n"
                                      "73s         73s          1         worker-3   Node                              Normal    "
                                      "NodeNotReady   node-controller     Node worker-3 status is now: NodeNotReady\n"
                                   << "1.10-1.13 layout";
        QTest::newRow("1.14+")
            << "LAST SEEN   TYPE      REASON         OBJECT          MESSAGE\n"
               "5m          Warning   Unhealthy      pod/web-0       Readiness probe failed: HTTP probe failed with statuscode: 503\n"
               "73s         Normal    NodeNotReady   node/worker-3   Node worker-3 status is now: NodeNotReady\n"
            << "1.14+ layout";
        QTest::newRow("1.14+ wide, all namespaces")
            << "NAMESPACE   LAST SEEN           TYPE      REASON         OBJECT          SUBOBJECT              SOURCE              "
               "MESSAGE                                                          FIRST SEEN   COUNT   NAME\n"
               "shop        5m (x12 over 2h)    Warning   Unhealthy      pod/web-0       spec.containers{app}   kubelet, worker-1   "
               "Readiness probe failed: HTTP probe failed with statuscode: 503   2h           12      web-0.17da6ac5e1b0c3d4\n"
               "default     73s                 Normal    NodeNotReady   node/worker-3                          node-controller     Node "
               "worker-3 status is now: NodeNotReady                        73s          1       worker-3.17da6b0c9a3e2f11\n"
            << "1.14+ wide layout";
        // The command line pasted above the table (microk8s#1866): a prompt, not a row.
        QTest::newRow("1.14+ under its command line")
            << "microk8s kubectl get events\n"
               "LAST SEEN   TYPE      REASON         OBJECT          MESSAGE\n"
               "5m          Warning   Unhealthy      pod/web-0       Readiness probe failed: HTTP probe failed with statuscode: 503\n"
               "73s         Normal    NodeNotReady   node/worker-3   Node worker-3 status is now: NodeNotReady\n"
            << "1.14+ layout";
        // A prompt of a shape no reader knows before the command (Azure Cloud Shell's, with a
        // space inside its brackets): the command after its "$ " is still the command.
        QTest::newRow("1.14+ under a command after an unknown prompt")
            << "me@cloudshell:~ (proj) ajay-x [ k8s ]$ kubectl get events\n"
               "LAST SEEN   TYPE      REASON         OBJECT          MESSAGE\n"
               "5m          Warning   Unhealthy      pod/web-0       Readiness probe failed: HTTP probe failed with statuscode: 503\n"
               "73s         Normal    NodeNotReady   node/worker-3   Node worker-3 status is now: NodeNotReady\n"
            << "1.14+ layout";
        // The rows without their header (the paster cut it; k3d README, 2026): the layout is
        // read off the first row, NAMESPACE first for -A.
        QTest::newRow("1.14+, header not pasted")
            << "root@ubuntu:# kubectl get events --sort-by=.lastTimestamp\n"
               "5m          Warning   Unhealthy      pod/web-0       Readiness probe failed: HTTP probe failed with statuscode: 503\n"
               "73s         Normal    NodeNotReady   node/worker-3   Node worker-3 status is now: NodeNotReady\n"
            << "1.14+ layout, header not pasted";
        QTest::newRow("1.14+ -A, header not pasted")
            << "kubectl get events -A\n"
               "shop        5m (x12 over 2h)    Warning   Unhealthy      pod/web-0       Readiness probe failed: HTTP probe failed\n"
               "default     73s                 Normal    NodeNotReady   node/worker-3   Node worker-3 status is now: NodeNotReady\n"
            << "1.14+ layout with NAMESPACE, header not pasted";
    }
    void eventTables()
    {
        QFETCH(QString, table);
        QFETCH(QString, layout);
        const std::int64_t captured = utcSeconds("2024-06-19T10:08:27Z");
        const auto inc = loadWithMtime("events.txt", table.toStdString(), captured);
        const Source &s = inc->sources[0];
        QCOMPARE(int(s.format), int(SourceFormat::KubeEventTable));
        QVERIFY2(QString::fromStdString(s.formatDetail).contains(layout), s.formatDetail.c_str());
        QVERIFY2(QString::fromStdString(s.formatDetail).contains("modification time 2024-06-19T10:08:27Z"), s.formatDetail.c_str());
        QCOMPARE(s.eventCount, 2u);
        QCOMPARE(s.unparsedLines, 0u);
        const bool headerless = layout.contains("header not pasted");
        QCOMPARE(s.nonLogLines,
                 table.startsWith("LAST") || table.startsWith("NAMESPACE") || headerless ? 1u : 2u); // the header, the command
        const Event &probe = inc->events[0];
        QCOMPARE(test::utc(probe.time, 0), QString("2024-06-19T10:03:27Z")); // 5m before
        QCOMPARE(QString::fromStdString(std::string(inc->typeName(probe))), QString("event.unhealthy"));
        QCOMPARE(std::string(inc->text(inc->componentOf(probe))), std::string("kubelet"));
        QCOMPARE(fieldOf(*inc, probe, "name"), std::string("web-0"));
        QCOMPARE(fieldOf(*inc, probe, "probeType"), std::string("Readiness"));
        if (!layout.startsWith("1.14+ layout")) {
            QCOMPARE(std::string(inc->text(inc->nodeOf(probe))), std::string("worker-1"));
            QCOMPARE(std::string(inc->text(inc->containerOf(probe))), std::string("app"));
            QCOMPARE(fieldOf(*inc, probe, "count"), std::string("12"));
        }
        if (layout == "1.14+ wide layout" || layout.contains("NAMESPACE"))
            QCOMPARE(inc->podName(probe), std::string("shop/web-0"));
        const Event &node = inc->events[1];
        QCOMPARE(test::utc(node.time, 0), QString("2024-06-19T10:07:14Z")); // 73s before
        QCOMPARE(std::string(inc->text(inc->nodeOf(node))), std::string("worker-3"));
        QCOMPARE(QString::fromStdString(std::string(inc->typeName(node))), QString("event.node-not-ready"));
    }

    // Without the time the table was printed at, an age places nothing: the rows are command
    // output. A row whose age is <unknown> is too.
    // A row is taken for an events row only in the events table's shape: an age, Normal or
    // Warning, one word, a kind/name.
    void eventTableLayoutFromARow()
    {
        QVERIFY(inferEventTableLayout("16m         Warning   NodeNotReady   pod/web-0    Node is not ready").has_value());
        QVERIFY(inferEventTableLayout("<unknown>   Normal    Starting       node/w-1     Starting kubelet.").has_value());
        QVERIFY(!inferEventTableLayout("web-0   1/1     Running   0          5m").has_value());                             // get pods
        QVERIFY(!inferEventTableLayout("16m         Info      NodeNotReady   pod/web-0    Node is not ready").has_value()); // no such type
        QVERIFY(!inferEventTableLayout("16m         Warning   Node Not Ready   pod/web-0    x").has_value()); // a reason of words
        QVERIFY(!inferEventTableLayout("16m         Warning   NodeNotReady   web-0        x").has_value());   // no kind/name
        QVERIFY(!inferEventTableLayout("16m  Warning").has_value());
        // -o wide: FIRST SEEN, COUNT and NAME at the end, SUBOBJECT maybe empty: not guessed.
        QVERIFY(!inferEventTableLayout("20m         Warning   Unhealthy   pod/web-0   spec.containers{web}   kubelet, node-1   Readiness "
                                       "probe failed   20m          12      web-0.17a2b3c4d5e6f7a8")
                     .has_value());
        const auto layout =
            inferEventTableLayout("default     73s (x2 over 5m)   Normal    NodeNotReady   node/w-3   Node w-3 is NotReady");
        QVERIFY(layout.has_value());
        const EventTableRow row =
            splitEventTableRow("default     73s (x2 over 5m)   Normal    NodeNotReady   node/w-3   Node w-3 is NotReady", *layout);
        QCOMPARE(row.namespace_, std::string("default"));
        QCOMPARE(row.lastSeen, std::string("73s (x2 over 5m)"));
        QCOMPARE(row.reason, std::string("NodeNotReady"));
        QCOMPARE(row.name, std::string("w-3"));
        QCOMPARE(row.message, std::string("Node w-3 is NotReady"));
    }

    void eventTableWithoutFileTime()
    {
        const auto types = EventTypeCatalog::loadFile(std::string(KUBELANE_RESOURCES) + "/events.json");
        const auto roles = GoroutineMap::loadFile(std::string(KUBELANE_RESOURCES) + "/goroutines.json");
        SourceParser parser(*types, *roles);
        InputFile file;
        file.path = "events.txt";
        file.bytes = makeBytes(
            "LAST SEEN   TYPE      REASON         OBJECT          MESSAGE\n"
            "5m          Warning   Unhealthy      pod/web-0       Readiness probe failed: HTTP probe failed with statuscode: 503\n"
            "<unknown>   Normal    NodeNotReady   node/worker-3   Node worker-3 status is now: NodeNotReady\n");
        ParsedSource p = parser.parse(file, 0);
        QCOMPARE(p.events.size(), size_t(0));
        QCOMPARE(p.source.unparsedLines, 0u);
        QCOMPARE(p.source.diagnosticCounts[int(DiagnosticReason::CommandOutput)], 3u);
        QVERIFY2(p.source.formatDetail.find("no modification time") != std::string::npos, p.source.formatDetail.c_str());
        file.modifiedTime = utcSeconds("2024-06-19T10:08:27Z");
        p = parser.parse(file, 0);
        QCOMPARE(p.events.size(), size_t(1));
        QCOMPARE(p.source.diagnosticCounts[int(DiagnosticReason::CommandOutput)], 2u);
    }

    void ages_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<qlonglong>("seconds"); // -1: none
        QTest::addColumn<QString>("count");
        QTest::addColumn<qlonglong>("over");
        QTest::newRow("seconds") << "73s" << 73ll << "" << 0ll;
        QTest::newRow("minutes") << "5m" << 300ll << "" << 0ll;
        QTest::newRow("minutes and seconds") << "7m12s" << 432ll << "" << 0ll;
        QTest::newRow("days and hours") << "2d3h" << 183600ll << "" << 0ll;
        QTest::newRow("years and days") << "3y12d" << (3 * 365 + 12) * 86400ll << "" << 0ll;
        QTest::newRow("series") << "5m (x3 over 10m)" << 300ll << "3" << 600ll;
        QTest::newRow("unknown") << "<unknown>" << -1ll << "" << 0ll;
        QTest::newRow("invalid") << "<invalid>" << -1ll << "" << 0ll;
        QTest::newRow("a number without unit") << "12" << -1ll << "" << 0ll;
    }
    void ages()
    {
        QFETCH(QString, text);
        QFETCH(qlonglong, seconds);
        QFETCH(QString, count);
        QFETCH(qlonglong, over);
        std::string c;
        std::int64_t o = 0;
        const auto age = parseKubectlAge(text.toStdString(), &c, &o);
        QCOMPARE(age ? qlonglong(*age) : -1ll, seconds);
        QCOMPARE(QString::fromStdString(c), count);
        QCOMPARE(qlonglong(o), over);
    }

    // A cluster-info dump's NodeList (items without kind): each condition at its transition,
    // the registration with the node's versions; the kubelet version names the source.
    void nodeListConditions()
    {
        const auto inc = test::loadText("cluster-info/nodes.json", kNodeListJson);
        const Source &s = inc->sources[0];
        QCOMPARE(QString::fromStdString(s.formatDetail), QString("Kubernetes objects (JSON: NodeList; kubelet v1.30.2)"));
        QCOMPARE(s.eventCount, 3u);
        QCOMPARE(s.unparsedLines, 0u);
        QCOMPARE(s.nonLogLines, 9u);
        const Event &created = inc->events[0];
        QCOMPARE(QString::fromStdString(std::string(inc->typeName(created))), QString("object.node-created"));
        QCOMPARE(fieldOf(*inc, created, "version"), std::string("v1.30.2"));
        QCOMPARE(fieldOf(*inc, created, "internalIP"), std::string("10.0.0.13"));
        const Event &ready = inc->events[2];
        QCOMPARE(test::utc(ready.time, 0), QString("2024-06-19T10:07:14Z"));
        QCOMPARE(QString::fromStdString(std::string(inc->message(ready))),
                 QString("Node worker-3 condition Ready=Unknown since 2024-06-19T10:07:14Z: NodeStatusUnknown: Kubelet stopped posting "
                         "node status."));
        QCOMPARE(std::string(inc->text(inc->nodeOf(ready))), std::string("worker-3"));
        QCOMPARE(int(ready.severity), int(Severity::Warning));
        QCOMPARE(int(inc->events[1].severity), int(Severity::Info)); // MemoryPressure=False
    }

    // A PodList with a restarted container: created, conditions, the current run and the
    // last one (OOMKilled), each with the pod, node and container.
    void podListWithRestarts()
    {
        const auto inc = test::loadText("cluster-info/shop/pods.json", kPodListJson);
        const Source &s = inc->sources[0];
        QCOMPARE(s.eventCount, 4u);
        QCOMPARE(s.unparsedLines, 0u);
        QCOMPARE(QString::fromStdString(s.formatDetail), QString("Kubernetes objects (JSON: PodList)"));
        QStringList types;
        for (const Event &e : inc->events) {
            QCOMPARE(inc->podName(e), std::string("shop/cart-5d8f7b9c6d-lm4zt"));
            QCOMPARE(std::string(inc->text(inc->nodeOf(e))), std::string("worker-2"));
            types << QString::fromStdString(std::string(inc->typeName(e)));
        }
        QCOMPARE(types,
                 (QStringList{"object.pod-created", "object.container-terminated", "object.container-running", "object.pod-condition"}));
        const Event &oom = inc->events[1];
        QCOMPARE(test::utc(oom.time, 0), QString("2024-06-19T10:05:49Z"));
        QCOMPARE(std::string(inc->text(inc->containerOf(oom))), std::string("cart"));
        QCOMPARE(fieldOf(*inc, oom, "reason"), std::string("OOMKilled"));
        QCOMPARE(fieldOf(*inc, oom, "exitCode"), std::string("137"));
        QCOMPARE(fieldOf(*inc, oom, "restartCount"), std::string("3"));
        QCOMPARE(int(oom.severity), int(Severity::Warning));
        QCOMPARE(std::string(inc->text(inc->componentOf(inc->events[0]))), std::string("kube-apiserver"));
        QCOMPARE(fieldOf(*inc, inc->events[0], "ownerKind"), std::string("ReplicaSet"));
    }

    // Objects without a time of their own (Services): no event, every line counted.
    void serviceListOnlyNonLogLines()
    {
        const auto inc = test::loadText("cluster-info/shop/services.json", kServiceListJson);
        const Source &s = inc->sources[0];
        QCOMPARE(int(s.format), int(SourceFormat::KubeObjects));
        QCOMPARE(s.eventCount, 0u);
        QCOMPARE(s.unparsedLines, 0u);
        QCOMPARE(s.nonLogLines, s.lineCount);
        QCOMPARE(s.diagnosticCounts[int(DiagnosticReason::ObjectWithoutTime)], s.lineCount);
    }

    // Documents one after the other (a cluster-info dump's stdout): each read; a broken item
    // and a document cut short are counted as malformed, never a crash, and cost only their lines.
    void concatenatedAndMalformed()
    {
        std::string bytes = kEventListJson;
        bytes += "{\n    \"kind\": \"EventList\",\n    \"apiVersion\": \"v1\",\n    \"items\": [\n        {\n            \"count\": tru,\n"
                 "            \"lastTimestamp\": \"2024-06-19T10:07:14Z\"\n        }\n    ]\n}\n";
        bytes += "{\n    \"kind\": \"PodList\",\n    \"apiVersion\": \"v1\",\n    \"items\": [\n        {\n            \"metadata\": {\n";
        const auto inc = test::loadText("dump.json", bytes);
        const Source &s = inc->sources[0];
        QCOMPARE(int(s.format), int(SourceFormat::KubeObjects));
        QCOMPARE(s.eventCount, 2u);
        QCOMPARE(s.lineCount, 71u + 10u + 6u);
        QCOMPARE(s.diagnosticCounts[int(DiagnosticReason::MalformedJson)], 4u + 6u);
        QCOMPARE(s.unparsedLines, 10u);
        QCOMPARE(s.nonLogLines, 9u + 6u);
    }

    // Hostile shapes end in counted lines, not in a crash or a deep recursion.
    void hostileShapes()
    {
        std::string deepYaml = "apiVersion: v1\nkind: Node\nmetadata:\n";
        for (int i = 1; i < 5000; ++i)
            deepYaml += std::string(static_cast<std::size_t>(i), ' ') + "a:\n";
        auto inc = test::loadText("deep.yaml", deepYaml);
        QCOMPARE(inc->sources[0].eventCount, 0u);
        QCOMPARE(inc->sources[0].unparsedLines, inc->sources[0].lineCount);

        inc = test::loadText("deep.json", "{\n\"kind\": \"List\", \"apiVersion\": \"v1\", \"items\": [" + std::string(200000, '[') + "\n");
        QCOMPARE(inc->sources[0].eventCount, 0u);
        QCOMPARE(inc->sources[0].unparsedLines, 2u);
        inc = test::loadText("deep2.json",
                             "{\n\"kind\": \"List\", \"apiVersion\": \"v1\", \"items\": [\n" + std::string(100000, '[')
                                 + std::string(100000, ']') + "\n]}\n");
        QCOMPARE(inc->sources[0].eventCount, 0u);
        QCOMPARE(inc->sources[0].unparsedLines, 0u);
        QCOMPARE(inc->sources[0].nonLogLines, 4u);

        QCOMPARE(int(detectKubeObjects(std::string(4 << 20, '-').replace(0, 0, "---\n"))), int(KubeObjectsSyntax::None));
        std::string markers;
        for (int i = 0; i < 300000; ++i)
            markers += "---\n";
        QCOMPARE(int(detectKubeObjects(markers)), int(KubeObjectsSyntax::None));

        // An age beyond the file's time places nothing (and overflows nothing).
        EventTableRow row;
        row.lastSeen = "999999999y";
        row.type = "Normal";
        QVERIFY(!recordFromEventTableRow(row, 1725371520));
    }

    // What is not kubectl's printout stays with its own format.
    void detection_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<int>("syntax");
        QTest::newRow("pretty JSON list") << "{\n    \"apiVersion\": \"v1\",\n    \"kind\": \"List\"\n}\n" << int(KubeObjectsSyntax::Json);
        QTest::newRow("one-line object") << "{\"apiVersion\":\"v1\",\"kind\":\"Event\",\"metadata\":{\"name\":\"x\"}}\n"
                                         << int(KubeObjectsSyntax::Json);
        QTest::newRow("audit event") << "{\"kind\":\"Event\",\"apiVersion\":\"audit.k8s.io/v1\",\"auditID\":\"1\",\"metadata\":{}}\n"
                                     << int(KubeObjectsSyntax::None);
        QTest::newRow("klog JSON") << "{\"ts\":1718791634000.1,\"caller\":\"x.go:1\",\"msg\":\"kind\"}\n" << int(KubeObjectsSyntax::None);
        QTest::newRow("YAML empty list") << "apiVersion: v1\nitems: []\nkind: List\n" << int(KubeObjectsSyntax::Yaml);
        QTest::newRow("YAML list with items") << "apiVersion: v1\nitems:\n- apiVersion: v1\n" << int(KubeObjectsSyntax::Yaml);
        QTest::newRow("YAML object") << "---\napiVersion: v1\nkind: Node\nmetadata:\n  name: x\n" << int(KubeObjectsSyntax::Yaml);
        QTest::newRow("another YAML") << "apiVersion: 2\nname: chart\n" << int(KubeObjectsSyntax::None);
        QTest::newRow("events table") << "LAST SEEN   TYPE      REASON   OBJECT   MESSAGE\n" << int(KubeObjectsSyntax::EventTable);
        QTest::newRow("pods table") << "NAME    READY   STATUS    RESTARTS   AGE\n" << int(KubeObjectsSyntax::None);
        QTest::newRow("events table under its command")
            << "$ kubectl get ev -n shop --sort-by=.lastTimestamp\nLAST SEEN   TYPE      REASON   OBJECT   MESSAGE\n"
            << int(KubeObjectsSyntax::EventTable);
        QTest::newRow("oc, sudo and a path") << "[root@cp-1 ~]# sudo /usr/local/bin/oc get events.v1.events.k8s.io\n\n"
                                                "LAST SEEN   TYPE      REASON   OBJECT   MESSAGE\n"
                                             << int(KubeObjectsSyntax::EventTable);
        QTest::newRow("pods table under its command") << "$ kubectl get pods -A\nNAME    READY   STATUS    RESTARTS   AGE\n"
                                                      << int(KubeObjectsSyntax::None);
        QTest::newRow("an option with its value first")
            << "kubectl -n kube-system get events\nLAST SEEN   TYPE   REASON   OBJECT   MESSAGE\n"
            << int(KubeObjectsSyntax::EventTable);
        QTest::newRow("kubectl events (1.26+)") << "$ kubectl events -n shop\nLAST SEEN   TYPE   REASON   OBJECT   MESSAGE\n"
                                                << int(KubeObjectsSyntax::EventTable);
        QTest::newRow("the alias k, sudo -E") << "sudo -E k get -n ns ev\nLAST SEEN   TYPE   REASON   OBJECT   MESSAGE\n"
                                              << int(KubeObjectsSyntax::EventTable);
        QTest::newRow("get with the namespace's value named events")
            << "kubectl get pods -n events\nLAST SEEN   TYPE   REASON   OBJECT   MESSAGE\n"
            << int(KubeObjectsSyntax::None);
        QTest::newRow("get events, then no table") << "kubectl get events\nNo resources found in default namespace.\n"
                                                   << int(KubeObjectsSyntax::None);
        QTest::newRow("journal") << "Jun 19 10:00:00 worker-1 kubelet[1]: I0619 10:00:00.000000 1 x.go:1] kind: List\n"
                                 << int(KubeObjectsSyntax::None);
    }
    void detection()
    {
        QFETCH(QString, text);
        QFETCH(int, syntax);
        QCOMPARE(int(detectKubeObjects(text.toStdString())), syntax);
    }
};

QTEST_GUILESS_MAIN(TestKubeObjects)
#include "tst_kubeobjects.moc"
