// Heartbeats per node from every source that shows one, and the gaps between them compared
// with the node-monitor grace period in force.
#include "factcontext.h"

#include <algorithm>
#include <map>
#include <set>

namespace kubelane::core {

namespace {

bool isSuccess(std::string_view code) { return code.empty() || code.starts_with('2'); }

bool verbWrites(std::string_view verb)
{
    return verb == "PATCH" || verb == "PUT" || verb == "patch" || verb == "update" || verb == "UPDATE" || verb == "POST"
        || verb == "create";
}

// Parses "v1.15.5" -> (1, 15).
std::pair<int, int> minorVersion(std::string_view v)
{
    if (!v.empty() && v[0] == 'v')
        v.remove_prefix(1);
    int major = 0, minor = 0;
    size_t i = 0;
    while (i < v.size() && v[i] >= '0' && v[i] <= '9')
        major = major * 10 + (v[i++] - '0');
    if (i < v.size() && v[i] == '.')
        ++i;
    while (i < v.size() && v[i] >= '0' && v[i] <= '9')
        minor = minor * 10 + (v[i++] - '0');
    return {major, minor};
}

} // namespace

GracePeriod nodeMonitorGracePeriod(const FactContext &ctx, std::optional<Duration> override)
{
    if (override)
        return {*override, "--grace " + formatDuration(*override)};
    std::string version;
    for (const Event &e : ctx.inc.events) {
        if ((ctx.is(e, "controller.flag") || ctx.is(e, "component.flag")) && ctx.field(e, "flag").ends_with("node-monitor-grace-period")) {
            if (auto d = parseGoDuration(ctx.field(e, "value")))
                return {*d, "flag --node-monitor-grace-period=" + std::string(ctx.field(e, "value")) + " in the "
                                + ctx.inc.sources[e.source].component + " log, line " + std::to_string(e.line)};
        }
        if (version.empty() && ctx.is(e, "controller.start"))
            version = std::string(ctx.field(e, "version"));
    }
    if (!version.empty()) {
        const auto [major, minor] = minorVersion(version);
        const bool newer = major > 1 || minor >= 32;
        return {Duration::fromSeconds(newer ? 50 : 40), "default of kube-controller-manager " + version};
    }
    return {Duration::fromSeconds(40), "default (40 s; 50 s from Kubernetes 1.32)"};
}

namespace {

// True when a source that reports this node's heartbeats was logging through at least half of
// the silence between two of them. Otherwise the bundle simply has no data there (two bundles
// of the same nodes side by side, a rotation hole): silence in the logs is not silence from
// the node.
bool observed(const Incident &inc, const std::set<SourceId> &heartbeatSources, Timestamp from, Timestamp to)
{
    for (SourceId id : heartbeatSources) {
        const Source &s = inc.sources[id];
        const Duration overlap = std::min(s.last, to) - std::max(s.first, from);
        if (overlap.ns * 2 >= (to - from).ns)
            return true;
    }
    return false;
}

} // namespace

void detectHeartbeats(const FactContext &ctx, Facts &facts, std::optional<Duration> graceOverride)
{
    const Incident &inc = ctx.inc;
    for (const Event &e : inc.events) {
        if (e.node == kNoString)
            continue;
        const bool request = ctx.is(e, "apiserver.request") || ctx.is(e, "apiserver.audit") || ctx.is(e, "heartbeat.request");
        if (request) {
            const std::string_view resource = ctx.field(e, "resource");
            const std::string_view sub = ctx.field(e, "subresource");
            if (!verbWrites(ctx.field(e, "verb")))
                continue;
            // Only the node's own kubelet proves it alive; the node controller writes node status too.
            const std::string_view agent = ctx.field(e, "userAgent");
            const std::string_view user = ctx.field(e, "user");
            if ((!agent.empty() && agent.find("kubelet") == std::string_view::npos)
                || (!user.empty() && !user.starts_with("system:node:")))
                continue;
            Heartbeat h{e.time, e.node, Heartbeat::Kind::NodeStatus, !isSuccess(ctx.field(e, "code")), ctx.indexOf(e)};
            if (resource == "leases")
                h.kind = Heartbeat::Kind::Lease;
            else if (!(resource == "nodes" && sub == "status"))
                continue;
            facts.heartbeats.push_back(h);
        } else if (ctx.is(e, "node.status.update-failed") || ctx.is(e, "node.status.update-exhausted") || ctx.is(e, "lease.renew-failed")) {
            facts.heartbeats.push_back({e.time, e.node, ctx.is(e, "lease.renew-failed") ? Heartbeat::Kind::Lease : Heartbeat::Kind::NodeStatus,
                                        true, ctx.indexOf(e)});
        }
    }
    std::stable_sort(facts.heartbeats.begin(), facts.heartbeats.end(), [](auto &a, auto &b) { return a.time < b.time; });

    const GracePeriod grace = nodeMonitorGracePeriod(ctx, graceOverride);
    std::map<StringId, std::vector<const Heartbeat *>> byNode;
    for (const auto &h : facts.heartbeats)
        byNode[h.node].push_back(&h);
    const Timestamp bundleEnd = inc.last();
    for (const auto &[node, beats] : byNode) {
        std::vector<const Heartbeat *> ok;
        for (auto *h : beats)
            if (!h->failed)
                ok.push_back(h);
        if (ok.size() < 2)
            continue;
        std::set<SourceId> sources;
        for (auto *h : beats)
            sources.insert(inc.events[h->event].source);
        // What counts as a gap: well above this node's usual interval (10 s status, 10 s lease).
        std::vector<std::int64_t> intervals;
        for (size_t i = 1; i < ok.size(); ++i)
            intervals.push_back((ok[i]->time - ok[i - 1]->time).ns);
        std::nth_element(intervals.begin(), intervals.begin() + std::ptrdiff_t(intervals.size() / 2), intervals.end());
        const std::int64_t typical = intervals[intervals.size() / 2];
        const std::int64_t threshold = std::max<std::int64_t>(3 * typical, 15 * kNsPerSecond);
        auto addGap = [&](const Heartbeat *before, const Heartbeat *after, Timestamp end) {
            HeartbeatGap g;
            g.node = node;
            g.start = before->time;
            g.end = end;
            g.length = end - before->time;
            g.grace = grace.value;
            g.graceOrigin = grace.origin;
            g.exceedsGrace = g.length > grace.value;
            g.openEnded = after == nullptr;
            g.beforeEvent = before->event;
            g.afterEvent = after ? after->event : kNoEvent;
            for (auto *h : beats)
                if (h->failed && h->time > g.start && h->time < g.end)
                    g.failures.push_back(h->event);
            facts.gaps.push_back(std::move(g));
        };
        for (size_t i = 1; i < ok.size(); ++i)
            if ((ok[i]->time - ok[i - 1]->time).ns > threshold && observed(inc, sources, ok[i - 1]->time, ok[i]->time))
                addGap(ok[i - 1], ok[i], ok[i]->time);
        // Open-ended only within what the heartbeat sources cover: a log that simply ends is no gap.
        Timestamp coverageEnd;
        for (auto *h : ok)
            coverageEnd = std::max(coverageEnd, inc.sources[inc.events[h->event].source].last);
        coverageEnd = std::min(coverageEnd, bundleEnd);
        if ((coverageEnd - ok.back()->time).ns > std::max<std::int64_t>(threshold, grace.value.ns))
            addGap(ok.back(), nullptr, coverageEnd);
    }
    std::sort(facts.gaps.begin(), facts.gaps.end(), [](auto &a, auto &b) { return a.start < b.start; });
}

} // namespace kubelane::core
