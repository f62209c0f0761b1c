#include "kubeyaml.h"

#include <nlohmann/json.hpp>

#include <charconv>
#include <string>

namespace kubelane::core {

namespace {

using json = nlohmann::json;

struct Line {
    int indent = 0;
    std::string_view text; // after the indent
    bool blank = false;
};

bool startsItem(std::string_view t)
{
    return t == "-" || t.starts_with("- ");
}

// "key: value" / "key:" / "\"quoted key\": value": the key and what follows its colon.
bool splitEntry(std::string_view t, std::string_view &key, std::string_view &rest, bool &quotedKey)
{
    std::size_t colon = std::string_view::npos;
    quotedKey = !t.empty() && (t[0] == '"' || t[0] == '\'');
    if (quotedKey) {
        const char q = t[0];
        std::size_t i = 1;
        for (; i < t.size() && t[i] != q; ++i)
            if (q == '"' && t[i] == '\\')
                ++i;
        if (i + 1 < t.size() && t[i + 1] == ':')
            colon = i + 1;
    } else {
        const std::size_t sep = t.find(": ");
        colon = sep != std::string_view::npos ? sep : (t.ends_with(':') ? t.size() - 1 : std::string_view::npos);
        if (colon != std::string_view::npos && (t.starts_with('\'') || t.starts_with('"') || startsItem(t)))
            colon = std::string_view::npos;
    }
    if (colon == std::string_view::npos || colon == 0 || (colon + 1 < t.size() && t[colon + 1] != ' '))
        return false;
    key = t.substr(0, colon);
    rest = colon + 1 < t.size() ? t.substr(colon + 2) : std::string_view{};
    return true;
}

void appendUtf8(std::string &out, unsigned long cp)
{
    if (cp < 0x80) {
        out += static_cast<char>(cp);
    } else if (cp < 0x800) {
        out += static_cast<char>(0xC0 | (cp >> 6));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    } else if (cp < 0x10000) {
        out += static_cast<char>(0xE0 | (cp >> 12));
        out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    } else {
        out += static_cast<char>(0xF0 | (cp >> 18));
        out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
        out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    }
}

// The body of a double-quoted scalar (folding already done), YAML escapes decoded.
bool unescapeDouble(std::string_view body, std::string &out)
{
    for (std::size_t i = 0; i < body.size(); ++i) {
        if (body[i] != '\\') {
            out += body[i];
            continue;
        }
        if (++i >= body.size())
            return false;
        const char e = body[i];
        int hex = 0;
        switch (e) {
        case 'n': out += '\n'; break;
        case 't':
        case '\t': out += '\t'; break;
        case 'r': out += '\r'; break;
        case '0': out += '\0'; break;
        case 'a': out += '\a'; break;
        case 'b': out += '\b'; break;
        case 'e': out += '\x1b'; break;
        case 'f': out += '\f'; break;
        case 'v': out += '\v'; break;
        case ' ': out += ' '; break;
        case '"':
        case '\\':
        case '/': out += e; break;
        case 'N': appendUtf8(out, 0x85); break;
        case '_': appendUtf8(out, 0xA0); break;
        case 'L': appendUtf8(out, 0x2028); break;
        case 'P': appendUtf8(out, 0x2029); break;
        case 'x': hex = 2; break;
        case 'u': hex = 4; break;
        case 'U': hex = 8; break;
        default: return false;
        }
        if (hex) {
            unsigned long cp = 0;
            if (i + static_cast<std::size_t>(hex) >= body.size())
                return false;
            const auto r = std::from_chars(body.data() + i + 1, body.data() + i + 1 + hex, cp, 16);
            if (r.ec != std::errc() || r.ptr != body.data() + i + 1 + hex)
                return false;
            appendUtf8(out, cp);
            i += static_cast<std::size_t>(hex);
        }
    }
    return true;
}

class Reader {
public:
    explicit Reader(const std::vector<std::string_view> &raw)
    {
        for (std::string_view t : raw) {
            if (t.ends_with('\r'))
                t.remove_suffix(1);
            Line l;
            while (static_cast<std::size_t>(l.indent) < t.size() && t[static_cast<std::size_t>(l.indent)] == ' ')
                ++l.indent;
            l.text = t.substr(static_cast<std::size_t>(l.indent));
            l.blank = l.text.empty();
            m_lines.push_back(l);
        }
        // A sequence item taken out of its list: its content sits two columns in.
        skipBlank();
        if (m_i < m_lines.size() && m_lines[m_i].text.starts_with("- ")) {
            m_lines[m_i].indent += 2;
            m_lines[m_i].text.remove_prefix(2);
        }
    }

