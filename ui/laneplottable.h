#pragma once
// Base of the plottables that draw the lanes (events, state bars): they read TimelineState,
// keep nothing between passes, and are not hit-tested by QCustomPlot (TimelineWidget maps a
// click to a lane and an event itself). Subclasses only draw.
#include "timelinestate.h"

#include <qcustomplot.h>

namespace kubelane::ui {

class LanePlottable : public QCPAbstractPlottable {
    Q_OBJECT
public:
    LanePlottable(QCPAxis *keyAxis, QCPAxis *valueAxis, const TimelineState *state);

    double selectTest(const QPointF &pos, bool onlySelectable, QVariant *details = nullptr) const override;
    // The model's time span, so "fit all" frames every lane.
    QCPRange getKeyRange(bool &foundRange, QCP::SignDomain inSignDomain = QCP::sdBoth) const override;
    // Rows are laid out in pixels by TimelineState; the value axis is a fixed 0..1.
    QCPRange getValueRange(bool &foundRange, QCP::SignDomain inSignDomain = QCP::sdBoth,
                           const QCPRange &inKeyRange = QCPRange()) const override;

protected:
    void drawLegendIcon(QCPPainter *painter, const QRectF &rect) const override;

    const TimelineState *m_state;
};

} // namespace kubelane::ui
