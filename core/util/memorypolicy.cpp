#include "memorypolicy.h"

#include <cstdlib> // defines __GLIBC__ where it is glibc

#ifdef __GLIBC__
#include <malloc.h>
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

} // namespace kubelane::core
