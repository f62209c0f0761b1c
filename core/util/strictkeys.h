#pragma once
// Data files (events.json, rule files) are read strictly: a key the reader does not know is a
// typo ("maxSpan") or a feature it does not have, and ignoring it would silently change what
// the file means.
#include <nlohmann/json.hpp>

#include <algorithm>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>

namespace kubelane::core {

// What is wrong with `object` when it holds a key outside `known` ("unknown key "x" in WHERE
// (known: a, b)"), or nothing.
inline std::optional<std::string> unknownKeyIn(const nlohmann::json &object, std::initializer_list<std::string_view> known,
                                               const std::string &where)
{
    if (!object.is_object())
        return std::nullopt;
    for (auto it = object.begin(); it != object.end(); ++it) {
        if (std::find(known.begin(), known.end(), it.key()) != known.end())
            continue;
        std::string list;
        for (std::string_view k : known)
            list += (list.empty() ? "" : ", ") + std::string(k);
        return "unknown key \"" + it.key() + "\" in " + where + " (known: " + list + ")";
    }
    return std::nullopt;
}

} // namespace kubelane::core
