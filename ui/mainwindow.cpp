#include "mainwindow.h"

#include "bundleloader.h"
#include "dumppanel.h"
#include "exportdialog.h"
#include "findingspanel.h"
#include "legendwidget.h"
#include "logview.h"
#include "notesexchange.h"
#include "notesstore.h"
#include "plural.h"
#include "eventsearch.h"
#include "overviewstrip.h"
#include "shortcutsdialog.h"
#include "typedtime.h"
#include "sourcespanel.h"
#include "timeaxisticker.h"
#include "theme.h"
#include "timelineimage.h"
#include "timelinewidget.h"
#include "viewscene.h"
#include "walkthroughcontroller.h"

#include "core/util/shellquote.h"
#include "core/util/stagereport.h"

#include <algorithm>

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QCheckBox>
#include <QClipboard>
#include <QKeyEvent>
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
#include <QMessageBox>
#include <QSaveFile>
#include <QStandardPaths>
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
    : QMainWindow(parent), m_options(std::move(options)), m_analyzeOptions(std::move(analyzeOptions)), m_loader(new BundleLoader(this)),
      m_notes(new NotesStore(this)), m_walk(new WalkthroughController(this))
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

    m_zone = new QComboBox(this);
    m_zone->setObjectName(QStringLiteral("zone"));
    m_zone->setToolTip(tr("Time zone of every time shown: axis, status bar, panels, notes and exports"));
    m_zone->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    buildDocks();
    buildActions();

    m_status = new QLabel(this);
    // Long messages must not widen the window or push the range and zone off the bar.
    m_status->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    m_rangeLabel = new QLabel(this);
    m_rangeLabel->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_progress = new QProgressBar(this);
    m_progress->setMaximumWidth(260);
    m_progress->hide();
    m_cancel = new QPushButton(tr("Cancel"), this);
    m_cancel->hide();
    statusBar()->addWidget(m_status, 1);
    statusBar()->addPermanentWidget(m_rangeLabel);
    statusBar()->addPermanentWidget(new QLabel(tr("Zone"), this));
    statusBar()->addPermanentWidget(m_zone);
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
        updateRangeLabel();
    });
    connect(m_overview, &OverviewStrip::rangeRequested, m_timeline, &TimelineWidget::setVisibleRange);
    connect(m_legend, &LegendWidget::hiddenCategoriesChanged, this, [this](const auto &hidden) {
        m_timeline->setHiddenCategories(hidden);
        if (!m_search->text().isEmpty())
            runSearch(); // matches are marks one can see
    });
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
    // Findings down the left edge, full height: a table above the explanation, both readable
    // on a laptop; the event and its raw lines under the timeline, as wide as it is.
    setCorner(Qt::TopLeftCorner, Qt::LeftDockWidgetArea);
    setCorner(Qt::BottomLeftCorner, Qt::LeftDockWidgetArea);
    addDockWidget(Qt::LeftDockWidgetArea, findings);
    m_dumps = new DumpPanel(this);
    QDockWidget *dumps = dock(tr("Goroutine dumps"), m_dumps, QStringLiteral("dumps"));
    addDockWidget(Qt::BottomDockWidgetArea, log);
    splitDockWidget(log, dumps, Qt::Horizontal); // before the tabs; shown only for a bundle with a dump
    tabifyDockWidget(log, sources);
    tabifyDockWidget(sources, notes);
    log->raise();
}

void MainWindow::applyDefaultDockSizes()
{
    const auto clamp = [](int v, int lo, int hi) { return std::max(lo, std::min(v, hi)); };
    if (auto *findings = findChild<QDockWidget *>(QStringLiteral("findings")))
        resizeDocks({findings}, {clamp(width() * 28 / 100, 340, 560)}, Qt::Horizontal);
    if (auto *log = findChild<QDockWidget *>(QStringLiteral("log")))
        resizeDocks({log}, {clamp(height() * 28 / 100, 170, 420)}, Qt::Vertical);
}

void MainWindow::restoreLayout()
{
    QSettings settings;
    if (const QByteArray g = settings.value(QStringLiteral("window/geometry")).toByteArray(); !g.isEmpty())
        restoreGeometry(g);
    if (const QByteArray st = settings.value(QStringLiteral("window/state")).toByteArray(); !st.isEmpty())
        m_layoutRestored = restoreState(st, kLayoutVersion);
    m_findings->restoreState(settings.value(QStringLiteral("window/findingsPanel")).toByteArray());
}

void MainWindow::closeEvent(QCloseEvent *event)
{
    QSettings settings;
    settings.setValue(QStringLiteral("window/geometry"), saveGeometry());
    settings.setValue(QStringLiteral("window/state"), saveState(kLayoutVersion));
    settings.setValue(QStringLiteral("window/findingsPanel"), m_findings->saveState());
    QMainWindow::closeEvent(event);
}

