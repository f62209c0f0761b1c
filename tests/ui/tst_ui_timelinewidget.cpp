// TimelineWidget, offscreen: findings zoom and highlight the right lanes, the ordering arrow
// joins the right two events, the filter hides lanes, and the rendered pixels show the
// heartbeat gap and the taint bar where their times say.
#include "uitestdata.h"

#include "ui/eventplottable.h"
#include "ui/lanetreemodel.h"
#include "ui/marksprites.h"
#include "ui/statebarplottable.h"
#include "ui/theme.h"
#include "ui/timelinewidget.h"

#include <QSignalSpy>
#include <QTest>
#include <QTreeView>
#include <qcustomplot.h>

using namespace kubelane;
using namespace kubelane::ui;

namespace {

// A timeline on screen (offscreen platform) at `size`, showing `lanes`.
[[nodiscard]] bool showTimeline(TimelineWidget &w, std::shared_ptr<const LaneModel> lanes, QSize size)
{
    w.resize(size);
    w.setLaneModel(std::move(lanes));
    w.show();
    return QTest::qWaitForWindowExposed(&w);
}

} // namespace

class TestTimelineWidget : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void selectingFindingZoomsAndHighlights();
    void orderingArrowBetweenStatusAndProbe();
    void filterHidesLanes();
    void findingLanesOnly();
    void collapsedGroupDrawsInParentRow();
    void pixelsShowGapAndTaint();
    void clickSelectsEvent();
    void themeRepaintsLightAndDark();
    void markSpritesLookLikeTheShapes_data();
    void markSpritesLookLikeTheShapes();
    void bandSpritesLookLikeTheRoundedBand_data();
    void bandSpritesLookLikeTheRoundedBand();
    void scaledPainterDrawsVectors();

private:
    int findingIndex(const std::string &rule, const std::string &subject) const;
    std::shared_ptr<const core::Analysis> m_sample;
    std::shared_ptr<const LaneModel> m_lanes;
};

void TestTimelineWidget::initTestCase()
{
    m_sample = uitest::analyseSample("probe-status-race");
    m_lanes = std::make_shared<LaneModel>(m_sample);
}

int TestTimelineWidget::findingIndex(const std::string &rule, const std::string &subject) const
{
    const auto &f = m_sample->findings;
    for (std::size_t i = 0; i < f.size(); ++i)
        if (f[i].rule == rule && f[i].subject.text() == subject)
            return static_cast<int>(i);
    return -1;
}

static bool isTreeRowHidden(const TimelineWidget &w, LaneId lane)
{
    auto *model = static_cast<LaneTreeModel *>(w.tree()->model());
    const QModelIndex i = model->indexOfLane(lane);
    return w.tree()->isRowHidden(i.row(), i.parent());
}

