#include "overviewstrip.h"

#include "fontscale.h"
#include "timeaxisticker.h"

#include <QDir>
#include <QFileInfo>
#include <QHelpEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QToolTip>

#include <cmath>

namespace kubelane::ui {

namespace {
constexpr double kLabelWidth = 0; // labels are drawn inside the bars
}

OverviewStrip::OverviewStrip(QWidget *parent) : QWidget(parent)
{
    setMouseTracking(true);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
}

std::vector<const core::Source *> OverviewStrip::coverageSources() const
{
    std::vector<const core::Source *> rows;
    if (!m_model)
        return rows;
    for (const core::Source &s : m_model->incident().sources)
        if (!s.error.empty() || s.eventCount > 0 || s.unparsedLines > 0)
            rows.push_back(&s);
    return rows;
}

QSize OverviewStrip::sizeHint() const
{
    const int sources = static_cast<int>(coverageSources().size());
    return QSize(800, static_cast<int>(histogramHeight() + 8 + sources * coverageRowHeight() + 4));
}

QSize OverviewStrip::minimumSizeHint() const
{
    return QSize(200, sizeHint().height());
}

double OverviewStrip::coverageRowHeight() const
{
    const int sources = static_cast<int>(coverageSources().size());
    const double full = QFontMetrics(font()).height() * 0.72 + 1;
    if (m_compact)
        return sources <= 10 ? 6 : 3;
    return sources <= 10 ? full : sources <= 24 ? 6 : 3;
}

void OverviewStrip::setCompact(bool compact)
{
    if (m_compact == compact)
        return;
    m_compact = compact;
    updateGeometry();
    update();
}

void OverviewStrip::setPalette(const Palette &palette)
{
    m_palette = palette;
    update();
}

void OverviewStrip::setLaneModel(std::shared_ptr<const LaneModel> model)
{
    m_model = std::move(model);
    for (auto &b : m_bins)
        b.assign(kBins, 0);
    if (m_model) {
        m_first = m_model->first();
        m_last = m_model->last();
        const double span = std::max<double>(1, static_cast<double>((m_last - m_first).ns));
        for (const core::Event &e : m_model->incident().events) {
            const int bin = std::clamp(static_cast<int>(static_cast<double>((e.time - m_first).ns) / span * kBins), 0, kBins - 1);
            const int level = e.severity >= core::Severity::Error ? 2 : e.severity == core::Severity::Warning ? 1 : 0;
            ++m_bins[static_cast<std::size_t>(level)][static_cast<std::size_t>(bin)];
        }
    }
    updateGeometry();
    update();
}

void OverviewStrip::setVisibleRange(core::Timestamp start, core::Timestamp end)
{
    m_start = start;
    m_end = end;
    update();
}

QRectF OverviewStrip::plotArea() const
{
    return QRectF(6 + kLabelWidth, 2, width() - 12 - kLabelWidth, height() - 4);
}

core::Timestamp OverviewStrip::timeAt(double x) const
{
    const QRectF a = plotArea();
    const double f = (x - a.left()) / a.width();
    return m_first + core::Duration{static_cast<std::int64_t>(f * static_cast<double>((m_last - m_first).ns))};
}

double OverviewStrip::xOf(core::Timestamp t) const
{
    const QRectF a = plotArea();
    const double span = std::max<double>(1, static_cast<double>((m_last - m_first).ns));
    return a.left() + static_cast<double>((t - m_first).ns) / span * a.width();
}

void OverviewStrip::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    p.fillRect(rect(), m_palette.background);
    if (!m_model)
        return;
    const QRectF a = plotArea();
    const Palette &pal = m_palette;
    // Histogram: per pixel column, the events of the bins under it; sqrt scale so a burst of
    // ten errors is visible next to a hundred thousand info lines.
    const int columns = std::max(1, static_cast<int>(a.width()));
    std::array<std::vector<double>, 3> cols;
    double maxTotal = 1;
    for (int level = 0; level < 3; ++level)
        cols[static_cast<std::size_t>(level)].assign(static_cast<std::size_t>(columns), 0);
    for (int b = 0; b < kBins; ++b) {
        const int c = std::min(columns - 1, b * columns / kBins);
        for (int level = 0; level < 3; ++level)
            cols[static_cast<std::size_t>(level)][static_cast<std::size_t>(c)] +=
                m_bins[static_cast<std::size_t>(level)][static_cast<std::size_t>(b)];
    }
    for (int c = 0; c < columns; ++c)
        maxTotal = std::max(
            maxTotal, cols[0][static_cast<std::size_t>(c)] + cols[1][static_cast<std::size_t>(c)] + cols[2][static_cast<std::size_t>(c)]);
    const double h = histogramHeight();
    const double base = a.top() + h;
    const QColor colors[3] = {pal.category(EventCategory::Other), okabeito::orange, okabeito::vermillion};
    for (int c = 0; c < columns; ++c) {
        double y = base;
        const double total =
            cols[0][static_cast<std::size_t>(c)] + cols[1][static_cast<std::size_t>(c)] + cols[2][static_cast<std::size_t>(c)];
        if (total <= 0)
            continue;
        const double height = std::sqrt(total / maxTotal) * (h - 2);
        for (int level = 0; level < 3; ++level) {
            const double v = cols[static_cast<std::size_t>(level)][static_cast<std::size_t>(c)];
            if (v <= 0)
                continue;
            // Warnings and errors get at least a pixel: they are what the eye looks for.
            const double part = std::max(level > 0 ? 2.0 : 0.0, height * v / total);
            p.fillRect(QRectF(a.left() + c, y - part, 1, part), colors[level]);
            y -= part;
        }
    }
    p.setPen(QPen(pal.grid, 1));
    p.drawLine(QPointF(a.left(), base + 0.5), QPointF(a.right(), base + 0.5));
    // Findings: a small triangle at each start.
    for (const core::Finding &f : m_model->analysis().findings) {
        const double x = xOf(f.start);
        const QPointF tri[3] = {{x, a.top() + 7}, {x - 4, a.top()}, {x + 4, a.top()}};
        p.setPen(QPen(pal.text, 1));
        p.setBrush(f.severity >= core::Severity::Error ? okabeito::vermillion : okabeito::orange);
        p.setRenderHint(QPainter::Antialiasing, true);
        p.drawPolygon(tri, 3);
        p.setRenderHint(QPainter::Antialiasing, false);
    }
    // Coverage: one bar per source.
    const double rowH = coverageRowHeight();
    QFont small = font();
    small = scaledFont(small, 0.72, 6.5);
    p.setFont(small);
    const QFontMetricsF fm(small);
    double y = base + 6;
    for (const core::Source *source : coverageSources()) {
        const core::Source &s = *source;
        const bool broken = !s.error.empty() || !s.first.isValid();
        const double x0 = broken ? a.left() : xOf(s.first), x1 = broken ? a.right() : std::max(xOf(s.last), x0 + 2);
        const QRectF bar(x0, y, x1 - x0, rowH - 2);
        QColor fill = broken ? okabeito::vermillion : pal.category(EventCategory::Api);
        fill.setAlpha(broken ? 60 : pal.dark ? 110 : 80);
        p.fillRect(bar, fill);
        if (broken)
            p.fillRect(bar, QBrush(okabeito::vermillion, Qt::BDiagPattern));
        if (rowH >= 9) {
            const QFileInfo fi(QString::fromStdString(s.path));
            QString label = fi.dir().dirName() + '/' + fi.fileName();
            if (broken)
                label += QStringLiteral(" — ") + (s.error.empty() ? tr("no timestamps") : QString::fromStdString(s.error));
            const double room = std::max(bar.width(), 120.0);
            p.setPen(pal.text);
            const double tx = std::min(bar.left() + 3, a.right() - room);
            p.drawText(QRectF(tx, y - 1, room, rowH), Qt::AlignLeft | Qt::AlignVCenter, fm.elidedText(label, Qt::ElideMiddle, room - 4));
        }
        y += rowH;
    }
    // The current view: dim what is outside it, outline it.
    if (m_end > m_start) {
        const double x0 = std::clamp(xOf(m_start), a.left(), a.right()), x1 = std::clamp(xOf(m_end), a.left(), a.right());
        QColor dim = pal.dark ? QColor(0, 0, 0, 90) : QColor(0, 0, 0, 28);
        p.fillRect(QRectF(a.left(), a.top(), x0 - a.left(), a.height()), dim);
        p.fillRect(QRectF(x1, a.top(), a.right() - x1, a.height()), dim);
        p.setPen(QPen(pal.selection, 1.5));
        p.setBrush(Qt::NoBrush);
        p.drawRect(QRectF(x0, a.top(), std::max(2.0, x1 - x0), a.height() - 1));
    }
}

