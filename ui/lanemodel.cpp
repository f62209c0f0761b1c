#include "lanemodel.h"

#include "core/classify/eventtypecatalog.h"
#include "core/classify/goroutinemap.h"
#include "core/format/sourceidentity.h"

#include <algorithm>
#include <functional>
#include <numeric>
#include <map>
#include <set>

namespace kubelane::ui {

namespace {

constexpr std::int64_t kNsPerDay = 86400LL * core::kNsPerSecond;
constexpr std::uint32_t kNoLane = 0xffffffffu;

QString qs(std::string_view s) { return QString::fromUtf8(s.data(), static_cast<qsizetype>(s.size())); }

// Where a lane sorts among its siblings: the lanes that tell the story first, the long tail
// of other goroutines after them, nested groups last.
int rankOf(const Lane &parent, const QString &local, LaneKind kind)
{
    if (kind == LaneKind::Group)
        return 1000;
    static const QStringList controlPlane = {"node-lifecycle-controller", "taint-manager", "apiserver-http",
                                             "controller-manager-other", "apiserver-other", "client-requests"};
    static const QStringList node = {"kubelet", "heartbeats", "ready-cp", "ready-kubelet", "taint", "pleg",
                                     "container-runtime", "sync-loop", "node-status", "node-lease", "probe-manager",
                                     "container-manager", "eviction-manager", "volume-manager", "kubelet-other",
                                     "client-requests"};
    static const QStringList pod = {"ready", "pod-worker", "probe-worker", "probe-manager", "status-manager",
                                    "container", "sync-loop", "container-runtime", "pleg"};
    const QString head = local.section('/', 0, 0);
    const QStringList *order = parent.subject.startsWith("pod/") ? &pod
                             : parent.subject.startsWith("node/") ? &node
                             : parent.key.startsWith("control-plane") ? &controlPlane
                                                                        : nullptr;
    if (!order)
        return 500;
    const auto i = order->indexOf(head);
    return i < 0 ? 500 : i;
}

QString conditionStatusName(core::ConditionSpan::Status s)
{
    switch (s) {
    case core::ConditionSpan::Status::True: return QStringLiteral("True");
    case core::ConditionSpan::Status::False: return QStringLiteral("False");
    case core::ConditionSpan::Status::Unknown: return QStringLiteral("Unknown");
    }
    return {};
}

} // namespace

QString roleDisplayName(const std::string &role)
{
    if (role == "kubelet-main" || role == "systemd")
        return QStringLiteral("kubelet process");
    if (role == "pleg")
        return QStringLiteral("PLEG");
    if (role == "apiserver-http")
        return QStringLiteral("apiserver requests");
    QString name = QString::fromStdString(role.empty() ? std::string("other") : role);
    name.replace('-', ' ');
    return name;
}

LaneModel::LaneModel(std::shared_ptr<const core::Analysis> analysis) : m_analysis(std::move(analysis))
{
    const core::Incident &inc = incident();
    m_first = inc.first();
    m_last = inc.last();
    for (const auto &s : inc.sources) {
        if (s.first.isValid() && (!m_first.isValid() || s.first < m_first))
            m_first = s.first;
        if (s.last.isValid() && s.last > m_last)
            m_last = s.last;
    }
    if (!m_first.isValid())
        m_first = m_last;
    // Each type's colour family once, from its events.json category.
    if (inc.eventTypes)
        for (std::size_t t = 0; t < inc.eventTypes->typeCount(); ++t)
            m_typeCategory.push_back(Palette::categoryNamed(inc.eventTypes->type(static_cast<core::EventTypeId>(t)).category));
    // Whole UTC days keep tick labels aligned to round wall-clock times.
    const std::int64_t day = m_first.ns >= 0 ? m_first.ns / kNsPerDay : (m_first.ns - kNsPerDay + 1) / kNsPerDay;
    m_origin = core::Timestamp{day * kNsPerDay};

    // Groups first, in the order they are shown: control plane hosts, then nodes by name.
    std::set<std::string> cpHosts, nodes;
    for (const auto &s : inc.sources) {
        if (core::isControlPlaneComponent(s.component))
            cpHosts.insert(s.node);
        else if (!s.node.empty())
            nodes.insert(s.node);
    }
    for (core::StringId n : m_analysis->facts.nodes)
        nodes.insert(std::string(inc.text(n)));
    m_controlPlaneHosts.assign(cpHosts.begin(), cpHosts.end());
    for (const auto &h : m_controlPlaneHosts)
        groupForControlPlane(h);
    for (const auto &n : nodes)
        if (!n.empty())
            groupForNode(n);

    m_podGroup.assign(inc.pods.size(), -1);
    m_laneOfEvent.assign(inc.events.size(), kNoLane);
    std::vector<int> sourceNodeGroup(inc.sources.size(), -2);
    std::vector<int> sourceCpGroup(inc.sources.size(), -2);
    std::unordered_map<core::StringId, int> nodeGroupById;

    for (std::size_t i = 0; i < inc.events.size(); ++i) {
        const core::Event &e = inc.events[i];
        const core::Source &src = inc.sources[e.source];
        const std::string_view component = e.component != core::kNoString ? inc.text(e.component) : std::string_view(src.component);
        const bool controlPlane = core::isControlPlaneComponent(component);
        int group = -1;
        if (e.pod != core::kNoPod && e.pod < inc.pods.size()) {
            group = m_podGroup[e.pod];
            if (group < 0) {
                std::string node;
                if (!controlPlane)
                    node = e.node != core::kNoString ? std::string(inc.text(e.node)) : src.node;
                group = groupForPod(e.pod, node);
            }
        } else if (controlPlane) {
            int &g = sourceCpGroup[e.source];
            if (g == -2)
                g = groupForControlPlane(src.node);
            group = g;
        } else if (e.node != core::kNoString) {
            auto it = nodeGroupById.find(e.node);
            if (it == nodeGroupById.end())
                it = nodeGroupById.emplace(e.node, groupForNode(std::string(inc.text(e.node)))).first;
            group = it->second;
        } else {
            int &g = sourceNodeGroup[e.source];
            if (g == -2)
                g = src.node.empty() ? otherGroup() : groupForNode(src.node);
            group = g;
        }
        const int lane = roleLane(group, e.role, e.container);
        m_laneOfEvent[i] = static_cast<std::uint32_t>(lane);
        // Indices ascend, so every lane's list stays sorted without a sort.
        for (int l = lane; l >= 0; l = m_lanes[static_cast<std::size_t>(l)].parent)
            m_lanes[static_cast<std::size_t>(l)].events.push_back(static_cast<std::uint32_t>(i));
    }
    addFacts();
    sortChildren();
    finishLanes();
}

int LaneModel::addLane(int parent, LaneKind kind, QString name, QString key)
{
    Lane lane;
    lane.id = static_cast<int>(m_lanes.size());
    lane.parent = parent;
    lane.kind = kind;
    lane.name = std::move(name);
    QString local = key;
    lane.key = parent >= 0 ? m_lanes[static_cast<std::size_t>(parent)].key + '/' + key : key;
    lane.depth = parent >= 0 ? m_lanes[static_cast<std::size_t>(parent)].depth + 1 : 0;
    m_byKey.insert(lane.key, lane.id);
    m_lanes.push_back(std::move(lane));
    m_localKey.push_back(local);
    if (parent >= 0)
        m_lanes[static_cast<std::size_t>(parent)].children.push_back(m_lanes.back().id);
    else
        m_roots.push_back(m_lanes.back().id);
    return m_lanes.back().id;
}

int LaneModel::childByKey(int parent, const QString &key, LaneKind kind, const QString &name)
{
    const QString full = parent >= 0 ? m_lanes[static_cast<std::size_t>(parent)].key + '/' + key : key;
    if (auto it = m_byKey.constFind(full); it != m_byKey.constEnd())
        return it.value();
    return addLane(parent, kind, name, key);
}

int LaneModel::groupForControlPlane(const std::string &host)
{
    const QString key = host.empty() || m_controlPlaneHosts.size() <= 1 ? QStringLiteral("control-plane")
                                                                        : QStringLiteral("control-plane@") + qs(host);
    const QString name = key == QLatin1String("control-plane") ? QStringLiteral("Control plane")
                                                                : QStringLiteral("Control plane %1").arg(qs(host));
    const int id = childByKey(-1, key, LaneKind::Group, name);
    m_lanes[static_cast<std::size_t>(id)].description = QStringLiteral("apiserver, controller-manager and scheduler logs");
    return id;
}

int LaneModel::groupForNode(const std::string &node)
{
    const QString subject = qs(core::Subject::ofNode(node).text());
    if (auto it = m_bySubject.constFind(subject); it != m_bySubject.constEnd())
        return it.value();
    const int id = addLane(-1, LaneKind::Group, QStringLiteral("node ") + qs(node), subject);
    m_lanes[static_cast<std::size_t>(id)].subject = subject;
    m_bySubject.insert(subject, id);
    return id;
}

int LaneModel::otherGroup()
{
    if (m_otherGroup < 0)
        m_otherGroup = addLane(-1, LaneKind::Group, QStringLiteral("Other sources"), QStringLiteral("other"));
    return m_otherGroup;
}

int LaneModel::groupForPod(core::PodId pod, const std::string &fallbackNode)
{
    if (pod < m_podGroup.size() && m_podGroup[pod] >= 0)
        return m_podGroup[pod];
    const core::Incident &inc = incident();
    const core::Pod &p = inc.pods[pod];
    std::string node = p.node != core::kNoString ? std::string(inc.text(p.node)) : fallbackNode;
    int parent;
    if (node.empty()) {
        if (m_unknownNodePods < 0)
            m_unknownNodePods = addLane(-1, LaneKind::Group, QStringLiteral("Pods (node unknown)"), QStringLiteral("pods"));
        parent = m_unknownNodePods;
    } else {
        parent = groupForNode(node);
    }
    const QString podName = qs(inc.podName(pod));
    const QString subject = qs(core::Subject::ofPod(inc.podName(pod)).text());
    int id;
    if (auto it = m_bySubject.constFind(subject); it != m_bySubject.constEnd()) {
        id = it.value();
    } else {
        id = addLane(parent, LaneKind::Group, QStringLiteral("pod ") + podName, subject);
        m_lanes[static_cast<std::size_t>(id)].subject = subject;
        if (p.uid != core::kNoString)
            m_lanes[static_cast<std::size_t>(id)].description = QStringLiteral("uid ") + qs(inc.text(p.uid));
        m_bySubject.insert(subject, id);
    }
    if (pod < m_podGroup.size())
        m_podGroup[pod] = id;
    return id;
}

int LaneModel::roleLane(int group, core::RoleId role, core::StringId container)
{
    const core::Incident &inc = incident();
    std::string roleId = inc.roles ? std::string(inc.roles->roleName(role)) : std::string("other");
    const bool perContainer = roleId == "probe-worker" && m_lanes[static_cast<std::size_t>(group)].subject.startsWith("pod/");
    const core::StringId c = perContainer ? container : core::kNoString;
    const std::uint64_t cacheKey = (static_cast<std::uint64_t>(group) << 44) ^ (static_cast<std::uint64_t>(role) << 32) ^ c;
    if (auto it = m_roleLaneCache.find(cacheKey); it != m_roleLaneCache.end())
        return it->second;
    QString key = QString::fromStdString(roleId == "kubelet-main" || roleId == "systemd" ? std::string("kubelet") : roleId);
    QString name = roleDisplayName(roleId);
    if (c != core::kNoString) {
        key += '/' + qs(inc.text(c));
        name += QStringLiteral(" · ") + qs(inc.text(c));
    }
    const int lane = childByKey(group, key, LaneKind::Events, name);
    if (inc.roles && role < inc.roles->roles().size())
        m_lanes[static_cast<std::size_t>(lane)].description = QString::fromStdString(inc.roles->roles()[role].description);
    m_roleLaneCache.emplace(cacheKey, lane);
    return lane;
}

void LaneModel::addEventToLane(core::EventIndex event, int lane)
{
    // Compared as EventIndex, before narrowing: a uint32_t copy of kNoEvent is never equal to it.
    if (event != core::kNoEvent && event < incident().events.size())
        m_lanes[static_cast<std::size_t>(lane)].events.push_back(static_cast<std::uint32_t>(event));
}

void LaneModel::addFacts()
{
    const core::Incident &inc = incident();
    const core::Facts &facts = m_analysis->facts;
    auto nodeName = [&](core::StringId id) { return std::string(inc.text(id)); };
    auto at = [&](int id) -> Lane & { return m_lanes[static_cast<std::size_t>(id)]; };
    auto dur = [](core::Duration d) { return QString::fromStdString(core::formatDuration(d)); };

    // Kubelet process: up while a run lasts, down between runs.
    std::map<std::string, std::vector<const core::KubeletRun *>> runsByNode;
    for (const auto &r : facts.kubeletRuns)
        runsByNode[nodeName(r.node)].push_back(&r);
    for (auto &[node, runs] : runsByNode) {
        if (node.empty())
            continue;
        std::sort(runs.begin(), runs.end(), [](auto *a, auto *b) { return a->start < b->start; });
        const int lane = childByKey(groupForNode(node), QStringLiteral("kubelet"), LaneKind::State, QStringLiteral("kubelet process"));
        at(lane).kind = LaneKind::State;
        for (std::size_t i = 0; i < runs.size(); ++i) {
            const core::KubeletRun &r = *runs[i];
            StateSpan up;
            up.start = r.start;
            up.end = r.end; // an open run ends where its logs end (core bounds it)
            up.openEnded = r.openEnded;
            up.state = StateKind::KubeletUp;
            up.label = r.version.empty() ? QStringLiteral("kubelet") : QStringLiteral("kubelet ") + QString::fromStdString(r.version);
            up.startEvent = r.startEvent;
            up.endEvent = r.exitEvent;
            at(lane).states.push_back(up);
            if (i + 1 < runs.size() && !r.openEnded && runs[i + 1]->start > r.end) {
                StateSpan down;
                down.start = r.end;
                down.end = runs[i + 1]->start;
                down.state = StateKind::KubeletDown;
                down.label = (r.fatal ? QStringLiteral("crashed") : QStringLiteral("down")) + QStringLiteral(" %1").arg(dur(down.end - down.start));
                if (!r.exitReason.empty())
                    down.label += QStringLiteral(": ") + QString::fromStdString(r.exitReason);
                down.startEvent = r.exitEvent;
                down.endEvent = runs[i + 1]->startEvent;
                at(lane).states.push_back(down);
            }
        }
    }

    for (const auto &h : facts.heartbeats) {
        if (h.node == core::kNoString)
            continue;
        const int lane = childByKey(groupForNode(nodeName(h.node)), QStringLiteral("heartbeats"), LaneKind::Heartbeats,
                                    QStringLiteral("heartbeats"));
        at(lane).ticks.push_back({h.time, h.failed, h.event});
    }
    for (const auto &g : facts.gaps) {
        if (g.node == core::kNoString)
            continue;
        const int lane = childByKey(groupForNode(nodeName(g.node)), QStringLiteral("heartbeats"), LaneKind::Heartbeats,
                                    QStringLiteral("heartbeats"));
        GapSpan gap;
        gap.fact = &g;
        const QString cmp = g.exceedsGrace ? QStringLiteral(" > ") : QStringLiteral(" ≤ ");
        gap.label = (g.openEnded ? QStringLiteral("≥ ") : QString()) + dur(g.length) + QStringLiteral(" gap") + cmp
                  + QStringLiteral("grace ") + dur(g.grace);
        at(lane).gaps.push_back(gap);
        for (std::size_t f : g.failures)
            addEventToLane(f, lane);
    }

    for (const auto &c : facts.conditions) {
        if (c.node == core::kNoString)
            continue;
        const bool cp = c.view == core::ConditionSpan::View::ControlPlane;
        const int lane = childByKey(groupForNode(nodeName(c.node)), cp ? QStringLiteral("ready-cp") : QStringLiteral("ready-kubelet"),
                                    LaneKind::State, cp ? QStringLiteral("Ready (control plane)") : QStringLiteral("Ready (kubelet)"));
        StateSpan s;
        s.start = c.start;
        s.end = c.end;
        s.openEnded = c.openEnded;
        s.state = c.status == core::ConditionSpan::Status::True    ? StateKind::ReadyTrue
                : c.status == core::ConditionSpan::Status::False ? StateKind::ReadyFalse
                                                                 : StateKind::ReadyUnknown;
        s.label = QStringLiteral("Ready=") + conditionStatusName(c.status);
        if (!c.reason.empty())
            s.label += QStringLiteral(" (") + QString::fromStdString(c.reason) + ')';
        s.startEvent = c.startEvent;
        s.endEvent = c.endEvent;
        at(lane).states.push_back(s);
    }

    for (const auto &t : facts.taints) {
        if (t.node == core::kNoString)
            continue;
        QString shortKey = QString::fromStdString(t.key);
        shortKey.remove(QStringLiteral("node.kubernetes.io/"));
        const QString label = shortKey + (t.effect.empty() ? QString() : ':' + QString::fromStdString(t.effect));
        const int lane = childByKey(groupForNode(nodeName(t.node)), QStringLiteral("taint/") + label, LaneKind::State,
                                    QStringLiteral("taint ") + label);
        StateSpan s;
        s.start = t.start;
        s.end = t.end;
        s.openEnded = t.openEnded;
        s.state = StateKind::TaintPresent;
        s.label = QString::fromStdString(t.key) + (t.effect.empty() ? QString() : ':' + QString::fromStdString(t.effect));
        s.startEvent = t.addEvent;
        s.endEvent = t.removeEvent;
        at(lane).states.push_back(s);
    }

    auto containerLane = [&](core::PodId pod, core::StringId container) {
        const int group = groupForPod(pod, {});
        const QString c = qs(inc.text(container));
        // Kill lines may name a container only by its runtime id.
        const QString name = c.isEmpty() ? QStringLiteral("container (name not logged)") : QStringLiteral("container ") + c;
        const int lane = childByKey(group, QStringLiteral("container/") + c, LaneKind::State, name);
        return lane;
    };

    for (const auto &r : facts.readiness) {
        if (r.pod == core::kNoPod || r.pod >= inc.pods.size())
            continue;
        StateSpan s;
        s.start = r.start;
        s.end = r.end;
        s.openEnded = r.openEnded;
        s.state = r.ready ? StateKind::ReadyTrue : StateKind::ReadyFalse;
        s.startEvent = r.startEvent;
        if (r.container == core::kNoString) {
            const int lane = childByKey(groupForPod(r.pod, {}), QStringLiteral("ready"), LaneKind::State, QStringLiteral("Ready"));
            s.label = (r.ready ? QStringLiteral("Ready=True") : QStringLiteral("Ready=False"))
                    + (r.origin.empty() ? QString() : QStringLiteral(" (") + QString::fromStdString(r.origin) + ')');
            at(lane).states.push_back(s);
        } else {
            s.thin = true;
            s.label = r.ready ? QStringLiteral("ready") : QStringLiteral("not ready");
            at(containerLane(r.pod, r.container)).states.push_back(s);
        }
    }

    // Container running spans from start/exit/kill events, per container in time order.
    std::map<std::pair<core::PodId, core::StringId>, std::vector<const core::ContainerEvent *>> byContainer;
    for (const auto &c : facts.containerEvents)
        if (c.pod != core::kNoPod && c.pod < inc.pods.size())
            byContainer[{c.pod, c.container}].push_back(&c);
    for (auto &[k, list] : byContainer) {
        std::stable_sort(list.begin(), list.end(), [](auto *a, auto *b) { return a->time < b->time; });
        const int lane = containerLane(k.first, k.second);
        std::optional<StateSpan> open;
        bool first = true;
        for (const core::ContainerEvent *c : list) {
            addEventToLane(c->event, lane);
            using K = core::ContainerEvent::Kind;
            if (c->kind == K::Started) {
                if (open) {
                    open->end = c->time;
                    at(lane).states.push_back(*open);
                }
                open = StateSpan{c->time, c->time, StateKind::ContainerRunning, false, false, QStringLiteral("running"), c->event};
            } else if (c->kind == K::Died || c->kind == K::Killed) {
                if (open) {
                    open->end = c->time;
                    open->endEvent = c->event;
                    at(lane).states.push_back(*open);
                    open.reset();
                } else if (first) {
                    // Running since before the bundle starts.
                    at(lane).states.push_back(StateSpan{m_first, c->time, StateKind::ContainerRunning, false, false,
                                                        QStringLiteral("running"), core::kNoEvent, c->event});
                }
            }
            first = false;
        }
        if (open) {
            // Still running when the kubelet's log that reported it ends: unknown after that.
            open->end = std::max(open->start, inc.sources[inc.events[list.back()->event].source].last);
            open->openEnded = true;
            at(lane).states.push_back(*open);
        }
    }

    for (const auto &p : facts.pleg) {
        if (p.node == core::kNoString || !p.firstUnhealthy.isValid())
            continue;
        const int lane = childByKey(groupForNode(nodeName(p.node)), QStringLiteral("pleg"), LaneKind::Events, QStringLiteral("PLEG"));
        StateSpan s;
        s.start = p.firstUnhealthy;
        s.end = p.lastUnhealthy > p.firstUnhealthy ? p.lastUnhealthy : p.firstUnhealthy;
        s.state = StateKind::Unhealthy;
        s.label = QStringLiteral("PLEG not healthy");
        if (p.longestReported.ns > 0)
            s.label += QStringLiteral(" (last seen %1 ago").arg(dur(p.longestReported))
                     + (p.threshold.ns > 0 ? QStringLiteral("; threshold %1)").arg(dur(p.threshold)) : QStringLiteral(")"));
        s.startEvent = p.unhealthy.empty() ? core::kNoEvent : p.unhealthy.front();
        s.endEvent = p.unhealthy.empty() ? core::kNoEvent : p.unhealthy.back();
        at(lane).states.push_back(s);
    }
}

void LaneModel::sortChildren()
{
    auto sortList = [&](std::vector<int> &list, const Lane *parent) {
        std::stable_sort(list.begin(), list.end(), [&](int a, int b) {
            const Lane &la = m_lanes[static_cast<std::size_t>(a)], &lb = m_lanes[static_cast<std::size_t>(b)];
            if (parent) {
                const int ra = rankOf(*parent, m_localKey[static_cast<std::size_t>(a)], la.kind);
                const int rb = rankOf(*parent, m_localKey[static_cast<std::size_t>(b)], lb.kind);
                if (ra != rb)
                    return ra < rb;
            } else {
                // Roots: control plane, nodes, then the leftovers.
                auto rootRank = [](const Lane &l) {
                    return l.key.startsWith("control-plane") ? 0 : l.subject.startsWith("node/") ? 1 : 2;
                };
                if (rootRank(la) != rootRank(lb))
                    return rootRank(la) < rootRank(lb);
            }
            return QString::compare(la.name, lb.name, Qt::CaseInsensitive) < 0;
        });
    };
    sortList(m_roots, nullptr);
    for (auto &lane : m_lanes)
        sortList(lane.children, &lane);
}

void LaneModel::finishLanes()
{
    const core::Incident &inc = incident();
    for (auto &lane : m_lanes) {
        // Fact lanes may have collected events out of order or twice.
        if (!std::is_sorted(lane.events.begin(), lane.events.end())) {
            std::sort(lane.events.begin(), lane.events.end());
            lane.events.erase(std::unique(lane.events.begin(), lane.events.end()), lane.events.end());
        }
        for (std::size_t i = 0; i < lane.events.size(); ++i) {
            const core::Severity s = inc.events[lane.events[i]].severity;
            if (s >= core::Severity::Warning)
                lane.warnings.push_back(static_cast<std::uint32_t>(i));
            if (s >= core::Severity::Error)
                lane.errors.push_back(static_cast<std::uint32_t>(i));
        }
        std::sort(lane.states.begin(), lane.states.end(), [](const StateSpan &a, const StateSpan &b) {
            return a.thin != b.thin ? !a.thin : a.start < b.start;
        });
        std::sort(lane.ticks.begin(), lane.ticks.end(), [](const HeartbeatTick &a, const HeartbeatTick &b) { return a.time < b.time; });
        std::sort(lane.gaps.begin(), lane.gaps.end(), [](const GapSpan &a, const GapSpan &b) { return a.fact->start < b.fact->start; });
        if (lane.isGroup()) {
            for (int c : lane.children) {
                const QString &local = m_localKey[static_cast<std::size_t>(c)];
                if (local == QLatin1String("ready") || (local == QLatin1String("ready-cp"))
                    || (lane.summaryLane < 0 && local == QLatin1String("ready-kubelet")))
                    lane.summaryLane = c;
            }
        }
    }
    m_localKey.clear();
    m_localKey.shrink_to_fit();
    m_roleLaneCache.clear();
}

int LaneModel::laneOfSubject(const QString &subject) const { return m_bySubject.value(subject, -1); }

int LaneModel::laneByKey(const QString &key) const { return m_byKey.value(key, -1); }

bool LaneModel::isAncestor(int ancestor, int lane) const
{
    for (int l = lane; l >= 0; l = m_lanes[static_cast<std::size_t>(l)].parent)
        if (l == ancestor)
            return true;
    return false;
}

std::vector<int> LaneModel::rows(const std::vector<bool> &expanded, const std::vector<bool> &shown) const
{
    std::vector<int> out;
    auto isShown = [&](int id) { return shown.empty() || (static_cast<std::size_t>(id) < shown.size() && shown[static_cast<std::size_t>(id)]); };
    auto isExpanded = [&](int id) { return static_cast<std::size_t>(id) < expanded.size() && expanded[static_cast<std::size_t>(id)]; };
    std::function<void(int)> visit = [&](int id) {
        if (!isShown(id))
            return;
        out.push_back(id);
        if (isExpanded(id))
            for (int c : m_lanes[static_cast<std::size_t>(id)].children)
                visit(c);
    };
    for (int r : m_roots)
        visit(r);
    return out;
}

std::vector<int> LaneModel::rowIndex(const std::vector<int> &rows, int laneCount)
{
    std::vector<int> index(static_cast<std::size_t>(laneCount), -1);
    for (std::size_t i = 0; i < rows.size(); ++i)
        index[static_cast<std::size_t>(rows[i])] = static_cast<int>(i);
    return index;
}

int LaneModel::visibleRowOf(int lane, const std::vector<int> &rowOfLane) const
{
    // The deepest lane on the path from the root whose ancestors are all visible: a lane
    // inside a collapsed group is drawn in the group's row.
    std::vector<int> path;
    for (int l = lane; l >= 0; l = m_lanes[static_cast<std::size_t>(l)].parent)
        path.push_back(l);
    int best = -1;
    for (auto it = path.rbegin(); it != path.rend(); ++it) {
        const int row = rowOfLane[static_cast<std::size_t>(*it)];
        if (row < 0)
            break;
        best = row;
    }
    return best;
}

std::vector<bool> LaneModel::defaultExpansion() const
{
    std::vector<bool> expanded(m_lanes.size(), false);
    for (const auto &lane : m_lanes)
        if (lane.isGroup() && !lane.subject.startsWith(QLatin1String("pod/")))
            expanded[static_cast<std::size_t>(lane.id)] = true;
    for (const auto &f : m_analysis->findings) {
        const int l = laneOfSubject(QString::fromStdString(f.subject.text()));
        for (int a = l; a >= 0; a = m_lanes[static_cast<std::size_t>(a)].parent)
            expanded[static_cast<std::size_t>(a)] = true;
    }
    return expanded;
}

std::vector<int> LaneModel::lanesOfFinding(std::size_t index) const
{
    std::vector<int> out;
    if (index >= m_analysis->findings.size())
        return out;
    const core::Finding &f = m_analysis->findings[index];
    auto add = [&](int l) {
        if (l >= 0 && std::find(out.begin(), out.end(), l) == out.end())
            out.push_back(l);
    };
    const int subject = laneOfSubject(QString::fromStdString(f.subject.text()));
    add(subject);
    for (std::size_t e : f.evidence)
        add(laneOfEvent(e));
    for (const auto &step : f.chain)
        if (step.event != core::kNoEvent)
            add(laneOfEvent(step.event));
    // The subject's own fact lanes that show something in the finding's window (the node's
    // heartbeats and taints, a pod's Ready bar): the state the finding is about.
    if (subject >= 0) {
        for (int c : m_lanes[static_cast<std::size_t>(subject)].children) {
            const Lane &l = m_lanes[static_cast<std::size_t>(c)];
            if (l.isGroup())
                continue;
            bool inWindow = false;
            for (const auto &s : l.states)
                inWindow = inWindow || (s.end >= f.start && s.start <= f.end);
            for (const auto &g : l.gaps)
                inWindow = inWindow || (g.fact->end >= f.start && g.fact->start <= f.end);
            if (inWindow)
                add(c);
        }
    }
    return out;
}

std::vector<bool> LaneModel::closeOverTree(std::vector<bool> flags) const
{
    flags.resize(m_lanes.size(), false);
    for (const auto &lane : m_lanes)
        if (flags[static_cast<std::size_t>(lane.id)])
            for (int p = lane.parent; p >= 0 && !flags[static_cast<std::size_t>(p)]; p = m_lanes[static_cast<std::size_t>(p)].parent)
                flags[static_cast<std::size_t>(p)] = true;
    return flags;
}

std::vector<bool> LaneModel::findingLanesOnly() const
{
    std::vector<int> all(m_analysis->findings.size());
    std::iota(all.begin(), all.end(), 0);
    return lanesOfFindings(all);
}

std::vector<bool> LaneModel::lanesOfFindings(const std::vector<int> &findings) const
{
    std::vector<bool> flags(m_lanes.size(), false);
    std::function<void(int)> subtree = [&](int id) {
        flags[static_cast<std::size_t>(id)] = true;
        for (int c : m_lanes[static_cast<std::size_t>(id)].children)
            subtree(c);
    };
    for (int f : findings) {
        for (int l : lanesOfFinding(static_cast<std::size_t>(f))) {
            const Lane &lane = m_lanes[static_cast<std::size_t>(l)];
            // A pod is small and is the story; a node group would drag in every pod.
            if (lane.subject.startsWith(QLatin1String("pod/")))
                subtree(l);
            else
                flags[static_cast<std::size_t>(l)] = true;
        }
    }
    return closeOverTree(std::move(flags));
}

} // namespace kubelane::ui

