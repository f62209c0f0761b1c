#pragma once
// Finds and reads every goroutine dump in a file's text, whatever carries it:
//  - a file that is the dump (dockerd/CRI-O goroutine-stacks-<time>.log, with or without
//    "=== BEGIN goroutine stack dump ===" around it; a /debug/pprof/goroutine?debug=2
//    capture; a process's SIGQUIT/SIGABRT crash output);
//  - dump lines between ordinary log lines, bare or each in its own envelope (journald
//    "Mmm dd hh:mm:ss host containerd[812]: goroutine 1 [running]:", CRI, kubectl --timestamps);
//  - one logged message holding the whole dump with escaped newlines (containerd's SIGUSR1
//    dump is logrus.Infof("=== BEGIN goroutine stack dump ===\n%s\n=== END ..."), which the
//    text formatter quotes: msg="=== BEGIN ...\ngoroutine 1 [running]:\n..."), also when
//    journald split the long line over several entries (its LineMax).
#include "goroutinedump.h"

#include <string_view>
#include <vector>

namespace kubelane::core {

std::vector<GoroutineDumpPtr> readGoroutineDumps(std::string_view bytes);

// One header line "goroutine 42 [semacquire, 5 minutes]:" (also Go 1.21+'s
// "goroutine 42 gp=0xc000 m=nil [...]:"); false for anything else.
bool parseGoroutineHeader(std::string_view line, Goroutine &out);
// A frame's function line "pkg.(*T).f(0x1, 0x2)" / "main.main()"; false for other text.
bool parseFrameCall(std::string_view line, StackFrame &out);
// A frame's location line "\t/path/file.go:123 +0x1f" (also " fp=0x.. sp=0x.. pc=0x..").
bool parseFrameLocation(std::string_view line, StackFrame &out);
// A line of the callers' list HandleCrash printed in 1.4-1.14 instead of a trace: an absolute
// path's file and line alone, "/go/src/k8s.io/kubernetes/pkg/controller/node/node_controller.go:375";
// also a trace's location line that lost its tab ("/usr/local/go/src/runtime/panic.go:596 +0x70").
bool isGoCallerLine(std::string_view line);

// A cheap test for a text that may hold a dump (a header line anywhere, or the marker).
bool mayHoldGoroutineDump(std::string_view text);

} // namespace kubelane::core