void OverviewStrip::moveViewTo(double x)
{
    if (!m_model)
        return;
    const core::Duration span = m_end > m_start ? m_end - m_start : (m_last - m_first);
    const core::Timestamp c = timeAt(x);
    emit rangeRequested(c - core::Duration{span.ns / 2}, c + core::Duration{span.ns - span.ns / 2});
}

void OverviewStrip::mousePressEvent(QMouseEvent *event)
{
    if (event->button() == Qt::LeftButton)
        moveViewTo(event->position().x());
}

void OverviewStrip::mouseMoveEvent(QMouseEvent *event)
{
    if (event->buttons() & Qt::LeftButton)
        moveViewTo(event->position().x());
}

void OverviewStrip::wheelEvent(QWheelEvent *event)
{
    if (!m_model || m_end <= m_start)
        return;
    const double factor = std::pow(0.8, event->angleDelta().y() / 120.0);
    const core::Timestamp anchor = timeAt(event->position().x());
    const double before = static_cast<double>((anchor - m_start).ns), after = static_cast<double>((m_end - anchor).ns);
    emit rangeRequested(anchor - core::Duration{static_cast<std::int64_t>(before * factor)},
                        anchor + core::Duration{static_cast<std::int64_t>(after * factor)});
    event->accept();
}

