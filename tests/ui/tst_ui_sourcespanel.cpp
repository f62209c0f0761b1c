// The Sources panel accounts for every input: the files not loaded are rows with their reason;
// and it holds the load's memory limit, which the window's next load uses.
#include "ui/loadsettings.h"
#include "ui/sourcespanel.h"

#include "core/load/loader.h"

#include <QSettings>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTreeWidget>
#include <QtTest>

using namespace kubelane;

class TestSourcesPanel : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true); // settings in a test location, not the user's
        QCoreApplication::setOrganizationName(QStringLiteral("kubelane-tests"));
        QSettings().remove(QLatin1String(ui::kMaxMemoryKey));
    }

    void inputsNotLoadedAreRows()
    {
        auto incident = std::make_shared<core::Incident>();
        core::Source s;
        s.path = "b/kubelet.log";
        incident->sources.push_back(s);
        incident->skipped.push_back({"b/core.1234", "binary data, not text (1 MiB)"});
        incident->skipped.push_back({"b/empty.log", "empty"});
        ui::SourcesPanel panel;
        panel.setIncident(incident);
        const auto rows = panel.tree()->findItems(QStringLiteral("b/"), Qt::MatchStartsWith, 0);
        QCOMPARE(rows.size(), 3);
        const auto empty = panel.tree()->findItems(QStringLiteral("b/empty.log"), Qt::MatchExactly, 0);
        QCOMPARE(empty.size(), 1);
        QCOMPARE(empty[0]->text(1), QStringLiteral("not loaded: empty"));
        const auto loaded = panel.tree()->findItems(QStringLiteral("b/kubelet.log"), Qt::MatchExactly, 0);
        QVERIFY(!loaded[0]->text(1).startsWith(QStringLiteral("not loaded")));
    }

    void memoryLimitIsASetting()
    {
        QCOMPARE(ui::savedMaxMemory(), core::defaultMaxMemory()); // nothing set: the default
        ui::SourcesPanel panel;
        panel.memoryLimit()->setValue(3);
        QCOMPARE(ui::savedMaxMemory(), std::uint64_t(3) << 30);
        ui::SourcesPanel again; // a new window shows what was set
        QCOMPARE(again.memoryLimit()->value(), 3);
        // A load takes the setting unless --max-memory was given, even given as the default.
        core::LoadOptions load;
        QCOMPARE(ui::maxMemoryFor(load), std::uint64_t(3) << 30);
        load.maxMemoryBytes = core::defaultMaxMemory();
        QCOMPARE(ui::maxMemoryFor(load), core::defaultMaxMemory());
        QSettings().remove(QLatin1String(ui::kMaxMemoryKey));
    }
};

QTEST_MAIN(TestSourcesPanel)
#include "tst_ui_sourcespanel.moc"