void MainWindow::showEvent(QShowEvent *event)
{
    QMainWindow::showEvent(event);
    // Panels sized for the window as first shown (once laid out), unless a saved layout says
    // otherwise; from then on they stay where the user puts them.
    if (!m_shownOnce && !m_layoutRestored) {
        // A short screen keeps its height for lanes: thin coverage rows, no legend (L shows it).
        m_overview->setCompact(height() < 900);
        if (height() < 800)
            m_legendAction->setChecked(false);
        QTimer::singleShot(0, this, &MainWindow::applyDefaultDockSizes);
    }
    m_shownOnce = true;
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
    auto *copyView = file->addAction(tr("Copy view as &command"), QKeySequence(tr("Ctrl+Alt+C")), this, [this] {
        const QString command = viewCommand();
        if (command.isEmpty())
            return;
        QApplication::clipboard()->setText(command);
        m_status->setText(tr("Copied: %1").arg(command));
    });
    addAction(copyView);
    file->addSeparator();
    file->addAction(tr("Export &notes…"), this, &MainWindow::chooseNotesExport);
    file->addAction(tr("&Import notes…"), this, &MainWindow::chooseNotesImport);

    file->addSeparator();
    file->addAction(tr("&Quit"), QKeySequence::Quit, this, &QWidget::close);

    QMenu *view = menuBar()->addMenu(tr("&View"));
    QMenu *go = menuBar()->addMenu(tr("&Go"));
    QToolBar *bar = addToolBar(tr("Timeline"));
    bar->setObjectName(QStringLiteral("timelineToolbar"));
    bar->setMovable(false);
    auto add = [&](QMenu *menu, const QString &text, const QList<QKeySequence> &keys, auto slot, bool onBar = true) {
        auto *a = new QAction(text, this);
        a->setShortcuts(keys);
        if (!keys.isEmpty())
            a->setToolTip(QStringLiteral("%1 (%2)").arg(text, keys.front().toString(QKeySequence::NativeText)));
        if constexpr (!std::is_null_pointer_v<decltype(slot)>)
            connect(a, &QAction::triggered, this, slot);
        menu->addAction(a);
        addAction(a);
        if (onBar)
            bar->addAction(a);
        return a;
    };
    add(view, tr("Fit all"), {QKeySequence(Qt::Key_Home), QKeySequence(Qt::Key_F)}, [this] { m_timeline->fitAll(); });
    add(view, tr("Zoom in"), {QKeySequence(Qt::Key_Plus), QKeySequence(Qt::Key_Equal), QKeySequence::ZoomIn},
        [this] { m_timeline->zoomBy(0.5); });
    add(view, tr("Zoom out"), {QKeySequence(Qt::Key_Minus), QKeySequence::ZoomOut}, [this] { m_timeline->zoomBy(2.0); });
    add(view, tr("Zoom to selection"), {QKeySequence(Qt::Key_Z)}, [this] { m_timeline->zoomToSelection(); });
    add(
        view, tr("Pan left"), {QKeySequence(Qt::Key_Left), QKeySequence(Qt::Key_A)}, [this] { m_timeline->panBy(-0.2); }, false);
    add(
        view, tr("Pan right"), {QKeySequence(Qt::Key_Right), QKeySequence(Qt::Key_D)}, [this] { m_timeline->panBy(0.2); }, false);
    view->addSeparator();
    add(
        view, tr("Expand all lanes"), {QKeySequence(Qt::Key_E)}, [this] { m_timeline->expandAll(true); }, false);
    add(
        view, tr("Collapse all lanes"), {QKeySequence(Qt::Key_C)}, [this] { m_timeline->expandAll(false); }, false);
    bar->addSeparator();
    add(go, tr("Previous finding"), {QKeySequence(Qt::Key_P), QKeySequence(Qt::SHIFT | Qt::Key_F8)}, [this] { previousFinding(); });
    add(go, tr("Next finding"), {QKeySequence(Qt::Key_N), QKeySequence(Qt::Key_F8)}, [this] { nextFinding(); });
    bar->addSeparator();
    go->addSeparator();
    m_walkAction = add(go, tr("Walkthrough"), {QKeySequence(Qt::Key_W)}, [this](bool on) { setWalkthrough(on); });
    m_walkAction->setCheckable(true);
    m_walkAction->setToolTip(tr("Step through the selected finding's causal chain, or all findings in time order (W)"));
    add(go, tr("◀ Step"), {QKeySequence(Qt::Key_BracketLeft), QKeySequence(Qt::ALT | Qt::Key_Left)}, [this] {
        if (!m_walk->isActive())
            setWalkthrough(true);
        else
            m_walk->previous();
    });
    add(go, tr("Step ▶"), {QKeySequence(Qt::Key_BracketRight), QKeySequence(Qt::ALT | Qt::Key_Right)}, [this] {
        if (!m_walk->isActive())
            setWalkthrough(true);
        else
            m_walk->next();
    });
    go->addSeparator();
    add(
        go, tr("Go to time…"), {QKeySequence(Qt::CTRL | Qt::Key_G)}, [this] { askGoToTime(); }, false);
    add(
        go, tr("Next note"), {QKeySequence(Qt::Key_B)}, [this] { stepNote(+1); }, false);
    add(
        go, tr("Previous note"), {QKeySequence(Qt::SHIFT | Qt::Key_B)}, [this] { stepNote(-1); }, false);
    add(
        go, tr("Next search match"), {QKeySequence(Qt::Key_F3)}, [this] { nextMatch(); }, false);
    add(
        go, tr("Previous search match"), {QKeySequence(Qt::SHIFT | Qt::Key_F3)}, [this] { previousMatch(); }, false);
    add(
        view, tr("Clear selection"), {QKeySequence(Qt::Key_Escape)},
        [this] {
            if (m_walk->isActive())
                m_walk->stop();
            m_timeline->clearFinding();
            m_findings->selectFinding(-1);
        },
        false);
    add(
        view, tr("Copy visible range"), {QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_C)}, [this] { copyVisibleRange(); }, false);
    view->addSeparator();
    m_legendAction = add(view, tr("Show legend"), {QKeySequence(Qt::Key_L)}, nullptr, false);
    m_legendAction->setCheckable(true);
    m_legendAction->setChecked(true);
    connect(m_legendAction, &QAction::toggled, m_legend, &QWidget::setVisible);
    m_orderingsAction = add(
        view, tr("Show orderings"), {QKeySequence(Qt::Key_O)}, [this](bool on) { m_timeline->setShowOrderings(on); }, false);
    m_orderingsAction->setCheckable(true);
    m_orderingsAction->setChecked(true);
    m_orderingsAction->setToolTip(tr("Arrows between status generation and the first readiness result (O)"));
    // Light or dark: the system's choice, or forced (remembered across runs).
    view->addSeparator();
    QMenu *themes = view->addMenu(tr("&Theme"));
    auto *themeGroup = new QActionGroup(this);
    const Theme saved = themeFromName(QSettings().value(QStringLiteral("theme")).toString());
    for (const auto &[theme, label] :
         {std::pair{Theme::System, tr("Follow the &system")}, std::pair{Theme::Light, tr("&Light")}, std::pair{Theme::Dark, tr("&Dark")}}) {
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
    add(
        view, tr("Add note at cursor…"), {QKeySequence(Qt::Key_M)},
        [this] {
            const core::Timestamp t = m_timeline->state().cursor.value_or(m_timeline->visibleMiddle());
            addNote(t, {});
        },
        false);

    // Search: highlights matching events in every lane and in the raw lines; never hides.
    bar->addSeparator();
    m_search = new QLineEdit(bar);
    m_search->setObjectName(QStringLiteral("search"));
    m_search->setPlaceholderText(tr("Search events (RE2)"));
    m_searchHelp = tr("Highlights every event whose message or type matches, in all lanes and in the raw lines.\n"
                      "Enter / Shift+Enter (or F3 / Shift+F3): next / previous match.");
    m_search->setToolTip(m_searchHelp);
    m_search->setClearButtonEnabled(true);
    m_search->setMinimumWidth(160);
    m_search->setMaximumWidth(320);
    m_search->installEventFilter(this);
    bar->addWidget(m_search);
    m_searchCount = new QLabel(bar);
    m_searchCount->setMinimumWidth(m_searchCount->fontMetrics().horizontalAdvance(QStringLiteral(" 88888 of 88888 ")));
    bar->addWidget(m_searchCount);
    m_searchTimer = new QTimer(this);
    m_searchTimer->setSingleShot(true);
    m_searchTimer->setInterval(250); // matching a million messages on every key stroke would stutter
    connect(m_search, &QLineEdit::textChanged, m_searchTimer, qOverload<>(&QTimer::start));
    connect(m_searchTimer, &QTimer::timeout, this, &MainWindow::runSearch);
    connect(m_search, &QLineEdit::returnPressed, this, &MainWindow::nextMatch);
    auto *focusSearch = new QAction(tr("Search events"), this);
    focusSearch->setShortcuts({QKeySequence::Find, QKeySequence(Qt::Key_Slash)});
    connect(focusSearch, &QAction::triggered, this, [this] {
        m_search->setFocus();
        m_search->selectAll();
    });
    addAction(focusSearch);
    go->addAction(focusSearch);

    // The lane filter sits over the lanes it filters.
    m_filter = new QLineEdit(this);
    m_filter->setObjectName(QStringLiteral("laneFilter"));
    m_filter->setPlaceholderText(tr("Filter lanes (RE2)"));
    m_filterHelp = tr("Shows only lanes whose name or events match (RE2, case-insensitive)");
    m_filter->setToolTip(m_filterHelp);
    m_filter->setClearButtonEnabled(true);
    m_filter->setMinimumWidth(110);
    QSizePolicy stretch = m_filter->sizePolicy();
    stretch.setHorizontalStretch(1);
    m_filter->setSizePolicy(stretch);
    m_timeline->addLaneHeaderWidget(m_filter);
    m_filterTimer = new QTimer(this);
    m_filterTimer->setSingleShot(true);
    m_filterTimer->setInterval(250);
    connect(m_filter, &QLineEdit::textChanged, m_filterTimer, qOverload<>(&QTimer::start));
    connect(m_filterTimer, &QTimer::timeout, this, &MainWindow::applyFilter);
    auto *focusFilter = new QAction(tr("Filter lanes"), this);
    focusFilter->setShortcuts({QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_F)});
    connect(focusFilter, &QAction::triggered, this, [this] {
        m_filter->setFocus();
        m_filter->selectAll();
    });
    addAction(focusFilter);
    view->addAction(focusFilter);
    m_findingLanesOnly = new QCheckBox(tr("Findings only"), this);
    m_findingLanesOnly->setToolTip(tr("Show only the lanes of findings"));
    m_timeline->addLaneHeaderWidget(m_findingLanesOnly);
    connect(m_findingLanesOnly, &QCheckBox::toggled, m_timeline, &TimelineWidget::setFindingLanesOnly);

    connect(m_zone, &QComboBox::activated, this, [this](int index) {
        if (!m_zone->itemData(index).isValid())
            chooseOtherZone();
        else
            setDisplayZone(m_zone->itemData(index).toInt());
    });

    QMenu *panels = menuBar()->addMenu(tr("&Panels"));
    for (QDockWidget *d : findChildren<QDockWidget *>())
        panels->addAction(d->toggleViewAction());

    QMenu *help = menuBar()->addMenu(tr("&Help"));
    auto *keys = new QAction(tr("Keys and mouse"), this);
    keys->setShortcuts({QKeySequence(Qt::Key_Question), QKeySequence(Qt::SHIFT | Qt::Key_Question), QKeySequence::HelpContents});
    connect(keys, &QAction::triggered, this, &MainWindow::showShortcuts);
    addAction(keys);
    help->addAction(keys);
}

