#pragma once
// The kubelane main window: the overview strip, the swimlane timeline and its legend in the
// centre; findings, the selected event's log lines, sources and problems, and notes in docks.
// Loading and analysis run in BundleLoader's thread; this window only reacts to its signals.
#include "core/analysis/analyzer.h"
#include "core/load/loader.h"
#include "exportscene.h"
#include "lanemodel.h"
#include "viewrequest.h"

#include <QMainWindow>
#include <QSize>
#include <QStringList>

#include <memory>
#include <set>

class QAction;
class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QListWidget;
class QMenu;
class QProgressBar;
class QPushButton;

namespace kubelane::ui {

class BundleLoader;
class FindingsPanel;
class LegendWidget;
class LogView;
class NotesStore;
struct NotesFile;
class OverviewStrip;
class SourcesPanel;
class DumpPanel;
class TimelineWidget;
class WalkthroughController;

class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    explicit MainWindow(core::LoadOptions options, core::AnalyzeOptions analyzeOptions = {}, QWidget *parent = nullptr);
    ~MainWindow() override;

    void openBundle(const QStringList &inputs);
    // Log text as the user pasted or dropped it, held in memory as one source `name`; its
    // notes are kept for this window only, no session file is written for it.
    void openText(const QString &text, const QString &name);
    // Shows an analysis that is already built (the loader's result, or a test's). Builds the
    // lane model when none is given. `inputs` key the notes' session file.
    void showAnalysis(std::shared_ptr<const core::Analysis> analysis, std::shared_ptr<const LaneModel> lanes = {},
                      const QStringList &problems = {}, const QStringList &inputs = {});
    // Session files go here instead of the application data folder (tests).
    void setSessionDirectory(const QString &dir) { m_sessionDir = dir; }

    std::shared_ptr<const core::Analysis> analysis() const { return m_analysis; }
    std::shared_ptr<const core::Incident> incident() const { return m_analysis ? m_analysis->incident : nullptr; }
    TimelineWidget *timeline() const { return m_timeline; }
    FindingsPanel *findingsPanel() const { return m_findings; }
    LogView *logView() const { return m_log; }
    OverviewStrip *overview() const { return m_overview; }
    LegendWidget *legend() const { return m_legend; }
    WalkthroughController *walkthrough() const { return m_walk; }
    NotesStore *notes() const { return m_notes; }
    SourcesPanel *sourcesPanel() const { return m_sources; }
    DumpPanel *dumpPanel() const { return m_dumps; }

    void selectFinding(int index);
    void nextFinding();
    void previousFinding();
    void setWalkthrough(bool on);
    // The annotated image of the current view, a finding or the whole bundle (see ExportDialog),
    // and saving it as PNG or PDF by the file's suffix.
    std::optional<ExportScene> exportScene(const ExportChoice &choice) const;
    bool exportImage(const QString &path, const ExportChoice &choice, QString *error = nullptr);
    // After the next load: select finding `finding` (-1: none), save the whole window to
    // `path`, quit the application (exit code 0, or 1 when the file could not be written).
    void scheduleScreenshot(const QString &path, int finding, QSize size = QSize(1600, 1000));
    // The window's size, position and panel layout as the user left them (not in tests or
    // screenshots, which want the default layout).
    void restoreLayout();

