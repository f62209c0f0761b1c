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
    // The kubelet logs structurally since 1.21 (CHANGELOG-1.21: "Kubelet: completed support for
    // structured logging"); the generator writes kubelets of 1.21 to 1.33.
    bool supported() const { return major == 1 && minor >= 21 && minor <= 33; }
    // The node lifecycle controller (and controller_utils' pod and event helpers) logs with
    // printf until its contextual-logging migration (kubernetes#112670, 1.27): "node %v hasn't
    // been updated for %+v. Last %v is: %+v" (seen in a v1.25.3 log, kubernetes#113081).
    bool controllerStructured() const { return atLeast(1, 27); }
    // kube-controller-manager's start line: klog.Infof("Version: %+v") before the contextual
    // logger.Info("Starting", "version", ...) (≈ 1.27, with the rest of the migration).
    bool controllerStartingLine() const { return atLeast(1, 27); }
    // The kubelet's lease controller (component-helpers/apimachinery/lease) prints
    // "failed to update lease, error: %v" and friends with klog.Errorf until it was made
    // structured (≈ 1.27: the structured texts are in contextual-era copies only).
    bool leaseStructured() const { return atLeast(1, 27); }
    // client-go's StartStructuredLogging "Event occurred" gained "fieldPath" later (≈ 1.25:
    // copies without it exist); before, object= is followed by kind=.
    bool eventFieldPath() const { return atLeast(1, 25); }
    // kube-apiserver httplog: from 1.21 klog.InfoSDepth(1, "HTTP", verb, URI, latency,
    // userAgent, audit-ID, srcIP, resp); the APF keys (apf_pl, apf_fs, ...) come with
    // httplog.AddKeyValue and the width estimator (1.23+).
    bool httplogApfFields() const { return atLeast(1, 23); }
    // "Generating pod status" podIsTerminal= and "Patch status for pod" podUID= are later
    // additions (≈ 1.27); 1.21/1.22 print pod= only (and patch=).
    bool kubeletPodStatusExtraFields() const { return atLeast(1, 27); }
    // The node OS of the era: systemd 245 (Ubuntu 20.04) names units by description only
    // ("Started kubelet: The Kubernetes Node Agent."), says "Succeeded." and no CPU time;
    // systemd 249+ prints "kubelet.service - ..." and "Deactivated successfully.".
    bool oldSystemd() const { return !atLeast(1, 24); }
    // The container hash covers every field of the Container struct, so a kubelet of a newer
    // minor computes another hash for an unchanged spec and restarts every container, until
    // the hash was made stable across upgrades (1.31).
    bool upgradeRestartsContainers() const { return !atLeast(1, 31); }
    // buildContainerMapFromRuntime returns "no PodsandBox found with Id '%s'" and the kubelet
    // exits ("Failed to start ContainerManager": klog.Fatalf until 1.20, klog.ErrorS +
    // os.Exit(1) in 1.21-1.23, still reported fatal in kubernetes#107115, Dec 2021); from 1.24
    // (kubernetes#107683) it logs "no PodSandBox found for the container" and carries on.
    bool sandboxMissingCrashes() const { return major == 1 && minor >= 18 && minor <= 23; }
    // "no PodSandBox found for the container" was capitalised with the contextual-logging
    // rewrite of the cpu manager helpers.
    bool capitalNoPodSandbox() const { return atLeast(1, 30); }
};

} // namespace kubelane::bundlegen