void TestTimelineWidget::selectingFindingZoomsAndHighlights()
{
    const int index = findingIndex("probe-status-race", "pod/default/auto-srv-cwhttp-sf-30b71-0");
    QVERIFY2(index >= 0, "the sample's probe-status-race finding is missing");
    const core::Finding &f = m_sample->findings[static_cast<std::size_t>(index)];
    TimelineWidget w;
    QVERIFY(showTimeline(w, m_lanes, QSize(1400, 900)));
    w.showFinding(index);

    // The view covers the finding with a margin, and not the whole bundle.
    QVERIFY(w.visibleStart() <= f.start && w.visibleEnd() >= f.end);
    const auto span = w.visibleEnd() - w.visibleStart();
    QVERIFY(span.ns <= std::max<std::int64_t>(3 * (f.end - f.start).ns, 3 * core::kNsPerSecond));
    QVERIFY(span < m_lanes->last() - m_lanes->first());
    QCOMPARE(w.plot()->xAxis2->range().lower, TimelineCoordinates::keyOf(m_lanes->origin(), w.visibleStart()));

    // Highlighted: the pod and the lanes of its evidence; not the other pods.
    const LaneId pod = m_lanes->laneOfSubject("pod/default/auto-srv-cwhttp-sf-30b71-0");
    QVERIFY(w.state().isHighlighted(pod));
    QVERIFY(!f.evidence.empty());
    for (core::EventIndex e : f.evidence) {
        const LaneId lane = m_lanes->laneOfEvent(e);
        QVERIFY(w.state().isHighlighted(lane));
        QVERIFY2(!w.laneRect(lane).isEmpty(), qPrintable(m_lanes->lane(lane).key)); // expanded and visible
    }
    QVERIFY(!w.state().isHighlighted(m_lanes->laneOfSubject("pod/default/opensource-sf-dc750-2")));
    QVERIFY(!w.state().isHighlighted(m_lanes->laneOfSubject("node/10.15.29.31")));
    // Evidence is outlined: the evidence set holds exactly the finding's lines and chain.
    for (core::EventIndex e : f.evidence)
        QVERIFY(std::binary_search(w.state().evidence.begin(), w.state().evidence.end(), e));
    // The tree shows it too, and the pod's row is scrolled into view.
    auto *model = static_cast<LaneTreeModel *>(w.tree()->model());
    QVERIFY(model->data(model->indexOfLane(pod), Qt::BackgroundRole).isValid());
    const QRectF podRow = w.laneRect(pod);
    QVERIFY(podRow.top() >= w.plot()->axisRect()->rect().top() - 1);
    QVERIFY(podRow.bottom() <= w.plot()->axisRect()->rect().bottom());

    w.clearFinding();
    QVERIFY(!w.state().isHighlighted(pod));
    QVERIFY(w.state().evidence.empty());
}

void TestTimelineWidget::orderingArrowBetweenStatusAndProbe()
{
    const core::Incident &inc = *m_sample->incident;
    const auto &orders = m_sample->facts.orders;
    auto victim = std::find_if(orders.begin(), orders.end(),
                               [&](const core::StatusProbeOrder &o) { return inc.podName(o.pod) == "default/auto-srv-cwhttp-sf-30b71-0"; });
    QVERIFY(victim != orders.end());
    QVERIFY(victim->statusFirst);
    const int index = findingIndex("probe-status-race", "pod/default/auto-srv-cwhttp-sf-30b71-0");
    TimelineWidget w;
    QVERIFY(showTimeline(w, m_lanes, QSize(1400, 900)));
    w.showFinding(index);
    w.plot()->replot();

    const auto arrows = w.orderingArrows();
    const std::size_t orderIndex = static_cast<std::size_t>(victim - orders.begin());
    auto arrow = std::find_if(arrows.begin(), arrows.end(), [&](const OrderingArrow &a) { return a.order == orderIndex; });
    QVERIFY(arrow != arrows.end());
    // From the status generation (pod worker) to the first readiness result (probe worker).
    QCOMPARE(arrow->fromEvent, victim->statusEvent);
    QCOMPARE(arrow->toEvent, victim->probeEvent);
    QCOMPARE(inc.typeName(inc.event(arrow->fromEvent)), std::string_view("pod.status.generate"));
    QVERIFY(arrow->statusFirst);
    QVERIFY(arrow->from.x() < arrow->to.x());
    const QRectF workerRow = w.laneRect(m_lanes->laneOfEvent(victim->statusEvent));
    const QRectF probeRow = w.laneRect(m_lanes->laneOfEvent(victim->probeEvent));
    QCOMPARE(m_lanes->lane(m_lanes->laneOfEvent(victim->statusEvent)).name, QStringLiteral("pod worker"));
    QVERIFY(m_lanes->lane(m_lanes->laneOfEvent(victim->probeEvent)).name.startsWith(QStringLiteral("probe worker")));
    QCOMPARE(arrow->from.y(), workerRow.center().y());
    QCOMPARE(arrow->to.y(), probeRow.center().y());
    // The label says who came first and by how much, to the microsecond.
    const qint64 us = (inc.event(victim->probeEvent).time - inc.event(victim->statusEvent).time).ns / 1000;
    QVERIFY2(arrow->label == QStringLiteral("status first by %1 µs").arg(us), qPrintable(arrow->label));

    // Survivors get arrows the other way round.
    const bool anySurvivor = std::any_of(arrows.begin(), arrows.end(), [](const OrderingArrow &a) { return !a.statusFirst; });
    QVERIFY(anySurvivor);

    w.setShowOrderings(false);
    QVERIFY(w.orderingArrows().empty());
}

