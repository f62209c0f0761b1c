#!/usr/bin/env python3
# Writes samples/node-clock-step (worker-2 booted with its clock 200 s fast, chronyd set it back
# once it reached its time source; the node lifecycle controller, which counts a
# lease renewal only when it is later than the last one it saw, took the live node for lost until
# its clock passed the last renewal counted: NotReady, taints, pods marked not ready, and back some
# 10 s later each time the kubelet answered with its status, four times) and
# its near miss samples/clock-skew-silent-node (worker-2's clock a minute fast all along, then its
# kubelet really stopped: a silence, which node-heartbeat-gap names and node-clock-step does not).
# Deterministic: run it from anywhere.
import datetime, os
HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'samples')

def klog(t, sev, pid, gofile, msg):
    return f"{sev}{t.strftime('%m%d %H:%M:%S.%f')}       {pid} {gofile}] {msg}"

def go_time(t, zone='+0000 UTC'):
    return t.strftime('%Y-%m-%d %H:%M:%S ') + zone

def write(path, lines):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    open(path, 'w').write('\n'.join(lines) + '\n')

def controller(start, incident):
    """The controller's log: start-up, a steady stretch of other controllers' work, the incident's
    lines (seconds after start, gofile, message), healthy again."""
    at = lambda s: start + datetime.timedelta(seconds=s)
    L = [klog(at(0), 'I', 1, 'flags.go:64', 'FLAG: --node-monitor-grace-period="40s"'),
         klog(at(0.01), 'I', 1, 'flags.go:64', 'FLAG: --node-monitor-period="5s"'),
         klog(at(0.3), 'I', 1, 'controllermanager.go:196', '"Starting" version="v1.27.4"'),
         klog(at(1.2), 'I', 1, 'leaderelection.go:245', 'attempting to acquire leader lease kube-system/kube-controller-manager...'),
         klog(at(3.5), 'I', 1, 'leaderelection.go:255', 'successfully acquired lease kube-system/kube-controller-manager')]
    for n in ('cp-1', 'worker-1', 'worker-2', 'worker-3'):
        L.append(klog(at(5.1), 'I', 1, 'node_lifecycle_controller.go:884', f'"Controller observed a new Node" node="{n}"'))
    L.append(klog(at(5.2), 'I', 1, 'node_lifecycle_controller.go:1172', '"Controller detected that zone is now in new state" zone="" newState="Normal"'))
    events = []
    for k in range(0, 1500, 97):  # a deployment scaled, jobs run: the controller's ordinary day
        events.append((10 + k, 'I', 'event.go:307', f'"Event occurred" object="shop/web-7d9f8b6c5" fieldPath="" kind="ReplicaSet" apiVersion="apps/v1" type="Normal" reason="SuccessfulCreate" message="Created pod: web-7d9f8b6c5-{k:04x}"'))
    for k in range(300, 1500, 300):
        events.append((k, 'I', 'job_controller.go:523', f'"enqueueing job" key="batch/report-{28000000 + k}"'))
    events += incident
    for s, sev, gofile, msg in sorted(events):
        L.append(klog(at(s), sev, 1, gofile, msg))
    return L

def journal(host, lines):
    out = [f"-- Journal begins at Tue 2023-03-14 07:55:01 UTC, ends at Tue 2023-03-14 09:31:02 UTC. --"]
    for t, ident, pid, text in lines:
        out.append(f"{t.strftime('%b %d %H:%M:%S')} {host} {ident}[{pid}]: {text}")
    return out

def kubelet_line(t, pid, sev, gofile, msg):
    return (t, 'kubelet', pid, klog(t, sev, pid, gofile, msg))

# --- positive: worker-2's clock 200 s fast from boot, chronyd steps it back at 09:14:02
start = datetime.datetime(2023, 3, 14, 9, 0, 0, 212004)   # the controller's start, true time
step = datetime.datetime(2023, 3, 14, 9, 14, 2, 118000)   # true time of chronyd's step
fast = datetime.timedelta(seconds=200.004117)
lastCounted = step - datetime.timedelta(seconds=4.9)      # the last renewal the controller counted
lastStatus = datetime.datetime(2023, 3, 14, 9, 12, 31)    # the kubelet's last node status before the step, true time
s = lambda t: (t - start).total_seconds()
REASONS = {'Ready': ('True', 'KubeletReady', 'kubelet is posting ready status'),
           'MemoryPressure': ('False', 'KubeletHasSufficientMemory', 'kubelet has sufficient memory available'),
           'DiskPressure': ('False', 'KubeletHasNoDiskPressure', 'kubelet has no disk pressure'),
           'PIDPressure': ('False', 'KubeletHasSufficientPID', 'kubelet has sufficient PID available')}
