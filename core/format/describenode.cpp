#include "describenode.h"

#include "../util/textscan.h"

#include <array>
#include <cstdio>

namespace kubelane::core {

namespace {

// The Conditions header's columns, where each starts (kubectl's tabwriter aligns the rows to it
// with spaces); or, as kubectl before 1.6 printed them, tab-separated (its tabwriter's cells
// left as tabs: a row's cells are its tab-separated words).
struct ConditionColumns {
    std::array<std::size_t, 6> start{}; // Type, Status, LastHeartbeatTime, LastTransitionTime, Reason, Message
    bool tabs = false;
};

std::optional<ConditionColumns> conditionHeader(std::string_view line)
{
    static constexpr std::array<std::string_view, 6> kNames = {"Type",   "Status", "LastHeartbeatTime", "LastTransitionTime",
                                                               "Reason", "Message"};
    ConditionColumns c;
    std::size_t from = 0;
    for (std::size_t i = 0; i < kNames.size(); ++i) {
        const std::size_t at = line.find(kNames[i], from);
        // Each a word of its own: "Type" also begins "Types"; "Status" is not in "LastHeartbeatTime".
        if (at == std::string_view::npos || (at > 0 && line[at - 1] != ' ' && line[at - 1] != '\t'))
            return std::nullopt;
        c.start[i] = at;
        from = at + kNames[i].size();
    }
    c.tabs = line.find('\t') != std::string_view::npos;
    return text::trimmed(line.substr(0, c.start[0])).empty() ? std::optional(c) : std::nullopt;
}

std::string_view column(std::string_view row, const ConditionColumns &c, std::size_t i)
{
    if (c.tabs) {
        std::size_t cell = 0;
        for (std::size_t from = 0; from < row.size();) {
            const std::size_t end = std::min(row.find('\t', from), row.size());
            if (const std::string_view word = text::trimmed(row.substr(from, end - from)); !word.empty() && cell++ == i)
                return word;
            from = end + 1;
        }
        return {};
    }
    if (c.start[i] >= row.size())
        return {};
    const std::size_t end = i + 1 < c.start.size() ? c.start[i + 1] : row.size();
    return text::trimmed(row.substr(c.start[i], end > c.start[i] ? end - c.start[i] : 0));
}

} // namespace

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
            describes = conditionHeader(line).has_value();
            return !describes;
        }
        named = line.starts_with("Name:");
        return named || (nonBlank == 1 && line.find("describe") != std::string_view::npos);
    });
    return describes;
}

std::vector<DescribedNode> describedNodes(const std::vector<std::string_view> &lines)
{
    std::vector<DescribedNode> out;
    std::string name;
    for (std::size_t i = 0; i < lines.size(); ++i) {
        const std::string_view line = lines[i];
        if (line.starts_with("Name:")) {
            name = std::string(text::trimmed(line.substr(5)));
            continue;
        }
        const auto header = name.empty() ? std::nullopt : conditionHeader(line);
        if (!header)
            continue;
        DescribedNode d;
        d.node = {{"kind", "Node"}, {"metadata", {{"name", name}}}, {"status", {{"conditions", nlohmann::json::array()}}}};
        std::size_t row = i + 1;
        if (row < lines.size() && text::trimmed(lines[row]).starts_with("----"))
            ++row;
        d.firstRow = row;
        for (; row < lines.size() && lines[row].starts_with("  ") && !text::trimmed(lines[row]).empty(); ++row) {
            const std::string_view r = lines[row];
            nlohmann::json c = {{"type", std::string(column(r, *header, 0))},
                                {"status", std::string(column(r, *header, 1))},
                                {"lastHeartbeatTime", rfc3339FromRfc1123z(column(r, *header, 2))},
                                {"lastTransitionTime", rfc3339FromRfc1123z(column(r, *header, 3))},
                                {"reason", std::string(column(r, *header, 4))},
                                {"message", std::string(column(r, *header, 5))}};
            d.node["status"]["conditions"].push_back(std::move(c));
        }
        d.lastRow = row == d.firstRow ? row : row - 1;
        if (row > d.firstRow)
            out.push_back(std::move(d));
        i = row == 0 ? 0 : row - 1;
    }
    return out;
}

} // namespace kubelane::core
