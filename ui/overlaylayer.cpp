#include "overlaylayer.h"

#include "eventplottable.h"
#include "fontscale.h"
#include "statebarplottable.h"
#include "timeaxisticker.h"

#include <algorithm>
#include <cmath>

namespace kubelane::ui {

QRectF drawLabel(QPainter *painter, QPointF anchor, Qt::Alignment align, const QString &text, const QColor &textColor,
                 const QColor &background, const QColor &border)
{
    const QFontMetricsF fm(painter->font());
    const QSizeF size(fm.horizontalAdvance(text) + 8, fm.height() + 2);
    QPointF topLeft = anchor;
    if (align & Qt::AlignRight)
        topLeft.rx() -= size.width();
    else if (align & Qt::AlignHCenter)
        topLeft.rx() -= size.width() / 2;
    if (align & Qt::AlignBottom)
        topLeft.ry() -= size.height();
    else if (align & Qt::AlignVCenter)
        topLeft.ry() -= size.height() / 2;
    const QRectF box(topLeft, size);
    painter->setPen(border.isValid() ? QPen(border, 1) : Qt::NoPen);
    painter->setBrush(background);
    painter->drawRoundedRect(box, 3, 3);
    painter->setPen(textColor);
    painter->drawText(box, Qt::AlignCenter, text);
    return box;
}

OverlayLayer::OverlayLayer(QCustomPlot *plot, QCPAxisRect *rect, const TimelineState *state)
    : QCPLayerable(plot, QString(), rect), m_rect(rect), m_state(state)
{
    setLayer(QStringLiteral("overlay"));
}

void OverlayLayer::applyDefaultAntialiasingHint(QCPPainter *painter) const
{
    painter->setAntialiasing(true);
}

TimelineCoordinates OverlayLayer::coordinates() const
{
    const QCPAxis *key = m_rect->axis(QCPAxis::atTop);
    const QRect r = m_rect->rect();
    return TimelineCoordinates::fromKeys(m_state->model ? m_state->model->origin() : core::Timestamp{}, key->range().lower,
                                         key->range().upper, r.left(), r.width());
}

std::vector<OrderingArrow> OverlayLayer::arrows(const TimelineState &state, const TimelineCoordinates &coords, double areaTop)
{
    std::vector<OrderingArrow> out;
    if (!state.model || !state.showOrderings)
        return out;
    const core::Incident &inc = state.model->incident();
    const auto &orders = state.model->analysis().facts.orders;
    for (std::size_t i = 0; i < orders.size(); ++i) {
        const core::StatusProbeOrder &o = orders[i];
        if (o.statusEvent.index() >= inc.events.size() || o.probeEvent.index() >= inc.events.size())
            continue;
        const core::EventIndex first = o.statusFirst ? o.statusEvent : o.probeEvent;
        const core::EventIndex second = o.statusFirst ? o.probeEvent : o.statusEvent;
        const core::Timestamp t1 = inc.event(first).time, t2 = inc.event(second).time;
        if (!coords.overlaps(std::min(t1, t2), std::max(t1, t2)))
            continue;
        const int r1 = state.rowOfEvent(first), r2 = state.rowOfEvent(second);
        if (r1 < 0 || r2 < 0)
            continue;
        OrderingArrow a;
        a.order = i;
        a.fromEvent = first;
        a.toEvent = second;
        a.statusFirst = o.statusFirst;
        a.from = QPointF(coords.toPixel(t1), state.rowCenter(r1, areaTop));
        a.to = QPointF(coords.toPixel(t2), state.rowCenter(r2, areaTop));
        const core::Duration delta{std::llabs(o.delta.ns != 0 ? o.delta.ns : (t2 - t1).ns)};
        a.label = (o.statusFirst ? QStringLiteral("status first by ") : QStringLiteral("probe first by ")) + formatPreciseDuration(delta);
        out.push_back(a);
    }
    return out;
}

void OverlayLayer::drawArrows(QCPPainter *painter, const TimelineCoordinates &coords, const QRect &area) const
{
    const Palette &pal = m_state->palette;
    const double r = EventPlottable::markRadius(m_state->rowHeight);
    for (const OrderingArrow &a : arrows(*m_state, coords, area.top())) {
        const QColor color = a.statusFirst ? pal.arrowRace : pal.arrowSafe;
        painter->setPen(QPen(color, 2));
        painter->setBrush(Qt::NoBrush);
        QPointF p1 = a.from, p2 = a.to;
        const bool sameRow = std::abs(p1.y() - p2.y()) < 1;
        if (sameRow) {
            // Both in one (collapsed) row: a bracket above the row.
            p1.ry() -= m_state->rowHeight * 0.42;
            p2 = QPointF(std::max(p2.x(), p1.x() + 14), p1.y());
        }
        // Rings around both ends: which two lines the arrow is about.
        painter->drawEllipse(a.from, r + 3, r + 3);
        painter->drawEllipse(a.to, r + 3, r + 3);
        QPainterPath path(p1);
        if (!sameRow && std::abs(p2.x() - p1.x()) < 24) {
            // Nearly simultaneous at this zoom: bow the arrow out so its direction stays visible.
            const double bow = 26;
            path.cubicTo(p1 + QPointF(bow, 0), p2 + QPointF(bow, 0), p2 + QPointF(r + 4, 0));
        } else {
            path.lineTo(p2);
        }
        painter->drawPath(path);
        // Arrow head at the later event.
        const QPointF tip = path.currentPosition();
        const QPointF before = path.pointAtPercent(0.93);
        const double angle = std::atan2(tip.y() - before.y(), tip.x() - before.x());
        const double size = 8;
        const QPointF head[3] = {tip, tip - QPointF(std::cos(angle - 0.45) * size, std::sin(angle - 0.45) * size),
                                 tip - QPointF(std::cos(angle + 0.45) * size, std::sin(angle + 0.45) * size)};
        painter->setBrush(color);
        painter->drawPolygon(head, 3);
        QPointF labelAt = sameRow ? QPointF(p2.x() + 4, p2.y()) : QPointF(std::max(p1.x(), p2.x()) + 30, (p1.y() + p2.y()) / 2);
        QFont f = painter->font();
        f.setBold(true);
        painter->setFont(f);
        // Near the right edge the label goes to the left of the arrow, so it is never cut.
        Qt::Alignment side = Qt::AlignLeft;
        if (labelAt.x() + QFontMetricsF(f).horizontalAdvance(a.label) + 10 > area.right()) {
            labelAt.setX(std::min(p1.x(), p2.x()) - r - 6);
            side = Qt::AlignRight;
        }
        drawLabel(painter, labelAt, side | Qt::AlignVCenter, a.label, color.darker(pal.dark ? 70 : 115), pal.labelBackground, color);
        f.setBold(false);
        painter->setFont(f);
    }
}

// Heartbeat gaps are shaded by StateBarPlottable; their lengths are labelled here, above the
// marks, because failed attempts are drawn inside the gap and must not hide the number.
void OverlayLayer::drawGapLabels(QCPPainter *painter, const TimelineCoordinates &coords, const QRect &area) const
{
    const Palette &pal = m_state->palette;
    const QFontMetricsF fm(painter->font());
    m_state->forEachVisibleRow(area.top(), area.bottom(), [&](int, LaneId laneId, double top) {
        const Lane &lane = m_state->model->lane(laneId);
        if (lane.kind != LaneKind::Heartbeats)
            return;
        for (const GapSpan &g : lane.gaps) {
            if (!coords.overlaps(g.fact->start, g.fact->end))
                continue;
            const QRectF r = StateBarPlottable::gapRect(coords.toClampedPixel(g.fact->start), coords.toClampedPixel(g.fact->end), top,
                                                        m_state->rowHeight);
            const double left = std::max(r.left(), coords.left()), right = std::min(r.right(), coords.right());
            for (const QString &text : {g.label, formatDurationText(g.fact->length)}) {
                const double w = fm.horizontalAdvance(text) + 8;
                if (right - left <= w + 8) // the shade stays visible either side of the label
                    continue;
                const QRectF plate((left + right - w) / 2, r.center().y() - fm.height() / 2, w, fm.height());
                painter->setPen(QPen(g.fact->exceedsGrace ? pal.tickFailed : pal.mutedText, 1));
                painter->setBrush(pal.background);
                painter->drawRoundedRect(plate, 3, 3);
                painter->setBrush(g.fact->exceedsGrace ? pal.gapOverGrace : pal.gapUnderGrace); // still reads as the gap
                painter->drawRoundedRect(plate, 3, 3);
                painter->setPen(pal.text);
                painter->drawText(plate, Qt::AlignCenter, text);
                break;
            }
        }
    });
}

// When a taint came and went is what an eviction question turns on: label both ends of each
// taint bar in view with its time, outside the bar.
void OverlayLayer::drawTaintTimes(QCPPainter *painter, const TimelineCoordinates &coords, const QRect &area) const
{
    const Palette &pal = m_state->palette;
    const int digits = coords.nsPerPixel() < 1e6 ? 3 : 0;
    const QFontMetricsF fm(painter->font());
    auto timeText = [&](core::Timestamp t) { return QString::fromStdString(core::formatTimeOfDay(t, digits, m_state->utcOffsetSeconds)); };
    auto width = [&](const QString &text) { return fm.horizontalAdvance(text) + 10; };
    m_state->forEachVisibleRow(area.top(), area.bottom(), [&](int, LaneId laneId, double top) {
        const Lane &lane = m_state->model->lane(laneId);
        if (lane.kind != LaneKind::State)
            return;
        int labelled = 0;
        for (const StateSpan &s : lane.states) {
            if ((s.state != StateKind::TaintPresent && s.state != StateKind::TaintQueued) || !coords.overlaps(s.start, s.end))
                continue;
            if (++labelled > 6)
                break;
            const double y = top + m_state->rowHeight / 2;
            auto label = [&](double x, Qt::Alignment side, const QString &text) {
                drawLabel(painter, QPointF(x, y), side | Qt::AlignVCenter, text, pal.text, pal.labelBackground,
                          pal.state(StateKind::TaintPresent));
            };
            const double x0 = coords.toPixel(s.start), x1 = coords.toPixel(s.end);
            // A taint only queued is said so: it was meant, not seen on the node.
            const QString added = x0 < area.left()  ? QString()
                : s.state == StateKind::TaintQueued ? QStringLiteral("queued ") + timeText(s.start)
                                                    : QStringLiteral("+ ") + timeText(s.start);
            const QString removed = !s.openEnded && x1 <= area.right() ? QStringLiteral("− ") + timeText(s.end) : QString();
            const bool roomLeft = added.isEmpty() || x0 - 8 - width(added) >= area.left();
            const bool roomRight = removed.isEmpty() || x1 + 8 + width(removed) <= area.right();
            // Added left of the bar and removed right of it; else both in one label, left of the
            // bar, right of it, or inside its start, whichever has room first.
            if (roomLeft && roomRight) {
                if (!added.isEmpty())
                    label(x0 - 8, Qt::AlignRight, added);
                if (!removed.isEmpty())
                    label(x1 + 8, Qt::AlignLeft, removed);
                continue;
            }
            const QString both = added.isEmpty() ? removed : removed.isEmpty() ? added : added + QStringLiteral("  ") + removed;
            if (x0 - 8 - width(both) >= area.left())
                label(x0 - 8, Qt::AlignRight, both);
            else if (x1 + 8 + width(both) <= area.right())
                label(x1 + 8, Qt::AlignLeft, both);
            else // inside, at the bar's right end: its state text starts at the left end
                label(std::min(x1, double(area.right())) - 4, Qt::AlignRight, both);
        }
    });
}

void OverlayLayer::drawEvidence(QCPPainter *painter, const TimelineCoordinates &coords, const QRect &area) const
{
    const core::Incident &inc = m_state->model->incident();
    const Palette &pal = m_state->palette;
    const double r = EventPlottable::markRadius(m_state->rowHeight) + 4;
    painter->setBrush(Qt::NoBrush);
    QPointF last(-1e9, -1e9);
    for (core::EventIndex e : m_state->evidence) {
        if (e.index() >= inc.events.size())
            continue;
        const double x = coords.toPixel(inc.event(e).time);
        if (x < area.left() - r || x > area.right() + r)
            continue;
        const int row = m_state->rowOfEvent(e);
        if (row < 0)
            continue;
        const QPointF c(x, m_state->rowCenter(row, area.top()));
        if (std::abs(c.x() - last.x()) < 1 && std::abs(c.y() - last.y()) < 1)
            continue;
        last = c;
        painter->setPen(QPen(pal.background, 4));
        painter->drawEllipse(c, r, r);
        painter->setPen(QPen(pal.evidence, 2));
        painter->drawEllipse(c, r, r);
    }
    if (m_state->selectedEvent.index() < inc.events.size()) {
        const double x = coords.toPixel(inc.event(m_state->selectedEvent).time);
        const int row = m_state->rowOfEvent(m_state->selectedEvent);
        painter->setPen(QPen(pal.selection, 1, Qt::DotLine));
        painter->drawLine(QPointF(x, area.top()), QPointF(x, area.bottom()));
        if (row >= 0) {
            const QPointF c(x, m_state->rowCenter(row, area.top()));
            painter->setPen(QPen(pal.selection, 3));
            painter->drawEllipse(c, r + 2, r + 2);
        }
    }
}

void OverlayLayer::drawSearchHits(QCPPainter *painter, const TimelineCoordinates &coords, const QRect &area) const
{
    if (!m_state->search || m_state->search->isEmpty())
        return;
    const core::Incident &inc = m_state->model->incident();
    const Palette &pal = m_state->palette;
    const double r = EventPlottable::markRadius(m_state->rowHeight) + 2.5;
    const core::Timestamp from = coords.toTime(area.left() - r);
    const core::Timestamp to = coords.toTime(area.right() + r);
    painter->setBrush(Qt::NoBrush);
    const QPen rim(pal.dark ? pal.background : pal.text, 5);
    const QPen halo(pal.searchHit, 3);
    m_state->forEachVisibleRow(area.top(), area.bottom(), [&](int, LaneId laneId, double top) {
        if (!m_state->rowShowsEvents(laneId))
            return;
        const Lane &lane = m_state->model->lane(laneId);
        const auto &positions = m_state->search->positionsIn(laneId);
        auto timeAt = [&](std::uint32_t p) { return inc.event(lane.events[p]).time; };
        auto it =
            std::lower_bound(positions.begin(), positions.end(), from, [&](std::uint32_t p, core::Timestamp t) { return timeAt(p) < t; });
        const double y = top + m_state->rowHeight / 2;
        double lastX = -1e9;
        for (; it != positions.end() && !(to < timeAt(*it)); ++it) {
            const double x = coords.toPixel(timeAt(*it));
            if (x - lastX < 2)
                continue; // one halo per pixel column is the same picture
            lastX = x;
            const QRectF box(x - r, y - r, 2 * r, 2 * r);
            painter->setPen(rim);
            painter->drawRoundedRect(box, 3, 3);
            painter->setPen(halo);
            painter->drawRoundedRect(box, 3, 3);
        }
    });
}

QPointF OverlayLayer::notePosition(const TimelineState &state, const Note &note, const TimelineCoordinates &coords, double areaTop)
{
    int row = -1;
    if (state.model && !note.laneKey.isEmpty()) {
        const LaneId lane = state.model->laneByKey(note.laneKey);
        if (lane.valid())
            row = state.model->visibleRowOf(lane, state.rowOfLane);
    }
    // A note of a time only belongs to no lane: it sits on the time axis band, above the rows.
    const double y = row >= 0 ? state.rowTop(row, areaTop) + 2 : areaTop - state.rowHeight + 2;
    return QPointF(coords.toPixel(note.time), y);
}

int OverlayLayer::noteAt(QPointF pos) const
{
    const TimelineCoordinates coords = coordinates();
    for (int i = static_cast<int>(m_state->notes.size()) - 1; i >= 0; --i) {
        const QPointF p = notePosition(*m_state, m_state->notes[static_cast<std::size_t>(i)], coords, m_rect->rect().top());
        if (QRectF(p.x() - 6, p.y() - 2, 16, m_state->rowHeight).contains(pos))
            return i;
    }
    return -1;
}

void OverlayLayer::drawNotes(QCPPainter *painter, const TimelineCoordinates &coords, const QRect &area, bool timeNotes) const
{
    const Palette &pal = m_state->palette;
    for (const Note &n : m_state->notes) {
        const QPointF p = notePosition(*m_state, n, coords, area.top());
        if (p.x() < area.left() - 200 || p.x() > area.right())
            continue;
        const bool onAxis = p.y() < area.top();
        if (onAxis != timeNotes)
            continue;
        if (onAxis) {
            if (p.x() < area.left())
                continue;
            // Down through every row, faintly: the time it marks, not any one lane.
            QColor faint = pal.note;
            faint.setAlpha(110);
            painter->setPen(QPen(faint, 1, Qt::DashLine));
            painter->drawLine(QPointF(p.x(), area.top()), QPointF(p.x(), area.bottom()));
        }
        painter->setPen(QPen(pal.note, 2));
        painter->drawLine(p, p + QPointF(0, m_state->rowHeight - 4));
        const QPointF flag[3] = {p, p + QPointF(9, 4), p + QPointF(0, 8)};
        painter->setBrush(pal.note);
        painter->drawPolygon(flag, 3);
        QString text = n.text.section('\n', 0, 0);
        if (text.size() > 48)
            text = text.left(47) + QStringLiteral("…");
        drawLabel(painter, p + QPointF(11, 0), Qt::AlignLeft | Qt::AlignTop, text, pal.text, pal.labelBackground, pal.note);
    }
}

void OverlayLayer::drawMeasure(QCPPainter *painter, const TimelineCoordinates &coords, const QRect &area) const
{
    const Palette &pal = m_state->palette;
    if (m_state->rubberBand) {
        const double x0 = coords.toClampedPixel(m_state->rubberBand->first), x1 = coords.toClampedPixel(m_state->rubberBand->second);
        QColor fill = pal.selection;
        fill.setAlpha(40);
        painter->setPen(QPen(pal.selection, 1, Qt::DashLine));
        painter->setBrush(fill);
        painter->drawRect(QRectF(QPointF(std::min(x0, x1), area.top()), QPointF(std::max(x0, x1), area.bottom())));
    }
    if (m_state->measure) {
        const auto [a, b] = *m_state->measure;
        const double x0 = coords.toClampedPixel(std::min(a, b)), x1 = coords.toClampedPixel(std::max(a, b));
        QColor fill = pal.measure;
        fill.setAlpha(28);
        painter->setPen(Qt::NoPen);
        painter->setBrush(fill);
        painter->drawRect(QRectF(QPointF(x0, area.top()), QPointF(x1, area.bottom())));
        painter->setPen(QPen(pal.measure, 1.5));
        painter->drawLine(QPointF(x0, area.top()), QPointF(x0, area.bottom()));
        painter->drawLine(QPointF(x1, area.top()), QPointF(x1, area.bottom()));
        const double y = area.top() + 14;
        painter->drawLine(QPointF(x0, y), QPointF(x1, y));
        const core::Duration d{std::llabs((b - a).ns)};
        drawLabel(painter, QPointF((x0 + x1) / 2, y + 4), Qt::AlignHCenter | Qt::AlignTop, QStringLiteral("Δ ") + formatPreciseDuration(d),
                  pal.text, pal.labelBackground, pal.measure);
    }
}

void OverlayLayer::drawCursor(QCPPainter *painter, const TimelineCoordinates &coords, const QRect &area) const
{
    if (!m_state->cursor)
        return;
    const Palette &pal = m_state->palette;
    const double x = coords.toPixel(*m_state->cursor);
    if (x < area.left() || x > area.right())
        return;
    painter->setPen(QPen(pal.cursor, 1, Qt::DashLine));
    painter->drawLine(QPointF(x, area.top()), QPointF(x, area.bottom()));
    // The exact time, over the ruler, at the precision the zoom allows (down to ns).
    const double nsPerPx = coords.nsPerPixel();
    const int digits = nsPerPx < 1 ? 9 : nsPerPx < 1000 ? 6 : nsPerPx < 1e6 ? 6 : 3;
    const QString text = formatTimestamp(*m_state->cursor, m_state->utcOffsetSeconds, digits);
    QFont f = painter->font();
    painter->setFont(f);
    const QFontMetricsF fm(f);
    const double w = fm.horizontalAdvance(text) + 8;
    const double left = std::clamp(x - w / 2, double(area.left()), double(area.right()) - w);
    drawLabel(painter, QPointF(left, area.top() - 1), Qt::AlignLeft | Qt::AlignBottom, text, pal.background, pal.cursor);
}

void OverlayLayer::drawBanner(QCPPainter *painter, const QRect &area) const
{
    if (m_state->banner.isEmpty())
        return;
    const Palette &pal = m_state->palette;
    QFont f = painter->font();
    f = scaledFont(f, 1.05, 7.0);
    painter->setFont(f);
    const double maxWidth = std::min(area.width() * 0.7, 900.0);
    const QFontMetricsF fm(f);
    QRectF textRect = fm.boundingRect(QRectF(0, 0, maxWidth, 1000), Qt::TextWordWrap, m_state->banner);
    textRect.setWidth(std::max(textRect.width(), 120.0));
    QRectF box(0, 0, textRect.width() + 24, textRect.height() + 16);
    box.moveCenter(QPointF(area.center().x(), area.bottom() - box.height() / 2 - 12));
    QColor bg = pal.dark ? QColor(30, 30, 30, 235) : QColor(255, 255, 255, 240);
    painter->setPen(QPen(pal.selection, 2));
    painter->setBrush(bg);
    painter->drawRoundedRect(box, 6, 6);
    painter->setPen(pal.text);
    painter->drawText(box.adjusted(12, 8, -12, -8), Qt::TextWordWrap | Qt::AlignLeft | Qt::AlignVCenter, m_state->banner);
}

void drawCalloutMarker(QPainter *painter, QPointF center, double radius, int number, const Palette &pal)
{
    painter->setPen(QPen(pal.background, 2));
    painter->setBrush(pal.callout);
    painter->drawEllipse(center, radius, radius);
    QFont f = painter->font();
    f.setBold(true);
    f.setPixelSize(std::max(6, static_cast<int>(radius * 1.25)));
    painter->setFont(f);
    painter->setPen(pal.calloutText);
    painter->drawText(QRectF(center.x() - radius, center.y() - radius, 2 * radius, 2 * radius), Qt::AlignCenter, QString::number(number));
}

std::vector<QPointF> OverlayLayer::calloutCenters(const TimelineState &state, const TimelineCoordinates &coords, double areaTop)
{
    std::vector<QPointF> out;
    const double r = calloutRadius(state);
    for (const Callout &c : state.callouts) {
        const double markTop = state.rowCenter(std::max(0, c.row), areaTop) - EventPlottable::markRadius(state.rowHeight) - 4;
        QPointF p(std::clamp(coords.toPixel(c.time), coords.left() + r + 1, coords.right() - r - 1),
                  std::max(areaTop + r + 1, markTop - r - 2));
        for (bool moved = true; moved;) {
            moved = false;
            for (const QPointF &q : out)
                if (std::abs(q.y() - p.y()) < 2 * r && std::abs(q.x() - p.x()) < 2 * r + 2) {
                    p.rx() = q.x() + 2 * r + 3;
                    moved = true;
                }
        }
        out.push_back(p);
    }
    return out;
}

void OverlayLayer::drawCallouts(QCPPainter *painter, const TimelineCoordinates &coords, const QRect &area) const
{
    const std::vector<QPointF> centers = calloutCenters(*m_state, coords, area.top());
    const double r = calloutRadius(*m_state);
    const double markR = EventPlottable::markRadius(m_state->rowHeight);
    painter->save();
    for (std::size_t i = 0; i < centers.size(); ++i) {
        const Callout &c = m_state->callouts[i];
        // A stem from the marker down to the mark it names.
        const QPointF mark(coords.toPixel(c.time), m_state->rowCenter(std::max(0, c.row), area.top()));
        if (std::hypot(mark.x() - centers[i].x(), mark.y() - centers[i].y()) > r + markR + 4) {
            painter->setPen(QPen(m_state->palette.callout, 1.5));
            painter->drawLine(centers[i], mark);
        }
        drawCalloutMarker(painter, centers[i], r, c.number, m_state->palette);
    }
    painter->restore();
}

void OverlayLayer::draw(QCPPainter *painter)
{
    if (!m_state->model)
        return;
    const QRect area = m_rect->rect();
    const TimelineCoordinates coords = coordinates();
    QFont font = painter->font();
    font = scaledFont(font, 0.85, 7.0);
    painter->setFont(font);
    painter->save();
    painter->setClipRect(area);
    drawMeasure(painter, coords, area);
    drawGapLabels(painter, coords, area);
    drawTaintTimes(painter, coords, area);
    drawSearchHits(painter, coords, area);
    drawEvidence(painter, coords, area);
    drawArrows(painter, coords, area);
    drawNotes(painter, coords, area, false);
    drawCallouts(painter, coords, area);
    drawBanner(painter, area);
    painter->restore();
    drawNotes(painter, coords, area, true); // on the axis band, outside the clip
    drawCursor(painter, coords, area);      // its label sits on the ruler, outside the clip
}

} // namespace kubelane::ui