void TestTimelineWidget::filterHidesLanes()
{
    TimelineWidget w;
    QVERIFY(showTimeline(w, m_lanes, QSize(1200, 800)));
    const std::size_t allRows = w.state().rows.size();
    const LaneId victim = m_lanes->laneOfSubject("pod/default/auto-srv-cwhttp-sf-30b71-0");
    const LaneId worker = m_lanes->laneByKey(m_lanes->lane(victim).key + "/pod-worker");
    const LaneId probe = m_lanes->laneByKey(m_lanes->lane(victim).key + "/probe-worker/auto-srv-cwhttp-py");
    const LaneId cp = m_lanes->roots().front();
    QVERIFY(worker.valid() && probe.valid());

    QVERIFY(w.setFilter(QStringLiteral("probe worker")));
    QVERIFY(isTreeRowHidden(w, worker));
    QVERIFY(!isTreeRowHidden(w, probe));
    QVERIFY(!isTreeRowHidden(w, victim));
    QVERIFY(isTreeRowHidden(w, cp));
    QVERIFY(w.laneRect(worker).isEmpty());
    QVERIFY(!w.laneRect(probe).isEmpty());
    QVERIFY(w.state().rows.size() < allRows);
    for (LaneId lane : w.state().rows) {
        const Lane &l = m_lanes->lane(lane);
        QVERIFY2(l.isGroup() || l.name.contains("probe worker", Qt::CaseInsensitive), qPrintable(l.key));
    }

    QString error;
    QVERIFY(!w.setFilter(QStringLiteral("([bad"), &error));
    QVERIFY(!error.isEmpty());
    QVERIFY(isTreeRowHidden(w, worker)); // a bad pattern leaves the last good filter in place

    QVERIFY(w.setFilter(QString()));
    QVERIFY(!isTreeRowHidden(w, worker));
    QVERIFY(!isTreeRowHidden(w, cp));
    QCOMPARE(w.state().rows.size(), allRows);
}

void TestTimelineWidget::findingLanesOnly()
{
    TimelineWidget w;
    w.resize(1200, 800);
    w.setLaneModel(m_lanes);
    w.setFindingLanesOnly(true);
    const LaneId victim = m_lanes->laneOfSubject("pod/default/auto-srv-cwhttp-sf-30b71-0");
    const LaneId survivor = m_lanes->laneOfSubject("pod/default/opensource-sf-dc750-2");
    QVERIFY(!isTreeRowHidden(w, victim));
    QVERIFY(isTreeRowHidden(w, survivor));
    w.setFindingLanesOnly(false);
    QVERIFY(!isTreeRowHidden(w, survivor));
}

void TestTimelineWidget::collapsedGroupDrawsInParentRow()
{
    TimelineWidget w;
    QVERIFY(showTimeline(w, m_lanes, QSize(1200, 800)));
    const LaneId survivor = m_lanes->laneOfSubject("pod/default/opensource-sf-dc750-2");
    const LaneId child = m_lanes->lane(survivor).children.back();
    w.expandLane(survivor, false);
    QVERIFY(w.laneRect(child).isEmpty());
    const core::EventIndex event =
        m_lanes->lane(child).events.empty() ? m_lanes->lane(survivor).events.front() : m_lanes->lane(child).events.front();
    QCOMPARE(w.state().rowOfEvent(event), w.state().rowOfLane[survivor.index()]);
    w.expandLane(survivor, true);
    QVERIFY(!w.laneRect(child).isEmpty());
}

// Okabe-Ito vermillion/orange over a light row: reddish and warm, not grey.
static bool isWarm(QColor c)
{
    return c.red() > c.green() + 25 && c.green() > c.blue() + 10;
}
static bool isNeutral(QColor c)
{
    return std::abs(c.red() - c.green()) < 12 && std::abs(c.green() - c.blue()) < 12;
}

