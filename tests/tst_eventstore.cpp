// The event store's memory layout: bytes mapped from files and given back after parsing,
// archive members spilled to an unlinked temporary file, field values kept as slices or
// interned, and the time order built through an index instead of a second copy of the store.
#include "core/input/bundlereader.h"
#include "core/input/spillbuffer.h"
#include "core/load/eventfields.h"
#include "core/load/loader.h"
#include "core/load/repeatedevents.h"
#include "core/load/sourceparser.h"
#include "core/load/timeorder.h"
#include "core/model/nearbyevents.h"
#include "testutil.h"

#include <QTemporaryDir>
#include <QtTest>

#include <archive.h>
#include <archive_entry.h>

#include <csignal>
#include <filesystem>
#include <fstream>
#include <map>
#include <random>
#include <set>
#include <sys/resource.h>

using namespace kubelane::core;

namespace {

std::string writeFile(const QTemporaryDir &dir, const std::string &name, const std::string &content)
{
    const std::string path = dir.filePath(QString::fromStdString(name)).toStdString();
    std::ofstream(path, std::ios::binary) << content;
    return path;
}

// Each event's component, in the store's order.
QStringList componentsOf(const Incident &inc)
{
    QStringList out;
    for (const Event &e : inc.events)
        out << QString::fromStdString(std::string(inc.text(inc.componentOf(e))));
    return out;
}

// Files held in memory (path, content), loaded as a bundle with the real resources.
std::shared_ptr<const Incident> loadFromMemory(const std::vector<std::pair<std::string, std::string>> &files, LoadOptions options = {})
{
    std::vector<InputFile> inputs;
    for (const auto &[path, content] : files) {
        InputFile &f = inputs.emplace_back();
        f.path = path;
        f.bytes = makeBytes(content);
    }
    options.resourceDir = KUBELANE_RESOURCES;
    return loadBundle(std::move(inputs), options);
}

// The store's events cut into runs where the source changes (a source may come back in a
// later run, as a load's tables never do), then put in time order as a load does.
std::vector<Event> timeOrderOfRuns(const std::vector<Event> &events, unsigned threads = 0)
{
    std::vector<EventStore> runs;
    for (std::size_t i = 0; i < events.size(); ++i) {
        if (i == 0 || events[i].source != events[i - 1].source)
            runs.emplace_back();
        runs.back().push_back(events[i]);
    }
    const EventStore ordered = timeOrder(runs, threads);
    return {ordered.begin(), ordered.end()};
}

std::size_t filesIn(const std::string &folder)
{
    std::size_t n = 0;
    for ([[maybe_unused]] const auto &entry : std::filesystem::directory_iterator(folder))
        ++n;
    return n;
}

// What a parse of one file says, as text: the source's attribution and counts, then each
// event's time, type, place, severity and subject, with its fields' keys and values.
std::string parseDigest(const ParsedSource &p)
{
    const Source &s = p.source;
    std::string out = s.component + '|' + s.node + '|' + s.host + '|' + s.formatDetail + '|' + std::to_string(s.lineCount) + '|'
        + std::to_string(s.unparsedLines) + '|' + std::to_string(s.nonLogLines) + '|' + std::to_string(p.explicitYear) + '|'
        + std::to_string(p.clockResolved) + '|' + std::to_string(s.clock.utcOffsetSeconds) + '|' + std::to_string(s.clock.year) + '\n';
    auto text = [&](StringId id) { return id == kNoString ? std::string("-") : std::string(p.strings.view(id)); };
    for (const Event &e : p.events) {
        const EventContext &c = p.contexts[e.context];
        const Origin &o = p.origins[c.origin];
        out += std::to_string(e.time.ns) + ' ' + std::to_string(e.type) + ' ' + std::to_string(std::uint64_t(e.offset)) + ' '
            + std::to_string(int(e.severity)) + ' ' + text(o.component) + ' ' + text(o.file) + ' ' + text(c.node) + ' ' + text(c.container)
            + ' ' + (c.pod == kNoPod ? std::string("-") : text(p.pods[c.pod.index()].ns) + '/' + text(p.pods[c.pod.index()].name));
        for (std::uint32_t i = e.firstField; e.firstField != Event::kNoFields && i < p.fields.size(); ++i) {
            out += ' ' + text(p.fieldKeys[p.fields[i].key]) + '=' + std::string(fieldValue(s, p.strings, e, p.fields[i]));
            if (p.fields[i].lastOfEvent())
                break;
        }
        out += '\n';
    }
    return out;
}

} // namespace

class TestEventStore : public QObject {
    Q_OBJECT
private slots:
    // Journald identifiers whose klog lines are the component of their Go file (the rest of
    // the list, k3s and kubelite, below):
    // - a kubelet run by `docker run` in a systemd unit (acs-engine, early AKS) logs as
    //   `docker`: its klog lines are the kubelet's; dockerd's own logrus lines, and a klog line
    //   from a Go file no component owns, stay docker's;
    // - hyperkube is every component in one binary (`hyperkube controller-manager`, as CoreOS
    //   and Fedora ran them); a line from a file no component owns stays the kubelet's, what
    //   the name stands for elsewhere.
    void klogUnderAHostProcess_data()
    {
        QTest::addColumn<QString>("journal");
        QTest::addColumn<QStringList>("components");
        QTest::addColumn<QString>("firstType");
        QTest::newRow("docker run unit")
            << "Feb 28 20:05:48 aks-1 docker[1886]: I0228 20:05:48.054138    1979 kubelet.go:1893] SyncLoop (REMOVE, \"api\"): "
               "\"web-1zw8g_default(3f361099-180f-11e8-bc4f-0a58ac1f05db)\"\n"
               "Feb 28 20:05:58 aks-1 docker[1886]: I0228 20:05:58.080153    1979 kubelet_node_status.go:469] Using Node Hostname "
               "from cloudprovider: \"aks-1\"\n"
               "Feb 28 20:06:01 aks-1 dockerd[990]: time=\"2018-02-28T20:06:01.1Z\" level=info msg=\"shim reaped\" id=0d2a\n"
               "Feb 28 20:06:02 aks-1 docker[1886]: I0228 20:06:02.000000    1979 someplugin.go:12] hello\n"
            << QStringList{"kubelet", "kubelet", "dockerd", "dockerd"} << "syncloop.remove";
        QTest::newRow("hyperkube")
            << "Mar 08 12:54:34 fedora25 hyperkube[32146]: I0308 12:54:34.406576   32146 node_lifecycle_controller.go:1052] "
               "\"Controller detected that some Nodes are Ready. Exiting master disruption mode\"\n"
               "Mar 08 12:54:35 fedora25 hyperkube[4112]: I0308 12:54:35.100181    4112 eviction_manager.go:392] "
               "\"Eviction manager: must evict pod(s) to reclaim\" resourceName=\"ephemeral-storage\"\n"
               "Mar 08 12:54:36 fedora25 hyperkube[4112]: I0308 12:54:36.100181    4112 round_trippers.go:553] GET /api 200 OK\n"
            << QStringList{"kube-controller-manager", "kubelet", "kubelet"} << "nlc.disruption-over";
    }
    void klogUnderAHostProcess()
    {
        QFETCH(QString, journal);
        QFETCH(QStringList, components);
        QFETCH(QString, firstType);
        auto o = kubelane::test::options();
        o.fallbackYear = 2018;
        const auto inc = kubelane::test::loadFiles({{"host/journal.txt", journal.toStdString()}}, o);
        QCOMPARE(componentsOf(*inc), components);
        QCOMPARE(QString::fromStdString(std::string(inc->typeName(inc->events.front()))), firstType);
    }

    // k3s and MicroK8s' kubelite log every component under one process name: the Go file of
    // each line says which component logged it, so the kubelet's lines are the node's (and
    // classified as the kubelet's), the controller manager's are the control plane's.
    void oneProcessOfSeveralComponents_data()
    {
        QTest::addColumn<QString>("process");
        QTest::newRow("k3s") << "k3s";
        QTest::newRow("k3s agent") << "k3s-agent";
        QTest::newRow("MicroK8s kubelite") << "microk8s.daemon-kubelite";
    }
    void oneProcessOfSeveralComponents()
    {
        QFETCH(QString, process);
        const std::string p = process.toStdString();
        const std::string journal = "2024-06-17T16:18:42.212200+0000 homelab-1 " + p
            + "[3814777]: I0617 16:18:42.212181 3814777 eviction_manager.go:392] "
              "\"Eviction manager: must evict pod(s) to reclaim\" resourceName=\"ephemeral-storage\"\n"
              "2024-06-17T16:18:43.100200+0000 homelab-1 "
            + p
            + "[3814777]: I0617 16:18:43.100181 3814777 node_lifecycle_controller.go:1052] "
              "\"Controller detected that some Nodes are Ready. Exiting master disruption mode\"\n"
              "2024-06-17T16:18:44.100200+0000 homelab-1 "
            + p
            + "[3814777]: I0617 16:18:44.100181 3814777 round_trippers.go:553] "
              "\"Response\" verb=\"GET\" url=\"https://127.0.0.1:6443/api\" status=\"200 OK\" milliseconds=2\n";
        const auto inc = kubelane::test::loadFiles({{"homelab-1/journal.txt", journal}});
        QCOMPARE(inc->events.size(), std::size_t(3));
        std::vector<std::string> types, nodes;
        for (const Event &e : inc->events) {
            types.emplace_back(inc->typeName(e));
            nodes.emplace_back(inc->nodeOf(e) == kNoString ? "-" : std::string(inc->text(inc->nodeOf(e))));
        }
        QCOMPARE(componentsOf(*inc), (QStringList{"kubelet", "kube-controller-manager", process}));
        QCOMPARE(types.front(), std::string("node.eviction.must-evict"));
        QCOMPARE(std::string(inc->roleName(inc->events.front())), std::string("eviction-manager"));
        QCOMPARE(nodes.front(), std::string("homelab-1"));
        QCOMPARE(nodes[1], std::string("-"));
    }

    // A node's whole journal holds systemd's lines about every unit: those about the kubelet's
    // unit, or naming none (`journalctl -u kubelet` holds only the kubelet's), are the kubelet
    // process's; those about containerd, mounts and scopes are the node's other units', and so
    // are job lines whose description names no Kubernetes part ("Starting Snap Daemon...").
    void systemdLinesOfOtherUnitsAreNotTheKubelets()
    {
        const std::string journal =
            "Jun 17 16:18:40 worker-1 systemd[1]: kubelet.service: Main process exited, code=exited, "
            "status=1/FAILURE\n"
            "Jun 17 16:18:41 worker-1 systemd[1]: Started kubelet: The Kubernetes Node Agent.\n"
            "Jun 17 16:18:42 worker-1 systemd[1]: containerd.service: Main process exited, code=killed, "
            "status=9/KILL\n"
            "Jun 17 16:18:43 worker-1 systemd[1]: run-containerd-runc-k8s.io-0af3-runc.x1.mount: Succeeded.\n"
            "Jun 17 16:18:44 worker-1 systemd[1]: k3s.service: Scheduled restart job, restart counter is at 3.\n"
            "Jun 17 16:18:45 worker-1 systemd[1]: Started containerd.service - containerd container runtime.\n"
            "Jun 17 16:18:46 worker-1 systemd[1]: Started cri-containerd-0af3e1.scope - libcontainer container 0af3e1.\n"
            "Jun 17 16:18:47 worker-1 systemd[1]: Started cri-containerd-77b2c9.scope - libcontainer container 77b2c9.\n"
            "Jun 17 16:18:48 worker-1 systemd[1]: Started kubelet.service - kubelet: The Kubernetes Node Agent.\n"
            "Jun 17 16:18:49 worker-1 systemd[1]: Starting Snap Daemon...\n"
            "Jun 17 16:18:50 worker-1 systemd[1]: Started containerd container runtime.\n"
            "Jun 17 16:18:51 worker-1 systemd[1]: Stopping Kubernetes Kubelet...\n"
            "Jun 17 16:18:52 worker-1 systemd[1]: Starting Lightweight Kubernetes...\n";
        const auto inc = kubelane::test::loadFiles({{"worker-1/journal.txt", journal}});
        QCOMPARE(inc->events.size(), std::size_t(13));
        QStringList roles;
        std::set<OriginId> otherUnits;
        for (const Event &e : inc->events) {
            roles << QString::fromStdString(std::string(inc->roleName(e)));
            if (roles.back() == "systemd-units")
                otherUnits.insert(inc->contexts[e.context].origin);
        }
        QCOMPARE(roles,
                 (QStringList{"systemd", "systemd", "systemd-units", "systemd-units", "systemd", "systemd-units", "systemd-units",
                              "systemd-units", "systemd", "systemd-units", "systemd-units", "systemd", "systemd"}));
        QCOMPARE(otherUnits.size(), std::size_t(1)); // one origin for all, not one per container's scope
    }

