#include "timelinewidget.h"

#include "eventplottable.h"
#include "lanefilter.h"
#include "lanenameelision.h"
#include "lanetreemodel.h"
#include "statebarplottable.h"
#include "timeaxisticker.h"

#include "core/model/timewindow.h"

#include <QApplication>
#include <QClipboard>
#include <QCursor>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QMenu>
#include <QScrollBar>
#include <QSplitter>
#include <QStyledItemDelegate>
#include <QToolTip>
#include <QTreeView>
#include <QVBoxLayout>

#include <cmath>

namespace kubelane::ui {

namespace {

// Every tree row exactly as high as a plot row: the two columns must line up.
class RowHeightDelegate : public QStyledItemDelegate {
public:
    RowHeightDelegate(int height, QObject *parent) : QStyledItemDelegate(parent), m_height(height) { }
    QSize sizeHint(const QStyleOptionViewItem &option, const QModelIndex &index) const override
    {
        return QSize(QStyledItemDelegate::sizeHint(option, index).width(), m_height);
    }

protected:
    // Names that do not fit keep their generated suffix (what tells replicas apart).
    void initStyleOption(QStyleOptionViewItem *option, const QModelIndex &index) const override
    {
        QStyledItemDelegate::initStyleOption(option, index);
        const int decoration = option->features & QStyleOptionViewItem::HasDecoration ? option->decorationSize.width() + 4 : 0;
        const qreal room = option->rect.width() - decoration - 8;
        if (room > 0)
            option->text = elideLaneName(option->text, QFontMetricsF(option->font), room);
    }

private:
    int m_height;
};

std::vector<bool> combine(const std::vector<bool> &a, const std::vector<bool> &b)
{
    if (a.empty())
        return b;
    if (b.empty())
        return a;
    std::vector<bool> out(a.size());
    for (std::size_t i = 0; i < a.size(); ++i)
        out[i] = a[i] && i < b.size() && b[i];
    return out;
}

QString html(std::string_view s)
{
    return QString::fromUtf8(s.data(), static_cast<qsizetype>(s.size())).toHtmlEscaped();
}

} // namespace

TimelineWidget::TimelineWidget(QWidget *parent) : QWidget(parent)
{
    const QFontMetrics fm(font());
    m_state.rowHeight = std::max(20, fm.height() + 8);
    m_state.palette = Palette::fromQt(palette());

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    m_splitter = new QSplitter(Qt::Horizontal, this);
    layout->addWidget(m_splitter);

    auto *left = new QWidget(m_splitter);
    auto *leftLayout = new QVBoxLayout(left);
    leftLayout->setContentsMargins(0, 0, 0, 0);
    leftLayout->setSpacing(0);
    m_treeHeader = new QWidget(left);
    m_treeHeader->setFixedHeight(static_cast<int>(axisHeight()));
    auto *headerLayout = new QHBoxLayout(m_treeHeader);
    headerLayout->setContentsMargins(6, 0, 4, 4);
    headerLayout->setSpacing(6);
    auto *title = new QLabel(tr("Lanes"), m_treeHeader);
    title->setAlignment(Qt::AlignLeft | Qt::AlignBottom);
    QFont bold = title->font();
    bold.setBold(true);
    title->setFont(bold);
    headerLayout->addWidget(title, 0, Qt::AlignBottom);
    m_tree = new QTreeView(left);
    m_treeModel = new LaneTreeModel(this);
    m_tree->setModel(m_treeModel);
    m_tree->setHeaderHidden(true);
    m_tree->setUniformRowHeights(true);
    m_tree->setItemDelegate(new RowHeightDelegate(static_cast<int>(m_state.rowHeight), m_tree));
    m_tree->setVerticalScrollMode(QAbstractItemView::ScrollPerPixel);
    m_tree->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_tree->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_tree->setFrameShape(QFrame::NoFrame);
    m_tree->setTextElideMode(Qt::ElideMiddle);
    m_tree->setIndentation(14);
    m_tree->setSelectionMode(QAbstractItemView::SingleSelection);
    m_tree->setAnimated(false);
    leftLayout->addWidget(m_treeHeader);
    leftLayout->addWidget(m_tree);
    m_stickyHeader = new QLabel(m_tree->viewport());
    m_stickyHeader->setAutoFillBackground(true);
    m_stickyHeader->setContentsMargins(6, 0, 4, 0);
    m_stickyHeader->setFont(bold);
    m_stickyHeader->hide();

    auto *right = new QWidget(m_splitter);
    auto *grid = new QGridLayout(right);
    grid->setContentsMargins(0, 0, 0, 0);
    grid->setSpacing(0);
    m_plot = new QCustomPlot(right);
    m_vscroll = new QScrollBar(Qt::Vertical, right);
    m_scrollSpacer = new QWidget(right);
    m_scrollSpacer->setFixedHeight(static_cast<int>(axisHeight()));
    grid->addWidget(m_plot, 0, 0, 2, 1);
    grid->addWidget(m_scrollSpacer, 0, 1);
    grid->addWidget(m_vscroll, 1, 1);
    m_splitter->addWidget(left);
    m_splitter->addWidget(right);
    m_splitter->setStretchFactor(0, 0);
    m_splitter->setStretchFactor(1, 1);
    m_splitter->setSizes({340, 1100});
    connect(m_splitter, &QSplitter::splitterMoved, this, [this] { updateStickyHeader(); });

    m_plot->setMouseTracking(true);
    m_plot->setContextMenuPolicy(Qt::CustomContextMenu);
    m_layers = TimelinePlot::attach(m_plot, &m_state, static_cast<int>(axisHeight()));
    setPalette(m_state.palette);

    connect(m_tree, &QTreeView::expanded, this, [this](const QModelIndex &i) {
        const LaneId lane = LaneTreeModel::laneOf(i);
        if (lane.valid() && lane.index() < m_state.expanded.size() && !m_state.expanded[lane.index()]) {
            m_state.expanded[lane.index()] = true;
            rebuildRows();
        }
    });
    connect(m_tree, &QTreeView::collapsed, this, [this](const QModelIndex &i) {
        const LaneId lane = LaneTreeModel::laneOf(i);
        if (lane.valid() && lane.index() < m_state.expanded.size() && m_state.expanded[lane.index()]) {
            m_state.expanded[lane.index()] = false;
            rebuildRows();
        }
    });
    // One vertical position for both columns: the tree's scroll bar is the truth, ours mirrors it.
    QScrollBar *treeBar = m_tree->verticalScrollBar();
    connect(treeBar, &QScrollBar::rangeChanged, this, [this, treeBar](int min, int max) {
        m_vscroll->setRange(min, max);
        m_vscroll->setPageStep(treeBar->pageStep());
        m_vscroll->setSingleStep(static_cast<int>(m_state.rowHeight));
    });
    connect(treeBar, &QScrollBar::valueChanged, this, [this](int v) {
        m_vscroll->setValue(v);
        if (m_state.scroll != v) {
            m_state.scroll = v;
            updateStickyHeader();
            replot();
        }
    });
    connect(m_vscroll, &QScrollBar::valueChanged, treeBar, &QScrollBar::setValue);

    connect(m_plot, &QCustomPlot::mousePress, this, &TimelineWidget::plotMousePress);
    connect(m_plot, &QCustomPlot::mouseMove, this, &TimelineWidget::plotMouseMove);
    connect(m_plot, &QCustomPlot::mouseRelease, this, &TimelineWidget::plotMouseRelease);
    connect(m_plot, &QCustomPlot::mouseWheel, this, &TimelineWidget::plotWheel);
    connect(m_plot, &QCustomPlot::mouseDoubleClick, this, [this](QMouseEvent *e) {
        if (const int note = m_layers.overlay->noteAt(e->position()); note >= 0) {
            emit noteEditRequested(note);
            return;
        }
        const auto [s, t] = TimelineCoordinates::zoomed(m_start, m_end, coordinates().toTime(e->position().x()), 0.5);
        setVisibleRange(s, t);
    });
    connect(m_plot, &QCustomPlot::customContextMenuRequested, this, &TimelineWidget::plotContextMenu);
    connect(m_tree, &QTreeView::clicked, this, [this](const QModelIndex &) { m_plot->setFocus(); });
    m_plot->installEventFilter(this);
    m_plot->setFocusPolicy(Qt::StrongFocus);
}

TimelineWidget::~TimelineWidget() = default;

double TimelineWidget::axisHeight() const
{
    const QFontMetrics fm(font());
    return 2 * fm.height() + 14; // two label lines (time, date) and the ticks
}

void TimelineWidget::setPalette(const Palette &p)
{
    m_state.palette = p;
    m_layers.applyPalette(p, QApplication::palette().color(QPalette::Window));
    if (!m_state.highlightedLanes.empty())
        m_treeModel->setHighlighted(m_state.highlightedLanes, p.highlightRow);
    replot();
}

void TimelineWidget::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::ApplicationPaletteChange)
        setPalette(Palette::fromQt(QApplication::palette()));
    QWidget::changeEvent(event);
}

