#include "clockalignment.h"

#include "timeevidence.h"

#include <algorithm>
#include <cstdio>
#include <map>
#include <unordered_map>

namespace kubelane::core {

namespace {

constexpr std::int64_t kSkewWindow = 5 * kNsPerSecond;
constexpr std::int64_t kMinSkewToApply = 250 * 1'000'000;
constexpr std::int64_t kZoneWindow = 15 * 3600 * kNsPerSecond;

struct Keys {
    StringId verb, resource, ns, name, subresource, kubelet, apiserver;
};

std::string requestKey(const Incident &inc, const Event &e, const Keys &k)
{
    std::string verb(inc.text(inc.fieldId(e, k.verb)));
    const std::string_view resource = inc.text(inc.fieldId(e, k.resource));
    std::string key;
    if (!verb.empty() && !resource.empty()) {
        for (auto &c : verb)
            c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
        if (verb == "UPDATE")
            verb = "PUT";
        key = verb + ' ' + std::string(resource) + '/' + std::string(inc.text(inc.fieldId(e, k.ns))) + '/'
            + std::string(inc.text(inc.fieldId(e, k.name))) + '/' + std::string(inc.text(inc.fieldId(e, k.subresource)));
    } else if (e.pod != kNoPod && inc.typeName(e) == "pod.status.patch") {
        const Pod &p = inc.pods[e.pod];
        key = "PATCH pods/" + std::string(inc.text(p.ns)) + '/' + std::string(inc.text(p.name)) + "/status";
    }
    return key;
}

Timestamp nearest(const std::vector<Timestamp> &sorted, Timestamp t)
{
    auto it = std::lower_bound(sorted.begin(), sorted.end(), t);
    if (it == sorted.end())
        return sorted.back();
    if (it == sorted.begin())
        return *it;
    const Timestamp after = *it, before = *(it - 1);
    return (after - t).ns < (t - before).ns ? after : before;
}

} // namespace

void alignClocks(Incident &inc)
{
    Keys k{inc.strings.find("verb"), inc.strings.find("resource"), inc.strings.find("namespace"), inc.strings.find("name"),
           inc.strings.find("subresource"), inc.strings.find("kubelet"), inc.strings.find("kube-apiserver")};
    if (k.apiserver == kNoString)
        return;
    // The apiserver's view of every request, by what was requested.
    std::unordered_map<std::string, std::vector<Timestamp>> served;
    for (const Event &e : inc.events) {
        if (e.component != k.apiserver)
            continue;
        if (std::string key = requestKey(inc, e, k); !key.empty())
            served[key].push_back(e.time);
    }
    if (served.empty())
        return;
    for (auto &[key, times] : served)
        std::sort(times.begin(), times.end());

    // The requests each other source made.
    std::map<SourceId, std::vector<std::pair<std::string, Timestamp>>> made;
    for (const Event &e : inc.events) {
        if (e.component == k.apiserver)
            continue;
        if (std::string key = requestKey(inc, e, k); !key.empty() && served.count(key))
            made[e.source].emplace_back(std::move(key), e.time);
    }

    std::vector<std::int64_t> shift(inc.sources.size(), 0); // applied in one pass at the end
    for (auto &[sourceId, requests] : made) {
        Source &src = inc.sources[sourceId];
        ClockInfo &clock = src.clock;
        // Zone: unique pod-status patches pair at any distance.
        if (clock.offsetOrigin == ClockInfo::OffsetOrigin::Assumed) {
            std::map<int, int> votes;
            for (const auto &[key, t] : requests) {
                if (!key.starts_with("PATCH pods/"))
                    continue;
                const auto &times = served[key];
                const Timestamp match = nearest(times, t);
                int offset;
                if (std::llabs((match - t).ns) < kZoneWindow && nearestZoneOffset((t - match).ns, 2 * kNsPerSecond, offset))
                    ++votes[offset];
            }
            if (!votes.empty()) {
                const auto best = std::max_element(votes.begin(), votes.end(), [](auto &a, auto &b) { return a.second < b.second; });
                if (best->first != 0 && best->second >= 2) {
                    shift[sourceId] += std::int64_t(best->first) * kNsPerSecond;
                    for (auto &r : requests)
                        r.second.ns += std::int64_t(best->first) * kNsPerSecond;
                    clock.utcOffsetSeconds = best->first;
                    clock.offsetOrigin = ClockInfo::OffsetOrigin::Inferred;
                    char buf[256];
                    std::snprintf(buf, sizeof buf, "%d pod status patches pair with the apiserver's request log at %s",
                                  best->second, formatUtcOffset(best->first).c_str());
                    clock.offsetEvidence = buf;
                }
            }
        }
        // Skew: the median distance to the apiserver's record of the same requests.
        std::vector<std::int64_t> deltas;
        for (const auto &[key, t] : requests) {
            const Timestamp match = nearest(served[key], t);
            if (std::llabs((match - t).ns) <= kSkewWindow)
                deltas.push_back((match - t).ns);
        }
        if (deltas.size() < 3)
            continue;
        std::nth_element(deltas.begin(), deltas.begin() + std::ptrdiff_t(deltas.size() / 2), deltas.end());
        const std::int64_t median = deltas[deltas.size() / 2];
        if (std::llabs(median) < kMinSkewToApply)
            continue;
        shift[sourceId] += median;
        clock.skew = {median};
        char buf[256];
        std::snprintf(buf, sizeof buf, "%zu requests pair with the apiserver's request log; median offset %s",
                      deltas.size(), formatDuration({median}).c_str());
        clock.skewEvidence = buf;
    }
    for (Event &e : inc.events)
        e.time.ns += shift[e.source];
}

} // namespace kubelane::core
