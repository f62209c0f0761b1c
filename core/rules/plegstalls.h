#pragma once
#include "../facts/facts.h"

#include <vector>

namespace kubelane::core {

// A node's PLEG stalls that follow each other within a threshold (it relisted once, then hung
// again: a flapping PLEG) are one incident; stalls further apart (a day, another kubelet)
// are one each. Each group as one stall, with how many it holds.
struct PlegStalls {
    PlegHealth merged;
    std::size_t stalls = 0;
};

std::vector<PlegStalls> plegStallsTogether(const std::vector<PlegHealth> &stalls);

} // namespace kubelane::core
