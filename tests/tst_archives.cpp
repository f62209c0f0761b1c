// Bundles as archives: .gz, .tar.gz, .zip, nested, hostile member names - read in memory,
// never extracted; corrupt archives give an error naming them while the rest loads.
#include "core/input/bundlereader.h"
#include "archivewriter.h"
#include "testutil.h"

using namespace kubelane;
using namespace kubelane::core;

namespace {

using test::makeArchive;

const std::string kKubeletLine = "I1207 15:16:15.718067 14756 server.go:417] Version: v1.18.6\n";

} // namespace

class TestArchives : public QObject {
    Q_OBJECT
private slots:
    void gzipFile()
    {
        QTemporaryDir dir;
        const auto path = test::writeFile(dir, "kubelet.log.gz", makeArchive({{"data", kKubeletLine}}, "raw", true));
        const auto inc = test::load({path});
        QCOMPARE(inc->sources.size(), size_t(1));
        QVERIFY(inc->sources[0].path.ends_with("kubelet.log"));
        QCOMPARE(inc->sources[0].component, std::string("kubelet"));
        QCOMPARE(inc->stats.events, 1u);
    }

    // A folder of compressed logs is read side by side; what it gives is what one reader gives,
    // in the folder's order: the files, the skipped ones (documentation), the members of
    // archives and what came before a cut in one.
    void folderReadSideBySideAsInOrder()
    {
        QTemporaryDir dir;
        std::string big;
        while (big.size() < (1u << 20))
            big += kKubeletLine;
        test::writeFile(dir, "a/kubelet.log.1.gz", makeArchive({{"data", big}}, "raw", true));
        test::writeFile(dir, "a/kubelet.log.2.gz", makeArchive({{"data", kKubeletLine + kKubeletLine}}, "raw", true));
        test::writeFile(dir, "b/README.md", "how this bundle was taken\n");
        test::writeFile(dir, "b/logs.tar.gz",
                        makeArchive({{"n1/kubelet.log", kKubeletLine}, {"n1/EXPECTED.json", "{}"}, {"n2/kubelet.log", big}}, "tar", true));
        std::string cut = makeArchive({{"n3/kubelet.log", big}}, "tar", true);
        cut.resize(cut.size() / 2);
        test::writeFile(dir, "c/cut.tar.gz", cut);
        test::writeFile(dir, "d/kubelet.log", kKubeletLine);
        auto summary = [](const BundleReadResult &r) {
            std::string out;
            for (const auto &f : r.files)
                out += "file " + f.path + " " + std::to_string(f.bytes ? f.bytes->size() : 0) + " " + f.error + " " + f.damage + "\n";
            for (const auto &s : r.skipped)
                out += "skipped " + s.path + " " + s.reason + "\n";
            return out;
        };
        const std::string root = dir.path().toStdString();
        BundleReadOptions one;
        one.threads = 1;
        BundleReadOptions two;
        two.threads = 2;
        const std::string alone = summary(readBundle({root}, one)), beside = summary(readBundle({root}, two));
        QCOMPARE(beside, alone);
        // The order is the folder's: the largest file, read first, is still listed first.
        const BundleReadResult read = readBundle({root}, two);
        QCOMPARE(read.files.size(), std::size_t(6));
        QVERIFY(read.files[0].path.ends_with("a/kubelet.log.1"));
        QCOMPARE(read.files[0].bytes->size(), big.size());
        QVERIFY(read.files[1].path.ends_with("a/kubelet.log.2"));
        QVERIFY(read.files[2].path.ends_with("logs.tar.gz!n1/kubelet.log"));
        QVERIFY(read.files[3].path.ends_with("logs.tar.gz!n2/kubelet.log"));
        QVERIFY2(read.files[4].path.find("cut.tar.gz") != std::string::npos, summary(read).c_str());
        QVERIFY2(!read.files[4].damage.empty(), summary(read).c_str()); // what came before the cut
        QVERIFY(read.files[4].bytes && !read.files[4].bytes->empty());
        QVERIFY(read.files[5].path.ends_with("d/kubelet.log"));
        QCOMPARE(read.skipped.size(), std::size_t(2));
        QVERIFY(read.skipped[0].path.ends_with("b/README.md"));
        QVERIFY(read.skipped[1].path.ends_with("logs.tar.gz!n1/EXPECTED.json"));
    }

