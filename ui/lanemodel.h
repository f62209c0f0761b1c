#pragma once
// The lanes of the swimlane view, computed once from an Analysis and then immutable (built
// in the loader thread, shared like the Analysis). Rows are the model's business: the
// painters only ask which lanes are visible in which order and what each one holds.
//
// Tree: control plane (per control-plane host) -> role lanes; node -> kubelet process,
// heartbeats, Ready, taints, role lanes (goroutines that logged), then one group per pod ->
// Ready, pod worker, probe worker per container, status manager, container state, ...
// Every event is in exactly one leaf lane (its *primary* lane); every group also lists the
// events of all its descendants, so a collapsed group still shows its activity.
#include "laneid.h"
#include "palette.h"

#include "core/analysis/analysis.h"

#include <QHash>
#include <QString>

#include <array>
#include <cstdint>
#include <memory>
#include <unordered_map>
#include <vector>

namespace kubelane::ui {

// What a lane holds, and so what paints it: a group's rows (and its summary bars when
// collapsed), events only, state bars over events, or heartbeat ticks and gaps over events.
// The painters switch on it; a lane's facts come from its builder (ui/lanes/).
enum class LaneKind : std::uint8_t { Group, Events, State, Heartbeats };

// A bar: a state held from start to end.
struct StateSpan {
    core::Timestamp start, end;
    StateKind state = StateKind::ReadyUnknown;
    bool openEnded = false;
    bool thin = false; // drawn as a strip under the main bar (container readiness)
    QString label;     // drawn inside the bar when it fits
    core::EventIndex startEvent = core::kNoEvent;
    core::EventIndex endEvent = core::kNoEvent;
    bool endAtTheLatest = false; // over by its end, when is not logged (ConditionSpan)
};

struct HeartbeatTick {
    core::Timestamp time;
    bool failed = false;
    core::EventIndex event = core::kNoEvent;
};

// A heartbeat gap as the heartbeat lane draws it: the fact (owned by the Analysis the model
// shares) and its label.
struct GapSpan {
    const core::HeartbeatGap *fact = nullptr;
    QString label; // "47.2 s gap > grace 40.0 s"
};

struct Lane {
    LaneId id;
    LaneId parent; // none: a root
    int depth = 0;
    LaneKind kind = LaneKind::Events;
    QString name;    // shown in the tree
    QString key;     // stable path, used to save notes: "node/n1/pod/default/web-0/pod-worker"
    QString subject; // groups only: "node/NAME", "pod/NS/NAME" (a finding's subject)
    QString description;
    std::vector<LaneId> children;
    std::vector<core::EventIndex> events; // ascending (= by time)
    // Positions into `events` of Warning-and-worse / Error-and-worse events, ascending: lets a
    // folded mark find its worst severity with two binary searches instead of a scan.
    std::vector<std::uint32_t> warnings;
    std::vector<std::uint32_t> errors;
    std::vector<StateSpan> states;    // sorted by start
    std::vector<HeartbeatTick> ticks; // sorted by time
    std::vector<GapSpan> gaps;        // sorted by start
    LaneId summaryLane;               // groups: lane whose bars a collapsed group shows
    bool isGroup() const { return kind == LaneKind::Group; }
};

class LaneModel {
public:
    explicit LaneModel(std::shared_ptr<const core::Analysis> analysis);
    // The same in two steps, so that a loader can place the events while the facts and rules
    // run (about half the model's time on a 1 GB bundle): the events' lanes from the incident
    // alone, then the analysis's fact lanes, which complete the model.
    explicit LaneModel(std::shared_ptr<const core::Incident> incident);
    void addAnalysis(std::shared_ptr<const core::Analysis> analysis);

    const core::Analysis &analysis() const { return *m_analysis; }
    const core::Incident &incident() const { return *m_incident; }
    std::shared_ptr<const core::Analysis> analysisPtr() const { return m_analysis; }

    const std::vector<Lane> &lanes() const { return m_lanes; }
    const Lane &lane(LaneId id) const { return m_lanes[id.index()]; }
    int laneCount() const { return static_cast<int>(m_lanes.size()); }
    const std::vector<LaneId> &roots() const { return m_roots; }

    // The leaf lane an event is drawn in (invalid: none).
    LaneId laneOfEvent(core::EventIndex event) const
    {
        return event.index() < m_laneOfEvent.size() ? m_laneOfEvent[event.index()] : LaneId();
    }
    // Group lane of a finding subject ("node/NAME", "pod/NS/NAME"), and a lane by its key
    // (invalid: none).
    LaneId laneOfSubject(const QString &subject) const;
    LaneId laneByKey(const QString &key) const;
    // True when `ancestor` is `lane` or one of its ancestors.
    bool isAncestor(LaneId ancestor, LaneId lane) const;

