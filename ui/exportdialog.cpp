#include "exportdialog.h"

#include <QButtonGroup>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QEvent>
#include <QFormLayout>
#include <QGuiApplication>
#include <QHBoxLayout>
#include <QLabel>
#include <QPixmap>
#include <QRadioButton>
#include <QScreen>
#include <QScrollArea>
#include <QSpinBox>
#include <QTimer>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace kubelane::ui {

namespace {
// A preview beyond this many pixels is rendered smaller (and says so): the whole bundle with
// every lane open is tens of thousands of pixels tall at 2x.
constexpr double kMaxPreviewPixels = 48e6;
} // namespace

ExportDialog::ExportDialog(SceneFor sceneFor, const QStringList &findings, int selected, QWidget *parent)
    : QDialog(parent), m_sceneFor(std::move(sceneFor))
{
    setWindowTitle(tr("Export image"));
    auto *layout = new QHBoxLayout(this);
    auto *left = new QVBoxLayout;
    layout->addLayout(left);

    m_scope = new QButtonGroup(this);
    auto *view = new QRadioButton(tr("The current view (the time range and lanes on screen)"), this);
    auto *finding = new QRadioButton(tr("A finding, framed with context:"), this);
    auto *bundle = new QRadioButton(tr("The whole bundle"), this);
    m_scope->addButton(view, static_cast<int>(ExportScope::CurrentView));
    m_scope->addButton(finding, static_cast<int>(ExportScope::Finding));
    m_scope->addButton(bundle, static_cast<int>(ExportScope::WholeBundle));
    m_finding = new QComboBox(this);
    m_finding->addItems(findings);
    m_finding->setMaximumWidth(420);
    finding->setEnabled(!findings.isEmpty());
    m_finding->setEnabled(!findings.isEmpty());
    if (selected >= 0 && selected < findings.size()) {
        m_finding->setCurrentIndex(selected);
        finding->setChecked(true);
    } else {
        view->setChecked(true);
    }
    left->addWidget(view);
    left->addWidget(finding);
    left->addWidget(m_finding);
    left->addWidget(bundle);

    auto *form = new QFormLayout;
    m_format = new QComboBox(this);
    m_format->addItem(tr("PNG image"));
    m_format->addItem(tr("PDF (vector, one page)"));
    m_width = new QSpinBox(this);
    m_width->setRange(400, 8000);
    m_width->setValue(ImageSize{}.width);
    m_width->setSuffix(tr(" px"));
    m_width->setToolTip(tr("Layout width: text is sized to it, so the image stays legible at page width"));
    m_height = new QSpinBox(this);
    m_height->setRange(0, 20000);
    m_height->setSpecialValueText(tr("as tall as needed"));
    m_height->setSuffix(tr(" px"));
    m_scale = new QDoubleSpinBox(this);
    m_scale->setRange(0.5, 8);
    m_scale->setSingleStep(0.5);
    m_scale->setValue(ImageSize{}.scale);
    m_scale->setSuffix(QStringLiteral("×"));
    m_scale->setToolTip(tr("Pixels per layout pixel: 2× stays crisp on HiDPI screens and in print"));
    form->addRow(tr("Format"), m_format);
    form->addRow(tr("Width"), m_width);
    form->addRow(tr("Height"), m_height);
    form->addRow(tr("Scale"), m_scale);
    left->addLayout(form);
    m_size = new QLabel(this);
    left->addWidget(m_size);
    left->addStretch(1);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Save | QDialogButtonBox::Cancel, this);
    left->addWidget(buttons);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    auto *right = new QVBoxLayout;
    auto *zoom = new QHBoxLayout;
    m_actual = new QToolButton(this);
    m_actual->setText(tr("100 %"));
    m_actual->setToolTip(tr("One image pixel per screen pixel: judge whether the text is legible"));
    m_fit = new QToolButton(this);
    m_fit->setText(tr("Fit width"));
    m_fit->setToolTip(tr("The whole width of the image at once"));
    auto *zoomGroup = new QButtonGroup(this);
    for (QToolButton *b : {m_actual, m_fit}) {
        b->setCheckable(true);
        b->setAutoRaise(true);
        zoomGroup->addButton(b);
        zoom->addWidget(b);
    }
    m_actual->setChecked(true);
    m_zoomNote = new QLabel(this);
    zoom->addWidget(m_zoomNote, 1);
    right->addLayout(zoom);
    m_preview = new QLabel;
    m_preview->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    m_previewArea = new QScrollArea(this);
    m_previewArea->setObjectName(QStringLiteral("exportPreview"));
    m_previewArea->setWidget(m_preview);
    m_previewArea->setWidgetResizable(false);
    m_previewArea->setAlignment(Qt::AlignTop | Qt::AlignHCenter);
    m_previewArea->setMinimumSize(480, 360);
    m_previewArea->viewport()->installEventFilter(this);
    right->addWidget(m_previewArea, 1);
    layout->addLayout(right, 1);
    connect(zoomGroup, &QButtonGroup::buttonClicked, this, [this] { showPreview(); });
    // Room to read the preview at 100 %, within the screen.
    QSize size(1280, 860);
    if (const QScreen *screen = parent ? parent->screen() : QGuiApplication::primaryScreen())
        size = size.boundedTo(screen->availableSize() * 0.9);
    resize(size);

    // Rendering the preview takes a moment on big bundles: coalesce bursts of changes.
    auto *debounce = new QTimer(this);
    debounce->setSingleShot(true);
    debounce->setInterval(150);
    connect(debounce, &QTimer::timeout, this, &ExportDialog::updatePreview);
    auto changed = [debounce] { debounce->start(); };
    connect(m_scope, &QButtonGroup::idClicked, this, changed);
    connect(m_finding, &QComboBox::currentIndexChanged, this, [this, finding, changed] {
        finding->setChecked(true);
        changed();
    });
    connect(m_format, &QComboBox::currentIndexChanged, this, [this, changed] {
        m_scale->setEnabled(m_format->currentIndex() == 0);
        changed();
    });
    connect(m_width, &QSpinBox::valueChanged, this, changed);
    connect(m_height, &QSpinBox::valueChanged, this, changed);
    connect(m_scale, &QDoubleSpinBox::valueChanged, this, changed);
    updatePreview();
}

