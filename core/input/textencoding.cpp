#include "textencoding.h"

#include "../util/bytescan.h"

#include <cstdint>
#include <cstring>

namespace kubelane::core {

namespace {

constexpr char32_t kReplacement = 0xFFFD;

void appendUtf8(std::string &out, char32_t c)
{
    if (c < 0x80) {
        out += static_cast<char>(c);
    } else if (c < 0x800) {
        out += static_cast<char>(0xC0 | (c >> 6));
        out += static_cast<char>(0x80 | (c & 0x3F));
    } else if (c < 0x10000) {
        out += static_cast<char>(0xE0 | (c >> 12));
        out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (c & 0x3F));
    } else {
        out += static_cast<char>(0xF0 | (c >> 18));
        out += static_cast<char>(0x80 | ((c >> 12) & 0x3F));
        out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (c & 0x3F));
    }
}

std::string utf16ToUtf8(std::string_view in, std::size_t from, bool littleEndian)
{
    auto unit = [&](std::size_t i) -> std::uint16_t {
        const auto a = static_cast<unsigned char>(in[i]), b = static_cast<unsigned char>(in[i + 1]);
        return littleEndian ? static_cast<std::uint16_t>(a | (b << 8)) : static_cast<std::uint16_t>((a << 8) | b);
    };
    std::string out;
    out.reserve((in.size() - from) / 2 + 16);
    std::size_t i = from;
    for (; i + 1 < in.size(); i += 2) {
        const std::uint16_t u = unit(i);
        if (u >= 0xD800 && u < 0xDC00 && i + 3 < in.size()) {
            const std::uint16_t low = unit(i + 2);
            if (low >= 0xDC00 && low < 0xE000) {
                appendUtf8(out, 0x10000 + ((char32_t(u) - 0xD800) << 10) + (low - 0xDC00));
                i += 2;
                continue;
            }
        }
        appendUtf8(out, (u >= 0xD800 && u < 0xE000) ? kReplacement : char32_t(u));
    }
    if (i < in.size())
        appendUtf8(out, kReplacement); // an odd trailing byte: a truncated file
    return out;
}

bool startsWith(std::string_view s, std::initializer_list<unsigned char> bom)
{
    if (s.size() < bom.size())
        return false;
    std::size_t i = 0;
    for (unsigned char b : bom)
        if (static_cast<unsigned char>(s[i++]) != b)
            return false;
    return true;
}

} // namespace

TextEncoding toUtf8(BytesPtr bytes)
{
    if (!bytes)
        return {std::move(bytes), {}};
    const std::string_view s = *bytes;
    if (startsWith(s, {0xEF, 0xBB, 0xBF}))
        return {makeBytes(std::string(s.substr(3))), "UTF-8 with BOM"};
    if (startsWith(s, {0xFF, 0xFE}))
        return {makeBytes(utf16ToUtf8(s, 2, true)), "UTF-16LE"};
    if (startsWith(s, {0xFE, 0xFF}))
        return {makeBytes(utf16ToUtf8(s, 2, false)), "UTF-16BE"};
    return {std::move(bytes), {}};
}

std::string escapeForDisplay(std::string_view text)
{
    std::string out;
    out.reserve(text.size());
    auto escape = [&](unsigned char c) {
        static const char hex[] = "0123456789abcdef";
        out += "\\x";
        out += hex[c >> 4];
        out += hex[c & 15];
    };
    for (std::size_t i = 0; i < text.size();) {
        const auto c = static_cast<unsigned char>(text[i]);
        if (c < 0x80) {
            if ((c < 0x20 && c != '\t' && c != '\n') || c == 0x7f)
                escape(c);
            else
                out += char(c);
            ++i;
            continue;
        }
        // The length a lead byte announces, and the range its first continuation byte must be
        // in (no overlong forms, no surrogates, nothing past U+10FFFF).
        std::size_t length = 0;
        unsigned char low = 0x80, high = 0xbf;
        if (c >= 0xc2 && c <= 0xdf)
            length = 2;
        else if (c >= 0xe0 && c <= 0xef) {
            length = 3;
            low = c == 0xe0 ? 0xa0 : 0x80;
            high = c == 0xed ? 0x9f : 0xbf;
        } else if (c >= 0xf0 && c <= 0xf4) {
            length = 4;
            low = c == 0xf0 ? 0x90 : 0x80;
            high = c == 0xf4 ? 0x8f : 0xbf;
        }
        bool valid = length > 0 && i + length <= text.size();
        for (std::size_t k = 1; valid && k < length; ++k) {
            const auto d = static_cast<unsigned char>(text[i + k]);
            valid = k == 1 ? (d >= low && d <= high) : (d >= 0x80 && d <= 0xbf);
        }
        if (!valid) {
            escape(c);
            ++i;
            continue;
        }
        out.append(text.substr(i, length));
        i += length;
    }
    return out;
}

// One pass over the bytes: control characters mean binary data; high bytes are validated as UTF-8.
LineCheck checkLine(std::string_view s)
{
    const auto *p = reinterpret_cast<const unsigned char *>(s.data());
    const auto *end = p + s.size();
    bool badUtf8 = false;
    // Nearly every byte is printable ASCII: skip to the next one that needs a look, and back
    // to skipping after it (Go prints durations in µs: one such byte in many lines).
    while ((p = bytescan::findControlOrHigh(p, end)) < end) {
        const unsigned char c = *p;
        if (c < 0x80) {
            if (c < 0x20 && c != '\t' && c != '\r' && c != 0x1b)
                return LineCheck::Binary;
            ++p;
            continue;
        }
        int n = (c & 0xE0) == 0xC0 ? 1 : (c & 0xF0) == 0xE0 ? 2 : (c & 0xF8) == 0xF0 ? 3 : -1;
        if (n < 0 || p + n >= end) {
            badUtf8 = true;
            ++p;
            continue;
        }
        bool ok = true;
        for (int k = 1; k <= n; ++k)
            ok = ok && (p[k] & 0xC0) == 0x80;
        badUtf8 = badUtf8 || !ok;
        p += ok ? n + 1 : 1;
    }
    return badUtf8 ? LineCheck::InvalidUtf8 : LineCheck::Text;
}

} // namespace kubelane::core
