// Goroutine dumps of the bundle's processes: which sources carry one (a dump file, or dump
// lines among a log's events), when each was taken and how that is known, and what its
// goroutines wait on (groups by stack, lock queues and their likely holders).
#include "../dumps/dumpfilename.h"
#include "../dumps/goroutinedumpparser.h"
#include "factcontext.h"

#include <algorithm>
#include <map>
#include <set>

namespace kubelane::core {

namespace {

// A cheap look at one event: does its text hold a dump header or the dump marker?
bool eventMayHoldDump(const Incident &inc, const Event &e)
{
    const std::string_view message = inc.message(e);
    if (message.starts_with("goroutine ") && mayHoldGoroutineDump(message.substr(0, 200)))
        return true;
    if (message.find("goroutine stack dump") != std::string_view::npos)
        return true;
    return e.lineCount > 1 && mayHoldGoroutineDump(inc.rawText(e));
}

std::string timeEvidence(const Source &s, const Event *at, const GoroutineDump &d)
{
    if (!at || at->time.ns == 0)
        return "no time: the file's name, its lines and its modification time say none";
    if (s.format == SourceFormat::GoroutineDump || d.shape == DumpShape::File) {
        if (dumpTimeInFileName(s.path))
            return "file name " + std::string(dumpFileName(s.path));
        if (s.modifiedTime != 0)
            return "file modification time (the dump itself prints no time)";
    }
    if (at->line == d.firstSourceLine)
        return "time of the log line that carries it (line " + std::to_string(at->line) + ")";
    return "time of the log line before it (line " + std::to_string(at->line) + ")";
}

// The events of the flagged sources by line, to find the one at or before a dump's start.
using EventsByLine = std::map<std::uint32_t, std::size_t>;

std::string processOf(const FactContext &ctx, const Source &s, const Event *at)
{
    if (at && at->component != kNoString)
        return std::string(ctx.text(at->component));
    return s.component.empty() ? "a Go process" : s.component;
}

} // namespace

void detectRuntimeDumps(const FactContext &ctx, Facts &facts)
{
    const Incident &inc = ctx.inc;
    std::vector<bool> flagged(inc.sources.size(), false);
    for (std::size_t i = 0; i < inc.sources.size(); ++i)
        flagged[i] = inc.sources[i].format == SourceFormat::GoroutineDump;
    std::vector<EventsByLine> byLine(inc.sources.size());
    for (std::size_t i = 0; i < inc.events.size(); ++i) {
        const Event &e = inc.events[i];
        if (e.source >= flagged.size())
            continue;
        if (!flagged[e.source] && eventMayHoldDump(inc, e))
            flagged[e.source] = true;
    }
    for (std::size_t i = 0; i < inc.events.size(); ++i) {
        const Event &e = inc.events[i];
        if (e.source < flagged.size() && flagged[e.source])
            byLine[e.source].emplace(e.line, i);
    }
    std::set<std::pair<std::int64_t, std::string>> seen; // the same dump read through two copies of a log
    for (std::size_t id = 0; id < inc.sources.size(); ++id) {
        const Source &s = inc.sources[id];
        if (!flagged[id] || !s.bytes)
            continue;
        for (GoroutineDumpPtr &dump : readGoroutineDumps(s.bytes->view())) {
            RuntimeDump r;
            const EventsByLine &lines = byLine[id];
            auto it = lines.upper_bound(dump->firstSourceLine);
            const Event *at = nullptr;
            if (it != lines.begin()) {
                --it;
                at = &inc.events[it->second];
                r.event = it->second;
            }
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
                std::size_t holderEvent = kNoEvent;
                if (c.holder) {
                    auto h = lines.upper_bound(dump->goroutines[*c.holder].sourceLine);
                    if (h != lines.begin())
                        holderEvent = std::prev(h)->second;
                }
                r.holderEvents.push_back(holderEvent);
            }
            r.dump = std::move(dump);
            facts.dumps.push_back(std::move(r));
        }
    }
    std::stable_sort(facts.dumps.begin(), facts.dumps.end(), [](const RuntimeDump &a, const RuntimeDump &b) { return a.time < b.time; });
}

} // namespace kubelane::core
