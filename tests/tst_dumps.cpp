// Goroutine dumps: every shape a bundle carries them in is read into goroutines (id, state,
// wait, frames, creator); goroutines with the same stack group together whatever their
// arguments, offsets and wait; a queue on one lock finds the goroutine that likely holds it
// and what that one waits on; the PLEG finding cites a dump taken during its stall, and only
// then; 10,000 goroutines group well under a second.
#include "core/analysis/analyzer.h"
#include "core/dumps/goroutinedumpparser.h"
#include "core/dumps/lockholderfinder.h"
#include "core/dumps/stackbucketer.h"
#include "core/dumps/waitsite.h"
#include "core/rules/dumpexplanation.h"
#include "dumpwriter.h"
#include "testutil.h"

#include <QElapsedTimer>
#include <QtTest>

#include <fstream>

using namespace kubelane;

namespace {

// A modern dump (Go 1.21+): register-ABI arguments, inlined frames, the creator's goroutine,
// the middle of a deep stack elided, the lock's own wait reason.
const char *kModernDump = R"(goroutine 1 gp=0xc000002380 m=nil [sync.Mutex.Lock, 3 minutes]:
runtime.gopark(0xc000123456?, 0x0?, 0x0?, 0x0?, 0x0?)
	/usr/local/go/src/runtime/proc.go:402 +0xce fp=0xc00005fd10 sp=0xc00005fcf0 pc=0x43e8ce
runtime.goparkunlock(...)
	/usr/local/go/src/runtime/proc.go:408
sync.runtime_SemacquireMutex(0xc0001a2c0c, 0x0, 0x1)
	/usr/local/go/src/runtime/sema.go:77 +0x25
sync.(*Mutex).lockSlow(0xc0001a2c08)
	/usr/local/go/src/sync/mutex.go:171 +0x15d
sync.(*Mutex).Lock(...)
	/usr/local/go/src/sync/mutex.go:90
main.(*store).get(0xc0001a2c00, {0x5d1f20, 0x3})
	/src/app/store.go:31 +0x4b
...12 frames elided...
main.main()
	/src/app/main.go:12 +0x1d

goroutine 7 [chan receive, 1234 minutes, locked to thread]:
main.worker({0xc000010000, 0x2})
	/src/app/main.go:40 +0x3a
created by main.main in goroutine 1
	/src/app/main.go:11 +0x2c
)";

const char *kOldDump = R"(goroutine 17 [syscall, 9957 minutes, locked to thread]:
runtime.goexit()
	/usr/local/go/src/runtime/asm_amd64.s:2197 +0x1

goroutine 37 [select]:
github.com/docker/docker/libcontainerd.(*remote).handleConnectionChange(0xc42026c000)
	/go/src/github.com/docker/docker/libcontainerd/remote_unix.go:146 +0x1c9
...additional frames elided...
created by github.com/docker/docker/libcontainerd.New
	/go/src/github.com/docker/docker/libcontainerd/remote_unix.go:104 +0x87a
)";

std::vector<core::GoroutineDumpPtr> read(const std::string &text)
{
    return core::readGoroutineDumps(text);
}

// One journald short line of `ident` on host node-1.
std::string journal(const std::string &time, const std::string &ident, const std::string &message)
{
    return "Sep 12 " + time + " node-1 " + ident + ": " + message + "\n";
}

// Each line of a dump in its own journal entry, as journald stores a process's stderr.
std::string journalLines(const std::string &time, const std::string &ident, const std::string &dump)
{
    std::string out;
    std::size_t pos = 0;
    while (pos < dump.size()) {
        const std::size_t nl = std::min(dump.find('\n', pos), dump.size());
        out += journal(time, ident, dump.substr(pos, nl - pos));
        pos = nl + 1;
    }
    return out;
}

// strconv.Quote as logrus' text formatter applies it to a message with newlines and tabs.
std::string goQuote(const std::string &s)
{
    std::string out = "\"";
    for (char c : s)
        out += c == '\n' ? std::string("\\n") : c == '\t' ? std::string("\\t") : c == '"' ? std::string("\\\"") : std::string(1, c);
    return out + "\"";
}

std::shared_ptr<const core::Analysis> analyse(std::shared_ptr<const core::Incident> incident)
{
    core::AnalyzeOptions options;
    options.resourceDir = KUBELANE_RESOURCES;
    return core::analyzeIncident(std::move(incident), options);
}

