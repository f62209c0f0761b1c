#pragma once
// The legend: what each shape, colour, bar and line of the timeline means. Painted with the
// same functions as the timeline, so it cannot drift from it. The window lists everything;
// an exported image lists only what it shows (LegendContent::of).
#include "palette.h"
#include "timelinestate.h"

#include <QFont>
#include <QPointF>

#include <array>
#include <vector>

class QPainter;

namespace kubelane::ui {

struct LegendContent {
    std::array<bool, 4> severities{}; // Info (and Debug), Warning, Error, Fatal
    bool folded = false;
    std::array<bool, static_cast<int>(EventCategory::Count)> categories{};
    std::array<bool, static_cast<int>(StateKind::Count)> states{};
    bool heartbeat = false, failedHeartbeat = false, gapOverGrace = false, gapUnderGrace = false;
    bool raceArrow = false, safeArrow = false, evidence = false, findingWindow = false, callout = false, note = false;

    static LegendContent all();
    // What the rows of `state` show between `start` and `end`.
    static LegendContent of(const TimelineState &state, core::Timestamp start, core::Timestamp end);
};

// Lays the legend out in `width` pixels from `origin`, painting it when `painter` is set;
// returns the height used.
// Where each event-kind entry was laid out (the window's legend toggles them on click).
struct LegendCategoryRect {
    QRectF rect;
    EventCategory category;
};
double layoutLegend(QPainter *painter, QPointF origin, double width, const QFont &font, const Palette &palette,
                    const LegendContent &content, std::vector<LegendCategoryRect> *categoryRects = nullptr,
                    const std::array<bool, static_cast<int>(EventCategory::Count)> *hiddenCategories = nullptr);

} // namespace kubelane::ui
