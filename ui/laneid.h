#pragma once
// A lane's id: its index in LaneModel::lanes(). A strong id (core/model/ids.h) so that an
// event index, a row or a finding number cannot be passed where a lane is meant; it is made
// from an int only on purpose (explicit), and gives its index back for the tables indexed by
// lane (`expanded`, `shown`, `rowOfLane`, ...). A row is a position on screen, not a lane,
// and stays an int.
#include "core/model/ids.h"

#include <QHashFunctions>

#include <cstddef>

namespace kubelane::ui {

struct LaneTag;
using LaneId = core::StrongId<LaneTag, int, -1>;

// Found by argument-dependent lookup through LaneTag, for QHash<LaneId, ...> and QSet.
inline size_t qHash(LaneId id, size_t seed = 0) noexcept
{
    return ::qHash(id.value(), seed);
}

} // namespace kubelane::ui
