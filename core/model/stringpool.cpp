#include "stringpool.h"

#include <cstring>

namespace kubelane::core {

namespace {
constexpr std::size_t kChunkSize = 64 * 1024;

// Eight bytes at a time, mixed by multiplication: the strings are short (names, keys, file:line).
std::uint32_t hashOf(std::string_view text)
{
    constexpr std::uint64_t kMul = 0x9E3779B97F4A7C15ull;
    std::uint64_t h = text.size() * kMul;
    const char *p = text.data();
    std::size_t n = text.size();
    for (; n >= 8; p += 8, n -= 8) {
        std::uint64_t w;
        std::memcpy(&w, p, 8);
        h = (h ^ w) * kMul;
        h ^= h >> 29;
    }
    if (n > 0) {
        std::uint64_t w = 0;
        std::memcpy(&w, p, n);
        h = (h ^ w) * kMul;
    }
    h ^= h >> 32;
    return static_cast<std::uint32_t>(h);
}
// Where a text sits in the recent strings: cheap, reads at most 16 bytes whatever the length.
std::size_t recentIndex(std::string_view text, std::size_t size)
{
    std::uint64_t head = 0, tail = 0;
    const std::size_t n = text.size();
    if (n >= 8) {
        std::memcpy(&head, text.data(), 8);
        std::memcpy(&tail, text.data() + n - 8, 8);
    } else {
        std::memcpy(&head, text.data(), n);
    }
    const std::uint64_t h = (head * 0x9E3779B97F4A7C15ull) ^ ((tail + n) * 0xC2B2AE3D27D4EB4Full);
    return static_cast<std::size_t>((h ^ (h >> 29)) & (size - 1));
}
} // namespace

StringPool::StringPool() : m_slots(64)
{
    m_views.emplace_back();
}

std::string_view StringPool::store(std::string_view text)
{
    if (m_chunks.empty() || m_chunks.back().capacity() - m_chunks.back().size() < text.size()) {
        std::string chunk;
        chunk.reserve(std::max(kChunkSize, text.size()));
        m_chunks.push_back(std::move(chunk));
    }
    std::string &chunk = m_chunks.back();
    const std::size_t at = chunk.size();
    chunk.append(text); // never exceeds capacity, so earlier views stay valid
    return std::string_view(chunk.data() + at, text.size());
}

std::size_t StringPool::slotOf(std::string_view text, std::uint32_t hash) const
{
    const std::size_t mask = m_slots.size() - 1;
    for (std::size_t i = hash & mask;; i = (i + 1) & mask) {
        const Slot &s = m_slots[i];
        if (s.id == kNoString || (s.hash == hash && m_views[s.id.index()] == text))
            return i;
    }
}

void StringPool::grow()
{
    std::vector<Slot> old(m_slots.size() * 2);
    old.swap(m_slots);
    const std::size_t mask = m_slots.size() - 1;
    for (const Slot &s : old) {
        if (s.id == kNoString)
            continue;
        std::size_t i = s.hash & mask;
        while (m_slots[i].id != kNoString)
            i = (i + 1) & mask;
        m_slots[i] = s;
    }
}

StringId StringPool::intern(std::string_view text)
{
    if (text.empty())
        return kNoString;
    if (m_slots.empty()) // moved from
        m_slots.resize(64), m_views.resize(1), m_recent.fill(kNoString);
    StringId &recent = m_recent[recentIndex(text, kRecentSize)];
    if (recent != kNoString && m_views[recent.index()] == text)
        return recent;
    const std::uint32_t hash = hashOf(text);
    std::size_t at = slotOf(text, hash);
    if (m_slots[at].id != kNoString)
        return recent = m_slots[at].id;
    const StringId id = StringId::fromIndex(m_views.size());
    recent = id;
    m_views.push_back(store(text));
    if (m_views.size() * 2 > m_slots.size()) {
        grow();
        at = slotOf(text, hash);
    }
    m_slots[at] = {hash, id};
    return id;
}

StringId StringPool::find(std::string_view text) const
{
    if (text.empty() || m_slots.empty())
        return kNoString;
    return m_slots[slotOf(text, hashOf(text))].id;
}

} // namespace kubelane::core
