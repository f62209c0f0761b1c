#include "logview.h"

#include "core/load/eventfields.h"
#include "core/util/textscan.h"

#include "lanefilter.h"
#include "timeaxisticker.h"

#include <QCheckBox>
#include <QFontDatabase>
#include <QHBoxLayout>
#include <QLabel>
#include <QPlainTextEdit>
#include <QSplitter>
#include <QTextBlock>
#include <QTextBrowser>
#include <QVBoxLayout>

#include <re2/re2.h>

namespace kubelane::ui {

namespace {
constexpr int kContext = 60;

QString qs(std::string_view s)
{
    return QString::fromUtf8(s.data(), static_cast<qsizetype>(s.size()));
}
} // namespace

LogView::LogView(QWidget *parent) : QWidget(parent)
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    auto *split = new QSplitter(Qt::Horizontal, this);
    layout->addWidget(split);
    m_details = new QTextBrowser(split);
    m_details->setOpenLinks(false);
    auto *rawBox = new QWidget(split);
    auto *rawLayout = new QVBoxLayout(rawBox);
    rawLayout->setContentsMargins(0, 0, 0, 0);
    rawLayout->setSpacing(2);
    auto *titleRow = new QHBoxLayout;
    m_title = new QLabel(rawBox);
    m_title->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_title->setTextFormat(Qt::PlainText);
    // A long path must not widen the panel (the docks would jump on every selection).
    m_title->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    auto *wrap = new QCheckBox(tr("Wrap"), rawBox);
    wrap->setToolTip(tr("Wrap long lines (messages after a long prefix stay readable)"));
    wrap->setChecked(true);
    titleRow->addWidget(m_title, 1);
    titleRow->addWidget(wrap);
    m_raw = new QPlainTextEdit(rawBox);
    m_raw->setObjectName(QStringLiteral("rawLines"));
    m_raw->setReadOnly(true);
    m_raw->setLineWrapMode(QPlainTextEdit::WidgetWidth);
    m_raw->setWordWrapMode(QTextOption::WrapAtWordBoundaryOrAnywhere);
    connect(wrap, &QCheckBox::toggled, this,
            [this](bool on) { m_raw->setLineWrapMode(on ? QPlainTextEdit::WidgetWidth : QPlainTextEdit::NoWrap); });
    m_raw->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_raw->setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::TextSelectableByKeyboard);
    rawLayout->addLayout(titleRow);
    rawLayout->addWidget(m_raw);
    split->addWidget(m_details);
    split->addWidget(rawBox);
    split->setStretchFactor(0, 2);
    split->setStretchFactor(1, 3);
    // Sizes in proportion (the splitter scales them to its width): the details keep room for
    // their field table instead of the long raw lines taking it all.
    m_details->setMinimumWidth(160);
    split->setSizes({2000, 3000});
    connect(m_raw, &QPlainTextEdit::cursorPositionChanged, this, &LogView::rawCursorMoved);
    m_details->setHtml(tr("<p>Click a mark in the timeline to see its log line here.</p>"));
}

void LogView::setLaneModel(std::shared_ptr<const LaneModel> model)
{
    m_model = std::move(model);
    m_lines.reset(m_model ? m_model->analysis().incident : nullptr);
    m_event = core::kNoEvent;
    m_raw->clear();
    m_title->clear();
    m_details->setHtml(tr("<p>Click a mark in the timeline to see its log line here.</p>"));
}

void LogView::setUtcOffset(int seconds)
{
    m_utcOffset = seconds;
    if (m_event != core::kNoEvent)
        showDetails(m_event);
}

LogView::Excerpt LogView::excerpt(const core::Incident &incident, core::EventIndex event, int context)
{
    Excerpt out;
    if (event.index() >= incident.events.size())
        return out;
    const core::Event &e = incident.event(event);
    const core::Source &src = incident.sources[e.source];
    if (!src.bytes || e.offset > src.bytes->size())
        return out;
    const std::string_view text(*src.bytes);
    // Walk back `context` line starts from the event's offset (the start of its first line).
    std::size_t start = std::min<std::size_t>(e.offset, text.size());
    int before = 0;
    while (before < context && start > 0) {
        const std::size_t prevEnd = start - 1; // the '\n' that ends the previous line
        std::size_t prevStart = prevEnd == 0 ? std::string_view::npos : text.rfind('\n', prevEnd - 1);
        prevStart = prevStart == std::string_view::npos ? 0 : prevStart + 1;
        start = prevStart;
        ++before;
    }
    const std::uint32_t eventLine = incident.lineOf(e);
    out.firstLine = eventLine > static_cast<std::uint32_t>(before) ? eventLine - static_cast<std::uint32_t>(before) : 1;
    out.eventRow = static_cast<int>(eventLine - out.firstLine);
    out.eventRows = static_cast<int>(incident.lineCountOf(e));
    const int total = out.eventRow + out.eventRows + context;
    core::text::forEachLine(text.substr(start), [&](std::string_view line, std::size_t, std::uint32_t number) {
        line = line.substr(0, 4000);
        out.lines << QString::fromUtf8(line.data(), static_cast<qsizetype>(line.size()));
        return static_cast<int>(number) < total;
    });
    return out;
}

