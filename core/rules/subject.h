#pragma once
// What a finding is about: a node, a pod, or a control-plane component on its machine. One
// formatter and one parser for the text form, "node/NAME", "pod/NAMESPACE/NAME" (with "@NODE"
// after it when pods of that name ran on several nodes: Incident::podKey) or
// "component/NAME@MACHINE" ("component/NAME" when no file names its machine), which
// `analyze --json` prints and the timeline's group lanes are keyed by.
#include <compare>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace kubelane::core {

struct Subject {
    enum class Kind : std::uint8_t { None, Node, Pod, Component };
    Kind kind = Kind::None;
    std::string node;      // Node: its name
    std::string pod;       // Pod: "NAMESPACE/NAME" or "NAMESPACE/NAME@NODE"
    std::string component; // Component: "NAME@MACHINE" or "NAME"

    static Subject ofNode(std::string name) { return {Kind::Node, std::move(name), {}, {}}; }
    static Subject ofPod(std::string namespacedName) { return {Kind::Pod, {}, std::move(namespacedName), {}}; }
    // An HA control plane runs one of each component per machine: the machine tells them apart.
    static Subject ofComponent(std::string_view name, std::string_view machine)
    {
        std::string text(name);
        if (!machine.empty())
            text.append("@").append(machine);
        return {Kind::Component, {}, {}, std::move(text)};
    }

    std::string text() const
    {
        switch (kind) {
        case Kind::Node: return "node/" + node;
        case Kind::Pod: return "pod/" + pod;
        case Kind::Component: return "component/" + component;
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
        if (text.starts_with("component/") && text.size() > 10 && text[10] != '@')
            return Subject{Kind::Component, {}, {}, std::string(text.substr(10))};
        return std::nullopt;
    }
    auto operator<=>(const Subject &) const = default;
};

} // namespace kubelane::core
