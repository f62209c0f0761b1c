#pragma once
// Where an event was logged: the component and the Go file:line, and so the goroutine role
// that logs there. A bundle has a few thousand of them against millions of events, so an
// event holds one 4-byte id instead of the two strings' 8 bytes and the role's 2 (the event
// is the store's hot struct; see docs/performance.md).
#include "ids.h"
#include "openaddressindex.h"
#include "stringpool.h"

#include <cstdint>
#include <vector>

namespace kubelane::core {

struct OriginTag;
using OriginId = StrongId<OriginTag, std::uint32_t, 0>; // 0: no component, no file

constexpr OriginId kNoOrigin = OriginId::none();

struct Origin {
    StringId component = kNoString; // kubelet, kube-controller-manager, kube-apiserver, systemd, ...
    StringId file = kNoString;      // Go source file:line that logged it ("kubelet_pods.go:1424")
    std::uint16_t role = 0;         // the goroutine role (GoroutineMap): a function of the two above
};

// The origins of one string pool's ids: a file's while it is parsed, the incident's after.
class OriginTable {
public:
    // kNoOrigin is an event given no place at all (built by hand). A line with neither a
    // component nor a file still gets a place of its own, with the role the map gives it.
    OriginTable() { m_origins.push_back({}); }

    // `roleOf()` gives the place's goroutine role; it is asked once, when the place is new.
    template <typename RoleOf> OriginId intern(StringId component, StringId file, RoleOf &&roleOf)
    {
        const auto next = static_cast<std::uint32_t>(m_origins.size());
        const std::uint32_t id =
            m_index.findOrAdd(mixIds((std::uint64_t(component.value()) << 32) | file.value()), next,
                              [&](std::uint32_t at) { return m_origins[at].component == component && m_origins[at].file == file; });
        if (id == next)
            m_origins.push_back({component, file, static_cast<std::uint16_t>(roleOf())});
        return OriginId::fromIndex(id);
    }
    OriginId intern(StringId component, StringId file, std::uint16_t role)
    {
        return intern(component, file, [role] { return role; });
    }
    const Origin &operator[](OriginId id) const { return m_origins[id.index()]; }
    std::size_t size() const { return m_origins.size(); }

private:
    std::vector<Origin> m_origins;
    OpenAddressIndex m_index; // every line looks its place up
};

} // namespace kubelane::core
