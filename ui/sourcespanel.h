#pragma once
// Sources and problems, without modal dialogs: every file with its format, component, node,
// clock and counts; files that could not be read and lines not understood on top, with the
// first few diagnostics (file, line, reason); the loader's and the analysis' notes below.
#include "core/model/incident.h"

#include <QStringList>
#include <QWidget>

#include <cstdint>
#include <memory>

class QLayout;
class QSpinBox;
class QTreeWidget;

namespace kubelane::ui {

class SourcesPanel : public QWidget {
    Q_OBJECT
public:
    explicit SourcesPanel(QWidget *parent = nullptr);
    void setIncident(std::shared_ptr<const core::Incident> incident, const QStringList &analysisProblems = {});
    int problemCount() const { return m_problems; }
    QTreeWidget *tree() const { return m_tree; }
    QSpinBox *memoryLimit() const { return m_memoryLimit; }

private:
    QLayout *memoryLimitRow();
    QTreeWidget *m_tree = nullptr;
    QSpinBox *m_memoryLimit = nullptr;
    int m_problems = 0;
};

} // namespace kubelane::ui
