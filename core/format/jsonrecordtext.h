#pragma once
// Exports written as JSON text (journalctl -o json / json-pretty / json-seq, Cloud Logging,
// Loki): the scanning both their detection and SourceParser's record reader need, where a
// record starts and ends without parsing it.
#include <cstddef>
#include <string_view>

namespace kubelane::core {

inline constexpr char kRecordSeparator = '\x1e'; // RFC 7464, journalctl -o json-seq

inline std::string_view trimmedRecordLine(std::string_view s)
{
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t' || s.front() == kRecordSeparator))
        s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t'))
        s.remove_suffix(1);
    return s;
}

// Brace depth of a JSON text fed line by line, strings and escapes respected: where the
// object that started the record closes.
class ObjectScanner {
public:
    // Returns the index just after the closing brace of the outermost object, or npos.
    std::size_t feed(std::string_view s)
    {
        for (std::size_t i = 0; i < s.size(); ++i) {
            const char c = s[i];
            if (m_inString) {
                if (m_escape)
                    m_escape = false;
                else if (c == '\\')
                    m_escape = true;
                else if (c == '"')
                    m_inString = false;
            } else if (c == '"') {
                m_inString = true;
            } else if (c == '{' || c == '[') {
                ++m_depth;
            } else if ((c == '}' || c == ']') && m_depth > 0 && --m_depth == 0) {
                return i + 1;
            }
        }
        return std::string_view::npos;
    }

private:
    int m_depth = 0;
    bool m_inString = false, m_escape = false;
};

// The objects of an array written on one line, "[{...},{...}]": fn(offset in `line`, text)
// for each complete one, up to `limit`. Returns whether the closing ']' was reached.
template <typename Fn> bool forEachArrayElement(std::string_view line, std::size_t limit, Fn &&fn)
{
    std::size_t i = line.find('[') + 1, count = 0;
    while (i < line.size() && count < limit) {
        const char c = line[i];
        if (c == ' ' || c == '\t' || c == ',') {
            ++i;
            continue;
        }
        if (c == ']')
            return true;
        if (c != '{')
            return false;
        ObjectScanner scanner;
        const std::size_t end = scanner.feed(line.substr(i));
        if (end == std::string_view::npos)
            return false;
        fn(i, line.substr(i, end));
        ++count;
        i += end;
    }
    return false;
}

} // namespace kubelane::core