const core::Finding *findingOf(const core::Analysis &a, const std::string &rule)
{
    for (const auto &f : a.findings)
        if (f.rule == rule)
            return &f;
    return nullptr;
}

} // namespace

class TestDumps : public QObject {
    Q_OBJECT
private slots:
    void headerShapes_data()
    {
        QTest::addColumn<QString>("line");
        QTest::addColumn<bool>("ok");
        QTest::addColumn<quint64>("id");
        QTest::addColumn<QString>("state");
        QTest::addColumn<int>("minutes");
        QTest::addColumn<bool>("locked");
        QTest::newRow("running") << "goroutine 1 [running]:" << true << quint64(1) << "running" << 0 << false;
        QTest::newRow("chan receive") << "goroutine 12 [chan receive, 5 minutes]:" << true << quint64(12) << "chan receive" << 5 << false;
        QTest::newRow("locked") << "goroutine 3 [semacquire, 1234 minutes, locked to thread]:" << true << quint64(3) << "semacquire" << 1234
                                << true;
        QTest::newRow("gp m") << "goroutine 9 gp=0xc000 m=4 mp=0xc000 [IO wait]:" << true << quint64(9) << "IO wait" << 0 << false;
        QTest::newRow("go1.20 reason") << "goroutine 5 [sync.RWMutex.RLock, 2 minutes]:" << true << quint64(5) << "sync.RWMutex.RLock" << 2
                                       << false;
        QTest::newRow("indented") << "    goroutine 8 [select]:" << true << quint64(8) << "select" << 0 << false;
        QTest::newRow("prose") << "goroutine 8 is stuck [see below]" << false << quint64(0) << "" << 0 << false;
        QTest::newRow("no id") << "goroutine x [running]:" << false << quint64(0) << "" << 0 << false;
    }
    void headerShapes()
    {
        QFETCH(QString, line);
        QFETCH(bool, ok);
        const std::string text = line.toStdString(); // the goroutine's views point into it
        core::Goroutine g;
        QCOMPARE(core::parseGoroutineHeader(text, g), ok);
        if (!ok)
            return;
        QFETCH(quint64, id);
        QFETCH(QString, state);
        QFETCH(int, minutes);
        QFETCH(bool, locked);
        QCOMPARE(quint64(g.id), id);
        QCOMPARE(QString::fromStdString(std::string(g.state)), state);
        QCOMPARE(g.waitMinutes, minutes);
        QCOMPARE(g.lockedToThread, locked);
    }

    // Frames, offsets, elisions and creators of Go 1.21+ and of go1.8.
    void fileDumps()
    {
        auto dumps = read(kModernDump);
        QCOMPARE(dumps.size(), std::size_t(1));
        const core::GoroutineDump &d = *dumps[0];
        QCOMPARE(d.shape, core::DumpShape::File);
        QCOMPARE(d.goroutines.size(), std::size_t(2));
        const core::Goroutine &g1 = d.goroutines[0];
        QCOMPARE(g1.state, std::string_view("sync.Mutex.Lock"));
        QCOMPARE(g1.waitMinutes, 3);
        QCOMPARE(g1.frames.size(), std::size_t(7));
        QCOMPARE(g1.frames[3].function, std::string_view("sync.(*Mutex).lockSlow"));
        QCOMPARE(g1.frames[3].args, std::string_view("0xc0001a2c08"));
        QCOMPARE(g1.frames[3].line, 171u);
        QCOMPARE(g1.frames[3].offset, std::string_view("+0x15d"));
        QCOMPARE(g1.frames[4].args, std::string_view("..."));
        QCOMPARE(g1.frames[4].offset, std::string_view());
        QCOMPARE(g1.frames[0].offset, std::string_view("+0xce"));
        QCOMPARE(g1.elidedFrames, 12u);
        QVERIFY(!g1.hasCreator);
        const core::Goroutine &g7 = d.goroutines[1];
        QCOMPARE(g7.id, std::uint64_t(7));
        QVERIFY(g7.lockedToThread);
        QCOMPARE(g7.waitMinutes, 1234);
        QVERIFY(g7.hasCreator);
        QCOMPARE(g7.createdBy.function, std::string_view("main.main")); // without " in goroutine 1"
        QCOMPARE(g7.createdBy.line, 11u);
        QCOMPARE(g7.sourceLine, 18u);
        QVERIFY(d.logicalLines(g7).starts_with("goroutine 7 [chan receive"));
        QVERIFY(d.logicalLines(g7).ends_with("main.go:11 +0x2c"));
        // The lock is lockSlow's receiver, taken in main.(*store).get.
        const auto lock = core::lockWaitOf(g1);
        QVERIFY(lock.has_value());
        QCOMPARE(lock->lock, std::uint64_t(0xc0001a2c08));
        QCOMPARE(lock->takenIn->function, std::string_view("main.(*store).get"));
        QCOMPARE(core::describeWait(g1), std::string("sync.Mutex.Lock in sync.(*Mutex).lockSlow, called from main.(*store).get"));

        dumps = read(kOldDump);
        QCOMPARE(dumps.size(), std::size_t(1));
        QCOMPARE(dumps[0]->goroutines[1].elidedFrames, 1u);
        QCOMPARE(dumps[0]->goroutines[1].createdBy.function, std::string_view("github.com/docker/docker/libcontainerd.New"));
    }

