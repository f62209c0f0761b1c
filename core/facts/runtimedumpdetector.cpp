// Goroutine dumps of the bundle's processes: which sources carry one (a dump file, or dump
// lines among a log's events), when each was taken and how that is known, and what its
// goroutines wait on (groups by stack, lock queues and their likely holders).
#include "../dumps/dumpfilename.h"
#include "../dumps/goroutinedumpparser.h"
#include "factcontext.h"

#include <algorithm>
#include <set>

namespace kubelane::core {

namespace {

std::string timeEvidence(const Incident &inc, const Source &s, const Event *at, const GoroutineDump &d)
{
    if (!at || at->time.ns == 0)
        return "no time: the file's name, its lines and its modification time say none";
    if (d.shape == DumpShape::File) {
        if (dumpTimeInFileName(s.path))
            return "file name " + std::string(dumpFileName(s.path));
        if (s.modifiedTime != 0)
            return "file modification time (the dump itself prints no time)";
    }
    const std::uint32_t line = inc.lineOf(*at);
    if (line == d.firstSourceLine)
        return "time of the log line that carries it (line " + std::to_string(line) + ")";
    return "time of the log line before it (line " + std::to_string(line) + ")";
}

// The events of a flagged source as (first byte, event index), sorted: the one at or before
// a line is the event that carries it or the log line before it.
using EventsByOffset = std::vector<std::pair<std::uint64_t, EventIndex>>;

EventIndex eventAtOrBefore(const Source &s, const EventsByOffset &events, std::uint32_t line)
{
    // The last event that starts before the next line does.
    const std::uint64_t nextLine = s.lineIndex.offsetOf(s.bytes->view(), line + 1);
    auto it = std::lower_bound(events.begin(), events.end(), std::make_pair(nextLine, EventIndex::fromIndex(0)));
    return it == events.begin() ? kNoEvent : std::prev(it)->second;
}

std::string processOf(const FactContext &ctx, const Source &s, const Event *at)
{
    if (at && ctx.inc.componentOf(*at) != kNoString)
        return std::string(ctx.text(ctx.inc.componentOf(*at)));
    return s.component.empty() ? "a Go process" : s.component;
}

} // namespace

void detectRuntimeDumps(const FactContext &ctx, Facts &facts)
{
    const Incident &inc = ctx.inc;
    // The sources with a dump, told without reading their bytes again (a bundle's pages are
    // released after parsing): a dump file, dump lines the parser folded into an event, or an
    // event classified as a dump inside a log (go.dump.inline: containerd's logged dump).
    const EventTypeId inlineDump = ctx.types.inlineDump;
    std::vector<bool> flagged(inc.sources.size(), false);
    for (std::size_t i = 0; i < inc.sources.size(); ++i)
        flagged[i] = inc.sources[i].format == SourceFormat::GoroutineDump || inc.sources[i].goroutineDumpLines;
    std::vector<EventsByOffset> byOffset(inc.sources.size());
    for (const EventIndex i : ctx.index.ofType(inlineDump))
        if (inc.event(i).source < flagged.size())
            flagged[inc.event(i).source] = true;
    if (std::find(flagged.begin(), flagged.end(), true) == flagged.end())
        return; // the common case: no pass over the store for offsets
    for (std::size_t i = 0; i < inc.events.size(); ++i) {
        const Event &e = inc.events[i];
        if (e.source < flagged.size() && flagged[e.source])
            byOffset[e.source].emplace_back(e.offset, EventIndex::fromIndex(i));
    }
    for (EventsByOffset &events : byOffset)
        std::sort(events.begin(), events.end());
    std::set<std::pair<std::int64_t, std::string>> seen; // the same dump read through two copies of a log
    for (std::size_t id = 0; id < inc.sources.size(); ++id) {
        const Source &s = inc.sources[id];
        if (!flagged[id] || !s.bytes)
            continue;
        for (GoroutineDumpPtr &dump : readGoroutineDumps(s.bytes->view())) {
            RuntimeDump r;
            const EventsByOffset &events = byOffset[id];
            r.event = eventAtOrBefore(s, events, dump->firstSourceLine);
            const Event *at = r.event == kNoEvent ? nullptr : &inc.event(r.event);
            r.source = SourceId(id);
            r.time = at ? at->time : Timestamp{};
            r.timeEvidence = timeEvidence(inc, s, at, *dump);
            r.node = at && inc.nodeOf(*at) != kNoString ? inc.nodeOf(*at) : inc.strings.find(s.node);
            r.process = processOf(ctx, s, at);
            if (!seen.insert({r.time.ns, r.process + '\n' + dump->text.substr(0, 4096)}).second)
                continue;
            r.buckets = bucketStacks(*dump);
            r.convoys = findLockConvoys(*dump);
            for (const LockConvoy &c : r.convoys) {
                r.holderEvents.push_back(c.holder ? eventAtOrBefore(s, events, dump->goroutines[*c.holder].sourceLine) : kNoEvent);
            }
            r.dump = std::move(dump);
            facts.dumps.push_back(std::move(r));
        }
    }
    std::stable_sort(facts.dumps.begin(), facts.dumps.end(), [](const RuntimeDump &a, const RuntimeDump &b) { return a.time < b.time; });
}

} // namespace kubelane::core
