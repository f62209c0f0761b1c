#pragma once
// The `kubelane export` command that shows a finding of `kubelane analyze` again: the same
// bundle and loading options, the finding by number (or, when --rule/--from/--to changed
// the numbering, by its window), a PNG named after it.
#include "commandline.h"

#include "core/rules/finding.h"

#include <string>

namespace kubelane::app {

// "" when the bundle cannot be named again (it was read from standard input).
std::string exportCommandForFinding(const CommandLine &cl, std::size_t index, const core::Finding &finding);

// The same view in the window: `kubelane BUNDLE... --finding N` (the window loads the whole
// bundle, so --from/--to there only frame the view); "" for standard input.
std::string windowCommandForFinding(const CommandLine &cl, std::size_t index, const core::Finding &finding);

} // namespace kubelane::app
