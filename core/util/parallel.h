#pragma once
// Runs independent pieces of work on a few threads: the load's stages after the parse
// (rewriting each file's events, sorting each file's run: one piece per source) and the fact
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

// Calls fn(i) once for each i in [0, count), on up to `threads` threads (0: one per core),
// pieces taken in the order of `order` when given (largest first keeps one big piece from
// starting last). Returns when all are done. When a piece throws, the pieces not started are
// skipped and the first exception is thrown here, on the caller's thread.
template <typename Fn> void forEachInParallel(std::size_t count, unsigned threads, Fn &&fn, const std::vector<std::size_t> *order = nullptr)
{
    std::atomic<std::size_t> next{0};
    std::mutex failedMutex;
    std::exception_ptr failed;
    auto work = [&] {
        for (std::size_t k; (k = next.fetch_add(1)) < count;) {
            try {
                fn(order ? (*order)[k] : k);
            } catch (...) {
                const std::lock_guard<std::mutex> lock(failedMutex);
                if (!failed)
                    failed = std::current_exception();
                next = count;
            }
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

} // namespace kubelane::core