core::EventIndex LogView::eventAtLine(core::SourceId source, std::uint32_t line)
{
    return m_lines.eventAt(source, line);
}

void LogView::showEvent(core::EventIndex event)
{
    if (!m_model || event.index() >= m_model->incident().events.size())
        return;
    m_event = event;
    showDetails(event);
    const core::Incident &inc = m_model->incident();
    const core::Event &e = inc.event(event);
    // Still inside the excerpt shown (the user clicked a neighbouring line): keep the text,
    // move the highlight, so the view does not jump under the mouse.
    const std::uint32_t line = inc.lineOf(e);
    const bool inside = m_excerptSource == e.source && !m_excerpt.lines.isEmpty() && line >= m_excerpt.firstLine + 5
        && line + 5 < m_excerpt.firstLine + static_cast<std::uint32_t>(m_excerpt.lines.size());
    if (!inside) {
        m_excerpt = excerpt(inc, event, kContext);
        m_excerptSource = e.source;
        m_updating = true;
        QStringList numbered;
        const int width = QString::number(m_excerpt.firstLine + static_cast<std::uint32_t>(m_excerpt.lines.size())).size();
        for (int i = 0; i < m_excerpt.lines.size(); ++i)
            numbered << QStringLiteral("%1 │ %2").arg(m_excerpt.firstLine + static_cast<std::uint32_t>(i), width).arg(m_excerpt.lines[i]);
        m_raw->setPlainText(numbered.join('\n'));
        m_updating = false;
    }
    m_title->setText(QStringLiteral("%1 : %2").arg(QString::fromStdString(inc.sources[e.source].path)).arg(line));
    const int row = static_cast<int>(line - m_excerpt.firstLine);
    updateHighlights();
    m_updating = true;
    QTextCursor c(m_raw->document()->findBlockByNumber(row));
    m_raw->setTextCursor(c);
    m_raw->centerCursor();
    m_updating = false;
}

void LogView::setSearch(const QString &pattern)
{
    m_search = pattern;
    m_searchRe = pattern.trimmed().isEmpty() ? nullptr : std::shared_ptr<const re2::RE2>(LaneFilter::compile(pattern));
    updateHighlights();
}

// The event's lines (yellow) and, over them, every span the search matches (orange outline).
void LogView::updateHighlights()
{
    QList<QTextEdit::ExtraSelection> selections;
    if (m_model && m_event != core::kNoEvent && !m_excerpt.lines.isEmpty()) {
        const core::Event &e = m_model->incident().event(m_event);
        const int row = static_cast<int>(m_model->incident().lineOf(e) - m_excerpt.firstLine);
        for (int r = row; r < row + static_cast<int>(m_model->incident().lineCountOf(e)); ++r) {
            QTextEdit::ExtraSelection sel;
            sel.cursor = QTextCursor(m_raw->document()->findBlockByNumber(r));
            sel.format.setBackground(QColor(0xF0, 0xE4, 0x42, 150));
            sel.format.setForeground(QColor(0, 0, 0));
            sel.format.setProperty(QTextFormat::FullWidthSelection, true);
            selections << sel;
        }
    }
    m_searchHits = 0;
    if (m_searchRe)
        for (QTextBlock block = m_raw->document()->begin(); block.isValid(); block = block.next())
            highlightMatches(block, *m_searchRe, selections);
    m_raw->setExtraSelections(selections);
}

namespace {

// UTF-16 units of a run of valid UTF-8: one per character, two past the BMP.
int utf16Length(const char *p, std::size_t bytes)
{
    int units = 0;
    for (std::size_t i = 0; i < bytes; ++i) {
        const auto b = static_cast<unsigned char>(p[i]);
        units += (b & 0xC0) != 0x80 ? (b >= 0xF0 ? 2 : 1) : 0;
    }
    return units;
}

} // namespace

// The search's matches in one raw line, the line only: its "NNN │ " number gutter is ours, not
// the log's, so "^" anchors at the log text and digits of line numbers never match.
void LogView::highlightMatches(const QTextBlock &block, const re2::RE2 &re, QList<QTextEdit::ExtraSelection> &selections)
{
    const QString text = block.text();
    const qsizetype gutter = text.indexOf(QStringLiteral("│ "));
    const int textStart = block.position() + (gutter >= 0 ? static_cast<int>(gutter) + 2 : 0);
    const std::string utf8 = text.mid(gutter >= 0 ? gutter + 2 : 0).toStdString();
    const re2::StringPiece input(utf8);
    re2::StringPiece match;
    std::size_t from = 0, counted = 0; // bytes converted to UTF-16 so far, and their units
    int units = 0;
    while (from <= utf8.size() && re.Match(input, from, utf8.size(), RE2::UNANCHORED, &match, 1)) {
        const auto begin = static_cast<std::size_t>(match.data() - utf8.data());
        units += utf16Length(utf8.data() + counted, begin - counted);
        const int matchUnits = utf16Length(match.data(), match.size());
        counted = begin;
        QTextCursor c(block);
        c.setPosition(textStart + units);
        c.setPosition(textStart + units + matchUnits, QTextCursor::KeepAnchor);
        QTextEdit::ExtraSelection sel;
        sel.cursor = c;
        sel.format.setBackground(QColor(0xE6, 0x9F, 0x00));
        sel.format.setForeground(QColor(0, 0, 0));
        selections << sel;
        ++m_searchHits;
        from = begin + std::max<std::size_t>(match.size(), 1); // an empty match moves on one byte
    }
}

