// The shape stage: collection layouts recognised by their paths (resources/layouts.json), container
// files cut into sections, duplicate files read once. Small bundles written to a temporary folder.
#include "testutil.h"
#include "core/shape/bundleshapes.h"

#include <QProcess>

using namespace kubelane;
using namespace kubelane::core;

namespace {

const std::string kKubeletJournal =
    "Jun 14 10:18:27 kind-worker2 kubelet[643]: E0614 10:18:27.433120     643 controller.go:195] \"Failed to update lease\" "
    "err=\"Put "
    "\\\"https://kind-control-plane:6443/apis/coordination.k8s.io/v1/namespaces/kube-node-lease/leases/kind-worker2?timeout=10s\\\": "
    "context deadline exceeded\"\n"
    "Jun 14 10:18:31 kind-worker2 kubelet[643]: E0614 10:18:31.462881     643 kubelet_node_status.go:540] \"Error updating node status, "
    "will retry\" err=\"error getting node \\\"kind-worker2\\\": Get \\\"https://kind-control-plane:6443/api/v1/nodes/kind-worker2?"
    "resourceVersion=0&timeout=10s\\\": net/http: request canceled (Client.Timeout exceeded while awaiting headers)\"\n";

std::string criLines(const std::string &first, int n)
{
    std::string out;
    for (int i = 0; i < n; ++i)
        out += "2024-06-14T10:1" + std::to_string(2 + i / 60) + ":" + (i % 60 < 10 ? "0" : "") + std::to_string(i % 60)
            + ".312044018Z stderr F I0614 10:12:00.000000       1 " + first + " \"Caches are synced\" n=" + std::to_string(i) + "\n";
    return out;
}

const Source *only(const Incident &inc, const std::string &suffix)
{
    const Source *found = nullptr;
    for (const auto &s : inc.sources)
        if (s.path.ends_with(suffix)) {
            if (found)
                return nullptr;
            found = &s;
        }
    return found;
}

std::uint64_t count(const Source &s, DiagnosticReason r)
{
    return s.diagnosticCounts[static_cast<int>(r)];
}

bool hasNote(const Incident &inc, const std::string &part)
{
    return std::any_of(inc.notes.begin(), inc.notes.end(), [&](const std::string &n) { return n.find(part) != std::string::npos; })
        || std::any_of(inc.skipped.begin(), inc.skipped.end(),
                       [&](const SkippedInput &s) { return (s.path + ": " + s.reason).find(part) != std::string::npos; });
}

} // namespace

class TestShapes : public QObject {
    Q_OBJECT
private slots:
    // kind export: the node folder names the node, the file the component; kubernetes-version.txt
    // is not a log.
    void kindNodeFolder()
    {
        const auto inc =
            test::loadFiles({{"logs/kind-version.txt", "kind v0.23.0 go1.21.10 linux/amd64"},
                             {"logs/kind-worker2/kubernetes-version.txt", "v1.30.0"},
                             {"logs/kind-worker2/kubelet.log", kKubeletJournal},
                             {"logs/kind-worker2/pods/kube-system_kube-proxy-p9dq7_ef8ae84c-bdd2-483b-92f1-a02fc1400fee/kube-proxy/0.log",
                              criLines("shared_informer.go:320]", 3)}});
        const Source *kubelet = only(*inc, "kind-worker2/kubelet.log");
        QVERIFY(kubelet);
        QCOMPARE(kubelet->shape, std::string("kind export"));
        QCOMPARE(kubelet->node, std::string("kind-worker2"));
        QCOMPARE(kubelet->component, std::string("kubelet"));
        QCOMPARE(kubelet->eventCount, 2u);
        const Source *pod = only(*inc, "kube-proxy/0.log");
        QVERIFY(pod);
        QCOMPARE(pod->attribution.podNamespace + "/" + pod->attribution.podName, std::string("kube-system/kube-proxy-p9dq7"));
        QCOMPARE(pod->attribution.container, std::string("kube-proxy"));
        QCOMPARE(pod->node, std::string("kind-worker2"));
        const Source *version = only(*inc, "kubernetes-version.txt");
        QVERIFY(version);
        QCOMPARE(version->eventCount, 0u);
        QCOMPARE(count(*version, DiagnosticReason::CommandOutput), 1u);
        QCOMPARE(inc->stats.unparsed, 0u);
    }

    // must-gather: namespaces/<ns>/pods/<pod>/<ctr>/<ctr>/logs/current.log.
    void mustGatherPodPath()
    {
        const auto inc = test::loadFiles(
            {{"must-gather.local.123/quay-io-openshift-release-dev-sha256-abc/namespaces/openshift-kube-apiserver/pods/"
              "kube-apiserver-master-0/kube-apiserver/kube-apiserver/logs/current.log",
              "2024-06-14T10:12:00.312044018Z I0614 10:12:00.312000       1 secure_serving.go:213] Serving securely on [::]:6443\n"}});
        const Source *s = only(*inc, "logs/current.log");
        QVERIFY(s);
        QCOMPARE(s->shape, std::string("must-gather"));
        QCOMPARE(s->attribution.podNamespace, std::string("openshift-kube-apiserver"));
        QCOMPARE(s->attribution.podName, std::string("kube-apiserver-master-0"));
        QCOMPARE(s->attribution.container, std::string("kube-apiserver"));
        QCOMPARE(s->component, std::string("kube-apiserver"));
    }

    // sosreport: the node from its `hostname` file; configuration files are listed, not read.
    void sosreportHostnameAndSkippedFile()
    {
        const auto inc =
            test::loadFiles({{"sosreport-wk1-2024-06-14-abcdef/hostname", "wk-fra-21\n"},
                             {"sosreport-wk1-2024-06-14-abcdef/sos_commands/logs/journalctl_--no-pager", kKubeletJournal},
                             {"sosreport-wk1-2024-06-14-abcdef/etc/kubernetes/kubelet.conf", "apiVersion: v1\nkind: Config\n"}});
        const Source *journal = only(*inc, "journalctl_--no-pager");
        QVERIFY(journal);
        QCOMPARE(journal->shape, std::string("sosreport"));
        QCOMPARE(journal->node, std::string("wk-fra-21"));
        QVERIFY(!only(*inc, "kubelet.conf"));
        QVERIFY(hasNote(*inc, "not a log: "));
        QVERIFY(hasNote(*inc, "kubelet.conf"));
    }

