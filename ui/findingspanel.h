#pragma once
// The rules' findings, laid out for a tall, narrow dock: a severity filter and count on top,
// the findings table (severity, rule, subject, time, count) above the selected finding's
// explanation and causal chain. Up to kFlatLimit findings are a flat list; more are grouped
// by rule and subject with counts. Chain steps and evidence are links that select their log line.
#include "lanemodel.h"

#include <QByteArray>
#include <QHash>
#include <QSet>
#include <QWidget>

#include <memory>
#include <vector>

class QComboBox;
class QLabel;
class QSplitter;
class QTextBrowser;
class QTreeWidget;
class QTreeWidgetItem;

namespace kubelane::ui {

struct RuleGroup;

class FindingsPanel : public QWidget {
    Q_OBJECT
public:
    enum Column { SeverityColumn, RuleColumn, SubjectColumn, TimeColumn, CountColumn, ColumnCount };
    static constexpr int kFlatLimit = 20; // more findings than this are grouped

    explicit FindingsPanel(QWidget *parent = nullptr);
    void setLaneModel(std::shared_ptr<const LaneModel> model);
    void setUtcOffset(int seconds);
    // Selects a finding without emitting findingSelected: opens its group, scrolls to it and,
    // when the severity filter hides it, lowers the filter to its severity.
    void selectFinding(int index);
    int currentFinding() const;
    int findingCount() const;      // findings listed (those the severity filter keeps)
    int totalFindingCount() const; // findings of the bundle
    QTreeWidget *table() const { return m_table; }
    QTreeWidgetItem *itemOfFinding(int index) const; // its row, or null when filtered out
    bool isGrouped() const { return m_grouped; }
    QString countText() const;
    QString explanationHtml() const;
    // HTML of a finding's explanation, chain and evidence (also used by the walkthrough).
    static QString describe(const core::Analysis &analysis, std::size_t index, int utcOffset, int highlightStep = -1);

    // Findings below this severity are not listed ("warning and worse" = Severity::Warning).
    void setMinimumSeverity(core::Severity minimum);
    core::Severity minimumSeverity() const { return m_minimum; }
    QComboBox *severityFilter() const { return m_severity; }

    // Table/details split, sort column and severity filter, for the window to keep with its geometry.
    QSplitter *splitter() const { return m_splitter; }
    QByteArray saveState() const;
    bool restoreState(const QByteArray &state);

signals:
    void findingSelected(int index);
    void eventActivated(core::EventIndex event);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    void revealFinding(int index);
    void fill();
    void fillFlat(const std::vector<RuleGroup> &groups);
    void fillGrouped(const std::vector<RuleGroup> &groups);
    QTreeWidgetItem *addFinding(QTreeWidgetItem *parent, int index);
    void fitColumns();
    void showDetails(QTreeWidgetItem *item);
    QString groupSummary(QTreeWidgetItem *item) const;

    std::shared_ptr<const LaneModel> m_model;
    QComboBox *m_severity = nullptr;
    QLabel *m_count = nullptr;
    QSplitter *m_splitter = nullptr;
    QTreeWidget *m_table = nullptr;
    QTextBrowser *m_details = nullptr;
    std::vector<QTreeWidgetItem *> m_items;   // finding index -> row (owned by the table)
    QSet<QString> m_expanded;                 // keys of open groups, kept across refills
    QHash<QString, QString> m_groupSummaries; // group key -> its details, until the next fill
    core::Severity m_minimum = core::Severity::Debug;
    int m_utcOffset = 0;
    int m_shown = 0;
    int m_ruleWidth = 0; // widest rule text, for the column's width
    int m_maxCount = 0;  // biggest group, for the count column's width
    bool m_grouped = false;
    int m_updating = 0; // > 0 while the panel changes the table itself: no signals
};

} // namespace kubelane::ui
