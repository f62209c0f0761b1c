// The Perfetto / Chrome Trace Event export: on every incident sample the file follows the
// format's rules (checked by a validator that is itself shown to catch broken traces), its
// timestamps are the incident's event times in microseconds, every ordering is a paired
// flow, every finding is an instant on the findings track, and --from/--to and --lanes hold.
#include "uitestdata.h"

#include "ui/exportscene.h"
#include "ui/lanefilter.h"
#include "ui/lanemodel.h"
#include "ui/perfettoexport.h"

#include "core/model/timewindow.h"

#include <nlohmann/json.hpp>

#include <QtTest>

#include <algorithm>
#include <cmath>
#include <map>
#include <set>
#include <sstream>

using namespace kubelane;
using namespace kubelane::ui;
using Json = nlohmann::json;

namespace {

const char *const kSamples[] = {"probe-status-race", "pleg-unhealthy", "sandbox-missing", "node-heartbeat-gap", "spec-hash-restart"};

bool isInt(const Json &j, const char *key)
{
    return j.contains(key) && j[key].is_number_integer();
}
bool isNum(const Json &j, const char *key)
{
    return j.contains(key) && j[key].is_number();
}
bool isStr(const Json &j, const char *key)
{
    return j.contains(key) && j[key].is_string();
}
std::pair<long long, long long> threadOf(const Json &e)
{
    return {e["pid"].get<long long>(), e["tid"].get<long long>()};
}

// The rules of the Trace Event Format as Perfetto's JSON importer and chrome://tracing read
// it: the object form, keys per phase, "B"/"E" balanced per thread, flows paired by id and
// category, a name for every process and thread used. Returns the problems found.
QStringList traceProblems(const Json &doc)
{
    QStringList problems;
    auto fail = [&](const QString &what, const Json &e) { problems << what + ": " + QString::fromStdString(e.dump().substr(0, 300)); };
    if (!doc.is_object() || !doc.contains("traceEvents") || !doc["traceEvents"].is_array())
        return {"not an object with a traceEvents array"};
    if (doc.contains("displayTimeUnit") && doc["displayTimeUnit"] != "ms" && doc["displayTimeUnit"] != "ns")
        problems << "displayTimeUnit is neither ms nor ns";
    std::set<long long> namedPids;
    std::set<std::pair<long long, long long>> namedThreads, usedThreads;
    std::map<std::pair<long long, long long>, int> openSlices;
    struct Flow {
        int starts = 0, finishes = 0;
        std::string cat, name;
        double startTs = 0, finishTs = 0;
    };
    std::map<std::string, Flow> flows;
    std::map<std::pair<long long, long long>, std::vector<std::pair<double, double>>> slices; // X per thread
    std::vector<const Json *> flowEvents;
    for (const Json &e : doc["traceEvents"]) {
        if (!isStr(e, "ph") || !isInt(e, "pid")) {
            fail("no ph or integer pid", e);
            continue;
        }
        const std::string ph = e["ph"];
        if (ph == "M") {
            if (!isStr(e, "name") || !e.contains("args") || !e["args"].is_object()) {
                fail("metadata without name or args", e);
                continue;
            }
            const std::string name = e["name"];
            if (name == "process_name" && isStr(e["args"], "name"))
                namedPids.insert(e["pid"].get<long long>());
            else if (name == "thread_name" && isStr(e["args"], "name") && isInt(e, "tid"))
                namedThreads.insert(threadOf(e));
            else if ((name == "process_sort_index" || name == "thread_sort_index") && isInt(e["args"], "sort_index"))
                ;
            else
                fail("unknown or malformed metadata", e);
            continue;
        }
        if (!isInt(e, "tid") || !isNum(e, "ts") || !isStr(e, "name")) {
            fail("no integer tid, numeric ts or name", e);
            continue;
        }
        const std::pair<long long, long long> thread = threadOf(e);
        usedThreads.insert(thread);
        if (ph == "X") {
            if (!isNum(e, "dur") || e["dur"].get<double>() < 0)
                fail("complete event without a non-negative dur", e);
            else
                slices[thread].push_back({e["ts"].get<double>(), e["ts"].get<double>() + e["dur"].get<double>()});
        } else if (ph == "i" || ph == "I") {
            if (e.contains("s") && e["s"] != "t" && e["s"] != "p" && e["s"] != "g")
                fail("instant with a scope other than t, p, g", e);
        } else if (ph == "B") {
            ++openSlices[thread];
        } else if (ph == "E") {
            if (--openSlices[thread] < 0)
                fail("E without B", e);
        } else if (ph == "s" || ph == "f") {
            if (!e.contains("id") || !isStr(e, "cat")) {
                fail("flow event without id or cat", e);
                continue;
            }
            flowEvents.push_back(&e);
            Flow &flow = flows[e["cat"].get<std::string>() + "#" + e["id"].dump()];
            if (ph == "s") {
                ++flow.starts;
                flow.startTs = e["ts"];
            } else {
                ++flow.finishes;
                flow.finishTs = e["ts"];
                if (!isStr(e, "bp") || e["bp"] != "e")
                    fail("flow finish not bound to its enclosing slice (bp e)", e);
            }
            if (!flow.name.empty() && flow.name != e["name"])
                fail("flow start and finish named differently", e);
            flow.name = e["name"];
        } else {
            fail("phase kubelane does not write", e);
        }
    }
    for (const auto &[thread, open] : openSlices)
        if (open != 0)
            problems << QStringLiteral("B without E on pid %1 tid %2").arg(thread.first).arg(thread.second);
    for (const auto &[id, flow] : flows) {
        if (flow.starts != 1 || flow.finishes != 1)
            problems
                << QStringLiteral("flow %1: %2 starts, %3 finishes").arg(QString::fromStdString(id)).arg(flow.starts).arg(flow.finishes);
        else if (flow.finishTs < flow.startTs)
            problems << QStringLiteral("flow %1 finishes before it starts").arg(QString::fromStdString(id));
    }
    // Slices on a thread nest or are disjoint (a double holds epoch µs to a quarter of one).
    for (auto &[thread, onThread] : slices) {
        std::sort(onThread.begin(), onThread.end(),
                  [](const auto &a, const auto &b) { return a.first != b.first ? a.first < b.first : a.second > b.second; });
        std::vector<double> open;
        for (const auto &[start, end] : onThread) {
            while (!open.empty() && open.back() <= start + 0.5)
                open.pop_back();
            if (!open.empty() && end > open.back() + 0.5)
                problems << QStringLiteral("pid %1 tid %2: slice at %3 crosses the end of the slice it starts in")
                                .arg(thread.first)
                                .arg(thread.second)
                                .arg(start, 0, 'f', 3);
            open.push_back(end);
        }
    }
    // A flow event binds to the slice enclosing it on its thread; without one it is dropped.
    for (const Json *e : flowEvents) {
        const auto &onThread = slices[threadOf(*e)];
        const double ts = (*e)["ts"];
        if (std::none_of(onThread.begin(), onThread.end(), [&](const auto &x) { return x.first <= ts && ts <= x.second; }))
            fail("flow event outside any slice of its thread", *e);
    }
    for (const auto &thread : usedThreads) {
        if (!namedPids.count(thread.first))
            problems << QStringLiteral("pid %1 has no process_name").arg(thread.first);
        if (!namedThreads.count(thread))
            problems << QStringLiteral("pid %1 tid %2 has no thread_name").arg(thread.first).arg(thread.second);
    }
    return problems;
}

Json trace(const LaneModel &model, const PerfettoRequest &request = {}, PerfettoCounts *counts = nullptr)
{
    std::ostringstream out;
    const PerfettoCounts c = writePerfettoTrace(out, model, request);
    if (counts)
        *counts = c;
    return Json::parse(out.str()); // throws on invalid JSON: the test fails
}

// As a JSON reader gets "ts": whole microseconds exact, the rest as a fraction.
double micros(core::Timestamp t)
{
    return static_cast<double>(t.ns / 1000) + static_cast<double>(t.ns % 1000) / 1000.0;
}

} // namespace

