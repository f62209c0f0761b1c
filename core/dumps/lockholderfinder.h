#pragma once
// Who holds a lock that goroutines queue on. Go's sync.Mutex records no owner, so the dump
// cannot say; what it shows is the address each waiter's Lock frame was called on. A mutex
// lives inside the object it guards (a container's State, a map's guard), so the goroutine
// that is inside a function given that object - a pointer at or a little below the lock,
// within one heap object - and that is not itself queued on the lock is the likely holder,
// the way the write-ups find it by hand. What the holder waits on (a gRPC call, a system
// call) is what the whole queue waits on.
#include "goroutinedump.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace kubelane::core {

struct LockConvoy {
    std::uint64_t lock = 0;           // the address the waiters' Lock frames were called on
    std::vector<std::size_t> waiters; // into GoroutineDump::goroutines
    int longestWaitMinutes = 0;
    std::string takenIn; // the caller most waiters took it in (short name)

    // The likely holder, when a goroutine outside the queue works on the object.
    std::optional<std::size_t> holder;
    std::uint64_t object = 0;   // the pointer the holder's frame was given
    std::string holderFunction; // the frame given the object (short name)
    std::string holderWaits;    // describeWait of the holder
    std::string holderOutbound; // "a gRPC call types.(*aPIClient).Signal", or ""
};

// Every lock with at least `minWaiters` goroutines queued on it, most waiters first. A holder
// is looked for only behind a queue that has waited a minute or more (the runtime prints the
// minutes from then on): a shorter one is ordinary contention, and claims nothing.
std::vector<LockConvoy> findLockConvoys(const GoroutineDump &dump, std::size_t minWaiters = 2);

} // namespace kubelane::core
