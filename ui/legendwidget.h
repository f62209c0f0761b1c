#pragma once
// The legend under the timeline, listing every kind of mark (see legendpainter.h).
#include "legendpainter.h"
#include "palette.h"

#include <QWidget>

#include <array>

namespace kubelane::ui {

class LegendWidget : public QWidget {
    Q_OBJECT
public:
    explicit LegendWidget(QWidget *parent = nullptr);
    void setPalette(const Palette &palette);
    QSize sizeHint() const override;
    int heightForWidth(int width) const override;
    bool hasHeightForWidth() const override { return true; }
    // Event kinds the user switched off by clicking their entries.
    const std::array<bool, static_cast<int>(EventCategory::Count)> &hiddenCategories() const { return m_hidden; }
    void setCategoryHidden(EventCategory category, bool hidden);
    // Where an event kind's entry is (tests click it).
    QRectF categoryRect(EventCategory category) const;

signals:
    void hiddenCategoriesChanged(const std::array<bool, static_cast<int>(EventCategory::Count)> &hidden);

protected:
    void paintEvent(QPaintEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;

private:
    std::vector<LegendCategoryRect> categoryRects() const; // where each clickable kind sits, as painted
    QFont legendFont() const;
    Palette m_palette = Palette::light();
    std::array<bool, static_cast<int>(EventCategory::Count)> m_hidden{};
};

} // namespace kubelane::ui
