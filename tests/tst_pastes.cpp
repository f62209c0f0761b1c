// Log text as users paste or capture it: log lines indented or quoted, and every kind of line
// that is no log line (prompts, fences, elisions, comments, command output) counted with its
// reason - while continuations stay continuations and real log lines are never taken for one.
#include "testutil.h"

#include "core/analysis/analyzer.h"
#include "core/format/pastetext.h"
#include "core/load/sourceparser.h"

using namespace kubelane;
using namespace kubelane::core;

namespace {

const std::string kKlog = "I0516 02:00:50.123456    1234 kubelet.go:2341] \"SyncLoop (PLEG): event for pod\" pod=\"shop/web-0\"\n";
const std::string kKlog2 = "E0516 02:00:55.223456    1234 kubelet.go:2281] \"Skipping pod synchronization\" err=\"PLEG is not healthy: "
                           "pleg was last seen active 3m5.3s ago; threshold is 3m0s\"\n";
const std::string kJournald = "May 16 02:00:51 node3 kubelet[1234]: I0516 02:00:51.000001    1234 kubelet.go:2341] \"SyncLoop ADD\" "
                              "source=\"api\" pods=[\"shop/web-0\"]\n";

std::uint64_t reasonCount(const Source &s, DiagnosticReason r)
{
    return s.diagnosticCounts[static_cast<int>(r)];
}

} // namespace

class TestPastes : public QObject {
    Q_OBJECT
private slots:
    // A journal copied from a terminal 100 columns wide (kubernetes#60827's AKS journal, at
    // 157): each line longer than the width is cut into pieces, each piece a line. The pieces
    // are the rest of the event above, not lines nobody understood; a line longer than two
    // widths has two pieces. Near misses: a journal whose lines are often of one length and
    // never cut, and a stray line under a line that is not of the width.
    void terminalWrappedJournal_data()
    {
        QTest::addColumn<int>("width");
        QTest::newRow("100 columns") << 100;
        QTest::newRow("108: a cut before a space") << 108;
    }
    void terminalWrappedJournal()
    {
        QFETCH(int, width);
        std::string text;
        int cuts = 0;
        auto copied = [&](const std::string &line) {
            for (std::size_t at = 0; at < line.size(); at += width) {
                text += line.substr(at, width) + "\n";
                cuts += at > 0;
            }
        };
        copied("Feb 28 20:05:48 aks-1 docker[1886]: I0228 20:05:48.054138    1979 kubelet.go:1893] SyncLoop (REMOVE, \"api\"): "
               "\"ingress-controller-2457738317-1zw8g_default(3f361099-180f-11e8-bc4f-0a58ac1f05db)\"");
        copied("Feb 28 20:05:58 aks-1 docker[1886]: I0228 20:05:58.080153    1979 kubelet_node_status.go:469] Using Node Hostname "
               "from cloudprovider: \"aks-1\"");
        copied("Feb 28 20:07:11 aks-1 docker[1886]: E0228 20:07:11.578479    1979 kubelet_node_status.go:357] Error updating node "
               "status, will retry: failed to patch status \"{\\\"status\\\":{\\\"conditions\\\":[{\\\"type\\\":\\\"Ready\\\"}]}}\" "
               "for node \"aks-1\": Patch https://aks-1.hcp.westeurope.azmk8s.io:443/api/v1/nodes/aks-1/status: net/http: request "
               "canceled (Client.Timeout exceeded while awaiting headers)");
        copied("Feb 28 20:07:12 aks-1 docker[1886]: I0228 20:07:12.000000    1979 server.go:794] GET /healthz: (12us) 200");
        QVERIFY(cuts >= 4);
        QCOMPARE(terminalWrapWidth(text), std::size_t(width));
        const auto inc = test::loadText("journal.txt", text);
        QCOMPARE(inc->stats.unparsed, 0u);
        QCOMPARE(inc->events.size(), size_t(4));
        QCOMPARE(inc->lineCountOf(inc->events[2]), 4u);
        QCOMPARE(inc->typeName(inc->events[2]), std::string_view("node.status.update-failed"));
        QVERIFY(inc->rawText(inc->events[2]).ends_with("(Client.Timeout exceeded while awaiting headers)"));

        std::string uncut;
        for (int i = 0; i < 5; ++i)
            uncut += "Feb 28 20:06:0" + std::to_string(i) + " aks-1 docker[1886]: I0228 20:06:0" + std::to_string(i)
                + ".000000    1979 server.go:794] GET /healthz: (12us) 200 [[kube-probe/1.9] 10.0.0.1:1]\n";
        QCOMPARE(terminalWrapWidth(uncut), size_t(0));
        const auto stray = test::loadText("journal.txt", uncut + "%%% garbage %%%\n" + uncut);
        QCOMPARE(stray->stats.unparsed, 1u);
        const auto underShort = test::loadText("journal.txt", text + "%%% garbage %%%\n");
        QCOMPARE(underShort->stats.unparsed, 1u);
        // A line longer than the width: no terminal cut this text (a log's lines of one length,
        // each before a line of no format).
        QCOMPARE(terminalWrapWidth(text + "Feb 28 20:07:13 aks-1 docker[1886]: " + std::string(std::size_t(width), 'x') + "\n"), size_t(0));
        // A Go stack's location lines are never pieces; a piece that holds a file:line is one.
        QVERIFY(!isTerminalWrapPiece("k8s.io/kubernetes/pkg/kubelet.(*Kubelet).syncLoop(0xc000a1b2c0)",
                                     "\t/go/src/k8s.io/kubernetes/pkg/kubelet/kubelet.go:1234 +0x5e"));
        QVERIFY(!isTerminalWrapPiece("E0522 10:00:10.103000       1 runtime.go:66] Observed a panic: boom",
                                     "/workspace/anago-v1.10.3/src/k8s.io/kubernetes/pkg/util/runtime/runtime.go:72"));
        QVERIFY(isTerminalWrapPiece("Jun 13 13:21:25 control1 kubelet[5359]: I0613 13:21:25.992025    5359",
                                    " kubelet_node_status.go:94] \"Registering node\" node=\"control1\""));
        // Two lines of one length, each before a journal's "-- Reboot --": no cut.
        const std::string shutdown = "Feb 28 20:05:48 aks-1 systemd-shutdown[1]: Syncing filesystems and block devices, then powering off "
                                     "the machine.\n-- Reboot --\n";
        QCOMPARE(terminalWrapWidth(shutdown + shutdown + uncut), size_t(0));
    }

