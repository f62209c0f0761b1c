// Year and UTC offset of klog lines, which print neither: inferred from stamps inside
// messages, envelopes, file headers, overrides; Dec 31 -> Jan 1 inside one file. Zone
// statements outside klog lines (journal header, timedatectl, date, offset syslog lines) and
// clocks aligned across sources by pairs of lines (requests, the node lifecycle controller
// against heartbeats), with skew.
#include "core/time/clockpairs.h"
#include "core/time/timeevidence.h"
#include "core/model/zonenames.h"
#include "testutil.h"
#include <QLocale>
#include <QTemporaryDir>

#include <cstdio>
#include <utime.h>
#include <string>
#include <vector>

using namespace kubelane;
using namespace kubelane::core;

namespace {

// ---- a small cluster on 2024-03-14: times are seconds of the day, on the clock that prints them

using test::File;
using test::loadFiles;

// Raw klog lines of 2024-03-14 (UTC) as a container runtime writes them: each behind its exact
// UTC time, which makes the log an anchor for the others.
std::string inContainerLog(const std::string &klog)
{
    std::string out;
    for (std::size_t pos = 0; pos < klog.size();) {
        const std::size_t end = klog.find('\n', pos);
        const std::string line = klog.substr(pos, end - pos);
        out += "2024-03-14T" + line.substr(6, 15) + "123Z stderr F " + line + "\n";
        pos = end == std::string::npos ? klog.size() : end + 1;
    }
    return out;
}

// "09:05:03.412301"
std::string clock(double secondOfDay)
{
    const long long us = static_cast<long long>(secondOfDay * 1e6 + 0.5);
    char buf[32];
    std::snprintf(buf, sizeof buf, "%02lld:%02lld:%02lld.%06lld", us / 3600000000LL % 24, us / 60000000LL % 60, us / 1000000LL % 60,
                  us % 1000000LL);
    return buf;
}

// A deterministic jitter in [0, 1).
struct Jitter {
    unsigned state = 12345;
    double next()
    {
        state = state * 1103515245u + 12345u;
        return double((state >> 8) & 0xffff) / 65536.0;
    }
};

const std::string kKubeletAgent = "kubelet/v1.28.9 (linux/amd64) kubernetes/587f5fe";

// kube-apiserver 1.28 request log line, as plain klog.
std::string httpLine(double t, const std::string &verb, const std::string &uri, const std::string &agent = kKubeletAgent)
{
    return "I0314 " + clock(t) + "       1 httplog.go:132] \"HTTP\" verb=\"" + verb + "\" URI=\"" + uri
        + "\" latency=\"3.1ms\" userAgent=\"" + agent
        + "\" audit-ID=\"6f0f5c1e-8f62-4d8e-9c55-0e1f3b0b6a11\" srcIP=\"10.20.0.22:41234\" apf_pl=\"system\" "
          "apf_fs=\"system-nodes\" apf_iseats=1 apf_fseats=0 apf_additionalLatency=\"0s\" apf_execution_time=\"2.4ms\" resp=200\n";
}

// The same, in a CRI container log: the envelope gives the exact UTC time (the line at `t` UTC).
std::string criHttpLine(double t, const std::string &verb, const std::string &uri)
{
    return "2024-03-14T" + clock(t) + "123Z stderr F " + httpLine(t, verb, uri);
}

// A kubelet line in `journalctl -u kubelet -o short-precise`.
std::string journalLine(double t, const std::string &node, const std::string &klog)
{
    return "Mar 14 " + clock(t + 0.000041) + " " + node + " kubelet[1187]: I0314 " + clock(t) + "    1187 " + klog + "\n";
}

std::string leaseUri(const std::string &node)
{
    return "/apis/coordination.k8s.io/v1/namespaces/kube-node-lease/leases/" + node + "?timeout=10s";
}

std::string podPatch(const std::string &pod)
{
    return "status_manager.go:877] \"Patch status for pod\" pod=\"shop/" + pod
        + "\" podUID=\"0b5f8a55-e1d2-4c77-9a0a-3c41d7d8a1b2\" "
          "patch=\"{\\\"status\\\":{\\\"conditions\\\":[{\\\"lastTransitionTime\\\":\\\"2024-03-11T00:03:41Z\\\",\\\"status\\\":"
          "\\\"True\\\",\\\"type\\\":\\\"Ready\\\"}]}}\"";
}

// A kubelet at -v=6 renewing its lease and posting its status, every 10 s with the jitter
// (4 %) of wait.JitterUntil, from `from` to `to` (true time); the kubelet's clock reads
// `shift` seconds ahead of true time, the apiserver's `apiShift`. `gap` is a stretch with no
// heartbeat at all.
struct Heartbeats {
    std::string kubelet, apiserver;
    double lastBefore = 0, firstAfter = 0; // the apiserver's records around the gap
};
Heartbeats heartbeats(const std::string &node, double from, double to, double shift, double apiShift, double gapFrom = 0, double gapTo = 0,
                      unsigned seed = 7)
{
    Heartbeats out;
    Jitter j{seed};
    auto record = [&](double served) {
        if (served < gapFrom)
            out.lastBefore = std::max(out.lastBefore, served);
        else if (served >= gapTo && (!out.firstAfter || served < out.firstAfter))
            out.firstAfter = served;
    };
    for (double t = from; t < to; t += 10 + 0.4 * j.next()) {
        if (t >= gapFrom && t < gapTo)
            continue;
        const double served = t + 0.002 + 0.003 * j.next();
        record(served);
        out.apiserver += httpLine(served + apiShift, "PUT", leaseUri(node));
        out.kubelet += journalLine(served + 0.0004 + shift, node,
                                   "round_trippers.go:553] PUT https://10.20.0.10:6443" + leaseUri(node) + " 200 OK in 4 milliseconds");
        const double status = t + 3.7 + 0.2 * j.next();
        if (status >= gapFrom && status < gapTo)
            continue;
        record(status + 0.006);
        out.apiserver += httpLine(status + 0.006 + apiShift, "PATCH", "/api/v1/nodes/" + node + "/status?timeout=10s");
        out.kubelet += journalLine(status + 0.0065 + shift, node,
                                   "round_trippers.go:553] PATCH https://10.20.0.10:6443/api/v1/nodes/" + node
                                       + "/status?timeout=10s 200 OK in 7 milliseconds");
    }
    return out;
}

// Lines of one file in time order (klog files are written in order).
std::string sorted(const std::string &lines)
{
    std::vector<std::string> v;
    std::size_t pos = 0;
    while (pos < lines.size()) {
        const std::size_t end = lines.find('\n', pos);
        v.push_back(lines.substr(pos, end - pos + 1));
        pos = end + 1;
    }
    // Every line starts with its time at a fixed place (klog "I0314 hh:mm:ss", journald
    // "Mar 14 hh:mm:ss", CRI "2024-03-14Thh:mm:ss").
    std::stable_sort(v.begin(), v.end(), [](const std::string &a, const std::string &b) {
        auto key = [](const std::string &l) { return l.substr(l.find(' ') == 3 ? 7 : l.starts_with("2024") ? 11 : 6, 15); };
        return key(a) < key(b);
    });
    std::string out;
    for (const auto &l : v)
        out += l;
    return out;
}

const Source &sourceNamed(const Incident &inc, const std::string &suffix)
{
    const Source *s = test::sourceEndingWith(inc, suffix);
    if (!s)
        qFatal("no source %s", suffix.c_str());
    return *s;
}

bool contains(const std::string &text, const std::string &what)
{
    return text.find(what) != std::string::npos;
}

bool noted(const Incident &inc, const std::string &what)
{
    for (const auto &n : inc.notes)
        if (contains(n, what))
            return true;
    return false;
}

// The node lifecycle controller 1.28 (plain klog, --v=2) for a node whose last heartbeat it saw
// at `lastSeen`, on its own clock: stale passes every 5 s from grace on, the NotReady, back at `back`.
std::string controllerNotReady(const std::string &node, double lastSeen, double back)
{
    std::string out;
    bool first = true;
    for (double t = lastSeen + 40.6; t < back; t += 5.0) {
        char d[32];
        std::snprintf(d, sizeof d, "%.9fs", t - lastSeen);
        for (const char *type : {"Ready", "MemoryPressure"})
            out += "I0314 " + clock(t) + "       1 node_lifecycle_controller.go:1171] \"Node hasn't been updated\" node=\"" + node
                + "\" duration=\"" + d + "\" nodeConditionType=\"" + type + "\" currentCondition=\"&NodeCondition{Type:" + type
                + ",Status:Unknown,}\"\n";
        if (first)
            out += "I0314 " + clock(t + 0.0005)
                + "       1 controller_utils.go:151] \"Recording status change event message for node\" "
                  "status=\"NodeNotReady\" node=\""
                + node + "\"\n";
        first = false;
    }
    const double healthy = back + 1.8;
    out += "I0314 " + clock(healthy) + "       1 node_lifecycle_controller.go:1059] \"Node is healthy again, removing all taints\" node=\""
        + node + "\"\n";
    return out;
}

constexpr double kEight = 8 * 3600;
constexpr double at(int h, int m, double s)
{
    return h * 3600 + m * 60 + s;
}

} // namespace

class TestTimeInference : public QObject {
    Q_OBJECT
private slots:
    // A year-less file takes its year from its modification time, which came after its last
    // line: a last line dated more than a day after it (the zone may be assumed) is of the
    // year before (kubernetes-anywhere#500's journal, copied on 2026-12-01, ends on "Dec 12").
    void yearFromModificationTime_data()
    {
        QTest::addColumn<QString>("lastLine");
        QTest::addColumn<int>("year");
        QTest::newRow("Dec 12, written Dec 1") << "I1212 04:31:56.213000       1 kubelet.go:1] x" << 2025;
        QTest::newRow("Dec 1, written Dec 1") << "I1201 09:31:56.213000       1 kubelet.go:1] x" << 2026;
        QTest::newRow("Dec 2, written Dec 1: a zone apart") << "I1202 01:31:56.213000       1 kubelet.go:1] x" << 2026;
        QTest::newRow("Nov 30, written Dec 1") << "I1130 04:31:56.213000       1 kubelet.go:1] x" << 2026;
        QTest::newRow("Jan 3, written Dec 1") << "I0103 04:31:56.213000       1 kubelet.go:1] x" << 2026;
    }
    void yearFromModificationTime()
    {
        QFETCH(QString, lastLine);
        QFETCH(int, year);
        QTemporaryDir dir;
        const std::string path = test::writeFile(dir, "kubelet.log", lastLine.toStdString() + "\n");
        const time_t written = 1796119200; // 2026-12-01T10:00:00Z
        utimbuf times{written, written};
        QCOMPARE(utime(path.c_str(), &times), 0);
        const auto inc = test::load({path});
        QCOMPARE(inc->sources.at(0).clock.year, year);
    }

