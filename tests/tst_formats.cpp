// Each input format, detected per file, with its envelope, time and fields; and the lines
// that are not understood are counted, never dropped.
#include "core/classify/extractors.h"
#include "core/format/envelopes.h"
#include "core/format/formatdetection.h"
#include "core/format/formatregistry.h"
#include "core/format/klogjson.h"
#include "core/format/klogline.h"
#include "core/format/printedtaints.h"
#include "core/load/eventfields.h"
#include "core/model/incident.h"
#include "core/util/bytescan.h"
#include "core/util/textscan.h"
#include "testutil.h"

#include <set>

using namespace kubelane;
using namespace kubelane::core;
using test::writeFile;

class TestFormats : public QObject {
    Q_OBJECT
private slots:
    // The byte scans the parse stands on agree with a byte-at-a-time scan wherever the byte
    // of interest lies: in a sixteen-byte block, across blocks, in the tail, or nowhere.
    void byteScansAgreeWithAByteAtATimeScan()
    {
        for (std::size_t size = 0; size <= 70; ++size) {
            for (std::size_t at = 0; at <= size; ++at) {
                std::string s(size, 'a');
                if (at < size)
                    s[at] = '"';
                const std::size_t want = at < size ? at : std::string::npos;
                QCOMPARE(bytescan::findEither(s, 0, '"', '\\'), want);
                if (at < size)
                    s[at] = '\\';
                QCOMPARE(bytescan::findEither(s, 0, '"', '\\'), want);
                QCOMPARE(bytescan::findEither(s, at < size ? at + 1 : size, '"', '\\'), std::string::npos);
                QCOMPARE(bytescan::findJsonStringStop(s, 0), want);
                QCOMPARE(bytescan::findJsonStringStop(s, at < size ? at + 1 : size), std::string::npos);
                for (const char special : {'\t', '\x7f', '\xc2', '\n'}) {
                    std::string line(size, 'x');
                    if (at < size)
                        line[at] = special;
                    const auto *p = reinterpret_cast<const unsigned char *>(line.data());
                    const bool flagged = special != '\x7f'; // DEL is printable ASCII to this scan
                    QCOMPARE(std::size_t(bytescan::findControlOrHigh(p, p + size) - p), at < size && flagged ? at : size);
                    QCOMPARE(bytescan::findJsonStringStop(line, 0), at < size && flagged ? at : std::string::npos);
                }
            }
        }
        // Counts run past the 255 blocks a lane holds before it is summed.
        std::string text;
        std::size_t newlines = 0;
        for (std::size_t i = 0; i < 255 * 16 * 3 + 7; ++i) {
            const bool newline = i % 7 == 0 || i % 16 == 15;
            text += newline ? '\n' : 'x';
            newlines += newline;
        }
        QCOMPARE(bytescan::countByte(text, '\n'), newlines);
        QCOMPARE(bytescan::countByte(std::string(255 * 16 * 2, '\n'), '\n'), std::size_t(255 * 16 * 2));
        QCOMPARE(bytescan::countByte({}, '\n'), std::size_t(0));
    }

    // Taint lists in every form Kubernetes prints them: key and effect of each, in order.
    // The process a line names: a journal's or syslog's "ident[pid]:", else the klog header's
    // thread id (glog and klog write the pid there), also inside a journal line without one.
    void processIdOnLine_data()
    {
        QTest::addColumn<QString>("line");
        QTest::addColumn<qulonglong>("pid");
        QTest::newRow("journal") << "Apr 09 10:01:34.618000 worker-5 kubelet[2614]: E0409 10:01:34.617588    2700 kubelet.go:2364] x"
                                 << qulonglong(2614);
        QTest::newRow("journal, no host") << "Sep 04 09:23:20 kubelet[7981]: Started" << qulonglong(7981);
        QTest::newRow("klog") << "I0409 10:01:34.617588    2614 kubelet.go:2364] \"Skipping pod synchronization\"" << qulonglong(2614);
        QTest::newRow("glog before flag.Parse")
            << "ERROR: logging before flag.Parse: E0409 10:01:34.617588   31 reflector.go:205] x" << qulonglong(31);
        QTest::newRow("journal without a pid, klog inside")
            << "2024-04-09T10:01:34.618000+0000 node1 kubelet: I0409 10:01:34.617588    2614 server.go:415] x" << qulonglong(2614);
        QTest::newRow("thread id cut out") << "E0424 11:28:19.584977  leaderelection.go:429] x" << qulonglong(0);
        QTest::newRow("a bracket in the message") << "some text [1234]: more" << qulonglong(0);
    }
    void processIdOnLine()
    {
        QFETCH(QString, line);
        QFETCH(qulonglong, pid);
        QCOMPARE(qulonglong(core::processIdOnLine(line.toStdString())), pid);
    }

