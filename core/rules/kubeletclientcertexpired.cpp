#include "kubeletclientcertexpired.h"

#include "../facts/factcontext.h"
#include "matchsteps.h"

#include <algorithm>
#include <map>

namespace kubelane::core {

namespace {

// The certificate's end of validity as the bootstrap check prints it (Go's time.Time String:
// "2020-12-06 18:55:55 +0000 UTC", an absolute time), when the line gives it.
std::optional<Timestamp> notAfterOf(const Incident &inc, const Event &e, StringId notAfterKey)
{
    return parseGoTime(inc.field(e, notAfterKey));
}

// The kubelet runs on the node that ended within a minute after `from`: the exits the expired
// certificate caused (no bootstrap kubeconfig at start; "the server is responsive, exiting").
std::vector<const KubeletRun *> exitsAfter(const Facts &f, StringId node, Timestamp from, Timestamp to)
{
    std::vector<const KubeletRun *> exits;
    for (const KubeletRun &r : f.kubeletRuns)
        if (r.node == node && r.exitEvent != kNoEvent && r.end >= from - Duration::fromSeconds(1)
            && r.end <= to + Duration::fromSeconds(60))
            exits.push_back(&r);
    return exits;
}

} // namespace

std::vector<RuleMatch> kubeletClientCertExpired(const Analysis &a)
{
    const Incident &inc = *a.incident;
    const CodeTypes &types = codeTypesOf(inc);
    std::map<StringId, std::vector<EventIndex>> byNode;
    for (const EventIndex i : a.eventIndex.ofType(types.clientCertExpired))
        if (const StringId node = inc.nodeOf(inc.event(i)); node != kNoString)
            byNode[node].push_back(i);
    std::vector<RuleMatch> out;
    for (const auto &[node, said] : byNode) {
        const Event &first = inc.event(said.front()), &last = inc.event(said.back());
        RuleMatch m;
        const std::string name(inc.text(node));
        m.subject = Subject::ofNode(name);
        m.start = first.time;
        m.end = last.time;
        m.text["node"] = name;
        m.numbers["lines"] = double(said.size());
        std::string expired = " has expired";
        for (const EventIndex i : said)
            if (const auto notAfter = notAfterOf(inc, inc.event(i), a.keys.notAfter)) {
                expired = " expired at " + formatRfc3339(*notAfter, 0); // no "how long before": the line's year may be a guess
                break;
            }
        m.text["expired"] = expired;
        step(m, inc, said.front(), "kubelet: its client certificate" + expired);

        const auto exits = exitsAfter(a.facts, node, first.time, last.time);
        // The gap the certificate's expiry caused: up to 5 min before the kubelet's word (the
        // node was off past the expiry) and a minute after.
        const HeartbeatGap *gap =
            gapPastGraceDuring(a.facts, node, first.time - Duration::fromSeconds(300), last.time + Duration::fromSeconds(60));
        // At start the kubelet says so and falls back to its bootstrap kubeconfig; with one, it
        // gets a new certificate and goes on (a CSR issued, the node registered): only an exit
        // or the control plane losing the node makes that line the incident.
        const bool atStartOnly = std::all_of(said.begin(), said.end(), [&](EventIndex i) {
            return inc.message(inc.event(i)).find("bootstrap client certificate") != std::string_view::npos
                || !inc.field(inc.event(i), a.keys.notAfter).empty();
        });
        if (atStartOnly && exits.empty() && !gap)
            continue;
        m.numbers["exits"] = double(exits.size());
        if (!exits.empty())
            step(m, inc, exits.front()->exitEvent, "kubelet exits: " + exits.front()->exitReason);
        if (exits.size() > 1)
            step(m, inc, exits.back()->exitEvent, "kubelet exits again (" + plural(exits.size(), "exit") + " in the bundle)");
        std::string aftermath = exits.empty() ? ""
            : exits.size() == 1               ? " The kubelet exited on it (" + exits.front()->exitReason + ")."
                                              : " The kubelet exited on it " + std::to_string(exits.size())
                + " times: a restart loop that cannot end until the certificate is renewed.";
        if (gap) {
            step(m, inc, gap->declaredBy != kNoEvent ? gap->declaredBy : gap->beforeEvent,
                 "no heartbeat from " + name + " past the grace period");
            aftermath += " The control plane lost its heartbeats from " + clockText(gap->start) + ".";
        }
        if (said.size() > 1)
            step(m, inc, said.back(), "still expired (" + plural(said.size(), "line") + " about it)");
        m.text["aftermath"] = aftermath;
        finishMatch(m);
        out.push_back(std::move(m));
    }
    return out;
}

} // namespace kubelane::core
