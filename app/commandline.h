#pragma once
// The kubelane command line:
//   kubelane [BUNDLE...]                       open the window (a sample when none is given)
//   kubelane analyze BUNDLE... [--json | --format text|json|markdown] [--rule ID] [--verbose]
//   kubelane export BUNDLE... -o OUT.png|OUT.pdf|OUT.json [--format perfetto] [...]   (see README)
// Options shared by all: --tz SOURCE=+08:00, --year N, --component SOURCE=NAME,
// --node SOURCE=NAME, --from TIME, --to TIME, --rules FILE, --resources DIR.
#include "core/load/loader.h"

#include <optional>
#include <string>
#include <vector>

namespace kubelane::app {

struct CommandLine {
    enum class Command { Gui, Analyze, Export, Help, Version } command = Command::Gui;
    std::vector<std::string> arguments; // as given (after the program name), for commands that repeat them
    std::vector<std::string> inputs;
    core::LoadOptions load;
    std::vector<std::string> ruleFiles;
    std::string resourceDir;
    bool json = false;     // analyze --json (or --format json)
    bool markdown = false; // analyze --format markdown
    bool perfetto = false; // export --format perfetto (or -o *.json)
    bool verbose = false;
    bool firstPaintReport = false; // window: print open -> first complete paint, then quit (benchmark)
    std::vector<std::string> onlyRules;
    std::optional<core::Duration> gracePeriod; // --grace
    // export
    std::string output;
    std::optional<int> finding;
    std::string lanes;
    int width = 0, height = 0;
    double scale = 2.0;
    int displayUtcOffset = 0; // --zone: the zone of the image's time labels
    bool zoneGiven = false;
    // window: --from/--to set the visible range instead of cutting the load (a shared view
    // must show the same bundle); --finding, --rule, --lanes, --zone as for export
    std::optional<core::Timestamp> viewFrom, viewTo;
};

// Throws std::invalid_argument with a message for the user.
CommandLine parseCommandLine(const std::vector<std::string> &args);
std::string usage();

} // namespace kubelane::app
