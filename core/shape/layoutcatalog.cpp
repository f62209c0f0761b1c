#include "layoutcatalog.h"

#include "../format/sourceidentity.h"
#include "../util/textfile.h"

#include <nlohmann/json.hpp>
#include <re2/re2.h>

#include <algorithm>
#include <stdexcept>

namespace kubelane::core {

namespace {

std::unique_ptr<re2::RE2> compile(const std::string &pattern, const std::string &origin)
{
    auto re = std::make_unique<re2::RE2>(pattern, re2::RE2::Quiet);
    if (!re->ok())
        throw std::runtime_error(origin + ": bad pattern \"" + pattern + "\": " + re->error());
    return re;
}

std::optional<DiagnosticReason> reasonNamed(const std::string &name, const std::string &origin)
{
    for (int r = 0; r < static_cast<int>(DiagnosticReason::Count); ++r) {
        const auto reason = static_cast<DiagnosticReason>(r);
        const std::string full = diagnosticName(reason);
        if (isNotALogLine(reason) && full.starts_with(name + " ("))
            return reason;
    }
    throw std::runtime_error(origin + ": \"notALog\": \"" + name + "\" is not a kind of non-log line (e.g. \"command output\")");
}

// The value of a named group of the last match, "" when the pattern has no such group.
std::string group(const re2::RE2 &re, const std::vector<re2::StringPiece> &groups, const char *name)
{
    const auto &names = re.NamedCapturingGroups();
    const auto it = names.find(name);
    return it == names.end() || it->second >= static_cast<int>(groups.size())
        ? std::string()
        : std::string(groups[it->second].data(), groups[it->second].size());
}

} // namespace

LayoutCatalog::~LayoutCatalog() = default;

std::shared_ptr<LayoutCatalog> LayoutCatalog::loadFile(const std::string &path)
{
    const auto text = readTextFile(path);
    if (!text)
        throw std::runtime_error(path + ": cannot open the layout table");
    return loadJson(*text, path);
}

std::shared_ptr<LayoutCatalog> LayoutCatalog::loadJson(std::string_view text, const std::string &origin)
{
    nlohmann::json doc;
    try {
        doc = nlohmann::json::parse(text);
    } catch (const nlohmann::json::exception &e) {
        throw std::runtime_error(origin + ": not valid JSON: " + e.what());
    }
    if (!doc.contains("layouts") || !doc["layouts"].is_array())
        throw std::runtime_error(origin + ": expected a \"layouts\" array");
    auto catalog = std::make_shared<LayoutCatalog>();
    for (const auto &l : doc["layouts"]) {
        Layout layout;
        layout.shape = l.at("shape").get<std::string>();
        const std::string where = origin + " (" + layout.shape + ")";
        // The root is everything before the match: the longest prefix that ends a folder.
        for (const auto &p : l.at("recognisedBy"))
            layout.recognisedBy.push_back(compile("^((?:.*[/!])?)(?:" + p.get<std::string>() + ")", where));
        for (const auto &f : l.at("files")) {
            FileRule rule;
            rule.pattern = f.at("path").get<std::string>();
            rule.re = compile("^(?:" + rule.pattern + ")$", where);
            if (f.contains("notALog"))
                rule.notALog = reasonNamed(f["notALog"].get<std::string>(), where);
            rule.link = f.value("links", false);
            layout.files.push_back(std::move(rule));
        }
        for (const auto &n : l.value("nodeFromFile", nlohmann::json::array()))
            layout.nodeFromFile.push_back(n.get<std::string>());
        layout.skipOtherFiles = l.value("otherFiles", "read") == "skip";
        catalog->m_layouts.push_back(std::move(layout));
    }
    return catalog;
}

std::vector<std::pair<std::size_t, std::string>> LayoutCatalog::recognise(const std::vector<std::string> &paths) const
{
    std::vector<std::pair<std::size_t, std::string>> found;
    for (std::size_t i = 0; i < m_layouts.size(); ++i)
        for (const auto &path : paths)
            for (const auto &re : m_layouts[i].recognisedBy) {
                std::string root;
                if (!re2::RE2::PartialMatch(path, *re, &root))
                    continue;
                const std::pair<std::size_t, std::string> entry{i, root};
                if (std::find(found.begin(), found.end(), entry) == found.end())
                    found.push_back(entry);
            }
    return found;
}

const std::vector<std::string> &LayoutCatalog::nodeFiles(std::size_t layout) const
{
    return m_layouts[layout].nodeFromFile;
}

std::optional<LayoutMatch> LayoutCatalog::match(const std::vector<std::pair<std::size_t, std::string>> &recognised,
                                                std::string_view path) const
{
    // Layouts nest: a kind export holds per node a pods/ folder that is a "pod log files" layout
    // of its own. The outermost layout with a rule for the file wins, since it knows more (the
    // node from the folder or the sosreport's hostname); a file no rule names belongs to the
    // innermost root (its "other files").
    std::vector<const std::pair<std::size_t, std::string> *> holders;
    for (const auto &r : recognised)
        if (path.starts_with(r.second))
            holders.push_back(&r);
    if (holders.empty())
        return std::nullopt;
    std::stable_sort(holders.begin(), holders.end(), [](auto *a, auto *b) { return a->second.size() < b->second.size(); });
    for (const auto *h : holders)
        if (auto m = matchRule(h->first, h->second, path))
            return m;
    LayoutMatch m;
    m.shape = m_layouts[holders.back()->first].shape;
    m.root = holders.back()->second;
    m.skip = m_layouts[holders.back()->first].skipOtherFiles;
    return m;
}

std::optional<LayoutMatch> LayoutCatalog::matchRule(std::size_t index, const std::string &root, std::string_view path) const
{
    const Layout &layout = m_layouts[index];
    LayoutMatch m;
    m.shape = layout.shape;
    m.root = root;
    const std::string_view relative = path.substr(root.size());
    for (const FileRule &rule : layout.files) {
        const int n = rule.re->NumberOfCapturingGroups();
        std::vector<re2::StringPiece> groups(static_cast<std::size_t>(n) + 1);
        if (!rule.re->Match(re2::StringPiece(relative.data(), relative.size()), 0, relative.size(), re2::RE2::ANCHOR_BOTH, groups.data(),
                            n + 1))
            continue;
        m.rule = rule.pattern;
        m.notALog = rule.notALog;
        m.link = rule.link;
        m.node = group(*rule.re, groups, "node");
        m.podNamespace = group(*rule.re, groups, "namespace");
        m.podName = group(*rule.re, groups, "pod");
        m.container = group(*rule.re, groups, "container");
        const std::string component = group(*rule.re, groups, "component");
        const std::string &named = !component.empty() ? component : m.container;
        m.component = named.empty() ? std::string() : std::string(componentForProcess(named));
        return m;
    }
    return std::nullopt;
}

} // namespace kubelane::core