void TimelineWidget::setLaneModel(std::shared_ptr<const LaneModel> model)
{
    TimelineState fresh;
    fresh.model = std::move(model);
    fresh.palette = m_state.palette;
    fresh.rowHeight = m_state.rowHeight;
    fresh.utcOffsetSeconds = m_state.utcOffsetSeconds;
    fresh.showOrderings = m_state.showOrderings;
    fresh.hiddenCategories = m_state.hiddenCategories;
    fresh.notes = std::move(m_state.notes);
    m_state = std::move(fresh);
    m_filterShown.clear();
    m_findingShown.clear();
    m_treeModel->setLaneModel(m_state.model);
    if (!m_state.model) {
        rebuildRows();
        return;
    }
    // No events: no time to show, so no 1970 axis; the plot says why it is empty.
    const bool empty = m_state.model->incident().events.empty();
    m_plot->xAxis2->setTickLabels(!empty);
    m_plot->xAxis2->grid()->setVisible(!empty);
    if (empty)
        m_state.banner = tr("No events to draw: nothing in this bundle was read as a log line (see Sources and problems).");
    m_layers.ticker->setOrigin(m_state.model->origin());
    m_layers.ticker->setUtcOffset(m_state.utcOffsetSeconds);
    m_state.expanded = m_state.model->defaultExpansion();
    m_state.hideCategories(m_state.hiddenCategories);
    m_state.highlightedLanes.assign(static_cast<std::size_t>(m_state.model->laneCount()), false);
    for (const Lane &lane : m_state.model->lanes())
        if (m_state.expanded[lane.id.index()])
            m_tree->setExpanded(m_treeModel->indexOfLane(lane.id), true);
    rebuildRows();
    fitLaneColumn();
    fitAll();
}

