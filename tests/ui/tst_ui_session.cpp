// NotesStore (session files outside the bundle) and WalkthroughController (steps).
#include "uitestdata.h"

#include "ui/notesexchange.h"
#include "ui/notesstore.h"
#include "ui/walkthroughcontroller.h"

#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace kubelane;
using namespace kubelane::ui;

class TestSession : public QObject {
    Q_OBJECT
private slots:
    void sessionPathIsKeyedByInputs();
    void notesRoundTrip();
    void unreadableSessionIsReported();
    void notesFileRoundTrip();
    void handWrittenNotesFile();
    void notesFileRefusals();
    void walkthroughOfOneFinding();
    void walkthroughOfAllFindings();
};

void TestSession::sessionPathIsKeyedByInputs()
{
    QTemporaryDir bundle, sessions;
    const QString a = NotesStore::sessionPathFor({bundle.path()}, sessions.path());
    QCOMPARE(NotesStore::sessionPathFor({bundle.path() + "/"}, sessions.path()), a); // same folder, same session
    QVERIFY(NotesStore::sessionPathFor({bundle.path() + "/other"}, sessions.path()) != a);
    QVERIFY(a.startsWith(sessions.path()));
    QVERIFY(!a.startsWith(bundle.path())); // never inside the bundle
}

void TestSession::notesRoundTrip()
{
    QTemporaryDir bundle, sessions;
    const core::Timestamp t{1583980946102104123LL}; // ns survive the round trip
    {
        NotesStore store;
        QVERIFY(store.open({bundle.path()}, nullptr, sessions.path()));
        QVERIFY(store.notes().empty());
        store.add({t, QStringLiteral("node/n1/heartbeats"), QStringLiteral("network restarted here")});
        store.add({t - core::Duration{5}, QString(), QStringLiteral("earlier, whole timeline")});
        store.update(1, QStringLiteral("network restarted here (ops ticket 4711)"));
        QVERIFY(QFile::exists(store.path()));
    }
    NotesStore again;
    QVERIFY(again.open({bundle.path()}, nullptr, sessions.path()));
    QCOMPARE(again.notes().size(), std::size_t(2));
    QCOMPARE(again.notes()[0].time, t - core::Duration{5});
    QCOMPARE(again.notes()[1].time, t);
    QCOMPARE(again.notes()[1].laneKey, QStringLiteral("node/n1/heartbeats"));
    QCOMPARE(again.notes()[1].text, QStringLiteral("network restarted here (ops ticket 4711)"));
    again.remove(0);
    NotesStore third;
    QVERIFY(third.open({bundle.path()}, nullptr, sessions.path()));
    QCOMPARE(third.notes().size(), std::size_t(1));
    QVERIFY(QDir(bundle.path()).isEmpty());
}

void TestSession::unreadableSessionIsReported()
{
    QTemporaryDir sessions;
    const QString path = sessions.filePath("broken.json");
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write("{ not json");
    f.close();
    NotesStore store;
    QString error;
    QVERIFY(!store.openFile(path, &error));
    QVERIFY(error.contains("broken.json"));
    QVERIFY(store.notes().empty());
}

void TestSession::notesFileRoundTrip()
{
    const std::vector<Note> notes{
        {core::Timestamp{1583980946102104123LL}, QStringLiteral("node/n1/heartbeats"), QStringLiteral("lease \"renewed\" late")},
        {core::Timestamp{1583980950000000000LL}, QString(), QStringLiteral("whole timeline")}};
    const QByteArray json = notesexchange::write(notes, {QStringLiteral("/home/alice/incidents/bundle-4711.tar.gz")});
    QVERIFY2(!json.contains("/home/alice"), json.constData()); // a shared file names no local folder
    NotesFile read;
    QString error;
    QVERIFY2(notesexchange::read(json, read, &error), qPrintable(error));
    QCOMPARE(read.notes, notes);
    QCOMPARE(read.bundle, QStringList{QStringLiteral("bundle-4711.tar.gz")});
    QVERIFY(read.problems.isEmpty());
}

