#pragma once
// Where a load's time and memory go, stage by stage: with KUBELANE_STAGES set in the
// environment, each stage's wall and CPU time and the process's resident memory at its end
// (and the highest so far) go to standard error, one line each. For measuring
// (docs/performance.md); without the variable a stage costs one branch.
#include <string_view>

namespace kubelane::core {

// Marks the end of the stage that started at the previous mark (or at the first call).
void stageDone(std::string_view name);

} // namespace kubelane::core
