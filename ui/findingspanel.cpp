#include "findingspanel.h"

#include "plural.h"

#include "findinggroups.h"
#include "timeaxisticker.h"

#include <QAction>
#include <QComboBox>
#include <QDataStream>
#include <QEvent>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QIcon>
#include <QKeyEvent>
#include <QLabel>
#include <QLocale>
#include <QPainter>
#include <QPainterPath>
#include <QPixmap>
#include <QSplitter>
#include <QStyledItemDelegate>
#include <QTextBrowser>
#include <QTreeWidget>
#include <QUrl>
#include <QVBoxLayout>

#include <algorithm>
#include <array>

namespace kubelane::ui {

namespace {

constexpr int kFindingRole = Qt::UserRole;      // finding index, -1 on group rows
constexpr int kSortRole = Qt::UserRole + 1;     // per column: what the column sorts by
constexpr int kGroupKeyRole = Qt::UserRole + 2; // group rows: "rule" or "rule\nsubject"
constexpr int kStateVersion = 1;

QString severityWord(core::Severity s)
{
    return QString::fromLatin1(core::severityName(s));
}

// Colour and shape both tell the severity, so the column reads without colour vision and
// stays narrow: diamond fatal, disc error, triangle warning, ring info, dot debug.
QIcon severityIcon(core::Severity s)
{
    static std::array<QIcon, 5> icons;
    QIcon &icon = icons[static_cast<std::size_t>(s)];
    if (!icon.isNull())
        return icon;
    QPixmap pixmap(28, 28);
    pixmap.setDevicePixelRatio(2);
    pixmap.fill(Qt::transparent);
    QPainter p(&pixmap);
    p.setRenderHint(QPainter::Antialiasing);
    const QRectF r(1.5, 1.5, 11, 11);
    switch (s) {
    case core::Severity::Fatal: {
        QPainterPath diamond;
        diamond.moveTo(r.center().x(), r.top() - 0.5);
        diamond.lineTo(r.right() + 0.5, r.center().y());
        diamond.lineTo(r.center().x(), r.bottom() + 0.5);
        diamond.lineTo(r.left() - 0.5, r.center().y());
        diamond.closeSubpath();
        p.setPen(QPen(okabeito::black, 1));
        p.setBrush(okabeito::reddishPurple);
        p.drawPath(diamond);
        break;
    }
    case core::Severity::Error:
        p.setPen(Qt::NoPen);
        p.setBrush(okabeito::vermillion);
        p.drawEllipse(r);
        break;
    case core::Severity::Warning: {
        QPainterPath triangle;
        triangle.moveTo(r.center().x(), r.top());
        triangle.lineTo(r.right(), r.bottom());
        triangle.lineTo(r.left(), r.bottom());
        triangle.closeSubpath();
        p.setPen(Qt::NoPen);
        p.setBrush(okabeito::orange);
        p.drawPath(triangle);
        break;
    }
    case core::Severity::Info:
        p.setPen(QPen(okabeito::blue, 1.8));
        p.setBrush(Qt::NoBrush);
        p.drawEllipse(r.adjusted(1, 1, -1, -1));
        break;
    case core::Severity::Debug:
        p.setPen(Qt::NoPen);
        p.setBrush(Qt::gray);
        p.drawEllipse(r.adjusted(3, 3, -3, -3));
        break;
    }
    p.end();
    icon = QIcon(pixmap);
    return icon;
}

// Rows sort by what each column holds (numbers as numbers); equal rows keep time order,
// earliest first, whichever way the column sorts.
class FindingRow : public QTreeWidgetItem {
public:
    using QTreeWidgetItem::QTreeWidgetItem;
    bool operator<(const QTreeWidgetItem &other) const override
    {
        const QTreeWidget *tree = treeWidget();
        const int column = tree ? tree->sortColumn() : 0;
        const int order = compare(column, other);
        if (order != 0)
            return order < 0;
        const bool descending = tree && tree->header()->sortIndicatorOrder() == Qt::DescendingOrder;
        const int tie = compare(FindingsPanel::TimeColumn, other);
        return descending ? tie > 0 : tie < 0;
    }

private:
    int compare(int column, const QTreeWidgetItem &other) const
    {
        const QVariant a = data(column, kSortRole), b = other.data(column, kSortRole);
        if (a.typeId() == QMetaType::QString || b.typeId() == QMetaType::QString)
            return QString::localeAwareCompare(a.toString(), b.toString());
        const qlonglong x = a.toLongLong(), y = b.toLongLong();
        return x < y ? -1 : x > y ? 1 : 0;
    }
};

// Subjects differ at their end (pod names' generated suffixes): elide at the start.
class ElideLeftDelegate : public QStyledItemDelegate {
public:
    using QStyledItemDelegate::QStyledItemDelegate;

protected:
    void initStyleOption(QStyleOptionViewItem *option, const QModelIndex &index) const override
    {
        QStyledItemDelegate::initStyleOption(option, index);
        option->textElideMode = Qt::ElideLeft;
    }
};

void setSortKeys(QTreeWidgetItem *item, core::Severity severity, const QString &rule, const QString &subject, core::Timestamp time,
                 int count)
{
    item->setData(FindingsPanel::SeverityColumn, kSortRole, static_cast<int>(severity));
    item->setData(FindingsPanel::RuleColumn, kSortRole, rule);
    item->setData(FindingsPanel::SubjectColumn, kSortRole, subject);
    item->setData(FindingsPanel::TimeColumn, kSortRole, static_cast<qlonglong>(time.ns));
    item->setData(FindingsPanel::CountColumn, kSortRole, count);
    item->setIcon(FindingsPanel::SeverityColumn, severityIcon(severity));
    item->setData(FindingsPanel::SeverityColumn, Qt::AccessibleTextRole, severityWord(severity));
}

} // namespace

FindingsPanel::FindingsPanel(QWidget *parent) : QWidget(parent)
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);

    auto *bar = new QHBoxLayout;
    bar->setContentsMargins(4, 2, 4, 0);
    m_count = new QLabel(this);
    m_severity = new QComboBox(this);
    m_severity->setObjectName(QStringLiteral("findingsSeverityFilter"));
    m_severity->addItem(tr("All severities"), static_cast<int>(core::Severity::Debug));
    m_severity->addItem(tr("Warning and worse"), static_cast<int>(core::Severity::Warning));
    m_severity->addItem(tr("Error and worse"), static_cast<int>(core::Severity::Error));
    m_severity->addItem(tr("Fatal only"), static_cast<int>(core::Severity::Fatal));
    m_severity->setToolTip(tr("List only findings at or above this severity"));
    bar->addWidget(m_count, 1);
    bar->addWidget(m_severity);
    layout->addLayout(bar);

    // Table above details: in a tall, narrow dock both get the full width, so the columns fit
    // and the explanation wraps into lines, not into a word per line.
    m_splitter = new QSplitter(Qt::Vertical, this);
    m_splitter->setObjectName(QStringLiteral("findingsSplitter"));
    m_splitter->setChildrenCollapsible(false);
    layout->addWidget(m_splitter, 1);
    m_table = new QTreeWidget(m_splitter);
    m_table->setObjectName(QStringLiteral("findingsTable"));
    m_table->setColumnCount(ColumnCount);
    m_table->setHeaderLabels({tr("Sev"), tr("Rule"), tr("Subject"), tr("Time"), tr("#")});
    m_table->headerItem()->setToolTip(SeverityColumn, tr("Severity"));
    m_table->headerItem()->setToolTip(CountColumn, tr("Findings in the group"));
    m_table->headerItem()->setTextAlignment(CountColumn, Qt::AlignRight | Qt::AlignVCenter);
    // A first click sorts the worst and the biggest first, names and times from the start.
    for (int c : {SeverityColumn, CountColumn})
        m_table->headerItem()->setData(c, Qt::InitialSortOrderRole, int(Qt::DescendingOrder));
    for (int c : {RuleColumn, SubjectColumn, TimeColumn})
        m_table->headerItem()->setData(c, Qt::InitialSortOrderRole, int(Qt::AscendingOrder));
    m_table->setAlternatingRowColors(true);
    m_table->setUniformRowHeights(true);
    m_table->setIndentation(10);
    m_table->setTextElideMode(Qt::ElideMiddle); // rule rows keep their count; the subject has its own delegate
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setItemDelegateForColumn(SubjectColumn, new ElideLeftDelegate(m_table));
    QHeaderView *header = m_table->header();
    header->setStretchLastSection(false);
    header->setMinimumSectionSize(24);
    header->setSectionResizeMode(SeverityColumn, QHeaderView::Fixed);
    header->setSectionResizeMode(RuleColumn, QHeaderView::Interactive);
    header->setSectionResizeMode(SubjectColumn, QHeaderView::Stretch);
    header->setSectionResizeMode(TimeColumn, QHeaderView::Fixed);
    header->setSectionResizeMode(CountColumn, QHeaderView::Fixed);
    m_table->setSortingEnabled(true);
    m_table->sortByColumn(SeverityColumn, Qt::DescendingOrder); // the worst first
    m_table->viewport()->installEventFilter(this);
    m_details = new QTextBrowser(m_splitter);
    m_details->setObjectName(QStringLiteral("findingsDetails"));
    m_details->setOpenLinks(false);
    m_details->setMinimumHeight(80);
    m_table->setMinimumHeight(80);
    m_splitter->addWidget(m_table);
    m_splitter->addWidget(m_details);
    m_splitter->setStretchFactor(0, 2);
    m_splitter->setStretchFactor(1, 3);

    connect(m_severity, &QComboBox::currentIndexChanged, this, [this] {
        m_minimum = static_cast<core::Severity>(m_severity->currentData().toInt());
        fill();
    });
    connect(m_table, &QTreeWidget::currentItemChanged, this, [this](QTreeWidgetItem *item) {
        showDetails(item);
        const int index = item ? item->data(0, kFindingRole).toInt() : -1;
        if (!m_updating && index >= 0)
            emit findingSelected(index);
    });
    // Clicking the finding already selected (or Enter on it) zooms to it again.
    auto again = [this](QTreeWidgetItem *item) {
        const int index = item ? item->data(0, kFindingRole).toInt() : -1;
        if (!m_updating && index >= 0)
            emit findingSelected(index);
    };
    connect(m_table, &QTreeWidget::itemClicked, this, again);
    connect(m_table, &QTreeWidget::itemActivated, this, again);
    m_table->installEventFilter(this); // Enter on a group opens or closes it, as a double click does
    auto *expandAll = new QAction(tr("Expand all groups"), m_table);
    auto *collapseAll = new QAction(tr("Collapse all groups"), m_table);
    connect(expandAll, &QAction::triggered, m_table, &QTreeWidget::expandAll);
    connect(collapseAll, &QAction::triggered, m_table, &QTreeWidget::collapseAll);
    m_table->addActions({expandAll, collapseAll});
    m_table->setContextMenuPolicy(Qt::ActionsContextMenu);
    connect(m_table, &QTreeWidget::itemExpanded, this,
            [this](QTreeWidgetItem *item) { m_expanded.insert(item->data(0, kGroupKeyRole).toString()); });
    connect(m_table, &QTreeWidget::itemCollapsed, this,
            [this](QTreeWidgetItem *item) { m_expanded.remove(item->data(0, kGroupKeyRole).toString()); });
    connect(m_details, &QTextBrowser::anchorClicked, this, [this](const QUrl &url) {
        if (url.scheme() == QLatin1String("event"))
            emit eventActivated(core::EventIndex(url.path().toUInt())); // the link of describe()
    });
    fill();
}

