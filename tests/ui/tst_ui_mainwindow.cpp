// The main window end to end, offscreen: a sample is loaded and analysed in the loader
// thread, findings are listed, selecting one drives the timeline, the log view follows the
// selection both ways, the walkthrough steps through the chain, notes reach the session.
#include "uitestdata.h"

#include "ui/exportdialog.h"
#include "ui/findingspanel.h"
#include "ui/logview.h"
#include "ui/mainwindow.h"
#include "ui/notesstore.h"
#include "ui/overviewstrip.h"
#include "ui/timelineimage.h"
#include "ui/timelinewidget.h"
#include "ui/viewscene.h"
#include "ui/walkthroughcontroller.h"

#include <QDir>
#include <QMenu>
#include <QMimeData>
#include <QPlainTextEdit>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeWidget>
#include <QUrl>

using namespace kubelane;
using namespace kubelane::ui;

class TestMainWindow : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void loadsSampleInBackground();
    void findingDrivesTimelineAndLog();
    void logViewFollowsBothWays();
    void walkthroughSteps();
    void cancelKeepsWindowUsable();
    void exportWritesImage();
    void dropOpensBundleAndRecentReopens();
    void dropTextOpensPaste();
    void cleanupTestCase();

private:
    QTemporaryDir m_sessions;
    std::unique_ptr<MainWindow> m_window;
};

void TestMainWindow::initTestCase()
{
    QCoreApplication::setOrganizationName("kubelane-test");
    QStandardPaths::setTestModeEnabled(true); // settings (recent bundles) away from the user's
    QSettings().remove(QStringLiteral("recentBundles"));
    core::LoadOptions load;
    load.resourceDir = KUBELANE_RESOURCES;
    m_window = std::make_unique<MainWindow>(load);
    m_window->setSessionDirectory(m_sessions.path());
    m_window->resize(1500, 950);
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
}

void TestMainWindow::loadsSampleInBackground()
{
    QSignalSpy loaded(m_window.get(), &MainWindow::bundleLoaded);
    m_window->openBundle({QStringLiteral(KUBELANE_SAMPLES "/probe-status-race")});
    QVERIFY(!m_window->analysis()); // returns at once: the work is in the loader thread
    QVERIFY(loaded.wait(60000));
    QVERIFY(m_window->analysis());
    QVERIFY(m_window->timeline()->laneModel());
    QCOMPARE(m_window->findingsPanel()->findingCount(), static_cast<int>(m_window->analysis()->findings.size()));
    QVERIFY(m_window->findingsPanel()->findingCount() >= 2);
    QVERIFY(m_window->timeline()->visibleEnd() > m_window->timeline()->visibleStart());
    QVERIFY(m_window->overview()->bins()[0].size() == OverviewStrip::kBins);
}

void TestMainWindow::findingDrivesTimelineAndLog()
{
    const auto &findings = m_window->analysis()->findings;
    const auto it = std::find_if(findings.begin(), findings.end(), [](const core::Finding &f) { return f.rule == "probe-status-race"; });
    QVERIFY(it != findings.end());
    const int index = static_cast<int>(it - findings.begin());
    // As a user would: click its row in the findings table.
    QTreeWidget *table = m_window->findingsPanel()->table();
    QTreeWidgetItem *row = nullptr;
    for (int i = 0; i < table->topLevelItemCount(); ++i)
        if (table->topLevelItem(i)->data(0, Qt::UserRole).toInt() == index)
            row = table->topLevelItem(i);
    QVERIFY(row);
    table->setCurrentItem(row);
    QCOMPARE(m_window->timeline()->finding(), index);
    QVERIFY(m_window->timeline()->visibleStart() <= it->start && m_window->timeline()->visibleEnd() >= it->end);
    QVERIFY(m_window->findingsPanel()->explanationHtml().contains("Causal chain"));
}

