// The event-type table is data; every example line in it must classify as its own type with
// the fields it lists, through the real parser. Also: the goroutine map, and table errors.
#include "core/classify/codenames.h"
#include "core/classify/extractors.h"
#include "core/classify/eventtypecatalog.h"
#include "core/classify/goroutinemap.h"
#include "core/classify/patternshape.h"
#include "core/load/correlator.h"
#include "core/load/eventfields.h"
#include "core/load/sourceparser.h"
#include "core/util/kubeversion.h"

#include <QRegularExpression>
#include <QtTest>

#ifndef Q_MOC_RUN // moc of Qt 6.4 cannot parse this header
#include <nlohmann/json.hpp>

#include <map>
#endif

using namespace kubelane::core;

class TestEventTypes : public QObject {
    Q_OBJECT
    std::shared_ptr<EventTypeCatalog> m_types;
    std::shared_ptr<GoroutineMap> m_roles;

    // One line as a file of its own, parsed with the real catalog and goroutine map.
    ParsedSource parseLine(const QString &line) const
    {
        InputFile file;
        file.path = "line.log";
        file.bytes = makeBytes(line.toStdString() + "\n");
        SourceParser parser(*m_types, *m_roles);
        return parser.parse(file, 0);
    }

private slots:
    void initTestCase()
    {
        m_types = EventTypeCatalog::loadFile(std::string(KUBELANE_RESOURCES) + "/events.json");
        m_roles = GoroutineMap::loadFile(std::string(KUBELANE_RESOURCES) + "/goroutines.json");
        QVERIFY(m_types->typeCount() > 50);
    }

    // The examples as the catalog loaded them (EventTypePattern::examples), each with its
    // pattern's version range, which the load checked to be Kubernetes versions.
    void everyExampleClassifies_data()
    {
        QTest::addColumn<QString>("type");
        QTest::addColumn<QString>("line");
        QTest::addColumn<QString>("fields"); // JSON object
        int n = 0;
        for (EventTypeId id = 1; id < m_types->typeCount(); ++id) {
            const EventType &t = m_types->type(id);
            for (const EventTypePattern &p : t.patterns) {
                QVERIFY2(p.since.empty() || parseKubeVersion(p.since).known(), t.id.c_str());
                QVERIFY2(p.until.empty() || parseKubeVersion(p.until).known(), t.id.c_str());
                QVERIFY2(p.since.empty() || p.until.empty() || !(parseKubeVersion(p.until) < parseKubeVersion(p.since)), t.id.c_str());
                for (const EventTypeExample &e : p.examples) {
                    nlohmann::json fields = nlohmann::json::object();
                    for (const auto &[key, value] : e.fields)
                        fields[key] = value;
                    QTest::addRow("%d %s", ++n, t.id.c_str())
                        << QString::fromStdString(t.id) << QString::fromStdString(e.line) << QString::fromStdString(fields.dump());
                }
            }
        }
        QVERIFY(n > 100);
    }
    void everyExampleClassifies()
    {
        QFETCH(QString, type);
        QFETCH(QString, line);
        QFETCH(QString, fields);
        std::vector<ParsedSource> parsed;
        parsed.push_back(parseLine(line));
        QCOMPARE(parsed.front().source.unparsedLines, 0u);
        QCOMPARE(parsed.front().events.size(), size_t(1));
        Incident incident;
        incident.eventTypes = m_types;
        const EventTables tables = mergeParsedSources(parsed, incident, [](ParsedSource &) {});
        const Event &e = tables.bySource.front().front();
        QCOMPARE(QString::fromStdString(std::string(m_types->typeId(e.type))), type);
        // What the details show; the fields read after the parse are also kept, with the same value.
        std::map<std::string, std::string> shown;
        for (auto &[key, value] : eventFields(incident, e))
            shown.emplace(std::move(key), std::move(value));
        const auto expected = nlohmann::json::parse(fields.toStdString());
        for (auto it = expected.begin(); it != expected.end(); ++it) {
            const std::string actual = shown[it.key()];
            const std::string want = it.value().is_string() ? it.value().get<std::string>() : it.value().dump();
            QVERIFY2(actual == want,
                     qPrintable(QString("field %1: got '%2', want '%3'")
                                    .arg(QString::fromStdString(it.key()), QString::fromStdString(actual), QString::fromStdString(want))));
            if (codeReadsField(it.key()) && it.key() != "podUID") // a resolved pod holds its UID
                QVERIFY2(incident.field(e, it.key()) == want,
                         qPrintable(QString("field %1 is read: kept").arg(QString::fromStdString(it.key()))));
        }
    }

