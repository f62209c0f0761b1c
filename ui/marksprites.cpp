#include "marksprites.h"

#include "eventplottable.h"

#include <QPaintDevice>
#include <QPainter>

#include <cmath>

namespace kubelane::ui {

namespace {

constexpr std::size_t kMaxSprites = 256; // palettes and zoom levels: a handful are ever alive

int eighths(double v)
{
    return static_cast<int>(std::lround(v * 8));
}

} // namespace

bool MarkSprites::draw(QPainter *painter, QPointF center, double radius, core::Severity severity, bool other, const QColor &fill,
                       const QColor &outline)
{
    if (painter->transform().type() > QTransform::TxTranslate || !painter->device())
        return false;
    const double ratio = painter->device()->devicePixelRatioF();
    const Key key{static_cast<int>(severity), other, fill.rgba(), outline.rgba(), eighths(radius), eighths(ratio)};
    const QPixmap &image = sprite(key, radius, ratio, severity, other, fill, outline);
    const QSizeF size = image.deviceIndependentSize();
    painter->drawPixmap(QPointF(center.x() - size.width() / 2, center.y() - size.height() / 2), image);
    return true;
}

const QPixmap &MarkSprites::sprite(const Key &key, double radius, double ratio, core::Severity severity, bool other, const QColor &fill,
                                   const QColor &outline)
{
    if (auto it = m_sprites.find(key); it != m_sprites.end())
        return it->second;
    if (m_sprites.size() >= kMaxSprites)
        m_sprites.clear();
    // Room for the widest shape (a fatal diamond, 1.3 r, and its pen) on every side; odd
    // size, so the centre falls on a pixel's centre as the vector shape's does.
    const int side = 2 * static_cast<int>(std::ceil(radius * 1.3 + 2.5)) + 1;
    QPixmap image(QSize(side, side) * ratio);
    image.setDevicePixelRatio(ratio);
    image.fill(Qt::transparent);
    QPainter p(&image);
    p.setRenderHint(QPainter::Antialiasing, true);
    drawEventShape(&p, QPointF(side / 2.0, side / 2.0), radius, severity, other, fill, outline);
    p.end();
    return m_sprites.emplace(key, std::move(image)).first->second;
}

} // namespace kubelane::ui
