#pragma once
// The kubelane main window.
#include "core/load/loader.h"

#include <QMainWindow>

#include <memory>

class QLabel;
class QProgressBar;
class QPushButton;
class QTreeWidget;

namespace kubelane::ui {

class BundleLoader;

class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    explicit MainWindow(core::LoadOptions options, QWidget *parent = nullptr);
    void openBundle(const QStringList &inputs);
    std::shared_ptr<const core::Incident> incident() const { return m_incident; }

signals:
    void bundleLoaded();

private:
    void showIncident(std::shared_ptr<const core::Incident> incident);
    void showFailure(const QString &message);
    void chooseFolder();
    void chooseFiles();

    core::LoadOptions m_options;
    BundleLoader *m_loader = nullptr;
    std::shared_ptr<const core::Incident> m_incident;
    QTreeWidget *m_sources = nullptr;
    QProgressBar *m_progress = nullptr;
    QPushButton *m_cancel = nullptr;
    QLabel *m_status = nullptr;
};

} // namespace kubelane::ui
