// The Findings panel in a tall, narrow dock: many findings grouped by rule and subject with
// counts, sorting by any column, the severity filter, selecting a finding opens its group,
// the four key columns fit at 400 px, the details sit below the table at full width.
#include "uitestdata.h"

#include "ui/findinggroups.h"
#include "ui/findingspanel.h"
#include "ui/lanemodel.h"

#include <QAction>
#include <QComboBox>
#include <QElapsedTimer>
#include <QHeaderView>
#include <QScrollBar>
#include <QSignalSpy>
#include <QSplitter>
#include <QTest>
#include <QTextBrowser>
#include <QTreeWidget>

using namespace kubelane;
using namespace kubelane::ui;

namespace {

using Panel = FindingsPanel;

core::Finding makeFinding(const std::string &rule, const std::string &subject, double at, core::Severity severity)
{
    core::Finding f = uitest::finding(rule, subject, at, at + 5, rule + " on " + subject + " at " + std::to_string(int(at)));
    f.severity = severity;
    f.explanation = "The kubelet on this node stopped posting its status for longer than the grace period, "
                    "so the node lifecycle controller marked it NotReady and tainted it.";
    return f;
}

// 63 findings: node-heartbeat-gap on n0..n9 (n_k has k+1 of them, n9's include errors),
// pleg-unhealthy on three nodes once each, probe-status-race four times on one pod (info),
// one fatal sandbox-missing.
std::shared_ptr<const LaneModel> manyFindings()
{
    uitest::IncidentBuilder b;
    b.add(uitest::at(0), "pleg.relist", "pleg", "GenericPLEG: Relisting");
    auto a = std::make_shared<core::Analysis>();
    a->incident = b.finish();
    // Not in rule order or time order: the panel must not depend on it.
    for (int k = 9; k >= 0; --k)
        for (int i = 0; i <= k; ++i)
            a->findings.push_back(makeFinding("node-heartbeat-gap", "node/n" + std::to_string(k), 1000 - 10 * k + i,
                                              k == 9 && i < 2 ? core::Severity::Error : core::Severity::Warning));
    for (int n = 0; n < 3; ++n)
        a->findings.push_back(makeFinding("pleg-unhealthy", "node/p" + std::to_string(n), 200 + n, core::Severity::Error));
    for (int i = 0; i < 4; ++i)
        a->findings.push_back(makeFinding("probe-status-race", "pod/default/web-7c9f8d6b5-x2kq9", 300 + i, core::Severity::Info));
    a->findings.push_back(makeFinding("sandbox-missing", "pod/kube-system/kube-proxy-q7x9m", 500, core::Severity::Fatal));
    return std::make_shared<const LaneModel>(a);
}

std::shared_ptr<const LaneModel> fewFindings(int n)
{
    uitest::IncidentBuilder b;
    b.add(uitest::at(0), "pleg.relist", "pleg", "GenericPLEG: Relisting");
    auto a = std::make_shared<core::Analysis>();
    a->incident = b.finish();
    for (int i = 0; i < n; ++i)
        a->findings.push_back(makeFinding("pleg-unhealthy", "node/n1", 10 + i, core::Severity::Error));
    return std::make_shared<const LaneModel>(a);
}

QTreeWidgetItem *topRow(QTreeWidget *t, const QString &rule)
{
    for (int i = 0; i < t->topLevelItemCount(); ++i)
        if (t->topLevelItem(i)->data(Panel::RuleColumn, Qt::UserRole + 1).toString() == rule)
            return t->topLevelItem(i);
    return nullptr;
}

int findingOf(const QTreeWidgetItem *item)
{
    return item->data(0, Qt::UserRole).toInt();
}

// Every finding row under `item` (or the item itself).
void leaves(QTreeWidgetItem *item, std::vector<QTreeWidgetItem *> &out)
{
    if (findingOf(item) >= 0)
        out.push_back(item);
    for (int c = 0; c < item->childCount(); ++c)
        leaves(item->child(c), out);
}

std::vector<QTreeWidgetItem *> allLeaves(QTreeWidget *t)
{
    std::vector<QTreeWidgetItem *> out;
    for (int i = 0; i < t->topLevelItemCount(); ++i)
        leaves(t->topLevelItem(i), out);
    return out;
}

void clickHeader(QTreeWidget *t, int column)
{
    QHeaderView *h = t->header();
    const QPoint p(h->sectionViewportPosition(column) + h->sectionSize(column) / 2, h->height() / 2);
    QTest::mouseClick(h->viewport(), Qt::LeftButton, {}, p);
}

} // namespace

