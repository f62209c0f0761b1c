#pragma once
// What can be read off an RE2 pattern's text without running it: whether it is anchored at
// the message's start, which bytes a match can start with, which literal text every match
// starts with or contains. The catalog uses these to skip work that provably cannot match;
// each answer errs towards "could match" whenever the pattern is beyond this reading.
#include <bitset>
#include <string>
#include <string_view>
#include <vector>

namespace kubelane::core {

// True when `re` can only match at the start of the text: it begins with ^ and has no
// alternative outside parentheses ("^a|b" matches "xb"). Unsure means false.
bool anchoredAtStart(std::string_view re);

// The literal text every match of unanchored `re` starts with ("rpc error: code = " of
// "rpc error: code = (?P<code>\\w+)"); "" when it starts with anything else. Case-insensitive
// flags end it too.
std::string leadingLiteral(std::string_view re);

// Of a pattern anchored at the start (anchoredAtStart): what every match begins with and
// contains.
struct AnchoredShape {
    std::bitset<256> firstBytes;       // the bytes a match can start with (all: unsure)
    std::string prefix;                // literal text every match starts with ("" when none)
    std::vector<std::string> literals; // literal texts every match contains, longest first
};
AnchoredShape anchoredShape(std::string_view re);

} // namespace kubelane::core
