#include "loadandanalyze.h"

#include <iostream>

namespace kubelane::app {

LoadedAnalysis loadAndAnalyze(const std::vector<std::string> &inputs, const core::LoadOptions &load, const core::AnalyzeOptions &analyze)
{
    try {
        return {core::analyzeIncident(core::loadBundle(inputs, load), analyze), kExitOk};
    } catch (const core::LoadError &e) {
        std::cerr << "kubelane: " << e.what() << "\n";
        return {nullptr, kExitLoadFailed};
    } catch (const core::RuleError &e) {
        std::cerr << "kubelane: " << e.what() << "\n";
        return {nullptr, kExitBadArguments};
    }
}

} // namespace kubelane::app
