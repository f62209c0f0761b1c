#include "bundleshapes.h"

namespace kubelane::core {

std::vector<SourceInput> recogniseShapes(std::vector<InputFile> files)
{
    std::vector<SourceInput> out;
    out.reserve(files.size());
    for (auto &f : files) {
        SourceInput in;
        in.identity = identityFromPath(f.path);
        in.file = std::move(f);
        out.push_back(std::move(in));
    }
    return out;
}

} // namespace kubelane::core
