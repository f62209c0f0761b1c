// `kubelane analyze --format markdown`: on every incident sample each finding's title (with
// Markdown's special characters escaped), its evidence lines verbatim in code fences and the
// export command that shows it again; escaping and fences that survive hostile text.
#include "testutil.h"

#include "app/commandline.h"
#include "app/reopencommand.h"
#include "core/analysis/analyzer.h"
#include "core/report/markdownreport.h"

#include <QtTest>

using namespace kubelane;

namespace {

std::shared_ptr<const core::Analysis> analyse(const std::string &sample)
{
    auto incident = test::load({std::string(KUBELANE_SAMPLES) + "/" + sample});
    core::AnalyzeOptions options;
    options.resourceDir = KUBELANE_RESOURCES;
    return core::analyzeIncident(incident, options);
}

bool contains(const std::string &text, const std::string &part) { return text.find(part) != std::string::npos; }

} // namespace

class TestMarkdownReport : public QObject {
    Q_OBJECT
private slots:
    void escapesMarkdownSpecials()
    {
        QCOMPARE(core::markdownEscape("a_b *c* [d](e) <f> `g` #1 | x\\y"),
                 std::string("a\\_b \\*c\\* \\[d\\](e) \\<f\\> \\`g\\` \\#1 \\| x\\\\y"));
        QCOMPARE(core::markdownEscape("two\nlines"), std::string("two lines"));
        QCOMPARE(core::markdownEscape("PLEG is not healthy: pleg was last seen active 3m0s ago"),
                 std::string("PLEG is not healthy: pleg was last seen active 3m0s ago"));
    }

    void codeBlockFenceOutlastsBackticksInside()
    {
        QCOMPARE(core::markdownCodeBlock("plain", "text"), std::string("```text\nplain\n```\n"));
        QCOMPARE(core::markdownCodeBlock("a ```` b\n"), std::string("`````\na ```` b\n`````\n"));
    }

    void findingWithHostileTitleIsEscaped()
    {
        auto incident = std::make_shared<core::Incident>();
        core::Analysis analysis;
        analysis.incident = incident;
        core::Finding f;
        f.rule = "x";
        f.subject = core::Subject::ofPod("ns/web_0");
        f.title = "Pod *web_0* [restarted] <3 times>";
        f.explanation = "Because `kubectl` said so";
        analysis.findings.push_back(f);
        const std::string md = core::analysisMarkdown(*incident, &analysis);
        QVERIFY(contains(md, "### 1. Pod \\*web\\_0\\* \\[restarted\\] \\<3 times\\>\n"));
        QVERIFY(contains(md, "Because \\`kubectl\\` said so"));
        QVERIFY(contains(md, "`pod/ns/web_0`")); // inside a code span nothing is escaped
    }

    void samplesHaveTitlesEvidenceAndCommands_data()
    {
        QTest::addColumn<QString>("sample");
        for (const char *s : {"probe-status-race", "pleg-unhealthy", "sandbox-missing", "node-heartbeat-gap", "spec-hash-restart"})
            QTest::newRow(s) << QString::fromLatin1(s);
    }
    void samplesHaveTitlesEvidenceAndCommands()
    {
        QFETCH(QString, sample);
        const auto analysis = analyse(sample.toStdString());
        const core::Incident &inc = *analysis->incident;
        QVERIFY(!analysis->findings.empty());
        const std::string bundle = std::string(KUBELANE_SAMPLES) + "/" + sample.toStdString();
        const app::CommandLine cl = app::parseCommandLine({"analyze", bundle, "--format", "markdown"});
        QVERIFY(cl.markdown && !cl.json);
        core::MarkdownOptions options;
        options.reopenCommand = [&](std::size_t i, const core::Finding &f) { return app::exportCommandForFinding(cl, i, f); };
        const std::string md = core::analysisMarkdown(inc, analysis.get(), options);
        QVERIFY(contains(md, "## Findings (" + std::to_string(analysis->findings.size()) + ")"));
        for (std::size_t i = 0; i < analysis->findings.size(); ++i) {
            const core::Finding &f = analysis->findings[i];
            const std::string n = std::to_string(i + 1);
            QVERIFY2(contains(md, "### " + n + ". " + core::markdownEscape(f.title) + "\n"), f.title.c_str());
            QVERIFY2(contains(md, "- **Severity:** " + std::string(core::severityName(f.severity))), md.c_str());
            QVERIFY(contains(md, "`" + f.subject.text() + "`"));
            // The first evidence line, verbatim, opens a code fence.
            QVERIFY(!f.evidence.empty());
            std::string raw(inc.rawText(inc.events[f.evidence.front()]));
            raw = raw.substr(0, raw.find('\n'));
            if (raw.size() > 400)
                raw = raw.substr(0, 300);
            QVERIFY2(contains(md, "```text\n" + raw), raw.c_str());
            QVERIFY2(contains(md, "```sh\nkubelane export " + bundle + " --finding " + n + " -o finding-" + n + ".png\n```"), md.c_str());
        }
    }

    void exportCommandKeepsLoadOptionsAndFramesByWindowWhenNumberingDiffers()
    {
        core::Finding f;
        f.start = core::Timestamp{1592446380123456789LL};
        f.end = core::Timestamp{1592446390000000000LL};
        auto cl = app::parseCommandLine({"analyze", "my bundle", "--tz", "n1=+08:00", "--json", "--verbose"});
        QCOMPARE(app::exportCommandForFinding(cl, 1, f), std::string("kubelane export 'my bundle' --tz n1=+08:00 --finding 2 -o finding-2.png"));
        QCOMPARE(app::windowCommandForFinding(cl, 1, f), std::string("kubelane 'my bundle' --tz n1=+08:00 --finding 2"));
        cl = app::parseCommandLine({"analyze", "b", "--rule", "pleg-unhealthy", "--format", "markdown", "--from", "2020-06-18T02:00:00Z"});
        QCOMPARE(app::exportCommandForFinding(cl, 0, f),
                 std::string("kubelane export b --rule pleg-unhealthy --from 2020-06-18T02:13:00.123456789Z --to 2020-06-18T02:13:10.000000000Z -o finding-1.png"));
        cl = app::parseCommandLine({"analyze", "-"});
        QCOMPARE(app::exportCommandForFinding(cl, 0, f), std::string());
        QCOMPARE(app::shellQuote("it's"), std::string("'it'\\''s'"));
    }

    void formatOptionIsChecked()
    {
        QVERIFY(app::parseCommandLine({"analyze", "b", "--format", "json"}).json);
        QVERIFY(!app::parseCommandLine({"analyze", "b", "--format", "text"}).json);
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, app::parseCommandLine({"analyze", "b", "--format", "html"}));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, app::parseCommandLine({"analyze", "b", "--json", "--format", "markdown"}));
        QVERIFY(app::parseCommandLine({"export", "b", "-o", "t.json", "--format", "perfetto"}).perfetto);
        QVERIFY(app::parseCommandLine({"export", "b", "-o", "t.JSON"}).perfetto);
        QVERIFY(!app::parseCommandLine({"export", "b", "-o", "t.png"}).perfetto);
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, app::parseCommandLine({"export", "b", "-o", "t.svg", "--format", "svg"}));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, app::parseCommandLine({"b", "--format", "markdown"}));
    }
};

QTEST_GUILESS_MAIN(TestMarkdownReport)
#include "tst_markdownreport.moc"
