#pragma once
// The legend under the timeline, listing every kind of mark (see legendpainter.h).
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
    QFont legendFont() const;
    Palette m_palette = Palette::light();
};

} // namespace kubelane::ui
