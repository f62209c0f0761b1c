#include "mainwindow.h"

#include "bundleloader.h"
#include "dumppanel.h"
#include "exportdialog.h"
#include "findingspanel.h"
#include "legendwidget.h"
#include "logview.h"
#include "notesstore.h"
#include "overviewstrip.h"
#include "sourcespanel.h"
#include "timeaxisticker.h"
#include "theme.h"
#include "timelineimage.h"
#include "timelinewidget.h"
#include "walkthroughcontroller.h"

#include <algorithm>

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QDateTime>
#include <QDockWidget>
#include <QDragEnterEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QInputDialog>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMenuBar>
#include <QMimeData>
#include <QProgressBar>
#include <QPushButton>
#include <QSettings>
#include <QStatusBar>
#include <QTimer>
#include <QToolBar>
#include <QVBoxLayout>

#include <set>

namespace kubelane::ui {

namespace {
constexpr int kMaxRecent = 10;
}

MainWindow::MainWindow(core::LoadOptions options, core::AnalyzeOptions analyzeOptions, QWidget *parent)
    : QMainWindow(parent), m_options(std::move(options)), m_analyzeOptions(std::move(analyzeOptions)),
      m_loader(new BundleLoader(this)), m_notes(new NotesStore(this)), m_walk(new WalkthroughController(this))
{
    if (m_analyzeOptions.resourceDir.empty())
        m_analyzeOptions.resourceDir = m_options.resourceDir;
    setWindowTitle(tr("kubelane"));
    resize(1500, 950);
    setAcceptDrops(true);
    setDockOptions(QMainWindow::AnimatedDocks | QMainWindow::AllowTabbedDocks);

    auto *centre = new QWidget(this);
    auto *layout = new QVBoxLayout(centre);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);
    m_overview = new OverviewStrip(centre);
    m_timeline = new TimelineWidget(centre);
    m_legend = new LegendWidget(centre);
    layout->addWidget(m_overview);
    layout->addWidget(m_timeline, 1);
    layout->addWidget(m_legend);
    setCentralWidget(centre);

    buildDocks();
    buildActions();

    m_status = new QLabel(this);
    m_rangeLabel = new QLabel(this);
    m_progress = new QProgressBar(this);
    m_progress->setMaximumWidth(260);
    m_progress->hide();
    m_cancel = new QPushButton(tr("Cancel"), this);
    m_cancel->hide();
    statusBar()->addWidget(m_status, 1);
    statusBar()->addPermanentWidget(m_rangeLabel);
    statusBar()->addPermanentWidget(m_progress);
    statusBar()->addPermanentWidget(m_cancel);

    connect(m_cancel, &QPushButton::clicked, m_loader, &BundleLoader::cancel);
    connect(m_loader, &BundleLoader::cancelled, this, [this] {
        setLoading(false);
        m_status->setText(tr("Loading cancelled."));
    });
    connect(m_loader, &BundleLoader::progress, this,
            [this](int filesDone, int filesTotal, qint64 bytesDone, qint64 bytesTotal, qint64 events, const QString &f) {
                m_progress->setRange(0, 1000);
                m_progress->setValue(bytesTotal > 0 ? int(1000 * bytesDone / bytesTotal) : 0);
                m_status->setText(tr("Reading %1 of %2 files (%3 of %4 MB), %5 events — %6")
                                      .arg(filesDone)
                                      .arg(filesTotal)
                                      .arg(double(bytesDone) / 1e6, 0, 'f', 1)
                                      .arg(double(bytesTotal) / 1e6, 0, 'f', 1)
                                      .arg(events)
                                      .arg(QFileInfo(f).fileName()));
            });
    connect(m_loader, &BundleLoader::stageChanged, this, [this](const QString &stage) {
        m_progress->setRange(0, 0);
        m_status->setText(stage);
    });
    connect(m_loader, &BundleLoader::loaded, this,
            [this](std::shared_ptr<const core::Analysis> a, std::shared_ptr<const LaneModel> l, const QStringList &problems) {
                showAnalysis(std::move(a), std::move(l), problems, m_inputs);
            });
    connect(m_loader, &BundleLoader::failed, this, &MainWindow::showFailure);

