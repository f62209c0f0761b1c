#include "correlator.h"

#include "../classify/codenames.h"
#include "../classify/eventtypecatalog.h"
#include "../classify/extractors.h"
#include "../util/memorypolicy.h"
#include "../util/parallel.h"

#include <algorithm>
#include <unordered_map>

namespace kubelane::core {

std::string_view stripContainerScheme(std::string_view id)
{
    if (const size_t at = id.find("://"); at != std::string_view::npos)
        id.remove_prefix(at + 3);
    return id;
}

namespace {

// How a file's local string and pod ids map to the incident's.
struct LocalIds {
    std::vector<StringId> strings;
    std::vector<OriginId> origins;
    std::vector<PodId> pods;
    std::vector<EventContextId> contexts;
    std::vector<FieldKeyId> fieldKeys;
};

// Interns a file's strings, places, pods, field keys and event contexts into the incident's tables. Serial: the tables are shared.
LocalIds internSourceIds(const ParsedSource &p, Incident &incident, std::unordered_map<std::string, PodId> &podByKey)
{
    LocalIds ids;
    ids.strings.assign(p.strings.size(), kNoString);
    for (std::size_t i = 0; i < p.strings.size(); ++i)
        ids.strings[i] = incident.strings.intern(p.strings.view(StringId::fromIndex(i)));
    ids.origins.assign(p.origins.size(), kNoOrigin); // 0: an event given no place stays so
    for (std::size_t i = 1; i < p.origins.size(); ++i) {
        const Origin &o = p.origins[OriginId::fromIndex(i)];
        ids.origins[i] = incident.origins.intern(ids.strings[o.component.index()], ids.strings[o.file.index()], o.role);
    }
    ids.pods.resize(p.pods.size());
    for (std::size_t i = 0; i < p.pods.size(); ++i) {
        const LocalPod &lp = p.pods[i];
        std::string key(p.strings.view(lp.ns));
        key += '/';
        key += p.strings.view(lp.name);
        auto it = podByKey.find(key);
        if (it == podByKey.end()) {
            it = podByKey.emplace(key, PodId::fromIndex(incident.pods.size())).first;
            incident.pods.push_back({ids.strings[lp.ns.index()], ids.strings[lp.name.index()], ids.strings[lp.uid.index()], kNoString});
        } else if (incident.pods[it->second.index()].uid == kNoString) {
            incident.pods[it->second.index()].uid = ids.strings[lp.uid.index()];
        }
        ids.pods[i] = it->second;
    }
    ids.fieldKeys.resize(p.fieldKeys.size());
    for (std::size_t i = 0; i < p.fieldKeys.size(); ++i) // past FieldKeyTable::kMaxKeys: none, a field no look-up finds
        ids.fieldKeys[i] = incident.fieldKeys.intern(ids.strings[p.fieldKeys[FieldKeyId::fromIndex(i)].index()]);
    ids.contexts.resize(p.contexts.size());
    for (std::size_t i = 0; i < p.contexts.size(); ++i) {
        const EventContext &c = p.contexts[EventContextId::fromIndex(i)];
        ids.contexts[i] = incident.contexts.intern({ids.origins[c.origin.index()], ids.strings[c.node.index()],
                                                    ids.strings[c.container.index()], c.pod == kNoPod ? kNoPod : ids.pods[c.pod.index()]});
    }
    return ids;
}

// Rewrites a file's events and fields in place to the incident's ids and final times. Each
// file on its own: the files are rewritten in parallel.
void rewriteToIncidentIds(ParsedSource &p, const LocalIds &ids, SourceId sourceId, const TimeResolver &resolveTimes)
{
    // Fields stay with their source (no copy): only their string ids change.
    for (Field &f : p.fields) {
        f.key = ids.fieldKeys[f.key.index()];
        if (f.interned())
            f.valueOffset = ids.strings[f.valueOffset].value();
    }
    resolveTimes(p);
    for (Event &e : p.events) {
        e.source = sourceId;
        e.context = ids.contexts[e.context.index()];
    }
    // Nothing names the file's own ids any more: its tables go before the store grows.
    p.strings = StringPool();
    p.origins = OriginTable();
    p.contexts = EventContextTable();
    p.pods = std::vector<LocalPod>();
    p.fieldKeys = FieldKeyTable();
}

} // namespace

EventTables mergeParsedSources(std::vector<ParsedSource> &parsed, Incident &incident, const TimeResolver &resolveTimes, unsigned threads)
{
    std::unordered_map<std::string, PodId> podByKey;
    std::vector<LocalIds> ids;
    ids.reserve(parsed.size());
    for (const auto &p : parsed)
        ids.push_back(internSourceIds(p, incident, podByKey));
    const auto firstId = static_cast<SourceId>(incident.sources.size());
    const auto order = largestFirst(parsed.size(), [&](std::size_t i) { return parsed[i].events.size(); });
    forEachInParallel(
        parsed.size(), threads,
        [&](std::size_t i) { rewriteToIncidentIds(parsed[i], ids[i], firstId + static_cast<SourceId>(i), resolveTimes); }, &order);
    ids = std::vector<LocalIds>();
    giveFreedMemoryBack(); // the pending times and the files' own tables, before the store grows

    EventTables tables;
    tables.bySource.resize(firstId + parsed.size());
    for (std::size_t i = 0; i < parsed.size(); ++i) {
        ParsedSource &p = parsed[i];
        tables.bySource[firstId + i] = std::move(p.events);
        p.source.fields = std::move(p.fields);
        p.source.id = firstId + static_cast<SourceId>(i);
        incident.sources.push_back(std::move(p.source));
        p = ParsedSource{}; // free the per-file tables early
    }
    giveFreedMemoryBack();
    return tables;
}

PodPlacements correlate(Incident &incident, EventTables &tables)
{
    // 1. A pod named without namespace ("pod web-0 is running") is the one pod of that name.
    std::unordered_map<StringId, std::vector<PodId>> byName;
    for (std::size_t i = 0; i < incident.pods.size(); ++i)
        if (incident.pods[i].ns != kNoString)
            byName[incident.pods[i].name].push_back(PodId::fromIndex(i));
    std::vector<PodId> alias(incident.pods.size(), kNoPod); // by pod index
    for (std::size_t i = 0; i < incident.pods.size(); ++i) {
        const Pod &p = incident.pods[i];
        if (p.ns != kNoString)
            continue;
        if (auto it = byName.find(p.name); it != byName.end() && it->second.size() == 1)
            alias[i] = it->second.front();
    }

    const FieldKeys fieldKeys = resolveFieldKeys(incident.strings);
    const StringId kContainerId = fieldKeys.containerId;
    const StringId kPodUid = fieldKeys.podUid;
    std::unordered_map<StringId, PodId> podByUid;
    for (std::size_t i = 0; i < incident.pods.size(); ++i)
        if (incident.pods[i].uid != kNoString)
            podByUid.emplace(incident.pods[i].uid, alias[i] == kNoPod ? PodId::fromIndex(i) : alias[i]);

    // 2. Container ids seen next to their pod and name.
    struct Owner {
        PodId pod;
        StringId container;
    };
    std::unordered_map<std::string_view, Owner> byContainerId;
    tables.forEach([&](Event &e) {
        const EventContext context = incident.contexts[e.context];
        PodId pod = context.pod;
        if (pod != kNoPod && alias[pod.index()] != kNoPod)
            pod = alias[pod.index()];
        if (pod == kNoPod && kPodUid != kNoString)
            if (const std::string_view uid = incident.field(e, kPodUid); !uid.empty())
                if (auto it = podByUid.find(incident.strings.find(uid)); it != podByUid.end())
                    pod = it->second;
        if (pod != context.pod)
            e.context = incident.contexts.withPod(e.context, pod);
        if (kContainerId == kNoString || pod == kNoPod || context.container == kNoString)
            return;
        if (const std::string_view cid = incident.field(e, kContainerId); !cid.empty())
            byContainerId.emplace(stripContainerScheme(cid), Owner{pod, context.container});
    });
    // 3. Lines that only name a container id ("Killing container docker://...") get its owner.
    auto giveContainerOwner = [&](Event &e) {
        EventContext context = incident.contexts[e.context];
        if (kContainerId == kNoString || (context.pod != kNoPod && context.container != kNoString))
            return;
        const std::string_view cid = incident.field(e, kContainerId);
        if (cid.empty())
            return;
        if (auto it = byContainerId.find(stripContainerScheme(cid)); it != byContainerId.end()) {
            if (context.pod == kNoPod)
                context.pod = it->second.pod;
            if (context.container == kNoString && context.pod == it->second.pod)
                context.container = it->second.container;
            e.context = incident.contexts.intern(context);
        }
    };
    // 4. A pod lives on the node whose kubelet logs it, alone or in a SyncLoop list, or that
    // the scheduler bound it to. A pod is bound once, but a StatefulSet's pod deleted and
    // made again keeps its name on its next node: every node that claims it is kept.
    const StringId kubelet = incident.strings.find("kubelet");
    const EventTypeId bound = incident.eventTypes ? incident.eventTypes->codeTypes().schedulerBound : kOtherEventType;
    const StringId kPods = fieldKeys.pods;
    std::unordered_map<std::string, PodId> podByName;
    for (std::size_t i = 0; i < incident.pods.size(); ++i)
        podByName.emplace(std::string(incident.text(incident.pods[i].ns)) + "/" + std::string(incident.text(incident.pods[i].name)),
                          PodId::fromIndex(i));
    PodPlacements placements;
    placements.nodesOf.resize(incident.pods.size());
    auto place = [&](PodId pod, StringId node) {
        if (pod == kNoPod || node == kNoString)
            return;
        if (incident.pods[pod.index()].node == kNoString)
            incident.pods[pod.index()].node = node;
        std::vector<StringId> &nodes = placements.nodesOf[pod.index()];
        if (std::find(nodes.begin(), nodes.end(), node) == nodes.end())
            nodes.push_back(node);
    };
    std::string key;                 // "namespace/name" of a listed pod
    std::vector<bool> contextPlaced; // an event's own pod and node depend on its context alone
    auto placePodsOf = [&](const Event &e) {
        const EventContext context = incident.contexts[e.context]; // a copy: interning grows the table
        if (context.node == kNoString)
            return;
        if (e.type == bound && bound != kOtherEventType) {
            place(context.pod, context.node);
            return;
        }
        // No "kubelet" in the pool (a controller's log alone): no line is a kubelet's, not those of no component.
        if (kubelet == kNoString || incident.origins[context.origin].component != kubelet)
            return;
        if (e.context.index() >= contextPlaced.size())
            contextPlaced.resize(incident.contexts.size());
        if (!contextPlaced[e.context.index()]) {
            contextPlaced[e.context.index()] = true;
            place(context.pod, context.node);
        }
        if (kPods == kNoString)
            return;
        forEachListedPod(incident.field(e, kPods), [&](std::string_view entry) {
            const PodReference ref = parsePodReference(entry);
            key.assign(ref.ns).append(1, '/').append(ref.name); // one buffer: no allocation a listed pod
            if (auto it = podByName.find(key); it != podByName.end()) {
                place(it->second, context.node);
                placements.listings.push_back(
                    {it->second, context.node, e.source, static_cast<std::size_t>(&e - tables.bySource[e.source].data())});
            }
        });
    };
    // One pass for both (the store is read from memory once, not twice): an event's owner is
    // given before its pod is placed, as two passes did, and the pods are placed in the same
    // order (the first kubelet to log a pod places it).
    tables.forEach([&](Event &e) {
        giveContainerOwner(e);
        placePodsOf(e);
    });
    // Pods known only by name (the node lifecycle controller's spelling) take their alias's node.
    for (std::size_t i = 0; i < incident.pods.size(); ++i)
        if (alias[i] != kNoPod)
            place(PodId::fromIndex(i), incident.pods[alias[i].index()].node);
    return placements;
}

} // namespace kubelane::core