void FindingsPanel::setLaneModel(std::shared_ptr<const LaneModel> model)
{
    m_model = std::move(model);
    m_expanded.clear();
    m_items.clear();
    ++m_updating;
    m_table->clear(); // no selection carried over to another bundle
    --m_updating;
    fill();
}

void FindingsPanel::setUtcOffset(int seconds)
{
    m_utcOffset = seconds;
    fill();
}

void FindingsPanel::setMinimumSeverity(core::Severity minimum)
{
    // The strictest choice that still keeps `minimum` (info findings need "All severities").
    int best = 0;
    for (int i = 0; i < m_severity->count(); ++i)
        if (m_severity->itemData(i).toInt() <= static_cast<int>(minimum))
            best = i;
    m_severity->setCurrentIndex(best); // refills through the combo's signal
}

int FindingsPanel::findingCount() const
{
    return m_shown;
}

int FindingsPanel::totalFindingCount() const
{
    return m_model ? static_cast<int>(m_model->analysis().findings.size()) : 0;
}

QTreeWidgetItem *FindingsPanel::itemOfFinding(int index) const
{
    return index >= 0 && static_cast<std::size_t>(index) < m_items.size() ? m_items[static_cast<std::size_t>(index)] : nullptr;
}

// Opens the groups above a finding's row, selects and scrolls to it.
void FindingsPanel::revealFinding(int index)
{
    QTreeWidgetItem *item = itemOfFinding(index);
    if (!item)
        return;
    for (QTreeWidgetItem *p = item->parent(); p; p = p->parent())
        p->setExpanded(true);
    m_table->setCurrentItem(item);
    m_table->scrollToItem(item);
}

