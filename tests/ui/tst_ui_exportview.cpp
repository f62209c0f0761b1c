// "Export current view" is the view: the time range on screen and only the rows inside the
// timeline's viewport (not every open lane scrolled past), so the image stays as tall as the
// window; and the export dialog's preview at 100 % in a scroll area, or fitted to its width.
#include "uitestdata.h"

#include "ui/exportdialog.h"
#include "ui/exportscene.h"
#include "ui/lanemodel.h"
#include "ui/timelineimage.h"
#include "ui/timelinewidget.h"
#include "ui/viewscene.h"

#include <QDoubleSpinBox>
#include <QScrollArea>
#include <QScrollBar>
#include <QSpinBox>
#include <QTest>
#include <QTreeView>

#include <qcustomplot.h>

using namespace kubelane;
using namespace kubelane::ui;

namespace {

// 60 pods on n1, each with a pod worker and a probe worker lane: well over a hundred rows
// once every group is open.
std::shared_ptr<const LaneModel> manyLanes(int extraFindings = 0)
{
    uitest::IncidentBuilder b;
    std::vector<core::PodId> pods;
    for (int i = 0; i < 60; ++i)
        pods.push_back(b.pod("default", "web-" + std::to_string(i)));
    for (int i = 0; i < 60; ++i) {
        b.add(uitest::at(i), "pod.status.generate", "pod-worker", "Generating status", core::Severity::Info, pods[size_t(i)]);
        b.add(uitest::at(i + 0.5), "container.kill", "pod-worker", "Killing container", core::Severity::Warning, pods[size_t(i)], "app");
    }
    auto a = std::make_shared<core::Analysis>();
    a->incident = b.finish();
    // One finding on a pod in the middle, one on a pod at the end.
    auto finding = [&](int pod, double at) {
        core::Finding f = uitest::finding("probe-status-race", "pod/default/web-" + std::to_string(pod), at, at + 1, "race");
        f.evidence = {core::EventIndex::fromIndex(static_cast<std::size_t>(2 * pod + 1))};
        return f;
    };
    a->findings = {finding(25, 25), finding(59, 59)};
    // Many findings in one view: warnings on the first pods, errors on 10..15, one fatal on 18.
    for (int pod = 0; pod < extraFindings; ++pod) {
        a->findings.push_back(finding(pod, pod));
        a->findings.back().severity = pod == 18 ? core::Severity::Fatal
            : pod >= 10 && pod <= 15            ? core::Severity::Error
                                                : core::Severity::Warning;
    }
    return std::make_shared<const LaneModel>(a);
}

// Rows whose lane rectangle meets the plot's row area: what a user sees, computed from the
// widget's geometry rather than from the scene code.
std::vector<LaneId> visibleByGeometry(const TimelineWidget &w)
{
    const QRect area = w.plot()->axisRect()->rect();
    std::vector<LaneId> out;
    for (LaneId lane : w.state().rows) {
        const QRectF r = w.laneRect(lane);
        if (r.bottom() > area.top() && r.top() < area.top() + area.height())
            out.push_back(lane);
    }
    return out;
}

} // namespace

class TestExportView : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void currentViewIsTheRowsOnScreen();
    void rowsOnScreenAtThePixelEdges();
    void manyFindingsInViewCallOutTheWorst();
    void previewAtFullSizeOrFitted();
    void bigPreviewIsRenderedSmallerAndFitsTheSavedWidth();

private:
    std::shared_ptr<const LaneModel> m_lanes;
};

void TestExportView::initTestCase()
{
    m_lanes = manyLanes();
}

