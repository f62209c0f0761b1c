#pragma once
// "Export current view": the scene of what the timeline shows on screen, i.e. its visible time
// range and only the rows inside the plot's viewport (not every row the scroll area holds),
// with the findings in that view, the notes' owner's cursor and measure.
#include "exportscene.h"

#include <cstddef>
#include <optional>
#include <vector>

namespace kubelane::ui {

struct TimelineState;
class TimelineWidget;

// Lanes of the rows that show at least in part between `areaTop` and `areaBottom` (widget
// pixels of the plot, both rows of pixels inside it), top down, given the state's scroll
// position: TimelineState::forEachVisibleRow's rows.
std::vector<LaneId> rowsOnScreen(const TimelineState &state, double areaTop, double areaBottom);
// The same for a timeline widget as it is laid out now.
std::vector<LaneId> rowsOnScreen(const TimelineWidget &timeline);

// The current view as a scene (no notes, zone or bundle name: the window adds those), or
// nothing when no bundle is shown. At most kMaxViewCallouts findings are called out, the most
// severe (the earliest among equals): a zoomed-out view of a big bundle holds hundreds, and a
// caption each would make the image taller than any screen.
constexpr std::size_t kMaxViewCallouts = 12;
std::optional<ExportScene> sceneOfView(const TimelineWidget &timeline);

} // namespace kubelane::ui