    // /var/log/pods copied from a node, and the same inside an archive (member path after '!').
    void varLogPodsAndNestedInArchive()
    {
        QTemporaryDir dir;
        const std::string rel = "var/log/pods/kube-system_kube-controller-manager-cp-1_b79216bf-b885-4105-b226-d56f9b2459d5/"
                                "kube-controller-manager/0.log";
        test::writeFile(dir, "tree/node-1/" + rel, criLines("controllermanager.go:761]", 2));
        const auto plain = test::load({dir.path().toStdString() + "/tree"});
        const Source *p = only(*plain, "kube-controller-manager/0.log");
        QVERIFY(p);
        QCOMPARE(p->shape, std::string("pod log files"));
        QCOMPARE(p->attribution.podName, std::string("kube-controller-manager-cp-1"));
        QCOMPARE(p->component, std::string("kube-controller-manager"));

        const QString archive = dir.path() + "/bundle.tar.gz";
        QProcess tar;
        tar.start("tar", {"-czf", archive, "-C", dir.path() + "/tree", "node-1"});
        QVERIFY(tar.waitForFinished());
        QCOMPARE(tar.exitCode(), 0);
        const auto nested = test::load({archive.toStdString()});
        const Source *n = only(*nested, "kube-controller-manager/0.log");
        QVERIFY(n);
        QVERIFY2(n->path.find(".tar.gz!node-1/var/log/pods/") != std::string::npos, n->path.c_str());
        QCOMPARE(n->shape, std::string("pod log files"));
        QCOMPARE(n->attribution.container, std::string("kube-controller-manager"));
    }

    // `minikube logs` sections, with and without the "* " prefix of older versions.
    void minikubeSections_data()
    {
        QTest::addColumn<QString>("prefix");
        QTest::newRow("plain") << "";
        QTest::newRow("star prefix") << "* ";
    }
    void minikubeSections()
    {
        QFETCH(QString, prefix);
        const std::string p = prefix.toStdString();
        std::string text;
        for (const std::string &line : {std::string(), std::string("==> Audit <=="), std::string("|---------|------|"),
                                        std::string("| Command | Args |"), std::string(), std::string("==> kubelet <=="),
                                        std::string("Jun 14 10:09:12 minikube kubelet[4721]: I0614 10:09:12.260000    4721 server.go:484] "
                                                    "\"Kubelet version\" kubeletVersion=\"v1.30.0\""),
                                        std::string(), std::string("==> kube-apiserver [ad6166f11711] <=="),
                                        std::string("I0614 10:02:16.122204       1 server.go:148] \"Version info\" version=\"v1.30.0\""),
                                        std::string("I0614 10:02:19.830204       1 secure_serving.go:213] Serving securely on [::]:8443")})
            text += (line.empty() ? (p.empty() ? "" : "*") : p + line) + "\n";
        const auto inc = test::loadText("logs.txt", text);
        const Source *kubelet = only(*inc, "logs.txt#kubelet");
        QVERIFY(kubelet);
        QCOMPARE(kubelet->shape, std::string("minikube logs"));
        QCOMPARE(kubelet->component, std::string("kubelet"));
        QCOMPARE(kubelet->eventCount, 1u);
        const Source *api = only(*inc, "logs.txt#kube-apiserver [ad6166f11711]");
        QVERIFY(api);
        QCOMPARE(api->component, std::string("kube-apiserver"));
        QCOMPARE(api->eventCount, 2u);
        const Source *audit = only(*inc, "logs.txt#Audit");
        QVERIFY(audit);
        QCOMPARE(audit->eventCount, 0u);
        QCOMPARE(count(*audit, DiagnosticReason::CommandOutput), 2u);
        const Source *file = only(*inc, "logs.txt");
        QVERIFY(file);
        QCOMPARE(file->shape, std::string("minikube logs"));
        QVERIFY(count(*file, DiagnosticReason::SectionFrame) >= 3);
        QCOMPARE(inc->stats.unparsed, 0u);
    }

    // An excerpt of `minikube logs` with the "* " before each line but none of its frames
    // (minikube#8156's etcd lines): the bullets come off, every line stays where it was (a
    // stack frame under its entry, a bare "*"), and the lines read as their own shape.
    // Near misses: a Markdown list of prose, and a log where only some lines have a bullet.
    void bulletedLinesWithoutFrames()
    {
        const std::string text =
            "* 2020-05-12 20:50:41.627616 W | etcdserver: read-only range request \"key:\\\"/registry/leases\\\"\" "
            "with result \"range_response_count:1 size:285\" took too long (191.126394ms) to execute\n"
            "* I0512 20:50:42.100000       1 leaderelection.go:258] successfully acquired lease kube-system/kube-scheduler\n"
            "*\n"
            "* E0512 20:50:43.000000       1 runtime.go:78] Observed a panic: boom\n"
            "* goroutine 1 [running]:\n"
            "* I0512 20:50:44.000000       1 leaderelection.go:258] successfully acquired lease kube-system/kube-scheduler\n";
        const auto inc = test::loadText("minikube.txt", text);
        QCOMPARE(inc->sources.size(), size_t(1));
        const Source &s = inc->sources[0];
        QVERIFY2(s.path.ends_with("/minikube.txt"), s.path.c_str());
        QCOMPARE(s.shape, std::string("lines bulleted \"* \" (minikube logs without its ==> NAME <== frames)"));
        QCOMPARE(inc->stats.unparsed, 0u);
        QCOMPARE(inc->events.size(), size_t(4));
        const Event &panic = inc->events[2];
        QCOMPARE(inc->lineOf(panic), 4u);
        QCOMPARE(inc->lineCountOf(panic), 2u); // its goroutine line with it
        QVERIFY(inc->rawText(inc->events[0]).starts_with("2020-05-12 20:50:41.627616 W | etcdserver:"));

        const auto prose = test::loadText("notes.md",
                                          "* restarted the kubelet\n* drained worker-2\n* I0512 20:50:44.000000       1 "
                                          "leaderelection.go:258] acquired\n");
        QCOMPARE(prose->sources[0].shape, std::string());
        const auto some = test::loadText("kubelet.log",
                                         "I0512 20:50:44.000000       1 leaderelection.go:258] acquired\n"
                                         "* I0512 20:50:45.000000       1 leaderelection.go:258] acquired\n");
        QCOMPARE(some->sources[0].shape, std::string());
    }

