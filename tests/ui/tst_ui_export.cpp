// The exported timeline image: framing (which window, findings and lanes), the layout's
// promises checked on the pixels (callout, gap shading, taint bar where their times put them),
// the requested size, one PDF page, and the same image for the same scene.
#include "uitestdata.h"

#include "ui/eventplottable.h"
#include "ui/exportscene.h"
#include "ui/lanemodel.h"
#include "ui/overlaylayer.h"
#include "ui/statebarplottable.h"
#include "ui/timelineimage.h"

#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>

using namespace kubelane;
using namespace kubelane::ui;

class TestExport : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void framesTheFindingWithContext();
    void requestErrorsSayWhat();
    void fromToFramesAWindow();
    void lanesFilterKeepsMatchingLanes();
    void imageHasTheRequestedSize();
    void pixelsShowCalloutGapAndTaint();
    void cutsRowsToAFixedHeight();
    void sameSceneSameImage();
    void pdfHasOnePage();
    void raceImageShowsTheOrderingArrow();

private:
    std::shared_ptr<const LaneModel> m_heartbeat, m_race;
};

namespace {

bool near(QColor a, QColor b, int tolerance = 8)
{
    return std::abs(a.red() - b.red()) <= tolerance && std::abs(a.green() - b.green()) <= tolerance
        && std::abs(a.blue() - b.blue()) <= tolerance;
}

// A colour with alpha drawn over an opaque one.
QColor over(QColor top, QColor under)
{
    const double a = top.alphaF();
    return QColor(int(top.red() * a + under.red() * (1 - a)), int(top.green() * a + under.green() * (1 - a)),
                  int(top.blue() * a + under.blue() * (1 - a)));
}

const core::HeartbeatGap &onlyGapOver(const core::Analysis &a)
{
    const core::HeartbeatGap *found = nullptr;
    for (const auto &g : a.facts.gaps)
        if (g.exceedsGrace)
            found = &g;
    return *found;
}

} // namespace

void TestExport::initTestCase()
{
    m_heartbeat = std::make_shared<const LaneModel>(uitest::analyseSample("node-heartbeat-gap"));
    m_race = std::make_shared<const LaneModel>(uitest::analyseSample("probe-status-race"));
    QCOMPARE(m_heartbeat->analysis().findings.size(), std::size_t(1));
    // Run by sameSceneSameImage as a second process: draw the scene it draws and stop.
    if (const QString path = qEnvironmentVariable("KUBELANE_TEST_RENDER_TO"); !path.isEmpty()) {
        const auto scene = frameExport(m_race, {}, nullptr);
        std::exit(TimelineImage(*scene, {800, 0, 1}).toImage().save(path, "PNG") ? 0 : 3);
    }
}

void TestExport::framesTheFindingWithContext()
{
    QString error;
    const auto scene = frameExport(m_heartbeat, {}, &error);
    QVERIFY2(scene, qPrintable(error));
    const core::Finding &f = m_heartbeat->analysis().findings[0];
    QCOMPARE(scene->findings, std::vector<int>{0});
    // The finding's window and every evidence and chain line (the taint's removal comes after
    // the gap it explains), with context on both sides: 15 % of that span (over the 10 s minimum).
    core::Timestamp first = f.start, last = f.end;
    const auto &events = m_heartbeat->incident().events;
    for (core::EventIndex e : f.evidence) {
        first = std::min(first, events[e.index()].time);
        last = std::max(last, events[e.index()].time);
    }
    for (const auto &step : f.chain)
        if (step.event.index() < events.size()) {
            first = std::min(first, events[step.event.index()].time);
            last = std::max(last, events[step.event.index()].time);
        }
    QVERIFY(last > f.end); // the chain reaches past the window: framing must not cut it
    const auto pad = core::Duration{static_cast<std::int64_t>(static_cast<double>((last - first).ns) * 0.15)};
    QCOMPARE(scene->start, first - pad);
    QCOMPARE(scene->end, last + pad);
    // Only the finding's lanes: the node's heartbeat lane, not the healthy nodes'.
    QVERIFY(scene->shown[m_heartbeat->laneByKey("node/node3/heartbeats").index()]);
    const LaneId other = m_heartbeat->laneByKey("node/node1/heartbeats");
    QVERIFY(other.valid());
    QVERIFY(!scene->shown[other.index()]);

    // All findings of a bundle, in time order.
    const auto all = frameExport(m_race, {}, &error);
    QVERIFY(all);
    QCOMPARE(all->findings.size(), m_race->analysis().findings.size());
    for (std::size_t i = 1; i < all->findings.size(); ++i)
        QVERIFY(m_race->analysis().findings[static_cast<std::size_t>(all->findings[i - 1])].start
                <= m_race->analysis().findings[static_cast<std::size_t>(all->findings[i])].start);
}