    connect(m_timeline, &TimelineWidget::visibleRangeChanged, this, [this](core::Timestamp s, core::Timestamp e) {
        m_overview->setVisibleRange(s, e);
        m_rangeLabel->setText(tr("%1 — %2 (%3)")
                                  .arg(formatTimestamp(s, m_timeline->utcOffset(), 3), formatTimestamp(e, m_timeline->utcOffset(), 3, false),
                                       formatPreciseDuration(e - s)));
    });
    connect(m_overview, &OverviewStrip::rangeRequested, m_timeline, &TimelineWidget::setVisibleRange);
    connect(m_timeline, &TimelineWidget::eventSelected, m_log, &LogView::showEvent);
    connect(m_log, &LogView::eventActivated, this, &MainWindow::selectEvent);
    connect(m_timeline, &TimelineWidget::eventSelected, m_dumps, &DumpPanel::showDumpOfEvent);
    connect(m_dumps, &DumpPanel::eventActivated, this, &MainWindow::selectEvent);
    connect(m_findings, &FindingsPanel::findingSelected, this, &MainWindow::selectFinding);
    connect(m_findings, &FindingsPanel::eventActivated, this, &MainWindow::selectEvent);
    connect(m_timeline, &TimelineWidget::noteAddRequested, this, &MainWindow::addNote);
    connect(m_timeline, &TimelineWidget::noteEditRequested, this, &MainWindow::editNote);
    connect(m_timeline, &TimelineWidget::noteDeleteRequested, m_notes, &NotesStore::remove);
    connect(m_notes, &NotesStore::changed, this, &MainWindow::refreshNotes);
    connect(m_notes, &NotesStore::saveFailed, this, [this](const QString &m) { m_status->setText(tr("Notes not saved: %1").arg(m)); });
    connect(m_walk, &WalkthroughController::stepChanged, this, &MainWindow::applyWalkStep);
    connect(m_walk, &WalkthroughController::stopped, this, [this] {
        m_timeline->setBanner({});
        m_walkAction->setChecked(false);
    });
    applyPalette();
    m_status->setText(tr("Open a bundle: File › Open, or drop a folder, files or an archive here."));
}

MainWindow::~MainWindow() = default;

void MainWindow::buildDocks()
{
    m_findings = new FindingsPanel(this);
    m_log = new LogView(this);
    m_sources = new SourcesPanel(this);
    m_notesList = new QListWidget(this);
    m_notesList->setToolTip(tr("Double-click a note to go to it. Add notes with right click on the timeline or M."));
    connect(m_notesList, &QListWidget::itemDoubleClicked, this, [this](QListWidgetItem *item) {
        const int i = m_notesList->row(item);
        if (i >= 0 && static_cast<std::size_t>(i) < m_notes->notes().size())
            m_timeline->centerOn(m_notes->notes()[static_cast<std::size_t>(i)].time);
    });

    auto dock = [this](const QString &title, QWidget *w, const QString &name) {
        auto *d = new QDockWidget(title, this);
        d->setObjectName(name);
        d->setWidget(w);
        d->setFeatures(QDockWidget::DockWidgetMovable | QDockWidget::DockWidgetFloatable | QDockWidget::DockWidgetClosable);
        return d;
    };
    QDockWidget *findings = dock(tr("Findings"), m_findings, QStringLiteral("findings"));
    QDockWidget *log = dock(tr("Event and log lines"), m_log, QStringLiteral("log"));
    QDockWidget *sources = dock(tr("Sources and problems"), m_sources, QStringLiteral("sources"));
    QDockWidget *notes = dock(tr("Notes"), m_notesList, QStringLiteral("notes"));
    m_dumps = new DumpPanel(this);
    QDockWidget *dumps = dock(tr("Goroutine dumps"), m_dumps, QStringLiteral("dumps"));
    addDockWidget(Qt::BottomDockWidgetArea, findings);
    splitDockWidget(findings, log, Qt::Horizontal);
    splitDockWidget(log, dumps, Qt::Horizontal); // before the tabs; shown only for a bundle with a dump
    tabifyDockWidget(log, sources);
    tabifyDockWidget(sources, notes);
    log->raise();
    resizeDocks({findings}, {230}, Qt::Vertical);
    resizeDocks({findings, log, dumps}, {480, 520, 600}, Qt::Horizontal);
}

