#pragma once
// Log text as the parsers read it: UTF-8. Windows tools write UTF-16 with a byte-order mark
// (PowerShell's `>` and Out-File), and some editors prepend a UTF-8 one; both would otherwise
// look like binary data or hide the first line's header.
#include "bytes.h"

#include <memory>
#include <string>
#include <string_view>

namespace kubelane::core {

struct TextEncoding {
    BytesPtr utf8;             // the same pointer when nothing had to change
    std::string convertedFrom; // "UTF-16LE", "UTF-16BE", "UTF-8 with BOM", or ""
};

// Converts by the byte-order mark only: without one, bytes are taken as UTF-8 (invalid
// sequences are then counted per line by the parser). Unpaired surrogates and a dangling odd
// byte become U+FFFD, so no input is lost silently.
TextEncoding toUtf8(BytesPtr bytes);

// A line as it can be shown: valid UTF-8 as it is, each byte of an invalid sequence and each
// control byte but tab and newline as "\xNN", so a NUL or a stray Latin-1 byte is visible, not dropped or
// turned into U+FFFD (which would hide what was there).
std::string escapeForDisplay(std::string_view text);

// What one line's bytes are: control characters (but tab, CR and ESC) mean binary data (NULs
// after an unclean shutdown); high bytes are validated as UTF-8.
enum class LineCheck { Text, Binary, InvalidUtf8 };
LineCheck checkLine(std::string_view line);

} // namespace kubelane::core
