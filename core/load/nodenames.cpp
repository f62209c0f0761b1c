#include "nodenames.h"

#include <map>
#include <set>
#include <string>

namespace kubelane::core {

namespace {

// Short name -> the one full name claimed for it; short names claimed twice are left out.
std::map<std::string, std::string> fullNamesClaimed(const std::vector<ParsedSource> &parsed, const std::vector<bool> &nodeSetByUser)
{
    std::map<std::string, std::set<std::string>> claims;
    for (std::size_t i = 0; i < parsed.size(); ++i)
        if (!nodeSetByUser[i])
            for (const auto &[host, node] : parsed[i].nodeFullNames)
                claims[host].insert(node);
    std::map<std::string, std::string> fullName;
    for (const auto &[host, nodes] : claims)
        if (nodes.size() == 1)
            fullName.emplace(host, *nodes.begin());
    return fullName;
}

void rename(ParsedSource &p, const std::string &host, const std::string &node)
{
    if (p.source.node == host)
        p.source.node = node;
    const StringId from = p.strings.find(host);
    if (from == kNoString)
        return;
    const StringId to = p.strings.intern(node);
    for (Event &e : p.events)
        if (p.contexts[e.context].node == from)
            e.context = p.contexts.withNode(e.context, to);
}

} // namespace

void nameNodesInFull(std::vector<ParsedSource> &parsed, const std::vector<bool> &nodeSetByUser)
{
    const auto fullName = fullNamesClaimed(parsed, nodeSetByUser);
    for (const auto &[host, node] : fullName)
        for (std::size_t i = 0; i < parsed.size(); ++i)
            if (!nodeSetByUser[i])
                rename(parsed[i], host, node);
}

} // namespace kubelane::core
