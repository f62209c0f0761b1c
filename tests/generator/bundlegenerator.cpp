#include "bundlegenerator.h"

#include "day.h"
#include "logtext.h"
#include "version.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace kubelane::bundlegen {

std::vector<std::string> allRules()
{
    return {"node-heartbeat-gap", "pleg-unhealthy", "probe-status-race", "sandbox-missing", "spec-hash-restart"};
}

namespace {

// Why a version cannot show an incident, or empty when it can.
std::string notPlantable(const KubeVersion &v, const std::string &rule)
{
    if (rule == "sandbox-missing" && !v.sandboxMissingCrashes())
        return "kubelet " + v.text()
            + " does not crash on a container without sandbox: since 1.24 buildContainerMapFromRuntime logs "
              "\"no PodSandBox found for the container\" and carries on (the crash loop is a 1.18-1.23 kubelet's)";
    if (rule == "spec-hash-restart" && !v.upgradeRestartsContainers())
        return "from 1.31 the container hash no longer changes across kubelet minors, so an in-place upgrade to " + v.text()
            + " restarts nothing";
    return {};
}

std::string jsonString(const std::string &s)
{
    std::string out = "\"";
    for (unsigned char c : s) {
        if (c == '"' || c == '\\') {
            out += '\\';
            out += static_cast<char>(c);
        } else if (c < 0x20) {
            char buf[8];
            std::snprintf(buf, sizeof buf, "\\u%04x", c);
            out += buf;
        } else {
            out += static_cast<char>(c);
        }
    }
    return out + "\"";
}

} // namespace

std::vector<std::string> plantableRules(const std::string &kubernetesVersion)
{
    const KubeVersion v = KubeVersion::parse(kubernetesVersion);
    std::vector<std::string> out;
    for (const std::string &rule : allRules())
        if (notPlantable(v, rule).empty())
            out.push_back(rule);
    return out;
}

std::string formatTime(std::int64_t unixNs)
{
    return rfc3339(unixNs, 6);
}

GeneratedBundle generateBundle(const GeneratorOptions &options)
{
    const KubeVersion version = KubeVersion::parse(options.kubernetesVersion);
    if (!version.supported())
        throw std::invalid_argument("the generator writes the logs of Kubernetes 1.21 to 1.33 (structured kubelets), not "
                                    + version.text());
    if (options.outputDir.empty())
        throw std::invalid_argument("no output directory");
    if (options.nodes < 1 || options.nodes > 5000)
        throw std::invalid_argument("nodes must be between 1 and 5000");
    if (!(options.hours >= 1 && options.hours <= 24 * 14))
        throw std::invalid_argument("hours must be between 1 and 336");
    std::vector<std::string> plant;
    for (const std::string &rule : options.plant) {
        if (rule == "all") {
            for (const std::string &r : plantableRules(options.kubernetesVersion))
                plant.push_back(r);
            continue;
        }
        if (rule == "none")
            continue;
        const auto all = allRules();
        if (std::find(all.begin(), all.end(), rule) == all.end())
            throw std::invalid_argument("unknown rule to plant: " + rule);
        if (const std::string why = notPlantable(version, rule); !why.empty())
            throw std::invalid_argument("cannot plant " + rule + ": " + why);
        plant.push_back(rule);
    }
    std::sort(plant.begin(), plant.end());
    plant.erase(std::unique(plant.begin(), plant.end()), plant.end());
    if (static_cast<int>(plant.size()) > options.nodes)
        throw std::invalid_argument("each incident needs its own node: more nodes, please");
    Day day(options, version, plant);
    return day.generate();
}

std::string plantedJson(const GeneratedBundle &bundle)
{
    std::string s = "{\n  \"planted\": [";
    for (std::size_t i = 0; i < bundle.planted.size(); ++i) {
        const PlantedIncident &p = bundle.planted[i];
        s += i ? ",\n    " : "\n    ";
        s += "{\"rule\": " + jsonString(p.rule) + ", \"subject\": " + jsonString(p.subject)
            + ", \"from\": " + jsonString(formatTime(p.startNs)) + ", \"to\": " + jsonString(formatTime(p.endNs))
            + ", \"what\": " + jsonString(p.what) + "}";
    }
    s += bundle.planted.empty() ? "],\n" : "\n  ],\n";
    s += "  \"noise\": [";
    for (std::size_t i = 0; i < bundle.noise.size(); ++i)
        s += (i ? ",\n    " : "\n    ") + jsonString(bundle.noise[i]);
    s += bundle.noise.empty() ? "],\n" : "\n  ],\n";
    s += "  \"files\": [";
    for (std::size_t i = 0; i < bundle.files.size(); ++i) {
        const GeneratedFile &f = bundle.files[i];
        s += (i ? ",\n    " : "\n    ") + std::string("{\"path\": ") + jsonString(f.path) + ", \"lines\": " + std::to_string(f.lines)
            + ", \"bytes\": " + std::to_string(f.bytes) + ", \"damagedLines\": " + std::to_string(f.damagedLines) + "}";
    }
    s += bundle.files.empty() ? "],\n" : "\n  ],\n";
    s += "  \"lines\": " + std::to_string(bundle.lines) + ",\n  \"bytes\": " + std::to_string(bundle.bytes)
        + ",\n  \"damagedLines\": " + std::to_string(bundle.damagedLines) + "\n}\n";
    return s;
}

} // namespace kubelane::bundlegen
