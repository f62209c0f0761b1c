#pragma once
// Everything drawn over the marks: gap lengths, taint add/remove times, ordering arrows between the status generation and the
// first readiness result (with the µs between them), evidence outlines of the selected
// finding, the selected event, notes, the measure band, the rubber band, the time cursor
// with its exact timestamp and the walkthrough banner. Stateless: it reads TimelineState.
#include "timelinestate.h"

#include <qcustomplot.h>

namespace kubelane::ui {

// A draw record for one ordering fact, in pixels. Built per pass and by the tests.
struct OrderingArrow {
    std::size_t order = 0;                       // index into Facts::orders
    core::EventIndex fromEvent = core::kNoEvent; // the earlier of the two
    core::EventIndex toEvent = core::kNoEvent;
    QPointF from, to;
    bool statusFirst = false; // the race: status generated before the probe result
    QString label;            // "status first by 43 µs"
};

class OverlayLayer : public QCPLayerable {
    Q_OBJECT
public:
    OverlayLayer(QCustomPlot *plot, QCPAxisRect *rect, const TimelineState *state);

    TimelineCoordinates coordinates() const;
    // Arrows for the orderings whose events are in visible rows and near the visible range.
    static std::vector<OrderingArrow> arrows(const TimelineState &state, const TimelineCoordinates &coords, double areaTop);
    // Note under a point (index into state.notes), or -1.
    int noteAt(QPointF pos) const;
    // Centres of the numbered callout markers, in the order of state.callouts: above the mark
    // they point at, moved right where two would overlap.
    static std::vector<QPointF> calloutCenters(const TimelineState &state, const TimelineCoordinates &coords, double areaTop);
    static double calloutRadius(const TimelineState &state) { return state.rowHeight * 0.42; }
    // Pixel position of a note's pin.
    static QPointF notePosition(const TimelineState &state, const Note &note, const TimelineCoordinates &coords, double areaTop);

protected:
    void applyDefaultAntialiasingHint(QCPPainter *painter) const override;
    void draw(QCPPainter *painter) override;

private:
    void drawArrows(QCPPainter *painter, const TimelineCoordinates &coords, const QRect &area) const;
    void drawGapLabels(QCPPainter *painter, const TimelineCoordinates &coords, const QRect &area) const;
    void drawTaintTimes(QCPPainter *painter, const TimelineCoordinates &coords, const QRect &area) const;
    void drawEvidence(QCPPainter *painter, const TimelineCoordinates &coords, const QRect &area) const;
    void drawSearchHits(QCPPainter *painter, const TimelineCoordinates &coords, const QRect &area) const;
    // Notes of a lane in its row (`timeNotes` false), or notes of a time on the axis band.
    void drawNotes(QCPPainter *painter, const TimelineCoordinates &coords, const QRect &area, bool timeNotes) const;
    void drawMeasure(QCPPainter *painter, const TimelineCoordinates &coords, const QRect &area) const;
    void drawCursor(QCPPainter *painter, const TimelineCoordinates &coords, const QRect &area) const;
    void drawBanner(QCPPainter *painter, const QRect &area) const;
    void drawCallouts(QCPPainter *painter, const TimelineCoordinates &coords, const QRect &area) const;
    QCPAxisRect *m_rect;
    const TimelineState *m_state;
};

// Draws text in a rounded box; returns the box.
QRectF drawLabel(QPainter *painter, QPointF anchor, Qt::Alignment align, const QString &text, const QColor &textColor,
                 const QColor &background, const QColor &border = QColor());

// A filled disc with a finding's number: the callout marker, also drawn by the legend.
void drawCalloutMarker(QPainter *painter, QPointF center, double radius, int number, const Palette &palette);

} // namespace kubelane::ui
