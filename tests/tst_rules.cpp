// Rules as data: a malformed rule file is refused with the file, the rule and what is wrong
// (never a crash), and a user's sequence rule (--rules FILE) fires on the subject where its
// steps happen in order within maxspan, and stays silent where they do not.
#include "core/analysis/analyzer.h"
#include "core/rules/ruleset.h"
#include "core/util/textscan.h"
#include "core/report/analysisreport.h"
#include "testutil.h"

#include <QtTest>

#include <algorithm>
#include <filesystem>
#include <fstream>

using namespace kubelane;

namespace {

const char *kPlegSequence = R"({"id": "runtime-then-pleg", "subject": "node",
  "sequence": {"by": "node", "maxspan": "10m",
               "steps": [{"type": "runtime.rpc-failed", "atLeast": 2}, {"type": "pleg.unhealthy"}]},
  "where": [{"value": "events", "op": ">=", "than": 3}],
  "severity": "warning", "title": "runtime failures then PLEG on {subject}",
  "explanation": "{events} events over {span}"})";

std::shared_ptr<const core::Analysis> analyseWithRule(const std::string &sample, const std::string &ruleJson)
{
    QTemporaryDir dir;
    const std::string rules = test::writeFile(dir, "rules.json", ruleJson);
    auto incident = test::load({std::string(KUBELANE_SAMPLES) + "/" + sample});
    core::AnalyzeOptions options;
    options.resourceDir = KUBELANE_RESOURCES;
    options.extraRuleFiles = {rules};
    return core::analyzeIncident(incident, options);
}

std::vector<const core::Finding *> findingsOf(const core::Analysis &a, const std::string &rule)
{
    std::vector<const core::Finding *> out;
    for (const auto &f : a.findings)
        if (f.rule == rule)
            out.push_back(&f);
    return out;
}

// The shipped rules over a bundle of these files (the caller checks every line was understood:
// analysis->incident->stats.unparsed).
std::shared_ptr<const core::Analysis> analyzeFiles(const std::vector<test::File> &files)
{
    core::AnalyzeOptions options;
    options.resourceDir = KUBELANE_RESOURCES;
    return core::analyzeIncident(test::loadFiles(files), options);
}

} // namespace

class TestRules : public QObject {
    Q_OBJECT
private slots:
    // spec-hash-restart in each wording the kubelet has printed (1.9-1.12 hash, 1.14-1.20
    // "definition changed", 1.21+ structured): two running containers found changed right
    // after a kubelet start fire on the node. The same after a restart where the API updated
    // the pod first (a rollout), or while the kubelet runs (an image bump), is no finding.
    void specChangeAfterStart_data()
    {
        QTest::addColumn<QString>("changed"); // %1 container, %2 pod (name_ns(uid) or ns/name)
        QTest::addColumn<bool>("structured");
        QTest::addColumn<bool>("restart");
        QTest::addColumn<bool>("apiUpdate");
        QTest::addColumn<bool>("fires");
        const QString hash =
            R"(kuberuntime_manager.go:550] Container "%1" ({"docker" "f59c4812a66d65572020efab38780c1271d671330b126642653390dc8b8d29f1"}) of pod %2: Container spec hash changed (1559107639 vs 1428860573).. Container will be killed and recreated.)";
        const QString changed =
            R"(kuberuntime_manager.go:600] Container "%1" ({"docker" "9d1e6a3c27b84f05a1c2d3e4f5061728394a5b6c7d8e9f0a1b2c3d4e5f607182"}) of pod %2: Container %1 definition changed, will be restarted)";
        const QString modern =
            R"(kuberuntime_manager.go:1027] "Message for Container of pod" containerName="%1" containerStatusID={"Type":"containerd","ID":"8c2f4e6a0b1d3c5e7f9a2b4c6d8e0f1a3b5c7d9e1f2a4b6c8d0e2f4a6b8c0d2e4f"} pod="%2" containerMessage="Container %1 definition changed, will be restarted")";
        QTest::newRow("1.9 spec hash") << hash << false << true << false << true;
        QTest::newRow("1.14 definition changed") << changed << false << true << false << true;
        QTest::newRow("1.21+ structured") << modern << true << true << false << true;
        QTest::newRow("rollout through the API after a restart") << modern << true << true << true << false;
        QTest::newRow("image bump while the kubelet runs") << modern << true << false << false << false;
    }
    void specChangeAfterStart()
    {
        QFETCH(QString, changed);
        QFETCH(bool, structured);
        QFETCH(bool, restart);
        QFETCH(bool, apiUpdate);
        QFETCH(bool, fires);
        auto line = [](const std::string &clock, const std::string &rest) { return "I0610 " + clock + "    1873 " + rest + "\n"; };
        std::string log = line("09:00:00.000100", "kubelet.go:2100] SyncLoop (housekeeping)");
        if (restart)
            log += line("09:12:40.100000",
                        structured ? "server.go:487] \"Kubelet version\" kubeletVersion=\"v1.30.2\"" : "server.go:408] Version: v1.14.7");
        for (const auto &[pod, ctr] : {std::pair<std::string, std::string>{"web-0", "app"}, {"web-1", "app"}}) {
            const std::string ref = structured ? "default/" + pod : pod + "_default(9f4c1e6b-af2e-47c3-b6ee-0b5f2d54364e)";
            if (apiUpdate)
                log += line("09:12:43.000000",
                            structured ? "kubelet.go:2400] \"SyncLoop UPDATE\" source=\"api\" pods=[\"" + ref + "\"]"
                                       : "kubelet.go:1900] SyncLoop (UPDATE, \"api\"): \"" + ref + "\"");
            log += line("09:12:44.310221", changed.arg(QString::fromStdString(ctr), QString::fromStdString(ref)).toStdString());
        }
        log += line("09:13:00.000100", "kubelet.go:2100] SyncLoop (housekeeping)");
        QTemporaryDir dir;
        const auto incident = test::load({test::writeFile(dir, "nodes/node7/kubelet.log", log)});
        QCOMPARE(incident->stats.unparsed, 0u);
        core::AnalyzeOptions options;
        options.resourceDir = KUBELANE_RESOURCES;
        options.onlyRules = {"spec-hash-restart"};
        const auto analysis = core::analyzeIncident(incident, options);
        QCOMPARE(analysis->findings.size(), size_t(fires ? 1 : 0));
        if (fires) {
            const core::Finding &f = analysis->findings[0];
            QCOMPARE(QString::fromStdString(f.subject.text()), QString("node/node7"));
            QVERIFY2(f.title.find("recreated 2 running containers") != std::string::npos, f.title.c_str());
            QVERIFY2(f.title.find("unknown") == std::string::npos, f.title.c_str());
        }
    }

