// Container lifecycle and pod/container readiness, from kubelet and control-plane lines.
#include "factcontext.h"

#include "../util/textscan.h"

#include <algorithm>
#include <map>
#include <unordered_map>

namespace kubelane::core {

namespace {

// Why the kubelet killed a container is logged just before the kill (computePodActions):
// "Container \"app\" (...) of pod web-0_default(...): Container app failed liveness probe,
// will be restarted" (1.9-1.20) or containerMessage="..." (1.21+). Kept per container for a
// few seconds, so the kill that follows carries its reason.
struct KillReasons {
    struct Reason {
        std::string text;
        Timestamp time;
    };
    std::map<std::pair<PodId, StringId>, Reason> byContainer;

    void note(const FactContext &ctx, const Event &e)
    {
        std::string_view reason = ctx.field(e, ctx.keys.reason);
        if (reason.empty())
            reason = ctx.field(e, ctx.keys.containerMessage);
        note(ctx.inc, e, reason);
    }
    void note(const Incident &inc, const Event &e, std::string_view reason)
    {
        if (!reason.empty() && inc.podOf(e) != kNoPod)
            byContainer[{inc.podOf(e), inc.containerOf(e)}] = {std::string(reason), e.time};
    }
    std::string take(const Incident &inc, const Event &kill)
    {
        auto it = byContainer.find({inc.podOf(kill), inc.containerOf(kill)});
        if (it == byContainer.end() || (kill.time - it->second.time) > Duration::fromSeconds(10))
            return {};
        std::string text = std::move(it->second.text);
        byContainer.erase(it);
        return text;
    }
};

} // namespace

void detectContainerEvents(const FactContext &ctx, Facts &facts)
{
    using K = ContainerEvent::Kind;
    KillReasons reasons;
    const CodeTypes &t = ctx.types;
    std::unordered_map<std::string, std::uint32_t> detailIds{{std::string(), 0}};
    auto detailId = [&](std::string &&text) -> std::uint32_t {
        if (const auto known = detailIds.find(text); known != detailIds.end())
            return known->second;
        if (facts.containerEventDetails.size() >= ContainerEvent::kMaxDetails)
            return 0;
        const auto id = static_cast<std::uint32_t>(facts.containerEventDetails.size());
        detailIds.emplace(text, id);
        facts.containerEventDetails.push_back(std::move(text));
        return id;
    };
    const EventTypeId killReason = t.killReason, specChanged = t.specHashChanged, kill = t.containerKill, plegEvent = t.syncLoopPleg,
                      died = t.containerDied, plegState = t.plegContainerState, probeFailed = t.probeFailure,
                      probeSucceeded = t.probeSuccess;
    const std::vector<EventIndex> read =
        ctx.eventsOf({killReason, specChanged, kill, plegEvent, died, plegState, probeFailed, probeSucceeded});
    // Hundreds of thousands on a busy bundle (probe results): sized once, rather than grown by
    // doubling through copies of itself.
    facts.containerEvents.reserve(facts.containerEvents.size() + read.size());
    for (const EventIndex i : read) {
        const Event &e = ctx.inc.event(i);
        std::optional<K> kind;
        std::string detail;
        if (e.type == killReason) {
            reasons.note(ctx, e);
        } else if (e.type == specChanged) {
            kind = K::SpecHashChanged;
            // Up to 1.12 the hashes are printed; later kubelets only say "definition changed".
            const std::string_view oldHash = ctx.field(e, ctx.keys.hashOld), newHash = ctx.field(e, ctx.keys.hashNew);
            detail = oldHash.empty() ? std::string("container definition changed")
                                     : "spec hash " + std::string(oldHash) + " vs " + std::string(newHash);
            reasons.note(ctx.inc, e, "container spec hash changed");
        } else if (e.type == kill) {
            kind = K::Killed;
            const std::string reason = reasons.take(ctx.inc, e);
            detail =
                (reason.empty() ? std::string() : reason + "; ") + "grace period " + std::string(ctx.field(e, ctx.keys.gracePeriod)) + " s";
        } else if (e.type == plegEvent || e.type == died || e.type == plegState) {
            const std::string_view ev = ctx.field(e, ctx.keys.eventType);
            if (ev == "ContainerDied" || e.type == died)
                kind = K::Died;
            else if (ev == "ContainerStarted")
                kind = K::Started;
        } else if (e.type == probeFailed) {
            kind = K::ProbeFailed;
            detail = std::string(ctx.field(e, ctx.keys.probeType));
        } else if (e.type == probeSucceeded) {
            kind = K::ProbeSucceeded;
            detail = std::string(ctx.field(e, ctx.keys.probeType));
        }
        if (kind)
            facts.containerEvents.push_back({i, detailId(std::move(detail)), *kind});
    }
}

void detectReadiness(const FactContext &ctx, Facts &facts)
{
    struct Key {
        PodId pod;
        StringId container;
        bool operator<(const Key &o) const { return pod != o.pod ? pod < o.pod : container < o.container; }
    };
    std::map<Key, std::size_t> openSpan; // index into facts.readiness
    auto set = [&](PodId pod, StringId container, bool ready, const Event &e, const char *origin) {
        if (pod == kNoPod)
            return;
        const Key key{pod, container};
        if (auto it = openSpan.find(key); it != openSpan.end()) {
            ReadySpan &open = facts.readiness[it->second];
            if (open.ready == ready)
                return;
            open.end = e.time;
            open.openEnded = false;
        }
        openSpan[key] = facts.readiness.size();
        // Open until the end of what the logs saw: the source that set it, or the kubelet of
        // the pod's node, which would have patched any change (facts never run past the logs).
        const StringId node = ctx.inc.pods[pod.index()].node;
        const Timestamp until = std::max({e.time, ctx.observedUntil(e), node == kNoString ? Timestamp{} : ctx.kubeletObservedUntil(node)});
        facts.readiness.push_back({pod, container, ready, e.time, until, true, origin, ctx.indexOf(e)});
    };
    const StringId none = kNoString;
    const EventTypeId patch = ctx.types.statusPatch, markedNotReady = ctx.types.podsMarkedNotReady;
    for (const EventIndex i : ctx.eventsOf({patch, markedNotReady})) {
        const Event &e = ctx.inc.event(i);
        if (e.type == patch) {
            const std::string_view podReady = ctx.field(e, ctx.keys.podReady);
            if (podReady == "True" || podReady == "False")
                set(ctx.inc.podOf(e), none, podReady == "True", e, "status patch");
            for (const StringId key : {ctx.keys.readyContainers, ctx.keys.unreadyContainers}) {
                text::forEachListItem(ctx.field(e, key), ',', [&](std::string_view name) {
                    // Every listed name is interned by the parser (SourceParser::storeFields).
                    if (const StringId c = ctx.inc.strings.find(name); c != kNoString)
                        set(ctx.inc.podOf(e), c, key == ctx.keys.readyContainers, e, "status patch");
                });
            }
            // A patch that only lists unready containers also makes the pod not Ready.
            if (podReady.empty() && !ctx.field(e, ctx.keys.unreadyContainers).empty())
                set(ctx.inc.podOf(e), none, false, e, "status patch");
        } else if (e.type == markedNotReady && ctx.inc.podOf(e) != kNoPod) {
            set(ctx.inc.podOf(e), none, false, e, "node lifecycle controller");
        }
    }
}

} // namespace kubelane::core
