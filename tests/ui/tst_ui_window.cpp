// The window as an SRE meets it on a laptop, offscreen: the layout at 1280x720, 1600x1000 and
// 2560x1440 at scale 2 (the key columns and panes visible, panels that stay put), the search
// box (halos, counts, stepping), go to time, the zone in every place a time is shown, state
// labels clear of marks, and the small pieces behind them (typed times, lane-name elision).
#include "app/commandline.h"
#include "ui/eventplottable.h"
#include "ui/eventsearch.h"
#include "ui/findingspanel.h"
#include "ui/lanenameelision.h"
#include "ui/legendpainter.h"
#include "ui/legendwidget.h"
#include "ui/logview.h"
#include "ui/mainwindow.h"
#include "ui/notesstore.h"
#include "ui/overlaylayer.h"
#include "ui/shortcutsdialog.h"
#include "ui/statebarplottable.h"
#include "ui/theme.h"
#include "ui/timeaxisticker.h"
#include "ui/timelineimage.h"
#include "ui/timelinewidget.h"
#include "ui/typedtime.h"
#include "ui/walkthroughcontroller.h"

#include <qcustomplot.h>

#include <QClipboard>
#include <QComboBox>
#include <QDockWidget>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QRegularExpression>
#include <QScreen>
#include <QScrollBar>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTextBrowser>
#include <QToolBar>
#include <QTreeWidget>

using namespace kubelane;
using namespace kubelane::ui;

namespace {

std::unique_ptr<MainWindow> openWindow(const QString &sample, QSize size, const QString &sessions)
{
    core::LoadOptions load;
    load.resourceDir = KUBELANE_RESOURCES;
    auto w = std::make_unique<MainWindow>(load);
    w->setSessionDirectory(sessions);
    w->resize(size);
    w->show();
    if (!QTest::qWaitForWindowExposed(w.get()))
        return nullptr;
    QSignalSpy loaded(w.get(), &MainWindow::bundleLoaded);
    w->openBundle({sample});
    if (!loaded.wait(60000))
        return nullptr;
    QTest::qWait(50); // the first-show sizing of the panels is queued
    return w;
}

// Whether `child` lies wholly inside `window`'s visible area (not clipped, not in an overflow).
bool shownInside(const QWidget *child, const QWidget *window)
{
    if (!child->isVisible())
        return false;
    const QRect r(child->mapTo(window, QPoint(0, 0)), child->size());
    return window->rect().contains(r);
}

int countByRegex(const core::Incident &inc, const LaneModel &lanes, const QString &pattern)
{
    const QRegularExpression re(pattern, QRegularExpression::CaseInsensitiveOption);
    int n = 0;
    for (std::size_t e = 0; e < inc.events.size(); ++e) {
        if (!lanes.laneOfEvent(core::EventIndex::fromIndex(e)).valid())
            continue;
        const auto msg = inc.message(inc.events[e]);
        const auto type = inc.typeName(inc.events[e]);
        if (re.match(QString::fromUtf8(msg.data(), static_cast<qsizetype>(msg.size()))).hasMatch()
            || re.match(QString::fromUtf8(type.data(), static_cast<qsizetype>(type.size()))).hasMatch())
            ++n;
    }
    return n;
}

// Words of a POSIX shell line with single quotes ('\'' for a quote inside), as a shell reads them.
QStringList shellWords(const QString &line)
{
    QStringList words;
    QString word;
    bool inWord = false, quoted = false;
    for (int i = 0; i < line.size(); ++i) {
        const QChar c = line[i];
        if (quoted) {
            if (c == '\'')
                quoted = false;
            else
                word += c;
        } else if (c == '\'') {
            quoted = inWord = true;
        } else if (c == '\\' && i + 1 < line.size()) {
            word += line[++i];
            inWord = true;
        } else if (c == ' ') {
            if (inWord)
                words << word;
            word.clear();
            inWord = false;
        } else {
            word += c;
            inWord = true;
        }
    }
    if (inWord)
        words << word;
    return words;
}

} // namespace

class TestWindow : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void layoutFits_data();
    void layoutFits();
    void searchHighlightsAndSteps();
    void searchInRawLines();
    void goToTypedTime();
    void zoneAppliesEverywhere();
    void correctedTimesSaySo();
    void detailsSayTheNodeOnce();
    void notesNavigableAndTimeNotesOnAxis();
    void copyVisibleRange();
    void notesTravelBetweenTeammates();
    void sharedViewRoundTrips();
    void stateLabelsClearOfMarks();
    void walkthroughMarkClearOfBanner();
    void filterErrorClears();
    void themeSwitchKeepsSelection();
    void stickyGroupHeader();
    void legendTogglesEventKinds();
    void expandAndCollapseAll();
    void emptyBundleHasNoEpochAxis();
    void shortcutsListEveryKey();
    void typedTimes();
    void axisNamesDateAndZoneInView();
    void laneNamesKeepGeneratedSuffix();

private:
    QTemporaryDir m_sessions;
    const QString m_race = QStringLiteral(KUBELANE_SAMPLES "/probe-status-race");
};

void TestWindow::initTestCase()
{
    QCoreApplication::setOrganizationName("kubelane-test");
    QStandardPaths::setTestModeEnabled(true);
}

void TestWindow::layoutFits_data()
{
    QTest::addColumn<QSize>("physical");
    QTest::addColumn<double>("scale");
    QTest::newRow("1280x720") << QSize(1280, 720) << 1.0;
    QTest::newRow("1600x1000") << QSize(1600, 1000) << 1.0;
    QTest::newRow("2560x1440@2") << QSize(2560, 1440) << 2.0;
}

