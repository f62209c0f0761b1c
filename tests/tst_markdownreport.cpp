// `kubelane analyze --format markdown`: on every incident sample each finding's title (with
// Markdown's special characters escaped), its evidence lines verbatim in code fences and the
// export command that shows it again; escaping and fences that survive hostile text.
#include "testutil.h"

#include "app/commandline.h"
#include "app/reopencommand.h"
#include "core/analysis/analyzer.h"
#include "core/report/markdownreport.h"
#include "core/util/shellquote.h"

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

bool contains(const std::string &text, const std::string &part)
{
    return text.find(part) != std::string::npos;
}

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
        // What opens a block at the start of a line, and only there.
        QCOMPARE(core::markdownEscape("- x - y"), std::string("\\- x - y"));
        QCOMPARE(core::markdownEscape("+ x"), std::string("\\+ x"));
        QCOMPARE(core::markdownEscape("    ---"), std::string("\\---"));
        QCOMPARE(core::markdownEscape("===="), std::string("\\===="));
        QCOMPARE(core::markdownEscape("12. x 3. y"), std::string("12\\. x 3. y"));
        QCOMPARE(core::markdownEscape("1) x"), std::string("1\\) x"));
        QCOMPARE(core::markdownEscape("1.5s"), std::string("1\\.5s"));    // harmless: shown as 1.5s
        QCOMPARE(core::markdownEscape("a\r# b"), std::string("a \\# b")); // a lone CR ends a line too
    }

    // Skipped inputs, unreadable sources, lines not understood and rules cut short are listed,
    // each input in a table whose cells survive the pipes and backticks of file names.
    void loadProblemsAreListed()
    {
        auto incident = std::make_shared<core::Incident>();
        incident->skipped.push_back({"b.tar.gz!logs/a|b.log", "a duplicate: the same content as x_y.log, read once"});
        incident->skipped.push_back({"b.tar.gz!core", "binary data (not text)"});
        core::Source broken;
        broken.path = "b.tar.gz!`odd`.log";
        broken.error = "truncated gzip stream";
        core::Source partly;
        partly.path = "kubelet.log";
        partly.lineCount = 120;
        partly.unparsedLines = 7;
        core::Source clean;
        clean.path = "clean.log";
        clean.lineCount = 10;
        incident->sources = {broken, partly, clean};
        core::Analysis analysis;
        analysis.incident = incident;
        analysis.problems.push_back("rule pleg-unhealthy: stopped at the time budget of 5 s");
        const std::string md = core::analysisMarkdown(*incident, &analysis);
        QVERIFY2(contains(md,
                          "## Load problems\n\n**Not loaded (2)**\n\n| Input | Problem |\n| --- | --- |\n"
                          "| `b.tar.gz!logs/a\\|b.log` | a duplicate: the same content as x\\_y.log, read once |\n"
                          "| `b.tar.gz!core` | binary data (not text) |\n\n"),
                 md.c_str());
        QVERIFY2(contains(md,
                          "**Read with errors (1)**\n\n| Input | Problem |\n| --- | --- |\n"
                          "| ``b.tar.gz!`odd`.log`` | truncated gzip stream |\n"),
                 md.c_str());
        QVERIFY2(contains(md,
                          "**Lines not understood (1)**\n\n| Input | Problem |\n| --- | --- |\n"
                          "| `kubelet.log` | 7 of 120 lines not understood |\n"),
                 md.c_str());
        QVERIFY(!contains(md, "clean.log"));
        QVERIFY2(contains(md, "- rule pleg-unhealthy: stopped at the time budget of 5 s\n"), md.c_str());
        QVERIFY(md.find("## Load problems") < md.find("## Findings (0)"));

        // Past the limit, the rest is counted, never dropped in silence.
        core::MarkdownOptions options;
        options.problemLimit = 1;
        const std::string cut = core::analysisMarkdown(*incident, &analysis, options);
        QVERIFY(!contains(cut, "b.tar.gz!core"));
        QVERIFY2(contains(cut, "… and 1 more (`kubelane analyze` lists them all)"), cut.c_str());

        // Nothing went wrong: no section.
        core::Incident fine;
        fine.sources = {clean};
        QVERIFY(!contains(core::analysisMarkdown(fine, nullptr), "Load problems"));
    }

    // A line break in a file name would end the code span's line and let the next start a
    // heading: a code span stays on one line.
    void codeSpansStayOnOneLine()
    {
        core::Incident inc;
        inc.inputs.push_back("bundle\n# not a heading");
        const std::string md = core::analysisMarkdown(inc, nullptr);
        QVERIFY2(contains(md, "- **Bundle:** `bundle # not a heading`\n"), md.c_str());
        QVERIFY(!contains(md, "\n# not a heading"));
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
        f.references = {"https://example.com/a b> # x", "https://kubernetes.io/docs/"};
        analysis.findings.push_back(f);
        const std::string md = core::analysisMarkdown(*incident, &analysis);
        QVERIFY(contains(md, "### 1. Pod \\*web\\_0\\* \\[restarted\\] \\<3 times\\>\n"));
        QVERIFY(contains(md, "Because \\`kubectl\\` said so"));
        QVERIFY(contains(md, "`pod/ns/web_0`"));                                       // inside a code span nothing is escaped
        QVERIFY2(contains(md, "See: https://example.com/a b\\> \\# x\n"), md.c_str()); // no autolink: it would end at the space
        QVERIFY(contains(md, "See: <https://kubernetes.io/docs/>\n"));
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
            std::string raw(inc.rawText(inc.event(f.evidence.front())));
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
        QCOMPARE(app::exportCommandForFinding(cl, 1, f),
                 std::string("kubelane export 'my bundle' --tz n1=+08:00 --finding 2 -o finding-2.png"));
        QCOMPARE(app::windowCommandForFinding(cl, 1, f), std::string("kubelane 'my bundle' --tz n1=+08:00 --finding 2"));
        cl = app::parseCommandLine({"analyze", "b", "--rule", "pleg-unhealthy", "--format", "markdown", "--from", "2020-06-18T02:00:00Z"});
        // Framed as --finding frames it: 15 % of the finding's span on each side.
        const auto commands = app::ReopenCommandMaker(cl).forFinding(0, f);
        QCOMPARE(commands.exportImage,
                 std::string("kubelane export b --rule pleg-unhealthy --from 2020-06-18T02:12:58.641975308Z --to "
                             "2020-06-18T02:13:11.481481481Z -o finding-1.png"));
        QCOMPARE(commands.window,
                 std::string("kubelane b --rule pleg-unhealthy --from 2020-06-18T02:12:58.641975308Z --to 2020-06-18T02:13:11.481481481Z"));
        cl = app::parseCommandLine({"analyze", "-"});
        QCOMPARE(app::exportCommandForFinding(cl, 0, f), std::string());
        QCOMPARE(app::windowCommandForFinding(cl, 0, f), std::string());
    }

    // The reopen lines and the window's "Copy view as command" quote words the same way.
    void shellQuoteQuotesOnlyWhatNeedsIt()
    {
        QCOMPARE(core::shellQuote("n1=+08:00"), std::string("n1=+08:00"));
        QCOMPARE(core::shellQuote("samples/pleg-unhealthy"), std::string("samples/pleg-unhealthy"));
        QCOMPARE(core::shellQuote("a b"), std::string("'a b'"));
        QCOMPARE(core::shellQuote("$HOME"), std::string("'$HOME'"));
        QCOMPARE(core::shellQuote("it's"), std::string("'it'\\''s'"));
        QCOMPARE(core::shellQuote(""), std::string("''"));
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