    std::optional<json> read()
    {
        skipBlank();
        if (m_i >= m_lines.size())
            return std::nullopt;
        json v = node(m_lines[m_i].indent);
        skipBlank();
        if (!m_ok || m_i < m_lines.size())
            return std::nullopt;
        return v;
    }

private:
    void skipBlank()
    {
        while (m_i < m_lines.size() && m_lines[m_i].blank)
            ++m_i;
    }
    bool more(int indent)
    {
        skipBlank();
        return m_i < m_lines.size() && m_lines[m_i].indent == indent && m_ok;
    }

    json node(int indent)
    {
        // The emitter nests as deep as the objects do (a few dozen levels); deeper is not its output.
        if (++m_depth > kMaxDepth) {
            m_ok = false;
            m_i = m_lines.size();
            return nullptr;
        }
        struct Leave {
            int &depth;
            ~Leave() { --depth; }
        } leave{m_depth};
        const std::string_view t = m_lines[m_i].text;
        std::string_view key, rest;
        bool quoted = false;
        if (startsItem(t))
            return sequence(indent);
        if (splitEntry(t, key, rest, quoted))
            return mapping(indent);
        ++m_i;
        return scalar(t, indent - 1);
    }

    json mapping(int indent)
    {
        json out = json::object();
        while (more(indent) && !startsItem(m_lines[m_i].text)) {
            std::string_view key, rest;
            bool quoted = false;
            if (!splitEntry(m_lines[m_i].text, key, rest, quoted)) {
                m_ok = false;
                break;
            }
            std::string name;
            if (quoted) {
                const json k = decodeScalar({key});
                name = k.is_string() ? k.get<std::string>() : k.dump();
            } else {
                name = std::string(key);
            }
            ++m_i;
            out[name] = value(rest, indent);
        }
        if (m_ok && m_i < m_lines.size() && m_lines[m_i].indent > indent)
            m_ok = false; // a line deeper than any value here: not the subset we read
        return out;
    }

    // What follows "key:" (or "- ") on a line of the given indent.
    json value(std::string_view rest, int indent)
    {
        if (rest.starts_with('|'))
            return literal(rest, indent);
        if (!rest.empty())
            return scalar(rest, indent);
        skipBlank();
        if (m_i >= m_lines.size())
            return nullptr;
        const Line &next = m_lines[m_i];
        if (next.indent > indent)
            return node(next.indent);
        if (next.indent == indent && startsItem(next.text))
            return sequence(indent); // go-yaml v2 does not indent a mapping's sequence
        return nullptr;
    }

    json sequence(int indent)
    {
        json out = json::array();
        while (more(indent) && startsItem(m_lines[m_i].text)) {
            Line &l = m_lines[m_i];
            if (l.text == "-") {
                ++m_i;
                skipBlank();
                out.push_back(m_i < m_lines.size() && m_lines[m_i].indent > indent ? node(m_lines[m_i].indent) : json(nullptr));
                continue;
            }
            const std::string_view rest = l.text.substr(2);
            std::string_view key, after;
            bool quoted = false;
            if (startsItem(rest) || splitEntry(rest, key, after, quoted)) {
                l.indent += 2;
                l.text = rest;
                out.push_back(node(l.indent));
            } else {
                ++m_i;
                out.push_back(scalar(rest, indent));
            }
        }
        return out;
    }

    // A scalar starting with `first`, folded with its more-indented continuation lines.
    json scalar(std::string_view first, int indent)
    {
        std::vector<std::string_view> pieces{first};
        while (m_i < m_lines.size() && (m_lines[m_i].blank || m_lines[m_i].indent > indent)) {
            // A blank line ends the scalar unless a continuation follows it.
            std::size_t j = m_i;
            while (j < m_lines.size() && m_lines[j].blank)
                ++j;
            if (j >= m_lines.size() || m_lines[j].indent <= indent)
                break;
            for (; m_i < j; ++m_i)
                pieces.push_back({});
            pieces.push_back(m_lines[m_i++].text);
        }
        return decodeScalar(pieces);
    }

