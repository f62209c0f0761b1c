#include "eventplottable.h"

#include "fontscale.h"

#include <algorithm>

namespace kubelane::ui {

EventPlottable::EventPlottable(QCPAxis *keyAxis, QCPAxis *valueAxis, const TimelineState *state) : LanePlottable(keyAxis, valueAxis, state)
{
    setAntialiasedFill(true);
}

TimelineCoordinates EventPlottable::coordinates() const
{
    const QCPAxis *key = keyAxis();
    const QRect r = key->axisRect()->rect();
    return TimelineCoordinates::fromKeys(m_state->model ? m_state->model->origin() : core::Timestamp{}, key->range().lower,
                                         key->range().upper, r.left(), r.width());
}

std::pair<EventPlottable::EventIterator, EventPlottable::EventIterator>
EventPlottable::eventsInView(const core::Incident &incident, const Lane &lane, const TimelineCoordinates &coords)
{
    auto byTime = [&](core::EventIndex e, core::Timestamp t) { return incident.event(e).time < t; };
    // A mark's shape reaches a few pixels beyond its event: include events just outside.
    const core::Timestamp from = coords.toTime(coords.left() - 8);
    const core::Timestamp to = coords.toTime(coords.right() + 8);
    const auto lo = std::lower_bound(lane.events.begin(), lane.events.end(), from, byTime);
    return {lo, std::lower_bound(lo, lane.events.end(), to + core::Duration{1}, byTime)};
}

std::vector<FoldedMark> EventPlottable::fold(const core::Incident &incident, const Lane &lane, const TimelineCoordinates &coords,
                                             double foldPixels)
{
    std::vector<FoldedMark> marks;
    const auto &events = lane.events;
    auto byTime = [&](core::EventIndex e, core::Timestamp t) { return incident.event(e).time < t; };
    const auto [lo, hi] = eventsInView(incident, lane, coords);
    auto i = lo;
    while (i != hi) {
        FoldedMark m;
        m.first = static_cast<std::uint32_t>(i - events.begin());
        m.x0 = coords.toPixel(incident.event(*i).time);
        const core::Timestamp limit = coords.toTime(m.x0 + foldPixels);
        auto j = std::lower_bound(i + 1, hi, limit, byTime);
        m.count = static_cast<std::uint32_t>(j - i);
        m.x1 = coords.toPixel(incident.event(*(j - 1)).time);
        const std::uint32_t a = m.first, b = m.first + m.count;
        // Worst severity in [a, b): two binary searches in the lane's severity indexes.
        auto worst = [&](const std::vector<std::uint32_t> &positions) -> const std::uint32_t * {
            auto p = std::lower_bound(positions.begin(), positions.end(), a);
            return p != positions.end() && *p < b ? &*p : nullptr;
        };
        if (const std::uint32_t *p = worst(lane.errors))
            m.representative = events[*p];
        else if (const std::uint32_t *q = worst(lane.warnings))
            m.representative = events[*q];
        else
            m.representative = *i;
        m.severity = incident.event(m.representative).severity;
        marks.push_back(m);
        i = j;
    }
    return marks;
}

void drawEventShape(QPainter *painter, QPointF c, double r, core::Severity severity, bool other, const QColor &fill, const QColor &outline)
{
    if (other) {
        painter->setPen(QPen(fill, 1.5));
        painter->drawLine(QPointF(c.x(), c.y() - r * 0.8), QPointF(c.x(), c.y() + r * 0.8));
        return;
    }
    painter->setBrush(fill);
    switch (severity) {
    case core::Severity::Debug:
    case core::Severity::Info:
        painter->setPen(QPen(fill.darker(140), 1));
        painter->drawEllipse(c, r * 0.85, r * 0.85);
        break;
    case core::Severity::Warning: {
        painter->setPen(QPen(outline, 1.2));
        const double h = r * 1.15;
        const QPointF tri[3] = {{c.x(), c.y() - h}, {c.x() + h, c.y() + h * 0.8}, {c.x() - h, c.y() + h * 0.8}};
        painter->drawPolygon(tri, 3);
        break;
    }
    case core::Severity::Error:
    case core::Severity::Fatal: {
        painter->setPen(QPen(outline, severity == core::Severity::Fatal ? 2.2 : 1.2));
        const double h = r * 1.3;
        const QPointF dia[4] = {{c.x(), c.y() - h}, {c.x() + h, c.y()}, {c.x(), c.y() + h}, {c.x() - h, c.y()}};
        painter->drawPolygon(dia, 4);
        if (severity == core::Severity::Fatal)
            painter->drawLine(QPointF(c.x(), c.y() - h * 0.55), QPointF(c.x(), c.y() + h * 0.55));
        break;
    }
    }
}

void EventPlottable::drawMark(QPainter *painter, QPointF center, double radius, core::Severity severity, bool other, const QColor &fill,
                              const QColor &outline)
{
    if (!m_sprites.draw(painter, center, radius, severity, other, fill, outline))
        drawEventShape(painter, center, radius, severity, other, fill, outline);
}

void EventPlottable::draw(QCPPainter *painter)
{
    if (!m_state->model || m_state->rows.empty())
        return;
    const core::Incident &incident = m_state->model->incident();
    const TimelineCoordinates coords = coordinates();
    const QRect area = keyAxis()->axisRect()->rect();
    const Palette &pal = m_state->palette;
    const double radius = markRadius(m_state->rowHeight);
    QFont font = painter->font();
    font = scaledFont(font, 0.78, 6.5);
    painter->setFont(font);
    const QFontMetricsF fm(font);
    painter->setRenderHint(QPainter::Antialiasing, true);

    m_state->forEachVisibleRow(area.top(), area.bottom(), [&](int, LaneId laneId, double top) {
        if (!m_state->rowShowsEvents(laneId))
            return;
        const Lane &lane = m_state->marksOf(laneId);
        const double y = top + m_state->rowHeight / 2;
        const auto marks = fold(incident, lane, coords, 3.0);
        // Marks whose pills would touch are drawn as one band: at full zoom on a busy lane that
        // is one shape instead of hundreds, and the picture is the same.
        const double h = radius * 1.6;
        std::size_t k = 0;
        while (k < marks.size()) {
            std::size_t end = k + 1;
            std::uint32_t count = marks[k].count;
            std::size_t worst = k;
            while (end < marks.size() && marks[end].x0 - std::max(marks[end - 1].x1, marks[end - 1].x0 + 1) <= h) {
                count += marks[end].count;
                if (marks[end].severity > marks[worst].severity)
                    worst = end;
                ++end;
            }
            const FoldedMark &first = marks[k];
            const core::Event &e = incident.event(marks[worst].representative);
            const EventCategory cat = m_state->model->categoryOfType(e.type);
            const QColor fill = pal.category(cat);
            const bool other = cat == EventCategory::Other && marks[worst].severity < core::Severity::Warning;
            if (count == 1) {
                drawMark(painter, QPointF(first.x0, y), radius, first.severity, other, fill, pal.text);
                k = end;
                continue;
            }
            const double x1 = std::max(marks[end - 1].x1, first.x0 + 1);
            const double bandH = other ? radius * 1.2 : h;
            QColor bandFill = fill;
            bandFill.setAlpha(other ? 120 : 200);
            painter->setPen(QPen(fill.darker(130), 1));
            painter->setBrush(bandFill);
            const QRectF pill(first.x0 - bandH / 2, y - bandH / 2, x1 - first.x0 + bandH, bandH);
            painter->drawRoundedRect(pill, bandH / 2, bandH / 2);
            // Warnings and worse keep their shape on the band; shapes that would overlap one
            // drawn just before (and are no worse) add nothing.
            double lastShape = -1e9;
            core::Severity lastSeverity = core::Severity::Debug;
            for (std::size_t i = k; i < end; ++i) {
                const FoldedMark &m = marks[i];
                if (m.severity < core::Severity::Warning || (m.x0 - lastShape < radius * 1.5 && m.severity <= lastSeverity))
                    continue;
                const QColor markFill = pal.category(m_state->model->categoryOfType(incident.event(m.representative).type));
                drawMark(painter, QPointF(m.x0, y), radius, m.severity, false, markFill, pal.text);
                lastShape = m.x0;
                lastSeverity = m.severity;
            }
            // The count when there is room before the next band.
            const double next = end < marks.size() ? marks[end].x0 : area.right() + 100;
            const QString text = count > 9999 ? QStringLiteral("%1k").arg(count / 1000) : QString::number(count);
            const double textWidth = fm.horizontalAdvance(text) + 4;
            if (pill.right() + textWidth < next - radius) {
                painter->setPen(pal.mutedText);
                painter->drawText(QRectF(pill.right() + 1, y - m_state->rowHeight / 2, textWidth, m_state->rowHeight),
                                  Qt::AlignVCenter | Qt::AlignLeft, text);
            }
            k = end;
        }
    });
}

} // namespace kubelane::ui