void TestWindow::layoutFits()
{
    QFETCH(QSize, physical);
    QFETCH(double, scale);
    const double dpr = QGuiApplication::primaryScreen()->devicePixelRatio();
    if (!qFuzzyCompare(dpr, scale))
        QSKIP("this size is checked in the run with QT_SCALE_FACTOR matching its scale (ctest tst_ui_window_hidpi)");
    const QSize logical(qRound(physical.width() / dpr), qRound(physical.height() / dpr));
    auto w = openWindow(m_race, logical, m_sessions.path());
    QVERIFY(w);
    const QImage shot = w->grab().toImage();
    QCOMPARE(shot.size(), physical); // what the screen shows, at its own resolution
    if (const QString dir = qEnvironmentVariable("KUBELANE_TEST_SCREENSHOTS"); !dir.isEmpty())
        shot.save(QStringLiteral("%1/window-%2x%3.png").arg(dir).arg(physical.width()).arg(physical.height()));

    // Findings: severity, rule, subject and time on screen without scrolling.
    QTreeWidget *table = w->findingsPanel()->table();
    QHeaderView *header = table->header();
    for (int section :
         {FindingsPanel::SeverityColumn, FindingsPanel::RuleColumn, FindingsPanel::SubjectColumn, FindingsPanel::TimeColumn}) {
        const QString title = table->headerItem()->text(section);
        QVERIFY2(!header->isSectionHidden(section), qPrintable(title));
        const int right = header->sectionViewportPosition(section) + header->sectionSize(section);
        QVERIFY2(header->sectionViewportPosition(section) >= 0 && right <= table->viewport()->width() + 1,
                 qPrintable(QStringLiteral("%1 ends at %2 of %3").arg(title).arg(right).arg(table->viewport()->width())));
        QVERIFY2(header->sectionSize(section) >= 40, qPrintable(title));
    }
    // The explanation reads as prose, not a word per line.
    auto *details = w->findingsPanel()->findChild<QTextBrowser *>();
    QVERIFY(details && shownInside(details, w.get()));
    QVERIFY2(details->viewport()->width() >= 300, qPrintable(QString::number(details->viewport()->width())));
    // The raw lines: wrapped, wide enough for a message.
    QPlainTextEdit *raw = w->logView()->rawView();
    QVERIFY(shownInside(raw, w.get()));
    QCOMPARE(raw->lineWrapMode(), QPlainTextEdit::WidgetWidth);
    QVERIFY2(raw->viewport()->width() >= 400, qPrintable(QString::number(raw->viewport()->width())));
    // The timeline keeps room for lanes, and the zone and search are never in an overflow menu.
    const int rows = static_cast<int>(w->timeline()->plot()->axisRect()->height() / w->timeline()->state().rowHeight);
    QVERIFY2(rows >= 12, qPrintable(QString::number(rows)));
    QVERIFY(shownInside(w->zoneCombo(), w.get()));
    QVERIFY(shownInside(w->findChild<QLineEdit *>(QStringLiteral("search")), w.get()));
    QVERIFY(shownInside(w->findChild<QLineEdit *>(QStringLiteral("laneFilter")), w.get()));

    // Panels stay put while the user selects things.
    QList<QDockWidget *> docks = w->findChildren<QDockWidget *>();
    QList<QSize> before;
    for (QDockWidget *d : docks)
        before << d->size();
    for (int i = 0; i < w->findingsPanel()->findingCount(); ++i) {
        w->selectFinding(i);
        QTest::qWait(20);
    }
    const auto &inc = *w->incident();
    for (std::size_t e = 0; e < inc.events.size(); e += inc.events.size() / 7)
        w->logView()->showEvent(core::EventIndex::fromIndex(e));
    QTest::qWait(50);
    for (int i = 0; i < docks.size(); ++i)
        QCOMPARE(docks[i]->size(), before[i]);
}

void TestWindow::searchHighlightsAndSteps()
{
    auto w = openWindow(m_race, QSize(1600, 1000), m_sessions.path());
    QVERIFY(w);
    const QString pattern = QStringLiteral("NodeNotReady|probe");
    w->setSearchText(pattern);
    const EventSearch *search = w->timeline()->search();
    QVERIFY(search);
    const int expected = countByRegex(*w->incident(), *w->timeline()->laneModel(), pattern);
    QVERIFY(expected > 3);
    QCOMPARE(static_cast<int>(search->count()), expected);
    QVERIFY2(w->searchStatus().contains(QString::number(expected)), qPrintable(w->searchStatus()));

    // Halos: pixels of the search colour in the plot, none once the search is cleared.
    auto haloPixels = [&] {
        w->timeline()->plot()->replot();
        const QImage img = w->timeline()->plot()->toPixmap().toImage();
        int n = 0;
        for (int y = 0; y < img.height(); ++y)
            for (int x = 0; x < img.width(); ++x)
                n += img.pixelColor(x, y) == w->timeline()->state().palette.searchHit;
        return n;
    };
    w->timeline()->fitAll();
    QVERIFY(haloPixels() > 20);

    // Enter steps forward in time, wrapping; Shift+Enter back.
    std::vector<core::EventIndex> seen;
    for (int i = 0; i < expected + 1; ++i) {
        w->nextMatch();
        seen.push_back(w->timeline()->selectedEvent());
        QVERIFY(search->matches(seen.back()));
    }
    for (std::size_t i = 1; i < static_cast<std::size_t>(expected); ++i)
        QVERIFY(w->incident()->event(seen[i - 1]).time <= w->incident()->event(seen[i]).time);
    QCOMPARE(seen[static_cast<std::size_t>(expected)], seen[0]); // wrapped round
    QVERIFY2(w->searchStatus().startsWith(QStringLiteral("1 of")), qPrintable(w->searchStatus()));
    w->previousMatch();
    QCOMPARE(w->timeline()->selectedEvent(), seen[static_cast<std::size_t>(expected) - 1]);
    QCOMPARE(w->logView()->currentEvent(), w->timeline()->selectedEvent());

    // The search never hides a lane (that is the filter's job).
    const auto rowsBefore = w->timeline()->state().rows;
    w->setSearchText(QStringLiteral("no-such-text-anywhere-xyz"));
    QCOMPARE(w->searchStatus(), tr("no matches"));
    QCOMPARE(w->timeline()->state().rows, rowsBefore);
    w->setSearchText(QString());
    QVERIFY(!w->timeline()->search());
    QCOMPARE(haloPixels(), 0);
}

