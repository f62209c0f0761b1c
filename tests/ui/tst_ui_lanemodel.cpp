// LaneModel: the lane tree built from a sample and from hand-made facts; EventPlottable's
// folding of many events into few marks.
#include "uitestdata.h"

#include "ui/eventplottable.h"
#include "ui/lanefilter.h"
#include "ui/lanemodel.h"
#include "ui/lanes/lanebuilder.h"
#include "ui/palette.h"

#include "core/classify/eventtypecatalog.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <functional>
#include <future>
#include <random>
#include <set>
#include <type_traits>

using namespace kubelane;
using namespace kubelane::ui;

// A lane is not a row, a finding number or an event index: only LaneId(int) on purpose makes
// one, and a table indexed by lane takes `index()`.
static_assert(!std::is_convertible_v<int, LaneId> && !std::is_convertible_v<LaneId, int>);
static_assert(!std::is_convertible_v<std::size_t, LaneId> && !std::is_constructible_v<std::size_t, LaneId>);
static_assert(!LaneId().valid() && LaneId(0).valid());

class TestLaneModel : public QObject {
    Q_OBJECT
private slots:
    // Colours come from each type's events.json category: every category the file lists has
    // a colour of its own, every type has a category (but the parsers' "other" and the
    // goroutines of a dump), and a type is coloured by its category, not by its id.
    void everyCategoryHasItsColour()
    {
        const auto catalog = core::EventTypeCatalog::loadFile(std::string(KUBELANE_RESOURCES) + "/events.json");
        std::set<EventCategory> seen;
        for (const std::string &name : catalog->categories()) {
            const EventCategory c = Palette::categoryNamed(name);
            QVERIFY2(c != EventCategory::Other, name.c_str());
            QVERIFY2(seen.insert(c).second, name.c_str());
        }
        QCOMPARE(seen.size(), std::size_t(EventCategory::Count) - 1); // all but Other
        for (std::size_t t = 0; t < catalog->typeCount(); ++t) {
            const core::EventType &type = catalog->type(static_cast<core::EventTypeId>(t));
            QVERIFY2(!type.category.empty() || type.id == "other" || type.id == "go.goroutine" || type.id == "go.dump.inline",
                     type.id.c_str());
        }
        QCOMPARE(Palette::categoryNamed(catalog->type(*catalog->find("probe.result.failure")).category), EventCategory::Probe);
        QCOMPARE(Palette::categoryNamed(catalog->type(*catalog->find("node.eviction.pod-evicted")).category), EventCategory::NodeHealth);
        QCOMPARE(Palette::categoryNamed("no-such-category"), EventCategory::Other);
    }

    void initTestCase();
    void treeFromSample();
    void controlPlaneGroupedByItsHost();
    void componentFindingOnItsHost();
    void podMadeAgainIsUnderEachNode();
    void everyEventInOneLeafLane();
    void factsBecomeBarsAndTicks();
    void registryRanksAreUnique();
    void laneKindsMatchWhatTheyHold();
    void plegActivityShowsTheSilence();
    void foldingManyEvents();
    void foldingKeepsWorstSeverity();
    void foldingFollowsItsDefinitionOnIrregularLanes();
    void filterByNameAndText();
    void placedWhileTheRulesRun();

private:
    std::shared_ptr<const core::Analysis> m_sample;
    std::shared_ptr<const LaneModel> m_lanes;
    std::shared_ptr<const LaneModel> m_pleg; // pleg-unhealthy
};

void TestLaneModel::initTestCase()
{
    m_sample = uitest::analyseSample("probe-status-race");
    QVERIFY(m_sample && !m_sample->incident->events.empty());
    m_lanes = std::make_shared<LaneModel>(m_sample);
    m_pleg = std::make_shared<LaneModel>(uitest::analyseSample("pleg-unhealthy"));
}

static QStringList childNames(const LaneModel &m, LaneId lane)
{
    QStringList names;
    for (LaneId c : m.lane(lane).children)
        names << m.lane(c).name;
    return names;
}