    // dockerd's file between its markers; a pprof debug=2 capture is the bare format.
    void markersAndPprof()
    {
        const std::string body = test::dockerdConvoyDump({.waiters = 3, .idle = 2});
        auto dumps = read("=== BEGIN goroutine stack dump ===\n" + body + "=== END goroutine stack dump ===\n");
        QCOMPARE(dumps.size(), std::size_t(1));
        QCOMPARE(dumps[0]->goroutines.size(), std::size_t(1 + 3 + 1 + 2));
        QCOMPARE(dumps[0]->firstSourceLine, 1u);
        dumps = read(body);
        QCOMPARE(dumps.size(), std::size_t(1));
        QCOMPARE(dumps[0]->goroutines.size(), std::size_t(7));
    }

    // A kubelet panic between klog lines: the dump ends where the log goes on.
    void embeddedBetweenLogLines()
    {
        const std::string text = "I0912 08:00:01.000000    1234 kubelet.go:100] before\n"
                                 "panic: runtime error: invalid memory address or nil pointer dereference\n"
                                 "[signal SIGSEGV: segmentation violation code=0x1 addr=0x0 pc=0x1b2c3d]\n\n"
                                 "goroutine 312 [running]:\n"
                                 "k8s.io/kubernetes/pkg/kubelet.(*Kubelet).syncPod(0xc000a8e000, {0x4a1c2e0, 0xc001234560})\n"
                                 "\tpkg/kubelet/kubelet.go:1700 +0x1f\n"
                                 "created by k8s.io/kubernetes/pkg/kubelet.(*podWorkers).UpdatePod in goroutine 250\n"
                                 "\tpkg/kubelet/pod_workers.go:900 +0xa5\n"
                                 "I0912 08:00:05.000000    1299 kubelet.go:101] after the restart\n";
        const auto dumps = read(text);
        QCOMPARE(dumps.size(), std::size_t(1));
        QCOMPARE(dumps[0]->goroutines.size(), std::size_t(1));
        QCOMPARE(dumps[0]->goroutines[0].createdBy.function, std::string_view("k8s.io/kubernetes/pkg/kubelet.(*podWorkers).UpdatePod"));
        QCOMPARE(dumps[0]->firstSourceLine, 5u);
        QCOMPARE(dumps[0]->lastSourceLine, 9u);
        QCOMPARE(dumps[0]->shape, core::DumpShape::EmbeddedLines);
    }

