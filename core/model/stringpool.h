#pragma once
// Interned strings as 32-bit ids. Id 0 is always the empty string, so a default StringId
// means "none". Views returned by view() stay valid for the pool's lifetime: the text
// lives in stable chunks that are never reallocated.
#include "ids.h"
#include "openaddressindex.h"

#include <array>
#include <cstdint>
#include <cstring>
#include <deque>
#include <string>
#include <string_view>
#include <vector>

namespace kubelane::core {

struct StringTag;
using StringId = StrongId<StringTag, std::uint32_t, 0>;
constexpr StringId kNoString = StringId::none();

// Whether two texts are the same: the pool's comparison, a word at a time for short texts
// (a key, a file:line, a name: most under 24 bytes), where a call to memcmp cost more.
// Inline: the pool asks it through its index's look-ups, and a call cost as much as the comparison.
inline bool sameText(std::string_view a, std::string_view b)
{
    const std::size_t n = a.size();
    if (n != b.size())
        return false;
    if (n < 8 || n > 24)
        return n == 0 || std::memcmp(a.data(), b.data(), n) == 0;
    std::uint64_t x, y, diff;
    std::memcpy(&x, a.data(), 8);
    std::memcpy(&y, b.data(), 8);
    diff = x ^ y;
    std::memcpy(&x, a.data() + n - 8, 8); // overlaps the first or middle word when n < 24
    std::memcpy(&y, b.data() + n - 8, 8);
    diff |= x ^ y;
    if (n > 16) {
        std::memcpy(&x, a.data() + 8, 8);
        std::memcpy(&y, b.data() + 8, 8);
        diff |= x ^ y;
    }
    return diff == 0;
}

// A cheap hash for a cache of short texts: the first and the last eight bytes and the length,
// whatever the length (a file:line differs from its neighbours in its last bytes).
inline std::uint64_t headTailHash(std::string_view text)
{
    std::uint64_t head = 0, tail = 0;
    const std::size_t n = text.size();
    if (n >= 8) {
        std::memcpy(&head, text.data(), 8);
        std::memcpy(&tail, text.data() + n - 8, 8);
    } else if (n > 0) {
        std::memcpy(&head, text.data(), n);
    }
    const std::uint64_t h = (head * 0x9E3779B97F4A7C15ull) ^ ((tail + n) * 0xC2B2AE3D27D4EB4Full);
    return h ^ (h >> 29);
}

class StringPool {
public:
    StringPool();
    StringPool(const StringPool &) = delete;
    StringPool &operator=(const StringPool &) = delete;
    StringPool(StringPool &&) = default;
    StringPool &operator=(StringPool &&) = default;

    StringId intern(std::string_view text);
    // Returns kNoString when the text was never interned.
    StringId find(std::string_view text) const;
    std::string_view view(StringId id) const { return m_views[id.index()]; }
    std::size_t size() const { return m_views.size(); }

private:
    std::string_view store(std::string_view text);

    // The strings interned lately, by a key of their length and their first and last eight
    // bytes: a parser interns the same component, file:line, keys and names line after line,
    // and a hit costs one comparison instead of hashing the whole text and probing the table
    // (whose slots and texts are cache misses once a file has many strings). A miss or a
    // collision only falls through to the table.
    static constexpr std::size_t kRecentSize = 1024;
    std::array<StringId, kRecentSize> m_recent{};

    std::deque<std::string> m_chunks; // stable storage; each chunk is filled, never grown
    std::vector<std::string_view> m_views;
    OpenAddressIndex m_index; // every string but the empty one, which is never looked up
};

} // namespace kubelane::core