void MainWindow::buildActions()
{
    QMenu *file = menuBar()->addMenu(tr("&File"));
    file->addAction(tr("Open &folder…"), QKeySequence::Open, this, &MainWindow::chooseFolder);
    file->addAction(tr("Open f&iles or archive…"), QKeySequence(tr("Ctrl+Shift+O")), this, &MainWindow::chooseFiles);
    m_recentMenu = file->addMenu(tr("Open &recent"));
    fillRecentMenu();
    file->addSeparator();
    file->addAction(tr("&Export image…"), QKeySequence(tr("Ctrl+E")), this, &MainWindow::chooseExport);
    file->addSeparator();
    file->addAction(tr("&Quit"), QKeySequence::Quit, this, &QWidget::close);

    QMenu *view = menuBar()->addMenu(tr("&View"));
    QToolBar *bar = addToolBar(tr("Timeline"));
    bar->setObjectName(QStringLiteral("timelineToolbar"));
    bar->setMovable(false);
    auto add = [&](const QString &text, const QList<QKeySequence> &keys, auto slot, bool onBar = true) {
        auto *a = new QAction(text, this);
        a->setShortcuts(keys);
        if (!keys.isEmpty())
            a->setToolTip(QStringLiteral("%1 (%2)").arg(text, keys.front().toString(QKeySequence::NativeText)));
        connect(a, &QAction::triggered, this, slot);
        view->addAction(a);
        addAction(a);
        if (onBar)
            bar->addAction(a);
        return a;
    };
    add(tr("Fit all"), {QKeySequence(Qt::Key_Home), QKeySequence(Qt::Key_F)}, [this] { m_timeline->fitAll(); });
    add(tr("Zoom in"), {QKeySequence(Qt::Key_Plus), QKeySequence(Qt::Key_Equal), QKeySequence::ZoomIn}, [this] { m_timeline->zoomBy(0.5); });
    add(tr("Zoom out"), {QKeySequence(Qt::Key_Minus), QKeySequence::ZoomOut}, [this] { m_timeline->zoomBy(2.0); });
    add(tr("Zoom to selection"), {QKeySequence(Qt::Key_Z)}, [this] { m_timeline->zoomToSelection(); });
    add(tr("Pan left"), {QKeySequence(Qt::Key_Left), QKeySequence(Qt::Key_A)}, [this] { m_timeline->panBy(-0.2); }, false);
    add(tr("Pan right"), {QKeySequence(Qt::Key_Right), QKeySequence(Qt::Key_D)}, [this] { m_timeline->panBy(0.2); }, false);
    bar->addSeparator();
    view->addSeparator();
    add(tr("Previous finding"), {QKeySequence(Qt::Key_P), QKeySequence(Qt::SHIFT | Qt::Key_F8)}, [this] { previousFinding(); });
    add(tr("Next finding"), {QKeySequence(Qt::Key_N), QKeySequence(Qt::Key_F8)}, [this] { nextFinding(); });
    bar->addSeparator();
    view->addSeparator();
    m_walkAction = add(tr("Walkthrough"), {QKeySequence(Qt::Key_W)}, [this](bool on) { setWalkthrough(on); });
    m_walkAction->setCheckable(true);
    m_walkAction->setToolTip(tr("Step through the selected finding's causal chain, or all findings in time order (W)"));
    add(tr("◀ Step"), {QKeySequence(Qt::Key_BracketLeft), QKeySequence(Qt::ALT | Qt::Key_Left)}, [this] {
        if (!m_walk->isActive())
            setWalkthrough(true);
        else
            m_walk->previous();
    });
    add(tr("Step ▶"), {QKeySequence(Qt::Key_BracketRight), QKeySequence(Qt::ALT | Qt::Key_Right)}, [this] {
        if (!m_walk->isActive())
            setWalkthrough(true);
        else
            m_walk->next();
    });
    add(tr("Clear selection"), {QKeySequence(Qt::Key_Escape)}, [this] {
        if (m_walk->isActive())
            m_walk->stop();
        m_timeline->clearFinding();
        m_findings->selectFinding(-1);
    }, false);
    // Light or dark: the system's choice, or forced (remembered across runs).
    view->addSeparator();
    QMenu *themes = view->addMenu(tr("&Theme"));
    auto *themeGroup = new QActionGroup(this);
    const Theme saved = themeFromName(QSettings().value(QStringLiteral("theme")).toString());
    for (const auto &[theme, label] : {std::pair{Theme::System, tr("Follow the &system")}, std::pair{Theme::Light, tr("&Light")},
                                       std::pair{Theme::Dark, tr("&Dark")}}) {
        QAction *a = themes->addAction(label);
        a->setCheckable(true);
        a->setChecked(theme == saved);
        a->setData(themeName(theme));
        themeGroup->addAction(a);
        connect(a, &QAction::triggered, this, [theme] {
            QSettings().setValue(QStringLiteral("theme"), themeName(theme));
            applyTheme(theme);
        });
    }
    if (saved != Theme::System)
        applyTheme(saved);
    add(tr("Add note at cursor…"), {QKeySequence(Qt::Key_M)}, [this] {
        const core::Timestamp t = m_timeline->state().cursor.value_or(
            m_timeline->visibleStart() + core::Duration{(m_timeline->visibleEnd() - m_timeline->visibleStart()).ns / 2});
        addNote(t, {});
    }, false);

    bar->addSeparator();
    bar->addWidget(new QLabel(tr(" Filter "), bar));
    m_filter = new QLineEdit(bar);
    m_filter->setPlaceholderText(tr("RE2 regex over lane names and event text"));
    m_filter->setClearButtonEnabled(true);
    m_filter->setMinimumWidth(260);
    bar->addWidget(m_filter);
    m_filterTimer = new QTimer(this);
    m_filterTimer->setSingleShot(true);
    m_filterTimer->setInterval(250); // matching a million messages on every key stroke would stutter
    connect(m_filter, &QLineEdit::textChanged, m_filterTimer, qOverload<>(&QTimer::start));
    connect(m_filterTimer, &QTimer::timeout, this, &MainWindow::applyFilter);
    auto *focusFilter = new QAction(tr("Filter lanes"), this);
    focusFilter->setShortcuts({QKeySequence::Find, QKeySequence(Qt::Key_Slash)});
    connect(focusFilter, &QAction::triggered, this, [this] {
        m_filter->setFocus();
        m_filter->selectAll();
    });
    addAction(focusFilter);
    view->addAction(focusFilter);
    m_findingLanesOnly = new QCheckBox(tr("Only lanes with findings"), bar);
    bar->addWidget(m_findingLanesOnly);
    connect(m_findingLanesOnly, &QCheckBox::toggled, m_timeline, &TimelineWidget::setFindingLanesOnly);
    auto *orderings = new QCheckBox(tr("Orderings"), bar);
    orderings->setChecked(true);
    orderings->setToolTip(tr("Arrows between status generation and the first readiness result"));
    connect(orderings, &QCheckBox::toggled, m_timeline, &TimelineWidget::setShowOrderings);
    bar->addWidget(orderings);
    bar->addSeparator();
    bar->addWidget(new QLabel(tr(" Time zone "), bar));
    m_zone = new QComboBox(bar);
    bar->addWidget(m_zone);
    connect(m_zone, &QComboBox::currentIndexChanged, this, [this](int) {
        const int offset = m_zone->currentData().toInt();
        m_timeline->setUtcOffset(offset);
        m_findings->setUtcOffset(offset);
        m_log->setUtcOffset(offset);
    });
    fillZones();

    QMenu *panels = menuBar()->addMenu(tr("&Panels"));
    for (QDockWidget *d : findChildren<QDockWidget *>())
        panels->addAction(d->toggleViewAction());

    QMenu *help = menuBar()->addMenu(tr("&Help"));
    help->addAction(tr("Mouse and keys"), this, [this] {
        m_status->setText(tr("Wheel: zoom at cursor · drag: pan · Shift+wheel: scroll lanes · Ctrl+drag: zoom to range · "
                             "Shift+drag: measure · click: select · right click: note · F fit · Z zoom to selection · "
                             "N/P findings · W walkthrough, [ ] steps"));
    });
}