void MainWindow::fillZones()
{
    QSignalBlocker block(m_zone);
    m_zone->clear();
    std::set<int> seen;
    auto addZone = [&](const QString &label, int offset) {
        if (seen.insert(offset).second)
            m_zone->addItem(label, offset);
    };
    addZone(tr("UTC"), 0);
    addZone(tr("Local (%1)").arg(zoneName(QDateTime::currentDateTime().offsetFromUtc())), QDateTime::currentDateTime().offsetFromUtc());
    if (auto inc = incident()) {
        for (const auto &s : inc->sources) {
            const QString who = QString::fromStdString(s.component.empty() ? s.path : s.component + " " + s.node);
            addZone(tr("%1 (as %2 logs)").arg(zoneName(s.clock.utcOffsetSeconds), who.trimmed()), s.clock.utcOffsetSeconds);
        }
    }
    for (int typed : m_typedZones)
        addZone(zoneName(typed), typed);
    addZone(zoneName(m_timeline->utcOffset()), m_timeline->utcOffset());
    m_zone->addItem(tr("Other offset…")); // no data: asks for one
    m_zone->setCurrentIndex(std::max(0, m_zone->findData(m_timeline->utcOffset())));
}

void MainWindow::chooseOtherZone()
{
    bool ok = false;
    const QString text = QInputDialog::getText(this, tr("Time zone"), tr("UTC offset, such as +05:30, -0800 or +8:"), QLineEdit::Normal,
                                               zoneName(m_timeline->utcOffset()), &ok);
    const auto offset = ok ? parseTypedOffset(text) : std::nullopt;
    if (ok && !offset)
        m_status->setText(tr("Not a UTC offset: %1 (expected +05:30, -0800 or +8)").arg(text));
    if (offset) {
        m_typedZones.insert(*offset);
        setDisplayZone(*offset);
    } else {
        fillZones(); // back to the zone in use
    }
}

