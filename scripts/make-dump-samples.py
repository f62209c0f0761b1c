#!/usr/bin/env python3
"""Writes the goroutine-dump samples (deterministic; run from the repository root):

  samples/shim-hang-dump-pleg  containerd's SIGUSR1 dump in its journal (one logrus message,
                                split by journald at LineMax) while the kubelet's PLEG is stuck:
                                the CRI handlers wait minutes in ttrpc calls to a shim that
                                never answers. The kubelet journal is kubectl-events-pleg's.
  samples/dump-healthy          a dockerd SIGUSR1 file of a healthy node: many idle goroutines,
                                two momentarily queued on a container's lock, nothing long blocked.

The dumps follow the Go runtime's text (runtime/traceback.go: "goroutine N [state, M minutes]:",
frames with their arguments, "\\tfile:line +0xoff", "created by F in goroutine N" since Go 1.21).
The function names are containerd 1.7's and docker 20.10's; the call chains are shaped after
them, not copied from a real process.
"""
import os
import random
import shutil

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
rng = random.Random(16)

CTR = "github.com/containerd/containerd/"
CSRC = "/go/src/github.com/containerd/containerd/"
DD = "github.com/docker/docker/"
DSRC = "/go/src/github.com/docker/docker/"
GOROOT = "/usr/local/go/src/"


def word():
    return "0x%x" % rng.randrange(0xc000100000, 0xc003ffffff, 8)


def goroutine(gid, state, minutes, frames, created=None, created_in=None):
    head = "goroutine %d [%s" % (gid, state)
    if minutes:
        head += ", %d minutes" % minutes
    out = [head + "]:"]
    for func, args, place in frames:
        if func.endswith("()"):  # written with its empty argument list
            func = func[:-2]
        out.append("%s(%s)" % (func, args))
        out.append("\t" + place)
    if created:
        func, place = created
        out.append("created by " + func + (" in goroutine %d" % created_in if created_in else ""))
        out.append("\t" + place)
    return "\n".join(out) + "\n"


def park(reason_frames):
    """runtime frames every parked goroutine starts with since Go 1.14."""
    return [("runtime.gopark", "0x%x?, 0x0?, 0x0?, 0x0?, 0x0?" % rng.randrange(0xc000000000, 0xc000ffffff),
             GOROOT + "runtime/proc.go:398 +0xce")] + reason_frames


# --- containerd 1.7 (go1.21) ---------------------------------------------------------------

def ttrpc_call(method, shim_method, shim_line):
    return [
        ("runtime.selectgo", "0xc0009a3a50, 0xc0009a3a18, 0x0?, 0x0, 0x0?, 0x1", GOROOT + "runtime/select.go:327 +0x725"),
        ("github.com/containerd/ttrpc.(*Client).Call", "%s, {0x55d3c1f0a2b8, %s}, {0x55d3c1a1b2c4, 0x17}, {0x55d3c19e7c2d, 0x%x}, {0x55d3c1d1e4a0, %s}, {0x55d3c1d1e520, %s}"
         % (word(), word(), len(method), word(), word()), CSRC + "vendor/github.com/containerd/ttrpc/client.go:148 +0x2a5"),
        (CTR + "api/runtime/task/v2.(*taskClient).%s" % method, "%s, {0x55d3c1f0a2b8, %s}, %s" % (word(), word(), word()),
         CSRC + "api/runtime/task/v2/shim_ttrpc.pb.go:%d +0x98" % shim_line),
        (CTR + "runtime/v2.(*shimTask).%s" % shim_method, "%s, {0x55d3c1f0a2b8, %s}" % (word(), word()),
         CSRC + "runtime/v2/shim.go:%d +0xd3" % (620 if method == "State" else 540)),
    ]