    // A file's parse keeps each event's reading packed in one word: every part comes back as
    // it went in, at the ends of its range, and no part spills into another.
    void storedTimeKeepsEveryPart()
    {
        const std::int64_t longestDay = 86401 * kNsPerSecond - 1; // a leap second reads 86400.x s
        const std::vector<PendingTime> readings = {
            {0, 0, 0, 0, 0, false},          {longestDay, 0, PendingTime::kMaxRollovers, 12, 31, true},
            {longestDay, 0, 0, 0, 0, false}, {0, 0, PendingTime::kMaxRollovers, 0, 0, false},
            {0, 0, 0, 12, 0, false},         {0, 0, 0, 0, 31, false},
            {0, 0, 0, 0, 0, true},           {37230123456789, 0, 3, 2, 29, false},
        };
        for (const PendingTime &t : readings) {
            const Timestamp reference{1718755200123456789};
            const PendingTime back = StoredTime::of(t).with(reference);
            QCOMPARE(back.nsOfDay, t.nsOfDay);
            QCOMPARE(back.reference, reference.ns);
            QCOMPARE(back.rollovers, t.rollovers);
            QCOMPARE(int(back.month), int(t.month));
            QCOMPARE(int(back.day), int(t.day));
            QCOMPARE(back.exact, t.exact);
            QCOMPARE(StoredTime::of(t).month(), t.month);
            QCOMPARE(StoredTime::of(t).rollovers(), t.rollovers);
            QCOMPARE(StoredTime::of(t).exact(), t.exact);
        }
    }

    // A file whose lines show no year borrows it from its nearest neighbours: the files of its
    // own folder or archive, even when the rest of the bundle (last week's collection of
    // another year next to it) outvotes them.
    // A reading moved by a zone's lead keeps its day when it passes midnight forward, and goes
    // to day 0 (the last of the month before, whatever its length) when it passes it back.
    void shiftedReadingCrossesDaysMonthsAndYears()
    {
        constexpr std::int64_t kHour = 3600 * kNsPerSecond;
        auto reading = [](unsigned month, unsigned day, std::int64_t ns, std::uint16_t rollovers = 0) {
            PendingTime p;
            p.month = static_cast<std::uint8_t>(month);
            p.day = static_cast<std::uint8_t>(day);
            p.nsOfDay = ns;
            p.rollovers = rollovers;
            return p;
        };
        auto at = [](const PendingTime &p, int year) { return test::utc(resolvePendingTime(p, year, 0), 0); };
        QCOMPARE(at(shiftedReading(reading(1, 1, kHour / 6, 1), -kHour), 2022), QString("2022-12-31T23:10:00Z"));
        QCOMPARE(at(shiftedReading(reading(12, 31, 23 * kHour), 2 * kHour), 2022), QString("2023-01-01T01:00:00Z"));
        QCOMPARE(at(shiftedReading(reading(3, 1, kHour / 2), -2 * kHour), 2023), QString("2023-02-28T22:30:00Z"));
        QCOMPARE(at(shiftedReading(reading(3, 1, kHour / 2), -2 * kHour), 2024), QString("2024-02-29T22:30:00Z"));
        QCOMPARE(at(shiftedReading(reading(6, 2, 10 * kHour), -5 * kHour), 2022), QString("2022-06-02T05:00:00Z"));
        PendingTime exact = reading(6, 2, 0);
        exact.exact = true;
        exact.reference = 42;
        QCOMPARE(shiftedReading(exact, kHour).reference, std::int64_t(42));
        QCOMPARE(StoredTime::of(shiftedReading(reading(3, 1, kHour / 2), -2 * kHour)).day(), std::uint8_t(0)); // day 0 is stored
    }

    void yearFromNeighboursFirst()
    {
        const std::string yearless = "I0314 09:10:45.647153       1 httplog.go:132] \"HTTP\" verb=\"GET\" URI=\"/healthz\" latency=\"1ms\" "
                                     "userAgent=\"kube-probe/1.28\" audit-ID=\"\" srcIP=\"10.0.0.1:1\" resp=200\n";
        auto journal = [](int year) {
            return "-- Logs begin at Mon " + std::to_string(year) + "-03-11 08:02:11 UTC, end at Thu " + std::to_string(year)
                + "-03-14 09:16:00 UTC. --\nMar 14 09:10:00 worker-2 kubelet[1187]: I0314 09:10:00.000100    1187 kubelet.go:2536] "
                  "\"SyncLoop (housekeeping)\"\n";
        };
        const auto inc = loadFiles({{"today/control-plane/kube-apiserver.log", yearless},
                                    {"today/nodes/worker-2/kubelet.log", journal(2024)},
                                    {"old/nodes/a/kubelet.log", journal(2020)},
                                    {"old/nodes/b/kubelet.log", journal(2020)},
                                    {"old/nodes/c/kubelet.log", journal(2020)}});
        const Source &s = sourceNamed(*inc, "kube-apiserver.log");
        QCOMPARE(s.clock.year, 2024);
        QVERIFY2(QString::fromStdString(s.clock.yearEvidence).contains("today/"), s.clock.yearEvidence.c_str());
        QVERIFY(!noted(*inc, "no year in its lines")); // borrowed, and said so in its evidence
    }

    // A neighbour whose year comes only from dates near its lines (a trace's stamp; no zone said)
    // lends it too: two sections of one paste, the scheduler's with no date of its own
    // (kubernetes#128901).
    void yearFromANeighboursNearbyDates()
    {
        const auto inc = loadFiles({{"issue/kube-scheduler.log",
                                     "I1115 04:12:00.190703      10 schedule_one.go:286] \"Successfully bound pod to node\" "
                                     "pod=\"kube-system/registry-6cc84d4599-d7v2z\" node=\"master1\"\n"},
                                    {"issue/kubelet.log",
                                     "I1115 04:47:45.496346  504031 trace.go:236] Trace[836595825]: \"container_status\" "
                                     "containerId:c6c4174db0f8 (15-Nov-2024 04:47:44.439) (total time: 1056ms):\n"}});
        const Source &s = sourceNamed(*inc, "kube-scheduler.log");
        QCOMPARE(s.clock.year, 2024);
        QVERIFY2(QString::fromStdString(s.clock.yearEvidence).contains("issue/"), s.clock.yearEvidence.c_str());
    }

    void offsetFromRfc3339InMessage()
    {
        const auto inc =
            test::loadText("kubelet.log",
                           "I0312 10:42:26.119238 1 status_manager.go:499] Patch status for pod \"a_default(u)\" with "
                           "\"{\\\"status\\\":{\\\"conditions\\\":[{\\\"lastTransitionTime\\\":\\\"2020-03-12T02:42:26Z\\\"}]}}\"\n");
        QCOMPARE(inc->sources[0].clock.utcOffsetSeconds, 8 * 3600);
        QCOMPARE(inc->sources[0].clock.offsetOrigin, ClockInfo::OffsetOrigin::Inferred);
        QVERIFY(inc->sources[0].clock.offsetEvidence.find("+08:00") != std::string::npos);
        QCOMPARE(test::utc(inc->events[0].time), QString("2020-03-12T02:42:26.119238Z"));
    }

    // A node status patch that timed out is logged its request's deadline after the
    // lastHeartbeatTime it carried (rke2#5289: 10.5 s): a stamp as far behind the line as the
    // "?timeout=" it names is zone evidence. Near misses: the same lag with no deadline in the
    // message, and a lag past the deadline.
    void offsetFromAStampATimeoutBehind_data()
    {
        QTest::addColumn<QString>("lagAndUrl");
        QTest::addColumn<int>("offset");
        QTest::newRow("10.5 s behind, timeout=10s") << "14:19:28.464132|?timeout=10s" << 8 * 3600;
        QTest::newRow("no deadline named") << "14:19:28.464132|" << 0;
        QTest::newRow("past the deadline") << "14:19:48.464132|?timeout=10s" << 0;
    }
    void offsetFromAStampATimeoutBehind()
    {
        QFETCH(QString, lagAndUrl);
        QFETCH(int, offset);
        const QStringList parts = lagAndUrl.split('|');
        const std::string line = "E0116 " + parts[0].toStdString()
            + "   26812 kubelet_node_status.go:540] \"Error updating node status, will retry\" err=\"failed to patch status "
              "\\\"{\\\\\\\"status\\\\\\\":{\\\\\\\"conditions\\\\\\\":[{\\\\\\\"lastHeartbeatTime\\\\\\\":"
              "\\\\\\\"2024-01-16T06:19:18Z\\\\\\\"}]}}\\\" for node \\\"w-1\\\": Patch \\\"https://127.0.0.1:6443/api/v1/nodes/w-1/status"
            + parts[1].toStdString() + "\\\": net/http: request canceled (Client.Timeout exceeded while awaiting headers)\"\n";
        const auto inc = test::loadText("kubelet.log", line);
        QCOMPARE(inc->sources[0].unparsedLines, 0u);
        QCOMPARE(inc->sources[0].clock.utcOffsetSeconds, offset);
    }

    void offsetFromGoTimeString()
    {
        const auto inc =
            test::loadText("kubelet.log",
                           "I0312 10:42:26.119337 1 status_manager.go:506] Status for pod \"a\" updated successfully: "
                           "{LastTransitionTime:2020-03-12 10:42:26 +0800 CST}\n"
                           "I0312 10:42:27.000000 1 kubelet.go:1] StartedAt:2018-12-26 12:14:25 +0800 CST is history, not evidence\n");
        QCOMPARE(inc->sources[0].clock.utcOffsetSeconds, 8 * 3600);
        QCOMPARE(inc->sources[0].clock.year, 2020);
    }