void TestLaneModel::treeFromSample()
{
    const LaneModel &m = *m_lanes;
    // Roots: control plane first, then the nodes.
    QVERIFY(m.roots().size() >= 3);
    QVERIFY(m.lane(m.roots().front()).key.startsWith("control-plane"));
    const LaneId node = m.laneOfSubject("node/10.86.98.42");
    QVERIFY(node.valid());
    QVERIFY(!m.lane(node).parent.valid());
    const QStringList nodeLanes = childNames(m, node);
    QCOMPARE(nodeLanes.value(0), QStringLiteral("kubelet process"));
    QVERIFY2(nodeLanes.contains("heartbeats"), qPrintable(nodeLanes.join(", ")));
    QVERIFY(nodeLanes.contains("Ready (control plane)"));

    // The victim pod sits under its node with the goroutine lanes of the race side by side.
    const LaneId victim = m.laneOfSubject("pod/default/auto-srv-cwhttp-sf-30b71-0");
    QVERIFY(victim.valid());
    QCOMPARE(m.lane(victim).parent, node);
    const QStringList podLanes = childNames(m, victim);
    QVERIFY2(podLanes.indexOf("pod worker") >= 0, qPrintable(podLanes.join(", ")));
    QVERIFY(podLanes.indexOf("probe worker · auto-srv-cwhttp-py") > podLanes.indexOf("pod worker"));
    QVERIFY(podLanes.indexOf("status manager") > podLanes.indexOf("probe worker · auto-srv-cwhttp-py"));
    QCOMPARE(podLanes.value(0), QStringLiteral("Ready"));
    QCOMPARE(m.lane(victim).summaryLane, m.lane(victim).children.front());

    // The survivor is a sibling pod on the other node.
    const LaneId survivor = m.laneOfSubject("pod/default/opensource-sf-dc750-2");
    QVERIFY(survivor.valid());
    QCOMPARE(m.lane(survivor).parent, m.laneOfSubject("node/10.15.29.31"));

    // Default expansion: nodes open, the finding's pods open, other pods closed.
    const auto expanded = m.defaultExpansion();
    QVERIFY(expanded[node.index()]);
    QVERIFY(expanded[victim.index()]);
    QVERIFY(!expanded[survivor.index()]);
    const auto rows = m.rows(expanded, {});
    QVERIFY(std::find(rows.begin(), rows.end(), survivor) != rows.end());
    QVERIFY(std::find(rows.begin(), rows.end(), m.lane(survivor).children.front()) == rows.end());
}

// An HA control plane collected as journals: each machine's apiserver in a group named by the
// host its journal prefix names, not all three in one.
void TestLaneModel::controlPlaneGroupedByItsHost()
{
    QTemporaryDir dir;
    for (const char *host : {"master-1", "master-2"}) {
        QFile f(dir.filePath(QString("kube-apiserver-%1.journal").arg(host)));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(QString("Mar 12 10:42:30 %1 kube-apiserver[702]: I0312 10:42:30.000001     702 controller.go:611] quota admission added "
                        "evaluator for: leases.coordination.k8s.io\n")
                    .arg(host)
                    .toUtf8());
    }
    core::LoadOptions load;
    load.resourceDir = KUBELANE_RESOURCES;
    core::AnalyzeOptions options;
    options.resourceDir = KUBELANE_RESOURCES;
    const LaneModel m(core::analyzeIncident(core::loadBundle({dir.path().toStdString()}, load), options));
    QStringList roots;
    for (LaneId r : m.roots())
        roots << m.lane(r).name;
    QCOMPARE(roots, QStringList({"Control plane master-1", "Control plane master-2"}));
}

