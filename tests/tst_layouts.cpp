// The collection layouts of resources/layouts.json, file by file: what a place in a bundle says
// about the file there (must-gather's collection metadata is not a log).
#include "core/shape/layoutcatalog.h"

#include <QtTest>

using namespace kubelane::core;

namespace {

const std::string kTop = "case-0412/must-gather.local.3871937464418462217/";
const std::string kImage = kTop
    + "quay-io-openshift-release-dev-ocp-v4-0-art-dev-sha256-"
      "5c8e7a01d2f94b3e6a17c0d9b8e2f4a6c3d1e9f07b5a2c8d4e6f1a3b9c7d0e25/";

} // namespace

class TestLayouts : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { m_catalog = LayoutCatalog::loadFile(std::string(KUBELANE_RESOURCES) + "/layouts.json"); }

    // `oc adm must-gather` writes `timestamp` (start and end time, Go's time.String) beside its
    // image folder and inside it, and the image's gather script writes `version`: collection
    // metadata, counted as command output, while the logs keep their attribution.
    void mustGatherMetadataIsNotALog()
    {
        const std::vector<std::string> paths{kTop + "timestamp",
                                             kTop + "event-filter.html",
                                             kImage + "timestamp",
                                             kImage + "version",
                                             kImage + "host_service_logs/workers/kubelet_service.log",
                                             kImage
                                                 + "namespaces/openshift-kube-controller-manager/pods/kube-controller-manager-master-0/"
                                                   "kube-controller-manager/kube-controller-manager/logs/current.log"};
        const auto recognised = m_catalog->recognise(paths);
        for (const std::size_t i : {0u, 1u, 2u, 3u}) {
            const auto m = m_catalog->match(recognised, paths[i]);
            QVERIFY2(m, paths[i].c_str());
            QCOMPARE(m->shape, std::string("must-gather"));
            QVERIFY2(m->notALog == DiagnosticReason::CommandOutput, paths[i].c_str());
        }
        const auto kubelet = m_catalog->match(recognised, paths[4]);
        QVERIFY(kubelet && !kubelet->notALog);
        QCOMPARE(kubelet->component, std::string("kubelet"));
        QCOMPARE(kubelet->root, kImage); // the innermost root attributes the logs
        const auto kcm = m_catalog->match(recognised, paths[5]);
        QVERIFY(kcm && !kcm->notALog);
        QCOMPARE(kcm->podNamespace, std::string("openshift-kube-controller-manager"));
        QCOMPARE(kcm->podName, std::string("kube-controller-manager-master-0"));
        QCOMPARE(kcm->container, std::string("kube-controller-manager"));
    }

    // The same names outside a must-gather are no layout's: a folder with a `version` and a
    // `timestamp` is not recognised by them alone, nor by an image-like folder name without its digest.
    void metadataNamesAloneRecogniseNothing()
    {
        const std::vector<std::string> paths{"bundle/timestamp", "bundle/version", "bundle/kubelet.log",
                                             "bundle/quay-io-example-sha256-abc/version"};
        const auto recognised = m_catalog->recognise(paths);
        QVERIFY(recognised.empty());
        for (const auto &p : paths)
            QVERIFY2(!m_catalog->match(recognised, p), p.c_str());
    }

    // sos names a journal it collects after its command, `journalctl --no-pager [--boot [-1]]`;
    // the logs plugin's other journalctl command (`--disk-usage`) prints a size, not log lines.
    void sosreportReadsJournalsOnly()
    {
        const std::string root = "sosreport-node-7-2021-12-08-kqtbwzm/sos_commands/logs/";
        const std::vector<std::string> paths{root + "journalctl_--no-pager", root + "journalctl_--no-pager_--boot_-1",
                                             root + "journalctl_--disk-usage"};
        const auto recognised = m_catalog->recognise(paths);
        for (const std::size_t i : {0u, 1u}) {
            const auto m = m_catalog->match(recognised, paths[i]);
            QVERIFY2(m && !m->skip && !m->notALog, paths[i].c_str());
            QCOMPARE(m->shape, std::string("sosreport"));
        }
        const auto usage = m_catalog->match(recognised, paths[2]);
        QVERIFY(usage && usage->skip);
    }

private:
    std::shared_ptr<LayoutCatalog> m_catalog;
};

QTEST_GUILESS_MAIN(TestLayouts)
#include "tst_layouts.moc"
