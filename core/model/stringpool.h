#pragma once
// Interned strings as 32-bit ids. Id 0 is always the empty string, so a zero-initialised
// field means "none". Views returned by view() stay valid for the pool's lifetime: the text
// lives in stable chunks that are never reallocated.
#include <cstdint>
#include <deque>
#include <string>
#include <string_view>
#include <vector>

namespace kubelane::core {

using StringId = std::uint32_t;
constexpr StringId kNoString = 0;

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
    std::string_view view(StringId id) const { return m_views[id]; }
    std::size_t size() const { return m_views.size(); }

private:
    std::string_view store(std::string_view text);
    // Open addressing: every line interns its component, file and some values, and chasing a
    // node-based map's chains cost more than the parse around it.
    struct Slot {
        std::uint32_t hash = 0;
        StringId id = kNoString; // kNoString: empty (the empty string itself is never looked up here)
    };
    std::size_t slotOf(std::string_view text, std::uint32_t hash) const; // where text is, or the empty slot it would go
    void grow();

    std::deque<std::string> m_chunks; // stable storage; each chunk is filled, never grown
    std::vector<std::string_view> m_views;
    std::vector<Slot> m_slots;  // a power of two, at most half full
};

} // namespace kubelane::core
