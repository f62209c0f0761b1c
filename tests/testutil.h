#pragma once
// Small helpers shared by the core tests: temporary bundles and loading with the real resources.
#include "core/load/eventfields.h"
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

// A field's value as the event details show it: kept by the load, or decoded from the line
// again (the load keeps only what is read after it).
inline std::string shownField(const core::Incident &inc, const core::Event &e, std::string_view key)
{
    for (const auto &[k, v] : core::eventFields(inc, e))
        if (k == key)
            return v;
    return {};
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

// A bundle written from memory: each file at its path below a temporary folder.
struct File {
    std::string path, content;
};

inline std::shared_ptr<const core::Incident> loadFiles(const std::vector<File> &files, core::LoadOptions o = options())
{
    QTemporaryDir dir;
    std::vector<std::string> paths;
    for (const auto &f : files)
        paths.push_back(writeFile(dir, f.path, f.content));
    return load(paths, std::move(o));
}

inline const core::Source *sourceEndingWith(const core::Incident &inc, const std::string &suffix)
{
    for (const auto &s : inc.sources)
        if (s.path.ends_with(suffix))
            return &s;
    return nullptr;
}

// Writes one file into a fresh temporary folder and loads it (the file is mapped, and a
// mapping keeps a removed file's bytes, so the folder may go).
inline std::shared_ptr<const core::Incident> loadText(const std::string &relative, const std::string &content,
                                                      core::LoadOptions o = options())
{
    QTemporaryDir dir;
    return load({writeFile(dir, relative, content)}, std::move(o));
}

// RFC 3339 UTC text of a time, for QCOMPARE.
inline QString utc(core::Timestamp t, int fractionDigits = 6)
{
    return QString::fromStdString(core::formatRfc3339(t, fractionDigits));
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