def cri_server(handler, line):
    return [
        (CTR + "pkg/cri/instrument.(*instrumentedService).%s" % handler, "%s, {0x55d3c1f0a2b8, %s}, %s" % (word(), word(), word()),
         CSRC + "pkg/cri/instrument/instrumented_service.go:%d +0x1d4" % line),
        ("k8s.io/cri-api/pkg/apis/runtime/v1._RuntimeService_%s_Handler.func1" % handler, "{0x55d3c1f0a2b8, %s}, {0x55d3c1c3e1a0?, %s}" % (word(), word()),
         CSRC + "vendor/k8s.io/cri-api/pkg/apis/runtime/v1/api.pb.go:11205 +0x72"),
        ("k8s.io/cri-api/pkg/apis/runtime/v1._RuntimeService_%s_Handler" % handler, "{0x55d3c1d2b5e0?, %s}, {0x55d3c1f0a2b8, %s}, %s, %s" % (word(), word(), word(), word()),
         CSRC + "vendor/k8s.io/cri-api/pkg/apis/runtime/v1/api.pb.go:11207 +0x135"),
        ("google.golang.org/grpc.(*Server).processUnaryRPC", "%s, {0x55d3c1f16e40, %s}, %s, %s, 0x0" % (word(), word(), word(), word()),
         CSRC + "vendor/google.golang.org/grpc/server.go:1343 +0xe03"),
        ("google.golang.org/grpc.(*Server).handleStream", "%s, {0x55d3c1f16e40, %s}, %s, 0x0" % (word(), word(), word()),
         CSRC + "vendor/google.golang.org/grpc/server.go:1737 +0xa36"),
        ("google.golang.org/grpc.(*Server).serveStreams.func1.1()", "", CSRC + "vendor/google.golang.org/grpc/server.go:982 +0x98"),
    ]


