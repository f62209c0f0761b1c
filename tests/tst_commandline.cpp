// The command line as a user and a script meet it: arguments, exit codes, and the documented
// JSON of `kubelane analyze --json`, from the real binary.
#include "app/commandline.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QCryptographicHash>
#include <QDir>
#include <QFileInfo>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

using namespace kubelane;

namespace {

struct Run {
    int exitCode = -1;
    QByteArray out, err;
};

Run runKubelane(const QStringList &args, const QString &dataHome = {})
{
    QProcess p;
    if (!dataHome.isEmpty()) { // where `export` looks for the session's notes
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert("XDG_DATA_HOME", dataHome);
        p.setProcessEnvironment(env);
    }
    p.setProgram(KUBELANE_BINARY);
    p.setArguments(args);
    p.start();
    p.waitForFinished(120000);
    return {p.exitCode(), p.readAllStandardOutput(), p.readAllStandardError()};
}

// Width and height from a PNG's IHDR chunk (this test links no image library).
QSize pngSize(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    const QByteArray head = f.read(24);
    if (head.size() < 24 || !head.startsWith("\x89PNG\r\n\x1a\n") || head.mid(12, 4) != "IHDR")
        return {};
    auto be32 = [&](int at) {
        return (quint32(quint8(head[at])) << 24) | (quint32(quint8(head[at + 1])) << 16) | (quint32(quint8(head[at + 2])) << 8)
            | quint32(quint8(head[at + 3]));
    };
    return QSize(int(be32(16)), int(be32(20)));
}

} // namespace

class TestCommandLine : public QObject {
    Q_OBJECT
private slots:
    void parsesOptions()
    {
        const auto cl =
            app::parseCommandLine({"analyze", "b", "--tz", "node3=+08:00", "--grace", "50s", "--rule", "pleg-unhealthy", "--json"});
        QCOMPARE(cl.command, app::CommandLine::Command::Analyze);
        QCOMPARE(cl.inputs, std::vector<std::string>{"b"});
        QCOMPARE(cl.load.utcOffsets.at(0).pattern, std::string("node3"));
        QCOMPARE(cl.gracePeriod->ns, 50 * core::kNsPerSecond);
        QVERIFY(cl.json);
    }

    void parsesLimits()
    {
        const auto cl = app::parseCommandLine({"analyze", "b", "--max-memory", "2G", "--max-expanded", "512M", "--max-ratio", "50"});
        QVERIFY(cl.load.maxMemoryBytes);
        QCOMPARE(*cl.load.maxMemoryBytes, std::uint64_t(2) << 30);
        QCOMPARE(cl.load.maxExpandedBytes, std::uint64_t(512) << 20);
        QCOMPARE(cl.load.maxExpansionRatio, 50.0);
        QVERIFY(!app::parseCommandLine({"analyze", "b"}).load.maxMemoryBytes); // not given: the window's setting or the default
        QVERIFY(core::defaultMaxMemory() >= (std::uint64_t(1) << 30));
    }