ExportChoice ExportDialog::choice() const
{
    ExportChoice c;
    c.scope = static_cast<ExportScope>(m_scope->checkedId());
    c.finding = m_finding->currentIndex();
    c.size = ImageSize{m_width->value(), m_height->value(), m_scale->value()};
    c.pdf = m_format->currentIndex() == 1;
    return c;
}

QString ExportDialog::sizeText() const
{
    return m_size->text();
}

QString ExportDialog::suggestedFileName() const
{
    const ExportChoice c = choice();
    const QString base = c.scope == ExportScope::Finding ? QStringLiteral("kubelane-finding-%1").arg(c.finding + 1)
        : c.scope == ExportScope::WholeBundle            ? QStringLiteral("kubelane-bundle")
                                                         : QStringLiteral("kubelane-view");
    return base + (c.pdf ? QStringLiteral(".pdf") : QStringLiteral(".png"));
}

void ExportDialog::updatePreview()
{
    const ExportChoice c = choice();
    const auto scene = m_sceneFor(c);
    if (!scene) {
        m_size->setText(tr("Nothing to export"));
        m_image = QImage();
        showPreview();
        return;
    }
    // The preview is the saved picture itself (same layout, same scale), so what is seen is
    // what is saved; the layout does not depend on the scale, so its size gives the image's size.
    const double scale = c.pdf ? 1.0 : c.size.scale; // a PDF page is viewed at its layout size
    const TimelineImage image(*scene, ImageSize{c.size.width, c.size.height, scale});
    const QSize layout = image.logicalSize();
    m_size->setText(c.pdf ? tr("%1 × %2 pt page, vector").arg(qRound(layout.width() * 0.75)).arg(qRound(layout.height() * 0.75))
                          : tr("%1 × %2 px").arg(qRound(layout.width() * c.size.scale)).arg(qRound(layout.height() * c.size.scale)));
    m_savedSize = image.pixelSize();
    const double pixels = double(m_savedSize.width()) * m_savedSize.height();
    if (pixels > kMaxPreviewPixels) {
        // The same layout painted smaller: the layout does not depend on the scale.
        const double reduced = scale * std::sqrt(kMaxPreviewPixels / pixels);
        m_image = image.toImage(reduced);
        m_zoomNote->setText(tr("preview at %1 % of the image's size").arg(qRound(100 * reduced / scale)));
    } else {
        m_image = image.toImage();
        m_zoomNote->clear();
    }
    m_fitted = QPixmap();
    showPreview();
}

void ExportDialog::setPreviewFit(bool fit)
{
    (fit ? m_fit : m_actual)->setChecked(true);
    showPreview();
}

bool ExportDialog::previewFits() const
{
    return m_fit->isChecked();
}

QSize ExportDialog::previewShownSize() const
{
    return m_preview->size();
}

// 100 %: one image pixel per device pixel of the screen; fitted: the image's width in the
// scroll area's width, never wider than the saved image (the preview may be rendered smaller
// than that, and is then scaled up to it). The fitted pixmap is scaled again only when the
// width it needs changes, not on every resize of the area.
void ExportDialog::showPreview()
{
    if (m_image.isNull()) {
        m_preview->clear();
        m_preview->resize(0, 0);
        return;
    }
    const qreal dpr = m_previewArea->devicePixelRatioF();
    m_previewArea->setHorizontalScrollBarPolicy(previewFits() ? Qt::ScrollBarAlwaysOff : Qt::ScrollBarAsNeeded);
    QPixmap pixmap;
    if (previewFits()) {
        const int width = std::max(1, m_previewArea->viewport()->width() - 2);
        const int fitted = std::min(static_cast<int>(width * dpr), m_savedSize.width());
        if (m_fitted.isNull() || m_fitted.width() != fitted) {
            m_fitted = QPixmap::fromImage(m_image.width() == fitted ? m_image : m_image.scaledToWidth(fitted, Qt::SmoothTransformation));
            m_fitted.setDevicePixelRatio(dpr);
        }
        pixmap = m_fitted;
    } else {
        pixmap = QPixmap::fromImage(m_image);
    }
    pixmap.setDevicePixelRatio(dpr);
    m_preview->setPixmap(pixmap);
    m_preview->resize(pixmap.deviceIndependentSize().toSize());
}

bool ExportDialog::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_previewArea->viewport() && event->type() == QEvent::Resize && m_fit && previewFits())
        showPreview();
    return QDialog::eventFilter(watched, event);
}

} // namespace kubelane::ui
