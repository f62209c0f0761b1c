// Hostile bundles, built on the fly (nothing large is committed): decompression bombs, cut
// archives, links, nesting, binary and empty files, files that shrink while mapped, a load
// past its memory bound. Each checks the message, the counts, and that the rest still loads.
#include "core/input/bundlereader.h"
#include "core/input/textencoding.h"
#include "archivewriter.h"
#include "testutil.h"

#include <fcntl.h>
#include <unistd.h>

using namespace kubelane;
using namespace kubelane::core;

namespace {

using test::ArchiveMember;
using test::makeArchive;

std::string kubeletLine(int i)
{
    char line[128];
    std::snprintf(line, sizeof line, "I1207 15:%02d:%02d.%06d 14756 server.go:417] line %d\n", (i / 60) % 60, i % 60, i % 1000000, i);
    return line;
}

std::string kubeletLines(int n)
{
    std::string out;
    for (int i = 0; i < n; ++i)
        out += kubeletLine(i);
    return out;
}

std::string gzipOf(const std::string &content)
{
    return makeArchive({{"data", content}}, "raw", true);
}

const InputFile *fileEndingWith(const BundleReadResult &r, const std::string &suffix)
{
    for (const auto &f : r.files)
        if (f.path.ends_with(suffix))
            return &f;
    return nullptr;
}

const SkippedInput *skippedEndingWith(const Incident &inc, const std::string &suffix)
{
    for (const auto &s : inc.skipped)
        if (s.path.ends_with(suffix))
            return &s;
    return nullptr;
}

bool contains(const std::string &text, const std::string &part)
{
    return text.find(part) != std::string::npos;
}

} // namespace

class TestHostile : public QObject {
    Q_OBJECT
private slots:
    // A .gz of zeros, 1000 times smaller than what it expands to: stopped by the ratio,
    // named with the limit and the option; the file next to it loads.
    void bombStoppedByRatio()
    {
        QTemporaryDir dir;
        const auto bomb = test::writeFile(dir, "b/huge.log.gz", gzipOf(std::string(80u << 20, '\0')));
        test::writeFile(dir, "b/kubelet.log", kubeletLines(3));
        const auto inc = test::load({dir.path().toStdString() + "/b"});
        const Source *s = test::sourceEndingWith(*inc, "huge.log");
        QVERIFY2(s, "the bomb is in the sources list");
        QVERIFY2(contains(s->error, "huge.log") && contains(s->error, "200 times") && contains(s->error, "--max-ratio"), s->error.c_str());
        QCOMPARE(inc->stats.events, 3u);
        Q_UNUSED(bomb);
    }

    void compressibleLogIsNoBomb()
    {
        BundleReadOptions o;
        o.ratioCheckFrom = 0; // the ratio counts from the first byte
        const auto r = readBundleBytes("kubelet.log.gz", makeBytes(gzipOf(kubeletLines(20000))), o);
        QCOMPARE(r.files.size(), size_t(1));
        QVERIFY2(r.files[0].error.empty(), r.files[0].error.c_str());
        QCOMPARE(r.files[0].bytes->size(), kubeletLines(20000).size());
    }

    void bombStoppedByExpandedSize()
    {
        BundleReadOptions o;
        o.maxExpandedBytes = 1u << 20;
        const std::string tar = makeArchive({{"a/kubelet.log", kubeletLines(40000)}, {"a/after.log", kubeletLines(2)}}, "tar", true);
        const auto r = readBundleBytes("bundle.tar.gz", makeBytes(tar), o);
        const InputFile *f = fileEndingWith(r, "!a/kubelet.log");
        QVERIFY(f && !f->bytes);
        QVERIFY2(contains(f->error, "bundle.tar.gz!a/kubelet.log") && contains(f->error, "1 MiB") && contains(f->error, "--max-expanded"),
                 f->error.c_str());
        // Under the limit, the same archive reads whole.
        o.maxExpandedBytes = 64u << 20;
        const auto whole = readBundleBytes("bundle.tar.gz", makeBytes(tar), o);
        QCOMPARE(whole.files.size(), size_t(2));
        QVERIFY(whole.files[0].error.empty() && whole.files[1].error.empty());
    }