// The leader-election-lost sample's finding: its subject lane is master-1's control plane, and
// its lanes hold the evidence on both hosts (the loss on master-1, the takeover on master-2).
void TestLaneModel::componentFindingOnItsHost()
{
    const LaneModel m(uitest::analyseSample("leader-election-lost"));
    const auto &findings = m.analysis().findings;
    QCOMPARE(findings.size(), std::size_t(1));
    const LaneId group = m.laneOfSubject(QString::fromStdString(findings.front().subject.text()));
    QCOMPARE(group, m.laneByKey("control-plane@master-1"));
    QVERIFY(!m.laneOfSubject("component/kube-controller-manager@master-3").valid());
    bool onOtherHost = false;
    for (LaneId l : m.lanesOfFinding(0))
        onOtherHost = onOtherHost || m.isAncestor(m.laneByKey("control-plane@master-2"), l);
    QVERIFY(onOtherHost);
}

// node-taint-eviction: the StatefulSet pod shop/checkout-0 is evicted from worker-2 and made
// again on worker-1; a Deployment's pod of a new name and the DaemonSet's stay single.
void TestLaneModel::podMadeAgainIsUnderEachNode()
{
    const LaneModel m(uitest::analyseSample("node-taint-eviction"));
    const LaneId old = m.laneOfSubject("pod/shop/checkout-0@worker-2");
    const LaneId again = m.laneOfSubject("pod/shop/checkout-0@worker-1");
    QVERIFY(old.valid() && again.valid());
    QCOMPARE(m.lane(old).parent, m.laneOfSubject("node/worker-2"));
    QCOMPARE(m.lane(again).parent, m.laneOfSubject("node/worker-1"));
    QVERIFY(!m.laneOfSubject("pod/shop/checkout-0").valid());
    QVERIFY(m.laneOfSubject("pod/shop/cart-5f7d8c9b6-2xk4p").valid());
    // The eviction (after worker-2's kubelet fell silent) is the old pod's; the new pod's
    // start, and worker-2's kubelet seeing the deletion when it came back, each its node's.
    const core::Incident &inc = m.incident();
    QStringList evictions, starts, deletions;
    for (std::size_t i = 0; i < inc.events.size(); ++i) {
        const core::Event &e = inc.events[i];
        if (inc.podName(e) != "shop/checkout-0")
            continue;
        const LaneId lane = m.laneOfEvent(core::EventIndex::fromIndex(i));
        const QString where = m.isAncestor(old, lane) ? "worker-2" : m.isAncestor(again, lane) ? "worker-1" : "elsewhere";
        const std::string_view text = inc.message(e);
        if (text.find("Deleting pod") != std::string_view::npos)
            evictions << where;
        else if (text.find("SyncLoop (PLEG)") != std::string_view::npos)
            starts << where;
        else if (text.find("SyncLoop DELETE") != std::string_view::npos)
            deletions << where;
    }
    QCOMPARE(evictions, QStringList{"worker-2"});
    QCOMPARE(starts, QStringList{"worker-1"});
    QCOMPARE(deletions, QStringList{"worker-2"});
}

void TestLaneModel::everyEventInOneLeafLane()
{
    const LaneModel &m = *m_lanes;
    const auto &events = m.incident().events;
    std::vector<int> seen(events.size(), 0);
    for (const Lane &lane : m.lanes()) {
        QVERIFY(std::is_sorted(lane.events.begin(), lane.events.end()));
        if (lane.isGroup())
            continue;
        for (core::EventIndex e : lane.events)
            if (m.laneOfEvent(e) == lane.id)
                ++seen[e.index()];
    }
    for (std::size_t i = 0; i < events.size(); ++i) {
        QVERIFY2(seen[i] == 1, qPrintable(QStringLiteral("event %1 in %2 lanes").arg(i).arg(seen[i])));
        const LaneId lane = m.laneOfEvent(core::EventIndex::fromIndex(i));
        // A group lists all events of its descendants.
        for (LaneId p = m.lane(lane).parent; p.valid(); p = m.lane(p).parent)
            QVERIFY(std::binary_search(m.lane(p).events.begin(), m.lane(p).events.end(), core::EventIndex::fromIndex(i)));
    }
}