bool OverviewStrip::event(QEvent *e)
{
    if (e->type() == QEvent::ToolTip && m_model) {
        auto *help = static_cast<QHelpEvent *>(e);
        const QRectF a = plotArea();
        const double y = help->pos().y();
        const core::Timestamp t = timeAt(help->pos().x());
        QString tip = formatTimestamp(t, 0, 3);
        if (y > a.top() + histogramHeight() + 6) {
            const int row = static_cast<int>((y - (a.top() + histogramHeight() + 6)) / coverageRowHeight());
            const auto sources = coverageSources();
            if (row >= 0 && row < static_cast<int>(sources.size())) {
                const core::Source &s = *sources[static_cast<std::size_t>(row)];
                tip = QStringLiteral("<b>%1</b><br>%2<br>%3 – %4<br>%5 events, %6 lines not understood")
                          .arg(QString::fromStdString(s.path).toHtmlEscaped(), QString::fromStdString(s.formatDetail).toHtmlEscaped(),
                               s.first.isValid() ? formatTimestamp(s.first, 0, 3) : QStringLiteral("?"),
                               s.last.isValid() ? formatTimestamp(s.last, 0, 3) : QStringLiteral("?"))
                          .arg(s.eventCount)
                          .arg(s.unparsedLines);
                if (!s.error.empty())
                    tip += QStringLiteral("<br><b>%1</b>").arg(QString::fromStdString(s.error).toHtmlEscaped());
            }
        } else {
            const int bin = std::clamp(static_cast<int>((help->pos().x() - a.left()) / a.width() * kBins), 0, kBins - 1);
            const int binsPerPixel = std::max(1, static_cast<int>(kBins / std::max(1.0, a.width())));
            std::uint64_t counts[3] = {};
            for (int b = bin; b < std::min(kBins, bin + binsPerPixel); ++b)
                for (int l = 0; l < 3; ++l)
                    counts[l] += m_bins[static_cast<std::size_t>(l)][static_cast<std::size_t>(b)];
            tip += QStringLiteral("<br>%1 info, %2 warnings, %3 errors").arg(counts[0]).arg(counts[1]).arg(counts[2]);
        }
        QToolTip::showText(help->globalPos(), tip, this);
        return true;
    }
    return QWidget::event(e);
}

} // namespace kubelane::ui
