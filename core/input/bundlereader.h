#pragma once
// Turns what the user opened (folders, files, .gz, .tar(.gz), .zip, nested) into in-memory
// files. Nothing is ever extracted to disk and archive paths are only names: an entry called
// "../../etc/passwd" is read as data like any other and never touches the file system.
#include "skippedinput.h"
#include "bytes.h"

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace kubelane::core {

struct InputFile {
    std::string path; // display path; archive members as "outer.tar.gz!inner/path"
    BytesPtr bytes;
    std::int64_t modifiedTime = 0; // seconds since epoch; 0 = unknown
    std::string error;             // non-empty: could not be read (bytes is null)
    std::string damage;            // non-empty: read up to damage (a truncated .gz), bytes hold what came before
};

// Limits against decompression bombs. Each stops one archive, naming the member it stopped
// at, the limit and the option that raises it; the rest of the bundle still loads.
struct BundleReadOptions {
    std::uint64_t maxTotalBytes = 64ull << 30;    // everything read, all files and archives together
    std::uint64_t maxExpandedBytes = 16ull << 30; // what one archive expands to (--max-expanded)
    double maxExpansionRatio = 200;               // expanded / compressed bytes of one archive (--max-ratio)
    std::uint64_t ratioCheckFrom = 64ull << 20;   // the ratio counts once this much is expanded: small files compress far
    int maxArchiveDepth = 4;                      // archives inside archives; deeper ones are named, not opened
    const std::atomic<bool> *cancel = nullptr;
    // Called after each file is read, from the threads reading them (one at a time is the
    // caller's to see to).
    std::function<void(const std::string &path, std::uint64_t bytesSoFar)> progress;
    unsigned threads = 0; // files read side by side; 0 = one per core
};

struct BundleReadResult {
    std::vector<InputFile> files;
    std::vector<SkippedInput> skipped; // files deliberately not read, with the reason
    std::vector<std::string> notes;    // what the user should know about how files were read
};

BundleReadResult readBundle(const std::vector<std::string> &inputs, const BundleReadOptions &options = {});
// The same for bytes already in memory named `name` (an archive dropped or fuzzed).
BundleReadResult readBundleBytes(const std::string &name, BytesPtr bytes, const BundleReadOptions &options = {});

// "16 GiB", "512 MiB", "200 B": for the limits' messages.
std::string formatByteSize(std::uint64_t bytes);
// "16G", "512M", "2048K", "100" (bytes); nullopt when not a size.
std::optional<std::uint64_t> parseByteSize(std::string_view text);

// True when the bytes start like gzip, bzip2, xz, zstd, zip or tar.
bool looksLikeArchive(std::string_view head);

} // namespace kubelane::core
