#pragma once
// Strong id types: an index into one table, a type of its own per table, so that an event
// index, a pod, an interned string or a lane cannot be passed where another is meant, nor a
// plain integer where any is. An id is made from its integer only on purpose (explicit);
// `index()` gives it back for the one table it indexes and `value()` for serialising. Ids
// compare (==, <) and hash, and have no arithmetic: an id that is a position in a list is
// not a distance. The same template serves core's ids (event.h, stringpool.h, facts.h) and
// the UI's lanes (ui/laneid.h).
#include <cstddef>
#include <functional>
#include <type_traits>

namespace kubelane::core {

// Tag: an empty struct naming the table, only to make each id a type of its own.
// Rep: the stored integer. None: the value meaning "no such entry", also what a
// default-constructed id holds.
template <class Tag, class Rep, Rep None> class StrongId {
    static_assert(std::is_integral_v<Rep>);

public:
    using Representation = Rep;

    constexpr StrongId() = default;
    constexpr explicit StrongId(Rep value) : m_value(value) { }

    // The id of a table's entry at `index` (a loop's counter, a table's size before a push).
    static constexpr StrongId fromIndex(std::size_t index) { return StrongId(static_cast<Rep>(index)); }
    static constexpr StrongId none() { return StrongId(); }
    constexpr bool valid() const { return m_value != None; }
    constexpr Rep value() const { return m_value; }
    constexpr std::size_t index() const { return static_cast<std::size_t>(m_value); }

    // Spelled out rather than `<=> = default`: moc (Qt 6.4) cannot parse <compare>.
    friend constexpr bool operator==(StrongId a, StrongId b) { return a.m_value == b.m_value; }
    friend constexpr bool operator<(StrongId a, StrongId b) { return a.m_value < b.m_value; }
    friend constexpr bool operator>(StrongId a, StrongId b) { return b < a; }
    friend constexpr bool operator<=(StrongId a, StrongId b) { return !(b < a); }
    friend constexpr bool operator>=(StrongId a, StrongId b) { return !(a < b); }

private:
    Rep m_value = None;
};

} // namespace kubelane::core

template <class Tag, class Rep, Rep None> struct std::hash<kubelane::core::StrongId<Tag, Rep, None>> {
    std::size_t operator()(kubelane::core::StrongId<Tag, Rep, None> id) const noexcept { return std::hash<Rep>{}(id.value()); }
};