    // A Go file of one component's source names it; a file every control-plane component
    // vendors (client-go's leaderelection.go) names none, whatever the map's first entry is.
    void aSharedGoFileNamesNoComponent()
    {
        const auto roles = GoroutineMap::loadFile(std::string(KUBELANE_RESOURCES) + "/goroutines.json");
        QCOMPARE(std::string(roles->componentOf("eviction_manager.go:392")), std::string("kubelet"));
        QCOMPARE(std::string(roles->componentOf("leaderelection.go:258")), std::string());
        QCOMPARE(std::string(roles->componentOf("no_such_file.go:1")), std::string());
    }

    // "pod kube-proxy-q7x9m is running on local node" names no namespace; the apiserver's
    // request for that pod does, and fills it in. Two namespaces for one name fill in nothing.
    void podNamespaceFromApiserverRequests()
    {
        const std::string kubelet =
            "I0312 02:30:07.000000    1234 predicate.go:100] pod kube-proxy-q7x9m is running on local node, just admit it.\n"
            "I0312 02:30:08.000000    1234 predicate.go:100] pod web-0 is running on local node, just admit it.\n";
        const std::string apiserver =
            "I0312 02:30:09.000000       1 wrap.go:42] PATCH /api/v1/namespaces/kube-system/pods/kube-proxy-q7x9m/status: (1.2ms) 200 "
            "[kubelet/v1.12.4 (linux/amd64) kubernetes/f49fa02 10.0.0.1:31230]\n"
            "I0312 02:30:09.500000       1 wrap.go:42] GET /api/v1/namespaces/shop/pods/web-0: (1.2ms) 200 [kubelet/v1.12.4 (linux/amd64) "
            "kubernetes/f49fa02 10.0.0.1:31230]\n"
            "I0312 02:30:09.600000       1 wrap.go:42] GET /api/v1/namespaces/staging/pods/web-0: (1.2ms) 200 [kubelet/v1.12.4 "
            "(linux/amd64) kubernetes/f49fa02 10.0.0.1:31230]\n";
        const auto inc = kubelane::test::loadFiles({{"nodes/n1/kubelet.log", kubelet}, {"control-plane/kube-apiserver.log", apiserver}});
        QCOMPARE(inc->stats.unparsed, 0u);
        std::set<std::string> names;
        for (const auto &e : inc->events)
            if (inc->podOf(e) != kNoPod)
                names.insert(inc->podName(inc->podOf(e)));
        QVERIFY2(names.count("kube-system/kube-proxy-q7x9m"), names.empty() ? "no pods" : names.begin()->c_str());
        QVERIFY(!names.count("/kube-proxy-q7x9m"));
        QVERIFY(names.count("/web-0")); // shop or staging: not a guess to make
    }

    void mappedFileReadsLikeTheFile()
    {
        QTemporaryDir dir;
        std::string content;
        for (int i = 0; i < 200000; ++i)
            content += "line " + std::to_string(i) + "\n";
        const std::string path = writeFile(dir, "big.log", content);
        std::string error;
        const BytesPtr bytes = Bytes::mapFile(path, error);
        QVERIFY2(bytes, error.c_str());
        QVERIFY(bytes->isMapped());
        QCOMPARE(bytes->size(), content.size());
        QVERIFY(bytes->view() == content);
        // Pages given back are read again from the page cache, unchanged.
        bytes->releasePages(0, bytes->size());
        QVERIFY(bytes->view() == content);
        bytes->releasePages(12345, 1 << 20);
        QVERIFY(bytes->substr(1000000, 100) == std::string_view(content).substr(1000000, 100));
    }

    void emptyAndMissingFiles()
    {
        QTemporaryDir dir;
        std::string error;
        const BytesPtr empty = Bytes::mapFile(writeFile(dir, "empty.log", ""), error);
        QVERIFY(empty);
        QVERIFY(empty->empty());
        QVERIFY(!Bytes::mapFile(dir.filePath("nothing-here.log").toStdString(), error));
        QVERIFY(!error.empty());
        QVERIFY(!Bytes::mapFile(dir.path().toStdString(), error)); // a folder is no file
    }

    // A rule's look around one line: the nearest wanted event each way, the time bound
    // inclusive, the line itself never its own answer, the store's ends and the walk's limit
    // respected.
    void nearestWhereWalksEachWayWithinItsBounds()
    {
        Incident inc;
        for (std::int64_t t : {10, 20, 20, 30, 40}) {
            Event e;
            e.time = Timestamp{t};
            e.severity = t == 20 ? Severity::Error : Severity::Info;
            inc.events.push_back(e);
        }
        const auto errors = [](const Event &e) { return e.severity == Severity::Error; };
        const auto any = [](const Event &) { return true; };
        const EventIndex first = EventIndex::fromIndex(0), last = EventIndex::fromIndex(4);
        QCOMPARE(nearestWhere(inc, first, Toward::Later, Timestamp{20}, errors), EventIndex::fromIndex(1));  // at the bound
        QCOMPARE(nearestWhere(inc, first, Toward::Later, Timestamp{19}, errors), kNoEvent);                  // past it
        QCOMPARE(nearestWhere(inc, last, Toward::Earlier, Timestamp{20}, errors), EventIndex::fromIndex(2)); // the nearer of two
        QCOMPARE(nearestWhere(inc, last, Toward::Earlier, Timestamp{21}, errors), kNoEvent);
        QCOMPARE(nearestWhere(inc, EventIndex::fromIndex(1), Toward::Later, Timestamp{20}, errors), EventIndex::fromIndex(2)); // not itself
        QCOMPARE(nearestWhere(inc, first, Toward::Earlier, Timestamp{0}, any), kNoEvent); // the store's first line
        QCOMPARE(nearestWhere(inc, last, Toward::Later, Timestamp{100}, any), kNoEvent);  // and its last
        QCOMPARE(nearestWhere(inc, first, Toward::Later, Timestamp{100}, any), EventIndex::fromIndex(1));

        // A burst at one instant longer than the walk's limit: the walk gives up at the limit.
        Incident burst;
        burst.events.resize(kNearbyWalkLimit + 2); // left unwritten (UnwrittenOnResize)
        for (Event &e : burst.events) {
            e = Event{};
            e.time = Timestamp{5};
        }
        burst.events.back().severity = Severity::Error;
        QCOMPARE(nearestWhere(burst, EventIndex::fromIndex(0), Toward::Later, Timestamp{5}, errors), kNoEvent);
        QCOMPARE(nearestWhere(burst, EventIndex::fromIndex(1), Toward::Later, Timestamp{5}, errors),
                 EventIndex::fromIndex(kNearbyWalkLimit + 1));
    }

    // The same line read by two sources is kept once, in the earliest source, whether the
    // instant is small (compared pair by pair) or huge (a table), and a huge instant leaves
    // the later small ones right.
    void repeatedLinesKeptOnceInEveryInstantSize()
    {
        Incident inc;
        inc.sources.resize(3);
        for (SourceId s = 0; s < 3; ++s)
            inc.sources[s].id = s;
        auto add = [&](std::int64_t t, SourceId s, const std::string &message) {
            Source &src = inc.sources[s];
            Event e;
            e.time = Timestamp{t};
            e.source = s;
            setSpans(e, {0, static_cast<std::uint32_t>(src.arena.size()), static_cast<std::uint32_t>(message.size()), true},
                     src.eventSpans);
            src.arena += message;
            inc.events.push_back(e);
        };
        // A huge instant: 500 lines, each in sources 2 and 1; 100 of them also in source 0.
        for (int i = 0; i < 500; ++i)
            add(1, 2, "line " + std::to_string(i));
        for (int i = 0; i < 500; ++i)
            add(1, 1, "line " + std::to_string(i));
        for (int i = 0; i < 100; ++i)
            add(1, 0, "line " + std::to_string(i));
        // Small instants after it: a pair repeated, a line only once, and one source's own
        // line written twice (kept twice: one source never repeats itself).
        for (std::int64_t t = 2; t < 200; ++t) {
            add(t, 1, "pair");
            add(t, 0, "pair");
            add(t, 2, "single");
            add(t, 2, "own twice");
            add(t, 2, "own twice");
        }
        const std::uint64_t dropped = dropRepeatedEvents(inc);
        QCOMPARE(dropped, std::uint64_t(500 + 100 + 198));
        QCOMPARE(inc.sources[2].repeatedEvents, std::uint64_t(500));
        QCOMPARE(inc.sources[1].repeatedEvents, std::uint64_t(100 + 198));
        QCOMPARE(inc.sources[0].repeatedEvents, std::uint64_t(0));
        QCOMPARE(inc.events.size(), std::size_t(400 + 100 + 198 * 4));
        for (const Event &e : inc.events)
            if (e.time.ns >= 2)
                QVERIFY(e.source != 1);
    }

    // Two control-plane hosts' journals name no node: the same text at the same instant on
    // each is two lines, one per host; a host's second copy of its journal is one.
    void repeatedLinesKeptApartByMachine()
    {
        const std::string line =
            " kube-apiserver[702]: I0312 10:42:30.000001     702 controller.go:611] quota admission added evaluator for: "
            "leases.coordination.k8s.io\n";
        const auto inc = loadFromMemory({{"master-1/kube-apiserver.journal", "Mar 12 10:42:30 master-1" + line},
                                         {"master-2/kube-apiserver.journal", "Mar 12 10:42:30 master-2" + line},
                                         {"master-2/messages", "Mar 12 10:42:30 master-2" + line}});
        QCOMPARE(inc->events.size(), std::size_t(2));
        QCOMPARE(inc->sources[0].repeatedEvents + inc->sources[1].repeatedEvents + inc->sources[2].repeatedEvents, std::uint64_t(1));
    }

    void spillBufferKeepsEveryByteAndLeavesNoFile()
    {
        QTemporaryDir tmp;
        qputenv("TMPDIR", tmp.path().toUtf8());
        std::string expected;
        SpillBuffer buffer;
        std::string error;
        std::mt19937 rng(7);
        while (expected.size() < SpillBuffer::kInMemoryLimit * 2 + 12345) {
            std::string piece(1 + rng() % 70000, 'a');
            for (auto &c : piece)
                c = static_cast<char>('a' + rng() % 26);
            expected += piece;
            QVERIFY2(buffer.append(piece, error), error.c_str());
        }
        QCOMPARE(buffer.size(), std::uint64_t(expected.size()));
        const BytesPtr bytes = buffer.finish(error);
        QVERIFY2(bytes, error.c_str());
        QVERIFY(bytes->isMapped()); // over the limit: a temporary file, not memory
        QVERIFY(bytes->view() == expected);
        QCOMPARE(filesIn(tmp.path().toStdString()), std::size_t(0)); // unlinked at once
        qunsetenv("TMPDIR");
    }

    // A tmpfs /tmp is memory: spilling there would only move the bytes out of the RSS figure.
    // /var/tmp takes them when it is on disk; $TMPDIR, when set, is the user's word.
    void spillFolderAvoidsRam()
    {
        QCOMPARE(chooseTemporaryFolder({"", false, true}), std::string("/tmp"));
        QCOMPARE(chooseTemporaryFolder({"", true, true}), std::string("/var/tmp"));
        QCOMPARE(chooseTemporaryFolder({"", true, false}), std::string("/tmp"));
        QCOMPARE(chooseTemporaryFolder({"/scratch", true, true}), std::string("/scratch"));
    }

    // A spill file is kubelane's own, unlinked: no one can truncate it, so its mapping takes
    // none of the SIGBUS guard's slots, which stay for the user's files.
    void spillMappingTakesNoGuardSlot()
    {
        QTemporaryDir tmp;
        qputenv("TMPDIR", tmp.path().toUtf8());
        const int before = Bytes::guardedMappings();
        SpillBuffer buffer;
        std::string error;
        QVERIFY(buffer.append(std::string(SpillBuffer::kInMemoryLimit + 1000, 'x'), error));
        const BytesPtr spilled = buffer.finish(error);
        QVERIFY2(spilled, error.c_str());
        QVERIFY(spilled->isMapped());
        QCOMPARE(Bytes::guardedMappings(), before);
        const BytesPtr file = Bytes::mapFile(writeFile(tmp, "kubelet.log", "I1207 a line\n"), error);
        QVERIFY(file && file->isMapped());
        QCOMPARE(Bytes::guardedMappings(), before + 1);
        qunsetenv("TMPDIR");
    }

