#pragma once
// Groups a dump's goroutines the way maruel/panicparse buckets them: the same state and the
// same stack once arguments and pc offsets are set aside (function, file and line of every
// frame, the elided frames, the creator). Thousands of goroutines parked in the same place
// become one group with a count.
#include "goroutinedump.h"

#include <string>
#include <vector>

namespace kubelane::core {

struct StackBucket {
    std::vector<std::size_t> members; // indices into GoroutineDump::goroutines, in dump order
    std::string_view state;
    int longestWaitMinutes = 0;
    std::size_t longestWaiter = 0; // the member that waited longest (the first on ties)
    std::string summary;           // describeWait of the group: blocking frame and calling code
    std::size_t count() const { return members.size(); }
};

// Biggest groups first, then the longest wait, then the first goroutine id.
std::vector<StackBucket> bucketStacks(const GoroutineDump &dump);

} // namespace kubelane::core
