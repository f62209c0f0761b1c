#include "stringpool.h"

namespace kubelane::core {

namespace {
constexpr std::size_t kChunkSize = 64 * 1024;
}

StringPool::StringPool()
{
    m_views.emplace_back();
    m_ids.emplace(std::string_view{}, kNoString);
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
    if (auto it = m_ids.find(text); it != m_ids.end())
        return it->second;
    const std::string_view stored = store(text);
    const auto id = static_cast<StringId>(m_views.size());
    m_views.push_back(stored);
    m_ids.emplace(stored, id);
    return id;
}

StringId StringPool::find(std::string_view text) const
{
    const auto it = m_ids.find(text);
    return it == m_ids.end() ? kNoString : it->second;
}

} // namespace kubelane::core
