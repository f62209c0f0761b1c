#pragma once
// The rules' findings: a table (severity, rule, subject, time, title) and beside it the
// selected finding's explanation and causal chain. Chain steps and evidence are links that
// select their log line.
#include "lanemodel.h"

#include <QWidget>

#include <memory>

class QTextBrowser;
class QTreeWidget;

namespace kubelane::ui {

class FindingsPanel : public QWidget {
    Q_OBJECT
public:
    explicit FindingsPanel(QWidget *parent = nullptr);
    void setLaneModel(std::shared_ptr<const LaneModel> model);
    void setUtcOffset(int seconds);
    void selectFinding(int index); // without emitting findingSelected
    int currentFinding() const;
    int findingCount() const;
    QTreeWidget *table() const { return m_table; }
    QString explanationHtml() const;
    // HTML of a finding's explanation, chain and evidence (also used by the walkthrough).
    static QString describe(const core::Analysis &analysis, std::size_t index, int utcOffset, int highlightStep = -1);

signals:
    void findingSelected(int index);
    void eventActivated(std::size_t event);

private:
    void fill();
    void showDetails(int index);

    std::shared_ptr<const LaneModel> m_model;
    QTreeWidget *m_table = nullptr;
    QTextBrowser *m_details = nullptr;
    int m_utcOffset = 0;
    bool m_updating = false;
};

} // namespace kubelane::ui
