#pragma once
// What a finding is about: a node or a pod. One formatter and one parser for the text form,
// "node/NAME" or "pod/NAMESPACE/NAME", which `analyze --json` prints and the timeline's group
// lanes are keyed by.
#include <compare>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace kubelane::core {

struct Subject {
    enum class Kind : std::uint8_t { None, Node, Pod };
    Kind kind = Kind::None;
    std::string node; // Node: its name
    std::string pod;  // Pod: "NAMESPACE/NAME"

    static Subject ofNode(std::string name) { return {Kind::Node, std::move(name), {}}; }
    static Subject ofPod(std::string namespacedName) { return {Kind::Pod, {}, std::move(namespacedName)}; }

    std::string text() const
    {
        switch (kind) {
        case Kind::Node: return "node/" + node;
        case Kind::Pod: return "pod/" + pod;
        case Kind::None: break;
        }
        return {};
    }
    // The inverse of text(); nullopt for anything else.
    static std::optional<Subject> parse(std::string_view text)
    {
        if (text.starts_with("node/") && text.size() > 5)
            return ofNode(std::string(text.substr(5)));
        if (text.starts_with("pod/") && text.find('/', 4) != std::string_view::npos)
            return ofPod(std::string(text.substr(4)));
        return std::nullopt;
    }
    auto operator<=>(const Subject &) const = default;
};

} // namespace kubelane::core
