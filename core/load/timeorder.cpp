#include "timeorder.h"

#include <algorithm>
#include <cstdint>
#include <limits>
#include <queue>
#include <tuple>

namespace kubelane::core {

bool happensBefore(const Event &a, const Event &b)
{
    if (a.time != b.time)
        return a.time < b.time;
    if (a.source != b.source)
        return a.source < b.source;
    return a.line < b.line;
}

namespace {

using Index = std::uint32_t;

struct Run {
    std::size_t begin, end;
};

std::vector<Run> runsOfOneSource(const std::vector<Event> &events)
{
    std::vector<Run> runs;
    for (std::size_t i = 0; i < events.size();) {
        std::size_t j = i + 1;
        while (j < events.size() && events[j].source == events[i].source)
            ++j;
        runs.push_back({i, j});
        i = j;
    }
    return runs;
}

// The positions of `events` in time order: each run sorted (most already are), then merged.
std::vector<Index> timeOrder(const std::vector<Event> &events)
{
    // Ties (one object's records share a line and often a time) keep their order of arrival,
    // as a stable sort would: std::sort and the heap alone would not.
    // One lexicographic comparison of (time, source, line, index): happensBefore's order,
    // the index last.
    auto before = [&](Index a, Index b) {
        const Event &x = events[a], &y = events[b];
        return std::tie(x.time, x.source, x.line, a) < std::tie(y.time, y.source, y.line, b);
    };
    std::vector<Index> byRun(events.size());
    const std::vector<Run> runs = runsOfOneSource(events);
    for (const Run &r : runs) {
        for (std::size_t i = r.begin; i < r.end; ++i)
            byRun[i] = static_cast<Index>(i);
        if (!std::is_sorted(byRun.begin() + r.begin, byRun.begin() + r.end, before))
            std::sort(byRun.begin() + r.begin, byRun.begin() + r.end, before);
    }
    if (runs.size() <= 1)
        return byRun;

    struct Head {
        std::size_t at, end;
    };
    auto later = [&](const Head &a, const Head &b) { return before(byRun[b.at], byRun[a.at]); };
    std::priority_queue<Head, std::vector<Head>, decltype(later)> heads(later);
    for (const Run &r : runs)
        heads.push({r.begin, r.end});
    std::vector<Index> order;
    order.reserve(events.size());
    while (!heads.empty()) {
        Head h = heads.top();
        heads.pop();
        order.push_back(byRun[h.at]);
        if (++h.at < h.end)
            heads.push(h);
    }
    return order;
}

// Moves events[order[k]] to position k, one cycle of the permutation at a time.
void applyOrder(std::vector<Event> &events, std::vector<Index> &order)
{
    for (std::size_t i = 0; i < order.size(); ++i) {
        if (order[i] == i)
            continue;
        const Event held = events[i];
        std::size_t j = i;
        for (;;) {
            const std::size_t from = order[j];
            order[j] = static_cast<Index>(j);
            if (from == i) {
                events[j] = held;
                break;
            }
            events[j] = events[from];
            j = from;
        }
    }
}

} // namespace

void sortByTime(std::vector<Event> &events)
{
    if (events.size() > std::numeric_limits<Index>::max()) {
        std::stable_sort(events.begin(), events.end(), happensBefore);
        return;
    }
    std::vector<Index> order = timeOrder(events);
    applyOrder(events, order);
}

} // namespace kubelane::core
