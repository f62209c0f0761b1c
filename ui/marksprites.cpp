#include "marksprites.h"

#include "eventplottable.h"

#include <QPaintDevice>
#include <QPainter>

#include <cmath>

namespace kubelane::ui {

namespace {

constexpr std::size_t kMaxSprites = 256; // palettes and zoom levels: a handful are ever alive
constexpr int kBandKey = -1;             // a band's ends, in the severity's place of the key

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

bool MarkSprites::drawBand(QPainter *painter, const QRectF &pill, const QColor &fill, const QColor &outline)
{
    if (painter->transform().type() > QTransform::TxTranslate || !painter->device())
        return false;
    const double ratio = painter->device()->devicePixelRatioF();
    const double height = pill.height();
    const Key key{kBandKey, false, fill.rgba(), outline.rgba(), eighths(height), eighths(ratio)};
    const QPixmap &ends = bandEnds(key, height, ratio, fill, outline);
    // In device pixels, so that every copy lands on whole pixels and none is resampled but
    // the middle column's stretch. The ends' centres are the pill's straight part's ends.
    const int side = ends.width(), middle = side / 2;
    const int x0 = static_cast<int>(std::floor((pill.left() + height / 2) * ratio));
    const int x1 = std::max(x0, static_cast<int>(std::floor((pill.right() - height / 2) * ratio)));
    const int top = static_cast<int>(std::lround(pill.center().y() * ratio - side / 2.0));
    const auto logical = [ratio](int x, int y, int w, int h) { return QRectF(x / ratio, y / ratio, w / ratio, h / ratio); };
    painter->drawPixmap(logical(x0 - middle, top, middle, side), ends, QRectF(0, 0, middle, side));
    painter->drawPixmap(logical(x0, top, x1 - x0 + 1, side), ends, QRectF(middle, 0, 1, side));
    painter->drawPixmap(logical(x1 + 1, top, middle, side), ends, QRectF(middle + 1, 0, middle, side));
    return true;
}

const QPixmap &MarkSprites::bandEnds(const Key &key, double height, double ratio, const QColor &fill, const QColor &outline)
{
    if (auto it = m_sprites.find(key); it != m_sprites.end())
        return it->second;
    if (m_sprites.size() >= kMaxSprites)
        m_sprites.clear();
    // A circle of the band's height and its pen, centred on the middle of an odd-sized image.
    const int side = 2 * static_cast<int>(std::ceil((height / 2 + 1) * ratio)) + 1;
    QPixmap image(side, side);
    image.setDevicePixelRatio(ratio);
    image.fill(Qt::transparent);
    QPainter p(&image);
    p.setRenderHint(QPainter::Antialiasing, true);
    const double centre = side / 2.0 / ratio;
    drawBandShape(&p, QRectF(centre - height / 2, centre - height / 2, height, height), fill, outline);
    p.end();
    return m_sprites.emplace(key, std::move(image)).first->second;
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