    // `minikube logs` with a "* " before each line, copied from an 80-column terminal
    // (minikube#3649): the bullet is on the first piece only. Each event is read whole, its
    // klog header joined across the cut ("kubelet_" + "node_status.go:442]"), at its first
    // line's number; the pieces' lines are neither events nor lines not understood.
    void terminalWrappedBulletedLines()
    {
        std::string text;
        for (const char *stamp : {"06:26:05.502419", "06:26:05.519703", "06:26:06.000001"}) {
            const std::string line = std::string("* Oct 25 06:26:05 minikube kubelet[4555]: E1025 ") + stamp
                + "    4555 kubelet_node_status.go:442] Error updating node status, will retry: error getting node \"minikube\": Get "
                  "\"https://control-plane.minikube.internal:8443/api/v1/nodes/minikube?timeout=10s\": dial tcp 192.168.99.103:8443: "
                  "connect: connection refused";
            for (std::size_t at = 0; at < line.size(); at += 80)
                text += line.substr(at, 80) + "\n";
        }
        const auto inc = test::loadText("logs.txt", text);
        QCOMPARE(inc->sources[0].shape, std::string("lines bulleted \"* \" (minikube logs without its ==> NAME <== frames)"));
        QCOMPARE(inc->stats.unparsed, 0u);
        QCOMPARE(inc->events.size(), size_t(3));
        for (std::size_t i = 0; i < 3; ++i) {
            const Event &e = inc->events[i];
            QCOMPARE(inc->lineOf(e), 1 + 4 * static_cast<std::uint32_t>(i));
            QCOMPARE(inc->typeName(e), std::string_view("node.status.update-failed"));
            QCOMPARE(inc->lineCountOf(e), 4u); // its pieces' lines, left blank
            std::string_view raw = inc->rawText(e);
            raw = raw.substr(0, raw.find('\n'));
            QVERIFY2(raw.ends_with("connect: connection refused"), std::string(raw).c_str());
        }
        QCOMPARE(formatRfc3339(inc->events[2].time, 6).substr(11), std::string("06:26:06.000001Z"));

        // Near miss: a bulleted list whose second line is prose, not a piece of the first.
        const auto prose = test::loadText("notes.md",
                                          "* restarted the kubelet on worker-2 after it went NotReady at 06:20 this morning\n"
                                          "then drained it\n* I0512 20:50:44.000000       1 leaderelection.go:258] acquired\n");
        QCOMPARE(prose->sources[0].shape, std::string());
    }

    // The same in a format read by its own line reader (etcd's capnslog): a line no reader
    // understands under a line of the width continues the event above.
    void terminalWrappedCapnslog()
    {
        std::string text;
        for (int i = 0; i < 3; ++i) {
            const std::string line = "2018-10-22 11:22:1" + std::to_string(i)
                + ".706081 W | etcdserver: read-only range request \"key:\\\"/registry/leases/kube-node-lease/node-" + std::to_string(i)
                + "\\\" \" with result \"range_response_count:1 size:285\" took too long (128.414553ms) to execute";
            for (std::size_t at = 0; at < line.size(); at += 90) // a terminal cuts every line longer than it
                text += line.substr(at, 90) + "\n";
        }
        QCOMPARE(terminalWrapWidth(text), size_t(90));
        const auto inc = test::loadText("etcd.log", text);
        QCOMPARE(inc->sources.at(0).format, SourceFormat::Capnslog);
        QCOMPARE(inc->stats.unparsed, 0u);
        QCOMPARE(inc->events.size(), size_t(3));
        QCOMPARE(inc->lineCountOf(inc->events[0]), 3u);
    }