int FindingsPanel::currentFinding() const
{
    const QTreeWidgetItem *item = m_table->currentItem();
    return item ? item->data(0, kFindingRole).toInt() : -1;
}

QString FindingsPanel::countText() const
{
    return m_count->text();
}

void FindingsPanel::fill()
{
    ++m_updating;
    const int current = currentFinding();
    m_table->setSortingEnabled(false); // one sort at the end, not one per inserted row
    m_table->clear();
    m_details->clear();
    m_items.clear();
    m_groupSummaries.clear();
    m_shown = 0;
    m_ruleWidth = 0;
    m_maxCount = 0;
    if (m_model) {
        const auto &findings = m_model->analysis().findings;
        m_items.assign(findings.size(), nullptr);
        const std::vector<RuleGroup> groups = groupFindings(findings, m_minimum);
        m_shown = findingsIn(groups);
        m_grouped = m_shown > kFlatLimit;
        m_table->setRootIsDecorated(m_grouped);
        m_table->setColumnHidden(CountColumn, !m_grouped); // every flat row counts one
        if (m_grouped)
            fillGrouped(groups);
        else
            fillFlat(groups);
        const int total = static_cast<int>(findings.size());
        m_count->setText(m_shown == total ? plural(total, "finding", "findings")
                                          : tr("%1 of %2 shown").arg(QLocale().toString(m_shown), plural(total, "finding", "findings")));
        if (findings.empty())
            m_details->setHtml(tr("<p>No rule fired on this bundle.</p><p>The timeline still shows every event; "
                                  "use the filter to find lanes and text.</p>"));
        else if (m_shown == 0)
            m_details->setHtml(
                tr("<p>No finding at this severity: %1 hidden by the filter above.</p>").arg(plural(total, "finding is", "findings are")));
    } else {
        m_grouped = false;
        m_count->clear();
    }
    m_table->setSortingEnabled(true); // sorts by the header's column and order
    fitColumns();
    revealFinding(current);
    --m_updating;
}

