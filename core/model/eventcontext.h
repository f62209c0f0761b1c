#pragma once
// Who logged an event and what it is about: the origin (component, Go file:line and goroutine
// role) and the node, pod and container (what a finding is about is core/rules/subject.h). A
// bundle has some tens of thousands of these against millions of events, so an event holds
// one 4-byte id instead of the four ids' 16 bytes (the event is the store's hot struct; see
// docs/performance.md). Read them through Incident::componentOf, fileOf, roleOf, nodeOf,
// podOf and containerOf.
#include "ids.h"
#include "openaddressindex.h"
#include "origin.h"
#include "stringpool.h"

#include <cstdint>
#include <algorithm>
#include <vector>

namespace kubelane::core {

struct PodTag;
using PodId = StrongId<PodTag, std::uint32_t, 0xffffffffu>; // into Incident::pods
constexpr PodId kNoPod = PodId::none();

struct EventContextTag;
using EventContextId = StrongId<EventContextTag, std::uint32_t, 0>; // 0: no origin, node, pod or container
constexpr EventContextId kNoEventContext = EventContextId::none();

struct EventContext {
    OriginId origin = kNoOrigin;
    StringId node = kNoString; // the node the event is about (or logged on)
    StringId container = kNoString;
    PodId pod = kNoPod;
    bool operator==(const EventContext &) const = default;
};

// The contexts of one string pool's, origin table's and pod table's ids: a file's while it is
// parsed, the incident's after (the merge remaps them, as it does strings, pods and origins).
class EventContextTable {
public:
    EventContextTable() { intern({}); }

    EventContextId intern(const EventContext &s)
    {
        // Lines of one place about one pod come in runs: the last context is asked for again most often.
        if (!m_contexts.empty() && m_contexts[m_last.index()] == s)
            return m_last;
        const auto next = static_cast<std::uint32_t>(m_contexts.size());
        const std::uint32_t id = m_index.findOrAdd(hashOf(s), next, [&](std::uint32_t at) { return m_contexts[at] == s; });
        if (id == next)
            m_contexts.push_back(s);
        return m_last = EventContextId::fromIndex(id);
    }
    const EventContext &operator[](EventContextId id) const { return m_contexts[id.index()]; }
    // The context `id` names with one of its parts changed.
    EventContextId withNode(EventContextId id, StringId node)
    {
        return changed(id, [&](EventContext &s) { s.node = node; });
    }
    EventContextId withPod(EventContextId id, PodId pod)
    {
        return changed(id, [&](EventContext &s) { s.pod = pod; });
    }
    EventContextId withOrigin(EventContextId id, OriginId origin)
    {
        return changed(id, [&](EventContext &s) { s.origin = origin; });
    }
    std::size_t size() const { return m_contexts.size(); }

private:
    template <typename Change> EventContextId changed(EventContextId id, Change &&change)
    {
        EventContext s = m_contexts[id.index()]; // a copy: intern may grow the table
        change(s);
        return intern(s);
    }
    static std::uint32_t hashOf(const EventContext &s)
    {
        return mixIds(((std::uint64_t(s.node.value()) << 32) | s.container.value())
                      ^ mixIds((std::uint64_t(s.origin.value()) << 32) | s.pod.value()));
    }
    std::vector<EventContext> m_contexts;
    // A bundle has tens of thousands of contexts; a node-based map took three times the
    // memory, and every line looks one up.
    OpenAddressIndex m_index;
    EventContextId m_last = kNoEventContext;
};

} // namespace kubelane::core
