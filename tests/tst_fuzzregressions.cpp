// Every input that once crashed a fuzz target (tests/fuzz-regressions/<target>/<input>) is run
// through that target again, built here with GCC and the sanitizers of the test build: a
// crash, a sanitizer report or a broken invariant (a trap) fails the test. A few inputs every
// parser must survive are run too, whether or not fuzzing ever found anything.
#include <QDir>
#include <QtTest>

#include <cstdint>
#include <functional>
#include <map>
#include <string>

int fuzz_klog_header(const std::uint8_t *, std::size_t);
int fuzz_journald_prefix(const std::uint8_t *, std::size_t);
int fuzz_cri(const std::uint8_t *, std::size_t);
int fuzz_docker_json(const std::uint8_t *, std::size_t);
int fuzz_klog_json(const std::uint8_t *, std::size_t);
int fuzz_audit_json(const std::uint8_t *, std::size_t);
int fuzz_archive_reader(const std::uint8_t *, std::size_t);
int fuzz_rule_loader(const std::uint8_t *, std::size_t);
int fuzz_session_file(const std::uint8_t *, std::size_t);
int fuzz_goroutine_dump(const std::uint8_t *, std::size_t);

namespace {

using Target = int (*)(const std::uint8_t *, std::size_t);

const std::map<QString, Target> &targets()
{
    static const std::map<QString, Target> all{
        {"fuzz_klog_header", fuzz_klog_header},
        {"fuzz_journald_prefix", fuzz_journald_prefix},
        {"fuzz_cri", fuzz_cri},
        {"fuzz_docker_json", fuzz_docker_json},
        {"fuzz_klog_json", fuzz_klog_json},
        {"fuzz_audit_json", fuzz_audit_json},
        {"fuzz_archive_reader", fuzz_archive_reader},
        {"fuzz_rule_loader", fuzz_rule_loader},
        {"fuzz_session_file", fuzz_session_file},
        {"fuzz_goroutine_dump", fuzz_goroutine_dump},
    };
    return all;
}

// Inputs at the edges of every parser: nothing, one byte, a NUL, an unclosed quote, a deep nest.
const QList<QByteArray> &edgeInputs()
{
    static const QList<QByteArray> inputs{QByteArray(),
                                          QByteArray("{"),
                                          QByteArray(1, '\0'),
                                          QByteArray("\"\\"),
                                          QByteArray(5000, '['),
                                          QByteArray("I0230 25:61:61.9999999999 1 a:1] x"),
                                          QByteArray("\x1f\x8b\x08\x00", 4),
                                          QByteArray("PK\x03\x04", 4)};
    return inputs;
}

} // namespace

class TestFuzzRegressions : public QObject {
    Q_OBJECT
private slots:
    void replay_data()
    {
        QTest::addColumn<QString>("target");
        QTest::addColumn<QByteArray>("input");
        const QDir root(QStringLiteral(KUBELANE_FUZZ_REGRESSIONS));
        for (const auto &[name, fn] : targets()) {
            for (int i = 0; i < edgeInputs().size(); ++i)
                QTest::addRow("%s/edge-%d", qPrintable(name), i) << name << edgeInputs()[i];
            const QDir dir(root.filePath(name));
            for (const QString &file : dir.entryList(QDir::Files, QDir::Name)) {
                QFile f(dir.filePath(file));
                QVERIFY(f.open(QIODevice::ReadOnly));
                QTest::addRow("%s/%s", qPrintable(name), qPrintable(file)) << name << f.readAll();
            }
        }
    }
    void replay()
    {
        QFETCH(QString, target);
        QFETCH(QByteArray, input);
        const Target fn = targets().at(target);
        QCOMPARE(fn(reinterpret_cast<const std::uint8_t *>(input.constData()), std::size_t(input.size())), 0);
    }
};

QTEST_GUILESS_MAIN(TestFuzzRegressions)
#include "tst_fuzzregressions.moc"