class TestPerfetto : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void timestampsAreExactMicroseconds();
    void validatorCatchesBrokenTraces();
    void samplesFollowTheFormat_data();
    void samplesFollowTheFormat();
    void raceOrderingIsAFlowBetweenItsLines();
    void windowAndLanesAreHonoured();
    void overlappingBarsGoToExtraRows();
    void anchorsOfNearbyLinesDoNotCross();

private:
    std::map<std::string, std::shared_ptr<const LaneModel>> m_models;
};

void TestPerfetto::initTestCase()
{
    for (const char *sample : kSamples)
        m_models[sample] = std::make_shared<const LaneModel>(uitest::analyseSample(sample));
}

void TestPerfetto::timestampsAreExactMicroseconds()
{
    QCOMPARE(traceMicros(core::Timestamp{1592446380123456789LL}), std::string("1592446380123456.789"));
    QCOMPARE(traceMicros(core::Timestamp{1592446380123456000LL}), std::string("1592446380123456"));
    QCOMPARE(traceMicros(core::Timestamp{1592446380123456700LL}), std::string("1592446380123456.7"));
    QCOMPARE(traceMicros(core::Timestamp{1005}), std::string("1.005"));
    QCOMPARE(traceMicros(core::Timestamp{-1500}), std::string("-1.5"));
}

