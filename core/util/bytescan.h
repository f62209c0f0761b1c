#pragma once
// Finding the next byte of interest in a line, sixteen bytes at a time (SSE2, which every
// x86-64 has), or eight at a time elsewhere. The parse spends its time here: quoted messages
// and values run long (status patches), and nearly every byte of a line is plain text.
#include <cstdint>
#include <cstring>
#include <string_view>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace kubelane::core::bytescan {

namespace detail {

// True when one of the eight bytes of `w` is `c` (the SWAR zero-byte test on w ^ cccccccc).
constexpr bool hasByte(std::uint64_t w, unsigned char c)
{
    constexpr std::uint64_t kOnes = 0x0101010101010101ull, kHigh = 0x8080808080808080ull;
    const std::uint64_t x = w ^ (kOnes * c);
    return (x - kOnes) & ~x & kHigh;
}

// True when one of the eight bytes is below 0x20 or above 0x7f (the SWAR "has less than" test).
constexpr bool hasControlOrHigh(std::uint64_t w)
{
    constexpr std::uint64_t kOnes = 0x0101010101010101ull, kHigh = 0x8080808080808080ull;
    return (((w - kOnes * 0x20) & ~w) | w) & kHigh;
}

} // namespace detail

// The index of the first byte at or after `from` that is `a` or `b`; npos when there is none.
inline std::size_t findEither(std::string_view s, std::size_t from, char a, char b)
{
    std::size_t i = from;
#if defined(__SSE2__)
    const __m128i va = _mm_set1_epi8(a), vb = _mm_set1_epi8(b);
    for (; i + 16 <= s.size(); i += 16) {
        const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i *>(s.data() + i));
        if (const int mask = _mm_movemask_epi8(_mm_or_si128(_mm_cmpeq_epi8(v, va), _mm_cmpeq_epi8(v, vb))))
            return i + static_cast<std::size_t>(__builtin_ctz(static_cast<unsigned>(mask)));
    }
#else
    for (std::uint64_t w; i + 8 <= s.size(); i += 8) {
        std::memcpy(&w, s.data() + i, 8);
        if (detail::hasByte(w, static_cast<unsigned char>(a)) || detail::hasByte(w, static_cast<unsigned char>(b)))
            break;
    }
#endif
    for (; i < s.size(); ++i)
        if (s[i] == a || s[i] == b)
            return i;
    return std::string_view::npos;
}

// The first byte in [p, end) below 0x20 or above 0x7f (a control byte or part of a UTF-8
// sequence); `end` when every byte is printable ASCII.
inline const unsigned char *findControlOrHigh(const unsigned char *p, const unsigned char *end)
{
#if defined(__SSE2__)
    // Signed, bytes from 0x80 up are negative: one comparison finds both kinds.
    const __m128i space = _mm_set1_epi8(0x20);
    for (; end - p >= 16; p += 16) {
        const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i *>(p));
        if (const int mask = _mm_movemask_epi8(_mm_cmplt_epi8(v, space)))
            return p + __builtin_ctz(static_cast<unsigned>(mask));
    }
#else
    for (std::uint64_t w; end - p >= 8; p += 8) {
        std::memcpy(&w, p, 8);
        if (detail::hasControlOrHigh(w))
            break;
    }
#endif
    while (p < end && *p >= 0x20 && *p < 0x80)
        ++p;
    return p;
}

// The index of the first byte at or after `from` that ends a run of plain JSON string text:
// a quote, a backslash, a control byte or a byte from 0x80 up (UTF-8, which needs checking);
// npos when there is none.
inline std::size_t findJsonStringStop(std::string_view s, std::size_t from)
{
    std::size_t i = from;
#if defined(__SSE2__)
    const __m128i quote = _mm_set1_epi8('"'), backslash = _mm_set1_epi8('\\'), space = _mm_set1_epi8(0x20);
    for (; i + 16 <= s.size(); i += 16) {
        const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i *>(s.data() + i));
        const __m128i stops = _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(v, quote), _mm_cmpeq_epi8(v, backslash)), _mm_cmplt_epi8(v, space));
        if (const int mask = _mm_movemask_epi8(stops))
            return i + static_cast<std::size_t>(__builtin_ctz(static_cast<unsigned>(mask)));
    }
#else
    for (std::uint64_t w; i + 8 <= s.size(); i += 8) {
        std::memcpy(&w, s.data() + i, 8);
        if (detail::hasByte(w, '"') || detail::hasByte(w, '\\') || detail::hasControlOrHigh(w))
            break;
    }
#endif
    for (; i < s.size(); ++i) {
        const auto c = static_cast<unsigned char>(s[i]);
        if (c == '"' || c == '\\' || c < 0x20 || c >= 0x80)
            return i;
    }
    return std::string_view::npos;
}

// How many bytes of `s` are `c` (newlines before an offset: a line's number).
inline std::size_t countByte(std::string_view s, char c)
{
    std::size_t n = 0, i = 0;
#if defined(__SSE2__)
    // Each lane counts its matches (subtracting the -1 a match compares as) for up to 255 blocks, then
    // the lanes are summed: no popcount, which SSE2 lacks.
    const __m128i vc = _mm_set1_epi8(c), zero = _mm_setzero_si128();
    while (i + 16 <= s.size()) {
        __m128i lanes = zero;
        for (int block = 0; block < 255 && i + 16 <= s.size(); ++block, i += 16)
            lanes = _mm_sub_epi8(lanes, _mm_cmpeq_epi8(_mm_loadu_si128(reinterpret_cast<const __m128i *>(s.data() + i)), vc));
        const __m128i sums = _mm_sad_epu8(lanes, zero);
        n += static_cast<std::size_t>(_mm_cvtsi128_si32(sums)) + static_cast<std::size_t>(_mm_extract_epi16(sums, 4));
    }
#endif
    for (; i < s.size(); ++i)
        n += s[i] == c;
    return n;
}

} // namespace kubelane::core::bytescan