    json decodeScalar(const std::vector<std::string_view> &pieces)
    {
        // Folding: a line break is a space, an empty line a newline; in a double-quoted
        // scalar a line ending in an escaping backslash joins without either.
        const bool dq = pieces.front().starts_with('"');
        std::string text;
        bool afterBreak = false;
        for (std::size_t k = 0; k < pieces.size(); ++k) {
            std::string_view p = pieces[k];
            if (k > 0) {
                if (p.empty()) {
                    text += '\n';
                    afterBreak = true;
                    continue;
                }
                std::size_t slashes = 0;
                while (slashes < text.size() && text[text.size() - 1 - slashes] == '\\')
                    ++slashes;
                if (dq && slashes % 2 == 1)
                    text.pop_back();
                else if (!afterBreak)
                    text += ' ';
            }
            afterBreak = false;
            text += p;
        }
        if (text.starts_with('\'')) {
            if (text.size() < 2 || !text.ends_with('\'')) {
                m_ok = false;
                return nullptr;
            }
            std::string out;
            for (std::size_t i = 1; i + 1 < text.size(); ++i) {
                out += text[i];
                if (text[i] == '\'' && text[i + 1] == '\'')
                    ++i;
            }
            return out;
        }
        if (dq) {
            std::string out;
            if (text.size() < 2 || !text.ends_with('"') || !unescapeDouble(std::string_view(text).substr(1, text.size() - 2), out)) {
                m_ok = false;
                return nullptr;
            }
            return out;
        }
        // A plain scalar holds no ": " (that would be a mapping the emitter never folds).
        for (std::size_t k = 1; k < pieces.size(); ++k)
            if (pieces[k].find(": ") != std::string_view::npos || pieces[k].ends_with(':')) {
                m_ok = false;
                return nullptr;
            }
        if (text == "null" || text == "~")
            return nullptr;
        if (text == "true" || text == "false")
            return text == "true";
        if (text == "{}")
            return json::object();
        if (text == "[]")
            return json::array();
        std::int64_t n = 0;
        const auto r = std::from_chars(text.data(), text.data() + text.size(), n);
        if (r.ec == std::errc() && r.ptr == text.data() + text.size() && !text.empty())
            return n;
        return text;
    }

    // "|", "|-", "|+": the more-indented lines verbatim, less their common indent.
    json literal(std::string_view header, int indent)
    {
        std::string out;
        int blockIndent = -1;
        std::size_t trailingBreaks = 0;
        while (m_i < m_lines.size() && (m_lines[m_i].blank || m_lines[m_i].indent > indent)) {
            const Line &l = m_lines[m_i];
            std::size_t j = m_i;
            while (j < m_lines.size() && m_lines[j].blank)
                ++j;
            if (j >= m_lines.size() || m_lines[j].indent <= indent)
                break; // blank lines before the end belong to the chomping, not the text
            if (l.blank) {
                out += '\n';
            } else {
                if (blockIndent < 0)
                    blockIndent = l.indent;
                out += std::string(static_cast<std::size_t>(std::max(0, l.indent - blockIndent)), ' ');
                out += l.text;
                out += '\n';
            }
            ++m_i;
        }
        while (m_i < m_lines.size() && m_lines[m_i].blank) {
            ++trailingBreaks;
            ++m_i;
        }
        if (header.starts_with("|-")) {
            while (out.ends_with('\n'))
                out.pop_back();
        } else if (header.starts_with("|+")) {
            out.append(trailingBreaks, '\n');
        }
        return out;
    }

    static constexpr int kMaxDepth = 200;
    std::vector<Line> m_lines;
    std::size_t m_i = 0;
    int m_depth = 0;
    bool m_ok = true;
};

} // namespace

std::optional<nlohmann::json> parseKubectlYaml(const std::vector<std::string_view> &lines)
{
    Reader reader(lines);
    return reader.read();
}

} // namespace kubelane::core