def containerd_dump():
    parts = []
    gid = 97
    parts.append(goroutine(gid, "running", 0, [
        (CTR + "cmd/containerd/command.dumpStacks", "0x1", CSRC + "cmd/containerd/command/main_unix.go:88 +0x65"),
        (CTR + "cmd/containerd/command.handleSignals.func1()", "", CSRC + "cmd/containerd/command/main_unix.go:55 +0x2a5"),
    ], (CTR + "cmd/containerd/command.handleSignals", CSRC + "cmd/containerd/command/main_unix.go:44 +0x8b"), 1))
    parts.append(goroutine(1, "chan receive", 12077, park([
        ("runtime.chanrecv", "0xc0000a8360, 0x0, 0x1", GOROOT + "runtime/chan.go:583 +0x3cd"),
        ("runtime.chanrecv1", "0x0?, 0x0?", GOROOT + "runtime/chan.go:442 +0x12"),
        (CTR + "cmd/containerd/command.App.func1", "0xc000196dc0", CSRC + "cmd/containerd/command/main.go:260 +0x9a5"),
        ("github.com/urfave/cli.HandleAction", "{0x55d3c1b7a7e0?, 0x55d3c1e2c8f8?}, 0x5?", CSRC + "vendor/github.com/urfave/cli/app.go:524 +0x50"),
        ("main.main()", "", CSRC + "cmd/containerd/main.go:30 +0x3d"),
    ])))
    # The stop that never returns: the shim's task API does not answer Kill.
    stop_id = 4417
    parts.append(goroutine(stop_id, "select", 6, park(ttrpc_call("Kill", "Kill", 222) + [
        (CTR + "services/tasks.(*local).Kill", "%s, {0x55d3c1f0a2b8, %s}, %s, {0x0, 0x0, 0x0}" % (word(), word(), word()),
         CSRC + "services/tasks/local.go:453 +0x1a5"),
        (CTR + "pkg/cri/server.(*criService).stopContainer", "%s, {0x55d3c1f0a2b8, %s}, {%s, {0x0, 0x0}}" % (word(), word(), word()),
         CSRC + "pkg/cri/server/container_stop.go:138 +0x7b4"),
        (CTR + "pkg/cri/server.(*criService).StopContainer", "%s, {0x55d3c1f0a2b8, %s}, %s" % (word(), word(), word()),
         CSRC + "pkg/cri/server/container_stop.go:49 +0x1c5"),
    ] + cri_server("StopContainer", 371)), ("google.golang.org/grpc.(*Server).serveStreams.func1", CSRC + "vendor/google.golang.org/grpc/server.go:980 +0x18c"), 4402))
    # The kubelet's relist asks each sandbox's status; each call waits on the same shim.
    for i in range(48):
        minutes = 5 - (i * 5) // 48
        parts.append(goroutine(4500 + i * 13, "select", minutes, park(ttrpc_call("State", "State", 214) + [
            (CTR + "services/tasks.(*local).Get", "%s, {0x55d3c1f0a2b8, %s}, %s, {0x0, 0x0, 0x0}" % (word(), word(), word()),
             CSRC + "services/tasks/local.go:486 +0x13a"),
            (CTR + ".(*task).Status", "%s, {0x55d3c1f0a2b8, %s}" % (word(), word()), CSRC + "task.go:247 +0xb2"),
            (CTR + "pkg/cri/server.(*criService).PodSandboxStatus", "%s, {0x55d3c1f0a2b8, %s}, %s" % (word(), word(), word()),
             CSRC + "pkg/cri/server/sandbox_status.go:52 +0x25a"),
        ] + cri_server("PodSandboxStatus", 440)), ("google.golang.org/grpc.(*Server).serveStreams.func1", CSRC + "vendor/google.golang.org/grpc/server.go:980 +0x18c"), 4402))
    # Idle: the CRI server's connections, one ttrpc receive loop per shim, event subscribers.
    for i in range(20):
        parts.append(goroutine(300 + i, "IO wait", 0 if i % 4 else 2, park([
            ("runtime.netpollblock", "0x0?, 0x0?, 0x0?", GOROOT + "runtime/netpoll.go:564 +0xf7"),
            ("internal/poll.runtime_pollWait", "0x7f2d8c1a3e58, 0x72", GOROOT + "runtime/netpoll.go:343 +0x85"),
            ("internal/poll.(*pollDesc).wait", "%s?, %s?, 0x0" % (word(), word()), GOROOT + "internal/poll/fd_poll_runtime.go:84 +0x27"),
            ("internal/poll.(*FD).Read", "%s, {%s, 0x8000, 0x8000}" % (word(), word()), GOROOT + "internal/poll/fd_unix.go:164 +0x27a"),
            ("net.(*conn).Read", "%s, {%s?, 0x0?, 0x0?}" % (word(), word()), GOROOT + "net/net.go:179 +0x45"),
            ("bufio.(*Reader).Read", "%s, {%s, 0x9, 0x0?}" % (word(), word()), GOROOT + "bufio/bufio.go:244 +0x197"),
            ("golang.org/x/net/http2.readFrameHeader", "{%s, 0x9, %s?}, {0x55d3c1ef1d00?, %s?}" % (word(), word(), word()),
             CSRC + "vendor/golang.org/x/net/http2/frame.go:237 +0x65"),
            ("google.golang.org/grpc/internal/transport.(*http2Server).HandleStreams", "%s, 0x0?, 0x0?" % word(),
             CSRC + "vendor/google.golang.org/grpc/internal/transport/http2_server.go:642 +0x167"),
        ]), ("google.golang.org/grpc.(*Server).serveStreams", CSRC + "vendor/google.golang.org/grpc/server.go:969 +0x1b1"), 290 + i))
    for i in range(12):
        parts.append(goroutine(520 + i * 3, "IO wait", 3000 + i * 37, park([
            ("internal/poll.runtime_pollWait", "0x7f2d8c1a4c30, 0x72", GOROOT + "runtime/netpoll.go:343 +0x85"),
            ("internal/poll.(*pollDesc).wait", "%s?, %s?, 0x0" % (word(), word()), GOROOT + "internal/poll/fd_poll_runtime.go:84 +0x27"),
            ("internal/poll.(*FD).Read", "%s, {%s, 0x1000, 0x1000}" % (word(), word()), GOROOT + "internal/poll/fd_unix.go:164 +0x27a"),
            ("net.(*conn).Read", "%s, {%s?, 0x0?, 0x0?}" % (word(), word()), GOROOT + "net/net.go:179 +0x45"),
            ("github.com/containerd/ttrpc.(*receiver).run", "%s, {0x55d3c1f0a2b8, %s}, %s" % (word(), word(), word()),
             CSRC + "vendor/github.com/containerd/ttrpc/client.go:328 +0x1a9"),
        ]), ("github.com/containerd/ttrpc.(*Client).run", CSRC + "vendor/github.com/containerd/ttrpc/client.go:371 +0x18e"), 500 + i))
    parts.append(goroutine(58, "select", 12077, park([
        ("runtime.selectgo", "0xc0004c3f28, 0xc0004c3f00, 0x0?, 0x0, 0x0?, 0x1", GOROOT + "runtime/select.go:327 +0x725"),
        (CTR + "gc/scheduler.(*gcScheduler).run", "%s, {0x55d3c1f0a2b8, %s}" % (word(), word()), CSRC + "gc/scheduler/scheduler.go:276 +0x1f2"),
    ]), (CTR + "gc/scheduler.init.0.func1", CSRC + "gc/scheduler/scheduler.go:132 +0x4b5"), 1))
    for i in range(6):
        parts.append(goroutine(140 + i, "select", 12070 - i, park([
            ("runtime.selectgo", "0xc000d55f40, 0xc000d55f10, 0x0?, 0x0, 0x0?, 0x1", GOROOT + "runtime/select.go:327 +0x725"),
            (CTR + "events/exchange.(*Exchange).Subscribe.func2()", "", CSRC + "events/exchange/exchange.go:170 +0x11a"),
        ]), (CTR + "events/exchange.(*Exchange).Subscribe", CSRC + "events/exchange/exchange.go:164 +0x4c5"), 130 + i))
    return "".join(p + "\n" for p in parts).rstrip("\n")


