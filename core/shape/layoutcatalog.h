#pragma once
// The collection layouts of resources/layouts.json: which tool laid out a bundle's files, and
// what each file's place says about it (component, node, pod, container, or "not a log").
#include "../model/source.h"

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace re2 {
class RE2;
}

namespace kubelane::core {

// What a layout says about one file.
struct LayoutMatch {
    std::string shape;
    std::string root;                                              // the layout's root folder, ending in '/' or '!' (or "")
    std::string rule;                                              // the pattern that matched, for the attribution's origin
    std::string component, node, podNamespace, podName, container; // "" = not given
    std::optional<DiagnosticReason> notALog;
    bool skip = false; // under a root whose other files are not read
    bool link = false; // a place of links to files elsewhere (copies once archived with tar -h)
};

class LayoutCatalog {
public:
    static std::shared_ptr<LayoutCatalog> loadFile(const std::string &path);
    static std::shared_ptr<LayoutCatalog> loadJson(std::string_view text, const std::string &origin);
    ~LayoutCatalog();

    // Each layout recognised in the bundle, with its root: (layout index, root).
    std::vector<std::pair<std::size_t, std::string>> recognise(const std::vector<std::string> &paths) const;
    // What the recognised layouts say about `path` (nullopt: no recognised layout holds it).
    std::optional<LayoutMatch> match(const std::vector<std::pair<std::size_t, std::string>> &recognised, std::string_view path) const;
    // Files under `root` whose first line names the layout's node (sosreport's `hostname`).
    const std::vector<std::string> &nodeFiles(std::size_t layout) const;

private:
    std::optional<LayoutMatch> matchRule(std::size_t layout, const std::string &root, std::string_view path) const;

    struct FileRule {
        std::string pattern;
        std::unique_ptr<re2::RE2> re;
        std::optional<DiagnosticReason> notALog;
        bool link = false;
    };
    struct Layout {
        std::string shape;
        std::vector<std::unique_ptr<re2::RE2>> recognisedBy;
        std::vector<FileRule> files;
        std::vector<std::string> nodeFromFile;
        bool skipOtherFiles = false;
    };
    std::vector<Layout> m_layouts;
};

} // namespace kubelane::core
