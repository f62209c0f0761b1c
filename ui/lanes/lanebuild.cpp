#include "lanebuilder.h"

namespace kubelane::ui {

LaneId LaneBuild::nodeGroup(core::StringId node)
{
    return node == core::kNoString || incident().text(node).empty() ? LaneId() : m_model.groupForNode(node);
}

LaneId LaneBuild::podGroup(core::PodId pod)
{
    return pod == core::kNoPod || pod.index() >= incident().pods.size() ? LaneId() : m_model.groupForPod(pod, {});
}

LaneId LaneBuild::inGroup(LaneId group, const QString *item, const QString &name)
{
    if (!group.valid())
        return {};
    if (item)
        return makeInGroup(group, item, name);
    auto [known, added] = m_laneInGroup.try_emplace(group);
    if (added)
        known->second = makeInGroup(group, nullptr, name);
    return known->second;
}

LaneId LaneBuild::makeInGroup(LaneId group, const QString *item, const QString &name)
{
    const QString id = QString::fromLatin1(m_entry.id);
    const LaneId lane =
        m_model.childByKey(group, item ? id + '/' + *item : id, m_entry.kind, item ? name : QString::fromUtf8(m_entry.label));
    // A role lane of the same key (the kubelet process, PLEG) shows the fact as well.
    m_model.at(lane).kind = m_entry.kind;
    return lane;
}

StateSpan readinessBar(const core::ReadySpan &r)
{
    StateSpan s;
    s.start = r.start;
    s.end = r.end;
    s.openEnded = r.openEnded;
    s.state = r.ready ? StateKind::ReadyTrue : StateKind::ReadyFalse;
    s.startEvent = r.startEvent;
    return s;
}

QString laneDurationText(core::Duration d)
{
    return QString::fromStdString(core::formatDuration(d));
}

} // namespace kubelane::ui
