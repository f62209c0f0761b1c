#include "clockalignment.h"

#include "clockpairs.h"

#include <algorithm>
#include <map>
#include <queue>
#include <set>
#include <tuple>

namespace kubelane::core {

namespace {

constexpr std::int64_t kMinSkewToApply = 250 * 1'000'000;
constexpr int kWestmostZone = -12 * 3600, kEastmostZone = 14 * 3600;

// One way a settled source could set another's zone.
struct Candidate {
    SourceId target = 0;
    std::int64_t correctionNs = 0; // added to the target's times: whole quarter hours
    ZoneStrength authority = ZoneStrength::Assumed;
    int rank = 0; // 1: pairs, 0: same host (pairs say more about a log's own clock)
    std::uint32_t pairs = 0;
    SourceId from = 0;
    int link = -1; // index into the links; -1: same host
    bool operator<(const Candidate &o) const { return std::tie(authority, rank, pairs) < std::tie(o.authority, o.rank, o.pairs); }
};

struct State {
    bool settled = false;
    bool moved = false;
    ZoneStrength authority = ZoneStrength::Assumed; // what the zone now rests on
    std::int64_t correctionNs = 0;
    SourceId root = 0; // the anchor (or strongest source) it rests on
    std::int64_t skewNs = 0;
    bool skewKnown = false;
    std::string skewVia;
};

std::int64_t seconds(std::int64_t ns)
{
    return ns / kNsPerSecond;
}

class Aligner {
public:
    Aligner(Incident &inc, EventTables &tables, const std::vector<ZoneClaim> &claims)
        : m_inc(inc), m_tables(tables), m_claims(claims), m_links(findClockLinks(inc, tables)), m_state(inc.sources.size()),
          m_bySource(inc.sources.size())
    {
        for (std::size_t i = 0; i < m_links.size(); ++i) {
            m_bySource[m_links[i].a].push_back(static_cast<int>(i));
            m_bySource[m_links[i].b].push_back(static_cast<int>(i));
        }
        groupByHost();
    }

    void run()
    {
        // Anchors first, then whatever they reach; then the strongest source nothing reached.
        for (SourceId s = 0; s < m_inc.sources.size(); ++s)
            if (claim(s).strength >= ZoneStrength::Explicit)
                settle(s, 0, claim(s).strength, s);
        spread();
        while (true) {
            const auto root = strongestUnsettled();
            if (!root)
                break;
            settle(*root, 0, claim(*root).strength, *root);
            spread();
        }
        alignSkews();
        apply();
    }

private:
    const ZoneClaim &claim(SourceId s) const
    {
        static const ZoneClaim kNone;
        return s < m_claims.size() ? m_claims[s] : kNone;
    }
    Source &source(SourceId s) { return m_inc.sources[s]; }
    // The files of one machine (Source::machine): a node's, and a control-plane journal's
    // whose host is that node, by the name nameNodesInFull gave both.
    void groupByHost()
    {
        std::map<std::string, int> groupOf;
        m_hostOf.assign(m_inc.sources.size(), -1);
        for (SourceId s = 0; s < m_inc.sources.size(); ++s) {
            const std::string &machine = m_inc.sources[s].machine();
            if (machine.empty())
                continue;
            const auto [it, added] = groupOf.try_emplace(machine, static_cast<int>(m_hosts.size()));
            if (added)
                m_hosts.emplace_back();
            m_hosts[it->second].push_back(s);
            m_hostOf[s] = it->second;
        }
    }

    // A container's log in local times keeps to its own clock: a container's zone is UTC unless
    // its image or a mount sets another, and the host's journal says nothing about which. Nor
    // does the zone a CRI log's klog headers show against its envelope say the host's.
    bool ownClock(SourceId s) const { return !m_inc.sources[s].attribution.container.empty() && claim(s).localTimes; }

    // A moved source's clock already carries its new offset.
    int finalOffset(SourceId s) const { return m_inc.sources[s].clock.utcOffsetSeconds; }

