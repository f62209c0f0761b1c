// Goroutine dumps in any carrier (a file of its own, lines between log lines behind journald
// or CRI envelopes, a logrus message with escaped newlines), and what is read from them:
// groups, lock queues, waits and calls out of the process.
#include "core/dumps/goroutinedumpparser.h"
#include "core/dumps/lockholderfinder.h"
#include "core/dumps/stackbucketer.h"
#include "core/dumps/waitsite.h"
#include "fuzzsupport.h"

using namespace kubelane;

namespace {

void requireFrameInside(const core::StackFrame &f, std::string_view text)
{
    fuzz::requireInside(f.function, text);
    fuzz::requireInside(f.args, text);
    fuzz::requireInside(f.file, text);
    fuzz::requireInside(f.offset, text);
}

void checkDump(const core::GoroutineDump &d)
{
    const std::string_view text = d.text;
    if (d.sourceLines.empty() || d.firstSourceLine > d.lastSourceLine)
        __builtin_trap();
    for (std::size_t i = 0; i < d.sourceLines.size(); ++i)
        if (d.sourceLines[i] < d.firstSourceLine || d.sourceLines[i] > d.lastSourceLine
            || (i > 0 && d.sourceLines[i] < d.sourceLines[i - 1]))
            __builtin_trap(); // logical lines come in source order, inside the dump's span
    for (const core::Goroutine &g : d.goroutines) {
        fuzz::requireInside(g.state, text);
        for (const core::StackFrame &f : g.frames)
            requireFrameInside(f, text);
        requireFrameInside(g.createdBy, text);
        if (std::size_t(g.firstLogicalLine) + g.logicalLineCount > d.sourceLines.size())
            __builtin_trap();
        fuzz::requireInside(d.logicalLines(g), text);
        core::describeWait(g);
        core::outboundCallOf(g);
        if (const auto wait = core::lockWaitOf(g); wait && (!wait->lockFrame || wait->lock == 0))
            __builtin_trap();
    }
    for (const core::StackBucket &b : core::bucketStacks(d))
        if (b.members.empty() || b.longestWaiter >= d.goroutines.size())
            __builtin_trap();
    for (const core::LockConvoy &c : core::findLockConvoys(d))
        if (c.holder && *c.holder >= d.goroutines.size())
            __builtin_trap();
}

} // namespace

KUBELANE_FUZZ_TARGET(fuzz_goroutine_dump)
{
    const std::string_view text = fuzz::text(data, size);
    const auto dumps = core::readGoroutineDumps(text);
    // The loader reads dumps only from a source where this cheap test saw one.
    if (!dumps.empty() && !core::mayHoldGoroutineDump(text))
        __builtin_trap();
    for (const auto &d : dumps)
        checkDump(*d);
    // The line parsers on their own: any view they return lies in the line.
    const std::string_view line = text.substr(0, std::min(text.find('\n'), text.size()));
    core::Goroutine g;
    if (core::parseGoroutineHeader(line, g))
        fuzz::requireInside(g.state, line);
    core::StackFrame f;
    if (core::parseFrameCall(line, f)) {
        fuzz::requireInside(f.function, line);
        fuzz::requireInside(f.args, line);
    }
    if (core::parseFrameLocation(line, f)) {
        fuzz::requireInside(f.file, line);
        fuzz::requireInside(f.offset, line);
    }
    return 0;
}
