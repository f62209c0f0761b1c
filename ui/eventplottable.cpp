#include "eventplottable.h"

#include "fontscale.h"

#include "core/util/parallel.h"

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

namespace {

// The first position in [from, end) whose event is at or after `t`, galloping from `from`:
// a fold's next mark is usually a few events on, so this reads a few events near the last
// position where a binary search over the whole rest read log n scattered ones.
template <class It, class Before> It gallopTo(It from, It end, core::Timestamp t, Before before)
{
    std::ptrdiff_t step = 1;
    It lo = from;
    while (end - lo > step && before(*(lo + step - 1), t)) {
        lo += step;
        step *= 2;
    }
    return std::lower_bound(lo, lo + std::min<std::ptrdiff_t>(step, end - lo), t, before);
}

// The first of a lane's sorted positions (its warnings or errors) inside [a, b). The marks
// come in order, so the cursor only moves forward.
class SeverityCursor {
public:
    SeverityCursor(const std::vector<std::uint32_t> &positions, std::uint32_t from)
        : m_positions(positions), m_at(std::lower_bound(positions.begin(), positions.end(), from))
    { }
    const std::uint32_t *firstIn(std::uint32_t a, std::uint32_t b)
    {
        while (m_at != m_positions.end() && *m_at < a)
            ++m_at;
        return m_at != m_positions.end() && *m_at < b ? &*m_at : nullptr;
    }

private:
    const std::vector<std::uint32_t> &m_positions;
    std::vector<std::uint32_t>::const_iterator m_at;
};

} // namespace

std::vector<FoldedMark> EventPlottable::fold(const core::Incident &incident, const Lane &lane, const TimelineCoordinates &coords,
                                             double foldPixels)
{
    std::vector<FoldedMark> marks;
    const auto &events = lane.events;
    auto byTime = [&](core::EventIndex e, core::Timestamp t) { return incident.event(e).time < t; };
    const auto [lo, hi] = eventsInView(incident, lane, coords);
    const auto start = static_cast<std::uint32_t>(lo - events.begin());
    SeverityCursor errors(lane.errors, start), warnings(lane.warnings, start);
    auto i = lo;
    while (i != hi) {
        FoldedMark m;
        m.first = static_cast<std::uint32_t>(i - events.begin());
        m.x0 = coords.toPixel(incident.event(*i).time);
        const core::Timestamp limit = coords.toTime(m.x0 + foldPixels);
        const auto j = gallopTo(i + 1, hi, limit, byTime);
        m.count = static_cast<std::uint32_t>(j - i);
        m.x1 = coords.toPixel(incident.event(*(j - 1)).time);
        // Worst severity in [a, b): the lane's first error there, else its first warning.
        const std::uint32_t a = m.first, b = m.first + m.count;
        if (const std::uint32_t *p = errors.firstIn(a, b))
            m.representative = events[*p];
        else if (const std::uint32_t *q = warnings.firstIn(a, b))
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

void drawBandShape(QPainter *painter, const QRectF &pill, const QColor &fill, const QColor &outline)
{
    painter->setPen(QPen(outline, 1));
    painter->setBrush(fill);
    painter->drawRoundedRect(pill, pill.height() / 2, pill.height() / 2);
}

void EventPlottable::drawMark(QPainter *painter, QPointF center, double radius, core::Severity severity, bool other, const QColor &fill,
                              const QColor &outline)
{
    if (!m_sprites.draw(painter, center, radius, severity, other, fill, outline))
        drawEventShape(painter, center, radius, severity, other, fill, outline);
}

const QStaticText &EventPlottable::countLabel(std::uint32_t count, const QFont &font)
{
    constexpr qsizetype kMostLabels = 4096; // counts differ with every zoom; keep a screenful or so
    if (font != m_labelFont || m_countLabels.size() >= kMostLabels) {
        m_countLabels.clear();
        m_labelFont = font;
    }
    auto it = m_countLabels.find(count);
    if (it == m_countLabels.end()) {
        // Thousands and more as "12k": the count says how busy, not how many exactly.
        QStaticText label(count > 9999 ? QStringLiteral("%1k").arg(count / 1000) : QString::number(count));
        label.setTextFormat(Qt::PlainText);
        label.prepare(QTransform(), font);
        it = m_countLabels.insert(count, label);
    }
    return *it;
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
    painter->setRenderHint(QPainter::Antialiasing, true);

    // Folding reads a few scattered events of the store per mark and is the larger part of a
    // frame on a busy view: the visible rows fold on every core, then draw in order here.
    struct Row {
        LaneId lane;
        double top = 0;
        std::vector<FoldedMark> marks;
    };
    std::vector<Row> rows;
    m_state->forEachVisibleRow(area.top(), area.bottom(), [&](int, LaneId laneId, double top) {
        if (m_state->rowShowsEvents(laneId))
            rows.push_back({laneId, top, {}});
    });
    constexpr std::size_t kRowsWorthAThread = 8;
    core::forEachInParallel(rows.size(), rows.size() >= kRowsWorthAThread ? 0 : 1,
                            [&](std::size_t i) { rows[i].marks = fold(incident, m_state->marksOf(rows[i].lane), coords, 3.0); });

    for (const Row &row : rows) {
        const double y = row.top + m_state->rowHeight / 2;
        const std::vector<FoldedMark> &marks = row.marks;
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
            const QRectF pill(first.x0 - bandH / 2, y - bandH / 2, x1 - first.x0 + bandH, bandH);
            if (!m_sprites.drawBand(painter, pill, bandFill, fill.darker(130)))
                drawBandShape(painter, pill, bandFill, fill.darker(130));
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
            const QStaticText &label = countLabel(count, font);
            const QSizeF labelSize = label.size();
            if (pill.right() + labelSize.width() + 4 < next - radius) {
                painter->setPen(pal.mutedText);
                painter->drawStaticText(QPointF(pill.right() + 1, y - labelSize.height() / 2), label);
            }
            k = end;
        }
    }
}

} // namespace kubelane::ui