namespace kubelane::ui {

std::vector<bool> LaneModel::typesOfCategories(const std::array<bool, static_cast<int>(EventCategory::Count)> &categories) const
{
    std::vector<bool> types(m_typeCategory.size(), false);
    bool any = false;
    for (std::size_t t = 0; t < types.size(); ++t) {
        types[t] = categories[static_cast<std::size_t>(m_typeCategory[t])];
        any = any || types[t];
    }
    return any ? types : std::vector<bool>{};
}

std::vector<Lane> LaneModel::markLanesWithout(const std::vector<bool> &hiddenTypes) const
{
    const core::Incident &inc = incident();
    std::vector<Lane> marks(m_lanes.size());
    for (const Lane &lane : m_lanes) {
        Lane &shown = marks[static_cast<std::size_t>(lane.id)];
        shown.id = lane.id;
        shown.kind = lane.kind;
        for (std::uint32_t e : lane.events) {
            const core::Event &ev = inc.events[e];
            if (ev.type < hiddenTypes.size() && hiddenTypes[ev.type])
                continue;
            const auto position = static_cast<std::uint32_t>(shown.events.size());
            shown.events.push_back(e);
            if (ev.severity >= core::Severity::Warning)
                shown.warnings.push_back(position);
            if (ev.severity >= core::Severity::Error)
                shown.errors.push_back(position);
        }
    }
    return marks;
}

} // namespace kubelane::ui
