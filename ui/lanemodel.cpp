#include "lanemodel.h"

#include "lanes/lanebuilder.h"

#include "core/classify/eventtypecatalog.h"
#include "core/classify/goroutinemap.h"
#include "core/facts/factcontext.h"
#include "core/format/sourceidentity.h"

#include <algorithm>
#include <functional>
#include <numeric>
#include <optional>
#include <set>
#include <stdexcept>

namespace kubelane::ui {

namespace {

constexpr std::int64_t kNsPerDay = 86400LL * core::kNsPerSecond;

QString qs(std::string_view s)
{
    return QString::fromUtf8(s.data(), static_cast<qsizetype>(s.size()));
}

// Bit 1: a warning or worse, bit 2: an error or worse.
unsigned severityBits(core::Severity s)
{
    return (s >= core::Severity::Warning ? 1u : 0u) | (s >= core::Severity::Error ? 2u : 0u);
}

// Adds the event at `position` of the lane's list to its warnings and errors, as `bits` say.
void notePosition(Lane &lane, std::uint32_t position, unsigned bits)
{
    if (bits & 1u)
        lane.warnings.push_back(position);
    if (bits & 2u)
        lane.errors.push_back(position);
}

// The scope of a group's lanes, for their ranks in the lane registry.
LaneScope scopeOfChildren(const Lane &group)
{
    return group.subject.startsWith(QLatin1String("pod/"))     ? LaneScope::Pod
        : group.subject.startsWith(QLatin1String("node/"))     ? LaneScope::Node
        : group.key.startsWith(QLatin1String("control-plane")) ? LaneScope::ControlPlane
                                                               : LaneScope::Other;
}

// A lane's key below its group up to the first '/': "taint/unreachable" -> "taint".
QStringView keyHead(const QString &local)
{
    const qsizetype slash = local.indexOf('/');
    return slash < 0 ? QStringView(local) : QStringView(local).left(slash);
}

// Where a lane sorts among its siblings: the ranks of the lane registry (fact lanes and the
// roles that tell the story), the long tail of other goroutines after them, nested groups last.
int rankOf(const Lane &parent, const QString &local, LaneKind kind)
{
    return kind == LaneKind::Group ? kNestedGroupRank : laneRank(scopeOfChildren(parent), keyHead(local));
}

} // namespace

QString roleDisplayName(const std::string &role)
{
    if (role == "kubelet-main" || role == "systemd")
        return QStringLiteral("kubelet process");
    if (role == "systemd-units")
        return QStringLiteral("systemd: other units");
    if (role == "pleg")
        return QStringLiteral("PLEG");
    if (role == "apiserver-http")
        return QStringLiteral("apiserver requests");
    QString name = QString::fromStdString(role.empty() ? std::string("other") : role);
    name.replace('-', ' ');
    return name;
}

LaneModel::LaneModel(std::shared_ptr<const core::Analysis> analysis) : LaneModel(analysis->incident)
{
    addAnalysis(std::move(analysis));
}

LaneModel::LaneModel(std::shared_ptr<const core::Incident> incident) : m_incident(std::move(incident))
{
    const core::Incident &inc = *m_incident;
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
            cpHosts.insert(s.machine());
        else if (!s.node.empty())
            nodes.insert(s.node);
    }
    // With the nodes the facts will name (of every context some event has), as the groups were
    // made when the model was built after the analysis: a lane's id is its thread in an export.
    std::vector<bool> contextHasEvents(inc.contexts.size());
    for (const core::Event &e : inc.events)
        contextHasEvents[e.context.index()] = true;
    for (core::StringId n : core::nodesOfContexts(inc, contextHasEvents))
        nodes.insert(std::string(inc.text(n)));
    m_controlPlaneHosts.assign(cpHosts.begin(), cpHosts.end());
    for (const auto &h : m_controlPlaneHosts)
        groupForControlPlane(h);
    for (const auto &n : nodes)
        if (!n.empty())
            groupForNode(n);

    // Placing makes about a lane per context and a group per pod, and a lane moved when the
    // table grows is a few hundred bytes of strings and lists: a capacity hint.
    m_lanes.reserve(m_lanes.size() + inc.contexts.size() + inc.pods.size() + inc.sources.size() + 64);
    m_podGroup.assign(inc.pods.size(), LaneId());
    m_laneOfEvent.assign(inc.events.size(), LaneId());
    std::vector<std::optional<LaneId>> sourceNodeGroup(inc.sources.size());
    std::vector<std::optional<LaneId>> sourceCpGroup(inc.sources.size());

