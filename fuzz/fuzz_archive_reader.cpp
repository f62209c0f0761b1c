// Archives in memory (gzip, tar, zip, nested): with small limits, so a bomb the fuzzer
// builds is stopped quickly, as the reader's own limits would stop it later.
#include "core/input/bundlereader.h"
#include "fuzzsupport.h"

using namespace kubelane;

KUBELANE_FUZZ_TARGET(fuzz_archive_reader)
{
    core::BundleReadOptions options;
    options.maxTotalBytes = 64u << 20;
    options.maxExpandedBytes = 16u << 20;
    options.ratioCheckFrom = 1u << 20;
    const auto result = core::readBundleBytes("fuzz.tar.gz", core::makeBytes(std::string(fuzz::text(data, size))), options);
    for (const auto &f : result.files) {
        if (!f.bytes && f.error.empty())
            __builtin_trap(); // every file is read or says why not
        // Member names never climb out of the archive: no ".." part, no absolute name after
        // the archive's own. ('!' may be in a member's name, so "!/" alone proves nothing.)
        if (f.path.starts_with("fuzz.tar.gz!/") || f.path.find("/../") != std::string::npos || f.path.ends_with("/..")
            || f.path.find("!../") != std::string::npos)
            __builtin_trap();
    }
    return 0;
}