    void rejectsBadArguments_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::newRow("no bundle") << QStringList{"analyze"};
        QTest::newRow("bad zone") << QStringList{"analyze", "b", "--tz", "node3=+25:00"};
        QTest::newRow("zone without source") << QStringList{"analyze", "b", "--tz", "+08:00"};
        QTest::newRow("bad grace") << QStringList{"analyze", "b", "--grace", "soon"};
        QTest::newRow("bad year") << QStringList{"analyze", "b", "--year", "20"};
        QTest::newRow("to before from") << QStringList{"analyze", "b", "--from", "2020-01-02T00:00:00Z", "--to", "2020-01-01T00:00:00Z"};
        QTest::newRow("unknown option") << QStringList{"analyze", "b", "--frobnicate"};
        QTest::newRow("export without -o") << QStringList{"export", "b"};
        QTest::newRow("export to .jpg") << QStringList{"export", "b", "-o", "out.jpg"};
        QTest::newRow("export --finding and --rule") << QStringList{"export", "b", "-o", "o.png", "--finding", "1", "--rule", "x"};
        QTest::newRow("export --finding 0") << QStringList{"export", "b", "-o", "o.png", "--finding", "0"};
        QTest::newRow("export tiny width") << QStringList{"export", "b", "-o", "o.png", "--width", "20"};
        QTest::newRow("export huge scale") << QStringList{"export", "b", "-o", "o.png", "--scale", "40"};
        QTest::newRow("export bad zone") << QStringList{"export", "b", "-o", "o.png", "--zone", "Mars"};
        QTest::newRow("--lanes with analyze") << QStringList{"analyze", "b", "--lanes", "x"};
        QTest::newRow("bad --max-memory") << QStringList{"analyze", "b", "--max-memory", "lots"};
        QTest::newRow("zero --max-memory") << QStringList{"analyze", "b", "--max-memory", "0"};
        QTest::newRow("bad --max-ratio") << QStringList{"analyze", "b", "--max-ratio", "1"};
        QTest::newRow("bad --max-expanded") << QStringList{"analyze", "b", "--max-expanded", "8X"};
        QTest::newRow("analyze --format html") << QStringList{"analyze", "b", "--format", "html"};
        QTest::newRow("export --format svg") << QStringList{"export", "b", "-o", "o.svg", "--format", "svg"};
    }
    void rejectsBadArguments()
    {
        QFETCH(QStringList, args);
        std::vector<std::string> v;
        for (const auto &a : args)
            v.push_back(a.toStdString());
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, app::parseCommandLine(v));
        const Run r = runKubelane(args);
        QCOMPARE(r.exitCode, 2);
        QVERIFY(r.err.startsWith("kubelane: "));
        QVERIFY(r.out.isEmpty());
    }

    void firstPaintReportPaintsAndQuits()
    {
        // The window on a sample, offscreen: it reports the time to its first complete paint
        // (and the load inside it), then quits by itself; an unreadable bundle exits 3.
        QVERIFY(app::parseCommandLine({"--first-paint-report", "b"}).firstPaintReport);
        const Run r = runKubelane({"--first-paint-report", KUBELANE_SAMPLES "/pleg-unhealthy"});
        QCOMPARE(r.exitCode, 0);
        const QRegularExpression report(
            R"(^window first paint ([0-9.e-]+) s \(loaded and analysed ([0-9.e-]+) s, painting [0-9.e-]+ ms\), peak RSS [0-9]+ MB\n$)");
        const auto m = report.match(QString::fromUtf8(r.out));
        QVERIFY2(m.hasMatch(), r.out.constData());
        QVERIFY(m.captured(1).toDouble() >= m.captured(2).toDouble());
        QCOMPARE(runKubelane({"--first-paint-report", "/nonexistent/bundle"}).exitCode, 3);
    }

    // A pipe given as a file (bash's <(zcat ...)) is read to its end; it cannot be mapped.
    void readsAPipeGivenAsAFile()
    {
        QProcess p;
        p.start("bash",
                {"-c",
                 QString("'%1' analyze --json <(cat '%2'/nodes/*/kubelet.log)").arg(KUBELANE_BINARY, KUBELANE_SAMPLES "/pleg-unhealthy")});
        QVERIFY(p.waitForFinished(60000));
        QCOMPARE(p.exitCode(), 0);
        const QJsonObject doc = QJsonDocument::fromJson(p.readAllStandardOutput()).object();
        QCOMPARE(doc["stats"].toObject()["unparsed"].toInt(), 0);
        QVERIFY(doc["stats"].toObject()["events"].toInt() > 100);
        QCOMPARE(doc["findings"].toArray().size(), 1);
    }

    // The text summary says how each source's component was told next to the component, not
    // after the node, where it read as the node's.
    void textSummarySaysHowTheComponentWasTold()
    {
        const Run r = runKubelane({"analyze", KUBELANE_SAMPLES "/pleg-unhealthy"});
        QCOMPARE(r.exitCode, 0);
        const QString out = QString::fromUtf8(r.out);
        QVERIFY2(out.contains("klog text, component kube-controller-manager (by path), node -\n"), qPrintable(out));
    }

    // A control-plane component's journal names the machine it ran on, not a node: the summary
    // says the host rather than leave the source looking placeless.
    void textSummaryGivesTheHostOfANodelessSource()
    {
        QTemporaryDir dir;
        QFile f(dir.filePath("journal.txt"));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("May 29 06:08:00 machine-1 microk8s.daemon-kubelite[13121]: E0529 06:08:00.604948   13121 controllermanager.go:302] "
                "\"leaderelection lost\"\n"
                "May 29 06:08:01 machine-1 systemd[1]: snap.microk8s.daemon-kubelite.service: Main process exited, code=exited, "
                "status=1/FAILURE\n");
        f.close();
        const Run r = runKubelane({"analyze", dir.path()});
        QCOMPARE(r.exitCode, 0);
        const QString out = QString::fromUtf8(r.out);
        QVERIFY2(out.contains("component kube-controller-manager (by content), node -, host machine-1\n"), qPrintable(out));
    }

    // A file of no events (notes put in the bundle) has no clock: no UTC offset is claimed for it.
    void textSummaryGivesNoClockToAFileOfNoEvents()
    {
        QTemporaryDir dir;
        for (const auto &[name, text] : {std::pair{"README.txt", "collected by the on-call engineer after the outage\n"},
                                         std::pair{"kubelet.log", "I0618 02:12:47.000000 1 kubelet.go:1] \"SyncLoop (housekeeping)\"\n"}}) {
            QFile f(dir.filePath(name));
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(text);
        }
        const Run r = runKubelane({"analyze", dir.path()});
        QCOMPARE(r.exitCode, 0);
        const QString out = QString::fromUtf8(r.out);
        QCOMPARE(out.count("UTC offset"), 1);
        const QString readme = out.mid(out.indexOf("README.txt"), out.indexOf("kubelet.log") - out.indexOf("README.txt"));
        QVERIFY2(!readme.contains("UTC offset"), qPrintable(out));
    }

    void nothingReadableExits3()
    {
        const Run r = runKubelane({"analyze", "/nonexistent/bundle"});
        QCOMPARE(r.exitCode, 3);
        QVERIFY2(r.err.contains("/nonexistent/bundle"), r.err.constData());
    }

    void unknownRuleExits2()
    {
        const Run r = runKubelane({"analyze", KUBELANE_SAMPLES "/sandbox-missing", "--rule", "no-such-rule"});
        QCOMPARE(r.exitCode, 2);
        QVERIFY(r.err.contains("no-such-rule"));
    }

    void jsonHasTheDocumentedShape()
    {
        const Run r = runKubelane({"analyze", KUBELANE_SAMPLES "/sandbox-missing", "--json", "--resources", KUBELANE_RESOURCES});
        QCOMPARE(r.exitCode, 0);
        QJsonParseError error;
        const QJsonObject doc = QJsonDocument::fromJson(r.out, &error).object();
        QCOMPARE(error.error, QJsonParseError::NoError);
        const QJsonObject stats = doc["stats"].toObject();
        QVERIFY(stats["lines"].toInteger() > 0);
        QCOMPARE(stats["unparsed"].toInteger(), 0);
        qint64 lines = 0;
        for (const auto &s : doc["sources"].toArray()) {
            const QJsonObject src = s.toObject();
            for (const char *key : {"path", "format", "component", "node", "utcOffset", "utcOffsetOrigin", "first", "last"})
                QVERIFY2(src.contains(key), key);
            lines += src["lines"].toInteger();
        }
        QCOMPARE(lines, stats["lines"].toInteger());
        const QJsonArray findings = doc["findings"].toArray();
        // In time order: the pods the not-ready taint evicted, hours before the kubelet's crash loop.
        QCOMPARE(findings.size(), 2);
        QCOMPARE(findings[0].toObject()["rule"].toString(), QString("node-taint-eviction"));
        const QJsonObject f = findings[1].toObject();
        QCOMPARE(f["rule"].toString(), QString("sandbox-missing"));
        QCOMPARE(f["subject"].toString(), QString("node/node3"));
        QVERIFY(f["start"].toString().endsWith('Z'));
        QVERIFY(f["explanation"].toString().contains("d0831a4288e261b5e3a5643f4a36bb2162282262fba671a682159494dfcd6f56"));
        const QJsonObject ev = f["evidence"].toArray().first().toObject();
        for (const char *key : {"source", "line", "time", "text"})
            QVERIFY2(ev.contains(key), key);
    }

    // `xclip -o | kubelane analyze -`: the paste is read from standard input, named
    // "(standard input)", analysed like a file, and written nowhere.
    void analyzeReadsStandardInput()
    {
        QFile paste(KUBELANE_SAMPLES "/pleg-paste/kubelet-paste.txt");
        QVERIFY(paste.open(QIODevice::ReadOnly));
        QTemporaryDir home, work;
        QProcess p;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert("HOME", home.path());
        env.insert("XDG_DATA_HOME", home.path());
        env.insert("XDG_CONFIG_HOME", home.path());
        p.setProcessEnvironment(env);
        p.setWorkingDirectory(work.path());
        p.setProgram(KUBELANE_BINARY);
        p.setArguments({"analyze", "-", "--json", "--resources", KUBELANE_RESOURCES});
        p.start();
        QVERIFY(p.waitForStarted());
        p.write(paste.readAll());
        p.closeWriteChannel();
        QVERIFY(p.waitForFinished(120000));
        QCOMPARE(p.exitCode(), 0);
        const QJsonObject doc = QJsonDocument::fromJson(p.readAllStandardOutput()).object();
        const QJsonArray sources = doc["sources"].toArray();
        QCOMPARE(sources.size(), 1);
        QCOMPARE(sources[0].toObject()["path"].toString(), QString("(standard input)"));
        QCOMPARE(doc["stats"].toObject()["unparsed"].toInteger(), 0);
        const QJsonArray findings = doc["findings"].toArray();
        QCOMPARE(findings.size(), 1);
        QCOMPARE(findings[0].toObject()["rule"].toString(), QString("pleg-unhealthy"));
        QCOMPARE(findings[0].toObject()["subject"].toString(), QString("node/worker-3"));
        QVERIFY(QDir(home.path()).isEmpty(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden));
        QVERIFY(QDir(work.path()).isEmpty(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden));

        // An empty paste is nothing readable.
        QProcess empty;
        empty.setStandardInputFile(QProcess::nullDevice());
        empty.start(KUBELANE_BINARY, {"analyze", "-", "--resources", KUBELANE_RESOURCES});
        QVERIFY(empty.waitForFinished(120000));
        QCOMPARE(empty.exitCode(), 3);
        const QByteArray err = empty.readAllStandardError();
        QVERIFY2(err.contains("(standard input)"), err.constData());

        // An archive is opened by its path; piped, it is refused with that advice.
        QProcess gz;
        gz.start(KUBELANE_BINARY, {"analyze", "-", "--resources", KUBELANE_RESOURCES});
        QVERIFY(gz.waitForStarted());
        gz.write(QByteArray("\x1f\x8b\x08\x00\x00\x00\x00\x00\x00\x03", 10));
        gz.closeWriteChannel();
        QVERIFY(gz.waitForFinished(120000));
        QCOMPARE(gz.exitCode(), 3);
        QVERIFY(gz.readAllStandardError().contains("archive"));
    }

    void graceDecidesAGap()
    {
        // The 59 s gap fires against 40 s and stays silent against 90 s.
        const auto count = [](const QStringList &extra) {
            const Run r = runKubelane(
                QStringList{"analyze", KUBELANE_SAMPLES "/node-heartbeat-gap", "--json", "--rule", "node-heartbeat-gap"} + extra);
            return QJsonDocument::fromJson(r.out).object()["findings"].toArray().size();
        };
        QCOMPARE(count({}), 1);
        QCOMPARE(count({"--grace", "90s"}), 0);
    }

    void exportWritesTheRequestedSize()
    {
        QTemporaryDir dir;
        const QString png = dir.filePath("gap.png");
        const Run r = runKubelane(
            {"export", KUBELANE_SAMPLES "/node-heartbeat-gap", "-o", png, "--width", "800", "--height", "600", "--scale", "2"}, dir.path());
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QCOMPARE(pngSize(png), QSize(1600, 1200));
        QVERIFY2(r.err.contains("1600 x 1200 px, 1 finding, 0 notes"), r.err.constData());
        QVERIFY2(!r.err.contains("XDG_RUNTIME_DIR"), r.err.constData());
        // Same input, same image: a second run writes the same bytes.
        const QString again = dir.filePath("again.png");
        QCOMPARE(runKubelane(
                     {"export", KUBELANE_SAMPLES "/node-heartbeat-gap", "-o", again, "--width", "800", "--height", "600", "--scale", "2"},
                     dir.path())
                     .exitCode,
                 0);
        QFile a(png), b(again);
        QVERIFY(a.open(QIODevice::ReadOnly) && b.open(QIODevice::ReadOnly));
        QVERIFY(a.readAll() == b.readAll());

        const QString pdf = dir.filePath("gap.pdf");
        QCOMPARE(runKubelane({"export", KUBELANE_SAMPLES "/node-heartbeat-gap", "-o", pdf}, dir.path()).exitCode, 0);
        QFile f(pdf);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QVERIFY(f.read(5) == "%PDF-");
    }

    void exportDrawsTheSessionNotes()
    {
        // A note pinned in the window (saved in the session file, outside the bundle) is in the export.
        QTemporaryDir dir;
        const QString bundle = QFileInfo(KUBELANE_SAMPLES "/node-heartbeat-gap").canonicalFilePath();
        const QByteArray hash = QCryptographicHash::hash(bundle.toUtf8(), QCryptographicHash::Sha1).toHex();
        QVERIFY(QDir().mkpath(dir.filePath("kubelane/kubelane/sessions")));
        QFile session(dir.filePath("kubelane/kubelane/sessions/" + QString::fromLatin1(hash) + ".json"));
        QVERIFY(session.open(QIODevice::WriteOnly));
        // 2020-06-18T02:13:00Z, inside the heartbeat gap the export frames.
        session.write(R"({"notes":[{"ns":"1592446380000000000","lane":"","text":"kubelet stuck on the API"}]})");
        session.close();
        const Run r = runKubelane({"export", bundle, "-o", dir.filePath("n.png")}, dir.path());
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QVERIFY2(r.err.contains("1 finding, 1 note"), r.err.constData());
    }

    void exportNothingMatchesExits4_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("message");
        QTest::newRow("finding out of range") << QStringList{"--finding", "9"} << "--finding 9: the bundle has 1 finding";
        QTest::newRow("rule without finding") << QStringList{"--rule", "spec-hash-restart"} << "--rule spec-hash-restart: no such finding";
        QTest::newRow("window outside the bundle") << QStringList{"--from", "2001-01-01T00:00:00Z", "--to", "2001-01-01T00:01:00Z"}
                                                   << "no event of the bundle lies between --from and --to";
    }
    // The image and the Perfetto trace are framed by the same code, and refuse alike.
    void exportNothingMatchesExits4()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, message);
        QTemporaryDir dir;
        for (const QString name : {"none.png", "none.json"}) {
            const QString out = dir.filePath(name);
            const Run r = runKubelane(QStringList{"export", KUBELANE_SAMPLES "/node-heartbeat-gap", "-o", out} + args, dir.path());
            QCOMPARE(r.exitCode, 4);
            QVERIFY2(r.err.contains(message.toUtf8()), r.err.constData());
            QVERIFY(!QFile::exists(out));
        }
    }

    // --finding and --rule are refused together once, for the commands that take --finding;
    // analyze says that --finding is not its option at all.
    void findingWithRuleIsRefusedOnce()
    {
        auto message = [](const std::vector<std::string> &args) {
            try {
                app::parseCommandLine(args);
            } catch (const std::invalid_argument &e) {
                return std::string(e.what());
            }
            return std::string();
        };
        QVERIFY(message({"b", "--finding", "1", "--rule", "x"}).starts_with("--finding and --rule cannot be combined"));
        QVERIFY(message({"export", "b", "-o", "o.png", "--finding", "1", "--rule", "x"})
                    .starts_with("--finding and --rule cannot be combined"));
        QVERIFY(message({"analyze", "b", "--finding", "1", "--rule", "x"}).starts_with("-o, --finding and --lanes are options"));
    }

    // The summary's reopen lines repeat the bundle as given; only the first word is the
    // subcommand, so a bundle folder named "analyze" is kept, not dropped with it.
    void markdownKeepsABundleNamedAnalyze()
    {
        QTemporaryDir dir;
        QVERIFY(QFile::link(KUBELANE_SAMPLES "/sandbox-missing", dir.filePath("analyze")));
        QProcess p;
        p.setWorkingDirectory(dir.path());
        p.start(KUBELANE_BINARY, {"analyze", "analyze", "--format", "markdown"});
        QVERIFY(p.waitForFinished(120000));
        const QByteArray out = p.readAllStandardOutput();
        QCOMPARE(p.exitCode(), 0);
        QVERIFY2(out.contains("kubelane analyze --finding 1\nkubelane export analyze --finding 1 -o finding-1.png"), out.constData());
    }

    // --format perfetto writes a trace a JSON reader takes, with the findings track and the
    // lines; analyze --format markdown prints the summary; --format json is --json, unchanged.
    void perfettoAndMarkdownFromTheBinary()
    {
        QTemporaryDir dir;
        const QString traceFile = dir.filePath("trace.json");
        Run r = runKubelane({"export", KUBELANE_SAMPLES "/probe-status-race", "-o", traceFile, "--format", "perfetto"}, dir.path());
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QVERIFY2(r.err.contains("ui.perfetto.dev"), r.err.constData());
        QFile f(traceFile);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QJsonParseError error;
        const QJsonObject doc = QJsonDocument::fromJson(f.readAll(), &error).object();
        QCOMPARE(error.error, QJsonParseError::NoError);
        QCOMPARE(doc["displayTimeUnit"].toString(), QString("ms"));
        const QJsonArray events = doc["traceEvents"].toArray();
        bool findingsProcess = false, flow = false, mark = false;
        for (const auto &v : events) {
            const QJsonObject e = v.toObject();
            findingsProcess |= e["name"] == "process_name" && e["args"].toObject()["name"] == "kubelane findings";
            flow |= e["ph"] == "s";
            mark |= e["ph"] == "i" && e["args"].toObject().contains("raw");
        }
        QVERIFY(findingsProcess && flow && mark);

        // --lanes that keeps nothing: exit 4 and no file.
        const QString none = dir.filePath("none.json");
        r = runKubelane({"export", KUBELANE_SAMPLES "/probe-status-race", "-o", none, "--lanes", "no-such-lane-anywhere-xyz"}, dir.path());
        QCOMPARE(r.exitCode, 4);
        QVERIFY(!QFile::exists(none));

        r = runKubelane({"analyze", KUBELANE_SAMPLES "/sandbox-missing", "--format", "markdown"});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QVERIFY2(r.out.startsWith("# kubelane summary"), r.out.constData());
        QVERIFY(r.out.contains("```text\n"));
        QVERIFY(r.out.contains("--finding 1 -o finding-1.png"));

        const Run json = runKubelane({"analyze", KUBELANE_SAMPLES "/sandbox-missing", "--json"});
        const Run format = runKubelane({"analyze", KUBELANE_SAMPLES "/sandbox-missing", "--format", "json"});
        QCOMPARE(json.exitCode, 0);
        QCOMPARE(format.out, json.out);
    }

    void exportReportsBadLanesAndUnwritableOutput()
    {
        QTemporaryDir dir;
        Run r =
            runKubelane({"export", KUBELANE_SAMPLES "/node-heartbeat-gap", "-o", dir.filePath("x.png"), "--lanes", "(oops"}, dir.path());
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("--lanes"), r.err.constData());
        r = runKubelane({"export", KUBELANE_SAMPLES "/node-heartbeat-gap", "-o", dir.filePath("no/such/folder/x.png")}, dir.path());
        QCOMPARE(r.exitCode, 5);
        QVERIFY2(r.err.contains("cannot write"), r.err.constData());
        // An image no machine should hold is refused before it is painted.
        r = runKubelane({"export", KUBELANE_SAMPLES "/node-heartbeat-gap", "-o", dir.filePath("huge.png"), "--width", "20000", "--height",
                         "20000", "--scale", "8"},
                        dir.path());
        QCOMPARE(r.exitCode, 5);
        QVERIFY2(r.err.contains("160000 x 160000 pixels"), r.err.constData());
    }
};

QTEST_GUILESS_MAIN(TestCommandLine)
#include "tst_commandline.moc"
