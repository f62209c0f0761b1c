// kubelet process lifecycle per node: each start with its version, fatal exits, systemd exits.
#include "factcontext.h"

#include <algorithm>
#include <cctype>
#include <iterator>
#include <map>
#include <vector>

namespace kubelane::core {

bool isKubeletUnit(const Incident &inc, const FieldKeys &keys, const Event &e)
{
    const std::string_view unit = inc.field(e, keys.unit);
    if (!unit.empty())
        return unit.starts_with("kubelet");
    // A word of the Description, not a path in it: "Started Kubernetes transient mount for
    // /var/lib/kubelet/pods/..." is a pod's volume, not the kubelet.
    const std::string_view name = inc.field(e, keys.name);
    for (std::size_t at = 0; at < name.size();) {
        const std::size_t end = std::min(name.find(' ', at), name.size());
        std::string word(name.substr(at, end - at));
        std::transform(word.begin(), word.end(), word.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
        if (word.find('/') == std::string::npos && word.starts_with("kubelet"))
            return true;
        at = end + 1;
    }
    return false;
}

KubeletRunIndex::KubeletRunIndex(const std::vector<KubeletRun> &runs)
{
    for (const KubeletRun &r : runs) // by start
        m_byNode[r.node].push_back(&r);
}

const KubeletRun *KubeletRunIndex::startedRunAt(StringId node, Timestamp at, std::uint64_t pid) const
{
    const auto it = m_byNode.find(node);
    if (it == m_byNode.end())
        return nullptr;
    const auto after = std::partition_point(it->second.begin(), it->second.end(), [&](const KubeletRun *r) { return r->start <= at; });
    if (after == it->second.begin())
        return nullptr;
    const KubeletRun *run = *std::prev(after);
    if (run->startEvent == kNoEvent || (!run->openEnded && run->end < at) || (pid != 0 && run->pid != 0 && pid != run->pid))
        return nullptr;
    return run;
}

bool KubeletRunIndex::startedBetween(StringId node, Timestamp after, Timestamp until) const
{
    const auto it = m_byNode.find(node);
    if (it == m_byNode.end())
        return false;
    const auto first = std::partition_point(it->second.begin(), it->second.end(), [&](const KubeletRun *r) { return r->start <= after; });
    return std::any_of(first, it->second.end(), [&](const KubeletRun *r) { return r->start <= until && r->startEvent != kNoEvent; });
}

void detectKubeletRuns(const FactContext &ctx, Facts &facts)
{
    const StringId kubelet = ctx.inc.strings.find("kubelet");
    const EventTypeId start = ctx.types.kubeletStart, fatal = ctx.types.kubeletFatal, unitExit = ctx.types.unitExit,
                      unitStopped = ctx.types.unitStopped;
    std::map<StringId, KubeletRun> open;
    auto finish = [&](StringId node, const Event &e, bool fatal, std::string reason) {
        auto it = open.find(node);
        if (it == open.end())
            return;
        KubeletRun run = it->second;
        run.end = e.time;
        run.openEnded = false;
        if (run.exitEvent == kNoEvent || fatal) {
            run.exitEvent = ctx.indexOf(e);
            run.fatal = run.fatal || fatal;
            run.exitReason = std::move(reason);
        }
        facts.kubeletRuns.push_back(run);
        open.erase(it);
    };
    // By string index: asked for every kubelet line, where a tree's lookup was 1 % of a 1 GB run.
    std::vector<bool> nodesWithRuns(ctx.inc.strings.size(), false);
    const auto firstRunOf = [&](StringId node) {
        const bool first = !nodesWithRuns[node.index()];
        nodesWithRuns[node.index()] = true;
        return first;
    };
    // The lines that open, close or start a run: a node's first kubelet line among them.
    const std::vector<EventIndex> typed = ctx.eventsOf({start, fatal, unitExit, unitStopped}),
                                  firstLines = ctx.firstLineOnEachNode(kubelet);
    std::vector<EventIndex> read;
    std::set_union(typed.begin(), typed.end(), firstLines.begin(), firstLines.end(), std::back_inserter(read));
    for (const EventIndex i : read) {
        const Event &e = ctx.inc.event(i);
        const StringId node = ctx.inc.nodeOf(e);
        if (node == kNoString)
            continue;

        // A log that begins after the kubelet started still shows that run: it opens at the
        // node's first kubelet line, with its start and version unknown.
        if (e.type != start && kubelet != kNoString && ctx.inc.componentOf(e) == kubelet && firstRunOf(node)) {
            KubeletRun run;
            run.node = node;
            run.start = e.time;
            run.end = ctx.observedUntil(e);
            run.openEnded = true;
            run.pid = ctx.processIdOf(e);
            open[node] = run;
        }
        if (e.type == start) {
            firstRunOf(node);
            if (open.count(node)) {
                // A new start without a recorded exit: the previous run ended unseen.
                KubeletRun run = open[node];
                run.end = e.time;
                run.openEnded = false;
                run.exitReason = "restarted (no exit line in the bundle)";
                facts.kubeletRuns.push_back(run);
                open.erase(node);
            }
            KubeletRun run;
            run.node = node;
            run.start = e.time;
            run.end = ctx.observedUntil(e);
            run.openEnded = true;
            run.version = std::string(ctx.field(e, ctx.keys.version));
            run.startEvent = i;
            run.pid = ctx.processIdOf(e);
            open[node] = run;
        } else if (e.type == fatal && kubelet != kNoString && ctx.inc.componentOf(e) == kubelet) {
            finish(node, e, true, std::string(ctx.inc.message(e).substr(0, 300)));
        } else if ((e.type == unitExit || e.type == unitStopped) && isKubeletUnit(ctx.inc, ctx.keys, e)) {
            // After a fatal line the systemd exit is the same exit: keep the fatal as the reason.
            if (open.count(node))
                finish(node, e, false, std::string(ctx.inc.message(e)));
            else if (!facts.kubeletRuns.empty() && facts.kubeletRuns.back().node == node && facts.kubeletRuns.back().fatal
                     && (e.time - facts.kubeletRuns.back().end).ns < 5 * kNsPerSecond)
                facts.kubeletRuns.back().end = e.time;
        }
    }
    for (auto &[node, run] : open)
        facts.kubeletRuns.push_back(run);
    std::sort(facts.kubeletRuns.begin(), facts.kubeletRuns.end(), [](auto &a, auto &b) { return a.start < b.start; });
}

} // namespace kubelane::core