def go_quote(text):
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n").replace("\t", "\\t") + '"'


def containerd_journal():
    prefix = lambda t: "Sep 03 %s worker-2 containerd[812]: " % t
    lines = ["-- Journal begins at Mon 2024-08-26 06:02:11 UTC, ends at Tue 2024-09-03 13:50:02 UTC. --"]
    cid = "9c1f5e2a7b3d48e6a0f4c2b1d8e7a6f5c4b3a2918d7e6f5a4b3c2d1e0f9a8b7c"
    lines.append(prefix("13:40:58.204113") + 'time="2024-09-03T13:40:58.204113522Z" level=info msg="StopContainer for \\"%s\\" with timeout 30 (s)"' % cid)
    lines.append(prefix("13:40:58.205877") + 'time="2024-09-03T13:40:58.205877014Z" level=info msg="Stop container \\"%s\\" with signal terminated"' % cid)
    lines.append(prefix("13:41:28.206301") + 'time="2024-09-03T13:41:28.206301845Z" level=info msg="Kill container \\"%s\\""' % cid)
    lines.append(prefix("13:43:10.911482") + 'time="2024-09-03T13:43:10.911482207Z" level=error msg="ListPodSandbox failed" error="context canceled"')
    lines.append(prefix("13:45:10.914890") + 'time="2024-09-03T13:45:10.914890330Z" level=error msg="ListPodSandbox failed" error="context canceled"')
    # kill -USR1: the dump as one logrus message; journald cuts lines over LineMax (48K).
    message = 'time="2024-09-03T13:46:30.517204619Z" level=info msg=' + go_quote(
        "=== BEGIN goroutine stack dump ===\n" + containerd_dump() + "\n=== END goroutine stack dump ===")
    line_max = 48 * 1024
    for at in range(0, len(message), line_max):
        lines.append(prefix("13:46:30.517204") + message[at:at + line_max])
    lines.append("Sep 03 13:47:20.100233 worker-2 systemd[1]: Stopping containerd container runtime...")
    lines.append("Sep 03 13:47:20.412540 worker-2 systemd[1]: containerd.service: Deactivated successfully.")
    lines.append("Sep 03 13:47:20.413002 worker-2 systemd[1]: Stopped containerd container runtime.")
    lines.append("Sep 03 13:47:20.420118 worker-2 systemd[1]: Starting containerd container runtime...")
    p2 = lambda t: "Sep 03 %s worker-2 containerd[31544]: " % t
    lines.append(p2("13:47:20.451877") + 'time="2024-09-03T13:47:20.451877102Z" level=info msg="starting containerd" revision=8fc6bcff51318944179630522a095cc9dbf9f353 version=1.7.20')
    lines.append(p2("13:47:27.102554") + 'time="2024-09-03T13:47:27.102554871Z" level=info msg="containerd successfully booted in 6.650677s"')
    lines.append("Sep 03 13:47:27.103100 worker-2 systemd[1]: Started containerd container runtime.")
    return "\n".join(lines) + "\n"


