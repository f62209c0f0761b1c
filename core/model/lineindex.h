#pragma once
// The line numbers of one source's bytes. An event's line is 1 + the newlines before its first
// byte, for every way a source is read (whole, a time window of it, records inside a line), so
// an event need not carry it (4 bytes of the store's hot struct): a sparse set of (offset,
// line) marks taken while the file is parsed, plus the newlines between the nearest mark and
// the event, gives it back. A lookup counts at most kSpacing bytes.
#include <algorithm>
#include <cstdint>
#include <string_view>
#include <vector>

namespace kubelane::core {

class LineIndex {
public:
    static constexpr std::uint64_t kSpacing = 16 * 1024;

    // The line that starts at (or holds) `offset`. Keeps a mark when the last one is kSpacing
    // bytes behind, or always when `always` (events built with no bytes to count in).
    void note(std::uint64_t offset, std::uint32_t line, bool always = false)
    {
        if (!always && !m_marks.empty() && offset >= m_marks.back().offset && offset - m_marks.back().offset < kSpacing)
            return;
        const Mark m{offset, line};
        if (m_marks.empty() || offset >= m_marks.back().offset)
            m_marks.push_back(m);
        else // a record read out of order: any mark before an offset gives its line
            m_marks.insert(std::upper_bound(m_marks.begin(), m_marks.end(), m, byOffset), m);
    }

    // The 1-based line number of `offset` in `bytes` (the source's bytes the marks were taken
    // over). Before the first mark, the lines are counted from the start of the bytes.
    std::uint32_t lineAt(std::string_view bytes, std::uint64_t offset) const
    {
        const auto it = std::upper_bound(m_marks.begin(), m_marks.end(), Mark{offset, 0}, byOffset);
        const Mark from = it == m_marks.begin() ? Mark{0, 1} : *std::prev(it);
        const std::uint64_t end = std::min<std::uint64_t>(offset, bytes.size());
        if (from.offset >= end)
            return from.line;
        return from.line + static_cast<std::uint32_t>(std::count(bytes.begin() + from.offset, bytes.begin() + end, '\n'));
    }

    // Where line `line` (1-based) starts in `bytes`; bytes.size() when it has fewer lines.
    std::uint64_t offsetOf(std::string_view bytes, std::uint32_t line) const
    {
        if (line <= 1)
            return 0;
        // The last mark on an earlier line (a mark may lie inside its line), else the start.
        auto it = std::lower_bound(m_marks.begin(), m_marks.end(), line, [](const Mark &m, std::uint32_t l) { return m.line < l; });
        Mark from{0, 1};
        if (it != m_marks.begin())
            from = *std::prev(it);
        std::uint64_t at = std::min<std::uint64_t>(from.offset, bytes.size());
        for (std::uint32_t l = from.line; l < line; ++l) {
            const std::size_t newline = bytes.find('\n', at);
            if (newline == std::string_view::npos)
                return bytes.size();
            at = newline + 1;
        }
        return at;
    }

    std::size_t marks() const { return m_marks.size(); }

private:
    struct Mark {
        std::uint64_t offset;
        std::uint32_t line;
    };
    static bool byOffset(const Mark &a, const Mark &b) { return a.offset < b.offset; }
    std::vector<Mark> m_marks;
};

} // namespace kubelane::core