    // The C++ that reads event types names them in one table (core/classify/codenames.cpp),
    // resolved when the catalog loads: a table without one of them stops the load with a
    // message naming the type and its reader, instead of silently giving an empty fact.
    void missingEventTypeIsRefused()
    {
        QTemporaryDir dir;
        const std::filesystem::path resources(dir.path().toStdString());
        std::filesystem::copy(KUBELANE_RESOURCES, resources, std::filesystem::copy_options::recursive);
        std::ifstream in(resources / "events.json");
        std::string table((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
        const std::string id = "\"id\": \"pleg.relist\"";
        const auto at = table.find(id);
        QVERIFY(at != std::string::npos);
        table.replace(at, id.size(), "\"id\": \"pleg.relist-renamed\"");
        std::ofstream(resources / "events.json") << table;
        core::LoadOptions load = test::options();
        load.resourceDir = resources.string();
        try {
            test::load({std::string(KUBELANE_SAMPLES) + "/pleg-unhealthy"}, load);
            QFAIL("the bundle loaded without the pleg.relist event type");
        } catch (const core::LoadError &e) {
            const std::string what = e.what();
            QVERIFY2(what.find("'pleg.relist'") != std::string::npos && what.find("PLEG detector") != std::string::npos
                         && what.find("events.json") != std::string::npos,
                     e.what());
        }
    }

    void malformedRuleNamesFileRuleAndProblem_data();
    void malformedRuleNamesFileRuleAndProblem();
    void unknownEventTypeIsRefused();
    void shippedRulesLoad();
    void analysisDoesNotDependOnTheThreadCount();
    void nodePressureEvictionInEveryWording_data();
    void nodePressureEvictionInEveryWording();
    void containerRuntimeDownInEveryWording_data();
    void containerRuntimeDownInEveryWording();
    void clockStepInEveryWording_data();
    void clockStepInEveryWording();
    void kubeletClientCertExpiredInEveryWording_data();
    void kubeletClientCertExpiredInEveryWording();
    void nodeNetworkNotReadyInEveryWording_data();
    void nodeNetworkNotReadyInEveryWording();
    void kubeletStartFailureInEveryWording_data();
    void kubeletStartFailureInEveryWording();
    void describeNodeConditions_data();
    void describeNodeConditions();
    void describeAmongLogLinesIsNotTheFormat();
    void conditionsTablePasted_data();
    void conditionsTablePasted();
    void taintEvictionInEveryWording_data();
    void taintEvictionInEveryWording();
    void leaderElectionLostInEveryWording_data();
    void leaderElectionLostInEveryWording();
    void componentPanicInEveryWording_data();
    void componentPanicInEveryWording();
    void componentStartFailureInEveryWording_data();
    void componentStartFailureInEveryWording();
    void sequenceRuleFiresOnItsSubject();
    void ruleTimeBudgetStopsAndNames();
    void sequenceRuleStaysSilentElsewhere();
    void absentEventBreaksTheSequence();
};

void TestRules::malformedRuleNamesFileRuleAndProblem_data()
{
    QTest::addColumn<QString>("json");
    QTest::addColumn<QString>("rule");
    QTest::addColumn<QString>("problem");
    const QString base = QStringLiteral(R"("subject": "node", "detector": "heartbeat-gap", "title": "t", "explanation": "e")");
    QTest::newRow("not JSON") << QStringLiteral("{\"id\": ") << QString() << QStringLiteral("not valid JSON");
    QTest::newRow("no id") << QStringLiteral("{%1}").arg(base) << QString() << QStringLiteral("needs a string \"id\"");
    QTest::newRow("bad subject") << QStringLiteral(
        R"({"id": "r1", "subject": "cluster", "detector": "heartbeat-gap", "title": "t", "explanation": "e"})")
                                 << QStringLiteral("r1") << QStringLiteral("\"subject\" must be node, pod or component, not 'cluster'");
    QTest::newRow("unknown detector") << QStringLiteral(
        R"({"id": "r2", "subject": "node", "detector": "magic", "title": "t", "explanation": "e"})")
                                      << QStringLiteral("r2") << QStringLiteral("unknown detector 'magic' (known: ");
    QTest::newRow("both detector and sequence")
        << QStringLiteral(R"({"id": "r3", %1, "sequence": {"steps": [{"type": "pleg.unhealthy"}]}})").arg(base) << QStringLiteral("r3")
        << QStringLiteral("exactly one of \"detector\" or \"sequence\"");
    QTest::newRow("bad maxspan") << QStringLiteral(
        R"({"id": "r4", "subject": "node", "sequence": {"maxspan": "soon", "steps": [{"type": "pleg.unhealthy"}]}, "title": "t", "explanation": "e"})")
                                 << QStringLiteral("r4") << QStringLiteral("maxspan is not a duration");
    QTest::newRow("no steps") << QStringLiteral(
        R"({"id": "r5", "subject": "node", "sequence": {"steps": []}, "title": "t", "explanation": "e"})")
                              << QStringLiteral("r5") << QStringLiteral("at least one step");
    QTest::newRow("bad op") << QStringLiteral(R"({"id": "r6", %1, "where": [{"value": "gapSeconds", "op": "=>", "than": 3}]})").arg(base)
                            << QStringLiteral("r6") << QStringLiteral("needs a value and an op");
    QTest::newRow("where without than") << QStringLiteral(R"({"id": "r7", %1, "where": [{"value": "gapSeconds", "op": ">"}]})").arg(base)
                                        << QStringLiteral("r7") << QStringLiteral("needs \"than\"");
    QTest::newRow("bad severity") << QStringLiteral(R"({"id": "r8", %1, "severity": "doom"})").arg(base) << QStringLiteral("r8")
                                  << QStringLiteral("severity must be debug, info, warning, error or fatal, not 'doom'");
    QTest::newRow("no title") << QStringLiteral(R"({"id": "r9", "subject": "node", "detector": "heartbeat-gap", "explanation": "e"})")
                              << QStringLiteral("r9") << QStringLiteral("needs a \"title\" and an \"explanation\"");
    QTest::newRow("defined twice") << QStringLiteral(R"([{"id": "r10", %1}, {"id": "r10", %1}])").arg(base) << QStringLiteral("r10")
                                   << QStringLiteral("defined twice");
    QTest::newRow("wrong type: atLeast") << QStringLiteral(
        R"({"id": "r11", "subject": "node", "sequence": {"steps": [{"type": "pleg.unhealthy", "atLeast": "two"}]}, "title": "t", "explanation": "e"})")
                                         << QStringLiteral("r11") << QStringLiteral("wrong type");
    QTest::newRow("wrong type: subject") << QStringLiteral(
        R"({"id": "r12", "subject": 7, "detector": "heartbeat-gap", "title": "t", "explanation": "e"})")
                                         << QStringLiteral("r12") << QStringLiteral("wrong type");
    QTest::newRow("wrong type: reference") << QStringLiteral(R"({"id": "r13", %1, "references": [42]})").arg(base) << QStringLiteral("r13")
                                           << QStringLiteral("wrong type");
    QTest::newRow("sequence not an object") << QStringLiteral(
        R"({"id": "r14", "subject": "node", "sequence": ["pleg.unhealthy"], "title": "t", "explanation": "e"})")
                                            << QStringLiteral("r14") << QStringLiteral("\"sequence\" must be an object");
    QTest::newRow("rules not a list") << QStringLiteral(R"({"rules": {"id": "r15"}})") << QString() << QStringLiteral("must be a list");
    const QString sequence = QStringLiteral(R"("subject": "node", "sequence": {"steps": [{"type": "pleg.unhealthy"}]})");
    QTest::newRow("template names no value")
        << QStringLiteral(R"({"id": "r16", %1, "title": "on {subjct}", "explanation": "e"})").arg(sequence) << QStringLiteral("r16")
        << QStringLiteral("the title names the value 'subjct'");
    QTest::newRow("condition names no value")
        << QStringLiteral(R"({"id": "r17", %1, "where": [{"value": "count", "op": ">", "than": 2}], "title": "t", "explanation": "e"})")
               .arg(sequence)
        << QStringLiteral("r17") << QStringLiteral("names the value 'count'");
    // subject and span are texts: a condition on them could never hold.
    QTest::newRow("condition names a text value")
        << QStringLiteral(R"({"id": "r27", %1, "where": [{"value": "span", "op": ">", "than": 2}], "title": "t", "explanation": "e"})")
               .arg(sequence)
        << QStringLiteral("r27") << QStringLiteral("names the value 'span', which is text");
    QTest::newRow("condition compares with a text value")
        << QStringLiteral(
               R"({"id": "r28", %1, "where": [{"value": "events", "op": ">", "than": "subject"}], "title": "t", "explanation": "e"})")
               .arg(sequence)
        << QStringLiteral("r28") << QStringLiteral("names the value 'subject', which is text");
    // Read strictly: a key the engine does not know is named, where it stands.
    QTest::newRow("unknown rule key") << QStringLiteral(R"({"id": "r18", %1, "treshold": 3})").arg(base) << QStringLiteral("r18")
                                      << QStringLiteral("unknown key \"treshold\" in the rule");
    QTest::newRow("unknown sequence key") << QStringLiteral(
        R"({"id": "r19", "subject": "node", "sequence": {"maxSpan": "5m", "steps": [{"type": "pleg.unhealthy"}]}, "title": "t", "explanation": "e"})")
                                          << QStringLiteral("r19") << QStringLiteral("unknown key \"maxSpan\" in the sequence");
    QTest::newRow("unknown step key") << QStringLiteral(
        R"({"id": "r20", "subject": "node", "sequence": {"steps": [{"type": "pleg.unhealthy", "atMost": 2}]}, "title": "t", "explanation": "e"})")
                                      << QStringLiteral("r20") << QStringLiteral("unknown key \"atMost\" in a sequence step");
    QTest::newRow("unknown where key")
        << QStringLiteral(R"({"id": "r21", %1, "where": [{"value": "gapSeconds", "op": ">", "than": 3, "unit": "s"}]})").arg(base)
        << QStringLiteral("r21") << QStringLiteral("unknown key \"unit\" in a \"where\" condition");
    QTest::newRow("critical is no severity") << QStringLiteral(R"({"id": "r22", %1, "severity": "critical"})").arg(base)
                                             << QStringLiteral("r22") << QStringLiteral("not 'critical'");
    QTest::newRow("sequence by container") << QStringLiteral(
        R"({"id": "r23", "subject": "node", "sequence": {"by": "container", "steps": [{"type": "pleg.unhealthy"}]}, "title": "t", "explanation": "e"})")
                                           << QStringLiteral("r23")
                                           << QStringLiteral("sequence.by must be node, pod or component, not 'container'");
    QTest::newRow("sequence by another subject") << QStringLiteral(
        R"({"id": "r24", "subject": "node", "sequence": {"by": "pod", "steps": [{"type": "pleg.unhealthy"}]}, "title": "t", "explanation": "e"})")
                                                 << QStringLiteral("r24")
                                                 << QStringLiteral("sequence.by 'pod' differs from the rule's subject 'node'");
    QTest::newRow("detector of another subject")
        << QStringLiteral(R"({"id": "r25", "subject": "pod", "detector": "heartbeat-gap", "title": "t", "explanation": "e"})")
        << QStringLiteral("r25") << QStringLiteral("detector 'heartbeat-gap' finds nodes, not the rule's subject 'pod'");
    QTest::newRow("no subject") << QStringLiteral(R"({"id": "r26", "detector": "heartbeat-gap", "title": "t", "explanation": "e"})")
                                << QStringLiteral("r26") << QStringLiteral("needs a \"subject\"");
    QTest::newRow("sequence about a component") << QStringLiteral(
        R"({"id": "r27", "subject": "component", "sequence": {"steps": [{"type": "leader-election.lost"}]}, "title": "t", "explanation": "e"})")
                                                << QStringLiteral("r27") << QStringLiteral("a component rule needs a detector");
    QTest::newRow("a step of no types") << QStringLiteral(
        R"({"id": "r28", "subject": "node", "sequence": {"steps": [{"type": []}]}, "title": "t", "explanation": "e"})")
                                        << QStringLiteral("r28") << QStringLiteral("a string or a list of strings");
    QTest::newRow("a step's types not strings") << QStringLiteral(
        R"({"id": "r29", "subject": "node", "sequence": {"steps": [{"type": ["pleg.unhealthy", 7]}]}, "title": "t", "explanation": "e"})")
                                                << QStringLiteral("r29") << QStringLiteral("a string or a list of strings");
}

void TestRules::malformedRuleNamesFileRuleAndProblem()
{
    QFETCH(QString, json);
    QFETCH(QString, rule);
    QFETCH(QString, problem);
    QTemporaryDir dir;
    const std::string path = test::writeFile(dir, "my-rules.json", json.toStdString());
    core::RuleSet set;
    try {
        set.loadFile(path);
        QFAIL("a malformed rule file was accepted");
    } catch (const core::RuleError &e) {
        const QString message = QString::fromUtf8(e.what());
        QVERIFY2(message.startsWith(QString::fromStdString(path) + ": "), qPrintable(message));
        if (!rule.isEmpty())
            QVERIFY2(message.contains(QStringLiteral("rule '%1'").arg(rule)), qPrintable(message));
        QVERIFY2(message.contains(problem), qPrintable(message));
    }
}

void TestRules::unknownEventTypeIsRefused()
{
    std::string json = kPlegSequence;
    json.replace(json.find("pleg.unhealthy"), std::string("pleg.unhealthy").size(), "pleg.unhappy");
    try {
        analyseWithRule("pleg-unhealthy", json);
        QFAIL("a sequence over an undefined event type was accepted");
    } catch (const core::RuleError &e) {
        const QString message = QString::fromUtf8(e.what());
        QVERIFY2(message.contains("rule 'runtime-then-pleg'") && message.contains("'pleg.unhappy'"), qPrintable(message));
    }
}

void TestRules::shippedRulesLoad()
{
    // Every shipped rule loads, with a title and an explanation template, and is either a C++
    // detector or a sequence (node-pressure-eviction is the sequence: JSON only).
    core::RuleSet set;
    std::vector<std::string> ids;
    for (const auto &entry : std::filesystem::directory_iterator(std::string(KUBELANE_RESOURCES) + "/rules")) {
        set.loadFile(entry.path().string());
        ids.push_back(set.rules().back().id);
    }
    std::sort(ids.begin(), ids.end());
    QCOMPARE(
        ids,
        (std::vector<std::string>{"component-panic", "component-start-failure", "container-runtime-down", "kubelet-client-cert-expired",
                                  "kubelet-never-reported", "kubelet-start-failure", "leader-election-lost", "node-clock-step",
                                  "node-heartbeat-gap", "node-network-not-ready", "node-pressure-eviction", "node-taint-eviction",
                                  "pleg-unhealthy", "probe-status-race", "sandbox-missing", "spec-hash-restart"}));
    for (const auto &r : set.rules()) {
        QVERIFY(!r.title.empty() && !r.explanation.empty());
        QVERIFY(r.usesSequence != !r.detector.empty());
    }
}

// The kubelet's runtime checks (kubelet.go updateRuntimeUp) and its 30 s verdict (runtime.go),
// 1.10's free text and 1.2x's structured lines: the runtime gone is container-runtime-down; a
// runtime that hung is the PLEG finding's alone; a kubelet's start-up and one failed check
// (an operator's restart of the runtime) are no incident.
void TestRules::containerRuntimeDownInEveryWording_data()
{
    QTest::addColumn<QString>("journal");
    QTest::addColumn<QString>("fires"); // the rules that fire, sorted
    auto line = [](int second, const std::string &rest) {
        char stamp[64];
        std::snprintf(stamp, sizeof stamp, "2024-04-09T21:%02d:%02d.210702+0000", 10 + second / 60, second % 60);
        char header[32];
        std::snprintf(header, sizeof header, "0409 21:%02d:%02d.210702", 10 + second / 60, second % 60);
        return std::string(stamp) + " node1 kubelet[2614]: " + rest.substr(0, 1) + header + rest.substr(1) + "\n";
    };
    std::string old, refused, verdictInCondition, hung, gone;
    for (int s = 0; s <= 20; s += 5)
        old += line(s, "I    2614 kubelet.go:1794] skipping pod synchronization - [container runtime is down]");
    const std::string sanityRefused = "E    2614 kubelet.go:2356] \"Container runtime sanity check failed\" err=\"rpc error: code = "
                                      "Unavailable desc = connection error: desc = \\\"transport: Error while dialing dial unix "
                                      "/run/containerd/containerd.sock: connect: connection refused\\\"\"";
    for (int s = 0; s <= 35; s += 5)
        refused += line(s, sanityRefused);
    refused += line(36, "E    2614 kubelet.go:2183] \"Skipping pod synchronization\" err=\"container runtime is down\"");
    for (int s = 0; s <= 30; s += 5)
        verdictInCondition += line(s, sanityRefused);
    verdictInCondition +=
        line(31,
             "I    2614 setters.go:552] \"Node became not ready\" node=\"node1\" condition={\"type\":\"Ready\",\"status\":\"False\","
             "\"lastHeartbeatTime\":\"2024-04-09T21:10:31Z\",\"lastTransitionTime\":\"2024-04-09T21:10:31Z\",\"reason\":"
             "\"KubeletNotReady\",\"message\":\"container runtime is down\"}");
    const std::string start = line(0, "I    2614 server.go:416] Version: v1.10.0")
        + line(1, "I    2614 kubelet.go:1794] skipping pod synchronization - [container runtime is down]");
    const std::string once = line(0, sanityRefused) + line(40, "I    2614 kubelet.go:1850] SyncLoop (housekeeping)");
    // A hung runtime: calls time out, the relist stalls, the verdict comes, PLEG reports it.
    const std::string deadline = "E    2614 remote_runtime.go:277] \"ListPodSandbox with filter from runtime service failed\" err=\"rpc "
                                 "error: code = DeadlineExceeded desc = context deadline exceeded\" filter=\"nil\"";
    hung = line(0, "I    2614 generic.go:205] \"GenericPLEG: Relisting\"") + line(120, deadline)
        + line(125, "E    2614 kubelet.go:2183] \"Skipping pod synchronization\" err=\"container runtime is down\"");
    for (int s = 185; s <= 235; s += 10)
        hung += line(s,
                     "E    2614 kubelet.go:2183] \"Skipping pod synchronization\" err=\"[container runtime is down, PLEG is not healthy: "
                     "pleg was last seen active "
                         + std::to_string(s) + "s ago; threshold is 3m0s]\"");
    // The runtime gone: refused from the start, PLEG not healthy three minutes on.
    gone = line(0, "I    2614 generic.go:205] \"GenericPLEG: Relisting\"") + refused;
    for (int s = 185; s <= 235; s += 10)
        gone += line(s,
                     "E    2614 kubelet.go:2183] \"Skipping pod synchronization\" err=\"[container runtime is down, PLEG is not healthy: "
                     "pleg was last seen active "
                         + std::to_string(s) + "s ago; threshold is 3m0s]\"");
    QTest::newRow("1.10: the verdict for 20 s") << QString::fromStdString(old) << "container-runtime-down";
    QTest::newRow("1.2x: checks refused, then the verdict") << QString::fromStdString(refused) << "container-runtime-down";
    QTest::newRow("the verdict in the Ready condition") << QString::fromStdString(verdictInCondition) << "container-runtime-down";
    QTest::newRow("gone, then PLEG not healthy") << QString::fromStdString(gone) << "container-runtime-down";
    QTest::newRow("hung: PLEG's finding alone") << QString::fromStdString(hung) << "pleg-unhealthy";
    QTest::newRow("a kubelet's start-up") << QString::fromStdString(start) << "";
    // A pod sandbox's CNI error says "connection refused" of the API server, not of the runtime.
    const std::string cni = line(20,
                                 "E    2614 remote_runtime.go:193] \"RunPodSandbox from runtime service failed\" err=\"rpc error: "
                                 "code = Unknown desc = failed to setup network for sandbox: plugin type=\\\"calico\\\" failed "
                                 "(add): error getting ClusterInformation: Get \\\"https://10.96.0.1:443/apis\\\": dial tcp "
                                 "10.96.0.1:443: connect: connection refused\"");
    QTest::newRow("hung, and a CNI refusal") << QString::fromStdString(hung + cni) << "pleg-unhealthy";
    // A runtime that never came up for this kubelet: no check passes, so the kubelet says "may not
    // have completed yet" for good (1.2x: docker's daemon gone behind cri-dockerd or dockershim).
    const std::string version = line(0, "I    2614 server.go:484] \"Kubelet version\" kubeletVersion=\"v1.23.17\"");
    const std::string notReady = "E    2614 kubelet.go:2373] \"Container runtime not ready\" runtimeReady=\"RuntimeReady=false "
                                 "reason:DockerDaemonNotReady message:docker: failed to get docker version: Cannot connect to the "
                                 "Docker daemon at unix:///var/run/docker.sock. Is the docker daemon running?\"";
    const std::string notYet = "E    2614 kubelet.go:2040] \"Skipping pod synchronization\" err=\"[container runtime status check may "
                               "not have completed yet, PLEG is not healthy: pleg has yet to be successful]\"";
    // `rest` at every `step` seconds from `from` to `to`.
    auto every = [&](int from, int to, int step, const std::string &rest) {
        std::string out;
        for (int s = from; s <= to; s += step)
            out += line(s, rest);
        return out;
    };
    auto startUp = [&](int until, int every) {
        std::string out;
        for (int s = 1; s <= until; s += every)
            out += line(s, notReady) + line(s, notYet);
        return out;
    };
    QTest::newRow("never up: not ready for 4 min from the start")
        << QString::fromStdString(version + startUp(240, 5)) << "container-runtime-down";
    QTest::newRow("never up, the start not in the paste") << QString::fromStdString(startUp(240, 5)) << "container-runtime-down";
    const std::string onlyNotYet = line(0, "I    2614 server.go:408] Version: v1.13.12")
        + every(1, 240, 5,
                "E    2614 kubelet.go:1846] skipping pod synchronization - [container runtime status check may not have completed yet]");
    QTest::newRow("never up: only the sync loop says so") << QString::fromStdString(onlyNotYet) << "container-runtime-down";
    // Its status call hangs (a check times out every 2 min) and so do the relists: PLEG's story.
    const std::string statusTimedOut = "E    2614 kubelet.go:2373] \"Container runtime sanity check failed\" err=\"rpc error: code = "
                                       "DeadlineExceeded desc = context deadline exceeded\"";
    QTest::newRow("never up: its status call hangs") << QString::fromStdString(version + line(121, statusTimedOut) + line(121, deadline)
                                                                               + line(246, statusTimedOut) + every(1, 250, 5, notYet))
                                                     << "pleg-unhealthy";
    // Still not one check passed 45 min after the start: a paste that keeps a few of its reports.
    QTest::newRow("never up: a few reports 45 min apart")
        << QString::fromStdString(version + line(1, notYet) + line(2700, notYet) + line(2705, notYet) + line(2710, notYet))
        << "pleg-unhealthy";
    const std::string runtimeNotYet =
        "E    2614 kubelet.go:1846] skipping pod synchronization - [container runtime status check may not have "
        "completed yet]";
    QTest::newRow("never up, the runtime alone: a few reports 45 min apart")
        << QString::fromStdString(onlyNotYet.substr(0, onlyNotYet.find('\n') + 1) + line(1, runtimeNotYet) + line(2700, runtimeNotYet)
                                  + line(2705, runtimeNotYet) + line(2710, runtimeNotYet))
        << "container-runtime-down";
    // Without the starts, grepped start-up lines far apart may be several kubelets' starts.
    QTest::newRow("start-up lines 20 min apart, no start in the paste")
        << QString::fromStdString(line(1, notYet) + line(2, notYet) + line(1200, notYet) + line(1201, notYet) + line(2400, notYet)) << "";
    // The kubelet's pid on a line ("kubelet[2614]:" and the klog header's): another process.
    auto ofPid = [](std::string text, int pid) {
        for (std::size_t at = text.find("2614"); at != std::string::npos; at = text.find("2614", at))
            text.replace(at, 4, std::to_string(pid));
        return text;
    };
    // An operator restarts the kubelet during a runtime outage: one outage, across the restart.
    std::string acrossRestart;
    for (int s = 0; s <= 25; s += 5) // restarted before the kubelet's 30 s verdict
        acrossRestart += line(s, sanityRefused);
    acrossRestart += ofPid(line(30, "I    2614 server.go:484] \"Kubelet version\" kubeletVersion=\"v1.28.2\""), 2700);
    for (int s = 31; s <= 120; s += 5)
        acrossRestart += ofPid(line(s, notYet) + line(s, sanityRefused), 2700);
    QTest::newRow("an outage across a restart of the kubelet") << QString::fromStdString(acrossRestart) << "container-runtime-down";
    // A crash-looping kubelet's start-up lines, grepped (no starts): each process says "not yet"
    // for its first second; 12 s on, another process does.
    std::string grepped;
    for (int s = 0; s < 240; s += 12)
        grepped += ofPid(line(s, notYet) + line(s + 1, notYet), 3000 + s);
    QTest::newRow("a crash loop's start-up lines, grepped") << QString::fromStdString(grepped) << "";
    QTest::newRow("a runtime that came up 70 s into the start")
        << QString::fromStdString(version + startUp(70, 5) + line(80, "I    2614 kubelet.go:2200] \"SyncLoop (housekeeping)\"")) << "";
    std::string restarts; // a kubelet restarted every 20 s, each start says "not yet" for its first seconds
    for (int s = 0; s < 240; s += 20)
        restarts +=
            line(s, "I    2614 server.go:484] \"Kubelet version\" kubeletVersion=\"v1.23.17\"") + line(s + 1, notYet) + line(s + 6, notYet);
    QTest::newRow("a kubelet restarted every 20 s") << QString::fromStdString(restarts) << "";
    // The runtime answers its status, but the relist never completes: PLEG's story.
    const std::string neverRelisted = version
        + every(1, 240, 5,
                "E    2614 kubelet.go:2040] \"Skipping pod synchronization\" err=\"PLEG is not healthy: pleg has yet to be successful\"");
    QTest::newRow("a first relist that never completes") << QString::fromStdString(neverRelisted + line(121, deadline)) << "pleg-unhealthy";
    QTest::newRow("a first relist 2 min into the start")
        << QString::fromStdString(version
                                  + line(60,
                                         "E    2614 kubelet.go:2040] \"Skipping pod synchronization\" err=\"PLEG is not healthy: pleg "
                                         "has yet to be successful\"")
                                  + line(119,
                                         "E    2614 kubelet.go:2040] \"Skipping pod synchronization\" err=\"PLEG is not healthy: pleg "
                                         "has yet to be successful\"")
                                  + line(121, "I    2614 generic.go:205] \"GenericPLEG: Relisting\""))
        << "";
    // Up to 1.13 the zero time reads as "is down" and as Go's largest duration; a runtime that
    // never answered and was not refused hung: PLEG's story, as when it hangs later.
    const std::string zeroTime = line(0, "I    2614 server.go:408] Version: v1.10.0")
        + every(1, 300, 5,
                "I    2614 kubelet.go:1794] skipping pod synchronization - [container runtime is down PLEG is not healthy: pleg was last "
                "seen active 2562047h47m16.854775807s ago; threshold is 3m0s]");
    QTest::newRow("1.10: never up, the zero time for 5 min") << QString::fromStdString(zeroTime) << "pleg-unhealthy";
    // A bare klog paste, no journal: its "Version:" is the kubelet's start once its Go files
    // say whose log it is, so 40 s of the zero time's "is down" are its start-up.
    std::string bare = "I0705 13:07:11.900000   32911 server.go:408] Version: v1.11.0\n"
                       "I0705 13:07:12.269742   32911 kubelet.go:1782] Starting kubelet main sync loop.\n";
    for (int s = 12; s <= 52; s += 5)
        bare += "I0705 13:07:" + std::to_string(s)
            + ".269821   32911 kubelet.go:1799] skipping pod synchronization - [container runtime is down]\n";
    QTest::newRow("1.11: a bare paste, the runtime up 40 s into the start") << QString::fromStdString(bare) << "";
    QTest::newRow("two restarts of the runtime a minute apart")
        << QString::fromStdString(line(10, sanityRefused) + line(50, sanityRefused)) << "";
    QTest::newRow("one failed check: a restart of the runtime") << QString::fromStdString(once) << "";
}

void TestRules::containerRuntimeDownInEveryWording()
{
    QFETCH(QString, journal);
    QFETCH(QString, fires);
    const auto analysis = analyzeFiles({{"node1/journal.txt", journal.toStdString()}});
    QCOMPARE(analysis->incident->stats.unparsed, 0u);
    QStringList rules;
    for (const auto &f : analysis->findings)
        rules << QString::fromStdString(f.rule);
    rules.sort();
    QCOMPARE(rules.join(","), fires);
    if (fires == "container-runtime-down")
        QCOMPARE(QString::fromStdString(analysis->findings.front().subject.text()), QStringLiteral("node/node1"));
}

// The node lifecycle controller says it has not heard from a node for 87 s, then that it is
// healthy again 10 s on; the condition it prints holds the node's last heartbeat stamp. Later
// than the line itself: the clocks disagree, node-clock-step. Earlier: a silence.
void TestRules::clockStepInEveryWording_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("log");
    QTest::addColumn<QString>("fires");
    auto klog = [](const std::string &clock, const std::string &rest) { return "I0404 " + clock + "       1 " + rest + "\n"; };
    auto gap = [&](const std::string &notUpdated, const std::string &zone) {
        return klog("10:27:01.100220", "node_lifecycle_controller.go:1159] Initializing eviction metric for zone: ")
            + klog("10:28:36.488138", notUpdated)
            + klog("10:28:36.488183",
                   "node_lifecycle_controller.go:897] Node n1 is unresponsive as of 2022-04-04 10:28:36.488176491 " + zone
                       + " m=+237.395296883. Adding it to the Taint queue.")
            + klog("10:28:46.506843", "node_lifecycle_controller.go:908] Node n1 is healthy again, removing all taints");
    };
    auto v113 = [&](const std::string &heartbeat) {
        return gap("node_lifecycle_controller.go:946] node n1 hasn't been updated for 1m26.899981721s. Last ready condition is: "
                   "{Type:Ready Status:Unknown LastHeartbeatTime:"
                       + heartbeat
                       + " +0000 UTC LastTransitionTime:2022-04-04 10:28:30 +0000 UTC Reason:NodeStatusUnknown Message:Kubelet stopped "
                         "posting node status.}",
                   "+0000 UTC");
    };
    // Go prints the zone's abbreviation as the machine names it, whatever it is.
    const std::string v120 = gap("node_lifecycle_controller.go:1107] node n1 hasn't been updated for 1m26.899981721s. Last Ready is: "
                                 "&NodeCondition{Type:Ready,Status:Unknown,LastHeartbeatTime:2022-04-05 10:22:52 +0500 XYZT,"
                                 "LastTransitionTime:2022-04-04 10:28:30 +0500 XYZT,Reason:NodeStatusUnknown,Message:Kubelet stopped "
                                 "posting node status.,}",
                                 "+0500 XYZT");
    const std::string v127 = gap("node_lifecycle_controller.go:958] \"Node hasn't been updated\" node=\"n1\" duration=\"1m26.899981721s\" "
                                 "nodeConditionType=\"Ready\" currentCondition=\"&NodeCondition{Type:Ready,Status:Unknown,"
                                 "LastHeartbeatTime:2022-04-05 10:22:52 +0000 UTC,LastTransitionTime:2022-04-04 10:28:30 +0000 UTC,"
                                 "Reason:NodeStatusUnknown,Message:Kubelet stopped posting node status.,}\"",
                                 "+0000 UTC");
    const std::string json =
        "{\"ts\":1649068116488.138,\"caller\":\"nodelifecycle/node_lifecycle_controller.go:958\",\"msg\":\"Node hasn't been "
        "updated\",\"v\":0,\"node\":\"n1\",\"duration\":\"1m26.899981721s\",\"nodeConditionType\":\"Ready\",\"currentCondition\":{"
        "\"type\":\"Ready\",\"status\":\"Unknown\",\"lastHeartbeatTime\":\"2022-04-05T10:22:52Z\",\"lastTransitionTime\":\"2022-04-"
        "04T10:28:30Z\",\"reason\":\"NodeStatusUnknown\",\"message\":\"Kubelet stopped posting node status.\"}}\n"
        "{\"ts\":1649068126506.843,\"caller\":\"nodelifecycle/node_lifecycle_controller.go:908\",\"msg\":\"Node is healthy again, "
        "removing all taints\",\"v\":0,\"node\":\"n1\"}\n";
    const QString log = QStringLiteral("kube-controller-manager.log");
    // Before leases (1.14) any changed heartbeat counted, earlier or not: a stamp from the future
    // there is a fast clock, and the silence is real.
    QTest::newRow("1.11-1.13: ready condition, a day ahead")
        << log << QString::fromStdString(v113("2022-04-05 10:22:52")) << "node-heartbeat-gap";
    QTest::newRow("1.14-1.20: NodeCondition, a zone of its own") << log << QString::fromStdString(v120) << "node-clock-step";
    QTest::newRow("1.21+: structured") << log << QString::fromStdString(v127) << "node-clock-step";
    QTest::newRow("klog JSON") << QStringLiteral("kube-controller-manager.json") << QString::fromStdString(json) << "node-clock-step";
    QTest::newRow("a silence: stamped before the count began")
        << log << QString::fromStdString(v113("2022-04-04 10:27:05")) << "node-heartbeat-gap";
    // A kubelet's clock a minute fast stamps a time inside the count, not after the line.
    QTest::newRow("a fast clock, and a silence") << log << QString::fromStdString(v113("2022-04-04 10:28:05")) << "node-heartbeat-gap";
    // The node's own time daemon, with a controller that says only that it lost the node.
    const std::string lost = klog("10:27:01.100220", "node_lifecycle_controller.go:1159] Initializing eviction metric for zone: ")
        + klog("10:28:31.488138",
               "node_lifecycle_controller.go:897] Node n1 is unresponsive as of 2022-04-04 10:28:31.488176491 +0000 "
               "UTC m=+237.395296883. Adding it to the Taint queue.")
        + klog("10:28:43.506843", "node_lifecycle_controller.go:908] Node n1 is healthy again, removing all taints");
    auto stepped = [&](const std::string &by, const std::string &daemon, const std::string &at = "10:27:52", const std::string &more = "") {
        return lost + "--- n1/journal.txt\n"
            + "Apr 04 10:27:30 n1 kubelet[880]: I0404 10:27:30.100000     880 kubelet.go:2090] \"SyncLoop (PLEG): event for pod\"\n"
            + "Apr 04 " + at + " n1 " + daemon + by + "\n" + more;
    };
    QTest::newRow("chronyd set the node's clock back an hour")
        << log << QString::fromStdString(stepped("-3600.004117 seconds", "chronyd[702]: System clock was stepped by "))
        << "node-clock-step";
    QTest::newRow("ntpd set it back two minutes")
        << log << QString::fromStdString(stepped("-124.318802 s", "ntpd[1203]: 0.0.0.0 061c 0c clock_step ")) << "node-clock-step";
    QTest::newRow("a step back of two seconds")
        << log << QString::fromStdString(stepped("-2.004117 seconds", "chronyd[702]: System clock was stepped by "))
        << "node-heartbeat-gap";
    QTest::newRow("a step forward") << log
                                    << QString::fromStdString(stepped("3600.004117 seconds", "chronyd[702]: System clock was stepped by "))
                                    << "node-heartbeat-gap";
    QTest::newRow("a step back an hour before the silence")
        << log << QString::fromStdString(stepped("-3600.004117 seconds", "chronyd[702]: System clock was stepped by ", "09:27:52"))
        << "node-heartbeat-gap";
    // A reboot steps the clock too; the kubelet starting again is the silence's end, not a flap.
    QTest::newRow("a step back, and the kubelet restarted")
        << log
        << QString::fromStdString(stepped("-3600.004117 seconds", "chronyd[702]: System clock was stepped by ", "10:27:52",
                                          "Apr 04 10:28:40 n1 kubelet[1207]: I0404 10:28:40.100000    1207 server.go:416] Version: "
                                          "v1.18.6\n"))
        << "node-heartbeat-gap";
    // A stamp from the future, but the node came back minutes later: a fast clock, and a silence.
    std::string late = v120;
    late.replace(late.find("I0404 10:28:46.506843"), 21, "I0404 10:33:46.506843");
    QTest::newRow("a stamp ahead, back five minutes later") << log << QString::fromStdString(late) << "node-heartbeat-gap";
}

void TestRules::clockStepInEveryWording()
{
    QFETCH(QString, file);
    QFETCH(QString, log);
    QFETCH(QString, fires);
    // A row may hold a second file after a "--- PATH" line.
    std::vector<test::File> files;
    const QStringList parts = log.split(QStringLiteral("--- "));
    files.push_back({file.toStdString(), parts[0].toStdString()});
    if (parts.size() > 1) {
        const auto newline = parts[1].indexOf('\n');
        files.push_back({parts[1].left(newline).toStdString(), parts[1].mid(newline + 1).toStdString()});
    }
    const auto analysis = analyzeFiles(files);
    QCOMPARE(analysis->incident->stats.unparsed, 0u);
    QStringList rules;
    for (const auto &f : analysis->findings)
        rules << QString::fromStdString(f.rule);
    QCOMPARE(rules.join(","), fires);
    const core::Finding &f = analysis->findings.front();
    QCOMPARE(QString::fromStdString(f.subject.text()), QStringLiteral("node/n1"));
    if (fires == "node-clock-step")
        QVERIFY2(f.title.find(parts.size() > 1 ? "its clock was set back" : "stamped 23 h 54 min after") != std::string::npos,
                 f.title.c_str());
}

// The kubelet's own word that its client certificate expired, at start (bootstrap.go) or in its
// rotation check (transport.go), in each version's wording; and the lines that look alike but
// say something else: a rotation on time, a request's x509 error, an apiserver turning a client
// away.
void TestRules::kubeletClientCertExpiredInEveryWording_data()
{
    QTest::addColumn<QString>("journal");
    QTest::addColumn<QString>("fires");
    QTest::addColumn<QString>("title");
    auto line = [](int second, const std::string &rest) {
        char stamp[64];
        std::snprintf(stamp, sizeof stamp, "2024-06-22T09:41:%02d.710000+0000", second);
        char header[32];
        std::snprintf(header, sizeof header, "0622 09:41:%02d.710000", second);
        return std::string(stamp) + " worker-4 kubelet[2210]: " + rest.substr(0, 1) + header + rest.substr(1) + "\n";
    };
    const std::string exits = line(1,
                                   "E    2210 run.go:74] \"command failed\" err=\"failed to run Kubelet: unable to load bootstrap "
                                   "kubeconfig: stat /etc/kubernetes/bootstrap-kubelet.conf: no such file or directory\"");
    QTest::newRow("1.2x: at start, with its kubeconfig")
        << QString::fromStdString(line(0,
                                       "E    2210 bootstrap.go:266] part of the existing bootstrap client certificate in "
                                       "/etc/kubernetes/kubelet.conf is expired: 2024-06-22 07:15:42 +0000 UTC")
                                  + exits)
        << "kubelet-client-cert-expired"
        << "kubelet on worker-4: its client certificate expired at 2024-06-22T07:15:42Z";
    QTest::newRow("1.1x: at start, then its fatal exit") << QString::fromStdString(
        line(0, "E    2210 bootstrap.go:195] Part of the existing bootstrap client certificate is expired: 2020-01-19 15:10:17 +0000 UTC")
        + line(0,
               "F    2210 server.go:271] failed to run Kubelet: unable to load bootstrap kubeconfig: stat "
               "/etc/kubernetes/bootstrap-kubelet.conf: no such file or directory"))
                                                         << "kubelet-client-cert-expired"
                                                         << "kubelet on worker-4: its client certificate expired at 2020-01-19T15:10:17Z";
    QTest::newRow("1.31+: through HandleError")
        << QString::fromStdString(line(0,
                                       "E    2210 bootstrap.go:266] \"Unhandled Error\" err=\"part of the existing bootstrap client "
                                       "certificate in /etc/kubernetes/kubelet.conf is expired: 2026-02-18 22:10:15 +0000 UTC\" "
                                       "logger=\"UnhandledError\"")
                                  + exits)
        << "kubelet-client-cert-expired"
        << "kubelet on worker-4: its client certificate has expired";
    QTest::newRow("running, the server not answering")
        << QString::fromStdString(line(0,
                                       "E    2210 transport.go:113] The currently active client certificate has expired, but the server "
                                       "is not responsive. A restart may be necessary to retrieve new initial credentials."))
        << "kubelet-client-cert-expired"
        << "kubelet on worker-4: its client certificate has expired";
    QTest::newRow("running, structured, exiting")
        << QString::fromStdString(line(0,
                                       "E    2210 transport.go:121] \"The currently active client certificate has expired and the server "
                                       "is responsive, exiting.\""))
        << "kubelet-client-cert-expired"
        << "kubelet on worker-4: its client certificate has expired";
    // At start, with a bootstrap kubeconfig: the kubelet gets a new certificate and goes on.
    QTest::newRow("at start, then re-bootstrapped")
        << QString::fromStdString(line(0,
                                       "E    2210 bootstrap.go:266] part of the existing bootstrap client certificate in "
                                       "/etc/kubernetes/kubelet.conf is expired: 2024-06-22 07:15:42 +0000 UTC")
                                  + line(2, "I    2210 csr.go:261] certificate signing request csr-8kq2x is approved, waiting to be issued")
                                  + line(3, "I    2210 csr.go:257] certificate signing request csr-8kq2x is issued")
                                  + line(5, "I    2210 kubelet_node_status.go:76] \"Successfully registered node\" node=\"worker-4\""))
        << ""
        << "";
    QTest::newRow("a rotation on time") << QString::fromStdString(
        line(0, "I    2210 certificate_manager.go:356] kubernetes.io/kube-apiserver-client-kubelet: Rotating certificates")
        + line(1,
               "I    2210 transport.go:157] \"Certificate rotation detected, shutting down client connections to start using "
               "new credentials\"")) << ""
                                        << "";
    QTest::newRow("a request's x509 error") << QString::fromStdString(
        line(0,
             "E    2210 reflector.go:147] k8s.io/client-go/informers/factory.go:150: Failed to watch "
             "*v1.Node: failed to list *v1.Node: Get \"https://10.0.0.1:6443/api/v1/nodes\": tls: failed to "
             "verify certificate: x509: certificate has expired or is not yet valid"))
                                            << ""
                                            << "";
    QTest::newRow("another HandleError") << QString::fromStdString(line(
        0,
        "E    2210 reflector.go:158] \"Unhandled Error\" err=\"k8s.io/client-go/informers/factory.go:160: "
        "Failed to watch *v1.Service: the server has asked for the client to provide credentials\" "
        "logger=\"UnhandledError\"")) << ""
                                         << "";
}

void TestRules::kubeletClientCertExpiredInEveryWording()
{
    QFETCH(QString, journal);
    QFETCH(QString, fires);
    QFETCH(QString, title);
    const auto analysis = analyzeFiles({{"nodes/worker-4/kubelet.journal", journal.toStdString()}});
    QCOMPARE(analysis->incident->stats.unparsed, 0u);
    QStringList rules;
    for (const auto &f : analysis->findings)
        rules << QString::fromStdString(f.rule);
    QCOMPARE(rules.join(","), fires);
    if (!fires.isEmpty()) {
        QCOMPARE(QString::fromStdString(analysis->findings.front().subject.text()), QStringLiteral("node/worker-4"));
        QCOMPARE(QString::fromStdString(analysis->findings.front().title), title);
    }
}

// A node whose runtime's network (CNI) stays not ready past the kubelet's two minutes, from
// the kubelet's lines of each version, its own word that the grace passed, or the Node object;
// silent for a node coming up, short stretches, and other reasons for NotReady.
void TestRules::nodeNetworkNotReadyInEveryWording_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("title");
    auto journal = [](int second, const std::string &klogLine) { // "E kubelet.go:2187] ..." at 14:00:00 + second
        char stamp[96];
        std::snprintf(stamp, sizeof stamp, "Sep 23 14:%02d:%02d worker-3 kubelet[2018]: %c0923 14:%02d:%02d.101010    2018 ", second / 60,
                      second % 60, klogLine[0], second / 60, second % 60);
        return std::string(stamp) + klogLine.substr(2) + "\n";
    };
    auto every5s = [&](int from, int to, const std::string &klogLine) {
        std::string j;
        for (int t = from; t <= to; t += 5)
            j += journal(t, klogLine);
        return j;
    };
    const std::string old = "E kubelet.go:2187] Container runtime network not ready: NetworkReady=false reason:NetworkPluginNotReady "
                            "message:docker: network plugin is not ready: cni config uninitialized";
    const std::string structured = "E kubelet.go:2874] \"Container runtime network not ready\" networkReady=\"NetworkReady=false "
                                   "reason:NetworkPluginNotReady message:Network plugin returns error: cni plugin not initialized\"";
    // Two minutes of other lines before: the stretch's start is in the log.
    const std::string before = every5s(0, 115, "I kubelet_pods.go:1082] \"Clean up pod workers for terminated pods\"");
    QTest::newRow("1.1x, three minutes") << "worker-3.journal" << QString::fromStdString(before + every5s(120, 300, old))
                                         << "worker-3 not Ready for 3 min 0 s: its container runtime's network is not ready";
    QTest::newRow("1.2x, structured, three minutes") << "worker-3.journal" << QString::fromStdString(before + every5s(120, 300, structured))
                                                     << "worker-3 not Ready for 3 min 0 s: its container runtime's network is not ready";
    // The log begins with it (kubernetes/kubeadm#491, a 10 s excerpt): its start is not in it.
    QTest::newRow("from the start of the log") << "worker-3.journal" << QString::fromStdString(every5s(0, 10, old))
                                               << "worker-3 not Ready for at least 10.0 s from the start of its log: its container "
                                                  "runtime's network is not ready";
    const std::string started = "I server.go:487] \"Kubelet version\" kubeletVersion=\"v1.28.9\"";
    const std::string nodeReady =
        "I kubelet_node_status.go:724] \"Recording event message for node\" node=\"worker-3\" event=\"NodeReady\"";
    // From 1.27 the reports before the kubelet's give-up are at V(4): it says the node was not
    // Ready from its start.
    QTest::newRow("1.27+: the kubelet's own word")
        << "worker-3.journal"
        << QString::fromStdString(journal(0, "E kubelet_node_status.go:452] \"Node not becoming ready in time after startup\"")
                                  + every5s(0, 15, structured))
        << "worker-3 not Ready for 2 min 15 s: its container runtime's network is not ready";
    QTest::newRow("coming up, not Ready three minutes on")
        << "worker-3.journal" << QString::fromStdString(journal(0, started) + every5s(2, 182, structured))
        << "worker-3 not Ready for 3 min 2 s since its kubelet started at 14:00:00Z: its container runtime's network is not ready";
    // A running node is NotReady at its next status update: its pods leave their endpoints.
    QTest::newRow("a running node: two blips") << "worker-3.journal"
                                               << QString::fromStdString(every5s(0, 50, structured) + every5s(400, 450, structured))
                                               << "worker-3 not Ready 2 times in 7 min 30 s: its container runtime's network is not ready";
    QTest::newRow("the Node object, Ready False for the network") << "node.json" << QStringLiteral(R"({
    "apiVersion": "v1",
    "kind": "Node",
    "metadata": {"name": "worker-3"},
    "status": {"conditions": [{"type": "Ready", "status": "False", "lastHeartbeatTime": "2020-12-02T14:59:43Z",
        "lastTransitionTime": "2020-11-29T15:53:52Z", "reason": "KubeletNotReady",
        "message": "runtime network not ready: NetworkReady=false reason:NetworkPluginNotReady message:docker: network plugin is not ready: cni config uninitialized"}]}
}
)") << "worker-3 not Ready for 71 h 5 min: its container runtime's network is not ready";
    // `kubectl get events -o json`: the kubelet's Warning on a pod it could not sync, counted
    // from its first time to its last.
    QTest::newRow("the kubelet's NetworkNotReady pod event") << "events.json" << QStringLiteral(R"({
    "apiVersion": "v1",
    "kind": "List",
    "items": [
        {
            "apiVersion": "v1",
            "kind": "Event",
            "count": 97,
            "firstTimestamp": "2024-10-08T10:05:14Z",
            "lastTimestamp": "2024-10-08T10:13:10Z",
            "involvedObject": {"apiVersion": "v1", "kind": "Pod", "name": "web-7d9f8b6c5-k2x8p", "namespace": "shop"},
            "message": "network is not ready: container runtime network not ready: NetworkReady=false reason:NetworkPluginNotReady message:Network plugin returns error: cni plugin not initialized",
            "metadata": {"name": "web-7d9f8b6c5-k2x8p.17fc6a1b2c3d4e60", "namespace": "shop"},
            "reason": "NetworkNotReady",
            "source": {"component": "kubelet", "host": "worker-3"},
            "type": "Warning"
        }
    ]
}
)") << "worker-3 not Ready for 7 min 56 s: its container runtime's network is not ready";
    // Near misses.
    QTest::newRow("coming up: 40 s, then Ready")
        << "worker-3.journal" << QString::fromStdString(journal(0, started) + every5s(2, 42, structured) + journal(45, nodeReady)) << "";
    QTest::newRow("coming up: the give-up is for something else")
        << "worker-3.journal"
        << QString::fromStdString(journal(0, started) + every5s(2, 67, structured)
                                  + journal(120, "E kubelet_node_status.go:452] \"Node not becoming ready in time after startup\""))
        << "";
    // A drain stops the CNI's pod before the kubelet stops for a reboot.
    QTest::newRow("a running node shutting down") << "worker-3.journal"
                                                  << QString::fromStdString(every5s(0, 25, structured)
                                                                            + "Sep 23 14:00:40 worker-3 systemd[1]: Stopping kubelet: The "
                                                                              "Kubernetes Node Agent...\nSep 23 14:00:41 worker-3 "
                                                                              "systemd[1]: Stopped kubelet: The Kubernetes Node Agent.\n")
                                                  << "";
    QTest::newRow("a running node: one report") << "worker-3.journal" << QString::fromStdString(every5s(0, 0, structured)) << "";
    QTest::newRow("the runtime down, not its network")
        << "worker-3.journal"
        << QString::fromStdString(every5s(0, 180, "E kubelet.go:2174] \"Skipping pod synchronization\" err=\"container runtime is down\""))
        << "";
    QTest::newRow("the Node object, Ready False for the PLEG") << "node.json" << QStringLiteral(R"({
    "apiVersion": "v1",
    "kind": "Node",
    "metadata": {"name": "worker-3"},
    "status": {"conditions": [{"type": "Ready", "status": "False", "lastHeartbeatTime": "2020-12-02T14:59:43Z",
        "lastTransitionTime": "2020-11-29T15:53:52Z", "reason": "KubeletNotReady",
        "message": "PLEG is not healthy: pleg was last seen active 3m5.3s ago; threshold is 3m0s"}]}
}
)") << "";
    // The runtime down: its own finding, not the network's.
    QTest::newRow("the Node object, the runtime down before the network") << "node.json" << QStringLiteral(R"({
    "apiVersion": "v1",
    "kind": "Node",
    "metadata": {"name": "worker-3"},
    "status": {"conditions": [{"type": "Ready", "status": "False", "lastHeartbeatTime": "2020-12-02T14:59:43Z",
        "lastTransitionTime": "2020-11-29T15:53:52Z", "reason": "KubeletNotReady",
        "message": "[container runtime is down, PLEG is not healthy: pleg was last seen active 14m45s ago; threshold is 3m0s, container runtime network not ready: NetworkReady=false reason:NetworkPluginNotReady message:cni plugin not initialized]"}]}
}
)") << "";
}