void TestTimelineWidget::pixelsShowGapAndTaint()
{
    QApplication::setPalette(QPalette(QColor(0xef, 0xef, 0xef), QColor(0xff, 0xff, 0xff))); // light, whatever the desktop
    uitest::IncidentBuilder b;
    b.add(uitest::at(0), "heartbeat.request", "node-status", "PATCH node status 200");
    b.add(uitest::at(10), "heartbeat.request", "node-status", "PATCH node status 200");
    b.add(uitest::at(60), "heartbeat.request", "node-status", "PATCH node status 200");
    b.add(uitest::at(100), "heartbeat.request", "node-status", "PATCH node status 200");
    auto a = std::make_shared<core::Analysis>();
    a->incident = b.finish();
    const core::StringId n1 = b.intern("n1");
    a->facts.nodes = {n1};
    for (std::size_t i = 0; i < 4; ++i)
        a->facts.heartbeats.push_back(
            {a->incident->events[i].time, n1, core::Heartbeat::Kind::NodeStatus, false, core::EventIndex::fromIndex(i)});
    core::HeartbeatGap gap = uitest::gap(n1, 10, 60);
    gap.beforeEvent = core::EventIndex(1);
    gap.afterEvent = core::EventIndex(2);
    a->facts.gaps = {gap};
    a->facts.taints = {{n1, "t", "NoExecute", uitest::at(30), uitest::at(80), false, core::kNoEvent, core::kNoEvent}};
    auto lanes = std::make_shared<LaneModel>(a);

    TimelineWidget w;
    QVERIFY(showTimeline(w, lanes, QSize(1300, 600)));
    w.setVisibleRange(uitest::at(-5), uitest::at(105));
    w.plot()->replot();
    const QImage img = w.plot()->grab().toImage();
    QVERIFY(!img.isNull());
    const double dpr = img.devicePixelRatio();
    auto pixel = [&](double x, double y) { return img.pixelColor(static_cast<int>(x * dpr), static_cast<int>(y * dpr)); };

    const TimelineCoordinates c = w.coordinates();
    const QRectF hbRow = w.laneRect(lanes->laneByKey("node/n1/heartbeats"));
    const QRectF taintRow = w.laneRect(lanes->laneByKey("node/n1/taint/t:NoExecute"));
    QVERIFY(!hbRow.isEmpty() && !taintRow.isEmpty());

    // The gap: shaded from x(10 s) to x(60 s) in the heartbeat row, not before or after.
    const double g0 = c.toPixel(gap.start), g1 = c.toPixel(gap.end);
    QVERIFY(g1 - g0 > 400);
    const double gy = hbRow.top() + 3; // above the centred label
    QVERIFY2(isWarm(pixel(g0 + 20, gy)), qPrintable(pixel(g0 + 20, gy).name()));
    QVERIFY(isWarm(pixel(g1 - 20, gy)));
    QVERIFY(isWarm(pixel(g0 + 3, gy)));
    QVERIFY2(isNeutral(pixel(g0 - 15, gy)), qPrintable(pixel(g0 - 15, gy).name()));
    QVERIFY(isNeutral(pixel(g1 + 15, gy)));
    // The gap's shade is exactly the palette's colour over the row background.
    const QColor shade = w.state().palette.gapOverGrace;
    const QColor under = pixel(g0 - 15, gy);
    const double alpha = shade.alphaF();
    const QColor expected(int(shade.red() * alpha + under.red() * (1 - alpha)), int(shade.green() * alpha + under.green() * (1 - alpha)),
                          int(shade.blue() * alpha + under.blue() * (1 - alpha)));
    const QColor got = pixel(g0 + 20, gy);
    QVERIFY2(std::abs(got.red() - expected.red()) < 6 && std::abs(got.green() - expected.green()) < 6
                 && std::abs(got.blue() - expected.blue()) < 6,
             qPrintable(got.name() + " vs " + expected.name()));

    // The taint: a bar from x(30 s) to x(80 s) in the taint row.
    const double t0 = c.toPixel(uitest::at(30)), t1 = c.toPixel(uitest::at(80));
    const QRectF bar = StateBarPlottable::barRect(t0, t1, taintRow.top(), taintRow.height(), false);
    const double ty = bar.top() + 1;
    auto isTaint = [](QColor p) { return p.red() > 200 && p.green() > 130 && p.green() < 200 && p.blue() < 100; };
    QVERIFY2(isTaint(pixel(t1 - 20, ty)), qPrintable(pixel(t1 - 20, ty).name()));
    QVERIFY(isTaint(pixel(t0 + 2, ty)));
    QVERIFY(isTaint(pixel(t1 - 2, ty)));
    QVERIFY2(!isTaint(pixel(t0 - 4, ty)), qPrintable(pixel(t0 - 4, ty).name()));
    QVERIFY(!isTaint(pixel(t1 + 4, ty)));
    QVERIFY(!isTaint(pixel(t1 - 20, bar.top() - 2))); // bars keep a margin to the row edge

    // Heartbeat ticks are drawn at their times, outside the gap.
    const double tick = c.toPixel(uitest::at(100));
    const QColor tickColor = pixel(tick, hbRow.center().y());
    QVERIFY2(tickColor.lightness() < 150, qPrintable(tickColor.name()));
}