void MainWindow::fillZones()
{
    const int current = m_zone->count() ? m_zone->currentData().toInt() : 0;
    QSignalBlocker block(m_zone);
    m_zone->clear();
    m_zone->addItem(tr("UTC"), 0);
    const int local = QDateTime::currentDateTime().offsetFromUtc();
    std::set<int> seen{0};
    if (!seen.count(local)) {
        m_zone->addItem(tr("Local (%1)").arg(zoneName(local)), local);
        seen.insert(local);
    }
    if (auto inc = incident()) {
        for (const auto &s : inc->sources) {
            const int o = s.clock.utcOffsetSeconds;
            if (!seen.count(o)) {
                seen.insert(o);
                m_zone->addItem(tr("%1 (as %2 logs)").arg(zoneName(o), QString::fromStdString(s.component.empty() ? s.path : s.component + " " + s.node)), o);
            }
        }
    }
    const int i = m_zone->findData(current);
    m_zone->setCurrentIndex(i >= 0 ? i : 0);
}

void MainWindow::openBundle(const QStringList &inputs)
{
    if (inputs.isEmpty())
        return;
    if (m_walk->isActive())
        m_walk->stop();
    m_inputs = inputs;
    setLoading(true);
    m_status->setText(tr("Opening %1…").arg(inputs.join(QStringLiteral(", "))));
    setWindowTitle(tr("kubelane — %1").arg(inputs.join(QStringLiteral(", "))));
    addRecent(inputs);
    m_loader->start(inputs, m_options, m_analyzeOptions);
}