class TestFindingsPanel : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void groupsCountRulesAndSubjects();
    void panelGroupsWithCounts();
    void fewFindingsAreAFlatList();
    void sortsByClickingHeaders();
    void severityFilterHidesLowerSeverities();
    void selectFindingOpensItsGroupWithoutEmitting();
    void keyColumnsFitAt400Pixels();
    void detailsBelowTableAtFullWidth();
    void zoneChangeKeepsSelectionAndGroups();
    void stateRoundTrips();
    void thousandsOfFindingsStayQuick();

private:
    std::shared_ptr<const LaneModel> m_many;
};

void TestFindingsPanel::initTestCase()
{
    m_many = manyFindings();
    QCOMPARE(m_many->analysis().findings.size(), std::size_t(63));
}

void TestFindingsPanel::groupsCountRulesAndSubjects()
{
    const auto groups = groupFindings(m_many->analysis().findings, core::Severity::Debug);
    QCOMPARE(groups.size(), std::size_t(4));
    QCOMPARE(findingsIn(groups), 63);
    QCOMPARE(groups[0].rule, std::string("node-heartbeat-gap"));
    QCOMPARE(groups[0].count, 55);
    QCOMPARE(groups[0].subjects.size(), std::size_t(10));
    QCOMPARE(groups[0].subjects[9].subject, std::string("node/n9"));
    QCOMPARE(groups[0].subjects[9].findings.size(), std::size_t(10));
    QCOMPARE(groups[0].subjects[9].worst, core::Severity::Error);
    QCOMPARE(groups[0].worst, core::Severity::Error);
    QCOMPARE(groups[0].first, uitest::at(910)); // n9's first
    const auto &f = m_many->analysis().findings;
    const auto &n9 = groups[0].subjects[9].findings;
    QVERIFY(std::is_sorted(n9.begin(), n9.end(), [&](int a, int b) { return f[size_t(a)].start < f[size_t(b)].start; }));

    const auto errors = groupFindings(f, core::Severity::Error);
    QCOMPARE(findingsIn(errors), 2 + 3 + 1);
    QCOMPARE(errors[0].subjects.size(), std::size_t(1)); // only n9 has error heartbeat gaps
}

void TestFindingsPanel::panelGroupsWithCounts()
{
    Panel panel;
    panel.setLaneModel(m_many);
    QVERIFY(panel.isGrouped());
    QCOMPARE(panel.findingCount(), 63);
    QCOMPARE(panel.countText(), QStringLiteral("63 findings"));
    QTreeWidget *t = panel.table();
    QCOMPARE(t->topLevelItemCount(), 4);
    QTreeWidgetItem *gaps = topRow(t, "node-heartbeat-gap");
    QVERIFY(gaps);
    QCOMPARE(gaps->text(Panel::RuleColumn), QStringLiteral("node-heartbeat-gap (55)"));
    QCOMPARE(gaps->text(Panel::CountColumn), QStringLiteral("55"));
    QCOMPARE(gaps->text(Panel::SubjectColumn), QStringLiteral("10 subjects"));
    QCOMPARE(findingOf(gaps), -1);
    QCOMPARE(gaps->childCount(), 10);
    int leavesUnder = 0;
    for (int c = 0; c < gaps->childCount(); ++c) {
        QTreeWidgetItem *s = gaps->child(c);
        const QString subject = s->data(Panel::SubjectColumn, Qt::UserRole + 1).toString();
        const int k = subject.mid(6).toInt(); // node/nK has K+1 findings
        if (k == 0) {
            QVERIFY(findingOf(s) >= 0); // one finding: the finding itself, no group of one
            QCOMPARE(s->childCount(), 0);
            ++leavesUnder;
        } else {
            QCOMPARE(findingOf(s), -1);
            QCOMPARE(s->childCount(), k + 1);
            QCOMPARE(s->text(Panel::SubjectColumn), QStringLiteral("%1 (%2)").arg(subject).arg(k + 1));
            leavesUnder += s->childCount();
        }
    }
    QCOMPARE(leavesUnder, 55);
    QTreeWidgetItem *sandbox = topRow(t, "sandbox-missing");
    QCOMPARE(sandbox->text(Panel::RuleColumn), QStringLiteral("sandbox-missing (1)"));
    QCOMPARE(sandbox->text(Panel::SubjectColumn), QStringLiteral("pod/kube-system/kube-proxy-q7x9m"));
    // Every finding has exactly one row.
    const auto rows = allLeaves(t);
    QCOMPARE(rows.size(), std::size_t(63));
    std::vector<int> seen;
    for (auto *r : rows)
        seen.push_back(findingOf(r));
    std::sort(seen.begin(), seen.end());
    QVERIFY(std::adjacent_find(seen.begin(), seen.end()) == seen.end());
    // Leaves show the time of day in the panel's zone, and the title in the tooltip.
    QTreeWidgetItem *leaf = panel.itemOfFinding(62);
    QCOMPARE(leaf->text(Panel::TimeColumn), QStringLiteral("02:50:20"));
    QVERIFY(leaf->toolTip(Panel::RuleColumn).contains("sandbox-missing on pod/kube-system/kube-proxy-q7x9m"));
}