void TestRules::nodeNetworkNotReadyInEveryWording()
{
    QFETCH(QString, file);
    QFETCH(QString, text);
    QFETCH(QString, title);
    const auto analysis = analyzeFiles({{file.toStdString(), text.toStdString()}});
    QCOMPARE(analysis->incident->stats.unparsed, 0u);
    QStringList titles;
    for (const auto &f : analysis->findings)
        if (f.rule == "node-network-not-ready") {
            titles << QString::fromStdString(f.subject.text() + " " + f.title);
            // Under the kubelet's two minutes and begun before the log: maybe a node coming up.
            const bool excerpt = f.title.find("from the start of its log") != std::string::npos;
            QCOMPARE(f.severity, excerpt ? core::Severity::Warning : core::Severity::Error);
            if (excerpt)
                QVERIFY2(f.explanation.find("the bundle does not show") != std::string::npos, f.explanation.c_str());
        }
    QCOMPARE(titles.join(","), title.isEmpty() ? QString() : "node/worker-3 " + title);
}

// The kubelet exiting at start-up, again and again: named by what it said last before each
// exit, in the words of each version, with or without systemd's lines; silent where it came
// up, where it failed once, or where it had long been up.
void TestRules::kubeletStartFailureInEveryWording_data()
{
    QTest::addColumn<QString>("journal");
    QTest::addColumn<QString>("fires");
    QTest::addColumn<QString>("cause");
    // A line of worker-2's journal at `ms` milliseconds after 14:00:00 (2024-09-03), a day at most.
    auto at = [](int ms, const std::string &ident, int pid, const std::string &text) {
        char stamp[64];
        std::snprintf(stamp, sizeof stamp, "2024-09-03T%02d:%02d:%02d.%03d000+0000 worker-2 %s[%d]: ", 14 + ms / 3600000, ms / 60000 % 60,
                      ms / 1000 % 60, ms % 1000, ident.c_str(), pid);
        return std::string(stamp) + text + "\n";
    };
    auto klog = [&](int ms, int pid, const std::string &line) { // line: "E run.go:74] ..."
        char header[40];
        std::snprintf(header, sizeof header, "0903 %02d:%02d:%02d.%03d000    %d ", 14 + ms / 3600000, ms / 60000 % 60, ms / 1000 % 60,
                      ms % 1000, pid);
        return at(ms, "kubelet", pid, line.substr(0, 1) + header + line.substr(2));
    };
    // n starts 10 s apart, each ending in `fatal` (and systemd's exit, when `systemd`), from `from` ms.
    auto loop = [&](int n, const std::string &fatal, bool systemd = true, int from = 0,
                    const std::string &status = "code=exited, status=1/FAILURE") {
        std::string j;
        for (int k = 0; k < n; ++k) {
            const int t = from + 10700 * k, pid = 800 + 31 * k;
            if (systemd)
                j += at(t, "systemd", 1, "Started kubelet: The Kubernetes Node Agent.");
            j += klog(t + 380, pid, "I server.go:415] \"Kubelet version\" kubeletVersion=\"v1.27.6\"");
            j += klog(t + 630, pid, fatal);
            if (systemd)
                j += at(t + 660, "systemd", 1, "kubelet.service: Main process exited, " + status);
        }
        return j;
    };
    // A kubelet that comes up at `from` ms and syncs for ten minutes.
    auto up = [&](int from) {
        std::string j = at(from, "systemd", 1, "Started kubelet: The Kubernetes Node Agent.");
        j += klog(from + 400, 2066, "I server.go:415] \"Kubelet version\" kubeletVersion=\"v1.27.6\"");
        for (int k = 0; k < 10; ++k)
            j += klog(from + 30000 + 60000 * k, 2066, "I kubelet.go:2328] \"SyncLoop (housekeeping)\"");
        return j;
    };
    const std::string swap11 =
        "F server.go:233] failed to run Kubelet: Running with swap on is not supported, please disable swap! or set --fail-swap-on flag to "
        "false. /proc/swaps contained: [Filename Type Size Used Priority /swapfile file 2097148 0 -2]";
    QTest::newRow("1.8-1.20: F failed to run Kubelet") << QString::fromStdString(loop(3, swap11)) << "kubelet-start-failure"
                                                       << "failed to run Kubelet: Running with swap on is not supported";
    QTest::newRow("1.10-1.20: F failed to load Kubelet config file")
        << QString::fromStdString(loop(3,
                                       "F server.go:189] failed to load Kubelet config file /var/lib/kubelet/config.yaml, error failed "
                                       "to read kubelet config file \"/var/lib/kubelet/config.yaml\", error: open "
                                       "/var/lib/kubelet/config.yaml: no such file or directory",
                                       true, 0, "code=exited, status=255/n/a"))
        << "kubelet-start-failure"
        << "failed to load Kubelet config file /var/lib/kubelet/config.yaml";
    QTest::newRow("1.21-1.25: E Failed to run kubelet err=")
        << QString::fromStdString(loop(3,
                                       "E server.go:302] \"Failed to run kubelet\" err=\"failed to run Kubelet: misconfiguration: "
                                       "kubelet cgroup driver: \\\"systemd\\\" is different from docker cgroup driver: \\\"cgroupfs\\\"\""))
        << "kubelet-start-failure"
        << "Failed to run kubelet: failed to run Kubelet: misconfiguration: kubelet cgroup driver: \"systemd\"";
    QTest::newRow("1.2x: E command failed err=")
        << QString::fromStdString(loop(3,
                                       "E run.go:74] \"command failed\" err=\"failed to run Kubelet: validate service connection: "
                                       "validate CRI v1 runtime API for endpoint \\\"unix:///run/containerd/containerd.sock\\\": "
                                       "rpc error: code = Unimplemented desc = unknown service runtime.v1.RuntimeService\""))
        << "kubelet-start-failure"
        << "command failed: failed to run Kubelet: validate service connection";
    // An error no pattern types: what the kubelet said last is the cause all the same.
    QTest::newRow("1.2x: E Failed to load kubelet config file, untyped")
        << QString::fromStdString(loop(3,
                                       "E server.go:206] \"Failed to load kubelet config file\" err=\"failed to load Kubelet config "
                                       "file /var/lib/kubelet/config.yaml, error: open /var/lib/kubelet/config.yaml: no such file or "
                                       "directory\" path=\"/var/lib/kubelet/config.yaml\""))
        << "kubelet-start-failure"
        << "Failed to load kubelet config file: failed to load Kubelet config file /var/lib/kubelet/config.yaml";
    QTest::newRow("no systemd lines: the kubelet's own file") << QString::fromStdString(loop(3, swap11, false)) << "kubelet-start-failure"
                                                              << "failed to run Kubelet: Running with swap on";
    QTest::newRow("one cycle, systemd's counter at 8") << QString::fromStdString(
        loop(1, swap11) + at(10700, "systemd", 1, "kubelet.service: Scheduled restart job, restart counter is at 8."))
                                                       << "kubelet-start-failure"
                                                       << "failed to run Kubelet: Running with swap on";
    // The container manager starts after "Started kubelet" and the node's registration, and its
    // failure is fatal: a start-up failure all the same. The counter before the run counts the
    // exits before the log.
    const std::string upThenFatal = at(0, "systemd", 1, "kubelet.service: Scheduled restart job, restart counter is at 128.")
        + at(10, "systemd", 1, "Started kubelet: The Kubernetes Node Agent.") + klog(900, 6810, "I server.go:417] Version: v1.18.2")
        + klog(6400, 6810, "I server.go:1125] Started kubelet")
        + klog(6500, 6810, "I kubelet_node_status.go:73] Successfully registered node worker-2")
        + klog(6760, 6810,
               "F kubelet.go:1383] Failed to start ContainerManager system validation failed - Following Cgroup subsystem not "
               "mounted: [memory]")
        + at(6800, "systemd", 1, "kubelet.service: Main process exited, code=exited, status=255/n/a");
    QTest::newRow("1.18: up, then the container manager's fatal; counter 128 before")
        << QString::fromStdString(upThenFatal) << "kubelet-start-failure"
        << "Failed to start ContainerManager system validation failed";
    // systemd gave up: its start limit (5 starts in 10 s) was reached, whatever the log shows.
    QTest::newRow("up to 1.9: error: failed to run Kubelet; systemd 228 gives up")
        << QString::fromStdString(at(0, "kubelet", 2769,
                                     "error: failed to run Kubelet: failed to create kubelet: failed to get runtime version: docker: "
                                     "failed to get docker version: Cannot connect to the Docker daemon. Is the docker daemon running "
                                     "on this host?")
                                  + at(10, "systemd", 1, "kubelet.service holdoff time over, scheduling restart.")
                                  + at(20, "systemd", 1, "kubelet.service start request repeated too quickly, refusing to start.")
                                  + at(30, "systemd", 1, "Unit kubelet.service entered failed state."))
        << "kubelet-start-failure"
        << "error: failed to run Kubelet: failed to create kubelet";
    QTest::newRow("one cycle, then systemd gives up")
        << QString::fromStdString(loop(1, swap11) + at(10700, "systemd", 1, "kubelet.service: Start request repeated too quickly."))
        << "kubelet-start-failure"
        << "failed to run Kubelet: Running with swap on";
    QTest::newRow("up, then a fatal two minutes on, twice") << QString::fromStdString(
        up(0) + klog(125000, 2066, "F kubelet.go:1383] Failed to start ContainerManager failed to initialise")
        + at(125020, "systemd", 1, "kubelet.service: Main process exited, code=exited, status=255/n/a") + up(135000)
        + klog(260000, 2066, "F kubelet.go:1383] Failed to start ContainerManager failed to initialise")
        + at(260020, "systemd", 1, "kubelet.service: Main process exited, code=exited, status=255/n/a") + up(270000))
                                                            << ""
                                                            << "";
    // kubeadm's kubelet loops until `join` writes its config; the node was never lost.
    QTest::newRow("a loop, then up, the node never lost") << QString::fromStdString(loop(4, swap11) + up(50000)) << ""
                                                          << "";
    // Near misses.
    QTest::newRow("one failed start, then up") << QString::fromStdString(loop(1, swap11) + up(12000)) << ""
                                               << "";
    QTest::newRow("a single exit, no counter") << QString::fromStdString(loop(1, swap11)) << ""
                                               << "";
    QTest::newRow("up an hour, then one fatal exit") << QString::fromStdString(
        up(0) + klog(3605000, 2066, "F kubelet.go:1406] Failed to start ContainerManager failed to initialise")
        + at(3605020, "systemd", 1, "kubelet.service: Main process exited, code=exited, status=255/n/a") + up(3615000))
                                                     << ""
                                                     << "";
    QTest::newRow("clean exits (status 0)") << QString::fromStdString(
        loop(3, "I server.go:415] \"Golang settings\" GOGC=\"\"", true, 0, "code=exited, status=0/SUCCESS"))
                                            << ""
                                            << "";
    // A start-up waiting out a hung runtime takes minutes: its own fatal error says it failed.
    QTest::newRow("exits after two minutes on its own error")
        << QString::fromStdString(at(0, "systemd", 1, "Started kubelet: The Kubernetes Node Agent.")
                                  + klog(121000, 800,
                                         "E run.go:74] \"command failed\" err=\"failed to run Kubelet: validate service connection: rpc "
                                         "error: code = DeadlineExceeded desc = context deadline exceeded\"")
                                  + at(121030, "systemd", 1, "kubelet.service: Main process exited, code=exited, status=1/FAILURE")
                                  + at(131000, "systemd", 1, "Started kubelet: The Kubernetes Node Agent.")
                                  + klog(252000, 831,
                                         "E run.go:74] \"command failed\" err=\"failed to run Kubelet: validate service connection: rpc "
                                         "error: code = DeadlineExceeded desc = context deadline exceeded\"")
                                  + at(252030, "systemd", 1, "kubelet.service: Main process exited, code=exited, status=1/FAILURE"))
        << "kubelet-start-failure"
        << "DeadlineExceeded";
    std::string panics;
    for (int k = 0; k < 3; ++k) {
        const int t = 10700 * k, pid = 800 + 31 * k;
        panics += at(t, "systemd", 1, "Started kubelet: The Kubernetes Node Agent.")
            + klog(t + 500, pid,
                   "E server.go:802] \"Failed to get the info of the filesystem with mountpoint\" err=\"unable to find data\"")
            + at(t + 600, "kubelet", pid, "panic: runtime error: invalid memory address or nil pointer dereference")
            + at(t + 610, "kubelet", pid, "[signal SIGSEGV: segmentation violation code=0x1 addr=0x0 pc=0x1f3b2c4]")
            + at(t + 700, "systemd", 1, "kubelet.service: Main process exited, code=exited, status=2/INVALIDARGUMENT");
    }
    QTest::newRow("a panic at start: the panic, not the error before it") << QString::fromStdString(panics) << "kubelet-start-failure"
                                                                          << "panic: runtime error: invalid memory address";
    // The log begins with an exit of a run it shows no start of: systemd's counter says that
    // run and the one after it are of one loop; not where that exit was a kill.
    QTest::newRow("begins at an exit, counter at 66, one more failure") << QString::fromStdString(
        at(0, "systemd", 1, "kubelet.service: Main process exited, code=exited, status=1/FAILURE")
        + at(10000, "systemd", 1, "kubelet.service: Scheduled restart job, restart counter is at 66.") + loop(1, swap11, true, 10700))
                                                                        << "kubelet-start-failure"
                                                                        << "Running with swap on";
    QTest::newRow("begins at a kill, counter at 2, one failure") << QString::fromStdString(
        at(0, "systemd", 1, "kubelet.service: Main process exited, code=killed, status=9/KILL")
        + at(10000, "systemd", 1, "kubelet.service: Scheduled restart job, restart counter is at 1.") + loop(1, swap11, true, 10700)
        + at(21000, "systemd", 1, "kubelet.service: Scheduled restart job, restart counter is at 2.") + up(21500))
                                                                 << ""
                                                                 << "";
    // Near misses: killed from outside, or past its start-up.
    QTest::newRow("OOM-killed, again and again") << QString::fromStdString(
        loop(3, "E kubelet.go:2874] \"Container runtime network not ready\"", true, 0, "code=killed, status=9/KILL"))
                                                 << ""
                                                 << "";
    QTest::newRow("exits after Started kubelet") << QString::fromStdString(loop(3, "I server.go:1271] \"Started kubelet\"", true, 0)) << ""
                                                 << "";
    // systemd's transient mounts of pod volumes are no kubelet start (their path names it): the
    // kubelet had run ten minutes.
    QTest::newRow("a pod volume's mount before each exit") << QString::fromStdString(
        up(0)
        + at(599000, "systemd", 1,
             "Started Kubernetes transient mount for /var/lib/kubelet/pods/3c0e4a1b/volumes/kubernetes.io~projected/kube-api-access-7xk2p.")
        + at(600000, "systemd", 1, "kubelet.service: Main process exited, code=exited, status=1/FAILURE")
        + at(639000, "systemd", 1,
             "Started Kubernetes transient mount for /var/lib/kubelet/pods/3c0e4a1b/volumes/kubernetes.io~projected/kube-api-access-7xk2q.")
        + at(640000, "systemd", 1, "kubelet.service: Main process exited, code=exited, status=1/FAILURE"))
                                                           << ""
                                                           << "";
    QTest::newRow("an expired client certificate: the other rule's")
        << QString::fromStdString(loop(3,
                                       "E bootstrap.go:266] part of the existing bootstrap client certificate in "
                                       "/etc/kubernetes/kubelet.conf is expired: 2024-09-01 07:15:42 +0000 UTC"))
        << "kubelet-client-cert-expired"
        << "";
}

