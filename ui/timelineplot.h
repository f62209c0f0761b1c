#pragma once
// The QCustomPlot of a timeline, set up one way for the window and for the exported image:
// time on the top axis, our rows instead of a y axis, and the layers that draw them (row
// backgrounds, state bars, event marks, overlay). Every layer reads one TimelineState.
#include "timelinestate.h"

#include <QSharedPointer>

class QCustomPlot;

namespace kubelane::ui {

class EventPlottable;
class OverlayLayer;
class StateBarPlottable;
class TimeAxisTicker;

struct TimelinePlot {
    QCustomPlot *plot = nullptr;
    EventPlottable *events = nullptr;
    StateBarPlottable *states = nullptr;
    OverlayLayer *overlay = nullptr;
    QSharedPointer<TimeAxisTicker> ticker;

    // Configures `plot` (owned by the caller) to draw `state`, with `axisHeight` pixels of ruler.
    static TimelinePlot attach(QCustomPlot *plot, const TimelineState *state, int axisHeight);
    void applyPalette(const Palette &palette, const QColor &background) const;
    // About one labelled tick per 140 px of plot.
    void fitTickCount() const;
    // Shows [start, end] of the state's model on the axis.
    void setRange(const TimelineState &state, core::Timestamp start, core::Timestamp end) const;
};

} // namespace kubelane::ui