int MainWindow::displayZone() const
{
    return m_timeline->utcOffset();
}

void MainWindow::setDisplayZone(int offset)
{
    m_timeline->setUtcOffset(offset);
    m_findings->setUtcOffset(offset);
    m_log->setUtcOffset(offset);
    fillZones();
    updateRangeLabel();
    refreshNotes();
    updateWalkBanner();
}

QString MainWindow::rangeText() const
{
    if (!m_lanes || m_lanes->incident().events.empty())
        return {};
    const core::Timestamp s = m_timeline->visibleStart(), e = m_timeline->visibleEnd();
    return tr("%1 — %2 (%3)")
        .arg(formatTimestamp(s, m_timeline->utcOffset(), 3), formatTimestamp(e, m_timeline->utcOffset(), 3, false),
             formatDurationText(e - s));
}

void MainWindow::updateRangeLabel()
{
    m_rangeLabel->setText(rangeText());
}

void MainWindow::copyVisibleRange()
{
    if (!m_lanes)
        return;
    const core::Timestamp s = m_timeline->visibleStart(), e = m_timeline->visibleEnd();
    // As read and as a machine reads it (RFC 3339, UTC), so it pastes into a query too.
    const QString text =
        QStringLiteral("%1\n%2/%3")
            .arg(rangeText(), QString::fromStdString(core::formatRfc3339(s, 9)), QString::fromStdString(core::formatRfc3339(e, 9)));
    QApplication::clipboard()->setText(text);
    m_status->setText(tr("Copied the visible range: %1").arg(rangeText()));
}

