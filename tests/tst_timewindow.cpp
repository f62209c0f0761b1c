// --from/--to seek by time (core/load/timeseek.h): a windowed load parses only around the
// window, and must hold exactly the events a full load holds inside it, whatever the files'
// shapes (UTC envelopes, local klog and journald readings), zones and the load's guesses.
#include "core/classify/eventtypecatalog.h"
#include "testutil.h"

#include "bundlegenerator.h"

#include <filesystem>
#include <regex>
#include <tuple>

using namespace kubelane;
using namespace kubelane::core;
namespace gen = kubelane::bundlegen;

namespace {

using EventKey = std::tuple<std::string, std::uint32_t, std::int64_t, std::string, int, std::uint32_t>;

std::vector<EventKey> eventsWithin(const Incident &inc, Timestamp from, Timestamp to)
{
    std::vector<EventKey> out;
    for (const Event &e : inc.events)
        if (e.time >= from && e.time <= to)
            out.emplace_back(inc.sources[e.source].path, inc.lineOf(e), e.time.ns, std::string(inc.eventTypes->typeId(e.type)),
                             static_cast<int>(e.severity), inc.lineCountOf(e));
    std::sort(out.begin(), out.end());
    return out;
}

// "time window: 3 of 4 files were sought by time; ..." -> 3
int filesSought(const Incident &inc)
{
    static const std::regex note("time window: ([0-9]+) of ([0-9]+) files were sought by time");
    for (const auto &n : inc.notes)
        if (std::smatch m; std::regex_search(n, m, note))
            return std::stoi(m[1]);
    return -1;
}

QString firstDifference(const std::vector<EventKey> &a, const std::vector<EventKey> &b)
{
    auto describe = [](const EventKey &k) {
        return QString("%1:%2 at %3 (%4)")
            .arg(QString::fromStdString(std::get<0>(k)))
            .arg(std::get<1>(k))
            .arg(QString::fromStdString(formatRfc3339({std::get<2>(k)})))
            .arg(QString::fromStdString(std::get<3>(k)));
    };
    for (std::size_t i = 0; i < std::max(a.size(), b.size()); ++i) {
        if (i >= a.size())
            return "only the windowed load has " + describe(b[i]);
        if (i >= b.size() || a[i] != b[i])
            return "only the full load has " + describe(a[i]);
    }
    return {};
}

// Loads `inputs` whole and for [from, to]; the window's events must be the same.
void compareWindow(const std::vector<std::string> &inputs, Timestamp from, Timestamp to, LoadOptions base = test::options())
{
    const auto full = test::load(inputs, base);
    LoadOptions windowed = base;
    windowed.from = from;
    windowed.to = to;
    const auto part = test::load(inputs, windowed);
    const auto expected = eventsWithin(*full, from, to);
    const auto got = eventsWithin(*part, from, to);
    QCOMPARE(part->events.size(), got.size()); // nothing outside the window is kept
    QVERIFY2(expected == got,
             qPrintable(QString("%1 events in the full load's window, %2 in the windowed load: %3")
                            .arg(expected.size())
                            .arg(got.size())
                            .arg(firstDifference(expected, got))));
}

Timestamp at(const char *rfc3339)
{
    return *parseRfc3339(rfc3339);
}

// A raw kubelet log in a zone its messages give away (UTC stamps beside local headers), one
// line a minute.
std::string localKlogLog(int utcOffsetHours, int hours)
{
    std::string out;
    const std::int64_t start = at("2024-06-19T00:00:00Z").ns;
    for (int minute = 0; minute < hours * 60; ++minute) {
        const Timestamp utc{start + std::int64_t(minute) * 60 * kNsPerSecond};
        const CivilTime local = toCivil(utc, utcOffsetHours * 3600);
        char header[64];
        std::snprintf(header, sizeof header, "I%02u%02u %02lld:%02lld:%02lld.000000    1091 kubelet.go:2448] ", local.month, local.day,
                      static_cast<long long>(local.nsOfDay / 3600 / kNsPerSecond),
                      static_cast<long long>(local.nsOfDay / 60 / kNsPerSecond % 60),
                      static_cast<long long>(local.nsOfDay / kNsPerSecond % 60));
        out += header;
        out += "\"Node ready condition\" lastHeartbeatTime=\"" + formatRfc3339(utc, 0) + "\" minute=" + std::to_string(minute) + "\n";
    }
    return out;
}

} // namespace

