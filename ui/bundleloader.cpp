#include "bundleloader.h"

#include <QMetaObject>
#include <QPointer>

#include <thread>

namespace kubelane::ui {

struct BundleLoader::Job {
    std::atomic<bool> cancel{false};
    std::thread thread;
};

BundleLoader::BundleLoader(QObject *parent) : QObject(parent)
{
    qRegisterMetaType<std::shared_ptr<const kubelane::core::Incident>>("std::shared_ptr<const kubelane::core::Incident>");
}

BundleLoader::~BundleLoader()
{
    cancel();
    wait();
}

bool BundleLoader::isRunning() const { return m_job && m_job->thread.joinable(); }

void BundleLoader::cancel()
{
    if (m_job)
        m_job->cancel = true;
}

void BundleLoader::wait()
{
    if (m_job && m_job->thread.joinable())
        m_job->thread.join();
}

void BundleLoader::start(const QStringList &inputs, const core::LoadOptions &baseOptions)
{
    cancel();
    wait();
    auto job = std::make_shared<Job>();
    m_job = job;
    std::vector<std::string> paths;
    for (const auto &i : inputs)
        paths.push_back(i.toStdString());
    core::LoadOptions options = baseOptions;
    options.cancel = &job->cancel;
    QPointer<BundleLoader> self(this);
    // Progress arrives from worker threads; forward it queued, and at most every few ms.
    options.progress = [self, job, last = std::make_shared<std::atomic<qint64>>(0)](const core::LoadProgress &p) {
        const qint64 now = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now().time_since_epoch()).count();
        if (p.stage != core::LoadProgress::Stage::Done && now - last->load() < 50)
            return;
        last->store(now);
        QMetaObject::invokeMethod(self.data(), [self, p] {
            if (self)
                emit self->progress(int(p.filesDone), int(p.filesTotal), qint64(p.bytesDone), qint64(p.bytesTotal),
                                    qint64(p.events), QString::fromStdString(p.currentFile));
        }, Qt::QueuedConnection);
    };
    job->thread = std::thread([self, job, paths, options] {
        try {
            auto incident = core::loadBundle(paths, options);
            QMetaObject::invokeMethod(self.data(), [self, job, incident] {
                if (self && !job->cancel)
                    emit self->loaded(incident);
            }, Qt::QueuedConnection);
        } catch (const std::exception &e) {
            const QString message = QString::fromStdString(e.what());
            QMetaObject::invokeMethod(self.data(), [self, job, message] {
                if (self && !job->cancel)
                    emit self->failed(message);
            }, Qt::QueuedConnection);
        }
    });
}

} // namespace kubelane::ui