void MainWindow::askGoToTime()
{
    if (!m_lanes)
        return;
    bool ok = false;
    const QString text = QInputDialog::getText(
        this, tr("Go to time"),
        tr("Time in %1 (or with its own zone), e.g. 02:42:26.5 or 2020-03-12 02:42:26Z:").arg(zoneName(m_timeline->utcOffset())),
        QLineEdit::Normal, {}, &ok);
    if (!ok || text.trimmed().isEmpty())
        return;
    QString error;
    if (!goToTime(text, &error))
        m_status->setText(tr("Go to time: %1").arg(error));
}

bool MainWindow::goToTime(const QString &text, QString *error)
{
    if (!m_lanes) {
        if (error)
            *error = tr("no bundle is open");
        return false;
    }
    const core::Timestamp mid = m_timeline->visibleMiddle();
    const auto t = parseTypedTime(text, m_timeline->utcOffset(), mid, error);
    if (!t)
        return false;
    m_timeline->centerOn(*t);
    m_timeline->setCursorTime(*t);
    m_status->setText(tr("At %1").arg(formatTimestamp(*t, m_timeline->utcOffset(), 6)));
    if (*t < m_lanes->first() || m_lanes->last() < *t)
        m_status->setText(m_status->text()
                          + tr(" — outside the bundle's logs (%1 to %2)")
                                .arg(formatTimestamp(m_lanes->first(), m_timeline->utcOffset(), 0),
                                     formatTimestamp(m_lanes->last(), m_timeline->utcOffset(), 0)));
    return true;
}

void MainWindow::stepNote(int direction)
{
    const auto &notes = m_notes->notes();
    if (notes.empty()) {
        m_status->setText(tr("No notes yet: add one with M or right click on the timeline."));
        return;
    }
    // The first note after (or last before) the centre, wrapping round; the store keeps them
    // in time order.
    const core::Timestamp mid = m_timeline->visibleMiddle();
    const auto byTime = [](const Note &n, core::Timestamp t) { return n.time < t; };
    std::size_t pick;
    if (direction > 0) {
        const auto after = std::upper_bound(notes.begin(), notes.end(), mid, [](core::Timestamp t, const Note &n) { return t < n.time; });
        pick = after == notes.end() ? 0 : static_cast<std::size_t>(after - notes.begin());
    } else {
        const auto before = std::lower_bound(notes.begin(), notes.end(), mid, byTime);
        pick = before == notes.begin() ? notes.size() - 1 : static_cast<std::size_t>(before - notes.begin()) - 1;
    }
    m_timeline->centerOn(notes[pick].time);
    m_notesList->setCurrentRow(static_cast<int>(pick));
    m_status->setText(tr("Note: %1").arg(notes[pick].text));
}

bool MainWindow::applyView(const ViewRequest &view)
{
    if (!m_analysis)
        return false;
    QStringList problems;
    if (view.utcOffsetSeconds)
        setDisplayZone(*view.utcOffsetSeconds);
    if (!view.lanes.isEmpty()) {
        m_filter->setText(view.lanes);
        m_filterTimer->stop();
        applyFilter();
    }
    const auto &findings = m_analysis->findings;
    if (view.finding) {
        if (*view.finding >= 0 && static_cast<std::size_t>(*view.finding) < findings.size())
            selectFinding(*view.finding);
        else
            problems << tr("no finding %1 (this bundle has %2)").arg(*view.finding + 1).arg(findings.size());
    } else if (!view.rule.empty()) {
        const auto it = std::find_if(findings.begin(), findings.end(), [&](const core::Finding &f) { return f.rule == view.rule; });
        if (it != findings.end())
            selectFinding(static_cast<int>(it - findings.begin()));
        else
            problems << tr("no finding of rule %1").arg(QString::fromStdString(view.rule));
    }
    if (view.from || view.to)
        m_timeline->setVisibleRange(view.from.value_or(m_lanes->first()), view.to.value_or(m_lanes->last()));
    if (!problems.isEmpty())
        m_status->setText(tr("Opened, but %1.").arg(problems.join(QStringLiteral("; "))));
    updateTitle();
    return problems.isEmpty();
}

