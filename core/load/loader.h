#pragma once
// Loads a bundle into an Incident: read (archives in memory) -> parse files in parallel ->
// resolve each source's clock -> merge into one time-ordered store -> correlate pods and
// containers across lines and sources. Progress and cancellation for the GUI's worker thread.
#include "../input/bundlereader.h"
#include "../model/incident.h"

#include <atomic>
#include <functional>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace kubelane::core {

struct LoadProgress {
    enum class Stage { Reading, Parsing, Merging, Done } stage = Stage::Reading;
    std::size_t filesDone = 0, filesTotal = 0;
    std::uint64_t bytesDone = 0, bytesTotal = 0;
    std::uint64_t events = 0;
    std::string currentFile;
};

// "PATTERN=VALUE": PATTERN matches a source whose path contains it, or whose node or
// component equals it.
struct SourceOverride {
    std::string pattern;
    std::string value;
};

// Half the machine's memory, at least 1 GiB: a load past it would push the desktop into swap.
std::uint64_t defaultMaxMemory();

struct LoadOptions {
    std::string resourceDir;                // events.json, goroutines.json
    std::vector<SourceOverride> utcOffsets; // --tz
    std::vector<SourceOverride> components; // --component
    std::vector<SourceOverride> nodes;      // --node
    int fallbackYear = 0;                   // --year, when a file shows none
    std::optional<Timestamp> from, to;      // load only this window
    unsigned threads = 0;                   // 0 = hardware concurrency
    // Limits against hostile bundles (README, "Bad input"). An archive stops at an expansion
    // past these (--max-expanded, --max-ratio); files past the memory bound are not parsed,
    // each named, and the load goes on with what it has (--max-memory).
    std::uint64_t maxExpandedBytes = BundleReadOptions{}.maxExpandedBytes;
    double maxExpansionRatio = BundleReadOptions{}.maxExpansionRatio;
    std::optional<std::uint64_t> maxMemoryBytes; // --max-memory; nothing: the window's setting or defaultMaxMemory()
    std::function<void(const LoadProgress &)> progress;
    const std::atomic<bool> *cancel = nullptr;
};

class LoadError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

// Throws LoadError when nothing at all could be read or the resources are broken; single
// unreadable files become sources with an error and the rest still loads.
std::shared_ptr<const Incident> loadBundle(const std::vector<std::string> &inputs, const LoadOptions &options);
// The same for files already in memory: a paste read from standard input, text dropped on
// the window. Each file is one source, its path only a name ("(standard input)"); nothing is
// written anywhere.
std::shared_ptr<const Incident> loadBundle(std::vector<InputFile> files, const LoadOptions &options);

// Finds the resources folder: --resources, $KUBELANE_RESOURCES, next to the executable, or
// the source tree it was built from.
std::string locateResources(const std::string &explicitDir, const std::string &executablePath);

// True when `pattern` selects the source (see SourceOverride).
bool overrideMatches(const std::string &pattern, const Source &source);

} // namespace kubelane::core
