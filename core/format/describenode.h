#pragma once
// `kubectl describe node(s)`: each node's Conditions table, read into the Node object the API
// holds (metadata.name, status.conditions), so the object reader's records and facts follow.
// The rest of the description (labels, capacity, the pods, the Events table of ages) places
// nothing in time.
#include <array>
#include <cstddef>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace kubelane::core {

// The node of a Conditions table nothing names: a placeholder no node can have ('<' is in no
// DNS name), not a guess.
inline constexpr std::string_view kUnnamedNode = "<unnamed-node>";

// One node's Conditions table, read a line at a time: in a description, or alone where a paste
// holds only the table (issues quote it without the rest of the describe), or below log lines.
class ConditionsTable {
public:
    // A table begins at its header ("Type  Status  LastHeartbeatTime  LastTransitionTime
    // Reason  Message", without a paste's indentation); none for any other line.
    static std::optional<ConditionsTable> startingAt(std::string_view header);
    // The dashes kubectl prints under the header.
    static bool isRule(std::string_view line);
    // Reads a row (without the paste's indentation); false for a line that is no row of this
    // table (a condition's type and a status of True, False or Unknown), which ends it.
    bool addRow(std::string_view row);
    // Whether addRow would take the line.
    bool isRow(std::string_view row) const;
    bool empty() const { return m_conditions.empty(); }
    // The latest LastHeartbeatTime of its rows: when the description was printed, near enough
    // (a transition may be years old on a healthy node).
    std::optional<std::string> latestHeartbeat() const;
    // The Node object (as the API holds it) of the rows read.
    nlohmann::json node(const std::string &name) const;

private:
    // The columns' starts (kubectl's tabwriter aligns the rows to the header with spaces), or,
    // as kubectl before 1.6 printed them, tab-separated (a row's cells are its words between tabs).
    std::array<std::size_t, 6> m_start{}; // Type, Status, LastHeartbeatTime, LastTransitionTime, Reason, Message
    bool m_tabs = false;
    nlohmann::json m_conditions = nlohmann::json::array();
    std::string_view column(std::string_view row, std::size_t i) const;
    static bool isRow(std::string_view type, std::string_view status);
};

// The node a `kubectl describe node NAME` command names ("kubectl describe no/NAME -o wide",
// under a prompt or typed bare); "" for any other line, or a command that names none.
std::string_view nodeOfDescribeCommand(std::string_view line);

// A line of the description's other sections: a section's label at the margin ("Addresses:",
// "System Info:", "Events:  <none>") or an indented line under one.
bool isDescribeNodeSectionLine(std::string_view line);

// Whether the text is kubectl's description of nodes: a "Name:" line first (or under the
// command that printed it) and a Conditions table with its header within the head.
bool looksLikeDescribeNode(std::string_view head);

// "Thu, 31 Mar 2022 11:40:16 +0000" (Go's RFC1123Z, how describe prints a time) as RFC 3339
// ("2022-03-31T11:40:16+00:00"); "" for what is not one, or Go's zero time.
std::string rfc3339FromRfc1123z(std::string_view text);

} // namespace kubelane::core
