#pragma once
// The index behind the interning tables (StringPool, EventContextTable): which of a table's
// values has a given hash and compares equal. Open addressing with linear probing over
// (hash, id) slots, a power of two of them and at most half full. Every line interns a few
// strings and a context, and a node-based map's chains cost more than the parse around them
// and three times the memory. The table keeps its values; the index keeps only their ids.
#include <algorithm>
#include <cstdint>
#include <utility>
#include <vector>

namespace kubelane::core {

// splitmix64's finaliser, for a hash of ids packed in a word: every bit of each id reaches the
// low bits the index probes by (keys often differ in one id only).
constexpr std::uint32_t mixIds(std::uint64_t x)
{
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
    return static_cast<std::uint32_t>(x ^ (x >> 31));
}

class OpenAddressIndex {
public:
    static constexpr std::uint32_t kNone = 0xffffffffu;

    OpenAddressIndex() = default;
    OpenAddressIndex(const OpenAddressIndex &) = default;
    OpenAddressIndex &operator=(const OpenAddressIndex &) = default;
    // One moved from is empty, as its table is.
    OpenAddressIndex(OpenAddressIndex &&o) noexcept : m_slots(std::exchange(o.m_slots, {})), m_count(std::exchange(o.m_count, 0)) { }
    OpenAddressIndex &operator=(OpenAddressIndex &&o) noexcept
    {
        m_slots = std::exchange(o.m_slots, {});
        m_count = std::exchange(o.m_count, 0);
        return *this;
    }

    // The id whose value `sameAs(id)` says is the one looked for, or kNone.
    template <typename SameAs> std::uint32_t find(std::uint32_t hash, SameAs &&sameAs) const
    {
        if (m_slots.empty())
            return kNone;
        return m_slots[slotOf(hash, sameAs)].id;
    }

    // The id found as find() does, else `next` (the table's next value, which the caller then
    // adds), noted under this hash.
    template <typename SameAs> std::uint32_t findOrAdd(std::uint32_t hash, std::uint32_t next, SameAs &&sameAs)
    {
        std::size_t at = m_slots.empty() ? 0 : slotOf(hash, sameAs);
        if (!m_slots.empty() && m_slots[at].id != kNone)
            return m_slots[at].id;
        if ((m_count + 1) * 2 > m_slots.size()) { // grown only to add: a look-up never moves the slots
            grow();
            at = slotOf(hash, sameAs);
        }
        m_slots[at] = {hash, next};
        ++m_count;
        return next;
    }

private:
    struct Slot {
        std::uint32_t hash = 0;
        std::uint32_t id = kNone;
    };

    // Where the value is, or the empty slot it would take.
    template <typename SameAs> std::size_t slotOf(std::uint32_t hash, SameAs &sameAs) const
    {
        const std::size_t mask = m_slots.size() - 1;
        for (std::size_t i = hash & mask;; i = (i + 1) & mask) {
            const Slot &s = m_slots[i];
            if (s.id == kNone || (s.hash == hash && sameAs(s.id)))
                return i;
        }
    }

    void grow()
    {
        std::vector<Slot> old(std::max<std::size_t>(64, m_slots.size() * 2));
        old.swap(m_slots);
        const std::size_t mask = m_slots.size() - 1;
        for (const Slot &s : old) {
            if (s.id == kNone)
                continue;
            std::size_t i = s.hash & mask;
            while (m_slots[i].id != kNone)
                i = (i + 1) & mask;
            m_slots[i] = s;
        }
    }

    std::vector<Slot> m_slots;
    std::size_t m_count = 0;
};

} // namespace kubelane::core
