#pragma once
// A seeded generator of realistic multi-node Kubernetes log bundles with planted incidents:
// N kubelet logs in a mix of collection shapes, the kube-apiserver request log with its node
// heartbeats (and the holes a lossy log collection leaves), and the kube-controller-manager
// log. Message texts are those of the chosen Kubernetes version's source; the same options
// give the same bytes on any machine. Used by tst_generatedday (the findings must be exactly
// the planted incidents) and by benchmarks (bundles of any size).
#include <cstdint>
#include <string>
#include <vector>

namespace kubelane::bundlegen {

struct GeneratorOptions {
    std::uint64_t seed = 1;
    int nodes = 20;
    double hours = 24;
    std::int64_t startUnixSeconds = 1718755200; // 2024-06-19T00:00:00Z
    std::string kubernetesVersion = "v1.28.4";
    // Rule ids to plant, or {"all"}: every incident this version can produce. Empty: none.
    std::vector<std::string> plant = {"all"};
    std::string outputDir;
    // Heartbeat blips the controller does not act on, as the gap between two heartbeats in
    // seconds. Empty: a few of 15-30 s, scaled with the bundle's length.
    std::vector<double> blipGapsSeconds;
    // About how many bytes the bundle should weigh: kubelets, the controller manager and the
    // apiserver log high-verbosity chatter (-v=2..4, mostly the kubelets) until it does. 0: none,
    // and the bundle is byte for byte what it is without this option.
    std::uint64_t targetBytes = 0;
};

struct PlantedIncident {
    std::string rule;                    // node-heartbeat-gap, pleg-unhealthy, probe-status-race, sandbox-missing, spec-hash-restart
    std::string subject;                 // node/NAME or pod/NAMESPACE/NAME
    std::int64_t startNs = 0, endNs = 0; // UTC; a finding's start belongs in [start, end]
    std::string what;                    // one line for people: what was planted
};

struct GeneratedFile {
    std::string path; // relative to the bundle
    std::uint64_t lines = 0, bytes = 0, damagedLines = 0;
};

struct GeneratedBundle {
    std::vector<PlantedIncident> planted;
    std::vector<GeneratedFile> files;
    std::vector<std::string> noise; // what was added that must not be reported, one line each
    std::uint64_t lines = 0, bytes = 0, damagedLines = 0;
};

// Writes the bundle into options.outputDir (created if missing). Throws std::invalid_argument
// for options it cannot honour (an unknown rule, an incident this version cannot produce,
// too few nodes or hours for what is asked) and std::runtime_error when writing fails.
GeneratedBundle generateBundle(const GeneratorOptions &options);

// The incidents a version's logs can show (sandbox-missing needs a 1.18-1.23 kubelet, the
// upgrade restart of every container ends with 1.31).
std::vector<std::string> plantableRules(const std::string &kubernetesVersion);
std::vector<std::string> allRules();

// RFC 3339 text of a planted time, and the planted list as JSON (for the command line).
std::string formatTime(std::int64_t unixNs);
std::string plantedJson(const GeneratedBundle &bundle);

} // namespace kubelane::bundlegen
