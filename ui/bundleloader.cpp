#include "bundleloader.h"

#include "loadsettings.h"

#include "core/util/stagereport.h"

#include <QMetaObject>
#include <QPointer>

#include <chrono>
#include <future>
#include <thread>

namespace kubelane::ui {

struct BundleLoader::Job {
    std::atomic<bool> cancel{false};
    std::thread thread;
};

BundleLoader::BundleLoader(QObject *parent) : QObject(parent)
{
    qRegisterMetaType<std::shared_ptr<const kubelane::core::Analysis>>("std::shared_ptr<const kubelane::core::Analysis>");
    qRegisterMetaType<std::shared_ptr<const kubelane::ui::LaneModel>>("std::shared_ptr<const kubelane::ui::LaneModel>");
}

BundleLoader::~BundleLoader()
{
    // Stop quietly: a signal from here would reach a window that is already half destroyed.
    if (m_job)
        m_job->cancel.store(true);
    wait();
}

bool BundleLoader::isRunning() const
{
    return m_job && m_job->thread.joinable();
}

void BundleLoader::cancel()
{
    if (m_job && !m_job->cancel.exchange(true))
        emit cancelled();
}

void BundleLoader::wait()
{
    if (m_job && m_job->thread.joinable())
        m_job->thread.join();
}

void BundleLoader::start(const QStringList &inputs, const core::LoadOptions &options, const core::AnalyzeOptions &analyzeOptions)
{
    std::vector<std::string> paths;
    for (const auto &i : inputs)
        paths.push_back(i.toStdString());
    run([paths](const core::LoadOptions &o) { return core::loadBundle(paths, o); }, options, analyzeOptions);
}

void BundleLoader::start(std::vector<core::InputFile> files, const core::LoadOptions &options, const core::AnalyzeOptions &analyzeOptions)
{
    auto held = std::make_shared<std::vector<core::InputFile>>(std::move(files));
    run([held](const core::LoadOptions &o) { return core::loadBundle(*held, o); }, options, analyzeOptions);
}

void BundleLoader::run(LoadFn load, const core::LoadOptions &baseOptions, const core::AnalyzeOptions &analyzeOptions)
{
    if (m_job)
        m_job->cancel = true; // quietly: a new load replaces it
    wait();
    auto job = std::make_shared<Job>();
    m_job = job;
    core::LoadOptions options = baseOptions;
    options.cancel = &job->cancel;
    options.maxMemoryBytes = maxMemoryFor(options); // --max-memory wins over the window's setting
    QPointer<BundleLoader> self(this);
    // Everything below reaches the GUI through queued calls; `self` guards against the
    // loader being gone, `job->cancel` against a result nobody waits for any more.
    auto post = [self, job](auto &&fn) {
        QMetaObject::invokeMethod(
            self.data(),
            [self, job, fn] {
                if (self && !job->cancel)
                    fn(self.data());
            },
            Qt::QueuedConnection);
    };
    // Progress arrives from worker threads; forward it at most every 50 ms.
    options.progress = [post, last = std::make_shared<std::atomic<qint64>>(0)](const core::LoadProgress &p) {
        const qint64 now =
            std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now().time_since_epoch()).count();
        if (p.stage != core::LoadProgress::Stage::Done && now - last->load() < 50)
            return;
        last->store(now);
        post([p](BundleLoader *l) {
            emit l->progress(int(p.filesDone), int(p.filesTotal), qint64(p.bytesDone), qint64(p.bytesTotal), qint64(p.events),
                             QString::fromStdString(p.currentFile));
        });
    };
    job->thread = std::thread([post, job, load = std::move(load), options, analyzeOptions] {
        try {
            auto incident = load(options);
            if (job->cancel)
                return;
            post([](BundleLoader *l) { emit l->stageChanged(tr("Analysing…")); });
            // The events' lanes need the incident only: they are placed on the other core while
            // the facts and rules run.
            auto placing = std::async(std::launch::async, [incident] { return std::make_shared<LaneModel>(incident); });
            QStringList problems;
            std::shared_ptr<const core::Analysis> analysis;
            try {
                analysis = core::analyzeIncident(incident, analyzeOptions);
            } catch (const std::exception &e) {
                // The events are still worth seeing without the rules.
                problems << tr("Analysis failed: %1").arg(QString::fromStdString(e.what()));
                auto bare = std::make_shared<core::Analysis>();
                bare->incident = incident;
                analysis = bare;
            }
            if (job->cancel)
                return;
            post([](BundleLoader *l) { emit l->stageChanged(tr("Building lanes…")); });
            std::shared_ptr<LaneModel> lanes = placing.get();
            lanes->addAnalysis(analysis);
            core::stageDone("lanes");
            post([analysis, lanes = std::shared_ptr<const LaneModel>(std::move(lanes)), problems](BundleLoader *l) {
                emit l->loaded(analysis, lanes, problems);
            });
        } catch (const std::exception &e) {
            const QString message = QString::fromStdString(e.what());
            post([message](BundleLoader *l) { emit l->failed(message); });
        }
    });
}

} // namespace kubelane::ui
