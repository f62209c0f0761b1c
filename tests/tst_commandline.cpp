// The command line as a user and a script meet it: arguments, exit codes, and the documented
// JSON of `kubelane analyze --json`, from the real binary.
#include "app/commandline.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QtTest>

using namespace kubelane;

namespace {

struct Run {
    int exitCode = -1;
    QByteArray out, err;
};

Run runKubelane(const QStringList &args)
{
    QProcess p;
    p.setProgram(KUBELANE_BINARY);
    p.setArguments(args);
    p.start();
    p.waitForFinished(120000);
    return {p.exitCode(), p.readAllStandardOutput(), p.readAllStandardError()};
}

} // namespace

class TestCommandLine : public QObject {
    Q_OBJECT
private slots:
    void parsesOptions()
    {
        const auto cl = app::parseCommandLine({"analyze", "b", "--tz", "node3=+08:00", "--grace", "50s", "--rule", "pleg-unhealthy", "--json"});
        QCOMPARE(cl.command, app::CommandLine::Command::Analyze);
        QCOMPARE(cl.inputs, std::vector<std::string>{"b"});
        QCOMPARE(cl.load.utcOffsets.at(0).pattern, std::string("node3"));
        QCOMPARE(cl.gracePeriod->ns, 50 * core::kNsPerSecond);
        QVERIFY(cl.json);
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
        QCOMPARE(findings.size(), 1);
        const QJsonObject f = findings[0].toObject();
        QCOMPARE(f["rule"].toString(), QString("sandbox-missing"));
        QCOMPARE(f["subject"].toString(), QString("node/node3"));
        QVERIFY(f["start"].toString().endsWith('Z'));
        QVERIFY(f["explanation"].toString().contains("d0831a4288e261b5e3a5643f4a36bb2162282262fba671a682159494dfcd6f56"));
        const QJsonObject ev = f["evidence"].toArray().first().toObject();
        for (const char *key : {"source", "line", "time", "text"})
            QVERIFY2(ev.contains(key), key);
    }

    void graceDecidesAGap()
    {
        // The 59 s gap fires against 40 s and stays silent against 90 s.
        const auto count = [](const QStringList &extra) {
            const Run r = runKubelane(QStringList{"analyze", KUBELANE_SAMPLES "/node-heartbeat-gap", "--json", "--rule",
                                                  "node-heartbeat-gap"} + extra);
            return QJsonDocument::fromJson(r.out).object()["findings"].toArray().size();
        };
        QCOMPARE(count({}), 1);
        QCOMPARE(count({"--grace", "90s"}), 0);
    }
};

QTEST_GUILESS_MAIN(TestCommandLine)
#include "tst_commandline.moc"
