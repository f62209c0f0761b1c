// Notes files (sessions and shared notes), which live outside the bundle but may be edited or
// damaged by hand. The parser is Qt's JSON reader plus ours: this target links QtCore.
#include "fuzzsupport.h"
#include "ui/notesexchange.h"

using namespace kubelane;

KUBELANE_FUZZ_TARGET(fuzz_session_file)
{
    ui::NotesFile file;
    QString error;
    const bool ok = ui::notesexchange::read(QByteArray(reinterpret_cast<const char *>(data), qsizetype(size)), file, &error);
    if (!ok && error.isEmpty())
        __builtin_trap(); // a refusal says why
    const std::vector<ui::Note> &notes = file.notes;
    for (std::size_t i = 1; i < notes.size(); ++i)
        if (notes[i].time < notes[i - 1].time)
            __builtin_trap();
    return 0;
}