void TestLaneModel::factsBecomeBarsAndTicks()
{
    uitest::IncidentBuilder b;
    const core::PodId web = b.pod("default", "web-0");
    const core::EventIndex e0 = b.add(uitest::at(0), "heartbeat.request", "node-status", "PATCH node status");
    const core::EventIndex e1 =
        b.add(uitest::at(5), "pod.status.generate", "pod-worker", "Generating status for web-0", core::Severity::Info, web);
    const core::EventIndex e2 = b.add(uitest::at(100), "heartbeat.request", "node-status", "PATCH node status");
    auto a = std::make_shared<core::Analysis>();
    a->incident = b.finish();
    const core::StringId n1 = b.intern("n1");
    a->facts.nodes = {n1};
    a->facts.heartbeats = {{uitest::at(0), n1, core::Heartbeat::Kind::NodeStatus, false, e0},
                           {uitest::at(100), n1, core::Heartbeat::Kind::NodeStatus, false, e2}};
    a->facts.gaps = {uitest::gap(n1, 0, 100)};
    a->facts.taints = {
        {n1, "node.kubernetes.io/unreachable", "NoExecute", uitest::at(50), uitest::at(90), false, core::kNoEvent, core::kNoEvent},
        {n1, "node.kubernetes.io/not-ready", "NoExecute", uitest::at(95), uitest::at(100), true, core::kNoEvent, core::kNoEvent, true}};
    a->facts.readiness = {{web, core::kNoString, false, uitest::at(45), uitest::at(100), true, "node lifecycle controller", e1}};
    a->facts.kubeletRuns = {{n1, uitest::at(0), uitest::at(20), false, "v1.12.4", e0, e1, true, "exit 255"},
                            {n1, uitest::at(60), {}, true, "v1.12.4", e2, core::kNoEvent, false, ""}};
    const LaneModel m(a);
    const LaneId node = m.laneOfSubject("node/n1");
    const LaneId heartbeats = m.laneByKey("node/n1/heartbeats");
    QVERIFY(heartbeats.valid());
    QCOMPARE(m.lane(heartbeats).ticks.size(), std::size_t(2));
    QCOMPARE(m.lane(heartbeats).gaps.size(), std::size_t(1));
    QVERIFY(m.lane(heartbeats).gaps[0].label.contains("> grace 40.0 s"));
    const LaneId taint = m.laneByKey("node/n1/taint/unreachable:NoExecute");
    QVERIFY(taint.valid());
    QCOMPARE(m.lane(taint).states.size(), std::size_t(1));
    QCOMPARE(m.lane(taint).states[0].state, StateKind::TaintPresent);
    // Queued by the controller and never seen applied: its own, hatched state, and said so.
    const LaneId queued = m.laneByKey("node/n1/taint/not-ready:NoExecute");
    QVERIFY(queued.valid());
    QCOMPARE(m.lane(queued).states.size(), std::size_t(1));
    QCOMPARE(m.lane(queued).states[0].state, StateKind::TaintQueued);
    QVERIFY(Palette::isHatched(StateKind::TaintQueued));
    QVERIFY(m.lane(queued).states[0].label.contains("never seen applied"));
    const LaneId kubelet = m.laneByKey("node/n1/kubelet");
    QVERIFY(kubelet.valid());
    QCOMPARE(m.lane(kubelet).states.size(), std::size_t(3)); // up, down, up
    QCOMPARE(m.lane(kubelet).states[1].state, StateKind::KubeletDown);
    QCOMPARE(m.lane(kubelet).states[1].start, uitest::at(20));
    QCOMPARE(m.lane(kubelet).states[1].end, uitest::at(60));
    QVERIFY(m.lane(kubelet).states[2].openEnded);
    const LaneId ready = m.laneByKey("node/n1/pod/default/web-0/ready");
    QVERIFY(ready.valid());
    QCOMPARE(m.lane(ready).states[0].state, StateKind::ReadyFalse);
    // Order under the node: kubelet, heartbeats, taint, ..., pods last.
    const auto &children = m.lane(node).children;
    QCOMPARE(children.front(), kubelet);
    QCOMPARE(children[1], heartbeats);
    QVERIFY(m.lane(children.back()).isGroup());
}

