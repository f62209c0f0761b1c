#pragma once
// `kubectl describe node(s)`: each node's Conditions table, read into the Node object the API
// holds (metadata.name, status.conditions), so the object reader's records and facts follow.
// The rest of the description (labels, capacity, the pods, the Events table of ages) places
// nothing in time.
#include <cstddef>
#include <nlohmann/json.hpp>
#include <string_view>
#include <vector>

namespace kubelane::core {

struct DescribedNode {
    nlohmann::json node;                   // {"kind": "Node", "metadata": {...}, "status": {"conditions": [...]}}
    std::size_t firstRow = 0, lastRow = 0; // the Conditions table's rows (line indexes)
};

// Whether the text is kubectl's description of nodes: a "Name:" line first (or under the
// command that printed it) and a Conditions table with its header within the head.
bool looksLikeDescribeNode(std::string_view head);

// Every node described in the lines, with its conditions.
std::vector<DescribedNode> describedNodes(const std::vector<std::string_view> &lines);

// "Thu, 31 Mar 2022 11:40:16 +0000" (Go's RFC1123Z, how describe prints a time) as RFC 3339
// ("2022-03-31T11:40:16+00:00"); "" for what is not one, or Go's zero time.
std::string rfc3339FromRfc1123z(std::string_view text);

} // namespace kubelane::core
