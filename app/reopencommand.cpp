#include "reopencommand.h"

#include "core/util/shellquote.h"
#include "core/model/timewindow.h"

#include <algorithm>
#include <set>

namespace kubelane::app {

ReopenCommandMaker::ReopenCommandMaker(const CommandLine &cl)
{
    if (std::find(cl.inputs.begin(), cl.inputs.end(), "-") != cl.inputs.end()) {
        m_reopenable = false;
        return;
    }
    // What only analyze reads, and the window the finding is framed in. The subcommand is
    // the first argument only: a bundle folder named "analyze" further on stays.
    static const std::set<std::string> dropped = {"--json", "--verbose", "-v"};
    static const std::set<std::string> droppedWithValue = {"--format", "--from", "--to"};
    for (std::size_t i = 0; i < cl.arguments.size(); ++i) {
        const std::string &a = cl.arguments[i];
        if (i == 0 && a == "analyze")
            continue;
        if (dropped.count(a))
            continue;
        if (droppedWithValue.count(a)) {
            ++i;
            continue;
        }
        m_words += " " + core::shellQuote(a);
    }
    // --rule, --from and --to number the findings differently from a whole-bundle export.
    m_numberedDifferently = !cl.onlyRules.empty() || cl.load.from || cl.load.to;
}

ReopenCommands ReopenCommandMaker::forFinding(std::size_t index, const core::Finding &finding) const
{
    if (!m_reopenable)
        return {};
    const std::string n = std::to_string(index + 1);
    std::string words = m_words;
    if (m_numberedDifferently) {
        // Named by its window, with the context --finding would frame around it.
        const auto [from, to] = core::framedWindow(finding.start, finding.end);
        words += " --from " + core::formatRfc3339(from, 9) + " --to " + core::formatRfc3339(to, 9);
    } else {
        words += " --finding " + n;
    }
    return {"kubelane" + words, "kubelane export" + words + " -o finding-" + n + ".png"};
}

std::string exportCommandForFinding(const CommandLine &cl, std::size_t index, const core::Finding &finding)
{
    return ReopenCommandMaker(cl).forFinding(index, finding).exportImage;
}

std::string windowCommandForFinding(const CommandLine &cl, std::size_t index, const core::Finding &finding)
{
    return ReopenCommandMaker(cl).forFinding(index, finding).window;
}

} // namespace kubelane::app