void TestWindow::searchInRawLines()
{
    auto w = openWindow(m_race, QSize(1600, 1000), m_sessions.path());
    QVERIFY(w);
    w->setSearchText(QStringLiteral("PATCH"));
    w->nextMatch();
    // The raw excerpt around a PATCH request shows every PATCH in it highlighted.
    const QString text = w->logView()->rawView()->toPlainText();
    const int inText = static_cast<int>(text.count(QRegularExpression(QStringLiteral("patch"), QRegularExpression::CaseInsensitiveOption)));
    QVERIFY(inText > 0);
    QCOMPARE(w->logView()->searchHighlightCount(), inText);
    // The line-number gutter is the view's, not the log's: never matched, and "^" anchors at
    // each log line's own start.
    w->setSearchText(QStringLiteral("│"));
    QCOMPARE(w->logView()->searchHighlightCount(), 0);
    const QStringList rows = text.split('\n');
    const QString first = rows.front().mid(rows.front().indexOf(QStringLiteral("│ ")) + 2, 1);
    QVERIFY(!first.isEmpty());
    w->setSearchText(QStringLiteral("^") + QRegularExpression::escape(first));
    QVERIFY(w->logView()->searchHighlightCount() >= 1);
    w->setSearchText(QString());
    QCOMPARE(w->logView()->searchHighlightCount(), 0);
}

void TestWindow::goToTypedTime()
{
    auto w = openWindow(m_race, QSize(1600, 1000), m_sessions.path());
    QVERIFY(w);
    const auto target = core::parseRfc3339("2020-03-12T02:35:00Z");
    auto centre = [&] {
        return w->timeline()->visibleStart() + core::Duration{(w->timeline()->visibleEnd() - w->timeline()->visibleStart()).ns / 2};
    };
    auto near = [](core::Timestamp a, core::Timestamp b) { return std::llabs((a - b).ns) <= 1000; };
    QVERIFY(w->goToTime(QStringLiteral("02:35")));
    QVERIFY(near(centre(), *target));
    QVERIFY(w->timeline()->state().cursor && near(*w->timeline()->state().cursor, *target));
    w->timeline()->fitAll();
    w->setDisplayZone(8 * 3600);
    QVERIFY(w->goToTime(QStringLiteral("10:35:00.000"))); // read in the display zone
    QVERIFY(near(centre(), *target));
    w->timeline()->fitAll();
    QVERIFY(w->goToTime(QStringLiteral("2020-03-12T02:35:00Z"))); // its own zone wins
    QVERIFY(near(centre(), *target));
    QString error;
    QVERIFY(!w->goToTime(QStringLiteral("half past two"), &error));
    QVERIFY(!error.isEmpty());
    QVERIFY(w->goToTime(QStringLiteral("2021-01-01 00:00Z")));
    QVERIFY2(w->statusText().contains(tr("outside")), qPrintable(w->statusText()));
}

void TestWindow::zoneAppliesEverywhere()
{
    auto w = openWindow(m_race, QSize(1600, 1000), m_sessions.path());
    QVERIFY(w);
    w->notes()->add(Note{*core::parseRfc3339("2020-03-12T02:35:00Z"), {}, QStringLiteral("kubelet stopped")});
    w->setDisplayZone(5 * 3600 + 1800); // an offset no source has: typed in
    QVERIFY(w->zoneCombo()->currentText().contains(QStringLiteral("+05:30")));
    // 1. the axis names the zone and reads local times
    QCPAxis *axis = w->timeline()->plot()->xAxis2;
    w->timeline()->plot()->replot();
    QVERIFY2(axis->tickVectorLabels().join(' ').contains(QStringLiteral("+05:30")), qPrintable(axis->tickVectorLabels().join(' ')));
    // 2. the status bar's range
    QVERIFY2(w->rangeText().contains(QStringLiteral("+05:30")), qPrintable(w->rangeText()));
    // 3. the panels: findings times and the notes list
    QTreeWidget *table = w->findingsPanel()->table();
    bool findingInZone = false;
    for (QTreeWidgetItemIterator it(table); *it; ++it)
        for (int c = 0; c < table->columnCount(); ++c)
            findingInZone =
                findingInZone || (*it)->text(c).contains(QStringLiteral("+05:30")) || (*it)->toolTip(c).contains(QStringLiteral("+05:30"));
    QVERIFY(findingInZone || w->findingsPanel()->explanationHtml().contains(QStringLiteral("+05:30")));
    auto *notes = w->findChild<QListWidget *>();
    QVERIFY(notes && notes->count() == 1);
    QVERIFY2(notes->item(0)->text().startsWith(QStringLiteral("2020-03-12 08:05:00.000 +05:30")), qPrintable(notes->item(0)->text()));
    // 4. exports
    ExportChoice choice;
    choice.scope = ExportScope::CurrentView;
    const auto scene = w->exportScene(choice);
    QVERIFY(scene);
    QCOMPARE(scene->utcOffsetSeconds, 5 * 3600 + 1800);
    // and back to UTC through the same combo the user has
    const int utc = w->zoneCombo()->findData(0);
    QVERIFY(utc >= 0);
    w->zoneCombo()->setCurrentIndex(utc);
    emit w->zoneCombo()->activated(utc);
    QCOMPARE(w->displayZone(), 0);
    QVERIFY(w->rangeText().contains(QStringLiteral("UTC")));
}

