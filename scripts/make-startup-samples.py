#!/usr/bin/env python3
# Writes the samples of a kubelet start-up that never completes, and its near miss:
#   samples/runtime-never-up        docker cannot start after a reboot (overlay2 on xfs without
#                                   d_type); the 1.23 kubelet (dockershim) says for 18 min that no
#                                   runtime status check has passed: container-runtime-down
#   samples/pleg-never-relisted     containerd answers its status but its sandbox list hangs after
#                                   a reboot; the 1.26 kubelet's first relist never completes until
#                                   containerd is restarted 9 min on: pleg-unhealthy
#   samples/runtime-slow-start-healthy  docker takes 70 s to load its containers after a reboot;
#                                   the kubelet's start-up noise for 72 s, then Ready: nothing
# Deterministic: run it from anywhere.
import datetime, os
from samplelib import SAMPLES, at, klog, write

DOCKER_DOWN = 'Cannot connect to the Docker daemon at unix:///var/run/docker.sock. Is the docker daemon running?'
NOT_READY = ('"Container runtime not ready" runtimeReady="RuntimeReady=false reason:DockerDaemonNotReady message:docker: '
             'failed to get docker version: ' + DOCKER_DOWN + '"')
DEADLINE = 'rpc error: code = DeadlineExceeded desc = context deadline exceeded'


def journal(t0, host, entries, header):
    """entries: (seconds, ident, pid, severity or None, gofile, message); -o short-precise lines."""
    out = [header]
    for sec, ident, pid, sev, gofile, msg in sorted(entries, key=lambda x: x[0]):
        t = at(t0, sec)
        env = f"{t.strftime('%b %d %H:%M:%S.%f')} {host} {ident}[{pid}]: "
        out.append(env + (msg if sev is None else klog(at(t, -0.000412), sev, pid, gofile, msg)))
    return out


def sync_skipped(e, pid, t0, t1, err, gofile='kubelet.go:2040'):
    """The sync loop's skip line: backs off from 100 ms to 5 s (kubelet.go syncLoop), then every 5 s."""
    s, step = t0, 0.1
    while s < t1:
        e.append((s, 'kubelet', pid, 'E', gofile, f'"Skipping pod synchronization" err="{err}"'))
        s += step
        step = min(step * 2, 5)


def kubelet_start(e, pid, t0, version, node, extra=()):
    e.append((t0 - 0.4, 'systemd', 1, None, None, 'Started kubelet: The Kubernetes Node Agent.'))
    e.append((t0, 'kubelet', pid, 'I', 'server.go:446', f'"Kubelet version" kubeletVersion="{version}"'))
    e.append((t0 + 0.01, 'kubelet', pid, 'I', 'server.go:448', '"Golang settings" GOGC="" GOMAXPROCS="" GOTRACEBACK=""'))
    for i, (gofile, msg) in enumerate(extra):
        e.append((t0 + 0.2 + 0.05 * i, 'kubelet', pid, 'I', gofile, msg))
    e.append((t0 + 1.2, 'kubelet', pid, 'I', 'kubelet_node_status.go:70', f'"Attempting to register node" node="{node}"'))
    e.append((t0 + 1.3, 'kubelet', pid, 'I', 'kubelet_node_status.go:108', f'"Node was previously registered" node="{node}"'))
    e.append((t0 + 1.31, 'kubelet', pid, 'I', 'kubelet_node_status.go:73', f'"Successfully registered node" node="{node}"'))
    e.append((t0 + 1.4, 'kubelet', pid, 'I', 'kubelet.go:2016', '"Starting kubelet main sync loop"'))


def became_not_ready(e, pid, sec, node, t, message):
    stamp = t.strftime('%Y-%m-%d %H:%M:%S.%f') + ' +0000 UTC m=+8.114'
    e.append((sec, 'kubelet', pid, 'I', 'setters.go:546', f'"Node became not ready" node="{node}" condition={{Type:Ready Status:False '
              f'LastHeartbeatTime:{stamp} LastTransitionTime:{stamp} Reason:KubeletNotReady Message:{message}}}'))