    // An issue's paste of several logs, each under a line that names its component: the lines
    // under a heading are that component's (the kubelet's journal first, then the controller
    // manager's klog lines; a prompt running `docker logs` on a static pod's container; a
    // heading with the first log line after it on the same line).
    void headedPasteOfSeveralLogs()
    {
        const std::string kcm = "I0507 04:00:03.302824       1 event.go:294] \"Event occurred\" object=\"ops/job-1\" kind=\"Job\" "
                                "apiVersion=\"batch/v1\" type=\"Normal\" reason=\"Completed\" message=\"Job completed\"\n";
        const std::string text = "```\n"
                                 "May 07 04:30:24 master01 kubelet[17865]: I0507 04:30:24.727603   17865 kubelet_volumes.go:160] "
                                 "\"Cleaned up orphaned pod volumes dir\" podUID=\"a1\" path=\"/var/lib/kubelet/pods/a1/volumes\"\n"
                                 "```\n"
                                 "**The logs of kube-controller-manager are as follows. **\n"
                                 "```\n"
            + kcm + kcm
            + "```\n"
              "[root@master01 ~]# docker logs -f k8s_kube-scheduler_kube-scheduler-master01_kube-system_0c5b_0\n"
              "I0507 04:10:54.972437       1 serving.go:312] Generated self-signed cert in-memory\n"
              "**kube scheduler Logs  :** I0507 04:11:28.077293 1 leaderelection.go:241] attempting to acquire leader lease "
              "kube-system/kube-scheduler...\n"
              "[root@master01 ~]# kubectl -n ingress logs ingress-nginx-controller-7d4f\n"
              "I0507 04:12:00.000000       7 main.go:104] \"SSL fake certificate created\"\n";
        const auto inc = test::loadText("paste.txt", text);
        QCOMPARE(inc->stats.unparsed, 0u);
        QCOMPARE(inc->events.size(), size_t(6));
        std::map<std::string, const Source *> byPath; // the section's name and first line
        for (const Source &s : inc->sources)
            byPath[s.path.substr(s.path.find("paste.txt"))] = &s;
        QCOMPARE(byPath.size(), size_t(5));
        // A command's heading ends the section above, though it names no component of ours.
        QVERIFY(byPath.at("paste.txt#logs (line 12)")->component != "kube-scheduler");
        QCOMPARE(byPath.at("paste.txt")->component, std::string("kubelet"));
        QCOMPARE(byPath.at("paste.txt#kube-controller-manager (line 4)")->component, std::string("kube-controller-manager"));
        QCOMPARE(byPath.at("paste.txt#kube-controller-manager (line 4)")->eventCount, 2u);
        const Source *docker = byPath.at("paste.txt#kube-scheduler (line 9)");
        QCOMPARE(docker->component, std::string("kube-scheduler"));
        QCOMPARE(docker->componentOrigin, std::string("layout (a heading in the paste)"));
        QCOMPARE(docker->node, std::string("master01")); // the static pod's name
        QCOMPARE(docker->eventCount, 1u);
        // The heading's own line goes on with a log line.
        QCOMPARE(byPath.at("paste.txt#kube-scheduler (line 11)")->eventCount, 1u);
    }
    // kubectl's aliases run logs too: `k` (the most common alias), `kubecolor`, OpenShift's
    // `oc`. A node's journal in +08:00 above, then the controller manager's UTC lines: one
    // section each, or the lines below take the journal's zone (a CST reboot, 2026).
    void aliasedLogsPromptsHeadASection_data()
    {
        QTest::addColumn<QString>("prompt");
        QTest::newRow("k") << "root@cp:~# k logs kube-controller-manager-green-master-1 -n kube-system";
        QTest::newRow("kubecolor") << "$ kubecolor -n kube-system logs kube-controller-manager-green-master-1";
        QTest::newRow("oc") << "$ oc logs -n kube-system kube-controller-manager-green-master-1";
    }
    // `k` is a short word: `journalctl -k > logs.txt` heads nothing (only the command's own name).
    void aliasIsTheCommandOnly()
    {
        const std::string j = "Jan 12 10:56:20 node3 kubelet[812]: I0112 10:56:20.000001     812 kubelet.go:1822] \"Starting kubelet main "
                              "sync loop\"\n";
        const auto inc = test::loadText("paste.txt", j + "$ journalctl -u kubelet -k > logs.txt\n" + j);
        QCOMPARE(inc->sources.size(), size_t(1));
    }
    void aliasedLogsPromptsHeadASection()
    {
        QFETCH(QString, prompt);
        const std::string text =
            "Jan 12 10:56:20 green-master-3 containerd[812]: time=\"2026-01-12T10:56:20.221309517+08:00\" level=info "
            "msg=\"StopPodSandbox\"\n"
            "Jan 12 10:56:21 green-master-3 containerd[812]: time=\"2026-01-12T10:56:21.221309517+08:00\" level=info msg=\"TearDown\"\n"
            + prompt.toStdString()
            + "\nI0112 02:56:28.430657       1 event.go:307] \"Event occurred\" object=\"ops/web\" kind=\"ReplicaSet\" "
              "apiVersion=\"apps/v1\" type=\"Normal\" reason=\"SuccessfulCreate\" message=\"Created pod: web-h47z9\"\n";
        const auto inc = test::loadText("paste.txt", text);
        QCOMPARE(inc->sources.size(), size_t(2));
        const auto section =
            std::find_if(inc->sources.begin(), inc->sources.end(), [](const Source &s) { return s.path.find('#') != std::string::npos; });
        QVERIFY(section != inc->sources.end());
        const Source &kcm = *section;
        QCOMPARE(kcm.component, std::string("kube-controller-manager"));
        QCOMPARE(kcm.node, std::string("green-master-1"));
        QCOMPARE(kcm.clock.utcOffsetSeconds, 0);
    }

