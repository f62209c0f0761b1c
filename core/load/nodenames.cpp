#include "nodenames.h"

#include "../input/displaypath.h"

#include <algorithm>
#include <map>
#include <set>
#include <string>

namespace kubelane::core {

namespace {

// Short name -> the one full name claimed for it; short names claimed twice are left out.
std::map<std::string, std::string> fullNamesClaimed(const std::vector<ParsedSource> &parsed)
{
    std::map<std::string, std::set<std::string>> claims;
    for (const ParsedSource &p : parsed)
        if (!p.nodeSetByUser)
            for (const auto &[host, node] : p.nodeFullNames)
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
    if (p.source.host == host) // a control-plane journal of that machine
        p.source.host = node;
    if (const StringId from = p.strings.find(host); from != kNoString)
        p.moveEventsToNode(from, p.strings.intern(node));
}

} // namespace

void nameNodesInFull(std::vector<ParsedSource> &parsed)
{
    for (const auto &[host, node] : fullNamesClaimed(parsed))
        for (ParsedSource &p : parsed)
            if (!p.nodeSetByUser)
                rename(p, host, node);
}

namespace {

bool namesANode(const ParsedSource &p)
{
    if (!p.source.node.empty())
        return true;
    for (std::uint32_t i = 0; i < p.contexts.size(); ++i)
        if (p.contexts[EventContextId::fromIndex(i)].node != kNoString)
            return true;
    return false;
}

} // namespace

void nameNodesOfNamelessKubeletLogs(std::vector<ParsedSource> &parsed)
{
    auto nameless = [](const ParsedSource &p) {
        return p.source.node.empty() && p.source.component == "kubelet" && !p.objectsOnly && !p.events.empty();
    };
    // Where another file names nodes, the log is likely one of theirs: a node of its own would
    // split its pods from the node the scheduler placed them on (separatePodsByNode).
    if (std::any_of(parsed.begin(), parsed.end(), [&](const ParsedSource &p) { return !nameless(p) && namesANode(p); }))
        return;
    std::map<std::string, int, std::less<>> filesNamed; // two nameless kubelet.log files: each named by its path
    for (const ParsedSource &p : parsed)
        if (nameless(p))
            ++filesNamed[std::string(fileNameOfDisplayPath(p.source.path))];
    for (ParsedSource &p : parsed) {
        if (!nameless(p))
            continue;
        const std::string file(fileNameOfDisplayPath(p.source.path));
        p.source.node = "<node of " + (filesNamed[file] > 1 ? p.source.path : file) + ">";
        p.giveNodeToNodelessEvents(p.strings.intern(p.source.node));
    }
}

} // namespace kubelane::core