QTreeWidgetItem *FindingsPanel::addFinding(QTreeWidgetItem *parent, int index)
{
    const core::Finding &f = m_model->analysis().findings[static_cast<std::size_t>(index)];
    auto *item = new FindingRow(parent);
    const QString rule = QString::fromStdString(f.rule), subject = QString::fromStdString(f.subject.text());
    item->setData(0, kFindingRole, index);
    item->setText(RuleColumn, rule);
    item->setText(SubjectColumn, subject);
    item->setText(TimeColumn, QString::fromStdString(core::formatTimeOfDay(f.start, 0, m_utcOffset)));
    setSortKeys(item, f.severity, rule, subject, f.start, 1);
    const QString title = QString::fromStdString(f.title);
    const QString when = formatTimestamp(f.start, m_utcOffset, 3) + QStringLiteral(" – ") + formatTimestamp(f.end, m_utcOffset, 3, false);
    item->setToolTip(SeverityColumn, severityWord(f.severity) + QStringLiteral(": ") + title);
    item->setToolTip(RuleColumn, title);
    item->setToolTip(SubjectColumn, subject + QLatin1Char('\n') + title);
    item->setToolTip(TimeColumn, when);
    m_items[static_cast<std::size_t>(index)] = item;
    return item;
}

void FindingsPanel::fillFlat(const std::vector<RuleGroup> &groups)
{
    const QFontMetrics fm = m_table->fontMetrics();
    for (const RuleGroup &g : groups) {
        m_ruleWidth = std::max(m_ruleWidth, fm.horizontalAdvance(QString::fromStdString(g.rule)));
        for (const SubjectGroup &s : g.subjects)
            for (int f : s.findings)
                addFinding(m_table->invisibleRootItem(), f);
    }
}