void TestFindingsPanel::fewFindingsAreAFlatList()
{
    Panel panel;
    panel.setLaneModel(fewFindings(1));
    QVERIFY(!panel.isGrouped());
    QCOMPARE(panel.countText(), QStringLiteral("1 finding"));
    QCOMPARE(panel.table()->topLevelItemCount(), 1);
    panel.setLaneModel(fewFindings(Panel::kFlatLimit));
    QVERIFY(!panel.isGrouped());
    QCOMPARE(panel.table()->topLevelItemCount(), Panel::kFlatLimit);
    QVERIFY(panel.table()->isColumnHidden(Panel::CountColumn));
    panel.setLaneModel(fewFindings(Panel::kFlatLimit + 1));
    QVERIFY(panel.isGrouped());
    QCOMPARE(panel.table()->topLevelItemCount(), 1);
    QCOMPARE(panel.table()->topLevelItem(0)->text(Panel::RuleColumn), QStringLiteral("pleg-unhealthy (21)"));
    panel.setLaneModel(fewFindings(0));
    QCOMPARE(panel.countText(), QStringLiteral("0 findings"));
    QVERIFY(panel.explanationHtml().contains("No rule fired"));
}

void TestFindingsPanel::sortsByClickingHeaders()
{
    Panel panel;
    panel.resize(420, 800);
    panel.setLaneModel(m_many);
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    QTreeWidget *t = panel.table();
    auto topRules = [&] {
        QStringList out;
        for (int i = 0; i < t->topLevelItemCount(); ++i)
            out << t->topLevelItem(i)->data(Panel::RuleColumn, Qt::UserRole + 1).toString();
        return out;
    };
    // Opens worst first: fatal, then the errors (by first time: pleg at 200 before n9's 910), ...
    QCOMPARE(topRules(), QStringList({"sandbox-missing", "pleg-unhealthy", "node-heartbeat-gap", "probe-status-race"}));

    clickHeader(t, Panel::CountColumn);
    QCOMPARE(t->sortColumn(), int(Panel::CountColumn));
    const Qt::SortOrder first = t->header()->sortIndicatorOrder();
    QCOMPARE(first, Qt::DescendingOrder); // the biggest groups first
    QStringList byCount = first == Qt::AscendingOrder
        ? QStringList({"sandbox-missing", "pleg-unhealthy", "probe-status-race", "node-heartbeat-gap"})
        : QStringList({"node-heartbeat-gap", "probe-status-race", "pleg-unhealthy", "sandbox-missing"});
    QCOMPARE(topRules(), byCount);
    clickHeader(t, Panel::CountColumn);
    QVERIFY(t->header()->sortIndicatorOrder() != first);
    std::reverse(byCount.begin(), byCount.end());
    QCOMPARE(topRules(), byCount);

    clickHeader(t, Panel::RuleColumn);
    QStringList byName = topRules();
    QStringList sorted = byName;
    std::sort(sorted.begin(), sorted.end());
    if (t->header()->sortIndicatorOrder() == Qt::DescendingOrder)
        std::reverse(sorted.begin(), sorted.end());
    QCOMPARE(byName, sorted);

    // Time sorts the leaves inside a group too.
    clickHeader(t, Panel::TimeColumn);
    if (t->header()->sortIndicatorOrder() != Qt::AscendingOrder)
        clickHeader(t, Panel::TimeColumn);
    QCOMPARE(t->header()->sortIndicatorOrder(), Qt::AscendingOrder);
    QCOMPARE(topRules().front(), QStringLiteral("pleg-unhealthy")); // first at 200 s
    QTreeWidgetItem *gaps = topRow(t, "node-heartbeat-gap");
    QCOMPARE(gaps->child(0)->data(Panel::SubjectColumn, Qt::UserRole + 1).toString(), QStringLiteral("node/n9")); // at 910
    QTreeWidgetItem *n9 = gaps->child(0);
    const auto &f = m_many->analysis().findings;
    for (int c = 1; c < n9->childCount(); ++c)
        QVERIFY(f[size_t(findingOf(n9->child(c - 1)))].start <= f[size_t(findingOf(n9->child(c)))].start);
    // Severity again, by a click: the fatal one leads when descending.
    clickHeader(t, Panel::SeverityColumn);
    if (t->header()->sortIndicatorOrder() != Qt::DescendingOrder)
        clickHeader(t, Panel::SeverityColumn);
    QCOMPARE(topRules().front(), QStringLiteral("sandbox-missing"));
}

