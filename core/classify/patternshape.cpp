#include "patternshape.h"

#include "../util/textscan.h"

#include <algorithm>
#include <cctype>
#include <optional>
#include <vector>

namespace kubelane::core {

namespace {

using ByteSet = std::bitset<256>;

ByteSet allBytes()
{
    return ByteSet().set();
}

bool isAscii(char c)
{
    return static_cast<unsigned char>(c) < 0x80;
}

using text::isAlnum;

// Where the class opening at `open` ('[') closes; its closing bracket may come first ("[]a]",
// "[^]a]"). re.size() when it does not close.
std::size_t classEnd(std::string_view re, std::size_t open)
{
    std::size_t j = open + 1;
    if (j < re.size() && re[j] == '^')
        ++j;
    if (j < re.size() && re[j] == ']')
        ++j;
    for (; j < re.size() && re[j] != ']'; ++j)
        if (re[j] == '\\')
            ++j;
        else if (re[j] == '[' && j + 1 < re.size() && re[j + 1] == ':') // [:alpha:]
            j = std::min(re.find(":]", j + 2), re.size() - 1) + 1;
    return std::min(j, re.size());
}

// Where the group opening at `open` ('(') closes; re.size() when it does not close.
std::size_t groupEnd(std::string_view re, std::size_t open)
{
    int depth = 0;
    for (std::size_t i = open; i < re.size(); ++i) {
        const char c = re[i];
        if (c == '\\')
            ++i;
        else if (c == '[')
            i = classEnd(re, i);
        else if (c == '(')
            ++depth;
        else if (c == ')' && --depth == 0)
            return i;
    }
    return re.size();
}

// The bytes of \d, \w, \s and their complements; nullopt for any other letter.
std::optional<ByteSet> perlClass(char letter)
{
    ByteSet s;
    const char lower = static_cast<char>(std::tolower(static_cast<unsigned char>(letter)));
    for (int b = 0; b < 128; ++b) {
        const bool in = lower == 'd' ? std::isdigit(b) != 0
            : lower == 'w'           ? std::isalnum(b) != 0 || b == '_'
            : lower == 's'           ? b == ' ' || b == '\t' || b == '\n' || b == '\f' || b == '\r'
                                     : false;
        s[static_cast<std::size_t>(b)] = in;
    }
    if (lower != 'd' && lower != 'w' && lower != 's')
        return std::nullopt;
    return letter == lower ? s : ~s;
}

// The bytes a class ("[A-Za-z_]", "[^/?\\s]") matches; all when it is beyond this reading.
ByteSet classBytes(std::string_view re, std::size_t open, std::size_t close)
{
    std::size_t i = open + 1;
    const bool negated = i < close && re[i] == '^';
    if (negated)
        ++i;
    ByteSet s;
    // One member at i: a character (set in `c`) or a Perl class (added to s); false when unsure.
    auto member = [&](std::size_t &at, std::optional<char> &c) {
        c.reset();
        if (!isAscii(re[at]) || (re[at] == '[' && at + 1 < close && re[at + 1] == ':'))
            return false;
        if (re[at] != '\\') {
            c = re[at++];
            return true;
        }
        if (at + 1 >= close)
            return false;
        const char e = re[at + 1];
        at += 2;
        if (!isAlnum(e)) {
            c = e;
            return true;
        }
        const auto perl = perlClass(e);
        if (perl)
            s |= *perl;
        return perl.has_value();
    };
    bool first = true;
    while (i < close) {
        std::optional<char> lo;
        if (first && re[i] == ']') { // "[]a]": a leading bracket is a member
            lo = ']';
            ++i;
        } else if (!member(i, lo)) {
            return allBytes();
        }
        first = false;
        if (!lo)
            continue;
        if (i + 1 < close && re[i] == '-') { // a range "a-z"; a '-' before the end is itself
            std::size_t at = i + 1;
            std::optional<char> hi;
            if (!member(at, hi) || !hi || *hi < *lo)
                return allBytes();
            for (int b = static_cast<unsigned char>(*lo); b <= static_cast<unsigned char>(*hi); ++b)
                s.set(static_cast<std::size_t>(b));
            i = at;
        } else {
            s.set(static_cast<unsigned char>(*lo));
        }
    }
    return negated ? ~s : s;
}

// One element of a pattern read at the top of a sequence, with its quantifier.
struct Element {
    enum class Kind : std::uint8_t { Literal, Bytes, Group, Unsure } kind = Kind::Unsure;
    char literal = 0;
    ByteSet bytes;           // Bytes
    std::string_view body;   // Group: between the parentheses, without "?:" or "?P<name>"
    bool mayBeEmpty = false; // a quantifier that allows none (?, *, {0,}), or zero width (^, $, \b)
    bool repeats = false;    // a quantifier that allows more than one (+, *, {n,})
};

// Reads the quantifier at `i`, if any; false when it is beyond this reading.
bool readQuantifier(std::string_view re, std::size_t &i, Element &e)
{
    if (i >= re.size())
        return true;
    const char q = re[i];
    if (q == '?' || q == '*' || q == '+') {
        e.mayBeEmpty = e.mayBeEmpty || q != '+';
        e.repeats = q != '?';
        ++i;
    } else if (q == '{') {
        std::size_t j = i + 1;
        int least = 0;
        bool digits = false;
        for (; j < re.size() && std::isdigit(static_cast<unsigned char>(re[j])); ++j, digits = true)
            least = std::min(least * 10 + (re[j] - '0'), 1000);
        if (!digits)
            return false; // RE2 reads a '{' that starts no repetition as itself; not worth it here
        while (j < re.size() && (re[j] == ',' || std::isdigit(static_cast<unsigned char>(re[j]))))
            ++j;
        if (j >= re.size() || re[j] != '}')
            return false;
        e.mayBeEmpty = e.mayBeEmpty || least == 0;
        e.repeats = true;
        i = j + 1;
    } else {
        return true;
    }
    if (i < re.size() && re[i] == '?') // non-greedy
        ++i;
    return true;
}

// The elements of a sequence with no alternative at its top; nullopt when it has one or is
// beyond this reading.
std::optional<std::vector<Element>> readSequence(std::string_view re)
{
    std::vector<Element> out;
    for (std::size_t i = 0; i < re.size();) {
        Element e;
        const char c = re[i];
        if (c == '|' || c == ')')
            return std::nullopt;
        if (!isAscii(c)) {
            ++i; // a byte of a multi-byte character: what follows may quantify the whole of it
        } else if (c == '\\') {
            if (i + 1 >= re.size())
                return std::nullopt;
            const char x = re[i + 1];
            i += 2;
            if (!isAscii(x))
                return std::nullopt;
            if (!isAlnum(x)) {
                e.kind = Element::Kind::Literal;
                e.literal = x;
            } else if (const auto perl = perlClass(x)) {
                e.kind = Element::Kind::Bytes;
                e.bytes = *perl;
            } else {
                e.mayBeEmpty = true; // \b, \A, \z... or an escape not read here
            }
        } else if (c == '[') {
            const std::size_t close = classEnd(re, i);
            if (close >= re.size())
                return std::nullopt;
            e.kind = Element::Kind::Bytes;
            e.bytes = classBytes(re, i, close);
            i = close + 1;
        } else if (c == '(') {
            const std::size_t close = groupEnd(re, i);
            if (close >= re.size())
                return std::nullopt;
            std::string_view body = re.substr(i + 1, close - i - 1);
            if (body.starts_with("?:")) {
                body.remove_prefix(2);
            } else if (body.starts_with("?P<")) {
                const std::size_t name = body.find('>');
                if (name == std::string_view::npos)
                    return std::nullopt;
                body.remove_prefix(name + 1);
            } else if (body.starts_with('?')) {
                return std::nullopt; // flags: they change how the rest reads
            }
            e.kind = Element::Kind::Group;
            e.body = body;
            i = close + 1;
        } else if (c == '.') {
            e.kind = Element::Kind::Bytes;
            e.bytes = allBytes();
            ++i;
        } else if (c == '^' || c == '$') {
            e.mayBeEmpty = true;
            ++i;
        } else if (c == '*' || c == '+' || c == '?' || c == '{' || c == ']' || c == '}') {
            return std::nullopt;
        } else {
            e.kind = Element::Kind::Literal;
            e.literal = c;
            ++i;
        }
        if (!readQuantifier(re, i, e))
            return std::nullopt;
        out.push_back(e);
    }
    return out;
}

// The alternatives at the top of `re` ("a|b(c|d)" -> "a", "b(c|d)").
std::vector<std::string_view> alternatives(std::string_view re)
{
    std::vector<std::string_view> out;
    std::size_t start = 0;
    for (std::size_t i = 0; i < re.size(); ++i) {
        if (re[i] == '\\')
            ++i;
        else if (re[i] == '[')
            i = classEnd(re, i);
        else if (re[i] == '(')
            i = groupEnd(re, i);
        else if (re[i] == '|') {
            out.push_back(re.substr(start, i - start));
            start = i + 1;
        }
    }
    out.push_back(re.substr(std::min(start, re.size())));
    return out;
}

ByteSet firstBytesOf(std::string_view re, int depth);

ByteSet firstBytesOf(const std::vector<Element> &sequence, int depth)
{
    if (sequence.empty() || sequence.front().mayBeEmpty)
        return allBytes();
    const Element &e = sequence.front();
    switch (e.kind) {
    case Element::Kind::Literal: return ByteSet().set(static_cast<unsigned char>(e.literal));
    case Element::Kind::Bytes: return e.bytes;
    case Element::Kind::Group: return firstBytesOf(e.body, depth + 1);
    case Element::Kind::Unsure: break;
    }
    return allBytes();
}

ByteSet firstBytesOf(std::string_view re, int depth)
{
    if (depth > 16)
        return allBytes();
    ByteSet out;
    for (std::string_view alternative : alternatives(re)) {
        const auto sequence = readSequence(alternative);
        out |= sequence ? firstBytesOf(*sequence, depth) : allBytes();
    }
    return out;
}

} // namespace

bool anchoredAtStart(std::string_view re)
{
    if (!re.starts_with('^'))
        return false;
    // An alternative outside every group ("^a|b") is not anchored; groups are skipped whole.
    for (std::size_t i = 1; i < re.size(); ++i) {
        const char c = re[i];
        if (c == '\\')
            ++i;
        else if (c == '[')
            i = classEnd(re, i);
        else if (c == '(')
            i = groupEnd(re, i);
        else if (c == '|')
            return false;
    }
    return true;
}

std::string leadingLiteral(std::string_view re)
{
    std::string out;
    for (std::size_t i = 0; i < re.size(); ++i) {
        const char c = re[i];
        if (c == '?' || c == '*' || c == '{') { // the quantifier makes the last character optional
            if (!out.empty())
                out.pop_back();
            break;
        }
        if (c == '\\' && i + 1 < re.size() && isAscii(re[i + 1]) && !isAlnum(re[i + 1])) {
            out += re[++i];
            continue;
        }
        // A quantifier after a multi-byte character makes all its bytes optional: stop before one.
        if (!isAscii(c) || c == '\\' || c == '^' || c == '$' || c == '.' || c == '|' || c == '+' || c == '(' || c == ')' || c == '['
            || c == ']')
            break;
        out += c;
    }
    // "ab+" repeats its b: still starts with "ab". An alternative anywhere may start otherwise.
    if (re.find('|') != std::string_view::npos)
        return {};
    return out;
}

AnchoredShape anchoredShape(std::string_view re)
{
    AnchoredShape shape;
    shape.firstBytes = allBytes();
    if (!anchoredAtStart(re))
        return shape;
    const auto sequence = readSequence(re.substr(1));
    if (!sequence)
        return shape;
    shape.firstBytes = firstBytesOf(*sequence, 0);
    // Runs of literal characters at the top, none of them optional, are in every match.
    std::string run;
    bool runStartsMatch = true;
    auto endRun = [&] {
        if (runStartsMatch)
            shape.prefix = run;
        if (!run.empty())
            shape.literals.push_back(std::move(run));
        run.clear();
        runStartsMatch = false;
    };
    for (const Element &e : *sequence) {
        if (e.kind != Element::Kind::Literal || e.mayBeEmpty) {
            endRun();
            continue;
        }
        run += e.literal;
        if (e.repeats) // "ab+c": "ab", then more b or the c
            endRun();
    }
    endRun();
    std::stable_sort(shape.literals.begin(), shape.literals.end(),
                     [](const std::string &a, const std::string &b) { return a.size() > b.size(); });
    return shape;
}

} // namespace kubelane::core
