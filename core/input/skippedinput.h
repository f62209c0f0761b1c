#pragma once
// A file given or found that is not loaded, and why (empty, binary, a decompression bomb, a
// duplicate of another file, bundle documentation, past the memory limit...). Every input
// is accounted for: the Sources list shows these next to the loaded sources.
#include <string>

namespace kubelane::core {

struct SkippedInput {
    std::string path;   // display path, as a source's
    std::string reason; // "binary data (not text)", "the same content as kubelet.log"
};

} // namespace kubelane::core
