// Speed and memory of loading and analysing a bundle, as ratios against a baseline measured
// in the same run on the same bytes: reading the bundle (decompressing archives) and counting
// its lines, which is what `wc -l` does and the least any log tool must do. Machines are noisy,
// so each figure is the best of --repeat runs. Not a test: it prints, it does not judge.
//
//   kubelane_bench [--repeat N] BUNDLE...
#include "core/analysis/analyzer.h"
#include "core/input/bundlereader.h"
#include "core/load/loader.h"

#include <sys/resource.h>

#include <algorithm>
#include <chrono>
#include <cstring>
#include <filesystem>
#include <iomanip>
#include <iostream>
#include <string>
#include <vector>

using namespace kubelane;
using Clock = std::chrono::steady_clock;

namespace {

double seconds(Clock::time_point since)
{
    return std::chrono::duration<double>(Clock::now() - since).count();
}

double peakRssMb()
{
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    return static_cast<double>(usage.ru_maxrss) / 1024.0; // ru_maxrss is in KiB on Linux
}

struct Baseline {
    double seconds = 0;
    std::uint64_t bytes = 0, lines = 0;
};

// Read every file of the bundle (archives decompressed in memory) and count its newlines.
Baseline readAndCountLines(const std::vector<std::string> &inputs)
{
    Baseline b;
    const auto start = Clock::now();
    const core::BundleReadResult bundle = core::readBundle(inputs);
    for (const auto &f : bundle.files) {
        if (!f.bytes)
            continue;
        const std::string_view s = *f.bytes;
        b.bytes += s.size();
        for (const char *p = s.data(), *end = s.data() + s.size(); (p = static_cast<const char *>(std::memchr(p, '\n', end - p))); ++p)
            ++b.lines;
    }
    b.seconds = seconds(start);
    return b;
}

} // namespace

int main(int argc, char **argv)
{
    int repeat = 3;
    std::vector<std::string> inputs;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        if (a == "--repeat" && i + 1 < argc)
            repeat = std::max(1, std::atoi(argv[++i]));
        else
            inputs.push_back(a);
    }
    if (inputs.empty()) {
        std::cerr << "usage: kubelane_bench [--repeat N] BUNDLE...\n";
        return 2;
    }
    core::LoadOptions load;
    load.resourceDir = core::locateResources({}, std::filesystem::canonical("/proc/self/exe").string());
    core::AnalyzeOptions analyze;
    analyze.resourceDir = load.resourceDir;

    // The tool first, so the peak memory is its own and not the baseline's copies.
    double bestLoad = 1e9, bestAnalyze = 1e9, rssAfterFirst = 0;
    std::size_t events = 0, unparsed = 0, findings = 0;
    for (int r = 0; r < repeat; ++r) {
        auto start = Clock::now();
        auto incident = core::loadBundle(inputs, load);
        bestLoad = std::min(bestLoad, seconds(start));
        start = Clock::now();
        auto analysis = core::analyzeIncident(incident, analyze);
        bestAnalyze = std::min(bestAnalyze, seconds(start));
        events = incident->events.size();
        unparsed = 0;
        for (const auto &s : incident->sources)
            unparsed += s.unparsedLines;
        findings = analysis->findings.size();
        if (r == 0)
            rssAfterFirst = peakRssMb();
    }
    Baseline best;
    best.seconds = 1e9;
    for (int r = 0; r < repeat; ++r) {
        const Baseline b = readAndCountLines(inputs);
        if (b.seconds < best.seconds)
            best = b;
    }

    const double mb = static_cast<double>(best.bytes) / 1e6;
    std::cout << std::fixed << std::setprecision(3);
    std::cout << "input            " << mb << " MB, " << best.lines << " lines -> " << events << " events, " << unparsed
              << " not understood, " << findings << " findings\n";
    std::cout << "baseline         read + count lines: " << best.seconds << " s (" << mb / best.seconds << " MB/s)\n";
    std::cout << "load             " << bestLoad << " s = " << std::setprecision(1) << bestLoad / best.seconds << " x baseline ("
              << std::setprecision(3) << mb / bestLoad << " MB/s)\n";
    std::cout << "analyze          " << bestAnalyze << " s = " << std::setprecision(1) << bestAnalyze / best.seconds << " x baseline\n";
    std::cout << "peak memory      " << std::setprecision(1) << rssAfterFirst << " MB = " << std::setprecision(2) << rssAfterFirst / mb
              << " x input size\n";
    std::cout << "(best of " << repeat << " runs; load reads, parses in parallel, aligns clocks and correlates)\n";
    return 0;
}
