#pragma once
// Small helpers shared by the core tests: temporary bundles and loading with the real resources.
#include "core/load/loader.h"

#include <QTemporaryDir>
#include <QtTest>

#include <fstream>
#include <string>

namespace kubelane::test {

inline std::string writeFile(const QTemporaryDir &dir, const std::string &relative, const std::string &content)
{
    const std::string path = dir.path().toStdString() + "/" + relative;
    QDir().mkpath(QFileInfo(QString::fromStdString(path)).absolutePath());
    std::ofstream out(path, std::ios::binary);
    out << content;
    return path;
}

inline core::LoadOptions options()
{
    core::LoadOptions o;
    o.resourceDir = KUBELANE_RESOURCES;
    return o;
}

inline std::shared_ptr<const core::Incident> load(const std::vector<std::string> &inputs, core::LoadOptions o = options())
{
    return core::loadBundle(inputs, o);
}

inline const core::Source *sourceEndingWith(const core::Incident &inc, const std::string &suffix)
{
    for (const auto &s : inc.sources)
        if (s.path.ends_with(suffix))
            return &s;
    return nullptr;
}

// Events of one source, in time order.
inline std::vector<const core::Event *> eventsOf(const core::Incident &inc, const core::Source &s)
{
    std::vector<const core::Event *> out;
    for (const auto &e : inc.events)
        if (e.source == s.id)
            out.push_back(&e);
    return out;
}

} // namespace kubelane::test