namespace {

// Quoted as the reopen lines of `kubelane analyze --format markdown` are.
QString shellQuoted(const QString &word)
{
    return QString::fromStdString(core::shellQuote(word.toStdString()));
}

} // namespace

QString MainWindow::viewCommand() const
{
    if (!m_lanes)
        return {};
    QStringList words{QStringLiteral("kubelane")};
    for (const QString &input : m_inputs)
        words << shellQuoted(QFileInfo(input).absoluteFilePath());
    if (m_timeline->finding() >= 0)
        words << QStringLiteral("--finding") << QString::number(m_timeline->finding() + 1);
    words << QStringLiteral("--from") << QString::fromStdString(core::formatRfc3339(m_timeline->visibleStart(), 9))
          << QStringLiteral("--to") << QString::fromStdString(core::formatRfc3339(m_timeline->visibleEnd(), 9));
    if (!m_filter->text().trimmed().isEmpty())
        words << QStringLiteral("--lanes") << shellQuoted(m_filter->text());
    if (m_timeline->utcOffset() != 0)
        words << QStringLiteral("--zone") << QString::fromStdString(core::formatUtcOffset(m_timeline->utcOffset()));
    return words.join(' ');
}

void MainWindow::updateTitle()
{
    QStringList names;
    for (const QString &input : m_inputs)
        names << QFileInfo(input).fileName();
    QString title = tr("kubelane");
    if (!names.isEmpty())
        title += QStringLiteral(" — ") + names.join(QStringLiteral(", "));
    if (m_analysis && m_timeline->finding() >= 0 && static_cast<std::size_t>(m_timeline->finding()) < m_analysis->findings.size()) {
        const core::Finding &f = m_analysis->findings[static_cast<std::size_t>(m_timeline->finding())];
        title += tr(" — finding %1: %2 (%3)")
                     .arg(m_timeline->finding() + 1)
                     .arg(QString::fromStdString(f.rule), QString::fromStdString(f.subject.text()));
    }
    setWindowTitle(title);
}

void MainWindow::showShortcuts()
{
    ShortcutsDialog dialog(shortcutActions(), this);
    dialog.exec();
}

QString MainWindow::statusText() const
{
    return m_status->text();
}

void MainWindow::setSearchText(const QString &pattern)
{
    m_search->setText(pattern);
    m_searchTimer->stop();
    runSearch();
}

void MainWindow::runSearch()
{
    if (!m_lanes)
        return;
    QString error;
    auto search =
        std::make_shared<const EventSearch>(EventSearch::run(*m_lanes, m_search->text(), &error, m_timeline->state().hiddenTypes));
    markPatternError(m_search, error, m_searchHelp);
    if (!error.isEmpty()) {
        m_searchCount->setText(tr("bad pattern"));
        m_timeline->setSearch(nullptr);
        m_log->setSearch({});
        return;
    }
    m_timeline->setSearch(search->isActive() ? search : nullptr);
    m_log->setSearch(search->isActive() ? m_search->text() : QString());
    m_searchCount->setText(searchStatus());
}

QString MainWindow::searchStatus() const
{
    const EventSearch *search = m_timeline->search();
    if (!search || !search->isActive())
        return {};
    if (search->isEmpty())
        return tr("no matches");
    const std::size_t rank = search->rankOf(m_timeline->selectedEvent());
    const QString count = search->count() == 1 ? tr("1 match") : tr("%1 matches").arg(search->count());
    return rank ? tr("%1 of %2").arg(rank).arg(search->count()) : count;
}

void MainWindow::showMatch(core::EventIndex event)
{
    if (event == core::kNoEvent)
        return;
    m_timeline->selectEvent(event, true);
    QString text = searchStatus();
    if (m_timeline->state().rowOfEvent(event) < 0)
        text += tr(" (its lane is filtered out)");
    m_searchCount->setText(text);
}

void MainWindow::flushPendingSearch()
{
    if (m_searchTimer->isActive()) {
        m_searchTimer->stop();
        runSearch();
    }
}

void MainWindow::nextMatch()
{
    flushPendingSearch();
    const EventSearch *search = m_timeline->search();
    if (search && m_lanes)
        showMatch(search->next(m_timeline->selectedEvent(), m_timeline->visibleStart(), m_lanes->incident()));
}

void MainWindow::previousMatch()
{
    flushPendingSearch();
    const EventSearch *search = m_timeline->search();
    if (search && m_lanes)
        showMatch(search->previous(m_timeline->selectedEvent(), m_timeline->visibleEnd(), m_lanes->incident()));
}