    // What a settled source says about the zone of its host's other files.
    bool hostZone(SourceId s, int &offset, ZoneStrength &authority) const
    {
        const ZoneClaim &c = claim(s);
        if (!c.localTimes) {
            offset = c.hostOffset;
            authority = c.hostStrength;
            return c.hostZoneKnown;
        }
        offset = finalOffset(s);
        authority = m_state[s].authority;
        return authority >= ZoneStrength::Stamps;
    }

    void settle(SourceId s, std::int64_t correction, ZoneStrength authority, SourceId root)
    {
        State &st = m_state[s];
        st.settled = true;
        st.correctionNs = correction;
        st.authority = authority;
        st.root = root;
        offer(s);
    }

    // Queues what `s` says about the sources linked to it.
    void offer(SourceId s)
    {
        const State &st = m_state[s];
        for (int li : m_bySource[s]) {
            const ClockLink &l = m_links[li];
            if (!l.zoneDecided)
                continue;
            const bool fromA = l.a == s;
            const SourceId other = fromA ? l.b : l.a;
            if (m_state[other].settled && !disagrees(other, st.correctionNs + (fromA ? l.zoneNs : -l.zoneNs)))
                continue;
            m_queue.push({other, st.correctionNs + (fromA ? l.zoneNs : -l.zoneNs), st.authority, 1, l.pairs, s, li});
        }
        int offset;
        ZoneStrength authority;
        if (m_hostOf[s] < 0 || ownClock(s) || !hostZone(s, offset, authority))
            return;
        for (SourceId other : m_hosts[m_hostOf[s]]) {
            if (other == s || m_state[other].settled || !claim(other).localTimes || ownClock(other))
                continue;
            const std::int64_t correction = std::int64_t(source(other).clock.utcOffsetSeconds - offset) * kNsPerSecond;
            m_queue.push({other, correction, authority, 0, 0, s, -1});
        }
    }

    bool disagrees(SourceId s, std::int64_t correction) const { return m_state[s].correctionNs != correction; }

    void spread()
    {
        while (!m_queue.empty()) {
            const Candidate c = m_queue.top();
            m_queue.pop();
            if (m_state[c.target].settled) {
                if (c.link >= 0 && disagrees(c.target, c.correctionNs))
                    noteConflict(c, "its zone was settled by stronger evidence");
                continue;
            }
            decide(c);
        }
    }

    void decide(const Candidate &c)
    {
        const SourceId u = c.target;
        const ZoneClaim &own = claim(u);
        const int offset = source(u).clock.utcOffsetSeconds;
        const int implied = offset - static_cast<int>(seconds(c.correctionNs));
        if (implied < kWestmostZone || implied > kEastmostZone) {
            noteConflict(c, "no zone is that far from UTC");
            return; // another candidate may still settle it
        }
        if (c.correctionNs == 0) {
            confirm(c);
            return;
        }
        const bool movable = own.strength <= ZoneStrength::Stamps && (c.authority > own.strength || own.strength == ZoneStrength::Assumed);
        if (!movable) {
            noteConflict(
                c, std::string("its own evidence (") + zoneStrengthName(own.strength) + ") says " + formatUtcOffset(offset) + "; kept");
            settle(u, 0, own.strength, u);
            return;
        }
        ClockInfo &clock = source(u).clock;
        std::string why = explain(c, implied);
        if (own.strength == ZoneStrength::Stamps)
            why += " (the file's own guess was " + formatUtcOffset(offset) + ": " + clock.offsetEvidence + ")";
        clock.offsetEvidence = why;
        clock.utcOffsetSeconds = implied;
        clock.offsetOrigin = ClockInfo::OffsetOrigin::Inferred;
        m_state[u].moved = true;
        settle(u, c.correctionNs, std::max(c.authority, std::min(own.strength, ZoneStrength::Stamps)), m_state[c.from].root);
    }