    // A cut .gz: the lines before the cut load, and the source says where it was damaged.
    void truncatedGzipKeepsWhatCameBefore()
    {
        std::string gz = gzipOf(kubeletLines(50000));
        gz.resize(gz.size() / 2);
        QTemporaryDir dir;
        const auto inc = test::load({test::writeFile(dir, "kubelet.log.gz", gz)});
        QCOMPARE(inc->sources.size(), size_t(1));
        const Source &s = inc->sources[0];
        QVERIFY2(contains(s.error, "damage"), s.error.c_str());
        QVERIFY2(s.eventCount > 1000 && s.eventCount < 50000, std::to_string(s.eventCount).c_str());
    }

    void truncatedTarGzKeepsEarlierMembers()
    {
        std::string tgz = makeArchive({{"n/first.log", kubeletLines(100)}, {"n/second.log", kubeletLines(60000)}}, "tar", true);
        tgz.resize(tgz.size() * 2 / 3);
        QTemporaryDir dir;
        const auto inc = test::load({test::writeFile(dir, "bundle.tar.gz", tgz)});
        const Source *first = test::sourceEndingWith(*inc, "!n/first.log");
        const Source *second = test::sourceEndingWith(*inc, "!n/second.log");
        QVERIFY(first && second);
        QVERIFY(first->error.empty());
        QCOMPARE(first->eventCount, 100u);
        QVERIFY2(contains(second->error, "damage"), second->error.c_str());
        QVERIFY(second->eventCount > 0 && second->eventCount < 60000);
    }

    void linksAreNamesNotFollowed()
    {
        const std::string tar = makeArchive({{"n/kubelet.log", kubeletLines(2)},
                                             {"n/passwd.log", {}, AE_IFLNK, "/etc/passwd"},
                                             {"n/up.log", {}, AE_IFLNK, "../../../../etc/passwd"},
                                             {"n/again.log", {}, AE_IFREG, "n/kubelet.log"}},
                                            "tar", false);
        QTemporaryDir dir;
        const auto inc = test::load({test::writeFile(dir, "links.tar", tar)});
        QCOMPARE(inc->sources.size(), size_t(1));
        QCOMPARE(inc->stats.events, 2u);
        const SkippedInput *link = skippedEndingWith(*inc, "!n/passwd.log");
        QVERIFY(link && contains(link->reason, "symbolic link"));
        QVERIFY(skippedEndingWith(*inc, "!n/up.log"));
        const SkippedInput *hard = skippedEndingWith(*inc, "!n/again.log");
        QVERIFY(hard && contains(hard->reason, "hard link"));
    }

    void nestedArchivesUpToTheLimit()
    {
        std::string archive = makeArchive({{"kubelet.log", kubeletLines(1)}}, "tar", true);
        for (int level = 0; level < 3; ++level)
            archive = makeArchive({{"inner" + std::to_string(level) + ".tar.gz", archive}}, "tar", true);
        const auto r = readBundleBytes("outer.tar.gz", makeBytes(archive));
        QCOMPARE(r.files.size(), size_t(1)); // four deep: read
        QVERIFY(r.files[0].path.ends_with("!kubelet.log"));
        BundleReadOptions shallow;
        shallow.maxArchiveDepth = 2;
        const auto cut = readBundleBytes("outer.tar.gz", makeBytes(archive), shallow);
        QVERIFY(cut.files.empty());
        QCOMPARE(cut.skipped.size(), size_t(1));
        QVERIFY2(contains(cut.skipped[0].reason, "nested archives"), cut.skipped[0].reason.c_str());
    }

