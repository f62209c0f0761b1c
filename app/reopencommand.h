#pragma once
// The commands that show a finding of `kubelane analyze` again: the same bundle and loading
// options, the finding by number (or, when --rule/--from/--to changed the numbering, by its
// window with the context an export frames around a finding), in the window or as a PNG
// named after it.
#include "commandline.h"

#include "core/rules/finding.h"

#include <string>

namespace kubelane::app {

struct ReopenCommands {
    std::string window;      // kubelane BUNDLE... --finding N (the window loads the whole bundle)
    std::string exportImage; // kubelane export BUNDLE... --finding N -o finding-N.png
};

// Made once per command line: the bundle and loading options are the same words for every
// finding, so they are picked out of the arguments and quoted once, not once per finding.
class ReopenCommandMaker {
public:
    explicit ReopenCommandMaker(const CommandLine &cl);

    // Both commands, each "" when the bundle cannot be named again (it was read from
    // standard input).
    ReopenCommands forFinding(std::size_t index, const core::Finding &finding) const;

private:
    std::string m_words;                // " BUNDLE --tz ...", quoted
    bool m_reopenable = true;           // false for standard input
    bool m_numberedDifferently = false; // --rule, --from or --to: findings named by their window
};

// One of them, for a single finding.
std::string exportCommandForFinding(const CommandLine &cl, std::size_t index, const core::Finding &finding);
std::string windowCommandForFinding(const CommandLine &cl, std::size_t index, const core::Finding &finding);

} // namespace kubelane::app
