#pragma once
// Loads a bundle off the GUI thread. The window connects to the signals only; the result is
// one immutable Incident shared with everything that draws it.
#include "core/load/loader.h"

#include <QObject>
#include <QStringList>

#include <atomic>
#include <memory>

namespace kubelane::ui {

class BundleLoader : public QObject {
    Q_OBJECT
public:
    explicit BundleLoader(QObject *parent = nullptr);
    ~BundleLoader() override;

    // Starts loading in a worker thread; a load already running is cancelled first.
    void start(const QStringList &inputs, const core::LoadOptions &options);
    void cancel();
    bool isRunning() const;

signals:
    void progress(int filesDone, int filesTotal, qint64 bytesDone, qint64 bytesTotal, qint64 events, const QString &file);
    void loaded(std::shared_ptr<const kubelane::core::Incident> incident);
    void failed(const QString &message);

private:
    void wait();
    struct Job;
    std::shared_ptr<Job> m_job;
};

} // namespace kubelane::ui