    // An event's lane follows from its context (who logged it, about which pod, node and
    // container), and where its group is its source's (a control-plane host, a file's node),
    // from its source too: worked out once per context (and source), not once per event.
    struct KnownLane {
        LaneId lane;
        bool bySource = false;
        core::SourceId source = 0;
    };
    std::vector<KnownLane> laneOfContext(inc.contexts.size());
    for (std::size_t i = 0; i < inc.events.size(); ++i) {
        const core::Event &e = inc.events[i];
        KnownLane &known = laneOfContext[e.context.index()];
        if (known.lane.valid() && (!known.bySource || known.source == e.source)) {
            m_laneOfEvent[i] = known.lane;
            continue;
        }
        const core::Source &src = inc.sources[e.source];
        const std::string_view component = inc.componentNameOf(e);
        const bool controlPlane = core::isControlPlaneComponent(component);
        const core::EventContext &subject = inc.contexts[e.context];
        bool bySource = inc.componentOf(e) == core::kNoString;
        LaneId group;
        if (subject.pod != core::kNoPod && subject.pod.index() < inc.pods.size()) {
            group = m_podGroup[subject.pod.index()];
            if (!group.valid()) {
                std::string node;
                if (!controlPlane)
                    node = subject.node != core::kNoString ? std::string(inc.text(subject.node)) : src.node;
                group = groupForPod(subject.pod, node);
            }
        } else if (controlPlane) {
            std::optional<LaneId> &g = sourceCpGroup[e.source];
            if (!g)
                g = groupForControlPlane(src.machine());
            group = *g;
            bySource = true;
            // A finding about the component (a lost leader lease) is drawn on its machine's group.
            m_bySubject.insert(qs(core::Subject::ofComponent(component, src.machine()).text()), group);
        } else if (subject.node != core::kNoString) {
            group = groupForNode(subject.node);
        } else {
            std::optional<LaneId> &g = sourceNodeGroup[e.source];
            if (!g)
                g = src.node.empty() ? otherGroup() : groupForNode(src.node);
            group = *g;
            bySource = true;
        }
        m_laneOfEvent[i] = roleLane(group, inc.roleOf(e), subject.container);
        known = {m_laneOfEvent[i], bySource, e.source};
    }
    fillEventLists();
}

void LaneModel::addAnalysis(std::shared_ptr<const core::Analysis> analysis)
{
    if (analysis->incident != m_incident)
        throw std::logic_error("LaneModel::addAnalysis: the analysis is of another incident");
    if (m_analysis)
        throw std::logic_error("LaneModel::addAnalysis: the model has its analysis already");
    m_analysis = std::move(analysis);
    // The facts' nodes (Facts::nodes) have their groups already: made before placing, from the
    // same nodesOfContexts.
    addFacts();
    sortChildren();
    finishLanes();
}

// Each event into its lane and the lane's groups. Every list is sized first: grown by doubling,
// the lists of a million-event bundle left their earlier copies in the heap, about as much
// again as the lists themselves. The walk up to the groups reads a table of parents and
// writes through a table of ends, both small enough to stay in the cache: read from the
// lanes themselves (288 bytes apart) each step missed it.
void LaneModel::fillEventLists()
{
    std::vector<LaneId> parent(m_lanes.size());
    for (std::size_t l = 0; l < m_lanes.size(); ++l)
        parent[l] = m_lanes[l].parent;
    std::vector<std::uint32_t> counts(m_lanes.size(), 0);
    for (const LaneId lane : m_laneOfEvent)
        for (LaneId l = lane; l.valid(); l = parent[l.index()])
            ++counts[l.index()];
    std::vector<core::EventIndex *> end(m_lanes.size());
    for (std::size_t l = 0; l < m_lanes.size(); ++l) {
        auto &events = m_lanes[l].events;
        const std::size_t filled = events.size();
        events.resize(filled + counts[l]);
        end[l] = events.data() + filled;
    }
    // Indices ascend, so every lane's list stays sorted without a sort.
    for (std::size_t i = 0; i < m_laneOfEvent.size(); ++i)
        for (LaneId l = m_laneOfEvent[i]; l.valid(); l = parent[l.index()])
            *end[l.index()]++ = core::EventIndex::fromIndex(i);
}

LaneId LaneModel::addLane(LaneId parent, LaneKind kind, QString name, QString key)
{
    const LaneId id(static_cast<int>(m_lanes.size()));
    Lane lane;
    lane.id = id;
    lane.parent = parent;
    lane.kind = kind;
    lane.name = std::move(name);
    lane.key = parent.valid() ? at(parent).key + '/' + key : key;
    lane.depth = parent.valid() ? at(parent).depth + 1 : 0;
    m_byKey.insert(lane.key, id);
    m_lanes.push_back(std::move(lane));
    m_localKey.push_back(std::move(key));
    if (parent.valid())
        at(parent).children.push_back(id);
    else
        m_roots.push_back(id);
    return id;
}

