#include "timeorder.h"

#include "../util/memorypolicy.h"
#include "../util/parallel.h"

#include <algorithm>
#include <cstdint>
#include <limits>
#include <optional>
#include <sys/mman.h>
#include <tuple>
#include <unistd.h>

namespace kubelane::core {

bool happensBefore(const Event &a, const Event &b)
{
    if (a.time != b.time)
        return a.time < b.time;
    if (a.source != b.source)
        return a.source < b.source;
    return a.offset < b.offset; // within a source, the line order
}

namespace {

using Index = std::uint32_t;
using Run = EventStore;

// Ties (one object's records share a line and often a time) keep their order of arrival, as
// a stable sort would: one lexicographic comparison of (time, source, offset, position),
// happensBefore's order with the position last.
bool before(const Run &events, std::size_t a, std::size_t b)
{
    const Event &x = events[a], &y = events[b];
    const std::uint64_t xOffset = x.offset, yOffset = y.offset;
    return std::tie(x.time, x.source, xOffset, a) < std::tie(y.time, y.source, yOffset, b);
}

// Moves events[order[k]] to position k, one cycle of the permutation at a time.
void applyOrder(Run &events, std::vector<Index> &order)
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

// Puts one run in order where it lies (most runs already are): through an index, so the extra
// memory is 4 bytes an event of that run, and the random moves stay within it.
void sortRun(Run &events)
{
    auto inRun = [&](Index a, Index b) { return before(events, a, b); };
    std::vector<Index> order(events.size());
    for (std::size_t i = 0; i < order.size(); ++i)
        order[i] = static_cast<Index>(i);
    if (std::is_sorted(order.begin(), order.end(), inRun))
        return;
    std::sort(order.begin(), order.end(), inRun);
    applyOrder(events, order);
}

// Gives the pages of [from, to) that lie wholly inside it back to the system: the merge has
// read those events and never reads them again, and the store they are in is freed after it.
void givePagesBack(const Event *from, const Event *to)
{
    static const auto page = static_cast<std::uintptr_t>(::sysconf(_SC_PAGESIZE));
    const std::uintptr_t first = (reinterpret_cast<std::uintptr_t>(from) + page - 1) / page * page;
    const std::uintptr_t last = reinterpret_cast<std::uintptr_t>(to) / page * page;
    if (last > first)
        ::madvise(reinterpret_cast<void *>(first), last - first, MADV_DONTNEED);
}

// A stretch [begin, end) of one run: the merge reads it front to back.
struct Stretch {
    std::size_t run, begin, end;
};

// happensBefore's order (time, source, offset) as one unsigned 128-bit number, so the merge
// compares two events in two instructions and no unpredictable branch: the time with its sign
// bit flipped (signed order as unsigned), then the source's 24 bits and the offset's 40.
__extension__ typedef unsigned __int128 MergeKey;

MergeKey mergeKeyOf(const Event &e)
{
    const std::uint64_t time = static_cast<std::uint64_t>(e.time.ns) ^ (std::uint64_t(1) << 63);
    const std::uint64_t place = (std::uint64_t(e.source) << 40) | std::uint64_t(e.offset);
    return (MergeKey(time) << 64) | place;
}

// The head of one stretch in the merge, with its event's key, so the heap's comparisons read
// the heap alone. Ties fall to the run: the order of the runs laid end to end, a stable sort's
// (within a run the merge keeps the run's order).
struct Head {
    MergeKey key;
    std::size_t run, at, end, released;
    bool operator<(const Head &o) const { return key < o.key || (key == o.key && run < o.run); }
};

// Restores the heap (earliest head first) after the head at `i` moved later.
void siftDown(std::vector<Head> &heap, std::size_t i)
{
    const Head moved = heap[i];
    for (;;) {
        std::size_t child = 2 * i + 1;
        if (child >= heap.size())
            break;
        if (child + 1 < heap.size() && heap[child + 1] < heap[child])
            ++child;
        if (!(heap[child] < moved))
            break;
        heap[i] = heap[child];
        i = child;
    }
    heap[i] = moved;
}

// Events read before a run gives their pages back. Every run of both halves holds up to a step
// read and not yet given back: 44 runs of 1 MiB had added 23 MiB to a 1 GB load's peak.
constexpr std::size_t kReleaseStep = (256u << 10) / sizeof(Event);

// The stretches, each in order, merged k-way into [out, out + their events): room in the store,
// sized and not yet written. Each is read front to back, so the copy streams through memory,
// and the pages of the runs the merge has passed are given back as it goes: the runs and the
// store together hold about one store's worth of memory, never two. The store's pages are
// mapped a step ahead of the writes.
void mergeStretchesInto(std::vector<Run> &runs, const std::vector<Stretch> &stretches, Event *out)
{
    std::vector<Head> heap;
    std::size_t count = 0;
    for (const Stretch &s : stretches) {
        count += s.end - s.begin;
        if (s.begin == s.end)
            continue;
        heap.push_back({mergeKeyOf(runs[s.run][s.begin]), s.run, s.begin, s.end, s.begin});
    }
    std::make_heap(heap.begin(), heap.end(), [](const Head &a, const Head &b) { return b < a; });
    Event *const first = out;
    while (!heap.empty()) {
        Head &h = heap.front();
        const Run &run = runs[h.run];
        // The earliest run's events go out together for as long as they come before every
        // other run's head: a source's events come in bursts (one line's records, a sync
        // loop's lines in one tick), and each needs a comparison instead of a trip down the heap.
        const Head *second = heap.size() < 2 ? nullptr : heap.size() == 2 || heap[1] < heap[2] ? &heap[1] : &heap[2];
        do {
            mapNextStepForWriting(first, static_cast<std::size_t>(out - first), count, kReleaseStep);
            *out++ = run[h.at];
            if (++h.at - h.released >= kReleaseStep) {
                givePagesBack(run.data() + h.released, run.data() + h.at);
                h.released = h.at;
            }
            if (h.at == h.end)
                break;
            h.key = mergeKeyOf(run[h.at]);
        } while (!second || h < *second);
        if (h.at == h.end) {
            h = heap.back();
            heap.pop_back();
            if (heap.empty())
                break;
        }
        siftDown(heap, 0);
    }
}

std::size_t firstAtOrAfter(const Run &run, std::size_t begin, std::size_t end, Timestamp t)
{
    return static_cast<std::size_t>(std::lower_bound(run.begin() + static_cast<std::ptrdiff_t>(begin),
                                                     run.begin() + static_cast<std::ptrdiff_t>(end), t,
                                                     [](const Event &e, Timestamp v) { return e.time < v; })
                                    - run.begin());
}

// A time that about half of the events are before, so that the runs cut at it merge in two
// halves whose concatenation is the whole merge. None when the times do not allow it (most
// events at one instant).
std::optional<Timestamp> middleTime(const std::vector<Run> &runs, std::size_t total)
{
    auto countBefore = [&](std::int64_t t) {
        std::size_t n = 0;
        for (const Run &r : runs)
            n += firstAtOrAfter(r, 0, r.size(), Timestamp{t});
        return n;
    };
    std::int64_t lo = std::numeric_limits<std::int64_t>::max(), hi = std::numeric_limits<std::int64_t>::min();
    for (const Run &r : runs) {
        if (r.empty())
            continue;
        lo = std::min(lo, r.front().time.ns);
        hi = std::max(hi, r.back().time.ns);
    }
    // The latest t with at most half the events before it.
    const std::size_t half = total / 2;
    while (lo < hi) {
        const std::int64_t mid = lo + (hi - lo) / 2 + 1;
        if (countBefore(mid) <= half)
            lo = mid;
        else
            hi = mid - 1;
    }
    const std::size_t before = countBefore(lo);
    if (before < total / 8 || before > total - total / 8)
        return std::nullopt;
    return Timestamp{lo};
}

// The k-way merge of the runs into a store sized first. On more than one thread, a large store
// is cut at a middle time: the earlier halves of the runs merge into the store's front while
// the later halves merge into its back. Every event before the cut sorts before every event
// at or after it, so the result is the one-thread merge's.
EventStore mergeRuns(std::vector<Run> &runs, unsigned threads)
{
    constexpr std::size_t kWorthSplitting = std::size_t(1) << 18;
    std::size_t total = 0;
    for (const Run &r : runs)
        total += r.size();
    EventStore merged;
    merged.resize(total); // left unwritten (UnwrittenOnResize): the merges write every event
    const std::optional<Timestamp> cut = threads != 1 && total >= kWorthSplitting ? middleTime(runs, total) : std::optional<Timestamp>{};
    if (!cut) {
        std::vector<Stretch> whole;
        for (std::size_t i = 0; i < runs.size(); ++i)
            whole.push_back({i, 0, runs[i].size()});
        mergeStretchesInto(runs, whole, merged.data());
        return merged;
    }
    std::vector<Stretch> earlier, later;
    std::size_t earlierCount = 0;
    for (std::size_t i = 0; i < runs.size(); ++i) {
        const std::size_t at = firstAtOrAfter(runs[i], 0, runs[i].size(), *cut);
        earlier.push_back({i, 0, at});
        later.push_back({i, at, runs[i].size()});
        earlierCount += at;
    }
    forEachInParallel(2, threads, [&](std::size_t half) {
        mergeStretchesInto(runs, half == 0 ? earlier : later, merged.data() + (half == 0 ? 0 : earlierCount));
    });
    return merged;
}

} // namespace

EventStore timeOrder(std::vector<EventStore> &runs, unsigned threads)
{
    std::size_t longest = 0;
    for (const Run &r : runs)
        longest = std::max(longest, r.size());
    if (longest > std::numeric_limits<Index>::max()) {
        EventStore all;
        for (Run &r : runs) {
            all.insert(all.end(), r.begin(), r.end());
            r = Run();
        }
        std::stable_sort(all.begin(), all.end(), happensBefore);
        return all;
    }
    forEachInParallel(runs.size(), threads, [&](std::size_t i) { sortRun(runs[i]); });
    std::erase_if(runs, [](const Run &r) { return r.empty(); });
    if (runs.size() == 1) {
        EventStore only = std::move(runs.front());
        runs.clear();
        return only;
    }
    EventStore merged = mergeRuns(runs, threads);
    runs = std::vector<Run>(); // read through, their pages given back
    return merged;
}

} // namespace kubelane::core