void TestWindow::correctedTimesSaySo()
{
    auto w = openWindow(m_race, QSize(1600, 1000), m_sessions.path());
    QVERIFY(w);
    const core::Incident &inc = *w->incident();
    core::EventIndex skewed = core::kNoEvent, plain = core::kNoEvent;
    for (std::size_t i = 0; i < inc.events.size() && (skewed == core::kNoEvent || plain == core::kNoEvent); ++i) {
        const core::ClockInfo &clock = inc.sources[inc.events[i].source].clock;
        if (clock.skew.ns != 0 && skewed == core::kNoEvent)
            skewed = core::EventIndex::fromIndex(i);
        if (clock.skew.ns == 0 && clock.utcOffsetSeconds == 0 && plain == core::kNoEvent)
            plain = core::EventIndex::fromIndex(i);
    }
    QVERIFY(skewed != core::kNoEvent && plain != core::kNoEvent);
    const core::ClockInfo &clock = inc.sources[inc.event(skewed).source].clock;
    const QString said = LogView::timeCorrection(inc, skewed, 0);
    // The correction, its evidence and the time the raw line itself shows.
    QVERIFY2(said.contains(QStringLiteral("skew")) && said.contains(formatPreciseDuration(clock.skew)), qPrintable(said));
    QVERIFY2(said.contains(QString::fromStdString(clock.skewEvidence)), qPrintable(said));
    const core::Timestamp raw = inc.event(skewed).time - clock.skew;
    QVERIFY2(said.contains(QString::fromStdString(core::formatTimeOfDay(raw, 6, clock.utcOffsetSeconds))), qPrintable(said));
    QCOMPARE(LogView::timeCorrection(inc, plain, 0), QString());                        // nothing to say
    QVERIFY(LogView::timeCorrection(inc, plain, 3600).contains(QStringLiteral("UTC"))); // shown in another zone
    w->logView()->showEvent(skewed);
    QVERIFY(w->logView()->detailsText().contains(QStringLiteral("skew")));
}

// A node status failure names its node in its error, which the parse keeps as a field: the
// details show the event's node row and not the same node again as a field.
void TestWindow::detailsSayTheNodeOnce()
{
    auto w = openWindow(QStringLiteral(KUBELANE_SAMPLES "/node-heartbeat-gap"), QSize(1600, 1000), m_sessions.path());
    QVERIFY(w);
    const core::Incident &inc = *w->incident();
    core::EventIndex failure = core::kNoEvent;
    for (std::size_t i = 0; i < inc.events.size() && failure == core::kNoEvent; ++i)
        if (inc.typeName(inc.events[i]) == "node.status.update-failed" && !inc.field(inc.events[i], "node").empty())
            failure = core::EventIndex::fromIndex(i);
    QVERIFY(failure != core::kNoEvent);
    w->logView()->showEvent(failure);
    const QStringList lines = w->logView()->detailsText().split(QLatin1Char('\n'));
    QCOMPARE(lines.count(QStringLiteral("node")), 1);
    QVERIFY(lines.contains(QStringLiteral("error"))); // the other fields are still shown
}

void TestWindow::notesNavigableAndTimeNotesOnAxis()
{
    QTemporaryDir sessions; // only this test's notes
    auto w = openWindow(m_race, QSize(1600, 1000), sessions.path());
    QVERIFY(w);
    const core::Timestamp a = *core::parseRfc3339("2020-03-12T02:31:00Z"), b = *core::parseRfc3339("2020-03-12T02:40:00Z");
    w->notes()->add(Note{b, {}, QStringLiteral("second")});
    w->notes()->add(Note{a, QStringLiteral("node/10.86.98.42/heartbeats"), QStringLiteral("first")});
    TimelineWidget *t = w->timeline();
    t->fitAll();
    auto centre = [&] { return t->visibleStart() + core::Duration{(t->visibleEnd() - t->visibleStart()).ns / 2}; };
    t->centerOn(a - core::Duration{60 * core::kNsPerSecond});
    QTest::keyClick(w.get(), Qt::Key_B);
    QCOMPARE(centre(), a);
    QTest::keyClick(w.get(), Qt::Key_B);
    QCOMPARE(centre(), b);
    QTest::keyClick(w.get(), Qt::Key_B, Qt::ShiftModifier);
    QCOMPARE(centre(), a);
    // A note of a time only sits on the axis band; a lane's note in its lane's row.
    const QRect area = t->plot()->axisRect()->rect();
    const TimelineState &st = t->state();
    const QPointF timeNote =
        OverlayLayer::notePosition(st, st.notes[0].time == b ? st.notes[0] : st.notes[1], t->coordinates(), area.top());
    QVERIFY2(timeNote.y() < area.top(), qPrintable(QString::number(timeNote.y())));
    const Note &laneNote = st.notes[0].time == a ? st.notes[0] : st.notes[1];
    const QPointF inLane = OverlayLayer::notePosition(st, laneNote, t->coordinates(), area.top());
    const LaneId lane = st.model->laneByKey(laneNote.laneKey);
    QVERIFY(lane.valid());
    QVERIFY(inLane.y() >= area.top());
    QCOMPARE(st.rowAt(inLane.y(), area.top()), st.model->visibleRowOf(lane, st.rowOfLane));
}

void TestWindow::notesTravelBetweenTeammates()
{
    QTemporaryDir mine, theirs, exchange;
    const core::Timestamp a = *core::parseRfc3339("2020-03-12T02:31:00Z"), b = *core::parseRfc3339("2020-03-12T02:40:00Z");
    const QString file = exchange.filePath("notes.json");
    QString message;
    {
        auto w = openWindow(m_race, QSize(1280, 720), mine.path());
        QVERIFY(w);
        w->notes()->add(Note{a, QStringLiteral("node/10.86.98.42/heartbeats"), QStringLiteral("lease late")});
        w->notes()->add(Note{b, {}, QStringLiteral("network restarted")});
        QVERIFY2(w->exportNotes(file, &message), qPrintable(message));
        QVERIFY2(message.contains("2 notes"), qPrintable(message));
    }
    auto w = openWindow(m_race, QSize(1280, 720), theirs.path()); // a teammate: no notes of their own
    QVERIFY(w);
    QVERIFY(w->notes()->notes().empty());
    QVERIFY2(w->importNotes(file, &message), qPrintable(message));
    QVERIFY2(message.startsWith("Imported 2 notes"), qPrintable(message));
    QCOMPARE(w->notes()->notes().size(), std::size_t(2));
    QCOMPARE(w->notes()->notes()[0].laneKey, QStringLiteral("node/10.86.98.42/heartbeats"));
    QCOMPARE(w->timeline()->state().notes.size(), std::size_t(2)); // drawn, not only stored
    QVERIFY2(w->importNotes(file, &message), qPrintable(message)); // twice: nothing doubles
    QVERIFY2(message.startsWith("Imported 0 notes") && message.contains("2 already here"), qPrintable(message));
    QCOMPARE(w->notes()->notes().size(), std::size_t(2));
    // Notes of another bundle: each mismatch is said, nothing is dropped.
    QFile other(exchange.filePath("other.json"));
    QVERIFY(other.open(QIODevice::WriteOnly));
    other.write(R"({"format": "kubelane-notes", "version": 1, "bundle": ["prod-eu-7.tar.gz"], "notes": [
        {"time": "2020-03-12T02:35:00Z", "lane": "node/elsewhere/heartbeats", "text": "their node"},
        {"time": "2031-01-01T00:00:00Z", "text": "far later"}]})");
    other.close();
    QVERIFY2(w->importNotes(other.fileName(), &message), qPrintable(message));
    QVERIFY2(message.contains("1 pinned to lanes this bundle does not have"), qPrintable(message));
    QVERIFY2(message.contains("1 outside this bundle's time range"), qPrintable(message));
    QVERIFY2(message.contains("written for prod-eu-7.tar.gz"), qPrintable(message));
    QCOMPARE(w->notes()->notes().size(), std::size_t(4));
    QVERIFY(!w->importNotes(exchange.filePath("missing.json"), &message));
    QVERIFY2(message.contains("missing.json"), qPrintable(message));
}