LaneId LaneModel::childByKey(LaneId parent, const QString &key, LaneKind kind, const QString &name)
{
    const QString full = parent.valid() ? at(parent).key + '/' + key : key;
    if (auto it = m_byKey.constFind(full); it != m_byKey.constEnd())
        return it.value();
    return addLane(parent, kind, name, key);
}

LaneId LaneModel::groupForControlPlane(const std::string &host)
{
    const QString key =
        host.empty() || m_controlPlaneHosts.size() <= 1 ? QStringLiteral("control-plane") : QStringLiteral("control-plane@") + qs(host);
    const QString name =
        key == QLatin1String("control-plane") ? QStringLiteral("Control plane") : QStringLiteral("Control plane %1").arg(qs(host));
    const LaneId id = childByKey(LaneId(), key, LaneKind::Group, name);
    at(id).description = QStringLiteral("apiserver, controller-manager and scheduler logs");
    return id;
}

LaneId LaneModel::groupForNode(core::StringId node)
{
    auto [known, added] = m_groupOfNode.try_emplace(node);
    if (added)
        known->second = groupForNode(std::string(incident().text(node)));
    return known->second;
}

LaneId LaneModel::groupForNode(const std::string &node)
{
    const QString subject = qs(core::Subject::ofNode(node).text());
    if (auto it = m_bySubject.constFind(subject); it != m_bySubject.constEnd())
        return it.value();
    const LaneId id = addLane(LaneId(), LaneKind::Group, QStringLiteral("node ") + qs(node), subject);
    at(id).subject = subject;
    m_bySubject.insert(subject, id);
    return id;
}

LaneId LaneModel::otherGroup()
{
    if (!m_otherGroup.valid())
        m_otherGroup = addLane(LaneId(), LaneKind::Group, QStringLiteral("Other sources"), QStringLiteral("other"));
    return m_otherGroup;
}

LaneId LaneModel::groupForPod(core::PodId pod, const std::string &fallbackNode)
{
    if (pod.index() < m_podGroup.size() && m_podGroup[pod.index()].valid())
        return m_podGroup[pod.index()];
    const core::Incident &inc = incident();
    const core::Pod &p = inc.pods[pod.index()];
    std::string node = p.node != core::kNoString ? std::string(inc.text(p.node)) : fallbackNode;
    LaneId parent;
    if (node.empty()) {
        if (!m_unknownNodePods.valid())
            m_unknownNodePods = addLane(LaneId(), LaneKind::Group, QStringLiteral("Pods (node unknown)"), QStringLiteral("pods"));
        parent = m_unknownNodePods;
    } else {
        parent = groupForNode(node);
    }
    const QString podName = qs(inc.podName(pod));
    const QString subject = qs(core::Subject::ofPod(inc.podKey(pod)).text());
    LaneId id;
    if (auto it = m_bySubject.constFind(subject); it != m_bySubject.constEnd()) {
        id = it.value();
    } else {
        id = addLane(parent, LaneKind::Group, QStringLiteral("pod ") + podName, subject);
        at(id).subject = subject;
        if (p.uid != core::kNoString)
            at(id).description = QStringLiteral("uid ") + qs(inc.text(p.uid));
        m_bySubject.insert(subject, id);
    }
    if (pod.index() < m_podGroup.size())
        m_podGroup[pod.index()] = id;
    return id;
}

// A role's lane texts, made once: a bundle of many pods has tens of thousands of role lanes,
// and copies of one QString share their text.
const LaneModel::RoleTexts &LaneModel::roleTexts(core::RoleId role)
{
    if (role >= m_roleTexts.size())
        m_roleTexts.resize(role + 1);
    RoleTexts &texts = m_roleTexts[role];
    if (!texts.made) {
        const core::Incident &inc = incident();
        const std::string roleId = inc.roles ? std::string(inc.roles->roleName(role)) : std::string("other");
        texts.key = QString::fromStdString(roleId == "kubelet-main" || roleId == "systemd" ? std::string("kubelet") : roleId);
        texts.name = roleDisplayName(roleId);
        if (inc.roles && role < inc.roles->roles().size())
            texts.description = QString::fromStdString(inc.roles->roles()[role].description);
        texts.perContainer = roleId == "probe-worker"; // a lane per container in a pod: probes run per container
        texts.made = true;
    }
    return texts;
}

