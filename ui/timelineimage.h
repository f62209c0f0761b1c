#pragma once
// The annotated timeline image for a postmortem: a title line, the lanes with their labels,
// the time axis, the marks, gaps, taints and ordering arrows with their labels, a numbered
// callout per finding at its evidence, a legend of what the image uses and a caption block
// per finding. The same picture as PNG (at a scale factor, 2x by default) or as one vector
// PDF page; the window's light theme, fonts sized in pixels so the result does not depend on
// the screen it was made on. Same scene, same image.
#include "exportscene.h"
#include "legendpainter.h"
#include "timelinestate.h"

#include <QFont>
#include <QImage>
#include <QRectF>
#include <QSize>

#include <memory>
#include <vector>

class QCustomPlot;
class QCPPainter;

namespace kubelane::ui {

class TimelineImage {
public:
    TimelineImage(ExportScene scene, ImageSize size);
    ~TimelineImage();
    TimelineImage(const TimelineImage &) = delete;
    TimelineImage &operator=(const TimelineImage &) = delete;

    QSize logicalSize() const { return m_size; }
    QSize pixelSize() const;
    QSize pixelSize(double scale) const;
    const ExportScene &scene() const { return m_scene; }
    const TimelineState &state() const { return m_state; }

    // Layout in layout pixels (multiply by the scale for PNG pixels).
    QRectF rowsRect() const; // the plot's rows, under the ruler
    QRectF legendRect() const { return m_legendRect; }
    QRectF captionRect(int k) const;
    // What callout k's caption says: rule, subject, severity and window; the explanation
    // (its '\n' start lines of their own, such as a goroutine dump's line).
    QString captionHeader(int k) const;
    QString captionBody(int k) const;
    TimelineCoordinates coordinates() const;
    QRectF laneRect(LaneId lane) const; // the lane's row across the plot; empty when not drawn
    QPointF calloutCenter(int k) const;
    int cutRows() const { return m_cutRows; }

    QImage toImage() const;
    // The same layout at another scale (a preview too big to render at the image's own).
    QImage toImage(double scale) const;
    // .png or .pdf by the file's suffix; false with `error` otherwise.
    bool save(const QString &path, QString *error) const;
    bool savePdf(const QString &path, QString *error) const;

private:
    void buildState();
    void layout();
    void paint(QCPPainter *painter) const;
    void paintTitle(QPainter *painter) const;
    void paintLaneLabels(QPainter *painter) const;
    void paintCaptions(QPainter *painter) const;
    double captionHeight(int k, double width) const;

    ExportScene m_scene;
    QSize m_size;
    double m_scale;
    TimelineState m_state;
    std::unique_ptr<QCustomPlot> m_plot;
    LegendContent m_legend;
    QFont m_font, m_bold, m_title, m_small;
    double m_axisHeight = 0;
    QRectF m_titleRect, m_labelsRect, m_plotRect, m_legendRect;
    std::vector<QRectF> m_captionRects;
    int m_cutRows = 0;
};

} // namespace kubelane::ui