void MainWindow::openText(const QString &text, const QString &name)
{
    if (text.isEmpty())
        return;
    if (m_walk->isActive())
        m_walk->stop();
    m_inputs.clear();
    m_notes->openFile({}); // notes of a paste live in memory only
    setLoading(true);
    m_status->setText(tr("Opening %1…").arg(name));
    setWindowTitle(tr("kubelane — %1").arg(name));
    core::InputFile file;
    file.path = name.toStdString();
    file.bytes = core::makeBytes(text.toStdString());
    std::vector<core::InputFile> files;
    files.push_back(std::move(file));
    m_loader->start(std::move(files), m_options, m_analyzeOptions);
}

void MainWindow::setLoading(bool loading)
{
    m_progress->setVisible(loading);
    m_cancel->setVisible(loading);
    if (loading)
        m_progress->setRange(0, 0);
}

void MainWindow::showAnalysis(std::shared_ptr<const core::Analysis> analysis, std::shared_ptr<const LaneModel> lanes,
                              const QStringList &problems, const QStringList &inputs)
{
    setLoading(false);
    m_analysis = std::move(analysis);
    m_lanes = lanes ? std::move(lanes) : std::make_shared<const LaneModel>(m_analysis);
    if (!inputs.isEmpty())
        m_inputs = inputs;
    if (m_walk->isActive())
        m_walk->stop();
    m_timeline->setLaneModel(m_lanes);
    m_overview->setLaneModel(m_lanes);
    m_findings->setLaneModel(m_lanes);
    m_log->setLaneModel(m_lanes);
    m_sources->setIncident(m_analysis->incident, problems);
    m_dumps->setAnalysis(m_analysis);
    fillZones();
    m_overview->setVisibleRange(m_timeline->visibleStart(), m_timeline->visibleEnd());
    if (!m_inputs.isEmpty()) {
        QString error;
        if (!m_notes->open(m_inputs, &error, m_sessionDir))
            m_status->setText(tr("Notes not loaded: %1").arg(error));
    }
    if (!m_filter->text().isEmpty())
        applyFilter();
    if (m_findingLanesOnly->isChecked())
        m_timeline->setFindingLanesOnly(true);
    // Open on the incident: the most severe finding (the earliest among equals), zoomed.
    if (!m_analysis->findings.empty() && m_timeline->finding() < 0) {
        const auto &f = m_analysis->findings;
        const auto worst = std::max_element(f.begin(), f.end(), [](const core::Finding &a, const core::Finding &b) {
            return a.severity < b.severity; // max_element keeps the first of equals
        });
        selectFinding(static_cast<int>(worst - f.begin()));
    }
    const auto &st = m_analysis->incident->stats;
    QString text = tr("%1 sources, %2 lines, %3 events, %4 not understood · %5 findings")
                       .arg(m_analysis->incident->sources.size())
                       .arg(st.lines)
                       .arg(st.events)
                       .arg(st.unparsed)
                       .arg(m_analysis->findings.size());
    if (m_sources->problemCount() > 0)
        text += tr(" · %1 problems (see Sources and problems)").arg(m_sources->problemCount());
    m_status->setText(text);
    emit bundleLoaded();
}