    // A member whose name is dots and slashes keeps a name that is a file's: not "a/..", ".",
    // or "" (the fuzzer's "a/...gz" became "a/..", a step out of the archive).
    void memberNamesThatNameNoFile()
    {
        const std::string gz = gzipOf(kubeletLines(1));
        const std::string tar = makeArchive({{"a/...gz", gz},
                                             {"b/..gz", gz},
                                             {".gz", gz},
                                             {"c/..", kubeletLines(1)},
                                             {"d!../e.log", kubeletLines(1)},
                                             {"f/./g.log", kubeletLines(1)}},
                                            "tar", false);
        const auto r = readBundleBytes("n.tar", makeBytes(tar));
        std::vector<std::string> paths;
        for (const auto &f : r.files)
            paths.push_back(f.path);
        const std::vector<std::string> expected{"n.tar!a/...gz~decompressed", "n.tar!b/..gz~decompressed", "n.tar!.gz~decompressed",
                                                "n.tar!member 4 (no name)",   "n.tar!d!../e.log",          "n.tar!f/g.log"};
        QCOMPARE(paths, expected);
        for (const auto &f : r.files)
            QVERIFY2(f.bytes && f.bytes->size() == kubeletLine(0).size(), f.path.c_str());
        const auto gzipped = readBundleBytes("x/...gz", makeBytes(gz)); // a bare .gz, named as a folder's file
        QCOMPARE(gzipped.files.size(), size_t(1));
        QCOMPARE(gzipped.files[0].path, std::string("x/...gz~decompressed"));
    }

    // A header libarchive calls damaged and asks to retry ("Damaged tar archive", ARCHIVE_RETRY)
    // ends the archive with that said, after the members before it; it was lost without a word.
    void damagedTarHeaderIsSaid()
    {
        std::string tar = makeArchive({{"n/first.log", kubeletLines(1)}, {"n/second.log", kubeletLines(1)}}, "tar", false);
        tar[1024] = 'X'; // the second header's name: its checksum no longer holds
        const auto r = readBundleBytes("n.tar", makeBytes(tar));
        QCOMPARE(r.files.size(), size_t(2));
        QCOMPARE(r.files[0].path, std::string("n.tar!n/first.log"));
        QVERIFY(r.files[0].bytes);
        QCOMPARE(r.files[1].path, std::string("n.tar"));
        QVERIFY2(contains(r.files[1].error, "corrupt or truncated after n.tar!n/first.log"), r.files[1].error.c_str());
    }

    // An archive cut short after its folders, before any file (found by fuzzing): said, not
    // silently nothing.
    void archiveOfFoldersOnlyIsSaid()
    {
        const std::string tar = makeArchive({{"master1/", {}, AE_IFDIR}, {"master1/var/log/", {}, AE_IFDIR}}, "tar", true);
        const auto r = readBundleBytes("b.tar.gz", makeBytes(tar));
        QVERIFY(r.files.empty());
        QCOMPARE(r.skipped.size(), size_t(1));
        QCOMPARE(r.skipped[0].path, std::string("b.tar.gz"));
        QCOMPARE(r.skipped[0].reason, std::string("an archive with no files in it, only folders"));
    }

    // Every file of a folder is a source or named as not loaded, with its reason.
    void everyInputAccountedFor()
    {
        QTemporaryDir dir;
        const std::string b = dir.path().toStdString() + "/b";
        const std::string log = kubeletLines(200);
        test::writeFile(dir, "b/kubelet.log", log);
        test::writeFile(dir, "b/kubelet.log.1", log); // rotated copy, same content
        test::writeFile(dir, "b/empty.log", "");
        std::string core(1u << 20, '\0');
        for (std::size_t i = 0; i < core.size(); i += 7)
            core[i] = char(i * 31);
        test::writeFile(dir, "b/core.1234", core);
        test::writeFile(dir, "b/README.md", "# about this bundle\n");
        test::writeFile(dir, "b/zeros.gz", gzipOf(std::string(80u << 20, '\0')));
        const auto inc = test::load({b});
        std::map<std::string, std::string> why;
        for (const auto &s : inc->sources)
            why[s.path.substr(b.size() + 1)] = s.error.empty() ? "loaded" : s.error;
        for (const auto &s : inc->skipped)
            why[s.path.substr(b.size() + 1)] = s.reason;
        QCOMPARE(why.size(), size_t(6));
        QCOMPARE(why["kubelet.log"], std::string("loaded"));
        QVERIFY2(contains(why["kubelet.log.1"], "duplicate") && contains(why["kubelet.log.1"], "kubelet.log"),
                 why["kubelet.log.1"].c_str());
        QCOMPARE(why["empty.log"], std::string("empty"));
        QVERIFY2(contains(why["core.1234"], "binary"), why["core.1234"].c_str());
        QVERIFY2(contains(why["README.md"], "not a log"), why["README.md"].c_str());
        QVERIFY2(contains(why["zeros"], "--max-ratio"), why["zeros"].c_str());
        QCOMPARE(inc->stats.events, 200u); // the duplicate does not double them
    }