incident = []
# The kubelet's renewals stop counting at the step: the controller gives up a grace period after
# the last one it counted, the kubelet answers its Unknown with a status some 10 s later, and so
# on until the kubelet's clock passes the last renewal counted (200 s on): four flaps.
counted, stamp, flap = lastCounted, lastStatus + fast, 0
while counted < lastCounted + fast:
    lost = counted + datetime.timedelta(seconds=40.5)
    for kind, (status, reason, message) in REASONS.items():
        incident.append((s(lost) + 0.0001, 'I', 'node_lifecycle_controller.go:958',
                         f'"Node hasn\'t been updated" logger="node-lifecycle-controller" node="worker-2" duration="{(lost - counted).total_seconds():.6f}s" nodeConditionType="{kind}" currentCondition="&NodeCondition{{Type:{kind},Status:{status},LastHeartbeatTime:{go_time(stamp)},LastTransitionTime:2023-03-14 08:02:17 +0000 UTC,Reason:{reason},Message:{message},}}"'))
    incident += [
        (s(lost) + 0.01, 'I', 'controller_utils.go:194', '"Recording status change event message for node" status="NodeNotReady" node="worker-2"'),
        (s(lost) + 0.011, 'I', 'controller_utils.go:121', '"Update ready status of pods on node" node="worker-2"'),
        (s(lost) + 0.02, 'I', 'controller_utils.go:140', '"Updating ready status of pod to false" pod="shop/web-7d9f8b6c5-02b2"'),
        (s(lost) + 0.03, 'I', 'event.go:307', '"Event occurred" object="worker-2" fieldPath="" kind="Node" apiVersion="v1" type="Normal" reason="NodeNotReady" message="Node worker-2 status is now: NodeNotReady"'),
        (s(lost) + 5.02, 'I', 'node_lifecycle_controller.go:817', f'"Node is unresponsive. Adding it to the Taint queue" node="worker-2" timeStamp="{(lost + datetime.timedelta(seconds=5.02)).strftime("%Y-%m-%d %H:%M:%S.%f")} +0000 UTC m=+{s(lost) + 5.02:.6f}"'),
        (s(lost) + 5.1, 'I', 'controller_utils.go:225', '"Added taint to node" taint=[{"key":"node.kubernetes.io/unreachable","effect":"NoSchedule","timeAdded":"%sZ"}] node="worker-2"' % lost.strftime('%Y-%m-%dT%H:%M:%S')),
        (s(lost) + 5.12, 'I', 'controller_utils.go:225', '"Added taint to node" taint=[{"key":"node.kubernetes.io/unreachable","effect":"NoExecute","timeAdded":"%sZ"}] node="worker-2"' % (lost + datetime.timedelta(seconds=5)).strftime('%Y-%m-%dT%H:%M:%S')),
    ]
    posted = lost + datetime.timedelta(seconds=9.2)   # the kubelet's status, answering the Unknown
    back = posted + datetime.timedelta(seconds=0.8)
    incident += [
        (s(back), 'I', 'node_lifecycle_controller.go:827', '"Node is healthy again, removed all taints" node="worker-2"'),
        (s(back) + 0.1, 'I', 'controller_utils.go:233', '"Made sure that node has no taint" node="worker-2" taint=[{"key":"node.kubernetes.io/unreachable","effect":"NoSchedule"}]'),
        (s(back) + 0.2, 'I', 'event.go:307', '"Event occurred" object="worker-2" fieldPath="" kind="Node" apiVersion="v1" type="Normal" reason="NodeReady" message="Node worker-2 status is now: NodeReady"'),
    ]
    counted, stamp = back, posted.replace(microsecond=0)
base = os.path.join(HERE, 'node-clock-step')
write(os.path.join(base, 'control-plane', 'kube-controller-manager.log'), controller(start, incident))

# worker-2's journal: the kubelet at -v=2 and chronyd, on the node's own clock (200 s fast until the step)
J = []
boot = datetime.datetime(2023, 3, 14, 8, 1, 58) + fast
J.append((boot, 'chronyd', 702, 'chronyd version 4.3 starting (+CMDMON +NTP +REFCLOCK +RTC +PRIVDROP +SCFILTER +SIGND +ASYNCDNS +NTS +SECHASH +IPV6 -DEBUG)'))
J.append((boot + datetime.timedelta(seconds=1), 'chronyd', 702, 'Could not resolve address of initial server ntp.corp.example'))
K = 1187
kt = boot + datetime.timedelta(seconds=14)
J.append(kubelet_line(kt, K, 'I', 'server.go:415', '"Kubelet version" kubeletVersion="v1.27.4"'))
J.append(kubelet_line(kt + datetime.timedelta(seconds=3), K, 'I', 'kubelet_node_status.go:76', '"Successfully registered node" node="worker-2"'))
t = kt + datetime.timedelta(seconds=40)
while t < step + fast - datetime.timedelta(seconds=20):
    J.append(kubelet_line(t, K, 'I', 'kubelet.go:2405', '"SyncLoop (PLEG): event for pod" pod="shop/web-7d9f8b6c5-02b2" event={"ID":"5f2a3c1e-0d7b-4c8e-9a61-2b3c4d5e6f70","Type":"ContainerStarted","Data":"9e1b"}'))
    t += datetime.timedelta(seconds=311)
