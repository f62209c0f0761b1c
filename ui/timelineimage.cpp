#include "timelineimage.h"

#include "lanenameelision.h"

#include "legendpainter.h"
#include "overlaylayer.h"
#include "timeaxisticker.h"
#include "timelineplot.h"

#include <QFileInfo>
#include <QFontMetricsF>
#include <QPageSize>
#include <QPdfWriter>

#include <qcustomplot.h>

#include <algorithm>
#include <cmath>

namespace kubelane::ui {

namespace {

// Layout pixels per inch: fonts are set in pixels, and the PDF page is this many pixels per inch.
constexpr int kLayoutDpi = 96;
constexpr double kDotsPerMeterAt96 = kLayoutDpi / 0.0254;
constexpr double kMaxPixels = 400e6; // 1.6 GB of RGB32

// "2020-06-18 02:12:26 – 02:13:42 UTC", with the end's date when the window crosses midnight.
QString window(core::Timestamp start, core::Timestamp end, int digits)
{
    const bool sameDay = core::toCivil(start).day == core::toCivil(end).day && (end - start).ns < 86400 * core::kNsPerSecond;
    return QStringLiteral("%1 – %2").arg(formatTimestamp(start, 0, digits, true).chopped(4), formatTimestamp(end, 0, digits, !sameDay));
}

} // namespace

TimelineImage::TimelineImage(ExportScene scene, ImageSize size)
    : m_scene(std::move(scene)), m_size(std::max(200, size.width), std::max(0, size.height)), m_scale(std::clamp(size.scale, 0.05, 8.0))
{
    buildState();
    layout();
}

TimelineImage::~TimelineImage() = default;

QSize TimelineImage::pixelSize() const
{
    return pixelSize(m_scale);
}

QSize TimelineImage::pixelSize(double scale) const
{
    return QSize(static_cast<int>(std::lround(m_size.width() * scale)), static_cast<int>(std::lround(m_size.height() * scale)));
}

void TimelineImage::buildState()
{
    const LaneModel &model = *m_scene.model;
    m_state.model = m_scene.model;
    m_state.palette = Palette::light();
    m_state.utcOffsetSeconds = m_scene.utcOffsetSeconds;
    m_state.expanded = m_scene.expanded.empty() ? model.defaultExpansion() : m_scene.expanded;
    m_state.rows = m_scene.rows.empty() ? model.rows(m_state.expanded, m_scene.shown) : m_scene.rows;
    m_state.rowOfLane = LaneModel::rowIndex(m_state.rows, model.laneCount());
    m_state.highlightedLanes.assign(static_cast<std::size_t>(model.laneCount()), false);
    for (int f : m_scene.findings) {
        for (LaneId l : model.lanesOfFinding(static_cast<std::size_t>(f)))
            m_state.highlightedLanes[l.index()] = true;
        for (core::EventIndex e : model.analysis().findings[static_cast<std::size_t>(f)].lines())
            m_state.evidence.push_back(e);
    }
    // Row highlights single out the finding's lanes among others; when (nearly) every row is
    // one of them they only tint the picture.
    const auto highlightedRows =
        std::count_if(m_state.rows.begin(), m_state.rows.end(), [&](LaneId l) { return m_state.isHighlighted(l); });
    if (2 * static_cast<std::size_t>(highlightedRows) > m_state.rows.size())
        std::fill(m_state.highlightedLanes.begin(), m_state.highlightedLanes.end(), false);
    std::sort(m_state.evidence.begin(), m_state.evidence.end());
    m_state.evidence.erase(std::unique(m_state.evidence.begin(), m_state.evidence.end()), m_state.evidence.end());
    m_state.notes = m_scene.notes;
    m_state.hideCategories(m_scene.hiddenCategories);
    m_state.measure = m_scene.measure;
    m_state.cursor = m_scene.cursor;
}

void TimelineImage::layout()
{
    // Text sized to the width, so the image stays legible when a document scales it to the page.
    const int px = std::clamp(static_cast<int>(std::lround(m_size.width() / 75.0)), 11, 24);
    m_font = QFont();
    m_font.setPixelSize(px);
    m_bold = m_font;
    m_bold.setBold(true);
    m_title = m_bold;
    m_title.setPixelSize(static_cast<int>(std::lround(px * 1.3)));
    m_small = m_font;
    m_small.setPixelSize(std::max(9, static_cast<int>(std::lround(px * 0.88))));
    const QFontMetricsF fm(m_font), fmSmall(m_small), fmTitle(m_title), fmBold(m_bold);

    m_state.rowHeight = std::round(px * 1.85);
    m_axisHeight = std::round(2 * fmSmall.height() + 14);
    const double margin = px, gap = std::round(px * 0.7);
    const double width = m_size.width(), inner = width - 2 * margin;

    m_titleRect =
        QRectF(margin, margin, inner, fmTitle.height() + fmSmall.height() + 4 + (m_scene.viewCommand.isEmpty() ? 0 : fmSmall.height() + 2));

    double labelWidth = 0;
    for (LaneId lane : m_state.rows) {
        const Lane &l = m_scene.model->lane(lane);
        labelWidth = std::max(labelWidth, l.depth * px * 0.9 + (l.isGroup() ? fmBold : fm).horizontalAdvance(l.name) + 16);
    }
    labelWidth = std::clamp(labelWidth, inner * 0.12, inner * 0.3);

    // The legend is measured and painted from one content: the callouts placed below are in it.
    m_legend = LegendContent::of(m_state, m_scene.start, m_scene.end);
    m_legend.callout = m_legend.findingWindow = !m_scene.findings.empty();
    const double legendHeight = layoutLegend(nullptr, {}, inner, m_small, m_state.palette, m_legend);
    std::vector<double> captionHeights;
    double captionsHeight = 0;
    for (std::size_t k = 0; k < m_scene.findings.size(); ++k) {
        captionHeights.push_back(captionHeight(static_cast<int>(k), inner));
        captionsHeight += captionHeights.back() + gap;
    }

    // Rows: all of them, or as many as a fixed height leaves room for (one slot then says how
    // many were cut).
    const double fixed = m_titleRect.bottom() + gap + m_axisHeight + gap + legendHeight + 2 * gap + captionsHeight + margin;
    const int rows = static_cast<int>(m_state.rows.size());
    int keep = rows;
    if (m_size.height() > 0) {
        const int fit = static_cast<int>(std::floor((m_size.height() - fixed) / m_state.rowHeight));
        if (fit < rows)
            keep = std::max(1, fit - 1);
    }
    m_cutRows = rows - keep;
    if (m_cutRows > 0) {
        m_state.rows.resize(static_cast<std::size_t>(keep));
        m_state.rowOfLane = LaneModel::rowIndex(m_state.rows, m_scene.model->laneCount());
    }
    const double rowsHeight = (keep + (m_cutRows > 0 ? 1 : 0)) * m_state.rowHeight;
    const double plotTop = m_titleRect.bottom() + gap;
    m_labelsRect = QRectF(margin, plotTop, labelWidth, m_axisHeight + rowsHeight);
    m_plotRect = QRectF(margin + labelWidth, plotTop, inner - labelWidth, m_axisHeight + keep * m_state.rowHeight);
    m_legendRect = QRectF(margin, m_labelsRect.bottom() + gap, inner, legendHeight);
    double y = m_legendRect.bottom() + 2 * gap; // a rule between legend and captions
    for (double h : captionHeights) {
        m_captionRects.emplace_back(margin, y, inner, h);
        y += h + gap;
    }
    if (m_size.height() <= 0)
        m_size.setHeight(static_cast<int>(std::ceil(y - gap + margin)));

    // Callouts point at the finding's first causal step (else its first evidence) that is
    // drawn; failing that, at the finding's start on its subject's row.
    const auto &findings = m_scene.model->analysis().findings;
    const core::Incident &inc = m_scene.model->incident();
    for (std::size_t k = 0; k < m_scene.findings.size(); ++k) {
        const core::Finding &f = findings[static_cast<std::size_t>(m_scene.findings[k])];
        Callout c;
        c.number = static_cast<int>(k) + 1;
        c.finding = m_scene.findings[k];
        for (core::EventIndex e : f.lines()) {
            if (inc.event(e).time < m_scene.start || inc.event(e).time > m_scene.end)
                continue;
            if (const int row = m_state.rowOfEvent(e); row >= 0) {
                c.time = inc.event(e).time;
                c.row = row;
                break;
            }
        }
        if (c.row < 0) {
            const LaneId subject = m_scene.model->laneOfSubject(QString::fromStdString(f.subject.text()));
            c.row = subject.valid() ? m_scene.model->visibleRowOf(subject, m_state.rowOfLane) : -1;
            c.time = std::clamp(f.start, m_scene.start, m_scene.end);
        }
        if (c.row >= 0)
            m_state.callouts.push_back(c);
    }

    m_plot = std::make_unique<QCustomPlot>();
    m_plot->resize(static_cast<int>(m_plotRect.width()), static_cast<int>(m_plotRect.height()));
    const TimelinePlot layers = TimelinePlot::attach(m_plot.get(), &m_state, static_cast<int>(m_axisHeight));
    m_plot->xAxis2->setTickLabelFont(m_small);
    layers.ticker->setOrigin(m_scene.model->origin());
    layers.ticker->setUtcOffset(m_scene.utcOffsetSeconds);
    layers.ticker->setTickCount(std::max(2, static_cast<int>(m_plotRect.width() / (px * 10))));
    layers.setRange(m_state, m_scene.start, m_scene.end);
}

QRectF TimelineImage::rowsRect() const
{
    return QRectF(m_plotRect.left(), m_plotRect.top() + m_axisHeight, m_plotRect.width(), m_plotRect.height() - m_axisHeight);
}

QRectF TimelineImage::captionRect(int k) const
{
    return k >= 0 && static_cast<std::size_t>(k) < m_captionRects.size() ? m_captionRects[static_cast<std::size_t>(k)] : QRectF();
}

TimelineCoordinates TimelineImage::coordinates() const
{
    return TimelineCoordinates(m_scene.model->origin(), m_scene.start, m_scene.end, m_plotRect.left(), m_plotRect.width());
}

QRectF TimelineImage::laneRect(LaneId lane) const
{
    if (!lane.valid() || lane.index() >= m_state.rowOfLane.size() || m_state.rowOfLane[lane.index()] < 0)
        return {};
    const int row = m_state.rowOfLane[lane.index()];
    return QRectF(m_plotRect.left(), rowsRect().top() + row * m_state.rowHeight, m_plotRect.width(), m_state.rowHeight);
}

QPointF TimelineImage::calloutCenter(int k) const
{
    const TimelineCoordinates plotCoords(m_scene.model->origin(), m_scene.start, m_scene.end, 0, m_plotRect.width());
    const std::vector<QPointF> centers = OverlayLayer::calloutCenters(m_state, plotCoords, m_axisHeight);
    return k >= 0 && static_cast<std::size_t>(k) < centers.size() ? centers[static_cast<std::size_t>(k)] + m_plotRect.topLeft() : QPointF();
}

QString TimelineImage::captionHeader(int k) const
{
    const core::Finding &f = m_scene.model->analysis().findings[static_cast<std::size_t>(m_scene.findings[static_cast<std::size_t>(k)])];
    const int digits = (f.end - f.start).ns < 10 * core::kNsPerSecond ? 3 : 0;
    return QStringLiteral("%1 · %2 · %3 · %4")
        .arg(QString::fromStdString(f.rule), QString::fromStdString(f.subject.text()), QString::fromLatin1(core::severityName(f.severity)),
             window(f.start, f.end, digits));
}

QString TimelineImage::captionBody(int k) const
{
    const core::Finding &f = m_scene.model->analysis().findings[static_cast<std::size_t>(m_scene.findings[static_cast<std::size_t>(k)])];
    return QString::fromStdString(f.explanation);
}

double TimelineImage::captionHeight(int k, double width) const
{
    const core::Finding &f = m_scene.model->analysis().findings[static_cast<std::size_t>(m_scene.findings[static_cast<std::size_t>(k)])];
    const double indent = m_state.rowHeight + 8;
    const QRectF bounds(0, 0, width - indent, 1e6);
    const double title = QFontMetricsF(m_bold).boundingRect(bounds, Qt::TextWordWrap, QString::fromStdString(f.title)).height();
    const double header = QFontMetricsF(m_small).boundingRect(bounds, Qt::TextWordWrap, captionHeader(k)).height();
    const double body = QFontMetricsF(m_font).boundingRect(bounds, Qt::TextWordWrap, captionBody(k)).height();
    return std::max(m_state.rowHeight, title + header + body + 6);
}

void TimelineImage::paintTitle(QPainter *p) const
{
    const Palette &pal = m_state.palette;
    const int digits = (m_scene.end - m_scene.start).ns < 10 * core::kNsPerSecond ? 3 : 0;
    QString line = QStringLiteral("%1 · %2 (%3)")
                       .arg(m_scene.bundleName.isEmpty() ? QStringLiteral("kubelane") : m_scene.bundleName,
                            window(m_scene.start, m_scene.end, digits), formatDurationText(m_scene.end - m_scene.start));
    if (m_scene.utcOffsetSeconds != 0)
        line += QStringLiteral(" · axis in UTC%1").arg(zoneName(m_scene.utcOffsetSeconds));
    const QFontMetricsF fmTitle(m_title);
    p->setFont(m_title);
    p->setPen(pal.text);
    p->drawText(QRectF(m_titleRect.left(), m_titleRect.top(), m_titleRect.width(), fmTitle.height()), Qt::AlignLeft | Qt::AlignVCenter,
                fmTitle.elidedText(line, Qt::ElideMiddle, m_titleRect.width()));
    const std::size_t n = m_scene.findings.size();
    QString sub = n == 0              ? QStringLiteral("No finding in this window")
        : m_scene.findingsLeftOut > 0 ? QStringLiteral("The %1 most severe of %2 findings, numbered in time order")
                                            .arg(n)
                                            .arg(n + static_cast<std::size_t>(m_scene.findingsLeftOut))
                                      : QStringLiteral("%1 finding%2, numbered in time order").arg(n).arg(n == 1 ? "" : "s");
    sub +=
        QStringLiteral(" · %1 of %2 lanes").arg(m_state.rows.size() + static_cast<std::size_t>(m_cutRows)).arg(m_scene.model->laneCount());
    if (m_cutRows > 0)
        sub += QStringLiteral(", %1 cut to fit the height").arg(m_cutRows);
    const std::size_t sources = m_scene.model->incident().sources.size();
    sub += QStringLiteral(" · %1 source%2").arg(sources).arg(sources == 1 ? "" : "s");
    p->setFont(m_small);
    p->setPen(pal.mutedText);
    const QFontMetricsF fmSmall(m_small);
    p->drawText(QRectF(m_titleRect.left(), m_titleRect.top() + fmTitle.height() + 4, m_titleRect.width(), fmSmall.height()),
                Qt::AlignLeft | Qt::AlignVCenter, sub);
    if (!m_scene.viewCommand.isEmpty()) // how a reader of the postmortem opens the same view
        p->drawText(
            QRectF(m_titleRect.left(), m_titleRect.top() + fmTitle.height() + 6 + fmSmall.height(), m_titleRect.width(), fmSmall.height()),
            Qt::AlignLeft | Qt::AlignVCenter, fmSmall.elidedText(m_scene.viewCommand, Qt::ElideMiddle, m_titleRect.width()));
}

void TimelineImage::paintLaneLabels(QPainter *p) const
{
    const Palette &pal = m_state.palette;
    const double indent = m_font.pixelSize() * 0.9;
    p->setFont(m_small);
    p->setPen(pal.mutedText);
    p->drawText(QRectF(m_labelsRect.left() + 6, m_labelsRect.top(), m_labelsRect.width() - 12, m_axisHeight - 4),
                Qt::AlignLeft | Qt::AlignBottom, QStringLiteral("Lanes · times in %1").arg(zoneName(m_scene.utcOffsetSeconds)));
    const double top = m_labelsRect.top() + m_axisHeight;
    for (std::size_t row = 0; row < m_state.rows.size(); ++row) {
        const Lane &lane = m_scene.model->lane(m_state.rows[row]);
        const QRectF r(m_labelsRect.left(), top + static_cast<double>(row) * m_state.rowHeight, m_labelsRect.width(), m_state.rowHeight);
        if (lane.isGroup())
            p->fillRect(r, pal.groupRow);
        else if (row % 2)
            p->fillRect(r, pal.rowAlternate);
        if (m_state.isHighlighted(lane.id))
            p->fillRect(r, pal.highlightRow);
        if (lane.isGroup() && lane.depth == 0) {
            p->setPen(QPen(pal.grid, 1));
            p->drawLine(QLineF(r.left(), r.top(), r.right() + m_plotRect.width(), r.top()));
        }
        const QFont &f = lane.isGroup() ? m_bold : m_font;
        p->setFont(f);
        p->setPen(pal.text);
        const QRectF text = r.adjusted(6 + lane.depth * indent, 0, -6, 0);
        p->drawText(text, Qt::AlignLeft | Qt::AlignVCenter, elideLaneName(lane.name, QFontMetricsF(f), text.width()));
    }
    if (m_cutRows > 0) {
        QFont f = m_font;
        f.setItalic(true);
        p->setFont(f);
        p->setPen(pal.mutedText);
        const QRectF r(m_labelsRect.left() + 6, top + static_cast<double>(m_state.rows.size()) * m_state.rowHeight,
                       m_labelsRect.width() + m_plotRect.width() - 12, m_state.rowHeight);
        p->drawText(r, Qt::AlignLeft | Qt::AlignVCenter,
                    QStringLiteral("+ %1 more lanes not shown: a taller image or --lanes REGEX shows them").arg(m_cutRows));
    }
    p->setPen(QPen(pal.grid, 1));
    p->drawLine(QLineF(m_plotRect.left(), m_plotRect.top(), m_plotRect.left(), m_plotRect.bottom()));
}

void TimelineImage::paintCaptions(QPainter *p) const
{
    const Palette &pal = m_state.palette;
    const auto &findings = m_scene.model->analysis().findings;
    if (!m_captionRects.empty()) {
        const double y = (m_legendRect.bottom() + m_captionRects.front().top()) / 2;
        p->setPen(QPen(pal.grid, 1));
        p->drawLine(QLineF(m_legendRect.left(), y, m_legendRect.right(), y));
    }
    for (std::size_t k = 0; k < m_captionRects.size(); ++k) {
        const QRectF r = m_captionRects[k];
        const core::Finding &f = findings[static_cast<std::size_t>(m_scene.findings[k])];
        const double radius = OverlayLayer::calloutRadius(m_state);
        drawCalloutMarker(p, QPointF(r.left() + radius + 1, r.top() + radius + 1), radius, static_cast<int>(k) + 1, pal);
        const double indent = m_state.rowHeight + 8;
        QRectF text(r.left() + indent, r.top(), r.width() - indent, r.height());
        auto paragraph = [&](const QFont &font, const QColor &color, const QString &s) {
            p->setFont(font);
            p->setPen(color);
            QRectF used;
            p->drawText(text, Qt::TextWordWrap | Qt::AlignLeft | Qt::AlignTop, s, &used);
            text.setTop(text.top() + used.height() + 2);
        };
        paragraph(m_bold, pal.text, QString::fromStdString(f.title));
        paragraph(m_small, pal.mutedText, captionHeader(static_cast<int>(k)));
        paragraph(m_font, pal.text, captionBody(static_cast<int>(k)));
    }
}

void TimelineImage::paint(QCPPainter *p) const
{
    p->fillRect(QRectF(QPointF(0, 0), QSizeF(m_size)), m_state.palette.background);
    paintTitle(p);
    paintLaneLabels(p);
    p->save();
    p->translate(m_plotRect.topLeft());
    p->setClipRect(QRectF(QPointF(0, 0), m_plotRect.size()));
    p->setFont(m_font);
    m_plot->toPainter(p, static_cast<int>(m_plotRect.width()), static_cast<int>(m_plotRect.height()));
    p->restore();
    layoutLegend(p, m_legendRect.topLeft(), m_legendRect.width(), m_small, m_state.palette, m_legend);
    paintCaptions(p);
}

QImage TimelineImage::toImage() const
{
    return toImage(m_scale);
}

QImage TimelineImage::toImage(double scale) const
{
    QImage image(pixelSize(scale), QImage::Format_RGB32);
    image.setDotsPerMeterX(static_cast<int>(std::lround(kDotsPerMeterAt96)));
    image.setDotsPerMeterY(static_cast<int>(std::lround(kDotsPerMeterAt96)));
    image.fill(m_state.palette.background);
    {
        QCPPainter painter(&image);
        painter.setRenderHint(QPainter::TextAntialiasing, true);
        painter.scale(scale, scale);
        paint(&painter);
    }
    // Tell documents the layout size, so a 2x image is placed at its intended size.
    image.setDotsPerMeterX(static_cast<int>(std::lround(kDotsPerMeterAt96 * scale)));
    image.setDotsPerMeterY(static_cast<int>(std::lround(kDotsPerMeterAt96 * scale)));
    return image;
}

bool TimelineImage::savePdf(const QString &path, QString *error) const
{
    QPdfWriter pdf(path);
    pdf.setCreator(QStringLiteral("kubelane"));
    pdf.setTitle(m_scene.bundleName);
    pdf.setResolution(kLayoutDpi);
    pdf.setPageMargins(QMarginsF(0, 0, 0, 0));
    pdf.setPageSize(QPageSize(QSizeF(m_size) * 72.0 / kLayoutDpi, QPageSize::Point, QString(), QPageSize::ExactMatch));
    QCPPainter painter;
    if (!painter.begin(&pdf)) {
        *error = QStringLiteral("cannot write %1").arg(path);
        return false;
    }
    painter.setMode(QCPPainter::pmVectorized);
    painter.setMode(QCPPainter::pmNoCaching);
    paint(&painter);
    painter.end();
    return true;
}

bool TimelineImage::save(const QString &path, QString *error) const
{
    QString ignored;
    if (!error)
        error = &ignored;
    const QString suffix = QFileInfo(path).suffix().toLower();
    if (suffix == QLatin1String("pdf"))
        return savePdf(path, error);
    if (suffix != QLatin1String("png")) {
        *error = QStringLiteral("%1: the output must end in .png or .pdf").arg(path);
        return false;
    }
    // A PNG is painted in memory: refuse sizes no machine should be asked to hold.
    const QSize px = pixelSize();
    if (static_cast<double>(px.width()) * px.height() > kMaxPixels) {
        *error = QStringLiteral("the image would be %1 x %2 pixels; lower --width, --height or --scale").arg(px.width()).arg(px.height());
        return false;
    }
    const QImage image = toImage();
    if (image.isNull()) {
        *error = QStringLiteral("not enough memory for a %1 x %2 pixel image").arg(px.width()).arg(px.height());
        return false;
    }
    if (!image.save(path, "PNG")) {
        *error = QStringLiteral("cannot write %1").arg(path);
        return false;
    }
    return true;
}

} // namespace kubelane::ui