void TimelineWidget::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    if (m_fitLanesPending)
        fitLaneColumn();
    updateStickyHeader();
}

void TimelineWidget::rebuildRows()
{
    if (!m_state.model) {
        m_state.rows.clear();
        m_state.rowOfLane.clear();
    } else {
        m_state.rows = m_state.model->rows(m_state.expanded, combine(m_filterShown, m_findingShown));
        m_state.rowOfLane = LaneModel::rowIndex(m_state.rows, m_state.model->laneCount());
    }
    updateStickyHeader();
    replot();
}

QString TimelineWidget::stickyHeaderText() const
{
    if (!m_state.model || m_state.rows.empty())
        return {};
    if (m_state.scroll <= 0.5)
        return {};
    // The pinned line covers the top row: name the groups of the first row below it whose own
    // rows are above it (covered or scrolled off).
    const int first = std::clamp(static_cast<int>((m_state.scroll + m_state.rowHeight) / m_state.rowHeight), 0,
                                 static_cast<int>(m_state.rows.size()) - 1);
    QStringList path;
    for (LaneId p = m_state.model->lane(m_state.rows[static_cast<std::size_t>(first)]).parent; p.valid();
         p = m_state.model->lane(p).parent) {
        const int row = p.index() < m_state.rowOfLane.size() ? m_state.rowOfLane[p.index()] : -1;
        if (row >= 0 && row < first)
            path.prepend(m_state.model->lane(p).name);
    }
    return path.join(QStringLiteral(" › "));
}

void TimelineWidget::updateStickyHeader()
{
    const QString text = stickyHeaderText();
    m_stickyHeader->setVisible(!text.isEmpty());
    if (text.isEmpty())
        return;
    const int width = m_tree->viewport()->width();
    m_stickyHeader->setGeometry(0, 0, width, static_cast<int>(m_state.rowHeight));
    m_stickyHeader->setText(m_stickyHeader->fontMetrics().elidedText(text, Qt::ElideMiddle, width - 10));
    m_stickyHeader->setToolTip(text);
    m_stickyHeader->raise();
}

void TimelineWidget::applyShown()
{
    const std::vector<bool> shown = combine(m_filterShown, m_findingShown);
    if (m_state.model) {
        for (const Lane &lane : m_state.model->lanes()) {
            const bool hide = !shown.empty() && !shown[lane.id.index()];
            const QModelIndex i = m_treeModel->indexOfLane(lane.id);
            if (m_tree->isRowHidden(i.row(), i.parent()) != hide)
                m_tree->setRowHidden(i.row(), i.parent(), hide);
        }
    }
    rebuildRows();
    emit laneFilterChanged();
}