void TestWindow::copyVisibleRange()
{
    auto w = openWindow(m_race, QSize(1600, 1000), m_sessions.path());
    QVERIFY(w);
    QTest::keyClick(w.get(), Qt::Key_C, Qt::ControlModifier | Qt::ShiftModifier);
    const QString text = QGuiApplication::clipboard()->text();
    QVERIFY2(text.startsWith(w->rangeText()), qPrintable(text));
    QVERIFY(text.contains(QString::fromStdString(core::formatRfc3339(w->timeline()->visibleStart(), 9))));
    QVERIFY(text.contains(QString::fromStdString(core::formatRfc3339(w->timeline()->visibleEnd(), 9))));
}

void TestWindow::sharedViewRoundTrips()
{
    // A view as a colleague would open it from the command line...
    const core::Timestamp from = *core::parseRfc3339("2020-03-12T02:42:20Z"), to = *core::parseRfc3339("2020-03-12T02:42:40.5Z");
    ViewRequest view;
    view.finding = 1;
    view.from = from;
    view.to = to;
    view.lanes = QStringLiteral("probe|status");
    view.utcOffsetSeconds = 8 * 3600;
    core::LoadOptions load;
    load.resourceDir = KUBELANE_RESOURCES;
    QTemporaryDir sessions;
    auto w = std::make_unique<MainWindow>(load);
    w->setSessionDirectory(sessions.path());
    w->setInitialView(view);
    w->resize(1600, 1000);
    w->show();
    QSignalSpy loaded(w.get(), &MainWindow::bundleLoaded);
    w->openBundle({m_race});
    QVERIFY(loaded.wait(60000));
    QCOMPARE(w->timeline()->finding(), 1);
    QCOMPARE(w->timeline()->visibleStart(), from);
    QCOMPARE(w->timeline()->visibleEnd(), to);
    QCOMPARE(w->findChild<QLineEdit *>(QStringLiteral("laneFilter"))->text(), view.lanes);
    QCOMPARE(w->displayZone(), 8 * 3600);
    QVERIFY2(w->windowTitle().contains(QStringLiteral("finding 2: ")), qPrintable(w->windowTitle()));
    // ... and the window's own "Copy view as command" gives it back.
    const QString command = w->viewCommand();
    QStringList words = shellWords(command);
    QCOMPARE(words.takeFirst(), QStringLiteral("kubelane"));
    std::vector<std::string> args;
    for (const QString &word : words)
        args.push_back(word.toStdString());
    const app::CommandLine cl = app::parseCommandLine(args);
    QCOMPARE(cl.command, app::CommandLine::Command::Gui);
    QCOMPARE(cl.inputs.size(), std::size_t(1));
    QCOMPARE(QFileInfo(QString::fromStdString(cl.inputs[0])).canonicalFilePath(), QFileInfo(m_race).canonicalFilePath());
    QCOMPARE(cl.finding.value_or(0), 2);
    QCOMPARE(*cl.viewFrom, from);
    QCOMPARE(*cl.viewTo, to);
    QVERIFY(!cl.load.from && !cl.load.to); // the window loads the whole bundle
    QCOMPARE(QString::fromStdString(cl.lanes), view.lanes);
    QVERIFY(cl.zoneGiven);
    QCOMPARE(cl.displayUtcOffset, 8 * 3600);
    // The exported current view carries the command under its title.
    ExportChoice choice;
    choice.scope = ExportScope::CurrentView;
    QCOMPARE(w->exportScene(choice)->viewCommand, command);
    // A finding the bundle does not have is said, not ignored.
    ViewRequest missing;
    missing.finding = 99;
    w->setInitialView(missing);
    w->openBundle({m_race});
    QVERIFY(loaded.wait(60000));
    QVERIFY2(w->statusText().contains(QStringLiteral("no finding 100")), qPrintable(w->statusText()));
    // A view of a time range alone is that range, with no finding selected over it.
    ViewRequest range;
    range.from = from;
    range.to = to;
    w->setInitialView(range);
    w->openBundle({m_race});
    QVERIFY(loaded.wait(60000));
    QCOMPARE(w->timeline()->finding(), -1);
    QCOMPARE(w->timeline()->visibleStart(), from);
}

