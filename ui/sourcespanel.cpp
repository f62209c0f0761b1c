#include "sourcespanel.h"

#include "loadsettings.h"
#include "palette.h"
#include "timeaxisticker.h"

#include "core/load/loader.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QSettings>
#include <QSpinBox>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace kubelane::ui {

SourcesPanel::SourcesPanel(QWidget *parent) : QWidget(parent)
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    m_tree = new QTreeWidget(this);
    m_tree->setHeaderLabels({tr("Source"), tr("Format"), tr("Component"), tr("Node"), tr("Lines"), tr("Events"), tr("Not understood"),
                             tr("From (UTC)"), tr("To (UTC)"), tr("Clock"), tr("Shape"), tr("Not log lines")});
    m_tree->setUniformRowHeights(true);
    m_tree->setAlternatingRowColors(true);
    layout->addWidget(m_tree);
    layout->addLayout(memoryLimitRow());
}

// The load's memory bound (what --max-memory sets), kept in the settings; the next load uses it.
QLayout *SourcesPanel::memoryLimitRow()
{
    auto *row = new QHBoxLayout;
    row->setContentsMargins(4, 2, 4, 2);
    auto *label = new QLabel(tr("Memory limit for loading:"), this);
    m_memoryLimit = new QSpinBox(this);
    m_memoryLimit->setRange(1, 1024);
    m_memoryLimit->setSuffix(tr(" GiB"));
    m_memoryLimit->setToolTip(tr("Loading stops past this much memory, keeping what it has and naming the files it did not load. "
                                 "Takes effect at the next load (also --max-memory)."));
    m_memoryLimit->setValue(int(savedMaxMemory() >> 30));
    label->setBuddy(m_memoryLimit);
    connect(m_memoryLimit, &QSpinBox::valueChanged, this, [](int gib) { saveMaxMemory(std::uint64_t(gib) << 30); });
    row->addWidget(label);
    row->addWidget(m_memoryLimit);
    row->addStretch();
    return row;
}

void SourcesPanel::setIncident(std::shared_ptr<const core::Incident> incident, const QStringList &analysisProblems)
{
    m_tree->clear();
    m_problems = 0;
    if (!incident)
        return;
    std::vector<const core::Source *> sources;
    for (const auto &s : incident->sources)
        sources.push_back(&s);
    // Problems first: a reader should not have to scroll to find them.
    std::stable_sort(sources.begin(), sources.end(), [](const core::Source *a, const core::Source *b) {
        auto bad = [](const core::Source *s) { return !s->error.empty() ? 2 : s->unparsedLines > 0 ? 1 : 0; };
        return bad(a) > bad(b);
    });
    for (const core::Source *s : sources) {
        auto *item = new QTreeWidgetItem(m_tree);
        item->setText(0, QString::fromStdString(s->path));
        item->setToolTip(0, QString::fromStdString(s->path));
        item->setText(1, QString::fromStdString(s->error.empty() ? s->formatDetail : "error: " + s->error));
        QString component = QString::fromStdString(s->component);
        if (!s->attribution.podName.empty())
            component += QString::fromStdString(" (pod " + s->attribution.pod()
                                                + (s->attribution.container.empty() ? "" : ", " + s->attribution.container) + ")");
        item->setText(2, component);
        item->setToolTip(2,
                         tr("Attributed by %1").arg(QString::fromStdString(s->componentOrigin.empty() ? "nothing" : s->componentOrigin)));
        item->setText(3, QString::fromStdString(s->node));
        item->setText(4, QString::number(s->lineCount));
        item->setText(5, QString::number(s->eventCount));
        item->setText(6, QString::number(s->unparsedLines));
        item->setText(7, s->first.isValid() ? QString::fromStdString(core::formatRfc3339(s->first, 3)) : QString());
        item->setText(8, s->last.isValid() ? QString::fromStdString(core::formatRfc3339(s->last, 3)) : QString());
        QString clock = QString::fromStdString(core::formatUtcOffset(s->clock.utcOffsetSeconds));
        if (s->clock.skew.ns != 0)
            clock += tr(", skew %1").arg(formatPreciseDuration(s->clock.skew));
        item->setText(9, clock);
        item->setToolTip(
            9, QString::fromStdString(s->clock.offsetEvidence + (s->clock.skewEvidence.empty() ? "" : "\n" + s->clock.skewEvidence)));
        item->setText(10, QString::fromStdString(s->shape.empty() ? "file" : s->shape));
        item->setText(11, QString::number(s->nonLogLines));
        if (!s->error.empty()) {
            ++m_problems;
            item->setForeground(1, okabeito::vermillion);
        }
        if (s->unparsedLines > 0) {
            ++m_problems;
            item->setForeground(6, okabeito::vermillion);
        }
        for (const core::Diagnostic &d : s->diagnostics) {
            auto *child = new QTreeWidgetItem(item);
            child->setText(0, tr("line %1 (byte %2)").arg(d.line).arg(d.offset));
            child->setText(1, QString::fromLatin1(core::diagnosticName(d.reason)));
        }
    }
    // Every input is accounted for: the files not loaded are listed with the reason.
    for (const core::SkippedInput &skipped : incident->skipped) {
        auto *item = new QTreeWidgetItem(m_tree);
        item->setText(0, QString::fromStdString(skipped.path));
        item->setToolTip(0, QString::fromStdString(skipped.path));
        item->setText(1, tr("not loaded: %1").arg(QString::fromStdString(skipped.reason)));
        item->setToolTip(1, QString::fromStdString(skipped.reason));
    }
    if (!incident->notes.empty() || !analysisProblems.isEmpty()) {
        auto *notes = new QTreeWidgetItem(m_tree);
        notes->setText(0, tr("Notes from loading and analysis"));
        for (const auto &n : incident->notes) {
            auto *child = new QTreeWidgetItem(notes);
            child->setText(0, QString::fromStdString(n));
            child->setToolTip(0, QString::fromStdString(n));
        }
        for (const QString &p : analysisProblems) {
            ++m_problems;
            auto *child = new QTreeWidgetItem(notes);
            child->setText(0, p);
            child->setToolTip(0, p);
            child->setForeground(0, okabeito::vermillion);
        }
        notes->setExpanded(true);
    }
    for (int c = 1; c < m_tree->columnCount(); ++c)
        m_tree->resizeColumnToContents(c);
    m_tree->setColumnWidth(0, 420);
}

} // namespace kubelane::ui
