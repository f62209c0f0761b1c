#pragma once
// Loads and analyses a bundle off the GUI thread: loadBundle -> analyzeIncident -> LaneModel.
// The window connects to the signals only; the result is one immutable Analysis (and the
// lane model computed from it) shared with everything that draws it.
#include "core/analysis/analyzer.h"
#include "core/load/loader.h"
#include "lanemodel.h"

#include <QObject>
#include <QStringList>

#include <atomic>
#include <functional>
#include <memory>

namespace kubelane::ui {

class BundleLoader : public QObject {
    Q_OBJECT
public:
    explicit BundleLoader(QObject *parent = nullptr);
    ~BundleLoader() override;

    // Starts loading in a worker thread; a load already running is cancelled first.
    void start(const QStringList &inputs, const core::LoadOptions &options, const core::AnalyzeOptions &analyzeOptions);
    // The same for files held in memory (text dropped on the window): nothing is written.
    void start(std::vector<core::InputFile> files, const core::LoadOptions &options, const core::AnalyzeOptions &analyzeOptions);
    void cancel();
    bool isRunning() const;

signals:
    void progress(int filesDone, int filesTotal, qint64 bytesDone, qint64 bytesTotal, qint64 events, const QString &file);
    void stageChanged(const QString &stage);
    // `problems`: what went wrong in the analysis (a broken rule file); the events still load.
    void loaded(std::shared_ptr<const kubelane::core::Analysis> analysis, std::shared_ptr<const kubelane::ui::LaneModel> lanes,
                const QStringList &problems);
    void failed(const QString &message);
    void cancelled();

private:
    using LoadFn = std::function<std::shared_ptr<const core::Incident>(const core::LoadOptions &)>;
    void run(LoadFn load, const core::LoadOptions &options, const core::AnalyzeOptions &analyzeOptions);
    void wait();
    struct Job;
    std::shared_ptr<Job> m_job;
};

} // namespace kubelane::ui
