#pragma once
// Kubernetes versions as printed by the components ("v1.15.5", "v1.28.4-gke.1200",
// "v1.9.11+k3s1"): only major and minor decide which wording and defaults apply.
#include <compare>
#include <string_view>

namespace kubelane::core {

struct KubeVersion {
    int major = 0;
    int minor = 0;
    constexpr bool known() const { return major > 0; }
    auto operator<=>(const KubeVersion &) const = default;
};

// "v1.15.5" -> {1, 15}; anything that does not start with digits -> {0, 0} (unknown).
constexpr KubeVersion parseKubeVersion(std::string_view v)
{
    if (!v.empty() && (v[0] == 'v' || v[0] == 'V'))
        v.remove_prefix(1);
    KubeVersion out;
    std::size_t i = 0;
    while (i < v.size() && v[i] >= '0' && v[i] <= '9' && out.major < 1000)
        out.major = out.major * 10 + (v[i++] - '0');
    if (i == 0 || i >= v.size() || v[i] != '.')
        return {};
    ++i;
    while (i < v.size() && v[i] >= '0' && v[i] <= '9' && out.minor < 1000)
        out.minor = out.minor * 10 + (v[i++] - '0');
    return out;
}

static_assert(parseKubeVersion("v1.15.5") == KubeVersion{1, 15});
static_assert(parseKubeVersion("v1.32.0-gke.1") == KubeVersion{1, 32});
static_assert(!parseKubeVersion("unknown").known());

} // namespace kubelane::core
