#pragma once
// Commands kubelane prints for the user to paste (the markdown summary's reopen lines, the
// window's "copy view command") quote their words the same way.
#include <string>
#include <string_view>

namespace kubelane::core {

// A word for a POSIX shell: as is when that is safe, else in single quotes.
std::string shellQuote(std::string_view word);

} // namespace kubelane::core
