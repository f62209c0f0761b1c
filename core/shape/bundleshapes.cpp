#include "bundleshapes.h"

#include "../util/textscan.h"
#include "sectionsplitter.h"

#include <algorithm>
#include <functional>
#include <memory>
#include <unordered_map>

namespace kubelane::core {

namespace {

// Drops files whose bytes equal an earlier file's, with a note naming both. Tiny files are
// kept: two nodes' one-line `kubernetes-version.txt` are the same bytes and still two facts;
// a kilobyte of log lines carries times and host names that no other file repeats by chance.
// A file in a place of links (`isLink`: /var/log/containers, copied by `tar -h`) is a copy
// of its target whatever its size, so it goes when any other file has its bytes, and the
// target is the one kept, wherever the two sort.
void dropDuplicates(std::vector<InputFile> &files, const std::vector<bool> &isLink, std::vector<std::string> &notes)
{
    constexpr std::size_t kMinDuplicateSize = 1024;
    auto hashOf = [](const InputFile &f) { return std::hash<std::string_view>{}(*f.bytes); };
    // Files outside places of links, any size (their bytes and paths: `files` is moved from below).
    std::unordered_multimap<std::size_t, std::pair<std::shared_ptr<const std::string>, std::string>> targets;
    for (std::size_t i = 0; i < files.size(); ++i)
        if (files[i].bytes && !isLink[i])
            targets.emplace(hashOf(files[i]), std::make_pair(files[i].bytes, files[i].path));
    std::unordered_multimap<std::size_t, std::size_t> byHash;
    std::vector<InputFile> kept;
    kept.reserve(files.size());
    for (std::size_t i = 0; i < files.size(); ++i) {
        auto &f = files[i];
        if (f.bytes && isLink[i]) {
            const auto [from, to] = targets.equal_range(hashOf(f));
            const auto target = std::find_if(from, to, [&](const auto &e) { return *e.second.first == *f.bytes; });
            if (target != to) {
                notes.push_back(f.path + ": a copy of " + target->second.second + " (a link in the collection), read once");
                continue;
            }
        }
        if (f.bytes && f.bytes->size() >= kMinDuplicateSize) {
            const std::size_t h = hashOf(f);
            const auto [from, to] = byHash.equal_range(h);
            const auto same = std::find_if(from, to, [&](const auto &e) { return *kept[e.second].bytes == *f.bytes; });
            if (same != to) {
                notes.push_back(f.path + ": the same content as " + kept[same->second].path + ", read once");
                continue;
            }
            byHash.emplace(h, kept.size());
        }
        kept.push_back(std::move(f));
    }
    files = std::move(kept);
}

std::string firstLine(const InputFile &f)
{
    if (!f.bytes)
        return {};
    std::string_view s = *f.bytes;
    s = s.substr(0, s.find('\n'));
    while (!s.empty() && (s.back() == '\r' || s.back() == ' '))
        s.remove_suffix(1);
    return std::string(s.size() <= 253 ? s : std::string_view{});
}

// The node a layout was collected on, from its `nodeFromFile` (sosreport's `hostname`).
std::unordered_map<std::string, std::string> layoutNodes(const LayoutCatalog &catalog,
                                                         const std::vector<std::pair<std::size_t, std::string>> &recognised,
                                                         const std::vector<InputFile> &files)
{
    std::unordered_map<std::string, std::string> nodeOfRoot;
    for (const auto &[layout, root] : recognised)
        for (const auto &candidate : catalog.nodeFiles(layout))
            for (const auto &f : files)
                if (f.path == root + candidate && nodeOfRoot.find(root) == nodeOfRoot.end() && !firstLine(f).empty())
                    nodeOfRoot[root] = firstLine(f);
    return nodeOfRoot;
}

void applyLayout(SourceInput &in, const LayoutMatch &m, const std::string &layoutNode)
{
    in.shape = m.shape;
    const std::string origin = "layout (" + m.shape + (m.rule.empty() ? "" : ": " + m.rule) + ")";
    if (!m.component.empty()) {
        in.identity.component = m.component;
        in.identity.origin = origin;
    }
    const std::string &node = !m.node.empty() ? m.node : layoutNode;
    if (!node.empty()) {
        in.identity.node = node;
        in.identity.origin = origin;
    }
    in.attribution.podNamespace = m.podNamespace;
    in.attribution.podName = m.podName;
    in.attribution.container = m.container;
    if (!m.podName.empty() || !m.container.empty() || m.notALog)
        in.identity.origin = origin;
    in.allLinesAre = m.notALog;
}

// A section inherits what its file's place says, unless its own frame says more.
void inherit(SourceInput &section, const SourceInput &parent)
{
    if (section.shape.empty())
        section.shape = parent.shape;
    if (section.identity.node.empty())
        section.identity.node = parent.identity.node;
    if (section.identity.component.empty() && !section.allLinesAre && section.attribution.podName.empty()
        && parent.attribution.podName.empty())
        section.identity.component = parent.identity.component;
    if (section.attribution.podName.empty())
        section.attribution = parent.attribution;
    if (section.identity.origin.empty())
        section.identity.origin = parent.identity.origin;
}

} // namespace

ShapedBundle recogniseShapes(std::vector<InputFile> files, const LayoutCatalog *layouts)
{
    ShapedBundle out;
    // Layouts are recognised from every path, before duplicates go: a link copy may be the
    // path that names the layout.
    std::vector<std::string> paths;
    for (const auto &f : files)
        paths.push_back(f.path);
    const auto recognised = layouts ? layouts->recognise(paths) : std::vector<std::pair<std::size_t, std::string>>{};
    std::vector<bool> isLink(files.size());
    for (std::size_t i = 0; i < files.size() && layouts; ++i) {
        const auto m = layouts->match(recognised, files[i].path);
        isLink[i] = m && m->link;
    }
    dropDuplicates(files, isLink, out.notes);
    const auto nodeOfRoot = layouts ? layoutNodes(*layouts, recognised, files) : std::unordered_map<std::string, std::string>{};

    for (auto &f : files) {
        SourceInput in;
        in.identity = identityFromPath(f.path);
        if (const auto m = layouts ? layouts->match(recognised, f.path) : std::nullopt) {
            if (m->skip) {
                out.notes.push_back("not read: " + f.path + " (" + m->shape + " file that holds no log)");
                continue;
            }
            const auto node = nodeOfRoot.find(m->root);
            applyLayout(in, *m, node == nodeOfRoot.end() ? std::string() : node->second);
        }
        in.file = std::move(f);
        std::vector<SourceInput> sections;
        if (!in.allLinesAre) {
            sections = splitClusterInfoDump(in.file);
            if (sections.empty())
                sections = splitTailSections(in.file);
            if (sections.empty())
                sections = splitPrefixedLines(in.file);
            if (sections.empty())
                sections = splitHostPrefixedLines(in.file);
        }
        if (sections.empty()) {
            out.sources.push_back(std::move(in));
            continue;
        }
        for (auto &s : sections) {
            inherit(s, in);
            out.sources.push_back(std::move(s));
        }
    }
    return out;
}

} // namespace kubelane::core