void TestTimelineWidget::clickSelectsEvent()
{
    TimelineWidget w;
    QVERIFY(showTimeline(w, m_lanes, QSize(1400, 900)));
    const int index = findingIndex("probe-status-race", "pod/default/auto-srv-cwhttp-sf-30b71-0");
    w.showFinding(index);
    w.plot()->replot();
    const core::Finding &f = m_sample->findings[static_cast<std::size_t>(index)];
    const core::EventIndex kill = f.evidence.back();
    const LaneId lane = m_lanes->laneOfEvent(kill);
    const QPointF pos(w.coordinates().toPixel(m_sample->incident->event(kill).time), w.laneRect(lane).center().y());
    const EventHit hit = w.eventAt(pos);
    QCOMPARE(hit.lane, lane);
    QVERIFY(hit.event != core::kNoEvent);
    QCOMPARE(m_sample->incident->event(hit.event).time, m_sample->incident->event(kill).time);
    QSignalSpy spy(&w, &TimelineWidget::eventSelected);
    QTest::mouseClick(w.plot(), Qt::LeftButton, {}, pos.toPoint());
    QCOMPARE(spy.count(), 1);
    const core::EventIndex selected = w.selectedEvent();
    QCOMPARE(spy.front().front().value<core::EventIndex>(), selected);
    // What was clicked, computed here from the lane's own list rather than taken from the
    // widget: the kill, or an event of the same lane logged at the same instant.
    const auto &laneEvents = m_lanes->lane(lane).events;
    QVERIFY(std::find(laneEvents.begin(), laneEvents.end(), selected) != laneEvents.end());
    QCOMPARE(m_sample->incident->event(selected).time, m_sample->incident->event(kill).time);
    if (std::count_if(laneEvents.begin(), laneEvents.end(),
                      [&](core::EventIndex e) { return m_sample->incident->event(e).time == m_sample->incident->event(kill).time; })
        == 1)
        QCOMPARE(selected, kill);
    // Nothing is selected in an empty area.
    QCOMPARE(w.eventAt(QPointF(w.plot()->axisRect()->rect().left() + 2, w.laneRect(lane).center().y())).event == hit.event, false);
}

void TestTimelineWidget::themeRepaintsLightAndDark()
{
    TimelineWidget w;
    QVERIFY(showTimeline(w, m_lanes, QSize(1200, 600)));
    const LaneId group = w.state().rows.front(); // the first row is a group (control plane or node)
    QVERIFY(m_lanes->lane(group).isGroup());
    auto groupRowPixel = [&] {
        w.plot()->replot();
        const QImage img = w.plot()->grab().toImage();
        const QRectF r = w.laneRect(group);
        return img.pixelColor(static_cast<int>(3 * img.devicePixelRatio()), static_cast<int>((r.top() + 2) * img.devicePixelRatio()));
    };
    applyTheme(Theme::Dark);
    QApplication::processEvents();
    QVERIFY(w.state().palette.dark);
    QVERIFY(w.state().palette.text.lightness() > 180);
    const QColor dark = groupRowPixel();
    QVERIFY2(dark.lightness() < 80, qPrintable(dark.name()));
    QCOMPARE(dark.rgb(), w.state().palette.groupRow.rgb());

    applyTheme(Theme::Light);
    QApplication::processEvents();
    QVERIFY(!w.state().palette.dark);
    const QColor light = groupRowPixel();
    QVERIFY2(light.lightness() > 200, qPrintable(light.name()));
    applyTheme(Theme::System);
}

