#pragma once
// All time <-> pixel math of the timeline, in one place (as Qt Creator's tracing library keeps
// it in timelinecoordinates.h). A value type: built from the visible range and the plot
// rectangle for each render pass, never stored by a painter.
//
// Keys: QCustomPlot wants doubles. A double of nanoseconds since the epoch only resolves
// ~256 ns, and one of seconds since the epoch ~0.24 µs; the orderings we draw differ by a few
// µs. So the plot's keys are seconds since `origin` (the start of the bundle's first UTC day):
// for a bundle spanning a week that still resolves better than a nanosecond.
#include "core/model/timestamp.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <utility>

namespace kubelane::ui {

class TimelineCoordinates {
public:
    TimelineCoordinates() = default;
    // Invariant: end > start (a zero-length range is widened to 1 ns), width > 0.
    TimelineCoordinates(core::Timestamp origin, core::Timestamp start, core::Timestamp end, double left, double width)
        : m_origin(origin), m_start(start), m_end(end > start ? end : start + core::Duration{1}), m_left(left),
          m_width(width > 0 ? width : 1.0)
    { }

    // From the plot's key range (seconds since origin) and the axis rectangle.
    static TimelineCoordinates fromKeys(core::Timestamp origin, double lowerKey, double upperKey, double left, double width)
    {
        return TimelineCoordinates(origin, timeAtKey(origin, lowerKey), timeAtKey(origin, upperKey), left, width);
    }

    static double keyOf(core::Timestamp origin, core::Timestamp t) { return static_cast<double>((t - origin).ns) / 1e9; }
    static core::Timestamp timeAtKey(core::Timestamp origin, double key)
    {
        return origin + core::Duration{static_cast<std::int64_t>(std::llround(key * 1e9))};
    }
    double key(core::Timestamp t) const { return keyOf(m_origin, t); }
    core::Timestamp timeAt(double key) const { return timeAtKey(m_origin, key); }

    core::Timestamp origin() const { return m_origin; }
    core::Timestamp start() const { return m_start; }
    core::Timestamp end() const { return m_end; }
    core::Duration span() const { return m_end - m_start; }
    double left() const { return m_left; }
    double width() const { return m_width; }
    double right() const { return m_left + m_width; }

    double nsPerPixel() const { return static_cast<double>(span().ns) / m_width; }
    double pixelsPerNs() const { return m_width / static_cast<double>(span().ns); }

    // Pixel x of a time; times outside the range map outside [left, right].
    double toPixel(core::Timestamp t) const { return m_left + static_cast<double>((t - m_start).ns) * pixelsPerNs(); }
    // Time at pixel x (rounded to the nanosecond).
    core::Timestamp toTime(double x) const
    {
        return m_start + core::Duration{static_cast<std::int64_t>(std::llround((x - m_left) * nsPerPixel()))};
    }
    // How long `pixels` are at this zoom.
    core::Duration durationOf(double pixels) const
    {
        return core::Duration{static_cast<std::int64_t>(std::llround(pixels * nsPerPixel()))};
    }
    double pixelsOf(core::Duration d) const { return static_cast<double>(d.ns) * pixelsPerNs(); }

    bool overlaps(core::Timestamp from, core::Timestamp to) const { return to >= m_start && from <= m_end; }

    // A pixel clamped far enough outside the plot that a line to it still leaves the plot
    // in the right direction, but small enough for QPainter's fixed-point paths.
    double toClampedPixel(core::Timestamp t) const { return std::clamp(toPixel(t), m_left - 1e4, right() + 1e4); }

    // The range after zooming by `factor` (< 1 zooms in) keeping `anchor` at the same pixel.
    // Never narrower than `minimum`.
    static std::pair<core::Timestamp, core::Timestamp> zoomed(core::Timestamp start, core::Timestamp end, core::Timestamp anchor,
                                                              double factor, core::Duration minimum = {1000})
    {
        const double span = static_cast<double>((end - start).ns);
        const double newSpan = std::max(span * factor, static_cast<double>(minimum.ns));
        const double before = span > 0 ? static_cast<double>((anchor - start).ns) / span : 0.5;
        const auto newStart = anchor - core::Duration{static_cast<std::int64_t>(std::llround(before * newSpan))};
        return {newStart, newStart + core::Duration{static_cast<std::int64_t>(std::llround(newSpan))}};
    }

private:
    core::Timestamp m_origin;
    core::Timestamp m_start;
    core::Timestamp m_end{1};
    double m_left = 0;
    double m_width = 1;
};

} // namespace kubelane::ui
