#pragma once
// The tables `kubectl get events` prints. Columns are cut where the header's words start
// (kubectl pads with a tabwriter, so every cell starts under its header). Layouts by version
// (pkg/printers/internalversion/printers.go, eventColumnDefinitions):
//   1.10-1.13:  LAST SEEN  FIRST SEEN  COUNT  NAME  KIND  SUBOBJECT  TYPE  REASON  SOURCE  MESSAGE
//   1.14+:      LAST SEEN  TYPE  REASON  OBJECT  MESSAGE
//   1.14+ wide: LAST SEEN  TYPE  REASON  OBJECT  SUBOBJECT  SOURCE  MESSAGE  FIRST SEEN  COUNT  NAME
// with NAMESPACE first for --all-namespaces. Ages are duration.HumanDuration/ShortHumanDuration
// ("73s", "5m", "2d3h", "3y12d"), "<unknown>" for a zero time, "<invalid>" for a future one; a
// repeated 1.14+ event shows "5m (x3 over 10m)" in LAST SEEN.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace kubelane::core {

struct ObjectRecord;

struct EventTableLayout {
    struct Column {
        std::string name; // as printed: "LAST SEEN", "OBJECT", ...
        std::size_t start = 0;
    };
    std::vector<Column> columns;
};

// A header line of an events table, or nothing.
std::optional<EventTableLayout> parseEventTableHeader(std::string_view line);

// The 1.14+ layout read off a row pasted without its header (the paster cut it, or sorted the
// output and kept the rows): "16m   Warning   NodeNotReady   pod/web-0   Node is not ready",
// NAMESPACE first for -A. Cells start where the row's do: kubectl's tabwriter starts every
// cell of a column at one place.
std::optional<EventTableLayout> inferEventTableLayout(std::string_view row);

// The command line a user pasted above the table: `kubectl get events -A`, `microk8s kubectl
// get ev`, `oc get events` (microk8s#1866), with or without a shell prompt before it.
bool runsGetEvents(std::string_view line);

struct EventTableRow {
    std::string namespace_, lastSeen, firstSeen, count, type, reason, kind, name, subobject, source, message, eventName;
};
EventTableRow splitEventTableRow(std::string_view line, const EventTableLayout &layout);

// "2d3h" -> seconds; nothing for "<unknown>", "<invalid>" and anything else. A LAST SEEN cell
// "5m (x3 over 10m)" gives its first age; `count` and `over` receive the rest when present.
std::optional<std::int64_t> parseKubectlAge(std::string_view text, std::string *count = nullptr, std::int64_t *over = nullptr);

// A row as the event it shows, at `capturedAt` (seconds since the epoch) less its age; nothing
// when the row has no age ("<unknown>", "<invalid>").
std::optional<ObjectRecord> recordFromEventTableRow(const EventTableRow &row, std::int64_t capturedAt);

} // namespace kubelane::core
