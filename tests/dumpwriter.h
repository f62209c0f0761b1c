#pragma once
// Writes goroutine dumps in the Go runtime's text format (runtime/traceback.go), for the dump
// tests and the benchmark: a dockerd of docker 17.06 (go1.8) whose API handlers queue on one
// container's mutex while the goroutine that holds it waits in a gRPC call to containerd,
// next to the goroutines every daemon has (accept loops, idle connections, log copiers).
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

namespace kubelane::test {

struct GoFrame {
    std::string function, args, file;
    int line = 0;
    unsigned offset = 0;
};

inline std::string hexWord(std::uint64_t v)
{
    char buf[24];
    std::snprintf(buf, sizeof buf, "0x%llx", static_cast<unsigned long long>(v));
    return buf;
}

inline std::string goroutineText(std::uint64_t id, const std::string &state, int minutes, const std::vector<GoFrame> &frames,
                                 const GoFrame &createdBy = {}, bool lockedToThread = false)
{
    std::string s = "goroutine " + std::to_string(id) + " [" + state;
    if (minutes > 0)
        s += ", " + std::to_string(minutes) + " minutes";
    if (lockedToThread)
        s += ", locked to thread";
    s += "]:\n";
    for (const GoFrame &f : frames)
        s += f.function + "(" + f.args + ")\n\t" + f.file + ":" + std::to_string(f.line) + " +" + hexWord(f.offset) + "\n";
    if (!createdBy.function.empty())
        s += "created by " + createdBy.function + "\n\t" + createdBy.file + ":" + std::to_string(createdBy.line) + " +"
            + hexWord(createdBy.offset) + "\n";
    return s + "\n";
}

struct ConvoyDumpSpec {
    int waiters = 300;          // API handlers queued on the container's mutex
    int idle = 100;             // connections and copiers, parked without a lock
    bool holder = true;         // the goroutine inside containerStop, in a gRPC call
    int longestWaitMinutes = 4; // waiters' minutes spread over 0..this
    std::uint64_t container = 0xc420f3a600;
};

inline std::string dockerdConvoyDump(const ConvoyDumpSpec &spec)
{
    const std::string dd = "github.com/docker/docker/";
    const std::string src = "/go/src/github.com/docker/docker/";
    const std::string daemon = "0xc4202ae000";
    const std::string obj = hexWord(spec.container), mutex = hexWord(spec.container + 0x40), sema = hexWord(spec.container + 0x44);
    const GoFrame createdBy{"net/http.(*Server).Serve", "", "/usr/local/go/src/net/http/server.go", 2668, 0x2ce};
    std::string out;
    std::uint64_t id = 66;
    out += goroutineText(id++, "running", 0,
                         {{dd + "pkg/signal.DumpStacks", "0x19e1a9f, 0xf, 0x0, 0x0, 0x0, 0x0", src + "pkg/signal/trap.go", 82, 0xfc}},
                         {dd + "daemon.(*Daemon).setupDumpStackTrap", "", src + "daemon/debugtrap_unix.go", 29, 0x10e});
    for (int i = 0; i < spec.waiters; ++i) {
        const int minutes = spec.longestWaitMinutes > 0 ? i % (spec.longestWaitMinutes + 1) : 0;
        const std::string name = hexWord(0xc421f30000 + std::uint64_t(i) * 0x60);
        out += goroutineText(
            id + std::uint64_t(i) * 7, "semacquire", minutes,
            {{"sync.runtime_SemacquireMutex", sema, "/usr/local/go/src/runtime/sema.go", 62, 0x34},
             {"sync.(*Mutex).Lock", mutex, "/usr/local/go/src/sync/mutex.go", 87, 0x9d},
             {dd + "daemon.(*Daemon).ContainerInspectCurrent", daemon + ", " + name + ", 0x40, 0x0, 0x0, 0x0, 0x0",
              src + "daemon/inspect.go", 40, 0x8d},
             {dd + "daemon.(*Daemon).ContainerInspect", daemon + ", " + name + ", 0x40, 0x0, 0xc42133b008, 0x4, 0x0, 0x0, 0x0, 0x0",
              src + "daemon/inspect.go", 29, 0x11b},
             {dd + "api/server/router/container.(*containerRouter).getContainersByName",
              "0xc4203ca400, 0x7f3c1008f010, 0xc42010f590, 0x1c4a360", src + "api/server/router/container/inspect.go", 15, 0x11f},
             {"net/http.(*conn).serve", hexWord(0xc422541300 + std::uint64_t(i) * 0x100) + ", 0x1c4c620, 0xc422640fc0",
              "/usr/local/go/src/net/http/server.go", 1825, 0x612}},
            createdBy);
    }
    id += std::uint64_t(spec.waiters) * 7 + 1;
    if (spec.holder)
        out += goroutineText(
            2048871, "select", spec.longestWaitMinutes + 1,
            {{dd + "vendor/google.golang.org/grpc/transport.(*Stream).Header", "0xc4212f6b40, 0xc42138d4e0, 0x2b, 0x0",
              src + "vendor/google.golang.org/grpc/transport/transport.go", 239, 0x2ea},
             {dd + "vendor/google.golang.org/grpc.recvResponse",
              "0x0, 0x0, 0x1c57ee0, 0x1c82d78, 0x0, 0x0, 0x0, 0x0, 0x1c43e60, 0xc420011c18, ...",
              src + "vendor/google.golang.org/grpc/call.go", 61, 0x89},
             {dd + "vendor/google.golang.org/grpc.invoke", "0x7f3c3a19e0c8, 0xc420016120, 0x19f1e0a, 0x12, ...",
              src + "vendor/google.golang.org/grpc/call.go", 208, 0x862},
             {dd + "vendor/google.golang.org/grpc.Invoke", "0x7f3c3a19e0c8, 0xc420016120, 0x19f1e0a, 0x12, ...",
              src + "vendor/google.golang.org/grpc/call.go", 118, 0x19c},
             {dd + "vendor/github.com/containerd/containerd/api/grpc/types.(*aPIClient).Signal",
              "0xc4201a02d0, 0x7f3c3a19e0c8, 0xc420016120, 0xc4212f6aa0, 0x0, 0x0, 0x0, 0x1, 0x0, 0x0",
              src + "vendor/github.com/containerd/containerd/api/grpc/types/api.pb.go", 1136, 0xd2},
             {dd + "libcontainerd.(*client).Signal", "0xc420370240, 0xc420c7dbf8, 0x40, 0xf, 0x0, 0x0",
              src + "libcontainerd/client_unix.go", 186, 0x15a},
             {dd + "daemon.(*Daemon).kill", daemon + ", " + obj + ", 0xf, 0x19d80c8, 0x6", src + "daemon/kill.go", 177, 0x5a},
             {dd + "daemon.(*Daemon).killWithSignal", daemon + ", " + obj + ", 0xf, 0x0, 0x0", src + "daemon/kill.go", 98, 0x35c},
             {dd + "daemon.(*Daemon).containerStop", daemon + ", " + obj + ", 0x1e, 0x0, 0x0", src + "daemon/stop.go", 62, 0xfd},
             {"net/http.(*conn).serve", "0xc422541300, 0x1c4c620, 0xc422640fc0", "/usr/local/go/src/net/http/server.go", 1825, 0x612}},
            createdBy);
    for (int i = 0; i < spec.idle; ++i) {
        const std::uint64_t fd = 0xc4203c6000 + std::uint64_t(i) * 0x80;
        if (i % 2 == 0)
            out += goroutineText(
                id++, "IO wait", i % 3,
                {{"net.runtime_pollWait", "0x7f3c3a2a1e58, 0x72, 0x6", "/usr/local/go/src/runtime/netpoll.go", 164, 0x59},
                 {"net.(*pollDesc).wait", hexWord(fd + 0x68) + ", 0x72, 0x1c46d00, 0x1c41288", "/usr/local/go/src/net/fd_poll_runtime.go",
                  75, 0x38},
                 {"net.(*netFD).Read", hexWord(fd) + ", 0xc420428000, 0x1000, 0x1000, 0x0", "/usr/local/go/src/net/fd_unix.go", 250, 0x1b7},
                 {"net/http.(*connReader).backgroundRead", "0xc420b7f440", "/usr/local/go/src/net/http/server.go", 656, 0x58}},
                {"net/http.(*connReader).startBackgroundRead", "", "/usr/local/go/src/net/http/server.go", 652, 0xc8});
        else
            out += goroutineText(
                id++, "syscall", 100 + i,
                {{"syscall.Syscall", "0x0, 0x2e, 0xc420e3a000, 0x8000, 0x0, 0x0, 0x0", "/usr/local/go/src/syscall/asm_linux_amd64.s", 18,
                  0x5},
                 {"syscall.read", "0x2e, 0xc420e3a000, 0x8000, 0x8000, 0x0, 0x0, 0x0", "/usr/local/go/src/syscall/zsyscall_linux_amd64.go",
                  783, 0x55},
                 {"syscall.Read", "0x2e, 0xc420e3a000, 0x8000, 0x8000, 0x0, 0x0, 0x0", "/usr/local/go/src/syscall/syscall_unix.go", 162,
                  0x49},
                 {"os.(*File).read", "0xc4200aa0a8, 0xc420e3a000, 0x8000, 0x8000, 0x0, 0x0, 0x0", "/usr/local/go/src/os/file_unix.go", 165,
                  0x4f},
                 {"os.(*File).Read", "0xc4200aa0a8, 0xc420e3a000, 0x8000, 0x8000, 0x0, 0x0, 0x0", "/usr/local/go/src/os/file.go", 101,
                  0x76},
                 {dd + "vendor/github.com/tonistiigi/fifo.(*fifo).Read", "0xc420a1e180, 0xc420e3a000, 0x8000, 0x8000, 0x0, 0x0, 0x0",
                  src + "vendor/github.com/tonistiigi/fifo/fifo.go", 142, 0x5a},
                 {dd + "daemon/logger.(*Copier).copySrc", "0xc420b1a2c0, 0x19d7a3c, 0x6, 0x7f3c3a1e4a48, 0xc420a1e180",
                  src + "daemon/logger/copier.go", 67, 0x1a5}},
                {dd + "daemon/logger.(*Copier).Run", "", src + "daemon/logger/copier.go", 48, 0xfe});
    }
    return out;
}

} // namespace kubelane::test