    // The candidate agrees with the zone the source already has.
    void confirm(const Candidate &c)
    {
        const SourceId u = c.target;
        const ZoneClaim &own = claim(u);
        ClockInfo &clock = source(u).clock;
        const ZoneStrength authority = std::max(c.authority, own.strength);
        if (c.authority > ZoneStrength::Assumed && clock.offsetOrigin == ClockInfo::OffsetOrigin::Assumed) {
            // Only assumed before: now it rests on the other source's evidence.
            clock.offsetEvidence = explain(c, clock.utcOffsetSeconds);
            clock.offsetOrigin = ClockInfo::OffsetOrigin::Inferred;
        } else if (c.link >= 0 && c.authority > ZoneStrength::Assumed && own.strength < ZoneStrength::Fixed) {
            clock.offsetEvidence += "; confirmed: " + reason(c);
        }
        settle(u, 0, authority, c.authority >= own.strength ? m_state[c.from].root : u);
    }

    std::string describe(SourceId s) const
    {
        const ZoneClaim &c = claim(s);
        std::string zone;
        if (c.localTimes)
            zone = formatUtcOffset(finalOffset(s));
        else if (c.hostZoneKnown)
            zone = "exact UTC times, host " + formatUtcOffset(c.hostOffset);
        else
            zone = "exact UTC times";
        return m_inc.sources[s].path + " (" + zone + ", " + zoneStrengthName(m_state[s].moved ? ZoneStrength::Paired : c.strength) + ")";
    }

    // The sentence for a source whose zone a candidate set: the zone, why, and (for an
    // ambiguous zone name) which meaning that picks.
    std::string explain(const Candidate &c, int offset) const
    {
        const ZoneClaim &own = claim(c.target);
        if (own.strength != ZoneStrength::Ambiguous)
            return formatUtcOffset(offset) + ": " + reason(c);
        if (std::find(own.candidates.begin(), own.candidates.end(), offset) != own.candidates.end())
            return own.ambiguity + " read as " + formatUtcOffset(offset) + ": " + reason(c);
        return formatUtcOffset(offset) + ": " + reason(c) + "; " + own.ambiguity + " fits none of its meanings";
    }

    std::string reason(const Candidate &c) const
    {
        std::string out;
        if (c.link < 0) {
            // What the other file of the host showed, in its own words.
            const ZoneClaim &donor = claim(c.from);
            const std::string &why = donor.localTimes ? m_inc.sources[c.from].clock.offsetEvidence : donor.hostEvidence;
            out += "same host as " + m_inc.sources[c.from].path + " (" + why + ")";
        } else {
            const ClockLink &l = m_links[c.link];
            out += l.what + " line up with " + describe(c.from);
        }
        const SourceId root = m_state[c.from].root;
        if (root != c.from)
            out += ", which rests on " + describe(root);
        if (c.authority == ZoneStrength::Assumed)
            out += " - whose own zone is only assumed";
        return out;
    }

    void noteConflict(const Candidate &c, const std::string &why)
    {
        if (!m_conflicts.insert({std::min(c.from, c.target), std::max(c.from, c.target)}).second)
            return;
        const int implied =
            source(c.target).clock.utcOffsetSeconds - static_cast<int>(seconds(c.correctionNs - m_state[c.target].correctionNs));
        std::string what = c.link >= 0 ? m_links[c.link].what + " with " + source(c.from).path : "same host as " + source(c.from).path;
        m_inc.notes.push_back(source(c.target).path + ": " + what + " would put it at " + formatUtcOffset(implied) + ", but " + why);
    }

    std::optional<SourceId> strongestUnsettled() const
    {
        std::optional<SourceId> best;
        auto key = [&](SourceId s) {
            std::uint64_t pairs = 0;
            for (int li : m_bySource[s])
                pairs += m_links[li].zoneDecided ? m_links[li].pairs : 0;
            const bool apiserver = m_inc.sources[s].component == "kube-apiserver";
            return std::make_tuple(claim(s).strength, apiserver, pairs);
        };
        for (SourceId s = 0; s < m_inc.sources.size(); ++s) {
            if (m_state[s].settled || !related(s))
                continue;
            if (!best || key(*best) < key(s))
                best = s;
        }
        return best;
    }

