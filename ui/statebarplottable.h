#pragma once
// State bars (Ready True/False/Unknown, kubelet up/down, taints, container running, PLEG
// unhealthy) and heartbeat lanes (a tick per heartbeat, every gap shaded and labelled with
// its length against the grace period). Like EventPlottable it reads TimelineState and
// binary-searches what it draws; spans and ticks come precomputed from LaneModel.
#include "eventplottable.h"
#include "laneplottable.h"

#include <utility>
#include <vector>

namespace kubelane::ui {

class StateBarPlottable : public LanePlottable {
    Q_OBJECT
public:
    StateBarPlottable(QCPAxis *keyAxis, QCPAxis *valueAxis, const TimelineState *state);

    // Geometry shared with hit-testing and the tests: where a lane's bar sits in its row.
    static QRectF barRect(double x0, double x1, double rowTop, double rowHeight, bool thin);
    static QRectF gapRect(double x0, double x1, double rowTop, double rowHeight);
    // The widest stretch of [left, right] that none of a lane's folded `marks` covers: where a state's text
    // goes, so marks never sit on it.
    static std::pair<double, double> freeStretch(const std::vector<FoldedMark> &marks, double left, double right, double markReach);
    // Text boxes of the labels drawn by the last pass (tests: nothing overlaps them).
    const std::vector<QRectF> &labelRects() const { return m_labelRects; }

protected:
    void draw(QCPPainter *painter) override;

private:
    void drawStates(QCPPainter *painter, const Lane &lane, const TimelineCoordinates &coords, double top, bool summary) const;
    void drawHeartbeats(QCPPainter *painter, const Lane &lane, const TimelineCoordinates &coords, double top) const;
    mutable std::vector<QRectF> m_labelRects;
};

// Rows behind everything: alternating stripes, group rows, the selected finding's lanes and
// its time range. On the background layer, under the grid.
class RowBackground : public QCPLayerable {
    Q_OBJECT
public:
    RowBackground(QCustomPlot *plot, QCPAxisRect *rect, const TimelineState *state);

protected:
    void applyDefaultAntialiasingHint(QCPPainter *painter) const override;
    void draw(QCPPainter *painter) override;
    QRect clipRect() const override;

private:
    QCPAxisRect *m_rect;
    const TimelineState *m_state;
};

// Text colour readable on `fill`.
QColor textOn(const QColor &fill, const QColor &background);
// Fills a bar; hatched states get diagonal lines as well, so they read without colour.
// `openEnded`: still in the state when its logs end (a short fade at the right edge);
// `endUnknown`: over by its end at the latest, when is not logged (a long fade over its
// second half).
void paintStateBar(QPainter *painter, const QRectF &rect, StateKind state, const Palette &palette, bool openEnded, bool endUnknown = false);

} // namespace kubelane::ui
