#pragma once
// Runs independent pieces of work on a few threads: the parse (one piece per file), the
// load's stages after it (rewriting each file's events, sorting each file's run) and the fact
// detectors' two chains. Any thread may take any piece, and each piece writes only its own
// data, so the result is the same whatever the thread count.
#include <algorithm>
#include <atomic>
#include <cstddef>
#include <exception>
#include <mutex>
#include <thread>
#include <vector>

namespace kubelane::core {

// The indexes 0..count-1, largest piece first (stable among equals): a big piece that starts
// last would leave the other threads idle while it runs.
template <typename SizeOf> std::vector<std::size_t> largestFirst(std::size_t count, SizeOf sizeOf)
{
    std::vector<std::size_t> order(count);
    for (std::size_t i = 0; i < count; ++i)
        order[i] = i;
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return sizeOf(a) > sizeOf(b); });
    return order;
}

// Calls fn(state, i) once for each i in [0, count), on up to `threads` threads (0: one per
// core), where each thread makes its own `state` once with makeState() (a parser that learns
// as it goes). Pieces are taken in the order of `order` when given. Returns when all are
// done. When a piece throws, the pieces not started are skipped and the first exception is
// thrown here, on the caller's thread.
template <typename MakeState, typename Fn>
void forEachInParallelWith(std::size_t count, unsigned threads, MakeState makeState, Fn &&fn,
                           const std::vector<std::size_t> *order = nullptr)
{
    std::atomic<std::size_t> next{0};
    std::mutex failedMutex;
    std::exception_ptr failed;
    auto work = [&] {
        try {
            auto state = makeState();
            for (std::size_t k; (k = next.fetch_add(1)) < count;)
                fn(state, order ? (*order)[k] : k);
        } catch (...) {
            const std::lock_guard<std::mutex> lock(failedMutex);
            if (!failed)
                failed = std::current_exception();
            next = count;
        }
    };
    const unsigned wanted = threads ? threads : std::max(1u, std::thread::hardware_concurrency());
    const auto helpers = static_cast<unsigned>(std::min<std::size_t>(wanted, count)) - (count > 0 ? 1 : 0);
    std::vector<std::thread> pool;
    for (unsigned t = 0; t < helpers; ++t)
        pool.emplace_back(work);
    work();
    for (auto &t : pool)
        t.join();
    if (failed)
        std::rethrow_exception(failed);
}

// The same with no state of each thread's own.
template <typename Fn> void forEachInParallel(std::size_t count, unsigned threads, Fn &&fn, const std::vector<std::size_t> *order = nullptr)
{
    forEachInParallelWith(
        count, threads, [] { return 0; }, [&](int, std::size_t i) { fn(i); }, order);
}

} // namespace kubelane::core
