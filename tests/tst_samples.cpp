// Every sample bundle against its EXPECTED.json: the rules that must fire do, on the right
// subject and within the window; the rules listed as must-not-fire stay silent.
#include "core/analysis/analyzer.h"
#include "testutil.h"

#ifndef Q_MOC_RUN // moc of Qt 6.4 cannot parse this header
#include <nlohmann/json.hpp>
#endif

#include <filesystem>
#include <fstream>
#include <map>
#include <set>

using namespace kubelane;
using namespace kubelane::core;

class TestSamples : public QObject {
    Q_OBJECT
private slots:
    void sample_data()
    {
        QTest::addColumn<QString>("dir");
        int n = 0;
        for (const auto &entry : std::filesystem::directory_iterator(KUBELANE_SAMPLES)) {
            if (!std::filesystem::exists(entry.path() / "EXPECTED.json"))
                continue;
            QTest::newRow(entry.path().filename().string().c_str()) << QString::fromStdString(entry.path().string());
            ++n;
        }
        QVERIFY(n >= 5);
    }
    void sample()
    {
        QFETCH(QString, dir);
        std::ifstream in(dir.toStdString() + "/EXPECTED.json");
        const auto expected = nlohmann::json::parse(in);
        const auto incident = test::load({dir.toStdString()});
        QCOMPARE(incident->stats.unparsed, 0u);
        AnalyzeOptions options;
        options.resourceDir = KUBELANE_RESOURCES;
        const auto analysis = analyzeIncident(incident, options);
        QString report;
        for (const Finding &f : analysis->findings)
            report += QString("\n  %1 %2 %3")
                          .arg(QString::fromStdString(f.rule), QString::fromStdString(f.subject.text()),
                               QString::fromStdString(formatRfc3339(f.start)));
        for (const auto &want : expected["must_fire"]) {
            const auto from = parseRfc3339(want["from"].get<std::string>()).value();
            const auto to = parseRfc3339(want["to"].get<std::string>()).value();
            const bool found = std::any_of(analysis->findings.begin(), analysis->findings.end(), [&](const Finding &f) {
                return f.rule == want["rule"].get<std::string>() && f.subject.text() == want["subject"].get<std::string>()
                    && f.start >= from && f.start <= to;
            });
            QVERIFY2(found,
                     qPrintable(QString("expected %1 on %2 in [%3, %4]; got:%5")
                                    .arg(QString::fromStdString(want["rule"].get<std::string>()),
                                         QString::fromStdString(want["subject"].get<std::string>()),
                                         QString::fromStdString(want["from"].get<std::string>()),
                                         QString::fromStdString(want["to"].get<std::string>()), report)));
        }
        // Rules fire on the culprit only: a finding of a rule the sample expects must be one of
        // the expected ones (rule and subject); the healthy nodes and pods get none.
        for (const Finding &f : analysis->findings) {
            bool expectedRule = false, expectedSubject = false;
            for (const auto &want : expected["must_fire"]) {
                if (want["rule"].get<std::string>() != f.rule)
                    continue;
                expectedRule = true;
                expectedSubject = expectedSubject || want["subject"].get<std::string>() == f.subject.text();
            }
            QVERIFY2(!expectedRule || expectedSubject,
                     qPrintable("unexpected subject: " + QString::fromStdString(f.rule) + " on " + QString::fromStdString(f.subject.text())
                                + "; all:" + report));
        }
        for (const auto &rule : expected["must_not_fire"]) {
            for (const Finding &f : analysis->findings)
                QVERIFY2(f.rule != rule.get<std::string>(),
                         qPrintable("unexpected " + QString::fromStdString(f.rule) + " on " + QString::fromStdString(f.subject.text())
                                    + "; all:" + report));
        }
        // A rule that may fire elsewhere in the bundle but not on this subject.
        for (const auto &want : expected.value("must_not_fire_on", nlohmann::json::array())) {
            for (const Finding &f : analysis->findings)
                QVERIFY2(f.rule != want["rule"].get<std::string>() || f.subject.text() != want["subject"].get<std::string>(),
                         qPrintable("unexpected " + QString::fromStdString(f.rule) + " on " + QString::fromStdString(f.subject.text())
                                    + "; all:" + report));
        }
        checkSources(*incident, expected.value("sources", nlohmann::json::array()));
        // Every finding names its evidence, and each evidence line is real.
        for (const Finding &f : analysis->findings) {
            QVERIFY(!f.evidence.empty());
            QVERIFY(!f.explanation.empty());
            QVERIFY(f.explanation.find('{') == std::string::npos); // every template value filled
            for (auto i : f.evidence)
                QVERIFY(i.index() < incident->events.size());
        }
    }

