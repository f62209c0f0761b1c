// The floor under `kubelane analyze`: what reading every line's time alone costs, with the
// parser's own envelope, klog header and klog JSON readers, on two threads over the files
// (largest first, as the loader does). No classification, fields, store, clocks or facts: the
// gap between these figures and analyze is what those cost. Not a test: it prints, it does
// not judge; scripts/bench.sh sets the figures against `wc -l` measured in the same run.
//
//   kubelane_floor_bench FILE...
#include "core/format/envelopes.h"
#include "core/format/klogjson.h"
#include "core/format/klogline.h"
#include "core/input/bundlereader.h"
#include "core/util/parallel.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstring>
#include <iomanip>
#include <iostream>
#include <string>
#include <vector>

using namespace kubelane;
using Clock = std::chrono::steady_clock;

namespace {

enum class Depth { SplitLines, ReadHeaders, ReadJsonRecords };

// Lines whose time was read (a klog header inside its envelope, or a klog JSON record); for
// SplitLines the lines, so that the compiler cannot drop the loop.
std::uint64_t readTimes(std::string_view text, Depth depth)
{
    std::uint64_t timed = 0, lines = 0;
    core::FieldList fields;
    for (std::size_t at = 0; at < text.size();) {
        const char *nl = static_cast<const char *>(std::memchr(text.data() + at, '\n', text.size() - at));
        const std::size_t end = nl ? static_cast<std::size_t>(nl - text.data()) : text.size();
        const std::string_view line = text.substr(at, end - at);
        at = end + 1;
        ++lines;
        if (depth == Depth::SplitLines)
            continue;
        std::string_view payload = line;
        core::CriLine cri;
        core::JournaldLine journal;
        if (core::parseCriLine(line, cri))
            payload = cri.message;
        else if (core::parseJournaldLine(line, journal))
            payload = journal.message;
        core::KlogHeader header;
        if (core::parseKlogHeader(payload, header)) {
            ++timed;
        } else if (depth == Depth::ReadJsonRecords && payload.starts_with('{')) {
            core::KlogJsonRecord record;
            fields.clear();
            timed += core::parseKlogJsonRecord(payload, record, fields) == core::KlogJsonStatus::Ok;
        }
    }
    return depth == Depth::SplitLines ? lines : timed;
}

struct Pass {
    double seconds = 1e9;
    std::uint64_t timed = 0;
};

Pass bestOf(int repeat, const std::vector<core::InputFile> &files, const std::vector<std::size_t> &order, Depth depth)
{
    Pass best;
    for (int r = 0; r < repeat; ++r) {
        std::atomic<std::uint64_t> timed{0};
        const auto start = Clock::now();
        core::forEachInParallel(
            files.size(), 2, [&](std::size_t i) { timed += files[i].bytes ? readTimes(*files[i].bytes, depth) : 0; }, &order);
        best.seconds = std::min(best.seconds, std::chrono::duration<double>(Clock::now() - start).count());
        best.timed = timed;
    }
    return best;
}

} // namespace

int main(int argc, char **argv)
{
    if (argc < 2) {
        std::cerr << "usage: kubelane_floor_bench FILE...\n";
        return 2;
    }
    const core::BundleReadResult bundle = core::readBundle(std::vector<std::string>(argv + 1, argv + argc));
    const auto &files = bundle.files;
    std::vector<std::size_t> order(files.size());
    for (std::size_t i = 0; i < order.size(); ++i)
        order[i] = i;
    std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
        return (files[a].bytes ? files[a].bytes->size() : 0) > (files[b].bytes ? files[b].bytes->size() : 0);
    });
    std::cout << std::fixed << std::setprecision(3);
    const Pass split = bestOf(3, files, order, Depth::SplitLines);
    const Pass headers = bestOf(3, files, order, Depth::ReadHeaders);
    const Pass json = bestOf(3, files, order, Depth::ReadJsonRecords);
    std::cout << "split lines      " << split.seconds << " s (" << split.timed << " lines)\n";
    std::cout << "klog headers     " << headers.seconds << " s (" << headers.timed << " lines timed)\n";
    std::cout << "and JSON records " << json.seconds << " s (" << json.timed << " lines timed)\n";
    return 0;
}
