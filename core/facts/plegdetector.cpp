// PLEG health per node: its relists, and its stalls: "PLEG is not healthy" reports and the
// longest reported inactivity against the threshold. Which lines report it, and where their duration and
// threshold are, is data (resources/events.json): pleg.unhealthy lines, the node Ready condition
// (node.status.not-ready) when its message carried the PLEG text, and the sync loop's skip line
// (kubelet.sync.skipped) for the start-up state.
//
// Before its first relist the kubelet has no relist time to measure from. It says "pleg has yet
// to be successful" (1.13+, kubernetes PR #69008), or, up to 1.12, measures from the zero time and prints Go's largest
// duration ("2562047h47m16.854775807s ago"). Both are printed from the kubelet's first second, so
// every healthy start says them too. Measured from the kubelet's start (from the first such
// report when the bundle does not show the start), such a report says what the measured form
// would, and counts from where the measured form would have reported: past the threshold.
#include "factcontext.h"

#include <map>

namespace kubelane::core {

namespace {

constexpr std::string_view kNeverRelisted = "pleg has yet to be successful";
// generic.go's relistThreshold, which the start-up wording does not print: 3 min in every
// version (10 min with the EventedPLEG feature gate, which the measured form then prints).
const Duration kRelistThreshold = Duration::fromSeconds(180);
// The sync loop says it skips at least every 5 s (kubelet.go syncLoop's backoff).
const Duration kSameStretch = Duration::fromSeconds(20);

// One report of the PLEG's inactivity, as the measured form states it.
struct Inactivity {
    Duration inactive;
    Timestamp lastActive;
    bool neverRelisted = false;
    EventIndex startEvent = kNoEvent;
};

// Reads the reports of one node in time order; remembers where a never-relisted stretch began.
class PlegReportReader {
public:
    PlegReportReader(const FactContext &ctx, const Facts &facts) : m_ctx(ctx), m_runs(facts.kubeletRuns) { }

    void relisted(StringId node) { m_neverSince.erase(node); }

    std::optional<Inactivity> read(const Event &e, StringId node)
    {
        if (const auto measured = parseGoDuration(m_ctx.field(e, m_ctx.keys.duration))) {
            m_neverSince.erase(node);
            return Inactivity{*measured, e.time - *measured};
        }
        const bool zeroTime =
            (e.type == m_ctx.types.plegUnhealthy || e.type == m_ctx.types.nodeNotReady) && m_ctx.reportSays(e, kPlegZeroTime);
        if (!zeroTime && !m_ctx.reportSays(e, kNeverRelisted))
            return std::nullopt;
        const std::uint64_t pid = m_ctx.processIdOf(e);
        const KubeletRun *run = m_runs.startedRunAt(node, e.time, pid);
        auto [stretch, added] = m_neverSince.try_emplace(node, Stretch{e.time, e.time, pid});
        // A later kubelet's start-up (another process); without the starts, reports further apart
        // than the sync loop's 5 s may be the start-ups of several kubelets (grepped lines).
        Stretch &st = stretch->second;
        if ((run && run->start > st.first) || (pid != 0 && st.pid != 0 && pid != st.pid) || (!run && e.time - st.last > kSameStretch))
            st.first = e.time;
        st.last = e.time;
        st.pid = pid != 0 ? pid : st.pid;
        Inactivity r;
        r.lastActive = run ? run->start : st.first;
        r.inactive = e.time - r.lastActive;
        r.neverRelisted = true;
        r.startEvent = run ? run->startEvent : kNoEvent;
        const auto threshold = parseGoDuration(m_ctx.field(e, m_ctx.keys.threshold));
        if (r.inactive <= threshold.value_or(kRelistThreshold)) // within the start-up the measured form allows
            return std::nullopt;
        return r;
    }

private:
    const FactContext &m_ctx;
    const KubeletRunIndex m_runs;
    struct Stretch {
        Timestamp first, last;
        std::uint64_t pid = 0;
    };
    std::map<StringId, Stretch> m_neverSince; // node -> its current never-relisted stretch's reports
};

} // namespace

void detectPlegHealth(const FactContext &ctx, Facts &facts)
{
    const EventTypeId relist = ctx.types.plegRelist, plegEvent = ctx.types.syncLoopPleg;
    std::map<StringId, PlegActivity> activity;
    std::map<StringId, std::vector<PlegHealth>> stalls;
    PlegReportReader reports(ctx, facts);
    for (const EventIndex i : ctx.eventsOf({relist, plegEvent, ctx.types.plegUnhealthy, ctx.types.nodeNotReady, ctx.types.syncSkipped})) {
        const Event &e = ctx.inc.event(i);
        const StringId node = ctx.inc.nodeOf(e);
        if (node == kNoString)
            continue;
        if (e.type == relist || e.type == plegEvent) {
            activity[node].relists.push_back(i);
            reports.relisted(node);
            continue;
        }
        const auto report = reports.read(e, node);
        if (!report)
            continue;
        std::vector<PlegHealth> &ofNode = stalls[node];
        if (ofNode.empty() || report->lastActive > ofNode.back().lastUnhealthy) { // a relist completed since the last report
            ofNode.emplace_back();
            ofNode.back().node = node;
            ofNode.back().firstUnhealthy = e.time;
            ofNode.back().lastActive = report->lastActive;
            ofNode.back().neverRelisted = report->neverRelisted;
            ofNode.back().startEvent = report->startEvent;
        }
        PlegHealth &h = ofNode.back();
        h.lastActive = std::min(h.lastActive, report->lastActive);
        h.lastUnhealthy = e.time;
        h.unhealthy.push_back(i);
        h.longestReported = std::max(h.longestReported, report->inactive);
        if (auto threshold = parseGoDuration(ctx.field(e, ctx.keys.threshold)))
            h.threshold = *threshold;
    }
    for (auto &[node, ofNode] : stalls)
        for (PlegHealth &h : ofNode) {
            if (h.threshold.ns == 0)
                h.threshold = kRelistThreshold;
            facts.pleg.push_back(std::move(h));
        }
    for (auto &[node, a] : activity) {
        a.node = node;
        facts.plegActivity.push_back(std::move(a));
    }
}

} // namespace kubelane::core
