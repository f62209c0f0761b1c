#pragma once
// A reader for the YAML kubectl prints (`-o yaml`: sigs.k8s.io/yaml over go-yaml v2), into the
// same JSON values the object parser reads. No YAML library is available, so this reads the
// subset that emitter writes: block mappings and sequences (a mapping's sequence at the
// mapping's own indent: "items:\n- apiVersion: v1"), plain, 'single' and "double" quoted
// scalars folded onto more-indented continuation lines, literal blocks (|, |-, |+), the empty
// flow collections {} and [], null/true/false and integers. Anchors, tags, flow collections
// with content and multi-line keys are not read (the emitter writes none of them for API
// objects); a line it cannot place makes the whole value fail.
#include <nlohmann/json_fwd.hpp>

#include <optional>
#include <string_view>
#include <vector>

namespace kubelane::core {

// `lines` is one YAML node's text, one entry per line (without line ends); a first line may
// start with "- " (a sequence item taken out of its list: read as the item's content).
std::optional<nlohmann::json> parseKubectlYaml(const std::vector<std::string_view> &lines);

} // namespace kubelane::core
