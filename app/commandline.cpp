#include "commandline.h"

#include <algorithm>
#include <utility>
#include <cctype>
#include <stdexcept>
#include <string_view>

namespace kubelane::app {

namespace {

core::SourceOverride parseOverride(const std::string &option, const std::string &text)
{
    const size_t eq = text.rfind('=');
    if (eq == std::string::npos || eq == 0 || eq + 1 == text.size())
        throw std::invalid_argument(option + " expects SOURCE=VALUE, got '" + text + "'");
    return {text.substr(0, eq), text.substr(eq + 1)};
}

core::Timestamp parseTime(const std::string &option, const std::string &text)
{
    if (auto t = core::parseRfc3339(text))
        return *t;
    if (auto t = core::parseRfc3339(text + "Z"))
        return *t;
    throw std::invalid_argument(option + " expects an RFC 3339 time such as 2020-06-18T02:13:00Z, got '" + text + "'");
}

int parseInt(const std::string &option, const std::string &text, int min, int max)
{
    try {
        size_t used = 0;
        const int v = std::stoi(text, &used);
        if (used == text.size() && v >= min && v <= max)
            return v;
    } catch (const std::exception &) { }
    throw std::invalid_argument(option + " expects a number from " + std::to_string(min) + " to " + std::to_string(max) + ", got '" + text
                                + "'");
}

std::uint64_t parseSize(const std::string &option, const std::string &text)
{
    const auto size = core::parseByteSize(text);
    if (!size || *size == 0)
        throw std::invalid_argument(option + " expects a size such as 8G, 512M or 2048K, got '" + text + "'");
    return *size;
}

bool endsWithNoCase(const std::string &path, std::string_view suffix)
{
    std::string lower = path;
    std::transform(lower.begin(), lower.end(), lower.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return lower.size() > suffix.size() && lower.ends_with(suffix);
}

// --format: text|json|markdown for analyze, png|pdf|perfetto for export.
void applyFormat(CommandLine &cl, const std::string &format)
{
    if (format.empty())
        return;
    if (cl.command == CommandLine::Command::Analyze) {
        if (format == "json")
            cl.json = true;
        else if (format == "markdown" || format == "md")
            cl.markdown = true;
        else if (format != "text")
            throw std::invalid_argument("analyze --format expects text, json or markdown, got '" + format + "'");
        if (cl.json && cl.markdown)
            throw std::invalid_argument("--json and --format markdown cannot be combined");
        return;
    }
    if (cl.command == CommandLine::Command::Export) {
        if (format == "perfetto")
            cl.perfetto = true;
        else if (format != "png" && format != "pdf")
            throw std::invalid_argument("export --format expects perfetto, png or pdf, got '" + format + "'");
        return;
    }
    throw std::invalid_argument("--format is an option of 'kubelane analyze' and 'kubelane export'");
}

} // namespace

std::string usage()
{
    return R"(Usage:
  kubelane [BUNDLE...]                 open the swimlane window (a sample bundle when none is given)
           [--finding N | --rule ID] [--from TIME] [--to TIME] [--lanes REGEX] [--zone OFFSET]
                                       ... opened on that view: the finding selected, the range
                                       shown (the whole bundle is loaded), the lane filter and
                                       zone set (File > Copy view as command writes this line)
  kubelane analyze BUNDLE... [--json | --format text|json|markdown] [--rule ID] [--verbose]
                                       print sources, counts and findings (text, JSON with
                                       --json, or a postmortem summary in Markdown: findings,
                                       causal chains, evidence lines as code blocks and the
                                       command that exports each finding's view)
  kubelane export BUNDLE... -o OUT.png|OUT.pdf [--rule ID | --finding N] [--from TIME --to TIME]
                  [--lanes REGEX] [--width PX] [--height PX] [--scale S] [--zone OFFSET]
                                       render the annotated timeline without a display:
                                       the chosen finding (or all) framed with context, or
                                       the --from/--to window; --finding N numbers as analyze
                                       prints them; --width/--height in layout pixels (1100 x
                                       as tall as needed), the PNG is that times --scale (2);
                                       exit 2 bad arguments, 3 bundle unreadable,
                                       4 nothing matches, 5 output not written
  kubelane export BUNDLE... -o TRACE.json [--format perfetto] [--rule ID | --finding N]
                  [--from TIME --to TIME] [--lanes REGEX]
                                       the timeline as Chrome Trace Event JSON for
                                       https://ui.perfetto.dev (Open trace file) and
                                       chrome://tracing: a process per node or control-plane
                                       host, a thread per lane, state spans, log lines with
                                       their raw text, orderings as flow arrows, a findings
                                       track; same exit codes

A BUNDLE is a folder, log files, .gz files or .tar/.tar.gz/.tgz/.zip archives, in any mix;
"-" reads log text from standard input (a paste: `xclip -o | kubelane analyze -`).

Options:
  --tz SOURCE=OFFSET     the UTC offset of a source's clock (+08:00); SOURCE is part of a path,
                         a node name or a component
  --year N               the year of klog lines when a file shows none
  --component SOURCE=C   the component that wrote a source (kubelet, kube-apiserver, ...)
  --node SOURCE=NAME     the node a source was written on
  --from TIME, --to TIME load only this window (export: frame it), RFC 3339
  --rules FILE           add root-cause rules from a JSON file (repeatable)
  --rule ID              only this rule's findings
  --format F             analyze: text, json (as --json) or markdown; export: png, pdf or
                         perfetto (by default from the output's suffix)
  --grace DURATION       node-monitor-grace-period to judge heartbeat gaps by (40s, 50s, 1m);
                         default: the controller-manager's flag dump, else its version's default
  --resources DIR        where events.json, goroutines.json and rules/ are
  --max-memory SIZE      stop loading past this much memory, with what is loaded and the files
                         not loaded named (8G, 512M); default: half the machine's memory
  --max-expanded SIZE    the most one archive may expand to (default 16G)
  --max-ratio N          the most one archive may expand per compressed byte (default 200):
                         past either, a decompression bomb is stopped and named
  --first-paint-report   window: open the bundle, print how long until the window was first
                         painted complete with it (and peak memory), then quit (benchmarks)
  -h, --help             this text
  --version              the version
)";
}

CommandLine parseCommandLine(const std::vector<std::string> &args)
{
    CommandLine cl;
    cl.arguments = args;
    std::string format;
    size_t i = 0;
    if (!args.empty()) {
        if (args[0] == "analyze") {
            cl.command = CommandLine::Command::Analyze;
            ++i;
        } else if (args[0] == "export") {
            cl.command = CommandLine::Command::Export;
            ++i;
        } else if (args[0] == "help") {
            cl.command = CommandLine::Command::Help;
            return cl;
        }
    }
    auto value = [&](const std::string &option) -> std::string {
        if (i + 1 >= args.size())
            throw std::invalid_argument(option + " needs a value");
        return args[++i];
    };
    for (; i < args.size(); ++i) {
        const std::string &a = args[i];
        if (a == "-h" || a == "--help") {
            cl.command = CommandLine::Command::Help;
            return cl;
        }
        if (a == "--version") {
            cl.command = CommandLine::Command::Version;
            return cl;
        }
        if (a == "--json")
            cl.json = true;
        else if (a == "--format")
            format = value(a);
        else if (a == "--verbose" || a == "-v")
            cl.verbose = true;
        else if (a == "--first-paint-report")
            cl.firstPaintReport = true;
        else if (a == "--tz")
            cl.load.utcOffsets.push_back(parseOverride(a, value(a)));
        else if (a == "--component")
            cl.load.components.push_back(parseOverride(a, value(a)));
        else if (a == "--node")
            cl.load.nodes.push_back(parseOverride(a, value(a)));
        else if (a == "--year")
            cl.load.fallbackYear = parseInt(a, value(a), 1990, 2200);
        else if (a == "--from")
            cl.load.from = parseTime(a, value(a));
        else if (a == "--to")
            cl.load.to = parseTime(a, value(a));
        else if (a == "--rules")
            cl.ruleFiles.push_back(value(a));
        else if (a == "--rule")
            cl.onlyRules.push_back(value(a));
        else if (a == "--grace") {
            const std::string v = value(a);
            cl.gracePeriod = core::parseGoDuration(v);
            if (!cl.gracePeriod || cl.gracePeriod->ns <= 0)
                throw std::invalid_argument("--grace expects a duration such as 40s or 1m, got '" + v + "'");
        } else if (a == "--resources")
            cl.resourceDir = value(a);
        else if (a == "--max-memory")
            cl.load.maxMemoryBytes = parseSize(a, value(a));
        else if (a == "--max-expanded")
            cl.load.maxExpandedBytes = parseSize(a, value(a));
        else if (a == "--max-ratio")
            cl.load.maxExpansionRatio = parseInt(a, value(a), 2, 1000000);
        else if (a == "-o" || a == "--output")
            cl.output = value(a);
        else if (a == "--finding")
            cl.finding = parseInt(a, value(a), 1, 100000);
        else if (a == "--lanes")
            cl.lanes = value(a);
        else if (a == "--zone") {
            const std::string v = value(a);
            const auto offset = core::parseUtcOffset(v); // also UTC and Z
            if (!offset)
                throw std::invalid_argument("--zone expects UTC or an offset such as +08:00, got '" + v + "'");
            cl.displayUtcOffset = *offset;
            cl.zoneGiven = true;
        } else if (a == "--width")
            cl.width = parseInt(a, value(a), 200, 20000);
        else if (a == "--height")
            cl.height = parseInt(a, value(a), 150, 20000);
        else if (a == "--scale") {
            const std::string v = value(a);
            try {
                cl.scale = std::stod(v);
            } catch (const std::exception &) {
                cl.scale = 0;
            }
            if (cl.scale < 0.5 || cl.scale > 8)
                throw std::invalid_argument("--scale expects a factor from 0.5 to 8, got '" + v + "'");
        } else if (a.starts_with("-") && a.size() > 1)
            throw std::invalid_argument("unknown option " + a);
        else
            cl.inputs.push_back(a);
    }
    for (const auto &tz : cl.load.utcOffsets)
        if (!core::parseUtcOffset(tz.value))
            throw std::invalid_argument("--tz expects an offset such as +08:00, got '" + tz.value + "'");
    if (cl.load.from && cl.load.to && *cl.load.to < *cl.load.from)
        throw std::invalid_argument("--to is before --from");
    if ((cl.command == CommandLine::Command::Analyze || cl.command == CommandLine::Command::Export) && cl.inputs.empty())
        throw std::invalid_argument("no bundle given");
    applyFormat(cl, format);
    if (cl.command == CommandLine::Command::Analyze && (cl.finding || !cl.output.empty() || !cl.lanes.empty()))
        throw std::invalid_argument("-o, --finding and --lanes are options of 'kubelane export' and the window");
    // Export and the window, the commands left that take --finding.
    if (cl.finding && !cl.onlyRules.empty())
        throw std::invalid_argument("--finding and --rule cannot be combined: --finding numbers the findings of 'kubelane analyze'");
    if (cl.command == CommandLine::Command::Export) {
        if (cl.output.empty())
            throw std::invalid_argument("export needs -o OUT.png, -o OUT.pdf or -o TRACE.json");
        if (!cl.perfetto && format.empty() && endsWithNoCase(cl.output, ".json"))
            cl.perfetto = true;
        if (!cl.perfetto && !endsWithNoCase(cl.output, ".png") && !endsWithNoCase(cl.output, ".pdf"))
            throw std::invalid_argument("-o " + cl.output + ": the output must end in .png, .pdf or .json (--format perfetto)");
    }
    if (cl.command == CommandLine::Command::Gui) {
        // The window loads the whole bundle and opens on this range of it.
        cl.viewFrom = std::exchange(cl.load.from, std::nullopt);
        cl.viewTo = std::exchange(cl.load.to, std::nullopt);
        if (!cl.output.empty())
            throw std::invalid_argument("-o is an option of 'kubelane export'");
    }
    return cl;
}

} // namespace kubelane::app
