#include "exportdialog.h"

#include <QButtonGroup>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QPixmap>
#include <QRadioButton>
#include <QSpinBox>
#include <QTimer>
#include <QVBoxLayout>

namespace kubelane::ui {

namespace {
constexpr int kPreviewWidth = 420;
}

ExportDialog::ExportDialog(SceneFor sceneFor, const QStringList &findings, int selected, QWidget *parent)
    : QDialog(parent), m_sceneFor(std::move(sceneFor))
{
    setWindowTitle(tr("Export image"));
    auto *layout = new QHBoxLayout(this);
    auto *left = new QVBoxLayout;
    layout->addLayout(left);

    m_scope = new QButtonGroup(this);
    auto *view = new QRadioButton(tr("The current view (its time range and lanes)"), this);
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

    m_preview = new QLabel(this);
    m_preview->setMinimumWidth(kPreviewWidth);
    m_preview->setAlignment(Qt::AlignTop | Qt::AlignHCenter);
    m_preview->setFrameShape(QFrame::StyledPanel);
    layout->addWidget(m_preview, 1);

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

QString ExportDialog::sizeText() const { return m_size->text(); }

QString ExportDialog::suggestedFileName() const
{
    const ExportChoice c = choice();
    const QString base = c.scope == ExportScope::Finding ? QStringLiteral("kubelane-finding-%1").arg(c.finding + 1)
                         : c.scope == ExportScope::WholeBundle ? QStringLiteral("kubelane-bundle")
                                                               : QStringLiteral("kubelane-view");
    return base + (c.pdf ? QStringLiteral(".pdf") : QStringLiteral(".png"));
}

void ExportDialog::updatePreview()
{
    const ExportChoice c = choice();
    const auto scene = m_sceneFor(c);
    if (!scene) {
        m_size->setText(tr("Nothing to export"));
        m_preview->clear();
        return;
    }
    // The preview is the same layout at a small scale, so what is seen is what is saved; the
    // layout does not depend on the scale, so its size gives the saved image's size.
    const TimelineImage preview(*scene, ImageSize{c.size.width, c.size.height, double(kPreviewWidth) / c.size.width});
    const QSize layout = preview.logicalSize();
    m_size->setText(c.pdf ? tr("%1 × %2 pt page, vector").arg(qRound(layout.width() * 0.75)).arg(qRound(layout.height() * 0.75))
                          : tr("%1 × %2 px").arg(qRound(layout.width() * c.size.scale)).arg(qRound(layout.height() * c.size.scale)));
    m_preview->setPixmap(QPixmap::fromImage(preview.toImage()));
}

} // namespace kubelane::ui
