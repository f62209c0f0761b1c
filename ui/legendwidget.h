#pragma once
// The legend under the timeline: what each shape, colour, bar and line means. Painted with
// the same functions as the timeline, so it cannot drift from it.
#include "palette.h"

#include <QWidget>

namespace kubelane::ui {

class LegendWidget : public QWidget {
    Q_OBJECT
public:
    explicit LegendWidget(QWidget *parent = nullptr);
    void setPalette(const Palette &palette);
    QSize sizeHint() const override;
    int heightForWidth(int width) const override;
    bool hasHeightForWidth() const override { return true; }

protected:
    void paintEvent(QPaintEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;

private:
    // Lays the items out (and paints them when `painter` is set); returns the height used.
    int layout(QPainter *painter, int width) const;
    Palette m_palette = Palette::light();
};

} // namespace kubelane::ui
