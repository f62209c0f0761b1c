#pragma once
// What a runtime's goroutine dump, taken while a node's kubelet was stalled, says about the
// stall: the biggest queue on one lock that had waited minutes, and the goroutine that likely
// held the lock with what it was waiting on itself.
#include "analysis.h"

#include <optional>
#include <string>

namespace kubelane::core {

struct DumpExplanation {
    std::size_t dump = 0;   // into Facts::dumps
    std::size_t convoy = 0; // into RuntimeDump::convoys; convoys.size() when it is a group in a call out
    std::string sentence;   // "341 goroutines in dockerd waited on the lock of ... ; goroutine G held it while ..."
    std::string taken;      // "dockerd goroutine dump at 02:06:10Z (file name goroutine-stacks-...)"
};

// The dump of a process on `node` taken between `from` and `to` whose goroutines queued on a
// lock for a minute or more (the runtime prints minutes only from then on), else one whose
// goroutines waited that long in a unary call out of the process; none otherwise.
std::optional<DumpExplanation> explainStallByDump(const Analysis &a, StringId node, Timestamp from, Timestamp to);

} // namespace kubelane::core