void TestRules::kubeletStartFailureInEveryWording()
{
    QFETCH(QString, journal);
    QFETCH(QString, fires);
    QFETCH(QString, cause);
    const auto analysis = analyzeFiles({{"nodes/worker-2/kubelet.journal", journal.toStdString()}});
    QCOMPARE(analysis->incident->stats.unparsed, 0u);
    QStringList rules;
    for (const auto &f : analysis->findings)
        rules << QString::fromStdString(f.rule);
    QCOMPARE(rules.join(","), fires);
    if (!cause.isEmpty()) {
        QCOMPARE(QString::fromStdString(analysis->findings.front().subject.text()), QStringLiteral("node/worker-2"));
        const QString title = QString::fromStdString(analysis->findings.front().title);
        QVERIFY2(title.contains(cause), qPrintable(title));
    }
}

// `kubectl describe node`'s Conditions table is the Node object's conditions: a node the
// controller set Unknown (NodeStatusUnknown) is a lost node, as in its YAML; a Ready one is not.
void TestRules::describeNodeConditions_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("fires");
    auto describe = [](const std::string &rows) {
        return "$ kubectl describe node worker-7\n"
               "Name:               worker-7\n"
               "Roles:              <none>\n"
               "Labels:             kubernetes.io/hostname=worker-7\n"
               "Taints:             node.kubernetes.io/unreachable:NoExecute\n"
               "Unschedulable:      false\n"
               "Conditions:\n"
               "  Type             Status    LastHeartbeatTime                 LastTransitionTime                Reason              "
               "Message\n"
               "  ----             ------    -----------------                 ------------------                ------              "
               "-------\n"
            + rows
            + "Addresses:\n"
              "  InternalIP:  10.20.3.17\n"
              "Events:\n"
              "  Type    Reason        Age   From             Message\n"
              "  ----    ------        ----  ----             -------\n"
              "  Normal  NodeNotReady  12m   node-controller  Node worker-7 status is now: NodeNotReady\n";
    };
    auto row = [](const std::string &type, const std::string &status, const std::string &reason, const std::string &message) {
        std::string r = "  " + type;
        r.resize(19, ' ');
        r += status;
        r.resize(29, ' ');
        r += "Tue, 04 Jun 2024 09:12:31 +0000   Tue, 04 Jun 2024 09:17:02 +0000   " + reason;
        r.resize(117, ' ');
        return r + message + "\n";
    };
    const std::string lost = row("MemoryPressure", "Unknown", "NodeStatusUnknown", "Kubelet stopped posting node status.")
        + row("Ready", "Unknown", "NodeStatusUnknown", "Kubelet stopped posting node status.");
    const std::string ready = row("MemoryPressure", "False", "KubeletHasSufficientMemory", "kubelet has sufficient memory available")
        + row("Ready", "True", "KubeletReady", "kubelet is posting ready status");
    QTest::newRow("Unknown: the controller lost it") << QString::fromStdString(describe(lost)) << "node-heartbeat-gap";
    QTest::newRow("Ready") << QString::fromStdString(describe(ready)) << "";
    // kubectl before 1.6 left its table's cells tab-separated.
    const std::string tabs = "Name:\t\t\tworker-7\n"
                             "Conditions:\n"
                             "  Type\t\t\tStatus\t\tLastHeartbeatTime\t\t\tLastTransitionTime\t\tReason\t\t\t\tMessage\n"
                             "  ----\t\t\t------\t\t-----------------\t\t\t------------------\t\t------\t\t\t\t-------\n"
                             "  MemoryPressure \tUnknown \tSat, 10 Sep 2016 10:38:41 -0700 \tSat, 10 Sep 2016 10:39:26 -0700 "
                             "\tNodeStatusUnknown \t\tKubelet stopped posting node status.\n"
                             "  Ready \t\tUnknown \tSat, 10 Sep 2016 10:38:41 -0700 \tSat, 10 Sep 2016 10:39:26 -0700 "
                             "\tNodeStatusUnknown \t\tKubelet stopped posting node status.\n";
    QTest::newRow("tab-separated (kubectl before 1.6)") << QString::fromStdString(tabs) << "node-heartbeat-gap";
}

void TestRules::describeNodeConditions()
{
    QFETCH(QString, text);
    QFETCH(QString, fires);
    const auto analysis = analyzeFiles({{"worker-7.txt", text.toStdString()}});
    const core::Source &s = analysis->incident->sources.at(0);
    QCOMPARE(s.format, core::SourceFormat::KubeDescribe);
    QCOMPARE(analysis->incident->stats.unparsed, 0u);
    QCOMPARE(analysis->incident->stats.events, 2u);
    QStringList rules;
    for (const auto &f : analysis->findings)
        rules << QString::fromStdString(f.rule) + " " + QString::fromStdString(f.subject.text());
    QCOMPARE(rules.join(","), fires.isEmpty() ? QString() : fires + " node/worker-7");
}

// A describe pasted below log lines leaves the file to the logs' format: the format is for a
// file that is the description (its Name: first, or under the command that printed it).
void TestRules::describeAmongLogLinesIsNotTheFormat()
{
    const std::string text =
        "Jun 04 09:16:50 worker-7 kubelet[880]: E0604 09:16:50.102159     880 kubelet_node_status.go:540] \"Error "
        "updating node status, will retry\" err=\"error getting node \\\"worker-7\\\": context deadline exceeded\"\n"
        "Name:               worker-7\n"
        "Conditions:\n"
        "  Type             Status    LastHeartbeatTime                 LastTransitionTime                Reason  Message\n";
    const auto analysis = analyzeFiles({{"worker-7.txt", text}});
    QVERIFY(analysis->incident->sources.at(0).format != core::SourceFormat::KubeDescribe);
    QVERIFY(analysis->incident->stats.events >= 1);
}

// Issues quote the Conditions table alone, or under prose, or below the kubelet's lines: the
// table is read where it stands, for the node a Name: line above names, or for a node it
// says it does not know.
void TestRules::conditionsTablePasted_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("fires");
    QTest::addColumn<int>("events");
    QTest::addColumn<int>("notUnderstood");
    const std::string header = "Conditions:\n"
                               "  Type             Status    LastHeartbeatTime                 LastTransitionTime                Reason   "
                               "                  Message\n"
                               "  ----             ------    -----------------                 ------------------                ------   "
                               "                  -------\n";
    const std::string lost = "  MemoryPressure   Unknown   Fri, 02 Feb 2018 06:17:03 +0000   Fri, 02 Feb 2018 06:17:45 +0000   "
                             "NodeStatusUnknown          Kubelet stopped posting node status.\n"
                             "  Ready            Unknown   Fri, 02 Feb 2018 06:17:03 +0000   Fri, 02 Feb 2018 06:17:45 +0000   "
                             "NodeStatusUnknown          Kubelet stopped posting node status.\n";
    const std::string ready = "  MemoryPressure   False     Fri, 02 Feb 2018 06:17:03 +0000   Thu, 01 Feb 2018 06:01:45 +0000   "
                              "KubeletHasSufficientMemory kubelet has sufficient memory available\n"
                              "  Ready            True      Fri, 02 Feb 2018 06:17:03 +0000   Thu, 01 Feb 2018 06:01:45 +0000   "
                              "KubeletReady               kubelet is posting ready status\n";
    const std::string prose = "After the upgrade the node went NotReady and never came back.\n\n```\n";
    QTest::newRow("alone under prose: Unknown")
        << QString::fromStdString(prose + header + lost + "```\n") << "node-heartbeat-gap node/<unnamed-node>" << 2 << 0;
    QTest::newRow("alone under prose: Ready") << QString::fromStdString(prose + header + ready + "```\n") << "" << 2 << 0;
    QTest::newRow("indented four spaces, no fence")
        << QString::fromStdString("    Conditions:\n    " + header.substr(12, header.find('\n', 12) - 12 + 1) + "    "
                                  + lost.substr(0, lost.find('\n') + 1) + "    " + lost.substr(lost.find('\n') + 1))
        << "node-heartbeat-gap node/<unnamed-node>" << 2 << 0;
    // The description's lines above the table are not read (Name: and Roles:), those below it
    // are its output.
    QTest::newRow("its Name: above, prose first")
        << QString::fromStdString(prose + "Name:               worker-7\nRoles:              <none>\n" + header + lost
                                  + "Addresses:\n  InternalIP:  10.20.3.17\n```\n")
        << "node-heartbeat-gap node/worker-7" << 2 << 2;
    QTest::newRow("below the kubelet's lines") << QString::fromStdString(
        "Feb 02 06:16:50 worker-7 kubelet[880]: E0202 06:16:50.102159     880 kubelet_node_status.go:540] "
        "\"Error updating node status, will retry\" err=\"error getting node \\\"worker-7\\\": context "
        "deadline exceeded\"\n"
        + header + lost + "Addresses:\n  InternalIP:  10.20.3.17\n")
                                               << "node-heartbeat-gap node/<unnamed-node>" << 3 << 0;
    // The command that printed it names the node; the paster cut rows out.
    QTest::newRow("under its command, rows cut")
        << QString::fromStdString("kubectl describe node nodea\n...\n" + header + "  ...\n" + lost.substr(lost.find('\n') + 1))
        << "node-heartbeat-gap node/nodea" << 1 << 0;
    QTest::newRow("under a prompt's command, options first")
        << QString::fromStdString("$ kubectl --context prod describe -o wide no/worker-9\n" + header + lost)
        << "node-heartbeat-gap node/worker-9" << 2 << 0;
    // A pod's name (a Namespace: under it) is no node's; nor is a word of the command's pipe.
    QTest::newRow("a pod's Name: above it") << QString::fromStdString("```\nName:         web-0\nNamespace:    shop\n```\n\n```\n" + header
                                                                      + lost + "```\n")
                                            << "node-heartbeat-gap node/<unnamed-node>" << 2 << 2;
    QTest::newRow("its command piped to grep") << QString::fromStdString("$ kubectl describe node -n default| grep -A 8 Conditions\n"
                                                                         + header + lost)
                                               << "node-heartbeat-gap node/<unnamed-node>" << 2 << 0;
    const std::string journalLine = "Feb 02 06:17:50 worker-7 kubelet[880]: I0202 06:17:50.102159     880 kubelet.go:2328] \"SyncLoop "
                                    "(housekeeping)\"\n";
    QTest::newRow("log lines right under it: its name kept")
        << QString::fromStdString("$ kubectl describe node worker-7\n" + header + lost + journalLine) << "node-heartbeat-gap node/worker-7"
        << 3 << 0;
    QTest::newRow("systemd's lines under it stay events") << QString::fromStdString(
        header + lost + "Stopped kubelet: The Kubernetes Node Agent.\nStarted kubelet: The Kubernetes Node Agent.\n")
                                                          << "node-heartbeat-gap node/<unnamed-node>" << 4 << 0;
    // A healthy node's Ready has not changed for years: the year is its heartbeat's.
    QTest::newRow("an old transition: the year from the heartbeat")
        << QString::fromStdString(header
                                  + "  Ready            True      Fri, 02 Feb 2018 06:17:03 +0000   Mon, 14 Nov 2016 10:02:40 +0000   "
                                    "KubeletReady               kubelet is posting ready status\n"
                                  + journalLine)
        << "" << 2 << 0;
    // describe pod's table has no heartbeat columns: no node's.
    QTest::newRow("a pod's Conditions") << QStringLiteral("```\nConditions:\n  Type              Status\n  Initialized       True\n"
                                                          "  Ready             False\n```\n")
                                        << "" << 0 << 3;
}

