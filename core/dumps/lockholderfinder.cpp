#include "lockholderfinder.h"

#include "waitsite.h"

#include <algorithm>
#include <map>

namespace kubelane::core {

namespace {

// The Go allocator's largest small object (runtime/sizeclasses.go, _MaxSmallSize): a mutex
// inside an ordinary struct is at most this far above the struct's address.
constexpr std::uint64_t kMaxObjectSpan = std::uint64_t{32} * 1024;

struct Candidate {
    std::size_t goroutine = 0;
    std::uint64_t object = 0;
    const StackFrame *frame = nullptr;
};

bool better(const Candidate &a, const Candidate &b, const GoroutineDump &dump)
{
    if (a.object != b.object)
        return a.object > b.object; // nearer the lock: the object that holds it, not a neighbour
    const Goroutine &ga = dump.goroutines[a.goroutine], &gb = dump.goroutines[b.goroutine];
    if (ga.waitMinutes != gb.waitMinutes)
        return ga.waitMinutes > gb.waitMinutes;
    return ga.id < gb.id;
}

// The frame of `g` that was given a pointer to the object around `lock`, if any.
std::optional<Candidate> workOnObject(const GoroutineDump &dump, std::size_t index, std::uint64_t lock)
{
    std::optional<Candidate> best;
    for (const StackFrame &f : dump.goroutines[index].frames) {
        // The runtime, the lock itself and the RPC plumbing are handed their own structures
        // (a ClientConn, a stream), never the program's object: one of those that happens to
        // lie just below the lock must not pass for its holder.
        if (packageOf(f.function) == "runtime" || packageOf(f.function) == "sync" || isRpcFrame(f.function))
            continue;
        for (const std::uint64_t word : argumentWords(f.args)) {
            if (word > lock || lock - word >= kMaxObjectSpan)
                continue;
            const Candidate c{index, word, &f};
            if (!best || c.object >= best->object) // the outermost frame: the operation on the object
                best = c;
        }
    }
    return best;
}

// True for a goroutine parked on a sync lock: "semacquire" (to Go 1.19) or the lock's own
// wait reason since Go 1.20 ("sync.Mutex.Lock", "sync.RWMutex.RLock", "sync.RWMutex.Lock").
bool isLockWaitState(std::string_view state)
{
    return state.starts_with("semacquire") || state.starts_with("sync.Mutex.") || state.starts_with("sync.RWMutex.");
}

} // namespace

std::vector<LockConvoy> findLockConvoys(const GoroutineDump &dump, std::size_t minWaiters)
{
    std::map<std::uint64_t, LockConvoy> byLock;
    std::map<std::uint64_t, std::map<std::string, int>> takenIn;
    for (std::size_t i = 0; i < dump.goroutines.size(); ++i) {
        const Goroutine &g = dump.goroutines[i];
        if (!isLockWaitState(g.state))
            continue;
        const auto wait = lockWaitOf(g);
        if (!wait)
            continue;
        LockConvoy &c = byLock[wait->lock];
        c.lock = wait->lock;
        c.waiters.push_back(i);
        c.longestWaitMinutes = std::max(c.longestWaitMinutes, g.waitMinutes);
        if (wait->takenIn)
            ++takenIn[wait->lock][std::string(shortFunction(wait->takenIn->function))];
    }
    std::vector<LockConvoy> out;
    for (auto &[lock, c] : byLock) {
        if (c.waiters.size() < minWaiters)
            continue;
        const auto &callers = takenIn[lock];
        if (!callers.empty())
            c.takenIn = std::max_element(callers.begin(), callers.end(), [](auto &a, auto &b) { return a.second < b.second; })->first;
        // Under a minute (the runtime prints no minutes) a queue is ordinary contention.
        if (c.longestWaitMinutes < 1) {
            out.push_back(std::move(c));
            continue;
        }
        std::optional<Candidate> best;
        std::size_t w = 0; // waiters are in index order: walk them alongside
        for (std::size_t i = 0; i < dump.goroutines.size(); ++i) {
            if (w < c.waiters.size() && c.waiters[w] == i) {
                ++w;
                continue;
            }
            if (const auto cand = workOnObject(dump, i, lock); cand && (!best || better(*cand, *best, dump)))
                best = cand;
        }
        if (best) {
            const Goroutine &h = dump.goroutines[best->goroutine];
            c.holder = best->goroutine;
            c.object = best->object;
            c.holderFunction = std::string(shortFunction(best->frame->function));
            c.holderWaits = describeWait(h);
            c.holderOutbound = outboundCallOf(h);
        }
        out.push_back(std::move(c));
    }
    std::stable_sort(out.begin(), out.end(), [](const LockConvoy &a, const LockConvoy &b) {
        if (a.waiters.size() != b.waiters.size())
            return a.waiters.size() > b.waiters.size();
        return a.longestWaitMinutes > b.longestWaitMinutes;
    });
    return out;
}

} // namespace kubelane::core
