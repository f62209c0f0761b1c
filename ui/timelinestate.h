#pragma once
// What the timeline's render passes read: the lane model, the visible rows and what is
// selected. Owned by TimelineWidget, which is the only writer; the plottables and layers
// hold a const pointer and keep no state of their own between passes.
#include "eventsearch.h"
#include "lanemodel.h"
#include "note.h"
#include "palette.h"
#include "timelinecoordinates.h"

#include <QRectF>
#include <QString>

#include <algorithm>
#include <array>
#include <memory>
#include <optional>
#include <utility>
#include <vector>

namespace kubelane::ui {

// A numbered finding marker (exported images): the finding and the mark it points at.
struct Callout {
    int number = 0;
    int finding = -1;
    core::Timestamp time;
    int row = -1;
};

struct TimelineState {
    std::shared_ptr<const LaneModel> model;
    Palette palette = Palette::light();

    std::vector<LaneId> rows;   // visible lanes, top to bottom (LaneModel::rows)
    std::vector<int> rowOfLane; // lane index -> row, or -1
    std::vector<bool> expanded; // lane index -> group open
    double rowHeight = 22;      // logical pixels, same as the lane tree's rows
    double scroll = 0;          // content pixels scrolled off the top
    int utcOffsetSeconds = 0;   // display zone of labels

    // Selection and highlights.
    int finding = -1;
    std::vector<bool> highlightedLanes;     // lane index -> part of the selected finding
    std::vector<core::EventIndex> evidence; // sorted, to outline
    core::EventIndex selectedEvent = core::kNoEvent;
    std::shared_ptr<const EventSearch> search; // events the search box matches (null: no search)
    // Kinds of events the user hid from the legend, and the event types they cover.
    std::array<bool, static_cast<int>(EventCategory::Count)> hiddenCategories{};
    std::vector<bool> hiddenTypes; // by EventTypeId; empty: nothing hidden
    std::vector<Lane> shownMarks;  // by lane index, the marks left when kinds are hidden; empty: none hidden
    std::optional<std::pair<core::Timestamp, core::Timestamp>> measure;
    std::optional<std::pair<core::Timestamp, core::Timestamp>> rubberBand;
    std::optional<core::Timestamp> cursor;
    std::vector<Note> notes;
    QString banner;                // walkthrough step text, drawn at the bottom of the plot
    std::vector<Callout> callouts; // their finding windows are shaded like the selected one
    bool showOrderings = true;

    bool hasModel() const { return model != nullptr; }
    // Hides the marks of these kinds: folded out once here, so no paint tests a mark's type.
    void hideCategories(const std::array<bool, static_cast<int>(EventCategory::Count)> &hidden)
    {
        hiddenCategories = hidden;
        hiddenTypes = model ? model->typesOfCategories(hidden) : std::vector<bool>{};
        shownMarks = hiddenTypes.empty() ? std::vector<Lane>{} : model->markLanesWithout(hiddenTypes);
    }
    // The events a lane draws as marks: its own, or those left by the legend's toggles.
    const Lane &marksOf(LaneId lane) const { return shownMarks.empty() ? model->lane(lane) : shownMarks[lane.index()]; }
    bool isHiddenType(core::EventTypeId type) const { return type < hiddenTypes.size() && hiddenTypes[type]; }
    LaneId laneAtRow(int row) const
    {
        return row >= 0 && row < static_cast<int>(rows.size()) ? rows[static_cast<std::size_t>(row)] : LaneId();
    }
    bool isExpanded(LaneId lane) const { return lane.valid() && lane.index() < expanded.size() && expanded[lane.index()]; }
    bool isHighlighted(LaneId lane) const
    {
        return lane.valid() && lane.index() < highlightedLanes.size() && highlightedLanes[lane.index()];
    }
    // Top of a row in widget pixels, given the top of the plot area.
    double rowTop(int row, double areaTop) const { return areaTop + row * rowHeight - scroll; }
    double rowCenter(int row, double areaTop) const { return rowTop(row, areaTop) + rowHeight / 2; }
    int rowAt(double y, double areaTop) const
    {
        const double r = (y - areaTop + scroll) / rowHeight;
        return r < 0 || r >= static_cast<double>(rows.size()) ? -1 : static_cast<int>(r);
    }
    // Calls fn(row, lane, rowTop) for the rows that show in [areaTop, areaBottom], top down.
    template <typename Fn> void forEachVisibleRow(double areaTop, double areaBottom, Fn &&fn) const
    {
        for (int row = std::max(0, rowAt(areaTop, areaTop)); row < static_cast<int>(rows.size()); ++row) {
            const double top = rowTop(row, areaTop);
            if (top > areaBottom)
                return;
            fn(row, rows[static_cast<std::size_t>(row)], top);
        }
    }
    // Row an event is drawn in (its lane or the nearest collapsed ancestor), or -1 when its
    // lane is filtered out (the nearest visible ancestor is an open group, which shows no events).
    int rowOfEvent(core::EventIndex event) const
    {
        if (!model)
            return -1;
        const LaneId lane = model->laneOfEvent(event);
        const int row = lane.valid() ? model->visibleRowOf(lane, rowOfLane) : -1;
        return row >= 0 && rowShowsEvents(laneAtRow(row)) ? row : -1;
    }
    // Whether a row shows its lane's own events: leaves always, groups only when collapsed
    // (an open group's events are drawn by its children).
    bool rowShowsEvents(LaneId lane) const { return lane.valid() && (!model->lane(lane).isGroup() || !isExpanded(lane)); }
};

} // namespace kubelane::ui