void TestRules::conditionsTablePasted()
{
    QFETCH(QString, text);
    QFETCH(QString, fires);
    QFETCH(int, events);
    QFETCH(int, notUnderstood);
    const auto analysis = analyzeFiles({{"issue-paste.md", text.toStdString()}});
    QVERIFY(analysis->incident->sources.at(0).format != core::SourceFormat::KubeDescribe);
    QCOMPARE(analysis->incident->stats.events, std::uint64_t(events));
    QCOMPARE(analysis->incident->stats.unparsed, std::uint64_t(notUnderstood));
    // The table's dates give the year of lines pasted with it that show none.
    if (events > 0)
        QCOMPARE(core::toCivil(analysis->incident->sources.at(0).last).year, 2018);
    QStringList rules;
    for (const auto &f : analysis->findings)
        rules << QString::fromStdString(f.rule) + " " + QString::fromStdString(f.subject.text());
    QCOMPARE(rules.join(","), fires);
}

void TestRules::nodePressureEvictionInEveryWording_data()
{
    QTest::addColumn<QString>("journal");
    QTest::addColumn<bool>("fires");
    auto line = [](const std::string &time, const std::string &rest) {
        return "2020-03-22T" + time + ".100000+0800 node3 kubelet[7481]: " + rest + "\n";
    };
    const std::string mustEvict1x =
        line("15:20:25", "I0322 15:20:25.310118    7481 eviction_manager.go:346] eviction manager: must evict pod(s) to reclaim memory");
    const std::string evicted1x = line("15:20:31",
                                       "I0322 15:20:31.882410    7481 eviction_manager.go:573] eviction manager: pod "
                                       "batch-7f9c_jobs(0b5f6a1e-6c2a-11ea-8e0b-fa163e1c2a01) is evicted successfully");
    const std::string evictedLate = line("15:26:31",
                                         "I0322 15:26:31.882410    7481 eviction_manager.go:573] eviction manager: pod "
                                         "batch-7f9c_jobs(0b5f6a1e-6c2a-11ea-8e0b-fa163e1c2a01) is evicted successfully");
    const std::string critical1x = line("15:20:25",
                                        "E0322 15:20:25.311402    7481 eviction_manager.go:560] eviction manager: cannot evict a critical "
                                        "static pod kube-apiserver-node3_kube-system(6a1b2c3d4e5f)");
    const std::string mustEvict = line("15:20:25",
                                       "I0322 15:20:25.310118    7481 eviction_manager.go:392] \"Eviction manager: must evict pod(s) to "
                                       "reclaim\" resourceName=\"memory\"");
    const std::string evicted = line(
        "15:20:31",
        "I0322 15:20:31.882410    7481 eviction_manager.go:627] \"Eviction manager: pod is evicted successfully\" pod=\"jobs/batch-7f9c\"");
    // The ranking is logged on the node-pressure path only, right after "must evict" (1.7+)
    // or with no such line before it (1.5-1.6): a paste cut above it, or an old kubelet.
    const std::string ranked1x = line("15:20:25",
                                      "I0322 15:20:25.311020    7481 eviction_manager.go:364] eviction manager: pods ranked for eviction: "
                                      "batch-7f9c_jobs(0b5f6a1e-6c2a-11ea-8e0b-fa163e1c2a01)");
    const std::string ranked = line("15:20:25",
                                    "I0322 15:20:25.311020    7481 eviction_manager.go:410] \"Eviction manager: pods ranked for eviction\" "
                                    "pods=[\"jobs/batch-7f9c\"]");
    QTest::newRow("1.x: must evict, then a pod evicted") << QString::fromStdString(mustEvict1x + evicted1x) << true;
    QTest::newRow("1.5-1.6: ranked, then a pod evicted") << QString::fromStdString(ranked1x + evicted1x) << true;
    QTest::newRow("1.21+ cut above: ranked, then a pod evicted") << QString::fromStdString(ranked + evicted) << true;
    QTest::newRow("ranked, only a critical pod: none evicted") << QString::fromStdString(ranked1x + critical1x) << false;
    QTest::newRow("1.21+: must evict, then a pod evicted") << QString::fromStdString(mustEvict + evicted) << true;
    QTest::newRow("a pod over its own limit: no must-evict") << QString::fromStdString(evicted1x) << false;
    QTest::newRow("only a critical pod ranked: none evicted") << QString::fromStdString(mustEvict1x + critical1x) << false;
    QTest::newRow("evicted more than 5 minutes later") << QString::fromStdString(mustEvict1x + evictedLate) << false;
}

void TestRules::nodePressureEvictionInEveryWording()
{
    QFETCH(QString, journal);
    QFETCH(bool, fires);
    const auto analysis = analyzeFiles({{"node3/journal.txt", journal.toStdString()}}); // the findings below point into it
    QCOMPARE(analysis->incident->stats.unparsed, 0u);
    const auto found = findingsOf(*analysis, "node-pressure-eviction");
    QCOMPARE(found.size(), std::size_t(fires ? 1 : 0));
    if (fires) {
        QCOMPARE(QString::fromStdString(found.front()->subject.text()), QStringLiteral("node/node3"));
        QCOMPARE(found.front()->evidence.size(), std::size_t(2));
    }
}

void TestRules::taintEvictionInEveryWording_data()
{
    QTest::addColumn<QString>("controller");
    QTest::addColumn<QString>("kubelet");
    QTest::addColumn<bool>("fires");
    auto kcm = [](const std::string &time, const std::string &rest) {
        return "2024-05-16T" + time + ".100000Z stderr F I0516 " + time + ".100000       1 " + rest + "\n";
    };
    // The controller names the node, then marks its pods not ready: that places them.
    const std::string marked1x = kcm("09:10:17", "controller_utils.go:124] Update ready status of pods on node [node3]")
        + kcm("09:10:17", "controller_utils.go:144] Updating ready status of pod web-0 to false");
    const std::string marked = kcm("09:10:17", "controller_utils.go:121] \"Update ready status of pods on node\" node=\"node3\"")
        + kcm("09:10:17", "controller_utils.go:140] \"Updating ready status of pod to false\" pod=\"default/web-0\"");
    const std::string tainted1x = kcm("09:10:22",
                                      "node_lifecycle_controller.go:700] Node node3 is NotReady as of 2024-05-16 09:10:22.027151 +0000 "
                                      "UTC m=+3911.2. Adding it to the Taint queue.");
    const std::string tainted = kcm("09:10:22",
                                    "node_lifecycle_controller.go:817] \"Node is unresponsive. Adding it to the Taint queue\" "
                                    "node=\"node3\" timeStamp=\"2024-05-16 09:10:22.027151 +0000 UTC m=+3911.2\"");
    const std::string healthy =
        kcm("09:12:00", "node_lifecycle_controller.go:1049] \"Node is healthy again, removing all taints\" node=\"node3\"");
    const std::string deleted1x = kcm("09:15:22", "taint_manager.go:105] NoExecuteTaintManager is deleting Pod: default/web-0");
    const std::string deleted = kcm("09:15:22", "taint_manager.go:106] \"NoExecuteTaintManager is deleting pod\" pod=\"default/web-0\"");
    const std::string deleted129 =
        kcm("09:15:22", "taint_eviction.go:111] \"Deleting pod\" controller=\"taint-eviction-controller\" pod=\"default/web-0\"");
    const std::string replicaSetDeletes =
        kcm("09:11:00", "controller_utils.go:657] \"Deleting pod\" controller=\"web-7d9c6b8f4\" pod=\"default/web-0\"");
    // node3's pods or node5's: node workers run in parallel (1.2x), so the lines can interleave.
    const std::string markedTwoNodes = kcm("09:10:17", "controller_utils.go:121] \"Update ready status of pods on node\" node=\"node3\"")
        + kcm("09:10:17", "controller_utils.go:121] \"Update ready status of pods on node\" node=\"node5\"")
        + kcm("09:10:17", "controller_utils.go:140] \"Updating ready status of pod to false\" pod=\"default/web-0\"");
    const QString noKubelet;
    const QString kubeletRunsIt = QStringLiteral(
        "2024-05-16T09:00:01.000000+0000 node3 kubelet[812]: I0516 09:00:01.000000     812 kubelet.go:2157] \"SyncLoop ADD\" "
        "source=\"api\" pods=[\"default/web-0\"]\n");
    auto q = [](const std::string &s) { return QString::fromStdString(s); };
    QTest::newRow("1.x: tainted, 'is deleting Pod: ns/name', placed by the marking")
        << q(marked1x + tainted1x + deleted1x) << noKubelet << true;
    QTest::newRow("1.21-1.28: structured, placed by the marking") << q(marked + tainted + deleted) << noKubelet << true;
    QTest::newRow("1.29+: the taint-eviction-controller, placed by the kubelet") << q(tainted + deleted129) << kubeletRunsIt << true;
    QTest::newRow("the taint went before the deletion") << q(marked + tainted + healthy + deleted) << noKubelet << false;
    QTest::newRow("a ReplicaSet deletes the pod while tainted") << q(marked + tainted + replicaSetDeletes) << noKubelet << false;
    QTest::newRow("the pod cannot be placed") << q(tainted + deleted) << noKubelet << false;
    QTest::newRow("two nodes marked at once: not placed") << q(markedTwoNodes + tainted + deleted) << noKubelet << false;
    QTest::newRow("no node-health taint on its node") << q(marked + deleted) << noKubelet << false;
    // Every node lost: master disruption mode takes the NoExecute taints off (kubernetes#77981).
    const std::string disruption = kcm("09:10:30",
                                       "node_lifecycle_controller.go:1009] Controller detected that all Nodes are not-Ready. Entering "
                                       "master disruption mode.");
    QTest::newRow("master disruption mode before the deletion") << q(marked + tainted + disruption + deleted) << noKubelet << false;
}

void TestRules::taintEvictionInEveryWording()
{
    QFETCH(QString, controller);
    QFETCH(QString, kubelet);
    QFETCH(bool, fires);
    std::vector<test::File> files{{"control-plane/kube-controller-manager.log", controller.toStdString()}};
    if (!kubelet.isEmpty())
        files.push_back({"node3/journal.txt", kubelet.toStdString()});
    const auto analysis = analyzeFiles(files); // the findings below point into it
    QCOMPARE(analysis->incident->stats.unparsed, 0u);
    const auto found = findingsOf(*analysis, "node-taint-eviction");
    QCOMPARE(found.size(), std::size_t(fires ? 1 : 0));
    if (fires) {
        QCOMPARE(QString::fromStdString(found.front()->subject.text()), QStringLiteral("node/node3"));
        QVERIFY2(found.front()->title.find("1 pod deleted from node3") != std::string::npos, found.front()->title.c_str());
        QVERIFY2(found.front()->title.find("5 min") != std::string::npos, found.front()->title.c_str());
    }
}

