#include "shellquote.h"

#include <algorithm>
#include <cctype>

namespace kubelane::core {

std::string shellQuote(std::string_view word)
{
    const bool safe = !word.empty() && std::all_of(word.begin(), word.end(), [](unsigned char c) {
        return std::isalnum(c) || std::string_view("_./:=+,-@%").find(static_cast<char>(c)) != std::string_view::npos;
    });
    if (safe)
        return std::string(word);
    std::string out = "'";
    for (char c : word)
        out += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return out + "'";
}

} // namespace kubelane::core