    // Past the guard's slots a bundle's file is read into memory, and the load says so.
    void runningOutOfGuardSlotsIsNoted()
    {
        QTemporaryDir dir;
        const std::string text = "I1207 15:00:01.000000 14756 server.go:417] hello\n";
        const std::string path = writeFile(dir, "kubelet.log", text);
        std::string error;
        std::vector<BytesPtr> held;
        while (Bytes::guardedMappings() < Bytes::kGuardSlots) {
            held.push_back(Bytes::mapFile(path, error));
            QVERIFY2(held.back() && held.back()->isMapped(), error.c_str());
        }
        const BytesPtr extra = Bytes::mapFile(path, error);
        QVERIFY(extra);
        QVERIFY(!extra->isMapped());
        QVERIFY(extra->readForLackOfGuard());
        QCOMPARE(extra->view(), std::string_view(text));
        const BundleReadResult read = readBundle({dir.path().toStdString()});
        QCOMPARE(read.files.size(), std::size_t(1));
        QCOMPARE(read.notes.size(), std::size_t(1));
        QVERIFY2(read.notes[0].find("1 file was read into memory") != std::string::npos, read.notes[0].c_str());
        held.clear();
        QVERIFY(!Bytes::mapFile(path, error)->readForLackOfGuard());
    }

    // A full temporary folder (here: a file size limit) costs no byte: the buffer goes on in
    // memory with what the file held.
    void spillBufferFallsBackToMemoryWhenTheDiskIsFull()
    {
        rlimit before{};
        QCOMPARE(getrlimit(RLIMIT_FSIZE, &before), 0);
        const auto previousHandler = std::signal(SIGXFSZ, SIG_IGN); // write() fails with EFBIG instead
        rlimit small = before;
        small.rlim_cur = SpillBuffer::kInMemoryLimit + 100000;
        QCOMPARE(setrlimit(RLIMIT_FSIZE, &small), 0);
        std::string expected;
        SpillBuffer buffer;
        std::string error;
        bool appended = true;
        for (int i = 0; expected.size() < SpillBuffer::kInMemoryLimit * 2; ++i) {
            const std::string piece(30000 + i % 7, static_cast<char>('a' + i % 26));
            expected += piece;
            appended = appended && buffer.append(piece, error);
        }
        setrlimit(RLIMIT_FSIZE, &before);
        std::signal(SIGXFSZ, previousHandler);
        QVERIFY2(appended, error.c_str());
        const BytesPtr bytes = buffer.finish(error);
        QVERIFY2(bytes, error.c_str());
        QVERIFY(!bytes->isMapped());
        QCOMPARE(bytes->size(), expected.size());
        QVERIFY(bytes->view() == expected);
    }

    void smallSpillStaysInMemory()
    {
        SpillBuffer buffer;
        std::string error;
        QVERIFY(buffer.append("I0101 00:00:00.000000 1 a.go:1] x\n", error));
        const BytesPtr bytes = buffer.finish(error);
        QVERIFY(bytes && !bytes->isMapped());
        QCOMPARE(bytes->view(), std::string_view("I0101 00:00:00.000000 1 a.go:1] x\n"));
    }

    void largeArchiveMemberIsSpilled()
    {
        QTemporaryDir dir, tmp;
        qputenv("TMPDIR", tmp.path().toUtf8());
        std::string log;
        for (int i = 0; log.size() < SpillBuffer::kInMemoryLimit + 100000; ++i)
            log += "I0612 10:00:0" + std::to_string(i % 10)
                + ".000000    1812 kubelet.go:2281] \"SyncLoop (housekeeping)\" n=" + std::to_string(i) + "\n";
        const std::string path = dir.filePath("bundle.tar.gz").toStdString();
        archive *a = archive_write_new();
        archive_write_add_filter_gzip(a);
        archive_write_set_format_pax_restricted(a);
        QCOMPARE(archive_write_open_filename(a, path.c_str()), ARCHIVE_OK);
        archive_entry *e = archive_entry_new();
        archive_entry_set_pathname(e, "node1/kubelet.log");
        archive_entry_set_size(e, static_cast<la_int64_t>(log.size()));
        archive_entry_set_filetype(e, AE_IFREG);
        archive_entry_set_perm(e, 0644);
        archive_write_header(a, e);
        archive_write_data(a, log.data(), log.size());
        archive_entry_free(e);
        archive_write_close(a);
        archive_write_free(a);

        const BundleReadResult read = readBundle({path});
        QCOMPARE(read.files.size(), std::size_t(1));
        QVERIFY(read.files[0].bytes);
        QVERIFY(read.files[0].bytes->isMapped());
        QVERIFY(read.files[0].bytes->view() == log);
        QCOMPARE(filesIn(tmp.path().toStdString()), std::size_t(0));
        qunsetenv("TMPDIR");
    }

    // Where a field's value is kept. A controller's Ready transition: the node repeats and the
    // status is short and read after the parse, so both are interned (reading them never maps
    // the line again). A PLEG event's text is long and unique to its line: as 1.21-1.27 print it
    // (bare) it stays a slice of the line; as a quoted value with escapes it is decoded, kept
    // apart.
    void fieldValuesAreSlicesDecodedOrInterned()
    {
        const std::string data = "d08bfba7963c51291ff456fc9639ab91efe1ee5c716137335895e9744eb746ff";
        const std::string text = "I0312 02:13:37.021102    1288 node_lifecycle_controller.go:969] ReadyCondition for Node node3 "
                                 "transitioned from &NodeCondition{Type:Ready,Status:Unknown,} to &NodeCondition{Type:Ready,Status:True,}\n"
                                 "I0502 08:55:56.177637    2264 kubelet.go:2231] \"SyncLoop (PLEG): event for pod\" pod=\"ns/web-0\" "
                                 "event=&{ID:7eaba53e-63d2-4906-9a16-ff315c3337fd Type:ContainerStarted Data:"
            + data
            + "}\n"
              "I0502 08:55:57.177637    2264 kubelet.go:2231] \"SyncLoop (PLEG): event for pod\" pod=\"ns/web-0\" "
              "event=\"&{ID:\\\"7eaba53e-63d2-4906-9a16-ff315c3337fd\\\" Type:ContainerStarted Data:"
            + data + "}\"\n";
        InputFile file;
        file.path = "nodes/node3/kubelet.log";
        file.bytes = makeBytes(text);
        const auto types = EventTypeCatalog::loadFile(std::string(KUBELANE_RESOURCES) + "/events.json");
        const auto roles = GoroutineMap::loadFile(std::string(KUBELANE_RESOURCES) + "/goroutines.json");
        SourceParser parser(*types, *roles);
        const ParsedSource parsed = parser.parse(file, 0);
        QCOMPARE(parsed.events.size(), std::size_t(3));
        auto fieldOf = [&](const Event &e, std::string_view key) -> const Field * {
            const FieldKeyId k = parsed.fieldKeys.find(parsed.strings.find(key));
            for (std::uint32_t i = e.firstField; e.firstField != Event::kNoFields && i < parsed.fields.size(); ++i) {
                if (parsed.fields[i].key == k)
                    return &parsed.fields[i];
                if (parsed.fields[i].lastOfEvent())
                    break;
            }
            return nullptr;
        };
        auto value = [&](const Event &e, const Field *f) { return fieldValue(parsed.source, parsed.strings, e, *f); };
        const Event &transition = parsed.events[0], &bare = parsed.events[1], &quoted = parsed.events[2];
        const Field *node = fieldOf(transition, "node"), *status = fieldOf(transition, "readyStatus");
        QVERIFY(node && status);
        QVERIFY(node->interned());
        QCOMPARE(value(transition, node), std::string_view("node3"));
        QVERIFY(status->interned());
        QCOMPARE(value(transition, status), std::string_view("True"));
        const std::string event = "&{ID:7eaba53e-63d2-4906-9a16-ff315c3337fd Type:ContainerStarted Data:" + data + "}";
        const Field *slice = fieldOf(bare, "event");
        QVERIFY(slice && !slice->interned() && !slice->decoded());
        QCOMPARE(value(bare, slice), std::string_view(event));
        const Field *decoded = fieldOf(quoted, "event");
        QVERIFY(decoded && decoded->decoded());
        QCOMPARE(value(quoted, decoded),
                 std::string_view("&{ID:\"7eaba53e-63d2-4906-9a16-ff315c3337fd\" Type:ContainerStarted Data:" + data + "}"));
    }

    // An event of a known type keeps the fields code reads after the parse (codenames.h); the
    // rest (here a request's latency and a note) are not stored, and the details decode them
    // from the line again, with the pattern's captures.
    void typedEventsKeepWhatIsReadAndDecodeTheRest()
    {
        const std::string text = "node-1/kubelet.log", json = "control-plane/kube-controller-manager.log";
        // A klog JSON record as written; then in a docker log, escaped by hand (moc of Qt 6.4
        // misreads raw strings that hold backslashes).
        const std::string record =
            R"({"ts":1718186402000.5,"caller":"node_lifecycle_controller.go:995","msg":"ReadyCondition for Node transitioned from savedCondition to currentReadyCondition","v":3,"node":{"name":"node3"},"savedCondition":{"type":"Ready","status":"Unknown"},"currentReadyCondition":{"type":"Ready","status":"True"}})";
        // The same record of another node in a docker log: the line holds it escaped, so nothing
        // could decode it again and the load keeps all its fields.
        std::string otherNode = record, escaped;
        otherNode.replace(otherNode.find("node3"), 5, "node4");
        for (char c : otherNode)
            escaped += c == '"' ? std::string("\\\"") : std::string(1, c);
        const auto incident =
            loadFromMemory({{text,
                             "I0612 10:00:00.000000    1812 round_trippers.go:553] \"Response\" verb=\"PUT\" "
                             "url=\"https://10.0.0.1:6443/apis/coordination.k8s.io/v1/namespaces/kube-node-lease/leases/node-1\" "
                             "status=\"200 OK\" milliseconds=7 note=\"say \\\"hi\\\"\"\n"},
                            {json, record + "\n"},
                            {"control-plane/kube-controller-manager-json.log",
                             "{\"log\":\"" + escaped + "\\n\",\"stream\":\"stderr\",\"time\":\"2024-06-12T10:00:02.0000005Z\"}\n"}});
        QCOMPARE(incident->events.size(), std::size_t(3));
        for (const Event &e : incident->events) {
            QVERIFY(e.type != kOtherEventType);
            std::map<std::string, std::string> all;
            for (const auto &[k, v] : eventFields(*incident, e))
                all[k] = v;
            if (incident->sources[e.source].path == text) {
                QCOMPARE(incident->field(e, "verb"), std::string_view("PUT")); // read, and repeats
                QCOMPARE(incident->field(e, "status"), std::string_view("200 OK"));
                QVERIFY(incident->field(e, "latency").empty()); // read by nothing: not kept
                QVERIFY(incident->field(e, "note").empty());
                QCOMPARE(all["latency"], std::string("7"));
                QCOMPARE(all["note"], std::string("say \"hi\""));
                QCOMPARE(all["uri"],
                         std::string("https://10.0.0.1:6443/apis/coordination.k8s.io/v1/namespaces/kube-node-lease/leases/node-1"));
            } else {
                QCOMPARE(incident->field(e, "readyStatus"), std::string_view("True")); // a capture code reads
                QCOMPARE(incident->field(e, "savedCondition").empty(), incident->sources[e.source].path == json);
                QCOMPARE(all["savedCondition"], std::string(R"({"type":"Ready","status":"Unknown"})"));
                QCOMPARE(all["readyStatus"], std::string("True"));
                QCOMPARE(all["node"], std::string(incident->sources[e.source].path == json ? "node3" : "node4"));
            }
        }
    }

    // Continuation lines join an event after its first line was matched: the details match
    // that line again, not the lines after it (here a paste's "..."), with either line end.
    void aMultiLineEventsCapturesComeFromItsFirstLine()
    {
        for (const std::string end : {"\n", "\r\n"}) {
            const auto incident = loadFromMemory({{"control-plane/kube-controller-manager.log",
                                                   "I0516 13:06:55.708918       1 controller_utils.go:140] Updating ready status of pod "
                                                   "web-0 to false"
                                                       + end + "..." + end}});
            QCOMPARE(incident->events.size(), std::size_t(1));
            const Event &e = incident->events.front();
            QCOMPARE(incident->lineCountOf(e), 2u);
            QCOMPARE(incident->typeName(e), std::string_view("nlc.pods-marked-not-ready"));
            QCOMPARE(kubelane::test::shownField(*incident, e, "podName"), std::string("web-0"));
        }
    }

