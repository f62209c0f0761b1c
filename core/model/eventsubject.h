#pragma once
// What an event is about: its node, pod and container (what a finding is about is
// core/rules/subject.h). A bundle has a few thousand of these
// triples against millions of events, so an event holds one 4-byte id instead of the three
// ids' 12 bytes (the event is the store's hot struct; see docs/performance.md). Read them
// through Incident::nodeOf, podOf and containerOf.
#include "ids.h"
#include "stringpool.h"

#include <cstdint>
#include <unordered_map>
#include <vector>

namespace kubelane::core {

struct PodTag;
using PodId = StrongId<PodTag, std::uint32_t, 0xffffffffu>; // into Incident::pods
constexpr PodId kNoPod = PodId::none();

struct EventSubjectTag;
using EventSubjectId = StrongId<EventSubjectTag, std::uint32_t, 0>; // 0: no node, no pod, no container
constexpr EventSubjectId kNoEventSubject = EventSubjectId::none();

struct EventSubject {
    StringId node = kNoString; // the node the event is about (or logged on)
    StringId container = kNoString;
    PodId pod = kNoPod;
    bool operator==(const EventSubject &) const = default;
};

// The subjects of one string pool's and pod table's ids: a file's while it is parsed, the
// incident's after (the merge remaps them, as it does strings, pods and origins).
class EventSubjectTable {
public:
    EventSubjectTable()
    {
        m_subjects.push_back({});
        m_ids.emplace(EventSubject{}, kNoEventSubject);
    }

    EventSubjectId intern(const EventSubject &s)
    {
        // Lines of one pod come in runs: the last subject is asked for again most often.
        if (m_subjects[m_last.index()] == s)
            return m_last;
        const auto [it, added] = m_ids.try_emplace(s, EventSubjectId::fromIndex(m_subjects.size()));
        if (added)
            m_subjects.push_back(s);
        m_last = it->second;
        return m_last;
    }
    const EventSubject &operator[](EventSubjectId id) const { return m_subjects[id.index()]; }
    // The subject `id` names with one of its parts changed.
    EventSubjectId withNode(EventSubjectId id, StringId node)
    {
        return changed(id, [&](EventSubject &s) { s.node = node; });
    }
    EventSubjectId withPod(EventSubjectId id, PodId pod)
    {
        return changed(id, [&](EventSubject &s) { s.pod = pod; });
    }
    std::size_t size() const { return m_subjects.size(); }

private:
    template <typename Change> EventSubjectId changed(EventSubjectId id, Change &&change)
    {
        EventSubject s = m_subjects[id.index()]; // a copy: intern may grow the table
        change(s);
        return intern(s);
    }
    struct Hash {
        std::size_t operator()(const EventSubject &s) const noexcept
        {
            const std::uint64_t a = (std::uint64_t(s.node.value()) << 32) | s.container.value();
            return std::hash<std::uint64_t>{}(a * 0x9e3779b97f4a7c15ull ^ s.pod.value());
        }
    };
    std::vector<EventSubject> m_subjects;
    std::unordered_map<EventSubject, EventSubjectId, Hash> m_ids;
    EventSubjectId m_last = kNoEventSubject;
};

} // namespace kubelane::core
