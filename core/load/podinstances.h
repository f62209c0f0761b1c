#pragma once
// One pod name, several pods: a StatefulSet's pod (web-0) deleted from a failed node is made
// again under the same name on another node. Files name it the same way on both nodes, so
// the parse and the merge made one pod of the two; here it is split into one pod per node
// that ran it, and each line is given to the pod it was about.
#include "../model/incident.h"
#include "correlator.h"

namespace kubelane::core {

// Splits each pod placed on more than one node (placements, by pod index, from correlate)
// into a pod per node. A line on one of those nodes (its kubelet's, or one naming the node)
// goes to that node's pod; a line naming no node (the taint manager's, the StatefulSet
// controller's) to the latest pod to start at or before its time (the first, before any).
// Needs the events' final times (after clock alignment). Returns the number of
// pods added.
std::size_t separatePodsByNode(Incident &incident, EventTables &tables, const PodPlacements &placements);

} // namespace kubelane::core
