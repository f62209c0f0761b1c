#include "findingspanel.h"

#include "timeaxisticker.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QSplitter>
#include <QTextBrowser>
#include <QTreeWidget>
#include <QUrl>

namespace kubelane::ui {

namespace {

QString severityText(core::Severity s) { return QString::fromLatin1(core::severityName(s)); }

QColor severityColor(core::Severity s)
{
    return s >= core::Severity::Error ? okabeito::vermillion : s == core::Severity::Warning ? okabeito::orange : QColor();
}

} // namespace

FindingsPanel::FindingsPanel(QWidget *parent) : QWidget(parent)
{
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    auto *split = new QSplitter(Qt::Horizontal, this);
    layout->addWidget(split);
    m_table = new QTreeWidget(split);
    m_table->setHeaderLabels({tr("Severity"), tr("Rule"), tr("Subject"), tr("Time"), tr("Title")});
    m_table->setRootIsDecorated(false);
    m_table->setAlternatingRowColors(true);
    m_table->setUniformRowHeights(true);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->header()->setStretchLastSection(true);
    m_details = new QTextBrowser(split);
    m_details->setOpenLinks(false);
    split->addWidget(m_table);
    split->addWidget(m_details);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);

    connect(m_table, &QTreeWidget::currentItemChanged, this, [this](QTreeWidgetItem *item) {
        const int index = item ? item->data(0, Qt::UserRole).toInt() : -1;
        showDetails(index);
        if (!m_updating && index >= 0)
            emit findingSelected(index);
    });
    // Clicking the finding already selected zooms to it again.
    connect(m_table, &QTreeWidget::itemClicked, this, [this](QTreeWidgetItem *item) {
        if (!m_updating && item)
            emit findingSelected(item->data(0, Qt::UserRole).toInt());
    });
    connect(m_details, &QTextBrowser::anchorClicked, this, [this](const QUrl &url) {
        if (url.scheme() == QLatin1String("event"))
            emit eventActivated(static_cast<std::size_t>(url.path().toULongLong()));
    });
}

void FindingsPanel::setLaneModel(std::shared_ptr<const LaneModel> model)
{
    m_model = std::move(model);
    fill();
}

void FindingsPanel::setUtcOffset(int seconds)
{
    m_utcOffset = seconds;
    const int current = currentFinding();
    fill();
    selectFinding(current);
}

int FindingsPanel::findingCount() const { return m_table->topLevelItemCount(); }

int FindingsPanel::currentFinding() const
{
    const QTreeWidgetItem *item = m_table->currentItem();
    return item ? item->data(0, Qt::UserRole).toInt() : -1;
}

void FindingsPanel::fill()
{
    m_updating = true;
    m_table->clear();
    m_details->clear();
    if (m_model) {
        const auto &findings = m_model->analysis().findings;
        for (std::size_t i = 0; i < findings.size(); ++i) {
            const core::Finding &f = findings[i];
            auto *item = new QTreeWidgetItem(m_table);
            item->setData(0, Qt::UserRole, static_cast<int>(i));
            item->setText(0, severityText(f.severity));
            item->setText(1, QString::fromStdString(f.rule));
            item->setText(2, QString::fromStdString(f.subject));
            item->setText(3, formatTimestamp(f.start, m_utcOffset, 3));
            item->setText(4, QString::fromStdString(f.title));
            item->setToolTip(4, QString::fromStdString(f.title));
            if (const QColor c = severityColor(f.severity); c.isValid())
                item->setForeground(0, c);
        }
        if (findings.empty())
            m_details->setHtml(tr("<p>No rule fired on this bundle.</p><p>The timeline still shows every event; "
                                  "use the filter to find lanes and text.</p>"));
        for (int c = 0; c < 4; ++c)
            m_table->resizeColumnToContents(c);
    }
    m_updating = false;
}

void FindingsPanel::selectFinding(int index)
{
    m_updating = true;
    for (int i = 0; i < m_table->topLevelItemCount(); ++i) {
        QTreeWidgetItem *item = m_table->topLevelItem(i);
        if (item->data(0, Qt::UserRole).toInt() == index) {
            m_table->setCurrentItem(item);
            m_table->scrollToItem(item);
        }
    }
    if (index < 0)
        m_table->setCurrentItem(nullptr);
    m_updating = false;
}

QString FindingsPanel::explanationHtml() const { return m_details->toHtml(); }

QString FindingsPanel::describe(const core::Analysis &analysis, std::size_t index, int utcOffset, int highlightStep)
{
    if (index >= analysis.findings.size())
        return {};
    const core::Finding &f = analysis.findings[index];
    const core::Incident &inc = *analysis.incident;
    auto esc = [](const std::string &s) { return QString::fromStdString(s).toHtmlEscaped(); };
    QString html = QStringLiteral("<h3 style='margin:0'>%1</h3>").arg(esc(f.title));
    html += QStringLiteral("<p style='margin-top:2px'><b>%1</b> · %2 · %3 – %4</p>")
                .arg(esc(f.rule), esc(f.subject), formatTimestamp(f.start, utcOffset, 6),
                     formatTimestamp(f.end, utcOffset, 6, false));
    if (!f.explanation.empty())
        html += QStringLiteral("<p>%1</p>").arg(esc(f.explanation).replace('\n', QStringLiteral("<br>")));
    if (!f.chain.empty()) {
        html += QStringLiteral("<p><b>Causal chain</b></p><ol style='margin-top:0'>");
        for (std::size_t i = 0; i < f.chain.size(); ++i) {
            const core::ChainStep &s = f.chain[i];
            QString line = QStringLiteral("<tt>%1</tt> %2").arg(formatTimestamp(s.time, utcOffset, 6, false), esc(s.text));
            if (s.event != core::kNoEvent && s.event < inc.events.size())
                line = QStringLiteral("<a href='event:%1'>%2</a>").arg(s.event).arg(line);
            if (static_cast<int>(i) == highlightStep)
                line = QStringLiteral("<span style='background:#F0E442;color:black'><b>%1</b></span>").arg(line);
            html += QStringLiteral("<li>%1</li>").arg(line);
        }
        html += QStringLiteral("</ol>");
    }
    if (!f.evidence.empty()) {
        html += QStringLiteral("<p><b>Evidence</b> (%1 lines)</p><ul style='margin-top:0'>").arg(f.evidence.size());
        std::size_t shown = 0;
        for (std::size_t e : f.evidence) {
            if (e >= inc.events.size())
                continue;
            if (++shown > 40) {
                html += QStringLiteral("<li>…</li>");
                break;
            }
            const core::Event &ev = inc.events[e];
            QString msg = QString::fromUtf8(inc.message(ev).data(), static_cast<qsizetype>(inc.message(ev).size()));
            if (msg.size() > 160)
                msg = msg.left(159) + QStringLiteral("…");
            html += QStringLiteral("<li><a href='event:%1'><tt>%2</tt></a> %3</li>")
                        .arg(e)
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

void FindingsPanel::showDetails(int index)
{
    if (!m_model || index < 0) {
        m_details->clear();
        return;
    }
    m_details->setHtml(describe(m_model->analysis(), static_cast<std::size_t>(index), m_utcOffset));
}

} // namespace kubelane::ui
