#pragma once
// The correlated event store of one bundle: every source, every event in time order, and the
// tables the events' integer ids point into. Built once by the loader, then immutable and
// shared (std::shared_ptr<const Incident>) with the analysis, the command line and the GUI.
#include "event.h"
#include "namedtable.h"
#include "../input/skippedinput.h"
#include "source.h"
#include "stringpool.h"

#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace kubelane::core {

class EventTypeCatalog;
class GoroutineMap;

struct Pod {
    StringId ns = kNoString;
    StringId name = kNoString;
    StringId uid = kNoString;
    StringId node = kNoString; // the node whose kubelet logged it, if any
    // Another pod of the same namespace and name ran on another node (a StatefulSet's pod
    // made again after its node failed): each is told apart by its node (podKey).
    bool nameOnSeveralNodes = false;
};

struct BundleStats {
    std::uint64_t lines = 0;
    std::uint64_t events = 0;
    std::uint64_t unparsed = 0;
    std::uint64_t nonLog = 0; // lines recognised as not log lines (Source::nonLogLines)
    std::uint64_t bytes = 0;
};

class Incident {
public:
    std::vector<std::string> inputs; // what the user opened
    std::vector<Source> sources;
    EventStore events; // sorted by (time, source, offset: the line order), indexed by EventIndex
    std::vector<Pod> pods;
    StringPool strings;
    OriginTable origins;        // Event::origin indexes it
    EventContextTable contexts; // Event::context indexes it
    FieldKeyTable fieldKeys;    // Field::key indexes it
    NamedTable<EventTypeCatalog> eventTypes;
    NamedTable<GoroutineMap> roles;
    BundleStats stats;
    std::vector<std::string> notes;    // what the loader inferred or assumed, for the user
    std::vector<SkippedInput> skipped; // inputs not loaded, each with its reason

    const Event &event(EventIndex i) const { return events[i.index()]; }
    std::string_view text(StringId id) const { return strings.view(id); }
    OriginId originOf(const Event &e) const { return contexts[e.context].origin; }
    StringId componentOf(const Event &e) const { return origins[originOf(e)].component; }
    // Who wrote the line: its own component, else its file's.
    std::string_view componentNameOf(const Event &e) const
    {
        const StringId c = componentOf(e);
        return c != kNoString ? text(c) : std::string_view(sources[e.source].component);
    }
    StringId fileOf(const Event &e) const { return origins[originOf(e)].file; }
    RoleId roleOf(const Event &e) const { return origins[originOf(e)].role; }
    StringId nodeOf(const Event &e) const { return contexts[e.context].node; }
    PodId podOf(const Event &e) const { return contexts[e.context].pod; }
    StringId containerOf(const Event &e) const { return contexts[e.context].container; }
    std::string_view rawText(const Event &e) const;
    std::uint32_t lineOf(const Event &e) const; // 1-based, of the event's first raw line
    // The raw lines the event spans: 1 + the newlines in its bytes (continuation lines).
    std::uint32_t lineCountOf(const Event &e) const;
    // Gives the mapped pages of every source back (Bytes::releasePages) after a stage that read
    // lines here and there: a kernel that keeps a file in large folios maps a whole folio
    // (up to 2 MiB) for each line read, so one line of evidence per folio would keep the
    // bundle in the process. Reading a line again fetches it from the page cache.
    void releaseMappedPages() const;
    std::string_view message(const Event &e) const;
    std::string_view field(const Event &e, std::string_view key) const;
    std::string_view field(const Event &e, StringId key) const;
    std::string_view fieldValue(const Event &e, const Field &f) const { return core::fieldValue(sources[e.source], strings, e, f); }
    std::span<const Field> fieldsOf(const Event &e) const;
    std::string_view keyOf(const Field &f) const { return text(fieldKeys[f.key]); }
    std::string_view typeName(const Event &e) const;
    std::string_view roleName(const Event &e) const;
    std::string podName(PodId pod) const; // "namespace/name"
    // What tells a pod apart from every other: "namespace/name", or "namespace/name@node"
    // for one of the pods that had one name on several nodes (Pod::nameOnSeveralNodes).
    std::string podKey(PodId pod) const;
    std::string podName(const Event &e) const { return podName(podOf(e)); }
    // Index of the first event at or after `t` (binary search).
    std::size_t lowerBound(Timestamp t) const;
    Timestamp first() const { return events.empty() ? Timestamp{} : events.front().time; }
    Timestamp last() const { return events.empty() ? Timestamp{} : events.back().time; }
};

} // namespace kubelane::core
