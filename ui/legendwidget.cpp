#include "legendwidget.h"

#include "fontscale.h"
#include "legendpainter.h"

#include <QPainter>


namespace kubelane::ui {

LegendWidget::LegendWidget(QWidget *parent) : QWidget(parent)
{
    QSizePolicy policy(QSizePolicy::Expanding, QSizePolicy::Preferred);
    policy.setHeightForWidth(true);
    setSizePolicy(policy);
}

void LegendWidget::setPalette(const Palette &palette)
{
    m_palette = palette;
    update();
}

QSize LegendWidget::sizeHint() const { return QSize(800, heightForWidth(width() > 0 ? width() : 800)); }

int LegendWidget::heightForWidth(int width) const
{
    return static_cast<int>(layoutLegend(nullptr, {}, width, legendFont(), m_palette, LegendContent::all()));
}

void LegendWidget::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    updateGeometry();
}

QFont LegendWidget::legendFont() const
{
    QFont f = font();
    f = scaledFont(f, 0.9, 7.0);
    return f;
}

void LegendWidget::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    p.fillRect(rect(), m_palette.background);
    layoutLegend(&p, {}, width(), legendFont(), m_palette, LegendContent::all());
}

} // namespace kubelane::ui