bool MainWindow::eventFilter(QObject *watched, QEvent *event)
{
    // Escape in the search box leaves the box: claimed before the window's Escape shortcut
    // (Clear selection) takes it.
    if (watched == m_search && event->type() == QEvent::ShortcutOverride && static_cast<QKeyEvent *>(event)->key() == Qt::Key_Escape) {
        event->accept();
        return true;
    }
    // Shift+Enter in the search box: the previous match (QLineEdit only reports Enter).
    if (watched == m_search && event->type() == QEvent::KeyPress) {
        const auto *key = static_cast<QKeyEvent *>(event);
        if ((key->key() == Qt::Key_Return || key->key() == Qt::Key_Enter) && (key->modifiers() & Qt::ShiftModifier)) {
            previousMatch();
            return true;
        }
        if (key->key() == Qt::Key_Escape) {
            m_timeline->plot()->setFocus();
            return true;
        }
    }
    return QMainWindow::eventFilter(watched, event);
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
    updateTitle();
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
    if (!m_search->text().isEmpty())
        runSearch();
    if (m_findingLanesOnly->isChecked())
        m_timeline->setFindingLanesOnly(true);
    // Open on the incident: the most severe finding (the earliest among equals), zoomed, unless
    // the command line asked for another view.
    if (!m_analysis->findings.empty() && m_timeline->finding() < 0 && m_initialView.isEmpty()) {
        const auto &f = m_analysis->findings;
        const auto worst = std::max_element(f.begin(), f.end(), [](const core::Finding &a, const core::Finding &b) {
            return a.severity < b.severity; // max_element keeps the first of equals
        });
        selectFinding(static_cast<int>(worst - f.begin()));
    }
    const auto &st = m_analysis->incident->stats;
    QString text = tr("%1, %2, %3, %4 not understood · %5")
                       .arg(plural(qint64(m_analysis->incident->sources.size()), "source", "sources"),
                            plural(qint64(st.lines), "line", "lines"), plural(qint64(st.events), "event", "events"),
                            QLocale().toString(qint64(st.unparsed)), plural(qint64(m_analysis->findings.size()), "finding", "findings"));
    if (m_sources->problemCount() > 0)
        text += tr(" · %1 (see Sources and problems)").arg(plural(m_sources->problemCount(), "problem", "problems"));
    if (m_analysis->incident->events.empty())
        text =
            tr("No events in %1: nothing in it was read as a log line; see Sources and problems.").arg(m_inputs.join(QStringLiteral(", ")));
    m_summary = text;
    m_status->setText(text);
    if (!m_initialView.isEmpty()) {
        applyView(m_initialView);
        m_initialView = {};
    }
    updateTitle();
    core::stageDone("window filled"); // the panels, the finding selected; painting follows
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
    const QStringList files = QFileDialog::getOpenFileNames(
        this, tr("Open log files or an archive"), {}, tr("Logs and archives (*.log *.txt *.gz *.tgz *.tar *.zip *.INFO *);;All files (*)"));
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
        // The view as it is on screen: its range, the rows inside the viewport (not every row
        // scrolled past), the findings in them, cursor and measure.
        scene = sceneOfView(*m_timeline);
        if (!scene)
            return std::nullopt;
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
    if (choice.scope == ExportScope::CurrentView) {
        scene->viewCommand = viewCommand();
        scene->hiddenCategories = m_timeline->state().hiddenCategories;
    }
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

void MainWindow::scheduleScreenshot(const QString &path, int finding, QSize size)
{
    resize(size);
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
    const bool ok = m_timeline->setFilter(m_filter->text(), &error);
    markPatternError(m_filter, error, m_filterHelp);
    if (ok) {
        if (m_filterErrorShown)
            m_status->setText(m_summary); // the error no longer holds
        m_filterErrorShown = false;
    } else {
        m_filterErrorShown = true;
        m_status->setText(tr("Filter: %1").arg(error));
    }
}

// A pattern box says what is wrong with its pattern in its border and tooltip, and gives
// its help back once the pattern is fixed.
void MainWindow::markPatternError(QLineEdit *box, const QString &error, const QString &help)
{
    box->setStyleSheet(error.isEmpty() ? QString() : QStringLiteral("QLineEdit { border: 2px solid #D55E00; }"));
    box->setToolTip(error.isEmpty() ? help : tr("Not a valid RE2 expression: %1").arg(error));
}

void MainWindow::selectFinding(int index)
{
    if (!m_analysis || index < 0 || static_cast<std::size_t>(index) >= m_analysis->findings.size())
        return;
    m_timeline->showFinding(index);
    m_findings->selectFinding(index);
    updateTitle();
    m_dumps->showDumpOfFinding(index);
    // Show the line the finding turns on: the first chain step in the subject's own lanes.
    const core::Finding &f = m_analysis->findings[static_cast<std::size_t>(index)];
    const LaneId subject = m_lanes->laneOfSubject(QString::fromStdString(f.subject.text()));
    core::EventIndex show = f.evidence.empty() ? core::kNoEvent : f.evidence.front();
    for (const core::ChainStep &step : f.chain) {
        if (step.event != core::kNoEvent && subject.valid() && m_lanes->isAncestor(subject, m_lanes->laneOfEvent(step.event))) {
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
        // Its row mid-view: the banner at the bottom of the plot must not cover the mark.
        m_timeline->selectEvent(step->event, true, true);
        m_log->showEvent(step->event);
    }
    updateWalkBanner();
}

void MainWindow::updateWalkBanner()
{
    const WalkStep *step = m_walk->isActive() ? m_walk->current() : nullptr;
    if (!step)
        return;
    const QString when = formatTimestamp(step->time, m_timeline->utcOffset(), 6);
    m_timeline->setBanner(QStringLiteral("%1 · %2\n%3").arg(m_walk->caption(), when, step->text));
}

void MainWindow::selectEvent(core::EventIndex event)
{
    m_timeline->selectEvent(event, true);
}

void MainWindow::addNote(core::Timestamp time, const QString &laneKey)
{
    bool ok = false;
    const QString text = QInputDialog::getMultiLineText(
        this, tr("Add note"),
        tr("Note at %1%2").arg(formatTimestamp(time, m_timeline->utcOffset()), laneKey.isEmpty() ? QString() : tr(" on %1").arg(laneKey)),
        {}, &ok);
    if (ok && !text.trimmed().isEmpty())
        m_notes->add(Note{time, laneKey, text.trimmed()});
}

void MainWindow::chooseNotesExport()
{
    if (m_notes->notes().empty()) {
        m_status->setText(tr("No notes to export: add one with M or right click on the timeline."));
        return;
    }
    const QString name = m_inputs.isEmpty() ? QStringLiteral("kubelane") : QFileInfo(m_inputs.first()).completeBaseName();
    const QString suggested =
        QDir(QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation)).filePath(name + QStringLiteral("-notes.json"));
    const QString path = QFileDialog::getSaveFileName(this, tr("Export notes"), suggested, tr("kubelane notes (*.json)"));
    QString message;
    if (!path.isEmpty() && !exportNotes(path, &message))
        QMessageBox::warning(this, tr("Export notes"), message);
}

void MainWindow::chooseNotesImport()
{
    const QString path = QFileDialog::getOpenFileName(this, tr("Import notes"), QString(), tr("kubelane notes (*.json);;All files (*)"));
    QString message;
    if (!path.isEmpty() && !importNotes(path, &message))
        QMessageBox::warning(this, tr("Import notes"), message);
}

bool MainWindow::exportNotes(const QString &path, QString *message)
{
    QSaveFile file(path);
    const std::vector<Note> &notes = m_notes->notes();
    if (!file.open(QIODevice::WriteOnly) || file.write(notesexchange::write(notes, m_inputs)) < 0 || !file.commit()) {
        *message = tr("Notes not exported: cannot write %1: %2").arg(path, file.errorString());
        return false;
    }
    *message = tr("Exported %1 to %2").arg(plural(qint64(notes.size()), "note", "notes"), path);
    m_status->setText(*message);
    return true;
}

bool MainWindow::importNotes(const QString &path, QString *message)
{
    QFile file(path);
    NotesFile read;
    QString error;
    const bool ok =
        file.open(QIODevice::ReadOnly) ? notesexchange::read(file.readAll(), read, &error) : (error = file.errorString(), false);
    if (!ok) {
        *message = tr("Notes not imported from %1: %2").arg(path, error);
        m_status->setText(*message);
        return false;
    }
    const int added = m_notes->merge(read.notes);
    QStringList parts{tr("Imported %1 from %2").arg(plural(added, "note", "notes"), QFileInfo(path).fileName())};
    if (const std::size_t present = read.notes.size() - std::size_t(added))
        parts << tr("%1 already here").arg(present);
    parts << importCaveats(read);
    *message = parts.join(QStringLiteral("; "));
    m_status->setText(*message);
    return true;
}

// What a teammate's notes may not fit: lanes this bundle lacks, times outside it, another bundle.
QStringList MainWindow::importCaveats(const NotesFile &read) const
{
    QStringList caveats;
    std::size_t laneless = 0, outside = 0;
    for (const Note &n : read.notes) {
        laneless += m_lanes && !n.laneKey.isEmpty() && !m_lanes->laneByKey(n.laneKey).valid();
        outside += m_lanes && (n.time < m_lanes->first() || m_lanes->last() < n.time);
    }
    if (laneless)
        caveats << tr("%1 pinned to lanes this bundle does not have, shown on the time axis").arg(laneless);
    if (outside)
        caveats << tr("%1 outside this bundle's time range").arg(outside);
    QStringList names;
    for (const QString &input : m_inputs)
        names << QFileInfo(input).fileName();
    bool sameBundle = read.bundle.isEmpty();
    for (const QString &name : read.bundle)
        sameBundle = sameBundle || names.contains(name);
    if (!sameBundle)
        caveats << tr("written for %1").arg(read.bundle.join(QStringLiteral(", ")));
    if (!read.problems.isEmpty())
        caveats << tr("left out %1").arg(read.problems.join(QStringLiteral(", ")));
    return caveats;
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