    // An event of no known type keeps only the repeating fields read after the parse (the pod,
    // node and request checks): here none. Its pod is the event's own; the details still show
    // every field, decoded from the line again.
    void untypedEventsKeepRepeatingFieldsAndDecodeTheRest()
    {
        const std::string json = "node-2/kubelet.log";
        const auto incident = loadFromMemory(
            {{"node-1/kubelet.log",
              "I0612 10:00:00.000000    1812 kubelet.go:1] \"Chatter\" pod=\"default/web-0\" "
              "podUID=\"6d1e3b3c-0000-4000-8000-000000000001\" verb=\"GET\" attempt=3 note=\"a b\"\n"},
             {json,
              R"({"ts":1718186400000.5,"caller":"kubelet/kubelet.go:1","msg":"Chatter","v":4,"pod":{"name":"web-1","namespace":"default"},"attempt":4})"
              "\n"}});
        QCOMPARE(incident->events.size(), std::size_t(2));
        for (const Event &e : incident->events) {
            QCOMPARE(e.type, kOtherEventType);
            const bool isJson = incident->sources[e.source].path == json;
            QCOMPARE(incident->podName(incident->podOf(e)), std::string(isJson ? "default/web-1" : "default/web-0"));
            QVERIFY(incident->field(e, "pod").empty());                                  // the event's pod says it
            QVERIFY(incident->field(e, "podUID").empty());                               // and the pod its UID
            QVERIFY(incident->field(e, "attempt").empty());                              // unique and read by nothing
            QCOMPARE(incident->field(e, "verb"), std::string_view(isJson ? "" : "GET")); // the request checks read it
            std::map<std::string, std::string> all;
            for (const auto &[k, v] : eventFields(*incident, e))
                all[k] = v;
            QCOMPARE(all["attempt"], std::string(isJson ? "4" : "3"));
            QCOMPARE(all["pod"], std::string(isJson ? "default/web-1" : "default/web-0"));
            if (!isJson) {
                QCOMPARE(all["note"], std::string("a b"));
                QCOMPARE(all["podUID"], std::string("6d1e3b3c-0000-4000-8000-000000000001"));
            }
        }
    }

    // A line that names a pod by its UID alone gets the pod another file names with that UID:
    // the UID is kept on the events whose pod the parse could not resolve.
    void aPodNamedByUidAloneIsFoundInAnotherFile()
    {
        const auto incident =
            loadFromMemory({{"node-1/kubelet.log",
                             "I0612 10:00:00.000000    1812 kubelet.go:1] \"Chatter\" pod=\"default/web-0\" "
                             "podUID=\"6d1e3b3c-0000-4000-8000-000000000001\"\n"},
                            {"node-1/kubelet.1.log",
                             "I0612 10:00:01.000000    1812 kubelet_volumes.go:1] \"Cleaned up orphaned pod volumes dir\" "
                             "podUID=\"6d1e3b3c-0000-4000-8000-000000000001\" path=\"/var/lib/kubelet/pods/x/volumes\"\n"}});
        QCOMPARE(incident->events.size(), std::size_t(2));
        for (const Event &e : incident->events)
            QCOMPARE(incident->podName(incident->podOf(e)), std::string("default/web-0"));
    }

    // A goroutine dump's frames are fields of their goroutine's event.
    void goroutineDumpFieldsHaveTheirValues()
    {
        InputFile dump;
        dump.path = "node-1/goroutine-stacks-2019-05-16T100610+0800.log";
        dump.bytes = makeBytes("goroutine 1 [semacquire]:\n"
                               "sync.runtime_SemacquireMutex(0xc0001a2b44, 0x0, 0x1)\n"
                               "\t/usr/local/go/src/runtime/sema.go:71 +0x47\n"
                               "sync.(*Mutex).Lock(0xc0001a2b40, 0x1)\n"
                               "\t/usr/local/go/src/sync/mutex.go:81 +0x58\n");
        LoadOptions options;
        options.resourceDir = KUBELANE_RESOURCES;
        const auto incident = loadBundle(std::vector<InputFile>{dump}, options);
        QVERIFY(!incident->events.empty());
        const Event &e = incident->events.front();
        QCOMPARE(incident->field(e, "topFrame"), std::string_view("sync.runtime_SemacquireMutex"));
        QCOMPARE(incident->field(e, "waitsOn"), std::string_view("0xc0001a2b40"));
    }

    // A field's length has 13 bits: a longer value (a frame of generated code) is interned
    // and reads back whole.
    void aFieldValueTooLongForASliceReadsBackWhole()
    {
        const std::string function = "pkg.T." + std::string(Field::kLengthMask + 100, 'f');
        InputFile dump;
        dump.path = "node-1/goroutine-stacks-2019-05-16T100610+0800.log";
        dump.bytes = makeBytes("goroutine 1 [semacquire]:\n" + function + "(0xc0001a2b44, 0x0, 0x1)\n"
                               + "\t/usr/local/go/src/runtime/sema.go:71 +0x47\n");
        LoadOptions options;
        options.resourceDir = KUBELANE_RESOURCES;
        const auto incident = loadBundle(std::vector<InputFile>{dump}, options);
        QVERIFY(!incident->events.empty());
        QCOMPARE(incident->field(incident->events.front(), "topFrame"), std::string_view(function));
    }

    // A field names its key by a 16-bit id: the table takes FieldKeyTable::kMaxKeys keys, then
    // none (a field the parse then does not keep), and finds each key it took.
    void fieldKeysStopAtTheirLimit()
    {
        StringPool strings;
        FieldKeyTable keys;
        for (std::size_t i = 0; i < FieldKeyTable::kMaxKeys; ++i)
            QCOMPARE(keys.intern(strings.intern("k" + std::to_string(i))), FieldKeyId::fromIndex(i));
        QVERIFY(!keys.intern(strings.intern("one-too-many")).valid());
        QCOMPARE(keys.size(), FieldKeyTable::kMaxKeys);
        const StringId last = strings.find("k" + std::to_string(FieldKeyTable::kMaxKeys - 1));
        QCOMPARE(keys[keys.find(last)], last);
        QCOMPARE(keys.intern(last), keys.find(last));
        QVERIFY(!keys.find(strings.find("one-too-many")).valid());
        QCOMPARE(keys[FieldKeyId::none()], kNoString);
    }

    // A klog JSON message stands in the raw line before the record's other keys: lines that
    // continue the event (a panic's trace) must not run the message on over them.
    void klogJsonMessageKeepsToItselfWhenTheEventRunsOn()
    {
        InputFile file;
        file.path = "node-1/kubelet.log";
        file.bytes = makeBytes("{\"ts\":1718784064445.591,\"caller\":\"runtime/panic.go:1\",\"msg\":\"Observed a panic\",\"v\":0}\n"
                               "panic: runtime error: invalid memory address\n"
                               "goroutine 1 [running]:\n");
        LoadOptions options;
        options.resourceDir = KUBELANE_RESOURCES;
        const auto incident = loadBundle(std::vector<InputFile>{file}, options);
        QCOMPARE(incident->events.size(), std::size_t(1));
        const Event &e = incident->events.front();
        QCOMPARE(incident->lineCountOf(e), 3u);
        QCOMPARE(incident->message(e), std::string_view("Observed a panic"));
    }

