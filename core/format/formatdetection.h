#pragma once
// Which registered format a file is, from its first lines (logformat.h says how).
#include "logformat.h"

#include <string>
#include <string_view>

namespace kubelane::core {

struct DetectedFormat {
    const LogFormat *format = nullptr; // never null: Unknown's when nothing is read
    std::string detail;                // Source::formatDetail
    std::uint8_t variant = 0;          // Detection::variant, for the format's unwrapLine
    bool pasted = false;               // the lines show a paste or a terminal capture
};
DetectedFormat detectLogFormat(std::string_view bytes);

// The most specific registered format that reads this one line, or nullptr: a line of a known
// log shape, whatever its envelope (a shape's splitter asks it of what follows a prefix).
const LogFormat *lineFormatOf(std::string_view line);
// A klog, journal or CRI line: the kinds SourceParser reads under a paste's indentation or
// quote markers itself (emitLogLine), with what the indentation tells.
bool readUnderPasteIndent(std::string_view text);
// The format that reads this line among another format's lines (LogFormat::readsAmongOtherLines),
// with the line's envelope taken off into `out`; null when none does.
const LogFormat *unwrapAmongOtherLines(std::string_view line, LineEnvelope &out);

// The same as its format's id. `pasted`: the lines show a paste or a terminal capture (log
// lines indented or quoted, a fence, a shell prompt).
SourceFormat detectFormat(std::string_view bytes, std::string *detail = nullptr, bool *pasted = nullptr);

} // namespace kubelane::core
