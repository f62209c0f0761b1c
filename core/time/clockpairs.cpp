#include "clockpairs.h"

#include "../classify/codenames.h"
#include "../classify/eventtypecatalog.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <limits>
#include <map>
#include <memory>
#include <tuple>
#include <unordered_map>

namespace kubelane::core {

namespace {

constexpr std::int64_t kQuarter = 900 * kNsPerSecond;
constexpr int kMaxQuarters = 14 * 4;                    // zones lie within +-14 h
constexpr std::int64_t kMatchWindow = 5 * kNsPerSecond; // a request's two records, skew included
constexpr std::int64_t kBand = 250 * 1'000'000;         // one pair of clocks agrees this tightly
constexpr std::size_t kScanSample = 256;                // requests tried per candidate offset
constexpr std::size_t kRefineSample = 20000;            // requests measured at the winner
constexpr std::uint32_t kMinPairs = 3;
constexpr std::int64_t kStaleTolerance = 2 * kNsPerSecond;
constexpr std::int64_t kSteady = 20 * 1'000'000; // a metronome's beats vary less than this

// ---- requests ----

struct KeyTuple {
    std::uint32_t verb;
    StringId resource, ns, name, sub;
    bool operator==(const KeyTuple &) const = default;
};

struct KeyHash {
    std::size_t operator()(const KeyTuple &k) const
    {
        std::uint64_t h = k.verb;
        for (std::uint64_t v : {k.resource.value(), k.ns.value(), k.name.value(), k.sub.value()})
            h = (h ^ v) * 0x100000001b3ull;
        return static_cast<std::size_t>(h ^ (h >> 29));
    }
};

enum class RequestKind : std::uint8_t { Lease, NodeStatus, PodStatus, Other };

struct Observation {
    std::int64_t t;
    std::uint32_t key;
    bool heartbeat; // a kubelet's successful node status update or lease renewal
};

// Request identities as dense ids, built from interned strings: no text per event.
// Ids for field values, which the load does not intern: the incident's id where the text is
// interned there (node and pod names are), one above its ids where not, so both compare.
class ValueIds {
public:
    explicit ValueIds(const StringPool &pool) : m_pool(pool) { }
    StringId id(std::string_view text)
    {
        if (text.empty())
            return kNoString;
        if (const StringId known = m_pool.find(text); known != kNoString)
            return known;
        return StringId(pooled() + m_extra.intern(text).value());
    }
    std::string_view text(StringId id) const
    {
        return id.value() < pooled() ? m_pool.view(id) : m_extra.view(StringId(id.value() - pooled()));
    }

private:
    std::uint32_t pooled() const { return static_cast<std::uint32_t>(m_pool.size()); }

    const StringPool &m_pool;
    StringPool m_extra;
};

class RequestKeys {
public:
    explicit RequestKeys(const Incident &inc)
        : m_values(inc.strings), m_leases(m_values.id("leases")), m_nodeLease(m_values.id("kube-node-lease")),
          m_nodes(m_values.id("nodes")), m_pods(m_values.id("pods")), m_status(m_values.id("status"))
    { }
    StringId valueId(std::string_view text) { return m_values.id(text); }
    std::string_view valueText(StringId id) const { return m_values.text(id); }

    std::uint32_t verbCode(StringId verb)
    {
        if (auto it = m_verbs.find(verb); it != m_verbs.end())
            return it->second;
        std::string v(m_values.text(verb));
        for (auto &c : v)
            c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
        if (v == "UPDATE")
            v = "PUT"; // audit spells the HTTP verbs its own way
        else if (v == "CREATE")
            v = "POST";
        const std::uint32_t code = codeOf(v);
        m_verbs.emplace(verb, code);
        return code;
    }
    std::uint32_t podStatusPatch(const Pod &p)
    {
        if (m_pods == kNoString || m_status == kNoString)
            return kNone;
        return intern({codeOf("PATCH"), m_pods, p.ns, p.name, m_status});
    }
    std::uint32_t intern(const KeyTuple &k)
    {
        auto [it, added] = m_ids.emplace(k, static_cast<std::uint32_t>(m_keys.size()));
        if (added) {
            m_keys.push_back(k);
            m_kinds.push_back(classify(k));
        }
        return it->second;
    }
    std::size_t size() const { return m_keys.size(); }
    RequestKind kind(std::uint32_t key) const { return m_kinds[key]; }
    StringId node(std::uint32_t key) const
    {
        return m_kinds[key] == RequestKind::Lease || m_kinds[key] == RequestKind::NodeStatus ? m_keys[key].name : kNoString;
    }

