// Container lifecycle and pod/container readiness, from kubelet and control-plane lines.
#include "factcontext.h"

#include <map>

namespace kubelane::core {

void detectContainerEvents(const FactContext &ctx, Facts &facts)
{
    using K = ContainerEvent::Kind;
    for (const Event &e : ctx.inc.events) {
        const std::string_view type = ctx.inc.typeName(e);
        std::optional<K> kind;
        std::string detail;
        if (type == "container.spec-hash-changed") {
            kind = K::SpecHashChanged;
            detail = "spec hash " + std::string(ctx.field(e, "hashOld")) + " vs " + std::string(ctx.field(e, "hashNew"));
        } else if (type == "container.kill") {
            kind = K::Killed;
            detail = "grace period " + std::string(ctx.field(e, "gracePeriod")) + " s";
        } else if (type == "syncloop.pleg" || type == "container.died" || type == "pleg.container-state") {
            const std::string_view ev = ctx.field(e, "eventType");
            if (ev == "ContainerDied" || type == "container.died")
                kind = K::Died;
            else if (ev == "ContainerStarted")
                kind = K::Started;
        } else if (type == "probe.result.failure") {
            kind = K::ProbeFailed;
            detail = std::string(ctx.field(e, "probeType"));
        } else if (type == "probe.result.success") {
            kind = K::ProbeSucceeded;
            detail = std::string(ctx.field(e, "probeType"));
        }
        if (kind)
            facts.containerEvents.push_back({*kind, e.pod, e.container, e.time, std::move(detail), ctx.indexOf(e)});
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
        facts.readiness.push_back({pod, container, ready, e.time, ctx.inc.last(), true, origin, ctx.indexOf(e)});
    };
    const StringId none = kNoString;
    for (const Event &e : ctx.inc.events) {
        const std::string_view type = ctx.inc.typeName(e);
        if (type == "pod.status.patch") {
            const std::string_view podReady = ctx.field(e, "podReady");
            if (podReady == "True" || podReady == "False")
                set(e.pod, none, podReady == "True", e, "status patch");
            for (const char *key : {"readyContainers", "unreadyContainers"}) {
                const std::string_view list = ctx.field(e, key);
                size_t i = 0;
                while (!list.empty() && i <= list.size()) {
                    const size_t end = std::min(list.find(',', i), list.size());
                    const StringId c = ctx.inc.strings.find(list.substr(i, end - i));
                    if (c != kNoString)
                        set(e.pod, c, key[0] == 'r', e, "status patch");
                    i = end + 1;
                }
            }
            // A patch that only lists unready containers also makes the pod not Ready.
            if (podReady.empty() && !ctx.field(e, "unreadyContainers").empty())
                set(e.pod, none, false, e, "status patch");
        } else if (type == "nlc.pods-marked-not-ready" && e.pod != kNoPod) {
            set(e.pod, none, false, e, "node lifecycle controller");
        }
    }
}

} // namespace kubelane::core
