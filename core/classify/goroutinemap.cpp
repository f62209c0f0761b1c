#include "goroutinemap.h"

#include "../util/textfile.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <stdexcept>

namespace kubelane::core {

std::shared_ptr<GoroutineMap> GoroutineMap::loadFile(const std::string &path)
{
    const auto text = readTextFile(path);
    if (!text)
        throw std::runtime_error(path + ": cannot open the goroutine map");
    return loadJson(*text, path);
}

std::shared_ptr<GoroutineMap> GoroutineMap::loadJson(std::string_view text, const std::string &origin)
{
    nlohmann::json doc;
    try {
        doc = nlohmann::json::parse(text);
    } catch (const nlohmann::json::exception &e) {
        throw std::runtime_error(origin + ": not valid JSON: " + e.what());
    }
    auto map = std::make_shared<GoroutineMap>();
    map->m_roles.push_back({"other", "Lines from files not in the goroutine map"});
    if (auto roles = doc.find("roles"); roles != doc.end() && roles->is_object())
        for (auto it = roles->begin(); it != roles->end(); ++it)
            map->m_roles.push_back({it.key(), it.value().is_string() ? it.value().get<std::string>() : ""});
    if (!doc.contains("map") || !doc["map"].is_array())
        throw std::runtime_error(origin + ": expected a \"map\" array");
    for (const auto &e : doc["map"]) {
        if (!e.is_object() || !e.contains("file") || !e.contains("role"))
            throw std::runtime_error(origin + ": every map entry needs \"file\" and \"role\": " + e.dump());
        const std::string role = e["role"].get<std::string>();
        RoleId id = 0;
        for (size_t i = 0; i < map->m_roles.size(); ++i)
            if (map->m_roles[i].id == role)
                id = static_cast<RoleId>(i);
        if (id == 0) {
            id = static_cast<RoleId>(map->m_roles.size());
            map->m_roles.push_back({role, ""});
        }
        if (e.contains("shared") && !e["shared"].is_boolean())
            throw std::runtime_error(origin + ": \"shared\" must be true or false: " + e.dump());
        map->m_entries.push_back({e.value("component", ""), e["file"].get<std::string>(), id, e.value("shared", false)});
    }
    return map;
}

namespace {

// True when `tail` is `path` or ends it at a directory boundary ("worker.go" ends "prober/worker.go").
bool isPathSuffix(std::string_view path, std::string_view tail)
{
    return path.size() >= tail.size() && path.substr(path.size() - tail.size()) == tail
        && (path.size() == tail.size() || path[path.size() - tail.size() - 1] == '/');
}

} // namespace

const GoroutineMap::Entry *GoroutineMap::bestEntry(std::string_view component, bool anyComponent, std::string_view file) const
{
    if (const size_t colon = file.rfind(':'); colon != std::string_view::npos)
        file = file.substr(0, colon);
    // Three tiers, best first: an entry the printed path ends with (the longest, i.e. the most
    // directories that were actually printed, wins); an entry that only adds directories the
    // line did not print (old glog prints basenames: the first such entry listed wins, so the
    // map's order resolves "controller_utils.go"); the component's default ("file": "").
    const Entry *printed = nullptr, *guessed = nullptr, *fallback = nullptr;
    for (const Entry &e : m_entries) {
        if (!anyComponent && !e.component.empty() && e.component != component)
            continue;
        if (e.file.empty()) {
            if (!fallback && !anyComponent)
                fallback = &e;
        } else if (isPathSuffix(file, e.file)) {
            if (!printed || e.file.size() > printed->file.size()
                || (e.file.size() == printed->file.size() && !e.component.empty() && printed->component.empty()))
                printed = &e;
        } else if (!guessed && isPathSuffix(e.file, file)) {
            guessed = &e;
        }
    }
    return printed ? printed : guessed ? guessed : fallback;
}

RoleId GoroutineMap::roleFor(std::string_view component, std::string_view file) const
{
    const Entry *best = bestEntry(component, false, file);
    return best ? best->role : roleId(std::string(component) + "-other");
}

std::string_view GoroutineMap::componentOf(std::string_view file) const
{
    if (file.empty())
        return {};
    const Entry *best = bestEntry({}, true, file);
    if (!best)
        return {};
    // A file every component vendors (client-go's leaderelection.go), or one of a name any
    // component's package may have ("shared": controller.go, Go's log.go), is no one component's.
    const bool shared = best->shared || std::any_of(m_entries.begin(), m_entries.end(), [&](const Entry &e) {
                            return e.file == best->file && e.component != best->component;
                        });
    return shared ? std::string_view() : std::string_view(best->component);
}

bool GoroutineMap::names(std::string_view component, std::string_view file) const
{
    const Entry *best = file.empty() ? nullptr : bestEntry(component, false, file);
    return best && !best->file.empty();
}

RoleId GoroutineMap::roleId(std::string_view id) const
{
    for (size_t i = 0; i < m_roles.size(); ++i)
        if (m_roles[i].id == id)
            return static_cast<RoleId>(i);
    return 0;
}

} // namespace kubelane::core
