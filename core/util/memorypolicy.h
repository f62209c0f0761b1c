#pragma once
// How the process takes memory from the system and gives it back. A load holds a few large
// tables (events, fields, each file's while it is parsed) that are built, copied and freed
// stage after stage; the peak is what counts on a laptop.
#include <algorithm>
#include <cstddef>
#include <vector>

namespace kubelane::core {

// Large blocks get a mapping of their own, returned to the system the moment they are freed.
// glibc's default raises its threshold for that to the size of the largest block freed (up
// to 32 MiB): after the first file's tables went, every later table of that size stayed in
// the heap once freed, and a stage's garbage added to the next stage's peak (35 MiB after
// the fact detectors on a 1 GB bundle). Call once, at start, before any thread.
void mapLargeBlocksApart();

// Hands the free pages of every heap back to the system: what a stage freed in blocks below
// the threshold above.
void giveFreedMemoryBack();

// Maps the pages of [from, from + bytes) for writing in one call (Linux 5.14's
// MADV_POPULATE_WRITE), where writes reaching them one by one take a page fault each: on the
// virtual machines this runs on, a fault costs far more than the page's zeroing (the 1 GB
// bench spent 19 % of its CPU in faults). Elsewhere (an older kernel, another system) it does
// nothing, and the pages fault as before.
void mapForWriting(void *from, std::size_t bytes);

// Called before writing element `written` of a room of `room` elements at `base`, filled front
// to back: every `step` elements, maps the next `step` of the room at once (never past it, so
// the memory held grows by a step at most).
template <class T> void mapNextStepForWriting(T *base, std::size_t written, std::size_t room, std::size_t step)
{
    if (written % step != 0 || written >= room)
        return;
    mapForWriting(base + written, std::min(step, room - written) * sizeof(T));
}

// The same before each push_back onto a table reserved ahead: its room is its capacity.
template <class T, class A> void mapNextStepForWriting(std::vector<T, A> &table, std::size_t step)
{
    mapNextStepForWriting(table.data(), table.size(), table.capacity(), step);
}

} // namespace kubelane::core
