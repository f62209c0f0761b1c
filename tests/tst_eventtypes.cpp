// The event-type table is data; every example line in it must classify as its own type with
// the fields it lists, through the real parser. Also: the goroutine map, and table errors.
#include "core/classify/eventtypecatalog.h"
#include "core/classify/goroutinemap.h"
#include "core/load/sourceparser.h"

#include <QtTest>

#ifndef Q_MOC_RUN // moc of Qt 6.4 cannot parse this header
#include <nlohmann/json.hpp>
#endif

#include <fstream>
#include <sstream>

using namespace kubelane::core;

namespace {
std::string readAll(const std::string &path)
{
    std::ifstream in(path);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}
} // namespace

class TestEventTypes : public QObject {
    Q_OBJECT
    std::shared_ptr<EventTypeCatalog> m_types;
    std::shared_ptr<GoroutineMap> m_roles;

private slots:
    void initTestCase()
    {
        m_types = EventTypeCatalog::loadFile(std::string(KUBELANE_RESOURCES) + "/events.json");
        m_roles = GoroutineMap::loadFile(std::string(KUBELANE_RESOURCES) + "/goroutines.json");
        QVERIFY(m_types->typeCount() > 50);
    }

    void everyExampleClassifies_data()
    {
        QTest::addColumn<QString>("type");
        QTest::addColumn<QString>("line");
        QTest::addColumn<QString>("fields"); // JSON object
        const auto doc = nlohmann::json::parse(readAll(std::string(KUBELANE_RESOURCES) + "/events.json"));
        int n = 0;
        for (const auto &t : doc["types"])
            for (const auto &p : t["patterns"])
                for (const auto &e : p.value("examples", nlohmann::json::array()))
                    QTest::addRow("%d %s", ++n, t["id"].get<std::string>().c_str())
                        << QString::fromStdString(t["id"].get<std::string>()) << QString::fromStdString(e.value("line", ""))
                        << QString::fromStdString(e.value("fields", nlohmann::json::object()).dump());
        QVERIFY(n > 100);
    }
    void everyExampleClassifies()
    {
        QFETCH(QString, type);
        QFETCH(QString, line);
        QFETCH(QString, fields);
        InputFile file;
        file.path = "example.log";
        file.bytes = makeBytes(line.toStdString() + "\n");
        SourceParser parser(*m_types, *m_roles);
        ParsedSource parsed = parser.parse(file, 0);
        QCOMPARE(parsed.source.unparsedLines, 0u);
        QCOMPARE(parsed.events.size(), size_t(1));
        const Event &e = parsed.events.front();
        QCOMPARE(QString::fromStdString(std::string(m_types->typeId(e.type))), type);
        const auto expected = nlohmann::json::parse(fields.toStdString());
        for (auto it = expected.begin(); it != expected.end(); ++it) {
            std::string actual;
            const StringId key = parsed.strings.find(it.key());
            for (std::uint32_t i = e.firstField; key != kNoString && i < e.firstField + e.fieldCount; ++i)
                if (parsed.fields[i].key == key)
                    actual = std::string(fieldValue(parsed.source, parsed.strings, e, parsed.fields[i]));
            const std::string want = it.value().is_string() ? it.value().get<std::string>() : it.value().dump();
            QVERIFY2(actual == want, qPrintable(QString("field %1: got '%2', want '%3'").arg(QString::fromStdString(it.key()),
                                                                                            QString::fromStdString(actual),
                                                                                            QString::fromStdString(want))));
        }
    }