    void printedTaints_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("expected"); // "key=value:effect" joined by " "
        QTest::newRow("String() of []*Taint")
            << "[&Taint{Key:node.kubernetes.io/unreachable,Value:,Effect:NoExecute,TimeAdded:2020-03-12 02:13:32 +0800 CST,} "
               "&Taint{Key:example.com/gpu,Value:a100,Effect:NoSchedule,TimeAdded:<nil>,}]"
            << "node.kubernetes.io/unreachable=:NoExecute example.com/gpu=a100:NoSchedule";
        QTest::newRow("%+v of []Taint") << "[{Key:node.kubernetes.io/not-ready Value: Effect:NoExecute TimeAdded:<nil>}]"
                                        << "node.kubernetes.io/not-ready=:NoExecute";
        QTest::newRow("JSON")
            << "[{\"key\":\"node.kubernetes.io/unreachable\",\"effect\":\"NoExecute\",\"timeAdded\":\"2024-05-16T09:10:22Z\"}]"
            << "node.kubernetes.io/unreachable=:NoExecute";
        QTest::newRow("ToString list") << "node.kubernetes.io/unreachable:NoExecute dedicated=infra:PreferNoSchedule"
                                       << "node.kubernetes.io/unreachable=:NoExecute dedicated=infra:PreferNoSchedule";
        QTest::newRow("no effect word") << "[node.kubernetes.io/unreachable:Sometimes]"
                                        << "";
        QTest::newRow("struct without a key") << "[&Taint{Key:,Value:,Effect:NoExecute,}]"
                                              << "";
        QTest::newRow("cut short") << "[&Taint{Key:a,Effect:NoExecute"
                                   << "a=:NoExecute";
        QTest::newRow("empty") << ""
                               << "";
    }

    void printedTaints()
    {
        QFETCH(QString, text);
        QFETCH(QString, expected);
        QStringList got;
        for (const core::PrintedTaint &t : core::parsePrintedTaints(text.toStdString()))
            got << QString::fromStdString(t.key + "=" + t.value + ":" + t.effect);
        QCOMPARE(got.join(' '), expected);
    }

    // A kubelet journal saved on Windows (PowerShell `>` writes UTF-16LE with a BOM and CRLF),
    // in UTF-16BE, or with a UTF-8 BOM reads like the plain file: every line an event, the
    // header of the first line found, and the source says what it was converted from. An
    // unpaired surrogate becomes U+FFFD and the line is kept.
    void textEncodings_data()
    {
        QTest::addColumn<QString>("encoding");
        QTest::addColumn<QString>("detail");
        QTest::newRow("UTF-16LE with BOM, CRLF") << "utf16le"
                                                 << "UTF-16LE";
        QTest::newRow("UTF-16BE with BOM") << "utf16be"
                                           << "UTF-16BE";
        QTest::newRow("UTF-8 with BOM") << "utf8bom"
                                        << "UTF-8 with BOM";
        QTest::newRow("UTF-16LE with a lone surrogate") << "utf16le-bad"
                                                        << "UTF-16LE";
    }
    void textEncodings()
    {
        QFETCH(QString, encoding);
        QFETCH(QString, detail);
        const std::string plain =
            "Dec 07 15:20:22 node3 kubelet[14756]: E1207 15:20:22.530073   14756 kubelet.go:1846] "
            "skipping pod synchronization - [container runtime is down, PLEG is not healthy: pleg was last seen active 4m0.001s ago; "
            "threshold is 3m0s]\r\n"
            "Dec 07 15:20:23 node3 kubelet[14756]: I1207 15:20:23.000100   14756 kubelet.go:1884] SyncLoop (housekeeping) \xc3\xa9\r\n";
        std::string bytes;
        const bool utf16 = encoding.startsWith("utf16");
        const bool little = encoding.startsWith("utf16le");
        if (encoding == "utf8bom")
            bytes = "\xEF\xBB\xBF" + plain;
        if (utf16) {
            bytes = little ? "\xFF\xFE" : "\xFE\xFF";
            const QString text = QString::fromUtf8(plain.data(), qsizetype(plain.size()));
            for (QChar c : text) {
                const char16_t u = encoding == "utf16le-bad" && c == QChar(0xE9) ? char16_t(0xD800) : c.unicode();
                const char lo = char(u & 0xFF), hi = char(u >> 8);
                bytes += little ? std::string{lo, hi} : std::string{hi, lo};
            }
        }
        const auto inc = test::loadText("nodes/node3/kubelet.log", bytes);
        QCOMPARE(inc->sources.size(), size_t(1));
        const Source &src = inc->sources[0];
        QCOMPARE(int(src.format), int(SourceFormat::Journald));
        QVERIFY2(QString::fromStdString(src.formatDetail).contains(detail), src.formatDetail.c_str());
        QCOMPARE(src.eventCount, 2u);
        QCOMPARE(src.unparsedLines, 0u);
        QCOMPARE(QString::fromStdString(std::string(inc->typeName(inc->events[0]))), QString("pleg.unhealthy"));
        const std::string last(inc->message(inc->events[1]));
        QVERIFY2(last.ends_with(encoding == "utf16le-bad" ? "\xEF\xBF\xBD" : "\xC3\xA9"), last.c_str());
    }

    // Container lists of status patches: whole names, so "app" is not found in "app-sidecar".
    void listItemsAreWhole()
    {
        std::vector<std::string> items;
        core::text::forEachListItem("app-sidecar,,app,", ',', [&](std::string_view x) { items.emplace_back(x); });
        QCOMPARE(items, (std::vector<std::string>{"app-sidecar", "app"}));
        QVERIFY(core::text::listContains("app-sidecar,web", ',', "web"));
        QVERIFY(!core::text::listContains("app-sidecar,web", ',', "app"));
        QVERIFY(!core::text::listContains("", ',', "app"));
    }

    void klogText112()
    {
        const auto inc = test::loadText("nodes/10.86.98.42/kubelet.INFO",
                                        "Log file created at: 2020/03/12 10:42:20\n"
                                        "Running on machine: py-node-42\n"
                                        "I0312 10:42:26.102104 2353235 kubelet_pods.go:1424] Generating status for "
                                        "\"auto-srv-cwhttp-sf-30b71-0_default(bfde4b15-cb98-11e8-a3c8-6c92bf85beda)\"\n"
                                        "I0312 10:42:26.101980 2353235 worker.go:95] INITIAL_STATUS {Running []}\n"
                                        "I0312 10:42:26.119238 2353235 status_manager.go:499] Patch status for pod "
                                        "\"auto-srv-cwhttp-sf-30b71-0_default(bfde4b15-cb98-11e8-a3c8-6c92bf85beda)\" with "
                                        "\"{\\\"status\\\":{\\\"conditions\\\":[{\\\"lastTransitionTime\\\":\\\"2020-03-12T02:42:26Z\\\","
                                        "\\\"status\\\":\\\"False\\\",\\\"type\\\":\\\"ContainersReady\\\"}],\\\"containerStatuses\\\":[{"
                                        "\\\"name\\\":\\\"auto-srv-cwhttp-py\\\",\\\"ready\\\":false}]}}\"\n");
        const Source &s = inc->sources.at(0);
        QCOMPARE(s.format, SourceFormat::KlogText);
        QCOMPARE(s.component, std::string("kubelet"));
        QCOMPARE(s.node, std::string("10.86.98.42"));
        QCOMPARE(s.lineCount, 5u);
        QCOMPARE(s.unparsedLines, 0u);
        QCOMPARE(s.clock.utcOffsetSeconds, 8 * 3600); // from "lastTransitionTime":"2020-03-12T02:42:26Z"
        QCOMPARE(s.clock.year, 2020);
        const auto events = test::eventsOf(*inc, s);
        // Sorted by time: the INITIAL_STATUS line was printed after but logged before.
        std::vector<std::string> types;
        for (auto *e : events)
            types.emplace_back(inc->typeName(*e));
        QVERIFY(std::find(types.begin(), types.end(), "pod.status.generate") != types.end());
        const Event *patch = nullptr;
        for (auto *e : events)
            if (inc->typeName(*e) == "pod.status.patch")
                patch = e;
        QVERIFY(patch);
        QCOMPARE(test::utc(patch->time), QString("2020-03-12T02:42:26.119238Z"));
        QCOMPARE(inc->podName(*patch), std::string("default/auto-srv-cwhttp-sf-30b71-0"));
        QCOMPARE(std::string(inc->field(*patch, "unreadyContainers")), std::string("auto-srv-cwhttp-py"));
        QCOMPARE(std::string(inc->roleName(*patch)), std::string("status-manager"));
    }

    // The thread id field of a klog header: right-aligned in 7 columns by klog/glog, wider ids
    // push it out, some writers print it without padding.
    void klogThreadIds_data()
    {
        QTest::addColumn<QString>("line");
        QTest::addColumn<bool>("parses");
        QTest::newRow("padded to 7") << "I0516 02:00:50.123456    1234 kubelet.go:2341] msg" << true;
        QTest::newRow("padded, one digit") << "I0516 02:00:50.123456       1 kubelet.go:2341] msg" << true;
        QTest::newRow("not padded") << "I0516 02:00:50.123456 1234 kubelet.go:2341] msg" << true;
        QTest::newRow("7 digits") << "I0516 02:00:50.123456 2353235 kubelet.go:2341] msg" << true;
        QTest::newRow("very large") << "I0516 02:00:50.123456 18446744073709551615 kubelet.go:2341] msg" << true;
        // Cut out by hand in a write-up (an OKD controller manager's lease loss, 2026): the
        // file then has to end in its line number.
        QTest::newRow("no thread id") << "I0516 02:00:50.123456 kubelet.go:2341] msg" << true;
        QTest::newRow("no thread id, two spaces") << "I0516 02:00:50.123456  kubelet.go:2341] msg" << true;
        QTest::newRow("no thread id, no line number") << "I0516 02:00:50.123456 kubelet.go:] msg" << false;
        QTest::newRow("no thread id, a word for the line") << "I0516 02:00:50.123456 kubelet.go:main] msg" << false;
        QTest::newRow("no thread id, glued to the time") << "I0516 02:00:50.123456kubelet.go:2341] msg" << false;
        QTest::newRow("thread id not a number") << "I0516 02:00:50.123456 12a4 kubelet.go:2341] msg" << false;
    }
    void klogThreadIds()
    {
        QFETCH(QString, line);
        QFETCH(bool, parses);
        const std::string text = line.toStdString();
        KlogHeader h;
        QCOMPARE(parseKlogHeader(text, h), parses);
        if (!parses)
            return;
        QCOMPARE(std::string(h.file), std::string("kubelet.go:2341"));
        QCOMPARE(std::string(h.message), std::string("msg"));
        QCOMPARE(h.nsOfDay, (2 * 3600 + 50) * kNsPerSecond + 123456000);
        auto o = test::options();
        o.fallbackYear = 2024;
        const auto inc = test::loadText("kubelet.log", text + "\n" + text + "\n", o);
        QCOMPARE(inc->sources.at(0).format, SourceFormat::KlogText);
        QCOMPARE(inc->events.size(), std::size_t(2));
    }

    // dmesg's readable times (util-linux dmesg.c): -H prints the minute when it changes and
    // the time since the line above in between; -T a full local date. Kernel events, in order.
    void dmesgStamps()
    {
        const auto human = test::loadText("dmesg.txt",
                                          "[Jun14 10:02] overlayfs: upperdir is in-use as upperdir/workdir of another mount\n"
                                          "[  +0.000004] overlayfs: workdir is in-use\n"
                                          "[  +5.310200] hrtimer: interrupt took 2318 ns\n"
                                          "[Jun14 10:03] kauditd_printk_skb: 8 callbacks suppressed\n");
        const Source &h = human->sources.at(0);
        QCOMPARE(h.format, SourceFormat::Dmesg);
        QCOMPARE(h.unparsedLines, 0u);
        QCOMPARE(human->events.size(), std::size_t(4));
        QVERIFY2(h.formatDetail.starts_with("dmesg -H"), h.formatDetail.c_str());
        QCOMPARE(human->events[1].time.ns - human->events[0].time.ns, std::int64_t(4000));
        QCOMPARE(human->events[2].time.ns - human->events[0].time.ns, std::int64_t(5310204000));
        QCOMPARE(std::string(human->text(human->componentOf(human->events[0]))), std::string("kernel"));
        QCOMPARE(std::string(human->roleName(human->events[0])), std::string("kernel")); // its own lane, not "other"
        const auto full = test::loadText("dmesg_-T",
                                         "[Fri Jun 14 10:02:11 2024] Linux version 5.15.0-1057-azure\n"
                                         "[Fri Jun 14 10:02:15 2024] EXT4-fs (sda1): mounted filesystem\n");
        QCOMPARE(full->sources.at(0).format, SourceFormat::Dmesg);
        QVERIFY2(full->sources.at(0).formatDetail.starts_with("dmesg -T"), full->sources.at(0).formatDetail.c_str());
        QCOMPARE(QString::fromStdString(formatRfc3339(full->events[0].time, 0)), QString("2024-06-14T10:02:11Z"));
        // A bracketed word is no stamp.
        const auto other = test::loadText("app.log", "[INFO] plugin/reload: Running configuration SHA512\n");
        QVERIFY(other->sources.at(0).format != SourceFormat::Dmesg);
    }

    // glog writes its 4-line preamble at the top of each file; files appended to each other
    // (a restart, `cat kubelet.log.*`) repeat it, and each states its own year: the later
    // one holds from there on, also when no month turned back in between.
    void glogPreambleRepeated_data()
    {
        QTest::addColumn<QString>("secondCreated");
        QTest::addColumn<QString>("secondLine");
        QTest::addColumn<QString>("secondTime");
        QTest::newRow("a year later, earlier month") << "2020/02/03 08:00:01"
                                                     << "I0203 08:00:02.000001    4242 kubelet.go:1] \"second run\""
                                                     << "2020-02-03T08:00:02.000001Z";
        QTest::newRow("two years later, later month") << "2021/05/01 00:00:09"
                                                      << "I0501 00:00:10.5    4242 kubelet.go:1] \"second run\""
                                                      << "2021-05-01T00:00:10.500000Z";
        QTest::newRow("after New Year in the file") << "2020/01/05 07:00:00"
                                                    << "I0105 07:00:01.000001    4242 kubelet.go:1] \"second run\""
                                                    << "2020-01-05T07:00:01.000001Z";
        QTest::newRow("same year") << "2019/03/14 09:00:00"
                                   << "I0314 09:00:00.25    4242 kubelet.go:1] \"second run\""
                                   << "2019-03-14T09:00:00.250000Z";
    }
    void glogPreambleRepeated()
    {
        QFETCH(QString, secondCreated);
        QFETCH(QString, secondLine);
        QFETCH(QString, secondTime);
        auto preamble = [](const std::string &created, const std::string &go) {
            return "Log file created at: " + created + "\nRunning on machine: node-a\nBinary: Built with gc " + go
                + " for linux/amd64\nLog line format: [IWEF]mmdd hh:mm:ss.uuuuuu threadid file:line] msg\n";
        };
        const bool newYearInside = secondCreated.startsWith("2020/01");
        const std::string text = preamble("2019/03/12 10:42:20", "go1.10.3") + "I0312 10:42:26.102104 2353235 kubelet.go:1] \"first run\"\n"
            + (newYearInside
                   ? "I1231 23:59:59.000001 2353235 kubelet.go:1] \"old year\"\nI0101 00:00:01.000001 2353235 kubelet.go:1] \"new year\"\n"
                   : "I0312 11:00:00.000001 2353235 kubelet.go:1] \"first run ends\"\n")
            + preamble(secondCreated.toStdString(), "go1.12.9") + secondLine.toStdString() + "\n";
        auto o = test::options();
        o.utcOffsets.push_back({"kubelet", "+00:00"});
        const auto inc = test::loadText("kubelet.log", text, o);
        const Source &s = inc->sources.at(0);
        QCOMPARE(s.unparsedLines, 0u);
        QCOMPARE(s.clock.year, 2019);
        QCOMPARE(s.eventCount, std::uint64_t(newYearInside ? 12 : 11)); // preamble lines are events too
        const auto events = test::eventsOf(*inc, s);
        QCOMPARE(test::utc(events.front()->time), QString("2019-03-12T10:42:20.000000Z")); // the preamble's own time
        QCOMPARE(test::utc(events.back()->time), secondTime);
        QCOMPARE(QString::fromStdString(std::string(inc->message(*events.back()))), QString("\"second run\""));
    }

    // glog writes "ERROR: logging before flag.Parse: " before each line a program logs before it
    // parses its flags (k3s#2243's local-path provisioner); the klog line after it is the line,
    // with its own severity. Near miss: the prefix before text that is no klog line stays text.
    void glogBeforeFlagParse_data()
    {
        QTest::addColumn<QString>("line");
        QTest::addColumn<int>("severity");
        QTest::addColumn<QString>("message");
        const QString prefix = QStringLiteral("ERROR: logging before flag.Parse: ");
        QTest::newRow("info") << prefix + "I0910 20:00:40.444494       1 leaderelection.go:196] successfully acquired lease kube-system/x"
                              << int(Severity::Info) << "successfully acquired lease kube-system/x";
        QTest::newRow("warning") << prefix
                + "W0910 20:00:40.5       1 client_config.go:552] Neither --kubeconfig nor --master was specified."
                                 << int(Severity::Warning) << "Neither --kubeconfig nor --master was specified.";
        QTest::newRow("in a docker log") << "{\"log\":\"" + prefix
                + "E0910 20:00:41.000001       1 reflector.go:205] Failed to list "
                  "*v1.Node\\n\",\"stream\":\"stderr\",\"time\":\"2018-09-10T20:00:41.000002Z\"}"
                                         << int(Severity::Error) << "Failed to list *v1.Node";
        QTest::newRow("not klog after it") << prefix + "something went wrong" << -1 << "";
    }
    void glogBeforeFlagParse()
    {
        QFETCH(QString, line);
        QFETCH(int, severity);
        QFETCH(QString, message);
        auto o = test::options();
        o.fallbackYear = 2018;
        const std::string first = "I0910 20:00:40.000001       1 main.go:1] start\n";
        const bool docker = line.startsWith('{');
        const std::string text = (docker ? std::string() : first) + line.toStdString() + "\n";
        const auto inc = test::loadText(docker ? "provisioner-json.log" : "provisioner.log", text, o);
        const Source &s = inc->sources.at(0);
        const auto events = test::eventsOf(*inc, s);
        if (severity < 0) { // continues the line above, as any text under a klog line
            QCOMPARE(events.size(), std::size_t(1));
            return;
        }
        QCOMPARE(s.unparsedLines, 0u);
        QCOMPARE(int(events.back()->severity), severity);
        QCOMPARE(QString::fromStdString(std::string(inc->message(*events.back()))), message);
    }

    // journalctl prints its short date in the reader's language (%b): "jun 07", "Dez 03",
    // "11月 05", "sept. 20" (k0s#960, okd#411, kubeadm#1885, kubernetes#68885), and a paste may
    // cut it short ("9 09:58:07"). The line is still a journal line: the host, the process and
    // the klog header's own time; a line without a header (systemd's) takes the file's last
    // date. Near misses: a klog line, and a line with no process id, stay what they were.
    // containerd, k3s and k0s log logrus' pairs into the journal: the record's own time (with
    // its zone: evidence for the journal's), level, message and pairs, as a klog JSON payload's.
    // A paste that lost the message's backslashes keeps its time. Near miss: a zone-less time
    // (k0s) leaves the line to the journal's time, as plain text.
    void logrusPayloadsInAJournal()
    {
        auto opts = test::options();
        opts.fallbackYear = 2020;
        const auto inc = test::loadText(
            "containerd.journal",
            "Jul 28 12:42:47 worker1 containerd[6239]: time=\"2020-07-28T04:42:47.124481607Z\" level=warning msg=\"failed to load "
            "plugin io.containerd.snapshotter.v1.aufs\" error=\"aufs is not supported\"\n"
            "Jul 28 12:42:48 worker1 systemd[1]: Started containerd container runtime.\n"
            "Jul 28 12:42:49 worker1 containerd[6239]: time=\"2020-07-28T04:42:49.5Z\" level=info msg=\"loading plugin "
            "\"io.containerd.content.v1.content\"...\" type=io.containerd.content.v1\n",
            opts);
        QCOMPARE(inc->stats.unparsed, 0u);
        QCOMPARE(inc->events.size(), size_t(3));
        const Event &failed = inc->events[0];
        QCOMPARE(test::utc(failed.time), QString("2020-07-28T04:42:47.124481Z"));
        QCOMPARE(failed.severity, Severity::Warning);
        QVERIFY(inc->message(failed).ends_with("msg=\"failed to load plugin io.containerd.snapshotter.v1.aufs\" error=\"aufs is not "
                                               "supported\""));
        QCOMPARE(inc->typeName(failed), std::string_view("runtime.daemon.log"));
        QCOMPARE(inc->componentNameOf(failed), std::string_view("containerd"));
        bool error = false;
        for (const auto &[key, value] : eventFields(*inc, failed))
            error = error || (key == "error" && value == "aufs is not supported");
        QVERIFY(error);
        QCOMPARE(inc->sources[0].clock.utcOffsetSeconds, 8 * 3600); // the journal's lines: 12:42 at +08:00
        QCOMPARE(test::utc(inc->events[1].time), QString("2020-07-28T04:42:48.000000Z"));
        QCOMPARE(test::utc(inc->events[2].time), QString("2020-07-28T04:42:49.500000Z"));

        // The host's other journal (the kubelet's, no UTC of its own) takes the zone those pairs show.
        QTemporaryDir dir;
        test::writeFile(dir, "worker1/containerd.journal",
                        "Jul 28 12:42:47 worker1 containerd[6239]: time=\"2020-07-28T04:42:47.124481607Z\" level=info msg=\"starting\"\n");
        test::writeFile(dir, "worker1/kubelet.journal",
                        "Jul 28 12:42:50 worker1 kubelet[812]: I0728 12:42:50.000000     812 server.go:416] Version: v1.18.6\n");
        const auto host = test::load({dir.path().toStdString()}, opts);
        QCOMPARE(host->sources.size(), size_t(2));
        for (const Source &s : host->sources)
            if (s.component == "kubelet")
                QCOMPARE(s.clock.utcOffsetSeconds, 8 * 3600);
        QCOMPARE(host->events.size(), size_t(2));
        QCOMPARE(test::utc(host->events[1].time), QString("2020-07-28T04:42:50.000000Z"));

        const auto k0s =
            test::loadText("k0s.journal", "Jun 07 11:54:49 srv k0s[28890]: time=\"2021-06-07 11:54:49.500\" level=info msg=\"Started\"\n");
        QCOMPARE(k0s->events.size(), size_t(1));
        // Its zone-less time is not the record's time; its date still tells the line's year.
        QCOMPARE(test::utc(k0s->events[0].time), QString("2021-06-07T11:54:49.000000Z"));
        QVERIFY(k0s->message(k0s->events[0]).starts_with("time="));
    }

    void journaldDateInAnotherLanguage_data()
    {
        QTest::addColumn<QString>("date");
        QTest::addColumn<QString>("style");
        QTest::newRow("English, lower case") << "dec 07"
                                             << "journald short";
        QTest::newRow("German") << "Dez 07"
                                << "journald short";
        QTest::newRow("Chinese") << "12\u6708 07"
                                 << "journald short";
        QTest::newRow("French") << "d\u00e9c. 07"
                                << "journald short";
        QTest::newRow("Spanish, Italian") << "dic 07"
                                          << "journald short";
        QTest::newRow("Portuguese") << "dez 07"
                                    << "journald short";
        QTest::newRow("Polish") << "gru 07"
                                << "journald short";
        QTest::newRow("Russian") << "\u0434\u0435\u043a 07"
                                 << "journald short";
        QTest::newRow("Vietnamese, a month of two words") << "Thg 12 07"
                                                          << "journald short";
        QTest::newRow("a word of no locale") << "Xyz 07"
                                             << "journald (time only)";
        QTest::newRow("a month without its day") << "Dez"
                                                 << "journald (time only)";
        QTest::newRow("cut short") << "7"
                                   << "journald (time only)";
    }
    void journaldDateInAnotherLanguage()
    {
        QFETCH(QString, date);
        QFETCH(QString, style);
        const std::string d = date.toStdString();
        auto opts = test::options();
        opts.fallbackYear = 2020;
        const auto inc = test::loadText("journal.txt",
                                        d
                                            + " 15:16:23 node3 kubelet[14756]: E1207 15:16:23.071262   14756 kubelet.go:2190] node "
                                              "\"node3\" not found\n"
                                            + d
                                            + " 15:16:24 node3 systemd[1]: kubelet.service: Main process exited, code=exited, "
                                              "status=255/n/a\n",
                                        opts);
        const Source &s = inc->sources.at(0);
        QCOMPARE(s.format, SourceFormat::Journald);
        QCOMPARE(QString::fromStdString(s.formatDetail), style);
        QCOMPARE(s.unparsedLines, 0u);
        QCOMPARE(s.node, std::string("node3"));
        QCOMPARE(inc->events.size(), size_t(2));
        QCOMPARE(test::utc(inc->events[0].time), QString("2020-12-07T15:16:23.071262Z"));
        QCOMPARE(inc->componentNameOf(inc->events[0]), std::string_view("kubelet"));
        QCOMPARE(test::utc(inc->events[1].time), QString("2020-12-07T15:16:24.000000Z"));
        QCOMPARE(inc->typeName(inc->events[1]), std::string_view("systemd.unit.exit"));

        // systemd's lines alone, no klog header to give the month: their own date gives it (a
        // French reader's journal, kubelet restarts before any kubelet line).
        const auto systemdOnly = test::loadText("journal.txt",
                                                "mai 16 10:00:05 Debian systemd[1]: kubelet.service: Main process exited, code=exited, "
                                                "status=1/FAILURE\n",
                                                opts);
        QCOMPARE(systemdOnly->events.size(), size_t(1));
        QCOMPARE(test::utc(systemdOnly->events[0].time), QString("2020-05-16T10:00:05.000000Z"));

        const auto klog = test::loadText("kubelet.log", "E1207 15:16:23.071262 14756 kubelet.go:2190] node \"node3\" not found: x\n");
        QCOMPARE(klog->sources.at(0).format, SourceFormat::KlogText);
        const auto noPid = test::loadText("notes.txt", "Dez 07 15:16:23 node3 kubelet: E1207 15:16:23.071262 14756 kubelet.go:2190] x\n");
        QVERIFY(noPid->sources.at(0).format != SourceFormat::Journald);
    }

    // A paste that cut the journal's date and host off keeps "ident[pid]: " (microk8s#3859): the
    // klog lines' headers give their times, systemd's lines take their neighbour's. Near misses:
    // a word and a colon ("ACPI: ..."), an identifier without its process id, a goroutine header,
    // a klog trace's steps ("Trace[ID]: ", an id no process has, or a small one).
    void journalLinesWithoutDateOrHost()
    {
        auto opts = test::options();
        opts.fallbackYear = 2023;
        const auto inc = test::loadText(
            "journal.txt",
            "microk8s.daemon-kubelite[53319]: E0320 20:46:08.223079   53319 leaderelection.go:367] Failed to update lock: Put "
            "\"https://127.0.0.1:16443/apis/coordination.k8s.io/v1/namespaces/kube-system/leases/kube-controller-manager?timeout=15s\": "
            "context deadline exceeded\n"
            "microk8s.daemon-kubelite[53319]: E0320 20:46:08.223210   53319 controllermanager.go:294] \"leaderelection lost\"\n"
            "systemd[1]: snap.microk8s.daemon-kubelite.service: Main process exited, code=exited, status=1/FAILURE\n",
            opts);
        const Source &s = inc->sources.at(0);
        QCOMPARE(s.format, SourceFormat::Journald);
        QCOMPARE(QString::fromStdString(s.formatDetail), QStringLiteral("journald (no date or host)"));
        QCOMPARE(s.unparsedLines, 0u);
        QCOMPARE(inc->events.size(), size_t(3));
        QCOMPARE(test::utc(inc->events[0].time), QString("2023-03-20T20:46:08.223079Z"));
        QCOMPARE(inc->componentNameOf(inc->events[1]), std::string_view("kube-controller-manager")); // kubelite's Go file says
        QCOMPARE(inc->typeName(inc->events[1]), std::string_view("leader-election.lost"));
        QCOMPARE(test::utc(inc->events[2].time), QString("2023-03-20T20:46:08.223210Z"));
        QCOMPARE(inc->typeName(inc->events[2]), std::string_view("systemd.unit.exit"));

        for (const char *notJournal :
             {"ACPI: PM-Timer IO Port: 0x608\nACPI: SRAT: Node 0 PXM 0\n",
              "kubelet: I0320 20:46:08.223079   53319 server.go:1] x\nkubelet: I0320 20:46:09.1   53319 server.go:2] y\n",
              "goroutine 1 [running]:\ngoroutine 7 [chan receive, 5 minutes]:\n",
              "spec.containers[0]: Invalid value: \"foo\"\nspec.volumes[0]: Required value\n",
              "Trace[1390363737]: [500.2ms] [500.2ms] END\nTrace[42]: ---\"Object stored\" 500ms\n"}) {
            const auto other = test::loadText("notes.txt", notJournal, opts);
            QVERIFY2(other->sources.at(0).format != SourceFormat::Journald, notJournal);
        }
    }

    // BusyBox's syslogd (Alpine, Buildroot) writes "facility.priority" after the host; the
    // priority is the line's severity unless a klog header gives its own.
    void busyboxSyslogFacilityAndPriority()
    {
        auto opts = test::options();
        opts.fallbackYear = 2025;
        const auto inc = test::loadText("messages",
                                        "Jan  1 00:01:08 rk3588s daemon.info chronyd[583]: Selected source 103.214.22.128 (pool.ntp.org)\n"
                                        "May  7 06:25:51 rk3588s daemon.warn chronyd[583]: System clock was stepped by 1746599044.734500 "
                                        "seconds\n"
                                        "May  7 06:25:52 rk3588s user.notice ptp4l: [68.991] selected local clock as best master\n"
                                        "May  7 06:25:53 rk3588s daemon.err kubelet[2100]: I0507 06:25:53.000100    2100 "
                                        "reflector.go:255] Listing and watching *v1.Node\n"
                                        "May  7 06:25:54 rk3588s daemon.crit containerd[900]: shim disconnected\n",
                                        opts);
        const Source &s = inc->sources.at(0);
        QCOMPARE(s.format, SourceFormat::Journald);
        QCOMPARE(s.unparsedLines, 0u);
        QCOMPARE(s.node, std::string("rk3588s"));
        const auto events = test::eventsOf(*inc, s);
        QCOMPARE(events.size(), size_t(5));
        QCOMPARE(inc->componentNameOf(*events[1]), std::string_view("chronyd"));
        QCOMPARE(inc->typeName(*events[1]), std::string_view("host.clock-stepped"));
        QCOMPARE(events[1]->severity, Severity::Warning);
        QCOMPARE(test::utc(events[1]->time), QString("2025-05-07T06:25:51.000000Z"));
        QCOMPARE(events[0]->severity, Severity::Info);
        QCOMPARE(inc->componentNameOf(*events[2]), std::string_view("ptp4l"));
        QCOMPARE(inc->componentNameOf(*events[3]), std::string_view("kubelet"));
        QCOMPARE(events[3]->severity, Severity::Info); // the klog header's I, not syslog's err
        QCOMPARE(test::utc(events[3]->time), QString("2025-05-07T06:25:53.000100Z"));
        QCOMPARE(events[4]->severity, Severity::Error);

        // A word with a dot that names no facility and priority is no such field: nor is another
        // logger's level name, nor syslog.conf's "none", which no message carries.
        for (const char *line :
             {"May  7 06:25:51 rk3588s kube.proxy chronyd[583]: x\n", "May  7 06:25:51 rk3588s daemon.verbose chronyd[583]: x\n",
              "May  7 06:25:51 rk3588s daemon.trace chronyd[583]: x\n", "May  7 06:25:51 rk3588s daemon.none chronyd[583]: x\n"}) {
            const auto other = test::loadText("messages", line, opts);
            QCOMPARE(other->events.size(), size_t(0));
        }
    }

    // A multi-line entry's continuation lines without their envelopes, as its writer printed
    // them: a CRI partial record or a docker line split at 16 KiB joins the record after it.
    void continuationWithoutEnvelopes_data()
    {
        QTest::addColumn<int>("format");
        QTest::addColumn<QString>("raw");
        QTest::addColumn<QString>("expected");
        const QString criHead = "2024-11-20T09:42:17.098Z stderr F E1120 09:42:17.098176 1 runtime.go:79] Observed a panic";
        QTest::newRow("CRI") << int(SourceFormat::CriLog)
                             << criHead
                + "\n2024-11-20T09:42:17.098Z stderr F goroutine 7 [running]:\n2024-11-20T09:42:17.098Z stderr F \tmain.go:5"
                             << criHead + "\ngoroutine 7 [running]:\n\tmain.go:5";
        QTest::newRow("CRI partial record") << int(SourceFormat::CriLog)
                                            << criHead
                + "\n2024-11-20T09:42:17.098Z stderr P goroutine 7 \n2024-11-20T09:42:17.098Z stderr F [running]:"
                                            << criHead + "\ngoroutine 7 [running]:";
        const QString dockerHead = "{\"log\":\"E1120 09:42:17.098176 1 runtime.go:79] Observed a panic\\n\",\"stream\":\"stderr\","
                                   "\"time\":\"2024-11-20T09:42:17.098Z\"}";
        QTest::newRow("docker, a line split in two") << int(SourceFormat::DockerJson)
                                                     << dockerHead
                + "\n{\"log\":\"\\tk8s.io/a.(*T).F\",\"stream\":\"stderr\",\"time\":\"2024-11-20T09:42:17.098Z\"}"
                  "\n{\"log\":\"(0x1)\\n\",\"stream\":\"stderr\",\"time\":\"2024-11-20T09:42:17.098Z\"}"
                                                     << dockerHead + "\n\tk8s.io/a.(*T).F(0x1)";
        QTest::newRow("journald") << int(SourceFormat::Journald)
                                  << "Nov 20 09:42:17 m1 kubelet[670]: E1120 x\nNov 20 09:42:17 m1 kubelet[670]: goroutine 7 [running]:"
                                  << "Nov 20 09:42:17 m1 kubelet[670]: E1120 x\ngoroutine 7 [running]:";
        QTest::newRow("raw klog: nothing to take off") << int(SourceFormat::KlogText) << "E1120 x\ngoroutine 7 [running]:\n\tmain.go:5"
                                                       << "E1120 x\ngoroutine 7 [running]:\n\tmain.go:5";
    }
    void continuationWithoutEnvelopes()
    {
        QFETCH(int, format);
        QFETCH(QString, raw);
        QFETCH(QString, expected);
        QCOMPARE(QString::fromStdString(withoutContinuationEnvelopes(raw.toStdString(), SourceFormat(format))), expected);
    }

    // Go's own output when a panic ends the process: "panic: ...", a goroutine header, then
    // each frame's function line at the margin and its file line indented. Inside an envelope
    // (a container log, a journal) the frames continue the entry above them; a dotted word at
    // the margin anywhere else is a message of its own.
    void goStackAtTheMarginInsideEnvelopes_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("wrapped"); // each line as "%1", wrapped as the format does
        QTest::addColumn<QString>("format");
        QTest::newRow("CRI") << "0.log"
                             << "2024-11-20T09:42:17.098576417Z stderr F %1"
                             << "CRI container log";
        QTest::newRow("docker json-file") << "0-json.log"
                                          << R"({"log":"%1\n","stream":"stderr","time":"2024-11-20T09:42:17.098576417Z"})"
                                          << "docker json-file";
        QTest::newRow("journald") << "journal.txt"
                                  << "Nov 20 09:42:17.098576 master-1 kube-controller-manager[812]: %1"
                                  << "journald short-precise";
    }
    void goStackAtTheMarginInsideEnvelopes()
    {
        QFETCH(QString, file);
        QFETCH(QString, wrapped);
        QFETCH(QString, format);
        const std::vector<std::string> lines = {
            R"(I1120 09:42:16.000100       1 controller.go:231] "Starting service controller")",
            "panic: runtime error: invalid memory address or nil pointer dereference [recovered]",
            "goroutine 2003 [running]:",
            "k8s.io/cloud-provider/controllers/service.(*Controller).needsUpdate(0xc000a32340, 0xc0053a9688)",
            "\tk8s.io/cloud-provider/controllers/service/controller.go:583 +0x2a4",
            "k8s.io/client-go/tools/cache.ResourceEventHandlerFuncs.OnUpdate(...)",
            "\tk8s.io/client-go/tools/cache/controller.go:253",
            R"(I1120 09:42:17.100100       1 controller.go:231] "Starting service controller")",
            "main.main()", // not under a stack: a message of its own
        };
        const bool json = format.startsWith("docker");
        std::string text;
        for (const std::string &line : lines) {
            QString payload = QString::fromStdString(line);
            if (json)
                payload.replace('"', "\\\"").replace('\t', "\\t");
            text += wrapped.arg(payload).toStdString() + "\n";
        }
        const auto inc = test::loadText(file.toStdString(), text);
        const Source &s = inc->sources.at(0);
        QVERIFY2(s.formatDetail.starts_with(format.toStdString()), s.formatDetail.c_str());
        QCOMPARE(s.lineCount, 9u);
        QCOMPARE(s.unparsedLines, 0u);
        const auto events = test::eventsOf(*inc, s);
        QCOMPARE(events.size(), size_t(4)); // start, the panic with its 5 stack lines, start, main.main()
        const auto startingWith = [&](std::string_view text) {
            return std::find_if(events.begin(), events.end(), [&](const Event *e) { return inc->message(*e).starts_with(text); });
        };
        QVERIFY(startingWith("panic: ") != events.end());
        QCOMPARE(inc->lineCountOf(**startingWith("panic: ")), 6u);
        QVERIFY(startingWith("main.main()") != events.end());
    }
    // Under an error line a Go stack may begin, but only with a frame's call: a dotted word at
    // the margin ("config.yaml", "main.Run", "web-0.shop") is the program's own output.
    void noStackUnderAnErrorWithoutAFrame()
    {
        const auto inc = test::loadText("pods/shop_web-0_6f1e2d3c-4b5a-4c69-8a7b-1c2d3e4f5a6b/web/0.log",
                                        "2024-06-11T18:26:25.851090000Z stderr F E0611 18:26:25.851090       1 main.go:120] \"Failed to "
                                        "read config\"\n"
                                        "2024-06-11T18:26:25.951090000Z stdout F config.yaml\n"
                                        "2024-06-11T18:26:26.051090000Z stdout F main.Run\n"
                                        "2024-06-11T18:27:26.051090000Z stdout F web-0.shop\n");
        const Source &s = inc->sources.at(0);
        QCOMPARE(s.lineCount, 4u);
        QCOMPARE(test::eventsOf(*inc, s).size(), size_t(4));
    }
    void journaldStyles_data()
    {
        QTest::addColumn<QString>("prefix");
        QTest::addColumn<QString>("style");
        QTest::newRow("short") << "Dec 07 15:16:23 node3 "
                               << "journald short";
        QTest::newRow("short-precise") << "Dec 07 15:16:23.071300 node3 "
                                       << "journald short-precise";
        QTest::newRow("short-iso") << "2020-12-07T15:16:23+0800 node3 "
                                   << "journald short-iso";
        QTest::newRow("short-iso-precise") << "2020-12-07T15:16:23.071300+08:00 node3 "
                                           << "journald short-iso-precise";
        // A paste with the host cut out (kubernetes#94525): no node, every line read.
        QTest::newRow("short, no host") << "Dec 07 15:16:23 "
                                        << "journald short";
    }
    void journaldStyles()
    {
        QFETCH(QString, prefix);
        QFETCH(QString, style);
        const std::string p = prefix.toStdString();
        auto opts = test::options();
        opts.utcOffsets.push_back({"journal.txt", "+08:00"}); // short styles carry no zone
        const auto inc = test::loadText("journal.txt",
                                        "-- Logs begin at Mon 2020-12-07 10:00:00 CST, end at Mon 2020-12-07 15:20:00 CST. --\n" + p
                                            + "kubelet[14756]: F1207 15:16:23.071262 14756 kubelet.go:1384] Failed to start "
                                              "ContainerManager failed to build map of initial containers from runtime: no PodsandBox "
                                              "found with Id 'd0831a4288e261b5e3a5643f4a36bb2162282262fba671a682159494dfcd6f56'\n"
                                            + p + "kubelet[14756]: goroutine 1 [running]:\n" + p
                                            + "kubelet[14756]: \tk8s.io/kubernetes/vendor/k8s.io/klog.stacks(0xc000010001)\n" + p
                                            + "systemd[1]: kubelet.service: main process exited, code=exited, status=255/n/a\n",
                                        opts);
        const Source &s = inc->sources.at(0);
        QCOMPARE(s.format, SourceFormat::Journald);
        QCOMPARE(QString::fromStdString(s.formatDetail), style);
        QCOMPARE(s.lineCount, 5u);
        QCOMPARE(s.unparsedLines, 0u);
        const auto events = test::eventsOf(*inc, s);
        QCOMPARE(events.size(), size_t(3)); // header, fatal (+2 stack lines), systemd
        const Event *fatal = nullptr, *exit = nullptr;
        for (auto *e : events) {
            if (inc->typeName(*e) == "kubelet.fatal")
                fatal = e;
            if (inc->typeName(*e) == "systemd.unit.exit")
                exit = e;
        }
        QVERIFY(fatal);
        QVERIFY(exit);
        QCOMPARE(inc->lineCountOf(*fatal), 3u);
        QCOMPARE(fatal->severity, Severity::Fatal);
        QCOMPARE(std::string(inc->field(*fatal, "sandboxId")),
                 std::string("d0831a4288e261b5e3a5643f4a36bb2162282262fba671a682159494dfcd6f56"));
        QCOMPARE(std::string(inc->text(inc->nodeOf(*fatal))), std::string(p.find("node3") == std::string::npos ? "" : "node3"));
        QCOMPARE(std::string(inc->text(inc->componentOf(*exit))), std::string("systemd"));
        QCOMPARE(test::utc(fatal->time), QString("2020-12-07T07:16:23.071262Z"));
    }

    void criWithPartials()
    {
        const auto inc =
            test::loadText("var/log/pods/kube-system_kube-controller-manager-master1_0d1f/kube-controller-manager/0.log",
                           "2020-06-18T02:13:17.412399812Z stderr F I0618 02:13:17.412345       1 node_lifecycle_controller.go:1094] node "
                           "node3 hasn't been updated for 40.00011564s. Last Ready is: &NodeCondition{Type:Ready,Status:True,}\n"
                           "2020-06-18T02:13:18.000000001Z stderr P I0618 02:13:18.000000       1 controller_utils.go:124] Update ready "
                           "status of pods on node [\n"
                           "2020-06-18T02:13:18.000000002Z stderr P node3\n"
                           "2020-06-18T02:13:18.000000003Z stderr F ]\n"
                           "not a cri line\n");
        const Source &s = inc->sources.at(0);
        QCOMPARE(s.format, SourceFormat::CriLog);
        QCOMPARE(s.component, std::string("kube-controller-manager"));
        QCOMPARE(s.node, std::string("master1"));
        QCOMPARE(s.lineCount, 5u);
        QCOMPARE(s.unparsedLines, 1u);
        QCOMPARE(s.diagnosticCounts[int(DiagnosticReason::NoTimestamp)], 1u);
        const auto events = test::eventsOf(*inc, s);
        QCOMPARE(events.size(), size_t(2));
        QCOMPARE(std::string(inc->message(*events[1])), std::string("Update ready status of pods on node [node3]"));
        QCOMPARE(inc->lineCountOf(*events[1]), 3u);
        QCOMPARE(std::string(inc->typeName(*events[0])), std::string("nlc.node-not-updated"));
        QCOMPARE(std::string(inc->text(inc->nodeOf(*events[0]))), std::string("node3"));
        QCOMPARE(s.clock.utcOffsetSeconds, 0);
    }

    void dockerJson()
    {
        const auto inc =
            test::loadText("var/log/containers/kube-apiserver-master1_kube-system_kube-apiserver-0123.log",
                           "{\"log\":\"I0618 02:12:47.123456       1 wrap.go:47] PATCH /api/v1/nodes/node3/status?timeout=10s: (4.9ms) 200 "
                           "[kubelet/v1.15.5 (linux/amd64) kubernetes/20c265f "
                           "10.0.0.13:52310]\\n\",\"stream\":\"stderr\",\"time\":\"2020-06-18T02:12:47.123501Z\"}\n"
                           "{\"log\":\"unicode \\u00e9 and \\\"quotes\\\"\\n\",\"stream\":\"stdout\",\"time\":\"2020-06-18T02:12:48Z\"}\n"
                           "{\"log\":\"broken\n");
        const Source &s = inc->sources.at(0);
        QCOMPARE(s.format, SourceFormat::DockerJson);
        QCOMPARE(s.component, std::string("kube-apiserver"));
        QCOMPARE(s.unparsedLines, 1u);
        const auto events = test::eventsOf(*inc, s);
        QCOMPARE(events.size(), size_t(2));
        QCOMPARE(std::string(inc->typeName(*events[0])), std::string("apiserver.request"));
        QCOMPARE(std::string(inc->field(*events[0], "verb")), std::string("PATCH"));
        QCOMPARE(std::string(inc->field(*events[0], "code")), std::string("200"));
        QCOMPARE(std::string(inc->text(inc->nodeOf(*events[0]))), std::string("node3"));
        QCOMPARE(std::string(inc->message(*events[1])), std::string("unicode \xc3\xa9 and \"quotes\""));
        // A proxy request through the apiserver names the node with the kubelet's port.
        FieldList fields;
        extractApiPath("/api/v1/nodes/node1:10250/proxy/metrics", fields);
        QCOMPARE(std::string(fields.get("node")), std::string("node1"));
    }

    void klogJson()
    {
        const auto inc = test::loadText(
            "nodes/worker-3/kubelet.log",
            "{\"ts\":1718672001.123456,\"caller\":\"prober/prober.go:107\",\"msg\":\"Probe "
            "failed\",\"v\":0,\"probeType\":\"Readiness\",\"pod\":{\"name\":\"web-0\",\"namespace\":\"shop\"},\"podUID\":\"0b5f\","
            "\"containerName\":\"app\",\"probeResult\":\"failure\",\"output\":\"HTTP probe failed with statuscode: 503\"}\n"
            "{\"ts\":1718672002.5,\"caller\":\"kubelet/kubelet.go:2400\",\"msg\":\"Skipping pod synchronization\",\"err\":\"PLEG is not "
            "healthy: pleg was last seen active 3m5.1s ago; threshold is 3m0s\"}\n");
        const Source &s = inc->sources.at(0);
        QCOMPARE(s.format, SourceFormat::KlogJson);
        QCOMPARE(s.formatDetail, std::string("klog JSON")); // an error record has no "v", and no "level" either
        // zap's own records (etcd's), read alike: a level on every record, no verbosity.
        const auto zap = test::loadText("etcd.log",
                                        "{\"level\":\"warn\",\"ts\":\"2022-08-30T09:19:17.672Z\",\"caller\":\"wal/wal.go:802\","
                                        "\"msg\":\"slow fdatasync\",\"took\":\"1.263337456s\",\"expected-duration\":\"1s\"}\n");
        QCOMPARE(zap->sources.at(0).format, SourceFormat::KlogJson);
        QVERIFY2(zap->sources.at(0).formatDetail.starts_with("zap JSON"), zap->sources.at(0).formatDetail.c_str());
        const auto events = test::eventsOf(*inc, s);
        QCOMPARE(events.size(), size_t(2));
        QCOMPARE(std::string(inc->typeName(*events[0])), std::string("probe.result.failure"));
        QCOMPARE(inc->podName(*events[0]), std::string("shop/web-0"));
        QCOMPARE(std::string(inc->text(inc->containerOf(*events[0]))), std::string("app"));
        QCOMPARE(std::string(inc->roleName(*events[0])), std::string("probe-worker"));
        QCOMPARE(test::utc(events[0]->time), QString("2024-06-18T00:53:21.123456Z"));
        QCOMPARE(events[1]->severity, Severity::Error);
        QCOMPARE(std::string(inc->text(inc->nodeOf(*events[1]))), std::string("worker-3"));
    }

    void auditLog()
    {
        const auto inc =
            test::loadText("control-plane/audit.log",
                           "{\"kind\":\"Event\",\"apiVersion\":\"audit.k8s.io/"
                           "v1\",\"level\":\"Metadata\",\"auditID\":\"a1\",\"stage\":\"ResponseComplete\",\"requestURI\":\"/apis/"
                           "coordination.k8s.io/v1/namespaces/kube-node-lease/leases/"
                           "node3?timeout=10s\",\"verb\":\"update\",\"user\":{\"username\":\"system:node:node3\"},\"userAgent\":\"kubelet/"
                           "v1.29.0\",\"responseStatus\":{\"code\":200},\"requestReceivedTimestamp\":\"2024-06-18T00:53:21.100000Z\","
                           "\"stageTimestamp\":\"2024-06-18T00:53:21.104000Z\"}\n"
                           "{\"kind\":\"Status\"}\n");
        const Source &s = inc->sources.at(0);
        QCOMPARE(s.format, SourceFormat::AuditLog);
        QCOMPARE(s.unparsedLines, 1u);
        const auto events = test::eventsOf(*inc, s);
        QCOMPARE(events.size(), size_t(1));
        QCOMPARE(std::string(inc->typeName(*events[0])), std::string("apiserver.audit"));
        QCOMPARE(std::string(inc->field(*events[0], "resource")), std::string("leases"));
        QCOMPARE(std::string(inc->text(inc->nodeOf(*events[0]))), std::string("node3"));
    }

    void malformedEscapeIsKeptNotFatal()
    {
        // std::stoul used to throw here and terminate the loader thread.
        const auto inc = test::loadText(
            "kubelet.log", "I0312 10:42:26.102104 1 prober.go:107] \"Probe failed\" output=\"bad \\uZZZZ and good \\u00e9\" pod=\"a/b\"\n");
        QCOMPARE(inc->stats.events, 1u);
        QCOMPARE(test::shownField(*inc, inc->events[0], "output"), std::string("bad \\uZZZZ and good \xc3\xa9"));
    }

    void klogJsonMilliseconds()
    {
        const auto inc = test::loadText(
            "nodes/w1/kubelet.log", "{\"ts\":1718784064445.591,\"caller\":\"prober/prober.go:107\",\"msg\":\"Probe failed\",\"v\":1}\n");
        QCOMPARE(test::utc(inc->events.at(0).time, 9), QString("2024-06-19T08:01:04.445591000Z"));
    }

    // Any known payload inside any known envelope: the payload is decoded by one step for every
    // envelope, and its own time wins over the envelope's (journald short has whole seconds;
    // a klog header has µs, a klog JSON "ts" fractions of a ms). One row per combination.
    void payloadInEnvelope_data()
    {
        QTest::addColumn<QString>("path");
        QTest::addColumn<QString>("line");
        QTest::addColumn<QString>("tz"); // --tz for the file, "" = none (the zone must be found)
        QTest::addColumn<int>("format");
        QTest::addColumn<QString>("detail");
        QTest::addColumn<QString>("time"); // RFC 3339, 9 digits: nothing rounded away
        QTest::addColumn<QString>("message");
        QTest::addColumn<QString>("key");
        QTest::addColumn<QString>("value");
        QTest::addColumn<QString>("component");
        QTest::addColumn<QString>("type");
        QTest::addColumn<int>("severity");

        // kubelet 1.21+: klog.ErrorS(err, "Skipping pod synchronization") in syncLoop.
        const QString pleg = "[container runtime is down, PLEG is not healthy: pleg was last seen active 3m5.1s ago; threshold is 3m0s]";
        const QString kubeletJson =
            "{\"ts\":1704164645123.456,\"caller\":\"kubelet/kubelet.go:2281\",\"msg\":\"Skipping pod synchronization\",\"err\":\"" + pleg
            + "\"}";
        const QString kubeletText = "E0102 03:04:05.123456    1234 kubelet.go:2281] \"Skipping pod synchronization\" err=\"" + pleg + "\"";
        const QString kubeletTextPlus8 =
            "E0102 11:04:05.123456    1234 kubelet.go:2281] \"Skipping pod synchronization\" err=\"" + pleg + "\"";
        // controller-manager: logger.V(2).Info("Recording status change event message for node", "status", ..., "node", ...)
        const QString kcmJson = "{\"ts\":1704164645123.456,\"caller\":\"node/controller_utils.go:121\",\"msg\":\"Recording status change "
                                "event message for node\",\"v\":2,\"status\":\"NodeNotReady\",\"node\":\"worker-1\"}";
        const QString kcmText = "I0102 03:04:05.123456       1 controller_utils.go:121] \"Recording status change event message for node\" "
                                "status=\"NodeNotReady\" node=\"worker-1\"";
        const QString kcmJsonEscaped = QString(kcmJson).replace("\"", "\\\"");
        const QString at = "2024-01-02T03:04:05.123456000Z";
        // A klog JSON record's message is its "msg"; a klog text line's is the text after "] ".
        const QString msgPleg = "Skipping pod synchronization", msgKcm = "Recording status change event message for node";
        const QString msgPlegText = kubeletText.mid(kubeletText.indexOf("] ") + 2), msgKcmText = kcmText.mid(kcmText.indexOf("] ") + 2);
        const int journald = int(SourceFormat::Journald), cri = int(SourceFormat::CriLog), docker = int(SourceFormat::DockerJson),
                  kubectl = int(SourceFormat::KubectlTimestamps);
        // pleg.unhealthy raises its lines to error, nlc.node-not-ready-event to warning.
        const int error = int(Severity::Error), warning = int(Severity::Warning);
        const QString criPath = "var/log/pods/kube-system_kube-controller-manager-cp-1_0d1f/kube-controller-manager/0.log";
        const QString dockerPath = "var/log/containers/kube-controller-manager-cp-1_kube-system_kube-controller-manager-0123.log";
        const QString kubectlPath = "kubectl-logs/kube-controller-manager-cp-1.log";

        // journald received the line a moment after it was logged: the envelope says :06.
        QTest::newRow("journald short, klog JSON") << "journal.txt"
                                                   << "Jan 02 03:04:06 node1 kubelet[1234]: " + kubeletJson << "" << journald
                                                   << "journald short, klog JSON payloads" << at << msgPleg << "error" << pleg << "kubelet"
                                                   << "pleg.unhealthy" << error;
        QTest::newRow("journald short-precise, klog JSON")
            << "journal.txt"
            << "Jan 02 03:04:05.124001 node1 kubelet[1234]: " + kubeletJson << "" << journald
            << "journald short-precise, klog JSON payloads" << at << msgPleg << "error" << pleg << "kubelet"
            << "pleg.unhealthy" << error;
        QTest::newRow("journald short-iso, klog JSON")
            << "journal.txt"
            << "2024-01-02T05:04:06+0200 node1 kubelet[1234]: " + kubeletJson << "" << journald << "journald short-iso, klog JSON payloads"
            << at << msgPleg << "error" << pleg << "kubelet"
            << "pleg.unhealthy" << error;
        QTest::newRow("journald short, klog JSON with v")
            << "journal.txt"
            << "Jan 02 03:04:06 node1 kubelet[1234]: " + QString(kubeletJson).replace("\"}", "\",\"v\":0}") << "" << journald
            << "journald short, klog JSON payloads" << at << msgPleg << "error" << pleg << "kubelet"
            << "pleg.unhealthy" << error;
        // klog text carries no zone: journald short needs --tz, short-iso brings its own.
        QTest::newRow("journald short, klog text") << "journal.txt"
                                                   << "Jan 02 03:04:06 node1 kubelet[1234]: " + kubeletText << "+00:00" << journald
                                                   << "journald short" << at << msgPlegText << "error" << pleg << "kubelet"
                                                   << "pleg.unhealthy" << error;
        QTest::newRow("journald short-precise, klog text")
            << "journal.txt"
            << "Jan 02 03:04:05.124001 node1 kubelet[1234]: " + kubeletText << "+00:00" << journald << "journald short-precise" << at
            << msgPlegText << "error" << pleg << "kubelet"
            << "pleg.unhealthy" << error;
        QTest::newRow("journald short-iso, klog text")
            << "journal.txt"
            << "2024-01-02T11:04:06+0800 node1 kubelet[1234]: " + kubeletTextPlus8 << "" << journald << "journald short-iso" << at
            << msgPlegText << "error" << pleg << "kubelet"
            << "pleg.unhealthy" << error;
        QTest::newRow("CRI, klog JSON") << criPath << "2024-01-02T03:04:05.200000000Z stderr F " + kcmJson << "" << cri
                                        << "CRI container log, klog JSON payloads" << at << msgKcm << "status"
                                        << "NodeNotReady"
                                        << "kube-controller-manager"
                                        << "nlc.node-not-ready-event" << warning;
        QTest::newRow("CRI, klog text") << criPath << "2024-01-02T03:04:05.200000000Z stderr F " + kcmText << "" << cri
                                        << "CRI container log" << at << msgKcmText << "status"
                                        << "NodeNotReady"
                                        << "kube-controller-manager"
                                        << "nlc.node-not-ready-event" << warning;
        QTest::newRow("docker json, klog JSON")
            << dockerPath << "{\"log\":\"" + kcmJsonEscaped + "\\n\",\"stream\":\"stderr\",\"time\":\"2024-01-02T03:04:05.2Z\"}"
            << "" << docker << "docker json-file, klog JSON payloads" << at << msgKcm << "status"
            << "NodeNotReady"
            << "kube-controller-manager"
            << "nlc.node-not-ready-event" << warning;
        QTest::newRow("kubectl --timestamps, klog text") << kubectlPath << "2024-01-02T03:04:05.200000000Z " + kcmText << "" << kubectl
                                                         << "kubectl logs --timestamps" << at << msgKcmText << "status"
                                                         << "NodeNotReady"
                                                         << "kube-controller-manager"
                                                         << "nlc.node-not-ready-event" << warning;
        // Before types.RFC3339NanoFixed the kubelet wrote time.RFC3339Nano: trailing zeros cut.
        QTest::newRow("kubectl --timestamps (RFC3339Nano), klog text")
            << kubectlPath << "2024-01-02T03:04:05.2Z " + kcmText << "" << kubectl << "kubectl logs --timestamps" << at << msgKcmText
            << "status"
            << "NodeNotReady"
            << "kube-controller-manager"
            << "nlc.node-not-ready-event" << warning;
        // The klog header is the container's local time (+02:00), the prefix UTC: the pair gives the zone.
        QTest::newRow("kubectl --timestamps, klog text at +02:00")
            << kubectlPath << "2024-01-02T03:04:05.200000000Z " + QString(kcmText).replace("I0102 03:04:05", "I0102 05:04:05") << ""
            << kubectl << "kubectl logs --timestamps" << at << QString(msgKcmText) << "status"
            << "NodeNotReady"
            << "kube-controller-manager"
            << "nlc.node-not-ready-event" << warning;
        QTest::newRow("kubectl --timestamps, klog JSON") << kubectlPath << "2024-01-02T03:04:05.200000000Z " + kcmJson << "" << kubectl
                                                         << "kubectl logs --timestamps, klog JSON payloads" << at << msgKcm << "status"
                                                         << "NodeNotReady"
                                                         << "kube-controller-manager"
                                                         << "nlc.node-not-ready-event" << warning;
    }
    void payloadInEnvelope()
    {
        QFETCH(QString, path);
        QFETCH(QString, line);
        QFETCH(QString, tz);
        QFETCH(int, format);
        QFETCH(QString, detail);
        QFETCH(QString, time);
        QFETCH(QString, message);
        QFETCH(QString, key);
        QFETCH(QString, value);
        QFETCH(QString, component);
        QFETCH(QString, type);
        QFETCH(int, severity);
        auto opts = test::options();
        opts.fallbackYear = 2024;
        if (!tz.isEmpty())
            opts.utcOffsets.push_back({path.toStdString(), tz.toStdString()});
        const auto inc = test::loadText(path.toStdString(), line.toStdString() + "\n", opts);
        const Source &s = inc->sources.at(0);
        QCOMPARE(int(s.format), format);
        QCOMPARE(QString::fromStdString(s.formatDetail), detail);
        QCOMPARE(s.lineCount, 1u);
        QCOMPARE(s.unparsedLines, 0u);
        QCOMPARE(s.diagnostics.size(), size_t(0));
        const auto events = test::eventsOf(*inc, s);
        QCOMPARE(events.size(), size_t(1));
        const Event &e = *events[0];
        QCOMPARE(test::utc(e.time, 9), time);
        QCOMPARE(QString::fromStdString(std::string(inc->message(e))), message);
        QCOMPARE(QString::fromStdString(test::shownField(*inc, e, key.toStdString())), value);
        QCOMPARE(QString::fromStdString(std::string(inc->text(inc->componentOf(e)))), component);
        QCOMPARE(QString::fromStdString(std::string(inc->typeName(e))), type);
        QCOMPARE(int(e.severity), severity);
    }

    // What only looks like a known payload stays a plain message of its envelope: not lost, not
    // unparsed, no crash; a would-be klog JSON record that does not parse is also noted.
    void payloadThatIsNotKlogJson_data()
    {
        QTest::addColumn<QString>("payload");
        QTest::addColumn<int>("malformedJson"); // diagnostics noted for the line
        QTest::newRow("braces in text") << "{ braces opened by a systemd unit's own message" << 0;
        QTest::newRow("not JSON but has \"ts\":") << "{ \"ts\": is not a number, nor is this JSON" << 1;
        QTest::newRow("truncated klog JSON") << "{\"ts\":1704164645123.456,\"caller\":\"kubelet/kubelet.go:2281\",\"msg\":\"Skipping pod "
                                                "synchronization\",\"err\":\"[container runtime is do"
                                             << 1;
        QTest::newRow("other JSON, no ts") << "{\"level\":\"info\",\"msg\":\"loading plugin\",\"time\":\"2024-01-02T03:04:05Z\"}" << 0;
        QTest::newRow("ts not a time") << "{\"ts\":\"yesterday\",\"msg\":\"x\"}" << 0;
        QTest::newRow("lone brace") << "{" << 0;
    }
    void payloadThatIsNotKlogJson()
    {
        QFETCH(QString, payload);
        QFETCH(int, malformedJson);
        auto opts = test::options();
        opts.fallbackYear = 2024;
        opts.utcOffsets.push_back({"journal.txt", "+00:00"});
        const auto inc = test::loadText("journal.txt",
                                        "Jan 02 03:04:06 node1 kubelet[1234]: " + payload.toStdString()
                                            + "\n"
                                              "Jan 02 03:04:07 node1 kubelet[1234]: I0102 03:04:07.000001    1234 kubelet.go:2257] "
                                              "\"Starting kubelet main sync loop\"\n",
                                        opts);
        const Source &s = inc->sources.at(0);
        QCOMPARE(s.format, SourceFormat::Journald);
        QCOMPARE(s.unparsedLines, 0u);
        QCOMPARE(s.diagnosticCounts[int(DiagnosticReason::MalformedJson)], std::uint64_t(malformedJson));
        const auto events = test::eventsOf(*inc, s);
        QCOMPARE(events.size(), size_t(2));
        QCOMPARE(QString::fromStdString(std::string(inc->message(*events[0]))), payload);
        QCOMPARE(test::utc(events[0]->time, 0), QString("2024-01-02T03:04:06Z"));
        QCOMPARE(std::string(inc->text(inc->componentOf(*events[0]))), std::string("kubelet"));
        QCOMPARE(std::string(inc->typeName(*events[1])), std::string("kubelet.syncloop.start"));
    }

    // A journal in local time whose kubelet lines are klog JSON (UTC): each line pairs a local
    // reading with its UTC, the evidence the lines with only the journal's time need.
    void journaldKlogJsonGivesTheZone()
    {
        const auto inc = test::loadText(
            "nodes/worker-1/kubelet.journal",
            "Jan 02 05:04:01.000310 worker-1 systemd[1]: Started kubelet: The Kubernetes Node Agent.\n"
            "Jan 02 05:04:05.123999 worker-1 kubelet[1234]: {\"ts\":1704164645123.456,\"caller\":\"app/server.go:415\",\"msg\":\"Kubelet "
            "version\",\"v\":0,\"kubeletVersion\":\"v1.27.3\"}\n"
            "Jan 02 05:04:06.201007 worker-1 kubelet[1234]: "
            "{\"ts\":1704164646200.9,\"caller\":\"kubelet/kubelet.go:2257\",\"msg\":\"Starting kubelet main sync loop\",\"v\":0}\n");
        const Source &s = inc->sources.at(0);
        QCOMPARE(s.unparsedLines, 0u);
        QCOMPARE(s.clock.utcOffsetSeconds, 2 * 3600);
        QCOMPARE(s.clock.year, 2024);
        const auto events = test::eventsOf(*inc, s);
        QCOMPARE(events.size(), size_t(3));
        QCOMPARE(std::string(inc->typeName(*events[0])), std::string("systemd.unit.started"));
        QCOMPARE(test::utc(events[0]->time), QString("2024-01-02T03:04:01.000310Z"));
        QCOMPARE(std::string(inc->typeName(*events[1])), std::string("kubelet.start"));
        QCOMPARE(std::string(inc->field(*events[1], "version")), std::string("v1.27.3"));
        QCOMPARE(test::utc(events[2]->time), QString("2024-01-02T03:04:06.200900Z"));
    }

    // Without a klog payload an RFC 3339 prefix is not taken for kubectl's: the lines stay not
    // understood, as any text with an unknown shape.
    // stern's output (`--timestamps`): each line an event of its pod and container, the klog
    // payload's own time and severity, the prefix's time where the payload has none; the
    // namespace column when several are tailed.
    void sternOutput_data()
    {
        QTest::addColumn<QString>("prefix");
        QTest::addColumn<QString>("pod");
        QTest::newRow("pod, container") << ""
                                        << "/web-0"; // the namespace is not known
        QTest::newRow("namespace, pod, container") << "shop "
                                                   << "shop/web-0";
    }
    void sternOutput()
    {
        QFETCH(QString, prefix);
        QFETCH(QString, pod);
        const std::string p = prefix.toStdString();
        const auto inc = test::loadText(
            "stern.log",
            p + "web-0 app 2024-06-18T00:53:21.123500000Z I0618 00:53:21.123456       1 server.go:107] \"Serving\" addr=\":8080\"\n" + p
                + "web-0 app 2024-06-18T00:53:22.500000000Z plain text from the app\n" + p
                + "web-1 sidecar 2024-06-18T00:53:23.000100000Z E0618 00:53:23.000000       1 main.go:10] sidecar gave up\n");
        const Source &s = inc->sources.at(0);
        QCOMPARE(s.format, SourceFormat::Stern);
        QCOMPARE(s.unparsedLines, 0u);
        QVERIFY2(QString::fromStdString(s.formatDetail).startsWith("stern ("), s.formatDetail.c_str());
        const auto events = test::eventsOf(*inc, s);
        QCOMPARE(events.size(), size_t(3));
        QCOMPARE(QString::fromStdString(inc->podName(*events[0])), pod);
        QCOMPARE(std::string(inc->text(inc->containerOf(*events[0]))), std::string("app"));
        QCOMPARE(test::utc(events[0]->time), QString("2024-06-18T00:53:21.123456Z")); // the klog header's
        QCOMPARE(test::utc(events[1]->time), QString("2024-06-18T00:53:22.500000Z")); // the prefix's
        QCOMPARE(std::string(inc->message(*events[1])), std::string("plain text from the app"));
        QCOMPARE(std::string(inc->text(inc->containerOf(*events[2]))), std::string("sidecar"));
        QCOMPARE(std::string(inc->text(inc->componentOf(*events[2]))), std::string("sidecar"));
        QCOMPARE(events[2]->severity, Severity::Error);
    }
    // Two words before a line that is no log line are no stern prefix.
    void sternNeedsALogPayload()
    {
        QCOMPARE(detectFormat("web-0 app GET /healthz 200\nweb-0 app GET / 404\n"), SourceFormat::PlainText);
        QCOMPARE(detectFormat("Web-0 app I0618 00:53:21.123456       1 prober.go:107] x\n"), SourceFormat::PlainText);
    }

    // `talosctl dmesg` of one node: machined's "%s: %7s: [%s]: %s" (facility, priority
    // right-aligned, RFC 3339 UTC, text). The kernel's lines (kern) are the kernel's; machined's
    // own log rides the ring as facility user.
    void talosDmesg()
    {
        const auto inc = test::loadText("dmesg.txt",
                                        "kern:  notice: [2024-05-16T09:10:00.100000000Z]: Linux version 6.6.29-talos\n"
                                        "user: warning: [2024-05-16T09:10:05.200000000Z]: [talos] service[kubelet](Running): Health check "
                                        "successful\n"
                                        "daemon:    info: [2024-05-16T09:10:06.763675566Z]: udevd[1533]: starting version 3.2.10\n"
                                        "kern:     err: [2024-05-16T09:10:07.000001000Z]: EXT4-fs error (device sda1): bad block\n");
        const Source &s = inc->sources.at(0);
        QCOMPARE(s.format, SourceFormat::TalosDmesg);
        QCOMPARE(s.unparsedLines, 0u);
        const auto events = test::eventsOf(*inc, s);
        QCOMPARE(events.size(), size_t(4));
        QCOMPARE(test::utc(events[1]->time), QString("2024-05-16T09:10:05.200000Z"));
        QCOMPARE(std::string(inc->text(inc->componentOf(*events[0]))), std::string("kernel"));
        QCOMPARE(std::string(inc->text(inc->componentOf(*events[1]))), std::string("talos"));
        QCOMPARE(std::string(inc->message(*events[2])), std::string("udevd[1533]: starting version 3.2.10"));
        QCOMPARE(events[1]->severity, Severity::Warning);
        QCOMPARE(events[3]->severity, Severity::Error);
    }
    // zap's console encoder: tab-separated (or spaces, as copied from a page), capital or lower
    // level names, an ISO 8601 zone without a colon.
    void zapConsole()
    {
        const auto inc =
            test::loadText("machined.log",
                           "2023-02-21T19:57:21.304Z\tERROR\tkubernetes endpoint watch error\t{\"component\": \"controller-runtime\"}\n"
                           "2023-02-21T19:57:22.558Z DEBUG controller starting {\"component\": \"controller-runtime\", \"controller\": "
                           "\"k8s.NodeLabelsApplyController\"}\n"
                           "2023-02-21T20:57:23.273+0100\tinfo\tsetup\tstarting manager\n");
        const Source &s = inc->sources.at(0);
        QCOMPARE(s.format, SourceFormat::ZapConsole);
        QCOMPARE(s.unparsedLines, 0u);
        const auto events = test::eventsOf(*inc, s);
        QCOMPARE(events.size(), size_t(3));
        QCOMPARE(events[0]->severity, Severity::Error);
        QCOMPARE(events[1]->severity, Severity::Debug);
        QCOMPARE(test::utc(events[2]->time), QString("2023-02-21T19:57:23.273000Z"));
        QCOMPARE(std::string(inc->message(*events[0])).substr(0, 31), std::string("kubernetes endpoint watch error"));
        QCOMPARE(std::string(inc->message(*events[2])), std::string("setup\tstarting manager"));
    }
    // An operator on controller-runtime (rabbitmq cluster-operator#69): zap console lines, their
    // tabs copied as runs of spaces, between client-go's klog lines; zap's stack trace (function
    // lines at the margin) belongs to its ERROR line, and the zap lines' dates give the klog
    // lines their year.
    // The apiserver's etcd client writes zap JSON records into its stderr between klog's text
    // lines (etcd-client, 1.2x-1.3x): each is an event of its own time and level. Near miss:
    // JSON under a klog line that is no record (no "ts") continues it.
    void zapJsonAmongKlogLines()
    {
        const auto inc = test::loadText(
            "kube-apiserver.log",
            "I0316 23:08:22.000001       1 trace.go:236] Trace[1]: \"List\" url:/api/v1/pods (16-Mar-2026 23:08:21.000) (total time: "
            "1000ms):\n"
            "{\"level\":\"warn\",\"ts\":\"2026-03-16T23:08:23.946036Z\",\"logger\":\"etcd-client\",\"caller\":"
            "\"v3@v3.6.5/retry_interceptor.go:65\",\"msg\":\"retrying of unary invoker failed\",\"attempt\":0,\"error\":\"rpc "
            "error: code = DeadlineExceeded desc = context deadline exceeded\"}\n"
            "E0316 23:08:24.000001       1 status.go:71] apiserver received an error that is not an metav1.Status: "
            "&errors.errorString{s:\"context canceled\"}\n"
            "{\"no\":\"record\"}\n");
        const Source &s = inc->sources.at(0);
        QCOMPARE(s.unparsedLines, 0u);
        const auto events = test::eventsOf(*inc, s);
        QCOMPARE(events.size(), size_t(3));
        QCOMPARE(test::utc(events[1]->time), QString("2026-03-16T23:08:23.946036Z"));
        QCOMPARE(events[1]->severity, Severity::Warning);
        QCOMPARE(QString::fromStdString(std::string(inc->message(*events[1]))), QString("retrying of unary invoker failed"));
        QCOMPARE(inc->lineCountOf(*events[2]), 2u);
    }

    // The other way round: a file of JSON records with klog text lines among them (a component's
    // lines before its --logging-format took effect, an apiserver's beside its etcd client's).
    void klogLinesAmongJsonRecords()
    {
        const auto inc = test::loadText(
            "kube-apiserver.log",
            "I0316 23:08:20.000001       1 flags.go:64] FLAG: --logging-format=\"json\"\n"
            "{\"ts\":1710630501.5,\"caller\":\"app/server.go:160\",\"msg\":\"Version\",\"v\":0,\"version\":\"v1.29.2\"}\n"
            "{\"level\":\"warn\",\"ts\":\"2024-03-16T23:08:23.946036Z\",\"logger\":\"etcd-client\",\"msg\":\"retrying of unary "
            "invoker failed\"}\n"
            "E0316 23:08:24.000001       1 status.go:71] apiserver received an error that is not an metav1.Status\n"
            "{\"ts\":1710630505.5,\"caller\":\"app/server.go:161\",\"msg\":\"Serving\",\"v\":0}\n");
        const Source &s = inc->sources.at(0);
        QCOMPARE(s.format, SourceFormat::KlogJson);
        QCOMPARE(s.unparsedLines, 0u);
        const auto events = test::eventsOf(*inc, s);
        QCOMPARE(events.size(), size_t(5));
        QCOMPARE(test::utc(events[0]->time), QString("2024-03-16T23:08:20.000001Z"));
        QCOMPARE(test::utc(events[3]->time), QString("2024-03-16T23:08:24.000001Z"));
        QCOMPARE(events[3]->severity, Severity::Error);
        QCOMPARE(s.clock.year, 2024); // from the records beside them, not the file's time
    }

    void zapAmongKlogLines()
    {
        const auto inc = test::loadText(
            "manager.log",
            "2020-03-30T09:56:59.320Z        DEBUG   controller-runtime.controller   Successfully Reconciled {\"controller\": "
            "\"rabbitmqcluster\"}\n"
            "I0330 09:59:53.294085       1 leaderelection.go:288] failed to renew lease pivotal-rabbitmq-system/operator-leader-election: "
            "failed to tryAcquireOrRenew context deadline exceeded\n"
            "2020-03-30T09:59:53.310Z        ERROR   setup   problem running manager {\"error\": \"leader election lost\"}\n"
            "github.com/go-logr/zapr.(*zapLogger).Error\n"
            "        /go/pkg/mod/github.com/go-logr/zapr@v0.1.1/zapr.go:128\n"
            "main.main\n"
            "        /workspace/main.go:87\n"
            "k8s.io/apimachinery/pkg/util/wait.JitterUntil(0xc000a1, 0x3b9aca00, 0x0, 0x1, 0xc0001)\n"
            "        /go/pkg/mod/k8s.io/apimachinery@v0.17.2/pkg/util/wait/wait.go:152 +0x5e\n");
        const Source &s = inc->sources.at(0);
        QCOMPARE(s.unparsedLines, 0u);
        const auto events = test::eventsOf(*inc, s);
        QCOMPARE(events.size(), size_t(3));
        QCOMPARE(test::utc(events[1]->time), QString("2020-03-30T09:59:53.294085Z"));
        QCOMPARE(events[2]->severity, Severity::Error);
        QCOMPARE(inc->lineCountOf(*events[2]), 7u);

        // A dotted word is a stack's function line only under a stack or an error: a Java
        // exception's name and a host name in a container's log are lines of their own.
        const auto cri = test::loadText("var/log/pods/shop_cart-7b8d9c5f6d-5j2xq_uid/cart/0.log",
                                        "2024-06-19T10:00:00.000000000Z stdout F 2024-06-19 10:00:00.000 INFO [main] Starting service\n"
                                        "2024-06-19T10:00:05.000000000Z stderr F java.lang.NullPointerException\n"
                                        "2024-06-19T10:00:05.000000000Z stderr F \tat com.example.Foo.bar(Foo.java:12)\n"
                                        "2024-06-19T10:00:07.000000000Z stdout F db.shop.svc.cluster.local\n");
        QCOMPARE(cri->stats.events, 3u);

        // The zap line's year is the klog lines' across New Year's Eve.
        const auto newYear = test::loadText("op.log",
                                            "I1231 23:59:00.000000       1 leaderelection.go:250] attempting to acquire leader lease\n"
                                            "I0101 00:00:01.000000       1 leaderelection.go:260] successfully acquired lease\n"
                                            "2024-01-01T00:00:02.000Z\tINFO\tcontroller\tStarting workers\n");
        const auto ny = test::eventsOf(*newYear, newYear->sources.at(0));
        QCOMPARE(test::utc(ny[0]->time).left(10), QString("2023-12-31"));
    }

    // Near misses: a time and text without a level is no zap line, a level-like word without a
    // priority bracket no kernel ring line.
    void zapAndTalosNeedTheirShape()
    {
        QCOMPARE(detectFormat("2023-02-21T19:57:21.304Z something happened\n2023-02-21T19:57:22.304Z again\n"), SourceFormat::PlainText);
        QCOMPARE(detectFormat("user: warning: something odd\nuser: warning: again\n"), SourceFormat::PlainText);
        QCOMPARE(detectFormat("kern: info: 2024-05-16T09:10:00Z: no brackets\n"), SourceFormat::PlainText);
    }

    // etcd 3.2-3.4's capnslog: local date and time, a level letter, the package's message.
    void etcdCapnslog()
    {
        const auto inc =
            test::loadText("etcd.log",
                           "2021-08-06 13:32:58.159380 W | etcdserver: read-only range request \"key:\\\"/registry/leases/"
                           "kube-system/kube-controller-manager\\\" \" with result \"error:context canceled\" took too long "
                           "(1.752782998s) to execute\n"
                           "2021-08-06 13:32:59.000000 I | etcdserver: saved snapshot at index 123\n"
                           "2021-08-06 13:33:00.100000 C | etcdmain: listen tcp 10.0.0.1:2380: bind: address already in use\n");
        const Source &s = inc->sources.at(0);
        QCOMPARE(s.format, SourceFormat::Capnslog);
        QCOMPARE(s.unparsedLines, 0u);
        QCOMPARE(s.clock.year, 2021);
        QVERIFY(!s.clock.yearGuessed);
        const auto events = test::eventsOf(*inc, s);
        QCOMPARE(events.size(), size_t(3));
        QCOMPARE(events[0]->severity, Severity::Warning);
        QCOMPARE(events[1]->severity, Severity::Info);
        QCOMPARE(events[2]->severity, Severity::Fatal);
        QCOMPARE(test::utc(events[0]->time), QString("2021-08-06T13:32:58.159380Z"));
        QCOMPARE(std::string(inc->message(*events[1])), std::string("etcdserver: saved snapshot at index 123"));
    }

    // Go's log package, gRPC's level word before it or not.
    void goLog()
    {
        const auto inc = test::loadText("grpc.log",
                                        "WARNING: 2021/08/06 13:32:58 grpc: Server.processUnaryRPC failed to write status: "
                                        "connection error: desc = \"transport is closing\"\n"
                                        "2021/08/06 13:32:59.250000 http: TLS handshake error from 10.0.0.7:51234: EOF\n");
        const Source &s = inc->sources.at(0);
        QCOMPARE(s.format, SourceFormat::GoLog);
        QCOMPARE(s.unparsedLines, 0u);
        const auto events = test::eventsOf(*inc, s);
        QCOMPARE(events.size(), size_t(2));
        QCOMPARE(events[0]->severity, Severity::Warning);
        QCOMPARE(events[1]->severity, Severity::Info);
        QCOMPARE(test::utc(events[1]->time), QString("2021-08-06T13:32:59.250000Z"));
        QCOMPARE(std::string(inc->message(*events[0])).substr(0, 5), std::string("grpc:"));

        // etcd 3.4's raft logger: log.New's "raft" prefix against the date, its level after it.
        const auto raft = test::loadText("etcd.log",
                                         "raft2020/08/05 16:06:26 INFO: b273bc7741bcb020 became candidate at term 2\n"
                                         "2020-08-05 16:06:26.712099 I | embed: listening for peers on 172.17.0.3:2380\n"
                                         "raft2020/08/05 16:06:27 WARN: b273bc7741bcb020 stepped down to follower\n");
        QCOMPARE(raft->stats.unparsed, 0u);
        const auto raftEvents = test::eventsOf(*raft, raft->sources.at(0));
        QCOMPARE(raftEvents.size(), size_t(3));
        QCOMPARE(raftEvents[2]->severity, Severity::Warning);
        QCOMPARE(raft->sources.at(0).clock.year, 2020);
    }

    // k3s' log: etcd's and gRPC's dated lines among the klog lines are events of their own, with
    // their own times and the year they give, not the klog line above's continuation; a
    // continuation stays one.
    void datedLinesOfOtherFormatsAmongKlog()
    {
        const auto inc = test::loadText(
            "k3s.log",
            "F0806 13:32:58.159206      75 controllermanager.go:213] leaderelection lost\n"
            "2021-08-06 13:32:58.159380 W | etcdserver: read-only range request \"key:\\\"/registry/leases\\\" \" took too long "
            "(1.75s) to execute\n"
            "E0806 13:32:58.832112      75 status.go:71] apiserver received an error that is not an metav1.Status\n"
            "goroutine 1 [running]:\n"
            "WARNING: 2021/08/06 13:32:58 grpc: Server.processUnaryRPC failed to write status\n"
            "2021-08-06 13:32:58 something without a level\n");
        const Source &s = inc->sources.at(0);
        QCOMPARE(s.format, SourceFormat::KlogText);
        QCOMPARE(s.unparsedLines, 0u);
        QCOMPARE(s.clock.year, 2021);
        auto events = test::eventsOf(*inc, s);
        std::sort(events.begin(), events.end(), [&](const Event *a, const Event *b) { return inc->lineOf(*a) < inc->lineOf(*b); });
        QStringList lines; // first line + continuation lines
        for (const Event *e : events)
            lines << QString::number(inc->lineOf(*e)) + "+" + QString::number(inc->lineCountOf(*e) - 1);
        QCOMPARE(lines, (QStringList{"1+0", "2+0", "3+1", "5+1"}));
        QCOMPARE(events[1]->severity, Severity::Warning);
        QCOMPARE(test::utc(events[3]->time), QString("2021-08-06T13:32:58.000000Z"));
    }

    // Near misses: a date and text without capnslog's level and bar, or a Go log date with
    // another separator, are plain text.
    void capnslogAndGoLogNeedTheirShape()
    {
        QCOMPARE(detectFormat("2021-08-06 13:32:58.159380 something happened\n2021-08-06 13:32:59.159380 again\n"),
                 SourceFormat::PlainText);
        QCOMPARE(detectFormat("2021-08-06 13:32:58.159380 X | not a level\n"), SourceFormat::PlainText);
        QCOMPARE(detectFormat("2021.08.06 13:32:58 dotted date\n"), SourceFormat::PlainText);
        QCOMPARE(detectFormat("NOTALEVEL: 2021/08/06 13:32:58 prefixed\n"), SourceFormat::PlainText);
        QCOMPARE(detectFormat("Raft 2021/08/06 13:32:58 a word and a space before the date\n"), SourceFormat::PlainText);
    }

    // A copy out of a web log viewer (Rancher 1.x): the reader's local date and time glued to
    // each klog line. The klog header gives the time; the viewer's date, taken in another zone,
    // gives only the year, a year on across New Year's Eve.
    void viewerTimeCopy_data()
    {
        QTest::addColumn<QString>("viewerDate");
        QTest::addColumn<QString>("klogDate");
        QTest::addColumn<QString>("time");
        QTest::newRow("glued, as Rancher 1.x copies") << "4/28/2016 9:31:27 AM"
                                                      << "0428 16:31:27.398119"
                                                      << "2016-04-28T16:31:27.398119Z";
        QTest::newRow("with a space, afternoon") << "11/3/2019 12:05:09 PM "
                                                 << "1103 20:05:09.000001"
                                                 << "2019-11-03T20:05:09.000001Z";
        QTest::newRow("the viewer still in the old year") << "12/31/2020 11:30:00 PM"
                                                          << "0101 07:30:00.500000"
                                                          << "2021-01-01T07:30:00.500000Z";
        QTest::newRow("the viewer already in the new year") << "1/1/2021 1:00:00 AM"
                                                            << "1231 20:00:00.000000"
                                                            << "2020-12-31T20:00:00.000000Z";
    }
    void viewerTimeCopy()
    {
        QFETCH(QString, viewerDate);
        QFETCH(QString, klogDate);
        QFETCH(QString, time);
        const std::string line = viewerDate.toStdString() + "E" + klogDate.toStdString()
            + "   21191 kubelet.go:2741] Error updating node status, will retry: error getting node \"n1\": nodes \"n1\" not found\n";
        const auto inc = test::loadText("kubelet.log", line + line);
        const Source &s = inc->sources.at(0);
        QCOMPARE(s.format, SourceFormat::ViewerTime);
        QCOMPARE(s.unparsedLines, 0u);
        QCOMPARE(test::utc(inc->events.at(0).time), time);
        QCOMPARE(inc->events[0].severity, Severity::Error);
        QCOMPARE(std::string(inc->text(inc->fileOf(inc->events[0]))), std::string("kubelet.go:2741"));
    }
    // A date and time before text that is no log line is no viewer's copy.
    void viewerTimeNeedsALogPayload()
    {
        QVERIFY(detectFormat("4/28/2016 9:31:27 AM the deploy started\n4/28/2016 9:31:29 AM done\n") != SourceFormat::ViewerTime);
        QVERIFY(detectFormat("13/28/2016 9:31:27 AME0428 16:31:27.398119   21191 kubelet.go:2741] x\n") != SourceFormat::ViewerTime);
    }

    // The registry: every format has its own specificity (ties are never left to the list's
    // order) and a name, and every SourceFormat but Unknown is registered.
    void registryIsComplete()
    {
        std::set<int> specificities;
        for (const LogFormat *f : logFormats()) {
            QVERIFY2(specificities.insert(f->specificity()).second, f->name());
            QVERIFY(std::string(f->name()).size() > 0);
        }
        for (int id = int(SourceFormat::Unknown) + 1; id <= int(SourceFormat::DockerDesktop); ++id)
            QVERIFY2(logFormat(SourceFormat(id)).id() == SourceFormat(id), std::to_string(id).c_str());
    }
    // A line two formats read counts for the more specific (a kubectl --timestamps line is a
    // journald short-iso line too), and equal evidence goes to the more specific format.
    void detectionByScoreThenSpecificity()
    {
        const std::string kubectl = "2024-06-19T00:00:00.1Z I0619 00:00:00.100000       1 main.go:1] x\n";
        const std::string journald = "Jun 19 00:00:01 node3 kubelet[1]: I0619 00:00:01.000000       1 main.go:1] y\n";
        const std::string cri = "2024-06-19T00:00:02.1Z stderr F I0619 00:00:02.100000       1 main.go:1] z\n";
        QCOMPARE(detectFormat(kubectl + kubectl), SourceFormat::KubectlTimestamps);
        QCOMPARE(detectFormat(journald + journald + cri), SourceFormat::Journald); // the most lines
        QCOMPARE(detectFormat(journald + cri), SourceFormat::CriLog);              // a tie: the stricter shape
        QCOMPARE(detectFormat(cri + journald), SourceFormat::CriLog);              // whatever the order
    }

    void timestampPrefixNeedsAKlogPayload()
    {
        const auto inc =
            test::loadText("app.log", "2024-01-02T03:04:05.200000000Z GET /healthz 200\n2024-01-02T03:04:06.200000000Z GET / 404\n");
        const Source &s = inc->sources.at(0);
        QCOMPARE(s.format, SourceFormat::PlainText);
        QCOMPARE(s.unparsedLines, 2u);
    }

    // Docker Desktop's VM logs (docker/for-win#13822, its Kubernetes 1.29): the time it took
    // the line in UTC, the process (the component), a level letter, the process's own line.
    void dockerDesktopVmLog()
    {
        const auto inc = test::loadText(
            "vm/kubelet.log",
            "[2024-03-07T10:32:54.036205250Z][kubelet][I] E0307 10:32:54.036084     768 event.go:355] \"Unable to write event (may "
            "retry after sleeping)\" err=\"dial tcp 192.168.65.3:6443: connect: connection refused\"\n"
            "[2024-03-07T10:32:55.000000000Z][containerd][I] time=\"2024-03-07T10:32:55Z\" level=info msg=\"loading plugin\"\n"
            "[2024-03-07T10:32:56.100000000Z][vpnkit-bridge][E] no header here\n");
        const Source &s = inc->sources.at(0);
        QCOMPARE(s.format, SourceFormat::DockerDesktop);
        QCOMPARE(s.unparsedLines, 0u);
        QCOMPARE(inc->events.size(), std::size_t(3));
        QCOMPARE(test::utc(inc->events[0].time), QString("2024-03-07T10:32:54.036084Z"));
        QCOMPARE(int(inc->events[0].severity), int(Severity::Error)); // the klog header's, not the letter's
        QCOMPARE(std::string(inc->text(inc->componentOf(inc->events[0]))), std::string("kubelet"));
        QCOMPARE(std::string(inc->text(inc->componentOf(inc->events[1]))), std::string("containerd"));
        QCOMPARE(std::string(inc->text(inc->componentOf(inc->events[2]))), std::string("vpnkit-bridge"));
        QCOMPARE(int(inc->events[2].severity), int(Severity::Error)); // the letter, where the line has none
        QCOMPARE(test::utc(inc->events[2].time), QString("2024-03-07T10:32:56.100000Z"));
    }
    // Near misses: a bracketed time before prose, Docker Desktop 2.x's time of day only.
    void dockerDesktopVmLogNeedsItsShape()
    {
        QVERIFY(detectFormat("[2024-03-07T10:32:54Z] deploy started\n[2024-03-07T10:32:55Z] deploy done\n") != SourceFormat::DockerDesktop);
        QVERIFY(detectFormat("[2024-03-07T10:32:54Z][deploy] started\n[2024-03-07T10:32:55Z][deploy] done\n")
                != SourceFormat::DockerDesktop);
        QVERIFY(detectFormat("[11:29:22.790][Moby           ][Info   ] shim containerd-shim started\n") != SourceFormat::DockerDesktop);
    }

    // A log forwarder's lines: the stamp it took, the program's name, the program's own line
    // (kubernetes#62817: "2018-05-09T18:07:46.733671Z - kubelet I0509 18:07:46.627682 ..."). The
    // tag names the component; an untagged line among them keeps its header.
    void forwarderProgramTags_data()
    {
        QTest::addColumn<QString>("tagged");
        QTest::addColumn<QString>("component");
        const QString klog = "I0509 18:07:46.627682     769 kubelet.go:1851] SyncLoop (ADD, \"api\"): \"web-7_default(e7ee8904)\"";
        QTest::newRow("dash") << "- kubelet " + klog << "kubelet";
        QTest::newRow("colon") << "kubelet: " + klog << "kubelet";
        QTest::newRow("pid") << "kube-apiserver[812]: " + klog << "kube-apiserver";
        QTest::newRow("klog JSON") << "- kubelet {\"ts\":1525889266627.682,\"caller\":\"kubelet/kubelet.go:1851\",\"msg\":\"m\",\"v\":0}"
                                   << "kubelet";
    }
    void forwarderProgramTags()
    {
        QFETCH(QString, tagged);
        QFETCH(QString, component);
        const std::string stamp = "2018-05-09T18:07:46.733671Z ";
        const std::string untagged = "2018-05-09T18:07:47.733671Z I0509 18:07:47.627682     769 kubelet.go:1896] untagged\n";
        const std::string line = stamp + tagged.toStdString() + "\n";
        const auto inc = test::loadText("forwarded.log", line + line + untagged);
        const Source &s = inc->sources.at(0);
        QCOMPARE(s.format, SourceFormat::KubectlTimestamps);
        QCOMPARE(s.formatDetail.substr(0, 23), std::string("time-stamped lines with"));
        QCOMPARE(s.unparsedLines, 0u);
        QCOMPARE(inc->events.size(), std::size_t(3));
        QCOMPARE(std::string(inc->text(inc->componentOf(inc->events[0]))), component.toStdString());
        QCOMPARE(std::string(inc->message(inc->events[2])), std::string("untagged"));
        QCOMPARE(test::utc(inc->events[2].time), QString("2018-05-09T18:07:47.627682Z"));
    }
    // Tagged lines among more untagged ones (kubectl --timestamps lines and a forwarder's) are
    // read as tagged all the same.
    void forwarderProgramTagsInTheMinority()
    {
        const std::string untagged = "2018-05-09T18:07:47.733671Z I0509 18:07:47.627682     769 kubelet.go:1896] untagged\n";
        const std::string tagged = "2018-05-09T18:07:49.733671Z - kubelet I0509 18:07:49.627682     769 kubelet.go:1851] tagged\n";
        const auto inc = test::loadText("forwarded.log", untagged + untagged + untagged + tagged);
        QCOMPARE(inc->sources.at(0).format, SourceFormat::KubectlTimestamps);
        QCOMPARE(inc->events.size(), std::size_t(4));
        QCOMPARE(std::string(inc->message(inc->events[3])), std::string("tagged"));
        QCOMPARE(test::utc(inc->events[3].time), QString("2018-05-09T18:07:49.627682Z")); // the klog header's, not the stamp's
    }
    // Near misses: a prose line after the stamp, a journal's host and unit (journald short-iso).
    void forwarderProgramTagsNeedALogLine()
    {
        const auto prose = test::loadText("deploy.log",
                                          "2018-05-09T18:07:46.733671Z - deploy started on web-7\n"
                                          "2018-05-09T18:07:47.733671Z - deploy done\n");
        QCOMPARE(prose->sources.at(0).format, SourceFormat::PlainText);
        const auto journal =
            test::loadText("journal.log",
                           "2018-05-09T18:07:46+0000 node3 kubelet[769]: I0509 18:07:46.627682     769 kubelet.go:1851] x\n"
                           "2018-05-09T18:07:47+0000 node3 kubelet[769]: I0509 18:07:47.627682     769 kubelet.go:1851] y\n");
        QCOMPARE(journal->sources.at(0).format, SourceFormat::Journald);
        QCOMPARE(journal->sources.at(0).node, std::string("node3"));
    }

    // "ts" as written: seconds (plain zap) or milliseconds (Kubernetes) by magnitude, digits
    // read from the text so nothing is rounded, the top-level key only, or RFC 3339 text.
    void klogJsonStamp_data()
    {
        QTest::addColumn<QString>("json");
        QTest::addColumn<QString>("time");
        QTest::newRow("milliseconds") << "{\"ts\":1704164645123.456,\"msg\":\"m\"}"
                                      << "2024-01-02T03:04:05.123456000Z";
        QTest::newRow("milliseconds, whole") << "{\"ts\":1704164645123,\"msg\":\"m\"}"
                                             << "2024-01-02T03:04:05.123000000Z";
        QTest::newRow("seconds") << "{\"ts\":1704164645.123456,\"msg\":\"m\"}"
                                 << "2024-01-02T03:04:05.123456000Z";
        QTest::newRow("a quoted ts first") << "{\"msg\":\"said \\\"ts\\\":1\",\"ts\":1704164645123.456}"
                                           << "2024-01-02T03:04:05.123456000Z";
        QTest::newRow("exponent") << "{\"ts\":1.704164645123456e12,\"msg\":\"m\"}"
                                  << "2024-01-02T03:04:05.123456000Z";
        QTest::newRow("RFC 3339") << "{\"ts\":\"2024-01-02T03:04:05.123456Z\",\"msg\":\"m\"}"
                                  << "2024-01-02T03:04:05.123456000Z";
    }
    void klogJsonStamp()
    {
        QFETCH(QString, json);
        QFETCH(QString, time);
        FieldList fields;
        KlogJsonRecord r;
        const std::string text = json.toStdString(); // r's views point into it
        QCOMPARE(int(parseKlogJsonRecord(text, r, fields)), int(KlogJsonStatus::Ok));
        QCOMPARE(test::utc(Timestamp{r.utc}, 9), time);
        QCOMPARE(std::string(r.message), std::string(json.contains("said") ? "said \"ts\":1" : "m"));
    }

    // Every kind of value a record holds, read the same whether the one-pass reader or the
    // full JSON parser takes it (escapes it does not decode, floats, repeated keys, bad JSON).
    void klogJsonValues_data()
    {
        QTest::addColumn<QString>("json");
        QTest::addColumn<int>("status");
        QTest::addColumn<QString>("fields"); // key=value|key=value, in order
        QTest::addColumn<QString>("message");
        const int ok = int(KlogJsonStatus::Ok);
        QTest::newRow("strings, numbers, literals, references")
            << R"({"ts":1704164645123.456,"caller":"k/a.go:1","msg":"Probe failed","v":2,"pod":{"name":"web-0","namespace":"default"},"node":{"name":"n1"},"n":42,"ok":true,"nil":null})"
            << ok << "pod=default/web-0|node=n1|n=42|ok=true|nil=null"
            << "Probe failed";
        QTest::newRow("escapes decoded") << "{\"ts\":1704164645123,\"msg\":\"say \\\"hi\\\"\\tnow\",\"err\":\"a\\\\b\\nc\"}" << ok
                                         << "err=a\\b\nc"
                                         << "say \"hi\"\tnow";
        QTest::newRow("unicode escape") << "{\"ts\":1704164645123,\"msg\":\"caf\\u00e9\",\"k\":\"\\u00e9\"}" << ok << "k=\u00e9"
                                        << "caf\u00e9";
        QTest::newRow("float, array, object") << R"({"ts":1704164645123,"msg":"m","f":0.5,"list":["a","b"],"o":{"a":1}})" << ok
                                              << R"(f=0.5|list=["a","b"]|o={"a":1})"
                                              << "m";
        QTest::newRow("a list of references (klog.KObjSlice)")
            << R"({"ts":1655581354264.5642,"msg":"SyncLoop ADD","v":2,"pods":[{"name":"nettools","namespace":"dev"},{"name":"n1"}],"mixed":[{"name":"a"},1]})"
            << ok << R"(pods=["dev/nettools","n1"]|mixed=[{"name":"a"},1])"
            << "SyncLoop ADD";
        QTest::newRow("spaces") << R"({ "ts" : 1704164645123 , "msg" : "m" , "k" : "v" })" << ok << "k=v"
                                << "m";
        QTest::newRow("a key twice: the last") << R"({"ts":1704164645123,"msg":"m","a":"1","a":"2"})" << ok << "a=2"
                                               << "m";
        QTest::newRow("no time") << R"({"msg":"m","k":"v"})" << int(KlogJsonStatus::NoTime) << ""
                                 << "";
        QTest::newRow("an empty time") << R"({"ts":"","msg":"m","k":"v"})" << int(KlogJsonStatus::BadTime) << ""
                                       << "";
        QTest::newRow("a time far out") << R"({"ts":99999999999999999,"msg":"m"})" << int(KlogJsonStatus::BadTime) << ""
                                        << "";
        QTest::newRow("cut short") << R"({"ts":1704164645123,"msg":"m")" << int(KlogJsonStatus::Malformed) << ""
                                   << "";
        QTest::newRow("text after it") << R"({"ts":1704164645123,"msg":"m"} and more)" << int(KlogJsonStatus::Malformed) << ""
                                       << "";
        QTest::newRow("a bad object under caller")
            << R"({"ts":1718784064445,"msg":"m","caller":{"a":tru}})" << int(KlogJsonStatus::Malformed) << ""
            << "";
        QTest::newRow("a number too big under v") << R"({"ts":1718784064445,"msg":"m","v":1e999})" << int(KlogJsonStatus::Malformed) << ""
                                                  << "";
        QTest::newRow("UTF-8 text") << "{\"ts\":1718784064445,\"msg\":\"caf\xc3\xa9\",\"k\":\"\xc3\xa9\"}" << ok << "k=\xc3\xa9"
                                    << "caf\xc3\xa9";
        QTest::newRow("a control byte in a string") << "{\"ts\":1704164645123,\"msg\":\"a\tb\"}" << int(KlogJsonStatus::Malformed) << ""
                                                    << "";
    }
    void klogJsonValues()
    {
        QFETCH(QString, json);
        QFETCH(int, status);
        QFETCH(QString, fields);
        QFETCH(QString, message);
        FieldList list;
        list.add("before", "kept");
        KlogJsonRecord r;
        const std::string text = json.toStdString();
        QCOMPARE(int(parseKlogJsonRecord(text, r, list)), status);
        QStringList got;
        for (const auto &[k, v] : list.items())
            if (k != "before")
                got << QString::fromStdString(std::string(k) + "=" + std::string(v));
        QCOMPARE(got.join('|'), fields);
        QCOMPARE(list.get("before"), std::string_view("kept"));
        if (status == int(KlogJsonStatus::Ok))
            QCOMPARE(QString::fromStdString(std::string(r.message)), message);
    }

    // A string cut inside a UTF-8 sequence is no JSON, as the full parser says (bytes, not a
    // QString, which would repair it).
    void klogJsonBrokenUtf8()
    {
        FieldList fields;
        KlogJsonRecord r;
        const std::string text = "{\"ts\":1718784064445,\"msg\":\"caf\xc3\"}";
        QCOMPARE(int(parseKlogJsonRecord(text, r, fields)), int(KlogJsonStatus::Malformed));
    }

    // Kubernetes' JSON logger writes no level: 1.21+ ErrorS lines have "err" and no "v".
    void klogJsonSeverity()
    {
        FieldList fields;
        KlogJsonRecord r;
        QCOMPARE(int(parseKlogJsonRecord("{\"ts\":1704164645123.456,\"msg\":\"m\",\"err\":\"boom\"}", r, fields)), int(KlogJsonStatus::Ok));
        QCOMPARE(r.severity, Severity::Error);
        QCOMPARE(std::string(fields.get("err")), std::string("boom"));
        QCOMPARE(int(parseKlogJsonRecord("{\"ts\":1704164645123.456,\"msg\":\"m\",\"v\":0,\"err\":\"boom\"}", r, fields)),
                 int(KlogJsonStatus::Ok));
        QCOMPARE(r.severity, Severity::Info);
        fields.clear();
        QCOMPARE(int(parseKlogJsonRecord("{\"msg\":\"m\"}", r, fields)), int(KlogJsonStatus::NoTime));
        QCOMPARE(int(parseKlogJsonRecord("{\"ts\":true,\"msg\":\"m\"}", r, fields)), int(KlogJsonStatus::BadTime));
        // Epoch nanoseconds (zap's EpochNanosTimeEncoder) and times past 2255 are no klog times.
        QCOMPARE(int(parseKlogJsonRecord("{\"ts\":1704164645123456789,\"msg\":\"m\"}", r, fields)), int(KlogJsonStatus::BadTime));
        QCOMPARE(int(parseKlogJsonRecord("{\"ts\":9999999999999.9,\"msg\":\"m\"}", r, fields)), int(KlogJsonStatus::BadTime));
        QCOMPARE(int(parseKlogJsonRecord("{\"ts\":9999999999.5,\"msg\":\"m\"}", r, fields)), int(KlogJsonStatus::BadTime));
        QCOMPARE(int(parseKlogJsonRecord("{\"ts\":1704164645123.4", r, fields)), int(KlogJsonStatus::Malformed));
        QCOMPARE(fields.items().size(), size_t(0)); // a failed record adds nothing
    }

    void journalNodeFromItsHost()
    {
        const auto inc =
            test::loadText("journal.txt", "Dec 07 15:16:23 node3 kubelet[1]: I1207 15:16:23.071262 1 server.go:417] Version: v1.18.6\n");
        QCOMPARE(inc->sources.at(0).node, std::string("node3"));
    }

    void emptyFile()
    {
        QTemporaryDir dir;
        const auto empty = writeFile(dir, "empty.log", "");
        const auto other = writeFile(dir, "kubelet.log", "I0101 00:00:01.000000 1 server.go:417] Version: v1.18.6\n");
        const auto inc = test::load({dir.path().toStdString()});
        // An empty file is listed as not loaded, "empty".
        QCOMPARE(inc->sources.size(), size_t(1));
        QCOMPARE(inc->skipped.size(), size_t(1));
        QVERIFY(inc->skipped[0].path.ends_with("empty.log"));
        QCOMPARE(inc->skipped[0].reason, std::string("empty"));
        QCOMPARE(inc->stats.events, 1u);
    }

    void binaryGarbageAndInvalidUtf8()
    {
        QTemporaryDir dir;
        std::string content = "I0312 10:42:26.102104 1 kubelet.go:1] ok \xff\xfe bytes\n";
        content += std::string("\x00\x01\x02garbage\x03", 11) + "\n";
        content += "I0312 10:42:27.000000 1 kubelet.go:1] after\n";
        const auto path = writeFile(dir, "kubelet.log", content);
        const auto inc = test::load({path});
        const Source &s = inc->sources.at(0);
        QCOMPARE(s.lineCount, 3u);
        QCOMPARE(s.unparsedLines, 1u);
        QCOMPARE(s.diagnosticCounts[int(DiagnosticReason::BinaryData)], 1u);
        QCOMPARE(s.diagnosticCounts[int(DiagnosticReason::InvalidUtf8)], 1u);
        QCOMPARE(s.eventCount, 2u);
        QCOMPARE(s.diagnostics.front().line, 1u);
    }

    void wholeBinaryFile()
    {
        QTemporaryDir dir;
        std::string blob(100000, '\0');
        for (size_t i = 0; i < blob.size(); ++i)
            blob[i] = char((i * 7919) % 256);
        const auto path = writeFile(dir, "core.dump", blob);
        const auto good = writeFile(dir, "kubelet.log", "I0101 00:00:01.000000 1 server.go:417] Version: v1.18.6\n");
        const auto inc = test::load({path, good});
        // Recognised as binary and not parsed: listed as not loaded with the reason.
        QVERIFY(!test::sourceEndingWith(*inc, "core.dump"));
        QCOMPARE(inc->skipped.size(), size_t(1));
        QVERIFY(inc->skipped[0].path.ends_with("core.dump"));
        QVERIFY2(inc->skipped[0].reason.starts_with("binary data"), inc->skipped[0].reason.c_str());
        QCOMPARE(inc->stats.lines, 1u);
        QCOMPARE(inc->stats.unparsed, 0u);
    }

    void hugeSingleLine()
    {
        QTemporaryDir dir;
        std::string line = "I0312 10:42:26.102104 1 status_manager.go:499] Patch status for pod \"x_default(u)\" with \"";
        line += std::string(20 * 1024 * 1024, 'a');
        line += "\"\n";
        const auto path = writeFile(dir, "kubelet.log", line + "I0312 10:42:27.000000 1 kubelet.go:1] next\n");
        const auto inc = test::load({path});
        const Source &s = inc->sources.at(0);
        QCOMPARE(s.lineCount, 2u);
        QCOMPARE(s.eventCount, 2u);
        QCOMPARE(s.diagnosticCounts[int(DiagnosticReason::LineTooLong)], 1u);
        QCOMPARE(inc->rawText(inc->events.front()).size(), line.size() - 1);
    }

    void multiLinePanic()
    {
        const auto inc = test::loadText("kubelet.log",
                                        "E0312 10:42:26.000000 1 runtime.go:69] Observed a panic: runtime error: invalid memory address\n"
                                        "goroutine 1 [running]:\n"
                                        "k8s.io/kubernetes/pkg/kubelet.(*Kubelet).syncPod(0xc000, 0x0)\n"
                                        "\t/workspace/pkg/kubelet/kubelet.go:1500 +0x1a\n"
                                        "\n"
                                        "I0312 10:42:27.000000 1 kubelet.go:1] next\n");
        QCOMPARE(inc->events.size(), size_t(2));
        QCOMPARE(inc->lineCountOf(inc->events[0]), 5u);
        QVERIFY(inc->message(inc->events[0]).find("kubelet.go:1500") != std::string_view::npos);
        QCOMPARE(inc->stats.unparsed, 0u);
    }

    void orphanLinesCounted()
    {
        const auto inc = test::loadText("kubelet.log", "some preamble text\nI0312 10:42:27.000000 1 kubelet.go:1] x\n");
        QCOMPARE(inc->stats.unparsed, 1u);
        QCOMPARE(inc->stats.events, 1u);
    }

    void unreadableFileReported()
    {
        QTemporaryDir dir;
        const auto good = writeFile(dir, "kubelet.log", "I0101 00:00:01.000000 1 server.go:417] Version: v1.18.6\n");
        const std::string missing = dir.path().toStdString() + "/gone.log";
        const auto inc = test::load({good, missing});
        const Source *bad = test::sourceEndingWith(*inc, "gone.log");
        QVERIFY(bad);
        QVERIFY(!bad->error.empty());
        QCOMPARE(inc->stats.events, 1u);
        bool noted = false;
        for (const auto &n : inc->notes)
            noted = noted || n.find("gone.log") != std::string::npos;
        QVERIFY(noted);
    }

    void nothingReadableIsAnError() { QVERIFY_THROWS_EXCEPTION(LoadError, test::load({"/nonexistent/kubelane/bundle"})); }
};

QTEST_GUILESS_MAIN(TestFormats)
#include "tst_formats.moc"
