#include "loadandanalyze.h"

#include "core/input/bundlereader.h"

#include <algorithm>
#include <iostream>
#include <iterator>

namespace kubelane::app {

namespace {

// "-" among the inputs: the bundle is also what is piped in (a paste), held in memory only.
std::shared_ptr<const core::Incident> loadWithStandardInput(const std::vector<std::string> &inputs, const core::LoadOptions &load)
{
    std::vector<core::InputFile> files;
    std::vector<std::string> paths;
    std::copy_if(inputs.begin(), inputs.end(), std::back_inserter(paths), [](const std::string &i) { return i != "-"; });
    if (!paths.empty()) {
        core::BundleReadOptions readOptions;
        readOptions.cancel = load.cancel;
        files = core::readBundle(paths, readOptions).files;
    }
    core::InputFile pasted;
    pasted.path = kStandardInputName;
    pasted.bytes = core::makeBytes(std::string(std::istreambuf_iterator<char>(std::cin), std::istreambuf_iterator<char>()));
    // Archives are read from their paths (nested members, sizes checked): piped, they would
    // read as binary text.
    if (core::looksLikeArchive(std::string_view(*pasted.bytes).substr(0, 512)))
        throw core::LoadError(std::string(kStandardInputName) + " holds an archive: give its path instead of piping it");
    if (pasted.bytes->empty() && paths.empty())
        throw core::LoadError(std::string(kStandardInputName) + " is empty: pipe the log text in, e.g. `xclip -o | kubelane analyze -`");
    files.push_back(std::move(pasted));
    return core::loadBundle(std::move(files), load);
}

} // namespace

LoadedAnalysis loadAndAnalyze(const std::vector<std::string> &inputs, const core::LoadOptions &load, const core::AnalyzeOptions &analyze,
                              const BesideAnalysis &beside)
{
    try {
        const bool fromStandardInput = std::find(inputs.begin(), inputs.end(), "-") != inputs.end();
        auto incident = fromStandardInput ? loadWithStandardInput(inputs, load) : core::loadBundle(inputs, load);
        if (beside)
            beside(incident);
        return {core::analyzeIncident(std::move(incident), analyze), kExitOk};
    } catch (const core::LoadError &e) {
        std::cerr << "kubelane: " << e.what() << "\n";
        return {nullptr, kExitLoadFailed};
    } catch (const core::RuleError &e) {
        std::cerr << "kubelane: " << e.what() << "\n";
        return {nullptr, kExitBadArguments};
    }
}

} // namespace kubelane::app