def dockershim_start(docker_answers):
    lines = [('docker_service.go:264', '"Connecting to docker on the dockerEndpoint" endpoint="unix:///var/run/docker.sock"'),
             ('docker_service.go:271', '"Start docker client with request timeout" timeout="2m0s"')]
    if not docker_answers:
        lines += [('docker_service.go:322', f'"Failed to execute Info() call to the Docker client" err="{DOCKER_DOWN}"'),
                  ('docker_service.go:323', '"Falling back to use the default driver" cgroupDriver="cgroupfs"')]
    return lines + [('docker_service.go:242', '"Hairpin mode is set" hairpinMode=hairpin-veth'),
                    ('kuberuntime_manager.go:245', '"Container runtime initialized" containerRuntime="docker" version="20.10.24" apiVersion="1.0.0"')]


def docker_fails(D, t0):
    """dockerd exits at every start: overlay2 on an xfs formatted without d_type; systemd gives up."""
    for k in range(4):
        s = t0 + 2.5 * k
        D.append((s, 'systemd', 1, None, None, 'Starting Docker Application Container Engine...'))
        D.append((s + 0.3, 'dockerd', 1041 + k, None, None, 'time="%s" level=info msg="Starting up"' % at(BOOT, s + 0.3).strftime('%Y-%m-%dT%H:%M:%S.%f000Z')))
        D.append((s + 0.9, 'dockerd', 1041 + k, None, None, 'failed to start daemon: error initializing graphdriver: overlay2: the backing xfs filesystem is formatted without d_type support, which leads to incorrect behavior. Reformat the filesystem with ftype=1 to enable d_type support. Backing filesystems without d_type support are not supported.'))
        D.append((s + 1.0, 'systemd', 1, None, None, 'docker.service: Main process exited, code=exited, status=1/FAILURE'))
        D.append((s + 1.01, 'systemd', 1, None, None, "docker.service: Failed with result 'exit-code'."))
        D.append((s + 1.02, 'systemd', 1, None, None, 'Failed to start Docker Application Container Engine.'))
        if k < 3:
            D.append((s + 2.4, 'systemd', 1, None, None, f'docker.service: Scheduled restart job, restart counter is at {k + 1}.'))
    D.append((t0 + 9.9, 'systemd', 1, None, None, 'docker.service: Start request repeated too quickly.'))


def docker_not_ready_start(e, pid, node, until):
    """A 1.23 kubelet (dockershim) that starts 6 s after boot while docker is not up: its checks
    say DockerDaemonNotReady every 5 s, its sync loop that no check or relist has passed yet."""
    kubelet_start(e, pid, 6.0, 'v1.23.17', node, dockershim_start(False))
    s = 7.5
    while s < until:
        e.append((s, 'kubelet', pid, 'E', 'kubelet.go:2373', NOT_READY))
        s += 5
    sync_skipped(e, pid, 7.45, until + 2, '[container runtime status check may not have completed yet, PLEG is not healthy: pleg has yet to be successful]')


def docker_became_not_ready(e, pid, node):
    became_not_ready(e, pid, 17.3, node, at(BOOT, 17.3), '[container runtime status check may not have completed yet, container runtime not ready: RuntimeReady=false reason:DockerDaemonNotReady message:docker: failed to get docker version: ' + DOCKER_DOWN + ']')


def write_node(sample, node, end_second, files):
    end = at(BOOT, end_second).strftime('%a %Y-%m-%d %H:%M:%S')
    base = os.path.join(SAMPLES, sample, 'nodes', node)
    for name, entries in files:
        write(os.path.join(base, name), journal(BOOT, node, entries, HEADER % end))


HEADER = '-- Logs begin at Mon 2023-05-15 00:00:03 UTC, end at %s UTC. --'

