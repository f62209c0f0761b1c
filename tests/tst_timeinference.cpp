// Year and UTC offset of klog lines, which print neither: inferred from stamps inside
// messages, envelopes, file headers, overrides; Dec 31 -> Jan 1 inside one file.
#include "core/time/timeevidence.h"
#include "testutil.h"

using namespace kubelane;
using namespace kubelane::core;

class TestTimeInference : public QObject {
    Q_OBJECT
private slots:
    void offsetFromRfc3339InMessage()
    {
        const auto inc = test::loadText("kubelet.log",
            "I0312 10:42:26.119238 1 status_manager.go:499] Patch status for pod \"a_default(u)\" with \"{\\\"status\\\":{\\\"conditions\\\":[{\\\"lastTransitionTime\\\":\\\"2020-03-12T02:42:26Z\\\"}]}}\"\n");
        QCOMPARE(inc->sources[0].clock.utcOffsetSeconds, 8 * 3600);
        QCOMPARE(inc->sources[0].clock.offsetOrigin, ClockInfo::OffsetOrigin::Inferred);
        QVERIFY(inc->sources[0].clock.offsetEvidence.find("+08:00") != std::string::npos);
        QCOMPARE(test::utc(inc->events[0].time), QString("2020-03-12T02:42:26.119238Z"));
    }

    void offsetFromGoTimeString()
    {
        const auto inc = test::loadText("kubelet.log",
            "I0312 10:42:26.119337 1 status_manager.go:506] Status for pod \"a\" updated successfully: {LastTransitionTime:2020-03-12 10:42:26 +0800 CST}\n"
            "I0312 10:42:27.000000 1 kubelet.go:1] StartedAt:2018-12-26 12:14:25 +0800 CST is history, not evidence\n");
        QCOMPARE(inc->sources[0].clock.utcOffsetSeconds, 8 * 3600);
        QCOMPARE(inc->sources[0].clock.year, 2020);
    }

    void newYearRollover()
    {
        const auto inc = test::loadText("kubelet.log",
            "I1231 23:59:59.500000 1 kubelet.go:1] last of the year lastTransitionTime\":\"2019-12-31T23:59:59Z\"\n"
            "I0101 00:00:00.250000 1 kubelet.go:1] first of the next\n");
        QCOMPARE(test::utc(inc->events[0].time), QString("2019-12-31T23:59:59.500000Z"));
        QCOMPARE(test::utc(inc->events[1].time), QString("2020-01-01T00:00:00.250000Z"));
    }

    void rolloverWithYearKnownOnlyAfterIt()
    {
        const auto inc = test::loadText("kubelet.log",
            "I1231 23:59:59.000000 1 kubelet.go:1] before\n"
            "I0101 00:00:01.000000 1 kubelet.go:1] after \"ts\":\"2021-01-01T00:00:01Z\"\n");
        QCOMPARE(inc->sources[0].clock.year, 2020); // the year of the file's first stretch
        QCOMPARE(test::utc(inc->events[0].time, 0), QString("2020-12-31T23:59:59Z"));
    }

    void envelopeGivesOffsetAndYear()
    {
        const auto inc = test::loadText("var/log/pods/kube-system_kube-apiserver-m1_u/kube-apiserver/0.log",
            "2020-12-07T07:16:15.718100Z stderr F I1207 15:16:15.718067 1 server.go:417] Version: v1.18.6\n");
        QCOMPARE(inc->sources[0].clock.utcOffsetSeconds, 8 * 3600);
        QCOMPARE(test::utc(inc->events[0].time), QString("2020-12-07T07:16:15.718067Z"));
    }

    void overrideWinsAndYearFallback()
    {
        auto opts = test::options();
        opts.utcOffsets.push_back({"node3", "-05:00"});
        opts.fallbackYear = 2019;
        const auto inc = test::loadText("nodes/node3/kubelet.log", "I0618 02:12:47.000000 1 kubelet.go:1] no evidence here\n", opts);
        QCOMPARE(inc->sources[0].clock.offsetOrigin, ClockInfo::OffsetOrigin::Override);
        QCOMPARE(test::utc(inc->events[0].time, 0), QString("2019-06-18T07:12:47Z"));
    }

    void noEvidenceIsSaid()
    {
        const auto inc = test::loadText("kubelet.log", "I0618 02:12:47.000000 1 kubelet.go:1] nothing\n");
        QCOMPARE(inc->sources[0].clock.offsetOrigin, ClockInfo::OffsetOrigin::Assumed);
        bool noted = false;
        for (const auto &n : inc->notes)
            noted = noted || n.find("assumed UTC") != std::string::npos;
        QVERIFY(noted);
    }

    void sameNodeSharesItsZone()
    {
        QTemporaryDir dir;
        test::writeFile(dir, "nodes/n1/kubelet.log",
            "I0312 10:42:26.119238 1 status_manager.go:499] x \"lastTransitionTime\":\"2020-03-12T02:42:26Z\"\n");
        test::writeFile(dir, "nodes/n1/journal.txt", "Mar 12 10:40:00 n1 systemd[1]: Started kubelet: The Kubernetes Node Agent.\n");
        const auto inc = test::load({dir.path().toStdString()});
        const Source *j = test::sourceEndingWith(*inc, "journal.txt");
        QCOMPARE(j->clock.utcOffsetSeconds, 8 * 3600);
        QCOMPARE(QString::fromStdString(formatRfc3339(test::eventsOf(*inc, *j).front()->time, 0)), QString("2020-03-12T02:40:00Z"));
    }

    void zoneRounding()
    {
        int offset = 0;
        QVERIFY(nearestZoneOffset(std::int64_t(8 * 3600 + 1) * kNsPerSecond, 2 * kNsPerSecond, offset));
        QCOMPARE(offset, 8 * 3600);
        QVERIFY(nearestZoneOffset(std::int64_t(5 * 3600 + 1800) * kNsPerSecond, 2 * kNsPerSecond, offset));
        QCOMPARE(offset, 5 * 3600 + 1800);
        QVERIFY(!nearestZoneOffset(std::int64_t(8 * 3600 + 120) * kNsPerSecond, 2 * kNsPerSecond, offset));
    }
};

QTEST_GUILESS_MAIN(TestTimeInference)
#include "tst_timeinference.moc"
