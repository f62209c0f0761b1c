// A node's taints: one lane per taint key and effect, a bar while it is on the node; hatched
// while the controller had only queued it and its log never shows it applied.
#include "lanebuilder.h"

namespace kubelane::ui {

void buildTaintLane(LaneBuild &b)
{
    for (const auto &t : b.facts().taints) {
        QString shortKey = QString::fromStdString(t.key);
        shortKey.remove(QStringLiteral("node.kubernetes.io/"));
        const QString label = shortKey + (t.effect.empty() ? QString() : ':' + QString::fromStdString(t.effect));
        const LaneId lane = b.nodeLane(t.node, label, QStringLiteral("taint ") + label);
        if (!lane.valid())
            continue;
        StateSpan s;
        s.start = t.start;
        s.end = t.end;
        s.openEnded = t.openEnded;
        s.state = t.queuedNotApplied ? StateKind::TaintQueued : StateKind::TaintPresent;
        s.label = QString::fromStdString(t.key) + (t.effect.empty() ? QString() : ':' + QString::fromStdString(t.effect))
            + (t.heldByDisruption       ? QStringLiteral(" (queued, held: master disruption mode)")
                   : t.queuedNotApplied ? QStringLiteral(" (queued, never seen applied)")
                                        : QString());
        s.startEvent = t.addEvent;
        s.endEvent = t.removeEvent;
        b.lane(lane).states.push_back(s);
    }
}

} // namespace kubelane::ui