    // Lines that look like a type's wording but are not what it means keep the type they had:
    // a wording's other errors, another component's same text, a Normal event.
    void nearMissesKeepTheirType_data()
    {
        QTest::addColumn<QString>("line");
        QTest::addColumn<QString>("type");
        QTest::newRow("Error getting node, not a not-found")
            << "Sep 12 12:10:42 node-b kubelet[22385]: E0912 12:10:42.523697   22385 kubelet.go:2424] \"Error getting node\" "
               "err=\"Get \\\"https://10.0.0.1:6443/api/v1/nodes/node-b\\\": dial tcp 10.0.0.1:6443: connect: connection refused\""
            << "other";
        QTest::newRow("node not found from the controller manager")
            << R"(Feb 27 09:15:08 cp-1 kube-controller-manager[1077]: E0227 09:15:08.673103    1077 node_lifecycle_controller.go:1120] node "ubuntu01" not found)"
            << "other";
        QTest::newRow("a Normal recorded event")
            << R"(I0516 09:10:02.071200       1 event.go:376] "Event occurred" object="shop/web-0" fieldPath="" kind="Pod" apiVersion="v1" type="Normal" reason="Scheduled" message="Successfully assigned shop/web-0 to node3")"
            << "event.recorded";
        // SwapNodeControllerTaint logs the taints it removed after adding one: none, at first.
        QTest::newRow("made sure a node has no taint, of none")
            << "I0513 06:11:28.516404       1 controller_utils.go:221] Made sure that Node k8s-worker3 has no [] Taint"
            << "other";
        QTest::newRow("made sure a node has no taint, of none (structured)")
            << R"(I0513 06:11:28.516404       1 controller_utils.go:221] "Made sure that node has no taint" node="k8s-worker3" taint=[])"
            << "other";
        // Linux 3.x-4.x choose a process, then kill it on the next line: only that line is the kill.
        QTest::newRow("the OOM killer choosing, not killing")
            << "[Thu Dec  7 00:05:15 2017] Memory cgroup out of memory: Kill process 24572 (java) score 0 or sacrifice child"
            << "other";
        // etcd follows a late heartbeat with this line: the heartbeat line is the event.
        QTest::newRow("etcd's companion line to a late heartbeat")
            << "2022-05-20 02:27:14.619465 W | etcdserver: server is likely overloaded"
            << "other";
        // The apiserver's own response errors, in a process that runs it among others (k3s,
        // longhorn#11367); the TLS handshake error any Go server prints stays the kubelet's.
        QTest::newRow("an apiserver wording in k3s's journal")
            << "Jul 25 02:08:53 cp-1 k3s[7207]: E0725 02:08:53.205777    7207 status.go:71] apiserver received an error that is not an "
               "metav1.Status: rpctypes.EtcdError{code:0xe, desc:\"etcdserver: request timed out\"}: etcdserver: request timed out"
            << "apiserver.response-error";
        QTest::newRow("a TLS handshake error of the kubelet's server")
            << "Jul 25 02:08:53 node-1 kubelet[812]: I0725 02:08:53.205777     812 log.go:184] http: TLS handshake error from "
               "10.0.0.5:51234: EOF"
            << "http.tls-handshake-error";
        // Lines of k3s's several components under its one name take no component's own type:
        // the controller manager's flag is no kubelet flag, the apiserver's version no kubelet start.
        QTest::newRow("a flag in k3s's journal")
            << "May 16 19:20:01 server1 k3s[812]: I0516 19:20:01.118220     812 flags.go:64] FLAG: --node-monitor-grace-period=\"20s\""
            << "component.flag";
        QTest::newRow("the apiserver's version in k3s's journal")
            << "Dec 15 11:10:02 k8s-master1 k3s[2140000]: I1215 11:10:02.100300 2140000 server.go:161] Version: v1.26.4+k3s1"
            << "component.start";
        QTest::newRow("the apiserver's own request log")
            << R"(Jun 19 10:02:11 cp-1 kube-apiserver[1102]: I0619 10:02:11.404136    1102 httplog.go:132] "HTTP" verb="GET" URI="/healthz" latency="130.6µs" userAgent="kube-probe/1.28" audit-ID="" srcIP="127.0.0.1:40112" resp=200)"
            << "apiserver.request";
    }
    void nearMissesKeepTheirType()
    {
        QFETCH(QString, line);
        QFETCH(QString, type);
        const ParsedSource parsed = parseLine(line);
        QCOMPARE(parsed.events.size(), size_t(1));
        QCOMPARE(QString::fromStdString(std::string(m_types->typeId(parsed.events.front().type))), type);
    }

