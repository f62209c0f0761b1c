#include "waitsite.h"

#include <charconv>

namespace kubelane::core {

namespace {

// The runtime's frames, and the linknamed entries into it (sync.runtime_SemacquireMutex,
// internal/poll.runtime_pollWait): the place where any goroutine parks, never the reason.
bool isRuntimeFrame(std::string_view function)
{
    return packageOf(function) == "runtime" || packageOf(function).starts_with("runtime/internal")
        || packageOf(function).starts_with("internal/runtime") || function.find(".runtime_") != std::string_view::npos;
}

bool isLockFunction(std::string_view function)
{
    return function.starts_with("sync.(*Mutex).") || function.starts_with("sync.(*RWMutex).");
}

bool isSemaphoreEntry(std::string_view function)
{
    return function.starts_with("sync.runtime_Semacquire") || function.starts_with("internal/sync.runtime_Semacquire");
}

// A unary client call waiting for its answer: grpc.Invoke / grpc.invoke /
// (*ClientConn).Invoke, ttrpc's (*Client).Call. Streams (Recv on a subscription) wait for
// ever in a healthy process, so they are not counted.
bool isUnaryCallEntry(std::string_view function)
{
    if (!isRpcFrame(function))
        return false;
    const std::string_view name = function.substr(packageOf(function).size());
    return name == ".Invoke" || name == ".invoke" || name == ".(*ClientConn).Invoke" || name == ".(*Client).Call";
}

} // namespace

bool isRpcFrame(std::string_view function)
{
    const std::string_view pkg = packageOf(function);
    return pkg.ends_with("google.golang.org/grpc") || pkg.find("google.golang.org/grpc/") != std::string_view::npos
        || pkg.ends_with("github.com/containerd/ttrpc");
}

std::vector<std::uint64_t> argumentWords(std::string_view args)
{
    std::vector<std::uint64_t> out;
    std::size_t i = 0;
    while (i < args.size()) {
        const std::size_t at = args.find("0x", i);
        if (at == std::string_view::npos)
            break;
        std::uint64_t v = 0;
        const char *begin = args.data() + at + 2;
        const auto [end, ec] = std::from_chars(begin, args.data() + args.size(), v, 16);
        if (ec == std::errc() && end != begin)
            out.push_back(v);
        i = std::size_t(end - args.data()) + (end == begin ? 2 : 0);
    }
    return out;
}

namespace {

struct WaitSite {
    const StackFrame *blocking = nullptr; // sync.(*Mutex).Lock, net.(*pollDesc).wait, ...
    const StackFrame *caller = nullptr;   // the program's own code that got there
};

WaitSite waitSiteOf(const Goroutine &g)
{
    // An RPC library is plumbing like the standard library: the code that made the call is
    // the first frame past it.
    WaitSite w;
    for (const StackFrame &f : g.frames) {
        if (!w.blocking && !isRuntimeFrame(f.function))
            w.blocking = &f;
        if (w.blocking && !isStandardLibrary(f.function) && !(isRpcFrame(w.blocking->function) && isRpcFrame(f.function))) {
            w.caller = &f;
            break;
        }
    }
    return w;
}

} // namespace

std::string describeWait(const Goroutine &g)
{
    const WaitSite w = waitSiteOf(g);
    std::string out(g.state);
    if (w.blocking)
        out += " in " + std::string(shortFunction(w.blocking->function));
    if (w.caller && w.caller != w.blocking)
        out += ", called from " + std::string(shortFunction(w.caller->function));
    return out;
}

std::optional<LockWait> lockWaitOf(const Goroutine &g)
{
    // The semaphore's address stands in when the lock frame is inlined ("(...)").
    std::optional<std::uint64_t> semaphore;
    for (std::size_t i = 0; i < g.frames.size(); ++i) {
        const StackFrame &f = g.frames[i];
        if (isSemaphoreEntry(f.function)) {
            if (const auto words = argumentWords(f.args); !words.empty())
                semaphore = words.front();
            continue;
        }
        if (isRuntimeFrame(f.function))
            continue;
        if (!isLockFunction(f.function))
            return std::nullopt; // blocked somewhere else: WaitGroup, Cond, a channel
        LockWait w;
        // The outermost of the lock's own frames (Lock above lockSlow) called from the program.
        std::size_t j = i;
        while (j + 1 < g.frames.size() && isLockFunction(g.frames[j + 1].function))
            ++j;
        for (std::size_t k = i; k <= j && w.lock == 0; ++k)
            if (const auto words = argumentWords(g.frames[k].args); !words.empty())
                w.lock = words.front();
        if (w.lock == 0 && semaphore)
            w.lock = *semaphore;
        if (w.lock == 0)
            return std::nullopt;
        w.lockFrame = &g.frames[j];
        w.takenIn = j + 1 < g.frames.size() ? &g.frames[j + 1] : nullptr;
        return w;
    }
    return std::nullopt;
}

std::string outboundCallOf(const Goroutine &g)
{
    // The generated client method is the first frame past the RPC library's own frames.
    for (std::size_t i = 0; i < g.frames.size(); ++i) {
        if (!isUnaryCallEntry(g.frames[i].function))
            continue;
        std::string kind = packageOf(g.frames[i].function).ends_with("ttrpc") ? "a ttrpc call" : "a gRPC call";
        for (std::size_t j = i + 1; j < g.frames.size(); ++j)
            if (!isRpcFrame(g.frames[j].function))
                return kind + " " + std::string(shortFunction(g.frames[j].function));
        return kind;
    }
    if (g.state == "syscall" || (!g.frames.empty() && packageOf(g.frames.front().function) == "syscall")) {
        const StackFrame *sys = nullptr;
        for (const StackFrame &f : g.frames) {
            if (!sys
                && (packageOf(f.function) == "syscall" || packageOf(f.function) == "golang.org/x/sys/unix"
                    || packageOf(f.function).ends_with("/golang.org/x/sys/unix")))
                sys = &f;
            if (sys && !isStandardLibrary(f.function))
                return "a system call " + std::string(shortFunction(sys->function)) + " from " + std::string(shortFunction(f.function));
        }
        if (sys)
            return "a system call " + std::string(shortFunction(sys->function));
    }
    return {};
}

} // namespace kubelane::core