void TestSession::handWrittenNotesFile()
{
    // What a teammate types: RFC 3339 times in their zone, no "ns"; notes out of order; two
    // notes that cannot be placed, which are named rather than dropped silently.
    const QByteArray json = R"({"format": "kubelane-notes", "version": 1, "notes": [
        {"time": "2020-03-12T10:40:00.5+08:00", "text": "second"},
        {"time": "2020-03-12T02:31:00Z", "lane": "node/n1/heartbeats", "text": "first"},
        {"time": "yesterday", "text": "no time"},
        {"time": "2020-03-12T02:32:00Z", "text": "  "}
    ]})";
    NotesFile read;
    QString error;
    QVERIFY2(notesexchange::read(json, read, &error), qPrintable(error));
    QCOMPARE(read.notes.size(), std::size_t(2));
    QCOMPARE(read.notes[0].text, QStringLiteral("first"));
    QCOMPARE(read.notes[0].time, *core::parseRfc3339("2020-03-12T02:31:00Z"));
    QCOMPARE(read.notes[1].time, *core::parseRfc3339("2020-03-12T02:40:00.5Z"));
    QCOMPARE(read.problems.size(), 2);
    QVERIFY2(read.problems[0].startsWith("note 3:") && read.problems[0].contains("yesterday"), qPrintable(read.problems[0]));
    QVERIFY2(read.problems[1].startsWith("note 4:") && read.problems[1].contains("text"), qPrintable(read.problems[1]));
}

void TestSession::notesFileRefusals()
{
    NotesFile read;
    QString error;
    QVERIFY(!notesexchange::read(R"({"format": "kubelane-notes", "version": 2, "notes": []})", read, &error));
    QVERIFY2(error.contains("newer"), qPrintable(error));
    QVERIFY(!notesexchange::read(R"({"kind": "Pod", "metadata": {}})", read, &error));
    QVERIFY2(error.contains("not a kubelane notes file"), qPrintable(error));
    QVERIFY(!notesexchange::read(R"([1, 2])", read, &error));
    QVERIFY(!notesexchange::read("{", read, &error));
    QVERIFY(!error.isEmpty());
    // A session file of an older kubelane: no "format", "ns" only.
    QVERIFY(notesexchange::read(R"({"version": 1, "notes": [{"ns": "1583980946102104123", "text": "kept"}]})", read, &error));
    QCOMPARE(read.notes.size(), std::size_t(1));
    QCOMPARE(read.notes[0].time, core::Timestamp{1583980946102104123LL});
}

static std::shared_ptr<core::Analysis> twoFindings()
{
    uitest::IncidentBuilder b;
    const core::EventIndex e0 = b.add(uitest::at(1), "kubelet.start", "kubelet-main", "Version: v1.12.4");
    const core::EventIndex e1 = b.add(uitest::at(2), "pod.status.generate", "pod-worker", "Generating status");
    const core::EventIndex e2 = b.add(uitest::at(3), "container.kill", "pod-worker", "Killing container", core::Severity::Warning);
    auto a = std::make_shared<core::Analysis>();
    a->incident = b.finish();
    core::Finding late = uitest::finding("node-heartbeat-gap", "node/n1", 50, 60, "late");
    core::Finding race = uitest::finding("probe-status-race", "pod/default/web-0", 1, 3, "race");
    race.chain = {{uitest::at(1), "kubelet starts", e0}, {uitest::at(2), "status generated first", e1}, {uitest::at(3), "killed", e2}};
    race.evidence = {e0, e1, e2};
    a->findings = {race, late};
    return a;
}

void TestSession::walkthroughOfOneFinding()
{
    auto a = twoFindings();
    WalkthroughController w;
    QSignalSpy spy(&w, &WalkthroughController::stepChanged);
    w.start(a, 0);
    QVERIFY(w.isActive());
    QCOMPARE(w.count(), 3);
    QCOMPARE(spy.count(), 1);
    QCOMPARE(w.current()->event, core::EventIndex(0)); // the first chain step
    QVERIFY(!w.previous());
    QVERIFY(w.next());
    QCOMPARE(w.current()->text, QStringLiteral("status generated first"));
    QCOMPARE(w.current()->time, uitest::at(2));
    QVERIFY(w.caption().startsWith("Step 2 of 3"));
    QVERIFY(w.caption().contains("probe-status-race"));
    QVERIFY(w.next());
    QVERIFY(!w.next()); // stays on the last step
    QCOMPARE(w.index(), 2);
    QSignalSpy stopped(&w, &WalkthroughController::stopped);
    w.stop();
    QCOMPARE(stopped.count(), 1);
    QVERIFY(!w.current());
}

void TestSession::walkthroughOfAllFindings()
{
    // The fixture's findings come in time order; reversed, the walk must still go by time,
    // so without its sort it would start at the later one.
    auto a = twoFindings();
    std::reverse(a->findings.begin(), a->findings.end());
    QVERIFY(a->findings[0].start > a->findings[1].start);
    WalkthroughController w;
    w.start(a, -1);
    QCOMPARE(w.count(), 2);
    QCOMPARE(w.current()->finding, 1); // the earlier one first
    QCOMPARE(w.current()->time, a->findings[1].start);
    QVERIFY(w.next());
    QCOMPARE(w.current()->finding, 0);
    QCOMPARE(w.current()->chainStep, -1);
}

QTEST_GUILESS_MAIN(TestSession)
#include "tst_ui_session.moc"
