#include "dumpexplanation.h"

#include "../dumps/waitsite.h"

#include <cstdio>

namespace kubelane::core {

namespace {

std::string hex(std::uint64_t v)
{
    char buf[24];
    std::snprintf(buf, sizeof buf, "0x%llx", static_cast<unsigned long long>(v));
    return buf;
}

std::string minutes(int m)
{
    return m < 1 ? "under a minute" : std::to_string(m) + " min";
}

std::string sentenceOf(const RuntimeDump &d, const LockConvoy &c)
{
    std::string s = std::to_string(c.waiters.size()) + " goroutines in " + d.process + " waited";
    if (!c.takenIn.empty())
        s += " in " + c.takenIn;
    s += " on the lock " + hex(c.lock);
    if (c.holder)
        s += " of the object at " + hex(c.object);
    s += " for up to " + minutes(c.longestWaitMinutes) + "; ";
    if (!c.holder)
        return s + "no goroutine of the dump works on that lock's object (its holder may have returned without unlocking it).";
    const Goroutine &h = d.dump->goroutines[*c.holder];
    s += "goroutine " + std::to_string(h.id) + " held it while waiting in ";
    s += c.holderOutbound.empty() ? c.holderWaits : c.holderOutbound + " (" + std::string(h.state) + ", " + minutes(h.waitMinutes) + ")";
    s += ", inside " + c.holderFunction + " on that object.";
    return s;
}

// Without a lock queue: the biggest group parked a minute or more in a call out of the
// process (a unary gRPC/ttrpc call that never answered).
std::optional<DumpExplanation> outboundGroupOf(const RuntimeDump &d, std::size_t index)
{
    for (const StackBucket &b : d.buckets) { // biggest first
        if (b.longestWaitMinutes < 1 || b.count() < 2)
            continue;
        const Goroutine &g = d.dump->goroutines[b.longestWaiter];
        const std::string call = outboundCallOf(g);
        if (call.empty() || call.starts_with("a system call"))
            continue;
        std::string s = std::to_string(b.count()) + " goroutines in " + d.process + " waited for up to " + minutes(b.longestWaitMinutes)
            + " in " + call;
        // What the call serves: the outermost frame of the program's own code (an API handler).
        for (auto f = g.frames.rbegin(); f != g.frames.rend(); ++f)
            if (!isStandardLibrary(f->function) && !isRpcFrame(f->function)) {
                s += " (serving " + std::string(shortFunction(f->function)) + ")";
                break;
            }
        s += "; no lock queue: the call out of the process did not return.";
        return DumpExplanation{index, d.convoys.size(), s, ""};
    }
    return std::nullopt;
}

} // namespace

std::optional<DumpExplanation> explainStallByDump(const Analysis &a, StringId node, Timestamp from, Timestamp to)
{
    std::optional<DumpExplanation> best;
    std::size_t bestWaiters = 0;
    for (std::size_t i = 0; i < a.facts.dumps.size(); ++i) {
        const RuntimeDump &d = a.facts.dumps[i];
        if (d.node != node || d.time.ns == 0 || d.time < from || d.time > to)
            continue;
        for (std::size_t k = 0; k < d.convoys.size(); ++k) {
            const LockConvoy &c = d.convoys[k];
            if (c.longestWaitMinutes < 1 || c.waiters.size() <= bestWaiters)
                continue;
            bestWaiters = c.waiters.size();
            best = DumpExplanation{i, k, sentenceOf(d, c),
                                   d.process + " goroutine dump at " + formatTimeOfDay(d.time, 0) + "Z (" + d.timeEvidence + ")"};
        }
    }
    if (best)
        return best;
    for (std::size_t i = 0; i < a.facts.dumps.size() && !best; ++i) {
        const RuntimeDump &d = a.facts.dumps[i];
        if (d.node != node || d.time.ns == 0 || d.time < from || d.time > to)
            continue;
        best = outboundGroupOf(d, i);
        if (best)
            best->taken = d.process + " goroutine dump at " + formatTimeOfDay(d.time, 0) + "Z (" + d.timeEvidence + ")";
    }
    return best;
}

} // namespace kubelane::core
