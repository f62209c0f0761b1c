#pragma once
// A Go goroutine dump as the runtime prints it (runtime/traceback.go: goroutineheader,
// traceback, printcreatedby): one entry per goroutine,
//
//   goroutine 42 [semacquire, 5 minutes, locked to thread]:
//   sync.runtime_SemacquireMutex(0xc420f3a644)
//   	/usr/local/go/src/runtime/sema.go:62 +0x34
//   ...additional frames elided...
//   created by net/http.(*Server).Serve in goroutine 1
//   	/usr/local/go/src/net/http/server.go:2668 +0x2ce
//
// Plain data; the strings are views into GoroutineDump::text, so a dump is shared, not copied.
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace kubelane::core {

struct StackFrame {
    std::string_view function; // "github.com/docker/docker/daemon.(*Daemon).ContainerInspectCurrent"
    std::string_view args;     // "0xc4202ae000, 0xc421f30da8, 0x40" (no parentheses), "..." when inlined
    std::string_view file;     // "/go/src/github.com/docker/docker/daemon/inspect.go"
    std::uint32_t line = 0;
    std::string_view offset; // "+0x8d" ("" when not printed)
};

struct Goroutine {
    std::uint64_t id = 0;
    std::string_view state; // "semacquire", "chan receive", "IO wait", "running", "sync.Mutex.Lock"
    int waitMinutes = 0;    // the header's "N minutes" (the runtime prints it from one minute on)
    bool lockedToThread = false;
    std::vector<StackFrame> frames; // innermost first
    std::uint32_t elidedFrames = 0; // "...N frames elided..."; "...additional frames elided..." counts 1
    bool hasCreator = false;
    StackFrame createdBy; // its function and where the go statement is
    // Where its text is: logical lines of GoroutineDump::text, and the source lines they came from.
    std::uint32_t firstLogicalLine = 0, logicalLineCount = 0;
    std::uint32_t sourceLine = 0; // 1-based line of the header in the source file
};

// How the dump reached the bundle.
enum class DumpShape : std::uint8_t {
    File,          // a file of its own: dockerd/CRI-O goroutine-stacks-<time>.log, pprof debug=2, SIGQUIT output
    EmbeddedLines, // its lines between ordinary log lines (a crash in a log, journald-prefixed lines)
    LogrusMessage, // one logged message holding the dump with escaped newlines (containerd SIGUSR1)
};

struct GoroutineDump {
    std::string text;                       // the dump's lines without their envelopes, '\n'-separated
    std::vector<std::uint32_t> sourceLines; // per logical line: its 1-based source line
    std::vector<Goroutine> goroutines;
    DumpShape shape = DumpShape::File;
    std::string process; // the envelope's "containerd[812]", "" for a file
    std::uint32_t firstSourceLine = 0, lastSourceLine = 0;

    std::string_view logicalLines(const Goroutine &g) const; // the goroutine's text as printed
};

using GoroutineDumpPtr = std::shared_ptr<const GoroutineDump>;

// "github.com/docker/docker/daemon.(*Daemon).Foo" -> "github.com/docker/docker/daemon"
std::string_view packageOf(std::string_view function);
// The Go standard library: a package path whose first element has no dot (net/http, sync),
// except main. Vendored copies (github.com/x/vendor/golang.org/...) are not.
bool isStandardLibrary(std::string_view function);
// "github.com/docker/docker/daemon.(*Daemon).Foo" -> "daemon.(*Daemon).Foo": what a person reads.
std::string_view shortFunction(std::string_view function);

} // namespace kubelane::core