    // A --from/--to load reads a file's head and its window: a cut line in the head takes its
    // pieces, and no piece count reaches across the lines not read.
    void terminalWrapAcrossAWindow()
    {
        const std::size_t width = 100;
        std::string text;
        auto copied = [&](const std::string &line) {
            for (std::size_t at = 0; at < line.size(); at += width)
                text += line.substr(at, width) + "\n";
        };
        const std::string tail = "    1979 kubelet_node_status.go:357] Error updating node status, will retry: error getting node "
                                 "\"aks-1\": Get https://aks-1.hcp.westeurope.azmk8s.io:443/api/v1/nodes/aks-1: context deadline exceeded";
        copied("2018-02-28T20:05:48+0000 aks-1 kubelet[1886]: E0228 20:05:48.054138" + tail);
        for (int minute = 0; minute < 60; ++minute) {
            const std::string mm = (minute < 10 ? "0" : "") + std::to_string(minute);
            copied("2018-02-28T21:" + mm + ":00+0000 aks-1 kubelet[1886]: E0228 21:" + mm + ":00.000000" + tail);
        }
        auto opts = test::options();
        opts.from = parseRfc3339("2018-02-28T21:20:00Z");
        opts.to = parseRfc3339("2018-02-28T21:25:00Z");
        const auto inc = test::loadText("journal.txt", text, opts);
        std::size_t inWindow = 0;
        for (const Event &e : inc->events)
            inWindow += e.time >= *opts.from && e.time <= *opts.to;
        QCOMPARE(inWindow, size_t(6));
        QCOMPARE(inc->stats.unparsed, 0u);
    }