    // An event keeps its length in 16 bits and its message as two 16-bit distances from its
    // ends; an event of 64 KiB or more, or a message farther from either end, is an entry in
    // its source's table: every message reads back the same, and only those events take an
    // entry. A message that stops inside its event counts its tail from the event's end, so
    // continuation lines lengthen the tail.
    void longEventsAndFarMessagesReadBack_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("message");
        QTest::addColumn<bool>("inTable");
        const QString big(70 * 1024, QChar('x'));
        const QString record = "{\"ts\":1718784064445.591,\"caller\":\"k/a.go:1\",";
        QTest::newRow("near both ends") << record + "\"msg\":\"hello\",\"v\":0}\n"
                                        << "hello" << false;
        QTest::newRow("70 KiB before it") << record + "\"big\":\"" + big + "\",\"msg\":\"hello\",\"v\":0}\n"
                                          << "hello" << true;
        QTest::newRow("70 KiB after it") << record + "\"msg\":\"hello\",\"big\":\"" + big + "\",\"v\":0}\n"
                                         << "hello" << true;
        QTest::newRow("70 KiB of lines after it")
            << record + "\"msg\":\"hello\",\"v\":0}\n" + QString("\tat frame\n").repeated(7000) << "hello" << true;
        QTest::newRow("klog text running on 7 KiB") << "I0612 10:00:00.000000 1 a.go:1] hello\n" + QString("\tat frame\n").repeated(700)
                                                    << "hello\n" + QString("\tat frame\n").repeated(700).chopped(1) << false;
        QTest::newRow("klog text running on 70 KiB") << "I0612 10:00:00.000000 1 a.go:1] hello\n" + QString("\tat frame\n").repeated(7000)
                                                     << "hello\n" + QString("\tat frame\n").repeated(7000).chopped(1) << true;
    }

    void longEventsAndFarMessagesReadBack()
    {
        QFETCH(QString, text);
        QFETCH(QString, message);
        QFETCH(bool, inTable);
        InputFile file;
        file.path = "node-1/kubelet.log";
        file.bytes = makeBytes(text.toStdString());
        LoadOptions options;
        options.resourceDir = KUBELANE_RESOURCES;
        const auto incident = loadBundle(std::vector<InputFile>{file}, options);
        QCOMPARE(incident->events.size(), std::size_t(1));
        const Event &e = incident->events.front();
        QCOMPARE(QString::fromStdString(std::string(incident->message(e))), message);
        QCOMPARE(bool(e.spansInTable), inTable);
        QCOMPARE(incident->sources.front().eventSpans.size(), std::size_t(inTable ? 1 : 0));
        QCOMPARE(incident->rawText(e).size(), std::size_t(text.toUtf8().size() - 1)); // the whole file but its last newline
    }

    // NULs after an unclean shutdown in a klog JSON file are binary data, as in a klog text
    // file, not a continuation of the record before them.
    void nulLinesInAKlogJsonFileAreBinary()
    {
        InputFile file;
        file.path = "node-1/kubelet.log";
        file.bytes = makeBytes("{\"ts\":1718784064445.591,\"caller\":\"k/a.go:1\",\"msg\":\"before\",\"v\":0}\n" + std::string(40, '\0')
                               + "\n{\"ts\":1718784065445.591,\"caller\":\"k/a.go:1\",\"msg\":\"after\",\"v\":0}\n");
        LoadOptions options;
        options.resourceDir = KUBELANE_RESOURCES;
        const auto incident = loadBundle(std::vector<InputFile>{file}, options);
        QCOMPARE(incident->events.size(), std::size_t(2));
        QCOMPARE(incident->lineCountOf(incident->events.front()), 1u);
        const Source &s = incident->sources.front();
        QCOMPARE(s.unparsedLines, 1u);
        QCOMPARE(s.diagnosticCounts[static_cast<int>(DiagnosticReason::BinaryData)], 1u);
    }

    void timeOrderEqualsAStableSort()
    {
        std::mt19937 rng(11);
        std::vector<Event> events;
        for (SourceId s = 0; s < 7; ++s) {
            std::int64_t t = 1000;
            const int n = 1 + static_cast<int>(rng() % 3000);
            for (int i = 0; i < n; ++i) {
                Event e;
                e.source = s;
                // One object's records share its first byte (and often its time): ties.
                e.offset = static_cast<std::uint64_t>(i - (rng() % 4 == 0 && i > 0 ? 1 : 0));
                e.firstField = static_cast<std::uint32_t>(i); // tells tied events apart below
                // Mostly forward, a few steps back (lines logged out of order), many ties.
                t += static_cast<std::int64_t>(rng() % 5) - (rng() % 50 == 0 ? 20 : 0);
                e.time = Timestamp{t};
                events.push_back(e);
            }
        }
        std::vector<Event> expected = events;
        std::stable_sort(expected.begin(), expected.end(), happensBefore);
        events = timeOrderOfRuns(events);
        QCOMPARE(events.size(), expected.size());
        for (std::size_t i = 0; i < events.size(); ++i) {
            QCOMPARE(events[i].source, expected[i].source);
            QCOMPARE(events[i].offset, expected[i].offset);
            QCOMPARE(events[i].firstField, expected[i].firstField); // ties in their order of arrival
        }
    }

    // Runs of many MiB, so the merge gives pages of the old store back while it reads on, and
    // merges in two halves cut at a middle time on two threads: the order must still be a
    // stable sort's, with a source split over two runs and one run out of order where it lies.
    void timeOrderOfLargeRunsEqualsAStableSort()
    {
        std::mt19937 rng(7);
        std::vector<Event> events;
        const SourceId sourceOfRun[] = {0, 1, 2, 0, 3};
        for (std::size_t run = 0; run < std::size(sourceOfRun); ++run) {
            std::int64_t t = 5000;
            const int n = 60000 + static_cast<int>(rng() % 30000); // over 2^18 in all: merged in two halves
            for (int i = 0; i < n; ++i) {
                Event e;
                e.source = sourceOfRun[run];
                e.offset = static_cast<std::uint64_t>(i / 2); // pairs share a first byte
                e.firstField = static_cast<std::uint32_t>(events.size());
                t += run == 2 ? static_cast<std::int64_t>(rng() % 7) - 3 : static_cast<std::int64_t>(rng() % 3);
                e.time = Timestamp{t};
                events.push_back(e);
            }
        }
        std::vector<Event> expected = events;
        std::stable_sort(expected.begin(), expected.end(), happensBefore);
        events = timeOrderOfRuns(events, 2);
        QCOMPARE(events.size(), expected.size());
        for (std::size_t i = 0; i < events.size(); ++i) {
            QCOMPARE(events[i].firstField, expected[i].firstField);
            QCOMPARE(events[i].time, expected[i].time);
        }
    }

    // An event's origin, node, pod and container are one id into a table of contexts: the
    // same context is the same id, a changed part gives that context's own id (the origin
    // kept), the origin alone tells two contexts apart, and ids stay right while the table
    // grows under a change (withPod copies before it interns).
    void eventContextsAreInternedOnce()
    {
        EventContextTable table;
        QCOMPARE(table.intern({}), kNoEventContext);
        const auto origin = [](std::uint32_t i) { return OriginId::fromIndex(1 + i % 5); };
        std::vector<EventContextId> ids;
        for (std::uint32_t i = 0; i < 5000; ++i)
            ids.push_back(table.intern({origin(i), StringId(1 + i % 7), StringId(100 + i % 3), PodId::fromIndex(i)}));
        QCOMPARE(table.size(), std::size_t(5001));
        QCOMPARE(table.intern({origin(0), StringId(1), StringId(100), PodId::fromIndex(0)}), ids[0]);
        QVERIFY(table.intern({origin(1), StringId(1), StringId(100), PodId::fromIndex(0)}) != ids[0]);
        QCOMPARE(table.size(), std::size_t(5002));
        const EventContextId moved = table.withPod(ids[0], PodId::fromIndex(4999));
        QCOMPARE(table.size(), std::size_t(5003)); // a new context: ids[4999] is on node 2
        QVERIFY(table[moved] == (EventContext{origin(0), StringId(1), StringId(100), PodId::fromIndex(4999)}));
        const EventContextId renamed = table.withNode(ids[10], StringId(42));
        QVERIFY(table[renamed] == (EventContext{origin(10), StringId(42), StringId(101), PodId::fromIndex(10)}));
        QVERIFY(table[ids[10]] == (EventContext{origin(10), StringId(4), StringId(101), PodId::fromIndex(10)}));
        QCOMPARE(table.withNode(renamed, StringId(42)), renamed); // no change, the same id
    }

    // An event's line is found again from its offset, through marks kSpacing bytes apart:
    // every offset of random text, marked at event-like places (some inside a line, one out
    // of order), gives the line a count from the start gives, and each line's start is found
    // again from its number.
    void lineIndexGivesEveryOffsetsLine()
    {
        std::mt19937 rng(3);
        std::string bytes;
        while (bytes.size() < 5 * LineIndex::kSpacing) {
            const std::size_t length = rng() % 7 == 0 ? 3000 : rng() % 90; // a few long lines, empty ones
            bytes.append(length, 'x');
            bytes += rng() % 5 == 0 ? "\r\n" : "\n";
        }
        std::vector<std::uint64_t> lineStarts{0};
        for (std::size_t i = 0; i < bytes.size(); ++i)
            if (bytes[i] == '\n' && i + 1 < bytes.size())
                lineStarts.push_back(i + 1);
        auto lineOf = [&](std::uint64_t offset) {
            return static_cast<std::uint32_t>(std::upper_bound(lineStarts.begin(), lineStarts.end(), offset) - lineStarts.begin());
        };
        LineIndex index;
        std::uint64_t late = 0;
        for (std::size_t l = 0; l < lineStarts.size(); l += 1 + rng() % 3) {
            const std::uint64_t at = lineStarts[l] + (rng() % 4 == 0 ? 1 : 0); // a record inside its line
            if (l == lineStarts.size() / 2)
                late = at;
            else
                index.note(at, lineOf(at));
        }
        index.note(late, lineOf(late)); // read out of order
        QVERIFY(index.marks() > 4 && index.marks() < lineStarts.size() / 10);
        for (std::uint64_t offset = 0; offset < bytes.size(); offset += 1 + rng() % 50)
            QCOMPARE(index.lineAt(bytes, offset), lineOf(offset));
        for (std::uint32_t line = 1; line <= lineStarts.size(); ++line)
            QCOMPARE(index.offsetOf(bytes, line), lineStarts[line - 1]);
        QCOMPARE(index.offsetOf(bytes, static_cast<std::uint32_t>(lineStarts.size() + 1)), std::uint64_t(bytes.size()));
        QCOMPARE(LineIndex().lineAt(bytes, lineStarts[7]), 8u); // no mark: counted from the start

        // A read that skipped most of the file (a time window) leaves marks at both ends of
        // the gap only: lines inside it are found walking from the nearer end.
        LineIndex gap;
        const std::size_t last = lineStarts.size() - 3;
        gap.note(lineStarts[2], 3);
        gap.note(lineStarts[last] + 1, static_cast<std::uint32_t>(last + 1)); // inside its line
        for (std::uint32_t line = 1; line <= lineStarts.size(); line += 1 + rng() % 20)
            QCOMPARE(gap.offsetOf(bytes, line), lineStarts[line - 1]);

        // An export asks line after line, mostly forward: the cursor gives what lineAt gives.
        LineIndex::Cursor cursor(index, bytes);
        for (std::uint64_t offset = 0; offset < bytes.size(); offset += rng() % 9 == 0 ? 40000 : rng() % 300) {
            const std::uint64_t asked = rng() % 13 == 0 ? offset / 2 : offset; // now and then back
            QCOMPARE(cursor.lineAt(asked), lineOf(asked));
        }
    }

    // Every event of every sample, in every format and collection shape, has the line number
    // a count of the newlines before it gives, and is on the line that number names: that line
    // starts at or before the event's first byte, and the next one after it.
    void everyEventIsOnTheLineItsNumberNames()
    {
        std::size_t events = 0;
        for (const auto &entry : std::filesystem::directory_iterator(KUBELANE_SAMPLES)) {
            const auto inc = kubelane::test::load({entry.path().string()});
            std::vector<const Event *> inOffsetOrder;
            for (const Event &e : inc->events)
                inOffsetOrder.push_back(&e);
            std::stable_sort(inOffsetOrder.begin(), inOffsetOrder.end(), [](const Event *a, const Event *b) {
                return std::make_pair(a->source, std::uint64_t(a->offset)) < std::make_pair(b->source, std::uint64_t(b->offset));
            });
            std::pair<SourceId, std::uint64_t> counted{~SourceId(0), 0}; // (source, offset) counted up to
            std::uint32_t newlines = 0;
            for (const Event *event : inOffsetOrder) {
                const Event &e = *event;
                const Source &s = inc->sources[e.source];
                const std::string_view bytes = s.bytes->view();
                if (counted.first != e.source)
                    counted = {e.source, 0}, newlines = 0;
                newlines += static_cast<std::uint32_t>(std::count(bytes.begin() + counted.second, bytes.begin() + e.offset, '\n'));
                counted.second = e.offset;
                const std::uint32_t line = inc->lineOf(e);
                QCOMPARE(line, newlines + 1);
                const std::uint64_t start = s.lineIndex.offsetOf(bytes, line), next = s.lineIndex.offsetOf(bytes, line + 1);
                QVERIFY2(start <= e.offset && e.offset < next, qPrintable(QString::fromStdString(s.path) + ":" + QString::number(line)));
                QVERIFY(start == 0 || bytes[start - 1] == '\n');
                ++events;
            }
        }
        QVERIFY(events > 10000);
    }

    // The merge rewrites files and the time order sorts runs on several threads: a bundle of
    // many files (journald, CRI, klog, several nodes) loads to the same store on one thread
    // and on four.
    void storeDoesNotDependOnTheThreadCount()
    {
        auto one = kubelane::test::options();
        one.threads = 1;
        auto four = kubelane::test::options();
        four.threads = 4;
        for (const char *sample : {"/node-taint-eviction", "/busy-cluster", "/must-gather-pleg"}) {
            const auto a = kubelane::test::load({std::string(KUBELANE_SAMPLES) + sample}, one);
            const auto b = kubelane::test::load({std::string(KUBELANE_SAMPLES) + sample}, four);
            QVERIFY2(a->sources.size() > 2, sample);
            QCOMPARE(a->events.size(), b->events.size());
            QCOMPARE(a->pods.size(), b->pods.size());
            for (std::size_t i = 0; i < a->events.size(); ++i) {
                const Event &x = a->events[i], &y = b->events[i];
                QVERIFY2(x.time == y.time && x.source == y.source && x.offset == y.offset && a->lineOf(x) == b->lineOf(y)
                             && x.type == y.type && a->podOf(x) == b->podOf(y) && a->text(a->nodeOf(x)) == b->text(b->nodeOf(y))
                             && a->text(a->containerOf(x)) == b->text(b->containerOf(y)),
                         sample);
            }
            for (std::size_t s = 0; s < a->sources.size(); ++s)
                QCOMPARE(a->sources[s].path, b->sources[s].path);
        }
    }

    // Strings of one length that share their first and last eight bytes land on one place
    // among the pool's recent strings: each must still get its own id, and the same id again.
    void stringPoolTellsApartStringsThatLookAlikeAtTheirEnds()
    {
        StringPool pool;
        std::vector<std::string> texts;
        for (int i = 0; i < 3000; ++i)
            texts.push_back("kubelet_" + std::to_string(100000 + i) + ".go:1424");
        texts.push_back("short");
        texts.push_back("shorT");
        std::vector<StringId> ids;
        for (int round = 0; round < 3; ++round)
            for (std::size_t i = 0; i < texts.size(); ++i) {
                const StringId id = pool.intern(texts[i]);
                if (round == 0)
                    ids.push_back(id);
                QCOMPARE(id, ids[i]);
                QCOMPARE(std::string(pool.view(id)), texts[i]);
                QCOMPARE(pool.find(texts[i]), id);
            }
        QCOMPARE(std::set<StringId>(ids.begin(), ids.end()).size(), texts.size());
        QCOMPARE(pool.size(), texts.size() + 1); // and the empty string
        QCOMPARE(pool.intern({}), kNoString);
        StringPool moved = std::move(pool);
        QCOMPARE(moved.intern(texts[7]), ids[7]);
        QCOMPARE(pool.intern(texts[7]), StringId(1)); // a pool moved from starts again (NOLINT(bugprone-use-after-move))
        QCOMPARE(std::string(pool.view(StringId(1))), texts[7]);
        // Texts of every length that differ in one byte only, wherever it is, in a pool too.
        StringPool oneByte;
        for (std::size_t length = 1; length <= 40; ++length)
            for (std::size_t at = 0; at < length; ++at) {
                const std::string text(length, 'a');
                std::string other = text;
                other[at] = 'b';
                const StringId a = oneByte.intern(text), b = oneByte.intern(other);
                QVERIFY2(a != b, qPrintable(QString::fromStdString(other)));
                QCOMPARE(oneByte.intern(other), b);
                QCOMPARE(oneByte.find(text), a);
            }
    }

    // The pool's comparison reads short texts a word at a time: each byte of every length must
    // count (the pool's hashes would tell most such texts apart before it is asked).
    void sameTextComparesEveryByte()
    {
        for (std::size_t length = 0; length <= 40; ++length) {
            const std::string text(length, 'a');
            QVERIFY(sameText(text, std::string(length, 'a')));
            QVERIFY(!sameText(text, std::string(length + 1, 'a')));
            for (std::size_t at = 0; at < length; ++at) {
                std::string other = text;
                other[at] = 'b';
                QVERIFY2(!sameText(text, other), qPrintable(QString("length %1, byte %2").arg(length).arg(at)));
            }
        }
    }

    // One machine, two names, across files: the kubelet's journal names its Node in full
    // (ip-10-0-1-5.ec2.internal) where journald prints the short host. Every file of that host
    // moves to the full name; a host whose name only begins alike stays; a file whose node
    // the user set (--node) keeps it.
    // A raw kubelet log in a node's folder is that node's, as its sibling journal says; a file
    // of no known component next to them (an excerpt of anything) is not taken for the node's.
    void folderSiblingsGiveTheirNodeToKubeletLogsOnly()
    {
        const std::string journal = "May 19 07:41:00 n1 kubelet[2357]: I0519 07:41:00.118020    2357 kubelet.go:2281] \"SyncLoop ADD\" "
                                    "source=\"api\" pods=[\"default/web-0\"]\n";
        const std::string raw = "I0519 07:41:05.000000    2357 kubelet.go:1839] skipping pod synchronization - container runtime is down\n";
        const std::string unknown =
            "I0519 07:41:06.000000       1 trace.go:116] Trace[1308946156]: \"GuaranteedUpdate etcd3\" "
            "type:*v1.Endpoints (started: 2024-05-19 07:41:05.140228694 +0000 UTC m=+1.5) (total time: 575.329719ms):\n";
        const auto inc = loadFromMemory({{"host-a/journal.txt", journal}, {"host-a/kubelet.log", raw}, {"host-a/excerpt.log", unknown}});
        std::map<std::string, std::pair<std::string, std::string>> byPath; // path -> (component, node)
        for (const Source &s : inc->sources)
            byPath[s.path] = {s.component, s.node};
        QCOMPARE(QString::fromStdString(byPath["host-a/kubelet.log"].first), QString("kubelet"));
        QCOMPARE(QString::fromStdString(byPath["host-a/kubelet.log"].second), QString("n1"));
        QCOMPARE(QString::fromStdString(byPath["host-a/excerpt.log"].first), QString());
        QCOMPARE(QString::fromStdString(byPath["host-a/excerpt.log"].second), QString());
    }

    // The loader gives each thread one parser for many files: what one file leaves in it (a
    // journal's host, a place's key plan, a partial record, a month) must not reach the next.
    // Every sample's files, parsed in turn by one parser in both orders, each as a fresh
    // parser parses it alone.
    void aReusedParserParsesAsAFreshOne()
    {
        const auto types = EventTypeCatalog::loadFile(std::string(KUBELANE_RESOURCES) + "/events.json");
        const auto roles = GoroutineMap::loadFile(std::string(KUBELANE_RESOURCES) + "/goroutines.json");
        std::vector<InputFile> files;
        for (const auto &entry : std::filesystem::recursive_directory_iterator(KUBELANE_SAMPLES))
            if (entry.is_regular_file() && entry.path().filename() != "EXPECTED.json" && entry.file_size() < (4u << 20)) {
                std::ifstream in(entry.path(), std::ios::binary);
                InputFile &f = files.emplace_back();
                f.path = entry.path().string();
                f.bytes = makeBytes(std::string(std::istreambuf_iterator<char>(in), {}));
            }
        std::sort(files.begin(), files.end(), [](const InputFile &a, const InputFile &b) { return a.path < b.path; });
        QVERIFY(files.size() > 50);
        std::vector<std::string> alone;
        for (const InputFile &f : files)
            alone.push_back(parseDigest(SourceParser(*types, *roles).parse(f, 0)));
        for (const bool reversed : {false, true}) {
            SourceParser reused(*types, *roles);
            for (std::size_t k = 0; k < files.size(); ++k) {
                const std::size_t i = reversed ? files.size() - 1 - k : k;
                QVERIFY2(parseDigest(reused.parse(files[i], 0)) == alone[i], files[i].path.c_str());
            }
        }
    }

    // Binary installs redirect each component to a file of its short name; only the whole
    // name counts ("openshift-controller-manager" and "descheduler" are other programs). A
    // hyperkube journal so named is that component's, though its Go files' names are also
    // the kubelet's (actual_state_of_world.go); unnamed, each line goes by its Go file.
    void shortNamesAndHyperkube_data()
    {
        QTest::addColumn<QString>("path");
        QTest::addColumn<QString>("component");
        QTest::addColumn<QStringList>("components"); // of the events
        const QStringList kcm{"kube-controller-manager", "kube-controller-manager"};
        QTest::newRow("controller-manager.log") << "controller-manager.log"
                                                << "kube-controller-manager" << kcm;
        QTest::newRow("scheduler.log") << "logs/scheduler.log"
                                       << "kube-scheduler" << QStringList{"kube-scheduler", "kube-scheduler"};
        QTest::newRow("apiserver.log") << "apiserver.log"
                                       << "kube-apiserver" << QStringList{"kube-apiserver", "kube-apiserver"};
        // The file's own name says more than the folder someone put it in.
        QTest::newRow("in a folder named for another component") << "etcd-timeouts/kube-controller-manager.log"
                                                                 << "kube-controller-manager" << kcm;
        QTest::newRow("in a component's folder, named by none") << "kube-controller-manager/0.log"
                                                                << "kube-controller-manager" << kcm;
        QTest::newRow("unnamed") << "journal.log"
                                 << "kube-controller-manager" << QStringList{"kube-controller-manager", "kubelet"};
        QTest::newRow("openshift-controller-manager.log") << "openshift-controller-manager.log"
                                                          << "kube-controller-manager" << QStringList{"kube-controller-manager", "kubelet"};
        QTest::newRow("descheduler.log") << "descheduler.log"
                                         << "kube-controller-manager" << QStringList{"kube-controller-manager", "kubelet"};
    }
    void shortNamesAndHyperkube()
    {
        QFETCH(QString, path);
        QFETCH(QString, component);
        QFETCH(QStringList, components);
        const std::string log =
            "Mar 08 12:54:34 fedora25 hyperkube[32146]: W0308 12:54:34.406962   32146 controllermanager.go:506] Unsuccessful parsing of "
            "cluster CIDR : invalid CIDR address:\n"
            "Mar 08 12:54:34 fedora25 hyperkube[32146]: E0308 12:54:34.415393   32146 actual_state_of_world.go:461] Failed to set "
            "statusUpdateNeeded to needed true because nodeName=\"fedora25\"  does not exist\n";
        const auto inc = loadFromMemory({{path.toStdString(), log}});
        QCOMPARE(QString::fromStdString(inc->sources.front().component), component);
        QCOMPARE(componentsOf(*inc), components);
    }

    // `minikube logs` holds the minikube command's own log ("Running on machine: devbox", the
    // laptop) next to the node's kubelet journal: kube-proxy's section, which names no node,
    // is the kubelet's node's, not the laptop's.
    void theKubeletsNodeComesFirstAmongSiblings()
    {
        const std::string logs = "==> Last Start <==\n"
                                 "Log file created at: 2024/06/14 10:01:52\n"
                                 "Running on machine: devbox\n"
                                 "Binary: Built with gc go1.22.1 for linux/amd64\n"
                                 "Log line format: [IWEF]mmdd hh:mm:ss.uuuuuu threadid file:line] msg\n"
                                 "I0614 10:01:52.585304  412877 start.go:297] selected driver: docker\n"
                                 "\n==> kube-proxy [b5c630d90926] <==\n"
                                 "I0614 10:02:31.118204       1 server_others.go:72] \"Using iptables proxy\"\n"
                                 "\n==> kubelet <==\n"
                                 "Jun 14 10:02:20 minikube kubelet[1587]: I0614 10:02:20.118020    1587 kubelet.go:2281] \"SyncLoop ADD\" "
                                 "source=\"api\" pods=[\"kube-system/kube-proxy-x7k2p\"]\n";
        const auto inc = loadFromMemory({{"logs.txt", logs}});
        std::map<std::string, std::string> nodeOf; // component -> node
        for (const Source &s : inc->sources) {
            nodeOf[s.component] = s.node;
            QCOMPARE(QString::fromStdString(s.host), QString(s.component == "kubelet" ? "minikube" : "")); // journal prefixes only
        }
        QCOMPARE(QString::fromStdString(nodeOf["minikube"]), QString("devbox"));
        QCOMPARE(QString::fromStdString(nodeOf["kubelet"]), QString("minikube"));
        QCOMPARE(QString::fromStdString(nodeOf["kube-proxy"]), QString("minikube"));
    }

    // The scheduler's binding places a pod on its node before any kubelet names it: the 1.x
    // free text (node bare, then quoted) and the structured line of 1.20+. A pod the scheduler
    // only tried to bind stays unplaced.
    void schedulerBindingPlacesPods()
    {
        const std::string scheduler =
            "I0602 10:12:21.100000       1 scheduler.go:594] pod shop/cart-0 is bound successfully on node worker-1, 3 nodes evaluated, 2 "
            "nodes were found feasible\n"
            "I0602 10:12:21.200000       1 scheduler.go:731] pod shop/cart-1 is bound successfully on node \"worker-2\", 3 nodes "
            "evaluated, "
            "2 nodes were found feasible.\n"
            "I0602 10:12:21.300000       1 schedule_one.go:304] \"Successfully bound pod to node\" pod=\"shop/web-0\" node=\"worker-3\" "
            "evaluatedNodes=3 feasibleNodes=1\n"
            "I0602 10:12:21.400000       1 default_binder.go:53] \"Attempting to bind pod to node\" pod=\"shop/web-1\" node=\"worker-1\"\n";
        const auto inc = loadFromMemory({{"control-plane/kube-scheduler.log", scheduler}});
        std::map<std::string, std::string> nodeOfPod;
        for (std::size_t i = 0; i < inc->pods.size(); ++i)
            nodeOfPod[inc->podName(PodId::fromIndex(i))] = std::string(inc->text(inc->pods[i].node));
        QCOMPARE(QString::fromStdString(nodeOfPod["shop/cart-0"]), QString("worker-1"));
        QCOMPARE(QString::fromStdString(nodeOfPod["shop/cart-1"]), QString("worker-2"));
        QCOMPARE(QString::fromStdString(nodeOfPod["shop/web-0"]), QString("worker-3"));
        QCOMPARE(QString::fromStdString(nodeOfPod["shop/web-1"]), QString());
    }

    // A StatefulSet's pod evicted from a failed node is made again, under its name, on
    // another: two pods, each under its node, and each line on the pod it was about.
    void podMadeAgainOnAnotherNodeIsOnePodPerNode()
    {
        const std::string node1 = "Jun 02 10:00:00 node-1 kubelet[100]: I0602 10:00:00.000000     100 kubelet.go:2281] \"SyncLoop ADD\" "
                                  "source=\"api\" pods=[\"db/web-0\"]\n"
                                  "Jun 02 10:00:05 node-1 kubelet[100]: I0602 10:00:05.000000     100 prober.go:116] \"Probe failed\" "
                                  "probeType=\"Readiness\" pod=\"db/web-0\" podUID=aaaa-1 containerName=\"web\"\n"
                                  "Jun 02 10:00:40 node-1 kubelet[100]: I0602 10:00:40.000000     100 kubelet.go:1966] \"SyncLoop (PLEG): "
                                  "event for pod\" pod=\"db/web-0\" event=&{ID:aaaa-1 Type:ContainerStarted Data:c1}\n";
        const std::string node2 = "Jun 02 10:02:03 node-2 kubelet[200]: I0602 10:02:03.000000     200 kubelet.go:2281] \"SyncLoop ADD\" "
                                  "source=\"api\" pods=[\"db/web-0\"]\n"
                                  "Jun 02 10:02:04 node-2 kubelet[200]: I0602 10:02:04.000000     200 kubelet.go:2281] \"SyncLoop ADD\" "
                                  "source=\"api\" pods=[\"db/web-1\"]\n"
                                  "Jun 02 10:02:09 node-2 kubelet[200]: I0602 10:02:09.000000     200 prober.go:116] \"Probe failed\" "
                                  "probeType=\"Readiness\" pod=\"db/web-0\" podUID=bbbb-2 containerName=\"web\"\n";
        const std::string controllers = "I0602 10:01:50.000000       1 taint_manager.go:106] \"NoExecuteTaintManager is deleting pod\" "
                                        "pod=\"db/web-0\"\n"
                                        "I0602 10:02:02.000000       1 schedule_one.go:304] \"Successfully bound pod to node\" "
                                        "pod=\"db/web-0\" node=\"node-2\" evaluatedNodes=3 feasibleNodes=1\n"
                                        "I0602 10:02:02.500000       1 schedule_one.go:304] \"Successfully bound pod to node\" "
                                        "pod=\"db/web-1\" node=\"node-2\" evaluatedNodes=3 feasibleNodes=1\n";
        const auto inc = loadFromMemory({{"node-1/kubelet.log", node1},
                                         {"node-2/kubelet.log", node2},
                                         {"control-plane/kube-controller-manager-and-scheduler.log", controllers}});
        std::map<std::string, std::string> nodeOfPodKey;
        for (std::size_t i = 0; i < inc->pods.size(); ++i)
            nodeOfPodKey[inc->podKey(PodId::fromIndex(i))] = std::string(inc->text(inc->pods[i].node));
        QCOMPARE(
            nodeOfPodKey,
            (std::map<std::string, std::string>{{"db/web-0@node-1", "node-1"}, {"db/web-0@node-2", "node-2"}, {"db/web-1", "node-2"}}));
        // Every line of db/web-0 on the pod of its node; the taint manager's eviction, after
        // node-1's kubelet fell silent and before node-2's pod was bound, on node-1's.
        std::map<std::string, std::vector<std::string>> linesOfPod;
        for (const Event &e : inc->events)
            if (inc->podOf(e) != kNoPod)
                linesOfPod[inc->podKey(inc->podOf(e))].push_back(std::string(inc->sources[e.source].path) + ":"
                                                                 + std::to_string(inc->lineOf(e)));
        QCOMPARE(linesOfPod["db/web-0@node-1"],
                 (std::vector<std::string>{"node-1/kubelet.log:1", "node-1/kubelet.log:2", "node-1/kubelet.log:3",
                                           "control-plane/kube-controller-manager-and-scheduler.log:1"}));
        QCOMPARE(linesOfPod["db/web-0@node-2"],
                 (std::vector<std::string>{"control-plane/kube-controller-manager-and-scheduler.log:2", "node-2/kubelet.log:1",
                                           "node-2/kubelet.log:3"}));
        QCOMPARE(linesOfPod["db/web-1"].size(), std::size_t(2));

        // Near miss: one node's kubelet in two files (its journal and its raw log), the pod
        // named by both: one pod, under the name alone.
        const std::string raw = "I0602 10:00:06.000000     100 prober.go:116] \"Probe failed\" probeType=\"Readiness\" pod=\"db/web-0\" "
                                "podUID=aaaa-1 containerName=\"web\"\n";
        const auto one = loadFromMemory({{"node-1/kubelet.log", node1}, {"node-1/kubelet.raw.log", raw}});
        QCOMPARE(one->pods.size(), std::size_t(1));
        QCOMPARE(one->podKey(PodId::fromIndex(0)), std::string("db/web-0"));
        QCOMPARE(std::string(one->text(one->pods[0].node)), std::string("node-1"));
    }

    // One parser reads all of its thread's files; what it learns of one file must not leak
    // into the next. The component of a Go file in a process of several (k3s) was cached by
    // the file's own string id, which names another text in the next file's pool.
    // A bare container log (`docker logs kube-scheduler`) names no process: its leader-election
    // lines' lease says whose it is, not client-go's leaderelection.go, which every component
    // logs from. Near miss: leases of two components (one process of several) decide nothing.
    // A bare container log (a CRI `0.log` cut from its path) is the component whose own Go files
    // logged most of it, by the goroutine map; files every component has say nothing.
    void bareLogTakesItsGoFilesComponent()
    {
        auto cri = [](const std::string &rest) { return "2024-03-07T08:25:52.027640303+00:00 stderr F " + rest + "\n"; };
        const auto apiserver = loadFromMemory(
            {{"0.log",
              cri("I0307 08:25:52.027219       1 apf_controller.go:379] Starting API Priority and Fairness config controller")
                  + cri("I0307 08:25:52.027320       1 available_controller.go:423] Starting AvailableConditionController")
                  + cri("I0307 08:25:52.027714       1 apiservice_controller.go:97] Starting APIServiceRegistrationController")
                  + cri("I0307 08:25:52.027800       1 controller.go:83] Starting OpenAPI AggregationController")}});
        QCOMPARE(apiserver->sources.at(0).component, std::string("kube-apiserver"));
        const auto controllers = loadFromMemory(
            {{"0.log",
              cri("I0307 08:25:52.027219       1 garbagecollector.go:155] Garbage collector: all resource monitors have synced")
                  + cri("I0307 08:25:52.027320       1 replica_set.go:577] \"Too few replicas\" replicaSet=\"shop/web-7d9f8b6c5\"")
                  + cri("I0307 08:25:52.027714       1 server.go:154] Version: v1.28.9")}});
        QCOMPARE(controllers->sources.at(0).component, std::string("kube-controller-manager"));
        // Names every component's package has: no component.
        const auto shared =
            loadFromMemory({{"0.log",
                             cri("I0307 08:25:52.027219       1 server.go:154] Version: v1.28.9")
                                 + cri("I0307 08:25:52.027320       1 controller.go:83] Starting controller")
                                 + cri("E0307 08:25:52.027714       1 run.go:74] \"command failed\" err=\"unknown flag\"")}});
        QCOMPARE(shared->sources.at(0).component, std::string());
    }

    // A bare kubelet log names its program by its Go files only: once they do, its lines are
    // read again as the kubelet's, so that "Version:" is the kubelet's start, not any
    // component's (a start-up's "container runtime is down" then reads as start-up).
    void bareKubeletLogIsReadAsTheKubelets()
    {
        const auto inc = loadFromMemory(
            {{"paste.txt",
              "I0705 13:07:11.900000   32911 server.go:408] Version: v1.11.0\n"
              "I0705 13:07:12.269742   32911 kubelet.go:1782] Starting kubelet main sync loop.\n"
              "I0705 13:07:12.269821   32911 kubelet.go:1799] skipping pod synchronization - [container runtime is down]\n"}});
        const Source &s = inc->sources.at(0);
        QCOMPARE(s.component, std::string("kubelet"));
        QCOMPARE(s.componentOrigin, std::string("content"));
        QCOMPARE(inc->typeName(inc->events.at(0)), std::string_view("kubelet.start"));
        QCOMPARE(inc->typeName(inc->events.at(1)), std::string_view("kubelet.syncloop.start"));
    }

    // Past 8 MiB, a bare log's component is counted on its first 2 MiB, and the file is read
    // once, as that component's: the same events, types and fields as the same lines under a
    // path that names the kubelet. A head that names no component leaves the file no one's.
    void largeBareLogIsNamedFromItsHead()
    {
        std::string block;
        for (int i = 0; i < 1000; ++i) {
            const std::string s = std::to_string(10 + i % 50);
            block += "I0705 13:07:" + s + ".269742   32911 kubelet.go:1782] \"SyncLoop (housekeeping)\"\n" + "I0705 13:07:" + s
                + ".270000   32911 reflector.go:255] Listing and watching *v1.Node from k8s.io/client-go\n" + "E0705 13:07:" + s
                + ".270100   32911 kubelet.go:2448] \"Error syncing pod, skipping\" err=\"failed\" pod=\"ns/web-0\"\n"
                + "\tgoroutine trace continues here\n";
        }
        std::string text = "I0705 13:07:09.900000   32911 server.go:408] Version: v1.11.0\n";
        while (text.size() <= (9u << 20))
            text += block;
        const auto types = EventTypeCatalog::loadFile(std::string(KUBELANE_RESOURCES) + "/events.json");
        const auto roles = GoroutineMap::loadFile(std::string(KUBELANE_RESOURCES) + "/goroutines.json");
        auto parseAs = [&](const std::string &path, const std::string &bytes) {
            InputFile file;
            file.path = path;
            file.bytes = makeBytes(bytes);
            return SourceParser(*types, *roles).parse(file, 0);
        };
        const ParsedSource bare = parseAs("paste.txt", text), named = parseAs("kubelet.log", text);
        QCOMPARE(bare.source.component, std::string("kubelet"));
        QCOMPARE(bare.source.componentOrigin, std::string("content, from its first 2.0 MiB"));
        QCOMPARE(named.source.componentOrigin, std::string("path"));
        QVERIFY(parseDigest(bare) == parseDigest(named));
        QCOMPARE(types->nameOf(bare.events.front().type), std::string_view("kubelet.start"));

        // The head's name is checked on the whole file: a controller manager's log behind 2 MiB
        // of kubelet lines is read again as the controller manager's, and says why.
        std::string mixed = text.substr(0, text.find('\n', 3u << 20) + 1);
        std::string controllers;
        for (int i = 0; i < 1000; ++i)
            controllers += "I0705 14:07:" + std::to_string(10 + i % 50)
                + ".027219       1 garbagecollector.go:155] Garbage collector: all resource monitors have synced\n"
                  "I0705 14:07:"
                + std::to_string(10 + i % 50)
                + ".027320       1 replica_set.go:577] \"Too few replicas\" replicaSet=\"shop/web-7d9f8b6c5\"\n";
        while (mixed.size() <= (16u << 20))
            mixed += controllers;
        const ParsedSource both = parseAs("paste.txt", mixed);
        QCOMPARE(both.source.component, std::string("kube-controller-manager"));
        QCOMPARE(both.source.componentOrigin, std::string("content (its Go files; its first lines name kubelet)"));

        // A parser that read a head and its file reads the next file as a fresh one does.
        InputFile small;
        small.path = "paste.txt";
        small.bytes = makeBytes(text.substr(0, 4096 + text.substr(4096).find('\n') + 1));
        SourceParser reused(*types, *roles);
        InputFile large{"paste.txt", makeBytes(text), 0, {}, {}};
        reused.parse(large, 0);
        QVERIFY(parseDigest(reused.parse(small, 0)) == parseDigest(SourceParser(*types, *roles).parse(small, 0)));

        // A time window may seek past the head (it reads a few of its lines): then the file is
        // counted whole, as before, whatever the window.
        SourceParser windowed(*types, *roles);
        TimeWindow window;
        window.from = parseGoTime("2000-01-01T00:00:00Z");
        window.utcOffsetSeconds = 0;
        windowed.setTimeWindow(window);
        const ParsedSource seeked = windowed.parse(large, 0);
        QCOMPARE(seeked.source.component, std::string("kubelet"));
        QCOMPARE(seeked.source.componentOrigin, std::string("content"));

        // Only Go files every component vendors: nothing to name it by, head or whole.
        std::string vendored;
        while (vendored.size() <= (9u << 20))
            vendored += "I0705 13:07:10.270000   32911 reflector.go:255] Listing and watching *v1.Node from k8s.io/client-go\n";
        const ParsedSource none = parseAs("paste.txt", vendored);
        QCOMPARE(none.source.component, std::string());
        QCOMPARE(none.events.size(), none.source.lineCount);
    }

    void bareLogTakesItsLeasesComponent()
    {
        const std::string scheduler = "I0822 23:01:13.611314       1 leaderelection.go:217] attempting to acquire leader lease  "
                                      "kube-system/kube-scheduler...\n"
                                      "I0822 23:01:33.923783       1 leaderelection.go:227] successfully acquired lease "
                                      "kube-system/kube-scheduler\n"
                                      "E0822 23:02:35.966622       1 server.go:252] lost master\n";
        const auto inc = loadFromMemory({{"docker-logs.txt", scheduler}});
        const Source &s = inc->sources.at(0);
        QCOMPARE(s.component, std::string("kube-scheduler"));
        QVERIFY2(s.componentOrigin.find("leader-election lease") != std::string::npos, s.componentOrigin.c_str());
        for (const Event &e : inc->events)
            QCOMPARE(inc->componentNameOf(e), std::string_view("kube-scheduler"));

        const auto two = loadFromMemory({{"docker-logs.txt",
                                          scheduler
                                              + "I0822 23:03:00.000000       1 leaderelection.go:227] successfully "
                                                "acquired lease kube-system/kube-controller-manager\n"}});
        QVERIFY(two->sources.at(0).componentOrigin.find("lease") == std::string::npos);

        // Another program's own election (minikube's storage provisioner) names no component:
        // client-go's leaderelection.go alone does not make it the controller manager.
        const auto provisioner = loadFromMemory({{"docker-logs.txt",
                                                  "I0614 10:02:36.820270       1 leaderelection.go:243] attempting to acquire leader lease "
                                                  "kube-system/k8s.io-minikube-hostpath...\n"
                                                  "I0614 10:02:36.826670       1 leaderelection.go:253] successfully acquired lease "
                                                  "kube-system/k8s.io-minikube-hostpath\n"}});
        QCOMPARE(provisioner->sources.at(0).component, std::string());
    }

    // A folder may be named after the incident ("etcd-outage/kcm.log", kubernetes#74223 saved
    // under such a name gave the controller manager's lease loss to etcd): in one program's
    // log, its lease or most of its lines' Go files outweigh a folder's name, and the file's own
    // name ("scheduler.log") outweighs its folder's. Near misses: a folder that agrees, content
    // that names nothing, a journal (its lines name their processes), the file's own name.
    void folderNameYieldsToContent_data()
    {
        QTest::addColumn<QString>("path");
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("component");
        const QString lease =
            "E0218 03:22:53.751888       1 leaderelection.go:224] error retrieving resource lock "
            "kube-system/kube-controller-manager: client: etcd cluster is unavailable or misconfigured\n"
            "I0218 03:22:55.000001       1 leaderelection.go:227] successfully acquired lease kube-system/kube-controller-manager\n";
        const QString lifecycle =
            "I0218 03:22:53.751888       1 node_lifecycle_controller.go:1209] Controller detected that all Nodes are "
            "not-Ready. Entering master disruption mode.\n"
            "I0218 03:22:54.751888       1 node_lifecycle_controller.go:1236] Controller detected that some Nodes are "
            "Ready. Exiting master disruption mode.\n";
        const QString plain = "I0218 03:22:53.751888       1 main.go:12] starting\n";
        QTest::newRow("lease beats a folder") << "etcd-outage/kcm.log" << lease << "kube-controller-manager";
        QTest::newRow("Go files beat a folder") << "etcd-outage/cm.log" << lifecycle << "kube-controller-manager";
        QTest::newRow("file's short name beats a folder") << "etcd-timeouts/scheduler.log" << plain << "kube-scheduler";
        QTest::newRow("folder agrees") << "kube-controller-manager/0.log" << lease << "kube-controller-manager";
        QTest::newRow("content names nothing") << "etcd-outage/x.log" << plain << "etcd";
        QTest::newRow("the file's own name") << "logs/etcd.log" << lifecycle << "etcd";
        // A journal's lines name their process: most of them one, it is that one's (a folder
        // named for the containerd the user suspected, pub16/23); none most, the folder stays.
        QTest::newRow("a journal of one process")
            << "etcd-outage/journal.txt"
            << "Feb 18 03:22:53 node-1 kubelet[812]: I0218 03:22:53.000001     812 kubelet.go:1822] Starting kubelet "
               "main sync loop.\n"
               "Feb 18 03:22:54 node-1 kubelet[812]: I0218 03:22:54.000001     812 kubelet_node_status.go:70] "
               "Attempting to register node node-1\n"
            << "kubelet";
        QTest::newRow("a journal of several")
            << "etcd-outage/journal.txt"
            << "Feb 18 03:22:53 node-1 kubelet[812]: I0218 03:22:53.000001     812 kubelet.go:1822] Starting kubelet "
               "main sync loop.\n"
               "Feb 18 03:22:54 node-1 containerd[700]: time=\"2024-02-18T03:22:54Z\" level=info msg=\"loading plugin\"\n"
            << "etcd";
        // A pod log's folders are its pod's and container's names: the cloud controller manager
        // runs a node lifecycle controller of the same file name as the controller manager's.
        QTest::newRow("a pod log's container")
            << "var/log/pods/kube-system_cloud-controller-manager-m1_0f1e2d3c-4b5a-6978-8a9b-0c1d2e3f4a5b/cloud-controller-manager/0.log"
            << "2024-02-18T03:22:53.751888Z stderr F E0218 03:22:53.751888       1 node_lifecycle_controller.go:160] error checking if "
               "node node-1 exists: not found\n"
               "2024-02-18T03:22:58.751888Z stderr F E0218 03:22:58.751888       1 node_lifecycle_controller.go:160] error checking if "
               "node node-1 exists: not found\n"
            << "cloud-controller-manager";
    }
    void folderNameYieldsToContent()
    {
        QFETCH(QString, path);
        QFETCH(QString, text);
        QFETCH(QString, component);
        const auto inc = loadFromMemory({{path.toStdString(), text.toStdString()}});
        QCOMPARE(QString::fromStdString(inc->sources.at(0).component), component);
        if (!path.endsWith("journal.txt")) // the lines too, not only the file's label (a journal's say their own)
            for (const Event &e : inc->events)
                QCOMPARE(QString::fromStdString(std::string(inc->componentNameOf(e))), component);
    }

    void componentsOfOneProcessDoNotLeakBetweenFiles()
    {
        const std::string a = "Nov 29 10:00:00 s1 k3s[1]: I1129 10:00:00.000000       1 kubelet.go:2134] \"SyncLoop ADD\" source=\"api\" "
                              "pods=\"[default/web-1]\"\n";
        const std::string b = "Nov 29 10:00:00 s2 k3s[1]: I1129 10:00:00.000000       1 node_lifecycle_controller.go:1200] \"Node hasn't "
                              "been updated\" node=\"agent1\"\n";
        LoadOptions oneThread;
        oneThread.threads = 1;
        for (const auto &files : {std::vector<std::pair<std::string, std::string>>{{"s1/journal.txt", a}, {"s2/journal.txt", b}},
                                  std::vector<std::pair<std::string, std::string>>{{"s2/journal.txt", b}, {"s1/journal.txt", a}}}) {
            const auto inc = loadFromMemory(files, oneThread);
            std::map<std::string, std::string> componentOfFile;
            for (const Event &e : inc->events)
                componentOfFile[inc->sources[e.source].path] = std::string(inc->componentNameOf(e));
            QCOMPARE(componentOfFile,
                     (std::map<std::string, std::string>{{"s1/journal.txt", "kubelet"}, {"s2/journal.txt", "kube-controller-manager"}}));
        }
    }

    // A journald identifier of a process that runs several components: the Go file says
    // which logged a line; the process's own component when it says none.
    void processesOfSeveralComponents_data()
    {
        QTest::addColumn<QString>("identifier");
        QTest::addColumn<QString>("goFile");
        QTest::addColumn<QString>("component");
        QTest::newRow("k3s, the kubelet") << "k3s"
                                          << "kubelet_node_status.go:470"
                                          << "kubelet";
        QTest::newRow("k3s, the node lifecycle controller") << "k3s"
                                                            << "node_lifecycle_controller.go:1200"
                                                            << "kube-controller-manager";
        QTest::newRow("MicroK8s kubelite") << "microk8s.daemon-kubelite"
                                           << "kubelet_node_status.go:470"
                                           << "kubelet";
        QTest::newRow("OpenShift 3.x node") << "origin-node"
                                            << "kubelet_node_status.go:406"
                                            << "kubelet";
        QTest::newRow("OpenShift 3.x node (RPM)") << "atomic-openshift-node"
                                                  << "kubelet_node_status.go:406"
                                                  << "kubelet";
        QTest::newRow("OpenShift 3.x controllers") << "atomic-openshift-master-controllers"
                                                   << "node_lifecycle_controller.go:1200"
                                                   << "kube-controller-manager";
        QTest::newRow("OpenShift 3.x API") << "origin-master-api"
                                           << "some_unmapped_file.go:10"
                                           << "kube-apiserver";
        // MicroK8s before kubelite: a snap daemon per component (microk8s#1866).
        QTest::newRow("MicroK8s 1.18 controller manager") << "microk8s.daemon-controller-manager"
                                                          << "some_unmapped_file.go:10"
                                                          << "kube-controller-manager";
        QTest::newRow("MicroK8s 1.18 kubelet") << "microk8s.daemon-kubelet"
                                               << "some_unmapped_file.go:10"
                                               << "kubelet";
        // A shell that runs the kubelet without exec (kubernetes#71869): the Go file says.
        QTest::newRow("bash running the kubelet") << "bash"
                                                  << "kubelet_node_status.go:470"
                                                  << "kubelet";
        QTest::newRow("CRI-O") << "crio"
                               << "some_unmapped_file.go:10"
                               << "crio";
    }

    void processesOfSeveralComponents()
    {
        QFETCH(QString, identifier);
        QFETCH(QString, goFile);
        QFETCH(QString, component);
        const std::string line = "Mar 12 05:28:25 host-1 " + identifier.toStdString() + "[27452]: E0312 05:28:25.710100   27452 "
            + goFile.toStdString() + "] something happened\n";
        const auto inc = loadFromMemory({{"host-1/journal.txt", line}});
        QCOMPARE(inc->events.size(), std::size_t(1));
        QCOMPARE(QString::fromStdString(std::string(inc->componentNameOf(inc->events.front()))), component);
        if (identifier == "crio") // CRI-O's lines are the container runtime's, as containerd's
            QCOMPARE(std::string(inc->roleName(inc->events.front())), std::string("container-runtime"));
    }

    void shortHostAndItsFullNodeNameAreOneNode()
    {
        const std::string kubelet = "May 19 07:41:00 ip-10-0-1-5 kubelet[2357]: I0519 07:41:00.118020    2357 kubelet.go:2281] \"SyncLoop "
                                    "ADD\" source=\"api\" pods=[\"default/web-0\"]\n"
                                    "May 19 07:41:03 ip-10-0-1-5 kubelet[2357]: I0519 07:41:03.118020    2357 kubelet_node_status.go:76] "
                                    "\"Attempting to register node\" node=\"ip-10-0-1-5.ec2.internal\"\n";
        const std::string containerd = "May 19 07:41:01 ip-10-0-1-5 containerd[812]: time=\"2024-05-19T07:41:01.000000000Z\" level=info "
                                       "msg=\"StartContainer for \\\"abc\\\" returns successfully\"\n";
        const std::string other = "May 19 07:41:02 ip-10-0-1-50 kubelet[99]: I0519 07:41:02.000000      99 kubelet.go:2281] \"SyncLoop "
                                  "ADD\" source=\"api\" pods=[\"default/db-0\"]\n";
        auto nodeOfSource = [](const Incident &inc, const std::string &path) {
            for (const Source &s : inc.sources)
                if (s.path == path)
                    return s.node;
            return std::string("(no such source)");
        };
        auto eventNodes = [](const Incident &inc) {
            std::set<std::string> nodes;
            for (const Event &e : inc.events)
                nodes.insert(std::string(inc.text(inc.nodeOf(e))));
            return nodes;
        };
        const std::vector<std::pair<std::string, std::string>> files = {
            {"a/kubelet.txt", kubelet}, {"a/containerd.txt", containerd}, {"b/kubelet.txt", other}};
        const auto inc = loadFromMemory(files);
        QCOMPARE(eventNodes(*inc), (std::set<std::string>{"ip-10-0-1-5.ec2.internal", "ip-10-0-1-50"}));
        QCOMPARE(nodeOfSource(*inc, "a/kubelet.txt"), std::string("ip-10-0-1-5.ec2.internal"));
        QCOMPARE(nodeOfSource(*inc, "a/containerd.txt"), std::string("ip-10-0-1-5.ec2.internal"));
        QCOMPARE(nodeOfSource(*inc, "b/kubelet.txt"), std::string("ip-10-0-1-50"));

        LoadOptions userSaid;
        userSaid.nodes.push_back({"a/containerd", "ip-10-0-1-5"});
        const auto kept = loadFromMemory(files, userSaid);
        QCOMPARE(nodeOfSource(*kept, "a/containerd.txt"), std::string("ip-10-0-1-5"));
        QCOMPARE(nodeOfSource(*kept, "a/kubelet.txt"), std::string("ip-10-0-1-5.ec2.internal"));
    }

    void timeOrderHandlesEmptyAndSingleSource()
    {
        std::vector<Event> none;
        none = timeOrderOfRuns(none);
        QVERIFY(none.empty());
        std::vector<Event> one(3);
        for (std::uint32_t i = 0; i < 3; ++i) {
            one[i].offset = i;
            one[i].time = Timestamp{static_cast<std::int64_t>(30 - 10 * i)};
        }
        one = timeOrderOfRuns(one);
        QCOMPARE(std::uint64_t(one[0].offset), 2u);
        QCOMPARE(std::uint64_t(one[2].offset), 0u);
    }
};

QTEST_GUILESS_MAIN(TestEventStore)
#include "tst_eventstore.moc"
