#pragma once
// The swimlane timeline: the lane tree on the left, the QCustomPlot on the right, rows kept
// aligned (same row height, one vertical scroll position). Owns TimelineState, the only
// mutable view state; the plottables only read it. Interaction: wheel zooms around the
// cursor, drag pans, Ctrl+drag zooms to a rubber band, Shift+drag measures, click selects a
// mark, hover shows a tooltip, right click pins a note.
#include "overlaylayer.h"
#include "timelineplot.h"
#include "timelinestate.h"

#include <QWidget>

#include <memory>

class QCustomPlot;
class QCPAxis;
class QLabel;
class QScrollBar;
class QSplitter;
class QTreeView;
class QMouseEvent;
class QResizeEvent;
class QWheelEvent;

namespace kubelane::ui {

class LaneTreeModel;

// An event under the mouse: the nearest one in the mark, and how many the mark folds.
struct EventHit {
    core::EventIndex event = core::kNoEvent;
    std::uint32_t folded = 0;
    LaneId lane;
};

class TimelineWidget : public QWidget {
    Q_OBJECT
public:
    explicit TimelineWidget(QWidget *parent = nullptr);
    ~TimelineWidget() override;

    void setLaneModel(std::shared_ptr<const LaneModel> model);
    const LaneModel *laneModel() const { return m_state.model.get(); }
    const TimelineState &state() const { return m_state; }

    // The visible time range.
    void setVisibleRange(core::Timestamp start, core::Timestamp end);
    core::Timestamp visibleStart() const { return m_start; }
    core::Timestamp visibleEnd() const { return m_end; }
    core::Timestamp visibleMiddle() const { return m_start + core::Duration{(m_end - m_start).ns / 2}; }
    void fitAll();
    void zoomBy(double factor); // around the centre
    void panBy(double fractionOfView);
    void zoomToSelection(); // measured range, selected event or finding
    void centerOn(core::Timestamp t, core::Duration minimumSpan = {});
    // The time cursor's line and label, pinned at `t` (Go to time) until the mouse moves.
    void setCursorTime(core::Timestamp t);

    // Findings: zoom to the window, open and scroll to its lanes, outline its evidence.
    void showFinding(int index);
    void clearFinding();
    int finding() const { return m_state.finding; }

    // Selects an event; `scrollTo` opens its groups, brings its row into view (`centerRow`:
    // to the middle, clear of the walkthrough banner) and its time into the range.
    void selectEvent(core::EventIndex event, bool scrollTo = true, bool centerRow = false);
    core::EventIndex selectedEvent() const { return m_state.selectedEvent; }

    // Filter: RE2 over lane names and event text; false (and `error`) on a bad pattern.
    bool setFilter(const QString &pattern, QString *error = nullptr);
    void setFindingLanesOnly(bool on);
    // Events the search box matches, haloed in every lane (null: none). Never hides lanes.
    void setSearch(std::shared_ptr<const EventSearch> search);
    const EventSearch *search() const { return m_state.search.get(); }
    // Widgets shown in the lane column's header, right of its title (the lane filter).
    void addLaneHeaderWidget(QWidget *widget);
    void expandAll(bool expand);
    // Kinds of events left out of every lane (the legend's toggles); marks, hit tests and
    // state labels all skip them.
    void setHiddenCategories(const std::array<bool, static_cast<int>(EventCategory::Count)> &hidden);
    void setShowOrderings(bool on);
    void setUtcOffset(int seconds);
    int utcOffset() const { return m_state.utcOffsetSeconds; }
    void setNotes(std::vector<Note> notes);
    void setBanner(const QString &text);
    void setPalette(const Palette &palette);
    void expandLane(LaneId lane, bool expand = true);
    void scrollToLane(LaneId lane);
    // Widens the lane-name column so the longest visible name fits (within limits).
    void fitLaneColumn();

    // Geometry, for hit tests, exports and tests. Rect of a lane's row in plot pixels (empty
    // when the lane is not visible); the coordinates of the current view.
    QRectF laneRect(LaneId lane) const;
    TimelineCoordinates coordinates() const;
    EventHit eventAt(QPointF plotPos) const;
    QCustomPlot *plot() const { return m_plot; }
    const TimelinePlot &layers() const { return m_layers; }
    QTreeView *tree() const { return m_tree; }
    // The pinned "node X › pod Y" line over the lane names when their group rows scrolled off.
    QString stickyHeaderText() const;
    std::vector<OrderingArrow> orderingArrows() const;
    void replot();

signals:
    void visibleRangeChanged(core::Timestamp start, core::Timestamp end);
    void eventSelected(core::EventIndex event);
    void noteAddRequested(core::Timestamp time, QString laneKey);
    void noteEditRequested(int index);
    void noteDeleteRequested(int index);
    void laneFilterChanged();

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;
    void changeEvent(QEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;

private:
    void rebuildRows();
    void updateStickyHeader();
    void applyRange();
    void applyShown();
    void syncHighlightToTree();
    QString tooltipAt(QPointF pos) const;
    void plotMousePress(QMouseEvent *event);
    void plotMouseMove(QMouseEvent *event);
    void plotMouseRelease(QMouseEvent *event);
    void plotWheel(QWheelEvent *event);
    void plotContextMenu(QPoint pos);
    double axisHeight() const;

    TimelineState m_state;
    core::Timestamp m_start, m_end;
    std::vector<bool> m_filterShown, m_findingShown;
    QSplitter *m_splitter = nullptr;
    QTreeView *m_tree = nullptr;
    QWidget *m_treeHeader = nullptr;
    QLabel *m_stickyHeader = nullptr; // the group a scrolled-off header row belongs to
    LaneTreeModel *m_treeModel = nullptr;
    QCustomPlot *m_plot = nullptr;
    QScrollBar *m_vscroll = nullptr;
    QWidget *m_scrollSpacer = nullptr;
    TimelinePlot m_layers;

    enum class Drag { None, Pan, RubberBand, Measure } m_drag = Drag::None;
    QPointF m_pressPos;
    core::Timestamp m_pressStart, m_pressEnd;
    double m_pressScroll = 0;
    bool m_moved = false;
    bool m_fitLanesPending = false;
    core::EventIndex m_hoverEvent = core::kNoEvent;
};

} // namespace kubelane::ui