// One control-plane process per file; the subject is the component on its machine (a journal's
// host), the severity says whether the log shows why the lease was lost.
void TestRules::leaderElectionLostInEveryWording_data()
{
    QTest::addColumn<QString>("path");
    QTest::addColumn<QString>("log");
    QTest::addColumn<QString>("standby"); // master-2's controller-manager journal, or empty
    QTest::addColumn<QString>("subject"); // empty: must not fire
    QTest::addColumn<QString>("severity");
    QTest::addColumn<QString>("mentions"); // in the explanation ("!text": not in it)
    auto raw = [](const std::string &time, const std::string &rest) { return "I0325 " + time + ".100000       1 " + rest + "\n"; };
    auto journal = [](const std::string &host, const std::string &time, const std::string &rest) {
        return "2022-03-25T" + time + ".100000+0000 " + host + " kube-controller-manager[812]: " + rest + "\n";
    };
    auto q = [](const std::string &s) { return QString::fromStdString(s); };
    const std::string acquired = raw("11:02:00", "leaderelection.go:258] successfully acquired lease kube-system/kube-controller-manager");
    const std::string lockError = "E0325 11:08:37.204501       1 leaderelection.go:325] error retrieving resource lock "
                                  "kube-system/kube-controller-manager: Get \"https://10.0.0.10:6443/apis/coordination.k8s.io/v1/"
                                  "namespaces/kube-system/leases/kube-controller-manager?timeout=5s\": context deadline exceeded\n";
    const std::string renewFailed =
        raw("11:08:47",
            "leaderelection.go:283] failed to renew lease kube-system/kube-controller-manager: timed out waiting for the condition");
    const std::string fatal = "F0325 11:08:47.205929       1 controllermanager.go:294] leaderelection lost\n";
    const QString kcm = QStringLiteral("control-plane/kube-controller-manager.log");
    QTest::newRow("1.12-1.22: lock errors, renewal failed, F leaderelection lost")
        << kcm << q(acquired + lockError + renewFailed + fatal) << QString() << QStringLiteral("component/kube-controller-manager")
        << QStringLiteral("error") << QStringLiteral("context deadline exceeded");
    const std::string structured =
        journal("master-1", "11:02:00",
                "I0325 11:02:00.100000     812 leaderelection.go:260] successfully acquired lease kube-system/kube-controller-manager")
        + journal("master-1", "11:08:37",
                  "E0325 11:08:37.100000     812 leaderelection.go:369] Failed to update lock: Put \"https://10.0.0.10:6443/apis/"
                  "coordination.k8s.io/v1/namespaces/kube-system/leases/kube-controller-manager?timeout=5s\": net/http: request canceled")
        + journal(
            "master-1", "11:08:47",
            "I0325 11:08:47.100000     812 leaderelection.go:285] failed to renew lease kube-system/kube-controller-manager: timed out "
            "waiting for the condition")
        + journal("master-1", "11:08:47", "E0325 11:08:47.200000     812 controllermanager.go:302] \"leaderelection lost\"");
    const std::string successor =
        journal("master-2", "11:08:59",
                "I0325 11:08:59.700000     790 leaderelection.go:260] successfully acquired lease kube-system/kube-controller-manager");
    QTest::newRow("1.2x structured, journald; the standby takes over")
        << QStringLiteral("master-1/kube-controller-manager.journal") << q(structured) << q(successor)
        << QStringLiteral("component/kube-controller-manager@master-1") << QStringLiteral("error")
        << QStringLiteral("kube-controller-manager on master-2 acquired the lease 12.5 s later");
    // client-go with contextual logging (1.3x) words every line anew ("Failed to renew lease"
    // lock= err=), and the controller manager of 1.35+ says "leaderelection lost/stopped"
    // (kind logs). Its "Failed to update lease" has a lock; the kubelet's node lease has none.
    const std::string contextual =
        raw("11:02:00", "leaderelection.go:271] \"Successfully acquired lease\" lock=\"kube-system/kube-controller-manager\"")
        + "E0325 11:08:46.100000       1 leaderelection.go:436] \"Error retrieving lease lock\" err=\"Get \\\"https://10.0.0.10:6443/"
          "apis/coordination.k8s.io/v1/namespaces/kube-system/leases/kube-controller-manager?timeout=5s\\\": context deadline "
          "exceeded\" lock=\"kube-system/kube-controller-manager\"\n"
        + raw("11:08:47",
              "leaderelection.go:304] \"Failed to renew lease\" lock=\"kube-system/kube-controller-manager\" err=\"context deadline "
              "exceeded\"")
        + "E0325 11:08:47.841918       1 controllermanager.go:413] \"leaderelection lost/stopped\"\n";
    QTest::newRow("1.3x contextual logging, 1.35+ lost/stopped")
        << kcm << q(contextual) << QString() << QStringLiteral("component/kube-controller-manager") << QStringLiteral("error")
        << QStringLiteral("1 error reading its lock");
    // A lock error says what failed: reading the lock, creating it, or updating it (1.27+'s
    // "Failed to update lease optimistically, falling back to slow path", then "Failed to update
    // lease"; microk8s#3859's "Failed to update lock").
    const std::string updates =
        raw("11:02:00", "leaderelection.go:271] \"Successfully acquired lease\" lock=\"kube-system/kube-controller-manager\"")
        + raw("11:08:45",
              "leaderelection.go:429] \"Failed to update lease optimistically, falling back to slow path\" "
              "lock=\"kube-system/kube-controller-manager\" err=\"Put \\\"https://10.0.0.10:6443/apis/coordination.k8s.io/v1/"
              "namespaces/kube-system/leases/kube-controller-manager?timeout=5s\\\": context deadline exceeded\"")
        + "E0325 11:08:46.100000       1 leaderelection.go:476] \"Failed to update lease\" err=\"Put \\\"https://10.0.0.10:6443/"
          "apis/coordination.k8s.io/v1/namespaces/kube-system/leases/kube-controller-manager?timeout=5s\\\": context deadline "
          "exceeded\" lock=\"kube-system/kube-controller-manager\"\n"
        + raw("11:08:47",
              "leaderelection.go:304] \"Failed to renew lease\" lock=\"kube-system/kube-controller-manager\" err=\"context deadline "
              "exceeded\"")
        + "E0325 11:08:47.841918       1 controllermanager.go:413] \"leaderelection lost\"\n";
    QTest::newRow("1.27+: failed updates of the lease")
        << kcm << q(updates) << QString() << QStringLiteral("component/kube-controller-manager") << QStringLiteral("error")
        << QStringLiteral("2 errors updating its lock in the ");
    QTest::newRow("a read and an update failed") << kcm
                                                 << q(acquired + lockError
                                                      + raw("11:08:38",
                                                            "leaderelection.go:369] Failed to update lock: Put "
                                                            "\"https://10.0.0.10:6443/apis/coordination.k8s.io/v1/namespaces/kube-system/"
                                                            "leases/kube-controller-manager?timeout=5s\": net/http: request canceled")
                                                      + renewFailed + fatal)
                                                 << QString() << QStringLiteral("component/kube-controller-manager")
                                                 << QStringLiteral("error") << QStringLiteral("2 lock errors (1 reading, 1 updating)");
    QTest::newRow("kube-scheduler 1.21+: \"Leaderelection lost\" after a failed renewal")
        << QStringLiteral("control-plane/kube-scheduler.log")
        << q(raw("11:08:47", "leaderelection.go:283] failed to renew lease kube-system/kube-scheduler: timed out waiting for the condition")
             + "E0325 11:08:47.200000       1 server.go:265] \"Leaderelection lost\"\n")
        << QString() << QStringLiteral("component/kube-scheduler") << QStringLiteral("error")
        << QStringLiteral("kube-system/kube-scheduler");
    // 1.9-1.14's scheduler reports the loss through HandleError ("lost master"), and the command
    // then returns "lost lease" (cobra's line, no header). Its `docker logs` names no process:
    // the lease says whose log it is, not client-go's leaderelection.go (rancher#22384).
    QTest::newRow("kube-scheduler 1.9-1.14: lost master, a bare container log")
        << QStringLiteral("docker-logs.txt")
        << q("I0822 23:01:33.923783       1 leaderelection.go:227] successfully acquired lease kube-system/kube-scheduler\n"
             "I0822 23:02:35.966530       1 leaderelection.go:263] failed to renew lease kube-system/kube-scheduler: failed to "
             "tryAcquireOrRenew context deadline exceeded\n"
             "E0822 23:02:35.966622       1 server.go:252] lost master\n"
             "lost lease\n")
        << QString() << QStringLiteral("component/kube-scheduler") << QStringLiteral("error") << QStringLiteral("It had led for 62.0 s");
    // A failed renewal ends the leadership (client-go's renew returns, OnStoppedLeading runs):
    // a log cut before the loss line still shows the loss (kubesphere#6501's scheduler paste).
    QTest::newRow("a failed renewal, the log cut before the loss line")
        << QStringLiteral("control-plane/kube-scheduler.log")
        << q(raw("11:08:40", "leaderelection.go:258] successfully acquired lease kube-system/kube-scheduler")
             + raw("11:08:47",
                   "leaderelection.go:283] failed to renew lease kube-system/kube-scheduler: timed out waiting for the condition"))
        << QString() << QStringLiteral("component/kube-scheduler") << QStringLiteral("error")
        << QStringLiteral("has no line of its exit after the failed renewal");
    QTest::newRow("no reason in the log: a warning")
        << kcm << q(acquired + fatal) << QString() << QStringLiteral("component/kube-controller-manager") << QStringLiteral("warning")
        << QStringLiteral("or a planned stop");
    // 1.6-1.10 print the failed renewal without its reason; a leader whose lease another
    // took over first finds the lock held by it (V(4)).
    QTest::newRow("1.6-1.10: lock held by another, renewal failed without a reason")
        << kcm
        << q(acquired + raw("11:08:45", "leaderelection.go:247] lock is held by 55611939f2fc and has not yet expired")
             + raw("11:08:47", "leaderelection.go:207] failed to renew lease kube-system/kube-controller-manager")
             + "F0325 11:08:47.205929       1 controllermanager.go:216] leaderelection lost\n")
        << QString() << QStringLiteral("component/kube-controller-manager") << QStringLiteral("error")
        << QStringLiteral("Its lock was held by 55611939f2fc by then");
    // k3s runs every elector in one process and logs their lines from one Go file: the lease
    // says whose. The cloud-controller-manager's Fatal line comes from a file named like the
    // controller manager's (k8s.io/cloud-provider's controllermanager.go).
    QTest::newRow("k3s: the cloud-controller-manager's lease, in one journal with the others")
        << QStringLiteral("server-1/k3s.journal")
        << q("Aug 06 13:30:00 server-1 k3s[75]: I0806 13:30:00.100000      75 leaderelection.go:258] successfully acquired lease "
             "kube-system/kube-controller-manager\n"
             "Aug 06 13:30:01 server-1 k3s[75]: I0806 13:30:01.100000      75 leaderelection.go:258] successfully acquired lease "
             "kube-system/cloud-controller-manager\n"
             "Aug 06 13:32:58 server-1 k3s[75]: E0806 13:32:58.159077      75 leaderelection.go:356] Failed to update lock: resource name "
             "may not be empty\n"
             "Aug 06 13:32:58 server-1 k3s[75]: I0806 13:32:58.159175      75 leaderelection.go:277] failed to renew lease "
             "kube-system/cloud-controller-manager: timed out waiting for the condition\n"
             "Aug 06 13:32:58 server-1 k3s[75]: F0806 13:32:58.159206      75 controllermanager.go:213] leaderelection lost\n")
        << QString() << QStringLiteral("component/cloud-controller-manager@server-1") << QStringLiteral("error")
        << QStringLiteral("It had led for 2 min 57 s");
    // The scheduler's loss is logged from its server.go, which the goroutine map gives to the
    // kubelet: the loss is the elector's whose renewal just failed in that process.
    const std::string k3s = "Mar 05 10:00:01 server1 k3s[812]: ";
    QTest::newRow("k3s: the scheduler's loss, from a file named like the kubelet's")
        << QStringLiteral("server1/k3s.journal")
        << q(k3s + "I0305 10:00:01.100000     812 leaderelection.go:258] successfully acquired lease kube-system/kube-controller-manager\n"
             + k3s + "I0305 10:00:01.300000     812 leaderelection.go:258] successfully acquired lease kube-system/kube-scheduler\n" + k3s
             + "E0305 10:00:01.500000     812 leaderelection.go:330] error retrieving resource lock kube-system/kube-scheduler: "
               "context deadline exceeded\n"
             + k3s
             + "I0305 10:00:01.700000     812 leaderelection.go:283] failed to renew lease kube-system/kube-scheduler: timed out waiting "
               "for the condition\n"
             + k3s + "E0305 10:00:01.700100     812 server.go:236] \"Leaderelection lost\"\n")
        << QString() << QStringLiteral("component/kube-scheduler@server1") << QStringLiteral("error")
        << QStringLiteral("1 error reading its lock");
    // The scheduler's own wording names it: a k3s journal that shows only the loss (k3s#6654).
    // The controller managers' "leaderelection lost" names none of them: the goroutine map
    // gives its Go file to the controller manager.
    QTest::newRow("k3s: the scheduler's loss alone")
        << QStringLiteral("server1/k3s.journal") << q(k3s + "E0305 10:00:01.700100     812 server.go:218] \"Leaderelection lost\"\n")
        << QString() << QStringLiteral("component/kube-scheduler@server1") << QStringLiteral("warning")
        << QStringLiteral("shows no failed renewal");
    QTest::newRow("k3s: a controller manager's loss alone, from its Go file")
        << QStringLiteral("server1/k3s.journal")
        << q(k3s + "E0305 10:00:01.700100     812 controllermanager.go:302] \"leaderelection lost\"\n") << QString()
        << QStringLiteral("component/kube-controller-manager@server1") << QStringLiteral("warning")
        << QStringLiteral("shows no failed renewal");
    // "lost master" is also cluster-autoscaler's (and ingress-gce's) Fatal line: a loss whose
    // failed renewal names another program's lease is none of the control plane's.
    QTest::newRow("cluster-autoscaler's lost master")
        << QStringLiteral("issue-paste.log")
        << q("I0822 23:02:20.000001       1 static_autoscaler.go:235] Starting main loop\n"
             "I0822 23:02:35.966000       1 leaderelection.go:280] failed to renew lease kube-system/cluster-autoscaler: timed out "
             "waiting for the condition\n"
             "F0822 23:02:35.966622       1 main.go:484] lost master\n")
        << QString() << QString() << QString() << QString();
    // With the apiserver down every elector fails at once: another elector's lock error between
    // the failed renewal and the loss does not change whose loss it is.
    QTest::newRow("k3s: another elector's line between the failed renewal and the loss")
        << QStringLiteral("server1/k3s.journal")
        << q(k3s + "I0305 10:00:01.100000     812 leaderelection.go:258] successfully acquired lease kube-system/kube-controller-manager\n"
             + k3s + "I0305 10:00:01.300000     812 leaderelection.go:258] successfully acquired lease kube-system/kube-scheduler\n" + k3s
             + "I0305 10:00:01.700000     812 leaderelection.go:283] failed to renew lease kube-system/kube-scheduler: timed out waiting "
               "for the condition\n"
             + k3s
             + "E0305 10:00:01.700050     812 leaderelection.go:330] error retrieving resource lock kube-system/kube-controller-manager: "
               "context deadline exceeded\n"
             + k3s + "E0305 10:00:01.700100     812 server.go:236] \"Leaderelection lost\"\n")
        << QString() << QStringLiteral("component/kube-scheduler@server1") << QStringLiteral("error")
        << QStringLiteral("!The bundle has no line of its exit");
    // "Failed to update lock" names its lock only in the request's URL: another elector's lock
    // error is not this one's cause (k3s#2615).
    QTest::newRow("k3s: another elector's lock error is not the cause")
        << QStringLiteral("server1/k3s.log")
        << q("E1202 20:45:13.067344    8976 leaderelection.go:356] Failed to update lock: Put https://127.0.0.1:6444/api/v1/namespaces/"
             "kube-system/endpoints/kube-scheduler?timeout=10s: context deadline exceeded\n"
             "I1202 20:45:13.078654    8976 leaderelection.go:277] failed to renew lease kube-system/cloud-controller-manager: timed "
             "out waiting for the condition\n")
        << QString() << QStringLiteral("component/cloud-controller-manager") << QStringLiteral("error")
        << QStringLiteral("!before it, the last:");
    QTest::newRow("lock errors, then renewed in time: kept") << kcm
                                                             << q(acquired + lockError
                                                                  + raw("11:08:39",
                                                                        "leaderelection.go:273] successfully renewed lease "
                                                                        "kube-system/kube-controller-manager"))
                                                             << QString() << QString() << QString() << QString();
    QTest::newRow("the scheduler asked to terminate")
        << QStringLiteral("control-plane/kube-scheduler.log")
        << q("I0325 11:08:47.200000       1 server.go:261] \"Requested to terminate, exiting\"\n") << QString() << QString() << QString()
        << QString();
    QTest::newRow("an operator's own leader election (not the control plane)")
        << QStringLiteral("pods/ops_cert-manager-7d9c_0b5f6a1e-6c2a-11ea-8e0b-fa163e1c2a01/cert-manager/0.log")
        << q("2022-03-25T11:08:47.200000000Z stderr F " + renewFailed.substr(0, renewFailed.size() - 1) + "\n"
             + "2022-03-25T11:08:47.300000000Z stderr F F0325 11:08:47.205929       1 main.go:94] leaderelection lost\n")
        << QString() << QString() << QString() << QString();
}

void TestRules::leaderElectionLostInEveryWording()
{
    QFETCH(QString, path);
    QFETCH(QString, log);
    QFETCH(QString, standby);
    QFETCH(QString, subject);
    QFETCH(QString, severity);
    QFETCH(QString, mentions);
    std::vector<test::File> files{{path.toStdString(), log.toStdString()}};
    if (!standby.isEmpty())
        files.push_back({"master-2/kube-controller-manager.journal", standby.toStdString()});
    const auto analysis = analyzeFiles(files); // the findings below point into it
    QCOMPARE(analysis->incident->stats.unparsed, 0u);
    const auto found = findingsOf(*analysis, "leader-election-lost");
    QCOMPARE(found.size(), std::size_t(subject.isEmpty() ? 0 : 1));
    if (subject.isEmpty())
        return;
    const core::Finding &f = *found.front();
    QCOMPARE(QString::fromStdString(f.subject.text()), subject);
    QCOMPARE(QString::fromLatin1(core::severityName(f.severity)), severity);
    if (mentions.startsWith('!')) // must not be said
        QVERIFY2(f.explanation.find(mentions.mid(1).toStdString()) == std::string::npos, f.explanation.c_str());
    else
        QVERIFY2(f.explanation.find(mentions.toStdString()) != std::string::npos, f.explanation.c_str());
    QVERIFY(f.explanation.find('{') == std::string::npos);
}

void TestRules::ruleTimeBudgetStopsAndNames()
{
    QTemporaryDir dir;
    const std::string rules = test::writeFile(dir, "rules.json", kPlegSequence);
    auto incident = test::load({std::string(KUBELANE_SAMPLES) + "/pleg-unhealthy"});
    core::AnalyzeOptions options;
    options.resourceDir = KUBELANE_RESOURCES;
    options.extraRuleFiles = {rules};
    QVERIFY(core::analyzeIncident(incident, options)->problems.empty());
    options.ruleTimeBudget = std::chrono::milliseconds(-1); // spent before the first rule
    const auto analysis = core::analyzeIncident(incident, options);
    QVERIFY(analysis->findings.empty());
    QVERIFY(!analysis->problems.empty());
    const bool named = std::any_of(analysis->problems.begin(), analysis->problems.end(), [&](const std::string &p) {
        return p.find("rules.json: rule 'runtime-then-pleg'") != std::string::npos && p.find("time budget") != std::string::npos;
    });
    QVERIFY(named);
}

void TestRules::sequenceRuleFiresOnItsSubject()
{
    const auto analysis = analyseWithRule("pleg-unhealthy", kPlegSequence);
    const auto found = findingsOf(*analysis, "runtime-then-pleg");
    QCOMPARE(found.size(), std::size_t(1));
    const core::Finding &f = *found.front();
    QCOMPARE(QString::fromStdString(f.subject.text()), QStringLiteral("node/cn-hangzhou.i-bp1g6zv0ce8oyzf2xkz9"));
    QCOMPARE(f.severity, core::Severity::Warning);
    QCOMPARE(QString::fromStdString(f.title), QStringLiteral("runtime failures then PLEG on node/cn-hangzhou.i-bp1g6zv0ce8oyzf2xkz9"));
    // Two runtime failures, then the PLEG line: the chain is in order and the template is filled.
    QVERIFY(f.chain.size() >= 3);
    QCOMPARE(QString::fromStdString(f.chain.back().text), QStringLiteral("pleg.unhealthy"));
    for (std::size_t i = 1; i < f.chain.size(); ++i)
        QVERIFY(f.chain[i - 1].time <= f.chain[i].time);
    QVERIFY2(QString::fromStdString(f.explanation).startsWith(QString::number(f.evidence.size()) + " events over "), f.explanation.c_str());
    QVERIFY(f.end - f.start <= core::Duration::fromSeconds(600));
}

void TestRules::sequenceRuleStaysSilentElsewhere()
{
    // A healthy kubelet restart has neither runtime failures nor PLEG trouble.
    QVERIFY(findingsOf(*analyseWithRule("healthy-kubelet-restart", kPlegSequence), "runtime-then-pleg").empty());
    // Thresholds are honoured: more failures than the bundle has, or a where the match fails.
    std::string many = kPlegSequence;
    many.replace(many.find("\"atLeast\": 2"), 12, "\"atLeast\": 9999");
    QVERIFY(findingsOf(*analyseWithRule("pleg-unhealthy", many), "runtime-then-pleg").empty());
    std::string strict = kPlegSequence;
    strict.replace(strict.find("\"than\": 3"), 9, "\"than\": 1e9");
    QVERIFY(findingsOf(*analyseWithRule("pleg-unhealthy", strict), "runtime-then-pleg").empty());
}

void TestRules::absentEventBreaksTheSequence()
{
    // Take an event type that the bundle logs on the same node inside the match and is no
    // step: naming it as absent must silence the rule; naming a type that does not occur there
    // must not.
    const auto analysis = analyseWithRule("pleg-unhealthy", kPlegSequence);
    const core::Finding &f = *findingsOf(*analysis, "runtime-then-pleg").front();
    const core::Incident &inc = *analysis->incident;
    const core::Event &firstStep = inc.event(f.evidence.front());
    std::string between;
    for (const auto &e : inc.events) {
        const std::string type(inc.typeName(e));
        if (e.time > firstStep.time && e.time < f.end && inc.nodeOf(e) == inc.nodeOf(firstStep) && type != "runtime.rpc-failed"
            && type != "pleg.unhealthy" && type != "other") {
            between = type;
            break;
        }
    }
    QVERIFY2(!between.empty(), "the sample logs something else between the runtime failures and PLEG");
    auto withAbsent = [](const std::string &type) {
        std::string json = kPlegSequence;
        json.replace(json.find("\"steps\""), 7, "\"absent\": [\"" + type + "\"], \"steps\"");
        return json;
    };
    QVERIFY2(findingsOf(*analyseWithRule("pleg-unhealthy", withAbsent(between)), "runtime-then-pleg").empty(), between.c_str());
    QCOMPARE(findingsOf(*analyseWithRule("pleg-unhealthy", withAbsent("container.spec-hash-changed")), "runtime-then-pleg").size(),
             std::size_t(1));
    // Lines of no known type are left out of the index the rules walk (EventStoreIndex): a rule
    // that names them is read over the whole store.
    const auto untyped = analyseWithRule("pleg-unhealthy", R"({"id": "untyped", "subject": "node",
        "sequence": {"by": "node", "maxspan": "10m", "steps": [{"type": "other"}]}, "title": "t", "explanation": "e"})");
    QCOMPARE(findingsOf(*untyped, "untyped").size(), std::size_t(1));
}

QTEST_GUILESS_MAIN(TestRules)
// The detectors run in two chains side by side: on every sample, the analysis (facts, findings
// and their evidence, as the JSON report gives them) is the same on one thread.
void TestRules::analysisDoesNotDependOnTheThreadCount()
{
    int samples = 0;
    for (const auto &entry : std::filesystem::directory_iterator(KUBELANE_SAMPLES)) {
        if (!entry.is_directory())
            continue;
        const auto incident = test::load({entry.path().string()});
        core::AnalyzeOptions one, two;
        one.resourceDir = two.resourceDir = KUBELANE_RESOURCES;
        one.threads = 1;
        two.threads = 2;
        const auto serial = core::analyzeIncident(incident, one), parallel = core::analyzeIncident(incident, two);
        QVERIFY2(core::analysisJson(*incident, serial.get()) == core::analysisJson(*incident, parallel.get()), entry.path().c_str());
        auto sizes = [](const core::Facts &f) {
            return std::vector<std::size_t>{
                f.heartbeats.size(),  f.gaps.size(),   f.conditions.size(), f.taints.size(), f.readiness.size(), f.containerEvents.size(),
                f.kubeletRuns.size(), f.orders.size(), f.pleg.size(),       f.dumps.size(),  f.nodes.size()};
        };
        QVERIFY2(sizes(serial->facts) == sizes(parallel->facts), entry.path().c_str());
        ++samples;
    }
    QVERIFY(samples >= 20);
}

