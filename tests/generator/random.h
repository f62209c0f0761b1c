#pragma once
// Deterministic randomness for the bundle generator. std::mt19937_64 is specified bit for bit
// by the standard, but std::uniform_int_distribution and friends are not (libstdc++ and libc++
// give different numbers), so every distribution here is written out by hand: the same seed
// gives the same bundle with any standard library.
#include <cmath>
#include <cstdint>
#include <random>
#include <string>
#include <string_view>
#include <vector>

namespace kubelane::bundlegen {

class Random {
public:
    explicit Random(std::uint64_t seed) : m_engine(seed), m_seed(seed) { }

    // An independent stream for one part of the bundle: adding noise to one log does not move
    // the times of another's incidents.
    Random fork(std::string_view salt) const
    {
        std::uint64_t h = 1469598103934665603ull; // FNV-1a over the salt, mixed with this seed
        for (unsigned char c : salt)
            h = (h ^ c) * 1099511628211ull;
        return Random(splitmix(m_seed ^ h));
    }

    std::uint64_t next() { return m_engine(); }

    // Uniform in [0, n), without modulo bias (rejection of the short last block).
    std::uint64_t below(std::uint64_t n)
    {
        if (n <= 1)
            return 0;
        const std::uint64_t limit = ~std::uint64_t(0) - (~std::uint64_t(0) % n);
        std::uint64_t x;
        do
            x = next();
        while (x >= limit);
        return x % n;
    }

    // Uniform integer in [lo, hi].
    std::int64_t between(std::int64_t lo, std::int64_t hi)
    {
        return hi <= lo ? lo : lo + static_cast<std::int64_t>(below(static_cast<std::uint64_t>(hi - lo) + 1));
    }

    // Uniform in [0, 1) from the top 53 bits.
    double unit() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }
    double real(double lo, double hi) { return lo + (hi - lo) * unit(); }
    bool chance(double p) { return unit() < p; }
    double exponential(double mean) { return -mean * std::log1p(-unit()); }

    template <typename T> const T &pick(const std::vector<T> &v) { return v[below(v.size())]; }

    template <typename T> void shuffle(std::vector<T> &v)
    {
        for (std::size_t i = v.size(); i > 1; --i)
            std::swap(v[i - 1], v[below(i)]);
    }

    std::string hex(int digits)
    {
        static constexpr char kHex[] = "0123456789abcdef";
        std::string s(static_cast<std::size_t>(digits), '0');
        for (auto &c : s)
            c = kHex[below(16)];
        return s;
    }

    // Random (version 4) UUID text.
    std::string uuid()
    {
        std::string s = hex(8) + "-" + hex(4) + "-4" + hex(3) + "-";
        s += "89ab"[below(4)];
        return s + hex(3) + "-" + hex(12);
    }

    // Characters Kubernetes uses for generated name suffixes (no vowels, no 0/1/3).
    std::string nameSuffix(int length)
    {
        static constexpr std::string_view kAlphabet = "bcdfghjklmnpqrstvwxz2456789";
        std::string s;
        for (int i = 0; i < length; ++i)
            s += kAlphabet[below(kAlphabet.size())];
        return s;
    }

private:
    static std::uint64_t splitmix(std::uint64_t x)
    {
        x += 0x9e3779b97f4a7c15ull;
        x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
        x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
        return x ^ (x >> 31);
    }

    std::mt19937_64 m_engine;
    std::uint64_t m_seed; // fork() derives from the seed, not from how far the engine has run
};

} // namespace kubelane::bundlegen