void TestExportView::currentViewIsTheRowsOnScreen()
{
    TimelineWidget w;
    w.resize(1200, 520);
    w.setLaneModel(m_lanes);
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    for (const Lane &lane : m_lanes->lanes())
        if (lane.isGroup())
            w.expandLane(lane.id);
    QVERIFY2(w.state().rows.size() > 100, qPrintable(QString::number(w.state().rows.size())));
    w.setVisibleRange(uitest::at(20), uitest::at(40));
    // Scroll to the middle, a fraction of a row off, as a user leaves it.
    QScrollBar *bar = w.tree()->verticalScrollBar();
    QVERIFY(bar->maximum() > 0);
    bar->setValue(bar->maximum() / 2 + static_cast<int>(w.state().rowHeight / 3));
    w.plot()->replot();
    QTest::qWait(50);

    const std::vector<ui::LaneId> onScreen = visibleByGeometry(w);
    const double rowArea = w.plot()->axisRect()->rect().height();
    QVERIFY(!onScreen.empty());
    QVERIFY2(onScreen.size() <= static_cast<std::size_t>(rowArea / w.state().rowHeight) + 2, "only a window's worth");
    QVERIFY(onScreen.front() != w.state().rows.front()); // scrolled: the top rows are not on screen

    const auto scene = sceneOfView(w);
    QVERIFY(scene);
    QCOMPARE(rowsOnScreen(w), onScreen);
    QCOMPARE(scene->rows, onScreen);
    QCOMPARE(scene->start, w.visibleStart());
    QCOMPARE(scene->end, w.visibleEnd());
    // Findings in view: only those with a lane on screen.
    QCOMPARE(scene->findings, findingsInView(*m_lanes, scene->start, scene->end, onScreen));

    // The image draws those rows and is as tall as a window, not as tall as every lane.
    const ImageSize size{1100, 0, 1.0};
    const TimelineImage image(*scene, size);
    QCOMPARE(image.state().rows, onScreen);
    QCOMPARE(image.rowsRect().height(), onScreen.size() * image.state().rowHeight);
    ExportScene everything = *scene;
    everything.rows.clear();
    everything.shown.clear();
    const TimelineImage all(everything, size);
    QCOMPARE(all.state().rows.size(), w.state().rows.size());
    QVERIFY2(image.logicalSize().height() * 3 < all.logicalSize().height(),
             qPrintable(QStringLiteral("%1 vs %2").arg(image.logicalSize().height()).arg(all.logicalSize().height())));
    QVERIFY(image.logicalSize().height() < 1400);

    // Scrolled to the top, the view starts at the first row.
    bar->setValue(0);
    QTest::qWait(20);
    QCOMPARE(sceneOfView(w)->rows.front(), w.state().rows.front());
    QCOMPARE(sceneOfView(w)->rows, visibleByGeometry(w));
}

// Both bounds are rows of pixels inside the area: a row whose first pixel row is the area's
// last shows (and is painted), one starting a pixel below does not; a row whose last pixel
// row is above the area does not show either.
void TestExportView::rowsOnScreenAtThePixelEdges()
{
    TimelineState state;
    const auto lanes = [](std::initializer_list<int> ids) {
        std::vector<LaneId> out;
        for (int id : ids)
            out.push_back(LaneId(id));
        return out;
    };
    state.rows = lanes({10, 11, 12, 13, 14, 15});
    state.rowHeight = 22;
    QCOMPARE(rowsOnScreen(state, 0, 43), lanes({10, 11}));
    QCOMPARE(rowsOnScreen(state, 0, 44), lanes({10, 11, 12}));
    state.scroll = 21; // row 10's last pixel row is the area's first
    QCOMPARE(rowsOnScreen(state, 0, 43), lanes({10, 11, 12}));
    state.scroll = 22;
    QCOMPARE(rowsOnScreen(state, 0, 43), lanes({11, 12}));
    QCOMPARE(rowsOnScreen(state, 0, 200), lanes({11, 12, 13, 14, 15}));
}

void TestExportView::manyFindingsInViewCallOutTheWorst()
{
    const auto lanes = manyLanes(20);
    TimelineWidget w;
    w.resize(1200, 900);
    w.setLaneModel(lanes);
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    for (const Lane &lane : lanes->lanes())
        if (lane.isGroup() && lane.subject.startsWith("pod/"))
            w.expandLane(lane.id, false); // a row per pod: pods 0..19 on screen
    w.setVisibleRange(uitest::at(-1), uitest::at(21));
    w.plot()->replot();
    QTest::qWait(20);
    const auto scene = sceneOfView(w);
    QVERIFY(scene);
    const auto inView = findingsInView(*lanes, scene->start, scene->end, scene->rows);
    QCOMPARE(inView.size(), std::size_t(20)); // the extra ones; the two others lie after 21 s
    QCOMPARE(scene->findings.size(), kMaxViewCallouts);
    QCOMPARE(scene->findingsLeftOut, 20 - int(kMaxViewCallouts));
    const auto &f = lanes->analysis().findings;
    int errors = 0, fatal = 0;
    for (std::size_t k = 0; k < scene->findings.size(); ++k) {
        const core::Finding &x = f[size_t(scene->findings[k])];
        errors += x.severity == core::Severity::Error;
        fatal += x.severity == core::Severity::Fatal;
        if (k > 0)
            QVERIFY(f[size_t(scene->findings[k - 1])].start <= x.start); // numbered in time order
    }
    QCOMPARE(fatal, 1);
    QCOMPARE(errors, 6);
    // The rest are the earliest warnings (pods 0..4).
    QCOMPARE(f[size_t(scene->findings.front())].subject.text(), std::string("pod/default/web-0"));
    const TimelineImage image(*scene, ImageSize{1100, 0, 1.0});
    QCOMPARE(int(image.state().callouts.size()), int(kMaxViewCallouts));
}