    static constexpr std::uint32_t kNone = 0xffffffffu;

private:
    std::uint32_t codeOf(std::string_view upper)
    {
        auto named = std::find(m_verbNames.begin(), m_verbNames.end(), upper);
        if (named == m_verbNames.end())
            named = m_verbNames.insert(m_verbNames.end(), std::string(upper));
        return static_cast<std::uint32_t>(named - m_verbNames.begin()) + 1;
    }
    RequestKind classify(const KeyTuple &k) const
    {
        const std::string_view verb = m_verbNames[k.verb - 1];
        if (k.resource == m_leases && k.ns == m_nodeLease && k.ns != kNoString && verb == "PUT")
            return RequestKind::Lease;
        if (k.resource == m_nodes && k.sub == m_status && k.sub != kNoString && verb == "PATCH")
            return RequestKind::NodeStatus;
        if (k.resource == m_pods && k.sub == m_status && k.sub != kNoString && verb == "PATCH")
            return RequestKind::PodStatus;
        return RequestKind::Other;
    }

    ValueIds m_values;
    StringId m_leases, m_nodeLease, m_nodes, m_pods, m_status;
    std::unordered_map<StringId, std::uint32_t> m_verbs;
    std::vector<std::string> m_verbNames;
    std::unordered_map<KeyTuple, std::uint32_t, KeyHash> m_ids;
    std::vector<KeyTuple> m_keys;
    std::vector<RequestKind> m_kinds;
};

// The apiserver's records of one source, by request: sorted times per key.
struct Served {
    std::vector<std::int64_t> times;
    std::vector<std::pair<std::uint32_t, std::uint32_t>> range; // by key: [begin, end) in times
    std::int64_t first = 0, last = 0;

