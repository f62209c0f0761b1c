#pragma once
// Field extractors for messages whose interesting content is itself structured (a JSON patch,
// a list of pods, a Go struct dump, a request line). Named in resources/events.json.
#include "../format/klogline.h"

#include <string_view>

namespace kubelane::core {

using Extractor = void (*)(std::string_view message, FieldList &fields);
// nullptr for an unknown name.
Extractor findExtractor(std::string_view name);

// Exposed for tests.
void extractStatusPatch(std::string_view message, FieldList &fields);
void extractPodList(std::string_view message, FieldList &fields);
void extractPlegEvent(std::string_view message, FieldList &fields);
void extractApiRequest(std::string_view message, FieldList &fields);
// Splits an API path into resource fields: /api/v1/namespaces/NS/pods/NAME/status etc.
void extractApiPath(std::string_view path, FieldList &fields);

} // namespace kubelane::core
