#pragma once
// Point events of every visible lane, drawn by one plottable (never one QCPItem per event).
// Per lane it binary-searches the visible time range and folds events closer than ~3 px into
// one mark with a count, as Tracy does; the cost of a pass is the number of marks on screen,
// not the number of events, so a million events pan and zoom smoothly.
#include "laneplottable.h"
#include "marksprites.h"

#include <QHash>
#include <QStaticText>

namespace kubelane::ui {

// One drawn mark: one event or several folded together. A draw record, rebuilt every pass.
struct FoldedMark {
    double x0 = 0, x1 = 0;           // pixels of the first and last event folded in
    std::uint32_t first = 0;         // position in Lane::events of the first event
    std::uint32_t count = 0;         // events folded in (>= 1)
    core::EventIndex representative; // the event shown: the first of the worst severity
    core::Severity severity = core::Severity::Info;
};

class EventPlottable : public LanePlottable {
    Q_OBJECT
public:
    EventPlottable(QCPAxis *keyAxis, QCPAxis *valueAxis, const TimelineState *state);

    // Folds the lane's events visible in `coords`: a mark starts at an event and swallows
    // every following event less than `foldPixels` to its right.
    // (Pass TimelineState::marksOf(lane) to leave out the kinds the legend hides.)
    static std::vector<FoldedMark> fold(const core::Incident &incident, const Lane &lane, const TimelineCoordinates &coords,
                                        double foldPixels = 3.0);
    // Radius of a single mark for a row height.
    static double markRadius(double rowHeight) { return std::max(3.0, rowHeight * 0.2); }

    TimelineCoordinates coordinates() const;

protected:
    void draw(QCPPainter *painter) override;

private:
    using EventIterator = std::vector<core::EventIndex>::const_iterator;
    // The lane's events in view (and a few pixels either side), by binary search.
    static std::pair<EventIterator, EventIterator> eventsInView(const core::Incident &incident, const Lane &lane,
                                                                const TimelineCoordinates &coords);
    void drawMark(QPainter *painter, QPointF center, double radius, core::Severity severity, bool other, const QColor &fill,
                  const QColor &outline);

    // A band's count ("37", "12k"), laid out once per font: a frame of a million events shows
    // hundreds of counts, and laying each out again cost a tenth of the frame.
    const QStaticText &countLabel(std::uint32_t count, const QFont &font);

    MarkSprites m_sprites;
    QFont m_labelFont;
    QHash<std::uint32_t, QStaticText> m_countLabels;
};

// Draws a band of marks folded together: a rounded rectangle, ends as round as it is high.
void drawBandShape(QPainter *painter, const QRectF &pill, const QColor &fill, const QColor &outline);

// Draws one mark's shape: circle (debug/info), triangle (warning), diamond (error), diamond
// with a bar (fatal); "other" events are a small tick. Shared with the legend.
void drawEventShape(QPainter *painter, QPointF center, double radius, core::Severity severity, bool other, const QColor &fill,
                    const QColor &outline);

} // namespace kubelane::ui