    // One row per kind of line that is no log line: the text around real log lines, how many
    // lines of that reason, and how many events the log lines make.
    void nonLogLines_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<int>("reason");
        QTest::addColumn<int>("count");
        QTest::addColumn<int>("events");
        const auto klog = QString::fromStdString(kKlog), klog2 = QString::fromStdString(kKlog2);
        const int prompt = int(DiagnosticReason::ShellPrompt), output = int(DiagnosticReason::CommandOutput);
        const int fence = int(DiagnosticReason::MarkdownFence), elision = int(DiagnosticReason::Elision);
        const int comment = int(DiagnosticReason::CommentLine);
        const int prose = int(DiagnosticReason::Prose);
        QTest::newRow("$ prompt") << "$ journalctl -u kubelet -o cat\n" + klog << prompt << 1 << 1;
        QTest::newRow("$ alone") << "$\n" + klog << prompt << 1 << 1;
        QTest::newRow("root # prompt") << "# journalctl -u kubelet | tail\n" + klog << prompt << 1 << 1;
        QTest::newRow("root # prompt, subcommand") << "# kubectl get pods\n" + klog << prompt << 1 << 1;
        QTest::newRow("user@host:~$") << "ops@bastion-1:~$ ssh node3\n" + klog << prompt << 1 << 1;
        QTest::newRow("root@host:/path#") << "root@node3:/var/log# tail -n 2 kubelet.log\n" + klog << prompt << 1 << 1;
        QTest::newRow("[root@node3 ~]#") << "[root@node3 ~]# journalctl -u kubelet\n" + klog << prompt << 1 << 1;
        QTest::newRow("PS C:\\>") << "PS C:\\Users\\ops> kubectl logs -n kube-system kube-proxy-x\n" + klog << prompt << 1 << 1;
        QTest::newRow("oh-my-zsh") << QString::fromUtf8("➜  ~ grep \"node status\" /var/log/messages\n") + klog << prompt << 1 << 1;
        QTest::newRow("bash-5.0# (no PS1, in a container)")
            << "bash-5.0# tail kube-controller-manager-minikube_kube-system_x.log\n" + klog << prompt << 1 << 1;
        QTest::newRow("sh-4.2$") << "sh-4.2$ cat /var/log/kubelet.log\n" + klog << prompt << 1 << 1;
        QTest::newRow("busybox / #") << "/ # tail /var/log/kubelet.log\n" + klog << prompt << 1 << 1;
        QTest::newRow("a command without its prompt (kubernetes#110028)")
            << "kubectl logs -n kube-system kube-controller-manager-kind-control-plane -f| grep -E \"Adding it to|was in a taint "
               "queue\"\n"
                + klog
            << prompt << 1 << 1;
        const QString docker =
            QStringLiteral("{\"log\":\"I1103 18:28:07.223687       1 log.go:172] http: TLS handshake error from 10.1.1.1:52376: EOF\\n\","
                           "\"stream\":\"stderr\",\"time\":\"2021-11-03T18:28:07.223869Z\"}\n");
        QTest::newRow("prompt above docker's lines") << "$ tail kube-apiserver.log\n" + docker << prompt << 1 << 1;
        QTest::newRow("prose and spacing between docker's lines")
            << docker + "\nFollowed by continuous TLS handshake error:\n\n" + docker << prose << 3 << 2;
        QTest::newRow("fence") << "```\n" + klog + "```\n" << fence << 2 << 1;
        QTest::newRow("fence with language") << "```console\n" + klog + "```\n" << fence << 2 << 1;
        QTest::newRow("tilde fence") << "~~~text\n" + klog + "~~~\n" << fence << 2 << 1;
        QTest::newRow("... (indented paste)") << "    " + klog + "    ...\n    " + klog2 << elision << 1 << 2;
        QTest::newRow("… (indented paste)") << "    " + klog + "    …\n    " + klog2 << elision << 1 << 2;
        QTest::newRow("[...] (after a fence)") << "```\n" + klog + "[...]\n" + klog2 + "```\n" << elision << 1 << 2;
        QTest::newRow("# comment (before any line)") << "# worker-3 went NotReady at 02:03\n" + klog << comment << 1 << 1;
        QTest::newRow("# comment and the gap after it") << "# worker-3 went NotReady at 02:03\n\n    " + klog << comment << 2 << 1;
        QTest::newRow("# comment and the gap after it, between lines")
            << "    " + klog + "    # here containerd hung\n\n    " + klog2 << comment << 2 << 2;
        QTest::newRow("# comment (indented paste)") << "    " + klog + "    # here containerd hung\n    " + klog2 << comment << 1 << 2;
        QTest::newRow("// comment (indented paste)") << "    " + klog + "    // restarted containerd\n    " + klog2 << comment << 1 << 2;
        QTest::newRow("## heading (quoted paste)") << "> " + klog + "## after the restart\n> " + klog2 << comment << 1 << 2;
        QTest::newRow("prose before a fence (an issue's text)") << "Two nodes started reporting this error in kubelet logs.\n\nLog showing "
                                                                   "the [pod](https://example.com/x) and PLEG error.\n```\n"
                + klog + "```\n" << prose << 3 << 1;
        QTest::newRow("prose after a fence") << "```\n" + klog + "```\nAfter restarting docker the node came back.\n" << prose << 1 << 1;
        QTest::newRow("kubectl table") << "$ kubectl get pods -A\nNAMESPACE     NAME          READY   STATUS    RESTARTS   AGE\n"
                                          "kube-system   kube-proxy-x  1/1     Running   0          5d\n"
                                          "shop          web-0         0/1     Running   3 (2m ago) 5d\n\n"
                + klog << output << 4 << 1;
        QTest::newRow("table header, spaced names")
            << "NAME       STATUS     ROLES    AGE   VERSION   INTERNAL-IP   EXTERNAL-IP   OS-IMAGE\n"
               "node3      NotReady   <none>   41d   v1.27.3   10.0.0.3      <none>        Ubuntu 22.04.2 LTS\n"
               "\n"
                + klog
            << output << 3 << 1;
        QTest::newRow("error:") << "$ kubectl logs web-0 -c sidecar\nerror: the server doesn't have a resource type \"podz\"\n" + klog
                                << output << 1 << 1;
        QTest::newRow("Error from server") << klog + "Error from server (NotFound): pods \"web-0\" not found\n" << output << 1 << 1;
        QTest::newRow("connection refused") << klog
                + "The connection to the server localhost:8080 was refused - did you specify the right host or port?\n"
                                            << output << 1 << 1;
        QTest::newRow("less's status line") << klog + "lines 312-395/395 (END)\n" << output << 1 << 1;
        QTest::newRow("less's status line, part way") << klog + "lines 1-52 41%\n" << output << 1 << 1;
        QTest::newRow("Unable to connect") << klog + "Unable to connect to the server: dial tcp 10.0.0.1:6443: i/o timeout\n"
                                           << output << 1 << 1;
        QTest::newRow("systemctl status") << "● kubelet.service - kubelet: The Kubernetes Node Agent\n"
                                             "     Loaded: loaded (/lib/systemd/system/kubelet.service; enabled; vendor preset: enabled)\n"
                                             "    Drop-In: /usr/lib/systemd/system/kubelet.service.d\n"
                                             "             └─10-kubeadm.conf\n"
                                             "     Active: active (running) since Tue 2024-04-16 09:14:02 UTC; 9s ago\n"
                                             "   Main PID: 30412 (kubelet)\n"
                                             "     CGroup: /system.slice/kubelet.service\n"
                                             "             └─30412 /usr/bin/kubelet --config=/var/lib/kubelet/config.yaml\n"
                                             "\n"
                + QString::fromStdString(kJournald)
                                          << output << 9 << 1;
        QTest::newRow("systemctl status, systemd 219") << klog
                + "● kubelet.service - kubelet: The Kubernetes Node Agent\n"
                  "   Loaded: loaded (/etc/systemd/system/kubelet.service; enabled; vendor preset: disabled)\n"
                  "   Active: activating (auto-restart) (Result: exit-code) since Mon 2020-12-07 15:16:30 CST; 4s ago\n"
                  "  Process: 14756 ExecStart=/usr/bin/kubelet (code=exited, status=255)\n"
                  " Main PID: 14756 (code=exited, status=255)\n"
                                                       << output << 5 << 1;
        // journalctl -x: the message catalog's explanation under systemd's lines.
        const QString started = QStringLiteral("Jul 06 14:56:04 node3 systemd[1]: Started kubelet: The Kubernetes Node Agent.\n");
        QTest::newRow("systemctl status's hint")
            << QString::fromStdString(kJournald) + "Hint: Some lines were ellipsized, use -l to show in full.\n"
            << output << 1 << 1;
        QTest::newRow("journalctl -x, systemd 219") << started
                + "-- Subject: Unit kubelet.service has finished start-up\n-- Defined-By: systemd\n"
                  "-- Support: http://lists.freedesktop.org/mailman/listinfo/systemd-devel\n-- \n"
                  "-- Unit kubelet.service has finished starting up.\n-- \n-- The start-up result is done.\n"
                + QString::fromStdString(kJournald) << output
                                                    << 7 << 2;
        QTest::newRow("journalctl -x, systemd 246+") << started
                + QString::fromUtf8("░░ Subject: A start job for unit kubelet.service has finished successfully\n░░ Defined-By: systemd\n"
                                    "░░ Support: http://www.ubuntu.com/support\n░░ \n"
                                    "░░ A start job for unit kubelet.service has finished successfully.\n░░ \n"
                                    "░░ The job identifier is 1284.\n")
                + QString::fromStdString(kJournald) << output
                                                     << 7 << 2;
        // Grafana's table view copies each line's time on a line of its own, in the viewer's zone
        // (rackerlabs/spot#268): not a line of the log, and no continuation of the one above.
        QTest::newRow("a log viewer's time column above each line")
            << "2026-01-25 10:10:06.782\t\n" + klog + "2026-01-25 10:42:47.541\t\n" + klog2 << output << 2 << 2;
        QTest::newRow("set -x trace (docker logs of a kubelet container)")
            << "+ hostname\n++ hostname -i\n+ exec kubelet --v=2 --kubeconfig=/etc/kubernetes/kubelet.conf\n" + klog
                + "+ exec kubelet --v=2 --kubeconfig=/etc/kubernetes/kubelet.conf\n" + klog2
            << output << 4 << 2;
    }
    void nonLogLines()
    {
        QFETCH(QString, text);
        QFETCH(int, reason);
        QFETCH(int, count);
        QFETCH(int, events);
        const auto inc = test::loadText("paste.txt", text.toStdString());
        const Source &s = inc->sources.at(0);
        QCOMPARE(s.unparsedLines, std::uint64_t(0));
        QCOMPARE(reasonCount(s, static_cast<DiagnosticReason>(reason)), std::uint64_t(count));
        QCOMPARE(test::eventsOf(*inc, s).size(), std::size_t(events));
    }

    // Log lines indented into a Markdown code block, by a tab, or quoted in an e-mail are
    // read as what they are, with their own time; detection votes for their format.
    void indentedLogLines_data()
    {
        QTest::addColumn<QString>("prefix");
        QTest::addColumn<QString>("line");
        QTest::addColumn<int>("format");
        QTest::addColumn<QString>("time");
        const QString klog = QString::fromStdString(kKlog).trimmed();
        const QString journald = QString::fromStdString(kJournald).trimmed();
        const QString cri = "2024-05-16T02:00:50.123456789Z stderr F " + klog;
        QTest::newRow("klog, 4 spaces") << "    " << klog << int(SourceFormat::KlogText) << "2024-05-16T02:00:50.123456Z";
        QTest::newRow("klog, tab") << "\t" << klog << int(SourceFormat::KlogText) << "2024-05-16T02:00:50.123456Z";
        QTest::newRow("klog, quoted") << "> " << klog << int(SourceFormat::KlogText) << "2024-05-16T02:00:50.123456Z";
        QTest::newRow("klog, quoted twice") << "> > " << klog << int(SourceFormat::KlogText) << "2024-05-16T02:00:50.123456Z";
        QTest::newRow("journald, 4 spaces") << "    " << journald << int(SourceFormat::Journald) << "2024-05-16T02:00:51.000001Z";
        QTest::newRow("journald, quoted") << "> " << journald << int(SourceFormat::Journald) << "2024-05-16T02:00:51.000001Z";
        QTest::newRow("journald, quoted with no space")
            << ">" << journald << int(SourceFormat::Journald) << "2024-05-16T02:00:51.000001Z"; // acs-engine#863's paste
        QTest::newRow("CRI, 2 spaces") << "  " << cri << int(SourceFormat::CriLog) << "2024-05-16T02:00:50.123456Z";
        QTest::newRow("klog, inline code (`...`)") << "`" << klog + "`" << int(SourceFormat::KlogText) << "2024-05-16T02:00:50.123456Z";
    }
    void indentedLogLines()
    {
        QFETCH(QString, prefix);
        QFETCH(QString, line);
        QFETCH(int, format);
        QFETCH(QString, time);
        const std::string text = (prefix + line + "\n" + prefix + line + "\n").toStdString();
        bool pasted = false;
        QCOMPARE(int(detectFormat(text, nullptr, &pasted)), format);
        QVERIFY(pasted);
        auto o = test::options();
        o.fallbackYear = 2024;
        o.utcOffsets.push_back({"paste", "+00:00"});
        const auto inc = test::loadText("paste.txt", text, o);
        const Source &s = inc->sources.at(0);
        QCOMPARE(s.unparsedLines, std::uint64_t(0));
        const auto events = test::eventsOf(*inc, s);
        QCOMPARE(events.size(), std::size_t(2)); // the second indented line is a new entry, not a continuation
        QCOMPARE(test::utc(events[0]->time), time);
        QCOMPARE(QString::fromStdString(std::string(inc->message(*events[0]))).left(10), QStringLiteral("\"SyncLoop "));
    }

    // Under a paste's indentation, a stack trace and a multi-line value still continue their
    // entry; so does any line after a log line in a file that shows no sign of a paste.
    void continuationsStayContinuations_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<int>("linesOfFirst");
        const QString klog = QString::fromStdString(kKlog), klog2 = QString::fromStdString(kKlog2);
        QTest::newRow("stack trace") << klog + "goroutine 1 [running]:\n\t/usr/local/go/src/runtime/panic.go:838 +0x207\n" + klog2 << 3;
        QTest::newRow("stack trace, indented paste")
            << "    " + klog + "    goroutine 1 [running]:\n    \t/usr/local/go/src/runtime/panic.go:838 +0x207\n    " + klog2 << 3;
        QTest::newRow("multi-line value, indented paste")
            << "    I0516 02:00:50.123456    1234 prober.go:107] \"Probe failed\" output=<\n    \tconnection refused\n     >\n    " + klog2
            << 3;
        QTest::newRow("iptables-save comment in a raw log")
            << "E0516 02:00:50.123456    1234 proxier.go:1525] \"Failed to execute iptables-restore\" err=<\n"
               "# Generated by iptables-save v1.8.7 on Thu May 16 02:00:50 2024\n*filter\nCOMMIT\n"
                + klog2
            << 4;
        QTest::newRow("... in a raw log") << klog + "...\n" + klog2 << 2;
        QTest::newRow("error: in a raw log") << klog + "error: exit status 1\n" + klog2 << 2;
        QTest::newRow("+ diff line") << klog + "+ \tImage: \"nginx:1.25\"\n" + klog2 << 2;
        // A sentence inside a fence or in a raw log is a wrapped message (the 1.18 kubelet's AWS
        // credentials notice), never prose.
        QTest::newRow("sentence inside a fence") << "```\n" + klog + "Some of the pods may not start until the node is ready.\n" + klog2
                + "```\n" << 2;
        QTest::newRow("sentence in a raw log") << klog + "Some of the pods may not start until the node is ready.\n" + klog2 << 2;
    }
    void continuationsStayContinuations()
    {
        QFETCH(QString, text);
        QFETCH(int, linesOfFirst);
        const auto inc = test::loadText("kubelet.log", text.toStdString());
        const Source &s = inc->sources.at(0);
        QCOMPARE(s.unparsedLines, std::uint64_t(0));
        QCOMPARE(s.nonLogLines, s.diagnosticCounts[int(DiagnosticReason::MarkdownFence)]); // only a fence around them
        const auto events = test::eventsOf(*inc, s);
        QCOMPARE(events.size(), std::size_t(2));
        QCOMPARE(int(inc->lineCountOf(*events[0])), linesOfFirst);
    }

    // A log line is never a prompt, a comment or an output line, whatever its message says.
    void logLinesAreNeverTakenForOtherLines_data()
    {
        QTest::addColumn<QString>("text");
        QTest::newRow("klog message starting with #")
            << "```\nI0516 02:00:50.123456    1234 exec.go:12] # Generated by iptables-save\n```\n";
        QTest::newRow("klog message starting with $") << "$ tail kubelet.log\nI0516 02:00:50.123456    1234 exec.go:12] $ echo hello\n";
        QTest::newRow("journald message starting with #")
            << "# journalctl -u kubelet\nMay 16 02:00:51 node3 kubelet[1234]: # not a comment\n";
        QTest::newRow("journald kubectl error text")
            << "$ journalctl -u kubelet\nMay 16 02:00:51 node3 kubelet[1234]: error: the server refused\n";
        QTest::newRow("klog in a table block")
            << "$ kubectl get pods\nNAME    READY   STATUS\nweb-0   1/1     Running\nI0516 02:00:50.123456    1234 kubelet.go:1] \"x\"\n";
    }
    void logLinesAreNeverTakenForOtherLines()
    {
        QFETCH(QString, text);
        const auto inc = test::loadText("paste.txt", text.toStdString());
        const Source &s = inc->sources.at(0);
        QCOMPARE(s.unparsedLines, std::uint64_t(0));
        QCOMPARE(test::eventsOf(*inc, s).size(), std::size_t(1));
    }

    // Lines that name no node belong to the one node a node's log names; a file naming two
    // nodes lends neither.
    void nodeFromTheLines()
    {
        const std::string notReady = "I0516 02:00:56.0    1234 setters.go:548] \"Node became not ready\" node=\"worker-3\"\n";
        auto o = test::options();
        o.fallbackYear = 2024;
        auto inc = test::loadText("paste.txt", kKlog + kKlog2 + notReady, o);
        for (const Event &e : inc->events)
            QCOMPARE(std::string(inc->text(inc->nodeOf(e))), std::string("worker-3"));
        const std::string other = "I0516 02:00:57.0    1234 setters.go:548] \"Node became not ready\" node=\"worker-4\"\n";
        inc = test::loadText("paste.txt", kKlog + kKlog2 + notReady + notReady + other, o);
        int without = 0;
        for (const Event &e : inc->events)
            without += inc->nodeOf(e) == kNoString;
        QCOMPARE(without, 2);
    }

    // A kubelet's lines that name no node anywhere (kubelet lines pasted bare, as an issue quotes
    // them) are still one node's: named for the file with a placeholder no node can have, so that
    // the per-node rules read them. Two such files are two nodes, even of one file name; a file
    // of no component, or one that names its node, keeps what it had.
    void namelessKubeletLogs()
    {
        auto o = test::options();
        o.fallbackYear = 2024;
        auto inc = test::loadText("paste.txt", kKlog + kKlog2, o);
        QCOMPARE(inc->sources.at(0).node, std::string("<node of paste.txt>"));
        for (const Event &e : inc->events)
            QCOMPARE(std::string(inc->text(inc->nodeOf(e))), std::string("<node of paste.txt>"));
        AnalyzeOptions analyzeOptions;
        analyzeOptions.resourceDir = KUBELANE_RESOURCES;
        const auto a = analyzeIncident(inc, analyzeOptions);
        QCOMPARE(a->findings.size(), std::size_t(1));
        QCOMPARE(a->findings[0].rule, std::string("pleg-unhealthy"));
        QCOMPARE(a->findings[0].subject.text(), std::string("node/<node of paste.txt>"));

        inc = test::loadFiles({{"a/kubelet.log", kKlog2}, {"b/kubelet.log", kKlog2}}, o);
        QCOMPARE(inc->sources.size(), std::size_t(2));
        QVERIFY(inc->sources[0].node != inc->sources[1].node);
        for (const Source &s : inc->sources)
            QVERIFY2(s.node.starts_with("<node of ") && s.node.ends_with("/kubelet.log>"), s.node.c_str());

        const std::string notReady = "I0516 02:00:56.0    1234 setters.go:548] \"Node became not ready\" node=\"worker-3\"\n";
        inc = test::loadText("paste.txt", kKlog + kKlog2 + notReady, o);
        QCOMPARE(inc->sources.at(0).node, std::string("worker-3"));
        inc = test::loadText("notes.txt", "# what we saw\nthe node went away at 02:00\n", o);
        QVERIFY(inc->sources.at(0).node.empty());
        // Next to a controller's log that names nodes, the kubelet's may be one of them: no node
        // of its own, which would split its pods from the one the scheduler placed them on.
        const std::string controller = "I0516 02:00:59.0       1 node_lifecycle_controller.go:817] \"Node is unresponsive. "
                                       "Adding it to the Taint queue\" node=\"worker-3\" timeStamp=\"2024-05-16 02:00:59 +0000 UTC\"\n";
        inc = test::loadFiles({{"kubelet.log", kKlog + kKlog2}, {"kube-controller-manager.log", controller}}, o);
        const Source *kubelet = test::sourceEndingWith(*inc, "kubelet.log");
        QVERIFY(kubelet);
        QVERIFY2(kubelet->node.empty(), kubelet->node.c_str());
    }

    // Under a prompt that runs kubectl for itself, klog lines are kubectl's own (client-go's
    // discovery errors); under `kubectl logs` they are the container's, under journalctl the
    // unit's.
    void kubectlsOwnLines_data()
    {
        QTest::addColumn<QString>("prompt");
        QTest::addColumn<QString>("component");
        QTest::newRow("kubectl get") << "$ kubectl get nodes"
                                     << "kubectl";
        QTest::newRow("kubectl with options") << "root@node3:~# kubectl --context prod -n shop get pods -o wide"
                                              << "kubectl";
        QTest::newRow("k alias") << "$ k describe node node3"
                                 << "kubectl";
        QTest::newRow("kubectl logs") << "$ kubectl -n kube-system logs kube-controller-manager-cp-1"
                                      << ""; // kubectl's own error: its command failed
        QTest::newRow("kubectl exec") << "$ kubectl exec -it web-0 -- cat /var/log/app.log"
                                      << "";
        QTest::newRow("journalctl") << "$ journalctl -u kubelet -o cat"
                                    << "";
    }
    void kubectlsOwnLines()
    {
        QFETCH(QString, prompt);
        QFETCH(QString, component);
        const std::string text = prompt.toStdString()
            + "\nE0416 09:13:40.118127   30291 memcache.go:265] couldn't get current server API group list: Get "
              "\"http://localhost:8080/api?timeout=32s\": dial tcp 127.0.0.1:8080: connect: connection refused\n"
              "The connection to the server localhost:8080 was refused - did you specify the right host or port?\n";
        const auto inc = test::loadText("capture.txt", text);
        QCOMPARE(inc->events.size(), std::size_t(1));
        QCOMPARE(QString::fromStdString(std::string(inc->text(inc->componentOf(inc->events[0])))), component);
        QCOMPARE(inc->sources[0].unparsedLines, std::uint64_t(0));
        QCOMPARE(inc->sources[0].nonLogLines, std::uint64_t(2));
    }

    // Each recogniser on its own, with near misses that are not its kind.
    void recognisers()
    {
        QCOMPARE(pasteIndent("    > > I0516"), std::size_t(8));
        QCOMPARE(pasteIndent(">I0516"), std::size_t(1)); // Markdown quotes with no space too (GitHub renders ">Dec 17 ..." quoted)
        // Prose in a language that puts no space between words (a CST reboot's write-up, 2026).
        QVERIFY(
            isProse("看着像是 kubelet 只修改了本节点上 pod 的 status 状态, replicas controller 感知到后, 重新创建 pod 以补全副本数量."));
        QVERIFY(isProse("kubelet感知到重启行为, 立即停止 container."));
        QVERIFY(!isProse("日志:"));                          // too short to tell
        QVERIFY(!isProse("──────────────────────────────")); // box drawing, no writing
        QVERIFY(!isProse("● kubelet.service - kubelet: The Kubernetes Node Agent"));
        // Markdown's bold, a list's mark, a mention before the sentence; quotes in one that
        // introduces what follows (2023-2026 issue threads).
        QVERIFY(isProse("**Anything else we need to know?**:"));
        QVERIFY(isProse("1. On the worker node, \"journalctl -f -u kubelet.service\" outputs:"));
        QVERIFY(isProse("@liggitt I realized that `journalctl` keeps history even though I restarted the kubelet:"));
        QVERIFY(!isProse("1. error: \"pods\" is forbidden, user \"x\" cannot list")); // quoted, and it goes on
        QVERIFY(!isProse("- name: kubelet image: registry.k8s.io/kubelet:v1.30"));
        QVERIFY(!isProse("节点 status=NotReady reason=KubeletNotReady")); // a program's key=value
        QVERIFY(isBareCommandLine("talosctl logs kubelet --talosconfig $TALOSCONFIG -n 192.168.0.15"));
        QVERIFY(!isBareCommandLine("talosctl was slow to answer that day"));
        QCOMPARE(promptCommand("[root@node3 ~]# kubectl get pods"), std::string_view("kubectl get pods"));
        QCOMPARE(promptCommand("ops@bastion:~/k8s$ k get no"), std::string_view("k get no"));
        QCOMPARE(promptCommand("PS C:\\Users\\ops> kubectl get pods"), std::string_view("kubectl get pods"));
        QCOMPARE(promptCommand("➜  kubelane git:(main) ✗ kubectl get ev"), std::string_view("kubectl get ev"));
        QVERIFY(!isShellPrompt("➜ not a prompt, one space"));
        QVERIFY(isViewerTimestampLine("2026-01-25 10:10:06.782\t"));
        QVERIFY(isViewerTimestampLine("2026-01-25 10:10:06"));
        QVERIFY(!isViewerTimestampLine("2020-11-05T12:26:40.926796602Z"));               // a CRI line cut after its stamp
        QVERIFY(!isViewerTimestampLine("2026-01-25 10:10:06.782 W | etcdserver: slow")); // a line of its own writer
        QVERIFY(!isViewerTimestampLine("2026-01-25"));
        QCOMPARE(promptCommand("ajay [ ~ ]$ kubectl get events"), std::string_view("kubectl get events")); // Azure Cloud Shell
        QVERIFY(!isShellPrompt("note [ see below ] this"));
        QCOMPARE(promptCommand("$"), std::string_view());
        QCOMPARE(promptCommand("kubectl get pods"), std::string_view());
        QVERIFY(isShellPrompt("# crictl ps"));
        QVERIFY(!isShellPrompt("# kubelet logs from worker-3"));
        QVERIFY(!isShellPrompt("# docker was hung here"));
        QVERIFY(!isShellPrompt("#kubectl get pods"));
        QVERIFY(isShellPrompt("[ec2-user@ip-10-0-1-12 ~]$ sudo journalctl -u kubelet"));
        QVERIFY(!isShellPrompt("user@example.com wrote:"));
        QVERIFY(isMarkdownFence("```"));
        QVERIFY(!isMarkdownFence("```code``` inline"));
        QVERIFY(isElision("[...]"));
        QVERIFY(!isElision("... and then it failed"));
        QVERIFY(isCommentLine("# what I did next"));
        QVERIFY(!isCommentLine("#!/bin/bash"));
        QVERIFY(isTableHeader("CONTAINER ID   IMAGE     COMMAND   CREATED   STATUS    PORTS     NAMES"));
        QVERIFY(isTableHeader("NAME    READY   STATUS    RESTARTS   AGE   IP    NODE    NOMINATED NODE   READINESS GATES"));
        QVERIFY(!isTableHeader("COMMIT"));
        QVERIFY(!isTableHeader("WARNING: this is one sentence in capitals"));
        QVERIFY(isShellTrace("+ exec kubelet --v=2"));
        QVERIFY(isShellTrace("++ hostname"));
        QVERIFY(!isShellTrace("+ \tImage: \"nginx\""));
        QVERIFY(!isShellTrace("+1 for this"));
        QVERIFY(isUnitStatusHeader("× kubelet.service - kubelet: The Kubernetes Node Agent"));
        QVERIFY(!isUnitStatusHeader("● kubelet is great"));
        QVERIFY(isKubectlError("Error from server: etcdserver: request timed out"));
        QVERIFY(!isKubectlError("Error: exit status 1"));
    }

    // `... | kubelane analyze -` and dropped text: files held in memory load as one source
    // each, named as given.
    void inMemoryFiles()
    {
        InputFile f;
        f.path = "(standard input)";
        f.bytes = makeBytes("$ journalctl -u kubelet -o cat\n    " + kKlog + "    " + kKlog2);
        std::vector<InputFile> files{f};
        auto o = test::options();
        o.fallbackYear = 2024;
        const auto inc = loadBundle(std::move(files), o);
        QCOMPARE(inc->sources.size(), std::size_t(1));
        QCOMPARE(QString::fromStdString(inc->sources[0].path), QStringLiteral("(standard input)"));
        QCOMPARE(inc->events.size(), std::size_t(2));
        QCOMPARE(inc->sources[0].nonLogLines, std::uint64_t(1));
        QVERIFY_THROWS_EXCEPTION(LoadError, loadBundle(std::vector<InputFile>{}, o));
    }
};

QTEST_GUILESS_MAIN(TestPastes)
#include "tst_pastes.moc"