# --- dockerd 20.10 (go1.18), healthy ------------------------------------------------------

def dockerd_healthy_dump():
    parts = []
    parts.append(goroutine(9511, "running", 0, [
        (DD + "pkg/stack.Dump()", "", DSRC + "pkg/stack/stackdump.go:21 +0x45"),
        (DD + "pkg/stack.DumpToFile", "{0xc000056120, 0xf}", DSRC + "pkg/stack/stackdump.go:41 +0x13e"),
        (DD + "daemon.(*Daemon).setupDumpStackTrap.func1()", "", DSRC + "daemon/debugtrap_unix.go:20 +0x65"),
    ], (DD + "daemon.(*Daemon).setupDumpStackTrap", DSRC + "daemon/debugtrap_unix.go:18 +0xd9")))
    parts.append(goroutine(1, "chan receive", 9021, park([
        ("runtime.chanrecv", "0xc0000a8360, 0x0, 0x1", GOROOT + "runtime/chan.go:577 +0x56c"),
        ("runtime.chanrecv1", "0x0?, 0x0?", GOROOT + "runtime/chan.go:440 +0x18"),
        ("main.(*DaemonCli).start", "0xc0001ac000, 0xc000110080", DSRC + "cmd/dockerd/daemon.go:315 +0x1b1a"),
        ("main.runDaemon", "...", DSRC + "cmd/dockerd/docker_unix.go:13"),
        ("main.main()", "", DSRC + "cmd/dockerd/docker.go:103 +0x1ce"),
    ])))
    container = 0xc000f3a600
    # Two API calls queued for a moment on one container's lock while a third reads it.
    for k in range(2):
        parts.append(goroutine(9480 + k, "semacquire", 0, park([
            ("runtime.goparkunlock", "...", GOROOT + "runtime/proc.go:369"),
            ("runtime.semacquire1", "0x%x, 0x0?, 0x3, 0x1" % (container + 0x44), GOROOT + "runtime/sema.go:150 +0x1fe"),
            ("sync.runtime_SemacquireMutex", "0xc000a8fa00?, 0x0?, 0xc000a8fa00?", GOROOT + "runtime/sema.go:77 +0x25"),
            ("sync.(*Mutex).lockSlow", "0x%x" % (container + 0x40), GOROOT + "sync/mutex.go:171 +0x165"),
            ("sync.(*Mutex).Lock", "...", GOROOT + "sync/mutex.go:90"),
            (DD + "container.(*State).Lock", "...", DSRC + "container/state.go:52"),
            (DD + "daemon.(*Daemon).ContainerInspectCurrent", "0xc0001a2000, {%s, 0x40}, 0x0" % word(), DSRC + "daemon/inspect.go:40 +0x7c"),
            (DD + "daemon.(*Daemon).ContainerInspect", "0xc0001a2000, {%s, 0x40}, 0x0, {%s, 0x4}" % (word(), word()), DSRC + "daemon/inspect.go:29 +0x11b"),
            ("net/http.(*conn).serve", "%s, {0x55f1d8a4e2c0, %s}" % (word(), word()), GOROOT + "net/http/server.go:1995 +0x612"),
        ]), ("net/http.(*Server).Serve", GOROOT + "net/http/server.go:3089 +0x5ed")))
    parts.append(goroutine(9477, "runnable", 0, [
        (DD + "daemon.(*Daemon).getInspectData", "0xc0001a2000, 0x%x" % container, DSRC + "daemon/inspect.go:164 +0x9d"),
        (DD + "daemon.(*Daemon).ContainerInspectCurrent", "0xc0001a2000, {%s, 0x40}, 0x0" % word(), DSRC + "daemon/inspect.go:45 +0xd1"),
        ("net/http.(*conn).serve", "%s, {0x55f1d8a4e2c0, %s}" % (word(), word()), GOROOT + "net/http/server.go:1995 +0x612"),
    ], ("net/http.(*Server).Serve", GOROOT + "net/http/server.go:3089 +0x5ed")))
    gid = 400
    for i in range(140):
        gid += rng.randrange(1, 9)
        parts.append(goroutine(gid, "IO wait", [0, 0, 1, 2][i % 4], park([
            ("internal/poll.runtime_pollWait", "0x7f1c2d3e4f58, 0x72", GOROOT + "runtime/netpoll.go:302 +0x89"),
            ("internal/poll.(*pollDesc).wait", "%s?, %s?, 0x0" % (word(), word()), GOROOT + "internal/poll/fd_poll_runtime.go:83 +0x32"),
            ("internal/poll.(*FD).Read", "%s, {%s, 0x1, 0x1}" % (word(), word()), GOROOT + "internal/poll/fd_unix.go:167 +0x25a"),
            ("net.(*conn).Read", "%s, {%s?, 0x0?, 0x0?}" % (word(), word()), GOROOT + "net/net.go:183 +0x45"),
            ("net/http.(*connReader).backgroundRead", "%s" % word(), GOROOT + "net/http/server.go:672 +0x3f"),
        ]), ("net/http.(*connReader).startBackgroundRead", GOROOT + "net/http/server.go:668 +0xca")))
    for i in range(60):
        gid += rng.randrange(1, 9)
        parts.append(goroutine(gid, "syscall", 200 + rng.randrange(0, 8800), [
            ("syscall.Syscall", "0x0, 0x2e, %s, 0x8000" % word(), GOROOT + "syscall/syscall_linux.go:68 +0x27"),
            ("syscall.read", "%s?, {%s?, 0x0?, 0x0?}" % (word(), word()), GOROOT + "syscall/zsyscall_linux_amd64.go:696 +0x45"),
            ("syscall.Read", "...", GOROOT + "syscall/syscall_unix.go:188"),
            ("os.(*File).Read", "%s, {%s?, 0x8000, 0x0?}" % (word(), word()), GOROOT + "os/file.go:119 +0x5e"),
            (DD + "vendor/github.com/containerd/fifo.(*fifo).Read", "%s, {%s, 0x8000, 0x8000}" % (word(), word()),
             DSRC + "vendor/github.com/containerd/fifo/fifo.go:154 +0x152"),
            (DD + "daemon/logger.(*Copier).copySrc", "%s, {0x55f1d8b3c1a8, 0x6}, {0x7f1c2d3e1a48, %s}" % (word(), word()),
             DSRC + "daemon/logger/copier.go:94 +0x2a5"),
        ], (DD + "daemon/logger.(*Copier).Run", DSRC + "daemon/logger/copier.go:50 +0x8e")))
    for i in range(40):
        gid += rng.randrange(1, 9)
        parts.append(goroutine(gid, "select", 200 + rng.randrange(0, 8800), park([
            ("runtime.selectgo", "%s, %s, 0x0?, 0x0, 0x0?, 0x1" % (word(), word()), GOROOT + "runtime/select.go:328 +0x7bc"),
            ("google.golang.org/grpc/internal/transport.(*recvBufferReader).read", "%s, {%s, 0x5, 0x5}" % (word(), word()),
             DSRC + "vendor/google.golang.org/grpc/internal/transport/transport.go:178 +0xfe"),
            ("google.golang.org/grpc.(*clientStream).RecvMsg", "%s, {0x55f1d8a1c2e0?, %s?}" % (word(), word()),
             DSRC + "vendor/google.golang.org/grpc/stream.go:918 +0x75"),
            ("github.com/containerd/containerd/api/services/events/v1.(*eventsSubscribeClient).Recv", "%s" % word(),
             DSRC + "vendor/github.com/containerd/containerd/api/services/events/v1/events.pb.go:416 +0x4c"),
            ("github.com/containerd/containerd.(*Client).Subscribe.func1()", "",
             DSRC + "vendor/github.com/containerd/containerd/events.go:91 +0x1a5"),
        ]), ("github.com/containerd/containerd.(*Client).Subscribe", DSRC + "vendor/github.com/containerd/containerd/events.go:79 +0x2d5")))
    return "".join(p + "\n" for p in parts)