LaneId LaneModel::roleLane(LaneId group, core::RoleId role, core::StringId container)
{
    const core::Incident &inc = incident();
    const RoleTexts &texts = roleTexts(role);
    const bool perContainer = texts.perContainer && at(group).subject.startsWith("pod/");
    const core::StringId c = perContainer ? container : core::kNoString;
    const std::uint64_t cacheKey = (static_cast<std::uint64_t>(group.value()) << 44) ^ (static_cast<std::uint64_t>(role) << 32) ^ c.value();
    if (auto it = m_roleLaneCache.find(cacheKey); it != m_roleLaneCache.end())
        return it->second;
    QString key = texts.key, name = texts.name;
    if (c != core::kNoString) {
        key += '/' + qs(inc.text(c));
        name += QStringLiteral(" · ") + qs(inc.text(c));
    }
    const LaneId lane = childByKey(group, key, LaneKind::Events, name);
    at(lane).description = texts.description;
    m_roleLaneCache.emplace(cacheKey, lane);
    return lane;
}

void LaneModel::addEventToLane(core::EventIndex event, LaneId lane)
{
    if (event != core::kNoEvent && event.index() < incident().events.size())
        at(lane).events.push_back(event);
}

// Every fact lane from its builder, in the registry's order (ui/lanes/laneregistry.cpp).
void LaneModel::addFacts()
{
    for (const LaneBuilder &entry : laneBuilders()) {
        LaneBuild build(*this, entry);
        entry.build(build);
    }
}