    // A hint (what matched at a place before) is tried first only when it is provably the
    // answer: after any message, any other message classifies as it does without a hint. The
    // messages are the examples' (the text after a klog header's "] ", split into structured
    // pairs as the parser does), every one after every other, as if from one place.
    void hintsNeverChangeTheAnswer()
    {
        struct Message {
            std::string line;
            std::string component;
        };
        std::vector<Message> messages;
        for (EventTypeId id = 1; id < m_types->typeCount(); ++id)
            for (const EventTypePattern &p : m_types->type(id).patterns)
                for (const EventTypeExample &e : p.examples) {
                    const auto header = e.line.find("] ");
                    const auto &components = m_types->type(id).components;
                    // The component the example's journal prefix names ("host kube-apiserver[1102]:"),
                    // so that a type's rivals kept to other components are met as the parser meets them.
                    const QRegularExpressionMatch journal =
                        QRegularExpression(R"(^\w{3} [ \d]\d \d\d:\d\d:\d\d \S+ ([\w.-]+)\[\d+\]: )").match(QString::fromStdString(e.line));
                    const std::string component = journal.hasMatch() ? journal.captured(1).toStdString()
                        : components.empty()                         ? std::string("kubelet")
                                                                     : components.front();
                    messages.push_back({header == std::string::npos ? e.line : e.line.substr(header + 2), component});
                }
        QVERIFY(messages.size() > 100);
        auto classify = [&](const Message &m, std::string_view component, FieldList &fields, ClassificationHint *hint) {
            fields.clear();
            std::string_view text = m.line;
            if (parseStructuredMessage(m.line, text, fields))
                fields.renameKeys([&](std::string_view k) { return m_types->canonicalField(k); });
            return hint ? m_types->classify(text, component, fields, *hint) : m_types->classify(text, component, fields);
        };
        std::vector<EventTypeId> plainTypes;
        std::vector<std::vector<std::pair<std::string, std::string>>> plainFields;
        for (const Message &m : messages) {
            FieldList fields;
            plainTypes.push_back(classify(m, m.component, fields, nullptr));
            plainFields.emplace_back();
            for (const auto &[k, v] : fields.items())
                plainFields.back().emplace_back(k, v);
        }
        int typed = 0;
        for (std::size_t b = 0; b < messages.size(); ++b) {
            typed += plainTypes[b] != kOtherEventType;
            for (std::size_t a = 0; a < messages.size(); ++a) {
                ClassificationHint hint;
                FieldList fields;
                classify(messages[a], messages[b].component, fields, &hint);
                const EventTypeId type = classify(messages[b], messages[b].component, fields, &hint);
                std::vector<std::pair<std::string, std::string>> got;
                for (const auto &[k, v] : fields.items())
                    got.emplace_back(k, v);
                if (type != plainTypes[b] || got != plainFields[b])
                    QFAIL(qPrintable(QString("after '%1', '%2' became %3, not %4")
                                         .arg(QString::fromStdString(messages[a].line), QString::fromStdString(messages[b].line),
                                              QString::fromStdString(std::string(m_types->typeId(type))),
                                              QString::fromStdString(std::string(m_types->typeId(plainTypes[b]))))));
                // Once more, as a place prints the same texts again: what the hint remembered
                // of the first (its pattern, or that nothing matched it) changes nothing.
                FieldList again;
                const EventTypeId first = classify(messages[a], messages[b].component, again, nullptr);
                if (classify(messages[a], messages[b].component, again, &hint) != first
                    || classify(messages[b], messages[b].component, again, &hint) != plainTypes[b])
                    QFAIL(qPrintable(QString("'%1' then '%2' classified differently the second time")
                                         .arg(QString::fromStdString(messages[a].line), QString::fromStdString(messages[b].line))));
            }
        }
        QVERIFY(typed > 100); // the messages reach the patterns, so hints are tried on them
    }

