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
        if ((m_contexts.size() + 1) * 2 > m_slots.size())
            grow();
        const std::size_t mask = m_slots.size() - 1;
        for (std::size_t i = hashOf(s) & mask;; i = (i + 1) & mask) {
            if (m_slots[i] == kEmptySlot) {
                m_slots[i] = static_cast<std::uint32_t>(m_contexts.size());
                m_contexts.push_back(s);
                return m_last = EventContextId::fromIndex(m_contexts.size() - 1);
            }
            if (m_contexts[m_slots[i]] == s)
                return m_last = EventContextId::fromIndex(m_slots[i]);
        }
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
    // splitmix64's finaliser over the four ids: every bit of each reaches the low bits the
    // table indexes by (contexts often differ in one id only).
    static std::uint64_t mix(std::uint64_t x)
    {
        x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
        x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
        return x ^ (x >> 31);
    }
    static std::uint64_t hashOf(const EventContext &s)
    {
        return mix(((std::uint64_t(s.node.value()) << 32) | s.container.value())
                   ^ mix((std::uint64_t(s.origin.value()) << 32) | s.pod.value()));
    }
    void grow()
    {
        m_slots.assign(std::max<std::size_t>(64, m_slots.size() * 2), kEmptySlot);
        const std::size_t mask = m_slots.size() - 1;
        for (std::size_t id = 0; id < m_contexts.size(); ++id) {
            std::size_t i = hashOf(m_contexts[id]) & mask;
            while (m_slots[i] != kEmptySlot)
                i = (i + 1) & mask;
            m_slots[i] = static_cast<std::uint32_t>(id);
        }
    }
    static constexpr std::uint32_t kEmptySlot = 0xffffffffu;
    std::vector<EventContext> m_contexts;
    // Open addressing, as the string pool's: a context's index, a power of two of them at most
    // half full. A bundle has tens of thousands of contexts; a node-based map took three
    // times the memory, and every line looks one up.
    std::vector<std::uint32_t> m_slots;
    EventContextId m_last = kNoEventContext;
};

} // namespace kubelane::core
