#include "stagereport.h"

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <fstream>
#include <mutex>
#include <string>

namespace kubelane::core {

namespace {

struct StageClock {
    bool enabled = std::getenv("KUBELANE_STAGES") != nullptr;
    std::mutex mutex;
    std::chrono::steady_clock::time_point wall = std::chrono::steady_clock::now();
    std::clock_t cpu = std::clock();
};

// Started with the process, so that the first stage counts from there.
StageClock g_stageClock;

StageClock &stageClock()
{
    return g_stageClock;
}

// Resident memory from /proc/self/status, in KiB (0 where the file cannot be read).
struct Resident {
    long rss = 0, peak = 0, anonymous = 0, file = 0;
};

Resident resident()
{
    std::ifstream status("/proc/self/status");
    Resident r;
    for (std::string line; std::getline(status, line);) {
        const auto value = [&](std::string_view key, long &to) {
            if (line.starts_with(key))
                to = std::atol(line.c_str() + key.size());
        };
        value("VmRSS:", r.rss);
        value("VmHWM:", r.peak);
        value("RssAnon:", r.anonymous);
        value("RssFile:", r.file);
    }
    return r;
}

} // namespace

void stageDone(std::string_view name)
{
    StageClock &c = stageClock();
    if (!c.enabled)
        return;
    std::lock_guard lock(c.mutex);
    const auto wall = std::chrono::steady_clock::now();
    const std::clock_t cpu = std::clock();
    const Resident r = resident();
    std::fprintf(stderr, "stage %-20.*s wall %6.3f s  cpu %6.3f s  rss %6.1f MiB (anonymous %6.1f, files %5.1f)  peak %6.1f MiB\n",
                 int(name.size()), name.data(), std::chrono::duration<double>(wall - c.wall).count(), double(cpu - c.cpu) / CLOCKS_PER_SEC,
                 r.rss / 1024.0, r.anonymous / 1024.0, r.file / 1024.0, r.peak / 1024.0);
    c.wall = wall;
    c.cpu = cpu;
}

} // namespace kubelane::core
