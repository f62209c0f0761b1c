#include "version.h"

#include <algorithm>
#include <cstdint>
#include <cstdio>

namespace kubelane::bundlegen {

KubeVersion KubeVersion::parse(const std::string &text)
{
    KubeVersion v;
    const char *s = text.c_str();
    if (*s == 'v')
        ++s;
    char tail = 0;
    if (std::sscanf(s, "%d.%d.%d%c", &v.major, &v.minor, &v.patch, &tail) != 3 || v.major < 1 || v.minor < 0 || v.patch < 0)
        throw std::invalid_argument("not a Kubernetes version (want v1.28.4): " + text);
    return v;
}

std::string KubeVersion::gitCommit() const
{
    // gitCommit of the release tags, as `kubelet --version` builds print them.
    if (major == 1 && minor == 28 && patch == 0)
        return "855e7c4";
    if (major == 1 && minor == 28 && patch == 4)
        return "bae2c62";
    if (major == 1 && minor == 30 && patch == 2)
        return "3968350";
    std::uint64_t h = 1469598103934665603ull;
    for (char c : text())
        h = (h ^ static_cast<unsigned char>(c)) * 1099511628211ull;
    char buf[16];
    std::snprintf(buf, sizeof buf, "%07llx", static_cast<unsigned long long>(h & 0xfffffffull));
    return buf;
}

KubeVersion KubeVersion::previousMinor() const
{
    KubeVersion v = *this;
    v.minor -= 1;
    // A patch release of the older minor from about the same time, but not past the last
    // patch release of the minors that are closed.
    v.patch = patch + 4;
    static constexpr int kLastPatch[][2] = {{20, 15}, {21, 14}, {22, 17}, {23, 17}, {24, 17}, {25, 16}, {26, 15}, {27, 16}};
    for (const auto &last : kLastPatch)
        if (v.major == 1 && v.minor == last[0])
            v.patch = std::min(v.patch, last[1]);
    return v;
}

} // namespace kubelane::bundlegen