    // containerd's dump as journald stores raw stderr lines, with another process's lines
    // between them; and as one logrus message split over entries at journald's LineMax.
    void journaldShapes()
    {
        const std::string body = test::dockerdConvoyDump({.waiters = 4, .idle = 2});
        std::string lines = journal("08:05:00", "containerd[812]", "time=\"2023-09-12T08:05:00Z\" level=info msg=\"before\"");
        lines += journalLines("08:05:01", "containerd[812]", body);
        const std::size_t second = lines.rfind('\n', lines.find("goroutine 74 ")) + 1; // the start of its line
        lines.insert(second, journal("08:05:01", "kubelet[900]", "I0912 08:05:01.000000     900 x.go:1] between"));
        lines += journal("08:05:02", "containerd[812]", "time=\"2023-09-12T08:05:02Z\" level=info msg=\"after\"");
        auto dumps = read(lines);
        QCOMPARE(dumps.size(), std::size_t(1));
        QCOMPARE(dumps[0]->shape, core::DumpShape::EmbeddedLines);
        QCOMPARE(dumps[0]->goroutines.size(), std::size_t(1 + 4 + 1 + 2));
        QCOMPARE(dumps[0]->firstSourceLine, 2u);

        const std::string message = "time=\"2023-09-12T08:05:00.1Z\" level=info msg="
            + goQuote("=== BEGIN goroutine stack dump ===\n" + body + "\n=== END goroutine stack dump ===");
        const std::size_t cut = message.size() / 2;
        const std::string split = journal("08:05:00", "containerd[812]", message.substr(0, cut))
            + journal("08:05:00", "kubelet[900]", "I0912 08:05:00.000000     900 x.go:1] between")
            + journal("08:05:00", "containerd[812]", message.substr(cut));
        dumps = read(split);
        QCOMPARE(dumps.size(), std::size_t(1));
        QCOMPARE(dumps[0]->shape, core::DumpShape::LogrusMessage);
        QCOMPARE(dumps[0]->goroutines.size(), std::size_t(8));
        QCOMPARE(dumps[0]->goroutines[1].frames[1].function, std::string_view("sync.(*Mutex).Lock"));
        QCOMPARE(dumps[0]->goroutines[1].frames[1].file, std::string_view("/usr/local/go/src/sync/mutex.go"));
        QCOMPARE(dumps[0]->goroutines.back().sourceLine, 3u);
    }

    // A NUL byte after a backslash in a logrus message (a damaged journal) is text, not an
    // escape cut at the end of an entry: the message still ends at its quote, and the next
    // SIGUSR1 dump of the same process is a dump of its own.
    void logrusDumpWithNulAfterBackslash()
    {
        const std::string body = test::dockerdConvoyDump({.waiters = 4, .idle = 2});
        std::string damaged = goQuote("=== BEGIN goroutine stack dump ===\n" + body + "\n=== END goroutine stack dump ===");
        damaged.insert(damaged.find("\\n=== END"), std::string("\\\0", 2));
        const std::string log = journal("08:05:00", "containerd[812]", "time=\"2023-09-12T08:05:00Z\" level=info msg=" + damaged)
            + journal("08:05:30", "containerd[812]", "time=\"2023-09-12T08:05:30Z\" level=info msg=\"between\"")
            + journal("08:06:00", "containerd[812]",
                      "time=\"2023-09-12T08:06:00Z\" level=info msg="
                          + goQuote("=== BEGIN goroutine stack dump ===\n" + body + "\n=== END goroutine stack dump ==="));
        const auto dumps = read(log);
        QCOMPARE(dumps.size(), std::size_t(2));
        QCOMPARE(dumps[0]->goroutines.size(), std::size_t(8));
        QCOMPARE(dumps[0]->lastSourceLine, 1u);
        QCOMPARE(dumps[1]->goroutines.size(), std::size_t(8));
        QCOMPARE(dumps[1]->firstSourceLine, 3u);
    }

    // Equal stacks group whatever their arguments, offsets and minutes; biggest group first.
    void bucketing()
    {
        const auto dumps = read(test::dockerdConvoyDump({.waiters = 50, .idle = 10, .longestWaitMinutes = 4}));
        const auto buckets = core::bucketStacks(*dumps[0]);
        QCOMPARE(buckets.size(), std::size_t(5)); // waiters, IO wait, syscall copiers, holder, dumper
        QCOMPARE(buckets[0].count(), std::size_t(50));
        QCOMPARE(buckets[0].state, std::string_view("semacquire"));
        QCOMPARE(buckets[0].longestWaitMinutes, 4);
        QCOMPARE(buckets[0].summary, std::string("semacquire in sync.(*Mutex).Lock, called from daemon.(*Daemon).ContainerInspectCurrent"));
        QCOMPARE(buckets[1].count(), std::size_t(5));
        QCOMPARE(buckets[2].count(), std::size_t(5));
        QVERIFY(buckets[1].longestWaitMinutes > buckets[2].longestWaitMinutes); // ties on count: longest wait first
        QCOMPARE(buckets[1].state, std::string_view("syscall"));
        QCOMPARE(buckets[3].count(), std::size_t(1));

        // A different line in one frame is a different group.
        std::string text = test::goroutineText(1, "select", 0, {{"main.loop", "0x1", "/src/main.go", 10, 0x1}})
            + test::goroutineText(2, "select", 3, {{"main.loop", "0x2", "/src/main.go", 10, 0x9}})
            + test::goroutineText(3, "select", 0, {{"main.loop", "0x1", "/src/main.go", 11, 0x1}});
        const auto other = core::bucketStacks(*read(text)[0]);
        QCOMPARE(other.size(), std::size_t(2));
        QCOMPARE(other[0].count(), std::size_t(2));
        QCOMPARE(other[0].longestWaitMinutes, 3);
        QCOMPARE(other[0].longestWaiter, std::size_t(1));
    }