    // The same lines through two envelopes (the kubelet's own file and the journal) are one
    // set of events; the same lines on two nodes are two.
    void sameLinesInTwoEnvelopesCountOnce()
    {
        std::string journal;
        for (int i = 0; i < 50; ++i)
            journal += "Dec 07 15:" + kubeletLine(i).substr(9, 5) + " node3 kubelet[14756]: " + kubeletLine(i);
        const auto inc = test::loadFiles({{"nodes/node3/kubelet.log", kubeletLines(50)}, {"nodes/node3/journal.log", journal}});
        QCOMPARE(inc->sources.size(), size_t(2));
        QCOMPARE(inc->stats.events, 50u);
        const auto other =
            test::loadFiles({{"nodes/node3/kubelet.log", kubeletLines(50)}, {"nodes/node4/kubelet.log", kubeletLines(50) + "\n"}});
        QCOMPARE(other->stats.events, 100u);
    }

    // Many events in one instant, read twice (a dump whose lines share its time): counted
    // once, in time linear in the events, not in their square.
    void manyRepeatsInOneInstant()
    {
        std::string lines;
        for (int i = 0; i < 60000; ++i)
            lines += "I1207 15:00:00.000000 14756 server.go:417] goroutine " + std::to_string(i) + "\n";
        QElapsedTimer timer;
        timer.start();
        const std::string onlyInCopy = "I1207 15:00:01.000000 14756 server.go:417] only in the copy\n";
        const auto inc = test::loadFiles({{"nodes/node3/kubelet.log", lines}, {"nodes/node3/kubelet-copy.log", lines + onlyInCopy}});
        QCOMPARE(inc->stats.events, 60001u);
        QVERIFY2(timer.elapsed() < 60000, std::to_string(timer.elapsed()).c_str());
    }

    void textIsNotSkippedAsBinary()
    {
        const auto inc = test::loadText("app.log", "plain text with a few words\nand a second line\n");
        QCOMPARE(inc->sources.size(), size_t(1));
        QVERIFY(inc->skipped.empty());
    }

    // A mapped file cut short under us: the lost tail reads as zeros, flagged, no SIGBUS.
    void mappedFileTruncatedUnderUs()
    {
        QTemporaryDir dir;
        const std::string path = test::writeFile(dir, "growing.log", std::string(4u << 20, 'x'));
        std::string error;
        const BytesPtr bytes = Bytes::mapFile(path, error);
        QVERIFY(bytes && bytes->isMapped());
        QVERIFY(::truncate(path.c_str(), 100) == 0);
        std::uint64_t xs = 0, zeros = 0;
        for (char c : bytes->view())
            (c == 'x' ? xs : zeros) += c == 'x' || c == '\0';
        QCOMPARE(xs + zeros, std::uint64_t(4u << 20));
        QVERIFY(xs >= 100 && xs < (4u << 20));
        QVERIFY(bytes->lostTail());
    }

    void untouchedMappedFileHasNoLostTail()
    {
        QTemporaryDir dir;
        const std::string path = test::writeFile(dir, "kubelet.log", kubeletLines(1000));
        std::string error;
        const BytesPtr bytes = Bytes::mapFile(path, error);
        QVERIFY(bytes);
        QCOMPARE(bytes->view(), std::string_view(kubeletLines(1000)));
        QVERIFY(!bytes->lostTail());
    }

    // Past the memory bound, loading stops with what it has; the rest is named.
    void memoryLimitStopsCleanly()
    {
        auto o = test::options();
        o.threads = 1;
        o.maxMemoryBytes = 1; // spent by the first file parsed
        const auto inc = test::loadFiles({{"a/kubelet.log", kubeletLines(300)},
                                          {"b/kubelet.log", kubeletLines(10) + "extra\n"},
                                          {"c/kubelet.log", kubeletLines(20) + "more\n"}},
                                         o);
        QCOMPARE(inc->sources.size(), size_t(1));
        QCOMPARE(inc->skipped.size(), size_t(2));
        for (const auto &s : inc->skipped)
            QVERIFY2(contains(s.reason, "memory limit") && contains(s.reason, "--max-memory"), s.reason.c_str());
        QVERIFY(std::any_of(inc->notes.begin(), inc->notes.end(), [](auto &n) { return contains(n, "loading stopped"); }));
        QCOMPARE(inc->stats.events, 300u); // the largest file, parsed first
    }

