#pragma once
// Log text as the parsers read it: UTF-8. Windows tools write UTF-16 with a byte-order mark
// (PowerShell's `>` and Out-File), and some editors prepend a UTF-8 one; both would otherwise
// look like binary data or hide the first line's header.
#include "bytes.h"

#include <memory>
#include <string>

namespace kubelane::core {

struct TextEncoding {
    BytesPtr utf8;              // the same pointer when nothing had to change
    std::string convertedFrom;               // "UTF-16LE", "UTF-16BE", "UTF-8 with BOM", or ""
};

// Converts by the byte-order mark only: without one, bytes are taken as UTF-8 (invalid
// sequences are then counted per line by the parser). Unpaired surrogates and a dangling odd
// byte become U+FFFD, so no input is lost silently.
TextEncoding toUtf8(BytesPtr bytes);

} // namespace kubelane::core