void TestExport::requestErrorsSayWhat()
{
    QString error;
    ExportRequest r;
    r.finding = 4;
    QVERIFY(!frameExport(m_heartbeat, r, &error));
    QCOMPARE(error, QStringLiteral("--finding 5: the bundle has 1 finding"));

    r = {};
    r.rules = {"spec-hash-restart"};
    QVERIFY(!frameExport(m_heartbeat, r, &error));
    QVERIFY2(error.contains("spec-hash-restart") && error.contains("no such finding"), qPrintable(error));

    r = {};
    r.from = uitest::at(-1e7);
    r.to = uitest::at(-1e7 + 60);
    error.clear();
    QVERIFY(!frameExport(m_heartbeat, r, &error));
    QVERIFY2(error.contains("no event"), qPrintable(error));

    r = {};
    r.lanes = QStringLiteral("(unclosed");
    error.clear();
    QVERIFY(!frameExport(m_heartbeat, r, &error));
    QVERIFY2(error.startsWith("--lanes: "), qPrintable(error));

    r = {};
    r.lanes = QStringLiteral("no lane is called this");
    error.clear();
    QVERIFY(!frameExport(m_heartbeat, r, &error));
    QVERIFY2(error.contains("no lane matches"), qPrintable(error));
}

void TestExport::fromToFramesAWindow()
{
    const core::Finding &f = m_heartbeat->analysis().findings[0];
    ExportRequest r;
    r.from = m_heartbeat->last() - core::Duration::fromSeconds(60);
    r.to = m_heartbeat->last();
    QVERIFY(f.end < *r.from);
    QString error;
    auto scene = frameExport(m_heartbeat, r, &error);
    QVERIFY2(scene, qPrintable(error));
    QCOMPARE(scene->start, *r.from);
    QCOMPARE(scene->end, *r.to);
    QVERIFY(scene->findings.empty()); // the finding is outside the window: no callout
    QVERIFY(scene->shown.empty());    // and so every lane

    r.rules = {"node-heartbeat-gap"}; // a named finding that is not in the window is an error
    QVERIFY(!frameExport(m_heartbeat, r, &error));
    QVERIFY2(error.contains("--from"), qPrintable(error));
}

void TestExport::lanesFilterKeepsMatchingLanes()
{
    ExportRequest r;
    r.lanes = QStringLiteral("^heartbeats$");
    QString error;
    const auto scene = frameExport(m_heartbeat, r, &error);
    QVERIFY2(scene, qPrintable(error));
    const TimelineImage image(*scene, {});
    int heartbeatRows = 0;
    for (LaneId lane : image.state().rows) {
        const Lane &l = m_heartbeat->lane(lane);
        QVERIFY2(l.isGroup() || l.name == QLatin1String("heartbeats"), qPrintable(l.key));
        heartbeatRows += l.isGroup() ? 0 : 1;
    }
    QVERIFY2(heartbeatRows >= 3, "one heartbeat lane per node of the sample");
}

void TestExport::imageHasTheRequestedSize()
{
    const auto scene = frameExport(m_heartbeat, {}, nullptr);
    const TimelineImage image(*scene, {900, 700, 2.0});
    QCOMPARE(image.logicalSize(), QSize(900, 700));
    QCOMPARE(image.toImage().size(), QSize(1800, 1400));
    const TimelineImage natural(*scene, {1000, 0, 1.5});
    QCOMPARE(natural.logicalSize().width(), 1000);
    QVERIFY(natural.logicalSize().height() > 300);
    QCOMPARE(natural.toImage().size(), natural.pixelSize());
    QCOMPARE(natural.pixelSize(), QSize(1500, static_cast<int>(std::lround(natural.logicalSize().height() * 1.5))));
}