void FindingsPanel::fillGrouped(const std::vector<RuleGroup> &groups)
{
    QFont bold = m_table->font();
    bold.setBold(true);
    const QFontMetrics boldMetrics(bold);
    // Findings of a subject group repeat its rule and subject: quieter, so their times stand out.
    const QBrush quiet = m_table->palette().brush(QPalette::Disabled, QPalette::Text);
    auto groupRow = [&](QTreeWidgetItem *parent, const QString &key, core::Severity worst, const QString &rule, const QString &subject,
                        core::Timestamp first, int count) {
        auto *item = new FindingRow(parent);
        item->setData(0, kFindingRole, -1);
        item->setData(0, kGroupKeyRole, key);
        setSortKeys(item, worst, rule, subject, first, count);
        item->setText(TimeColumn, QString::fromStdString(core::formatTimeOfDay(first, 0, m_utcOffset)));
        item->setToolTip(TimeColumn, tr("First at %1").arg(formatTimestamp(first, m_utcOffset, 3)));
        item->setText(CountColumn, QLocale().toString(count));
        item->setTextAlignment(CountColumn, Qt::AlignRight | Qt::AlignVCenter);
        item->setToolTip(SeverityColumn, tr("Worst: %1").arg(severityWord(worst)));
        return item;
    };
    for (const RuleGroup &g : groups) {
        const QString rule = QString::fromStdString(g.rule);
        const QString subjects = g.subjects.size() == 1 ? QString::fromStdString(g.subjects.front().subject)
                                                        : plural(static_cast<int>(g.subjects.size()), "subject", "subjects");
        QTreeWidgetItem *ruleRow = groupRow(m_table->invisibleRootItem(), rule, g.worst, rule, subjects, g.first, g.count);
        const QString ruleText = QStringLiteral("%1 (%2)").arg(rule, QLocale().toString(g.count));
        ruleRow->setText(RuleColumn, ruleText);
        ruleRow->setFont(RuleColumn, bold);
        ruleRow->setToolTip(
            RuleColumn,
            tr("%1: %2 on %3")
                .arg(rule, plural(g.count, "finding", "findings"), plural(static_cast<int>(g.subjects.size()), "subject", "subjects")));
        ruleRow->setText(SubjectColumn, subjects);
        m_maxCount = std::max(m_maxCount, g.count);
        m_ruleWidth = std::max(m_ruleWidth, boldMetrics.horizontalAdvance(ruleText)); // wider than its rows' plain rule
        for (const SubjectGroup &s : g.subjects) {
            if (s.findings.size() == 1) {
                addFinding(ruleRow, s.findings.front());
                continue;
            }
            const QString subject = QString::fromStdString(s.subject);
            const int count = static_cast<int>(s.findings.size());
            QTreeWidgetItem *subjectRow = groupRow(ruleRow, rule + QLatin1Char('\n') + subject, s.worst, rule, subject, s.first, count);
            subjectRow->setText(RuleColumn, rule);
            subjectRow->setText(SubjectColumn, QStringLiteral("%1 (%2)").arg(subject, QLocale().toString(count)));
            subjectRow->setToolTip(SubjectColumn, tr("%1: %2").arg(subject, plural(count, "finding", "findings")));
            for (int f : s.findings) {
                QTreeWidgetItem *leaf = addFinding(subjectRow, f);
                leaf->setForeground(RuleColumn, quiet);
                leaf->setForeground(SubjectColumn, quiet);
            }
            if (m_expanded.contains(subjectRow->data(0, kGroupKeyRole).toString()))
                subjectRow->setExpanded(true);
        }
        if (m_expanded.contains(rule))
            ruleRow->setExpanded(true);
    }
}

