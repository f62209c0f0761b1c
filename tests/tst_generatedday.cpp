// A generated multi-node day (tests/generator) with one incident of each kind the version can
// produce, among the noise a real day has (heartbeat blips under the grace period, a lossy
// apiserver log, kubelet restarts, rollouts, liveness restarts, an in-place image change):
// the findings must be exactly the planted incidents, each once, near where it was planted,
// and every title and explanation must read as a sentence for a postmortem.
#include "core/analysis/analyzer.h"
#include "testutil.h"

#include "bundlegenerator.h"

#include <QElapsedTimer>
#include <QRegularExpression>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <sstream>

using namespace kubelane;
using namespace kubelane::core;
namespace gen = kubelane::bundlegen;

namespace {

constexpr std::int64_t kSlack = 120 * kNsPerSecond; // a finding may start 2 min either side of its window

bool matches(const Finding &f, const gen::PlantedIncident &p)
{
    return f.rule == p.rule && f.subject.text() == p.subject && f.start.ns >= p.startNs - kSlack && f.start.ns <= p.endNs + kSlack;
}

QString describe(const Finding &f)
{
    return QString("%1 %2 %3: %4")
        .arg(QString::fromStdString(f.rule), QString::fromStdString(f.subject.text()), QString::fromStdString(formatRfc3339(f.start, 3)),
             QString::fromStdString(f.title));
}

QString describe(const gen::PlantedIncident &p)
{
    return QString("%1 %2 [%3, %4] (%5)")
        .arg(QString::fromStdString(p.rule), QString::fromStdString(p.subject), QString::fromStdString(gen::formatTime(p.startNs)),
             QString::fromStdString(gen::formatTime(p.endNs)), QString::fromStdString(p.what));
}

// Texts a postmortem cannot take: unfilled templates, placeholders and bad plurals.
QStringList badPhrases(const std::string &text)
{
    QStringList out;
    const QString t = QString::fromStdString(text);
    for (const char *bad : {"{", "unknown -> unknown", "none recorded", " 0 pods"})
        if (t.contains(bad))
            out << bad;
    static const QRegularExpression plural("(^|[^0-9.,])1 (pods|findings|containers|reports|restarts|seconds|times|nodes)\\b");
    for (auto it = plural.globalMatch(t); it.hasNext();)
        out << it.next().captured(0).trimmed();
    return out;
}

std::vector<std::string> split(const QString &list)
{
    std::vector<std::string> out;
    for (const QString &item : list.split(',', Qt::SkipEmptyParts))
        out.push_back(item.trimmed().toStdString());
    return out;
}

} // namespace

class TestGeneratedDay : public QObject {
    Q_OBJECT
private slots:
    void day_data()
    {
        QTest::addColumn<QString>("version");
        QTest::addColumn<qulonglong>("seed");
        QTest::addColumn<QString>("plant");
        QTest::addColumn<QString>("blips"); // heartbeat gaps in seconds the controller does not act on; empty: 15-30 s ones
        QTest::addColumn<double>("hours");
        QTest::addColumn<qulonglong>("size"); // --size: filled with high-verbosity chatter; 0: the day alone
        QTest::newRow("v1.28.4, every incident, seed 1") << "v1.28.4" << qulonglong(1) << "all"
                                                         << "" << 6.0 << qulonglong(0);
        QTest::newRow("v1.28.4, nothing planted") << "v1.28.4" << qulonglong(1) << "none"
                                                  << "" << 6.0 << qulonglong(0);
        QTest::newRow("v1.28.4, every incident, seed 2") << "v1.28.4" << qulonglong(2) << "all"
                                                         << "" << 6.0 << qulonglong(0);
        // 1.33: a 45 s blip is under the 50 s default grace period (it was 40 s before 1.32).
        QTest::newRow("v1.33.1, every incident, 45 s blip") << "v1.33.1" << qulonglong(3) << "all"
                                                            << "45" << 6.0 << qulonglong(0);
        // 1.22: printf node lifecycle controller, the 1.21/1.22 httplog fields, a kubelet
        // that still dies on a container without sandbox (crash loop under systemd), the
        // in-place 1.21 -> 1.22 upgrade that recreates every container.
        QTest::newRow("v1.22.17, every incident") << "v1.22.17" << qulonglong(4) << "all"
                                                  << "" << 6.0 << qulonglong(0);
        // Two hours at 48 MiB: more than half of it kubelets at -v=2..4 (some logging JSON),
        // the controller manager at -v=4, more apiserver requests; chatter adds no finding.
        QTest::newRow("v1.28.4, every incident, 48 MiB of chatter") << "v1.28.4" << qulonglong(5) << "all"
                                                                    << "" << 2.0 << qulonglong(48ull << 20);
        // The same for the %+v values of klog before v2.120 and the printf controllers of 1.22,
        // and JSON values (1.33).
        QTest::newRow("v1.22.17, every incident, 40 MiB of chatter") << "v1.22.17" << qulonglong(6) << "all"
                                                                     << "" << 2.0 << qulonglong(40ull << 20);
        QTest::newRow("v1.33.1, every incident, 40 MiB of chatter") << "v1.33.1" << qulonglong(7) << "all"
                                                                    << "" << 2.0 << qulonglong(40ull << 20);
    }