void MainWindow::showFailure(const QString &message)
{
    setLoading(false);
    m_status->setText(tr("Could not open the bundle: %1").arg(message));
    emit loadFailed(message);
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

void MainWindow::chooseExport()
{
    if (!m_lanes)
        return;
    QStringList titles;
    for (const core::Finding &f : m_analysis->findings)
        titles << QStringLiteral("%1 · %2").arg(QString::fromStdString(f.rule), QString::fromStdString(f.title));
    ExportDialog dialog([this](const ExportChoice &c) { return exportScene(c); }, titles, m_timeline->finding(), this);
    if (dialog.exec() != QDialog::Accepted)
        return;
    const ExportChoice choice = dialog.choice();
    const QString path = QFileDialog::getSaveFileName(this, tr("Export image"), dialog.suggestedFileName(),
                                                      choice.pdf ? tr("PDF (*.pdf)") : tr("PNG image (*.png)"));
    if (path.isEmpty())
        return;
    QString error;
    if (!exportImage(path, choice, &error))
        m_status->setText(tr("Export failed: %1").arg(error));
    else
        m_status->setText(tr("Saved %1 (%2)").arg(path, dialog.sizeText()));
}

std::optional<ExportScene> MainWindow::exportScene(const ExportChoice &choice) const
{
    if (!m_lanes)
        return std::nullopt;
    std::optional<ExportScene> scene;
    if (choice.scope == ExportScope::CurrentView) {
        // The view as it is: its range, its rows (open groups, filter), notes, cursor, measure.
        const TimelineState &state = m_timeline->state();
        scene.emplace();
        scene->model = m_lanes;
        scene->start = m_timeline->visibleStart();
        scene->end = m_timeline->visibleEnd();
        scene->expanded = state.expanded;
        scene->shown.assign(static_cast<std::size_t>(m_lanes->laneCount()), false);
        for (int lane : state.rows)
            scene->shown[static_cast<std::size_t>(lane)] = true;
        scene->findings = findingsInView(*m_lanes, scene->start, scene->end, state.rows);
        scene->measure = state.measure;
        scene->cursor = state.cursor;
    } else {
        ExportRequest request;
        request.wholeBundle = choice.scope == ExportScope::WholeBundle;
        if (choice.scope == ExportScope::Finding)
            request.finding = choice.finding;
        scene = frameExport(m_lanes, request, nullptr);
        if (!scene)
            return std::nullopt;
    }
    scene->notes = m_notes->notes();
    scene->utcOffsetSeconds = m_timeline->utcOffset();
    QStringList names;
    for (const QString &input : m_inputs)
        names << QFileInfo(input).fileName();
    scene->bundleName = names.join(QStringLiteral(", "));
    return scene;
}

bool MainWindow::exportImage(const QString &path, const ExportChoice &choice, QString *error)
{
    const auto scene = exportScene(choice);
    if (!scene) {
        if (error)
            *error = tr("no bundle is open");
        return false;
    }
    return TimelineImage(*scene, choice.size).save(path, error);
}

void MainWindow::scheduleScreenshot(const QString &path, int finding)
{
    resize(1600, 1000);
    connect(this, &MainWindow::bundleLoaded, this, [this, path, finding] {
        if (finding >= 0)
            selectFinding(finding);
        // Let queued replots and layouts settle before grabbing.
        QTimer::singleShot(500, this, [this, path] {
            m_timeline->plot()->replot();
            const bool ok = grab().save(path);
            if (!ok)
                qWarning("kubelane: cannot write %s", qPrintable(path));
            QApplication::exit(ok ? 0 : 1);
        });
    });
    connect(this, &MainWindow::loadFailed, this, [](const QString &message) {
        qWarning("kubelane: %s", qPrintable(message));
        QApplication::exit(3);
    });
}

void MainWindow::addRecent(const QStringList &inputs)
{
    QSettings settings;
    QStringList recent = settings.value(QStringLiteral("recentBundles")).toStringList();
    QStringList absolute;
    for (const QString &i : inputs)
        absolute << QFileInfo(i).absoluteFilePath();
    const QString entry = absolute.join('\n');
    recent.removeAll(entry);
    recent.prepend(entry);
    while (recent.size() > kMaxRecent)
        recent.removeLast();
    settings.setValue(QStringLiteral("recentBundles"), recent);
    fillRecentMenu();
}

void MainWindow::fillRecentMenu()
{
    m_recentMenu->clear();
    const QStringList recent = QSettings().value(QStringLiteral("recentBundles")).toStringList();
    for (const QString &entry : recent) {
        const QStringList inputs = entry.split('\n');
        // Queued: opening rebuilds this menu, which deletes the action still emitting triggered().
        m_recentMenu->addAction(inputs.join(QStringLiteral(", ")), this,
                                [this, inputs] { QTimer::singleShot(0, this, [this, inputs] { openBundle(inputs); }); });
    }
    m_recentMenu->setEnabled(!recent.isEmpty());
}

void MainWindow::dragEnterEvent(QDragEnterEvent *event)
{
    if (event->mimeData()->hasUrls() || event->mimeData()->hasText())
        event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent *event)
{
    QStringList inputs;
    for (const QUrl &url : event->mimeData()->urls())
        if (url.isLocalFile())
            inputs << url.toLocalFile();
    if (!inputs.isEmpty()) {
        event->acceptProposedAction();
        openBundle(inputs);
    } else if (!event->mimeData()->hasUrls() && event->mimeData()->hasText()) {
        // Text selected in a browser, a chat or a terminal: a paste, not a file.
        event->acceptProposedAction();
        openText(event->mimeData()->text(), tr("(dropped text)"));
    }
}

void MainWindow::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::ApplicationPaletteChange)
        applyPalette();
    QMainWindow::changeEvent(event);
}

