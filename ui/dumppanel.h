#pragma once
// A goroutine dump opened from its moment on the timeline: its goroutines grouped by stack,
// one lane per group (how many, in what state, the longest wait, where they wait), the likely
// holder of each lock queue first and highlighted, and the stack of the chosen lane readable
// below. Reads core's facts (Facts::dumps); never parses.
#include "sourcelineindex.h"

#include "core/analysis/analysis.h"

#include <QWidget>

#include <memory>

class QLabel;
class QPlainTextEdit;
class QTreeWidget;
class QTreeWidgetItem;

namespace kubelane::ui {

class DumpPanel : public QWidget {
    Q_OBJECT
public:
    explicit DumpPanel(QWidget *parent = nullptr);

    // In a dock, the dock opens by itself for a real dump (a dump file, or a dump of two or
    // more goroutines), not for a lone panic's stack trace, which stays a Panels entry; it
    // closes when the bundle has no dump.
    void setAnalysis(std::shared_ptr<const core::Analysis> analysis);
    // Shows the dump with this index (into Facts::dumps); -1 clears the panel.
    void showDump(int dump);
    int currentDump() const { return m_dump; }

    // The lanes as shown: holders first, then the groups, biggest first.
    QTreeWidget *lanes() const { return m_lanes; }
    QString stackText() const;
    QString headerText() const;

    enum LaneRole { GoroutineRole = Qt::UserRole + 1, HolderRole, CountRole };

public slots:
    // The dump an event of the timeline belongs to, with the goroutine it is chosen; an
    // event of no dump leaves the panel as it is.
    void showDumpOfEvent(core::EventIndex event);
    // The dump a finding cites among its evidence (the PLEG finding's), if any.
    void showDumpOfFinding(int finding);

signals:
    // A goroutine's raw lines, to show in the log view.
    void eventActivated(core::EventIndex event);

private:
    void fillLanes(const core::RuntimeDump &d);
    void showStack(std::size_t goroutine);
    core::EventIndex eventOfGoroutine(const core::RuntimeDump &d, std::size_t goroutine);
    bool isRealDump(const core::RuntimeDump &d) const;

    std::shared_ptr<const core::Analysis> m_analysis;
    int m_dump = -1;
    QLabel *m_header = nullptr;
    QTreeWidget *m_lanes = nullptr;
    QPlainTextEdit *m_stack = nullptr;
    SourceLineIndex m_lines;
    bool m_activating = false; // our own eventActivated coming back as a selection
};

} // namespace kubelane::ui
