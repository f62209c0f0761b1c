#pragma once
// Turns what the user opened (folders, files, .gz, .tar(.gz), .zip, nested) into in-memory
// files. Nothing is ever extracted to disk and archive paths are only names: an entry called
// "../../etc/passwd" is read as data like any other and never touches the file system.
#include "bytes.h"

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace kubelane::core {

struct InputFile {
    std::string path;  // display path; archive members as "outer.tar.gz!inner/path"
    BytesPtr bytes;
    std::int64_t modifiedTime = 0; // seconds since epoch; 0 = unknown
    std::string error;             // non-empty: could not be read (bytes is null)
};

struct BundleReadOptions {
    std::uint64_t maxTotalBytes = 64ull << 30;   // guard against decompression bombs
    int maxArchiveDepth = 4;
    const std::atomic<bool> *cancel = nullptr;
    std::function<void(const std::string &path, std::uint64_t bytesSoFar)> progress;
};

struct BundleReadResult {
    std::vector<InputFile> files;
    std::vector<std::string> skipped; // paths deliberately not read, with the reason
};

BundleReadResult readBundle(const std::vector<std::string> &inputs, const BundleReadOptions &options = {});

// True when the bytes start like gzip, bzip2, xz, zstd, zip or tar.
bool looksLikeArchive(std::string_view head);

} // namespace kubelane::core
