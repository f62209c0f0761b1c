#pragma once
// Kubernetes API objects as kubectl prints them (`get -o json`, `cluster-info dump`): where a
// JSON document's list items lie in the bytes, and what each object says happened when (an
// Event object's occurrence, a Node's condition transitions, a Pod's container starts and
// exits). The parser turns each record into an event spanning the object's lines.
#include "../model/event.h"

#include <nlohmann/json_fwd.hpp>

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace kubelane::core {

// Whether a file is kubectl's printout of objects (JSON, YAML) or of an events table, from
// its first lines: a pretty-printed JSON document or one-line object with apiVersion, kind
// and metadata; YAML starting with apiVersion:/kind: with items: or metadata: at column 0;
// an events table header.
enum class KubeObjectsSyntax { None, Json, Yaml, EventTable, DescribeNode };
KubeObjectsSyntax detectKubeObjects(std::string_view bytes);

struct ByteSpan {
    std::size_t begin = 0, end = 0; // [begin, end)
};

// One top-level JSON value of a file and the elements of its "items" array (depth 1), found by
// a scanner that only tracks braces, brackets and strings; each span is parsed on its own later.
struct JsonDocumentSpan {
    ByteSpan doc;
    std::vector<ByteSpan> items;
    bool hasItems = false; // an "items" array, even an empty one
    std::string kind;      // the top-level "kind" ("EventList", "List", "Node")
    bool complete = true;  // false: the file ended inside the value
};
// `stray` receives the spans of non-blank text outside any document.
std::vector<JsonDocumentSpan> scanJsonDocuments(std::string_view bytes, std::vector<ByteSpan> *stray = nullptr);

// What one object says happened at one time.
struct ObjectRecord {
    std::int64_t utcNs = 0;
    Severity severity = Severity::Info;
    std::string component; // who reported it: kubelet, kube-controller-manager, kube-scheduler, ...
    std::string message;
    std::vector<std::pair<std::string, std::string>> fields;
};

// The kind of an item: its own "kind", else the list's ("EventList" -> "Event"; a cluster-info
// dump prints typed lists whose items carry no kind), else guessed from its shape.
std::string itemKind(const nlohmann::json &item, std::string_view listKind);

// The records of an Event (core/v1 or events.k8s.io/v1), a Node or a Pod; none for other kinds
// and for objects without any time.
std::vector<ObjectRecord> recordsFromObject(const nlohmann::json &item, std::string_view kind);

// The component behind an event's source.component / reportingController:
// "node-controller" -> "kube-controller-manager", "default-scheduler" -> "kube-scheduler".
std::string componentForEventSource(std::string_view reporter);
// The component that records events of a reason, for tables that print no SOURCE: the
// kubelet's reasons (pkg/kubelet/events), the scheduler's and the controller manager's; ""
// for a reason two components record (NodeNotReady) or one not known.
std::string componentForEventReason(std::string_view reason);

} // namespace kubelane::core