# --- runtime-never-up: edge-3 rebooted at 06:12; docker never starts; collected at 06:30 -------------
BOOT = datetime.datetime(2023, 5, 16, 6, 12, 14, 208000)
K = 1187
e, D = [], []
docker_fails(D, 0)
END = 18 * 60
docker_not_ready_start(e, K, 'edge-3', END)
s = 7.6
while s < END:  # each relist (1 s) asks dockershim for the sandboxes, which asks docker
    if int(s) % 30 == 7:  # the kubelet logs every relist; the sample keeps one in thirty
        e.append((s, 'kubelet', K, 'E', 'remote_runtime.go:357', f'"ListPodSandbox with filter from runtime service failed" err="rpc error: code = Unknown desc = {DOCKER_DOWN}" filter="nil"'))
        e.append((s + 0.001, 'kubelet', K, 'E', 'kuberuntime_sandbox.go:285', f'"Failed to list pod sandboxes" err="rpc error: code = Unknown desc = {DOCKER_DOWN}"'))
        e.append((s + 0.002, 'kubelet', K, 'E', 'generic.go:205', f'"GenericPLEG: Unable to retrieve pods" err="rpc error: code = Unknown desc = {DOCKER_DOWN}"'))
    s += 1
docker_became_not_ready(e, K, 'edge-3')
write_node('runtime-never-up', 'edge-3', END, [('kubelet.log', e), ('docker.log', D)])

# --- runtime-slow-start-healthy: edge-4 rebooted; docker loads its containers for 70 s -------------
BOOT = datetime.datetime(2023, 5, 17, 9, 40, 2, 511000)
K = 1203
e, D = [], []
D.append((0, 'systemd', 1, None, None, 'Starting Docker Application Container Engine...'))
D.append((0.4, 'dockerd', 1022, None, None, 'time="%s" level=info msg="Starting up"' % at(BOOT, 0.4).strftime('%Y-%m-%dT%H:%M:%S.%f000Z')))
D.append((1.2, 'dockerd', 1022, None, None, 'time="%s" level=info msg="Loading containers: start."' % at(BOOT, 1.2).strftime('%Y-%m-%dT%H:%M:%S.%f000Z')))
D.append((71.0, 'dockerd', 1022, None, None, 'time="%s" level=info msg="Loading containers: done."' % at(BOOT, 71.0).strftime('%Y-%m-%dT%H:%M:%S.%f000Z')))
D.append((71.4, 'dockerd', 1022, None, None, 'time="%s" level=info msg="API listen on /run/docker.sock"' % at(BOOT, 71.4).strftime('%Y-%m-%dT%H:%M:%S.%f000Z')))
D.append((71.5, 'systemd', 1, None, None, 'Started Docker Application Container Engine.'))
docker_not_ready_start(e, K, 'edge-4', 72)
for s in range(8, 72, 10):
    e.append((s + 0.6, 'kubelet', K, 'E', 'generic.go:205', f'"GenericPLEG: Unable to retrieve pods" err="rpc error: code = Unknown desc = {DOCKER_DOWN}"'))
docker_became_not_ready(e, K, 'edge-4')
e.append((74.5, 'kubelet', K, 'I', 'kubelet.go:2086', '"SyncLoop (PLEG): event for pod" pod="kube-system/kube-proxy-7hx2d" event=&{ID:3c0f9a51-0b8e-4d1c-9a52-6d1e8f0b7a21 Type:ContainerStarted Data:4b1d0c2e9f8a7b6c5d4e3f2a1b0c9d8e7f6a5b4c3d2e1f0a9b8c7d6e5f4a3b2c}'))
e.append((77.3, 'kubelet', K, 'I', 'kubelet_node_status.go:563', '"Recording event message for node" node="edge-4" event="NodeReady"'))
for s in range(80, 600, 30):
    e.append((s, 'kubelet', K, 'I', 'kubelet_getters.go:176', '"Pod status updated" pod="kube-system/kube-proxy-7hx2d" status=Running'))
write_node('runtime-slow-start-healthy', 'edge-4', 600, [('kubelet.log', e), ('docker.log', D)])

