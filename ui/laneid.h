#pragma once
// A lane's id: its index in LaneModel::lanes(). A type of its own so that an event index,
// a row or a finding number cannot be passed where a lane is meant; it is made from an int
// only on purpose (explicit), and gives its index back for the tables indexed by lane.
#include <QHashFunctions>

#include <compare>
#include <cstddef>
#include <functional>

namespace kubelane::ui {

struct LaneId {
    int value = -1;

    constexpr LaneId() = default;
    constexpr explicit LaneId(int v) : value(v) { }

    constexpr bool valid() const { return value >= 0; }
    constexpr std::size_t index() const { return static_cast<std::size_t>(value); }
    constexpr auto operator<=>(const LaneId &) const = default;
};

inline size_t qHash(LaneId id, size_t seed = 0) noexcept
{
    return ::qHash(id.value, seed);
}

} // namespace kubelane::ui

template <> struct std::hash<kubelane::ui::LaneId> {
    std::size_t operator()(kubelane::ui::LaneId id) const noexcept { return std::hash<int>{}(id.value); }
};