    void goroutineMap()
    {
        QCOMPARE(std::string(m_roles->roleName(m_roles->roleFor("kubelet", "worker.go:95"))), std::string("probe-worker"));
        QCOMPARE(std::string(m_roles->roleName(m_roles->roleFor("kubelet", "prober/worker.go:95"))), std::string("probe-worker"));
        QCOMPARE(std::string(m_roles->roleName(m_roles->roleFor("kubelet", "kubelet_pods.go:1424"))), std::string("pod-worker"));
        QCOMPARE(std::string(m_roles->roleName(m_roles->roleFor("kubelet", "status_manager.go:499"))), std::string("status-manager"));
        QCOMPARE(std::string(m_roles->roleName(m_roles->roleFor("kubelet", "generic.go:197"))), std::string("pleg"));
        QCOMPARE(std::string(m_roles->roleName(m_roles->roleFor("kube-controller-manager", "node_lifecycle_controller.go:1094"))),
                 std::string("node-lifecycle-controller"));
        // A bare basename never picks a directory the line did not print over an exact entry.
        QCOMPARE(std::string(m_roles->roleName(m_roles->roleFor("kube-controller-manager", "controller_utils.go:124"))),
                 std::string("node-lifecycle-controller"));
        QCOMPARE(std::string(m_roles->roleName(m_roles->roleFor("kube-controller-manager", "controller/controller_utils.go:124"))),
                 std::string("controller-manager-other"));
    }

    void malformedTableNamesTheType()
    {
        const std::string bad = "{\"types\":[{\"id\":\"x.bad\",\"patterns\":[{\"re\":\"(unclosed\"}]}]}";
        try {
            EventTypeCatalog::loadJson(bad, "broken.json");
            QFAIL("expected an error");
        } catch (const std::runtime_error &e) {
            const QString msg = e.what();
            QVERIFY(msg.contains("broken.json"));
            QVERIFY(msg.contains("x.bad"));
            QVERIFY(msg.contains("does not compile"));
        }
        QVERIFY_THROWS_EXCEPTION(std::runtime_error, EventTypeCatalog::loadJson("{not json", "b.json"));
        // A pattern that matches every message is refused, named; one that needs words is not.
        try {
            EventTypeCatalog::loadJson("{\"types\":[{\"id\":\"x.all\",\"patterns\":[{\"re\":\"(error)?\"}]}]}", "all.json");
            QFAIL("a pattern matching everything was accepted");
        } catch (const std::runtime_error &e) {
            const QString msg = e.what();
            QVERIFY2(msg.contains("all.json") && msg.contains("x.all") && msg.contains("matches every message"), qPrintable(msg));
        }
        QVERIFY(EventTypeCatalog::loadJson("{\"types\":[{\"id\":\"x.some\",\"patterns\":[{\"re\":\"error\"}]}]}", "some.json",
                                           EventTypeCatalog::CodeNames::NotRequired));
        QVERIFY_THROWS_EXCEPTION(std::runtime_error,
                                 EventTypeCatalog::loadJson("{\"types\":[{\"id\":\"a\",\"patterns\":[{\"re\":\"x\"}],\"extract\":\"nope\"}]}", "c.json"));
    }

    // A table for the application must define every type the C++ reads (codenames.cpp): the
    // load names the table, the type and who reads it.
    void tableWithoutCodeTypesIsRefused()
    {
        try {
            EventTypeCatalog::loadJson("{\"types\":[{\"id\":\"x.some\",\"patterns\":[{\"re\":\"error\"}]}]}", "small.json");
            QFAIL("a table without the types the analysis reads was accepted");
        } catch (const std::runtime_error &e) {
            const QString msg = e.what();
            QVERIFY2(msg.contains("small.json") && msg.contains("'controller.start'") && msg.contains("heartbeat detector"), qPrintable(msg));
        }
        const auto classifyOnly = EventTypeCatalog::loadJson("{\"types\":[{\"id\":\"x.some\",\"patterns\":[{\"re\":\"error\"}]}]}",
                                                             "small.json", EventTypeCatalog::CodeNames::NotRequired);
        QVERIFY_THROWS_EXCEPTION(std::runtime_error, classifyOnly->codeTypes());
        QVERIFY(m_types->codeTypes().plegRelist == *m_types->find("pleg.relist"));
    }
};

QTEST_GUILESS_MAIN(TestEventTypes)
#include "tst_eventtypes.moc"