    // A stamp of another moment the process printed in its own zone (kubernetes#113081: the
    // controller's "Last Ready is: &NodeCondition{...LastHeartbeatTime:... +0800 CST") says the
    // zone of the lines, however old the moment; not a UTC one, nor one days old or ahead.
    void offsetFromAnOlderGoTimeString_data()
    {
        QTest::addColumn<QString>("heartbeat");
        QTest::addColumn<int>("offset");
        QTest::newRow("16 min before, CST") << "2022-11-24 17:15:59 +0800 CST" << 8 * 3600;
        QTest::newRow("a day before, EST") << "2022-11-23 17:15:59 -0500 EST" << -5 * 3600;
        QTest::newRow("UTC says nothing") << "2022-11-24 17:15:59 +0000 UTC" << 0;
        QTest::newRow("three days before") << "2022-11-21 17:15:59 +0800 CST" << 0;
        QTest::newRow("an hour ahead") << "2022-11-24 18:32:39 +0800 CST" << 0;
        QTest::newRow("an offset without a zone name") << "2022-11-24 17:15:59 +0800" << 0;
    }
    void offsetFromAnOlderGoTimeString()
    {
        QFETCH(QString, heartbeat);
        QFETCH(int, offset);
        const auto inc = test::loadText(
            "kube-controller-manager.log",
            "Nov 24 17:32:39 master kube-controller-manager[102757]: I1124 17:32:39.821729  102757 node_lifecycle_controller.go:1137] "
            "node node hasn't been updated for 40.006921423s. Last Ready is: &NodeCondition{Type:Ready,Status:True,LastHeartbeatTime:"
                + heartbeat.toStdString() + ",Reason:KubeletReady,Message:kubelet is posting ready status,}\n");
        QCOMPARE(inc->sources[0].unparsedLines, 0u);
        QCOMPARE(inc->sources[0].clock.utcOffsetSeconds, offset);
        // Where no stamp says the zone, none was taken for one: UTC is the assumption, not a vote.
        QCOMPARE(inc->sources[0].clock.offsetOrigin == ClockInfo::OffsetOrigin::Assumed, offset == 0);
    }

    // An apiserver's klog lines carry no year; its etcd client's JSON records between them
    // carry an exact UTC time (kubernetes#128509). A record dates the lines after it within
    // days, at any distance (the year); a record right next to a klog line, under a second from a
    // zone offset of it, is a reading of the same clock (the zone), once two such pairs agree:
    // one pair alone, or one a quiet hour apart, may be chance.
    void yearAndZoneFromANeighbouringRecord_data()
    {
        QTest::addColumn<QString>("firstClock");  // the klog line before the record
        QTest::addColumn<QString>("secondClock"); // the klog line after it
        QTest::addColumn<int>("offset");
        QTest::addColumn<bool>("zoneInferred");
        QTest::newRow("UTC, two pairs") << "10:16:37.163017"
                                        << "10:16:37.190000" << 0 << true;
        QTest::newRow("+08:00, two pairs") << "18:16:37.163017"
                                           << "18:16:37.190000" << 8 * 3600 << true;
        QTest::newRow("one pair") << "10:16:37.163017"
                                  << "10:16:45.000000" << 0 << false;
        QTest::newRow("pairs that disagree") << "18:16:37.163017"
                                             << "10:16:37.190000" << 0 << false;
        QTest::newRow("an hour apart, then the pair") << "09:16:37.500000"
                                                      << "10:16:37.190000" << 0 << false;
        QTest::newRow("minutes apart") << "10:26:37.163017"
                                       << "10:29:00.000000" << 0 << false;
    }
    void yearAndZoneFromANeighbouringRecord()
    {
        QFETCH(QString, firstClock);
        QFETCH(QString, secondClock);
        QFETCH(int, offset);
        QFETCH(bool, zoneInferred);
        const auto inc = test::loadText(
            "kube-apiserver.log",
            "E1031 " + firstClock.toStdString()
                + "      11 writers.go:122] apiserver was unable to write a JSON response: http: Handler timeout\n"
                  "{\"level\":\"warn\",\"ts\":\"2024-10-31T10:16:37.179181Z\",\"logger\":\"etcd-client\",\"caller\":\"v3@v3.5.10/"
                  "retry_interceptor.go:62\",\"msg\":\"retrying of unary invoker failed\",\"error\":\"rpc error: code = Canceled desc = "
                  "context canceled\"}\n"
                  "I1031 "
                + secondClock.toStdString() + "      11 httplog.go:132] \"HTTP\" verb=\"GET\" URI=\"/api/v1/nodes\" resp=200\n");
        const Source &s = inc->sources.at(0);
        QCOMPARE(s.format, SourceFormat::KlogText);
        QCOMPARE(s.unparsedLines, 0u);
        QCOMPARE(inc->events.size(), size_t(3));
        QCOMPARE(s.clock.year, 2024); // the record's, not the file's modification time
        QCOMPARE(s.clock.utcOffsetSeconds, offset);
        QCOMPARE(s.clock.offsetOrigin == ClockInfo::OffsetOrigin::Inferred, zoneInferred);
    }

    void newYearRollover()
    {
        const auto inc =
            test::loadText("kubelet.log",
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

    // A file of garbage dates turning December to January over and over: the count of New
    // Years stops at PendingTime::kMaxRollovers instead of wrapping (a pending time keeps it
    // in 7 bits), so the lines past it stay in the last year reached, not back near the first.
    void rolloversStopAtTheirLimit()
    {
        std::string text;
        constexpr int kTurns = PendingTime::kMaxRollovers + 3;
        for (int i = 0; i <= kTurns; ++i)
            text += "I1231 23:59:59.000000 1 kubelet.go:1] december\nI0101 00:00:01.000000 1 kubelet.go:1] january\n";
        auto opts = test::options();
        opts.fallbackYear = 2000;
        const auto inc = test::loadText("kubelet.log", text, opts);
        QCOMPARE(inc->events.size(), std::size_t(2 * (kTurns + 1)));
        const auto lastLine =
            std::max_element(inc->events.begin(), inc->events.end(), [](const Event &a, const Event &b) { return a.offset < b.offset; });
        const int lastYear = toCivil(lastLine->time, 0).year;
        QCOMPARE(lastYear, 2000 + PendingTime::kMaxRollovers);
    }
    void envelopeGivesOffsetAndYear()
    {
        const auto inc = test::loadText("var/log/pods/kube-system_kube-apiserver-m1_u/kube-apiserver/0.log",
                                        "2020-12-07T07:16:15.718100Z stderr F I1207 15:16:15.718067 1 server.go:417] Version: v1.18.6\n");
        QCOMPARE(inc->sources[0].clock.utcOffsetSeconds, 8 * 3600);
        QCOMPARE(test::utc(inc->events[0].time), QString("2020-12-07T07:16:15.718067Z"));
    }

    // A journal shows each line at journald's local time, a klog header in it at the
    // process's: a snap's (MicroK8s' kubelite) or a container's process logs in UTC while the
    // journal shows the host's zone. The file keeps one clock, the headers'; the lines with the
    // journal's time only (systemd's, "Starting kubelite") are moved onto it.
    void journalAZoneOffItsKlogHeaders_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<int>("year");
        QTest::addColumn<QStringList>("times"); // every event's, in file order
        QTest::addColumn<QString>("note");      // the lead the note names, "" for none
        QTest::newRow("kubelite, journal +02:00")
            << "Feb 09 17:44:47 devbox3 microk8s.daemon-kubelite[5856]: Starting kubelite\n"
               "Feb 09 17:44:47 devbox3 microk8s.daemon-kubelite[5856]: I0209 15:44:47.866926    5856 daemon.go:73] Waiting for the API "
               "server\n"
               "Feb 09 17:44:48 devbox3 microk8s.daemon-kubelite[5856]: Flag --insecure-port has been deprecated\n"
               "Feb 09 17:44:52 devbox3 microk8s.daemon-kubelite[5856]: I0209 15:44:52.200000    5856 daemon.go:30] Starting Kubelet\n"
               "Feb 09 17:45:00 devbox3 systemd[1]: Started snap.microk8s.daemon-apiserver-kicker.service.\n"
            << 2022
            << QStringList{"2022-02-09T15:44:47Z", "2022-02-09T15:44:47Z", "2022-02-09T15:44:48Z", "2022-02-09T15:44:52Z",
                           "2022-02-09T15:45:00Z"}
            << "+02:00";
        QTest::newRow("journal in UTC, headers at +05:30")
            << "Jun 02 10:00:00 n1 kubelet[7]: I0602 15:30:00.500000       7 kubelet.go:1] started\n"
               "Jun 02 10:00:01 n1 systemd[1]: kubelet.service: Main process exited, code=exited, status=1/FAILURE\n"
            << 2022 << QStringList{"2022-06-02T15:30:00Z", "2022-06-02T15:30:01Z"} << "-05:30";
        QTest::newRow("back across March 1st, leap year")
            << "Mar 01 00:30:00 n1 systemd[1]: Started kubelet.service.\n"
               "Mar 01 01:00:05 n1 kubelet[12]: I0229 23:00:05.000000      12 server.go:484] \"Kubelet version\" "
               "kubeletVersion=\"v1.28.2\"\n"
               "Mar 01 01:00:07 n1 kubelet[12]: Flag --pod-infra-container-image has been deprecated\n"
            << 2024 << QStringList{"2024-02-29T22:30:00Z", "2024-02-29T23:00:05Z", "2024-02-29T23:00:07Z"} << "+02:00";
        QTest::newRow("back across March 1st, common year")
            << "Mar 01 00:30:00 n1 systemd[1]: Started kubelet.service.\n"
               "Mar 01 01:00:05 n1 kubelet[12]: I0228 23:00:05.000000      12 server.go:484] \"Kubelet version\" "
               "kubeletVersion=\"v1.28.2\"\n"
            << 2023 << QStringList{"2023-02-28T22:30:00Z", "2023-02-28T23:00:05Z"} << "+02:00";
        // Near misses: one clock.
        QTest::newRow("headers a moment before the journal")
            << "Jun 02 10:00:02 n1 kubelet[7]: I0602 10:00:00.500000       7 kubelet.go:1] started\n"
               "Jun 02 10:00:03 n1 systemd[1]: Started kubelet.service.\n"
            << 2022 << QStringList{"2022-06-02T10:00:00Z", "2022-06-02T10:00:03Z"} << "";
        QTest::newRow("a line journald received late")
            << "Jun 02 10:00:41 n1 kubelet[7]: I0602 10:00:00.500000       7 kubelet.go:1] started\n"
               "Jun 02 10:00:42 n1 systemd[1]: Started kubelet.service.\n"
            << 2022 << QStringList{"2022-06-02T10:00:00Z", "2022-06-02T10:00:42Z"} << "";
    }

    void journalAZoneOffItsKlogHeaders()
    {
        QFETCH(QString, text);
        QFETCH(int, year);
        QFETCH(QStringList, times);
        QFETCH(QString, note);
        auto opts = test::options();
        opts.fallbackYear = year;
        const auto inc = test::loadText("journal.log", text.toStdString(), opts);
        QStringList got;
        for (const Event &e : inc->events)
            got << test::utc(e.time, 0);
        std::sort(times.begin(), times.end());
        QCOMPARE(got, times);
        const std::string &evidence = inc->sources[0].clock.headerClockEvidence;
        if (note.isEmpty()) {
            QVERIFY2(evidence.empty(), evidence.c_str());
        } else {
            QVERIFY2(evidence.find("klog headers' time " + note.toStdString()) != std::string::npos, evidence.c_str());
            QVERIFY(noted(*inc, "journal.log: the journal shows its lines"));
        }
    }

    // journalctl's short format shows whole seconds, a klog header microseconds: a line with the
    // journal's time only (k3s#8956's trace END) in the second of the klog line above it stays
    // after it, in the store's order. Near misses: a line in the next second keeps its own time,
    // and a short-precise journal's own microseconds are kept.
    void journalSecondsKeepTheFilesOrder_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QStringList>("times"); // every event's, in store order
        QTest::addColumn<QList<int>>("lines");  // their line numbers
        QTest::newRow("trace END after its header")
            << "Nov 27 11:44:06 m5 k3s[25]: I1127 11:44:06.073220      25 trace.go:219] Trace[1924033328]: \"Update\" (27-Nov-2023 "
               "11:44:03.295) (total time: 2777ms):\n"
               "Nov 27 11:44:06 m5 k3s[25]: Trace[1924033328]: [2.777117809s] [2.777117809s] END\n"
               "Nov 27 11:44:06 m5 k3s[25]: E1127 11:44:06.073315      25 timeout.go:141] post-timeout activity\n"
            << QStringList{"2023-11-27T11:44:06.073220Z", "2023-11-27T11:44:06.073220Z", "2023-11-27T11:44:06.073315Z"}
            << QList<int>{1, 2, 3};
        QTest::newRow("next second") << "Nov 27 11:44:06 m5 k3s[25]: I1127 11:44:06.073220      25 trace.go:219] Trace[1]: \"Update\"\n"
                                        "Nov 27 11:44:07 m5 k3s[25]: Trace[1]: END\n"
                                     << QStringList{"2023-11-27T11:44:06.073220Z", "2023-11-27T11:44:07.000000Z"} << QList<int>{1, 2};
        QTest::newRow("short-precise")
            << "Nov 27 11:44:06.073500 m5 k3s[25]: I1127 11:44:06.073220      25 trace.go:219] Trace[1]: \"Update\"\n"
               "Nov 27 11:44:06.073400 m5 k3s[25]: Trace[1]: END\n"
            << QStringList{"2023-11-27T11:44:06.073220Z", "2023-11-27T11:44:06.073400Z"} << QList<int>{1, 2};
    }
    void journalSecondsKeepTheFilesOrder()
    {
        QFETCH(QString, text);
        QFETCH(QStringList, times);
        QFETCH(QList<int>, lines);
        auto opts = test::options();
        opts.fallbackYear = 2023;
        const auto inc = test::loadText("journal.log", text.toStdString(), opts);
        QStringList gotTimes;
        QList<int> gotLines;
        for (const Event &e : inc->events) {
            gotTimes << test::utc(e.time);
            gotLines << int(inc->lineOf(e));
        }
        QCOMPARE(gotTimes, times);
        QCOMPARE(gotLines, lines);
    }