void TestLaneModel::registryRanksAreUnique()
{
    // Siblings sort by rank, so two fact lanes of one scope on the same rank would order by
    // name by accident; the same key twice would fill one lane from two builders.
    std::set<std::pair<LaneScope, QString>> keys;
    std::set<std::pair<LaneScope, int>> ranks;
    for (const LaneBuilder &b : laneBuilders()) {
        QVERIFY2(keys.insert({b.scope, QString::fromLatin1(b.id)}).second, b.id);
        QVERIFY2(ranks.insert({b.scope, b.rank}).second, b.id);
        QVERIFY2(b.kind != LaneKind::Group && b.build, b.id);
        QCOMPARE(laneRank(b.scope, QString::fromLatin1(b.id)), b.rank); // no role row shadows it
    }
    QCOMPARE(laneRank(LaneScope::Node, u"no-such-goroutine"), kUnrankedLane);
    // The roles' ranks interleave with the fact lanes': a node's PLEG bar before the runtime's calls.
    QVERIFY(laneRank(LaneScope::Node, u"pleg") < laneRank(LaneScope::Node, u"container-runtime"));
    QVERIFY(laneRank(LaneScope::Pod, u"ready") < laneRank(LaneScope::Pod, u"pod-worker"));
}

void TestLaneModel::laneKindsMatchWhatTheyHold()
{
    // The painters switch on a lane's kind: bars are drawn on state lanes only, ticks and gaps
    // on heartbeat lanes only. A lane holding what its kind does not draw would lose it.
    const auto &pleg = m_pleg;
    int bars = 0;
    for (const LaneModel *m : {m_lanes.get(), pleg.get()}) {
        for (const Lane &lane : m->lanes()) {
            QVERIFY2(lane.kind == LaneKind::State || lane.states.empty(), qPrintable(lane.key));
            QVERIFY2(lane.kind == LaneKind::Heartbeats || (lane.ticks.empty() && lane.gaps.empty()), qPrintable(lane.key));
            bars += lane.kind == LaneKind::State ? 1 : 0;
        }
    }
    QVERIFY(bars > 0);
    // The PLEG goroutine's lane shows the PLEG health bar, so it is a state lane.
    const LaneId plegLane = pleg->laneByKey("node/cn-hangzhou.i-bp1g6zv0ce8oyzf2xkz9/pleg");
    QVERIFY(plegLane.valid());
    QCOMPARE(pleg->lane(plegLane).kind, LaneKind::State);
    QVERIFY(!pleg->lane(plegLane).states.empty());
    QVERIFY(!pleg->lane(plegLane).events.empty());
}

void TestLaneModel::plegActivityShowsTheSilence()
{
    // Every relist and SyncLoop (PLEG) line of the node on one row, after the PLEG bar: the
    // pod lifecycle events are otherwise spread over the pods' sync loop lanes.
    const LaneModel &m = *m_pleg;
    const LaneId node = m.laneOfSubject("node/cn-hangzhou.i-bp1g6zv0ce8oyzf2xkz9");
    const LaneId activity = m.laneByKey("node/cn-hangzhou.i-bp1g6zv0ce8oyzf2xkz9/pleg-activity");
    QVERIFY(node.valid());
    QVERIFY(activity.valid());
    const Lane &lane = m.lane(activity);
    QCOMPARE(lane.kind, LaneKind::Events);
    QCOMPARE(lane.name, QStringLiteral("PLEG activity"));
    const auto &facts = m.analysis().facts.plegActivity;
    QCOMPARE(facts.size(), std::size_t(1));
    std::vector<core::EventIndex> expected(facts[0].relists.begin(), facts[0].relists.end());
    std::sort(expected.begin(), expected.end());
    QVERIFY(!expected.empty());
    QCOMPARE(lane.events, expected);
    const auto &children = m.lane(node).children;
    const auto at = std::find(children.begin(), children.end(), activity);
    QVERIFY(at != children.begin() && at != children.end());
    QCOMPARE(m.lane(*(at - 1)).key, m.lane(node).key + "/pleg");
    // The PLEG handed nothing to the sync loop while the kubelet reported it not healthy.
    const auto &stalls = m.analysis().facts.pleg;
    QCOMPARE(stalls.size(), std::size_t(1));
    for (core::EventIndex e : lane.events) {
        const core::Timestamp t = m.incident().event(e).time;
        QVERIFY(t < stalls[0].firstUnhealthy || t > stalls[0].lastUnhealthy);
    }
}

