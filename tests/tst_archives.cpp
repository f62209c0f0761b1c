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