void TestMainWindow::logViewFollowsBothWays()
{
    const auto &inc = *m_window->incident();
    const auto &f = m_window->analysis()->findings[static_cast<std::size_t>(m_window->timeline()->finding())];
    const core::EventIndex kill = f.evidence.back();
    m_window->timeline()->selectEvent(kill);
    LogView *log = m_window->logView();
    QCOMPARE(log->currentEvent(), kill);
    const QString shown = log->rawView()->textCursor().block().text();
    const std::string_view raw = inc.rawText(inc.event(kill));
    QVERIFY2(shown.contains(QString::fromUtf8(raw.data(), qsizetype(std::min<std::size_t>(raw.size(), 60)))), qPrintable(shown));
    QVERIFY(shown.startsWith(QString::number(inc.lineOf(inc.event(kill)))));
    QVERIFY(log->detailsText().contains(QString::fromStdString(inc.sources[inc.event(kill).source].path)));

    // Other way: move the cursor to the previous line that is an event of its own.
    const int row = log->rawView()->textCursor().blockNumber();
    core::EventIndex previous = core::kNoEvent;
    int target = row - 1;
    for (; target >= 0; --target) {
        previous = log->eventAtLine(inc.event(kill).source, inc.lineOf(inc.event(kill)) - static_cast<std::uint32_t>(row - target));
        if (previous != core::kNoEvent && previous != kill)
            break;
    }
    QVERIFY(previous != core::kNoEvent);
    QTextCursor c(log->rawView()->document()->findBlockByNumber(target));
    log->rawView()->setTextCursor(c);
    QCOMPARE(m_window->timeline()->selectedEvent(), previous);
    QCOMPARE(log->currentEvent(), previous);
}

void TestMainWindow::walkthroughSteps()
{
    const int finding = m_window->timeline()->finding();
    const auto &f = m_window->analysis()->findings[static_cast<std::size_t>(finding)];
    QVERIFY(f.chain.size() >= 3);
    m_window->setWalkthrough(true);
    WalkthroughController *walk = m_window->walkthrough();
    QVERIFY(walk->isActive());
    QCOMPARE(walk->count(), static_cast<int>(f.chain.size()));
    walk->next();
    const auto &step = f.chain[1];
    QCOMPARE(m_window->timeline()->selectedEvent(), step.event);
    const auto mid = m_window->timeline()->visibleStart()
        + core::Duration{(m_window->timeline()->visibleEnd() - m_window->timeline()->visibleStart()).ns / 2};
    QVERIFY(std::llabs((mid - step.time).ns) < 1000); // centred
    QVERIFY(m_window->timeline()->state().banner.contains(QString::fromStdString(step.text)));
    QVERIFY(m_window->timeline()->state().banner.contains("Step 2 of"));
    m_window->setWalkthrough(false);
    QVERIFY(m_window->timeline()->state().banner.isEmpty());
}

void TestMainWindow::cancelKeepsWindowUsable()
{
    auto before = m_window->analysis();
    QSignalSpy loaded(m_window.get(), &MainWindow::bundleLoaded);
    m_window->openBundle({QStringLiteral(KUBELANE_SAMPLES "/probe-status-race")});
    QMetaObject::invokeMethod(
        m_window.get(), [] {}, Qt::QueuedConnection);
    m_window->findChild<QPushButton *>()->click();
    QTest::qWait(300);
    QCOMPARE(loaded.count(), 0);
    QCOMPARE(m_window->analysis(), before); // the old bundle stays on screen
}

void TestMainWindow::exportWritesImage()
{
    QTemporaryDir dir;
    // The current view: its range and rows, with the findings in it called out.
    m_window->selectFinding(0);
    ExportChoice view;
    view.size = ImageSize{1000, 0, 1.5};
    const auto scene = m_window->exportScene(view);
    QVERIFY(scene);
    QCOMPARE(scene->start, m_window->timeline()->visibleStart());
    QCOMPARE(scene->end, m_window->timeline()->visibleEnd());
    QVERIFY(std::find(scene->findings.begin(), scene->findings.end(), 0) != scene->findings.end());
    TimelineImage image(*scene, view.size);
    QCOMPARE(image.state().rows, rowsOnScreen(*m_window->timeline())); // the rows on screen, not all rows
    const QString png = dir.filePath("view.png");
    QString error;
    QVERIFY2(m_window->exportImage(png, view, &error), qPrintable(error));
    QImage img(png);
    QCOMPARE(img.size(), image.pixelSize());

    // The whole bundle: every finding, every lane, the bundle's whole time.
    ExportChoice bundle;
    bundle.scope = ExportScope::WholeBundle;
    const auto whole = m_window->exportScene(bundle);
    QVERIFY(whole);
    QCOMPARE(whole->findings.size(), m_window->analysis()->findings.size());
    QVERIFY(whole->shown.empty());
    QVERIFY(whole->start <= m_window->timeline()->laneModel()->first() && whole->end >= m_window->timeline()->laneModel()->last());

    // The dialog's preview states the size that will be written.
    ExportDialog dialog([&](const ExportChoice &c) { return m_window->exportScene(c); }, {"one"}, 0);
    QVERIFY2(dialog.sizeText().endsWith(" px"), qPrintable(dialog.sizeText()));
    QCOMPARE(dialog.choice().scope, ExportScope::Finding);
    QCOMPARE(dialog.suggestedFileName(), QStringLiteral("kubelane-finding-1.png"));
    const auto framed = m_window->exportScene(dialog.choice());
    const TimelineImage expected(*framed, dialog.choice().size);
    QCOMPARE(dialog.sizeText(), QStringLiteral("%1 × %2 px").arg(expected.pixelSize().width()).arg(expected.pixelSize().height()));
}