    // The holder is the goroutine working on the object around the lock, not queued on it;
    // what it waits on is a gRPC call to containerd.
    void lockHolder()
    {
        const auto dumps = read(test::dockerdConvoyDump({.waiters = 40, .idle = 20}));
        const auto convoys = core::findLockConvoys(*dumps[0]);
        QCOMPARE(convoys.size(), std::size_t(1));
        const core::LockConvoy &c = convoys[0];
        QCOMPARE(c.lock, std::uint64_t(0xc420f3a640));
        QCOMPARE(c.waiters.size(), std::size_t(40));
        QCOMPARE(c.takenIn, std::string("daemon.(*Daemon).ContainerInspectCurrent"));
        QVERIFY(c.holder.has_value());
        QCOMPARE(dumps[0]->goroutines[*c.holder].id, std::uint64_t(2048871));
        QCOMPARE(c.object, std::uint64_t(0xc420f3a600));
        QCOMPARE(c.holderFunction, std::string("daemon.(*Daemon).containerStop"));
        QCOMPARE(c.holderOutbound, std::string("a gRPC call types.(*aPIClient).Signal"));

        // Without the holder in the dump: the queue, and no claim.
        const auto alone = core::findLockConvoys(*read(test::dockerdConvoyDump({.waiters = 40, .idle = 20, .holder = false}))[0]);
        QCOMPARE(alone.size(), std::size_t(1));
        QVERIFY(!alone[0].holder);
        // A healthy daemon: nothing queued on a lock, nothing claimed.
        QVERIFY(core::findLockConvoys(*read(test::dockerdConvoyDump({.waiters = 0, .idle = 60, .holder = false}))[0]).empty());
        // A neighbour object far from the lock is not its holder.
        QVERIFY(!core::findLockConvoys(*read(test::dockerdConvoyDump({.waiters = 5, .idle = 0, .holder = false, .container = 0xc420f3a600})
                                             + test::goroutineText(9, "select", 9, {{"main.other", "0xc420f2a000", "/src/m.go", 1, 1}}))[0])
                     .front()
                     .holder);
        // Nor is RPC plumbing handed its own client that happens to lie just below the lock
        // (gRPC or ttrpc alike): the client is no object of the program's.
        for (const std::string rpc : {"github.com/containerd/ttrpc.(*Client).Call", "google.golang.org/grpc.(*ClientConn).Invoke"}) {
            const auto withRpc = core::findLockConvoys(
                *read(test::dockerdConvoyDump({.waiters = 5, .idle = 0, .holder = false})
                      + test::goroutineText(9, "select", 9,
                                            {{rpc, "0xc420f3a620, {0x1c4a360, 0xc000abc000}", "/go/pkg/mod/rpc/client.go", 150, 0x2a5},
                                             {"main.other", "0x1", "/src/m.go", 1, 1}}))[0]);
            QVERIFY2(!withRpc.front().holder, withRpc.front().holderFunction.c_str());
        }
    }