// A component's goroutine panicked and HandleCrash logged it: the site is the stack's first
// frame outside the panic handling, in each form the stack comes in (a goroutine trace after
// the line, 1.4-1.14's callers' list, 1.30+'s stacktrace=<...> value, a klog JSON record's
// stacktrace); one process's crash loop is one finding; whether the process died (Go's own
// report, a restart, its log ends) or went on (the kubelet lives through it: a warning) comes
// from what its log shows. Silent on panics a request's goroutine had (net/http recovers them),
// on the apiserver's deliberate aborts, and on a pod's own program.
void TestRules::componentPanicInEveryWording_data()
{
    QTest::addColumn<QStringList>("files"); // path, content, path, content, ...
    QTest::addColumn<QString>("title");     // "" = no finding
    QTest::addColumn<int>("panics");
    QTest::addColumn<QString>("subject");
    QTest::addColumn<QString>("outcome"); // a part of the explanation
    QTest::addColumn<QString>("severity");
    const QString kcm = "component/kube-controller-manager", controller = "kube-controller-manager.log";
    const QString nilDeref = "runtime error: invalid memory address or nil pointer dereference";
    const std::string printf =
        "E0423 18:37:30.649331       1 runtime.go:78] Observed a panic: \"invalid memory address or nil pointer dereference\" (runtime "
        "error: invalid memory address or nil pointer dereference)\n"
        "goroutine 288383 [running]:\n"
        "k8s.io/kubernetes/vendor/k8s.io/apimachinery/pkg/util/runtime.logPanic(0x40db4e0, 0x72e9910)\n"
        "\t/workspace/src/k8s.io/kubernetes/vendor/k8s.io/apimachinery/pkg/util/runtime/runtime.go:74 +0x95\n"
        "k8s.io/kubernetes/vendor/k8s.io/apimachinery/pkg/util/runtime.HandleCrash(0x0, 0x0, 0x0)\n"
        "\t/workspace/src/k8s.io/kubernetes/vendor/k8s.io/apimachinery/pkg/util/runtime/runtime.go:48 +0x86\n"
        "panic(0x40db4e0, 0x72e9910)\n"
        "\t/usr/local/go/src/runtime/panic.go:965 +0x1b9\n"
        "k8s.io/kubernetes/pkg/controller/nodelifecycle.(*Controller).processTaintBaseEviction(0xc000a8e000, 0xc0034f2000)\n"
        "\t/workspace/src/k8s.io/kubernetes/pkg/controller/nodelifecycle/node_lifecycle_controller.go:893 +0x2c5\n"
        "k8s.io/kubernetes/pkg/controller/nodelifecycle.(*Controller).monitorNodeHealth.func1(0x52)\n"
        "\t/workspace/src/k8s.io/kubernetes/pkg/controller/nodelifecycle/node_lifecycle_controller.go:845 +0x7b0\n";
    const QString taintSite = "kube-controller-manager panicked in nodelifecycle.(*Controller).processTaintBaseEviction "
                              "(node_lifecycle_controller.go:893): "
        + nilDeref;
    QTest::newRow("1.x printf, a goroutine trace (kubernetes#117555)")
        << QStringList{controller, QString::fromStdString(printf)} << taintSite << 1 << kcm << "Its log ends with the panic"
        << "error";
    QTest::newRow("Go's own report after it: the process died")
        << QStringList{controller,
                       QString::fromStdString(printf
                                              + "panic: runtime error: invalid memory address or nil pointer dereference "
                                                "[recovered]\n\tpanic: runtime error: invalid memory address or nil "
                                                "pointer dereference\n[signal SIGSEGV: segmentation violation code=0x1 "
                                                "addr=0x0 pc=0x2a4c1e4]\n")}
        << taintSite << 1 << kcm << "Go's own \"panic: ... [recovered]\" follows"
        << "error";
    QTest::newRow("1.4-1.14, the callers' list (kubernetes#51586)")
        << QStringList{controller,
                       "E0829 23:28:35.313186    4919 runtime.go:66] Observed a panic: \"invalid memory address or nil pointer "
                       "dereference\" "
                       "(runtime error: invalid memory address or nil pointer dereference)\n"
                       "/home/u/go/src/k8s.io/kubernetes/vendor/k8s.io/apimachinery/pkg/util/runtime/runtime.go:72\n"
                       "/home/u/go/src/k8s.io/kubernetes/vendor/k8s.io/apimachinery/pkg/util/runtime/runtime.go:65\n"
                       "/data/go/src/runtime/asm_amd64.s:514\n/data/go/src/runtime/panic.go:489\n/data/go/src/runtime/signal_unix.go:290\n"
                       "/home/u/go/src/k8s.io/kubernetes/pkg/controller/node/scheduler/taint_controller.go:287\n"
                       "/home/u/go/src/k8s.io/kubernetes/pkg/controller/node/node_controller.go:375\n"}
        << "kube-controller-manager panicked in taint_controller.go:287: " + nilDeref << 1 << kcm << "Its log ends with the panic"
        << "error";
    // The list inside a journal (kubernetes/kubeadm#1486): each caller's line continues the
    // entry; a kubelet whose log stops right after cannot be told to have died.
    QTest::newRow("1.14's callers' list in a journal, a kubelet's log cut after it")
        << QStringList{"journal.txt",
                       "Apr 03 09:26:35 k8snode1 kubelet[9519]: E0403 09:26:35.512103    9519 runtime.go:69] Observed a panic: \"invalid "
                       "memory address or nil pointer dereference\" (runtime error: invalid memory address or nil pointer dereference)\n"
                       "Apr 03 09:26:35 k8snode1 kubelet[9519]: /workspace/anago-v1.14.0/src/k8s.io/kubernetes/vendor/k8s.io/apimachinery/"
                       "pkg/util/runtime/runtime.go:76\n"
                       "Apr 03 09:26:35 k8snode1 kubelet[9519]: /usr/local/go/src/runtime/panic.go:522\n"
                       "Apr 03 09:26:35 k8snode1 kubelet[9519]: /workspace/anago-v1.14.0/src/k8s.io/kubernetes/vendor/k8s.io/client-go/"
                       "tools/cache/reflector.go:189\n"
                       "Apr 03 09:26:36 k8snode1 kubelet[9519]: I0403 09:26:36.100000    9519 kubelet.go:1909] SyncLoop (housekeeping)\n"}
        << "kubelet on k8snode1 panicked in reflector.go:189: " + nilDeref << 1 << "component/kubelet@k8snode1"
        << "too soon to tell whether the process lived"
        << "warning";
    const std::string structured =
        "E0213 20:21:42.098176       1 panic.go:261] \"Observed a panic\" panic=\"runtime error: invalid memory address or nil pointer "
        "dereference\" panicGoValue=\"\\\"invalid memory address or nil pointer dereference\\\"\" stacktrace=<\n"
        "\tgoroutine 2003 [running]:\n"
        "\tk8s.io/apimachinery/pkg/util/runtime.logPanic({0x38433c0, 0x5545b00}, {0x2d99020, 0x5480790})\n"
        "\t\tk8s.io/apimachinery/pkg/util/runtime/runtime.go:107 +0xbc\n"
        "\tk8s.io/apimachinery/pkg/util/runtime.HandleCrash({0x0, 0x0, 0xc002621500?})\n"
        "\t\tk8s.io/apimachinery/pkg/util/runtime/runtime.go:59 +0x108\n"
        "\tpanic({0x2d99020?, 0x5480790?})\n"
        "\t\truntime/panic.go:770 +0x132\n"
        "\truntime.panicmem(...)\n"
        "\t\truntime/panic.go:261\n"
        "\truntime.sigpanic()\n"
        "\t\truntime/signal_unix.go:881 +0x378\n"
        "\tk8s.io/cloud-provider/controllers/service.(*Controller).needsUpdate(0xc000a32340, 0xc0053a9688, 0xc006030288)\n"
        "\t\tk8s.io/cloud-provider/controllers/service/controller.go:583 +0x2a4\n"
        "\tk8s.io/cloud-provider/controllers/service.New.func2({0x31c6e40?, 0xc0053a9688}, {0x31c6e40, 0xc006030288})\n"
        "\t\tk8s.io/cloud-provider/controllers/service/controller.go:147 +0x4f\n"
        " >\n";
    const QString serviceSite = "kube-controller-manager panicked in service.(*Controller).needsUpdate (controller.go:583): " + nilDeref;
    QTest::newRow("1.30+: structured, stacktrace=<...> (kubernetes#128935)")
        << QStringList{controller, QString::fromStdString(structured)} << serviceSite << 1 << kcm << "Its log ends with the panic"
        << "error";
    // Copied from a terminal 100 columns wide (kubernetes#137993's paste, at 144): the first
    // line is cut inside a key, two frames' calls inside their arguments.
    std::string cut;
    core::text::forEachLine(structured, [&](std::string_view line, std::size_t, std::uint32_t) {
        for (std::size_t at = 0; at < std::max<std::size_t>(line.size(), 1); at += 100)
            cut.append(line.substr(at, 100)).push_back('\n');
    });
    QCOMPARE(cut.find('\n'), std::size_t(100));
    QTest::newRow("1.30+ structured, copied from a terminal that cut its lines")
        << QStringList{controller, QString::fromStdString(cut)} << serviceSite << 1 << kcm << "Its log ends with the panic"
        << "error";
    QTest::newRow("a crash loop: one finding")
        << QStringList{controller,
                       QString::fromStdString(structured
                                              + "I0213 20:21:55.000101       1 controllermanager.go:189] \"Starting\" version=\"v1.31.1\"\n"
                                              + std::string(structured).replace(1, 15, "0213 20:24:42.0"))}
        << serviceSite << 2 << kcm << "It started again 12.9 s later"
        << "error";
    QTest::newRow("1.30+ klog JSON: the stack in its stacktrace value")
        << QStringList{controller,
                       "{\"ts\":1707855702098.176,\"caller\":\"runtime/panic.go:261\",\"msg\":\"Observed a "
                       "panic\",\"v\":0,\"panic\":\"runtime "
                       "error: invalid memory address or nil pointer dereference\",\"panicGoValue\":\"\\\"invalid memory address or nil "
                       "pointer dereference\\\"\",\"stacktrace\":\"goroutine 2003 [running]:\\nk8s.io/apimachinery/pkg/util/"
                       "runtime.logPanic({0x38433c0, 0x5545b00}, {0x2d99020, 0x5480790})\\n\\tk8s.io/apimachinery/pkg/util/runtime/"
                       "runtime.go:107 +0xbc\\npanic({0x2d99020?, 0x5480790?})\\n\\truntime/panic.go:770 +0x132\\nk8s.io/cloud-provider/"
                       "controllers/service.(*Controller).needsUpdate(0xc000a32340, 0xc0053a9688, 0xc006030288)\\n\\tk8s.io/cloud-provider/"
                       "controllers/service/controller.go:583 +0x2a4\\n\"}\n"}
        << serviceSite << 1 << kcm << "Its log ends with the panic"
        << "error";
    // The scheduler's start line (1.23+) in the log of its next container.
    QTest::newRow("the scheduler comes back in its next log file")
        << QStringList{"pods/kube-system_kube-scheduler-m1_0b3e7d91-5a2c-4f68-8e14-c9d2a6b0f375/kube-scheduler/0.log",
                       "2024-06-11T18:26:25.851090000Z stderr F E0611 18:26:25.851090       1 runtime.go:79] Observed a panic: \"invalid "
                       "memory address or nil pointer dereference\" (runtime error: invalid memory address or nil pointer dereference)\n"
                       "2024-06-11T18:26:25.851090000Z stderr F goroutine 7717 [running]:\n"
                       "2024-06-11T18:26:25.851090000Z stderr F k8s.io/kubernetes/pkg/scheduler/framework/plugins/noderesources."
                       "(*Fit).Filter(0xc0008ca240, {0x1d0ece0, 0xc03833f9e0})\n"
                       "2024-06-11T18:26:25.851090000Z stderr F \tpkg/scheduler/framework/plugins/noderesources/fit.go:248 +0x1a1\n",
                       "pods/kube-system_kube-scheduler-m1_0b3e7d91-5a2c-4f68-8e14-c9d2a6b0f375/kube-scheduler/1.log",
                       "2024-06-11T18:26:37.400000000Z stderr F I0611 18:26:37.400000       1 server.go:154] \"Starting Kubernetes "
                       "Scheduler\" version=\"v1.28.4\"\n"}
        << "kube-scheduler on m1 panicked in noderesources.(*Fit).Filter (fit.go:248): " + nilDeref << 1 << "component/kube-scheduler@m1"
        << "It started again 11.5 s later"
        << "error";
    // The kubelet leaves ReallyCrash off: it logs the panic and its loop runs again
    // (kubernetes#88779, one process panicking three times in 5 s).
    QTest::newRow("the kubelet lives through it: a warning")
        << QStringList{"node1/journal.txt",
                       "Mar 06 09:00:00 node1 kubelet[670]: I0306 09:00:00.000100     670 server.go:416] Version: v1.17.3\n"
                       "Mar 06 09:10:00 node1 kubelet[670]: E0306 09:10:00.100100     670 runtime.go:78] Observed a panic: "
                       "&runtime.TypeAssertionError{_interface:(*runtime._type)(0x3b1c2a0), concrete:(*runtime._type)(nil), "
                       "asserted:(*runtime._type)(0x3f0e5c0), missingMethod:\"\"} (interface conversion: interface is nil, not v1.Object)\n"
                       "Mar 06 09:10:00 node1 kubelet[670]: goroutine 412 [running]:\n"
                       "Mar 06 09:10:00 node1 kubelet[670]: "
                       "k8s.io/kubernetes/vendor/k8s.io/apimachinery/pkg/util/runtime.logPanic(0x3b1c2a0, "
                       "0xc001a2b3c0)\n"
                       "Mar 06 09:10:00 node1 kubelet[670]: \t/workspace/src/k8s.io/kubernetes/vendor/k8s.io/apimachinery/pkg/util/runtime/"
                       "runtime.go:74 +0xa3\n"
                       "Mar 06 09:10:00 node1 kubelet[670]: panic(0x3b1c2a0, 0xc001a2b3c0)\n"
                       "Mar 06 09:10:00 node1 kubelet[670]: \t/usr/local/go/src/runtime/panic.go:679 +0x1b2\n"
                       "Mar 06 09:10:00 node1 kubelet[670]: k8s.io/kubernetes/pkg/kubelet/volumemanager/reconciler.(*reconciler).reconcile("
                       "0xc000a1b2c0)\n"
                       "Mar 06 09:10:00 node1 kubelet[670]: \t/workspace/src/k8s.io/kubernetes/pkg/kubelet/volumemanager/reconciler/"
                       "reconciler.go:190 +0x2b6\n"
                       "Mar 06 09:10:00 node1 kubelet[670]: I0306 09:10:00.200100     670 reconciler.go:156] Reconciler: start to sync "
                       "state\n"
                       "Mar 06 09:10:10 node1 kubelet[670]: I0306 09:10:10.200100     670 kubelet.go:1909] SyncLoop (housekeeping)\n"}
        << "kubelet on node1 panicked in reconciler.(*reconciler).reconcile (reconciler.go:190): interface conversion: interface is nil, "
           "not v1.Object"
        << 1 << "component/kubelet@node1"
        << "The process went on (the same process logs again 10.1 s later)"
        << "warning";
    // Go's runtime ends the process itself: no HandleCrash line, whatever ReallyCrash says.
    QTest::newRow("fatal error: concurrent map writes, in a kubelet's journal")
        << QStringList{"journal.txt",
                       "Jun 12 04:10:00 wk-3 kubelet[2211]: I0612 04:10:00.000100    2211 kubelet.go:2440] \"SyncLoop (PLEG): event for "
                       "pod\" pod=\"shop/web-0\"\n"
                       "Jun 12 04:10:00 wk-3 kubelet[2211]: fatal error: concurrent map writes\n"
                       "Jun 12 04:10:00 wk-3 kubelet[2211]: \n"
                       "Jun 12 04:10:00 wk-3 kubelet[2211]: goroutine 1318 [running]:\n"
                       "Jun 12 04:10:00 wk-3 kubelet[2211]: runtime.throw({0x4a1b2c3?, 0x0?})\n"
                       "Jun 12 04:10:00 wk-3 kubelet[2211]: \truntime/panic.go:1047 +0x5d fp=0xc0012a3b40 sp=0xc0012a3b10 pc=0x43b9fd\n"
                       "Jun 12 04:10:00 wk-3 kubelet[2211]: runtime.mapassign_faststr(0x3f1e2a0, 0xc000d1e2f0, {0xc001a2b3c0, 0x24})\n"
                       "Jun 12 04:10:00 wk-3 kubelet[2211]: \truntime/map_faststr.go:211 +0x39c fp=0xc0012a3ba8 sp=0xc0012a3b40 "
                       "pc=0x418a5c\n"
                       "Jun 12 04:10:00 wk-3 kubelet[2211]: "
                       "k8s.io/kubernetes/pkg/kubelet/cm/devicemanager.(*ManagerImpl).UpdateAllocatedDevices("
                       "0xc000a1b2c0)\n"
                       "Jun 12 04:10:00 wk-3 kubelet[2211]: \tk8s.io/kubernetes/pkg/kubelet/cm/devicemanager/manager.go:1071 +0x1c5\n"
                       "Jun 12 04:10:00 wk-3 systemd[1]: kubelet.service: Main process exited, code=exited, status=2/INVALIDARGUMENT\n"
                       "Jun 12 04:10:10 wk-3 systemd[1]: kubelet.service: Scheduled restart job, restart counter is at 1.\n"
                       "Jun 12 04:10:10 wk-3 kubelet[9012]: I0612 04:10:10.400000    9012 server.go:487] \"Kubelet version\" "
                       "kubeletVersion=\"v1.26.6\"\n"}
        << "kubelet on wk-3 crashed in devicemanager.(*ManagerImpl).UpdateAllocatedDevices (manager.go:1071): concurrent map writes" << 1
        << "component/kubelet@wk-3"
        << "It started again 10.4 s later"
        << "error";
    // A journal pasted into an issue, the trace's tabs lost (kubernetes#48045): the location
    // lines at the margin still continue the crash.
    QTest::newRow("a pasted journal whose trace lost its tabs")
        << QStringList{"journal.txt",
                       "Jun 26 07:10:20 pi5 kubelet[716]: I0626 07:10:20.100000     716 kubelet.go:1900] SyncLoop (housekeeping)\n"
                       "Jun 26 07:10:21 pi5 kubelet[716]: fatal error: concurrent map writes\n"
                       "Jun 26 07:10:21 pi5 kubelet[716]: goroutine 431 [running]:\n"
                       "Jun 26 07:10:21 pi5 kubelet[716]: runtime.throw(0x3404d19, 0x15)\n"
                       "Jun 26 07:10:21 pi5 kubelet[716]: /usr/local/go/src/runtime/panic.go:596 +0x70 fp=0x4421091980 sp=0x4421091960\n"
                       "Jun 26 07:10:21 pi5 kubelet[716]: k8s.io/kubernetes/pkg/kubelet/cm.(*containerManagerImpl)."
                       "GetNodeAllocatableReservation(0x44201ecf00, 0x4421077200)\n"
                       "Jun 26 07:10:21 pi5 kubelet[716]: /go/src/k8s.io/kubernetes/pkg/kubelet/cm/node_container_manager.go:191 +0x528 "
                       "fp=0x4421091e10 sp=0x4421091a20\n"}
        << "kubelet on pi5 crashed in cm.(*containerManagerImpl).GetNodeAllocatableReservation (node_container_manager.go:191): "
           "concurrent map writes"
        << 1 << "component/kubelet@pi5"
        << "with no HandleCrash line before it"
        << "error";
    // A child process sharing the kubelet's stderr (an exec credential plugin) panics and the
    // kubelet logs on: not the kubelet's crash.
    QTest::newRow("a child process's panic on the kubelet's stderr")
        << QStringList{"journal.txt",
                       "Mar 03 19:20:00 wk-1 kubelet[2211]: I0303 19:20:00.000100    2211 kubelet.go:2440] \"SyncLoop (PLEG): event for "
                       "pod\" pod=\"shop/web-0\"\n"
                       "Mar 03 19:20:01 wk-1 kubelet[2211]: E0303 19:20:01.000100    2211 prober.go:104] \"Probe errored\" err=\"command "
                       "failed\" probeType=\"Liveness\" pod=\"shop/web-0\" output=<\n"
                       "Mar 03 19:20:01 wk-1 kubelet[2211]:         panic: something\n"
                       "Mar 03 19:20:01 wk-1 kubelet[2211]:  >\n"
                       "Mar 03 19:20:02 wk-1 kubelet[2211]: panic: runtime error: invalid memory address or nil pointer dereference\n"
                       "Mar 03 19:20:02 wk-1 kubelet[2211]: [signal SIGSEGV: segmentation violation code=0x1 addr=0x0 pc=0x55d2f4]\n"
                       "Mar 03 19:20:02 wk-1 kubelet[2211]: \n"
                       "Mar 03 19:20:02 wk-1 kubelet[2211]: goroutine 1 [running]:\n"
                       "Mar 03 19:20:02 wk-1 kubelet[2211]: main.main()\n"
                       "Mar 03 19:20:02 wk-1 kubelet[2211]:         /src/aws-iam-authenticator/cmd/main.go:12 +0x1d\n"
                       "Mar 03 19:20:02 wk-1 kubelet[2211]: E0303 19:20:02.500000    2211 kubelet_node_status.go:540] \"Error updating "
                       "node status, will retry\" err=\"getting credentials: exec: executable aws-iam-authenticator failed with exit code "
                       "2\"\n"
                       "Mar 03 19:20:30 wk-1 kubelet[2211]: I0303 19:20:30.000100    2211 kubelet.go:2440] \"SyncLoop (PLEG): event for "
                       "pod\" pod=\"shop/web-0\"\n"
                       "Mar 03 19:25:30 wk-1 kubelet[2211]: I0303 19:25:30.000100    2211 kubelet.go:2440] \"SyncLoop (PLEG): event for "
                       "pod\" pod=\"shop/web-0\"\n"}
        << "" << 0 << ""
        << ""
        << "";
    // klog.Errorf("panic: %v", r) after a recover(): a message with a header, no crash.
    QTest::newRow("a component's own line about a panic it recovered")
        << QStringList{"kube-scheduler.log",
                       "I0612 04:10:00.000100       1 server.go:150] \"Starting Kubernetes Scheduler\" version=\"v1.26.6\"\n"
                       "E0612 04:20:00.000100       1 plugin.go:88] panic: recovered in plugin Filter for pod default/x: boom boom\n"
                       "I0612 04:30:00.000100       1 schedule_one.go:80] \"Attempting to schedule pod\" pod=\"default/x\"\n"}
        << "" << 0 << ""
        << ""
        << "";
    // The kubelet lives through HandleCrash's panic, then dies of a fatal error (kubernetes#88779).
    QTest::newRow("a panic lived through, then a fatal error")
        << QStringList{"journal.txt",
                       "Mar 03 19:21:02 kind-worker2 kubelet[88624]: I0303 19:21:02.100000   88624 kubelet.go:1842] SyncLoop "
                       "(housekeeping)\n"
                       "Mar 03 19:21:02 kind-worker2 kubelet[88624]: E0303 19:21:02.500000   88624 runtime.go:78] Observed a panic: "
                       "\"invalid memory address or nil pointer dereference\" (runtime error: invalid memory address or nil pointer "
                       "dereference)\n"
                       "Mar 03 19:21:02 kind-worker2 kubelet[88624]: goroutine 400 [running]:\n"
                       "Mar 03 19:21:02 kind-worker2 kubelet[88624]: "
                       "k8s.io/kubernetes/vendor/k8s.io/apimachinery/pkg/util/runtime.logPanic(0x1, 0x2)\n"
                       "Mar 03 19:21:02 kind-worker2 kubelet[88624]:         "
                       "staging/src/k8s.io/apimachinery/pkg/util/runtime/runtime.go:74 +0xa3\n"
                       "Mar 03 19:21:02 kind-worker2 kubelet[88624]: panic(0x1, 0x2)\n"
                       "Mar 03 19:21:02 kind-worker2 kubelet[88624]:         GOROOT/src/runtime/panic.go:679 +0x1b2\n"
                       "Mar 03 19:21:02 kind-worker2 kubelet[88624]: k8s.io/kubernetes/pkg/kubelet.(*Kubelet).Run(0xc000a1)\n"
                       "Mar 03 19:21:02 kind-worker2 kubelet[88624]:         pkg/kubelet/kubelet.go:1420 +0x1\n"
                       "Mar 03 19:21:03 kind-worker2 kubelet[88624]: fatal error: concurrent map read and map write\n"
                       "Mar 03 19:21:03 kind-worker2 kubelet[88624]: goroutine 1420 [running]:\n"
                       "Mar 03 19:21:03 kind-worker2 kubelet[88624]: runtime.throw(0x43641ed, 0x21)\n"
                       "Mar 03 19:21:03 kind-worker2 kubelet[88624]:         GOROOT/src/runtime/panic.go:774 +0x72 fp=0xc0011f57e8 "
                       "sp=0xc0011f57b8 pc=0x432682\n"
                       "Mar 03 19:21:03 kind-worker2 kubelet[88624]: "
                       "k8s.io/kubernetes/pkg/kubelet/pleg.(*GenericPLEG).relist(0xc000788960)\n"
                       "Mar 03 19:21:03 kind-worker2 kubelet[88624]:         pkg/kubelet/pleg/generic.go:214 +0x2c9 fp=0xc0011f5e20 "
                       "sp=0xc0011f5910 pc=0x3316a89\n"
                       "Mar 03 19:21:03 kind-worker2 systemd[1]: kubelet.service: Main process exited, code=exited, "
                       "status=2/INVALIDARGUMENT\n"
                       "Mar 03 19:21:03 kind-worker2 systemd[1]: kubelet.service: Failed with result 'exit-code'.\n"}
        << "kubelet on kind-worker2 panicked in kubelet.(*Kubelet).Run (kubelet.go:1420): " + nilDeref << 2
        << "component/kubelet@kind-worker2"
        << "Then Go's runtime ended the process at 19:21:03Z: concurrent map read and map write"
        << "error";
    QTest::newRow("Go 1.25's report: [recovered, repanicked]")
        << QStringList{controller,
                       QString::fromStdString(printf
                                              + "panic: runtime error: invalid memory address or nil pointer dereference "
                                                "[recovered, repanicked]\n")}
        << taintSite << 1 << kcm << "Go's own \"panic: ... [recovered]\" follows"
        << "error";
    // A raw klog file: Go's report is an event of the component, not the tail of the line above.
    QTest::newRow("fatal error in a raw klog file, then a start")
        << QStringList{"kube-scheduler.log",
                       "I0902 19:34:10.100000    8957 factory.go:422] About to try and schedule pod web-1\n"
                       "fatal error: concurrent map read and map write\n"
                       "\n"
                       "goroutine 690 [running]:\n"
                       "runtime.throw(0x1a2b3c4, 0x21)\n"
                       "\t/usr/local/go/src/runtime/panic.go:1116 +0x72 fp=0xc000a1b2c3 sp=0xc000a1b2c0 pc=0x43a1b2\n"
                       "runtime.mapaccess2_faststr(0x17f0e20, 0xc0003a1b2c, 0xc000f1e2d3, 0x12, 0x1, 0x1)\n"
                       "\t/usr/local/go/src/runtime/map_faststr.go:116 +0x4a5 fp=0xc000a1b2d0 sp=0xc000a1b2c8 pc=0x41b2c3\n"
                       "k8s.io/kubernetes/pkg/scheduler/internal/cache.(*schedulerCache).AssumePod(0xc0001a2b3c, 0xc000d1e2f3, 0x0, 0x0)\n"
                       "\t/workspace/src/k8s.io/kubernetes/pkg/scheduler/internal/cache/cache.go:342 +0x1b2\n"
                       "I0902 19:34:12.400000    9011 server.go:154] \"Starting Kubernetes Scheduler\" version=\"v1.20.4\"\n"}
        << "kube-scheduler crashed in cache.(*schedulerCache).AssumePod (cache.go:342): concurrent map read and map write" << 1
        << "component/kube-scheduler"
        << "It started again 2.3 s later"
        << "error";
    // The next line is another process's (a new pid), with no start line the catalog types:
    // the kubelet did not live through it.
    QTest::newRow("the kubelet's next line is another process's")
        << QStringList{"journal.txt",
                       "Mar 03 19:17:52 kind-worker2 kubelet[670]: E0303 19:17:52.219064     670 runtime.go:78] Observed a panic: "
                       "runtime.boundsError{x:1, y:1, signed:true, code:0x0} (runtime error: index out of range [1] with length 1)\n"
                       "Mar 03 19:18:13 kind-worker2 kubelet[88624]: I0303 19:18:13.100000   88624 kubelet.go:1842] SyncLoop "
                       "(housekeeping)\n"}
        << "kubelet on kind-worker2 panicked: runtime error: index out of range [1] with length 1" << 1 << "component/kubelet@kind-worker2"
        << "the process exits"
        << "error";
    QTest::newRow("a pod's own program crashing: not a Kubernetes process")
        << QStringList{"pods/shop_web-7d9f8b6c5-k2x8p_6f1e2d3c-4b5a-4c69-8a7b-1c2d3e4f5a6b/web/0.log",
                       "2024-06-11T18:26:25.851090000Z stderr F panic: runtime error: index out of range [3] with length 3\n"
                       "2024-06-11T18:26:25.851090000Z stderr F \n"
                       "2024-06-11T18:26:25.851090000Z stderr F goroutine 1 [running]:\n"
                       "2024-06-11T18:26:25.851090000Z stderr F main.main()\n"
                       "2024-06-11T18:26:25.851090000Z stderr F \t/app/main.go:12 +0x1d\n"}
        << "" << 0 << ""
        << ""
        << "";
    const QString apiserverStart = "I0213 20:20:00.000001       1 server.go:558] external host was not specified\n";
    QTest::newRow("the apiserver's own goroutine: it exits")
        << QStringList{"kube-apiserver.log",
                       apiserverStart
                           + "E0213 20:21:42.098176       1 runtime.go:79] Observed a panic: \"invalid memory address or nil pointer "
                             "dereference\" (runtime error: invalid memory address or nil pointer dereference)\n"
                             "goroutine 9001 [running]:\n"
                             "k8s.io/kubernetes/vendor/k8s.io/apiserver/pkg/storage/cacher.(*Cacher).dispatchEvent(0xc000a1b2c0, "
                             "0xc0a1b2c3d0)\n"
                             "\tvendor/k8s.io/apiserver/pkg/storage/cacher/cacher.go:855 +0x3c5\n"}
        << "kube-apiserver panicked in cacher.(*Cacher).dispatchEvent (cacher.go:855): " + nilDeref << 1 << "component/kube-apiserver"
        << "Its log ends with the panic"
        << "error";
    QTest::newRow("a request handler's panic: the HTTP server recovers it")
        << QStringList{"kube-apiserver.log",
                       apiserverStart
                           + "E0213 20:21:42.098176       1 runtime.go:79] Observed a panic: \"invalid memory address or nil pointer "
                             "dereference\" (runtime error: invalid memory address or nil pointer dereference)\n"
                             "goroutine 9001 [running]:\n"
                             "panic({0x3b1c2a0, 0x6f0e1d0})\n"
                             "\t/usr/local/go/src/runtime/panic.go:884 +0x212\n"
                             "k8s.io/kubernetes/vendor/k8s.io/apiserver/pkg/endpoints/handlers.ListResource.func1({0x4d5e6f0, "
                             "0xc0a1b2c3d0})\n"
                             "\tvendor/k8s.io/apiserver/pkg/endpoints/handlers/get.go:201 +0x3c5\n"
                             "net/http.HandlerFunc.ServeHTTP(0x0?, {0x7f0e5c2a1b38?, 0xc0a1b2c3d0?}, 0xc00e1f2a00?)\n"
                             "\t/usr/local/go/src/net/http/server.go:2122 +0x2f\n"
                             "E0213 20:21:42.098301       1 wrap.go:54] \"apiserver panic'd\" method=\"GET\" "
                             "URI=\"/api/v1/pods?limit=500\" "
                             "audit-ID=\"\"\n"}
        << "" << 0 << ""
        << ""
        << "";
    QTest::newRow("a request aborted on purpose")
        << QStringList{controller,
                       "E0602 10:00:01.118220       1 runtime.go:76] Observed a panic: &errors.errorString{s:\"killing "
                       "connection/stream because serving request timed out and response had been started\"} (killing "
                       "connection/stream because serving request timed out and response had been started)\n"}
        << "" << 0 << ""
        << ""
        << "";
    QTest::newRow("1.8's abort, in a process that runs them all (k3s)")
        << QStringList{"journal.txt",
                       "Nov 23 07:12:56 server-1 k3s[1843]: E1123 07:12:56.702458    1843 runtime.go:66] Observed a "
                       "panic: &errors.errorString{s:\"kill connection/stream\"} (kill connection/stream)\n"}
        << "" << 0 << ""
        << ""
        << "";
    // controller-runtime (v0.19+) recovers a reconciler's panic after HandleCrash's handlers
    // have logged it: an operator's container, no Kubernetes process (controller-runtime#2905).
    QTest::newRow("an operator's container: not a Kubernetes process")
        << QStringList{"pods/operators_shop-operator-6d8b7c9f5-x2kqp_2f9a7c41-8e3b-4d06-b5a1-c7e0d2f9b384/manager/0.log",
                       "2024-06-11T18:26:25.851090000Z stderr F E0611 18:26:25.851090       1 runtime.go:142] \"Observed a panic\" "
                       "panic=\"runtime error: index out of range [3] with length 3\" panicGoValue=\"runtime.boundsError{x:3, y:3, "
                       "signed:true, code:0x0}\" stacktrace=<\n"
                       "2024-06-11T18:26:25.851090000Z stderr F \tgoroutine 231 [running]:\n"
                       "2024-06-11T18:26:25.851090000Z stderr F "
                       "\texample.com/shop/internal/controller.(*ShopReconciler).Reconcile(0xc0002a4b40)\n"
                       "2024-06-11T18:26:25.851090000Z stderr F \t\texample.com/shop/internal/controller/shop_controller.go:88 +0x5c5\n"
                       "2024-06-11T18:26:25.851090000Z stderr F  >\n"}
        << "" << 0 << ""
        << ""
        << "";
}

