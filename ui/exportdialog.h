#pragma once
// File › Export image…: what to export (the current view, one finding's window, the whole
// bundle), as PNG or PDF, at which size, with a preview of the picture and its pixel size. The
// preview shows the image at 100 % (one image pixel per screen pixel), scrollable, so its text
// can be judged before saving; "Fit width" shows the whole width at once.
// The scenes come from the window (MainWindow::exportScene); the dialog only chooses.
#include "exportscene.h"
#include "timelineimage.h"

#include <QDialog>
#include <QImage>
#include <QPixmap>

#include <functional>

class QButtonGroup;
class QComboBox;
class QLabel;
class QScrollArea;
class QToolButton;
class QSpinBox;
class QDoubleSpinBox;

namespace kubelane::ui {

class ExportDialog : public QDialog {
    Q_OBJECT
public:
    using SceneFor = std::function<std::optional<ExportScene>(const ExportChoice &)>;
    // `findings`: one title per finding of the bundle; `selected` is preselected (or -1).
    ExportDialog(SceneFor sceneFor, const QStringList &findings, int selected, QWidget *parent = nullptr);

    ExportChoice choice() const;
    QString sizeText() const; // "2200 × 1590 px" or "825 × 596 pt, vector"
    QString suggestedFileName() const;

    // The preview: at 100 % or fitted to the width of its scroll area.
    void setPreviewFit(bool fit);
    bool previewFits() const;
    QScrollArea *previewArea() const { return m_previewArea; }
    QSize previewImageSize() const { return m_image.size(); } // rendered pixels
    QSize previewShownSize() const;                           // on screen, device-independent pixels

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void updatePreview();
    void showPreview();
    SceneFor m_sceneFor;
    QButtonGroup *m_scope = nullptr;
    QComboBox *m_finding = nullptr;
    QComboBox *m_format = nullptr;
    QSpinBox *m_width = nullptr;
    QSpinBox *m_height = nullptr;
    QDoubleSpinBox *m_scale = nullptr;
    QLabel *m_size = nullptr;
    QLabel *m_preview = nullptr;
    QScrollArea *m_previewArea = nullptr;
    QToolButton *m_fit = nullptr;
    QToolButton *m_actual = nullptr;
    QLabel *m_zoomNote = nullptr;
    QImage m_image;    // the preview as rendered
    QSize m_savedSize; // the saved image's pixels (the preview's, unless it was rendered smaller)
    QPixmap m_fitted;  // the preview at "Fit width", for the width it was made for
};

} // namespace kubelane::ui