    // The display zone (seconds east of UTC): axis, status bar, panels, notes and exports.
    void setDisplayZone(int utcOffsetSeconds);
    int displayZone() const;
    QComboBox *zoneCombo() const { return m_zone; }
    QString rangeText() const;
    // The search box: highlight matching events everywhere, step through them.
    void setSearchText(const QString &pattern);
    void nextMatch();
    void previousMatch();
    QString searchStatus() const;
    // Go to a typed time (the Ctrl+G dialog without the dialog); false and `error` on bad text.
    bool goToTime(const QString &text, QString *error = nullptr);
    QString statusText() const;
    // Opens the next loaded bundle on this view instead of the most severe finding.
    void setInitialView(const ViewRequest &view) { m_initialView = view; }
    // File › Export notes / Import notes, without the dialogs: the status line they leave.
    bool exportNotes(const QString &path, QString *message);
    bool importNotes(const QString &path, QString *message);
    // The command line that reopens this window's view (File › Copy view as command).
    QString viewCommand() const;
    // Every action with its keys, the menus' as well as the window's: what `?` lists.
    QList<QAction *> shortcutActions() const { return findChildren<QAction *>(); }

signals:
    void bundleLoaded();
    void loadFailed(const QString &message);

protected:
    void dragEnterEvent(QDragEnterEvent *event) override;
    void dropEvent(QDropEvent *event) override;
    void changeEvent(QEvent *event) override;
    void closeEvent(QCloseEvent *event) override;
    bool eventFilter(QObject *watched, QEvent *event) override;
    void showEvent(QShowEvent *event) override;

private:
    void buildActions();
    void buildDocks();
    void applyDefaultDockSizes();
    void showFailure(const QString &message);
    void chooseFolder();
    void chooseFiles();
    void chooseExport();
    void addRecent(const QStringList &inputs);
    void fillRecentMenu();
    void fillZones();
    void chooseOtherZone();
    void updateRangeLabel();
    void applyFilter();
    void runSearch();
    void showMatch(core::EventIndex event);
    void askGoToTime();
    void copyVisibleRange();
    void stepNote(int direction);
    void flushPendingSearch();
    void markPatternError(QLineEdit *box, const QString &error, const QString &help);
    void updateWalkBanner();
    void chooseNotesExport();
    void chooseNotesImport();
    QStringList importCaveats(const NotesFile &read) const;
    void showShortcuts();
    bool applyView(const ViewRequest &view);
    void updateTitle();

    void applyWalkStep(int index);
    void selectEvent(core::EventIndex event);
    void addNote(core::Timestamp time, const QString &laneKey);
    void editNote(int index);
    void refreshNotes();
    void applyPalette();
    void setLoading(bool loading);

    core::LoadOptions m_options;
    core::AnalyzeOptions m_analyzeOptions;
    BundleLoader *m_loader = nullptr;
    std::shared_ptr<const core::Analysis> m_analysis;
    std::shared_ptr<const LaneModel> m_lanes;
    QStringList m_inputs;
    QString m_sessionDir;

    TimelineWidget *m_timeline = nullptr;
    OverviewStrip *m_overview = nullptr;
    LegendWidget *m_legend = nullptr;
    FindingsPanel *m_findings = nullptr;
    LogView *m_log = nullptr;
    SourcesPanel *m_sources = nullptr;
    DumpPanel *m_dumps = nullptr; // goroutine dumps (issue 16)
    QListWidget *m_notesList = nullptr;
    NotesStore *m_notes = nullptr;
    WalkthroughController *m_walk = nullptr;

    QLineEdit *m_filter = nullptr;
    QLineEdit *m_search = nullptr;
    QLabel *m_searchCount = nullptr;
    QTimer *m_searchTimer = nullptr;
    QAction *m_orderingsAction = nullptr;
    QAction *m_legendAction = nullptr;
    bool m_filterErrorShown = false;
    bool m_layoutRestored = false;
    QString m_summary; // the status bar's text after a load
    ViewRequest m_initialView;
    QString m_searchHelp, m_filterHelp; // the pattern boxes' tooltips when their pattern is fine
    std::set<int> m_typedZones;
    bool m_shownOnce = false;
    static constexpr int kLayoutVersion = 2; // saveState() of the left-findings layout
    QCheckBox *m_findingLanesOnly = nullptr;
    QComboBox *m_zone = nullptr;
    QAction *m_walkAction = nullptr;
    QMenu *m_recentMenu = nullptr;
    QProgressBar *m_progress = nullptr;
    QPushButton *m_cancel = nullptr;
    QLabel *m_status = nullptr;
    QLabel *m_rangeLabel = nullptr;
    QTimer *m_filterTimer = nullptr;
};

} // namespace kubelane::ui
