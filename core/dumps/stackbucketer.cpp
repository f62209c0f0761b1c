#include "stackbucketer.h"

#include "waitsite.h"

#include <algorithm>
#include <unordered_map>

namespace kubelane::core {

namespace {

// What two goroutines must share to be one group: no arguments, no offsets, no wait time.
void appendFrameKey(std::string &key, const StackFrame &f)
{
    key += f.function;
    key += '@';
    key += f.file;
    key += ':';
    key += std::to_string(f.line);
    key += '\n';
}

std::string signatureOf(const Goroutine &g)
{
    std::string key(g.state);
    key += g.lockedToThread ? "|locked\n" : "\n";
    for (const StackFrame &f : g.frames)
        appendFrameKey(key, f);
    key += "elided " + std::to_string(g.elidedFrames) + "\n";
    if (g.hasCreator) {
        key += "created by ";
        appendFrameKey(key, g.createdBy);
    }
    return key;
}

} // namespace

std::vector<StackBucket> bucketStacks(const GoroutineDump &dump)
{
    std::vector<StackBucket> buckets;
    std::unordered_map<std::string, std::size_t> bySignature;
    bySignature.reserve(dump.goroutines.size() / 4 + 8);
    for (std::size_t i = 0; i < dump.goroutines.size(); ++i) {
        const Goroutine &g = dump.goroutines[i];
        const auto [it, added] = bySignature.try_emplace(signatureOf(g), buckets.size());
        if (added) {
            buckets.emplace_back();
            buckets.back().state = g.state;
            buckets.back().longestWaiter = i;
            buckets.back().longestWaitMinutes = g.waitMinutes;
        }
        StackBucket &b = buckets[it->second];
        b.members.push_back(i);
        if (g.waitMinutes > b.longestWaitMinutes) {
            b.longestWaitMinutes = g.waitMinutes;
            b.longestWaiter = i;
        }
    }
    for (StackBucket &b : buckets)
        b.summary = describeWait(dump.goroutines[b.members.front()]);
    std::stable_sort(buckets.begin(), buckets.end(), [&](const StackBucket &a, const StackBucket &b) {
        if (a.count() != b.count())
            return a.count() > b.count();
        if (a.longestWaitMinutes != b.longestWaitMinutes)
            return a.longestWaitMinutes > b.longestWaitMinutes;
        return dump.goroutines[a.members.front()].id < dump.goroutines[b.members.front()].id;
    });
    return buckets;
}

} // namespace kubelane::core
