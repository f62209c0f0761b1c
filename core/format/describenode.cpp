#include "describenode.h"

#include "../util/textscan.h"
#include "pastetext.h"

#include <algorithm>
#include <array>
#include <cstdio>

namespace kubelane::core {

std::optional<ConditionsTable> ConditionsTable::startingAt(std::string_view line)
{
    static constexpr std::array<std::string_view, 6> kNames = {"Type",   "Status", "LastHeartbeatTime", "LastTransitionTime",
                                                               "Reason", "Message"};
    ConditionsTable t;
    std::size_t from = 0;
    for (std::size_t i = 0; i < kNames.size(); ++i) {
        const std::size_t at = line.find(kNames[i], from);
        // Each a word of its own: "Type" also begins "Types"; "Status" is not in "LastHeartbeatTime".
        if (at == std::string_view::npos || (at > 0 && line[at - 1] != ' ' && line[at - 1] != '\t'))
            return std::nullopt;
        t.m_start[i] = at;
        from = at + kNames[i].size();
    }
    t.m_tabs = line.find('\t') != std::string_view::npos;
    return text::trimmed(line.substr(0, t.m_start[0])).empty() ? std::optional(t) : std::nullopt;
}

bool ConditionsTable::isRule(std::string_view line)
{
    return text::trimmed(line).starts_with("----");
}

std::string_view ConditionsTable::column(std::string_view row, std::size_t i) const
{
    if (m_tabs) {
        std::size_t cell = 0;
        for (std::size_t from = 0; from < row.size();) {
            const std::size_t end = std::min(row.find('\t', from), row.size());
            if (const std::string_view word = text::trimmed(row.substr(from, end - from)); !word.empty() && cell++ == i)
                return word;
            from = end + 1;
        }
        return {};
    }
    if (m_start[i] >= row.size())
        return {};
    const std::size_t end = i + 1 < m_start.size() ? m_start[i + 1] : row.size();
    return text::trimmed(row.substr(m_start[i], end > m_start[i] ? end - m_start[i] : 0));
}

bool ConditionsTable::isRow(std::string_view type, std::string_view status)
{
    return !type.empty() && type.find_first_of(" \t") == std::string_view::npos
        && (status == "True" || status == "False" || status == "Unknown");
}

bool ConditionsTable::isRow(std::string_view row) const
{
    return isRow(column(row, 0), column(row, 1));
}

std::optional<std::string> ConditionsTable::latestHeartbeat() const
{
    std::optional<std::string> latest;
    for (const auto &c : m_conditions) // RFC 3339 in one zone (a describe prints one): text order is time order
        if (const std::string h = c.value("lastHeartbeatTime", ""); !h.empty() && (!latest || h > *latest))
            latest = h;
    return latest;
}

bool isDescribeNodeSectionLine(std::string_view line)
{
    if (line.starts_with(' ') || line.starts_with('\t'))
        return !text::trimmed(line).empty();
    static constexpr std::string_view kSections[] = {
        "Name:",
        "Roles:",
        "Labels:",
        "Annotations:",
        "CreationTimestamp:",
        "Taints:",
        "Unschedulable:",
        "Lease:",
        "Conditions:",
        "Addresses:",
        "Capacity:",
        "Allocatable:",
        "System Info:",
        "PodCIDR:",
        "PodCIDRs:",
        "ProviderID:",
        "ExternalID:",
        "Non-terminated Pods:",
        "Allocated resources:",
        "Events:",
    };
    return std::any_of(std::begin(kSections), std::end(kSections), [&](std::string_view s) { return line.starts_with(s); });
}

bool ConditionsTable::addRow(std::string_view row)
{
    const std::string_view type = column(row, 0), status = column(row, 1);
    if (!isRow(type, status))
        return false;
    m_conditions.push_back({{"type", std::string(type)},
                            {"status", std::string(status)},
                            {"lastHeartbeatTime", rfc3339FromRfc1123z(column(row, 2))},
                            {"lastTransitionTime", rfc3339FromRfc1123z(column(row, 3))},
                            {"reason", std::string(column(row, 4))},
                            {"message", std::string(column(row, 5))}});
    return true;
}

nlohmann::json ConditionsTable::node(const std::string &name) const
{
    return {{"kind", "Node"}, {"metadata", {{"name", name}}}, {"status", {{"conditions", m_conditions}}}};
}

std::string rfc3339FromRfc1123z(std::string_view text)
{
    // "Thu, 31 Mar 2022 11:40:16 +0000"
    text = text::trimmed(text);
    if (text.size() != 31 || text[3] != ',' || text[4] != ' ' || text[7] != ' ' || text[11] != ' ' || text[16] != ' ' || text[19] != ':'
        || text[22] != ':' || text[25] != ' ' || (text[26] != '+' && text[26] != '-'))
        return {};
    const unsigned month = text::monthFromAbbrev(text.substr(8, 3));
    const std::string_view digits[] = {text.substr(5, 2),  text.substr(12, 4), text.substr(17, 2),
                                       text.substr(20, 2), text.substr(23, 2), text.substr(27, 4)};
    for (const std::string_view d : digits)
        for (const char ch : d)
            if (ch < '0' || ch > '9')
                return {};
    if (month == 0 || text.substr(12, 4) == "0001") // Go's zero time: never
        return {};
    char out[40];
    std::snprintf(out, sizeof out, "%.4s-%02u-%.2sT%.8s%c%.2s:%.2s", text.data() + 12, month, text.data() + 5, text.data() + 17, text[26],
                  text.data() + 27, text.data() + 29);
    return out;
}

std::string_view nodeOfDescribeCommand(std::string_view line)
{
    if (const std::string_view command = promptCommand(line); !command.empty())
        line = command;
    // The command ends at a pipe, a redirection or the next command ("| grep -A8 Conditions"),
    // glued to a word or not.
    line = line.substr(0, line.find_first_of("|;>&"));
    std::vector<std::string_view> words;
    for (std::size_t at = 0; at < line.size();) {
        const std::size_t begin = line.find_first_not_of(" \t", at);
        if (begin == std::string_view::npos)
            break;
        const std::size_t end = std::min(line.find_first_of(" \t", begin), line.size());
        words.push_back(line.substr(begin, end - begin));
        at = end;
    }
    if (words.size() < 3 || words[0] != "kubectl")
        return {};
    // Options may stand anywhere ("kubectl --context prod describe -o wide no/x"): the words
    // after the verb that are no option nor an option's value are the kind and the name.
    static constexpr std::string_view kTakesValue[] = {
        "-n",     "--namespace", "-l",       "--selector", "--context", "--kubeconfig",      "-o",          "--output", "--cluster",
        "--user", "-s",          "--server", "--token",    "--as",      "--request-timeout", "--chunk-size"};
    const auto verb = std::find(words.begin(), words.end(), "describe");
    std::vector<std::string_view> positional;
    for (auto w = verb == words.end() ? verb : verb + 1; w != words.end(); ++w) {
        if (!w->starts_with("-"))
            positional.push_back(*w);
        else if (std::find(std::begin(kTakesValue), std::end(kTakesValue), *w) != std::end(kTakesValue) && w + 1 != words.end())
            ++w;
    }
    if (positional.empty())
        return {};
    std::string_view kind = positional[0], name = positional.size() > 1 ? positional[1] : std::string_view();
    if (const std::size_t slash = kind.find('/'); slash != std::string_view::npos) {
        name = kind.substr(slash + 1);
        kind = kind.substr(0, slash);
    }
    if (kind != "node" && kind != "nodes" && kind != "no")
        return {};
    // A node's name is a DNS subdomain: lower-case letters, digits, '-' and '.'. Anything else
    // was some other word of the line ("grep", a pipe glued to it).
    const bool dnsName = !name.empty() && std::all_of(name.begin(), name.end(), [](char c) {
        return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '.';
    });
    return dnsName ? name : std::string_view();
}

bool looksLikeDescribeNode(std::string_view head)
{
    // The description is the file: its "Name:" comes first, or right under the command that
    // printed it. A describe pasted among log lines is a paste's section, not this format.
    bool named = false, describes = false;
    std::size_t nonBlank = 0;
    text::forEachLine(head, [&](std::string_view line, std::size_t, std::uint32_t) {
        if (text::trimmed(line).empty())
            return true;
        ++nonBlank;
        if (named) {
            describes = ConditionsTable::startingAt(line).has_value();
            return !describes;
        }
        named = line.starts_with("Name:");
        return named || (nonBlank == 1 && line.find("describe") != std::string_view::npos);
    });
    return describes;
}

} // namespace kubelane::core