void TestPerfetto::validatorCatchesBrokenTraces()
{
    const Json named = Json::parse(R"([{"ph":"M","name":"process_name","pid":1,"tid":0,"args":{"name":"p"}},
                                       {"ph":"M","name":"thread_name","pid":1,"tid":1,"args":{"name":"t"}}])");
    auto with = [&](const char *events) {
        Json doc{{"traceEvents", named}};
        for (const Json &e : Json::parse(events))
            doc["traceEvents"].push_back(e);
        return traceProblems(doc);
    };
    QVERIFY(with(R"([{"ph":"X","name":"a","pid":1,"tid":1,"ts":1,"dur":2}])").isEmpty());
    QVERIFY(!with(R"([{"ph":"B","name":"a","pid":1,"tid":1,"ts":1}])").isEmpty()); // B without E
    QVERIFY(!with(R"([{"ph":"X","name":"a","pid":1,"tid":1,"ts":1,"dur":10},
                      {"ph":"X","name":"b","pid":1,"tid":1,"ts":5,"dur":10}])")
                 .isEmpty()); // slices cross
    QVERIFY(with(R"([{"ph":"X","name":"a","pid":1,"tid":1,"ts":1,"dur":10},
                     {"ph":"X","name":"b","pid":1,"tid":1,"ts":5,"dur":2},
                     {"ph":"X","name":"c","pid":1,"tid":1,"ts":11,"dur":2}])")
                .isEmpty());
    QVERIFY(!with(R"([{"ph":"X","name":"a","pid":1,"tid":1,"ts":"1","dur":2}])").isEmpty());        // ts a string
    QVERIFY(!with(R"([{"ph":"X","name":"a","pid":1,"tid":1,"ts":1}])").isEmpty());                  // no dur
    QVERIFY(!with(R"([{"ph":"i","name":"a","pid":1,"tid":2,"ts":1,"s":"t"}])").isEmpty());          // unnamed thread
    QVERIFY(!with(R"([{"ph":"s","name":"a","cat":"c","id":1,"pid":1,"tid":1,"ts":1}])").isEmpty()); // flow never finishes
    QVERIFY(!with(R"([{"ph":"s","name":"a","cat":"c","id":1,"pid":1,"tid":1,"ts":1},
                      {"ph":"f","name":"a","cat":"c","id":1,"pid":1,"tid":1,"ts":2}])")
                 .isEmpty()); // finish without bp e
    QVERIFY(!with(R"([{"ph":"s","name":"a","cat":"c","id":1,"pid":1,"tid":1,"ts":1},
                      {"ph":"f","bp":"e","name":"a","cat":"c","id":1,"pid":1,"tid":1,"ts":2}])")
                 .isEmpty()); // no slice to bind to
    QVERIFY(with(R"([{"ph":"X","name":"x","pid":1,"tid":1,"ts":1,"dur":2},
                     {"ph":"s","name":"a","cat":"c","id":1,"pid":1,"tid":1,"ts":1.5},
                     {"ph":"f","bp":"e","name":"a","cat":"c","id":1,"pid":1,"tid":1,"ts":2}])")
                .isEmpty());
}