void TestFindingsPanel::severityFilterHidesLowerSeverities()
{
    Panel panel;
    panel.setLaneModel(m_many);
    const auto &f = m_many->analysis().findings;
    QComboBox *combo = panel.severityFilter();
    combo->setCurrentIndex(combo->findData(int(core::Severity::Error)));
    QCOMPARE(panel.minimumSeverity(), core::Severity::Error);
    QCOMPARE(panel.findingCount(), 6);
    QCOMPARE(panel.countText(), QStringLiteral("6 of 63 findings shown"));
    const auto rows = allLeaves(panel.table());
    QCOMPARE(rows.size(), std::size_t(6));
    for (auto *r : rows)
        QVERIFY(f[size_t(findingOf(r))].severity >= core::Severity::Error);
    QVERIFY(!panel.isGrouped()); // six findings read as a list

    panel.setMinimumSeverity(core::Severity::Fatal);
    QCOMPARE(panel.findingCount(), 1);
    QCOMPARE(panel.table()->topLevelItemCount(), 1);
    QCOMPARE(f[size_t(findingOf(panel.table()->topLevelItem(0)))].rule, std::string("sandbox-missing"));

    panel.setMinimumSeverity(core::Severity::Warning);
    QCOMPARE(panel.findingCount(), 59); // all but the four info
    QVERIFY(!topRow(panel.table(), "probe-status-race"));

    // Selecting a finding the filter hides shows its severity again.
    QVERIFY(!panel.itemOfFinding(58));
    panel.selectFinding(58);                                  // probe-status-race, info
    QCOMPARE(panel.minimumSeverity(), core::Severity::Debug); // "All severities"
    QCOMPARE(panel.currentFinding(), 58);
    QVERIFY(panel.itemOfFinding(58));
}

void TestFindingsPanel::selectFindingOpensItsGroupWithoutEmitting()
{
    Panel panel;
    panel.resize(420, 500);
    panel.setLaneModel(m_many);
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    QSignalSpy selected(&panel, &Panel::findingSelected);
    QTreeWidget *t = panel.table();
    // All groups start closed (the window then selects the worst finding).
    for (int i = 0; i < t->topLevelItemCount(); ++i)
        QVERIFY(!t->topLevelItem(i)->isExpanded());
    // The last heartbeat gap of n5 (2 levels deep); n0's one (1 level deep, no subject group).
    const auto &f = m_many->analysis().findings;
    int deep = -1, shallow = -1;
    for (std::size_t i = 0; i < f.size(); ++i) {
        if (f[i].subject.text() == "node/n5")
            deep = int(i);
        if (f[i].subject.text() == "node/n0")
            shallow = int(i);
    }
    panel.selectFinding(deep);
    QCOMPARE(selected.count(), 0);
    QCOMPARE(panel.currentFinding(), deep);
    QTreeWidgetItem *item = panel.itemOfFinding(deep);
    QCOMPARE(t->currentItem(), item);
    QVERIFY(item->parent() && item->parent()->isExpanded());
    QVERIFY(item->parent()->parent() && item->parent()->parent()->isExpanded());
    QTest::qWait(50);
    const QRect r = t->visualItemRect(item);
    QVERIFY2(!r.isEmpty() && t->viewport()->rect().contains(r), "scrolled to the finding");
    QVERIFY(panel.explanationHtml().contains("stopped posting its status"));
    panel.selectFinding(shallow);
    QCOMPARE(panel.currentFinding(), shallow);
    QVERIFY(panel.itemOfFinding(shallow)->parent()->isExpanded());
    panel.selectFinding(-1);
    QCOMPARE(panel.currentFinding(), -1);
    QCOMPARE(selected.count(), 0);

    // A user's click on a group row shows its summary and selects no finding.
    QTreeWidgetItem *gaps = topRow(t, "node-heartbeat-gap");
    t->setCurrentItem(gaps);
    QCOMPARE(selected.count(), 0);
    QVERIFY(panel.explanationHtml().contains("55 findings"));
    // Enter opens and closes a group; collapseAll/expandAll are in the context menu.
    t->setFocus();
    const bool open = gaps->isExpanded();
    QTest::keyClick(t, Qt::Key_Return);
    QCOMPARE(gaps->isExpanded(), !open);
    QTest::keyClick(t, Qt::Key_Return);
    QCOMPARE(gaps->isExpanded(), open);
    QCOMPARE(t->actions().size(), 2);
    t->actions().at(1)->trigger();
    QVERIFY(!gaps->isExpanded());
    QCOMPARE(selected.count(), 0);
    // ... a click on a finding row emits.
    t->setCurrentItem(panel.itemOfFinding(deep));
    QCOMPARE(selected.count(), 1);
    QCOMPARE(selected.at(0).at(0).toInt(), deep);
}