class TimeWindowTest : public QObject {
    Q_OBJECT
private slots:
    // The generated bundle's shapes: journald and raw klog (local readings), CRI and klog JSON
    // (UTC), the apiserver's request log.
    void generatedBundleWindow()
    {
        QTemporaryDir dir;
        gen::GeneratorOptions o;
        o.seed = 7;
        o.nodes = 6;
        o.hours = 2;
        o.targetBytes = 24u << 20;
        o.outputDir = dir.path().toStdString();
        gen::generateBundle(o);
        const std::vector<std::string> inputs{dir.path().toStdString()};
        compareWindow(inputs, at("2024-06-19T00:50:00Z"), at("2024-06-19T01:00:00Z"));
        compareWindow(inputs, at("2024-06-19T00:00:00Z"), at("2024-06-19T00:05:00Z")); // the head, with the files' preambles
        compareWindow(inputs, at("2024-06-19T01:55:00Z"), at("2024-06-19T03:00:00Z")); // past the end

        LoadOptions windowed = test::options();
        windowed.from = at("2024-06-19T00:50:00Z");
        windowed.to = at("2024-06-19T01:00:00Z");
        const auto part = test::load(inputs, windowed);
        QCOMPARE(filesSought(*part), int(part->sources.size())); // every file of it can be sought
    }

    // A file of local readings in a zone other than the UTC the seek first takes: the load
    // finds out and reads it again; --tz gives the zone at once.
    void localZoneFoundAfterTheSeek()
    {
        QTemporaryDir dir;
        const std::string path = test::writeFile(dir, "nodes/worker-1/kubelet.log", localKlogLog(8, 6));
        compareWindow({path}, at("2024-06-19T03:00:00Z"), at("2024-06-19T03:10:00Z"));
        LoadOptions tz = test::options();
        tz.utcOffsets.push_back({"kubelet.log", "+08:00"});
        compareWindow({path}, at("2024-06-19T03:00:00Z"), at("2024-06-19T03:10:00Z"), tz);
    }

    // Lines out of time order (files concatenated): read whole, and said so.
    void filesOutOfOrderAreReadWhole()
    {
        QTemporaryDir dir;
        const std::string log = localKlogLog(0, 3);
        const std::string path = test::writeFile(dir, "kubelet.log", log.substr(log.size() / 2) + log.substr(0, log.size() / 2));
        compareWindow({path}, at("2024-06-19T01:00:00Z"), at("2024-06-19T01:10:00Z"));
        LoadOptions windowed = test::options();
        windowed.from = at("2024-06-19T01:00:00Z");
        windowed.to = at("2024-06-19T01:10:00Z");
        const auto part = test::load({path}, windowed);
        QCOMPARE(filesSought(*part), 0);
        QVERIFY(std::any_of(part->notes.begin(), part->notes.end(), [](const std::string &n) {
            return n.find("read whole for the time window: its lines are not in time order") != std::string::npos;
        }));
    }

    // Every sample: the middle third of its time.
    void samplesWindow_data()
    {
        QTest::addColumn<QString>("sample");
        for (const auto &entry : std::filesystem::directory_iterator(KUBELANE_SAMPLES))
            if (entry.is_directory())
                QTest::newRow(entry.path().filename().c_str()) << QString::fromStdString(entry.path().string());
    }
    void samplesWindow()
    {
        QFETCH(QString, sample);
        const std::vector<std::string> inputs{sample.toStdString()};
        const auto full = test::load(inputs);
        if (full->events.size() < 3)
            QSKIP("too few events to cut");
        const Timestamp first = full->events.front().time, last = full->events.back().time;
        const Duration third{(last - first).ns / 3};
        compareWindow(inputs, first + third, last - third);
    }
};

QTEST_GUILESS_MAIN(TimeWindowTest)
#include "tst_timewindow.moc"