void TestWindow::stateLabelsClearOfMarks()
{
    // Known scene: the race sample's kubelet-process lane has process marks at the very
    // times its up/down bars start, and its labels used to be drawn under them.
    auto w = openWindow(m_race, QSize(1600, 1000), m_sessions.path());
    QVERIFY(w);
    TimelineWidget *t = w->timeline();
    t->fitAll();
    t->plot()->replot();
    const auto &labels = t->layers().states->labelRects();
    QVERIFY(!labels.empty());
    const TimelineState &st = t->state();
    const QRect area = t->plot()->axisRect()->rect();
    const TimelineCoordinates coords = t->coordinates();
    const double radius = EventPlottable::markRadius(st.rowHeight);
    int checkedRows = 0;
    st.forEachVisibleRow(area.top(), area.bottom(), [&](int, LaneId laneId, double top) {
        if (!st.rowShowsEvents(laneId))
            return;
        const Lane &lane = st.model->lane(laneId);
        for (const QRectF &label : labels) {
            if (label.center().y() < top || label.center().y() > top + st.rowHeight)
                continue;
            ++checkedRows;
            for (const FoldedMark &m : EventPlottable::fold(st.model->incident(), lane, coords, 3.0)) {
                const QRectF mark(m.x0 - radius, top, std::max(m.x1, m.x0) - m.x0 + 2 * radius, st.rowHeight);
                QVERIFY2(!mark.intersects(label),
                         qPrintable(QStringLiteral("lane %1: mark at %2 over label %3..%4")
                                        .arg(lane.name)
                                        .arg(m.x0)
                                        .arg(label.left())
                                        .arg(label.right())));
            }
        }
    });
    QVERIFY(checkedRows > 0); // the scene has labelled rows with marks: the check ran
}

void TestWindow::walkthroughMarkClearOfBanner()
{
    auto w = openWindow(m_race, QSize(1280, 720), m_sessions.path());
    QVERIFY(w);
    w->setWalkthrough(true);
    QVERIFY(w->walkthrough()->isActive());
    int checked = 0;
    for (int i = 0; i < 6 && w->walkthrough()->isActive(); ++i) {
        QTest::qWait(20);
        const core::EventIndex e = w->timeline()->selectedEvent();
        const int row = w->timeline()->state().rowOfEvent(e);
        if (e != core::kNoEvent && row >= 0) {
            const QRect area = w->timeline()->plot()->axisRect()->rect();
            const double y = w->timeline()->state().rowCenter(row, area.top());
            // The banner takes the bottom of the plot: the step's mark sits well above it.
            QVERIFY2(y > area.top() && y < area.top() + area.height() * 0.7,
                     qPrintable(QStringLiteral("step %1: mark at %2 in %3..%4").arg(i).arg(y).arg(area.top()).arg(area.bottom())));
            ++checked;
        }
        w->walkthrough()->next();
    }
    QVERIFY(checked >= 2);
    // Changing the zone mid-walk rewrites the banner's time and leaves the view where it is.
    w->timeline()->panBy(0.3);
    const core::Timestamp start = w->timeline()->visibleStart();
    w->setDisplayZone(3600);
    QCOMPARE(w->timeline()->visibleStart(), start);
    QVERIFY2(w->timeline()->state().banner.contains(QStringLiteral("+01:00")), qPrintable(w->timeline()->state().banner));
}

void TestWindow::filterErrorClears()
{
    auto w = openWindow(m_race, QSize(1600, 1000), m_sessions.path());
    QVERIFY(w);
    auto *filter = w->findChild<QLineEdit *>(QStringLiteral("laneFilter"));
    const QString summary = w->statusText();
    filter->setText(QStringLiteral("probe["));
    QTest::qWait(400);
    QVERIFY2(w->statusText().startsWith(QStringLiteral("Filter:")), qPrintable(w->statusText()));
    QVERIFY(filter->toolTip().contains(QStringLiteral("Not a valid")));
    filter->setText(QStringLiteral("probe"));
    QTest::qWait(400);
    QCOMPARE(w->statusText(), summary);
    QVERIFY2(!filter->toolTip().contains(QStringLiteral("Not a valid")), qPrintable(filter->toolTip()));
    // The search box the same way.
    w->setSearchText(QStringLiteral("Killing ("));
    auto *search = w->findChild<QLineEdit *>(QStringLiteral("search"));
    QVERIFY(search->toolTip().contains(QStringLiteral("Not a valid")));
    w->setSearchText(QStringLiteral("Killing"));
    QVERIFY2(!search->toolTip().contains(QStringLiteral("Not a valid")), qPrintable(search->toolTip()));
    // Escape in the search box leaves the box; it does not clear the finding (the window's Escape).
    w->selectFinding(0);
    w->activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(w.get()));
    search->setFocus();
    QVERIFY(search->hasFocus());
    QTest::keyClick(search, Qt::Key_Escape);
    QVERIFY(!search->hasFocus());
    QCOMPARE(w->timeline()->finding(), 0);
}

void TestWindow::themeSwitchKeepsSelection()
{
    auto w = openWindow(m_race, QSize(1600, 1000), m_sessions.path());
    QVERIFY(w);
    QVERIFY(w->findingsPanel()->findingCount() >= 2);
    w->selectFinding(1);
    const core::EventIndex event = w->logView()->currentEvent();
    for (Theme theme : {Theme::Dark, Theme::Light, Theme::System}) {
        applyTheme(theme);
        QTest::qWait(50);
        QCOMPARE(w->timeline()->finding(), 1);
        QCOMPARE(w->findingsPanel()->currentFinding(), 1);
        QCOMPARE(w->logView()->currentEvent(), event);
    }
}

void TestWindow::stickyGroupHeader()
{
    auto w = openWindow(m_race, QSize(1280, 720), m_sessions.path());
    QVERIFY(w);
    TimelineWidget *t = w->timeline();
    t->expandAll(true);
    QScrollBar *bar = t->tree()->verticalScrollBar();
    bar->setValue(0);
    QCOMPARE(t->stickyHeaderText(), QString()); // at the top every group row shows itself
    // Scroll until the first row on screen is a lane inside a pod of a node.
    const TimelineState &st = t->state();
    int target = -1;
    for (int row = 5; row < static_cast<int>(st.rows.size()); ++row) {
        const Lane &lane = st.model->lane(st.rows[static_cast<std::size_t>(row)]);
        if (!lane.isGroup() && lane.parent.valid() && st.model->lane(lane.parent).subject.startsWith(QStringLiteral("pod/"))
            && st.model->lane(lane.parent).parent.valid()) {
            target = row;
            break;
        }
    }
    QVERIFY(target > 0);
    bar->setValue(static_cast<int>(target * st.rowHeight));
    QTest::qWait(20);
    const Lane &lane = st.model->lane(st.rows[static_cast<std::size_t>(target)]);
    const QString pod = st.model->lane(lane.parent).name;
    const QString node = st.model->lane(st.model->lane(lane.parent).parent).name;
    QCOMPARE(t->stickyHeaderText(), node + QStringLiteral(" › ") + pod);
    auto *label = t->tree()->viewport()->findChild<QLabel *>();
    QVERIFY(label && label->isVisible() && label->geometry().top() == 0);
}

