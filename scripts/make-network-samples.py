#!/usr/bin/env python3
# Writes samples/node-network-not-ready (worker-3, Ready for hours, loses its CNI config when a
# clean-up job empties /etc/cni/net.d: its runtime reports the network not ready every 5 s, the
# kubelet sets Ready=False, for eight minutes until calico-node writes the config again) and its
# near miss samples/node-network-startup-healthy (worker-8 joins: its runtime's network is not
# ready for the 45 s until the CNI's pod runs and writes its config, then the node turns Ready).
# Deterministic: run it from anywhere.
import datetime, os
import sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from samplelib import SAMPLES as HERE, at, journal_line, klog, write
NOT_READY = ('"Container runtime network not ready" networkReady="NetworkReady=false reason:NetworkPluginNotReady '
             'message:Network plugin returns error: cni plugin not initialized"')

def kubelet(J, host, pid, t, sev, gofile, msg):
    J.append(journal_line(t, host, 'kubelet', pid, klog(t, sev, pid, gofile, msg)))

# --- positive
J = ['-- Journal begins at Mon 2024-10-07 06:00:01 UTC, ends at Tue 2024-10-08 10:31:12 UTC. --']
host, pid = 'worker-3', 1187
t0 = datetime.datetime(2024, 10, 8, 9, 50, 0, 412000)
for k in range(0, 15):
    kubelet(J, host, pid, at(t0, 60 * k), 'I', 'kubelet.go:2328', '"SyncLoop (housekeeping)"')
lost = datetime.datetime(2024, 10, 8, 10, 5, 12, 230000)
J.append(journal_line(at(lost, -3.1), host, 'cleanup-cni', 30112, 'removed /etc/cni/net.d/10-calico.conflist (not in the allow list)'))
kubelet(J, host, pid, at(lost, 0.02), 'I', 'kubelet_node_status.go:724', '"Recording event message for node" node="worker-3" event="NodeNotReady"')
kubelet(J, host, pid, at(lost, 0.03), 'I', 'setters.go:552', '"Node became not ready" node="worker-3" condition={"type":"Ready","status":"False","lastHeartbeatTime":"2024-10-08T10:05:12Z","lastTransitionTime":"2024-10-08T10:05:12Z","reason":"KubeletNotReady","message":"container runtime network not ready: NetworkReady=false reason:NetworkPluginNotReady message:Network plugin returns error: cni plugin not initialized"}')
back = at(lost, 8 * 60 + 3.4)
t = lost
while t < back:
    kubelet(J, host, pid, t, 'E', 'kubelet.go:2874', NOT_READY)
    t = at(t, 5.0)
kubelet(J, host, pid, at(back, 0.5), 'I', 'kubelet_node_status.go:724', '"Recording event message for node" node="worker-3" event="NodeReady"')
kubelet(J, host, pid, at(back, 0.51), 'I', 'kubelet_node_status.go:493', '"Fast updating node status as it just became ready"')
for k in range(1, 12):
    kubelet(J, host, pid, at(back, 60 * k), 'I', 'kubelet.go:2328', '"SyncLoop (housekeeping)"')
J.sort(key=lambda l: l[:26] if not l.startswith('--') else '')
write(os.path.join(HERE, 'node-network-not-ready', 'nodes', host, 'kubelet.journal'), J)

# --- near miss: a node joining, its CNI's pod not running yet for 45 s
J = ['-- Journal begins at Tue 2024-10-08 09:58:40 UTC, ends at Tue 2024-10-08 10:12:02 UTC. --']
host, pid = 'worker-8', 912
start = datetime.datetime(2024, 10, 8, 10, 0, 3, 118000)
J.append(journal_line(start, host, 'systemd', 1, 'Started kubelet: The Kubernetes Node Agent.'))
kubelet(J, host, pid, at(start, 0.4), 'I', 'server.go:487', '"Kubelet version" kubeletVersion="v1.28.9"')
kubelet(J, host, pid, at(start, 2.2), 'I', 'server.go:1248', '"Started kubelet"')
kubelet(J, host, pid, at(start, 2.9), 'I', 'kubelet_node_status.go:76', '"Successfully registered node" node="worker-8"')
t = at(start, 3.0)
while t < at(start, 48.0):
    kubelet(J, host, pid, t, 'E', 'kubelet.go:2874', NOT_READY)
    t = at(t, 5.0)
kubelet(J, host, pid, at(start, 49.2), 'I', 'kubelet_node_status.go:493', '"Fast updating node status as it just became ready"')
for k in range(1, 11):
    kubelet(J, host, pid, at(start, 50 + 60 * k), 'I', 'kubelet.go:2328', '"SyncLoop (housekeeping)"')
write(os.path.join(HERE, 'node-network-startup-healthy', 'nodes', host, 'kubelet.journal'), J)
