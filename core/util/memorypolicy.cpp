#include "memorypolicy.h"

#include <cstdint>
#include <cstdlib> // defines __GLIBC__ where it is glibc

#ifdef __GLIBC__
#include <malloc.h>
#endif
#ifdef __linux__
#include <sys/mman.h>
#include <unistd.h>
#endif

namespace kubelane::core {

void mapLargeBlocksApart()
{
#ifdef __GLIBC__
    // 256 KiB: a file's tables and the store are far above it, the parse's per-line strings
    // far below (they reuse the heap as before).
    ::mallopt(M_MMAP_THRESHOLD, 256 * 1024);
#endif
}

void giveFreedMemoryBack()
{
#ifdef __GLIBC__
    ::malloc_trim(0);
#endif
}

void mapForWriting(void *from, std::size_t bytes)
{
#if defined(__linux__) && defined(MADV_POPULATE_WRITE)
    // Whole pages inside the range only: a page it shares with memory before or after is
    // faulted by the writes as before.
    static const auto page = static_cast<std::uintptr_t>(::sysconf(_SC_PAGESIZE));
    const std::uintptr_t first = (reinterpret_cast<std::uintptr_t>(from) + page - 1) / page * page;
    const std::uintptr_t last = (reinterpret_cast<std::uintptr_t>(from) + bytes) / page * page;
    if (last > first)
        ::madvise(reinterpret_cast<void *>(first), last - first, MADV_POPULATE_WRITE);
#else
    (void)from;
    (void)bytes;
#endif
}

} // namespace kubelane::core