namespace {

QImage blankImage(double ratio, QSize size = QSize(40, 40))
{
    QImage image(size * ratio, QImage::Format_ARGB32_Premultiplied);
    image.setDevicePixelRatio(ratio);
    image.fill(Qt::white);
    return image;
}

// Where the picture is not background, and how many pixels that is.
struct Ink {
    QRect box;
    int pixels = 0;
};
Ink inkOf(const QImage &image)
{
    Ink ink;
    for (int y = 0; y < image.height(); ++y)
        for (int x = 0; x < image.width(); ++x)
            if (image.pixelColor(x, y).lightness() < 200) {
                ink.box |= QRect(x, y, 1, 1);
                ++ink.pixels;
            }
    return ink;
}

} // namespace

// A mark copied from its sprite is the shape drawn as vectors, give or take antialiasing at
// the edges (the sprite lands on whole pixels), at every severity and on high-DPI screens.
void TestTimelineWidget::markSpritesLookLikeTheShapes_data()
{
    QTest::addColumn<int>("severity");
    QTest::addColumn<bool>("other");
    QTest::addColumn<double>("ratio");
    QTest::newRow("info") << int(core::Severity::Info) << false << 1.0;
    QTest::newRow("warning") << int(core::Severity::Warning) << false << 1.0;
    QTest::newRow("error") << int(core::Severity::Error) << false << 1.0;
    QTest::newRow("fatal, 2x screen") << int(core::Severity::Fatal) << false << 2.0;
    QTest::newRow("other tick") << int(core::Severity::Info) << true << 1.0;
}

void TestTimelineWidget::markSpritesLookLikeTheShapes()
{
    QFETCH(int, severity);
    QFETCH(bool, other);
    QFETCH(double, ratio);
    const auto sev = static_cast<core::Severity>(severity);
    const QPointF centre(20.5, 20.5);
    QImage vectors = blankImage(ratio), sprites = blankImage(ratio);
    {
        QPainter p(&vectors);
        p.setRenderHint(QPainter::Antialiasing, true);
        drawEventShape(&p, centre, 6, sev, other, QColor("#d55e00"), Qt::black);
    }
    MarkSprites cache;
    {
        QPainter p(&sprites);
        QVERIFY(cache.draw(&p, centre, 6, sev, other, QColor("#d55e00"), Qt::black));
        QVERIFY(cache.draw(&p, centre, 6, sev, other, QColor("#d55e00"), Qt::black)); // from the cache
    }
    // Same place, same size, same colour inside. Antialiased edges come out a little bolder
    // when the shape is drawn onto a transparent image first: at most one pixel more around.
    const Ink drawn = inkOf(vectors), copied = inkOf(sprites);
    const int px = static_cast<int>(ratio);
    QVERIFY(drawn.pixels > 8);
    QVERIFY2(copied.box.contains(drawn.box) && drawn.box.adjusted(-px, -px, px, px).contains(copied.box),
             qPrintable(QString("sprite %1,%2 %3x%4, shape %5,%6 %7x%8")
                            .arg(copied.box.x())
                            .arg(copied.box.y())
                            .arg(copied.box.width())
                            .arg(copied.box.height())
                            .arg(drawn.box.x())
                            .arg(drawn.box.y())
                            .arg(drawn.box.width())
                            .arg(drawn.box.height())));
    QVERIFY2(copied.pixels >= drawn.pixels && copied.pixels <= drawn.pixels * 3 / 2 + 24 * px,
             qPrintable(QString("%1 vs %2").arg(copied.pixels).arg(drawn.pixels)));
    QCOMPARE(sprites.pixelColor(QPoint(20, 20) * ratio), vectors.pixelColor(QPoint(20, 20) * ratio));
}

