// A node's PLEG at work: every relist and every pod lifecycle event it handed to the sync
// loop (SyncLoop (PLEG) lines, which otherwise sit in each pod's sync loop lane), on one row
// beside the PLEG health bar. A PLEG that hangs shows as this row going quiet while the
// "PLEG is not healthy" reports start: the silence is the evidence.
#include "lanebuilder.h"

namespace kubelane::ui {

void buildPlegActivityLane(LaneBuild &b)
{
    for (const auto &p : b.facts().plegActivity) {
        if (const LaneId lane = b.nodeLane(p.node); lane.valid())
            for (core::EventIndex e : p.relists)
                b.addEvent(lane, e);
    }
}

} // namespace kubelane::ui