    // Visible rows in display order: DFS over the tree, skipping lanes whose `shown` flag is
    // false, descending only into groups whose `expanded` flag is true. Both vectors are
    // indexed by lane id; an empty `shown` shows every lane.
    std::vector<LaneId> rows(const std::vector<bool> &expanded, const std::vector<bool> &shown) const;
    // The row a lane is drawn in: the lane itself or its nearest collapsed ancestor.
    // `rowOfLane` maps lane index -> row (-1 = not visible), as built from rows().
    static std::vector<int> rowIndex(const std::vector<LaneId> &rows, int laneCount);
    int visibleRowOf(LaneId lane, const std::vector<int> &rowOfLane) const;

    // Default expansion: control plane and nodes open, pods open only when a finding names them.
    std::vector<bool> defaultExpansion() const;

    // Lanes a finding is about: its subject's group and the lanes of its evidence and chain.
    std::vector<LaneId> lanesOfFinding(std::size_t finding) const;
    // Lanes to keep when only lanes with findings are wanted (with their ancestors).
    std::vector<bool> findingLanesOnly() const;
    // The same for some findings (indices into Analysis::findings).
    std::vector<bool> lanesOfFindings(const std::vector<int> &findings) const;
    // Adds the ancestors of every flagged lane, and (for flagged groups) all descendants.
    std::vector<bool> closeOverTree(std::vector<bool> flags) const;

    // The legend's kind of an event type, and the types of some kinds (by EventTypeId).
    EventCategory categoryOfType(core::EventTypeId type) const
    {
        return type < m_typeCategory.size() ? m_typeCategory[type] : EventCategory::Other;
    }
    std::vector<bool> typesOfCategories(const std::array<bool, static_cast<int>(EventCategory::Count)> &categories) const;
    // Every lane's marks (events and their warning/error positions) without the events of
    // `hiddenTypes`, indexed by lane id: what the lanes draw while the legend hides kinds.
    std::vector<Lane> markLanesWithout(const std::vector<bool> &hiddenTypes) const;

    core::Timestamp origin() const { return m_origin; }
    core::Timestamp first() const { return m_first; }
    core::Timestamp last() const { return m_last; }

private:
    friend class LaneBuild; // the fact lanes' builders (ui/lanes/) make and fill lanes

    Lane &at(LaneId id) { return m_lanes[id.index()]; }
    LaneId addLane(LaneId parent, LaneKind kind, QString name, QString key);
    LaneId groupForNode(const std::string &node);
    LaneId groupForNode(core::StringId node); // the same, found once per node
    LaneId otherGroup();
    void addEventToLane(core::EventIndex event, LaneId lane);
    LaneId groupForControlPlane(const std::string &host);
    LaneId groupForPod(core::PodId pod, const std::string &fallbackNode);
    LaneId roleLane(LaneId group, core::RoleId role, core::StringId container);
    LaneId childByKey(LaneId parent, const QString &key, LaneKind kind, const QString &name);
    void fillEventLists();
    void addFacts();
    void sortChildren();
    void finishLanes();

    std::shared_ptr<const core::Incident> m_incident;
    std::shared_ptr<const core::Analysis> m_analysis; // set by addAnalysis
    std::vector<Lane> m_lanes;
    std::vector<LaneId> m_roots;
    std::vector<LaneId> m_laneOfEvent;
    std::vector<EventCategory> m_typeCategory; // by EventTypeId
    QHash<QString, LaneId> m_byKey;
    QHash<QString, LaneId> m_bySubject;
    std::vector<QString> m_localKey; // key below the parent, for ordering siblings
    std::unordered_map<std::uint64_t, LaneId> m_roleLaneCache;
    std::unordered_map<core::StringId, LaneId> m_groupOfNode; // groupForNode(StringId)
    struct RoleTexts {
        bool made = false;
        bool perContainer = false;
        QString key, name, description;
    };
    std::vector<RoleTexts> m_roleTexts; // by role id
    const RoleTexts &roleTexts(core::RoleId role);
    std::vector<LaneId> m_podGroup;
    LaneId m_otherGroup;
    LaneId m_unknownNodePods;
    std::vector<std::string> m_controlPlaneHosts;
    core::Timestamp m_origin, m_first, m_last;
};

// Display name of a role id ("pod-worker" -> "pod worker").
QString roleDisplayName(const std::string &role);

} // namespace kubelane::ui
