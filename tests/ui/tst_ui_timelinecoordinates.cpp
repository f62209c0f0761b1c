// TimelineCoordinates: the only time <-> pixel math of the timeline.
#include "ui/timelinecoordinates.h"

#include "core/model/timewindow.h"

#include <QTest>

#include <cstdlib>

using namespace kubelane;
using ui::TimelineCoordinates;

class TestTimelineCoordinates : public QObject {
    Q_OBJECT
private slots:
    void roundTrip_data();
    void roundTrip();
    void keysKeepMicroseconds();
    void zoomKeepsAnchor();
    void paddedHonoursMinimum();
    void degenerateRange();
};

static const core::Timestamp kOrigin{1583971200LL * core::kNsPerSecond}; // 2020-03-12T00:00:00Z

void TestTimelineCoordinates::roundTrip_data()
{
    QTest::addColumn<qint64>("startOffsetNs");
    QTest::addColumn<qint64>("spanNs");
    QTest::addColumn<double>("width");
    QTest::newRow("a day on 1000 px") << qint64(0) << qint64(86400) * core::kNsPerSecond << 1000.0;
    QTest::newRow("2 s on 1200 px") << qint64(9746) * core::kNsPerSecond << qint64(2) * core::kNsPerSecond << 1200.0;
    QTest::newRow("100 µs on 800 px") << qint64(38546) * core::kNsPerSecond + 102104000 << qint64(100000) << 800.0;
    QTest::newRow("1 µs on 2000 px (HiDPI)") << qint64(38546) * core::kNsPerSecond << qint64(1000) << 2000.0;
}

void TestTimelineCoordinates::roundTrip()
{
    QFETCH(qint64, startOffsetNs);
    QFETCH(qint64, spanNs);
    QFETCH(double, width);
    const core::Timestamp start = kOrigin + core::Duration{startOffsetNs};
    const TimelineCoordinates c(kOrigin, start, start + core::Duration{spanNs}, 50, width);
    QCOMPARE(c.toPixel(c.start()), 50.0);
    QCOMPARE(c.toPixel(c.end()), 50.0 + width);
    // Every pixel maps to a time and back to the same pixel (to within the half nanosecond
    // a time is rounded to: a whole pixel when a pixel is half a nanosecond).
    const double tolerance = std::max(1e-3, 0.5 * c.pixelsPerNs() + 1e-9);
    for (double x = 50; x <= 50 + width; x += width / 16) {
        const core::Timestamp t = c.toTime(x);
        QVERIFY(std::abs(c.toPixel(t) - x) <= tolerance);
    }
    // Every time maps to a pixel and back within half a nanosecond-per-pixel.
    for (int i = 0; i <= 16; ++i) {
        const core::Timestamp t = start + core::Duration{spanNs / 16 * i};
        const core::Timestamp back = c.toTime(c.toPixel(t));
        QVERIFY2(std::llabs((back - t).ns) <= std::max<qint64>(1, static_cast<qint64>(c.nsPerPixel())),
                 qPrintable(QString::number((back - t).ns)));
    }
    QCOMPARE(c.durationOf(width).ns, spanNs);
    QVERIFY(std::abs(c.pixelsOf(core::Duration{spanNs}) - width) < 1e-6);
}

void TestTimelineCoordinates::keysKeepMicroseconds()
{
    // 43 µs apart, ten days after the origin: keys (double seconds since origin) must keep them apart.
    const core::Timestamp a = kOrigin + core::Duration{10 * 86400 * core::kNsPerSecond + 102104000};
    const core::Timestamp b = a + core::Duration{43000};
    const double ka = TimelineCoordinates::keyOf(kOrigin, a), kb = TimelineCoordinates::keyOf(kOrigin, b);
    QVERIFY(kb > ka);
    QCOMPARE(TimelineCoordinates::timeAtKey(kOrigin, ka), a);
    QCOMPARE(TimelineCoordinates::timeAtKey(kOrigin, kb), b);
    const auto c = TimelineCoordinates::fromKeys(kOrigin, ka - 1e-4, kb + 1e-4, 0, 1000);
    QVERIFY(c.toPixel(b) - c.toPixel(a) > 100); // 43 µs of 243 µs on 1000 px
}

void TestTimelineCoordinates::zoomKeepsAnchor()
{
    const core::Timestamp s = kOrigin + core::Duration{3600 * core::kNsPerSecond};
    const core::Timestamp e = s + core::Duration{60 * core::kNsPerSecond};
    const TimelineCoordinates before(kOrigin, s, e, 0, 1000);
    const core::Timestamp anchor = before.toTime(250);
    const auto [ns, ne] = TimelineCoordinates::zoomed(s, e, anchor, 0.5);
    QCOMPARE((ne - ns).ns, 30 * core::kNsPerSecond);
    const TimelineCoordinates after(kOrigin, ns, ne, 0, 1000);
    QVERIFY(std::abs(after.toPixel(anchor) - 250) < 1e-3);
    // Never narrower than the minimum.
    const auto [ms, me] = TimelineCoordinates::zoomed(s, e, anchor, 1e-12, core::Duration{1000});
    QCOMPARE((me - ms).ns, qint64(1000));
}

void TestTimelineCoordinates::paddedHonoursMinimum()
{
    const core::Timestamp t = kOrigin + core::Duration{5 * core::kNsPerSecond};
    auto [a, b] = core::paddedWindow(t, t, 0.1, core::Duration{2 * core::kNsPerSecond});
    QVERIFY((b - a).ns >= 2 * core::kNsPerSecond);
    QVERIFY(a < t && b > t);
    auto [c, d] = core::paddedWindow(t, t + core::Duration{10 * core::kNsPerSecond}, 0.1, core::Duration{1});
    QCOMPARE((d - c).ns, 12 * core::kNsPerSecond);
    // Exports frame a finding with 15 % each side, at least 10 s in all.
    auto [e, f] = core::framedWindow(t, t + core::Duration{100 * core::kNsPerSecond});
    QVERIFY(std::llabs((t - e).ns - 15 * core::kNsPerSecond) <= 1); // 0.15 is not exact in binary
    QVERIFY(std::llabs((f - t).ns - 115 * core::kNsPerSecond) <= 1);
    auto [g, h] = core::framedWindow(t, t + core::Duration{core::kNsPerSecond});
    QCOMPARE((h - g).ns, 10 * core::kNsPerSecond);
}

void TestTimelineCoordinates::degenerateRange()
{
    const TimelineCoordinates c(kOrigin, kOrigin, kOrigin, 0, 0);
    QVERIFY(c.span().ns >= 1);
    QVERIFY(c.width() > 0);
    QVERIFY(std::isfinite(c.toPixel(kOrigin + core::Duration{5})));
}

QTEST_GUILESS_MAIN(TestTimelineCoordinates)
#include "tst_ui_timelinecoordinates.moc"