void TestPerfetto::samplesFollowTheFormat_data()
{
    QTest::addColumn<QString>("sample");
    for (const char *sample : kSamples)
        QTest::newRow(sample) << QString::fromLatin1(sample);
}

void TestPerfetto::samplesFollowTheFormat()
{
    QFETCH(QString, sample);
    const LaneModel &model = *m_models.at(sample.toStdString());
    const core::Incident &inc = model.incident();
    const core::Analysis &analysis = model.analysis();
    PerfettoCounts counts;
    const Json doc = trace(model, {}, &counts);
    const QStringList problems = traceProblems(doc);
    QVERIFY2(problems.isEmpty(), qPrintable(problems.join('\n')));

    // Marks are the incident's lines at their own times; every line with a lane is one mark,
    // with its raw text, source and fields.
    std::map<std::string, core::Timestamp> timeOfLine;
    std::size_t linesWithALane = 0;
    for (std::size_t i = 0; i < inc.events.size(); ++i) {
        const core::Event &e = inc.events[i];
        timeOfLine[inc.sources[e.source].path + ":" + std::to_string(inc.lineOf(e))] = e.time;
        linesWithALane += model.laneOfEvent(core::EventIndex::fromIndex(i)).valid();
    }
    const double first = micros(model.first()) - 1e6, last = micros(model.last()) + 1e6;
    std::size_t marks = 0, mirrors = 0, findingInstants = 0;
    std::set<long long> findingNumbers;
    std::map<std::pair<long long, long long>, std::string> threadNames;
    for (const Json &e : doc["traceEvents"])
        if (e["ph"] == "M" && e["name"] == "thread_name")
            threadNames[{e["pid"].get<long long>(), e["tid"].get<long long>()}] = e["args"]["name"].get<std::string>();
    for (const Json &e : doc["traceEvents"]) {
        if (e["ph"] == "M")
            continue;
        const double ts = e["ts"];
        QVERIFY2(ts >= first && ts <= last, e.dump().c_str());
        if (e["ph"] == "X")
            QVERIFY2(ts + e["dur"].get<double>() <= last, e.dump().c_str());
        if (e["ph"] == "i" && e["cat"] == "finding") {
            ++findingInstants;
            const std::size_t n = e["args"]["number"];
            QVERIFY(n >= 1 && n <= analysis.findings.size());
            const core::Finding &f = analysis.findings[n - 1];
            QCOMPARE(e["args"]["title"].get<std::string>(), f.title);
            QCOMPARE(e["args"]["explanation"].get<std::string>(), f.explanation);
            QCOMPARE(e["args"]["evidence"].size(), f.evidence.size());
            QVERIFY(std::abs(ts - micros(f.start)) < 0.5);
            findingNumbers.insert(static_cast<long long>(n));
        } else if (e["ph"] == "i" && e["cat"] == "mirror") {
            // A line repeated on a lane that gathers lines of other lanes: the PLEG's relists.
            ++mirrors;
            const std::pair<long long, long long> thread{e["pid"].get<long long>(), e["tid"].get<long long>()};
            QCOMPARE(threadNames[thread], std::string("PLEG activity"));
            QVERIFY2(timeOfLine.count(e["args"]["source"].get<std::string>()), e.dump().c_str());
            QVERIFY(!e["args"]["lineOn"].get<std::string>().empty());
        } else if (e["ph"] == "i" && e["cat"] != "heartbeat") { // a heartbeat tick repeats a line drawn in another lane
            ++marks;
            const auto line = timeOfLine.find(e["args"]["source"].get<std::string>());
            QVERIFY2(line != timeOfLine.end(), e.dump().c_str());
            QVERIFY2(std::abs(ts - micros(line->second)) < 0.5, e.dump().c_str());
            QVERIFY(e["args"]["fields"].is_object());
            QVERIFY(!e["args"]["raw"].get<std::string>().empty());
        }
    }
    QCOMPARE(marks, linesWithALane);
    QCOMPARE(mirrors, counts.mirrors);
    std::size_t relists = 0;
    for (const core::PlegActivity &p : analysis.facts.plegActivity)
        relists += p.relists.size();
    QVERIFY(mirrors <= relists);
    if (sample == "pleg-unhealthy") // its PLEG activity lane is not an empty thread
        QVERIFY(mirrors > 0);
    QVERIFY(!analysis.findings.empty());
    QCOMPARE(findingInstants, analysis.findings.size());
    QCOMPARE(findingNumbers.size(), analysis.findings.size());
    QCOMPARE(counts.findings, analysis.findings.size());
    QVERIFY(counts.spans > 0);
    QVERIFY(counts.threads > 1);
}

