#pragma once
// Who logged an event and what it is about: the origin (component, Go file:line and goroutine
// role) and the node, pod and container (what a finding is about is core/rules/subject.h). A
// bundle has some tens of thousands of these against millions of events, so an event holds
// one 4-byte id instead of the four ids' 16 bytes (the event is the store's hot struct; see
// docs/performance.md). Read them through Incident::componentOf, fileOf, roleOf, nodeOf,
// podOf and containerOf.
#include "ids.h"
#include "origin.h"
#include "stringpool.h"

#include <cstdint>
#include <unordered_map>
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
    EventContextTable()
    {
        m_contexts.push_back({});
        m_ids.emplace(EventContext{}, kNoEventContext);
    }

    EventContextId intern(const EventContext &s)
    {
        // Lines of one place about one pod come in runs: the last context is asked for again most often.
        if (m_contexts[m_last.index()] == s)
            return m_last;
        const auto [it, added] = m_ids.try_emplace(s, EventContextId::fromIndex(m_contexts.size()));
        if (added)
            m_contexts.push_back(s);
        m_last = it->second;
        return m_last;
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
    std::size_t size() const { return m_contexts.size(); }

private:
    template <typename Change> EventContextId changed(EventContextId id, Change &&change)
    {
        EventContext s = m_contexts[id.index()]; // a copy: intern may grow the table
        change(s);
        return intern(s);
    }
    struct Hash {
        std::size_t operator()(const EventContext &s) const noexcept
        {
            const std::uint64_t a = (std::uint64_t(s.node.value()) << 32) | s.container.value();
            const std::uint64_t b = (std::uint64_t(s.origin.value()) << 32) | s.pod.value();
            return std::hash<std::uint64_t>{}(a * 0x9e3779b97f4a7c15ull ^ b);
        }
    };
    std::vector<EventContext> m_contexts;
    std::unordered_map<EventContext, EventContextId, Hash> m_ids;
    EventContextId m_last = kNoEventContext;
};

} // namespace kubelane::core
