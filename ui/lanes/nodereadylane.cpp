// A node's Ready condition as each side saw it: the control plane (node lifecycle
// controller, events) and the kubelet (its own status). One lane per side.
#include "lanebuilder.h"

namespace kubelane::ui {

namespace {

QString statusName(core::ConditionSpan::Status s)
{
    switch (s) {
    case core::ConditionSpan::Status::True: return QStringLiteral("True");
    case core::ConditionSpan::Status::False: return QStringLiteral("False");
    case core::ConditionSpan::Status::Unknown: return QStringLiteral("Unknown");
    }
    return {};
}

void buildReadyLane(LaneBuild &b, core::ConditionSpan::View view)
{
    for (const auto &c : b.facts().conditions) {
        if (c.view != view)
            continue;
        const LaneId lane = b.nodeLane(c.node);
        if (!lane.valid())
            continue;
        StateSpan s;
        s.start = c.start;
        s.end = c.end;
        s.openEnded = c.openEnded;
        s.endAtTheLatest = c.endAtTheLatest;
        s.state = c.status == core::ConditionSpan::Status::True ? StateKind::ReadyTrue
            : c.status == core::ConditionSpan::Status::False    ? StateKind::ReadyFalse
                                                                : StateKind::ReadyUnknown;
        s.label = QStringLiteral("Ready=") + statusName(c.status);
        if (!c.reason.empty())
            s.label += QStringLiteral(" (") + QString::fromStdString(c.reason) + ')';
        s.startEvent = c.startEvent;
        s.endEvent = c.endEvent;
        b.lane(lane).states.push_back(s);
    }
}

} // namespace

void buildControlPlaneReadyLane(LaneBuild &b)
{
    buildReadyLane(b, core::ConditionSpan::View::ControlPlane);
}

void buildKubeletReadyLane(LaneBuild &b)
{
    buildReadyLane(b, core::ConditionSpan::View::Kubelet);
}

} // namespace kubelane::ui
