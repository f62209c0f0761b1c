#include "timelineplot.h"

#include "eventplottable.h"
#include "overlaylayer.h"
#include "statebarplottable.h"
#include "timeaxisticker.h"

#include <qcustomplot.h>

namespace kubelane::ui {

TimelinePlot TimelinePlot::attach(QCustomPlot *plot, const TimelineState *state, int axisHeight)
{
    TimelinePlot t;
    t.plot = plot;
    plot->setInteractions(QCP::Interactions());
    plot->setNoAntialiasingOnDrag(false);
    QCPAxisRect *rect = plot->axisRect();
    rect->setAutoMargins(QCP::msNone);
    rect->setMargins(QMargins(0, axisHeight, 0, 0));
    plot->xAxis->setVisible(false);
    plot->yAxis->setVisible(false);
    plot->yAxis->grid()->setVisible(false);
    plot->xAxis->grid()->setVisible(false);
    plot->yAxis->setRange(0, 1);
    QCPAxis *axis = plot->xAxis2;
    axis->setVisible(true);
    t.ticker = QSharedPointer<TimeAxisTicker>::create();
    axis->setTicker(t.ticker);
    axis->grid()->setVisible(true);
    axis->grid()->setSubGridVisible(true);
    axis->grid()->setZeroLinePen(Qt::NoPen);
    axis->setTickLengthOut(0);
    axis->setTickLengthIn(5);
    axis->setSubTickLengthIn(2);
    axis->setPadding(2);
    axis->setTickLabelPadding(4);

    new RowBackground(plot, rect, state);
    t.states = new StateBarPlottable(plot->xAxis2, plot->yAxis, state);
    t.events = new EventPlottable(plot->xAxis2, plot->yAxis, state);
    t.overlay = new OverlayLayer(plot, rect, state);
    t.applyPalette(state->palette, state->palette.background);
    return t;
}

void TimelinePlot::applyPalette(const Palette &p, const QColor &background) const
{
    plot->setBackground(background);
    QCPAxis *axis = plot->xAxis2;
    axis->setBasePen(QPen(p.grid, 1));
    axis->setTickPen(QPen(p.mutedText, 1));
    axis->setSubTickPen(QPen(p.mutedText, 1));
    axis->setTickLabelColor(p.text);
    QColor minor = p.grid;
    minor.setAlpha(90);
    axis->grid()->setPen(QPen(p.grid, 1, Qt::SolidLine));
    axis->grid()->setSubGridPen(QPen(minor, 1, Qt::DotLine));
}

void TimelinePlot::fitTickCount() const
{
    if (plot->width() > 0)
        ticker->setTickCount(std::max(2, plot->axisRect()->width() / 140));
}

void TimelinePlot::setRange(const TimelineState &state, core::Timestamp start, core::Timestamp end) const
{
    if (!state.model)
        return;
    const core::Timestamp o = state.model->origin();
    plot->xAxis2->setRange(TimelineCoordinates::keyOf(o, start), TimelineCoordinates::keyOf(o, end));
    plot->xAxis->setRange(plot->xAxis2->range());
}

} // namespace kubelane::ui