// Severity, time and count have fixed widths; the rule column takes what its names need, up
// to 55 % of what is left; the subject takes the rest (elided at its start), so the four key
// columns stay in view down to a narrow dock and widths do not jump when the selection changes.
void FindingsPanel::fitColumns()
{
    const QFontMetrics fm = m_table->fontMetrics();
    // The item delegate's text margin on both sides, and a little air.
    const int pad = 2 * (m_table->style()->pixelMetric(QStyle::PM_FocusFrameHMargin, nullptr, m_table) + 1) + 4;
    const int levels = m_grouped ? 3 : 0; // root decoration and two group levels
    const int icon = m_table->iconSize().isValid() ? m_table->iconSize().width() : 16;
    const int severity = std::max(levels * m_table->indentation() + std::max(icon, 16) + 8, fm.horizontalAdvance(tr("Sev")) + pad + 12);
    const int time = std::max(fm.horizontalAdvance(QStringLiteral("00:00:00")), fm.horizontalAdvance(tr("Time"))) + pad;
    const int count = m_grouped
        ? std::max(fm.horizontalAdvance(QLocale().toString(m_maxCount)), fm.horizontalAdvance(QStringLiteral("#"))) + pad
        : 0; // hidden when flat
    const int rest = std::max(0, m_table->viewport()->width() - severity - time - count);
    QHeaderView *header = m_table->header();
    header->resizeSection(SeverityColumn, severity);
    header->resizeSection(TimeColumn, time);
    if (m_grouped)
        header->resizeSection(CountColumn, count);
    header->resizeSection(RuleColumn, std::clamp(m_ruleWidth + pad, 48, std::max(48, rest * 11 / 20)));
}

bool FindingsPanel::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_table->viewport() && event->type() == QEvent::Resize)
        fitColumns();
    if (watched == m_table && event->type() == QEvent::KeyPress) {
        const int key = static_cast<QKeyEvent *>(event)->key();
        QTreeWidgetItem *item = m_table->currentItem();
        if ((key == Qt::Key_Return || key == Qt::Key_Enter) && item && item->data(0, kFindingRole).toInt() < 0) {
            item->setExpanded(!item->isExpanded());
            return true;
        }
    }
    return QWidget::eventFilter(watched, event);
}

// A theme switch: the quieter text of grouped rows follows the new palette; the selection,
// open groups and sort order stay.
void FindingsPanel::changeEvent(QEvent *event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange && m_model && m_grouped)
        fill();
}

