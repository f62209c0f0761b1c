#pragma once
// The notes file format, version 1: what a session file holds and what File › Export notes
// writes for a teammate (docs/notes-format.md is its reference). One reader serves both, so a
// session file can be imported too.
#include "note.h"

#include <QByteArray>
#include <QStringList>

#include <vector>

namespace kubelane::ui {

struct NotesFile {
    std::vector<Note> notes; // in time order
    QStringList bundle;      // the input file names it was written for (informative)
    QStringList problems;    // notes left out, each with its index and why
};

namespace notesexchange {

inline constexpr int kVersion = 1;

// `inputs` are the bundle's input paths: only their file names are written, so a shared file
// carries no local folder names. `localPaths` also writes the full paths (session files only).
QByteArray write(const std::vector<Note> &notes, const QStringList &inputs, bool localPaths = false);

// False with `error` when the text is not a notes file this version reads; otherwise every
// note is either in `out.notes` or named in `out.problems`.
bool read(const QByteArray &json, NotesFile &out, QString *error = nullptr);

} // namespace notesexchange
} // namespace kubelane::ui
