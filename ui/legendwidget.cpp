#include "legendwidget.h"

#include "fontscale.h"
#include "legendpainter.h"

#include <QMouseEvent>
#include <QPainter>

namespace kubelane::ui {

LegendWidget::LegendWidget(QWidget *parent) : QWidget(parent)
{
    QSizePolicy policy(QSizePolicy::Expanding, QSizePolicy::Preferred);
    policy.setHeightForWidth(true);
    setSizePolicy(policy);
    setToolTip(tr("Click an event type to hide or show its marks in every lane"));
}

void LegendWidget::setPalette(const Palette &palette)
{
    m_palette = palette;
    update();
}

QSize LegendWidget::sizeHint() const
{
    return QSize(800, heightForWidth(width() > 0 ? width() : 800));
}

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
    layoutLegend(&p, {}, width(), legendFont(), m_palette, LegendContent::all(), nullptr, &m_hidden);
}

std::vector<LegendCategoryRect> LegendWidget::categoryRects() const
{
    std::vector<LegendCategoryRect> rects;
    layoutLegend(nullptr, {}, width(), legendFont(), m_palette, LegendContent::all(), &rects);
    return rects;
}

QRectF LegendWidget::categoryRect(EventCategory category) const
{
    for (const LegendCategoryRect &r : categoryRects())
        if (r.category == category)
            return r.rect;
    return {};
}

void LegendWidget::setCategoryHidden(EventCategory category, bool hidden)
{
    m_hidden[static_cast<std::size_t>(category)] = hidden;
    update();
    emit hiddenCategoriesChanged(m_hidden);
}

void LegendWidget::mousePressEvent(QMouseEvent *event)
{
    for (const LegendCategoryRect &r : categoryRects()) {
        if (r.rect.contains(event->position())) {
            setCategoryHidden(r.category, !m_hidden[static_cast<std::size_t>(r.category)]);
            return;
        }
    }
    QWidget::mousePressEvent(event);
}

} // namespace kubelane::ui