void TestPerfetto::raceOrderingIsAFlowBetweenItsLines()
{
    const LaneModel &model = *m_models.at("probe-status-race");
    const core::Incident &inc = model.incident();
    const auto &orders = model.analysis().facts.orders;
    QVERIFY(!orders.empty());
    const Json doc = trace(model);
    std::size_t starts = 0;
    for (const Json &e : doc["traceEvents"]) {
        if (e["ph"] != "s")
            continue;
        ++starts;
        const core::StatusProbeOrder &o = orders.at(e["id"].get<std::size_t>() - 1);
        const core::EventIndex firstLine = o.statusFirst ? o.statusEvent : o.probeEvent;
        // Half-way into the 1 µs slice on the line's own mark.
        QVERIFY(std::abs(e["ts"].get<double>() - micros(inc.event(firstLine).time) - 0.5) < 0.1);
        QCOMPARE(e["tid"].get<int>(), model.laneOfEvent(firstLine).value() + 1);
    }
    QVERIFY(starts >= 1);
}

void TestPerfetto::windowAndLanesAreHonoured()
{
    const LaneModel &model = *m_models.at("node-heartbeat-gap");
    const core::Finding &f = model.analysis().findings.front();
    PerfettoRequest request;
    std::tie(request.from, request.to) = core::framedWindow(f.start, f.end);
    PerfettoCounts windowed, whole;
    trace(model, {}, &whole);
    const Json doc = trace(model, request, &windowed);
    QVERIFY(traceProblems(doc).isEmpty());
    QVERIFY(windowed.marks > 0 && windowed.marks < whole.marks);
    for (const Json &e : doc["traceEvents"]) {
        if (e["ph"] == "M")
            continue;
        const double ts = e["ts"];
        QVERIFY2(ts >= micros(*request.from) && ts <= micros(*request.to), e.dump().c_str());
        if (e["ph"] == "X")
            QVERIFY2(ts + e["dur"].get<double>() <= micros(*request.to) + 0.5, e.dump().c_str()); // a double holds epoch µs to 1/4
    }

    PerfettoRequest lanes;
    lanes.shown = *LaneFilter::match(model, QStringLiteral("heartbeats"));
    PerfettoCounts filtered;
    const Json kept = trace(model, lanes, &filtered);
    QVERIFY(traceProblems(kept).isEmpty());
    QVERIFY(filtered.threads > 0 && filtered.threads < whole.threads);
    // Exactly the kept lanes are threads (tid = lane id + 1), the heartbeat lane among them.
    bool heartbeats = false;
    for (const Json &e : kept["traceEvents"]) {
        if (e["ph"] != "M" || e["name"] != "thread_name" || e["pid"] == 1)
            continue;
        const LaneId lane(e["tid"].get<int>() - 1);
        QVERIFY2(lanes.shown.at(lane.index()), e.dump().c_str());
        heartbeats = heartbeats || model.lane(lane).kind == LaneKind::Heartbeats;
    }
    QVERIFY(heartbeats);
}