void LaneModel::sortChildren()
{
    // Each lane's rank once, not once per comparison.
    std::vector<int> rank(m_lanes.size(), 0);
    for (const Lane &lane : m_lanes)
        if (lane.parent.valid())
            rank[lane.id.index()] = rankOf(at(lane.parent), m_localKey[lane.id.index()], lane.kind);
    auto sortList = [&](std::vector<LaneId> &list, const Lane *parent) {
        std::stable_sort(list.begin(), list.end(), [&](LaneId a, LaneId b) {
            const Lane &la = m_lanes[a.index()], &lb = m_lanes[b.index()];
            if (parent) {
                const int ra = rank[a.index()], rb = rank[b.index()];
                if (ra != rb)
                    return ra < rb;
            } else {
                // Roots: control plane, nodes, then the leftovers.
                auto rootRank = [](const Lane &l) { return l.key.startsWith("control-plane") ? 0 : l.subject.startsWith("node/") ? 1 : 2; };
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
    // Which events are warnings and which errors, two bits each, read once in the store's
    // order: the lanes' lists (twelve million entries on a 1 GB bundle) then look them up
    // in a table that stays in the cache instead of loading each event again.
    std::vector<std::uint8_t> severe((inc.events.size() + 3) / 4, 0);
    for (std::size_t i = 0; i < inc.events.size(); ++i)
        severe[i / 4] = static_cast<std::uint8_t>(severe[i / 4] | (severityBits(inc.events[i].severity) << (2 * (i % 4))));
    for (auto &lane : m_lanes) {
        // Fact lanes may have collected events out of order or twice.
        if (!std::is_sorted(lane.events.begin(), lane.events.end())) {
            std::sort(lane.events.begin(), lane.events.end());
            lane.events.erase(std::unique(lane.events.begin(), lane.events.end()), lane.events.end());
        }
        for (std::size_t i = 0; i < lane.events.size(); ++i) {
            const std::size_t e = lane.events[i].index();
            notePosition(lane, static_cast<std::uint32_t>(i), (severe[e / 4] >> (2 * (e % 4))) & 3u);
        }
        std::sort(lane.states.begin(), lane.states.end(),
                  [](const StateSpan &a, const StateSpan &b) { return a.thin != b.thin ? !a.thin : a.start < b.start; });
        std::sort(lane.ticks.begin(), lane.ticks.end(), [](const HeartbeatTick &a, const HeartbeatTick &b) { return a.time < b.time; });
        std::sort(lane.gaps.begin(), lane.gaps.end(), [](const GapSpan &a, const GapSpan &b) { return a.fact->start < b.fact->start; });
        if (lane.isGroup()) {
            // The child whose bars stand for the group when it is collapsed (its Ready).
            int best = 0;
            for (LaneId c : lane.children) {
                const int summary = laneSummary(scopeOfChildren(lane), keyHead(m_localKey[c.index()]));
                if (summary > best) {
                    best = summary;
                    lane.summaryLane = c;
                }
            }
        }
    }
    m_localKey.clear();
    m_localKey.shrink_to_fit();
    m_roleLaneCache.clear();
    m_groupOfNode.clear();
}

LaneId LaneModel::laneOfSubject(const QString &subject) const
{
    return m_bySubject.value(subject);
}

LaneId LaneModel::laneByKey(const QString &key) const
{
    return m_byKey.value(key);
}

bool LaneModel::isAncestor(LaneId ancestor, LaneId lane) const
{
    for (LaneId l = lane; l.valid(); l = this->lane(l).parent)
        if (l == ancestor)
            return true;
    return false;
}

std::vector<LaneId> LaneModel::rows(const std::vector<bool> &expanded, const std::vector<bool> &shown) const
{
    std::vector<LaneId> out;
    auto isShown = [&](LaneId id) { return shown.empty() || (id.index() < shown.size() && shown[id.index()]); };
    auto isExpanded = [&](LaneId id) { return id.index() < expanded.size() && expanded[id.index()]; };
    std::function<void(LaneId)> visit = [&](LaneId id) {
        if (!isShown(id))
            return;
        out.push_back(id);
        if (isExpanded(id))
            for (LaneId c : lane(id).children)
                visit(c);
    };
    for (LaneId r : m_roots)
        visit(r);
    return out;
}

std::vector<int> LaneModel::rowIndex(const std::vector<LaneId> &rows, int laneCount)
{
    std::vector<int> index(static_cast<std::size_t>(laneCount), -1);
    for (std::size_t i = 0; i < rows.size(); ++i)
        index[rows[i].index()] = static_cast<int>(i);
    return index;
}

int LaneModel::visibleRowOf(LaneId lane, const std::vector<int> &rowOfLane) const
{
    // The deepest lane on the path from the root whose ancestors are all visible: a lane
    // inside a collapsed group is drawn in the group's row.
    std::vector<LaneId> path;
    for (LaneId l = lane; l.valid(); l = this->lane(l).parent)
        path.push_back(l);
    int best = -1;
    for (auto it = path.rbegin(); it != path.rend(); ++it) {
        const int row = rowOfLane[it->index()];
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
            expanded[lane.id.index()] = true;
    for (const auto &f : m_analysis->findings) {
        for (LaneId a = laneOfSubject(QString::fromStdString(f.subject.text())); a.valid(); a = lane(a).parent)
            expanded[a.index()] = true;
    }
    return expanded;
}

std::vector<LaneId> LaneModel::lanesOfFinding(std::size_t index) const
{
    std::vector<LaneId> out;
    if (index >= m_analysis->findings.size())
        return out;
    const core::Finding &f = m_analysis->findings[index];
    auto add = [&](LaneId l) {
        if (l.valid() && std::find(out.begin(), out.end(), l) == out.end())
            out.push_back(l);
    };
    const LaneId subject = laneOfSubject(QString::fromStdString(f.subject.text()));
    add(subject);
    for (core::EventIndex e : f.evidence)
        add(laneOfEvent(e));
    for (const auto &step : f.chain)
        if (step.event != core::kNoEvent)
            add(laneOfEvent(step.event));
    // The subject's own fact lanes that show something in the finding's window (the node's
    // heartbeats and taints, a pod's Ready bar): the state the finding is about.
    if (subject.valid()) {
        for (LaneId c : lane(subject).children) {
            const Lane &l = lane(c);
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
        if (flags[lane.id.index()])
            for (LaneId p = lane.parent; p.valid() && !flags[p.index()]; p = this->lane(p).parent)
                flags[p.index()] = true;
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
    std::function<void(LaneId)> subtree = [&](LaneId id) {
        flags[id.index()] = true;
        for (LaneId c : lane(id).children)
            subtree(c);
    };
    for (int f : findings) {
        for (LaneId l : lanesOfFinding(static_cast<std::size_t>(f))) {
            const Lane &lane = this->lane(l);
            // A pod is small and is the story; a node group would drag in every pod.
            if (lane.subject.startsWith(QLatin1String("pod/")))
                subtree(l);
            else
                flags[l.index()] = true;
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
        Lane &shown = marks[lane.id.index()];
        shown.id = lane.id;
        shown.kind = lane.kind;
        for (core::EventIndex e : lane.events) {
            const core::Event &ev = inc.event(e);
            if (ev.type < hiddenTypes.size() && hiddenTypes[ev.type])
                continue;
            notePosition(shown, static_cast<std::uint32_t>(shown.events.size()), severityBits(ev.severity));
            shown.events.push_back(e);
        }
    }
    return marks;
}

} // namespace kubelane::ui