void TestLaneModel::foldingManyEvents()
{
    uitest::IncidentBuilder b;
    const int n = 200000;
    for (int i = 0; i < n; ++i)
        b.add(uitest::at(i * 0.001), "pleg.relist", "pleg", "GenericPLEG: Relisting");
    auto a = std::make_shared<core::Analysis>();
    a->incident = b.finish();
    const LaneModel m(a);
    const LaneId lane = m.laneByKey("node/n1/pleg");
    QVERIFY(lane.valid());
    QCOMPARE(m.lane(lane).events.size(), std::size_t(n));

    // Whole range on 1000 px: at most one mark per 3 px, every event counted once.
    const TimelineCoordinates all(m.origin(), uitest::at(0), uitest::at(n * 0.001), 0, 1000);
    const auto marks = EventPlottable::fold(m.incident(), m.lane(lane), all, 3.0);
    QVERIFY2(marks.size() <= 1000 / 3 + 2, qPrintable(QString::number(marks.size())));
    QVERIFY(marks.size() >= 1000 / 3 - 2);
    std::uint64_t total = 0;
    for (const auto &mk : marks) {
        total += mk.count;
        QVERIFY(mk.count > 1);
        QVERIFY(mk.x1 - mk.x0 < 3.0);
    }
    QCOMPARE(total, std::uint64_t(n));
    for (std::size_t i = 1; i < marks.size(); ++i)
        QVERIFY(marks[i].x0 - marks[i - 1].x0 >= 3.0);

    // 20 ms on 1000 px: events 50 px apart, none folded.
    const TimelineCoordinates zoomed(m.origin(), uitest::at(10.0), uitest::at(10.020), 0, 1000);
    const auto single = EventPlottable::fold(m.incident(), m.lane(lane), zoomed, 3.0);
    QVERIFY(single.size() >= 20 && single.size() <= 22);
    for (const auto &mk : single)
        QCOMPARE(mk.count, 1u);
}

void TestLaneModel::foldingKeepsWorstSeverity()
{
    uitest::IncidentBuilder b;
    for (int i = 0; i < 100; ++i)
        b.add(uitest::at(i * 0.0001), "pleg.relist", "pleg", "relist",
              i == 57       ? core::Severity::Error
                  : i == 20 ? core::Severity::Warning
                            : core::Severity::Info);
    auto a = std::make_shared<core::Analysis>();
    a->incident = b.finish();
    const LaneModel m(a);
    const Lane &lane = m.lane(m.laneByKey("node/n1/pleg"));
    QCOMPARE(lane.warnings.size(), std::size_t(2));
    QCOMPARE(lane.errors.size(), std::size_t(1));
    const TimelineCoordinates c(m.origin(), uitest::at(0), uitest::at(1), 0, 1000); // all 100 within 10 ms = 10 px
    const auto marks = EventPlottable::fold(m.incident(), lane, c, 3.0);
    const auto error = std::find_if(marks.begin(), marks.end(), [](const FoldedMark &mk) { return mk.severity == core::Severity::Error; });
    QVERIFY(error != marks.end());
    QCOMPARE(error->representative, lane.events[57]);
}

