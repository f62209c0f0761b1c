#include "leaderelectionlost.h"

#include "../facts/factcontext.h"
#include "../format/sourceidentity.h"
#include "../load/eventfields.h"
#include "matchsteps.h"

#include <map>
#include <span>

namespace kubelane::core {

namespace {

// client-go gives up a lease it could not renew within --leader-elect-renew-deadline (10 s by
// default; 15 s lease duration): the lock errors that matter come within a few deadlines.
constexpr Duration kCauseWindow = Duration::fromSeconds(120);
// A process that loses its lease again within this of the last loss is the same incident.
constexpr Duration kSameIncident = Duration::fromSeconds(600);
// How far after a loss a successor's acquisition or the process's restart belongs to it.
constexpr Duration kFollowWindow = Duration::fromSeconds(900);
constexpr std::size_t kMaxErrorText = 180;

// One leader-election or start line of a control-plane component.
struct LeaderLine {
    EventIndex index;
    EventTypeId type;
    std::string component, machine;
    SourceId source;
};

std::vector<LeaderLine> leaderLines(const Analysis &a, const CodeTypes &t)
{
    const Incident &inc = *a.incident;
    std::vector<LeaderLine> out;
    for (const EventIndex i : a.eventIndex.ofAnyType({t.leaderLost, t.leaderRenewFailed, t.leaderLockError, t.leaderAcquired,
                                                      t.leaderHeldByOther, t.controllerStart, t.componentStart})) {
        const Event &e = inc.event(i);
        // The parser gave a line that names a lease to that lease's component (electorOrigin).
        std::string component(inc.componentNameOf(e));
        if (!isControlPlaneComponent(component))
            continue;
        out.push_back({i, e.type, std::move(component), inc.sources[e.source].machine(), e.source});
    }
    return out;
}

// The error a leader-election line names (its "error" capture or err= key), shortened.
std::string errorOf(const Incident &inc, EventIndex idx)
{
    for (auto &[key, value] : eventFields(inc, inc.event(idx)))
        if (key == "error")
            return value.size() > kMaxErrorText ? value.substr(0, kMaxErrorText) + "…" : value;
    return {};
}

std::string where(const LeaderLine &l)
{
    return l.machine.empty() ? l.component : l.component + " on " + l.machine;
}

// What the elector failed to do with its lock: its line's pattern says (events.json sets
// "action" to read, create or update).
std::string lockAction(const Incident &inc, const Analysis &a, EventIndex i)
{
    const std::string_view action = inc.field(inc.event(i), a.keys.action);
    return action == "update" || action == "create" ? std::string(action) : "read";
}

// "3 errors reading its lock", or "3 lock errors (1 reading, 2 updating)".
std::string lockErrorCount(const std::map<std::string, std::size_t> &byAction)
{
    const auto ing = [](const std::string &action) { return action == "read" ? "reading" : action == "create" ? "creating" : "updating"; };
    std::size_t total = 0;
    for (const auto &[action, n] : byAction)
        total += n;
    if (byAction.size() == 1)
        return plural(total, "error") + " " + ing(byAction.begin()->first) + " its lock";
    std::string each;
    for (const auto &[action, n] : byAction)
        each += (each.empty() ? "" : ", ") + std::to_string(n) + " " + ing(action);
    return plural(total, "lock error") + " (" + each + ")";
}

// Why the process lost it: its last failed renewal and the lock errors before the loss, and
// since when it had led. Returns the lease's name, as far as the lines give it.
std::string addCause(const Incident &inc, const Analysis &a, const std::vector<LeaderLine> &lines, std::size_t lossAt, RuleMatch &m)
{
    const CodeTypes &t = codeTypesOf(inc);
    const LeaderLine &loss = lines[lossAt];
    const Timestamp lostAt = inc.event(loss.index).time;
    std::vector<std::size_t> lockErrors;
    std::optional<std::size_t> renewFailed, acquired, heldBy;
    if (loss.type == t.leaderRenewFailed) // a failed renewal whose exit line the bundle lacks
        renewFailed = lossAt;
    // Back through this process's own lines, to its start or its last loss. Lines that name
    // a lease are this elector's when the lease is its component's (a process of several
    // runs an elector for each); a lock error whose lease is not known, and the holder's
    // name, may be any of them.
    for (std::size_t j = lossAt; j-- > 0 && !acquired;) {
        const LeaderLine &l = lines[j];
        if (l.source != loss.source)
            continue;
        if (l.type == t.leaderLost || l.type == t.controllerStart || l.type == t.componentStart)
            break;
        const bool recent = inc.event(l.index).time >= lostAt - kCauseWindow;
        const bool mine = l.component == loss.component;
        if (l.type == t.leaderAcquired && mine)
            acquired = j;
        else if (recent && mine && l.type == t.leaderRenewFailed && !renewFailed)
            renewFailed = j;
        else if (recent && l.type == t.leaderLockError && (mine || inc.field(inc.event(l.index), a.keys.lease).empty()))
            lockErrors.push_back(j);
        else if (recent && l.type == t.leaderHeldByOther && !heldBy)
            heldBy = j;
    }
    // A leader that finds its lock held by another lost the lease to it: the other took over
    // a lease it saw expire (this one's renewals did not reach the lock in time).
    if (heldBy) {
        const EventIndex h = lines[*heldBy].index;
        const std::string holder(inc.field(inc.event(h), a.keys.holder));
        m.text["holder"] = holder;
        step(m, inc, h, "finds its lock held by " + holder + ": another instance took the lease over");
    }
    std::string lease(inc.field(inc.event(loss.index), a.keys.lease));
    for (const auto &j : {renewFailed, acquired})
        if (j && lease.empty())
            lease = inc.field(inc.event(lines[*j].index), a.keys.lease);
    if (acquired) {
        const Timestamp since = inc.event(lines[*acquired].index).time;
        step(m, inc, lines[*acquired].index, "becomes the leader");
        m.text["ledFor"] = " It had led for " + formatDuration(lostAt - since) + ", since " + clockText(since) + ".";
    }
    if (renewFailed) {
        const EventIndex r = lines[*renewFailed].index;
        const std::string error = errorOf(inc, r);
        m.text["renewError"] = error.empty() ? "" : ": " + error;
        step(m, inc, r, "cannot renew its lease within the renew deadline" + m.text["renewError"]);
    }
    if (!lockErrors.empty()) {
        // Oldest first: the first error shows how it began, the last what it came to.
        std::reverse(lockErrors.begin(), lockErrors.end());
        const EventIndex first = lines[lockErrors.front()].index, last = lines[lockErrors.back()].index;
        if (lease.empty())
            lease = inc.field(inc.event(first), a.keys.lease);
        step(m, inc, first, "cannot " + lockAction(inc, a, first) + " its lock: " + errorOf(inc, first));
        if (last != first)
            step(m, inc, last, "still cannot " + lockAction(inc, a, last) + " its lock: " + errorOf(inc, last));
        std::map<std::string, std::size_t> byAction;
        for (std::size_t j : lockErrors) {
            addEvidence(m, lines[j].index);
            ++byAction[lockAction(inc, a, lines[j].index)];
        }
        m.text["lockErrors"] = lockErrorCount(byAction) + " in the " + formatDuration(lostAt - inc.event(first).time)
            + " before it, the last: " + errorOf(inc, last) + ". ";
    }
    m.numbers["lockErrors"] = double(lockErrors.size());
    m.numbers["renewFailures"] = renewFailed ? 1 : 0;
    if (!renewFailed && lockErrors.empty())
        m.text["renewError"] = ". The log shows no failed renewal or lock error before it: the loss may be real and its cause cut "
                               "from the log, or a planned stop (a controller manager whose context a termination signal cancels ends "
                               "its leader election the same way)";
    m.text["lease"] = lease.empty() ? "its lease" : "the lease " + lease;
    return lease;
}

// Who led next: the first acquisition of the lease by an instance of the component, and
// whether the process that lost it started again.
void addSuccessor(const Analysis &a, const std::vector<LeaderLine> &lines, std::size_t lossAt, const std::string &lease, RuleMatch &m)
{
    const Incident &inc = *a.incident;
    const CodeTypes &t = codeTypesOf(inc);
    const LeaderLine &loss = lines[lossAt];
    const Timestamp lostAt = inc.event(loss.index).time;
    bool restarted = false, succeeded = false;
    for (std::size_t j = lossAt + 1; j < lines.size() && !(restarted && succeeded); ++j) {
        const LeaderLine &l = lines[j];
        const Timestamp at = inc.event(l.index).time;
        if (at > lostAt + kFollowWindow)
            break;
        if (l.component != loss.component)
            continue;
        if (!restarted && (l.type == t.controllerStart || l.type == t.componentStart) && l.machine == loss.machine) {
            restarted = true;
            step(m, inc, l.index, where(l) + " starts again, " + formatDuration(at - lostAt) + " later");
        } else if (!succeeded && l.type == t.leaderAcquired
                   && (lease.empty() || inc.field(inc.event(l.index), a.keys.lease) == std::string_view(lease))) {
            succeeded = true;
            const Duration leaderless = at - lostAt;
            step(m, inc, l.index, where(l) + " acquires the lease");
            m.numbers["leaderlessSeconds"] = leaderless.seconds();
            m.text["successor"] = where(l) + " acquired the lease " + formatDuration(leaderless) + " later, at " + clockText(at) + ".";
            m.end = std::max(m.end, at);
        }
    }
    if (!succeeded && !m.text["holder"].empty())
        m.text["successor"] = "Its lock was held by " + m.text["holder"]
            + " by then: that instance had taken the lease over (its own log is " + "not in the bundle, or does not show it).";
    else if (!succeeded)
        m.text["successor"] = "No log in the bundle shows another instance acquiring the lease after it (a standby's log may be missing, "
                              "or its log does not go that far).";
}

// Whether the process logged a loss after this failed renewal (any loss line of its source,
// whoever's: an operator's own, one of several electors'). client-go ends a leader's
// leadership as soon as a renewal fails (renew returns, OnStoppedLeading runs), and the
// component prints its loss and exits at once: a failed renewal with no loss line after it is
// a loss whose line the bundle does not have (a paste cut there, a log that ends).
bool lossLogged(const Analysis &a, const CodeTypes &t, const LeaderLine &renewal)
{
    const Incident &inc = *a.incident;
    const Event &failed = inc.event(renewal.index);
    const std::span<const EventIndex> losses = a.eventIndex.ofType(t.leaderLost);
    for (auto it = std::lower_bound(losses.begin(), losses.end(), renewal.index);
         it != losses.end() && inc.event(*it).time <= failed.time + kCauseWindow; ++it)
        if (inc.event(*it).source == renewal.source)
            return true;
    return false;
}

} // namespace

std::vector<RuleMatch> leaderElectionLost(const Analysis &a)
{
    const Incident &inc = *a.incident;
    const CodeTypes &t = codeTypesOf(inc);
    const std::vector<LeaderLine> lines = leaderLines(a, t);
    std::vector<RuleMatch> out;
    std::map<std::string, std::size_t> lastOfSubject; // subject text -> its match in out
    for (std::size_t i = 0; i < lines.size(); ++i) {
        const LeaderLine &loss = lines[i];
        const bool exitUnseen = loss.type == t.leaderRenewFailed && !lossLogged(a, t, loss);
        if (loss.type != t.leaderLost && !exitUnseen)
            continue;
        const Subject subject = Subject::ofComponent(loss.component, loss.machine);
        const Timestamp at = inc.event(loss.index).time;
        if (auto it = lastOfSubject.find(subject.text()); it != lastOfSubject.end() && at - out[it->second].end <= kSameIncident) {
            RuleMatch &m = out[it->second];
            m.numbers["losses"] += 1;
            m.text["losses"] = "It lost the lease " + std::to_string(int(m.numbers["losses"])) + " times, each within "
                + formatDuration(kSameIncident) + " of the last. ";
            if (m.chain.size() < 12)
                step(m, inc, loss.index, "loses it again and exits");
            else
                addEvidence(m, loss.index);
            m.end = std::max(m.end, at);
            continue;
        }
        RuleMatch m;
        m.subject = subject;
        m.start = m.end = at;
        m.text["component"] = where(loss);
        m.text["renewError"] = m.text["lockErrors"] = m.text["losses"] = m.text["ledFor"] = m.text["holder"] = "";
        m.text["exitUnseen"] = exitUnseen ? " The bundle has no line of its exit after the failed renewal (its log is cut there); "
                                            "client-go ends the leadership as soon as a renewal fails, and the component exits."
                                          : "";
        m.numbers["losses"] = 1;
        const std::string lease = addCause(inc, a, lines, i, m);
        if (!exitUnseen)
            step(m, inc, loss.index, "leadership lost: the process exits");
        addSuccessor(a, lines, i, lease, m);
        lastOfSubject[subject.text()] = out.size();
        out.push_back(std::move(m));
    }
    for (RuleMatch &m : out)
        finishMatch(m);
    return out;
}

} // namespace kubelane::core