void MainWindow::applyPalette()
{
    const Palette p = Palette::fromQt(QApplication::palette());
    m_timeline->setPalette(p);
    m_overview->setPalette(p);
    m_legend->setPalette(p);
}

void MainWindow::applyFilter()
{
    QString error;
    if (m_timeline->setFilter(m_filter->text(), &error)) {
        m_filter->setStyleSheet({});
        m_filter->setToolTip({});
    } else {
        m_filter->setStyleSheet(QStringLiteral("QLineEdit { border: 2px solid #D55E00; }"));
        m_filter->setToolTip(tr("Not a valid RE2 expression: %1").arg(error));
        m_status->setText(tr("Filter: %1").arg(error));
    }
}

void MainWindow::selectFinding(int index)
{
    if (!m_analysis || index < 0 || static_cast<std::size_t>(index) >= m_analysis->findings.size())
        return;
    m_timeline->showFinding(index);
    m_findings->selectFinding(index);
    m_dumps->showDumpOfFinding(index);
    // Show the line the finding turns on: the first chain step in the subject's own lanes.
    const core::Finding &f = m_analysis->findings[static_cast<std::size_t>(index)];
    const int subject = m_lanes->laneOfSubject(QString::fromStdString(f.subject));
    std::size_t show = f.evidence.empty() ? core::kNoEvent : f.evidence.front();
    for (const core::ChainStep &step : f.chain) {
        if (step.event != core::kNoEvent && subject >= 0 && m_lanes->isAncestor(subject, m_lanes->laneOfEvent(step.event))) {
            show = step.event;
            break;
        }
    }
    if (show != core::kNoEvent)
        m_log->showEvent(show);
}