void TestExport::pixelsShowCalloutGapAndTaint()
{
    const auto scene = frameExport(m_heartbeat, {}, nullptr);
    const double scale = 2.0;
    const TimelineImage image(*scene, {1100, 0, scale});
    const QImage png = image.toImage();
    const Palette &pal = image.state().palette;
    auto pixel = [&](double x, double y) { return png.pixelColor(static_cast<int>(x * scale), static_cast<int>(y * scale)); };
    const TimelineCoordinates c = image.coordinates();

    // Callout 1: a disc in the callout colour at its computed centre, and its caption below.
    QCOMPARE(image.state().callouts.size(), std::size_t(1));
    const QPointF callout = image.calloutCenter(0);
    QVERIFY(image.rowsRect().adjusted(-1, -1, 1, 1).contains(callout));
    const QPointF beside = callout + QPointF(OverlayLayer::calloutRadius(image.state()) * 0.75, 0); // off the digit
    QVERIFY2(near(pixel(beside.x(), beside.y()), pal.callout), qPrintable(pixel(beside.x(), beside.y()).name()));
    const QRectF caption = image.captionRect(0);
    QVERIFY(caption.top() > image.legendRect().bottom());
    const double r = OverlayLayer::calloutRadius(image.state());
    QVERIFY(near(pixel(caption.left() + 1 + r * 1.75, caption.top() + 1 + r), pal.callout));

    // The 59 s gap: shaded from its start to its end in node3's heartbeat row.
    const core::HeartbeatGap &gap = onlyGapOver(m_heartbeat->analysis());
    const QRectF hb = image.laneRect(m_heartbeat->laneByKey("node/node3/heartbeats"));
    QVERIFY(!hb.isEmpty());
    const double g0 = c.toPixel(gap.start), g1 = c.toPixel(gap.end);
    QVERIFY(g1 - g0 > 300);
    const double gy = hb.top() + 3;
    // The finding's window is the gap, so inside it the gap lies over the finding's shade.
    const core::Finding &f = m_heartbeat->analysis().findings[0];
    QVERIFY(f.start <= gap.start && f.end >= gap.end);
    const QColor background = pixel(g0 - 12, gy);
    const QColor shaded = pixel(g0 + 6, gy);
    const QColor expected = over(pal.gapOverGrace, over(pal.findingShade, background));
    QVERIFY2(near(shaded, expected, 10), qPrintable(shaded.name() + " vs " + expected.name()));
    QVERIFY(near(pixel(g1 - 6, gy), over(pal.gapOverGrace, over(pal.findingShade, pixel(g1 + 12, gy))), 10));
    QVERIFY(!near(background, shaded, 10));

    // The unreachable taint: a bar from its add to its remove in the taint row.
    const LaneId taintLane = m_heartbeat->laneByKey("node/node3/taint/unreachable:NoExecute");
    QVERIFY2(taintLane.valid(), "taint lane");
    const Lane &taint = m_heartbeat->lane(taintLane);
    QCOMPARE(taint.states.size(), std::size_t(1));
    const double t0 = c.toPixel(taint.states[0].start), t1 = c.toPixel(taint.states[0].end);
    const QRectF bar = StateBarPlottable::barRect(t0, t1, image.laneRect(taintLane).top(), image.state().rowHeight, false);
    const QColor taintColor = over(pal.state(StateKind::TaintPresent), pixel(t1 + 30, bar.top() - 2));
    QVERIFY2(near(pixel((t0 + t1) / 2, bar.top() + 2), taintColor, 12), qPrintable(pixel((t0 + t1) / 2, bar.top() + 2).name()));
    QVERIFY(!near(pixel(t0 - 3, bar.top() + 2), taintColor, 12));
}

void TestExport::cutsRowsToAFixedHeight()
{
    const auto scene = frameExport(m_race, {}, nullptr);
    const TimelineImage tall(*scene, {1100, 0, 1});
    const TimelineImage shortImage(*scene, {1100, 700, 1});
    QCOMPARE(tall.cutRows(), 0);
    QVERIFY(shortImage.cutRows() > 0);
    QCOMPARE(shortImage.state().rows.size() + static_cast<std::size_t>(shortImage.cutRows()), tall.state().rows.size());
    QVERIFY(shortImage.rowsRect().bottom() < 700);
}

