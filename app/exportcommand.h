#pragma once
// `kubelane export`: load, analyse, frame and render the annotated timeline to PNG or PDF
// with no display (the offscreen platform, so the image does not depend on the desktop).
#include "commandline.h"
#include "loadandanalyze.h"

namespace kubelane::app {

int runExport(int argc, char **argv, const CommandLine &cl, const core::AnalyzeOptions &analyzeOptions);

} // namespace kubelane::app
