#include "printedtaints.h"

#include <array>
#include <cctype>

namespace kubelane::core {

namespace {

bool isEffect(std::string_view word)
{
    static constexpr std::array kEffects{std::string_view("NoExecute"), std::string_view("NoSchedule"),
                                         std::string_view("PreferNoSchedule")};
    for (std::string_view e : kEffects)
        if (word == e)
            return true;
    return false;
}

bool sameLetters(std::string_view a, std::string_view b)
{
    if (a.size() != b.size())
        return false;
    for (std::size_t i = 0; i < a.size(); ++i)
        if (std::tolower(static_cast<unsigned char>(a[i])) != std::tolower(static_cast<unsigned char>(b[i])))
            return false;
    return true;
}

// The value of member `name` in one printed struct body (between its braces): "Name:value"
// ended by ',' ' ' or the end (Go), or "\"name\":\"value\"" (JSON). Case-insensitive on the
// name, since Go prints field names and JSON their lower-case tags.
std::string_view memberOf(std::string_view body, std::string_view name)
{
    std::size_t i = 0;
    while (i < body.size()) {
        while (i < body.size() && (body[i] == ',' || body[i] == ' ' || body[i] == '&'))
            ++i;
        const bool quoted = i < body.size() && body[i] == '"';
        const std::size_t nameStart = i + (quoted ? 1 : 0);
        std::size_t nameEnd = nameStart;
        while (nameEnd < body.size() && body[nameEnd] != ':' && body[nameEnd] != '"' && body[nameEnd] != ',' && body[nameEnd] != ' ')
            ++nameEnd;
        std::size_t colon = nameEnd + (quoted && nameEnd < body.size() && body[nameEnd] == '"' ? 1 : 0);
        if (colon >= body.size() || body[colon] != ':') {
            i = nameEnd + 1;
            continue;
        }
        std::size_t valueStart = colon + 1, valueEnd;
        if (valueStart < body.size() && body[valueStart] == '"') {
            ++valueStart;
            valueEnd = valueStart;
            while (valueEnd < body.size() && body[valueEnd] != '"')
                valueEnd += body[valueEnd] == '\\' ? 2 : 1;
            valueEnd = std::min(valueEnd, body.size());
            i = valueEnd + 1;
        } else {
            valueEnd = valueStart;
            while (valueEnd < body.size() && body[valueEnd] != ',' && body[valueEnd] != ' ')
                ++valueEnd;
            i = valueEnd;
        }
        if (sameLetters(body.substr(nameStart, nameEnd - nameStart), name))
            return body.substr(valueStart, valueEnd - valueStart);
    }
    return {};
}

// Calls fn(body) for each brace-delimited struct at the outermost level, skipping JSON strings.
template <typename Fn> void forEachStruct(std::string_view text, Fn &&fn)
{
    int depth = 0;
    std::size_t start = 0;
    bool inString = false;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (inString) {
            if (c == '\\')
                ++i;
            else if (c == '"')
                inString = false;
        } else if (c == '"') {
            inString = true;
        } else if (c == '{') {
            if (depth++ == 0)
                start = i + 1;
        } else if (c == '}' && depth > 0 && --depth == 0) {
            fn(text.substr(start, i - start));
        }
    }
    if (depth > 0) // a line cut short still names what it printed before the cut
        fn(text.substr(start));
}

// "key=value:Effect" or "key:Effect" (Taint.ToString, kubectl), words split at ',', ' ' and brackets.
void parseSpelledTaints(std::string_view text, std::vector<PrintedTaint> &out)
{
    std::size_t i = 0;
    auto isSeparator = [](char c) { return c == ',' || c == ' ' || c == '[' || c == ']' || c == '"' || c == '\''; };
    while (i < text.size()) {
        while (i < text.size() && isSeparator(text[i]))
            ++i;
        std::size_t end = i;
        while (end < text.size() && !isSeparator(text[end]))
            ++end;
        const std::string_view word = text.substr(i, end - i);
        i = end;
        const std::size_t colon = word.rfind(':');
        if (colon == std::string_view::npos || colon == 0 || !isEffect(word.substr(colon + 1)))
            continue;
        const std::string_view keyValue = word.substr(0, colon);
        const std::size_t equals = keyValue.find('=');
        PrintedTaint t;
        t.key = std::string(keyValue.substr(0, equals));
        if (equals != std::string_view::npos)
            t.value = std::string(keyValue.substr(equals + 1));
        t.effect = std::string(word.substr(colon + 1));
        if (!t.key.empty())
            out.push_back(std::move(t));
    }
}

} // namespace

std::vector<PrintedTaint> parsePrintedTaints(std::string_view text)
{
    std::vector<PrintedTaint> out;
    forEachStruct(text, [&](std::string_view body) {
        PrintedTaint t{std::string(memberOf(body, "key")), std::string(memberOf(body, "value")), std::string(memberOf(body, "effect"))};
        if (!t.key.empty())
            out.push_back(std::move(t));
    });
    if (text.find('{') == std::string_view::npos)
        parseSpelledTaints(text, out);
    return out;
}

} // namespace kubelane::core
