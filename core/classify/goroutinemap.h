#pragma once
// Which goroutine (role) logged a line, from the Go source file that printed it
// (resources/goroutines.json). The role is the lane an event is drawn in.
#include "../model/event.h"
#include "../model/namedtable.h"

#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace kubelane::core {

struct Role {
    std::string id;
    std::string description;
};

class GoroutineMap final : public IdNames {
public:
    // Throws std::runtime_error naming the file and the entry that is wrong.
    static std::shared_ptr<GoroutineMap> loadFile(const std::string &path);
    static std::shared_ptr<GoroutineMap> loadJson(std::string_view json, const std::string &origin);

    // `file` as printed ("worker.go:95" or "prober/worker.go:95"); the line number is ignored.
    RoleId roleFor(std::string_view component, std::string_view file) const;
    // The component whose source `file` is ("eviction_manager.go:392" -> "kubelet"), by the same
    // entries and tiers as roleFor over every component; "" when no entry names the file, or
    // entries of several components do (leaderelection.go).
    std::string_view componentOf(std::string_view file) const;
    // Whether an entry of `component` names `file` itself (not only a component's default).
    bool names(std::string_view component, std::string_view file) const;
    RoleId roleId(std::string_view id) const; // adds nothing; returns the "other" role if unknown
    std::string_view roleName(RoleId id) const { return id < m_roles.size() ? std::string_view(m_roles[id].id) : "other"; }
    std::string_view nameOf(std::uint16_t id) const override { return roleName(id); }
    const std::vector<Role> &roles() const { return m_roles; }

private:
    struct Entry;
    const Entry *bestEntry(std::string_view component, bool anyComponent, std::string_view file) const;

    struct Entry {
        std::string component; // "" = any
        std::string file;      // path suffix without line number
        RoleId role;
        bool shared = false; // a name other components' files have too: says no component (componentOf)
    };
    std::vector<Role> m_roles; // [0] is "other"
    std::vector<Entry> m_entries;
};

} // namespace kubelane::core