def write(path, text):
    full = os.path.join(ROOT, path)
    os.makedirs(os.path.dirname(full), exist_ok=True)
    with open(full, "w", newline="\n") as f:
        f.write(text)


def healthy_journal():
    lines = ["-- Journal begins at Mon 2024-06-10 07:12:40 UTC, ends at Tue 2024-06-18 10:20:00 UTC. --"]
    t = 10 * 3600 + 10 * 60
    pods = ["shop/web-5d8c7b9f6-4hx2m", "shop/cart-6f9d8c7b5-q8w2z", "kube-system/coredns-787d4945fb-l9k2s"]
    n = 0
    while t < 10 * 3600 + 20 * 60:
        hh, mm, ss = t // 3600, (t // 60) % 60, t % 60
        us = rng.randrange(0, 999999)
        stamp = "%02d:%02d:%02d.%06d" % (hh, mm, ss, us)
        pod = pods[n % len(pods)]
        lines.append("Jun 18 %s worker-7 kubelet[1187]: I0618 %s    1187 kubelet.go:2453] \"SyncLoop (probe)\" probe=\"readiness\" status=\"ready\" pod=\"%s\""
                     % (stamp, stamp, pod))
        if t == 10 * 3600 + 15 * 60:
            lines.append("Jun 18 10:15:00.412877 worker-7 dockerd[951]: time=\"2024-06-18T10:15:00.412877561Z\" level=info msg=\"goroutine stacks written to /var/run/docker/goroutine-stacks-2024-06-18T101500Z.log\"")
        t += 20
        n += 1
    return "\n".join(lines) + "\n"


def main():
    write("samples/shim-hang-dump-pleg/nodes/worker-2/containerd.journal", containerd_journal())
    shutil.copyfile(os.path.join(ROOT, "samples/kubectl-events-pleg/nodes/worker-2/kubelet.journal"),
                    os.path.join(ROOT, "samples/shim-hang-dump-pleg/nodes/worker-2/kubelet.journal"))
    write("samples/dump-healthy/nodes/worker-7/docker/goroutine-stacks-2024-06-18T101500Z.log", dockerd_healthy_dump())
    write("samples/dump-healthy/nodes/worker-7/journal.txt", healthy_journal())


if __name__ == "__main__":
    main()