    // A status patch's readiness is read as the whole document says it (a later duplicate key
    // replaces an earlier one; a value of the wrong kind counts as absent; anything not JSON
    // gives nothing), here against a reading of its own written from the Kubernetes API's
    // shapes, on patches as the kubelet writes them and on ones it never would.
    void statusPatchReadsReadinessAsTheDocumentSays()
    {
        const auto asDocumentSays = [](const std::string &patch) {
            std::map<std::string, std::string> out;
            const auto json = nlohmann::json::parse(patch, nullptr, false);
            if (json.is_discarded() || !json.is_object() || !json.contains("status") || !json["status"].is_object())
                return out;
            const auto &status = json["status"];
            std::string ready, unready;
            int containers = 0;
            if (status.contains("containerStatuses") && status["containerStatuses"].is_array())
                for (const auto &c : status["containerStatuses"]) {
                    if (!c.is_object() || !c.contains("name") || !c["name"].is_string() || !c.contains("ready") || !c["ready"].is_boolean())
                        continue;
                    std::string &list = c["ready"].get<bool>() ? ready : unready;
                    list += (list.empty() ? "" : ",") + c["name"].get<std::string>();
                    ++containers;
                }
            if (status.contains("conditions") && status["conditions"].is_array())
                for (const auto &c : status["conditions"]) {
                    if (!c.is_object() || !c.contains("type") || !c["type"].is_string() || !c.contains("status")
                        || !c["status"].is_string())
                        continue;
                    if (c["type"] == "Ready")
                        out["podReady"] = c["status"].get<std::string>();
                    else if (c["type"] == "ContainersReady")
                        out["containersReady"] = c["status"].get<std::string>();
                }
            if (!ready.empty())
                out["readyContainers"] = ready;
            if (!unready.empty())
                out["unreadyContainers"] = unready;
            if (containers == 1)
                out["ready"] = unready.empty() ? "true" : "false";
            return out;
        };
        const std::string conditions = R"("conditions":[{"type":"ContainersReady","status":"False","message":"x"},)"
                                       R"({"type":"Ready","status":"False","lastProbeTime":null}])";
        const std::string containers =
            R"("containerStatuses":[{"name":"app","ready":false,"state":{"waiting":{"reason":"CrashLoopBackOff"}}},)"
            R"({"name":"sidecar","ready":true,"image":"x","restartCount":3,"started":true}])";
        const std::vector<std::string> patches = {
            "{\"metadata\":{\"uid\":\"u\"},\"status\":{" + conditions + "," + containers + "}}",
            "{\"status\":{" + containers + "}}",
            R"({"status":{"containerStatuses":[{"name":"only","ready":true}]}})",
            R"({"status":{"$setElementOrder/conditions":[{"type":"Ready"}],"conditions":[{"type":"Ready","status":"True"}]}})",
            "{\"status\":{" + conditions + "},\"status\":{\"phase\":\"Running\"}}",     // the later status replaces it
            "{\"status\":{" + conditions + "},\"status\":7}",                           // ... even when it is not an object
            "{\"status\":{" + containers + ",\"containerStatuses\":{\"name\":\"x\"}}}", // a list replaced by an object
            "{\"status\":{" + conditions + ",\"conditions\":[{\"type\":\"Ready\",\"status\":\"True\"}]}}",
            R"({"status":{"containerStatuses":[{"name":"a","ready":true,"name":"b"},{"name":1,"ready":true},{"name":"c","ready":"yes"}]}})",
            R"({"status":{"containerStatuses":[{"name":{"x":"a"},"ready":true},{"ready":false,"name":"d"},5,[1,2],null]}})",
            R"({"status":{"conditions":[{"type":"Ready","status":{"s":"True"}},{"type":["Ready"],"status":"True"},{"status":"False","type":"Ready"}]}})",
            R"({"status":{"phase":"Running","nested":{"status":{"conditions":[{"type":"Ready","status":"True"}]}}}})",
            R"({"metadata":{"status":{"conditions":[{"type":"Ready","status":"True"}]}}})",
            R"([{"status":{"conditions":[{"type":"Ready","status":"True"}]}}])",
            R"({"status":{"conditions":[{"type":"Ready","status":"True"}]}} trailing)",
            R"({"status":{"conditions":[{"type":"Ready","status":"True"}]})",
            R"({"status":{"conditions":[{"type":"Ready","status":"Tr\u0075e"}],"containerStatuses":[{"name":"\u00e9t\u00e9","ready":true}]}})",
            R"({"status":null})",
            R"({})",
        };
        for (const std::string &patch : patches) {
            FieldList fields;
            fields.set("patch", patch);
            extractStatusPatch("Patch status for pod", fields);
            std::map<std::string, std::string> got;
            for (const char *key : {"podReady", "containersReady", "readyContainers", "unreadyContainers", "ready"})
                if (const std::string_view v = fields.get(key); !v.empty())
                    got[key] = std::string(v);
            const auto want = asDocumentSays(patch);
            if (got != want) {
                QString g, w;
                for (const auto &[k, v] : got)
                    g += QString::fromStdString(k + "=" + v + " ");
                for (const auto &[k, v] : want)
                    w += QString::fromStdString(k + "=" + v + " ");
                QFAIL(qPrintable(QString::fromStdString(patch) + "\n  read: " + g + "\n  document: " + w));
            }
        }
        FieldList sample;
        sample.set("patch", patches.front());
        extractStatusPatch("Patch status for pod", sample);
        QCOMPARE(sample.get("unreadyContainers"), "app");
        QCOMPARE(sample.get("podReady"), "False");
    }

