#pragma once
// What every headless command starts with: load the bundle and run the rules, or say why not
// on stderr with the documented exit code.
#include "core/analysis/analyzer.h"
#include "core/load/loader.h"

#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace kubelane::app {

// Exit codes of the command line (documented in the README and `kubelane --help`).
constexpr int kExitOk = 0;
constexpr int kExitBadArguments = 2;   // also a broken rule file
constexpr int kExitLoadFailed = 3;     // nothing readable in the bundle
constexpr int kExitNothingMatches = 4; // export: no such finding, empty window
constexpr int kExitCannotWrite = 5;    // export: the output could not be written

// The source name of a bundle read from standard input (`kubelane analyze -`).
inline constexpr const char *kStandardInputName = "(standard input)";

struct LoadedAnalysis {
    std::shared_ptr<const core::Analysis> analysis; // null on failure
    int exitCode = kExitOk;
};

// Work that needs the loaded incident only, started before the facts and rules run so that it
// runs beside them (the export places the events in their lanes on the other core). Not called
// when the load fails.
using BesideAnalysis = std::function<void(const std::shared_ptr<const core::Incident> &)>;

// An input "-" is standard input, read to its end (a paste piped in).
LoadedAnalysis loadAndAnalyze(const std::vector<std::string> &inputs, const core::LoadOptions &load, const core::AnalyzeOptions &analyze,
                              const BesideAnalysis &beside = {});

} // namespace kubelane::app