    // The dump of the ACK incident: 341 inspect calls queued on one container's mutex
    // behind a stop whose signal call to containerd never returned.
    void plegSampleCitesTheDump()
    {
        const auto a = analyse(test::load({std::string(KUBELANE_SAMPLES) + "/pleg-unhealthy"}));
        QCOMPARE(a->facts.dumps.size(), std::size_t(1));
        const core::RuntimeDump &d = a->facts.dumps[0];
        QCOMPARE(d.process, std::string("dockerd"));
        QCOMPARE(test::utc(d.time, 0), QString("2019-05-16T02:06:10Z"));
        QVERIFY(d.timeEvidence.starts_with("file name goroutine-stacks-2019-05-16T100610+0800.log"));
        QCOMPARE(d.dump->goroutines.size(), std::size_t(412));
        QVERIFY(!d.convoys.empty());
        const core::Finding *f = findingOf(*a, "pleg-unhealthy");
        QVERIFY(f);
        QVERIFY2(f->explanation.find(
                     "\nGoroutine dump: 341 goroutines in dockerd waited in daemon.(*Daemon).ContainerInspectCurrent on the lock "
                     "0xc420f3a640 of the object at 0xc420f3a600 for up to 4 min; goroutine 2048871 held it while waiting in a gRPC call "
                     "types.(*aPIClient).Signal (select, 5 min), inside daemon.(*Daemon).containerStop on that object.")
                     != std::string::npos,
                 f->explanation.c_str());
        QVERIFY(std::find(f->evidence.begin(), f->evidence.end(), d.event) != f->evidence.end());
        QCOMPARE(f->explanation.find("Check dockerd/containerd"), std::string::npos);
    }

    // Through the loader: a kubelet panic between klog lines and a crash's dump lines in a
    // journal are found from what the parser saw (no second read of every line), dated by
    // the log line before them.
    void dumpsInLogsThroughTheLoader()
    {
        const std::string klog = "I0912 08:00:01.000000    1234 kubelet.go:100] before\n"
                                 "panic: runtime error: invalid memory address or nil pointer dereference\n"
                                 "goroutine 312 [running]:\n"
                                 "k8s.io/kubernetes/pkg/kubelet.(*Kubelet).syncPod(0xc000a8e000, {0x4a1c2e0, 0xc001234560})\n"
                                 "\tpkg/kubelet/kubelet.go:1700 +0x1f\n"
                                 "I0912 08:00:05.000000    1299 kubelet.go:101] after the restart\n";
        const std::string crash = journal("08:05:00", "containerd[812]", "time=\"2023-09-12T08:05:00Z\" level=info msg=\"before\"")
            + journalLines("08:05:01", "containerd[812]",
                           "SIGQUIT: quit\nPC=0x46e8e1 m=0 sigcode=0\n\n" + test::dockerdConvoyDump({.waiters = 3, .idle = 2}))
            + journal("08:06:00", "containerd[9001]", "time=\"2023-09-12T08:06:00Z\" level=info msg=\"starting containerd\"");
        const auto a = analyse(test::loadFiles({{"nodes/node-1/kubelet.log", klog}, {"nodes/node-1/containerd.log", crash}}));
        QCOMPARE(a->facts.dumps.size(), std::size_t(2));
        for (const core::RuntimeDump &d : a->facts.dumps) {
            QVERIFY2(d.timeEvidence.starts_with("time of the log line"), d.timeEvidence.c_str());
            QCOMPARE(a->incident->text(d.node), std::string_view("node-1"));
        }
        const core::RuntimeDump &k = a->facts.dumps[0].process == "kubelet" ? a->facts.dumps[0] : a->facts.dumps[1];
        const core::RuntimeDump &c = &k == &a->facts.dumps[0] ? a->facts.dumps[1] : a->facts.dumps[0];
        QCOMPARE(k.process, std::string("kubelet"));
        QCOMPARE(k.dump->goroutines.size(), std::size_t(1));
        QCOMPARE(c.process, std::string("containerd"));
        QCOMPARE(c.dump->goroutines.size(), std::size_t(7));
        QCOMPARE(c.dump->shape, core::DumpShape::EmbeddedLines);
    }