    // The table's order decides between patterns that both match: a hint for a later, more
    // general pattern gives way to an earlier one that matches, and a failed hint to the rest.
    void hintGivesWayToAnEarlierPattern()
    {
        const auto types = EventTypeCatalog::loadJson(R"({"types":[
            {"id":"x.specific","patterns":[{"re":"^Foo (?P<n>\\w+) bar"}]},
            {"id":"x.general","patterns":[{"re":"^Foo \\w+"}]},
            {"id":"x.kubelet","components":["kubelet"],"patterns":[{"re":"^Baz"}]},
            {"id":"x.any","patterns":[{"re":"^Baz"}]}]})",
                                                      "hints.json", EventTypeCatalog::CodeNames::NotRequired);
        ClassificationHint hint;
        FieldList fields;
        auto classify = [&](std::string_view message, std::string_view component = "kubelet") {
            fields.clear();
            return std::string(types->typeId(types->classify(message, component, fields, hint)));
        };
        QCOMPARE(classify("Foo 1 baz"), "x.general");
        QCOMPARE(classify("Foo 2 baz"), "x.general");
        QCOMPARE(classify("Foo 3 bar"), "x.specific");
        QCOMPARE(fields.get("n"), "3");
        QCOMPARE(classify("Foo 4 baz"), "x.general");
        QCOMPARE(classify("nothing known"), "other");
        QCOMPARE(classify("Foo 5 bar"), "x.specific");
        // A text no pattern matches is remembered as such for itself only.
        QCOMPARE(classify("nothing known"), "other");
        QCOMPARE(classify("nothing known"), "other");
        QCOMPARE(classify("Foo 6 bar"), "x.specific");
        QCOMPARE(classify("nothing known"), "other");
        QCOMPARE(classify("Foo 7 baz"), "x.general");
        QCOMPARE(classify("nothing known"), "other");
        QCOMPARE(classify("Foo"), "other"); // the start of a match, remembered as no match
        QCOMPARE(classify("Foo 8 bar"), "x.specific");
        QCOMPARE(fields.get("n"), "8");
        QCOMPARE(classify("Baz"), "x.kubelet");
        QCOMPARE(classify("Baz", "kubelet"), "x.kubelet");
        QCOMPARE(classify("Baz", "kube-proxy"), "x.any");
        QCOMPARE(classify("Baz", "kubelet"), "x.kubelet");
        QCOMPARE(classify("Foo 6 baz"), "x.general");
        QCOMPARE(classify("nothing known"), "other");
        QCOMPARE(classify("nothing known"), "other");
    }

    // What the catalog reads off a pattern to rule it out without running it.
    void patternShapes_data()
    {
        QTest::addColumn<QString>("re");
        QTest::addColumn<QString>("firstBytes"); // "*": any; "all but ...": the bytes it cannot start with
        QTest::addColumn<QString>("prefix");
        QTest::addColumn<QString>("literals"); // longest first, "|" between
        auto row = [](const char *name, const char *re, const char *firstBytes, const char *prefix, const char *literals) {
            QTest::newRow(name) << QString(re) << QString(firstBytes) << QString(prefix) << QString(literals);
        };
        row("literal", "^Syncing pod \"(?P<pod>[^\"]+)\"$", "S", "Syncing pod \"", "Syncing pod \"|\"");
        row("alternatives", "^(?:Normal|Warning) (?:Killing) \\w*/", "NW", "", " | |/");
        row("named group", "^(?P<probeType>Readiness|liveness) probe", "Rl", "", " probe");
        row("class", "^[Pp]od \"x\"", "Pp", "", "od \"x\"");
        row("range and perl class", "^[a-c\\d]x", "0123456789abc", "", "x");
        row("negated class", "^[^a]", "all but a", "", "");
        row("optional char", "^ab?c", "a", "a", "a|c");
        row("repeated char", "^ab+c", "a", "ab", "ab|c");
        row("optional first", "^a?b", "*", "", "b");
        row("counted", "^x{0,2}yz", "*", "", "yz");
        row("escaped", "^\\.\\(a\\)", ".", ".(a)", ".(a)");
        row("flags", "^(?i)abc", "*", "", "");
        row("word boundary", "^\\bab", "*", "", "ab");
        row("not anchored", "abc", "*", "", "");
        row("top-level alternative", "^a|b", "*", "", "");
        row("alternative after a group", "^(?:a)b|c", "*", "", "");
        row("bar inside a class", "^[|a]b", "a|", "", "b");
        row("any", "^.x", "*", "", "x");
        row("empty alternative", "^(?:a|)b", "*", "", "b");
        row("optional group", "^(?:ab)?c", "*", "", "c");
        row("utf-8 quantified", "^a\u00e9?b", "a", "a", "a|b");
    }

    void patternShapes()
    {
        QFETCH(QString, re);
        QFETCH(QString, firstBytes);
        QFETCH(QString, prefix);
        QFETCH(QString, literals);
        const AnchoredShape shape = anchoredShape(re.toStdString());
        const bool most = shape.firstBytes.count() > 128;
        std::string bytes = most ? "all but " : "";
        for (int b = 0; b < 256; ++b)
            if (shape.firstBytes[static_cast<std::size_t>(b)] != most)
                bytes += static_cast<char>(b);
        QCOMPARE(QString::fromStdString(shape.firstBytes.all() ? std::string("*") : bytes), firstBytes);
        QCOMPARE(QString::fromStdString(shape.prefix), prefix);
        QStringList got;
        for (const std::string &l : shape.literals)
            got << QString::fromStdString(l);
        QCOMPARE(got.join('|'), literals);
    }

    void goroutineMap()
    {
        QCOMPARE(std::string(m_roles->roleName(m_roles->roleFor("kubelet", "worker.go:95"))), std::string("probe-worker"));
        QCOMPARE(std::string(m_roles->roleName(m_roles->roleFor("kubelet", "prober/worker.go:95"))), std::string("probe-worker"));
        QCOMPARE(std::string(m_roles->roleName(m_roles->roleFor("kubelet", "kubelet_pods.go:1424"))), std::string("pod-worker"));
        QCOMPARE(std::string(m_roles->roleName(m_roles->roleFor("kubelet", "status_manager.go:499"))), std::string("status-manager"));
        QCOMPARE(std::string(m_roles->roleName(m_roles->roleFor("kubelet", "generic.go:197"))), std::string("pleg"));
        QCOMPARE(std::string(m_roles->roleName(m_roles->roleFor("kube-controller-manager", "node_lifecycle_controller.go:1094"))),
                 std::string("node-lifecycle-controller"));
        // A bare basename never picks a directory the line did not print over an exact entry.
        QCOMPARE(std::string(m_roles->roleName(m_roles->roleFor("kube-controller-manager", "controller_utils.go:124"))),
                 std::string("node-lifecycle-controller"));
        QCOMPARE(std::string(m_roles->roleName(m_roles->roleFor("kube-controller-manager", "controller/controller_utils.go:124"))),
                 std::string("controller-manager-other"));
    }

    void malformedTableNamesTheType()
    {
        const std::string bad = "{\"types\":[{\"id\":\"x.bad\",\"patterns\":[{\"re\":\"(unclosed\"}]}]}";
        try {
            EventTypeCatalog::loadJson(bad, "broken.json");
            QFAIL("expected an error");
        } catch (const std::runtime_error &e) {
            const QString msg = e.what();
            QVERIFY(msg.contains("broken.json"));
            QVERIFY(msg.contains("x.bad"));
            QVERIFY(msg.contains("does not compile"));
        }
        QVERIFY_THROWS_EXCEPTION(std::runtime_error, EventTypeCatalog::loadJson("{not json", "b.json"));
        // A pattern that matches every message is refused, named; one that needs words is not.
        try {
            EventTypeCatalog::loadJson("{\"types\":[{\"id\":\"x.all\",\"patterns\":[{\"re\":\"(error)?\"}]}]}", "all.json");
            QFAIL("a pattern matching everything was accepted");
        } catch (const std::runtime_error &e) {
            const QString msg = e.what();
            QVERIFY2(msg.contains("all.json") && msg.contains("x.all") && msg.contains("matches every message"), qPrintable(msg));
        }
        QVERIFY(EventTypeCatalog::loadJson("{\"types\":[{\"id\":\"x.some\",\"patterns\":[{\"re\":\"error\"}]}]}", "some.json",
                                           EventTypeCatalog::CodeNames::NotRequired));
        QVERIFY_THROWS_EXCEPTION(
            std::runtime_error,
            EventTypeCatalog::loadJson("{\"types\":[{\"id\":\"a\",\"patterns\":[{\"re\":\"x\"}],\"extract\":\"nope\"}]}", "c.json"));
    }

    // An event keeps its type in 12 bits: a table of as many types as fit loads, and its last
    // type survives the trip through an event; one more is refused, named, not cut short.
    void typesBeyondWhatAnEventHoldsAreRefused()
    {
        auto table = [](std::size_t count) {
            std::string json = "{\"types\":[";
            for (std::size_t i = 0; i < count; ++i)
                json += (i ? "," : "") + std::string("{\"id\":\"t.") + std::to_string(i) + "\",\"patterns\":[{\"re\":\"^m"
                    + std::to_string(i) + " \"}]}";
            return json + "]}";
        };
        const std::size_t most = kMaxEventTypes - 3; // "other" and the two record types take the rest
        const auto full = EventTypeCatalog::loadJson(table(most), "full.json", EventTypeCatalog::CodeNames::NotRequired);
        const EventTypeId last = *full->find("t." + std::to_string(most - 1));
        Event e;
        e.type = last;
        QCOMPARE(EventTypeId(e.type), last);
        QCOMPARE(std::string(full->typeId(e.type)), "t." + std::to_string(most - 1));
        QVERIFY(full->find("go.goroutine") && *full->find("go.goroutine") < kMaxEventTypes);
        try {
            EventTypeCatalog::loadJson(table(most + 1), "over.json", EventTypeCatalog::CodeNames::NotRequired);
            QFAIL("a table of more types than an event holds was accepted");
        } catch (const std::runtime_error &err) {
            const QString msg = err.what();
            QVERIFY2(msg.contains("over.json") && msg.contains("too many event types"), qPrintable(msg));
        }
    }

    // The table is read strictly: an unknown key or a value of the wrong kind is refused with
    // the file, the type and the key named.
    void strictTableNamesFileTypeAndKey_data()
    {
        QTest::addColumn<QString>("json");
        QTest::addColumn<QString>("problem");
        QTest::newRow("top-level key") << R"({"types": [], "fieldAlias": {}})"
                                       << R"(unknown key "fieldAlias" in the table)";
        QTest::newRow("type key") << R"({"types": [{"id": "x.t", "severty": "error", "patterns": [{"re": "a"}]}]})"
                                  << R"(event type 'x.t': unknown key "severty" in the type)";
        QTest::newRow("pattern key") << R"({"types": [{"id": "x.t", "patterns": [{"re": "a", "optionalField": {}}]}]})"
                                     << R"(event type 'x.t': unknown key "optionalField" in a pattern)";
        QTest::newRow("example key") << R"({"types": [{"id": "x.t", "patterns": [{"re": "a", "examples": [{"line": "a", "field": {}}]}]}]})"
                                     << R"(event type 'x.t': unknown key "field" in an example)";
        QTest::newRow("since not a version") << R"({"types": [{"id": "x.t", "patterns": [{"re": "a", "since": "recent"}]}]})"
                                             << R"(event type 'x.t': "since" must be a Kubernetes version)";
        QTest::newRow("severity word") << R"({"types": [{"id": "x.t", "severity": "critical", "patterns": [{"re": "a"}]}]})"
                                       << "event type 'x.t': unknown severity 'critical' (use debug, info, warning, error or fatal)";
        QTest::newRow("components not names") << R"({"types": [{"id": "x.t", "components": [1], "patterns": [{"re": "a"}]}]})"
                                              << R"(event type 'x.t': "components" must hold component names)";
        QTest::newRow("category not listed")
            << R"({"categories": {"probe": "probes"}, "types": [{"id": "x.t", "category": "probes", "patterns": [{"re": "a"}]}]})"
            << "event type 'x.t': unknown category 'probes'";
        QTest::newRow("sets not a string") << R"({"types": [{"id": "x.t", "patterns": [{"re": "a", "sets": {"taints": 1}}]}]})"
                                           << "event type 'x.t': sets.taints must be a non-empty string";
        QTest::newRow("alias not a name") << R"({"fieldAliases": {"a": 1}, "types": []})"
                                          << "fieldAliases.a must be a field name";
    }
    void strictTableNamesFileTypeAndKey()
    {
        QFETCH(QString, json);
        QFETCH(QString, problem);
        try {
            EventTypeCatalog::loadJson(json.toStdString(), "strict.json", EventTypeCatalog::CodeNames::NotRequired);
            QFAIL("the table was accepted");
        } catch (const std::runtime_error &e) {
            const QString msg = e.what();
            QVERIFY2(msg.startsWith("strict.json: ") && msg.contains(problem), qPrintable(msg));
        }
    }

    // A table for the application must define every type the C++ reads (codenames.cpp): the
    // load names the table, the type and who reads it.
    void tableWithoutCodeTypesIsRefused()
    {
        try {
            EventTypeCatalog::loadJson("{\"types\":[{\"id\":\"x.some\",\"patterns\":[{\"re\":\"error\"}]}]}", "small.json");
            QFAIL("a table without the types the analysis reads was accepted");
        } catch (const std::runtime_error &e) {
            const QString msg = e.what();
            QVERIFY2(msg.contains("small.json") && msg.contains("'controller.start'") && msg.contains("heartbeat detector"),
                     qPrintable(msg));
        }
        const auto classifyOnly = EventTypeCatalog::loadJson("{\"types\":[{\"id\":\"x.some\",\"patterns\":[{\"re\":\"error\"}]}]}",
                                                             "small.json", EventTypeCatalog::CodeNames::NotRequired);
        QVERIFY_THROWS_EXCEPTION(std::runtime_error, classifyOnly->codeTypes());
        QVERIFY(m_types->codeTypes().plegRelist == *m_types->find("pleg.relist"));
    }
};

QTEST_GUILESS_MAIN(TestEventTypes)
#include "tst_eventtypes.moc"
