#pragma once
#include <vector>
// The strip above the timeline: event density over the whole bundle (a histogram stacked by
// severity), the findings as ticks, the current view marked, and one coverage bar per source
// file showing which time it covers. Click or drag to move the view; wheel to zoom.
#include "lanemodel.h"
#include "palette.h"

#include <QWidget>

#include <array>
#include <memory>

namespace kubelane::ui {

class OverviewStrip : public QWidget {
    Q_OBJECT
public:
    explicit OverviewStrip(QWidget *parent = nullptr);
    void setLaneModel(std::shared_ptr<const LaneModel> model);
    void setVisibleRange(core::Timestamp start, core::Timestamp end);
    void setPalette(const Palette &palette);

    // Severity buckets of the histogram: debug+info, warning, error+fatal.
    static constexpr int kBins = 2048;
    const std::array<std::vector<std::uint32_t>, 3> &bins() const { return m_bins; }
    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;
    // Thin coverage rows without labels (names in the tooltip): for short windows.
    void setCompact(bool compact);
    bool isCompact() const { return m_compact; }

signals:
    void rangeRequested(core::Timestamp start, core::Timestamp end);

protected:
    void paintEvent(QPaintEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;
    void mouseMoveEvent(QMouseEvent *event) override;
    void wheelEvent(QWheelEvent *event) override;
    bool event(QEvent *event) override;

private:
    bool m_compact = false;
    QRectF plotArea() const;
    double histogramHeight() const { return 30; }
    double coverageRowHeight() const;
    // The sources that cover time or failed to: files that hold no log at all (a layout's
    // version file, an empty previous.log, a dump's frames) are no coverage row.
    std::vector<const core::Source *> coverageSources() const;
    core::Timestamp timeAt(double x) const;
    double xOf(core::Timestamp t) const;
    void moveViewTo(double x);

    std::shared_ptr<const LaneModel> m_model;
    Palette m_palette = Palette::light();
    std::array<std::vector<std::uint32_t>, 3> m_bins;
    core::Timestamp m_first, m_last, m_start, m_end;
};

} // namespace kubelane::ui