    // The last file may spend the whole budget: nothing was skipped, so there is no note.
    void budgetSpentByTheLastFileSkipsNothing()
    {
        auto o = test::options();
        o.threads = 1;
        o.maxMemoryBytes = 1;
        const auto inc = test::loadFiles({{"a/kubelet.log", kubeletLines(30)}}, o);
        QCOMPARE(inc->sources.size(), size_t(1));
        QVERIFY(inc->skipped.empty());
        QVERIFY(std::none_of(inc->notes.begin(), inc->notes.end(), [](auto &n) { return contains(n, "loading stopped"); }));
        QCOMPARE(inc->stats.events, 30u);
    }

    void underTheMemoryLimitAllLoads()
    {
        auto o = test::options();
        o.maxMemoryBytes = 1u << 30;
        const auto inc = test::loadFiles({{"a/kubelet.log", kubeletLines(300)}, {"b/kubelet.log", kubeletLines(10) + "x\n"}}, o);
        QCOMPARE(inc->sources.size(), size_t(2));
        QVERIFY(inc->skipped.empty());
    }

    // Bytes no log should hold: each kind counted, none fatal, the lines around still events.
    void badBytesInLinesAreCounted()
    {
        std::string text = kubeletLine(1);
        text += "I1207 15:00:02.000000 14756 server.go:417] caf\xc3 invalid \xff\xfe utf-8\n";
        text += std::string("\0\0\0\0\0\0\0\0\n", 9);
        text += "I1207 15:00:03.000000 14756 server.go:417] " + std::string(100u << 20, 'a') + "\n"; // a 100 MB line
        text += kubeletLine(4);
        const auto inc = test::loadText("kubelet.log", text);
        QCOMPARE(inc->sources.size(), size_t(1));
        const Source &s = inc->sources[0];
        QVERIFY(s.error.empty());
        QCOMPARE(s.eventCount, 4u);
        QCOMPARE(s.diagnosticCounts[int(DiagnosticReason::InvalidUtf8)], 1u);
        QCOMPARE(s.diagnosticCounts[int(DiagnosticReason::BinaryData)], 1u);
        QCOMPARE(s.diagnosticCounts[int(DiagnosticReason::LineTooLong)], 1u);
    }

    // An event's lines are counted from its bytes (Incident::lineCountOf), so a run of
    // continuation lines past what 24 bits count (the count an event once kept) all fold
    // into the event, and the line after them has its number.
    void continuationPastWhatTwentyFourBitsCountFolds()
    {
        constexpr std::uint32_t kContinuations = (1u << 24) + 3;
        std::string text = kubeletLine(1);
        text.reserve(text.size() + 3 * std::size_t(kContinuations) + 128);
        for (std::uint32_t i = 0; i < kContinuations; ++i)
            text += "\tx\n"; // a stack frame's shape: indented, so a continuation
        text += kubeletLine(2);
        const auto inc = test::loadText("kubelet.log", text);
        const Source &s = inc->sources[0];
        QCOMPARE(s.eventCount, 2u);
        QCOMPARE(s.unparsedLines, std::uint64_t(0));
        QCOMPARE(inc->lineCountOf(inc->events[0]), kContinuations + 1);
        QCOMPARE(inc->lineOf(inc->events[1]), kContinuations + 2);
    }

    void timesGoingBackAreCountedAndKept()
    {
        std::string text = kubeletLines(5);
        text += "I1207 14:00:00.000000 14756 server.go:417] the clock stepped back an hour\n";
        text += "I1207 14:00:01.000000 14756 server.go:417] and went on\n";
        const auto inc = test::loadText("kubelet.log", text);
        QCOMPARE(inc->stats.events, 7u);
        const auto note =
            std::find_if(inc->notes.begin(), inc->notes.end(), [](auto &n) { return contains(n, "earlier than a line before them"); });
        QVERIFY(note != inc->notes.end());
        QVERIFY2(contains(*note, ": 2 lines") && contains(*note, "first at line 6"), note->c_str());
    }