void TestRules::componentPanicInEveryWording()
{
    QFETCH(QStringList, files);
    QFETCH(QString, title);
    QFETCH(int, panics);
    QFETCH(QString, subject);
    QFETCH(QString, outcome);
    QFETCH(QString, severity);
    std::vector<test::File> written;
    for (qsizetype k = 0; k + 1 < files.size(); k += 2)
        written.push_back({files[k].toStdString(), files[k + 1].toStdString()});
    const auto analysis = analyzeFiles(written);
    QCOMPARE(analysis->incident->stats.unparsed, 0u);
    const auto found = findingsOf(*analysis, "component-panic");
    QCOMPARE(int(found.size()), title.isEmpty() ? 0 : 1);
    if (title.isEmpty())
        return;
    QCOMPARE(QString::fromStdString(found[0]->title), title);
    QCOMPARE(QString::fromStdString(found[0]->subject.text()), subject);
    QVERIFY2(found[0]->explanation.find(outcome.toStdString()) != std::string::npos, found[0]->explanation.c_str());
    QCOMPARE(QString::fromLatin1(core::severityName(found[0]->severity)), severity);
    QCOMPARE(found[0]->explanation.find("This happened " + std::to_string(panics) + " times") != std::string::npos, panics > 1);
}

// A component other than the kubelet exits on an error during its start-up: 1.2x's "command
// failed" (run.go), cobra's bare "Error: ..." (1.10-1.2x), the main's "error: ..." (up to 1.9),
// a klog Fatal line; a loop of them, or one the bundle never sees end. Near misses: one failed
// start that a good one follows (etcd not up yet at boot), a Fatal line hours after the start
// (leader election lost), a panic (component-panic's), the kubelet's own (kubelet-start-failure's).
void TestRules::componentStartFailureInEveryWording_data()
{
    QTest::addColumn<QStringList>("files"); // path, content, ...
    QTest::addColumn<QString>("title");     // "" = no finding
    QTest::addColumn<QString>("subject");
    QTest::addColumn<QString>("severity");
    const QString pods = "cp-1/var/log/pods/kube-system_kube-apiserver-cp-1_5b1e0c3a-9d7f-4e2a-8c61-2f4b7a9e0d13/kube-apiserver/";
    auto attempt = [](const std::string &minute) {
        return "2024-05-02T10:" + minute + ":01.104000000Z stderr F I0502 10:" + minute
            + ":01.103877       1 server.go:163] Version: v1.29.4\n"
              "2024-05-02T10:"
            + minute + ":01.388000000Z stderr F E0502 10:" + minute
            + ":01.387602       1 run.go:74] \"command failed\" err=\"open /etc/kubernetes/pki/ca-authority.crt: no such file or "
              "directory\"\n";
    };
    const QString cause = "open /etc/kubernetes/pki/ca-authority.crt: no such file or directory";
    QTest::newRow("1.2x static pod, three attempts: command failed")
        << QStringList{pods + "0.log", QString::fromStdString(attempt("00")), pods + "1.log", QString::fromStdString(attempt("01")),
                       pods + "2.log", QString::fromStdString(attempt("03"))}
        << "kube-apiserver on cp-1 fails at start-up 3 times: " + cause << "component/kube-apiserver@cp-1"
        << "error";
    const std::string serving = "2024-05-02T10:05:01.104000000Z stderr F I0502 10:05:01.103877       1 server.go:163] Version: v1.29.4\n"
                                "2024-05-02T10:05:04.000000000Z stderr F I0502 10:05:04.000000       1 secure_serving.go:213] Serving "
                                "securely on [::]:6443\n"
                                "2024-05-02T10:09:00.000000000Z stderr F I0502 10:09:00.000000       1 controller.go:624] quota admission "
                                "added evaluator for: leases.coordination.k8s.io\n";
    QTest::newRow("three failures, then it comes up: a warning")
        << QStringList{pods + "0.log", QString::fromStdString(attempt("00")), pods + "1.log", QString::fromStdString(attempt("01")),
                       pods + "2.log", QString::fromStdString(attempt("03")), pods + "3.log", QString::fromStdString(serving)}
        << "kube-apiserver on cp-1 fails at start-up 3 times: " + cause << "component/kube-apiserver@cp-1"
        << "warning";
    QTest::newRow("one failure at boot, then it comes up: silent")
        << QStringList{pods + "0.log", QString::fromStdString(attempt("00")), pods + "1.log", QString::fromStdString(serving)} << ""
        << ""
        << "";
    QTest::newRow("1.19, cobra's Error: line without a header")
        << QStringList{"masters/master-node/kube-apiserver.log",
                       "I1202 04:13:33.729232       1 server.go:625] external host was not specified, using 10.239.140.137\n"
                       "I1202 04:13:33.729387       1 server.go:163] Version: v1.19.0\n"
                       "Error: failed to create listener: failed to listen on 0.0.0.0:6443: listen tcp 0.0.0.0:6443: bind: address "
                       "already in use\n"}
        << "kube-apiserver fails at start-up: failed to create listener: failed to listen on 0.0.0.0:6443: listen tcp 0.0.0.0:6443: "
           "bind: address already in use"
        << "component/kube-apiserver"
        << "error";
    QTest::newRow("1.9 under systemd: error: from its main")
        << QStringList{"journal.txt",
                       "Mar 05 04:29:14 cloudsec2 kube-apiserver[8738]: I0305 04:29:14.101000    8738 server.go:135] Version: v1.9.3\n"
                       "Mar 05 04:29:15 cloudsec2 kube-apiserver[8738]: error: failed to create listener: failed to listen on "
                       "10.2.8.44:6443: listen tcp 10.2.8.44:6443: bind: cannot assign requested address\n"
                       "Mar 05 04:29:15 cloudsec2 systemd[1]: kube-apiserver.service: main process exited, code=exited, "
                       "status=1/FAILURE\n"}
        << "kube-apiserver on cloudsec2 fails at start-up: failed to create listener: failed to listen on 10.2.8.44:6443: listen tcp "
           "10.2.8.44:6443: bind: cannot assign requested address"
        << "component/kube-apiserver@cloudsec2"
        << "error";
    QTest::newRow("1.1x, a Fatal line: etcd not reachable")
        << QStringList{"control-plane/kube-apiserver.log",
                       "I0810 03:43:52.147811       1 server.go:147] Version: v1.15.5\n"
                       "W0810 03:43:53.000000       1 clientconn.go:1251] grpc: addrConn.createTransport failed to connect to "
                       "{127.0.0.1:2379 0  <nil>}. Err :connection error: desc = \"transport: Error while dialing dial tcp "
                       "127.0.0.1:2379: connect: connection refused\". Reconnecting...\n"
                       "F0810 03:44:12.150000       1 storage_decorator.go:57] Unable to create storage backend: config (&{ /registry "
                       "{[https://127.0.0.1:2379]} false}), err (dial tcp 127.0.0.1:2379: connect: connection refused)\n"}
        << "kube-apiserver fails at start-up: Unable to create storage backend: config (&{ /registry {[https://127.0.0.1:2379]} false}), "
           "err (dial tcp 127.0.0.1:2379: connect: connection refused)"
        << "component/kube-apiserver"
        << "error";
    QTest::newRow("a Fatal line hours after the start: silent")
        << QStringList{"control-plane/kube-scheduler.log",
                       "I0810 03:43:52.147811       1 server.go:143] Starting Kubernetes Scheduler version v1.18.3\n"
                       "I0810 03:44:00.000000       1 leaderelection.go:252] successfully acquired lease kube-system/kube-scheduler\n"
                       "F0810 07:12:40.000000       1 server.go:257] leaderelection lost\n"}
        << ""
        << ""
        << "";
    QTest::newRow("a message's own Error: line in a running apiserver: silent")
        << QStringList{"control-plane/kube-apiserver.log",
                       "I0502 10:00:01.103655       1 server.go:163] Version: v1.26.3\n"
                       "E0502 10:00:06.000001       1 available_controller.go:524] v1beta1.metrics.k8s.io failed with: failing or "
                       "missing response: bad status from https://10.96.1.5:443/apis/metrics.k8s.io/v1beta1: 503, body\n"
                       "Error: 'dial tcp 10.96.1.5:443: connect: connection refused'\n"
                       "Trying to reach: 'https://10.96.1.5:443/apis/metrics.k8s.io/v1beta1'\n"
                       "I0502 10:05:04.518233       1 controller.go:615] quota admission added evaluator for: endpoints\n"}
        << ""
        << ""
        << "";
    QTest::newRow("kubectl's error: at the end of kubectl logs -f: silent")
        << QStringList{"control-plane/kube-apiserver.log",
                       "I0502 10:00:01.103655       1 server.go:163] Version: v1.26.3\n"
                       "I0502 10:00:20.518233       1 controller.go:615] quota admission added evaluator for: endpoints\n"
                       "error: http2: server sent GOAWAY and closed the connection; LastStreamID=3, ErrCode=NO_ERROR, debug=\"\"\n"}
        << ""
        << ""
        << "";
    QTest::newRow("a lost lease 28 s after the start: leader-election-lost's")
        << QStringList{"control-plane/kube-scheduler.log",
                       "I0810 03:43:52.147811       1 server.go:143] Starting Kubernetes Scheduler version v1.18.3\n"
                       "I0810 03:44:00.000000       1 leaderelection.go:252] successfully acquired lease kube-system/kube-scheduler\n"
                       "I0810 03:44:20.100000       1 leaderelection.go:277] failed to renew lease kube-system/kube-scheduler: timed out "
                       "waiting for the condition\n"
                       "F0810 03:44:20.100100       1 server.go:244] leaderelection lost\n"}
        << ""
        << ""
        << "";
    QTest::newRow("the kubelet's own: kubelet-start-failure's")
        << QStringList{"journal.txt",
                       "Jun 13 13:21:25 control1 kubelet[5359]: I0613 13:21:25.900000    5359 server.go:440] "
                       "\"Kubelet version\" kubeletVersion=\"v1.28.2\"\n"
                       "Jun 13 13:21:25 control1 kubelet[5359]: E0613 13:21:25.992025    5359 run.go:74] \"command failed\" "
                       "err=\"failed to run Kubelet: unable to load bootstrap kubeconfig: stat "
                       "/etc/kubernetes/bootstrap-kubelet.conf: no such file or directory\"\n"}
        << ""
        << ""
        << "";
}

void TestRules::componentStartFailureInEveryWording()
{
    QFETCH(QStringList, files);
    QFETCH(QString, title);
    QFETCH(QString, subject);
    QFETCH(QString, severity);
    std::vector<test::File> written;
    for (qsizetype k = 0; k + 1 < files.size(); k += 2)
        written.push_back({files[k].toStdString(), files[k + 1].toStdString()});
    const auto analysis = analyzeFiles(written);
    QCOMPARE(analysis->incident->stats.unparsed, 0u);
    const auto found = findingsOf(*analysis, "component-start-failure");
    QCOMPARE(int(found.size()), title.isEmpty() ? 0 : 1);
    if (title.isEmpty())
        return;
    QCOMPARE(QString::fromStdString(found[0]->title), title);
    QCOMPARE(QString::fromStdString(found[0]->subject.text()), subject);
    QCOMPARE(QString::fromLatin1(core::severityName(found[0]->severity)), severity);
}

#include "tst_rules.moc"
