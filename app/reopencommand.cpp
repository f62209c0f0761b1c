#include "reopencommand.h"

#include "core/util/shellquote.h"

#include <algorithm>
#include <set>

namespace kubelane::app {

std::string windowCommandForFinding(const CommandLine &cl, std::size_t index, const core::Finding &finding)
{
    std::string command = exportCommandForFinding(cl, index, finding);
    if (command.empty())
        return command;
    // The export line without "export" and its output: the window takes the same options.
    command.replace(0, std::string("kubelane export").size(), "kubelane");
    return command.substr(0, command.rfind(" -o "));
}

std::string exportCommandForFinding(const CommandLine &cl, std::size_t index, const core::Finding &finding)
{
    if (std::find(cl.inputs.begin(), cl.inputs.end(), "-") != cl.inputs.end())
        return {};
    // What only analyze reads, and the window export frames itself. The subcommand is the
    // first argument only: a bundle folder named "analyze" further on stays.
    static const std::set<std::string> dropped = {"--json", "--verbose", "-v"};
    static const std::set<std::string> droppedWithValue = {"--format", "--from", "--to"};
    std::string command = "kubelane export";
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
        command += " " + core::shellQuote(a);
    }
    // --rule, --from and --to number the findings differently from a whole-bundle export.
    const bool numberedDifferently = !cl.onlyRules.empty() || cl.load.from || cl.load.to;
    const std::string n = std::to_string(index + 1);
    if (numberedDifferently)
        command += " --from " + core::formatRfc3339(finding.start, 9) + " --to " + core::formatRfc3339(finding.end, 9);
    else
        command += " --finding " + n;
    return command + " -o finding-" + n + ".png";
}

} // namespace kubelane::app