void TestFindingsPanel::keyColumnsFitAt400Pixels()
{
    for (const bool grouped : {true, false}) {
        Panel panel;
        panel.resize(400, 900);
        panel.setLaneModel(grouped ? m_many : fewFindings(5));
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        if (grouped)
            panel.table()->expandAll(); // the deepest rows, and a vertical scroll bar
        QTest::qWait(50);
        QTreeWidget *t = panel.table();
        QHeaderView *h = t->header();
        const int width = t->viewport()->width();
        QVERIFY2(width >= 360, qPrintable(QString::number(width)));
        for (int c : {Panel::SeverityColumn, Panel::RuleColumn, Panel::SubjectColumn, Panel::TimeColumn}) {
            const int left = h->sectionViewportPosition(c), right = left + h->sectionSize(c);
            QVERIFY2(!t->isColumnHidden(c) && left >= 0 && right <= width,
                     qPrintable(QStringLiteral("column %1: %2..%3 of %4").arg(c).arg(left).arg(right).arg(width)));
        }
        QVERIFY(!t->horizontalScrollBar()->isVisible() || t->horizontalScrollBar()->maximum() == 0);
        // Room to read: the time whole, rule and subject more than a few letters.
        const QFontMetrics fm = t->fontMetrics();
        QVERIFY(h->sectionSize(Panel::TimeColumn) >= fm.horizontalAdvance("00:00:00"));
        QVERIFY2(h->sectionSize(Panel::RuleColumn) >= fm.horizontalAdvance("node-heartbeat"),
                 qPrintable(QString::number(h->sectionSize(1))));
        QVERIFY2(h->sectionSize(Panel::SubjectColumn) >= fm.horizontalAdvance("proxy-q7x9m"),
                 qPrintable(QString::number(h->sectionSize(2))));
        // Widths stay put when the selection changes.
        std::vector<int> before;
        for (int c = 0; c < Panel::ColumnCount; ++c)
            before.push_back(h->sectionSize(c));
        panel.selectFinding(3);
        panel.selectFinding(1);
        for (int c = 0; c < Panel::ColumnCount; ++c)
            QCOMPARE(h->sectionSize(c), before[size_t(c)]);
    }
}

void TestFindingsPanel::detailsBelowTableAtFullWidth()
{
    Panel panel;
    panel.resize(400, 900);
    panel.setLaneModel(m_many);
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    panel.selectFinding(0);
    QSplitter *split = panel.splitter();
    QCOMPARE(split->orientation(), Qt::Vertical);
    QVERIFY(!split->objectName().isEmpty());
    auto *details = panel.findChild<QTextBrowser *>();
    QVERIFY(details);
    QVERIFY(details->geometry().top() >= panel.table()->geometry().bottom());
    QVERIFY(details->width() >= 380);
    QVERIFY(details->height() >= 200);
    // The explanation wraps into lines of several words, not a word per line.
    const QFontMetrics fm = details->fontMetrics();
    QVERIFY(details->viewport()->width() > 20 * fm.horizontalAdvance('x'));
    QVERIFY(panel.explanationHtml().contains("stopped posting its status"));
}