void MainWindow::nextFinding()
{
    if (!m_analysis || m_analysis->findings.empty())
        return;
    const int n = static_cast<int>(m_analysis->findings.size());
    selectFinding(m_timeline->finding() < 0 ? 0 : (m_timeline->finding() + 1) % n);
}

void MainWindow::previousFinding()
{
    if (!m_analysis || m_analysis->findings.empty())
        return;
    const int n = static_cast<int>(m_analysis->findings.size());
    selectFinding(m_timeline->finding() <= 0 ? n - 1 : m_timeline->finding() - 1);
}

void MainWindow::setWalkthrough(bool on)
{
    if (!on || !m_analysis) {
        m_walk->stop();
        m_walkAction->setChecked(false);
        return;
    }
    m_walkAction->setChecked(true);
    m_walk->start(m_analysis, m_timeline->finding());
    if (!m_walk->isActive()) {
        m_walkAction->setChecked(false);
        m_status->setText(tr("Nothing to walk through: no findings."));
    }
}

void MainWindow::applyWalkStep(int)
{
    const WalkStep *step = m_walk->current();
    if (!step || !m_analysis)
        return;
    if (step->finding >= 0 && (step->finding != m_timeline->finding() || step->chainStep < 0)) {
        m_timeline->showFinding(step->finding);
        m_findings->selectFinding(step->finding);
    }
    if (step->chainStep >= 0)
        m_timeline->centerOn(step->time);
    if (step->event != core::kNoEvent) {
        m_timeline->selectEvent(step->event, false);
        m_log->showEvent(step->event);
    }
    const QString when = formatTimestamp(step->time, m_timeline->utcOffset(), 6);
    m_timeline->setBanner(QStringLiteral("%1 · %2\n%3").arg(m_walk->caption(), when, step->text));
}

void MainWindow::selectEvent(std::size_t event)
{
    m_timeline->selectEvent(event, true);
}

void MainWindow::addNote(core::Timestamp time, const QString &laneKey)
{
    bool ok = false;
    const QString text = QInputDialog::getMultiLineText(this, tr("Add note"),
                                                        tr("Note at %1%2").arg(formatTimestamp(time, m_timeline->utcOffset()),
                                                                               laneKey.isEmpty() ? QString() : tr(" on %1").arg(laneKey)),
                                                        {}, &ok);
    if (ok && !text.trimmed().isEmpty())
        m_notes->add(Note{time, laneKey, text.trimmed()});
}

void MainWindow::editNote(int index)
{
    if (index < 0 || static_cast<std::size_t>(index) >= m_notes->notes().size())
        return;
    bool ok = false;
    const QString text = QInputDialog::getMultiLineText(this, tr("Edit note"), tr("Note (empty to delete)"),
                                                        m_notes->notes()[static_cast<std::size_t>(index)].text, &ok);
    if (!ok)
        return;
    if (text.trimmed().isEmpty())
        m_notes->remove(index);
    else
        m_notes->update(index, text.trimmed());
}

void MainWindow::refreshNotes()
{
    m_timeline->setNotes(m_notes->notes());
    m_notesList->clear();
    for (const Note &n : m_notes->notes())
        m_notesList->addItem(QStringLiteral("%1  %2%3")
                                 .arg(formatTimestamp(n.time, m_timeline->utcOffset(), 3),
                                      n.laneKey.isEmpty() ? QString() : QStringLiteral("[%1] ").arg(n.laneKey), n.text));
}

} // namespace kubelane::ui