    void timesInOrderHaveNoNote()
    {
        const auto inc = test::loadText("kubelet.log", kubeletLines(50));
        QVERIFY(std::none_of(inc->notes.begin(), inc->notes.end(), [](auto &n) { return contains(n, "earlier than a line before"); }));
    }

    void impossibleDatesAreCounted()
    {
        const std::string text = kubeletLine(1) + "I1307 15:00:02.000000 14756 server.go:417] month 13\n"
            + "I1207 25:61:02.000000 14756 server.go:417] hour 25\n" + "I0230 15:00:02.000000 14756 server.go:417] 30 February\n"
            + "I0229 15:00:02.000000 14756 server.go:417] 29 February is a date\n" + kubeletLine(3);
        const auto inc = test::loadText("kubelet.log", text);
        const Source &s = inc->sources[0];
        QCOMPARE(s.lineCount, 6u);
        QCOMPARE(s.eventCount, 3u);
        QCOMPARE(s.unparsedLines, 3u);
        QCOMPARE(s.diagnosticCounts[int(DiagnosticReason::BadTimestamp)], 3u);
    }

    void invalidUtf8IsShownEscaped()
    {
        QCOMPARE(escapeForDisplay("caf\xc3 \xff\xfe"), std::string("caf\\xc3 \\xff\\xfe"));
        QCOMPARE(escapeForDisplay(std::string_view("a\0b\x1b", 4)), std::string("a\\x00b\\x1b"));
        QCOMPARE(escapeForDisplay("\xed\xa0\x80"), std::string("\\xed\\xa0\\x80")); // a surrogate is no UTF-8
        const std::string valid = "caf\xc3\xa9 \xe2\x9c\x93 \xf0\x9f\x98\x80\ttab\nline";
        QCOMPARE(escapeForDisplay(valid), valid);
    }

    // Found by fuzzing: an audit record with a field of the wrong type ended the process, a
    // date past 2262 overflowed the nanosecond clock.
    void auditFieldOfWrongTypeIsOneBadRecord()
    {
        const std::string good =
            R"({"kind":"Event","apiVersion":"audit.k8s.io/v1","level":"Metadata","auditID":"a","stage":"ResponseComplete","requestURI":"/api/v1/nodes/n1/status","verb":"patch","user":{"username":"system:node:n1"},"objectRef":{"resource":"nodes","name":"n1"},"responseStatus":{"code":200},"requestReceivedTimestamp":"2024-01-02T03:04:05.000000Z","stageTimestamp":"2024-01-02T03:04:05.100000Z"})";
        std::string bad = good;
        bad.replace(bad.find(R"("verb":"patch")"), 14, R"("verb":{"x":1})");
        const auto inc = test::loadText("audit.log", good + "\n" + bad + "\n" + good + "\n");
        QCOMPARE(inc->sources.size(), size_t(1));
        QCOMPARE(inc->sources[0].eventCount, 2u);
        QCOMPARE(inc->sources[0].unparsedLines, 1u);
    }

    void datesPastTheClockAreHeldAtItsEdge()
    {
        const Timestamp far = toUtc({4048, 1, 2, 0}, 0);
        QVERIFY(far.ns > toUtc({2262, 1, 1, 0}, 0).ns - 1);
        QCOMPARE(toUtc({2024, 1, 2, 0}, 0).ns, std::int64_t(1704153600) * kNsPerSecond);
    }

    void byteSizes()
    {
        QCOMPARE(parseByteSize("8G"), std::optional<std::uint64_t>(8ull << 30));
        QCOMPARE(parseByteSize("512MiB"), std::optional<std::uint64_t>(512ull << 20));
        QCOMPARE(parseByteSize("100"), std::optional<std::uint64_t>(100));
        QVERIFY(!parseByteSize("lots"));
        QVERIFY(!parseByteSize("8Q"));
        QVERIFY(!parseByteSize("99999999999999T"));
        QCOMPARE(formatByteSize(16ull << 30), std::string("16 GiB"));
        QCOMPARE(formatByteSize(1536), std::string("1.5 KiB"));
    }
};

QTEST_GUILESS_MAIN(TestHostile)
#include "tst_hostile.moc"