void FindingsPanel::selectFinding(int index)
{
    ++m_updating;
    if (index < 0 || !m_model || static_cast<std::size_t>(index) >= m_model->analysis().findings.size()) {
        m_table->setCurrentItem(nullptr);
        --m_updating;
        return;
    }
    if (!itemOfFinding(index)) // hidden by the severity filter: show its severity again
        setMinimumSeverity(std::min(m_minimum, m_model->analysis().findings[static_cast<std::size_t>(index)].severity));
    revealFinding(index);
    --m_updating;
}

QString FindingsPanel::explanationHtml() const
{
    return m_details->toHtml();
}

QByteArray FindingsPanel::saveState() const
{
    QByteArray out;
    QDataStream stream(&out, QIODevice::WriteOnly);
    stream << qint32(kStateVersion) << m_splitter->saveState() << qint32(m_table->sortColumn())
           << qint32(m_table->header()->sortIndicatorOrder()) << qint32(static_cast<int>(m_minimum));
    return out;
}

bool FindingsPanel::restoreState(const QByteArray &state)
{
    QDataStream stream(state);
    qint32 version = 0, column = 0, order = 0, minimum = 0;
    QByteArray split;
    stream >> version >> split >> column >> order >> minimum;
    if (stream.status() != QDataStream::Ok || version != kStateVersion || column < 0 || column >= ColumnCount)
        return false;
    m_splitter->restoreState(split);
    m_table->sortByColumn(column, order == Qt::AscendingOrder ? Qt::AscendingOrder : Qt::DescendingOrder);
    setMinimumSeverity(static_cast<core::Severity>(std::clamp<qint32>(minimum, 0, static_cast<int>(core::Severity::Fatal))));
    return true;
}

QString FindingsPanel::describe(const core::Analysis &analysis, std::size_t index, int utcOffset, int highlightStep)
{
    if (index >= analysis.findings.size())
        return {};
    const core::Finding &f = analysis.findings[index];
    const core::Incident &inc = *analysis.incident;
    auto esc = [](const std::string &s) { return QString::fromStdString(s).toHtmlEscaped(); };
    QString html = QStringLiteral("<h3 style='margin:0'>%1</h3>").arg(esc(f.title));
    html +=
        QStringLiteral("<p style='margin-top:2px'><b>%1</b> · %2 · %3 – %4</p>")
            .arg(esc(f.rule), esc(f.subject.text()), formatTimestamp(f.start, utcOffset, 6), formatTimestamp(f.end, utcOffset, 6, false));
    if (!f.explanation.empty())
        html += QStringLiteral("<p>%1</p>").arg(esc(f.explanation).replace('\n', QStringLiteral("<br>")));
    if (!f.chain.empty()) {
        html += QStringLiteral("<p><b>Causal chain</b></p><ol style='margin-top:0'>");
        for (std::size_t i = 0; i < f.chain.size(); ++i) {
            const core::ChainStep &s = f.chain[i];
            QString line = QStringLiteral("<tt>%1</tt> %2").arg(formatTimestamp(s.time, utcOffset, 6, false), esc(s.text));
            if (s.event != core::kNoEvent && s.event.index() < inc.events.size())
                line = QStringLiteral("<a href='event:%1'>%2</a>").arg(s.event.value()).arg(line);
            if (static_cast<int>(i) == highlightStep)
                line = QStringLiteral("<span style='background:#F0E442;color:black'><b>%1</b></span>").arg(line);
            html += QStringLiteral("<li>%1</li>").arg(line);
        }
        html += QStringLiteral("</ol>");
    }
    if (!f.evidence.empty()) {
        html += QStringLiteral("<p><b>Evidence</b> (%1 lines)</p><ul style='margin-top:0'>").arg(f.evidence.size());
        std::size_t shown = 0;
        for (core::EventIndex e : f.evidence) {
            if (e.index() >= inc.events.size())
                continue;
            if (++shown > 40) {
                html += QStringLiteral("<li>…</li>");
                break;
            }
            const core::Event &ev = inc.event(e);
            QString msg = QString::fromUtf8(inc.message(ev).data(), static_cast<qsizetype>(inc.message(ev).size()));
            if (msg.size() > 160)
                msg = msg.left(159) + QStringLiteral("…");
            html += QStringLiteral("<li><a href='event:%1'><tt>%2</tt></a> %3</li>")
                        .arg(e.value())
                        .arg(formatTimestamp(ev.time, utcOffset, 6, false), msg.toHtmlEscaped());
        }
        html += QStringLiteral("</ul>");
    }
    if (!f.references.empty()) {
        html += QStringLiteral("<p><b>References</b><br>");
        for (const auto &r : f.references)
            html += esc(r) + QStringLiteral("<br>");
        html += QStringLiteral("</p>");
    }
    return html;
}