void TestExportView::previewAtFullSizeOrFitted()
{
    auto sceneFor = [this](const ExportChoice &c) -> std::optional<ExportScene> {
        ExportRequest r;
        r.wholeBundle = c.scope == ExportScope::WholeBundle;
        return frameExport(m_lanes, r, nullptr);
    };
    ExportDialog dialog(sceneFor, {"race", "race"}, -1);
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
    const ExportChoice c = dialog.choice();
    const TimelineImage expected(*sceneFor(c), c.size);
    // 100 %: the saved pixels, one per screen pixel, in a scroll area.
    QVERIFY(!dialog.previewFits());
    QCOMPARE(dialog.previewImageSize(), expected.pixelSize());
    const qreal dpr = dialog.previewArea()->devicePixelRatioF();
    QCOMPARE(dialog.previewShownSize(), (QSizeF(expected.pixelSize()) / dpr).toSize());
    QVERIFY(dialog.previewArea()->horizontalScrollBar()->maximum() > 0
            || expected.pixelSize().width() / dpr <= dialog.previewArea()->viewport()->width());
    QVERIFY(dialog.previewArea()->verticalScrollBar()->maximum() > 0);

    // Fitted: the whole width in view.
    dialog.setPreviewFit(true);
    QVERIFY(dialog.previewFits());
    QVERIFY(dialog.previewShownSize().width() <= dialog.previewArea()->viewport()->width());
    QVERIFY(dialog.previewShownSize().width() >= dialog.previewArea()->viewport()->width() - 4);
    QCOMPARE(dialog.previewArea()->horizontalScrollBar()->maximum(), 0);

    // Options change the preview: twice the scale, twice the pixels.
    dialog.setPreviewFit(false);
    auto *scale = dialog.findChild<QDoubleSpinBox *>();
    QVERIFY(scale);
    scale->setValue(c.size.scale * 2);
    QTRY_COMPARE(dialog.previewImageSize(), expected.pixelSize() * 2);
}

// Past 48 Mpx the preview is the same layout painted smaller; "Fit width" still shows the
// width the saved image has when the area is wider than that, not the smaller render's.
void TestExportView::bigPreviewIsRenderedSmallerAndFitsTheSavedWidth()
{
    auto sceneFor = [this](const ExportChoice &) { return frameExport(m_lanes, ExportRequest{}, nullptr); };
    ExportDialog dialog(sceneFor, {"race", "race"}, -1);
    dialog.resize(3200, 900);
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
    const auto spins = dialog.findChildren<QSpinBox *>();
    QCOMPARE(spins.size(), 2);
    QSpinBox *width = spins[0]->maximum() == 8000 ? spins[0] : spins[1];
    QSpinBox *height = width == spins[0] ? spins[1] : spins[0];
    width->setValue(400);
    height->setValue(20000);
    dialog.findChild<QDoubleSpinBox *>()->setValue(3);
    const TimelineImage saved(*sceneFor({}), ImageSize{400, 20000, 3});
    QCOMPARE(saved.pixelSize(), QSize(1200, 60000));
    QTRY_VERIFY(dialog.previewImageSize().width() < saved.pixelSize().width());
    const QSize preview = dialog.previewImageSize();
    QVERIFY(double(preview.width()) * preview.height() <= 48e6 * 1.01);
    QVERIFY(std::abs(double(preview.height()) / preview.width() - 50.0) < 0.5); // same layout, smaller
    dialog.setPreviewFit(true);
    const qreal dpr = dialog.previewArea()->devicePixelRatioF();
    QVERIFY2(dialog.previewArea()->viewport()->width() * dpr > saved.pixelSize().width(), "the area is wider than the image");
    QCOMPARE(dialog.previewShownSize().width(), qRound(saved.pixelSize().width() / dpr));
}

QTEST_MAIN(TestExportView)
#include "tst_ui_exportview.moc"