    void day()
    {
        QFETCH(QString, version);
        QFETCH(qulonglong, seed);
        QFETCH(QString, plant);
        QFETCH(QString, blips);
        QFETCH(double, hours);
        QFETCH(qulonglong, size);
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        gen::GeneratorOptions o;
        o.seed = seed;
        o.nodes = 20;
        o.hours = hours;
        o.targetBytes = size;
        o.kubernetesVersion = version.toStdString();
        o.plant = split(plant);
        for (const std::string &b : split(blips))
            o.blipGapsSeconds.push_back(std::stod(b));
        o.outputDir = dir.path().toStdString();
        QElapsedTimer timer;
        timer.start();
        const gen::GeneratedBundle bundle = gen::generateBundle(o);
        const qint64 generated = timer.restart();

        // The chatter filled the bundle to about the size asked (else the row proves less).
        if (size > 0)
            QVERIFY2(std::abs(double(bundle.bytes) - double(size)) < 0.05 * double(size),
                     qPrintable(QString("%1 bytes written for --size %2").arg(bundle.bytes).arg(size)));

        // Every incident this version can produce was planted (else the row proves less).
        const auto plantable = plant == "all" ? gen::plantableRules(o.kubernetesVersion) : std::vector<std::string>{};
        for (const std::string &rule : plantable)
            QVERIFY2(std::any_of(bundle.planted.begin(), bundle.planted.end(), [&](const auto &p) { return p.rule == rule; }),
                     qPrintable("the generator planted no " + QString::fromStdString(rule)));
        if (plant == "none")
            QVERIFY(bundle.planted.empty());
        // The blips asked for came out as long as asked: the 1.33 row's is over the 40 s of
        // the releases before 1.32 and under the 50 s of 1.33 (else it proves nothing).
        for (const std::string &b : split(blips)) {
            bool seen = false;
            static const QRegularExpression gap("^heartbeat blip on .*: no lease renewal for ([0-9.]+) s");
            for (const std::string &n : bundle.noise)
                if (const auto m = gap.match(QString::fromStdString(n)); m.hasMatch())
                    seen = seen || std::abs(m.captured(1).toDouble() - std::stod(b)) < 4.0;
            QVERIFY2(seen, qPrintable("no heartbeat blip of about " + QString::fromStdString(b) + " s in the bundle"));
        }

        const auto incident = test::load({o.outputDir});
        const qint64 loaded = timer.restart();
        AnalyzeOptions options;
        options.resourceDir = KUBELANE_RESOURCES;
        const auto analysis = analyzeIncident(incident, options);
        const qint64 analysed = timer.restart();
        qInfo("%s: %llu lines, %.1f MB; generate %lld ms, load %lld ms, analyse %lld ms; %zu planted, %zu findings",
              QTest::currentDataTag(), static_cast<unsigned long long>(bundle.lines), bundle.bytes / 1e6, generated, loaded, analysed,
              bundle.planted.size(), analysis->findings.size());

        QString report = "\nplanted:";
        for (const auto &p : bundle.planted)
            report += "\n  " + describe(p);
        report += "\nfindings:";
        for (const Finding &f : analysis->findings)
            report += "\n  " + describe(f);
        report += "\nnoise:";
        for (const auto &n : bundle.noise)
            report += "\n  " + QString::fromStdString(n);

        // (4) Damaged lines are allowed to stay not understood, but only those.
        const double unparsed = incident->stats.lines ? double(incident->stats.unparsed) / double(incident->stats.lines) : 0;
        QVERIFY2(unparsed < 0.002,
                 qPrintable(QString("%1 of %2 lines not understood (%3 %)")
                                .arg(incident->stats.unparsed)
                                .arg(incident->stats.lines)
                                .arg(unparsed * 100)));

        // (1) Every planted incident is found, once, where it was planted.
        QStringList missing, twice;
        for (const auto &p : bundle.planted) {
            const auto n =
                std::count_if(analysis->findings.begin(), analysis->findings.end(), [&](const Finding &f) { return matches(f, p); });
            if (n == 0)
                missing << describe(p);
            else if (n > 1)
                twice << describe(p);
        }
        // (2) Nothing else.
        QStringList unexpected;
        for (const Finding &f : analysis->findings)
            if (std::none_of(bundle.planted.begin(), bundle.planted.end(), [&](const auto &p) { return matches(f, p); }))
                unexpected << describe(f);
        // (3) Every text reads as a sentence.
        QStringList badTexts;
        for (const Finding &f : analysis->findings)
            for (const std::string *text : {&f.title, &f.explanation})
                if (const QStringList bad = badPhrases(*text); !bad.isEmpty())
                    badTexts << describe(f) + " -> " + bad.join(" | ") + " in: " + QString::fromStdString(*text);
        // QVERIFY2 cuts long messages: the whole picture goes out line by line first.
        if (!missing.isEmpty() || !twice.isEmpty() || !unexpected.isEmpty() || !badTexts.isEmpty()) {
            for (const QString &line : ("planted but not found:\n  " + missing.join("\n  ") + "\nfound more than once:\n  "
                                        + twice.join("\n  ") + "\nnot planted:\n  " + unexpected.join("\n  ")
                                        + "\ntexts not fit for a postmortem:\n  " + badTexts.join("\n  ") + report)
                                           .split('\n'))
                qInfo("%s", qPrintable(line));
        }
        QVERIFY2(missing.isEmpty(),
                 qPrintable(QString("%1 planted incidents not found, first: %2").arg(missing.size()).arg(missing.value(0))));
        QVERIFY2(twice.isEmpty(),
                 qPrintable(QString("%1 planted incidents found more than once, first: %2").arg(twice.size()).arg(twice.value(0))));
        QVERIFY2(unexpected.isEmpty(),
                 qPrintable(QString("%1 findings not planted, first: %2").arg(unexpected.size()).arg(unexpected.value(0))));
        QVERIFY2(badTexts.isEmpty(),
                 qPrintable(QString("%1 texts not fit for a postmortem, first: %2").arg(badTexts.size()).arg(badTexts.value(0))));
    }