J.append((step + fast - datetime.timedelta(seconds=0.2), 'chronyd', 702, 'Selected source 10.20.0.1'))
J.append((step + fast - datetime.timedelta(seconds=0.1), 'chronyd', 702, 'System clock wrong by -200.004117 seconds'))
J.append((step, 'chronyd', 702, 'System clock was stepped by -200.004117 seconds'))
J.append((step + datetime.timedelta(seconds=0.01), 'chronyd', 702, 'System clock TAI offset set to 37 seconds'))
t = step + datetime.timedelta(seconds=58)
while t < datetime.datetime(2023, 3, 14, 9, 31):
    J.append(kubelet_line(t, K, 'I', 'kubelet.go:2405', '"SyncLoop (PLEG): event for pod" pod="shop/web-7d9f8b6c5-02b2" event={"ID":"5f2a3c1e-0d7b-4c8e-9a61-2b3c4d5e6f70","Type":"ContainerStarted","Data":"9e1b"}'))
    t += datetime.timedelta(seconds=173)
write(os.path.join(base, 'worker-2', 'journal.txt'), journal('worker-2', J))

# --- near miss: worker-2's clock a minute fast all along; its kubelet then stopped for real
fast = datetime.timedelta(seconds=62)
stop = datetime.datetime(2023, 3, 14, 9, 14, 2, 118000)    # the kubelet's last renewal, true time
lastStatus = datetime.datetime(2023, 3, 14, 9, 12, 31)     # its last node status, true time
lost = stop + datetime.timedelta(seconds=40.5)
back = datetime.datetime(2023, 3, 14, 9, 19, 40, 300000)
incident = [
    (s(lost) + 0.0001, 'I', 'node_lifecycle_controller.go:958',
     f'"Node hasn\'t been updated" logger="node-lifecycle-controller" node="worker-2" duration="{(lost - stop).total_seconds():.6f}s" nodeConditionType="Ready" currentCondition="&NodeCondition{{Type:Ready,Status:True,LastHeartbeatTime:{go_time(lastStatus + fast)},LastTransitionTime:2023-03-14 08:02:17 +0000 UTC,Reason:KubeletReady,Message:kubelet is posting ready status,}}"'),
    (s(lost) + 0.01, 'I', 'controller_utils.go:194', '"Recording status change event message for node" status="NodeNotReady" node="worker-2"'),
    (s(lost) + 0.011, 'I', 'controller_utils.go:121', '"Update ready status of pods on node" node="worker-2"'),
    (s(lost) + 5.02, 'I', 'node_lifecycle_controller.go:817', f'"Node is unresponsive. Adding it to the Taint queue" node="worker-2" timeStamp="{(lost + datetime.timedelta(seconds=5.02)).strftime("%Y-%m-%d %H:%M:%S.%f")} +0000 UTC m=+{s(lost) + 5.02:.6f}"'),
    (s(back) + 1.5, 'I', 'node_lifecycle_controller.go:827', '"Node is healthy again, removed all taints" node="worker-2"'),
]
base = os.path.join(HERE, 'clock-skew-silent-node')
write(os.path.join(base, 'control-plane', 'kube-controller-manager.log'), controller(start, incident))
J = []
kt = datetime.datetime(2023, 3, 14, 8, 2, 12) + fast
J.append(kubelet_line(kt, K, 'I', 'server.go:415', '"Kubelet version" kubeletVersion="v1.27.4"'))
t = kt + datetime.timedelta(seconds=40)
while t < stop + fast:
    J.append(kubelet_line(t, K, 'I', 'kubelet.go:2405', '"SyncLoop (PLEG): event for pod" pod="shop/web-7d9f8b6c5-02b2" event={"ID":"5f2a3c1e-0d7b-4c8e-9a61-2b3c4d5e6f70","Type":"ContainerStarted","Data":"9e1b"}'))
    t += datetime.timedelta(seconds=311)
J.append((stop + fast + datetime.timedelta(seconds=1), 'systemd', 1, 'Stopping kubelet: The Kubernetes Node Agent...'))
J.append((stop + fast + datetime.timedelta(seconds=1.2), 'systemd', 1, 'kubelet.service: Deactivated successfully.'))
J.append((stop + fast + datetime.timedelta(seconds=1.3), 'systemd', 1, 'Stopped kubelet: The Kubernetes Node Agent.'))
J.append((back + fast - datetime.timedelta(seconds=6), 'systemd', 1, 'Started kubelet: The Kubernetes Node Agent.'))
J.append(kubelet_line(back + fast - datetime.timedelta(seconds=5), 2533, 'I', 'server.go:415', '"Kubelet version" kubeletVersion="v1.27.4"'))
write(os.path.join(base, 'worker-2', 'journal.txt'), journal('worker-2', J))
