#pragma once
// `kubelane export`: load, analyse, frame and render the annotated timeline to PNG or PDF
// with no display (the offscreen platform, so the image does not depend on the desktop).
#include "commandline.h"

#include "core/analysis/analyzer.h"

namespace kubelane::app {

// Exit codes of `kubelane export` (documented in the README).
constexpr int kExitOk = 0;
constexpr int kExitBadArguments = 2;
constexpr int kExitLoadFailed = 3;
constexpr int kExitNothingMatches = 4;
constexpr int kExitCannotWrite = 5;

int runExport(int argc, char **argv, const CommandLine &cl, const core::AnalyzeOptions &analyzeOptions);

} // namespace kubelane::app