    // A date within days of a line's own tells the line's year, though its time is another
    // moment and says nothing of the zone: in the message (a trace's start, the last
    // heartbeat), or on the line above that is no log line (systemctl status' "Active: ...
    // since", a log viewer's own time above each line it copied). --year, the user's word,
    // beats such a date; it does not beat a stamp of the line's own clock.
    void yearFromDatesNearTheLines_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<int>("year");     // 0: the text says none
        QTest::addColumn<int>("yearTold"); // with --year 2018
        QTest::newRow("a trace's start, 10 s before")
            << "I1202 20:45:13.067959    8976 trace.go:116] Trace[924601370]: \"GuaranteedUpdate etcd3\" type:*core.Endpoints "
               "(started: 2020-12-02 20:45:03.431252866 +0000 UTC m=+85.564685256) (total time: 9.636551546s):"
            << 2020 << 2018;
        QTest::newRow("a trace's start, Go's trace stamp")
            << "I0127 09:18:24.353380       1 trace.go:205] Trace[1630274928]: \"Get\" url:/api/v1/namespaces/default,user-agent:"
               "kubectl/v1.20.2 (27-Jan-2021 09:18:21.555) (total time: 2.797s):"
            << 2021 << 2018;
        QTest::newRow("the last heartbeat, minutes before")
            << "I0921 13:38:27.930513       1 node_lifecycle_controller.go:1174] node worker-1 hasn't been updated for 3m0.93s. Last "
               "Ready is: &NodeCondition{Type:Ready,Status:True,LastHeartbeatTime:2023-09-21 13:35:27 +0000 UTC,}"
            << 2023 << 2018;
        QTest::newRow("the day before, across a New Year")
            << "I0101 00:00:05.000000       1 trace.go:205] Trace[1]: \"List\" (31-Dec-2021 23:59:58.100) (total time: 7s):" << 2022
            << 2018;
        QTest::newRow("a clock beside an expiry bound")
            << "E0305 10:00:00.500000       1 transport.go:1] x509: certificate has expired or is not yet valid: current time "
               "2021-03-05T10:00:00Z is after 2022-03-05T00:00:00Z"
            << 2021 << 2021;
        QTest::newRow("a log viewer's time above each line it copied")
            << "2021-01-25 10:10:06.782\t\nE0125 18:10:06.782512       1 leaderelection.go:429] Failed to update lock: "
               "etcdserver: request timed out"
            << 2021 << 2018;
        QTest::newRow("systemctl status above the unit's journal")
            << "\u25cf kubelet.service - kubelet: The Kubernetes Node Agent\n"
               "   Active: active (running) since Wed 2019-02-27 15:27:23 CST; 1min ago\n"
               "Feb 27 15:28:01 m1 kubelet[812]: I0227 15:28:01.000000     812 kubelet.go:1741] \"Starting kubelet main sync loop\""
            << 2019 << 2018;
        QTest::newRow("a retry's backoff deadline, 2 min on")
            << "E1003 10:45:05.721415    2871 nestedpendingoperations.go:348] Operation for \"{volumeName:kubernetes.io/configmap/"
               "a-log-config podName:a nodeName:}\" failed. No retries permitted until 2024-10-03 10:47:07.721403498 +0000 UTC "
               "m=+2117.364836695 (durationBeforeRetry 2m2s). Error: MountVolume.SetUp failed for volume \"log-config\""
            << 2024 << 2018;
        QTest::newRow("near miss: a date weeks away")
            << "I0312 10:42:27.000000 1 kubelet.go:1] StartedAt:2018-12-26 12:14:25 +0800 CST is history, not evidence" << 0 << 2018;
        QTest::newRow("near miss: a certificate's expiry, a year on to the second")
            << "I0619 10:00:00.100000    1004 certificate_manager.go:270] Certificate expiration is 2025-06-19 09:59:59 +0000 UTC, "
               "rotation deadline is 2025-04-27 06:53:10.519 +0000 UTC"
            << 0 << 2018;
        QTest::newRow("near miss: a date above, weeks from the line")
            << "2021-01-02 10:00:00\nE0125 18:10:06.782512       1 leaderelection.go:429] Failed to update lock: etcdserver: request "
               "timed out"
            << 0 << 2018;
    }
    void yearFromDatesNearTheLines()
    {
        QFETCH(QString, text);
        QFETCH(int, year);
        QFETCH(int, yearTold);
        const std::string log = text.toStdString() + "\n";
        const auto inc = test::loadText("kubelet.log", log);
        QVERIFY(!inc->events.empty());
        const ClockInfo &clock = inc->sources[0].clock;
        if (year != 0)
            QCOMPARE(clock.year, year);
        else
            QVERIFY2(clock.yearGuessed, clock.yearEvidence.c_str()); // the file's modification time
        auto opts = test::options();
        opts.fallbackYear = 2018;
        QCOMPARE(test::loadText("kubelet.log", log, opts)->sources[0].clock.year, yearTold);
    }

    void overrideWinsAndYearFallback()
    {
        auto opts = test::options();
        opts.utcOffsets.push_back({"node3", "-05:00"});
        opts.fallbackYear = 2019;
        const auto inc = test::loadText("nodes/node3/kubelet.log", "I0618 02:12:47.000000 1 kubelet.go:1] no evidence here\n", opts);
        QCOMPARE(inc->sources[0].clock.offsetOrigin, ClockInfo::OffsetOrigin::Override);
        QCOMPARE(test::utc(inc->events[0].time, 0), QString("2019-06-18T07:12:47Z"));
        QVERIFY(!noted(*inc, "no year in its lines")); // --year said it
    }

    void noEvidenceIsSaid()
    {
        const auto inc = test::loadText("kubelet.log", "I0618 02:12:47.000000 1 kubelet.go:1] nothing\n");
        QCOMPARE(inc->sources[0].clock.offsetOrigin, ClockInfo::OffsetOrigin::Assumed);
        bool noted = false;
        for (const auto &n : inc->notes)
            noted = noted || n.find("assumed UTC") != std::string::npos;
        QVERIFY(noted);
        // Nor the year: the note names the guess and where it came from.
        QVERIFY(
            ::noted(*inc, "kubelet.log: no year in its lines; " + std::to_string(inc->sources[0].clock.year) + " is a guess from the "));
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

    // A systemd control plane (`journalctl -u kubelet`, `-u kube-apiserver` on one machine): the
    // journal prefix names the host of both, so the apiserver's journal takes the zone the
    // kubelet's shows, though nothing names a node for the apiserver. Another host's journal
    // does not, nor one of a machine with no hostname set (many print "localhost").
    void controlPlaneJournalSharesItsHostsZone_data()
    {
        QTest::addColumn<QString>("kubeletHost");
        QTest::addColumn<QString>("apiserverHost");
        QTest::addColumn<int>("offset");
        QTest::addColumn<QString>("nodeNamed"); // by a kubelet line
        QTest::newRow("same host") << "cp-1"
                                   << "cp-1" << 8 * 3600 << "";
        QTest::newRow("the node is the host with a domain") << "cp-1"
                                                            << "cp-1" << 8 * 3600 << "cp-1.example.internal";
        QTest::newRow("another host") << "cp-1"
                                      << "cp-2" << 0 << "";
        QTest::newRow("no hostname set") << "localhost"
                                         << "localhost" << 0 << "";
    }
    void controlPlaneJournalSharesItsHostsZone()
    {
        QFETCH(QString, kubeletHost);
        QFETCH(QString, apiserverHost);
        QFETCH(int, offset);
        QFETCH(QString, nodeNamed);
        QTemporaryDir dir;
        std::string kubeletLog = "Mar 12 10:42:26 " + kubeletHost.toStdString()
            + " kubelet[811]: I0312 10:42:26.119238     811 status_manager.go:499] x \"lastTransitionTime\":\"2020-03-12T02:42:26Z\"\n";
        if (!nodeNamed.isEmpty())
            kubeletLog += "Mar 12 10:42:27 " + kubeletHost.toStdString()
                + " kubelet[811]: I0312 10:42:27.000100     811 kubelet_node_status.go:76] \"Successfully registered node\" node=\""
                + nodeNamed.toStdString() + "\"\n";
        test::writeFile(dir, "cp-1/kubelet.journal", kubeletLog);
        test::writeFile(dir, "control-plane/kube-apiserver.journal",
                        "Mar 12 10:42:30 " + apiserverHost.toStdString()
                            + " kube-apiserver[702]: I0312 10:42:30.000001     702 controller.go:611] quota admission added "
                              "evaluator for: leases.coordination.k8s.io\n");
        const auto inc = test::load({dir.path().toStdString()});
        const Source *kubelet = test::sourceEndingWith(*inc, "kubelet.journal");
        const Source *apiserver = test::sourceEndingWith(*inc, "kube-apiserver.journal");
        QCOMPARE(kubelet->clock.utcOffsetSeconds, 8 * 3600);
        QCOMPARE(kubelet->node, (nodeNamed.isEmpty() ? kubeletHost : nodeNamed).toStdString());
        // The host by the machine's full name once its kubelet names it; "localhost" names none.
        const QString host = apiserverHost == "localhost"          ? ""
            : apiserverHost == kubeletHost && !nodeNamed.isEmpty() ? nodeNamed
                                                                   : apiserverHost;
        QCOMPARE(apiserver->host, host.toStdString());
        QVERIFY(apiserver->node.empty()); // the host is not taken for a node of the apiserver's events
        QCOMPARE(apiserver->clock.utcOffsetSeconds, offset);
        QCOMPARE(apiserver->clock.offsetOrigin == ClockInfo::OffsetOrigin::Assumed, offset == 0);
        if (offset)
            QVERIFY2(contains(apiserver->clock.offsetEvidence, "kubelet.journal"), apiserver->clock.offsetEvidence.c_str());
    }

    // `minikube logs` of a machine in +08:00: the kubelet's journal says so, but a section of a
    // container's log ("kube-proxy [b5c630d90926]") keeps to its own clock, UTC unless its
    // image sets a zone; a section that is no container's shares the host's.
    void aContainersLogKeepsItsOwnClock_data()
    {
        QTest::addColumn<QString>("section");
        QTest::addColumn<int>("offset");
        QTest::newRow("a container's log") << "kube-proxy [b5c630d90926]" << 0;
        QTest::newRow("the host's file") << "kube-proxy" << 8 * 3600;
    }
    void aContainersLogKeepsItsOwnClock()
    {
        QFETCH(QString, section);
        QFETCH(int, offset);
        const std::string logs = "==> Last Start <==\n"
                                 "I0614 02:01:52.585304  412877 start.go:297] selected driver: kvm2\n"
                                 "\n==> kubelet <==\n"
                                 "-- Logs begin at Fri 2024-06-14 10:01:59 HKT, end at Fri 2024-06-14 10:12:41 HKT. --\n"
                                 "Jun 14 10:02:20 minikube kubelet[1587]: I0614 10:02:20.118020    1587 kubelet.go:2281] \"SyncLoop ADD\" "
                                 "source=\"api\" pods=[\"kube-system/kube-proxy-x7k2p\"]\n"
                                 "\n==> "
            + section.toStdString()
            + " <==\n"
              "I0614 02:02:31.118204       1 server_others.go:72] \"Using iptables proxy\"\n";
        const auto inc = loadFiles({{"logs.txt", logs}});
        const Source *proxy = nullptr;
        for (const Source &s : inc->sources)
            if (s.component == "kube-proxy")
                proxy = &s;
        QVERIFY(proxy);
        QCOMPARE(proxy->node, std::string("minikube"));
        QCOMPARE(proxy->clock.utcOffsetSeconds, offset);
        QCOMPARE(proxy->clock.offsetOrigin == ClockInfo::OffsetOrigin::Assumed, offset == 0);
    }

    // A node in +08:00 runs its containers in UTC (no zone in the image, no mount): the zone a
    // CRI log's klog headers show against its envelope is the container's, and does not move
    // the kubelet journal that its own stamps put at +08:00.
    void aContainersZoneIsNotItsHosts()
    {
        QTemporaryDir dir;
        test::writeFile(dir, "nodes/n1/kubelet.log",
                        "Mar 12 10:42:26 n1 kubelet[811]: I0312 10:42:26.119238     811 status_manager.go:499] x "
                        "\"lastTransitionTime\":\"2020-03-12T02:42:26Z\"\n");
        std::string proxy;
        for (int s = 10; s < 20; ++s)
            proxy += "2020-03-12T02:42:" + std::to_string(s) + ".118204123Z stderr F I0312 02:42:" + std::to_string(s)
                + ".118204       1 proxier.go:1491] \"Reloading service iptables data\" numServices=4\n";
        test::writeFile(dir, "nodes/n1/pods/kube-system_kube-proxy-x7k2p_2837fdaf-909a-4472-8357-d492a0b254fe/kube-proxy/0.log", proxy);
        const auto inc = test::load({dir.path().toStdString()});
        const Source *kubelet = test::sourceEndingWith(*inc, "kubelet.log");
        QCOMPARE(kubelet->node, std::string("n1"));
        QCOMPARE(test::sourceEndingWith(*inc, "0.log")->node, std::string("n1"));
        QVERIFY2(kubelet->clock.utcOffsetSeconds == 8 * 3600, kubelet->clock.offsetEvidence.c_str());
        QCOMPARE(QString::fromStdString(formatRfc3339(test::eventsOf(*inc, *kubelet).front()->time, 0)), QString("2020-03-12T02:42:26Z"));
    }

    // containerd stamps a CRI log in the host's zone ("+01:00"); the klog header inside is in
    // the container's, UTC unless the image sets one. The pairs of the two measure the
    // header's clock and decide its zone; the stamps' zone is the host's (RKE2 on a CET host).
    void criStampsInTheHostsZoneAroundUtcKlog_data()
    {
        QTest::addColumn<QString>("header"); // the klog time of the line stamped 09:25:52.027640303+01:00
        QTest::addColumn<int>("offset");
        QTest::newRow("a container in UTC") << "08:25:52.027219" << 0;
        QTest::newRow("a container in the host's zone") << "09:25:52.027219" << 3600;
    }
    void criStampsInTheHostsZoneAroundUtcKlog()
    {
        QFETCH(QString, header);
        QFETCH(int, offset);
        std::string log;
        for (int i = 0; i < 3; ++i)
            log += "2024-03-07T09:25:52.02764" + std::to_string(i) + "303+01:00 stderr F I0307 " + header.toStdString()
                + "       1 controller.go:80] Starting OpenAPI V3 AggregationController\n";
        QTemporaryDir dir;
        test::writeFile(dir, "var/log/pods/kube-system_kube-apiserver-rke2-vm_8b2ec5d2d3e3126dd75d63a7376452a4/kube-apiserver/0.log", log);
        const auto inc = test::load({dir.path().toStdString()});
        const Source *s = test::sourceEndingWith(*inc, "0.log");
        QCOMPARE(s->clock.utcOffsetSeconds, offset);
        QCOMPARE(QString::fromStdString(formatRfc3339(test::eventsOf(*inc, *s).front()->time, 6)), QString("2024-03-07T08:25:52.027219Z"));
        QVERIFY2(contains(s->clock.offsetEvidence, "envelope/header time pairs"), s->clock.offsetEvidence.c_str());
    }

    // `journalctl -u kubelet` prints the header of the whole journal: a journal kept for years
    // begins long before the unit's lines, which run to its end. The lines take the end's year
    // (the one before, for a date after the end's), less the New Years inside the file.
    void journalSpanningYears_data()
    {
        QTest::addColumn<QString>("header");
        QTest::addColumn<QStringList>("dates"); // of the lines, in order
        QTest::addColumn<QString>("first");     // the first line's time
        const QString years = "-- Logs begin at Thu 2019-02-14 18:11:59 CST, end at Wed 2021-08-11 18:43:14 CST. --";
        QTest::newRow("to the end's date") << years << QStringList{"Aug 11"} << "2021-08-11T10:17:17Z";
        QTest::newRow("after the end's date") << years << QStringList{"Sep 01"} << "2020-09-01T10:17:17Z";
        QTest::newRow("over a New Year") << years << QStringList{"Dec 31", "Jan 01"} << "2020-12-31T10:17:17Z";
        QTest::newRow("newer wording") << "-- Journal begins at Mon 2022-11-07 09:00:00 UTC, ends at Tue 2024-01-02 10:00:00 UTC. --"
                                       << QStringList{"Jan 02"} << "2024-01-02T10:17:17Z";
        QTest::newRow("one year") << "-- Logs begin at Thu 2021-02-14 18:11:59 CST, end at Wed 2021-08-11 18:43:14 CST. --"
                                  << QStringList{"Aug 11"} << "2021-08-11T10:17:17Z";
        // A paste that cut the header after its begin: the lines are on or after that day.
        const QString beginOnly = "-- Journal begins at Mon 2022-05-30 21:50:16 CST, ends at";
        QTest::newRow("begin only, lines after it") << beginOnly << QStringList{"Sep 01"} << "2022-09-01T10:17:17Z";
        QTest::newRow("begin only, on its day") << beginOnly << QStringList{"May 30"} << "2022-05-30T10:17:17Z";
        QTest::newRow("begin only, lines dated before it") << beginOnly << QStringList{"Apr 13"} << "2023-04-13T10:17:17Z";
        QTest::newRow("begin only, over a New Year") << beginOnly << QStringList{"Dec 31", "Jan 01"} << "2022-12-31T10:17:17Z";
    }
    void journalSpanningYears()
    {
        QFETCH(QString, header);
        QFETCH(QStringList, dates);
        QFETCH(QString, first);
        std::string log = header.toStdString() + "\n";
        for (const QString &d : dates)
            log += d.toStdString() + " 18:17:17 raspberrypi kubelet[742]: I"
                + QString::number(QLocale::c().toDate(d + " 2001", "MMM dd yyyy").month()).rightJustified(2, '0').toStdString()
                + d.right(2).toStdString() + " 18:17:17.000000     742 kubelet.go:1741] \"Starting kubelet main sync loop\"\n";
        auto o = test::options();
        o.utcOffsets.push_back({"kubelet", "+08:00"});
        const auto inc = test::loadText("kubelet.log", log, o);
        const Source &s = inc->sources.front();
        const auto events = test::eventsOf(*inc, s);
        QVERIFY(!events.empty());
        QCOMPARE(QString::fromStdString(formatRfc3339(events[1]->time, 0)), first); // events[0] is the header
        // A begin alone bounds the year from below, and a note says the lines may be of a later one.
        const bool beginOnly = QString(QTest::currentDataTag()).startsWith("begin only");
        QCOMPARE(s.clock.yearIsEarliest, beginOnly);
        const bool noted = std::any_of(inc->notes.begin(), inc->notes.end(), [](const std::string &n) {
            return n.find("earliest year its journal header allows") != std::string::npos;
        });
        QCOMPARE(noted, beginOnly);
        if (beginOnly) { // --year, not before the begin, wins over the earliest year
            auto told = o;
            told.fallbackYear = 2025;
            const auto withYear = test::loadText("kubelet.log", log, told);
            const auto e = test::eventsOf(*withYear, withYear->sources.front());
            QCOMPARE(QString::fromStdString(formatRfc3339(e[1]->time, 0)).left(4), QString("2025"));
        }
    }

    // ---- zone statements outside klog lines ----

    void zoneStatements_data()
    {
        QTest::addColumn<QString>("path1");
        QTest::addColumn<QString>("content1");
        QTest::addColumn<QString>("path2");
        QTest::addColumn<QString>("content2");
        QTest::addColumn<QString>("check");    // the source to check (path suffix)
        QTest::addColumn<int>("offset");       // expected, seconds
        QTest::addColumn<bool>("assumed");     // still only assumed
        QTest::addColumn<QString>("evidence"); // part of the evidence text

        const QString kubelet = "I0314 10:04:05.000000    1187 kubelet.go:2228] \"SyncLoop (housekeeping)\"\n";
        const QString journal =
            "Mar 14 10:04:05.123456 n1 kubelet[1187]: I0314 10:04:05.123401    1187 kubelet.go:2228] \"SyncLoop (housekeeping)\"\n";
        QTest::newRow("journal header, old systemd, CET")
            << "nodes/n1/journal.txt"
            << "-- Logs begin at Mon 2024-03-11 08:02:11 CET, end at Thu 2024-03-14 10:16:00 CET. --\n" + journal << ""
            << ""
            << "journal.txt" << 3600 << false << "journal header";
        QTest::newRow("journal header, newer systemd, JST")
            << "nodes/n1/journal.txt"
            << "-- Journal begins at Mon 2024-03-11 08:02:11 JST, ends at Thu 2024-03-14 10:16:00 JST. --\n" + journal << ""
            << ""
            << "journal.txt" << 9 * 3600 << false << "Journal begins";
        QTest::newRow("journal header, numeric tzdata name")
            << "nodes/n1/journal.txt"
            << "-- Journal begins at Mon 2024-03-11 08:02:11 +0530, ends at Thu 2024-03-14 10:16:00 +0530. --\n" + journal << ""
            << ""
            << "journal.txt" << 5 * 3600 + 1800 << false << "journal header";
        QTest::newRow("journalctl --utc around klog lines in +08:00")
            << "nodes/n1/journal.txt"
            << "-- Logs begin at Mon 2024-03-11 00:02:11 UTC, end at Thu 2024-03-14 02:16:00 UTC. --\n"
               "Mar 14 02:04:05.123456 n1 kubelet[1187]: I0314 10:04:05.123401    1187 kubelet.go:2228] \"SyncLoop (housekeeping)\"\n"
               "Mar 14 02:04:07.123456 n1 kubelet[1187]: I0314 10:04:07.123401    1187 kubelet.go:2228] \"SyncLoop (housekeeping)\"\n"
            << ""
            << ""
            << "journal.txt" << 8 * 3600 << false << "the klog times inside read +08:00";
        const QString status = "● kubelet.service - kubelet: The Kubernetes Node Agent\n"
                               "     Loaded: loaded (/usr/lib/systemd/system/kubelet.service; enabled; preset: enabled)\n"
                               "     Active: active (running) since Mon 2024-03-11 08:02:11 %1; 3 days ago\n"
                               "   Main PID: 1187 (kubelet)\n\n";
        QTest::newRow("systemctl status, EST") << "nodes/n1/status.txt" << status.arg("EST") + journal << ""
                                               << ""
                                               << "status.txt" << -5 * 3600 << false << "systemctl status";
        QTest::newRow("systemctl status of a failing unit, UTC")
            << "nodes/n1/status.txt"
            << "     Active: activating (auto-restart) (Result: exit-code) since Thu 2024-03-14 10:04:01 UTC; 4s ago\n" + journal << ""
            << ""
            << "status.txt" << 0 << false << "systemctl status";
        QTest::newRow("a unit's state without since says nothing") << "nodes/n1/status.txt"
                                                                   << "     Active: inactive (dead)\n" + journal << ""
                                                                   << ""
                                                                   << "status.txt" << 0 << true << "no evidence";
        QTest::newRow("CST alone stays unresolved")
            << "nodes/n1/journal.txt"
            << "-- Logs begin at Mon 2024-03-11 08:02:11 CST, end at Thu 2024-03-14 10:16:00 CST. --\n" + journal << ""
            << ""
            << "journal.txt" << 0 << true << "US Central";
        QTest::newRow("CST and a stamp in a message")
            << "nodes/n1/journal.txt"
            << "-- Logs begin at Mon 2024-03-11 08:02:11 CST, end at Thu 2024-03-14 10:16:00 CST. --\n"
               "Mar 14 10:04:05.123456 n1 kubelet[1187]: I0314 10:04:05.123401    1187 status_manager.go:877] \"Patch status for pod\" "
               "pod=\"shop/web-0\" podUID=\"0b5f8a55-e1d2-4c77-9a0a-3c41d7d8a1b2\" patch=\"{\\\"status\\\":{\\\"conditions\\\":"
               "[{\\\"lastTransitionTime\\\":\\\"2024-03-14T02:04:05Z\\\",\\\"type\\\":\\\"Ready\\\"}]}}\"\n"
            << ""
            << ""
            << "journal.txt" << 8 * 3600 << false << "read as +08:00";
        QTest::newRow("CST and timedatectl on the same node")
            << "nodes/n1/journal.txt"
            << "-- Logs begin at Mon 2024-03-11 08:02:11 CST, end at Thu 2024-03-14 10:16:00 CST. --\n" + journal
            << "nodes/n1/timedatectl.txt"
            << "               Local time: Thu 2024-03-14 10:16:02 CST\n           Universal time: Thu 2024-03-14 02:16:02 UTC\n"
               "                 RTC time: Thu 2024-03-14 02:16:02\n                Time zone: Asia/Shanghai (CST, +0800)\n"
               "System clock synchronized: yes\n"
            << "journal.txt" << 8 * 3600 << false << "read as +08:00";
        QTest::newRow("CST and a US offset beside it")
            << "nodes/n1/journal.txt"
            << "-- Logs begin at Mon 2024-03-11 08:02:11 CST, end at Thu 2024-03-14 10:16:00 CST. --\n" + journal << "nodes/n1/date.txt"
            << "Thu, 14 Mar 2024 10:16:02 -0600\n"
            << "journal.txt" << -6 * 3600 << false << "read as -06:00";
        QTest::newRow("timedatectl local and universal time")
            << "nodes/n1/kubelet.log" << kubelet << "nodes/n1/timedatectl.txt"
            << "      Local time: Thu 2024-03-14 04:16:02 EDT\n  Universal time: Thu 2024-03-14 08:16:02 UTC\n"
            << "kubelet.log" << -4 * 3600 << false << "timedatectl";
        QTest::newRow("date output") << "nodes/n1/kubelet.log" << kubelet << "nodes/n1/date.txt"
                                     << "Thu Mar 14 10:16:02 KST 2024\n"
                                     << "kubelet.log" << 9 * 3600 << false << "date output";
        QTest::newRow("ISO offsets in a syslog beside it")
            << "nodes/n1/kubelet.log" << kubelet << "nodes/n1/messages"
            << "2024-03-14T10:04:05.123456+03:00 n1 sshd[811]: Accepted publickey for root from 10.0.0.5 port 50522 ssh2\n"
               "2024-03-14T10:04:06.000000+03:00 n1 systemd[1]: Started Session 12 of user root.\n"
            << "kubelet.log" << 3 * 3600 << false << "start with a time at +03:00";
        QTest::newRow("ansible-style +0300 lines beside it")
            << "nodes/n1/kubelet.log" << kubelet << "nodes/n1/ansible.log"
            << "2024-03-14 10:04:05,123 +0300 p=28394 u=root n=ansible | TASK [restart kubelet] ****\n"
            << "kubelet.log" << 3 * 3600 << false << "+03:00";
        QTest::newRow("UTC stamps beside it say nothing")
            << "nodes/n1/kubelet.log" << kubelet << "nodes/n1/messages"
            << "2024-03-14T10:04:05.123456Z n1 sshd[811]: Accepted publickey for root from 10.0.0.5 port 50522 ssh2\n"
            << "kubelet.log" << 0 << true << "no evidence";
    }
    void zoneStatements()
    {
        QFETCH(QString, path1);
        QFETCH(QString, content1);
        QFETCH(QString, path2);
        QFETCH(QString, content2);
        QFETCH(QString, check);
        QFETCH(int, offset);
        QFETCH(bool, assumed);
        QFETCH(QString, evidence);
        std::vector<File> files{{path1.toStdString(), content1.toStdString()}};
        if (!path2.isEmpty())
            files.push_back({path2.toStdString(), content2.toStdString()});
        auto o = test::options();
        o.fallbackYear = 2024;
        const auto inc = loadFiles(files, o);
        const Source &s = sourceNamed(*inc, check.toStdString());
        QCOMPARE(s.clock.utcOffsetSeconds, offset);
        QCOMPARE(s.clock.offsetOrigin == ClockInfo::OffsetOrigin::Assumed, assumed);
        QVERIFY2(contains(s.clock.offsetEvidence, evidence.toStdString()), s.clock.offsetEvidence.c_str());
        if (assumed)
            QVERIFY(noted(*inc, s.path + ": time zone unknown, assumed UTC"));
        if (evidence == "US Central")
            QVERIFY(noted(*inc, "is ambiguous"));
    }

    void zoneNames()
    {
        QCOMPARE(lookupZoneName("CEST").offsets, std::vector<int>{7200});
        QCOMPARE(lookupZoneName("+0545").offsets, std::vector<int>{5 * 3600 + 45 * 60});
        QVERIFY(lookupZoneName("CST").ambiguous());
        QVERIFY(lookupZoneName("IST").ambiguous());
        QVERIFY(lookupZoneName("XYZ").offsets.empty());
    }

    // ---- pairs between sources ----

    // A control plane that prints local time (+08:00) and shows no zone, a node whose journal
    // says HKT: the pairs move the control plane, and its evidence names them.
    void pairsMoveTheControlPlane_data()
    {
        QTest::addColumn<QString>("kind");
        QTest::newRow("node status PATCH and lease PUT") << "heartbeats";
        QTest::newRow("pod status PATCH") << "pods";
    }
    void pairsMoveTheControlPlane()
    {
        QFETCH(QString, kind);
        const double from = at(9, 5, 0), to = at(9, 15, 0);
        const std::string header = "-- Logs begin at Mon 2024-03-11 08:02:11 HKT, end at Thu 2024-03-14 09:16:00 HKT. --\n";
        std::string kubelet, apiserver;
        if (kind == "heartbeats") {
            const Heartbeats h = heartbeats("worker-2", from, to, 0, 0);
            kubelet += h.kubelet;
            apiserver += h.apiserver;
        } else {
            int i = 0;
            for (const char *pod : {"web-0", "web-1", "cart-0", "cart-1"}) {
                ++i;
                const double t = from + 70 * i + 0.13 * i;
                apiserver += httpLine(t, "PATCH", std::string("/api/v1/namespaces/shop/pods/") + pod + "/status");
                kubelet += journalLine(t + 0.0005, "worker-2", podPatch(pod));
            }
        }
        // Requests of other nodes the kubelet never made: no pairs, no harm.
        apiserver += heartbeats("worker-1", from, to, 0, 0, 0, 0, 99).apiserver;
        auto o = test::options();
        o.fallbackYear = 2024;
        const auto inc = loadFiles(
            {{"nodes/worker-2/kubelet.log", header + sorted(kubelet)}, {"control-plane/kube-apiserver.log", sorted(apiserver)}}, o);
        QCOMPARE(inc->stats.unparsed, 0u);
        const Source &k = sourceNamed(*inc, "kubelet.log");
        const Source &a = sourceNamed(*inc, "kube-apiserver.log");
        QCOMPARE(k.clock.utcOffsetSeconds, 8 * 3600);
        QCOMPARE(a.clock.utcOffsetSeconds, 8 * 3600);
        QCOMPARE(a.clock.offsetOrigin, ClockInfo::OffsetOrigin::Inferred);
        const std::string &why = a.clock.offsetEvidence;
        QVERIFY2(contains(why, kind == "heartbeats" ? "lease renewals, " : "4 pod status patches"), why.c_str());
        if (kind == "heartbeats")
            QVERIFY2(contains(why, "node status updates"), why.c_str());
        QVERIFY2(contains(why, "nodes/worker-2/kubelet.log (+08:00, explicit)"), why.c_str());
        QVERIFY(!noted(*inc, "assumed UTC"));
        // Both logs now tell one time: the apiserver's first line is 01:05 UTC, not 09:05.
        QVERIFY(test::eventsOf(*inc, a).front()->time < parseRfc3339("2024-03-14T01:06:00Z").value());
    }

    // The controller-manager shows no zone and makes no requests: its NotReady lines pair with
    // the node's last heartbeat in the apiserver's log (exact UTC), a grace period earlier.
    void controllerPairsWithHeartbeats_data()
    {
        QTest::addColumn<double>("controllerOffset"); // what its clock reads ahead of UTC
        QTest::newRow("+08:00") << kEight;
        QTest::newRow("-05:00") << -5.0 * 3600;
        QTest::newRow("UTC") << 0.0;
    }
    void controllerPairsWithHeartbeats()
    {
        QFETCH(double, controllerOffset);
        const double from = at(12, 5, 0), to = at(12, 15, 0), gapFrom = at(12, 10, 50), gapTo = at(12, 11, 44);
        std::string apiserver;
        Jitter j{3};
        double lastSeen = 0, firstBack = 0;
        for (double t = from; t < to; t += 10 + 0.4 * j.next()) {
            if (t >= gapFrom && t < gapTo)
                continue;
            if (t < gapFrom)
                lastSeen = t + 0.004;
            else if (!firstBack)
                firstBack = t;
            apiserver += criHttpLine(t, "PUT", leaseUri("worker-2"));
        }
        const std::string controller =
            controllerNotReady("worker-2", lastSeen + 0.003 + controllerOffset, firstBack + 0.5 + controllerOffset);
        auto o = test::options();
        o.fallbackYear = 2024;
        const auto inc = loadFiles({{"var/log/pods/kube-system_kube-apiserver-cp-1_u1/kube-apiserver/0.log", apiserver},
                                    {"control-plane/kube-controller-manager.log", controller}},
                                   o);
        QCOMPARE(inc->stats.unparsed, 0u);
        const Source &c = sourceNamed(*inc, "kube-controller-manager.log");
        QCOMPARE(c.clock.utcOffsetSeconds, int(controllerOffset));
        QCOMPARE(c.clock.offsetOrigin, ClockInfo::OffsetOrigin::Inferred);
        QVERIFY2(contains(c.clock.offsetEvidence, "1 'not updated for' line,"), c.clock.offsetEvidence.c_str());
        QVERIFY2(contains(c.clock.offsetEvidence, "1 NotReady record,"), c.clock.offsetEvidence.c_str());
        QVERIFY2(contains(c.clock.offsetEvidence, "heartbeats of worker-2"), c.clock.offsetEvidence.c_str());
        // The NotReady lands 40 s after the last heartbeat, in UTC.
        const Event *first = test::eventsOf(*inc, c).front();
        QVERIFY(first->time > Timestamp{parseRfc3339("2024-03-14T12:10:40Z")->ns});
        QVERIFY(first->time < Timestamp{parseRfc3339("2024-03-14T12:11:35Z")->ns});
    }

    // The whole chain: control plane (apiserver and controller-manager) in +08:00 with no zone
    // evidence, a node journal that says HKT. The apiserver moves by request pairs with the node,
    // the controller by its NotReady against the (now aligned) apiserver's heartbeats.
    void controlPlaneWithoutZoneFollowsTheNodes()
    {
        const double from = at(9, 5, 0), to = at(9, 15, 0), gapFrom = at(9, 10, 50), gapTo = at(9, 11, 44);
        const Heartbeats h = heartbeats("worker-2", from, to, 0, 0, gapFrom, gapTo);
        const std::string kubelet =
            "-- Logs begin at Mon 2024-03-11 08:02:11 HKT, end at Thu 2024-03-14 09:16:00 HKT. --\n" + sorted(h.kubelet);
        auto o = test::options();
        o.fallbackYear = 2024;
        const auto inc = loadFiles(
            {{"nodes/worker-2/kubelet.log", kubelet},
             {"control-plane/kube-apiserver.log", sorted(h.apiserver)},
             {"control-plane/kube-controller-manager.log", controllerNotReady("worker-2", h.lastBefore + 0.004, h.firstAfter + 0.5)}},
            o);
        QCOMPARE(inc->stats.unparsed, 0u);
        for (const char *cp : {"kube-apiserver.log", "kube-controller-manager.log"}) {
            const Source &s = sourceNamed(*inc, cp);
            QCOMPARE(s.clock.utcOffsetSeconds, 8 * 3600);
            QVERIFY2(contains(s.clock.offsetEvidence, "kubelet.log"), s.clock.offsetEvidence.c_str()); // the anchor
        }
        QVERIFY(contains(sourceNamed(*inc, "kube-apiserver.log").clock.offsetEvidence, "lease renewals"));
        QVERIFY(contains(sourceNamed(*inc, "kube-controller-manager.log").clock.offsetEvidence, "node lifecycle controller"));
        QVERIFY(!noted(*inc, "assumed UTC"));
    }

    // The controller's Ready transition back (here without the "healthy again" line that
    // usually follows it) counts as a Ready-again record in every wording it has: the
    // readyStatus its pattern captures, whether the condition is printed as Go ("Status:True")
    // or, in klog JSON, as an object ("status":"True"). A transition to False is none.
    void readyTransitionBackPairsInEveryWording_data()
    {
        QTest::addColumn<QString>("transition"); // %s: its time
        QTest::addColumn<bool>("counted");
        const QString json = "{\"ts\":%s,\"caller\":\"node_lifecycle_controller.go:995\",\"msg\":\"ReadyCondition for Node transitioned "
                             "from savedCondition to currentReadyCondition\",\"v\":3,\"node\":{\"name\":\"worker-2\"},\"savedCondition\":"
                             "{\"type\":\"Ready\",\"status\":\"%1\"},\"currentReadyCondition\":{\"type\":\"Ready\",\"status\":\"%2\"}}";
        QTest::newRow("1.x text") << "I0314 %s       1 node_lifecycle_controller.go:969] ReadyCondition for Node worker-2 transitioned "
                                     "from &NodeCondition{Type:Ready,Status:Unknown,} to &NodeCondition{Type:Ready,Status:True,}"
                                  << true;
        QTest::newRow("1.2x structured")
            << "I0314 %s       1 node_lifecycle_controller.go:995] \"ReadyCondition for Node transitioned from savedCondition to "
               "currentReadyCondition\" node=\"worker-2\" savedCondition=\"&NodeCondition{Type:Ready,Status:Unknown,}\" "
               "currentReadyCondition=\"&NodeCondition{Type:Ready,Status:True,}\""
            << true;
        QTest::newRow("klog JSON") << json.arg("Unknown", "True") << true;
        QTest::newRow("klog JSON, to False") << json.arg("True", "False") << false;
    }
    void readyTransitionBackPairsInEveryWording()
    {
        QFETCH(QString, transition);
        QFETCH(bool, counted);
        const double from = at(12, 5, 0), to = at(12, 15, 0), gapFrom = at(12, 10, 50), gapTo = at(12, 11, 44);
        const Heartbeats h = heartbeats("worker-2", from, to, 0, 0, gapFrom, gapTo);
        const bool json = transition.startsWith('{');
        auto stamp = [&](double t) {
            char ms[32];
            std::snprintf(ms, sizeof ms, "%.3f", (1710374400.0 + t) * 1000); // 2024-03-14, as klog JSON's ts
            return json ? std::string(ms) : clock(t);
        };
        // The controller's stale passes (as controllerNotReady's), in the transition's shape.
        std::string controller;
        for (double t = h.lastBefore + 40.6; t < h.firstAfter + 0.5; t += 5.0) {
            char d[32];
            std::snprintf(d, sizeof d, "%.9fs", t - h.lastBefore);
            controller += json ? "{\"ts\":" + stamp(t)
                    + ",\"caller\":\"node_lifecycle_controller.go:1171\",\"msg\":\"Node hasn't been updated\",\"v\":2,\"node\":"
                      "{\"name\":\"worker-2\"},\"duration\":\""
                    + d + "\",\"nodeConditionType\":\"Ready\"}\n"
                               : "I0314 " + stamp(t)
                    + "       1 node_lifecycle_controller.go:1171] \"Node hasn't been updated\" "
                      "node=\"worker-2\" duration=\""
                    + d + "\" nodeConditionType=\"Ready\" currentCondition=\"&NodeCondition{Type:Ready,Status:Unknown,}\"\n";
        }
        controller += transition.replace("%s", QString::fromStdString(stamp(h.firstAfter + 1.7))).toStdString() + "\n";
        auto o = test::options();
        o.fallbackYear = 2024;
        const auto inc = loadFiles(
            {{"control-plane/kube-apiserver.log", sorted(h.apiserver)}, {"control-plane/kube-controller-manager.log", controller}}, o);
        QCOMPARE(inc->stats.unparsed, 0u);
        std::string what;
        EventTables tables;
        tables.bySource.resize(inc->sources.size());
        for (const Event &e : inc->events)
            tables.bySource[e.source].push_back(e);
        for (const ClockLink &l : findClockLinks(*inc, tables))
            if (l.kind == ClockLink::Kind::NodeLifecycle)
                what += l.what;
        QVERIFY2(contains(what, "'not updated for'"), what.c_str()); // the link itself
        QVERIFY2(contains(what, "1 Ready-again record of") == counted, what.c_str());
    }

    // Negative: two logs that share no request and state no zone stay at UTC, each with a note.
    void noPairsNoEvidenceStaysUtc()
    {
        const double from = at(9, 5, 0), to = at(9, 15, 0);
        const Heartbeats w1 = heartbeats("worker-1", from, to, 0, 0);
        std::string kubelet;
        for (double t = from; t < to; t += 10)
            kubelet += journalLine(t, "worker-2",
                                   "prober.go:128] \"Probe succeeded\" probeType=\"Readiness\" pod=\"shop/web-0\" "
                                   "podUID=\"0b5f8a55-e1d2-4c77-9a0a-3c41d7d8a1b2\" containerName=\"web\"");
        auto o = test::options();
        o.fallbackYear = 2024;
        const auto inc =
            loadFiles({{"nodes/worker-2/kubelet.log", kubelet}, {"control-plane/kube-apiserver.log", sorted(w1.apiserver)}}, o);
        for (const char *name : {"kubelet.log", "kube-apiserver.log"}) {
            const Source &s = sourceNamed(*inc, name);
            QCOMPARE(s.clock.utcOffsetSeconds, 0);
            QCOMPARE(s.clock.offsetOrigin, ClockInfo::OffsetOrigin::Assumed);
            QVERIFY(noted(*inc, s.path + ": time zone unknown, assumed UTC"));
        }
    }

    // Negative: a periodic request with no jitter lines up at every quarter hour; the logs of
    // two windows an hour apart must not be "aligned" by it.
    void periodicRequestsAloneDecideNothing()
    {
        std::string apiserver, kubelet = "-- Logs begin at Mon 2024-03-11 08:02:11 HKT, end at Thu 2024-03-14 11:16:00 HKT. --\n";
        for (double t = at(10, 5, 0); t < at(10, 15, 0); t += 10.0)
            apiserver += httpLine(t, "PUT", leaseUri("worker-2"));
        for (double t = at(9, 5, 0); t < at(9, 15, 0); t += 10.0)
            kubelet +=
                journalLine(t + 0.0004, "worker-2",
                            "round_trippers.go:553] PUT https://10.20.0.10:6443" + leaseUri("worker-2") + " 200 OK in 4 milliseconds");
        auto o = test::options();
        o.fallbackYear = 2024;
        const auto inc = loadFiles({{"nodes/worker-2/kubelet.log", kubelet}, {"control-plane/kube-apiserver.log", apiserver}}, o);
        const Source &a = sourceNamed(*inc, "kube-apiserver.log");
        QCOMPARE(a.clock.offsetOrigin, ClockInfo::OffsetOrigin::Assumed);
    }

    // A guess from one "Z" stamp that happens to sit 8 h from its line yields to an anchor: the
    // kubelet's requests pair with the apiserver's (exact UTC) records at +00:00.
    void weakGuessYieldsToAnAnchor()
    {
        const double from = at(9, 5, 0), to = at(9, 15, 0);
        const Heartbeats h = heartbeats("worker-2", from, to, 0, 0);
        const std::string apiserver = inContainerLog(h.apiserver);
        // A status patch that carries an old transition time, 8 h to the second before the line.
        const std::string guess = "I0314 " + clock(at(9, 4, 0))
            + "    1187 status_manager.go:877] \"Patch status for pod\" pod=\"shop/web-0\" "
              "podUID=\"0b5f8a55-e1d2-4c77-9a0a-3c41d7d8a1b2\" patch=\"{\\\"status\\\":{\\\"conditions\\\":[{\\\"lastTransitionTime\\\":"
              "\\\"2024-03-14T01:04:00Z\\\",\\\"type\\\":\\\"Ready\\\"}]}}\"\n";
        std::string kubelet = guess;
        std::size_t pos = 0;
        const std::string body = sorted(h.kubelet);
        while (pos < body.size()) {
            // The raw klog of the journal lines: what `journalctl -o cat` keeps.
            const std::size_t end = body.find('\n', pos);
            const std::string line = body.substr(pos, end - pos);
            kubelet += line.substr(line.find(": I0314") + 2) + "\n";
            pos = end + 1;
        }
        auto o = test::options();
        o.fallbackYear = 2024;
        const auto inc = loadFiles({{"nodes/worker-2/kubelet.log", kubelet},
                                    {"var/log/pods/kube-system_kube-apiserver-cp-1_u1/kube-apiserver/0.log", sorted(apiserver)}},
                                   o);
        const Source &k = sourceNamed(*inc, "kubelet.log");
        QCOMPARE(k.clock.utcOffsetSeconds, 0);
        QCOMPARE(k.clock.offsetOrigin, ClockInfo::OffsetOrigin::Inferred);
        QVERIFY2(contains(k.clock.offsetEvidence, "the file's own guess was +08:00"), k.clock.offsetEvidence.c_str());
        QVERIFY2(contains(k.clock.offsetEvidence, "lease renewals"), k.clock.offsetEvidence.c_str());
    }

    // Skew: the node's clock runs a few hundred ms ahead of the apiserver's (exact UTC).
    void skewFromPairs_data()
    {
        QTest::addColumn<double>("ahead");
        QTest::addColumn<bool>("applied");
        QTest::newRow("380 ms ahead") << 0.380 << true;
        QTest::newRow("620 ms behind") << -0.620 << true;
        QTest::newRow("40 ms: below what is worth correcting") << 0.040 << false;
    }
    void skewFromPairs()
    {
        QFETCH(double, ahead);
        QFETCH(bool, applied);
        const double from = at(1, 5, 0), to = at(1, 15, 0);
        Heartbeats h = heartbeats("worker-2", from, to, ahead, 0);
        // The apiserver's log in a container: exact UTC times, an anchor.
        std::string apiserver = inContainerLog(h.apiserver);
        auto o = test::options();
        o.fallbackYear = 2024;
        const auto inc =
            loadFiles({{"nodes/worker-2/kubelet.log",
                        "-- Logs begin at Mon 2024-03-11 08:02:11 UTC, end at Thu 2024-03-14 09:16:00 UTC. --\n" + sorted(h.kubelet)},
                       {"var/log/pods/kube-system_kube-apiserver-cp-1_u1/kube-apiserver/0.log", sorted(apiserver)}},
                      o);
        const Source &k = sourceNamed(*inc, "kubelet.log");
        QCOMPARE(k.clock.utcOffsetSeconds, 0);
        if (!applied) {
            QCOMPARE(k.clock.skew.ns, std::int64_t(0));
            return;
        }
        // The kubelet logs 0.4 ms after the apiserver: the skew is what is left.
        const double expected = -(ahead + 0.0004);
        QVERIFY2(std::abs(k.clock.skew.seconds() - expected) < 0.002, std::to_string(k.clock.skew.seconds()).c_str());
        QVERIFY2(contains(k.clock.skewEvidence, "tight pairs") && contains(k.clock.skewEvidence, "lease renewals"),
                 k.clock.skewEvidence.c_str());
        // After the correction, the kubelet's line of a renewal sits with the apiserver's.
        auto firstPut = [&](const Source &src) {
            for (const Event *e : test::eventsOf(*inc, src))
                if (inc->field(*e, "verb") == "PUT")
                    return e->time;
            return Timestamp{};
        };
        QVERIFY(std::llabs((firstPut(k) - firstPut(sourceNamed(*inc, "0.log"))).ns) < 2'000'000);
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
