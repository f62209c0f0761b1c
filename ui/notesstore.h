#pragma once
// Notes pinned to times (and lanes), saved in a session file outside the bundle: the bundle
// is evidence and is never written to. The file lives under the application data folder,
// named by a hash of the bundle's absolute input paths, so reopening the same bundle brings
// its notes back.
#include "note.h"

#include <QObject>
#include <QStringList>

#include <vector>

namespace kubelane::ui {

class NotesStore : public QObject {
    Q_OBJECT
public:
    explicit NotesStore(QObject *parent = nullptr);

    // <AppDataLocation>/sessions/<sha1 of the sorted absolute input paths>.json
    static QString sessionPathFor(const QStringList &inputs, const QString &baseDir = {});

    // Switches to the session file of these inputs and loads its notes (none if it does not
    // exist yet). Returns false with `error` when the file exists but cannot be read.
    bool open(const QStringList &inputs, QString *error = nullptr, const QString &baseDir = {});
    bool openFile(const QString &path, QString *error = nullptr);
    QString path() const { return m_path; }
    QStringList inputs() const { return m_inputs; }

    const std::vector<Note> &notes() const { return m_notes; }
    void add(const Note &note);
    // Adds the notes not already here (same time, lane and text), saves once; returns how many.
    int merge(const std::vector<Note> &notes);
    void update(int index, const QString &text);
    void remove(int index);

    // Written after every change; false with `error` when the folder or file cannot be written.
    bool save(QString *error = nullptr) const;

signals:
    void changed();
    void saveFailed(const QString &message);

private:
    void saveOrReport();
    QString m_path;
    QStringList m_inputs;
    std::vector<Note> m_notes;
};

} // namespace kubelane::ui
