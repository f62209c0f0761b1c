#pragma once
#include <stdexcept>

namespace kubelane::core {

// A rule file that cannot be used; the message names the file, the rule and what is wrong.
class RuleError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

} // namespace kubelane::core
