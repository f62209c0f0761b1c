// A source's display path names a file, or an archive's member after a '!'
// ("bundle.tar.gz!nodes/node3/kubelet.log"): its folder runs through the last '/' or '!', and
// its file name is what follows.
#pragma once

#include <string_view>

namespace kubelane::core {

// "bundle.tar.gz!nodes/node3/" for the path above; "" for a bare name.
inline std::string_view folderOfDisplayPath(std::string_view path)
{
    return path.substr(0, path.find_last_of("/!") + 1); // npos + 1 == 0: no separator
}

// "kubelet.log" for the path above; the whole of a bare name.
inline std::string_view fileNameOfDisplayPath(std::string_view path)
{
    return path.substr(path.find_last_of("/!") + 1);
}

} // namespace kubelane::core
