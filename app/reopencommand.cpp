#include "reopencommand.h"

#include <algorithm>
#include <cctype>
#include <string_view>
#include <set>

namespace kubelane::app {

std::string shellQuote(const std::string &word)
{
    const bool safe = !word.empty() && std::all_of(word.begin(), word.end(), [](unsigned char c) {
        return std::isalnum(c) || std::string_view("_./:=+,-@%").find(static_cast<char>(c)) != std::string_view::npos;
    });
    if (safe)
        return word;
    std::string out = "'";
    for (char c : word)
        out += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return out + "'";
}

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
    // What only analyze reads, and the window export frames itself.
    static const std::set<std::string> dropped = {"analyze", "--json", "--verbose", "-v"};
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
        command += " " + shellQuote(a);
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
