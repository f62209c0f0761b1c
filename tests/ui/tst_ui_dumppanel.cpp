// The goroutine-dump panel: a dump opens as lanes of groups (count, state, longest wait),
// not one lane per goroutine; the holder of the lock queue comes first, highlighted, with its
// stack readable; choosing a goroutine's event on the timeline opens its dump at its group;
// the main window wires it to the timeline and the log view.
#include "core/analysis/analyzer.h"
#include "core/load/loader.h"
#include "ui/dumppanel.h"
#include "ui/exportscene.h"
#include "ui/lanemodel.h"
#include "ui/mainwindow.h"
#include "ui/timelineimage.h"

#include <QDockWidget>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTreeWidget>
#include <QtTest>

using namespace kubelane;

namespace {

std::shared_ptr<const core::Analysis> plegSample()
{
    core::LoadOptions load;
    load.resourceDir = KUBELANE_RESOURCES;
    core::AnalyzeOptions analyze;
    analyze.resourceDir = KUBELANE_RESOURCES;
    return core::analyzeIncident(core::loadBundle({std::string(KUBELANE_SAMPLES) + "/pleg-unhealthy"}, load), analyze);
}

} // namespace

class TestDumpPanel : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { m_analysis = plegSample(); }

    void groupsAreLanesWithTheHolderFirst()
    {
        QCOMPARE(m_analysis->facts.dumps.size(), std::size_t(1));
        const core::RuntimeDump &d = m_analysis->facts.dumps[0];
        ui::DumpPanel panel;
        panel.resize(900, 600);
        panel.setAnalysis(m_analysis);
        QCOMPARE(panel.currentDump(), 0);
        QTreeWidget *lanes = panel.lanes();
        // One lane per group (and one per holder), far fewer than the 412 goroutines.
        const int holders = int(std::count_if(d.convoys.begin(), d.convoys.end(), [](auto &c) { return c.holder.has_value(); }));
        QCOMPARE(holders, 1);
        QCOMPARE(lanes->topLevelItemCount(), int(d.buckets.size()) + holders);
        QVERIFY(lanes->topLevelItemCount() < 40);
        QTreeWidgetItem *holder = lanes->topLevelItem(0);
        QVERIFY(holder->data(0, ui::DumpPanel::HolderRole).toBool());
        QVERIFY(holder->font(0).bold());
        QVERIFY(holder->background(0).color().isValid());
        QVERIFY2(holder->text(3).contains("goroutine 2048871 in daemon.(*Daemon).containerStop"), qPrintable(holder->text(3)));
        QVERIFY(holder->text(3).contains("a gRPC call types.(*aPIClient).Signal"));
        QCOMPARE(holder->text(1), QString("select"));
        QCOMPARE(holder->text(2), QString("5 min"));
        // The holder's stack is what the panel opens on.
        QCOMPARE(lanes->currentItem(), holder);
        QVERIFY(panel.stackText().startsWith("goroutine 2048871 [select, 5 minutes]:"));
        QVERIFY(panel.stackText().contains("daemon.(*Daemon).containerStop(0xc4202ae000, 0xc420f3a600"));
        // The biggest group next: its count, state and longest wait.
        QTreeWidgetItem *top = lanes->topLevelItem(1);
        QVERIFY(!top->data(0, ui::DumpPanel::HolderRole).toBool());
        QCOMPARE(top->text(0), QString::number(d.buckets.front().count()));
        QCOMPARE(top->text(1), QString("semacquire"));
        QCOMPARE(top->text(2), QString("%1 min").arg(d.buckets.front().longestWaitMinutes));
        QVERIFY(top->text(3).startsWith("semacquire in sync.(*Mutex).Lock, called from daemon."));
        lanes->setCurrentItem(top);
        QVERIFY(panel.stackText().contains("sync.(*Mutex).Lock(0xc420f3a640)"));
        QVERIFY(panel.headerText().contains("dockerd"));
        QVERIFY(panel.headerText().contains(QStringLiteral("412 goroutines in %1 groups").arg(qulonglong(d.buckets.size()))));
        QVERIFY(panel.headerText().contains("file name goroutine-stacks-2019-05-16T100610+0800.log"));
    }

    // The timeline's event of one goroutine opens the dump at that goroutine's group; the
    // double-clicked lane asks the log view for the goroutine's lines.
    void eventOpensItsGroup()
    {
        const core::RuntimeDump &d = m_analysis->facts.dumps[0];
        const core::LockConvoy &c = d.convoys.front();
        const std::size_t waiter = c.waiters.back();
        const std::uint32_t line = d.dump->goroutines[waiter].sourceLine;
        core::EventIndex event = core::kNoEvent;
        for (std::size_t i = 0; i < m_analysis->incident->events.size(); ++i)
            if (m_analysis->incident->events[i].source == d.source && m_analysis->incident->lineOf(m_analysis->incident->events[i]) == line)
                event = core::EventIndex::fromIndex(i);
        QVERIFY(event != core::kNoEvent);
        ui::DumpPanel panel;
        panel.setAnalysis(m_analysis);
        panel.lanes()->setCurrentItem(panel.lanes()->topLevelItem(0));
        panel.showDumpOfEvent(event);
        QVERIFY(panel.stackText().startsWith(QString("goroutine %1 [").arg(d.dump->goroutines[waiter].id)));
        QVERIFY(!panel.lanes()->currentItem()->data(0, ui::DumpPanel::HolderRole).toBool());
        QSignalSpy activated(&panel, &ui::DumpPanel::eventActivated);
        emit panel.lanes()->itemDoubleClicked(panel.lanes()->topLevelItem(0), 0);
        QCOMPARE(activated.size(), 1);
        const core::EventIndex holderEvent = activated.front().front().value<core::EventIndex>();
        QCOMPARE(m_analysis->incident->lineOf(m_analysis->incident->event(holderEvent)), d.dump->goroutines[*c.holder].sourceLine);
        // The holder's event coming back as the timeline's selection keeps the holder's row.
        panel.lanes()->setCurrentItem(panel.lanes()->topLevelItem(0));
        connect(&panel, &ui::DumpPanel::eventActivated, &panel, &ui::DumpPanel::showDumpOfEvent);
        emit panel.lanes()->itemDoubleClicked(panel.lanes()->topLevelItem(0), 0);
        QCOMPARE(panel.lanes()->currentItem(), panel.lanes()->topLevelItem(0));
        QVERIFY(panel.stackText().startsWith(QString("goroutine %1 [").arg(d.dump->goroutines[*c.holder].id)));
    }

    // The exported image's caption of the PLEG finding carries the dump's line as a line of
    // its own, and the dump's moment is on the node's lanes the image keeps.
    void exportCaptionHasTheDumpLine()
    {
        auto model = std::make_shared<const ui::LaneModel>(m_analysis);
        ui::ExportRequest request;
        request.rules = {"pleg-unhealthy"};
        QString error;
        const auto scene = ui::frameExport(model, request, &error);
        QVERIFY2(scene, qPrintable(error));
        QCOMPARE(scene->findings.size(), std::size_t(1));
        const ui::TimelineImage image(*scene, {1100, 0, 1});
        const QStringList lines = image.captionBody(0).split(QLatin1Char('\n'));
        QCOMPARE(lines.size(), 2);
        QVERIFY2(lines[1].startsWith("Goroutine dump: 341 goroutines in dockerd waited"), qPrintable(lines[1]));
        QVERIFY(lines[1].contains("goroutine 2048871 held it"));
        const ui::LaneId dumpLane = model->laneOfEvent(m_analysis->facts.dumps[0].event);
        QVERIFY(dumpLane.valid());
        QVERIFY(scene->shown.empty() || scene->shown[dumpLane.index()]);
        QVERIFY(!image.toImage().isNull());
    }

    void mainWindowShowsTheDump()
    {
        QCoreApplication::setOrganizationName("kubelane-test");
        QStandardPaths::setTestModeEnabled(true);
        QTemporaryDir sessions;
        core::LoadOptions load;
        load.resourceDir = KUBELANE_RESOURCES;
        ui::MainWindow w(load);
        w.setSessionDirectory(sessions.path());
        w.showAnalysis(m_analysis, nullptr, {}, {});
        QVERIFY(w.dumpPanel());
        QCOMPARE(w.dumpPanel()->currentDump(), 0);
        auto *dock = qobject_cast<QDockWidget *>(w.dumpPanel()->parentWidget());
        QVERIFY(dock);
        QVERIFY(!dock->isHidden());
        // The window opened on the PLEG finding, which cites the dump: its holder is shown.
        QVERIFY(w.dumpPanel()->lanes()->currentItem()->data(0, ui::DumpPanel::HolderRole).toBool());
        // Double-clicking the holder's row shows its lines; the selection coming back from the
        // timeline leaves the holder's row current, with its stack.
        QTreeWidgetItem *holder = w.dumpPanel()->lanes()->currentItem();
        const QString holderStack = w.dumpPanel()->stackText();
        emit w.dumpPanel()->lanes()->itemDoubleClicked(holder, 0);
        QCOMPARE(w.dumpPanel()->lanes()->currentItem(), holder);
        QCOMPARE(w.dumpPanel()->stackText(), holderStack);
        // A lone stack trace (a recovered panic in kube-apiserver) is a dump of one goroutine:
        // the panel has it, the dock does not open for it.
        core::AnalyzeOptions analyzeGap;
        analyzeGap.resourceDir = KUBELANE_RESOURCES;
        core::LoadOptions loadGap;
        loadGap.resourceDir = KUBELANE_RESOURCES;
        const auto gap =
            core::analyzeIncident(core::loadBundle({std::string(KUBELANE_SAMPLES) + "/node-heartbeat-gap"}, loadGap), analyzeGap);
        QVERIFY(!gap->facts.dumps.empty());
        QVERIFY(std::all_of(gap->facts.dumps.begin(), gap->facts.dumps.end(),
                            [](const core::RuntimeDump &d) { return d.dump->goroutines.size() == 1; }));
        w.showAnalysis(gap, nullptr, {}, {});
        QCOMPARE(w.dumpPanel()->currentDump(), 0);
        QVERIFY(dock->isHidden());
        w.showAnalysis(m_analysis, nullptr, {}, {});
        QVERIFY(!dock->isHidden());
        // A bundle without a dump hides the panel.
        core::AnalyzeOptions analyze;
        analyze.resourceDir = KUBELANE_RESOURCES;
        core::LoadOptions loadOptions;
        loadOptions.resourceDir = KUBELANE_RESOURCES;
        w.showAnalysis(core::analyzeIncident(core::loadBundle({std::string(KUBELANE_SAMPLES) + "/heartbeat-blip"}, loadOptions), analyze),
                       nullptr, {}, {});
        QCOMPARE(w.dumpPanel()->currentDump(), -1);
        QVERIFY(dock->isHidden());
    }

private:
    std::shared_ptr<const core::Analysis> m_analysis;
};

QTEST_MAIN(TestDumpPanel)
#include "tst_ui_dumppanel.moc"
