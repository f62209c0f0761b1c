#pragma once
// Shared by the libFuzzer targets: the input as text, and the invariants every line parser
// keeps (views it returns lie inside the line it was given). A broken invariant traps, so
// libFuzzer records the input as a crash like any sanitizer report.
#include "core/util/textscan.h"

#include <cstddef>
#include <cstdint>
#include <string_view>

// Each target is a function: libFuzzer's entry point, or with KUBELANE_FUZZ_REPLAY a plain
// function named after the target, which tests/tst_fuzzregressions.cpp calls on every input
// that once crashed it (tests/fuzz-regressions/<target>/).
#ifdef KUBELANE_FUZZ_REPLAY
#define KUBELANE_FUZZ_TARGET(name) int name(const std::uint8_t *data, std::size_t size)
#else
#define KUBELANE_FUZZ_TARGET(name) extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
#endif

namespace kubelane::fuzz {

inline std::string_view text(const std::uint8_t *data, std::size_t size)
{
    return {reinterpret_cast<const char *>(data), size};
}

// An empty view may point anywhere; any other must lie within `whole`.
inline void requireInside(std::string_view part, std::string_view whole)
{
    if (!part.empty() && !kubelane::core::text::liesWithin(part, whole))
        __builtin_trap();
}

} // namespace kubelane::fuzz
