#pragma once
// What a goroutine of a dump waits on, read from its frames: the frame that blocks (the
// first one that is not the runtime's own), the code that called it (the first frame outside
// the Go standard library), the lock it waits for, and what a goroutine is doing outside the
// process (a gRPC call, a system call).
#include "goroutinedump.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace kubelane::core {

// "semacquire in sync.(*Mutex).Lock, called from daemon.(*Daemon).ContainerInspectCurrent"
std::string describeWait(const Goroutine &g);

// The lock a goroutine waits for: the receiver of its sync.(*Mutex)/(*RWMutex) frame (the
// semaphore's address when that frame is inlined and prints no arguments).
struct LockWait {
    std::uint64_t lock = 0;
    const StackFrame *lockFrame = nullptr; // sync.(*Mutex).Lock
    const StackFrame *takenIn = nullptr;   // the frame that called it
};
std::optional<LockWait> lockWaitOf(const Goroutine &g);

// True for a frame of the RPC libraries (gRPC, vendored or not; containerd's ttrpc to its
// shims): the plumbing of a call, never what it serves.
bool isRpcFrame(std::string_view function);

// A call that leaves the process, innermost first: "gRPC call types.(*aPIClient).Signal",
// "system call syscall.Read from fifo.(*fifo).Read"; "" when there is none.
std::string outboundCallOf(const Goroutine &g);

// The words of a frame's arguments that are pointers or values ("0xc420f3a600" and the
// like; Go 1.18+'s "0x1?" and struct braces read too, "..." not).
std::vector<std::uint64_t> argumentWords(std::string_view args);

} // namespace kubelane::core