// What an export can promise is the same pixels for the same scene, fonts and Qt: drawn in
// another process (other heap addresses, another QHash seed, other uninitialised memory) the
// image must not differ by one pixel. Across machines the fonts differ, so no committed
// checksum could honestly stand for "any machine"; the layout tests above check the geometry.
void TestExport::sameSceneSameImage()
{
    const auto scene = frameExport(m_race, {}, nullptr);
    const QImage here = TimelineImage(*scene, {800, 0, 1}).toImage();
    QTemporaryDir dir;
    const QString path = dir.filePath("other-process.png");
    QProcess other;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert("KUBELANE_TEST_RENDER_TO", path);
    other.setProcessEnvironment(env);
    other.start(QCoreApplication::applicationFilePath(), {QStringLiteral("sameSceneSameImage")}); // initTestCase draws and exits
    QVERIFY(other.waitForFinished(120000));
    QCOMPARE(other.exitCode(), 0);
    QImage there(path);
    QVERIFY(!there.isNull());
    there = there.convertToFormat(here.format());
    QCOMPARE(there.size(), here.size());
    QVERIFY(there == here);
}

void TestExport::pdfHasOnePage()
{
    QTemporaryDir dir;
    const QString path = dir.filePath("timeline.pdf");
    const auto scene = frameExport(m_heartbeat, {}, nullptr);
    const TimelineImage image(*scene, {1100, 0, 2});
    QString error;
    QVERIFY2(image.save(path, &error), qPrintable(error));
    QFile f(path);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QByteArray pdf = f.readAll();
    QVERIFY(pdf.startsWith("%PDF-1."));
    QVERIFY(pdf.trimmed().endsWith("%%EOF"));
    // Page objects (not the /Pages tree node) and the tree's count.
    QCOMPARE(pdf.count(QByteArray("/Type /Page\n")) + pdf.count(QByteArray("/Type /Page ")) + pdf.count(QByteArray("/Type /Page/")), 1);
    QVERIFY(QRegularExpression(QStringLiteral("/Count 1\\b")).match(QString::fromLatin1(pdf)).hasMatch());
    // The page is the layout size in points (96 layout pixels per inch).
    const auto box = QRegularExpression(QStringLiteral("/MediaBox \\[0 0 ([0-9.]+) ([0-9.]+)\\]")).match(QString::fromLatin1(pdf));
    QVERIFY(box.hasMatch());
    QVERIFY(std::abs(box.captured(1).toDouble() - 1100 * 0.75) < 1);

    QVERIFY(!image.save(dir.filePath("timeline.jpg"), &error));
    QVERIFY2(error.contains(".png or .pdf"), qPrintable(error));
}

void TestExport::raceImageShowsTheOrderingArrow()
{
    // The race finding alone: its arrow between status and probe is drawn, with the µs label.
    int race = -1;
    for (std::size_t i = 0; i < m_race->analysis().findings.size(); ++i)
        if (m_race->analysis().findings[i].rule == "probe-status-race" && race < 0)
            race = static_cast<int>(i);
    QVERIFY(race >= 0);
    ExportRequest r;
    r.finding = race;
    const auto scene = frameExport(m_race, r, nullptr);
    QVERIFY(scene);
    const TimelineImage image(*scene, {1100, 0, 1});
    const TimelineCoordinates plot(m_race->origin(), scene->start, scene->end, 0, image.coordinates().width());
    const auto arrows = OverlayLayer::arrows(image.state(), plot, 0);
    QVERIFY(std::any_of(arrows.begin(), arrows.end(), [](const OrderingArrow &a) { return a.statusFirst && a.label.contains("µs"); }));
    const QImage png = image.toImage();
    const OrderingArrow &a = *std::find_if(arrows.begin(), arrows.end(), [](const OrderingArrow &x) { return x.statusFirst; });
    // The arrow's start ring, in the race colour, where the status event is.
    const QPointF from = a.from + QPointF(image.coordinates().left(), image.rowsRect().top());
    const double ring = EventPlottable::markRadius(image.state().rowHeight) + 3;
    bool found = false;
    QStringList seen;
    for (int dy = -2; dy <= 2 && !found; ++dy) {
        const QColor c = png.pixelColor(static_cast<int>(from.x()), static_cast<int>(from.y() - ring + dy));
        seen << c.name();
        found = near(c, image.state().palette.arrowRace, 40);
    }
    QVERIFY2(found, qPrintable(seen.join(' ')));
}

QTEST_MAIN(TestExport)
#include "tst_ui_export.moc"