// Bursts, equal times, long gaps and scattered severities, at several zooms: each mark is the
// run of events from its first up to (not including) the first at or past 3 px to its right,
// shown by its first error, else its first warning, else its first event. The fold searches
// (galloping, cursors) must give exactly that.
void TestLaneModel::foldingFollowsItsDefinitionOnIrregularLanes()
{
    uitest::IncidentBuilder b;
    std::mt19937 random(7);
    double t = 0;
    for (int i = 0; i < 20000; ++i) {
        const int kind = static_cast<int>(random() % 100);
        t += kind < 40 ? 0.0 : kind < 90 ? 0.0001 * (random() % 50) : 1.0 * (random() % 30); // equal, near, far
        const int s = static_cast<int>(random() % 200);
        b.add(uitest::at(t), "pleg.relist", "pleg", "relist",
              s == 0        ? core::Severity::Error
                  : s < 5   ? core::Severity::Warning
                  : s < 100 ? core::Severity::Debug
                            : core::Severity::Info);
    }
    auto a = std::make_shared<core::Analysis>();
    a->incident = b.finish();
    const LaneModel m(a);
    const Lane &lane = m.lane(m.laneByKey("node/n1/pleg"));
    const core::Incident &inc = m.incident();
    for (const double span : {t + 1, t / 10, 30.0, 0.5, 0.001}) {
        for (const double start : {-0.5, t / 3, t / 2, t - 0.2}) {
            const TimelineCoordinates c(m.origin(), uitest::at(start), uitest::at(start + span), 0, 1000);
            const auto marks = EventPlottable::fold(inc, lane, c, 3.0);
            // The first mark is the first event at or after 8 px left of the view.
            const core::Timestamp viewStart = c.toTime(c.left() - 8);
            const auto firstInView =
                std::find_if(lane.events.begin(), lane.events.end(), [&](core::EventIndex e) { return inc.event(e).time >= viewStart; });
            if (marks.empty())
                QVERIFY(firstInView == lane.events.end() || inc.event(*firstInView).time > c.toTime(c.right() + 8));
            else
                QCOMPARE(lane.events.begin() + marks.front().first, firstInView);
            for (const FoldedMark &mk : marks) {
                const core::Timestamp limit = c.toTime(c.toPixel(inc.event(lane.events[mk.first]).time) + 3.0);
                std::size_t end = mk.first + 1;
                while (end < lane.events.size() && inc.event(lane.events[end]).time < limit)
                    ++end;
                if (&mk != &marks.back())
                    QCOMPARE(mk.first + mk.count, end);
                core::EventIndex shown = lane.events[mk.first];
                for (const core::Severity worst : {core::Severity::Error, core::Severity::Warning}) {
                    const auto hit = std::find_if(lane.events.begin() + mk.first, lane.events.begin() + mk.first + mk.count,
                                                  [&](core::EventIndex e) { return inc.event(e).severity >= worst; });
                    if (hit != lane.events.begin() + mk.first + mk.count) {
                        shown = *hit;
                        break;
                    }
                }
                QCOMPARE(mk.representative, shown);
                QCOMPARE(mk.severity, inc.event(shown).severity);
            }
            for (std::size_t k = 1; k < marks.size(); ++k)
                QCOMPARE(marks[k].first, marks[k - 1].first + marks[k - 1].count);
        }
    }
}

void TestLaneModel::filterByNameAndText()
{
    const LaneModel &m = *m_lanes;
    QString error;
    const auto byName = LaneFilter::match(m, QStringLiteral("probe worker"), &error);
    QVERIFY(byName);
    const LaneId victim = m.laneOfSubject("pod/default/auto-srv-cwhttp-sf-30b71-0");
    const LaneId probe = m.laneByKey(m.lane(victim).key + "/probe-worker/auto-srv-cwhttp-py");
    QVERIFY(probe.valid());
    QVERIFY((*byName)[probe.index()]);
    QVERIFY((*byName)[victim.index()]); // ancestors stay
    QVERIFY(!(*byName)[m.laneByKey(m.lane(victim).key + "/pod-worker").index()]);
    // Event text: the kill line is in one lane of the victim.
    const auto byText = LaneFilter::match(m, QStringLiteral("with 5 second grace period"), &error);
    QVERIFY(byText);
    const int shown = static_cast<int>(std::count(byText->begin(), byText->end(), true));
    QVERIFY(shown > 0 && shown < m.laneCount() / 2);
    // A bad expression is reported, not applied.
    QVERIFY(!LaneFilter::match(m, QStringLiteral("(unclosed"), &error));
    QVERIFY(!error.isEmpty());
}

