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

std::string timeEvidence(const Source &s, const Event *at, const GoroutineDump &d)
{
    if (!at || at->time.ns == 0)
        return "no time: the file's name, its lines and its modification time say none";
    if (d.shape == DumpShape::File) {
        if (dumpTimeInFileName(s.path))
            return "file name " + std::string(dumpFileName(s.path));
        if (s.modifiedTime != 0)
            return "file modification time (the dump itself prints no time)";
    }
    if (at->line == d.firstSourceLine)
        return "time of the log line that carries it (line " + std::to_string(at->line) + ")";
    return "time of the log line before it (line " + std::to_string(at->line) + ")";
}

// The events of a flagged source as (first line, event index), sorted: the one at or before
// a line is the event that carries it or the log line before it.
using EventsByLine = std::vector<std::pair<std::uint32_t, EventIndex>>;

EventIndex eventAtOrBefore(const EventsByLine &lines, std::uint32_t line)
{
    // kNoEvent is the greatest index: past every event of the line.
    auto it = std::upper_bound(lines.begin(), lines.end(), std::make_pair(line, kNoEvent));
    return it == lines.begin() ? kNoEvent : std::prev(it)->second;
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
    std::vector<EventsByLine> byLine(inc.sources.size());
    for (const Event &e : inc.events)
        if (e.type == inlineDump && e.source < flagged.size())
            flagged[e.source] = true;
    for (std::size_t i = 0; i < inc.events.size(); ++i) {
        const Event &e = inc.events[i];
        if (e.source < flagged.size() && flagged[e.source])
            byLine[e.source].emplace_back(e.line, EventIndex::fromIndex(i));
    }
    for (EventsByLine &lines : byLine)
        std::sort(lines.begin(), lines.end());
    std::set<std::pair<std::int64_t, std::string>> seen; // the same dump read through two copies of a log
    for (std::size_t id = 0; id < inc.sources.size(); ++id) {
        const Source &s = inc.sources[id];
        if (!flagged[id] || !s.bytes)
            continue;
        for (GoroutineDumpPtr &dump : readGoroutineDumps(s.bytes->view())) {
            RuntimeDump r;
            const EventsByLine &lines = byLine[id];
            r.event = eventAtOrBefore(lines, dump->firstSourceLine);
            const Event *at = r.event == kNoEvent ? nullptr : &inc.event(r.event);
            r.source = SourceId(id);
            r.time = at ? at->time : Timestamp{};
            r.timeEvidence = timeEvidence(s, at, *dump);
            r.node = at && at->node != kNoString ? at->node : inc.strings.find(s.node);
            r.process = processOf(ctx, s, at);
            if (!seen.insert({r.time.ns, r.process + '\n' + dump->text.substr(0, 4096)}).second)
                continue;
            r.buckets = bucketStacks(*dump);
            r.convoys = findLockConvoys(*dump);
            for (const LockConvoy &c : r.convoys) {
                r.holderEvents.push_back(c.holder ? eventAtOrBefore(lines, dump->goroutines[*c.holder].sourceLine) : kNoEvent);
            }
            r.dump = std::move(dump);
            facts.dumps.push_back(std::move(r));
        }
    }
    std::stable_sort(facts.dumps.begin(), facts.dumps.end(), [](const RuntimeDump &a, const RuntimeDump &b) { return a.time < b.time; });
}

} // namespace kubelane::core