    // Near misses: one heading over the whole paste; a line that names two components; a log
    // that prints a path under /var/log; a heading no log line follows.
    void headedPasteNearMisses_data()
    {
        QTest::addColumn<QString>("text");
        const QString kcm = "I0507 04:00:03.302824       1 node_lifecycle_controller.go:601] Shutting down node controller\n";
        const QString fence = "```\n"; // a paste, so that only the near miss keeps it whole
        QTest::newRow("one heading over the whole paste") << fence + "kube-controller-manager logs:\n" + kcm + kcm;
        QTest::newRow("a sentence in the middle of a paste") << fence + kcm + "meanwhile the etcd log shows nothing unusual\n" + kcm;
        QTest::newRow("a heading naming two components") << fence + kcm + "kube-controller-manager and kube-scheduler logs:\n" + kcm;
        QTest::newRow("a path a log printed") << fence + kcm
                + "failed to read log /var/log/pods/kube-system_kube-apiserver-m1_0c5b/kube-apiserver/0.log:\n" + kcm;
        QTest::newRow("a heading no log line follows")
            << fence + kcm + "Here are the kube-scheduler logs:\n\nnothing\nat\nall\nhere\n" + kcm;
        QTest::newRow("the descheduler's logs") << fence + kcm + "descheduler logs:\n" + kcm;
        QTest::newRow("a log file's own line that reads like a heading") << kcm + "kube-scheduler logs:\n" + kcm;
    }
    void headedPasteNearMisses()
    {
        QFETCH(QString, text);
        const auto inc = test::loadText("paste.txt", text.toStdString());
        QCOMPARE(inc->sources.size(), size_t(1));
        QCOMPARE(inc->sources[0].component, std::string("kube-controller-manager"));
    }

    // One log under one heading that names it: the heading names the paste's component (and a
    // static pod's name its node), as it names each section of a paste of several. Near
    // misses: a heading with no log under it, a heading of no component, and a path that
    // names one.
    void soleHeadingNamesTheLog_data()
    {
        QTest::addColumn<QString>("path");
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("component");
        QTest::addColumn<QString>("node");
        const QString plain = "I0901 00:25:09.311469       1 serving.go:319] Generated self-signed cert in-memory\n";
        const QString docker = "{\"log\":\"I0901 00:25:09.311469       1 serving.go:319] Generated self-signed cert in-memory\\n\","
                               "\"stream\":\"stderr\",\"time\":\"2021-09-01T00:25:09.311469Z\"}\n";
        QTest::newRow("docker logs") << "paste.txt"
                                     << "# docker logs k8s_kube-scheduler_kube-scheduler-cp-1_kube-system_16790c_0\n" + plain
                                     << "kube-scheduler"
                                     << "cp-1";
        QTest::newRow("tail of a pod's log file, docker's lines")
            << "paste.txt"
            << "bash-5.0# tail kube-controller-manager-minikube_kube-system_kube-controller-manager-16790c.log\n" + docker
            << "kube-controller-manager"
            << "minikube";
        QTest::newRow("a heading") << "paste.txt"
                                   << "```\nkube-scheduler logs:\n" + plain + plain << "kube-scheduler"
                                   << "";
        QTest::newRow("a heading over inline code") << "paste.txt"
                                                    << "kube-scheduler.log:\n`" + plain.trimmed() + "`\n"
                                                    << "kube-scheduler"
                                                    << "";
        // A paste with another log under it: the heading names none of it, the lines' own Go
        // files say whose each is (serving.go names no component, kubelet.go the kubelet). Read
        // as the kubelet's and naming no node, it is its nameless node's (the prose above the
        // kubelet's line names node3, but prose is not read for names).
        QTest::newRow("another log under it") << "paste.txt"
                                              << "kube-controller-manager logs:\n" + plain
                + "And on node3, the kubelet:\nI0901 00:25:10.000001    4242 kubelet.go:1822] Starting kubelet main sync loop.\n"
                                              << "kubelet"
                                              << "<node of paste.txt>";
        QTest::newRow("kubectl's own error under kubectl logs")
            << "paste.txt"
            << "$ kubectl -n kube-system logs kube-controller-manager-cp-1\n"
               "The connection to the server localhost:8080 was refused - did you specify the right host or port?\n"
            << ""
            << "";
        QTest::newRow("under the log, heading nothing") << "paste.txt"
                                                        << "```\n" + plain + "kube-scheduler logs:\n"
                                                        << ""
                                                        << "";
        QTest::newRow("no component") << "paste.txt"
                                      << "$ kubectl logs web-0\n" + plain << ""
                                      << "";
        QTest::newRow("the path names one") << "kube-apiserver.log"
                                            << "# docker logs k8s_kube-scheduler_x_kube-system_1_0\n" + plain << "kube-apiserver"
                                            << "";
    }
    void soleHeadingNamesTheLog()
    {
        QFETCH(QString, path);
        QFETCH(QString, text);
        QFETCH(QString, component);
        QFETCH(QString, node);
        const auto inc = test::loadText(path.toStdString(), text.toStdString());
        QCOMPARE(inc->sources.size(), size_t(1));
        QCOMPARE(QString::fromStdString(inc->sources[0].component), component);
        QCOMPARE(QString::fromStdString(inc->sources[0].node), node);
    }

    // A paste of `minikube logs` from an issue: the prompt above the first header (zsh's, a
    // macOS bash's) is the terminal's; the runtime's journal section "Docker" is dockerd's.
    void minikubePasteWithPrompt_data()
    {
        QTest::addColumn<QString>("prompt");
        QTest::newRow("zsh") << "ops@MacBook-Pro ~ % minikube logs";
        QTest::newRow("macOS bash") << "MacBook-Pro:~ ops$ minikube logs";
        QTest::newRow("bash") << "ops@ws-1:~$ minikube logs";
    }
    void minikubePasteWithPrompt()
    {
        QFETCH(QString, prompt);
        const std::string text = prompt.toStdString()
            + "\n==> Docker <==\n"
              "Mar 24 19:32:51 minikube dockerd[224]: time=\"2021-03-24T19:32:51.644189845Z\" level=info msg=\"Starting up\"\n\n"
              "==> container status <==\nCONTAINER   IMAGE   CREATED   STATE   NAME   ATTEMPT   POD ID\n\n"
              "==> kubelet <==\n"
              "Mar 24 19:33:10 minikube kubelet[1234]: I0324 19:33:10.123456    1234 server.go:416] Version: v1.20.2\n";
        const auto inc = test::loadText("issue.txt", text);
        const Source *docker = only(*inc, "issue.txt#Docker");
        QVERIFY(docker);
        QCOMPARE(docker->shape, std::string("minikube logs"));
        QCOMPARE(docker->component, std::string("dockerd"));
        const Source *file = only(*inc, "issue.txt");
        QVERIFY(file);
        QCOMPARE(count(*file, DiagnosticReason::ShellPrompt), 1u);
        QCOMPARE(inc->stats.unparsed, 0u);
    }

