#include "mainwindow.h"

#include "bundleloader.h"

#include <QAction>
#include <QFileDialog>
#include <QHeaderView>
#include <QLabel>
#include <QMenuBar>
#include <QProgressBar>
#include <QPushButton>
#include <QStatusBar>
#include <QTreeWidget>

namespace kubelane::ui {

MainWindow::MainWindow(core::LoadOptions options, QWidget *parent)
    : QMainWindow(parent), m_options(std::move(options)), m_loader(new BundleLoader(this))
{
    setWindowTitle(tr("kubelane"));
    resize(1280, 800);
    m_sources = new QTreeWidget(this);
    m_sources->setHeaderLabels({tr("Source"), tr("Format"), tr("Component"), tr("Node"), tr("Lines"), tr("Events"),
                                tr("Not understood"), tr("From (UTC)"), tr("To (UTC)"), tr("UTC offset")});
    m_sources->setRootIsDecorated(false);
    m_sources->header()->setSectionResizeMode(QHeaderView::ResizeToContents);
    setCentralWidget(m_sources);

    auto *file = menuBar()->addMenu(tr("&File"));
    file->addAction(tr("Open &folder…"), QKeySequence::Open, this, &MainWindow::chooseFolder);
    file->addAction(tr("Open f&iles or archive…"), this, &MainWindow::chooseFiles);
    file->addSeparator();
    file->addAction(tr("&Quit"), QKeySequence::Quit, this, &QWidget::close);

    m_status = new QLabel(this);
    m_progress = new QProgressBar(this);
    m_progress->setMaximumWidth(240);
    m_progress->hide();
    m_cancel = new QPushButton(tr("Cancel"), this);
    m_cancel->hide();
    statusBar()->addWidget(m_status, 1);
    statusBar()->addPermanentWidget(m_progress);
    statusBar()->addPermanentWidget(m_cancel);
    connect(m_cancel, &QPushButton::clicked, m_loader, &BundleLoader::cancel);
    connect(m_loader, &BundleLoader::progress, this,
            [this](int filesDone, int filesTotal, qint64 bytesDone, qint64 bytesTotal, qint64 events, const QString &f) {
                m_progress->setRange(0, 1000);
                m_progress->setValue(bytesTotal > 0 ? int(1000 * bytesDone / bytesTotal) : 0);
                m_status->setText(tr("Reading %1 of %2 files, %3 events — %4").arg(filesDone).arg(filesTotal).arg(events).arg(f));
            });
    connect(m_loader, &BundleLoader::loaded, this, &MainWindow::showIncident);
    connect(m_loader, &BundleLoader::failed, this, &MainWindow::showFailure);
}

void MainWindow::openBundle(const QStringList &inputs)
{
    m_progress->show();
    m_cancel->show();
    m_status->setText(tr("Opening %1…").arg(inputs.join(", ")));
    setWindowTitle(tr("kubelane — %1").arg(inputs.join(", ")));
    m_loader->start(inputs, m_options);
}

void MainWindow::chooseFolder()
{
    const QString dir = QFileDialog::getExistingDirectory(this, tr("Open a log bundle folder"));
    if (!dir.isEmpty())
        openBundle({dir});
}

void MainWindow::chooseFiles()
{
    const QStringList files = QFileDialog::getOpenFileNames(this, tr("Open log files or an archive"), {},
                                                            tr("Logs and archives (*.log *.txt *.gz *.tgz *.tar *.zip *.INFO *);;All files (*)"));
    if (!files.isEmpty())
        openBundle(files);
}

void MainWindow::showIncident(std::shared_ptr<const core::Incident> incident)
{
    m_incident = std::move(incident);
    m_progress->hide();
    m_cancel->hide();
    m_sources->clear();
    for (const auto &s : m_incident->sources) {
        auto *item = new QTreeWidgetItem(m_sources);
        item->setText(0, QString::fromStdString(s.path));
        item->setText(1, QString::fromStdString(s.error.empty() ? s.formatDetail : "error: " + s.error));
        item->setText(2, QString::fromStdString(s.component));
        item->setText(3, QString::fromStdString(s.node));
        item->setText(4, QString::number(s.lineCount));
        item->setText(5, QString::number(s.eventCount));
        item->setText(6, QString::number(s.unparsedLines));
        item->setText(7, s.first.isValid() ? QString::fromStdString(core::formatRfc3339(s.first, 3)) : QString());
        item->setText(8, s.last.isValid() ? QString::fromStdString(core::formatRfc3339(s.last, 3)) : QString());
        item->setText(9, QString::fromStdString(core::formatUtcOffset(s.clock.utcOffsetSeconds)));
    }
    const auto &st = m_incident->stats;
    m_status->setText(tr("%1 lines, %2 events, %3 not understood").arg(st.lines).arg(st.events).arg(st.unparsed));
    emit bundleLoaded();
}

void MainWindow::showFailure(const QString &message)
{
    m_progress->hide();
    m_cancel->hide();
    m_status->setText(tr("Could not open the bundle: %1").arg(message));
}

} // namespace kubelane::ui
