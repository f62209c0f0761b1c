#include "codenames.h"

#include "../model/stringpool.h"
#include "eventtypecatalog.h"

#include <algorithm>
#include <stdexcept>

namespace kubelane::core {

namespace {

// clang-format off
// Fields no pattern captures: the audit and request record parsers (core/load) and the
// status-patch extractor (extractors.cpp) set them, the object reader a condition's
// heartbeat (kubeobjects.cpp), and structured klog lines carry them under these keys.
constexpr const char *kParserFields[] = {"podReady", "readyContainers", "unreadyContainers",
                                         "user", "userAgent", "verb", "resource", "subresource", "code",
                                         "lastHeartbeatTime"};
// clang-format on

} // namespace

CodeTypes resolveCodeTypes(const EventTypeCatalog &catalog, const std::string &origin)
{
    CodeTypes types;
    for (const TypeNeed &need : kTypeNeeds) {
        const auto id = catalog.find(need.id);
        if (!id)
            throw std::runtime_error(origin + ": defines no event type '" + need.id + "', which " + need.readers
                                     + " read: the resources are incomplete");
        types.*need.member = *id;
    }
    types.nodeLifecycle.resize(catalog.typeCount());
    for (std::size_t t = 0; t < catalog.typeCount(); ++t)
        types.nodeLifecycle[t] = catalog.typeId(static_cast<EventTypeId>(t)).starts_with("nlc.");
    return types;
}

std::vector<std::string> unknownCodeFields(const EventTypeCatalog &catalog)
{
    const std::vector<std::string> produced = catalog.producedFields();
    std::vector<std::string> unknown;
    for (const FieldNeed &need : kFieldNeeds) {
        const std::string_view name = need.name;
        if (std::find(produced.begin(), produced.end(), name) == produced.end()
            && std::find(std::begin(kParserFields), std::end(kParserFields), name) == std::end(kParserFields))
            unknown.emplace_back(name);
    }
    return unknown;
}

bool codeReadsField(std::string_view canonicalKey)
{
    return std::any_of(std::begin(kFieldNeeds), std::end(kFieldNeeds), [&](const FieldNeed &need) { return need.name == canonicalKey; });
}

FieldKeys resolveFieldKeys(const StringPool &strings)
{
    FieldKeys keys;
    for (const FieldNeed &need : kFieldNeeds)
        keys.*need.member = strings.find(need.name);
    return keys;
}

} // namespace kubelane::core