    // pdsh / clush / pssh -P: "HOST: " before each host's journal or klog JSON lines; each host
    // a source on its node. A journal or klog line whose text holds ": " is never cut.
    void hostPrefixedLines()
    {
        const std::string text =
            "worker-1: Jun 12 08:14:02 worker-1 kubelet[812]: I0612 08:14:02.412087     812 server.go:416] Version: v1.17.17\n"
            "10.200.1.3: {\"ts\":1753121331919.7622,\"caller\":\"app/server.go:520\",\"msg\":\"Kubelet "
            "version\",\"v\":0,\"kubeletVersion\":\"v1.32.4\"}\n"
            "worker-1: Jun 12 08:14:03 worker-1 kubelet[812]: I0612 08:14:03.100000     812 kubelet.go:1822] Starting kubelet main sync "
            "loop.\n";
        const auto inc = test::loadText("pdsh.txt", text);
        const Source *w1 = only(*inc, "pdsh.txt#worker-1");
        const Source *ip = only(*inc, "pdsh.txt#10.200.1.3");
        QVERIFY(w1 && ip);
        QCOMPARE(w1->node, std::string("worker-1"));
        QCOMPARE(w1->eventCount, 2u);
        QCOMPARE(ip->node, std::string("10.200.1.3"));
        QCOMPARE(ip->eventCount, 1u);
        QCOMPARE(w1->shape, std::string("lines prefixed by host (pdsh, clush, pssh -P, talosctl -n A,B)"));
        QCOMPARE(inc->stats.unparsed, 0u);

        const auto journal =
            test::loadText("kubelet.log",
                           "Jun 12 08:14:02 worker-1 kubelet[812]: E0612 08:14:02.412087     812 kubelet.go:2183] node: not found\n"
                           "I0612 08:14:03.100000     812 kubelet.go:1822] reason: none\n");
        QCOMPARE(journal->sources.size(), size_t(1));
        QCOMPARE(journal->sources[0].shape, std::string());

        // A file's name where a host's would be ("journal.log: ", microk8s#2916) names no node:
        // the journal's own host does, and a name that says a component says it.
        const auto files = test::loadText(
            "grep.txt",
            "journal.log: Feb 09 17:44:47 devbox3 kubelet[5856]: I0209 17:44:47.866926    5856 kubelet.go:1822] Starting kubelet main "
            "sync loop.\n"
            "kube-scheduler.log: I0209 17:44:48.000001       1 leaderelection.go:248] attempting to acquire leader lease "
            "kube-system/kube-scheduler...\n");
        const Source *journalFile = only(*files, "grep.txt#journal.log");
        const Source *schedulerFile = only(*files, "grep.txt#kube-scheduler.log");
        QVERIFY(journalFile && schedulerFile);
        QCOMPARE(journalFile->node, std::string("devbox3"));
        QCOMPARE(schedulerFile->component, std::string("kube-scheduler"));
        QCOMPARE(schedulerFile->node, std::string());
    }

