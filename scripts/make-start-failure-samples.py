#!/usr/bin/env python3
# Writes samples/kubelet-start-failure (worker-2 is rebooted for a kernel update; its fstab turns
# swap back on, so the kubelet exits at start-up, "running with swap on is not supported", and
# systemd restarts it every ten seconds; the controller loses the node; seven minutes later an
# operator turns swap off and the kubelet starts and stays up) and its near miss
# samples/kubelet-start-healthy (worker-5 joins the cluster: its kubelet loops on a missing
# config.yaml, as kubeadm's kubelet does until `kubeadm join` writes it, then runs; worker-6's
# kubelet fails once on a cgroup driver mismatch, is fixed, and runs; worker-7's kubelet, up for
# an hour, exits once on a fatal error and comes back). Deterministic: run it from anywhere.
import datetime, os
import sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from samplelib import SAMPLES as HERE, at, controller_loses, controller_start, journal_line, klog, write

def healthy_kubelet(J, host, pid, start, seconds, version='v1.27.6'):
    """A kubelet that starts, registers and syncs for `seconds`."""
    J.append(journal_line(start, host, 'systemd', 1, 'Started kubelet: The Kubernetes Node Agent.'))
    J.append(journal_line(at(start, 0.4), host, 'kubelet', pid, klog(at(start, 0.4), 'I', pid, 'server.go:415', f'"Kubelet version" kubeletVersion="{version}"')))
    J.append(journal_line(at(start, 2.1), host, 'kubelet', pid, klog(at(start, 2.1), 'I', pid, 'server.go:1271', '"Started kubelet"')))
    J.append(journal_line(at(start, 2.6), host, 'kubelet', pid, klog(at(start, 2.6), 'I', pid, 'kubelet_node_status.go:76', f'"Successfully registered node" node="{host}"')))
    for k in range(0, int(seconds // 60)):
        t = at(start, 30 + 60 * k)
        J.append(journal_line(t, host, 'kubelet', pid, klog(t, 'I', pid, 'kubelet.go:2328', '"SyncLoop (housekeeping)"')))

def swap_failure(J, host, pid, start, n):
    J.append(journal_line(start, host, 'systemd', 1, 'Started kubelet: The Kubernetes Node Agent.'))
    t = at(start, 0.38)
    J.append(journal_line(t, host, 'kubelet', pid, klog(t, 'I', pid, 'server.go:415', '"Kubelet version" kubeletVersion="v1.27.6"')))
    t = at(start, 0.61)
    J.append(journal_line(t, host, 'kubelet', pid, klog(t, 'I', pid, 'swap_util.go:54', '"Running under a user namespace - tmpfs noswap is not supported"')))
    t = at(start, 0.63)
    J.append(journal_line(t, host, 'kubelet', pid, klog(t, 'E', pid, 'run.go:74', '"command failed" err="failed to run Kubelet: running with swap on is not supported, please disable swap! or set --fail-swap-on flag to false. /proc/swaps contained: [Filename\\t\\t\\t\\tType\\t\\tSize\\t\\tUsed\\t\\tPriority /swap.img                               file\\t\\t4194300\\t\\t0\\t\\t-2]"')))
    J.append(journal_line(at(start, 0.66), host, 'systemd', 1, 'kubelet.service: Main process exited, code=exited, status=1/FAILURE'))
    J.append(journal_line(at(start, 0.67), host, 'systemd', 1, "kubelet.service: Failed with result 'exit-code'."))
    J.append(journal_line(at(start, 10.7), host, 'systemd', 1, f'kubelet.service: Scheduled restart job, restart counter is at {n + 1}.'))
    J.append(journal_line(at(start, 10.71), host, 'systemd', 1, 'Stopped kubelet: The Kubernetes Node Agent.'))

# --- positive
J = ['-- Journal begins at Mon 2024-09-02 06:00:01 UTC, ends at Tue 2024-09-03 14:31:12 UTC. --']
healthy_kubelet(J, 'worker-2', 1042, datetime.datetime(2024, 9, 3, 13, 40, 0, 115000), 40 * 60)
down = datetime.datetime(2024, 9, 3, 14, 20, 31, 204000)
J.append(journal_line(down, 'worker-2', 'systemd', 1, 'Stopping kubelet: The Kubernetes Node Agent...'))
J.append(journal_line(at(down, 0.3), 'worker-2', 'systemd', 1, 'kubelet.service: Deactivated successfully.'))
J.append(journal_line(at(down, 0.31), 'worker-2', 'systemd', 1, 'Stopped kubelet: The Kubernetes Node Agent.'))
J.append('-- Boot 2d4f6a8c0e1b4d3f9a7c5e3b1d9f7a5c --')
boot = at(down, 71.5)
for n in range(0, 40):
    swap_failure(J, 'worker-2', 811 + 29 * n, at(boot, 10.72 * n), n)
fixed = at(boot, 10.72 * 40 + 4.0)
J.append(journal_line(at(fixed, -2.5), 'worker-2', 'sudo', 4410, 'ops : TTY=pts/0 ; PWD=/home/ops ; USER=root ; COMMAND=/usr/sbin/swapoff -a'))
healthy_kubelet(J, 'worker-2', 2066, fixed, 9 * 60)
base = os.path.join(HERE, 'kubelet-start-failure')
write(os.path.join(base, 'nodes', 'worker-2', 'kubelet.journal'), J)

c0 = datetime.datetime(2024, 9, 3, 13, 30, 0, 402000)
C = controller_start(c0, 'v1.27.6', ('cp-1', 'worker-1', 'worker-2'), lease_line='leaderelection.go:258', start_line='controllermanager.go:187')
lost = at(down, 40.6)
C += controller_loses(lost, 'worker-2', '41.0821s', '2024-09-03 14:20:00', '2024-09-03 13:40:03')
back = at(fixed, 12.4)
C.append(klog(back, 'I', 1, 'node_lifecycle_controller.go:1103', '"Node is healthy again, removing all taints" node="worker-2"'))
for k in range(1, 5):
    t = at(c0, 900 * k + 17.3)
    C.append(klog(t, 'I', 1, 'event.go:307', f'"Event occurred" object="shop/cart-5b8c7d9f4" fieldPath="" kind="ReplicaSet" apiVersion="apps/v1" type="Normal" reason="SuccessfulCreate" message="Created pod: cart-5b8c7d9f4-{k:05x}"'))
C.sort(key=lambda l: l[1:21])
write(os.path.join(base, 'control-plane', 'kube-controller-manager.log'), C)

# --- near misses
base = os.path.join(HERE, 'kubelet-start-healthy')
# worker-5 joins: kubeadm's kubelet loops until `kubeadm join` writes its config (1.1x wording).
J = ['-- Logs begin at Wed 2024-09-04 08:00:02 UTC, end at Wed 2024-09-04 08:31:40 UTC. --']
t0 = datetime.datetime(2024, 9, 4, 8, 10, 3, 118000)
for n in range(0, 4):
    start = at(t0, 10.4 * n)
    pid = 2100 + 31 * n
    J.append(journal_line(start, 'worker-5', 'systemd', 1, 'Started kubelet: The Kubernetes Node Agent.'))
    t = at(start, 0.21)
    J.append(journal_line(t, 'worker-5', 'kubelet', pid, klog(t, 'F', pid, 'server.go:198', 'failed to load Kubelet config file /var/lib/kubelet/config.yaml, error failed to read kubelet config file "/var/lib/kubelet/config.yaml", error: open /var/lib/kubelet/config.yaml: no such file or directory')))
    J.append(journal_line(at(start, 0.23), 'worker-5', 'systemd', 1, 'kubelet.service: main process exited, code=exited, status=255/n/a'))
    J.append(journal_line(at(start, 0.24), 'worker-5', 'systemd', 1, 'Unit kubelet.service entered failed state.'))
    J.append(journal_line(at(start, 10.3), 'worker-5', 'systemd', 1, 'kubelet.service holdoff time over, scheduling restart.'))
healthy_kubelet(J, 'worker-5', 2290, at(t0, 10.4 * 4 + 3), 20 * 60, 'v1.19.16')
write(os.path.join(base, 'nodes', 'worker-5', 'kubelet.journal'), J)
# worker-6: one failed start on a cgroup driver mismatch, fixed, then up.
J = ['-- Logs begin at Wed 2024-09-04 08:00:02 UTC, end at Wed 2024-09-04 08:31:40 UTC. --']
t0 = datetime.datetime(2024, 9, 4, 8, 12, 40, 511000)
J.append(journal_line(t0, 'worker-6', 'systemd', 1, 'Started kubelet: The Kubernetes Node Agent.'))
t = at(t0, 1.7)
J.append(journal_line(t, 'worker-6', 'kubelet', 3012, klog(t, 'F', 3012, 'server.go:274', 'failed to run Kubelet: misconfiguration: kubelet cgroup driver: "cgroupfs" is different from docker cgroup driver: "systemd"')))
J.append(journal_line(at(t0, 1.72), 'worker-6', 'systemd', 1, 'kubelet.service: main process exited, code=exited, status=255/n/a'))
J.append(journal_line(at(t0, 11.8), 'worker-6', 'systemd', 1, 'kubelet.service holdoff time over, scheduling restart.'))
J.append(journal_line(at(t0, 11.81), 'worker-6', 'systemd', 1, 'Stopped kubelet: The Kubernetes Node Agent.'))
healthy_kubelet(J, 'worker-6', 3120, at(t0, 95.0), 15 * 60, 'v1.19.16')
write(os.path.join(base, 'nodes', 'worker-6', 'kubelet.journal'), J)
# worker-7: up an hour, one fatal exit, back at once.
J = []
t0 = datetime.datetime(2024, 9, 4, 7, 20, 0, 5000)
healthy_kubelet(J, 'worker-7', 990, t0, 60 * 60, 'v1.19.16')
t = at(t0, 3605.2)
J.append(journal_line(t, 'worker-7', 'kubelet', 990, klog(t, 'F', 990, 'kubelet.go:1406', 'Failed to start ContainerManager failed to initialise top level QOS containers: root container [kubepods] doesn\'t exist')))
J.append(journal_line(at(t, 0.02), 'worker-7', 'systemd', 1, 'kubelet.service: main process exited, code=exited, status=255/n/a'))
healthy_kubelet(J, 'worker-7', 4460, at(t, 10.3), 20 * 60, 'v1.19.16')
write(os.path.join(base, 'nodes', 'worker-7', 'kubelet.journal'), J)