    // "sources": [{"path": how the source's path ends, "shape", "component", "node", "pod", "container",
    //               "non_log_lines": {reason: count}}]: each entry names exactly one source and
    // every key given must match. Every source of a sample reads at least 98 % of the lines
    // that are log lines (the rest are recognised as prompts, tables, frames...) as events.
    static void checkSources(const Incident &incident, const nlohmann::json &want)
    {
        for (const Source &s : incident.sources) {
            const double logLines = static_cast<double>(s.lineCount - s.nonLogLines);
            QVERIFY2(logLines == 0 || static_cast<double>(s.lineCount - s.nonLogLines - s.unparsedLines) >= 0.98 * logLines,
                     s.path.c_str());
            QVERIFY2(s.error.empty(), (s.path + ": " + s.error).c_str());
        }
        for (const auto &w : want) {
            const std::string path = w["path"].get<std::string>();
            const Source *match = nullptr;
            for (const Source &s : incident.sources)
                if (s.path.ends_with(path)) {
                    QVERIFY2(!match, qPrintable("two sources match " + QString::fromStdString(path)));
                    match = &s;
                }
            QVERIFY2(match, qPrintable("no source matches " + QString::fromStdString(path)));
            auto check = [&](const char *key, const std::string &actual) {
                if (w.contains(key))
                    QVERIFY2(w[key].get<std::string>() == actual,
                             qPrintable(QString("%1: %2 is '%3', expected '%4'")
                                            .arg(QString::fromStdString(match->path), key, QString::fromStdString(actual),
                                                 QString::fromStdString(w[key].get<std::string>()))));
            };
            check("shape", match->shape.empty() ? "file" : match->shape);
            check("component", match->component);
            check("node", match->node);
            check("pod", match->attribution.pod());
            check("container", match->attribution.container);
            const nlohmann::json nonLog = w.value("non_log_lines", nlohmann::json::object());
            for (const auto &[reason, count] : nonLog.items()) {
                std::uint64_t actual = 0;
                for (int r = 0; r < static_cast<int>(DiagnosticReason::Count); ++r)
                    if (diagnosticName(static_cast<DiagnosticReason>(r)) == reason)
                        actual = match->diagnosticCounts[r];
                QVERIFY2(actual == count.get<std::uint64_t>(), qPrintable(QString::fromStdString(match->path + ": " + reason)));
            }
        }
    }

    // A kubelet that logs its status patches shows a pod that stayed Ready=False after its
    // node was back: the finding says for how long, measured inside that kubelet's log.
    void heartbeatGapMeasuresPodsLeftNotReady()
    {
        const auto incident = test::load({std::string(KUBELANE_SAMPLES) + "/probe-status-race"});
        AnalyzeOptions options;
        options.resourceDir = KUBELANE_RESOURCES;
        options.onlyRules = {"node-heartbeat-gap"};
        const auto analysis = analyzeIncident(incident, options);
        QCOMPARE(analysis->findings.size(), size_t(2));
        for (const Finding &f : analysis->findings)
            QVERIFY2(f.explanation.find("1 pod on " + f.subject.node + " stayed Ready=False for at least 7") != std::string::npos,
                     f.explanation.c_str());
    }

    // The node lifecycle controller names pods without namespace or node; the kubelet's
    // SyncLoop lines tie them to their node, through a sibling journal when the kubelet log
    // itself names no node. The finding must count them; this kubelet does not log its
    // status patches, so it cannot say whether they stayed not ready.
    void heartbeatGapCountsStuckPods()
    {
        const auto incident = test::load({std::string(KUBELANE_SAMPLES) + "/node-heartbeat-gap"});
        AnalyzeOptions options;
        options.resourceDir = KUBELANE_RESOURCES;
        options.onlyRules = {"node-heartbeat-gap"};
        const auto analysis = analyzeIncident(incident, options);
        QCOMPARE(analysis->findings.size(), size_t(1));
        QVERIFY2(analysis->findings[0].explanation.find("The controller marked 45 pods on node3 not ready") != std::string::npos,
                 analysis->findings[0].explanation.c_str());
    }

    // A StatefulSet's pod evicted from worker-2 comes back, under its name, on worker-1 before
    // worker-2's kubelet is back: the pods the controller marked not ready and the taint
    // manager deleted are still worker-2's (they had been drawn to worker-1, whose kubelet
    // logged the name first).
    void podMadeAgainElsewhereStaysInItsNodesFinding()
    {
        const auto incident = test::load({std::string(KUBELANE_SAMPLES) + "/node-taint-eviction"});
        AnalyzeOptions options;
        options.resourceDir = KUBELANE_RESOURCES;
        options.onlyRules = {"node-heartbeat-gap", "node-taint-eviction"};
        const auto analysis = analyzeIncident(incident, options);
        std::map<std::string, std::string> explanationOf;
        std::map<std::string, std::set<std::string>> evictedPodsOf;
        for (const Finding &f : analysis->findings) {
            explanationOf[f.rule + " " + f.subject.text()] = f.explanation;
            for (EventIndex e : f.evidence)
                if (incident->typeName(incident->event(e)) == "taint-manager.delete-pod")
                    evictedPodsOf[f.subject.text()].insert(incident->podName(incident->event(e)));
        }
        const std::string gap = explanationOf["node-heartbeat-gap node/worker-2"];
        QVERIFY2(gap.find("The controller marked 3 pods on worker-2 not ready") != std::string::npos, gap.c_str());
        QCOMPARE(evictedPodsOf["node/worker-2"], (std::set<std::string>{"shop/cart-5f7d8c9b6-2xk4p", "shop/checkout-0"}));
    }
};

QTEST_GUILESS_MAIN(TestSamples)
#include "tst_samples.moc"