    void tarGzWithNodes()
    {
        QTemporaryDir dir;
        const auto path = test::writeFile(dir, "bundle.tar.gz",
                                          makeArchive({{"bundle/nodes/node3/kubelet.log", kKubeletLine},
                                                       {"bundle/nodes/node4/kubelet.log", kKubeletLine + kKubeletLine},
                                                       {"bundle/EXPECTED.json", "{}"}},
                                                      "tar", true));
        const auto inc = test::load({path});
        QCOMPARE(inc->sources.size(), size_t(2));
        const Source *n4 = test::sourceEndingWith(*inc, "bundle.tar.gz!bundle/nodes/node4/kubelet.log");
        QVERIFY(n4);
        QCOMPARE(n4->node, std::string("node4"));
        QCOMPARE(n4->eventCount, 2u);
        QCOMPARE(inc->sources[0].clock.year, 2020); // from the member's modification time
    }

    void zipAndNested()
    {
        QTemporaryDir dir;
        const std::string inner = makeArchive({{"kubelet.log", kKubeletLine}}, "tar", true);
        const auto path = test::writeFile(
            dir, "bundle.zip", makeArchive({{"nodes/node3/logs.tar.gz", inner}, {"nodes/node5/kubelet.log", kKubeletLine}}, "zip", false));
        const auto inc = test::load({path});
        QCOMPARE(inc->sources.size(), size_t(2));
        QVERIFY(test::sourceEndingWith(*inc, "bundle.zip!nodes/node3/logs.tar.gz!kubelet.log"));
        QCOMPARE(test::sourceEndingWith(*inc, "logs.tar.gz!kubelet.log")->node, std::string("node3"));
    }

    void hostileMemberNamesStayInside()
    {
        QTemporaryDir dir;
        const auto path = test::writeFile(
            dir, "evil.tar",
            makeArchive({{"../../../../tmp/kubelane-escape.log", kKubeletLine}, {"/etc/kubelane-abs.log", kKubeletLine}}, "tar", false));
        const auto inc = test::load({path});
        QCOMPARE(inc->sources.size(), size_t(2));
        for (const auto &s : inc->sources)
            QVERIFY2(s.path.find("..") == std::string::npos, s.path.c_str());
        QVERIFY(!QFile::exists("/tmp/kubelane-escape.log"));
        QVERIFY(!QFile::exists("/etc/kubelane-abs.log"));
    }

    void corruptArchiveNamedAndRestLoads()
    {
        QTemporaryDir dir;
        std::string gz = makeArchive({{"bundle/kubelet.log", std::string(200000, 'x')}}, "tar", true);
        gz.resize(gz.size() / 2);
        const auto bad = test::writeFile(dir, "broken.tar.gz", gz);
        const auto good = test::writeFile(dir, "kubelet.log", kKubeletLine);
        const auto inc = test::load({bad, good});
        bool reported = false;
        for (const auto &s : inc->sources)
            reported = reported || (s.path.find("broken.tar.gz") != std::string::npos && !s.error.empty());
        QVERIFY(reported);
        QCOMPARE(inc->stats.events, 1u);
    }

    void neverWritesIntoTheBundle()
    {
        QTemporaryDir dir;
        test::writeFile(dir, "b/kubelet.log.gz", makeArchive({{"data", kKubeletLine}}, "raw", true));
        const auto before = QDir(dir.path() + "/b").entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden);
        test::load({dir.path().toStdString() + "/b"});
        const auto after = QDir(dir.path() + "/b").entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden);
        QCOMPARE(after, before);
    }
};

QTEST_GUILESS_MAIN(TestArchives)
#include "tst_archives.moc"
