#pragma once
// How the process takes memory from the system and gives it back. A load holds a few large
// tables (events, fields, each file's while it is parsed) that are built, copied and freed
// stage after stage; the peak is what counts on a laptop.
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

} // namespace kubelane::core