// Every lane's key, events and bars, in the tree's order: what two models must agree on.
static QStringList laneDump(const LaneModel &m)
{
    QStringList out;
    std::function<void(LaneId)> visit = [&](LaneId id) {
        const Lane &l = m.lane(id);
        QStringList events;
        for (core::EventIndex e : l.events)
            events << QString::number(e.index());
        out << l.key + " [" + l.name + "] " + QString::number(l.events.size()) + " events {" + events.join(',') + "} "
                + QString::number(l.states.size()) + " bars " + QString::number(l.ticks.size()) + " ticks " + QString::number(l.gaps.size())
                + " gaps";
        for (LaneId c : l.children)
            visit(c);
    };
    for (LaneId r : m.roots())
        visit(r);
    return out;
}

// The window's loader places the events on one thread while the facts and rules run on
// another, then adds the analysis: the same tree as the model made at once, the nodes that only
// the controller's lines name (controller-only-not-ready's wk-1..wk-5) included. Under the
// thread sanitizer (CI) this is also the check that the two threads share nothing writable.
void TestLaneModel::placedWhileTheRulesRun()
{
    for (const std::string sample : {"controller-only-not-ready", "probe-status-race", "node-heartbeat-gap"}) {
        core::LoadOptions load;
        load.resourceDir = KUBELANE_RESOURCES;
        const std::shared_ptr<const core::Incident> incident = core::loadBundle({std::string(KUBELANE_SAMPLES) + "/" + sample}, load);
        auto placing = std::async(std::launch::async, [incident] { return std::make_shared<LaneModel>(incident); });
        core::AnalyzeOptions options;
        options.resourceDir = KUBELANE_RESOURCES;
        const auto analysis = core::analyzeIncident(incident, options);
        const std::shared_ptr<LaneModel> twoSteps = placing.get();
        twoSteps->addAnalysis(analysis);
        const LaneModel atOnce(analysis);
        QCOMPARE(laneDump(*twoSteps), laneDump(atOnce));
        QVERIFY(laneDump(atOnce).size() > 5);
        if (sample == "controller-only-not-ready")
            for (const char *node : {"node/wk-1", "node/wk-5"})
                QVERIFY2(twoSteps->laneOfSubject(node).valid(), node);
        // The nodes' groups are made first, in name order, before any lane under them: a lane's
        // id is its thread in the Perfetto export, so it must not depend on when the facts came.
        int lastRootNode = -1, firstNested = twoSteps->laneCount();
        for (const Lane &l : twoSteps->lanes()) {
            if (!l.parent.valid() && l.subject.startsWith("node/"))
                lastRootNode = std::max(lastRootNode, int(l.id.index()));
            else if (l.parent.valid())
                firstNested = std::min(firstNested, int(l.id.index()));
        }
        QVERIFY2(lastRootNode >= 0 && lastRootNode < firstNested, sample.c_str());
        QVERIFY_THROWS_EXCEPTION(std::logic_error, twoSteps->addAnalysis(analysis));
        // An analysis of another load is not this model's.
        const auto other = uitest::analyseSample(sample);
        LaneModel placed(incident);
        QVERIFY_THROWS_EXCEPTION(std::logic_error, placed.addAnalysis(other));
    }
}

QTEST_GUILESS_MAIN(TestLaneModel)
#include "tst_ui_lanemodel.moc"
