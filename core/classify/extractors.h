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
// A recorded event's object (kind Pod or Node) as the line's pod or node.
void extractRecordedEventObject(std::string_view message, FieldList &fields);
// A pod as log lines spell it: "name_namespace(uid)" (format.Pod, optionally ":container"),
// "namespace/name" (klog.KObj), or a bare "name".
struct PodReference {
    std::string_view ns, name, uid;
};
PodReference parsePodReference(std::string_view text);

// The pods of a SyncLoop line's list: "a_ns(uid), b_ns(uid)", ["ns/a"] or [ns/a ns/b].
template <typename Fn> void forEachListedPod(std::string_view list, Fn &&fn)
{
    std::size_t i = 0;
    while (i < list.size()) {
        while (i < list.size() && (list[i] == '[' || list[i] == ']' || list[i] == '"' || list[i] == ',' || list[i] == ' '))
            ++i;
        std::size_t e = i;
        while (e < list.size() && list[e] != ',' && list[e] != ' ' && list[e] != '"' && list[e] != ']')
            ++e;
        if (e > i)
            fn(list.substr(i, e - i));
        i = e;
    }
}

// Splits an API path into resource fields: /api/v1/namespaces/NS/pods/NAME/status etc.
void extractApiPath(std::string_view path, FieldList &fields);

} // namespace kubelane::core
