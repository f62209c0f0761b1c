// Time is a type: civil conversions, RFC 3339, Go durations, UTC offsets.
#include "core/model/timestamp.h"

#include <QtTest>

using namespace kubelane::core;

class TestTimestamp : public QObject {
    Q_OBJECT
private slots:
    void rfc3339_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("utc");
        QTest::newRow("Z") << "2020-03-12T02:42:26Z"
                           << "2020-03-12T02:42:26.000000Z";
        QTest::newRow("nanos") << "2020-03-12T02:42:26.101676123Z"
                               << "2020-03-12T02:42:26.101676Z";
        QTest::newRow("offset colon") << "2020-03-12T10:42:26.5+08:00"
                                      << "2020-03-12T02:42:26.500000Z";
        QTest::newRow("offset compact") << "2020-12-07T15:16:15+0800"
                                        << "2020-12-07T07:16:15.000000Z";
        QTest::newRow("negative, across midnight") << "2020-01-01T20:00:00-05:00"
                                                   << "2020-01-02T01:00:00.000000Z";
        QTest::newRow("leap day") << "2020-02-29T00:00:00Z"
                                  << "2020-02-29T00:00:00.000000Z";
    }
    void rfc3339()
    {
        QFETCH(QString, text);
        QFETCH(QString, utc);
        const auto ts = parseRfc3339(text.toStdString());
        QVERIFY(ts.has_value());
        QCOMPARE(QString::fromStdString(formatRfc3339(*ts)), utc);
    }
    void rejectsMalformed_data()
    {
        QTest::addColumn<QString>("text");
        QTest::newRow("no zone") << "2020-03-12T02:42:26";
        QTest::newRow("feb 30") << "2021-02-30T00:00:00Z";
        QTest::newRow("feb 29 non-leap") << "2021-02-29T00:00:00Z";
        QTest::newRow("garbage") << "yesterday";
        QTest::newRow("hour 24") << "2020-03-12T24:00:00Z";
    }
    void rejectsMalformed()
    {
        QFETCH(QString, text);
        QVERIFY(!parseRfc3339(text.toStdString()).has_value());
    }
    void civilRoundTrip()
    {
        for (int y : {1970, 1999, 2000, 2020, 2024, 2100})
            for (unsigned m = 1; m <= 12; ++m) {
                const auto days = daysFromCivil(y, m, 15);
                const auto back = civilFromDays(days);
                QCOMPARE(back.year, y);
                QCOMPARE(back.month, m);
                QCOMPARE(back.day, 15u);
            }
    }
    void goDurations_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<qint64>("ns");
        QTest::newRow("pleg") << "3m0.93s" << qint64(180'930'000'000);
        QTest::newRow("grace") << "40.00011564s" << qint64(40'000'115'640);
        QTest::newRow("ms") << "5ms" << qint64(5'000'000);
        QTest::newRow("hours") << "1h2m" << qint64(3'720'000'000'000);
        QTest::newRow("micro") << "12µs" << qint64(12'000);
    }
    void goDurations()
    {
        QFETCH(QString, text);
        QFETCH(qint64, ns);
        const auto d = parseGoDuration(text.toStdString());
        QVERIFY(d.has_value());
        QCOMPARE(d->ns, ns);
    }
    void offsets()
    {
        QCOMPARE(parseUtcOffset("+08:00").value(), 8 * 3600);
        QCOMPARE(parseUtcOffset("-0530").value(), -(5 * 3600 + 30 * 60));
        QCOMPARE(parseUtcOffset("Z").value(), 0);
        QVERIFY(!parseUtcOffset("+25:00"));
        QVERIFY(!parseUtcOffset("8"));
        QCOMPARE(QString::fromStdString(formatUtcOffset(-(5 * 3600 + 30 * 60))), QString("-05:30"));
    }
    void durationsForPeople()
    {
        QCOMPARE(QString::fromStdString(formatDuration({47'200'000'000})), QString("47.2 s"));
        QCOMPARE(QString::fromStdString(formatDuration({43'000})), QString("43 µs"));
        QCOMPARE(QString::fromStdString(formatDuration({-43'000})), QString("-43 µs"));
        // Beside a threshold it would read as: apart from it (a PLEG relist 3m0.416753742s ago).
        const Duration threshold{180'000'000'000};
        QCOMPARE(QString::fromStdString(formatDurationBeside({180'416'753'742}, threshold)), QString("3 min 0.4 s"));
        QCOMPARE(QString::fromStdString(formatDurationBeside({180'000'400'000}, threshold)), QString("3 min 0.0004 s"));
        QCOMPARE(QString::fromStdString(formatDurationBeside({239'960'000'000}, {239'000'000'000})), QString("3 min 59.9 s"));
        QCOMPARE(QString::fromStdString(formatDurationBeside({187'500'000'000}, threshold)), QString("3 min 7 s"));
        QCOMPARE(QString::fromStdString(formatDurationBeside(threshold, threshold)), QString("3 min 0 s"));
    }
};

QTEST_GUILESS_MAIN(TestTimestamp)
#include "tst_timestamp.moc"