void FindingsPanel::showDetails(QTreeWidgetItem *item)
{
    if (!m_model || !item) {
        m_details->clear();
        return;
    }
    const int index = item->data(0, kFindingRole).toInt();
    if (index >= 0) {
        m_details->setHtml(describe(m_model->analysis(), static_cast<std::size_t>(index), m_utcOffset));
        return;
    }
    // A group's summary stays the same until the table is filled again: made once, not on every visit.
    const QString key = item->data(0, kGroupKeyRole).toString();
    auto summary = m_groupSummaries.find(key);
    if (summary == m_groupSummaries.end())
        summary = m_groupSummaries.insert(key, groupSummary(item));
    m_details->setHtml(*summary);
}

// A group row: how many findings on which subjects, over what time, and the first few titles.
QString FindingsPanel::groupSummary(QTreeWidgetItem *item) const
{
    const auto &findings = m_model->analysis().findings;
    std::vector<int> members;
    std::vector<QTreeWidgetItem *> stack{item};
    while (!stack.empty()) {
        QTreeWidgetItem *i = stack.back();
        stack.pop_back();
        if (const int f = i->data(0, kFindingRole).toInt(); f >= 0 && i != item)
            members.push_back(f);
        for (int c = 0; c < i->childCount(); ++c)
            stack.push_back(i->child(c));
    }
    if (members.empty())
        return {};
    std::sort(members.begin(), members.end(),
              [&](int a, int b) { return findings[static_cast<std::size_t>(a)].start < findings[static_cast<std::size_t>(b)].start; });
    core::Timestamp last = findings[static_cast<std::size_t>(members.front())].end;
    for (int f : members)
        last = std::max(last, findings[static_cast<std::size_t>(f)].end);
    const QString key = item->data(0, kGroupKeyRole).toString();
    auto esc = [](const std::string &s) { return QString::fromStdString(s).toHtmlEscaped(); };
    QString html = QStringLiteral("<h3 style='margin:0'>%1</h3>").arg(key.toHtmlEscaped().replace('\n', QStringLiteral(" · ")));
    html += QStringLiteral("<p style='margin-top:2px'>%1, %2 – %3. Open the group and pick one to see its explanation.</p>")
                .arg(plural(static_cast<int>(members.size()), "finding", "findings"),
                     formatTimestamp(findings[static_cast<std::size_t>(members.front())].start, m_utcOffset, 3),
                     formatTimestamp(last, m_utcOffset, 3, false));
    html += QStringLiteral("<ul style='margin-top:0'>");
    constexpr std::size_t kListed = 12;
    for (std::size_t k = 0; k < std::min(members.size(), kListed); ++k) {
        const core::Finding &f = findings[static_cast<std::size_t>(members[k])];
        html += QStringLiteral("<li><tt>%1</tt> %2</li>")
                    .arg(QString::fromStdString(core::formatTimeOfDay(f.start, 0, m_utcOffset)), esc(f.title));
    }
    if (members.size() > kListed)
        html += QStringLiteral("<li>… %1 more</li>").arg(QLocale().toString(static_cast<int>(members.size() - kListed)));
    html += QStringLiteral("</ul>");
    return html;
}

} // namespace kubelane::ui
