#include "lanebuilder.h"

#include <array>

namespace kubelane::ui {

// One row per fact lane: the builder its file in ui/lanes/ defines, the lane's key below its
// group, its name, its rank, its group's scope, its kind and its summary priority. Built in
// this order; shown in rank order. A new lane is its file and its row here (ARCHITECTURE.md).
#define KUBELANE_FACT_LANES(X)                                                                                                             \
    X(buildKubeletRunLane, "kubelet", "kubelet process", 0, Node, State, 0)                                                                \
    X(buildHeartbeatLane, "heartbeats", "heartbeats", 10, Node, Heartbeats, 0)                                                             \
    X(buildControlPlaneReadyLane, "ready-cp", "Ready (control plane)", 20, Node, State, 2)                                                 \
    X(buildKubeletReadyLane, "ready-kubelet", "Ready (kubelet)", 30, Node, State, 1)                                                       \
    X(buildTaintLane, "taint", "taint", 40, Node, State, 0)                                                                                \
    X(buildPodReadyLane, "ready", "Ready", 0, Pod, State, 2)                                                                               \
    X(buildContainerLane, "container", "container", 50, Pod, State, 0)                                                                     \
    X(buildPlegLane, "pleg", "PLEG", 50, Node, State, 0)                                                                                   \
    X(buildPlegActivityLane, "pleg-activity", "PLEG activity", 55, Node, Events, 0)                                                        \
    /* one row per fact lane above; the list ends here */

#define KUBELANE_DECLARE_LANE(function, ...) void function(LaneBuild &);
KUBELANE_FACT_LANES(KUBELANE_DECLARE_LANE)
#undef KUBELANE_DECLARE_LANE

namespace {

using enum LaneScope;
using enum LaneKind;

constexpr LaneBuilder kFactLanes[] = {
#define KUBELANE_LANE_ROW(function, id, label, rank, scope, kind, summary) {id, label, rank, scope, kind, summary, function},
    KUBELANE_FACT_LANES(KUBELANE_LANE_ROW)
#undef KUBELANE_LANE_ROW
};

// Role lanes (resources/goroutines.json names the roles; the events fill their lanes), ranked
// on the fact lanes' scale: the goroutines that tell a node's or a pod's story first, the
// long tail of other goroutines after them by name. A role not listed sorts with that tail.
struct RoleRank {
    LaneScope scope;
    const char *role; // its lane's key ("kubelet" is the kubelet-main and systemd lane)
    int rank;
};
constexpr RoleRank kRoleRanks[] = {
    {ControlPlane, "node-lifecycle-controller", 0},
    {ControlPlane, "taint-manager", 10},
    {ControlPlane, "apiserver-http", 20},
    {ControlPlane, "leader-election", 25},
    {ControlPlane, "controller-manager-other", 30},
    {ControlPlane, "apiserver-other", 40},
    {ControlPlane, "client-requests", 50},
    {Node, "container-runtime", 60},
    {Node, "sync-loop", 70},
    {Node, "node-status", 80},
    {Node, "node-lease", 90},
    {Node, "probe-manager", 100},
    {Node, "container-manager", 110},
    {Node, "eviction-manager", 120},
    {Node, "volume-manager", 130},
    {Node, "kubelet-other", 140},
    {Node, "client-requests", 150},
    {Pod, "pod-worker", 10},
    {Pod, "probe-worker", 20},
    {Pod, "probe-manager", 30},
    {Pod, "status-manager", 40},
    {Pod, "sync-loop", 60},
    {Pod, "container-runtime", 70},
    {Pod, "pleg", 80},
};

const LaneBuilder *factLane(LaneScope scope, QStringView head)
{
    for (const LaneBuilder &b : kFactLanes)
        if (b.scope == scope && head == QLatin1StringView(b.id))
            return &b;
    return nullptr;
}

} // namespace

std::span<const LaneBuilder> laneBuilders()
{
    return kFactLanes;
}

int laneRank(LaneScope scope, QStringView head)
{
    if (const LaneBuilder *b = factLane(scope, head))
        return b->rank;
    for (const RoleRank &r : kRoleRanks)
        if (r.scope == scope && head == QLatin1StringView(r.role))
            return r.rank;
    return kUnrankedLane;
}

int laneSummary(LaneScope scope, QStringView head)
{
    const LaneBuilder *b = factLane(scope, head);
    return b ? b->summary : 0;
}

} // namespace kubelane::ui
