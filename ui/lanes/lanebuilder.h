#pragma once
// Fact lanes as registered parts. A lane that shows a fact of core (a kubelet run, a
// heartbeat, a taint, ...) is one builder: a function in its own file in ui/lanes/ that turns
// the facts into bars, ticks and events, and one row in the table of laneregistry.cpp that
// says where the lane sits (its group's scope and its rank among the siblings), what it is
// called and what kind of lane it is. The kind is what the painters switch on, so a lane of
// an existing kind needs no painter.
//
// Role lanes (one per goroutine that logged) are not built here: the events fill them as
// they are placed. The registry only ranks them among the fact lanes.
#include "ui/laneid.h"
#include "ui/lanemodel.h"

#include <QString>
#include <QStringView>

#include <span>
#include <unordered_map>

namespace kubelane::ui {

// The group a lane sits under.
enum class LaneScope : std::uint8_t { ControlPlane, Node, Pod, Other };

class LaneBuild;

struct LaneBuilder {
    const char *id;    // the lane's key below its group ("heartbeats"); a lane per item adds "/ITEM"
    const char *label; // its name in the tree (a lane per item names itself)
    int rank;          // order among the group's lanes, lower first, on one scale with the roles
    LaneScope scope;
    LaneKind kind; // what the lane holds, so which painter draws it
    int summary;   // a collapsed group shows the bars of the child with the highest summary; 0: never
    void (*build)(LaneBuild &);
};

// Every fact lane, in the order they are built.
std::span<const LaneBuilder> laneBuilders();

// Where a lane whose key below its group starts with `head` sorts among the group's lanes:
// the fact lanes' and the roles' ranks; kUnrankedLane for the long tail (then by name),
// kNestedGroupRank for groups (a node's pods come after its lanes).
constexpr int kUnrankedLane = 500;
constexpr int kNestedGroupRank = 1000;
int laneRank(LaneScope scope, QStringView head);
// The summary priority of a fact lane (0 when it is not one that summarises its group).
int laneSummary(LaneScope scope, QStringView head);

// What a builder may do: read the analysis, and find or make its lanes and fill them. The
// lanes it makes carry the registry row's key, name and kind.
class LaneBuild {
public:
    LaneBuild(LaneModel &model, const LaneBuilder &entry) : m_model(model), m_entry(entry) { }

    const core::Incident &incident() const { return m_model.incident(); }
    const core::Facts &facts() const { return m_model.analysis().facts; }
    core::Timestamp first() const { return m_model.first(); }

    // The builder's lane under a node's or a pod's group, made on first use (an existing role
    // lane with the same key becomes this kind of lane). With `item`, one lane per item, keyed
    // "ID/ITEM" and called `name`. Invalid when the node or pod is not known.
    LaneId nodeLane(core::StringId node) { return inGroup(nodeGroup(node), nullptr, {}); }
    LaneId nodeLane(core::StringId node, const QString &item, const QString &name) { return inGroup(nodeGroup(node), &item, name); }
    LaneId podLane(core::PodId pod) { return inGroup(podGroup(pod), nullptr, {}); }
    LaneId podLane(core::PodId pod, const QString &item, const QString &name) { return inGroup(podGroup(pod), &item, name); }

    Lane &lane(LaneId id) { return m_model.at(id); }
    // Lists an event on the lane as well (a fact's line is drawn where the fact is).
    void addEvent(LaneId lane, core::EventIndex event) { m_model.addEventToLane(event, lane); }

private:
    LaneId nodeGroup(core::StringId node);
    LaneId podGroup(core::PodId pod);
    LaneId inGroup(LaneId group, const QString *item, const QString &name);
    LaneId makeInGroup(LaneId group, const QString *item, const QString &name);

    LaneModel &m_model;
    const LaneBuilder &m_entry;
    // The builder's lane in each group once found: builders ask once per fact (every heartbeat
    // of a node), and finding it builds its key as a string.
    std::unordered_map<LaneId, LaneId> m_laneInGroup;
};

// "47.2 s", as the bars' labels write a duration.
QString laneDurationText(core::Duration d);

// A readiness span (a pod's or a container's) as a Ready/not ready bar, without its label.
StateSpan readinessBar(const core::ReadySpan &r);

} // namespace kubelane::ui