// Two findings whose windows cross, and a readiness strip crossing a state bar: each crossing
// span moves to a row of its own below the lane, so nothing is dropped by the importer.
void TestPerfetto::overlappingBarsGoToExtraRows()
{
    const auto sample = uitest::analyseSample("node-heartbeat-gap");
    auto analysis = std::make_shared<core::Analysis>(*sample);
    core::Finding a = analysis->findings.front(), b = a;
    b.start = a.start + core::Duration::fromSeconds(1);
    b.end = a.end + core::Duration::fromSeconds(30);
    b.title = "crossing";
    analysis->findings = {a, b};
    const LaneModel model(analysis);
    PerfettoCounts counts;
    const Json doc = trace(model, {}, &counts);
    const QStringList problems = traceProblems(doc);
    QVERIFY2(problems.isEmpty(), qPrintable(problems.join('\n')));
    QCOMPARE(counts.findings, std::size_t(2));
    bool extraRow = false;
    for (const Json &e : doc["traceEvents"])
        extraRow |= e["ph"] == "M" && e["name"] == "thread_name" && e["args"]["name"] == "finding windows (2)";
    QVERIFY(extraRow);
}

// Two orderings whose lines lie 0.4 µs apart on one lane: their 1 µs anchors would cross on
// the lane's thread (and the importer drop one, arrow and all), so they are packed with the
// lane's bars: the second anchor goes to a row of its own and its arrow binds there.
void TestPerfetto::anchorsOfNearbyLinesDoNotCross()
{
    uitest::IncidentBuilder b;
    const core::PodId pod = b.pod("default", "web");
    const core::Duration nearby{400};
    const core::EventIndex status1 =
        b.add(uitest::at(0), "pod.status.generate", "pod-worker", "Generating status", core::Severity::Info, pod);
    const core::EventIndex status2 =
        b.add(uitest::at(0) + nearby, "pod.status.generate", "pod-worker", "Generating status", core::Severity::Info, pod);
    const core::EventIndex probe1 =
        b.add(uitest::at(1), "pod.status.generate", "pod-worker", "Generating status", core::Severity::Info, pod);
    const core::EventIndex probe2 =
        b.add(uitest::at(1) + nearby, "pod.status.generate", "pod-worker", "Generating status", core::Severity::Info, pod);
    auto analysis = std::make_shared<core::Analysis>();
    analysis->incident = b.finish();
    for (const auto &[status, probe] : {std::pair{status1, probe1}, std::pair{status2, probe2}}) {
        core::StatusProbeOrder o;
        o.pod = pod;
        o.statusEvent = status;
        o.probeEvent = probe;
        o.statusFirst = true;
        o.delta = core::Duration::fromSeconds(1);
        analysis->facts.orders.push_back(o);
    }
    const LaneModel model(analysis);
    QVERIFY(model.laneOfEvent(status1).valid());
    QCOMPARE(model.laneOfEvent(status2), model.laneOfEvent(status1));
    PerfettoCounts counts;
    const Json doc = trace(model, {}, &counts);
    const QStringList problems = traceProblems(doc);
    QVERIFY2(problems.isEmpty(), qPrintable(problems.join('\n')));
    QCOMPARE(counts.flows, std::size_t(2));
    std::set<int> anchorRows;
    for (const Json &e : doc["traceEvents"])
        if (e["ph"] == "X" && e["cat"] == "ordering")
            anchorRows.insert(e["tid"].get<int>());
    QCOMPARE(anchorRows.size(), std::size_t(2));
}

QTEST_MAIN(TestPerfetto)
#include "tst_ui_perfetto.moc"