    // Has a decided link, or a host sibling that could share a zone with it.
    bool related(SourceId s) const
    {
        for (int li : m_bySource[s])
            if (m_links[li].zoneDecided)
                return true;
        return m_hostOf[s] >= 0 && m_hosts[m_hostOf[s]].size() > 1 && !ownClock(s) && (claim(s).localTimes || claim(s).hostZoneKnown);
    }

    // Skew relative to the apiserver: along tight request pairs whose zones agree.
    void alignSkews()
    {
        std::optional<SourceId> reference;
        for (SourceId s = 0; s < m_inc.sources.size(); ++s) {
            if (m_inc.sources[s].component != "kube-apiserver" || m_bySource[s].empty())
                continue;
            if (!reference || claim(*reference).strength < claim(s).strength)
                reference = s;
        }
        if (!reference)
            return;
        m_state[*reference].skewKnown = true;
        std::vector<int> order(m_links.size());
        for (std::size_t i = 0; i < order.size(); ++i)
            order[i] = static_cast<int>(i);
        std::sort(order.begin(), order.end(), [&](int x, int y) { return m_links[x].skewPairs > m_links[y].skewPairs; });
        for (bool grew = true; grew;) {
            grew = false;
            for (int li : order) {
                const ClockLink &l = m_links[li];
                if (!l.haveSkew || m_state[l.a].skewKnown == m_state[l.b].skewKnown
                    || m_state[l.b].correctionNs - m_state[l.a].correctionNs != l.zoneNs)
                    continue;
                const bool fromA = m_state[l.a].skewKnown;
                const SourceId known = fromA ? l.a : l.b, other = fromA ? l.b : l.a;
                State &st = m_state[other];
                st.skewKnown = true;
                st.skewNs = m_state[known].skewNs + (fromA ? l.skewNs : -l.skewNs);
                st.skewVia = std::to_string(l.skewPairs) + " tight pairs (" + l.what + ") with " + source(known).path;
                if (known != *reference)
                    st.skewVia += ", itself aligned to " + source(*reference).path;
                grew = true;
            }
        }
        for (SourceId s = 0; s < m_inc.sources.size(); ++s) {
            const State &st = m_state[s];
            if (!st.skewKnown || std::llabs(st.skewNs) < kMinSkewToApply)
                continue;
            ClockInfo &clock = source(s).clock;
            clock.skew = {st.skewNs};
            clock.skewEvidence = "median " + formatDuration({st.skewNs}) + " over " + st.skewVia;
        }
    }

    void apply()
    {
        std::vector<std::int64_t> shift(m_inc.sources.size(), 0);
        bool any = false;
        for (SourceId s = 0; s < m_inc.sources.size(); ++s) {
            shift[s] = m_state[s].correctionNs + source(s).clock.skew.ns;
            any = any || shift[s] != 0;
        }
        if (!any)
            return;
        for (SourceId s = 0; s < m_tables.bySource.size(); ++s)
            if (shift[s] != 0)
                for (Event &e : m_tables.bySource[s])
                    e.time.ns += shift[s];
    }

    Incident &m_inc;
    EventTables &m_tables;
    const std::vector<ZoneClaim> &m_claims;
    std::vector<ClockLink> m_links;
    std::vector<State> m_state;
    std::vector<std::vector<int>> m_bySource;
    std::vector<std::vector<SourceId>> m_hosts; // the sources of each machine (groupByHost)
    std::vector<int> m_hostOf;                  // by source: its index in m_hosts, -1: no machine known
    std::priority_queue<Candidate> m_queue;
    std::set<std::pair<SourceId, SourceId>> m_conflicts;
};

} // namespace

void alignClocks(Incident &incident, EventTables &tables, const std::vector<ZoneClaim> &claims)
{
    Aligner(incident, tables, claims).run();
}

} // namespace kubelane::core
