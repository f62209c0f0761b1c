#include "laneplottable.h"

namespace kubelane::ui {

LanePlottable::LanePlottable(QCPAxis *keyAxis, QCPAxis *valueAxis, const TimelineState *state)
    : QCPAbstractPlottable(keyAxis, valueAxis), m_state(state)
{
    setSelectable(QCP::stNone);
}

double LanePlottable::selectTest(const QPointF &, bool, QVariant *) const
{
    return -1;
}

QCPRange LanePlottable::getKeyRange(bool &foundRange, QCP::SignDomain) const
{
    foundRange = m_state->model != nullptr;
    if (!foundRange)
        return {};
    const auto o = m_state->model->origin();
    return QCPRange(TimelineCoordinates::keyOf(o, m_state->model->first()), TimelineCoordinates::keyOf(o, m_state->model->last()));
}

QCPRange LanePlottable::getValueRange(bool &foundRange, QCP::SignDomain, const QCPRange &) const
{
    foundRange = true;
    return QCPRange(0, 1);
}

// The legend is LegendWidget's; plottables add no legend items.
void LanePlottable::drawLegendIcon(QCPPainter *, const QRectF &) const { }

} // namespace kubelane::ui
