#include "podinstances.h"

#include <algorithm>
#include <limits>

namespace kubelane::core {

namespace {

// One node's pod of a name that ran on several: the span of the lines it logged there.
struct NodePod {
    StringId node = kNoString;
    Timestamp first{std::numeric_limits<std::int64_t>::max()};
    Timestamp last{std::numeric_limits<std::int64_t>::min()};
    PodId pod = kNoPod;
};

constexpr std::int32_t kUnknown = -2;
constexpr std::int32_t kNoNodePod = -1;

class PodSeparator {
public:
    PodSeparator(Incident &incident, EventTables &tables, const PodPlacements &placements)
        : m_incident(incident), m_tables(tables), m_nodePodsOf(incident.pods.size()), m_contextSlot(incident.contexts.size(), kUnknown)
    {
        for (std::size_t i = 0; i < placements.nodesOf.size() && i < m_nodePodsOf.size(); ++i)
            if (placements.nodesOf[i].size() > 1)
                for (StringId node : placements.nodesOf[i])
                    m_nodePodsOf[i].push_back({node});
    }

    std::size_t run(const std::vector<PodPlacements::Listing> &listings)
    {
        if (std::all_of(m_nodePodsOf.begin(), m_nodePodsOf.end(), [](const auto &v) { return v.empty(); }))
            return 0;
        m_tables.forEach([&](const Event &e) {
            if (const std::int32_t slot = slotOf(e.context); slot >= 0)
                widen(m_nodePodsOf[podIndex(e.context)][static_cast<std::size_t>(slot)], e.time);
        });
        for (const auto &l : listings)
            for (NodePod &p : m_nodePodsOf[l.pod.index()])
                if (p.node == l.node)
                    widen(p, m_tables.bySource[l.source][l.event].time);
        const std::size_t added = makePods();
        if (added == 0)
            return 0;
        m_tables.forEach([&](Event &e) { e.context = contextFor(e); });
        return added;
    }

private:
    std::size_t podIndex(EventContextId context) const { return m_incident.contexts[context].pod.index(); }

    // The node pod a context's lines belong to by their node: its index in the pod's list,
    // kNoNodePod when the context names no node of it (or its pod is not split).
    std::int32_t slotOf(EventContextId context)
    {
        std::int32_t &slot = m_contextSlot[context.index()];
        if (slot != kUnknown)
            return slot;
        slot = kNoNodePod;
        const EventContext c = m_incident.contexts[context];
        if (c.pod == kNoPod || c.node == kNoString)
            return slot;
        const auto &nodePods = m_nodePodsOf[c.pod.index()];
        for (std::size_t i = 0; i < nodePods.size(); ++i)
            if (nodePods[i].node == c.node)
                slot = static_cast<std::int32_t>(i);
        return slot;
    }

    static void widen(NodePod &p, Timestamp t)
    {
        p.first = std::min(p.first, t);
        p.last = std::max(p.last, t);
    }

    // The earliest node's pod keeps the pod's id; each later one is a new pod.
    std::size_t makePods()
    {
        std::size_t added = 0;
        for (std::size_t i = 0; i < m_nodePodsOf.size(); ++i) {
            auto &nodePods = m_nodePodsOf[i];
            if (nodePods.empty())
                continue;
            std::stable_sort(nodePods.begin(), nodePods.end(), [](const NodePod &a, const NodePod &b) { return a.first < b.first; });
            Pod original = m_incident.pods[i];
            // The merge kept the first UID any file gave the name: which node's pod it was is not known.
            original.uid = kNoString;
            original.nameOnSeveralNodes = true;
            for (std::size_t n = 0; n < nodePods.size(); ++n) {
                Pod pod = original;
                pod.node = nodePods[n].node;
                if (n == 0) {
                    nodePods[n].pod = PodId::fromIndex(i);
                    m_incident.pods[i] = pod;
                } else {
                    nodePods[n].pod = PodId::fromIndex(m_incident.pods.size());
                    m_incident.pods.push_back(pod);
                    ++added;
                }
            }
        }
        std::fill(m_contextSlot.begin(), m_contextSlot.end(), kUnknown); // the slots indexed the lists before their sort
        return added;
    }

    EventContextId contextFor(const Event &e)
    {
        const EventContext c = m_incident.contexts[e.context];
        if (c.pod == kNoPod || c.pod.index() >= m_nodePodsOf.size() || m_nodePodsOf[c.pod.index()].empty())
            return e.context;
        const auto &nodePods = m_nodePodsOf[c.pod.index()];
        const std::int32_t slot = slotOf(e.context);
        const PodId pod = slot >= 0 ? nodePods[static_cast<std::size_t>(slot)].pod : podAt(nodePods, e.time);
        return pod == c.pod ? e.context : m_incident.contexts.withPod(e.context, pod);
    }

    // A line naming no node of the pod: the latest pod to start at or before it. While two
    // run (the old node still logging its pod's end) that is the new one; after a kubelet fell
    // silent, the old one, as what the controllers say then is about its pod (the taint
    // manager's eviction, the deletion; the next pod's binding names its node); before the
    // first, the first.
    static PodId podAt(const std::vector<NodePod> &nodePods, Timestamp t)
    {
        PodId pod = nodePods.front().pod;
        for (const NodePod &p : nodePods) // by start
            if (p.first <= t)
                pod = p.pod;
        return pod;
    }

    Incident &m_incident;
    EventTables &m_tables;
    std::vector<std::vector<NodePod>> m_nodePodsOf; // by pod index: empty unless the pod is split
    std::vector<std::int32_t> m_contextSlot;        // by context index
};

} // namespace

std::size_t separatePodsByNode(Incident &incident, EventTables &tables, const PodPlacements &placements)
{
    return PodSeparator(incident, tables, placements).run(placements.listings);
}

} // namespace kubelane::core