void TimelineWidget::replot()
{
    m_layers.fitTickCount();
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

void TimelineWidget::setVisibleRange(core::Timestamp start, core::Timestamp end)
{
    if (end < start)
        std::swap(start, end);
    if ((end - start).ns < 1000) { // 1 µs across the plot is as deep as it is useful to go
        const core::Timestamp mid = start + core::Duration{(end - start).ns / 2};
        start = mid - core::Duration{500};
        end = mid + core::Duration{500};
    }
    m_start = start;
    m_end = end;
    applyRange();
}

void TimelineWidget::applyRange()
{
    if (!m_state.model)
        return;
    m_layers.setRange(m_state, m_start, m_end);
    // Zoomed by key or button with the mouse over the plot: the hover time follows the new
    // scale (it would name a time no longer under the mouse).
    if (m_plot->underMouse() && m_state.cursor) {
        const QPoint mouse = m_plot->mapFromGlobal(QCursor::pos());
        if (m_plot->axisRect()->rect().contains(mouse))
            m_state.cursor = coordinates().toTime(mouse.x());
    }
    replot();
    emit visibleRangeChanged(m_start, m_end);
}

void TimelineWidget::fitAll()
{
    if (!m_state.model)
        return;
    const auto [s, e] = core::wholeWindow(m_state.model->first(), m_state.model->last());
    setVisibleRange(s, e);
}

void TimelineWidget::zoomBy(double factor)
{
    const core::Timestamp mid = visibleMiddle();
    const auto [s, e] = TimelineCoordinates::zoomed(m_start, m_end, mid, factor);
    setVisibleRange(s, e);
}

void TimelineWidget::panBy(double fraction)
{
    const core::Duration d{static_cast<std::int64_t>(static_cast<double>((m_end - m_start).ns) * fraction)};
    setVisibleRange(m_start + d, m_end + d);
}

void TimelineWidget::centerOn(core::Timestamp t, core::Duration minimumSpan)
{
    core::Duration span = m_end - m_start;
    if (minimumSpan.ns > 0 && span < minimumSpan)
        span = minimumSpan;
    setVisibleRange(t - core::Duration{span.ns / 2}, t + core::Duration{span.ns - span.ns / 2});
}

void TimelineWidget::setCursorTime(core::Timestamp t)
{
    m_state.cursor = t;
    replot();
}

void TimelineWidget::zoomToSelection()
{
    if (!m_state.model)
        return;
    if (m_state.measure) {
        const auto [s, e] = core::paddedWindow(m_state.measure->first, m_state.measure->second, 0.05, core::Duration{2000});
        setVisibleRange(s, e);
    } else if (m_state.selectedEvent.index() < m_state.model->incident().events.size()) {
        const core::Timestamp t = m_state.model->incident().event(m_state.selectedEvent).time;
        setVisibleRange(t - core::Duration{50'000'000}, t + core::Duration{50'000'000});
    } else if (m_state.finding >= 0) {
        showFinding(m_state.finding);
    }
}

void TimelineWidget::expandLane(LaneId lane, bool expand)
{
    if (!m_state.model || !lane.valid())
        return;
    m_tree->setExpanded(m_treeModel->indexOfLane(lane), expand);
}

void TimelineWidget::scrollToLane(LaneId lane)
{
    if (!m_state.model || !lane.valid())
        return;
    m_tree->scrollTo(m_treeModel->indexOfLane(lane), QAbstractItemView::PositionAtTop);
}

void TimelineWidget::showFinding(int index)
{
    if (!m_state.model || index < 0 || static_cast<std::size_t>(index) >= m_state.model->analysis().findings.size())
        return;
    const core::Finding &f = m_state.model->analysis().findings[static_cast<std::size_t>(index)];
    m_state.finding = index;
    const std::vector<LaneId> lanes = m_state.model->lanesOfFinding(static_cast<std::size_t>(index));
    m_state.highlightedLanes.assign(static_cast<std::size_t>(m_state.model->laneCount()), false);
    for (LaneId l : lanes)
        m_state.highlightedLanes[l.index()] = true;
    m_state.evidence.clear();
    for (core::EventIndex e : f.lines())
        m_state.evidence.push_back(e);
    std::sort(m_state.evidence.begin(), m_state.evidence.end());
    m_state.evidence.erase(std::unique(m_state.evidence.begin(), m_state.evidence.end()), m_state.evidence.end());
    // Open the way to every lane of the finding (and the subject group itself).
    const LaneId subject = m_state.model->laneOfSubject(QString::fromStdString(f.subject.text()));
    for (LaneId l : lanes)
        for (LaneId p = m_state.model->lane(l).parent; p.valid(); p = m_state.model->lane(p).parent)
            expandLane(p);
    if (subject.valid())
        expandLane(subject);
    syncHighlightToTree();
    const auto [s, e] = core::paddedWindow(f.start, f.end, 0.12, core::Duration{2 * core::kNsPerSecond});
    setVisibleRange(s, e);
    rebuildRows();
    scrollToLane(subject.valid() ? subject : (lanes.empty() ? LaneId() : lanes.front()));
}

void TimelineWidget::clearFinding()
{
    m_state.finding = -1;
    m_state.evidence.clear();
    std::fill(m_state.highlightedLanes.begin(), m_state.highlightedLanes.end(), false);
    syncHighlightToTree();
    replot();
}

void TimelineWidget::syncHighlightToTree()
{
    m_treeModel->setHighlighted(m_state.highlightedLanes, m_state.palette.highlightRow);
}

void TimelineWidget::setSearch(std::shared_ptr<const EventSearch> search)
{
    m_state.search = std::move(search);
    replot();
}

void TimelineWidget::addLaneHeaderWidget(QWidget *widget)
{
    widget->setParent(m_treeHeader);
    static_cast<QHBoxLayout *>(m_treeHeader->layout())->addWidget(widget, widget->sizePolicy().horizontalStretch(), Qt::AlignBottom);
}

void TimelineWidget::setHiddenCategories(const std::array<bool, static_cast<int>(EventCategory::Count)> &hidden)
{
    m_state.hideCategories(hidden);
    replot();
}

void TimelineWidget::expandAll(bool expand)
{
    if (!m_state.model)
        return;
    // One rebuild for the whole tree, not one per group (a big bundle has thousands).
    QSignalBlocker block(m_tree);
    for (const Lane &lane : m_state.model->lanes())
        if (lane.isGroup())
            m_state.expanded[lane.id.index()] = expand;
    expand ? m_tree->expandAll() : m_tree->collapseAll();
    rebuildRows();
}

void TimelineWidget::fitLaneColumn()
{
    if (!m_state.model)
        return;
    if (m_splitter->width() < 200) { // not laid out yet: once it is
        m_fitLanesPending = true;
        return;
    }
    m_fitLanesPending = false;
    const QFontMetrics fm(m_tree->font());
    QFont bold = m_tree->font();
    bold.setBold(true);
    const QFontMetrics fmBold(bold);
    int widest = 220; // room for the filter box in the header
    for (LaneId lane : m_state.rows) {
        const Lane &l = m_state.model->lane(lane);
        const int indent = m_tree->indentation() * (l.depth + 1) + 12;
        widest = std::max(widest, indent + (l.isGroup() ? fmBold : fm).horizontalAdvance(l.name));
    }
    // The plot keeps most of the width: names beyond 35 % are elided (full name in the tooltip).
    const int total = std::max(400, m_splitter->width());
    const int left = std::min(widest + 8, total * 7 / 20);
    m_splitter->setSizes({left, total - left});
}

void TimelineWidget::selectEvent(core::EventIndex event, bool scrollTo, bool centerRow)
{
    if (!m_state.model || event.index() >= m_state.model->incident().events.size())
        return;
    m_state.selectedEvent = event;
    const LaneId lane = m_state.model->laneOfEvent(event);
    if (scrollTo && lane.valid()) {
        for (LaneId p = m_state.model->lane(lane).parent; p.valid(); p = m_state.model->lane(p).parent)
            expandLane(p);
        const QModelIndex i = m_treeModel->indexOfLane(lane);
        if (!m_tree->isRowHidden(i.row(), i.parent()))
            m_tree->scrollTo(i, centerRow ? QAbstractItemView::PositionAtCenter : QAbstractItemView::EnsureVisible);
        const core::Timestamp t = m_state.model->incident().event(event).time;
        if (t < m_start || t > m_end)
            centerOn(t);
    }
    if (lane.valid())
        m_tree->setCurrentIndex(m_treeModel->indexOfLane(lane));
    replot();
    emit eventSelected(event);
}

bool TimelineWidget::setFilter(const QString &pattern, QString *error)
{
    if (!m_state.model)
        return true;
    auto shown = LaneFilter::match(*m_state.model, pattern, error);
    if (!shown)
        return false;
    m_filterShown = pattern.trimmed().isEmpty() ? std::vector<bool>{} : std::move(*shown);
    applyShown();
    return true;
}

void TimelineWidget::setFindingLanesOnly(bool on)
{
    m_findingShown = on && m_state.model ? m_state.model->findingLanesOnly() : std::vector<bool>{};
    applyShown();
}

void TimelineWidget::setShowOrderings(bool on)
{
    m_state.showOrderings = on;
    replot();
}

void TimelineWidget::setUtcOffset(int seconds)
{
    m_state.utcOffsetSeconds = seconds;
    m_layers.ticker->setUtcOffset(seconds);
    replot();
}

void TimelineWidget::setNotes(std::vector<Note> notes)
{
    m_state.notes = std::move(notes);
    replot();
}

void TimelineWidget::setBanner(const QString &text)
{
    m_state.banner = text;
    replot();
}

QRectF TimelineWidget::laneRect(LaneId lane) const
{
    if (!m_state.model || !lane.valid() || lane.index() >= m_state.rowOfLane.size())
        return {};
    const int row = m_state.rowOfLane[lane.index()];
    if (row < 0)
        return {};
    const QRect area = m_plot->axisRect()->rect();
    return QRectF(area.left(), m_state.rowTop(row, area.top()), area.width(), m_state.rowHeight);
}

TimelineCoordinates TimelineWidget::coordinates() const
{
    const QRect r = m_plot->axisRect()->rect();
    return TimelineCoordinates(m_state.model ? m_state.model->origin() : core::Timestamp{}, m_start, m_end, r.left(), r.width());
}

std::vector<OrderingArrow> TimelineWidget::orderingArrows() const
{
    return OverlayLayer::arrows(m_state, coordinates(), m_plot->axisRect()->rect().top());
}

EventHit TimelineWidget::eventAt(QPointF pos) const
{
    EventHit hit;
    if (!m_state.model)
        return hit;
    const QRect area = m_plot->axisRect()->rect();
    const LaneId lane = m_state.laneAtRow(m_state.rowAt(pos.y(), area.top()));
    if (!lane.valid() || !m_state.rowShowsEvents(lane))
        return hit;
    const core::Incident &inc = m_state.model->incident();
    const Lane &l = m_state.marksOf(lane);
    const TimelineCoordinates coords = coordinates();
    const double tolerance = EventPlottable::markRadius(m_state.rowHeight) + 3;
    for (const FoldedMark &m : EventPlottable::fold(inc, l, coords)) {
        if (pos.x() < m.x0 - tolerance || pos.x() > m.x1 + tolerance)
            continue;
        // The event of the mark nearest to the pointer's time.
        const core::Timestamp t = coords.toTime(pos.x());
        const auto begin = l.events.begin() + m.first, end = begin + m.count;
        auto it = std::lower_bound(begin, end, t, [&](core::EventIndex e, core::Timestamp v) { return inc.event(e).time < v; });
        if (it == end || (it != begin && (t - inc.event(*(it - 1)).time) < (inc.event(*it).time - t)))
            --it;
        hit.event = m.count > 1 && m.severity >= core::Severity::Warning && std::abs(pos.x() - m.x0) <= tolerance ? m.representative : *it;
        hit.folded = m.count;
        hit.lane = lane;
        return hit;
    }
    return hit;
}

QString TimelineWidget::tooltipAt(QPointF pos) const
{
    if (!m_state.model)
        return {};
    const core::Incident &inc = m_state.model->incident();
    const int off = m_state.utcOffsetSeconds;
    const EventHit hit = eventAt(pos);
    if (hit.event != core::kNoEvent) {
        const core::Event &e = inc.event(hit.event);
        QString msg = QString::fromUtf8(inc.message(e).data(), static_cast<qsizetype>(inc.message(e).size()));
        if (msg.size() > 300)
            msg = msg.left(299) + QStringLiteral("…");
        QString tip = QStringLiteral("<b>%1</b><br>").arg(formatTimestamp(e.time, off, 6).toHtmlEscaped());
        tip += QStringLiteral("lane: %1<br>").arg(m_state.model->lane(m_state.model->laneOfEvent(hit.event)).key.toHtmlEscaped());
        tip += QStringLiteral("type: <b>%1</b> (%2)<br>").arg(html(inc.typeName(e)), QString::fromLatin1(core::severityName(e.severity)));
        tip += QStringLiteral("<tt>%1</tt>").arg(msg.toHtmlEscaped());
        if (hit.folded > 1)
            tip += QStringLiteral("<br><i>%1 events folded into this mark — zoom in to separate them</i>").arg(hit.folded);
        return tip;
    }
    const QRect area = m_plot->axisRect()->rect();
    const LaneId lane = m_state.laneAtRow(m_state.rowAt(pos.y(), area.top()));
    if (!lane.valid())
        return {};
    const TimelineCoordinates coords = coordinates();
    const core::Timestamp t = coords.toTime(pos.x());
    const Lane &l = m_state.model->lane(lane);
    // What the row shows depends on its kind: gaps on a heartbeat lane, bars on a state lane.
    static const std::vector<GapSpan> noGaps;
    static const std::vector<StateSpan> noBars;
    for (const GapSpan &g : l.kind == LaneKind::Heartbeats ? l.gaps : noGaps) {
        if (t >= g.fact->start && t <= g.fact->end) {
            QString tip =
                (g.fact->neverReported
                     ? QStringLiteral("<b>No kubelet reported for %1 since the Node was made</b>%2<br>startup grace period %3%4<br>from "
                                      "%5<br>to %6")
                     : QStringLiteral("<b>No heartbeat for %1</b>%2<br>grace period %3%4<br>from %5<br>to %6"))
                    .arg((g.fact->startEstimated ? QStringLiteral("at least ") : QString()) + formatPreciseDuration(g.fact->length),
                         g.fact->openEnded ? QStringLiteral(" (until the end of the logs)") : QString(), formatDurationText(g.fact->grace),
                         g.fact->graceOrigin.empty()
                             ? QString()
                             : QStringLiteral(" (") + QString::fromStdString(g.fact->graceOrigin).toHtmlEscaped() + ')',
                         formatTimestamp(g.fact->start, off)
                             + (!g.fact->startEstimated ? QString()
                                    : g.fact->neverReported
                                    ? QStringLiteral(" at the latest (the Node's creation: the controller gave up a startup grace later)")
                                    : QStringLiteral(" at the latest (the controller lost the node a grace period later)")),
                         formatTimestamp(g.fact->end, off));
            tip += g.fact->neverReported ? QStringLiteral("<br><b>no kubelet posted its status: the node is handled as unreachable</b>")
                : g.fact->exceedsGrace   ? QStringLiteral("<br><b>longer than the grace period: the node is marked lost</b>")
                                         : QStringLiteral("<br>shorter than the grace period: no effect on the node");
            return tip;
        }
    }
    const Lane &stateLane = l.isGroup() && !m_state.isExpanded(lane) && l.summaryLane.valid() ? m_state.model->lane(l.summaryLane) : l;
    for (const StateSpan &s : stateLane.kind == LaneKind::State ? stateLane.states : noBars) {
        if (t >= s.start && t <= s.end) {
            return QStringLiteral("<b>%1</b><br>%2 – %3%4<br>%5")
                .arg(s.label.toHtmlEscaped(), formatTimestamp(s.start, off), formatTimestamp(s.end, off, 6, false),
                     s.openEnded            ? QStringLiteral(" (still at the end of the logs)")
                         : s.endAtTheLatest ? QStringLiteral(" at the latest (over by then: no line says when)")
                                            : QString(),
                     formatPreciseDuration(s.end - s.start));
        }
    }
    return {};
}

void TimelineWidget::plotMousePress(QMouseEvent *event)
{
    if (event->button() != Qt::LeftButton)
        return;
    m_pressPos = event->position();
    m_pressStart = m_start;
    m_pressEnd = m_end;
    m_pressScroll = m_state.scroll;
    m_moved = false;
    m_drag = event->modifiers() & Qt::ControlModifier ? Drag::RubberBand
        : event->modifiers() & Qt::ShiftModifier      ? Drag::Measure
                                                      : Drag::Pan;
    if (m_drag == Drag::Pan)
        m_plot->setCursor(Qt::ClosedHandCursor);
}

void TimelineWidget::plotMouseMove(QMouseEvent *event)
{
    if (!m_state.model)
        return;
    const QPointF pos = event->position();
    const TimelineCoordinates coords = coordinates();
    m_state.cursor = coords.toTime(pos.x());
    if ((event->buttons() & Qt::LeftButton) && m_drag != Drag::None) {
        if ((pos - m_pressPos).manhattanLength() > 3)
            m_moved = true;
        if (!m_moved) {
            m_plot->layer(QStringLiteral("overlay"))->replot();
            return;
        }
        QToolTip::hideText();
        const TimelineCoordinates pressCoords(coords.origin(), m_pressStart, m_pressEnd, coords.left(), coords.width());
        switch (m_drag) {
        case Drag::Pan: {
            const core::Duration dt = pressCoords.durationOf(pos.x() - m_pressPos.x());
            m_start = m_pressStart - dt;
            m_end = m_pressEnd - dt;
            m_tree->verticalScrollBar()->setValue(static_cast<int>(m_pressScroll - (pos.y() - m_pressPos.y())));
            applyRange();
            return;
        }
        case Drag::RubberBand: m_state.rubberBand = std::make_pair(pressCoords.toTime(m_pressPos.x()), pressCoords.toTime(pos.x())); break;
        case Drag::Measure: m_state.measure = std::make_pair(pressCoords.toTime(m_pressPos.x()), pressCoords.toTime(pos.x())); break;
        case Drag::None: break;
        }
        m_plot->layer(QStringLiteral("overlay"))->replot();
        return;
    }
    m_plot->layer(QStringLiteral("overlay"))->replot();
    const EventHit hit = eventAt(pos);
    const QString tip = tooltipAt(pos);
    if (tip.isEmpty()) {
        QToolTip::hideText();
        m_hoverEvent = core::kNoEvent;
    } else if (hit.event == core::kNoEvent || hit.event != m_hoverEvent) {
        m_hoverEvent = hit.event;
        QToolTip::showText(event->globalPosition().toPoint(), tip, m_plot);
    }
    m_plot->setCursor(hit.event != core::kNoEvent ? Qt::PointingHandCursor : Qt::CrossCursor);
}

void TimelineWidget::plotMouseRelease(QMouseEvent *event)
{
    if (event->button() != Qt::LeftButton || !m_state.model)
        return;
    const Drag drag = m_drag;
    m_drag = Drag::None;
    m_plot->setCursor(Qt::CrossCursor);
    if (!m_moved) {
        if (drag == Drag::Pan || drag == Drag::Measure) {
            const EventHit hit = eventAt(event->position());
            if (hit.event != core::kNoEvent)
                selectEvent(hit.event, false);
            else if (m_state.measure) {
                m_state.measure.reset();
                replot();
            }
        }
        return;
    }
    if (drag == Drag::RubberBand && m_state.rubberBand) {
        const auto band = *m_state.rubberBand;
        m_state.rubberBand.reset();
        setVisibleRange(std::min(band.first, band.second), std::max(band.first, band.second));
    }
}

void TimelineWidget::plotWheel(QWheelEvent *event)
{
    if (!m_state.model)
        return;
    const QPoint delta = event->angleDelta();
    if (event->modifiers() & Qt::ShiftModifier) {
        // Vertical scrolling of the rows (Qt may report it on either axis with Shift).
        const int d = delta.y() != 0 ? delta.y() : delta.x();
        QScrollBar *bar = m_tree->verticalScrollBar();
        bar->setValue(bar->value() - static_cast<int>(d / 120.0 * 3 * m_state.rowHeight));
    } else if (std::abs(delta.x()) > std::abs(delta.y())) {
        panBy(-delta.x() / 1200.0);
    } else {
        const double steps = delta.y() / 120.0;
        const core::Timestamp anchor = coordinates().toTime(event->position().x());
        const auto [s, e] = TimelineCoordinates::zoomed(m_start, m_end, anchor, std::pow(0.8, steps));
        setVisibleRange(s, e);
    }
    event->accept();
}

void TimelineWidget::plotContextMenu(QPoint pos)
{
    if (!m_state.model)
        return;
    const TimelineCoordinates coords = coordinates();
    const core::Timestamp t = coords.toTime(pos.x());
    const LaneId lane = m_state.laneAtRow(m_state.rowAt(pos.y(), m_plot->axisRect()->rect().top()));
    const int note = m_layers.overlay->noteAt(pos);
    QMenu menu(this);
    menu.addAction(tr("Add note here…"), this,
                   [this, t, lane] { emit noteAddRequested(t, lane.valid() ? m_state.model->lane(lane).key : QString()); });
    if (note >= 0) {
        menu.addAction(tr("Edit note…"), this, [this, note] { emit noteEditRequested(note); });
        menu.addAction(tr("Delete note"), this, [this, note] { emit noteDeleteRequested(note); });
    }
    menu.addSeparator();
    menu.addAction(tr("Copy time %1").arg(formatTimestamp(t, m_state.utcOffsetSeconds)), this,
                   [this, t] { QApplication::clipboard()->setText(formatTimestamp(t, m_state.utcOffsetSeconds, 9)); });
    menu.addAction(tr("Zoom to selection"), this, &TimelineWidget::zoomToSelection);
    menu.addAction(tr("Fit all"), this, &TimelineWidget::fitAll);
    if (m_state.measure)
        menu.addAction(tr("Clear measurement"), this, [this] {
            m_state.measure.reset();
            replot();
        });
    menu.exec(m_plot->mapToGlobal(pos));
}

bool TimelineWidget::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_plot) {
        if (event->type() == QEvent::Leave) {
            m_state.cursor.reset();
            m_plot->layer(QStringLiteral("overlay"))->replot();
        } else if (event->type() == QEvent::Resize) {
            replot();
        }
    }
    return QWidget::eventFilter(watched, event);
}

} // namespace kubelane::ui
