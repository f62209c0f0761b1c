#include "bundleshapes.h"

#include "../util/textscan.h"
#include "sectionsplitter.h"

#include <algorithm>
#include <functional>
#include <optional>
#include <unordered_map>
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
void dropDuplicates(std::vector<InputFile> &files, const std::vector<bool> &isLink, std::vector<SkippedInput> &skipped)
{
    constexpr std::size_t kMinDuplicateSize = 1024;
    // Only a file whose size another file shares can repeat it: the rest are never hashed,
    // and the others once each.
    std::unordered_map<std::size_t, int> filesOfSize;
    for (const auto &f : files)
        if (f.bytes)
            ++filesOfSize[f.bytes->size()];
    const std::size_t n = files.size();
    std::vector<std::optional<std::size_t>> hash(n);
    std::unordered_multimap<std::size_t, std::size_t> originals; // hash -> a file outside links folders
    for (std::size_t i = 0; i < n; ++i)
        if (files[i].bytes && filesOfSize[files[i].bytes->size()] > 1) {
            hash[i] = std::hash<std::string_view>{}(*files[i].bytes);
            if (!isLink[i])
                originals.emplace(*hash[i], i);
        }
    auto sameBytes = [&](std::size_t a, std::size_t b) { return a != b && files[a].bytes->view() == files[b].bytes->view(); };
    std::vector<bool> drop(n, false);
    std::unordered_multimap<std::size_t, std::size_t> kept; // hash -> a file read already
    auto find = [&](const std::unordered_multimap<std::size_t, std::size_t> &in, std::size_t i) -> std::optional<std::size_t> {
        const auto [from, to] = in.equal_range(*hash[i]);
        const auto same = std::find_if(from, to, [&](const auto &e) { return sameBytes(e.second, i); });
        return same == to ? std::nullopt : std::optional(same->second);
    };
    for (std::size_t i = 0; i < n; ++i) {
        if (!hash[i])
            continue;
        // A links folder's copy yields to its original at any size.
        if (const auto original = isLink[i] ? find(originals, i) : std::nullopt) {
            drop[i] = true;
            skipped.push_back({files[i].path, "a copy of " + files[*original].path + " (a link in the collection), read once"});
            continue;
        }
        const auto earlier = files[i].bytes->size() >= kMinDuplicateSize ? find(kept, i) : std::nullopt;
        if (earlier) {
            drop[i] = true;
            skipped.push_back({files[i].path, "a duplicate: the same content as " + files[*earlier].path + ", read once"});
            continue;
        }
        kept.emplace(*hash[i], i);
    }
    std::size_t k = 0;
    std::erase_if(files, [&](const InputFile &) { return drop[k++]; });
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
    // A layout's folders are the container's name and its pod's (var/log/pods/NS_POD_UID/
    // CONTAINER/), not a name someone gave a folder: they are the component's word.
    if (!m.component.empty() || !m.podName.empty() || !m.container.empty())
        in.identity.componentFromFolder = false;
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
    if (section.attribution.podName.empty() && section.attribution.container.empty())
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
    paths.reserve(files.size());
    for (const auto &f : files)
        paths.push_back(f.path);
    const auto recognised = layouts ? layouts->recognise(paths) : std::vector<std::pair<std::size_t, std::string>>{};
    std::vector<bool> isLink(files.size());
    for (std::size_t i = 0; i < files.size() && layouts; ++i) {
        const auto m = layouts->match(recognised, files[i].path);
        isLink[i] = m && m->link;
    }
    dropDuplicates(files, isLink, out.skipped);
    const auto nodeOfRoot = layouts ? layoutNodes(*layouts, recognised, files) : std::unordered_map<std::string, std::string>{};

    for (auto &f : files) {
        SourceInput in;
        in.identity = identityFromPath(f.path);
        if (const auto m = layouts ? layouts->match(recognised, f.path) : std::nullopt) {
            if (m->skip) {
                out.skipped.push_back({f.path, "not a log: a " + m->shape + " file that holds no log"});
                continue;
            }
            const auto node = nodeOfRoot.find(m->root);
            applyLayout(in, *m, node == nodeOfRoot.end() ? std::string() : node->second);
        }
        in.file = std::move(f);
        std::vector<SourceInput> sections;
        SourceIdentity soleHeading;
        if (!in.allLinesAre) {
            sections = splitClusterInfoDump(in.file);
            if (sections.empty())
                sections = splitTailSections(in.file);
            if (sections.empty())
                sections = splitPrefixedLines(in.file);
            if (sections.empty())
                sections = splitHostPrefixedLines(in.file);
            if (sections.empty())
                sections = splitBulletedLines(in.file);
            if (sections.empty())
                sections = splitGrepLines(in.file);
            if (sections.empty())
                sections = splitIndentedPaste(in.file);
            if (sections.empty())
                sections = splitHeadedPaste(in.file, &soleHeading);
        }
        if (sections.empty()) {
            if (in.identity.component.empty() && !soleHeading.component.empty()) { // the path's node, else the heading's
                if (!in.identity.node.empty())
                    soleHeading.node = in.identity.node;
                in.identity = soleHeading;
            }
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

void skipSourcesPast(ShapedBundle &bundle, std::size_t limit)
{
    if (bundle.sources.size() <= limit)
        return;
    const std::string reason = "not loaded: an incident holds at most " + std::to_string(limit) + " files";
    for (std::size_t i = limit; i < bundle.sources.size(); ++i)
        bundle.skipped.push_back({bundle.sources[i].file.path, reason});
    bundle.notes.push_back(std::to_string(bundle.sources.size() - limit) + " files were not loaded: an incident holds at most "
                           + std::to_string(limit) + " files");
    bundle.sources.resize(limit);
}

} // namespace kubelane::core
