#include "notesstore.h"

#include "notesexchange.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSaveFile>
#include <QStandardPaths>

#include <algorithm>

namespace kubelane::ui {

NotesStore::NotesStore(QObject *parent) : QObject(parent) { }

QString NotesStore::sessionPathFor(const QStringList &inputs, const QString &baseDir)
{
    QStringList paths;
    for (const QString &i : inputs) {
        const QFileInfo fi(i);
        paths << (fi.exists() ? fi.canonicalFilePath() : fi.absoluteFilePath());
    }
    paths.sort();
    const QByteArray hash = QCryptographicHash::hash(paths.join('\n').toUtf8(), QCryptographicHash::Sha1).toHex();
    const QString base = baseDir.isEmpty() ? QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) : baseDir;
    return QDir(base).filePath(QStringLiteral("sessions/%1.json").arg(QString::fromLatin1(hash)));
}

bool NotesStore::open(const QStringList &inputs, QString *error, const QString &baseDir)
{
    m_inputs = inputs;
    return openFile(sessionPathFor(inputs, baseDir), error);
}

bool NotesStore::openFile(const QString &path, QString *error)
{
    m_path = path;
    m_notes.clear();
    QFile file(path);
    if (!file.exists()) {
        emit changed();
        return true;
    }
    if (!file.open(QIODevice::ReadOnly)) {
        if (error)
            *error = tr("cannot read %1: %2").arg(path, file.errorString());
        emit changed();
        return false;
    }
    QString parseError;
    NotesFile session;
    if (!notesexchange::read(file.readAll(), session, &parseError)) {
        if (error)
            *error = tr("%1 is not a session file: %2").arg(path, parseError);
        emit changed();
        return false;
    }
    m_notes = std::move(session.notes);
    emit changed();
    return true;
}

bool NotesStore::save(QString *error) const
{
    if (m_path.isEmpty())
        return true;
    if (!QDir().mkpath(QFileInfo(m_path).absolutePath())) {
        if (error)
            *error = tr("cannot create %1").arg(QFileInfo(m_path).absolutePath());
        return false;
    }
    QSaveFile file(m_path); // all or nothing: a crash mid-write keeps the old notes
    if (!file.open(QIODevice::WriteOnly) || file.write(notesexchange::write(m_notes, m_inputs, true)) < 0 || !file.commit()) {
        if (error)
            *error = tr("cannot write %1: %2").arg(m_path, file.errorString());
        return false;
    }
    return true;
}

void NotesStore::saveOrReport()
{
    QString error;
    if (!save(&error))
        emit saveFailed(error);
    emit changed();
}

int NotesStore::merge(const std::vector<Note> &notes)
{
    int added = 0;
    for (const Note &note : notes) {
        if (std::find(m_notes.begin(), m_notes.end(), note) != m_notes.end())
            continue;
        auto at = std::upper_bound(m_notes.begin(), m_notes.end(), note, [](const Note &a, const Note &b) { return a.time < b.time; });
        m_notes.insert(at, note);
        ++added;
    }
    if (added > 0)
        saveOrReport();
    return added;
}

void NotesStore::add(const Note &note)
{
    auto at = std::upper_bound(m_notes.begin(), m_notes.end(), note, [](const Note &a, const Note &b) { return a.time < b.time; });
    m_notes.insert(at, note);
    saveOrReport();
}

void NotesStore::update(int index, const QString &text)
{
    if (index < 0 || index >= static_cast<int>(m_notes.size()))
        return;
    m_notes[static_cast<std::size_t>(index)].text = text;
    saveOrReport();
}

void NotesStore::remove(int index)
{
    if (index < 0 || index >= static_cast<int>(m_notes.size()))
        return;
    m_notes.erase(m_notes.begin() + index);
    saveOrReport();
}

} // namespace kubelane::ui
