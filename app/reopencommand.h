#pragma once
// The `kubelane export` command that shows a finding of `kubelane analyze` again: the same
// bundle and loading options, the finding by number (or, when --rule/--from/--to changed
// the numbering, by its window), a PNG named after it. The window does not take --finding
// yet, so the picture is the view to share.
#include "commandline.h"

#include "core/rules/finding.h"

#include <string>

namespace kubelane::app {

// "" when the bundle cannot be named again (it was read from standard input).
std::string exportCommandForFinding(const CommandLine &cl, std::size_t index, const core::Finding &finding);

// A word for a POSIX shell: as is when that is safe, else in single quotes.
std::string shellQuote(const std::string &word);

} // namespace kubelane::app
