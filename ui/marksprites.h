#pragma once
// Event marks as images drawn once and copied after: a timeline of a million events draws
// thousands of the same few shapes per frame, and copying a small image is several times
// cheaper than rasterising an antialiased polygon each time. Used only where the painter
// draws 1:1 onto its device (the window); a scaled painter (exports) draws the vectors.
#include "core/model/event.h"

#include <QColor>
#include <QPixmap>
#include <QPointF>
#include <QRectF>

#include <map>
#include <tuple>

class QPainter;

namespace kubelane::ui {

class MarkSprites {
public:
    // Draws the mark as drawEventShape would; false when this painter needs the vectors.
    bool draw(QPainter *painter, QPointF center, double radius, core::Severity severity, bool other, const QColor &fill,
              const QColor &outline);
    // Draws a band of folded marks as drawBandShape would: its two round ends copied from a
    // prerendered circle, and the circle's middle column stretched between them, which is
    // what the straight part of an antialiased rounded rectangle is. False as draw().
    bool drawBand(QPainter *painter, const QRectF &pill, const QColor &fill, const QColor &outline);

private:
    using Key = std::tuple<int, bool, QRgb, QRgb, int, int>; // severity, other, fill, outline, radius and ratio in 1/8
    const QPixmap &sprite(const Key &key, double radius, double ratio, core::Severity severity, bool other, const QColor &fill,
                          const QColor &outline);
    const QPixmap &bandEnds(const Key &key, double height, double ratio, const QColor &fill, const QColor &outline);

    std::map<Key, QPixmap> m_sprites;
};

} // namespace kubelane::ui