    // The same options give the same bytes (the generator's own promise; the day test rests on it).
    void sameSeedSameBundle()
    {
        QTemporaryDir a, b;
        gen::GeneratorOptions o;
        o.nodes = 8;
        o.hours = 3;
        o.seed = 11;
        o.outputDir = a.path().toStdString();
        const auto first = gen::generateBundle(o);
        o.outputDir = b.path().toStdString();
        const auto second = gen::generateBundle(o);
        QCOMPARE(first.files.size(), second.files.size());
        for (std::size_t i = 0; i < first.files.size(); ++i) {
            QCOMPARE(first.files[i].path, second.files[i].path);
            auto read = [](const std::string &path) {
                std::ifstream in(path, std::ios::binary);
                std::stringstream s;
                s << in.rdbuf();
                return s.str();
            };
            QVERIFY2(read(a.path().toStdString() + "/" + first.files[i].path) == read(b.path().toStdString() + "/" + second.files[i].path),
                     first.files[i].path.c_str());
        }
        o.seed = 12;
        QTemporaryDir c;
        o.outputDir = c.path().toStdString();
        const auto other = gen::generateBundle(o);
        QVERIFY(other.bytes != first.bytes || other.planted.front().startNs != first.planted.front().startNs);
    }

    // What a version's kubelet cannot do is refused, not faked.
    void refusesWhatTheVersionCannotShow()
    {
        QTemporaryDir dir;
        gen::GeneratorOptions o;
        o.outputDir = dir.path().toStdString();
        o.plant = {"sandbox-missing"};
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, gen::generateBundle(o));
        o.kubernetesVersion = "v1.24.17"; // logs "no PodSandBox found for the container" and carries on
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, gen::generateBundle(o));
        o.kubernetesVersion = "v1.20.15"; // printf kubelet: not written by this generator
        o.plant = {"all"};
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, gen::generateBundle(o));
        o.plant = {"spec-hash-restart"};
        o.kubernetesVersion = "v1.33.1";
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, gen::generateBundle(o));
        o.plant = {"no-such-rule"};
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, gen::generateBundle(o));
        o.plant = {"all"};
        o.blipGapsSeconds = {49};
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, gen::generateBundle(o)); // not under 50 s - 2 s
    }
};

QTEST_GUILESS_MAIN(TestGeneratedDay)
#include "tst_generatedday.moc"