void TestWindow::legendTogglesEventKinds()
{
    auto w = openWindow(m_race, QSize(1600, 1000), m_sessions.path());
    QVERIFY(w);
    TimelineWidget *t = w->timeline();
    t->fitAll();
    const LaneModel &m = *t->laneModel();
    const core::Incident &inc = m.incident();
    auto shownOf = [&](EventCategory category) {
        std::size_t n = 0;
        const TimelineCoordinates coords = t->coordinates();
        for (const Lane &lane : m.lanes()) {
            if (lane.isGroup())
                continue;
            const Lane &marks = t->state().marksOf(lane.id);
            for (const FoldedMark &fm : EventPlottable::fold(inc, marks, coords))
                for (std::uint32_t i = fm.first; i < fm.first + fm.count; ++i)
                    n += m.categoryOfType(inc.event(marks.events[i]).type) == category;
        }
        return n;
    };
    const std::size_t probes = shownOf(EventCategory::Probe), api = shownOf(EventCategory::Api);
    QVERIFY(probes > 0 && api > 0);
    const QRectF entry = w->legend()->categoryRect(EventCategory::Probe);
    QVERIFY(!entry.isEmpty());
    QTest::mouseClick(w->legend(), Qt::LeftButton, {}, entry.center().toPoint());
    QVERIFY(w->legend()->hiddenCategories()[static_cast<std::size_t>(EventCategory::Probe)]);
    QCOMPARE(shownOf(EventCategory::Probe), std::size_t(0));
    QCOMPARE(shownOf(EventCategory::Api), api); // the others stay
    {
        // The current view exported: probes neither drawn nor explained in its legend.
        ExportChoice choice;
        choice.scope = ExportScope::CurrentView;
        const auto scene = w->exportScene(choice);
        QVERIFY(scene && scene->hiddenCategories[static_cast<std::size_t>(EventCategory::Probe)]);
        const TimelineImage image(*scene, ImageSize{});
        const LegendContent legend = LegendContent::of(image.state(), scene->start, scene->end);
        QVERIFY(!legend.categories[static_cast<std::size_t>(EventCategory::Probe)]);
        QVERIFY(legend.categories[static_cast<std::size_t>(EventCategory::Api)]);
        QVERIFY(!image.state().shownMarks.empty());
    }
    QTest::mouseClick(w->legend(), Qt::LeftButton, {}, entry.center().toPoint());
    QCOMPARE(shownOf(EventCategory::Probe), probes);
    QVERIFY(t->state().hiddenTypes.empty() && t->state().shownMarks.empty());
}

void TestWindow::expandAndCollapseAll()
{
    auto w = openWindow(m_race, QSize(1600, 1000), m_sessions.path());
    QVERIFY(w);
    TimelineWidget *t = w->timeline();
    const LaneModel &m = *t->laneModel();
    t->expandAll(true);
    QCOMPARE(static_cast<int>(t->state().rows.size()), m.laneCount()); // every lane a row
    t->expandAll(false);
    QCOMPARE(t->state().rows.size(), m.roots().size()); // only the top groups
}

void TestWindow::emptyBundleHasNoEpochAxis()
{
    QTemporaryDir bundle;
    QFile f(bundle.filePath(QStringLiteral("notes.txt")));
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write("hello\nthis is not a log\n");
    f.close();
    auto w = openWindow(bundle.path(), QSize(1280, 720), m_sessions.path());
    QVERIFY(w);
    QVERIFY(w->incident()->events.empty());
    w->timeline()->plot()->replot();
    QCPAxis *axis = w->timeline()->plot()->xAxis2;
    QVERIFY(!axis->tickLabels());
    QVERIFY(w->rangeText().isEmpty());
    QVERIFY2(w->statusText().startsWith(tr("No events")), qPrintable(w->statusText()));
    QVERIFY(w->timeline()->state().banner.contains(tr("No events")));
}

void TestWindow::shortcutsListEveryKey()
{
    auto w = openWindow(m_race, QSize(1600, 1000), m_sessions.path());
    QVERIFY(w);
    QList<QAction *> actions = w->shortcutActions();
    ShortcutsDialog dialog(actions, w.get());
    QStringList keysShown;
    for (int r = 0; r < dialog.table()->rowCount(); ++r)
        keysShown << dialog.table()->item(r, 0)->text();
    int withKeys = 0;
    for (QAction *a : actions) {
        if (a->shortcuts().isEmpty())
            continue;
        ++withKeys;
        const QString first = a->shortcuts().front().toString(QKeySequence::NativeText);
        QVERIFY2(std::any_of(keysShown.begin(), keysShown.end(), [&](const QString &k) { return k.split(tr(" or ")).contains(first); }),
                 qPrintable(first));
    }
    QVERIFY(withKeys >= 20);
    const QString all = [&] {
        QString s;
        for (int r = 0; r < dialog.table()->rowCount(); ++r)
            s += dialog.table()->item(r, 0)->text() + ' ' + dialog.table()->item(r, 1)->text() + '\n';
        return s;
    }();
    QVERIFY(all.contains(QStringLiteral("Right click")) && all.contains(QStringLiteral("note")));
    QVERIFY(all.contains(QStringLiteral("Ctrl+G")) && all.contains(QStringLiteral("Go to time")));
    // Actions that live only in a menu have keys too.
    QVERIFY2(all.contains(QStringLiteral("Ctrl+E Export image")), qPrintable(all));
    QVERIFY2(all.contains(QStringLiteral("Ctrl+O Open folder")), qPrintable(all));
}

