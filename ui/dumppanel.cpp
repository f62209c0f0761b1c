#include "dumppanel.h"

#include "palette.h"

#include "core/dumps/dumpfilename.h"

#include <QDockWidget>
#include <QFontDatabase>
#include <QHeaderView>
#include <QLabel>
#include <QPainter>
#include <QPlainTextEdit>
#include <QScopedValueRollback>
#include <QSignalBlocker>
#include <QSplitter>
#include <QStyledItemDelegate>
#include <QTreeWidget>
#include <QVBoxLayout>

#include <algorithm>

namespace kubelane::ui {

namespace {

enum Column { CountColumn, StateColumn, WaitColumn, WhereColumn };

QString minutesText(int m)
{
    return m < 1 ? QStringLiteral("< 1 min") : QStringLiteral("%1 min").arg(m);
}

QString hex(std::uint64_t v)
{
    return QStringLiteral("0x%1").arg(v, 0, 16);
}

// The count column as a lane: a bar as long as the group's share of the biggest group.
class CountBarDelegate : public QStyledItemDelegate {
public:
    using QStyledItemDelegate::QStyledItemDelegate;
    void paint(QPainter *p, const QStyleOptionViewItem &option, const QModelIndex &index) const override
    {
        const double share = index.data(DumpPanel::CountRole).toDouble();
        if (share > 0) {
            QRectF bar = QRectF(option.rect).adjusted(2, 3, -2, -3);
            bar.setWidth(std::max(2.0, bar.width() * share));
            QColor c = option.palette.color(QPalette::Highlight);
            c.setAlpha(90);
            p->fillRect(bar, c);
        }
        QStyledItemDelegate::paint(p, option, index);
    }
};

} // namespace

DumpPanel::DumpPanel(QWidget *parent) : QWidget(parent)
{
    m_header = new QLabel(this);
    m_header->setWordWrap(true);
    m_header->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_lanes = new QTreeWidget(this);
    m_lanes->setColumnCount(4);
    m_lanes->setHeaderLabels({tr("Goroutines"), tr("State"), tr("Longest wait"), tr("Waits in")});
    m_lanes->setRootIsDecorated(false);
    m_lanes->setUniformRowHeights(true);
    m_lanes->setItemDelegateForColumn(CountColumn, new CountBarDelegate(m_lanes));
    m_lanes->header()->setSectionResizeMode(WhereColumn, QHeaderView::Stretch);
    m_lanes->setToolTip(tr("One lane per group of goroutines with the same stack (arguments and offsets aside). "
                           "Double-click a lane to show its goroutine's lines in the log view."));
    m_stack = new QPlainTextEdit(this);
    m_stack->setReadOnly(true);
    m_stack->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_stack->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    auto *split = new QSplitter(Qt::Vertical, this);
    split->addWidget(m_lanes);
    split->addWidget(m_stack);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(m_header);
    layout->addWidget(split, 1);
    connect(m_lanes, &QTreeWidget::currentItemChanged, this, [this](QTreeWidgetItem *item) {
        if (item)
            showStack(item->data(0, GoroutineRole).toULongLong());
        else
            m_stack->clear(); // the lanes cleared: m_dump may name a dump of the analysis before
    });
    connect(m_lanes, &QTreeWidget::itemDoubleClicked, this, [this](QTreeWidgetItem *item) {
        if (!item || m_dump < 0)
            return;
        const auto &d = m_analysis->facts.dumps[static_cast<std::size_t>(m_dump)];
        if (const core::EventIndex e = eventOfGoroutine(d, item->data(0, GoroutineRole).toULongLong()); e != core::kNoEvent) {
            // The selection comes back through the timeline (showDumpOfEvent): the row
            // double-clicked, a lock holder's too, stays the current one.
            const QScopedValueRollback guard(m_activating, true);
            emit eventActivated(e);
        }
    });
    showDump(-1);
}

void DumpPanel::setAnalysis(std::shared_ptr<const core::Analysis> analysis)
{
    m_analysis = std::move(analysis);
    m_lines.reset(m_analysis ? m_analysis->incident : nullptr);
    const bool any = m_analysis && !m_analysis->facts.dumps.empty();
    showDump(any ? 0 : -1);
    if (auto *dock = qobject_cast<QDockWidget *>(parentWidget())) {
        const auto &dumps = any ? m_analysis->facts.dumps : std::vector<core::RuntimeDump>{};
        dock->setVisible(std::any_of(dumps.begin(), dumps.end(), [this](const core::RuntimeDump &d) { return isRealDump(d); }));
    }
}

bool DumpPanel::isRealDump(const core::RuntimeDump &d) const
{
    const core::Source &s = m_analysis->incident->sources[d.source];
    return d.dump->goroutines.size() >= 2 || s.format == core::SourceFormat::GoroutineDump || !core::dumpFileName(s.path).empty();
}

void DumpPanel::showDumpOfFinding(int finding)
{
    if (!m_analysis || finding < 0 || static_cast<std::size_t>(finding) >= m_analysis->findings.size())
        return;
    const auto &evidence = m_analysis->findings[static_cast<std::size_t>(finding)].evidence;
    const auto &dumps = m_analysis->facts.dumps;
    for (std::size_t i = 0; i < dumps.size(); ++i)
        if (std::find(evidence.begin(), evidence.end(), dumps[i].event) != evidence.end()) {
            showDump(static_cast<int>(i));
            return;
        }
}

void DumpPanel::showDump(int dump)
{
    m_lanes->clear();
    m_stack->clear();
    if (!m_analysis || dump < 0 || static_cast<std::size_t>(dump) >= m_analysis->facts.dumps.size()) {
        m_dump = -1;
        m_header->setText(tr("No goroutine dump selected. A dump's moment on its process's lane opens it here."));
        return;
    }
    m_dump = dump;
    const core::RuntimeDump &d = m_analysis->facts.dumps[static_cast<std::size_t>(dump)];
    const core::Source &s = m_analysis->incident->sources[d.source];
    m_header->setText(tr("<b>%1</b> goroutine dump · %2 goroutines in %3 groups · %4<br>taken %5 (%6)")
                          .arg(QString::fromStdString(d.process).toHtmlEscaped())
                          .arg(d.dump->goroutines.size())
                          .arg(d.buckets.size())
                          .arg(d.node != core::kNoString ? QString::fromUtf8(m_analysis->incident->text(d.node)) : tr("no node"))
                          .arg(d.time.ns ? QString::fromStdString(core::formatRfc3339(d.time, 0)) : tr("at an unknown time"))
                          .arg(QString::fromStdString(d.timeEvidence).toHtmlEscaped()));
    m_header->setToolTip(QString::fromStdString(s.path));
    fillLanes(d);
    if (m_lanes->topLevelItemCount() > 0)
        m_lanes->setCurrentItem(m_lanes->topLevelItem(0));
}

void DumpPanel::fillLanes(const core::RuntimeDump &d)
{
    const QColor highlight = Palette::fromQt(palette()).highlightRow;
    for (const core::LockConvoy &c : d.convoys) {
        if (!c.holder)
            continue;
        const core::Goroutine &h = d.dump->goroutines[*c.holder];
        auto *item = new QTreeWidgetItem(m_lanes);
        item->setText(CountColumn, tr("holder of %1").arg(hex(c.lock)));
        item->setText(StateColumn, QString::fromUtf8(h.state.data(), static_cast<qsizetype>(h.state.size())));
        item->setText(WaitColumn, minutesText(h.waitMinutes));
        const std::string outbound = c.holderOutbound.empty() ? c.holderWaits : c.holderOutbound;
        item->setText(WhereColumn,
                      tr("goroutine %1 in %2 on the object %3, waiting in %4; %5 goroutines queue behind it for up to %6")
                          .arg(h.id)
                          .arg(QString::fromStdString(c.holderFunction), hex(c.object), QString::fromStdString(outbound))
                          .arg(c.waiters.size())
                          .arg(minutesText(c.longestWaitMinutes)));
        item->setData(0, GoroutineRole, QVariant::fromValue<qulonglong>(*c.holder));
        item->setData(0, HolderRole, true);
        QFont bold = item->font(0);
        bold.setBold(true);
        for (int col = 0; col < m_lanes->columnCount(); ++col) {
            item->setBackground(col, highlight);
            item->setFont(col, bold);
        }
    }
    const double biggest = d.buckets.empty() ? 1.0 : static_cast<double>(d.buckets.front().count());
    for (const core::StackBucket &b : d.buckets) {
        auto *item = new QTreeWidgetItem(m_lanes);
        item->setText(CountColumn, QString::number(b.count()));
        item->setData(CountColumn, CountRole, static_cast<double>(b.count()) / biggest);
        item->setText(StateColumn, QString::fromUtf8(b.state.data(), static_cast<qsizetype>(b.state.size())));
        item->setText(WaitColumn, minutesText(b.longestWaitMinutes));
        item->setText(WhereColumn, QString::fromStdString(b.summary));
        item->setData(0, GoroutineRole, QVariant::fromValue<qulonglong>(b.longestWaiter));
        item->setData(0, HolderRole, false);
    }
    for (int col = 0; col < CountColumn + 3; ++col)
        m_lanes->resizeColumnToContents(col);
}

void DumpPanel::showStack(std::size_t index)
{
    m_stack->clear();
    if (m_dump < 0)
        return;
    const core::RuntimeDump &d = m_analysis->facts.dumps[static_cast<std::size_t>(m_dump)];
    if (index >= d.dump->goroutines.size())
        return;
    const std::string_view text = d.dump->logicalLines(d.dump->goroutines[index]);
    m_stack->setPlainText(QString::fromUtf8(text.data(), static_cast<qsizetype>(text.size())));
}

QString DumpPanel::stackText() const
{
    return m_stack->toPlainText();
}

QString DumpPanel::headerText() const
{
    return m_header->text();
}

// The event holding the goroutine's first line, else the nearest one above it.
core::EventIndex DumpPanel::eventOfGoroutine(const core::RuntimeDump &d, std::size_t goroutine)
{
    if (goroutine >= d.dump->goroutines.size())
        return core::kNoEvent;
    return m_lines.eventAtOrBefore(d.source, d.dump->goroutines[goroutine].sourceLine);
}

void DumpPanel::showDumpOfEvent(core::EventIndex event)
{
    if (!m_analysis || event.index() >= m_analysis->incident->events.size())
        return;
    const core::Event &e = m_analysis->incident->event(event);
    const std::uint32_t line = m_analysis->incident->lineOf(e);
    const auto &dumps = m_analysis->facts.dumps;
    for (std::size_t i = 0; i < dumps.size(); ++i) {
        const core::RuntimeDump &d = dumps[i];
        if (d.source != e.source || line > d.dump->lastSourceLine
            || line + m_analysis->incident->lineCountOf(e) - 1 < d.dump->firstSourceLine)
            continue;
        if (static_cast<int>(i) != m_dump)
            showDump(static_cast<int>(i));
        // The lane of the goroutine the event is.
        const auto &gs = d.dump->goroutines;
        const auto g = std::find_if(gs.begin(), gs.end(), [&](const core::Goroutine &x) { return x.sourceLine == line; });
        const QTreeWidgetItem *current = m_lanes->currentItem();
        const bool alreadyShown = m_activating
            || (g != gs.end() && current && current->data(0, GoroutineRole).toULongLong() == static_cast<qulonglong>(g - gs.begin()));
        if (g != gs.end() && !alreadyShown) {
            const std::size_t index = static_cast<std::size_t>(g - gs.begin());
            for (std::size_t b = 0; b < d.buckets.size(); ++b) {
                const auto &m = d.buckets[b].members;
                if (!std::binary_search(m.begin(), m.end(), index))
                    continue;
                const int holderRows = m_lanes->topLevelItemCount() - static_cast<int>(d.buckets.size());
                {
                    // The group's row, with the stack of this goroutine rather than the group's longest waiter.
                    const QSignalBlocker quiet(m_lanes);
                    m_lanes->setCurrentItem(m_lanes->topLevelItem(holderRows + static_cast<int>(b)));
                }
                m_lanes->viewport()->update();
                showStack(index);
                break;
            }
        }
        if (auto *dock = qobject_cast<QDockWidget *>(parentWidget()))
            dock->raise();
        return;
    }
}

} // namespace kubelane::ui