void TestFindingsPanel::zoneChangeKeepsSelectionAndGroups()
{
    Panel panel;
    panel.setLaneModel(m_many);
    const int index = 40;
    panel.selectFinding(index);
    QTreeWidgetItem *pleg = topRow(panel.table(), "pleg-unhealthy");
    pleg->setExpanded(true);
    const QString before = panel.itemOfFinding(index)->text(Panel::TimeColumn);
    QSignalSpy selected(&panel, &Panel::findingSelected);
    panel.setUtcOffset(8 * 3600);
    QCOMPARE(selected.count(), 0);
    QCOMPARE(panel.currentFinding(), index);
    QVERIFY(topRow(panel.table(), "pleg-unhealthy")->isExpanded());
    const QString after = panel.itemOfFinding(index)->text(Panel::TimeColumn);
    QCOMPARE(after.left(2).toInt(), (before.left(2).toInt() + 8) % 24);
    QCOMPARE(after.mid(2), before.mid(2));

    // A theme switch keeps them too.
    QPalette dark = panel.palette();
    dark.setColor(QPalette::Base, Qt::black);
    dark.setColor(QPalette::Text, Qt::white);
    panel.setPalette(dark);
    QCOMPARE(selected.count(), 0);
    QCOMPARE(panel.currentFinding(), index);
    QVERIFY(topRow(panel.table(), "pleg-unhealthy")->isExpanded());
}

void TestFindingsPanel::stateRoundTrips()
{
    QByteArray state;
    int top = 0;
    {
        Panel panel;
        panel.resize(400, 900);
        panel.setLaneModel(m_many);
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        panel.splitter()->setSizes({300, 560});
        top = panel.splitter()->sizes().front();
        panel.table()->sortByColumn(Panel::TimeColumn, Qt::AscendingOrder);
        panel.setMinimumSeverity(core::Severity::Warning);
        state = panel.saveState();
    }
    Panel panel;
    panel.resize(400, 900);
    panel.setLaneModel(m_many);
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    QVERIFY(panel.restoreState(state));
    QVERIFY(top < 400);
    QVERIFY2(std::abs(panel.splitter()->sizes().front() - top) <= 2, qPrintable(QString::number(panel.splitter()->sizes().front())));
    QCOMPARE(panel.table()->sortColumn(), int(Panel::TimeColumn));
    QCOMPARE(panel.minimumSeverity(), core::Severity::Warning);
    QVERIFY(!panel.restoreState(QByteArray("junk")));
}

// The 1 GB bundle's 4,871 findings: listing, re-sorting and selecting stay interactive.
void TestFindingsPanel::thousandsOfFindingsStayQuick()
{
    uitest::IncidentBuilder b;
    b.add(uitest::at(0), "pleg.relist", "pleg", "GenericPLEG: Relisting");
    auto a = std::make_shared<core::Analysis>();
    a->incident = b.finish();
    const char *rules[] = {"node-heartbeat-gap", "pleg-unhealthy", "probe-status-race", "sandbox-missing", "spec-hash-restart"};
    for (int i = 0; i < 4871; ++i)
        a->findings.push_back(makeFinding(rules[i % 5], "pod/ns-" + std::to_string(i % 7) + "/app-" + std::to_string(i % 211), i,
                                          static_cast<core::Severity>(1 + i % 4)));
    const auto model = std::make_shared<const LaneModel>(a);
    Panel panel;
    panel.resize(420, 900);
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    QElapsedTimer timer;
    timer.start();
    panel.setLaneModel(model);
    const qint64 fill = timer.restart();
    QCOMPARE(panel.findingCount(), 4871);
    QCOMPARE(panel.countText(), QLocale().toString(4871) + QStringLiteral(" findings"));
    QCOMPARE(panel.table()->topLevelItemCount(), 5);
    panel.table()->sortByColumn(Panel::TimeColumn, Qt::AscendingOrder);
    const qint64 sort = timer.restart();
    panel.selectFinding(4870);
    const qint64 select = timer.restart();
    QCOMPARE(panel.currentFinding(), 4870);
    panel.setMinimumSeverity(core::Severity::Error);
    const qint64 filter = timer.restart();
    qInfo("fill %lld ms, sort %lld ms, select %lld ms, filter %lld ms", fill, sort, select, filter);
    // Generous bounds for a loaded 2-core machine; a quadratic fill takes seconds.
    QVERIFY2(fill < 1500 && sort < 1500 && select < 500 && filter < 1500, "slow");
}

QTEST_MAIN(TestFindingsPanel)
#include "tst_ui_findingspanel.moc"