void LogView::rawCursorMoved()
{
    if (m_updating || !m_model || m_excerpt.lines.isEmpty())
        return;
    const int row = m_raw->textCursor().blockNumber();
    const std::uint32_t line = m_excerpt.firstLine + static_cast<std::uint32_t>(row);
    const core::EventIndex event = eventAtLine(m_excerptSource, line);
    if (event != core::kNoEvent && event != m_event)
        emit eventActivated(event);
}

QString LogView::timeCorrection(const core::Incident &incident, core::EventIndex event, int displayOffsetSeconds)
{
    const core::Event &e = incident.event(event);
    const core::ClockInfo &clock = incident.sources[e.source].clock;
    QStringList parts;
    // What the line's own clock said: its reading in the source's zone, before the skew.
    const core::Timestamp raw = e.time - clock.skew;
    if (clock.skew.ns != 0)
        parts << tr("%1%2 skew (%3): the line says %4")
                     .arg(clock.skew.ns > 0 ? QStringLiteral("+") : QString(), formatPreciseDuration(clock.skew),
                          QString::fromStdString(clock.skewEvidence), formatTimestamp(raw, clock.utcOffsetSeconds, 6, false));
    if (clock.utcOffsetSeconds != displayOffsetSeconds)
        parts << tr("the line's clock reads %1, shown here in %2 (%3)")
                     .arg(zoneName(clock.utcOffsetSeconds), zoneName(displayOffsetSeconds),
                          clock.offsetEvidence.empty() ? tr("assumed") : QString::fromStdString(clock.offsetEvidence));
    return parts.join(QStringLiteral("; "));
}

QString LogView::detailsText() const
{
    return m_details->toPlainText();
}

void LogView::showDetails(core::EventIndex event)
{
    const core::Incident &inc = m_model->incident();
    const core::Event &e = inc.event(event);
    const core::Source &src = inc.sources[e.source];
    auto row = [](const QString &k, const QString &v) {
        return QStringLiteral("<tr><td style='padding-right:8px'><b>%1</b></td><td>%2</td></tr>").arg(k.toHtmlEscaped(), v.toHtmlEscaped());
    };
    QString html = QStringLiteral("<table cellspacing='0'>");
    html += row(tr("time"), formatTimestamp(e.time, m_utcOffset, 9));
    if (m_utcOffset != 0)
        html += row(QString(), formatTimestamp(e.time, 0, 9));
    if (const QString correction = timeCorrection(inc, event, m_utcOffset); !correction.isEmpty())
        html += row(tr("corrected"), correction);
    const LaneId lane = m_model->laneOfEvent(event);
    if (lane.valid())
        html += row(tr("lane"), m_model->lane(lane).key);
    html += row(tr("type"), qs(inc.typeName(e)));
    html += row(tr("severity"), QString::fromLatin1(core::severityName(e.severity)));
    html += row(tr("goroutine"), qs(inc.roleName(e)));
    if (inc.componentOf(e) != core::kNoString)
        html += row(tr("component"), qs(inc.text(inc.componentOf(e))));
    if (inc.nodeOf(e) != core::kNoString)
        html += row(tr("node"), qs(inc.text(inc.nodeOf(e))));
    if (inc.podOf(e) != core::kNoPod)
        html += row(tr("pod"), QString::fromStdString(inc.podName(inc.podOf(e))));
    if (inc.containerOf(e) != core::kNoString)
        html += row(tr("container"), qs(inc.text(inc.containerOf(e))));
    if (inc.fileOf(e) != core::kNoString)
        html += row(tr("logged at"), qs(inc.text(inc.fileOf(e))));
    html += row(tr("source"), QStringLiteral("%1:%2").arg(QString::fromStdString(src.path)).arg(inc.lineOf(e)));
    // A field that only says again what a row above says (the node a line names is the
    // event's node) is not shown twice.
    for (const auto &[key, value] : core::eventFields(inc, e)) {
        if ((key == "node" && value == inc.text(inc.nodeOf(e))) || (key == "container" && value == inc.text(inc.containerOf(e))))
            continue;
        html += row(QString::fromStdString(key), QString::fromStdString(value));
    }
    html += QStringLiteral("</table>");
    QString msg = qs(inc.message(e));
    if (msg.size() > 2000)
        msg = msg.left(1999) + QStringLiteral("…");
    html += QStringLiteral("<p><tt>%1</tt></p>").arg(msg.toHtmlEscaped());
    m_details->setHtml(html);
}

} // namespace kubelane::ui
