#pragma once
// Smaller or larger versions of a font, whether it was set in points (the window follows the
// desktop's font) or in pixels (exported images, which must not depend on the screen's DPI).
#include <QFont>

#include <algorithm>
#include <cmath>

namespace kubelane::ui {

inline QFont scaledFont(QFont font, double factor, double minimumPoints)
{
    if (font.pixelSize() > 0)
        font.setPixelSize(
            std::max(static_cast<int>(std::ceil(minimumPoints * 96 / 72)), static_cast<int>(std::lround(font.pixelSize() * factor))));
    else
        font.setPointSizeF(std::max(minimumPoints, font.pointSizeF() * factor));
    return font;
}

} // namespace kubelane::ui