    // A paste puts a label, a fence and the command that printed them above the host's lines
    // (a Talos user's `talosctl logs kubelet -n 192.168.0.15`, 2023): they are still each host's
    // log. Near misses: a log line of no host among them, one prefixed line under a heading.
    void hostPrefixedLinesInAPaste_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<bool>("split");
        const QString lease = "192.168.0.15: {\"ts\":1677009327948.931,\"caller\":\"lease/controller.go:146\",\"msg\":\"failed to "
                              "ensure lease exists, will retry in 7s, error: Unauthorized\\n\"}\n";
        const QString reg = "192.168.0.15: {\"ts\":1677009329531.4927,\"caller\":\"kubelet/kubelet_node_status.go:92\",\"msg\":\"Unable "
                            "to register node with API server\",\"node\":{\"name\":\"talos-dy3-h80\"},\"err\":\"Unauthorized\"}\n";
        QTest::newRow("label, backtick, command")
            << "### Logs\n\nKubelet:\n\n`\ntalosctl logs kubelet -n 192.168.0.15\n\n" + lease + reg << true;
        QTest::newRow("a fence and a prompt") << "```\n$ talosctl -n 192.168.0.15 logs kubelet\n" + lease + reg + "```\n" << true;
        QTest::newRow("a log line of no host between them")
            << lease + "I0221 19:55:28.100000    1544 kubelet.go:2046] \"SyncLoop ADD\" source=\"api\"\n" + reg << false;
        QTest::newRow("one prefixed line under a heading") << "### Logs\n" + lease << false;
    }
    // The address a host prefix names is the machine of the node its kubelet names (a Talos
    // node reached at 192.168.242.188 registers as talos-0sr-1c0): one node, by its name.
    void hostAddressTakesItsKubeletsNodeName()
    {
        const std::string text =
            "192.168.242.188: {\"ts\":1686800711820.1,\"caller\":\"lease/controller.go:146\",\"msg\":\"failed to ensure lease "
            "exists, will retry in 7s, error: Unauthorized\\n\"}\n"
            "192.168.242.188: {\"ts\":1686800713147.2,\"caller\":\"kubelet/kubelet_node_status.go:70\",\"msg\":\"Attempting to "
            "register node\",\"v\":0,\"node\":{\"name\":\"talos-0sr-1c0\"}}\n";
        const auto inc = test::loadText("kubelet.log", text);
        QCOMPARE(inc->sources.at(0).node, std::string("talos-0sr-1c0"));
        for (const Event &e : inc->events)
            QCOMPARE(std::string(inc->text(inc->nodeOf(e))), std::string("talos-0sr-1c0"));
    }
    void hostPrefixedLinesInAPaste()
    {
        QFETCH(QString, text);
        QFETCH(bool, split);
        const auto inc = test::loadText("issue.md", text.toStdString());
        const Source *host = only(*inc, "issue.md#192.168.0.15");
        QCOMPARE(host != nullptr, split);
        if (split)
            QCOMPARE(host->eventCount, 2u);
    }

    // talosctl given several nodes (-n 10.1.1.2,fd00:10:5::3): each line's node first, an IPv6
    // address with colons of its own. `dmesg`: the kernel ring's lines; `logs kubelet`: klog.
    // Each node a source on that node, its lines read by their own shape; the kubelet's klog
    // takes its year from the dmesg file's full dates.
    void talosctlSeveralNodes()
    {
        QTemporaryDir dir;
        test::writeFile(dir, "dmesg.txt",
                        "10.1.1.2: user: warning: [2022-01-25T10:31:37.694471566Z]: [talos] service[etcd](Waiting): Error running "
                        "Containerd(etcd), going to restart forever: task \"etcd\" failed: exit code 137\n"
                        "fd00:10:5::3: kern:    info: [2022-01-25T10:31:38.100000000Z]: eth0: link becomes ready\n"
                        "10.1.1.2: daemon:    info: [2022-01-25T10:31:41.763675566Z]: udevd[1533]: starting version 3.2.10\n");
        test::writeFile(dir, "kubelet.txt",
                        "fd00:10:5::3: I0125 10:31:42.250000    1633 kubelet.go:2046] \"SyncLoop ADD\" source=\"api\" "
                        "pods=[\"kube-system/kube-proxy-x2x7k\"]\n"
                        "10.1.1.2: E0125 10:31:43.000000    1544 kubelet_node_status.go:540] \"Error updating node status, will retry\" "
                        "err=\"error getting node \\\"cp-1\\\": Get \\\"https://127.0.0.1:6443/api/v1/nodes/cp-1\\\": EOF\"\n");
        const auto inc = test::load({dir.path().toStdString()});
        QCOMPARE(inc->stats.unparsed, 0u);
        const Source *ring1 = only(*inc, "dmesg.txt#10.1.1.2");
        const Source *ring3 = only(*inc, "dmesg.txt#fd00:10:5::3");
        const Source *kubelet3 = only(*inc, "kubelet.txt#fd00:10:5::3");
        QVERIFY(ring1 && ring3 && kubelet3 && only(*inc, "kubelet.txt#10.1.1.2"));
        QCOMPARE(ring1->shape, std::string("lines prefixed by host (pdsh, clush, pssh -P, talosctl -n A,B)"));
        QCOMPARE(ring1->format, SourceFormat::TalosDmesg);
        QCOMPARE(ring1->eventCount, 2u);
        QCOMPARE(ring3->node, std::string("fd00:10:5::3"));
        QCOMPARE(kubelet3->format, SourceFormat::KlogText);
        QCOMPARE(kubelet3->component, std::string("kubelet"));
        QCOMPARE(kubelet3->clock.year, 2022);
        QCOMPARE(inc->sources.size(), size_t(4));
    }

    // grep's output pasted (kubernetes#90664: `grep -n -b`, a panic's stack as context lines):
    // the prefixes come off, one source per file grep named, whose name still tells the
    // component; "--" between groups is a frame. Near misses: a log's own clock, a log line
    // as it stands.
    void grepOutput()
    {
        const auto numbered = test::loadText(
            "kube-apiserver.log",
            "76389:1290310056:I0501 00:43:56.514735       8 panic.go:679] GET /apis/example.com/v1/things?limit=500: (20.019677764s) "
            "0 [cloud-manager/v0.0.0 (linux/amd64) kubernetes/$Format 10.1.2.3:40312]\n"
            "76390:1290310273:E0501 00:43:56.514782       8 runtime.go:76] Observed a panic: context deadline exceeded\n"
            "76391-1290310362-goroutine 339297578 [running]:\n"
            "76392-1290310393-k8s.io/kubernetes/vendor/k8s.io/apiserver/pkg/server/filters.(*timeoutHandler).ServeHTTP.func1.1()\n"
            "--\n"
            "80112:1351000001:I0501 00:44:10.000001       8 trace.go:116] Trace[1]: \"List\" url:/api/v1/pods (started: 2020-05-01 "
            "00:44:00.000000 +0000 UTC m=+1.0) (total time: 10.0s):\n");
        const Source *grep = only(*numbered, "kube-apiserver.log#grep");
        QVERIFY(grep);
        QCOMPARE(grep->shape, std::string("grep output (file and line prefixes)"));
        QCOMPARE(grep->component, std::string("kube-apiserver"));
        QCOMPARE(grep->eventCount, 3u);
        QCOMPARE(numbered->stats.unparsed, 0u);

        const auto named =
            test::loadText("grep.txt",
                           "/var/log/pods/kube-system_kube-controller-manager-cp-1_5a72/kube-controller-manager/0.log:88:2024-06-19T10:00:"
                           "01.000000001Z stderr F I0619 10:00:01.000000       1 leaderelection.go:250] attempting to acquire leader lease "
                           "kube-system/kube-controller-manager...\n"
                           "/var/log/kubelet.log:1207:E0619 10:00:02.000000    1187 kubelet.go:2183] \"Error getting node\" err=\"node "
                           "\\\"cp-1\\\" not found\"\n");
        const Source *kcm =
            only(*named, "grep.txt#/var/log/pods/kube-system_kube-controller-manager-cp-1_5a72/kube-controller-manager/0.log");
        const Source *kubelet = only(*named, "grep.txt#/var/log/kubelet.log");
        QVERIFY(kcm && kubelet);
        QCOMPARE(kcm->component, std::string("kube-controller-manager"));
        QCOMPARE(kubelet->component, std::string("kubelet"));
        QCOMPARE(named->stats.unparsed, 0u);

        // Context lines of a log whose lines begin with their date ("2-2020-03-25 ..."), before the
        // first match (-B) too; an empty line grep printed ("5-") is a frame.
        const auto dated = test::loadText("etcd-grep.txt",
                                          "1-2020-03-25 13:08:18.100000 W | etcdserver: timed out waiting for read index response\n"
                                          "2:2020-03-25 13:08:19.610050 W | etcdserver: read-only range request \"key\" took too long "
                                          "(7.5s) to execute\n"
                                          "3-\n"
                                          "4-2020-03-25 13:08:20.000001 I | etcdserver: something\n");
        QCOMPARE(dated->stats.unparsed, 0u);
        QCOMPARE(dated->stats.events, 3u);
        // File names with "-N" in them, a dated folder, a name without a dot.
        const auto names = test::loadText("names.txt",
                                          "node-1-kubelet.log:12:I0619 10:00:00.000000    1187 kubelet.go:1] a\n"
                                          "node-1-kubelet.log-13-I0619 10:00:01.000000    1187 kubelet.go:2] b\n"
                                          "logs/2024-06-19/kubelet.log:14:I0619 10:00:02.000000    1187 kubelet.go:3] c\n"
                                          "syslog:1234:Jun 19 10:00:00 node1 kubelet[1]: I0619 10:00:03.000000       1 kubelet.go:4] d\n");
        QCOMPARE(names->stats.unparsed, 0u);
        QVERIFY(only(*names, "names.txt#node-1-kubelet.log") && only(*names, "names.txt#logs/2024-06-19/kubelet.log")
                && only(*names, "names.txt#syslog"));
        QCOMPARE(only(*names, "names.txt#node-1-kubelet.log")->eventCount, 2u);

        for (const char *notGrep : {"10:13:50 worker-1 started\n10:13:51 worker-1 ready\n10:13:52 worker-1 I0619 10:13:52.000000 1 "
                                    "x.go:1] hello\n",
                                    "2024-06-19T10:00:01.000000001Z stderr F I0619 10:00:01.000000       1 x.go:1] a: b\n"}) {
            const auto inc = test::loadText("plain.log", notGrep);
            QCOMPARE(inc->sources.size(), size_t(1));
            QCOMPARE(inc->sources[0].shape, std::string());
        }
    }

    // etcd's capnslog quoted in a ticket (etcd#11809) and containerd's logrus lines indented
    // into a Markdown code block: the markers come off, line for line. A klog paste the parser
    // reads indented itself, and quoted prose, stay as they are.
    void indentedAndQuotedPastes()
    {
        const auto quoted = test::loadText(
            "etcd.log",
            "> 2020-03-25 13:08:19.610050 W | etcdserver: timed out waiting for read index response (local node might have slow network)\n"
            ">\n"
            "> 2020-03-25 13:08:19.610359 W | etcdserver: read-only range request \"key:\\\"/registry/services/endpoints/kube-system/"
            "kube-scheduler\\\" \" with result \"error:etcdserver: request timed out\" took too long (7.500444515s) to execute\n");
        QCOMPARE(quoted->sources.size(), size_t(1));
        QCOMPARE(quoted->sources[0].shape, std::string("quoted paste (\"> \")"));
        QCOMPARE(quoted->sources[0].eventCount, 2u);
        QCOMPARE(quoted->stats.unparsed, 0u);
        QCOMPARE(quoted->sources[0].clock.year, 2020);

        const auto indented =
            test::loadText("containerd.txt",
                           "    time=\"2024-06-19T10:00:00.412877561Z\" level=info msg=\"starting containerd\" version=1.7.2\n"
                           "    time=\"2024-06-19T10:00:01.100000000Z\" level=error msg=\"failed to load cni during init\" "
                           "error=\"cni config load failed\"\n");
        QCOMPARE(indented->sources[0].shape, std::string("indented paste"));
        QCOMPARE(indented->sources[0].eventCount, 2u);
        QCOMPARE(indented->stats.unparsed, 0u);

        for (const char *asWritten :
             {"    I0619 10:00:00.000000    1187 kubelet.go:1] a\n    I0619 10:00:01.000000    1187 kubelet.go:2] b\n",
              "> I looked at the logs\n> and found nothing\n"}) {
            const auto inc = test::loadText("paste.txt", asWritten);
            QCOMPARE(inc->sources[0].shape, std::string());
        }
    }

    // kubetail and tools like it: "[POD] " before each line (pinniped#1218); near misses:
    // "[INFO] " and a dmesg stamp are no pod names.
    void podNamePrefixedLines()
    {
        const auto inc =
            test::loadText("apiserver.txt",
                           "[tap-2364-api-86cdb6fb86-7jt6t] I0706 08:54:41.835785       1 trace.go:205] Trace[1390363737]: \"Create\" "
                           "url:/apis/authorization.k8s.io/v1/subjectaccessreviews (06-Jul-2022 08:54:41.335) (total time: 500ms):\n"
                           "[tap-2364-api-86cdb6fb86-7jt6t] Trace[1390363737]: [500.211742ms] [500.211742ms] END\n"
                           "[web-7b8d9c5f6d-5j2xq] I0706 08:54:42.000001       1 server.go:10] listening\n");
        const Source *api = only(*inc, "apiserver.txt#tap-2364-api-86cdb6fb86-7jt6t");
        const Source *web = only(*inc, "apiserver.txt#web-7b8d9c5f6d-5j2xq");
        QVERIFY(api && web);
        QCOMPARE(api->shape, std::string("lines prefixed by [pod] (kubetail)"));
        QCOMPARE(api->attribution.pod(), std::string("tap-2364-api-86cdb6fb86-7jt6t"));
        QCOMPARE(api->eventCount, 1u);
        QCOMPARE(inc->stats.unparsed, 0u);
        for (const char *notPods : {"[INFO] I0706 08:54:41.835785       1 x.go:1] a\n", "[ 1234.567890] eth0: link up\n"}) {
            const auto other = test::loadText("x.log", notPods);
            QCOMPARE(other->sources[0].shape, std::string());
        }
    }

    // `tail -n +1 a b`: two plain files, each section keeps its file's name.
    void tailOfTwoFiles()
    {
        const std::string text = "==> /var/log/kube-apiserver.log <==\n"
                                 "I0614 10:02:16.122204       1 server.go:148] \"Version info\" version=\"v1.30.0\"\n"
                                 "\n"
                                 "==> /var/log/kube-scheduler.log <==\n"
                                 "I0614 10:02:16.913100       1 server.go:154] \"Starting Kubernetes Scheduler\" version=\"v1.30.0\"\n";
        const auto inc = test::loadText("tail.txt", text);
        const Source *api = only(*inc, "tail.txt#/var/log/kube-apiserver.log");
        const Source *sched = only(*inc, "tail.txt#/var/log/kube-scheduler.log");
        QVERIFY(api && sched);
        QCOMPARE(api->shape, std::string("tail of several files"));
        QCOMPARE(api->component, std::string("kube-apiserver"));
        QCOMPARE(sched->component, std::string("kube-scheduler"));
        QCOMPARE(api->eventCount + sched->eventCount, 2u);
    }

    // The tail of `minikube logs` pasted from inside a section (minikube#6182): the log lines
    // above the first header are the section the paste began in, and the header after them
    // still opens the next container's section. A header no tool prints ("==> done <==")
    // under log lines is a line of the log.
    void tailPastedFromInsideASection()
    {
        const std::string tail = "I1230 16:36:44.185757       1 leaderelection.go:288] failed to renew lease "
                                 "kube-system/kube-controller-manager: failed to tryAcquireOrRenew context deadline exceeded\n"
                                 "F1230 16:36:44.187914       1 controllermanager.go:279] leaderelection lost\n"
                                 "\n";
        const std::string next = "I1230 16:37:39.113544       1 controllermanager.go:533] Started \"job\"\n";
        const auto inc = test::loadText("logs.txt", tail + "==> kube-controller-manager [\"f67f81d405aa\"] <==\n" + next);
        const Source *restarted = only(*inc, "logs.txt#kube-controller-manager [\"f67f81d405aa\"]");
        QVERIFY(restarted);
        QCOMPARE(restarted->eventCount, 1u);
        QCOMPARE(restarted->component, std::string("kube-controller-manager"));
        const Source *first = only(*inc, "logs.txt");
        QVERIFY(first);
        QCOMPARE(first->eventCount, 2u);
        QCOMPARE(inc->stats.unparsed, 0u);
        QCOMPARE(inc->message(inc->events[1]), std::string_view("leaderelection lost")); // the frame is no part of it
        QCOMPARE(test::loadText("logs.txt", tail + "==> kubelet <==\n" + next)->sources.size(), std::size_t(2));
        // minikube's last section, a container of no Kubernetes component: its id marks it.
        QCOMPARE(test::loadText("logs.txt", tail + "==> storage-provisioner [0e7c1d2a9b3f] <==\n" + next)->sources.size(), std::size_t(2));
        for (const char *header : {"==> done <==", "==> notes [draft] <==", "==> see /etc/motd for details <=="}) {
            const auto one = test::loadText("logs.txt", tail + header + "\n" + next);
            QCOMPARE(one->sources.size(), std::size_t(1));
        }
    }

    // A log and its byte-identical copy are read once; two tiny identical files are two facts.
    void duplicatesReadOnce()
    {
        const std::string log = criLines("shared_informer.go:320]", 12);
        QVERIFY(log.size() >= 1024);
        const auto inc = test::loadFiles({{"a/kubelet.log", kKubeletJournal + log},
                                          {"b/kubelet.log.1", kKubeletJournal + log},
                                          {"n1/kubernetes-version.txt", "v1.30.0"},
                                          {"n2/kubernetes-version.txt", "v1.30.0"}});
        int kubelets = 0, versions = 0;
        for (const auto &s : inc->sources) {
            kubelets += s.path.find("kubelet.log") != std::string::npos;
            versions += s.path.ends_with("kubernetes-version.txt");
        }
        QCOMPARE(kubelets, 1);
        QCOMPARE(versions, 2);
        QVERIFY(hasNote(*inc, "read once"));
    }

    // kind copies /var/log/containers links as files (tar -h): a small copy is read once too,
    // and the pods/ file is the one kept.
    void smallLinkCopyReadOnce()
    {
        const std::string pod = "2024-06-14T10:12:44.115213482Z stdout F .:53\n"
                                "2024-06-14T10:12:44.115271890Z stdout F CoreDNS-1.11.1\n";
        const auto inc = test::loadFiles(
            {{"logs/kind-version.txt", "kind v0.23.0 go1.21.10 linux/amd64"},
             {"logs/kind-control-plane/kubernetes-version.txt", "v1.30.0"},
             {"logs/kind-control-plane/pods/kube-system_coredns-7db6d8ff4d-4fq2r_eede0021-4951-49ac-8bea-d1afa4494986/coredns/0.log", pod},
             {"logs/kind-control-plane/containers/coredns-7db6d8ff4d-4fq2r_kube-system_coredns-"
              "fb254038dfc52469878e1a0463295b558e55387a56b924a1775c167949442070.log",
              pod}});
        int coredns = 0;
        for (const auto &s : inc->sources)
            coredns += s.path.find("coredns") != std::string::npos;
        QCOMPARE(coredns, 1);
        QVERIFY(only(*inc, "coredns/0.log"));
        QVERIFY(hasNote(*inc, "a copy of"));
    }

    // A plain kubelet log that quotes `==>` or a dump frame in its messages is not cut.
    void plainLogWithFrameTextNotSplit()
    {
        const std::string text = "I0614 10:02:16.122204    4721 kuberuntime_manager.go:1050] \"Message\" msg=\"==> kubelet <==\"\n"
                                 "==> not a header because it is not the first line <==\n"
                                 "I0614 10:02:16.122304    4721 kuberuntime_manager.go:1050] \"Message\" msg=\"==== START logs for "
                                 "container c of pod a/b ====\"\n";
        const auto inc = test::loadText("kubelet.log", text);
        QCOMPARE(inc->sources.size(), size_t(1));
        QCOMPARE(inc->sources[0].shape, std::string());
        const auto frame = test::loadText("kubelet.log",
                                          "I0614 10:02:16.122204    4721 server.go:484] \"x\"\n"
                                          "==== START logs for container kubelet of pod a/b ====\n");
        QCOMPARE(frame->sources.size(), size_t(1));
        QCOMPARE(frame->sources[0].shape, std::string());
    }

    // Files past the number of sources an event can name are skipped, each named with the
    // reason and counted in a note, and the ones before them stay in order.
    void sourcesPastTheLimitAreNamed()
    {
        ShapedBundle bundle;
        for (const char *path : {"a.log", "b.log", "c.log", "d.log"}) {
            SourceInput in;
            in.file.path = path;
            bundle.sources.push_back(in);
        }
        skipSourcesPast(bundle, 4);
        QCOMPARE(bundle.sources.size(), size_t(4));
        QVERIFY(bundle.skipped.empty() && bundle.notes.empty());
        skipSourcesPast(bundle, 2);
        QCOMPARE(bundle.sources.size(), size_t(2));
        QCOMPARE(bundle.sources[1].file.path, std::string("b.log"));
        QCOMPARE(bundle.skipped.size(), size_t(2));
        QCOMPARE(bundle.skipped[0].path, std::string("c.log"));
        QCOMPARE(bundle.skipped[1].reason, std::string("not loaded: an incident holds at most 2 files"));
        QCOMPARE(bundle.notes, std::vector<std::string>{"2 files were not loaded: an incident holds at most 2 files"});
    }
};

QTEST_GUILESS_MAIN(TestShapes)
#include "tst_shapes.moc"