// A band copied from its ends' sprite and their stretched middle is the rounded rectangle
// drawn as vectors: same place and size within a pixel, same colours inside and on its edges.
void TestTimelineWidget::bandSpritesLookLikeTheRoundedBand_data()
{
    QTest::addColumn<QRectF>("pill");
    QTest::addColumn<double>("ratio");
    QTest::newRow("band") << QRectF(6.3, 15.7, 40.9, 9.6) << 1.0;
    QTest::newRow("short other band") << QRectF(10.5, 16.9, 8.2, 7.2) << 1.0;
    QTest::newRow("band, 2x screen") << QRectF(6.3, 15.7, 40.9, 9.6) << 2.0;
}

void TestTimelineWidget::bandSpritesLookLikeTheRoundedBand()
{
    QFETCH(QRectF, pill);
    QFETCH(double, ratio);
    QColor fill("#0072b2");
    fill.setAlpha(200);
    const QColor outline = QColor("#0072b2").darker(130);
    QImage vectors = blankImage(ratio, QSize(60, 40)), sprites = blankImage(ratio, QSize(60, 40));
    {
        QPainter p(&vectors);
        p.setRenderHint(QPainter::Antialiasing, true);
        drawBandShape(&p, pill, fill, outline);
    }
    MarkSprites cache;
    {
        QPainter p(&sprites);
        QVERIFY(cache.drawBand(&p, pill, fill, outline));
    }
    const Ink drawn = inkOf(vectors), copied = inkOf(sprites);
    const int px = static_cast<int>(ratio);
    QVERIFY(drawn.pixels > 20);
    const auto box = [](const QRect &r) { return QString("%1,%2 %3x%4").arg(r.x()).arg(r.y()).arg(r.width()).arg(r.height()); };
    QVERIFY2(drawn.box.adjusted(-px, -px, px, px).contains(copied.box) && copied.box.adjusted(-px, -px, px, px).contains(drawn.box),
             qPrintable("sprite " + box(copied.box) + ", vectors " + box(drawn.box)));
    QVERIFY2(std::abs(copied.pixels - drawn.pixels) <= 4 * pill.height() * px * px,
             qPrintable(QString("%1 vs %2").arg(copied.pixels).arg(drawn.pixels)));
    // Inside, and one pixel in from the top and bottom edges in the straight middle.
    const QPoint middle = (pill.center() * ratio).toPoint();
    QCOMPARE(sprites.pixelColor(middle), vectors.pixelColor(middle));
    for (const double y : {pill.top() + 1, pill.bottom() - 1}) {
        const QPoint at = (QPointF(pill.center().x(), y) * ratio).toPoint();
        const QColor a = sprites.pixelColor(at), b = vectors.pixelColor(at);
        QVERIFY2(std::abs(a.red() - b.red()) + std::abs(a.green() - b.green()) + std::abs(a.blue() - b.blue()) <= 90,
                 qPrintable(QString("%1 vs %2 at y %3").arg(a.name(), b.name()).arg(y)));
    }
    // Exports scale their painter: the band is drawn as vectors there.
    QImage scaled = blankImage(1);
    QPainter p(&scaled);
    p.scale(2, 2);
    QVERIFY(!cache.drawBand(&p, pill, fill, outline));
}

// Exports scale their painter: the sprites refuse it, and the vectors stay sharp.
void TestTimelineWidget::scaledPainterDrawsVectors()
{
    QImage image = blankImage(1);
    QPainter p(&image);
    p.scale(2, 2);
    MarkSprites cache;
    QVERIFY(!cache.draw(&p, QPointF(10, 10), 6, core::Severity::Error, false, Qt::red, Qt::black));
}

QTEST_MAIN(TestTimelineWidget)
#include "tst_ui_timelinewidget.moc"
