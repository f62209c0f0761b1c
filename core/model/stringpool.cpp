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
    return static_cast<std::size_t>(headTailHash(text) & (size - 1));
}
} // namespace

StringPool::StringPool()
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

StringId StringPool::intern(std::string_view text)
{
    if (text.empty())
        return kNoString;
    if (m_views.empty()) // moved from
        m_views.resize(1), m_recent.fill(kNoString);
    StringId &recent = m_recent[recentIndex(text, kRecentSize)];
    if (recent != kNoString && sameText(m_views[recent.index()], text))
        return recent;
    const auto next = static_cast<std::uint32_t>(m_views.size());
    const StringId id(m_index.findOrAdd(hashOf(text), next, [&](std::uint32_t at) { return sameText(m_views[at], text); }));
    if (id.value() == next)
        m_views.push_back(store(text));
    return recent = id;
}

StringId StringPool::find(std::string_view text) const
{
    if (text.empty())
        return kNoString;
    const std::uint32_t at = m_index.find(hashOf(text), [&](std::uint32_t at) { return sameText(m_views[at], text); });
    return at == OpenAddressIndex::kNone ? kNoString : StringId(at);
}

} // namespace kubelane::core