void TestMainWindow::dropOpensBundleAndRecentReopens()
{
    // Dropping a folder from the file manager opens it.
    QSignalSpy loaded(m_window.get(), &MainWindow::bundleLoaded);
    const QString sandbox = QDir(QStringLiteral(KUBELANE_SAMPLES "/sandbox-missing")).absolutePath();
    QMimeData mime;
    mime.setUrls({QUrl::fromLocalFile(sandbox)});
    const QPointF centre(m_window->width() / 2.0, m_window->height() / 2.0);
    QDragEnterEvent enter(centre.toPoint(), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(m_window.get(), &enter);
    QVERIFY(enter.isAccepted());
    QDropEvent drop(centre, Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(m_window.get(), &drop);
    QVERIFY(loaded.wait(60000));
    QCOMPARE(m_window->analysis()->findings.size(), std::size_t(2));
    QCOMPARE(QString::fromStdString(m_window->analysis()->findings[1].rule), QStringLiteral("sandbox-missing"));

    // Both bundles are remembered, newest first, and choosing one reopens it.
    QMenu *recent = nullptr;
    for (QMenu *m : m_window->findChildren<QMenu *>())
        if (m->title() == MainWindow::tr("Open &recent"))
            recent = m;
    QVERIFY(recent);
    const auto actions = recent->actions();
    QVERIFY(actions.size() >= 2);
    QCOMPARE(actions[0]->text(), sandbox);
    QVERIFY2(actions[1]->text().endsWith(QStringLiteral("probe-status-race")), qPrintable(actions[1]->text()));
    const QString reopened = actions[1]->text();
    actions[1]->trigger(); // the menu is rebuilt afterwards: `actions` is stale from here
    QVERIFY(loaded.wait(60000));
    QVERIFY(m_window->analysis()->findings.size() >= 2);
    QCOMPARE(recent->actions()[0]->text(), reopened); // moved to the top
}

void TestMainWindow::dropTextOpensPaste()
{
    // Text selected in a browser or chat and dropped: one in-memory source, analysed as a
    // bundle; it is no file, so it is neither remembered as recent nor given a session file.
    QFile paste(QStringLiteral(KUBELANE_SAMPLES "/pleg-paste/kubelet-paste.txt"));
    QVERIFY(paste.open(QIODevice::ReadOnly));
    const auto sessionFiles = [this] { return QDir(m_sessions.path() + "/sessions").entryList(QDir::Files).size(); };
    const auto sessionsBefore = sessionFiles();
    QSignalSpy loaded(m_window.get(), &MainWindow::bundleLoaded);
    QMimeData mime;
    mime.setText(QString::fromUtf8(paste.readAll()));
    const QPointF centre(m_window->width() / 2.0, m_window->height() / 2.0);
    QDragEnterEvent enter(centre.toPoint(), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(m_window.get(), &enter);
    QVERIFY(enter.isAccepted());
    QDropEvent drop(centre, Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(m_window.get(), &drop);
    QVERIFY(loaded.wait(60000));
    const auto &incident = *m_window->analysis()->incident;
    QCOMPARE(incident.sources.size(), std::size_t(1));
    QCOMPARE(QString::fromStdString(incident.sources[0].path), MainWindow::tr("(dropped text)"));
    QCOMPARE(incident.stats.unparsed, std::uint64_t(0));
    QCOMPARE(m_window->analysis()->findings.size(), std::size_t(1));
    QCOMPARE(QString::fromStdString(m_window->analysis()->findings[0].rule), QStringLiteral("pleg-unhealthy"));
    for (QMenu *m : m_window->findChildren<QMenu *>())
        if (m->title() == MainWindow::tr("Open &recent"))
            for (QAction *a : m->actions())
                QVERIFY(!a->text().contains(MainWindow::tr("(dropped text)")));
    // A note on the paste stays in memory: no session file, and the previous bundle's notes
    // are not touched.
    m_window->notes()->add(Note{incident.events.front().time, QStringLiteral("node/worker-3"), QStringLiteral("paste note")});
    QCOMPARE(m_window->notes()->notes().size(), std::size_t(1));
    QCOMPARE(sessionFiles(), sessionsBefore);
}

void TestMainWindow::cleanupTestCase()
{
    m_window.reset();
}

QTEST_MAIN(TestMainWindow)
#include "tst_ui_mainwindow.moc"
