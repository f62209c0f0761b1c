#include "statebarplottable.h"

#include "eventplottable.h"
#include "fontscale.h"
#include "timeaxisticker.h"

#include <algorithm>
#include <optional>
#include <tuple>

namespace kubelane::ui {

namespace {

TimelineCoordinates coordinatesOf(const QCPAxis *key, const TimelineState *state)
{
    const QRect r = key->axisRect()->rect();
    return TimelineCoordinates::fromKeys(state->model ? state->model->origin() : core::Timestamp{}, key->range().lower, key->range().upper,
                                         r.left(), r.width());
}

} // namespace

QColor textOn(const QColor &fill, const QColor &background)
{
    // Blend with the background first: bars are partly transparent.
    const double a = fill.alphaF();
    const double r = fill.redF() * a + background.redF() * (1 - a);
    const double g = fill.greenF() * a + background.greenF() * (1 - a);
    const double b = fill.blueF() * a + background.blueF() * (1 - a);
    const double luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b;
    return luminance > 0.5 ? QColor(0, 0, 0) : QColor(255, 255, 255);
}

void paintStateBar(QPainter *painter, const QRectF &rect, StateKind state, const Palette &palette, bool openEnded, bool endUnknown)
{
    const QColor fill = palette.state(state);
    painter->setPen(Qt::NoPen);
    if (Palette::isHatched(state)) {
        QColor light = fill;
        light.setAlpha(fill.alpha() / 3);
        painter->setBrush(light);
        painter->drawRect(rect);
        painter->setBrush(QBrush(fill, Qt::BDiagPattern));
        painter->drawRect(rect);
        painter->setPen(QPen(fill, 1));
        painter->setBrush(Qt::NoBrush);
        painter->drawRect(rect.adjusted(0.5, 0.5, -0.5, -0.5));
    } else {
        painter->setBrush(fill);
        painter->drawRect(rect);
    }
    if (endUnknown && rect.width() > 8) {
        // Over somewhere before its end: the bar fades out over its second half.
        QLinearGradient fade(rect.left() + rect.width() / 2, 0, rect.right(), 0);
        fade.setColorAt(0, QColor(0, 0, 0, 0));
        fade.setColorAt(1, palette.background);
        painter->setPen(Qt::NoPen);
        painter->setBrush(fade);
        painter->drawRect(QRectF(rect.left() + rect.width() / 2, rect.top(), rect.width() / 2, rect.height()));
    } else if (openEnded && rect.width() > 8) {
        // Still in this state when the logs that observe it end: a fading right edge says the
        // state is unknown from there on (facts never run past their sources).
        QLinearGradient fade(rect.right() - 8, 0, rect.right(), 0);
        fade.setColorAt(0, QColor(0, 0, 0, 0));
        fade.setColorAt(1, palette.background);
        painter->setPen(Qt::NoPen);
        painter->setBrush(fade);
        painter->drawRect(QRectF(rect.right() - 8, rect.top(), 8, rect.height()));
    }
}

StateBarPlottable::StateBarPlottable(QCPAxis *keyAxis, QCPAxis *valueAxis, const TimelineState *state)
    : LanePlottable(keyAxis, valueAxis, state)
{ }

QRectF StateBarPlottable::barRect(double x0, double x1, double rowTop, double rowHeight, bool thin)
{
    if (x1 - x0 < 1)
        x1 = x0 + 1; // never invisible: a state that lasted a microsecond still happened
    if (thin)
        return QRectF(x0, rowTop + rowHeight * 0.78, x1 - x0, std::max(2.0, rowHeight * 0.14));
    return QRectF(x0, rowTop + rowHeight * 0.2, x1 - x0, rowHeight * 0.56);
}

QRectF StateBarPlottable::gapRect(double x0, double x1, double rowTop, double rowHeight)
{
    return QRectF(x0, rowTop + 1, std::max(1.0, x1 - x0), rowHeight - 2);
}

std::pair<double, double> StateBarPlottable::freeStretch(const std::vector<FoldedMark> &marks, double left, double right, double markReach)
{
    std::pair<double, double> best{left, left};
    double from = left;
    for (const FoldedMark &m : marks) {
        const double a = m.x0 - markReach, b = std::max(m.x0, m.x1) + markReach;
        if (b < left)
            continue;
        if (a > right)
            break;
        if (a - from > best.second - best.first)
            best = {from, a};
        from = std::max(from, b);
    }
    if (right - from > best.second - best.first)
        best = {from, right};
    return best;
}

void StateBarPlottable::drawStates(QCPPainter *painter, const Lane &lane, const TimelineCoordinates &coords, double top, bool summary) const
{
    const Palette &pal = m_state->palette;
    const double h = m_state->rowHeight;
    QFontMetricsF fm(painter->font());
    // The lane's marks as EventPlottable folds them, once per lane and only if a label asks.
    std::optional<std::vector<FoldedMark>> marks;
    for (const StateSpan &s : lane.states) {
        if (!coords.overlaps(s.start, s.end))
            continue;
        const double x0 = std::max(coords.toClampedPixel(s.start), coords.left() - 2);
        const double x1 = std::min(coords.toClampedPixel(s.end), coords.right() + 2);
        QRectF r = barRect(x0, x1, top, h, s.thin);
        if (summary) // a collapsed group shows its summary lane as a thin band
            r = QRectF(r.left(), top + h * 0.72, r.width(), std::max(2.0, h * 0.18));
        paintStateBar(painter, r, s.state, pal, s.openEnded, s.endAtTheLatest);
        if (!summary && !s.thin && !s.label.isEmpty()) {
            auto [visibleLeft, visibleRight] = std::pair{std::max(r.left(), coords.left()), std::min(r.right(), coords.right())};
            if (!lane.events.empty()) {
                if (!marks)
                    marks = EventPlottable::fold(m_state->model->incident(), m_state->marksOf(lane.id), coords);
                std::tie(visibleLeft, visibleRight) =
                    freeStretch(*marks, visibleLeft, visibleRight, EventPlottable::markRadius(h) * 1.4 + 2);
            }
            const double visibleWidth = visibleRight - visibleLeft;
            const QString text =
                fm.horizontalAdvance(s.label) + 8 <= visibleWidth ? s.label : fm.elidedText(s.label, Qt::ElideRight, visibleWidth - 8);
            if (visibleWidth > 30 && !text.isEmpty() && text != QStringLiteral("…")) {
                painter->setPen(textOn(pal.state(s.state), pal.background));
                const QRectF box(visibleLeft + 4, r.top(), visibleWidth - 6, r.height());
                painter->drawText(box, Qt::AlignVCenter | Qt::AlignLeft, text);
                m_labelRects.push_back(QRectF(box.left(), box.top(), std::min(box.width(), fm.horizontalAdvance(text)), box.height()));
            }
        }
    }
}

void StateBarPlottable::drawHeartbeats(QCPPainter *painter, const Lane &lane, const TimelineCoordinates &coords, double top) const
{
    const Palette &pal = m_state->palette;
    const double h = m_state->rowHeight;
    for (const GapSpan &g : lane.gaps) {
        if (!coords.overlaps(g.fact->start, g.fact->end))
            continue;
        const double x0 = coords.toClampedPixel(g.fact->start), x1 = coords.toClampedPixel(g.fact->end);
        const QRectF r = gapRect(x0, x1, top, h);
        painter->setPen(Qt::NoPen);
        painter->setBrush(g.fact->exceedsGrace ? pal.gapOverGrace : pal.gapUnderGrace);
        painter->drawRect(r);
        if (g.fact->exceedsGrace) {
            // Mark where the grace period ran out: from there the node counts as lost.
            const double xg = coords.toClampedPixel(g.fact->start + g.fact->grace);
            if (xg > x0 && xg < x1) {
                painter->setPen(QPen(pal.tickFailed, 1.5, Qt::DashLine));
                painter->drawLine(QPointF(xg, r.top()), QPointF(xg, r.bottom()));
            }
        }
    }
    // Ticks: binary-search the range, one tick per pixel column at most.
    auto from = std::lower_bound(lane.ticks.begin(), lane.ticks.end(), coords.toTime(coords.left() - 2),
                                 [](const HeartbeatTick &t, core::Timestamp v) { return t.time < v; });
    double lastX = -1e9;
    bool lastFailed = false;
    for (auto it = from; it != lane.ticks.end(); ++it) {
        const double x = coords.toPixel(it->time);
        if (x > coords.right() + 2)
            break;
        if (x - lastX < 1 && (lastFailed || !it->failed))
            continue;
        lastX = x;
        lastFailed = it->failed;
        painter->setPen(QPen(it->failed ? pal.tickFailed : pal.tick, it->failed ? 2 : 1.3));
        const double inset = it->failed ? h * 0.3 : h * 0.22;
        painter->drawLine(QPointF(x, top + inset), QPointF(x, top + h - inset));
    }
}

void StateBarPlottable::draw(QCPPainter *painter)
{
    m_labelRects.clear();
    if (!m_state->model || m_state->rows.empty())
        return;
    const TimelineCoordinates coords = coordinatesOf(keyAxis(), m_state);
    const QRect area = keyAxis()->axisRect()->rect();
    QFont font = painter->font();
    font = scaledFont(font, 0.85, 6.5);
    painter->setFont(font);
    painter->setRenderHint(QPainter::Antialiasing, false); // crisp bar edges
    m_state->forEachVisibleRow(area.top(), area.bottom(), [&](int, LaneId laneId, double top) {
        const Lane &lane = m_state->model->lane(laneId);
        switch (lane.kind) {
        case LaneKind::Group:
            if (!m_state->isExpanded(lane.id) && lane.summaryLane.valid())
                drawStates(painter, m_state->model->lane(lane.summaryLane), coords, top, true);
            break;
        case LaneKind::State: drawStates(painter, lane, coords, top, false); break;
        case LaneKind::Heartbeats: drawHeartbeats(painter, lane, coords, top); break;
        case LaneKind::Events: break; // marks only (EventPlottable)
        }
    });
}

RowBackground::RowBackground(QCustomPlot *plot, QCPAxisRect *rect, const TimelineState *state)
    : QCPLayerable(plot, QString(), rect), m_rect(rect), m_state(state)
{
    setLayer(QStringLiteral("background"));
}

void RowBackground::applyDefaultAntialiasingHint(QCPPainter *painter) const
{
    painter->setAntialiasing(false);
}

QRect RowBackground::clipRect() const
{
    return m_rect->rect();
}

void RowBackground::draw(QCPPainter *painter)
{
    const QRect area = m_rect->rect();
    const Palette &pal = m_state->palette;
    painter->fillRect(area, pal.background);
    if (!m_state->model)
        return;
    m_state->forEachVisibleRow(area.top(), area.bottom(), [&](int row, LaneId laneId, double top) {
        const Lane &lane = m_state->model->lane(laneId);
        const QRectF r(area.left(), top, area.width(), m_state->rowHeight);
        if (lane.isGroup())
            painter->fillRect(r, pal.groupRow);
        else if (row % 2)
            painter->fillRect(r, pal.rowAlternate);
        if (m_state->isHighlighted(laneId))
            painter->fillRect(r, pal.highlightRow);
        if (lane.isGroup() && lane.depth == 0) {
            painter->setPen(QPen(pal.grid, 1));
            painter->drawLine(QPointF(r.left(), r.top()), QPointF(r.right(), r.top()));
        }
    });
    // The selected finding's time range (and each called-out finding's), over every row.
    const auto &findings = m_state->model->analysis().findings;
    const QCPAxis *key = m_rect->axis(QCPAxis::atTop) ? m_rect->axis(QCPAxis::atTop) : m_rect->axis(QCPAxis::atBottom);
    const TimelineCoordinates coords = coordinatesOf(key, m_state);
    auto shade = [&](int index) {
        if (index < 0 || static_cast<std::size_t>(index) >= findings.size())
            return;
        const core::Finding &f = findings[static_cast<std::size_t>(index)];
        if (coords.overlaps(f.start, f.end)) {
            const double x0 = coords.toClampedPixel(f.start), x1 = coords.toClampedPixel(f.end);
            painter->fillRect(QRectF(x0, area.top(), std::max(2.0, x1 - x0), area.height()), pal.findingShade);
        }
    };
    shade(m_state->finding);
    for (const Callout &c : m_state->callouts)
        if (c.finding != m_state->finding)
            shade(c.finding);
}

} // namespace kubelane::ui
