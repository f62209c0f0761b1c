#include "legendpainter.h"

#include "eventplottable.h"
#include "overlaylayer.h"
#include "statebarplottable.h"

#include <QCoreApplication>
#include <QPainter>

#include <algorithm>
#include <functional>

namespace kubelane::ui {

namespace {

QString tr(const char *text)
{
    return QCoreApplication::translate("Legend", text);
}

int severityIndex(core::Severity s)
{
    switch (s) {
    case core::Severity::Warning: return 1;
    case core::Severity::Error: return 2;
    case core::Severity::Fatal: return 3;
    default: return 0;
    }
}

void drawArrowIcon(QPainter *q, QRectF rc, const QColor &color)
{
    q->setPen(QPen(color, 2));
    q->drawLine(QPointF(rc.left() + 2, rc.center().y()), QPointF(rc.right() - 2, rc.center().y()));
    q->drawLine(QPointF(rc.right() - 2, rc.center().y()), QPointF(rc.right() - 7, rc.center().y() - 4));
    q->drawLine(QPointF(rc.right() - 2, rc.center().y()), QPointF(rc.right() - 7, rc.center().y() + 4));
}

// Events of a lane in [start, end]: a range of positions into Lane::events.
std::pair<std::size_t, std::size_t> eventsIn(const core::Incident &inc, const Lane &lane, core::Timestamp start, core::Timestamp end)
{
    auto before = [&](core::EventIndex e, core::Timestamp t) { return inc.event(e).time < t; };
    const auto b = std::lower_bound(lane.events.begin(), lane.events.end(), start, before);
    const auto e = std::lower_bound(b, lane.events.end(), end + core::Duration{1}, before);
    return {static_cast<std::size_t>(b - lane.events.begin()), static_cast<std::size_t>(e - lane.events.begin())};
}

} // namespace

LegendContent LegendContent::all()
{
    LegendContent c;
    c.severities.fill(true);
    c.categories.fill(true);
    c.states.fill(true);
    c.folded = c.heartbeat = c.failedHeartbeat = c.gapOverGrace = c.gapUnderGrace = true;
    c.raceArrow = c.safeArrow = c.evidence = c.findingWindow = true;
    return c;
}

LegendContent LegendContent::of(const TimelineState &state, core::Timestamp start, core::Timestamp end)
{
    LegendContent c;
    if (!state.model)
        return c;
    const core::Incident &inc = state.model->incident();
    for (LaneId laneId : state.rows) {
        const Lane &lane = state.model->lane(laneId);
        if (state.rowShowsEvents(laneId)) {
            const auto [b, e] = eventsIn(inc, lane, start, end);
            c.folded = c.folded || e - b > 1;
            for (std::size_t i = b; i < e; ++i) {
                const core::Event &ev = inc.event(lane.events[i]);
                if (state.isHiddenType(ev.type))
                    continue; // not drawn, so not explained
                c.severities[static_cast<std::size_t>(severityIndex(ev.severity))] = true;
                c.categories[static_cast<std::size_t>(state.model->categoryOfType(ev.type))] = true;
            }
        }
        // The ink the painters use for the row's kind (StateBarPlottable::draw).
        const Lane &bars =
            lane.isGroup() ? (state.isExpanded(laneId) || !lane.summaryLane.valid() ? lane : state.model->lane(lane.summaryLane)) : lane;
        if (bars.kind == LaneKind::State)
            for (const StateSpan &s : bars.states)
                if (s.start <= end && s.end >= start)
                    c.states[static_cast<std::size_t>(s.state)] = true;
        if (lane.kind != LaneKind::Heartbeats)
            continue;
        for (const HeartbeatTick &t : lane.ticks)
            if (t.time >= start && t.time <= end)
                (t.failed ? c.failedHeartbeat : c.heartbeat) = true;
        for (const GapSpan &g : lane.gaps)
            if (g.fact->start <= end && g.fact->end >= start)
                (g.fact->exceedsGrace ? c.gapOverGrace : c.gapUnderGrace) = true;
    }
    const TimelineCoordinates coords = TimelineCoordinates(state.model->origin(), start, end, 0, 1000);
    for (const OrderingArrow &a : OverlayLayer::arrows(state, coords, 0))
        (a.statusFirst ? c.raceArrow : c.safeArrow) = true;
    c.evidence = !state.evidence.empty();
    c.findingWindow = state.finding >= 0 || !state.callouts.empty();
    c.callout = !state.callouts.empty();
    c.note = std::any_of(state.notes.begin(), state.notes.end(), [&](const Note &n) { return n.time >= start && n.time <= end; });
    return c;
}

double layoutLegend(QPainter *p, QPointF origin, double width, const QFont &font, const Palette &pal, const LegendContent &content,
                    std::vector<LegendCategoryRect> *categoryRects,
                    const std::array<bool, static_cast<int>(EventCategory::Count)> *hiddenCategories)
{
    int category = -1; // set while laying out an event-kind entry
    const QFontMetricsF fm(font);
    const double lineH = std::max(18.0, fm.height() + 6);
    const double iconW = std::max(22.0, fm.height() * 1.5);
    const double left = origin.x() + 6, right = origin.x() + width;
    double x = left, y = origin.y() + 3;
    bool any = false;
    QString pendingHeading; // a heading is laid out with its first item, never alone at a line end
    auto item = [&](bool shown, const QString &text, const std::function<void(QPainter *, QRectF)> &icon) {
        if (!shown)
            return;
        any = true;
        const double headingW = pendingHeading.isEmpty() ? 0 : fm.horizontalAdvance(pendingHeading) + 10;
        const double w = iconW + 4 + fm.horizontalAdvance(text) + 14;
        if (x + headingW + w > right && x > left) {
            x = left;
            y += lineH;
        }
        if (!pendingHeading.isEmpty()) {
            if (p) {
                QFont b = font;
                b.setBold(true);
                p->setFont(b);
                p->setPen(pal.mutedText);
                p->drawText(QRectF(x, y, headingW + 10, lineH), Qt::AlignVCenter | Qt::AlignLeft, pendingHeading);
            }
            x += headingW;
            pendingHeading.clear();
        }
        const bool hidden = category >= 0 && hiddenCategories && (*hiddenCategories)[static_cast<std::size_t>(category)];
        if (category >= 0 && categoryRects)
            categoryRects->push_back({QRectF(x, y, w, lineH), static_cast<EventCategory>(category)});
        if (p) {
            const QRectF iconRect(x, y + 2, iconW, lineH - 4);
            p->save();
            if (hidden)
                p->setOpacity(0.35);
            p->setRenderHint(QPainter::Antialiasing, true);
            icon(p, iconRect);
            p->restore();
            p->setPen(hidden ? pal.mutedText : pal.text);
            QFont f = font;
            f.setStrikeOut(hidden); // hidden from the lanes: struck through, not gone
            p->setFont(f);
            p->drawText(QRectF(x + iconW + 4, y, w, lineH), Qt::AlignVCenter | Qt::AlignLeft, text);
            p->setFont(font);
        }
        x += w;
    };
    auto heading = [&](const QString &text) { pendingHeading = text; };
    const double r = std::max(4.5, fm.height() * 0.3);
    const QColor status = pal.category(EventCategory::Status);
    const auto &sev = content.severities;
    heading(tr("Severity"));
    const core::Severity severities[] = {core::Severity::Info, core::Severity::Warning, core::Severity::Error, core::Severity::Fatal};
    const char *severityNames[] = {"info", "warning", "error", "fatal"};
    for (std::size_t i = 0; i < 4; ++i)
        item(sev[i], tr(severityNames[i]),
             [&, i](QPainter *q, QRectF rc) { drawEventShape(q, rc.center(), r, severities[i], false, status, pal.text); });
    item(content.folded, tr("folded (< 3 px apart)"), [&](QPainter *q, QRectF rc) {
        QColor c = pal.category(EventCategory::Api);
        c.setAlpha(200);
        q->setPen(QPen(c.darker(130), 1));
        q->setBrush(c);
        q->drawRoundedRect(QRectF(rc.left() + 1, rc.center().y() - r * 0.8, rc.width() - 2, r * 1.6), r * 0.8, r * 0.8);
    });
    const auto &cats = content.categories;
    heading(tr("Event type"));
    for (int i = 0; i < static_cast<int>(EventCategory::Count); ++i) {
        const auto c = static_cast<EventCategory>(i);
        category = i;
        item(cats[static_cast<std::size_t>(i)], tr(Palette::categoryName(c)), [&, c](QPainter *q, QRectF rc) {
            drawEventShape(q, rc.center(), r, core::Severity::Info, c == EventCategory::Other, pal.category(c), pal.text);
        });
        category = -1;
    }
    const auto &states = content.states;
    heading(tr("State"));
    for (int i = 0; i < static_cast<int>(StateKind::Count); ++i) {
        const auto s = static_cast<StateKind>(i);
        item(states[static_cast<std::size_t>(i)], tr(Palette::stateName(s)), [&, s](QPainter *q, QRectF rc) {
            q->setRenderHint(QPainter::Antialiasing, false);
            paintStateBar(q, QRectF(rc.left(), rc.top() + 2, rc.width(), rc.height() - 4), s, pal, false);
        });
    }
    heading(tr("Heartbeats"));
    item(content.heartbeat, tr("heartbeat"), [&](QPainter *q, QRectF rc) {
        q->setPen(QPen(pal.tick, 1.3));
        for (int i = 0; i < 3; ++i) {
            const double tx = rc.left() + rc.width() * (0.2 + 0.3 * i);
            q->drawLine(QPointF(tx, rc.top() + 3), QPointF(tx, rc.bottom() - 3));
        }
    });
    item(content.failedHeartbeat, tr("failed"), [&](QPainter *q, QRectF rc) {
        q->setPen(QPen(pal.tickFailed, 2));
        q->drawLine(QPointF(rc.center().x(), rc.top() + 4), QPointF(rc.center().x(), rc.bottom() - 4));
    });
    item(content.gapOverGrace, tr("gap > grace period"), [&](QPainter *q, QRectF rc) { q->fillRect(rc, pal.gapOverGrace); });
    item(content.gapUnderGrace, tr("gap ≤ grace period"), [&](QPainter *q, QRectF rc) { q->fillRect(rc, pal.gapUnderGrace); });
    heading(tr("Findings"));
    item(content.raceArrow, tr("status before probe (race)"), [&](QPainter *q, QRectF rc) { drawArrowIcon(q, rc, pal.arrowRace); });
    item(content.safeArrow, tr("probe before status"), [&](QPainter *q, QRectF rc) { drawArrowIcon(q, rc, pal.arrowSafe); });
    item(content.evidence, tr("evidence"), [&](QPainter *q, QRectF rc) {
        q->setPen(QPen(pal.evidence, 2));
        q->setBrush(Qt::NoBrush);
        q->drawEllipse(rc.center(), r + 1.5, r + 1.5);
    });
    item(content.findingWindow, tr("finding window"), [&](QPainter *q, QRectF rc) { q->fillRect(rc, pal.findingShade); });
    item(content.callout, tr("finding (see captions)"),
         [&](QPainter *q, QRectF rc) { drawCalloutMarker(q, rc.center(), rc.height() / 2, 1, pal); });
    item(content.note, tr("note"), [&](QPainter *q, QRectF rc) {
        q->setPen(QPen(pal.note, 2));
        const QPointF top(rc.left() + 6, rc.top() + 2);
        q->drawLine(top, QPointF(top.x(), rc.bottom() - 2));
        const QPointF flag[3] = {top, top + QPointF(9, 4), top + QPointF(0, 8)};
        q->setBrush(pal.note);
        q->drawPolygon(flag, 3);
    });
    return any ? y + lineH + 3 - origin.y() : 0;
}

} // namespace kubelane::ui