# --- pleg-never-relisted: worker-2 rebooted; containerd's sandbox list hangs until restarted ----------
BOOT = datetime.datetime(2023, 9, 4, 22, 3, 40, 87000)
K = 977
e, C = [], []
C.append((0, 'containerd', 702, None, None, 'time="%s" level=info msg="starting containerd" revision=1e1ea6e986c6c86565bc33d52e34b81b3e2bc71f version=1.6.21' % at(BOOT, 0).strftime('%Y-%m-%dT%H:%M:%S.%f000Z')))
C.append((1.8, 'containerd', 702, None, None, 'time="%s" level=info msg="containerd successfully booted in 1.802s"' % at(BOOT, 1.8).strftime('%Y-%m-%dT%H:%M:%S.%f000Z')))
C.append((2.0, 'containerd', 702, None, None, 'time="%s" level=info msg="Start recovering state"' % at(BOOT, 2.0).strftime('%Y-%m-%dT%H:%M:%S.%f000Z')))
kubelet_start(e, K, 6.0, 'v1.26.6', 'worker-2', [('kuberuntime_manager.go:244', '"Container runtime initialized" containerRuntime="containerd" version="1.6.21" apiVersion="v1"')])
FIXED = 9 * 60 + 12
sync_skipped(e, K, 7.45, 8.0, '[container runtime status check may not have completed yet, PLEG is not healthy: pleg has yet to be successful]', 'kubelet.go:2246')
sync_skipped(e, K, 8.3, FIXED + 1, 'PLEG is not healthy: pleg has yet to be successful', 'kubelet.go:2246')
became_not_ready(e, K, 17.3, 'worker-2', at(BOOT, 17.3), 'PLEG is not healthy: pleg has yet to be successful')
s = 7.6
while s + 120 < FIXED:  # the first relist's sandbox list, and each after it, times out after 2 min
    s += 120
    e.append((s, 'kubelet', K, 'E', 'remote_runtime.go:390', f'"ListPodSandbox with filter from runtime service failed" err="{DEADLINE}" filter="nil"'))
    e.append((s + 0.001, 'kubelet', K, 'E', 'kuberuntime_sandbox.go:297', f'"Failed to list pod sandboxes" err="{DEADLINE}"'))
    e.append((s + 0.002, 'kubelet', K, 'E', 'generic.go:205', f'"GenericPLEG: Unable to retrieve pods" err="{DEADLINE}"'))
    s += 1
C.append((FIXED - 4, 'systemd', 1, None, None, 'Stopping containerd container runtime...'))
C.append((FIXED - 2, 'systemd', 1, None, None, 'containerd.service: Deactivated successfully.'))
C.append((FIXED - 1.9, 'systemd', 1, None, None, 'Started containerd container runtime.'))
C.append((FIXED - 1.5, 'containerd', 2811, None, None, 'time="%s" level=info msg="containerd successfully booted in 0.391s"' % at(BOOT, FIXED - 1.5).strftime('%Y-%m-%dT%H:%M:%S.%f000Z')))
e.append((FIXED + 1.2, 'kubelet', K, 'I', 'kubelet.go:2146', '"SyncLoop (PLEG): event for pod" pod="kube-system/calico-node-5xq9t" event=&{ID:8e2f0a61-3c4d-4b5e-9f60-7a8b9c0d1e2f Type:ContainerStarted Data:9a8b7c6d5e4f3a2b1c0d9e8f7a6b5c4d3e2f1a0b9c8d7e6f5a4b3c2d1e0f9a8b}'))
e.append((FIXED + 2.0, 'kubelet', K, 'I', 'kubelet_node_status.go:563', '"Recording event message for node" node="worker-2" event="NodeReady"'))
for s in range(FIXED + 10, FIXED + 300, 30):
    e.append((s, 'kubelet', K, 'I', 'kubelet_getters.go:182', '"Pod status updated" pod="kube-system/calico-node-5xq9t" status=Running'))
write_node('pleg-never-relisted', 'worker-2', FIXED + 300, [('kubelet.log', e), ('containerd.log', C)])