    // containerd's SIGUSR1 dump in its journal, one logrus message cut by journald: the
    // CRI handlers wait minutes in ttrpc calls to a shim, no lock queue; the finding says so.
    void containerdSampleCitesTheShimCalls()
    {
        const auto a = analyse(test::load({std::string(KUBELANE_SAMPLES) + "/shim-hang-dump-pleg"}));
        QCOMPARE(a->facts.dumps.size(), std::size_t(1));
        const core::RuntimeDump &d = a->facts.dumps[0];
        QCOMPARE(d.process, std::string("containerd"));
        QCOMPARE(d.dump->shape, core::DumpShape::LogrusMessage);
        QCOMPARE(d.dump->goroutines.size(), std::size_t(90));
        QCOMPARE(test::utc(d.time), QString("2024-09-03T13:46:30.517204Z"));
        QVERIFY2(d.timeEvidence.starts_with("time of the log line that carries it"), d.timeEvidence.c_str());
        QVERIFY(d.convoys.empty());
        QCOMPARE(d.buckets.front().count(), std::size_t(48));
        QCOMPARE(d.buckets.front().longestWaitMinutes, 5);
        QCOMPARE(d.buckets.front().summary, std::string("select in ttrpc.(*Client).Call, called from v2.(*taskClient).State"));
        const core::Finding *f = findingOf(*a, "pleg-unhealthy");
        QVERIFY(f);
        QVERIFY2(f->explanation.find(
                     "\nGoroutine dump: 48 goroutines in containerd waited for up to 5 min in a ttrpc call v2.(*taskClient).State "
                     "(serving v1._RuntimeService_PodSandboxStatus_Handler)")
                     != std::string::npos,
                 f->explanation.c_str());
    }

    // A group waiting minutes in a ttrpc call, itself served over ttrpc: the "serving" part
    // names the program's handler, not ttrpc's dispatch plumbing (as for gRPC).
    void outboundGroupServesNoRpcPlumbing()
    {
        const std::string cd = "github.com/containerd/containerd/";
        std::string dump = "SIGQUIT: quit\nPC=0x46e8e1 m=0 sigcode=0\n\n";
        for (int i = 0; i < 3; ++i)
            dump += test::goroutineText(
                100 + std::uint64_t(i), "select", 3,
                {{"runtime.gopark", "0x0, 0x0, 0x0, 0x0, 0x0", "/usr/local/go/src/runtime/proc.go", 381, 0xce},
                 {"runtime.selectgo", "0xc000a1b2c0, 0xc000a1b2a0, 0x2, 0x0, 0x0", "/usr/local/go/src/runtime/select.go", 327, 0x7be},
                 {"github.com/containerd/ttrpc.(*Client).Call", "0xc000123400, {0x1c4a360, 0xc000abc000}",
                  "/go/pkg/mod/github.com/containerd/ttrpc/client.go", 150, 0x2a5},
                 {cd + "runtime/v2/task.(*taskClient).State", "0xc000456700, {0x1c4a360, 0xc000abc000}",
                  "/go/src/" + cd + "runtime/v2/task/shim.pb.go", 3609, 0xa5},
                 {cd + "services/tasks.(*local).Get", "0xc000789000, {0x1c4a360, 0xc000abc000}",
                  "/go/src/" + cd + "services/tasks/local.go", 482, 0x1c5},
                 {"github.com/containerd/ttrpc.(*serviceSet).dispatch", "0xc000999000, {0x1c4a360, 0xc000abc000}",
                  "/go/pkg/mod/github.com/containerd/ttrpc/services.go", 95, 0x1b4}});
        const std::string log = journal("08:05:00", "containerd[812]", "time=\"2023-09-12T08:05:00Z\" level=info msg=\"before\"")
            + journalLines("08:05:01", "containerd[812]", dump)
            + journal("08:06:00", "containerd[9001]", "time=\"2023-09-12T08:06:00Z\" level=info msg=\"starting containerd\"");
        const auto a = analyse(test::loadFiles({{"nodes/node-1/containerd.log", log}}));
        QCOMPARE(a->facts.dumps.size(), std::size_t(1));
        const core::RuntimeDump &d = a->facts.dumps[0];
        const auto why =
            core::explainStallByDump(*a, d.node, d.time - core::Duration::fromSeconds(60), d.time + core::Duration::fromSeconds(60));
        QVERIFY(why);
        QVERIFY2(why->sentence.find("(serving tasks.(*local).Get)") != std::string::npos, why->sentence.c_str());
    }