    Served(std::vector<Observation> obs, std::size_t keyCount)
    {
        std::sort(obs.begin(), obs.end(), [](auto &x, auto &y) { return x.key != y.key ? x.key < y.key : x.t < y.t; });
        range.assign(keyCount, {0, 0});
        times.reserve(obs.size());
        first = obs.empty() ? 0 : obs.front().t;
        last = first;
        for (std::size_t i = 0; i < obs.size(); ++i) {
            if (i == 0 || obs[i].key != obs[i - 1].key)
                range[obs[i].key].first = static_cast<std::uint32_t>(i);
            range[obs[i].key].second = static_cast<std::uint32_t>(i + 1);
            times.push_back(obs[i].t);
            first = std::min(first, obs[i].t);
            last = std::max(last, obs[i].t);
        }
    }
    bool has(std::uint32_t key) const { return key < range.size() && range[key].second > range[key].first; }
    // A request repeated like a metronome (a leader's renewal every 2 s on a ticker) lines up
    // at any offset that is a multiple of its period: it cannot tell zones apart. The kubelet's
    // heartbeats carry the 4 % jitter of wait.JitterUntil and can.
    bool metronomic(std::uint32_t key) const
    {
        const auto [b, e] = range[key];
        if (e - b < 6)
            return false;
        std::vector<std::int64_t> gaps;
        for (auto i = b + 1; i < e; ++i)
            gaps.push_back(times[i] - times[i - 1]);
        std::nth_element(gaps.begin(), gaps.begin() + std::ptrdiff_t(gaps.size() / 2), gaps.end());
        const std::int64_t median = gaps[gaps.size() / 2];
        std::size_t steady = 0;
        for (auto g : gaps)
            steady += std::llabs(g - median) <= kSteady;
        return steady * 5 >= gaps.size() * 4;
    }
    // The distance from `t` to the nearest record of `key` (records minus t); false if none within the window.
    bool nearest(std::uint32_t key, std::int64_t t, std::int64_t &delta) const
    {
        const auto b = times.begin() + range[key].first, e = times.begin() + range[key].second;
        auto it = std::lower_bound(b, e, t);
        std::int64_t best = kMatchWindow + 1;
        if (it != e)
            best = *it - t;
        if (it != b && t - *(it - 1) < std::llabs(best))
            best = *(it - 1) - t;
        delta = best;
        return std::llabs(best) <= kMatchWindow;
    }
};

// The most values within one band width: (count, first index) over sorted values.
std::pair<std::size_t, std::size_t> densestBand(const std::vector<std::int64_t> &sorted)
{
    std::size_t best = 0, at = 0;
    for (std::size_t lo = 0, hi = 0; hi < sorted.size(); ++hi) {
        while (sorted[hi] - sorted[lo] > kBand)
            ++lo;
        if (hi - lo + 1 > best) {
            best = hi - lo + 1;
            at = lo;
        }
    }
    return {best, at};
}

template <typename T> std::vector<T> evenly(const std::vector<T> &all, std::size_t n)
{
    if (all.size() <= n)
        return all;
    std::vector<T> out;
    out.reserve(n);
    for (std::size_t i = 0; i < n; ++i)
        out.push_back(all[i * all.size() / n]);
    return out;
}

std::string describeRequests(const RequestKeys &keys, const std::vector<std::uint32_t> &matched)
{
    std::size_t n[4] = {};
    for (auto k : matched)
        ++n[static_cast<int>(keys.kind(k))];
    static const char *const kNames[4][2] = {{"lease renewal", "lease renewals"},
                                             {"node status update", "node status updates"},
                                             {"pod status patch", "pod status patches"},
                                             {"other request", "other requests"}};
    std::string out;
    for (int i = 0; i < 4; ++i) {
        if (!n[i])
            continue;
        out += (out.empty() ? "" : ", ") + std::to_string(n[i]) + " " + kNames[i][n[i] == 1 ? 0 : 1];
    }
    return out;
}

ClockLink linkRequests(const RequestKeys &keys, SourceId aId, const Served &a, SourceId bId, const std::vector<Observation> &bObs)
{
    ClockLink link;
    link.a = aId;
    link.b = bId;
    std::vector<Observation> mine, telling;
    std::unordered_map<std::uint32_t, bool> steady;
    for (const auto &o : bObs) {
        if (!a.has(o.key))
            continue;
        mine.push_back(o);
        auto [it, added] = steady.emplace(o.key, false);
        if (added)
            it->second = a.metronomic(o.key);
        if (!it->second)
            telling.push_back(o);
    }
    if (telling.size() < kMinPairs)
        return link;
    std::sort(mine.begin(), mine.end(), [](auto &x, auto &y) { return x.t < y.t; });
    std::sort(telling.begin(), telling.end(), [](auto &x, auto &y) { return x.t < y.t; });

    const std::vector<Observation> sample = evenly(telling, kScanSample);
    std::vector<std::int64_t> deltas;
    std::size_t eligible = 0;
    auto measure = [&](const std::vector<Observation> &obs, std::int64_t z) {
        deltas.clear();
        // Only requests that fall within the apiserver's log can pair at this offset.
        auto lo = std::lower_bound(obs.begin(), obs.end(), a.first - z - kMatchWindow, [](auto &o, std::int64_t t) { return o.t < t; });
        auto hi = std::upper_bound(obs.begin(), obs.end(), a.last - z + kMatchWindow, [](std::int64_t t, auto &o) { return t < o.t; });
        eligible = static_cast<std::size_t>(std::max<std::ptrdiff_t>(hi - lo, 0));
        for (auto it = lo; it < hi; ++it)
            if (std::int64_t d; a.nearest(it->key, it->t + z, d))
                deltas.push_back(d);
        std::sort(deltas.begin(), deltas.end());
        return densestBand(deltas);
    };
    std::size_t best = 0, second = 0, bestEligible = 0;
    int bestQ = 0;
    for (int q = -kMaxQuarters; q <= kMaxQuarters; ++q) {
        const std::size_t score = measure(sample, q * kQuarter).first;
        if (score > best) {
            second = best;
            best = score;
            bestQ = q;
            bestEligible = eligible;
        } else if (score > second) {
            second = score;
        }
    }
    if (best < kMinPairs)
        return link;
    link.zoneNs = bestQ * kQuarter;
    // A clear winner, and most of the requests the apiserver's log covers pair there: a
    // periodic request (a leader's renewal every 2 s) lines up in stretches at any offset.
    link.zoneDecided = best >= 2 * second + 1 && 2 * best >= bestEligible;

    // At the winning offset: every request (up to a bound), the tight band and its median.
    const std::vector<Observation> all = evenly(mine, kRefineSample);
    const auto [count, at] = measure(all, link.zoneNs);
    link.pairs = static_cast<std::uint32_t>(count);
    if (count >= kMinPairs) {
        link.haveSkew = true;
        link.skewNs = deltas[at + count / 2];
        link.skewPairs = link.pairs;
    }
    // Which requests paired, for the evidence.
    std::vector<std::uint32_t> matched;
    const std::int64_t bandLo = count ? deltas[at] : 0, bandHi = count ? deltas[at + count - 1] : -1;
    for (const auto &o : all)
        if (std::int64_t d; a.nearest(o.key, o.t + link.zoneNs, d) && d >= bandLo && d <= bandHi)
            matched.push_back(o.key);
    link.what = describeRequests(keys, matched);
    return link;
}

// ---- node lifecycle controller ----

struct Mark {
    enum class Kind : std::uint8_t { Stale, NotReady, Recovered };
    Kind kind;
    SourceId source;
    StringId node;
    std::int64_t t;
    std::int64_t lastSeen = 0; // Stale: when the controller last saw a heartbeat
};

struct Grace {
    std::int64_t grace = 40 * kNsPerSecond;
    std::int64_t period = 5 * kNsPerSecond;
};

using Series = std::vector<std::int64_t>;

ClockLink linkLifecycle(SourceId kId, const std::vector<const Mark *> &marks, SourceId hId, std::int64_t hFirst, std::int64_t hLast,
                        const std::map<StringId, Series> &beats, const Grace &g, const RequestKeys &keys)
{
    ClockLink link;
    link.kind = ClockLink::Kind::NodeLifecycle;
    link.a = kId;
    link.b = hId;
    std::vector<std::int64_t> residuals;
    std::size_t counts[3] = {};
    auto score = [&](std::int64_t z, bool keep) {
        std::size_t matches = 0;
        for (const Mark *m : marks) {
            const auto found = beats.find(m->node);
            if (found == beats.end())
                continue;
            const Series &s = found->second;
            const std::int64_t tt = m->t - z; // the mark in the heartbeat source's clock
            if (tt < hFirst || tt > hLast)
                continue;
            bool match = false;
            if (m->kind == Mark::Kind::Stale) {
                // A heartbeat where the controller last saw one, and none after it before the line.
                const std::int64_t target = m->lastSeen - z;
                auto it = std::lower_bound(s.begin(), s.end(), target - kStaleTolerance);
                if (it != s.end() && *it <= target + kStaleTolerance && (it + 1 == s.end() || *(it + 1) > tt - kNsPerSecond)) {
                    match = true;
                    if (keep)
                        residuals.push_back(target - *it);
                }
            } else if (m->kind == Mark::Kind::NotReady) {
                // The last heartbeat before it, one grace period (plus up to one monitor period) earlier.
                auto it = std::upper_bound(s.begin(), s.end(), tt);
                if (it != s.begin()) {
                    const std::int64_t lag = tt - *(it - 1);
                    match = lag >= g.grace - kNsPerSecond && lag <= g.grace + g.period + kNsPerSecond;
                }
            } else {
                // The first heartbeat after a silence, a monitor period (and one status sync) before it.
                auto it = std::lower_bound(s.begin(), s.end(), tt - g.period - 12 * kNsPerSecond);
                match = it != s.end() && it != s.begin() && *it <= tt + kNsPerSecond && *(it - 1) <= *it - g.grace / 2;
            }
            if (match) {
                ++matches;
                if (keep)
                    ++counts[static_cast<int>(m->kind)];
            }
        }
        return matches;
    };
    std::size_t best = 0, second = 0;
    int bestQ = 0;
    for (int q = -kMaxQuarters; q <= kMaxQuarters; ++q) {
        const std::size_t n = score(q * kQuarter, false);
        if (n > best) {
            second = best;
            best = n;
            bestQ = q;
        } else if (n > second) {
            second = n;
        }
    }
    if (best == 0)
        return link;
    link.zoneNs = bestQ * kQuarter;
    link.zoneDecided = best > second;
    link.pairs = static_cast<std::uint32_t>(score(link.zoneNs, true));
    if (residuals.size() >= kMinPairs) {
        std::nth_element(residuals.begin(), residuals.begin() + std::ptrdiff_t(residuals.size() / 2), residuals.end());
        link.haveSkew = true;
        link.skewNs = residuals[residuals.size() / 2];
        link.skewPairs = static_cast<std::uint32_t>(residuals.size());
    }
    std::string nodes;
    for (const Mark *m : marks)
        if (beats.count(m->node) && nodes.find(std::string(keys.valueText(m->node))) == std::string::npos)
            nodes += (nodes.empty() ? "" : ", ") + std::string(keys.valueText(m->node));
    static const char *const kNames[3][2] = {{"'not updated for' line", "'not updated for' lines"},
                                             {"NotReady record", "NotReady records"},
                                             {"Ready-again record", "Ready-again records"}};
    for (int i = 0; i < 3; ++i)
        if (counts[i])
            link.what += (link.what.empty() ? "" : ", ") + std::to_string(counts[i]) + " " + kNames[i][counts[i] == 1 ? 0 : 1];
    link.what += " of the node lifecycle controller against the heartbeats of " + nodes;
    return link;
}

bool isReadyCondition(std::string_view type)
{
    return type.empty() || type == "Ready" || type == "ready condition";
}

} // namespace

std::vector<ClockLink> findClockLinks(const Incident &inc, const EventTables &tables)
{
    std::vector<ClockLink> links;
    if (!inc.eventTypes)
        return links;
    const EventTypeCatalog &types = *inc.eventTypes;
    auto typeOf = [&](std::string_view id) { return types.find(id).value_or(kOtherEventType); };
    const EventTypeId tPodPatch = typeOf("pod.status.patch"), tStale = typeOf("nlc.node-not-updated"),
                      tNotReady = typeOf("nlc.node-not-ready-event"), tTransitioned = typeOf("nlc.ready-transitioned"),
                      tUpdated = typeOf("nlc.ready-updated"), tHealthy = typeOf("nlc.healthy-again"), tFlag = typeOf("controller.flag"),
                      tStart = typeOf("controller.start");
    const auto &S = inc.strings;
    const FieldKeys k = resolveFieldKeys(S);
    const StringId apiserver = S.find("kube-apiserver");

    RequestKeys keys(inc);
    const std::size_t n = inc.sources.size();
    std::vector<std::vector<Observation>> obs(n);
    std::vector<char> isApiserver(n, 0);
    std::vector<std::int64_t> first(n, std::numeric_limits<std::int64_t>::max()), last(n, std::numeric_limits<std::int64_t>::min());
    std::vector<Mark> marks;
    Grace grace;
    bool graceFlag = false;

    // One pass: the requests every source logged, the controller's marks, its grace period.
    for (const auto &table : tables.bySource)
        for (const Event &e : table) {
            first[e.source] = std::min(first[e.source], e.time.ns);
            last[e.source] = std::max(last[e.source], e.time.ns);
            std::uint32_t key = RequestKeys::kNone;
            if (const std::string_view verb = inc.field(e, k.verb); !verb.empty()) {
                if (const std::string_view resource = inc.field(e, k.resource); !resource.empty())
                    key = keys.intern({keys.verbCode(keys.valueId(verb)), keys.valueId(resource), keys.valueId(inc.field(e, k.namespace_)),
                                       keys.valueId(inc.field(e, k.name)), keys.valueId(inc.field(e, k.subresource))});
            } else if (e.type == tPodPatch && tPodPatch != kOtherEventType && inc.podOf(e) != kNoPod) {
                key = keys.podStatusPatch(inc.pods[inc.podOf(e).index()]);
            }
            if (key != RequestKeys::kNone) {
                const bool served = inc.componentOf(e) == apiserver && apiserver != kNoString;
                bool heartbeat = false;
                if (keys.node(key) != kNoString) {
                    // Only the kubelet's own successful writes are heartbeats.
                    const std::string_view agent = served ? inc.field(e, k.userAgent) : std::string_view{};
                    const std::string_view code = inc.field(e, k.code);
                    heartbeat = (!code.empty() ? code : inc.field(e, k.status)).starts_with('2')
                        && (agent.empty() || agent.find("kubelet") != std::string_view::npos);
                }
                obs[e.source].push_back({e.time.ns, key, heartbeat});
                isApiserver[e.source] = isApiserver[e.source] || served;
                continue;
            }
            if (e.type == kOtherEventType)
                continue;
            StringId node = keys.valueId(inc.field(e, k.node));
            if (node == kNoString)
                node = inc.nodeOf(e);
            if (e.type == tStale && node != kNoString) {
                const auto d = parseGoDuration(inc.field(e, k.duration));
                if (d && isReadyCondition(inc.field(e, k.conditionType)))
                    marks.push_back({Mark::Kind::Stale, e.source, node, e.time.ns, e.time.ns - d->ns});
            } else if (e.type == tNotReady && node != kNoString) {
                if (inc.field(e, k.reason) == "NodeNotReady" || inc.field(e, k.status) == "NodeNotReady")
                    marks.push_back({Mark::Kind::NotReady, e.source, node, e.time.ns});
            } else if ((e.type == tTransitioned || e.type == tHealthy || e.type == tUpdated) && node != kNoString) {
                // A transition counts when it is back to True: its pattern captures readyStatus from
                // the condition however it is printed (Go "Status:True", JSON "status":"True").
                if (e.type != tTransitioned || inc.field(e, k.readyStatus) == "True")
                    marks.push_back({Mark::Kind::Recovered, e.source, node, e.time.ns});
            } else if (e.type == tFlag) {
                const std::string_view flag = inc.field(e, k.flag);
                const auto value = parseGoDuration(inc.field(e, k.value));
                if (value && flag == "node-monitor-grace-period") {
                    grace.grace = value->ns;
                    graceFlag = true;
                } else if (value && flag == "node-monitor-period") {
                    grace.period = value->ns;
                }
            } else if (e.type == tStart && !graceFlag) {
                // The default grace period went from 40 s to 50 s in 1.32.
                const std::string_view v = inc.field(e, k.version);
                if (v.starts_with("v1.") && v.size() > 4 && std::atoi(std::string(v.substr(3)).c_str()) >= 32)
                    grace.grace = 50 * kNsPerSecond;
            }
        }

    // Requests: every source against every apiserver log.
    std::vector<std::unique_ptr<Served>> served(n);
    for (SourceId i = 0; i < n; ++i)
        if (isApiserver[i])
            served[i] = std::make_unique<Served>(obs[i], keys.size());
    for (SourceId a = 0; a < n; ++a) {
        if (!served[a])
            continue;
        for (SourceId b = 0; b < n; ++b) {
            // Two apiservers log different requests (each request reaches one): only
            // periodic ones would line up, by chance.
            if (b == a || obs[b].empty() || served[b])
                continue;
            ClockLink l = linkRequests(keys, a, *served[a], b, obs[b]);
            if (l.pairs >= kMinPairs)
                links.push_back(std::move(l));
        }
    }

    // The controller's marks: a Stale mark per heartbeat it last saw (it repeats the line for
    // every condition and every monitor pass), recoveries only just after a NotReady.
    std::sort(marks.begin(), marks.end(),
              [](const Mark &x, const Mark &y) { return std::tie(x.source, x.node, x.t) < std::tie(y.source, y.node, y.t); });
    std::map<SourceId, std::vector<const Mark *>> marksBySource;
    const Mark *stale = nullptr, *notReady = nullptr, *trouble = nullptr; // the last kept of this node in this log
    for (std::size_t i = 0; i < marks.size(); ++i) {
        const Mark &m = marks[i];
        if (i == 0 || m.source != marks[i - 1].source || m.node != marks[i - 1].node)
            stale = notReady = trouble = nullptr;
        if (m.kind == Mark::Kind::Stale) {
            trouble = &m;
            if (stale && std::llabs(stale->lastSeen - m.lastSeen) < kNsPerSecond)
                continue;
            stale = &m;
        } else if (m.kind == Mark::Kind::NotReady) {
            const bool again = notReady && m.t - notReady->t < kNsPerSecond; // the event recorder's own line
            trouble = notReady = &m;
            if (again)
                continue;
        } else {
            // One recovery per trouble: the transition, "healthy again" and the first
            // "ReadyCondition updated" all record the same heartbeat.
            if (!trouble || m.t - trouble->t > 10 * 60 * kNsPerSecond)
                continue;
            trouble = nullptr;
        }
        marksBySource[m.source].push_back(&m);
    }
    if (!marksBySource.empty()) {
        std::vector<std::map<StringId, Series>> beats(n);
        for (SourceId s = 0; s < n; ++s)
            for (const auto &o : obs[s])
                if (o.heartbeat)
                    beats[s][keys.node(o.key)].push_back(o.t);
        for (auto &bySource : beats)
            for (auto &[node, series] : bySource)
                std::sort(series.begin(), series.end());
        for (const auto &[k, ms] : marksBySource) {
            for (SourceId h = 0; h < n; ++h) {
                if (h == k || beats[h].empty())
                    continue;
                ClockLink l = linkLifecycle(k, ms, h, first[h], last[h], beats[h], grace, keys);
                if (l.pairs > 0)
                    links.push_back(std::move(l));
            }
        }
    }
    return links;
}

} // namespace kubelane::core
