#include "notesstore.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSaveFile>
#include <QStandardPaths>

#include <algorithm>

namespace kubelane::ui {

NotesStore::NotesStore(QObject *parent) : QObject(parent) {}

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
    if (!parseSession(file.readAll(), m_notes, &parseError)) {
        if (error)
            *error = tr("%1 is not a session file: %2").arg(path, parseError);
        emit changed();
        return false;
    }
    emit changed();
    return true;
}

bool NotesStore::parseSession(const QByteArray &json, std::vector<Note> &notes, QString *error)
{
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(json, &parseError);
    if (doc.isNull()) {
        if (error)
            *error = parseError.errorString();
        return false;
    }
    for (const QJsonValue &v : doc.object().value(QStringLiteral("notes")).toArray()) {
        const QJsonObject o = v.toObject();
        Note n;
        // Nanoseconds as a string: a JSON number is a double and would lose them.
        n.time = core::Timestamp{o.value(QStringLiteral("ns")).toString().toLongLong()};
        n.laneKey = o.value(QStringLiteral("lane")).toString();
        n.text = o.value(QStringLiteral("text")).toString();
        if (n.time.isValid())
            notes.push_back(n);
    }
    std::stable_sort(notes.begin(), notes.end(), [](const Note &a, const Note &b) { return a.time < b.time; });
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
    QJsonArray notes;
    for (const Note &n : m_notes) {
        QJsonObject o;
        o.insert(QStringLiteral("ns"), QString::number(n.time.ns));
        o.insert(QStringLiteral("time"), QString::fromStdString(core::formatRfc3339(n.time, 9)));
        o.insert(QStringLiteral("lane"), n.laneKey);
        o.insert(QStringLiteral("text"), n.text);
        notes.append(o);
    }
    QJsonObject root;
    root.insert(QStringLiteral("version"), 1);
    root.insert(QStringLiteral("inputs"), QJsonArray::fromStringList(m_inputs));
    root.insert(QStringLiteral("notes"), notes);
    QSaveFile file(m_path); // all or nothing: a crash mid-write keeps the old notes
    if (!file.open(QIODevice::WriteOnly) || file.write(QJsonDocument(root).toJson()) < 0 || !file.commit()) {
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
