// Archives in memory (gzip, tar, zip, nested): with small limits, so a bomb the fuzzer
// builds is stopped quickly, as the reader's own limits would stop it later.
#include "core/input/bundlereader.h"
#include "fuzzsupport.h"

using namespace kubelane;

namespace {

bool namesADirectoryOrClimbs(std::string_view path)
{
    for (std::size_t start = 0; start <= path.size();) {
        const std::size_t end = std::min(path.find('/', start), path.size());
        const std::string_view part = path.substr(start, end - start);
        if (part == "." || part == "..")
            return true;
        start = end + 1;
    }
    const std::size_t bang = path.find('!');
    if (bang == std::string_view::npos)
        return false;
    const std::string_view member = path.substr(bang + 1);
    return member.empty() || member == ".." || member.starts_with('/') || member.starts_with("./") || member.starts_with("../");
}

} // namespace

KUBELANE_FUZZ_TARGET(fuzz_archive_reader)
{
    core::BundleReadOptions options;
    options.maxTotalBytes = 64u << 20;
    options.maxExpandedBytes = 16u << 20;
    options.ratioCheckFrom = 1u << 20;
    const auto result = core::readBundleBytes("fuzz.tar.gz", core::makeBytes(std::string(fuzz::text(data, size))), options);
    if (result.files.empty() && result.skipped.empty())
        __builtin_trap(); // the input vanished: neither read, nor said why not
    for (const auto &f : result.files) {
        if (!f.bytes && f.error.empty())
            __builtin_trap(); // every file is read or says why not
        // Member names never climb out of the archive and never name a directory: no "." or
        // ".." part, and the first member's name does not begin with "/", "./" or "../". ('!'
        // may be in a member's name, so where a nested member's name begins cannot be told.)
        if (namesADirectoryOrClimbs(f.path))
            __builtin_trap();
    }
    return 0;
}
