#pragma once
// The line numbers of one source's bytes. An event's line is 1 + the newlines before its first
// byte, for every way a source is read (whole, a time window of it, records inside a line), so
// an event need not carry it (4 bytes of the store's hot struct): a sparse set of (offset,
// line) marks taken while the file is parsed (one per kSpacing bytes of the lines it reads;
// where a read skipped part of the file, the first line after the gap), plus the newlines
// between the nearest mark and the event, gives it back. A line's number from an event's
// offset counts at most kSpacing bytes.
#include "../util/bytescan.h"

#include <algorithm>
#include <cstdint>
#include <string_view>
#include <vector>

namespace kubelane::core {

class LineIndex {
public:
    static constexpr std::uint64_t kSpacing = 16 * 1024;

    // The line that starts at (or holds) `offset`. Keeps a mark when the last one is kSpacing
    // bytes behind.
    void note(std::uint64_t offset, std::uint32_t line)
    {
        if (!m_marks.empty() && offset >= m_marks.back().offset && offset - m_marks.back().offset < kSpacing)
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
        return from.line + static_cast<std::uint32_t>(bytescan::countByte(bytes.substr(from.offset, end - from.offset), '\n'));
    }

    // Where line `line` (1-based) starts in `bytes`; bytes.size() when it has fewer lines.
    // Walks from the nearer of the marks around it: forward from the one before, or back from
    // the one after (a stretch of the file no parse read, a time window's skipped part, has
    // marks at both ends only).
    std::uint64_t offsetOf(std::string_view bytes, std::uint32_t line) const
    {
        if (line <= 1)
            return 0;
        // The first mark on `line` or after it; the one before lies on an earlier line.
        auto next = std::lower_bound(m_marks.begin(), m_marks.end(), line, [](const Mark &m, std::uint32_t l) { return m.line < l; });
        const Mark before = next == m_marks.begin() ? Mark{0, 1} : *std::prev(next);
        if (next != m_marks.end() && next->offset <= bytes.size() && next->line - line < line - before.line)
            return walkBack(bytes, lineStart(bytes, next->offset), next->line - line);
        std::uint64_t at = std::min<std::uint64_t>(before.offset, bytes.size());
        for (std::uint32_t l = before.line; l < line; ++l) {
            const std::size_t newline = bytes.find('\n', at);
            if (newline == std::string_view::npos)
                return bytes.size();
            at = newline + 1;
        }
        return at;
    }

    std::size_t marks() const { return m_marks.size(); }

    // Lines of many offsets of one source, asked mostly in increasing order (an export walks
    // the events in time order): counted forward from the last one asked when that is near.
    class Cursor {
    public:
        Cursor(const LineIndex &index, std::string_view bytes) : m_index(index), m_bytes(bytes) { }
        std::uint32_t lineAt(std::uint64_t offset)
        {
            if (m_line == 0 || offset < m_offset || offset - m_offset >= kSpacing || offset > m_bytes.size())
                m_line = m_index.lineAt(m_bytes, offset);
            else
                m_line += static_cast<std::uint32_t>(bytescan::countByte(m_bytes.substr(m_offset, offset - m_offset), '\n'));
            m_offset = offset;
            return m_line;
        }

    private:
        const LineIndex &m_index;
        std::string_view m_bytes;
        std::uint64_t m_offset = 0;
        std::uint32_t m_line = 0;
    };

private:
    // The start of the line that holds `offset` (a mark may lie inside its line).
    static std::uint64_t lineStart(std::string_view bytes, std::uint64_t offset)
    {
        if (offset == 0)
            return 0;
        const std::size_t newline = bytes.rfind('\n', offset - 1);
        return newline == std::string_view::npos ? 0 : newline + 1;
    }
    // The start of the line `lines` before the one starting at `start`.
    static std::uint64_t walkBack(std::string_view bytes, std::uint64_t start, std::uint32_t lines)
    {
        for (; lines > 0 && start > 0; --lines)
            start = lineStart(bytes, start - 1);
        return start;
    }

    struct Mark {
        std::uint64_t offset;
        std::uint32_t line;
    };
    static bool byOffset(const Mark &a, const Mark &b) { return a.offset < b.offset; }
    std::vector<Mark> m_marks;
};

} // namespace kubelane::core
