#pragma once
// Runs independent pieces of work on a few threads. The load's stages after the parse
// (rewriting each file's events, sorting each file's run) are one piece per source: any
// thread may take any piece, and each piece writes only its own data, so the result is the
// same whatever the thread count.
#include <algorithm>
#include <atomic>
#include <cstddef>
#include <thread>
#include <vector>

namespace kubelane::core {

// Calls fn(i) once for each i in [0, count), on up to `threads` threads (0: one per core),
// pieces taken in the order of `order` when given (largest first keeps one big piece from
// starting last). Returns when all are done.
template <typename Fn> void forEachInParallel(std::size_t count, unsigned threads, Fn &&fn, const std::vector<std::size_t> *order = nullptr)
{
    std::atomic<std::size_t> next{0};
    auto work = [&] {
        for (std::size_t k; (k = next.fetch_add(1)) < count;)
            fn(order ? (*order)[k] : k);
    };
    const unsigned wanted = threads ? threads : std::max(1u, std::thread::hardware_concurrency());
    const auto helpers = static_cast<unsigned>(std::min<std::size_t>(wanted, count)) - (count > 0 ? 1 : 0);
    std::vector<std::thread> pool;
    for (unsigned t = 0; t < helpers; ++t)
        pool.emplace_back(work);
    work();
    for (auto &t : pool)
        t.join();
}

} // namespace kubelane::core
