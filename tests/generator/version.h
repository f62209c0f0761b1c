#pragma once
// What changes in the logs between the Kubernetes versions the generator writes. Each flag
// names the upstream change it stands for, so a new version is a matter of reading the
// source at its tag and setting them.
#include <stdexcept>
#include <string>

namespace kubelane::bundlegen {

struct KubeVersion {
    int major = 1, minor = 28, patch = 4;

    static KubeVersion parse(const std::string &text); // "v1.28.4" or "1.28.4"; throws std::invalid_argument
    std::string text() const { return "v" + std::to_string(major) + "." + std::to_string(minor) + "." + std::to_string(patch); }
    std::string minorText() const { return std::to_string(major) + "." + std::to_string(minor); }
    // The 7-hex git commit in user agents ("kubernetes/bae2c62"): the real one for the
    // versions we know, otherwise a stable stand-in derived from the version.
    std::string gitCommit() const;
    // The minor release before this one (the version a node is upgraded from).
    KubeVersion previousMinor() const;

    bool atLeast(int mj, int mn) const { return major > mj || (major == mj && minor >= mn); }

    // klog (from v2.120, Kubernetes 1.30) formats values that are neither strings, errors nor
    // Stringers as JSON; before, with %+v ("&{ID:... Type:...}", "{Type:containerd ID:...}").
    bool klogJsonValues() const { return atLeast(1, 30); }
    // --node-monitor-grace-period defaults to 50s from 1.32 (40s before).
    int defaultGraceSeconds() const { return atLeast(1, 32) ? 50 : 40; }
    // The node lifecycle controller logs structurally since its contextual-logging migration
    // (kubernetes#112670, 1.27); this generator writes only those versions.
    bool supported() const { return major == 1 && minor >= 27 && minor <= 33; }
    // The container hash covers every field of the Container struct, so a kubelet of a newer
    // minor computes another hash for an unchanged spec and restarts every container, until
    // the hash was made stable across upgrades (1.31).
    bool upgradeRestartsContainers() const { return !atLeast(1, 31); }
    // buildContainerMapFromRuntime has logged and skipped a container without sandbox since
    // 1.20 (it made kubelet exit in 1.18/1.19): sandbox-missing cannot happen here.
    bool sandboxMissingCrashes() const { return major == 1 && minor >= 18 && minor <= 19; }
    // "no PodSandBox found for the container" was capitalised with the contextual-logging
    // rewrite of the cpu manager helpers.
    bool capitalNoPodSandbox() const { return atLeast(1, 30); }
};

} // namespace kubelane::bundlegen