    // A healthy dockerd: two calls queued for a moment on a container's lock (no minutes), the
    // reader that holds it running; idle connections and copiers. Groups, and no holder claimed.
    void healthySampleClaimsNothing()
    {
        const auto a = analyse(test::load({std::string(KUBELANE_SAMPLES) + "/dump-healthy"}));
        QCOMPARE(a->facts.dumps.size(), std::size_t(1));
        const core::RuntimeDump &d = a->facts.dumps[0];
        QCOMPARE(d.process, std::string("dockerd"));
        QCOMPARE(test::utc(d.time, 0), QString("2024-06-18T10:15:00Z"));
        QCOMPARE(d.timeEvidence, std::string("file name goroutine-stacks-2024-06-18T101500Z.log"));
        QCOMPARE(d.dump->goroutines.size(), std::size_t(245));
        QCOMPARE(d.buckets.front().count(), std::size_t(140));
        QCOMPARE(d.convoys.size(), std::size_t(1));
        QCOMPARE(d.convoys[0].waiters.size(), std::size_t(2));
        QVERIFY(!d.convoys[0].holder);
        QVERIFY(a->findings.empty());
    }

    // The same kubelet stall with a dump of a daemon that queues on nothing, or a dump taken
    // a day later: the finding fires as before and claims nothing about a lock.
    void noClaimWithoutAConvoyInTheStall_data()
    {
        QTest::addColumn<QString>("dumpName");
        QTest::addColumn<bool>("convoy");
        QTest::newRow("healthy dump in the stall") << "goroutine-stacks-2019-05-16T100610+0800.log" << false;
        QTest::newRow("convoy a day later") << "goroutine-stacks-2019-05-17T100610+0800.log" << true;
        QTest::newRow("convoy before the stall") << "goroutine-stacks-2019-05-16T093000+0800.log" << true;
    }
    void noClaimWithoutAConvoyInTheStall()
    {
        QFETCH(QString, dumpName);
        QFETCH(bool, convoy);
        const std::string dir = std::string(KUBELANE_SAMPLES) + "/pleg-unhealthy/nodes/cn-hangzhou.i-bp1g6zv0ce8oyzf2xkz9/";
        QTemporaryDir tmp;
        const std::string node = "nodes/cn-hangzhou.i-bp1g6zv0ce8oyzf2xkz9/";
        std::vector<std::string> paths;
        for (const char *f : {"kubelet.log", "journal.txt"}) {
            std::ifstream in(dir + f, std::ios::binary);
            paths.push_back(test::writeFile(tmp, node + f, std::string(std::istreambuf_iterator<char>(in), {})));
        }
        paths.push_back(test::writeFile(tmp, node + "docker/" + dumpName.toStdString(),
                                        test::dockerdConvoyDump({.waiters = convoy ? 300 : 0, .idle = 200, .holder = convoy})));
        const auto a = analyse(test::load(paths));
        QCOMPARE(a->facts.dumps.size(), std::size_t(1));
        QCOMPARE(a->facts.dumps[0].convoys.empty(), !convoy);
        const core::Finding *f = findingOf(*a, "pleg-unhealthy");
        QVERIFY(f);
        QCOMPARE(f->explanation.find("Goroutine dump"), std::string::npos);
        QVERIFY(f->explanation.find("Check dockerd/containerd") != std::string::npos);
    }

    // panicparse's use: a dump of 10,000 goroutines reads, groups and finds its holder in well
    // under a second (the figure is printed for the note).
    void tenThousandGoroutines()
    {
        const std::string text = test::dockerdConvoyDump({.waiters = 7000, .idle = 3000});
        QElapsedTimer timer;
        timer.start();
        const auto dumps = read(text);
        const qint64 readMs = timer.elapsed();
        const auto buckets = core::bucketStacks(*dumps[0]);
        const qint64 groupMs = timer.elapsed() - readMs;
        const auto convoys = core::findLockConvoys(*dumps[0]);
        const qint64 totalMs = timer.elapsed();
        qInfo("10,002 goroutines, %.1f MB: read %lld ms, grouped %lld ms, lock holders %lld ms", double(text.size()) / 1e6, readMs, groupMs,
              totalMs - readMs - groupMs);
        QCOMPARE(dumps[0]->goroutines.size(), std::size_t(10002));
        QCOMPARE(buckets.front().count(), std::size_t(7000));
        QVERIFY(convoys.front().holder.has_value());
#if !defined(__SANITIZE_ADDRESS__)
        QVERIFY2(totalMs < 1000, qPrintable(QString::number(totalMs)));
#endif
    }
};

QTEST_GUILESS_MAIN(TestDumps)
#include "tst_dumps.moc"