void TestWindow::axisNamesDateAndZoneInView()
{
    // A range whose first tick falls just left of it: QCustomPlot labels that tick too and
    // trims it afterwards, which used to take the date and zone with it.
    const core::Timestamp origin = *core::parseRfc3339("2020-01-31T00:00:00Z");
    TimeAxisTicker ticker(origin);
    ticker.setUtcOffset(0);
    ticker.setTickCount(4);
    const double from = TimelineCoordinates::keyOf(origin, *core::parseRfc3339("2020-01-31T15:46:39.357Z"));
    const double to = TimelineCoordinates::keyOf(origin, *core::parseRfc3339("2020-01-31T15:46:41.357Z"));
    QVector<double> ticks, subTicks;
    QVector<QString> labels;
    ticker.generate(QCPRange(from, to), QLocale::c(), 'f', 3, ticks, &subTicks, &labels);
    QVERIFY(labels.size() >= 2);
    QVERIFY(ticks.front() - from < 0.1 * (to - from)); // the scene: a first tick at the edge
    QVERIFY2(labels[1].contains(QStringLiteral("2020-01-31 UTC")), qPrintable(labels.join('|')));
    ticker.setUtcOffset(8 * 3600);
    ticker.generate(QCPRange(from, to), QLocale::c(), 'f', 3, ticks, &subTicks, &labels);
    QVERIFY2(labels[1].contains(QStringLiteral("2020-01-31 +08:00")), qPrintable(labels.join('|')));
    // A first tick well inside the range carries the date itself.
    const double inner = TimelineCoordinates::keyOf(origin, *core::parseRfc3339("2020-01-31T15:46:39.000Z"));
    ticker.setUtcOffset(0);
    ticker.generate(QCPRange(inner - 0.3, inner + 1.7), QLocale::c(), 'f', 3, ticks, &subTicks, &labels);
    QVERIFY2(labels.front().contains(QStringLiteral("2020-01-31 UTC")), qPrintable(labels.join('|')));
}

void TestWindow::typedTimes()
{
    const core::Timestamp ref = *core::parseRfc3339("2020-03-12T23:50:00Z");
    QCOMPARE(*parseTypedTime(QStringLiteral("23:55"), 0, ref), *core::parseRfc3339("2020-03-12T23:55:00Z"));
    // After midnight, near the reference: the next day.
    QCOMPARE(*parseTypedTime(QStringLiteral("00:10"), 0, ref), *core::parseRfc3339("2020-03-13T00:10:00Z"));
    QCOMPARE(*parseTypedTime(QStringLiteral("07:50:00.25"), 8 * 3600, ref), *core::parseRfc3339("2020-03-12T23:50:00.25Z"));
    QCOMPARE(*parseTypedTime(QStringLiteral("2020-03-12 02:42:26.102104"), 0, ref), *core::parseRfc3339("2020-03-12T02:42:26.102104Z"));
    QCOMPARE(*parseTypedTime(QStringLiteral("2020-03-12T10:42 +08:00"), 0, ref), *core::parseRfc3339("2020-03-12T02:42:00Z"));
    QCOMPARE(*parseTypedTime(QStringLiteral("02:42Z"), 8 * 3600, ref), *core::parseRfc3339("2020-03-13T02:42:00Z")); // its own zone
    QVERIFY(!parseTypedTime(QStringLiteral("25:00"), 0, ref));
    QVERIFY(!parseTypedTime(QStringLiteral("2020-02-30 01:00"), 0, ref));
    QVERIFY(!parseTypedTime(QStringLiteral("soon"), 0, ref));
    QCOMPARE(*parseTypedOffset(QStringLiteral("+5:30")), 5 * 3600 + 1800);
    QCOMPARE(*parseTypedOffset(QStringLiteral("-0800")), -8 * 3600);
    QCOMPARE(*parseTypedOffset(QStringLiteral("UTC")), 0);
    QVERIFY(!parseTypedOffset(QStringLiteral("+25")));
    QVERIFY(!parseTypedOffset(QStringLiteral("Berlin")));
}

void TestWindow::laneNamesKeepGeneratedSuffix()
{
    QCOMPARE(generatedNameSuffix(QStringLiteral("checkout-7d9f8b6c5d-x2x7q")), QStringLiteral("-7d9f8b6c5d-x2x7q"));
    QCOMPARE(generatedNameSuffix(QStringLiteral("kube-proxy-q7x9m")), QStringLiteral("-q7x9m"));
    QCOMPARE(generatedNameSuffix(QStringLiteral("etcd-0")), QStringLiteral("-0"));
    QCOMPARE(generatedNameSuffix(QStringLiteral("db-backup-27531840-x7k2p")), QStringLiteral("-27531840-x7k2p")); // a CronJob's Job pod
    QCOMPARE(generatedNameSuffix(QStringLiteral("kube-apiserver")), QString());                                   // "apiserver" has vowels
    QCOMPARE(generatedNameSuffix(QStringLiteral("coredns")), QString());
    const QFontMetricsF fm(QFont(QStringLiteral("DejaVu Sans"), 10));
    const QString a = QStringLiteral("pod default/abnormal-shutdown-service-7d9f8b6c5d-x2x7q");
    const QString b = QStringLiteral("pod default/abnormal-shutdown-service-7d9f8b6c5d-k4p9z");
    const qreal width = fm.horizontalAdvance(a) * 0.75;
    const QString ea = elideLaneName(a, fm, width), eb = elideLaneName(b, fm, width);
    QVERIFY(fm.horizontalAdvance(ea) <= width);
    QVERIFY2(ea.endsWith(QStringLiteral("…-7d9f8b6c5d-x2x7q")), qPrintable(ea));
    QVERIFY(ea != eb); // replicas still tell apart
    QVERIFY2(ea.startsWith(QStringLiteral("pod default/abn")), qPrintable(ea));
    QCOMPARE(elideLaneName(a, fm, fm.horizontalAdvance(a) + 1), a); // fits: unchanged
}

QTEST_MAIN(TestWindow)
#include "tst_ui_window.moc"
