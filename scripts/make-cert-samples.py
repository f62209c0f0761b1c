#!/usr/bin/env python3
# Writes samples/kubelet-client-cert-expired (worker-4 was powered off over a maintenance window
# past its kubelet client certificate's end of validity: at boot the kubelet finds it expired, has
# no bootstrap kubeconfig to fall back to, exits, and systemd restarts it in a loop; the controller
# has had no heartbeat since the power-off) and its near miss samples/kubelet-cert-rotation-healthy
# (a kubelet rotating its client certificate on time, and an apiserver turning away some other
# client whose certificate expired). Deterministic: run it from anywhere.
import datetime, os
import sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from samplelib import SAMPLES as HERE, at, controller_loses, controller_start, journal_line, klog, write

# --- positive
day = datetime.datetime(2024, 6, 22, 0, 0, 0)
off = datetime.datetime(2024, 6, 22, 6, 2, 11, 304000)   # worker-4 powered off
boot = datetime.datetime(2024, 6, 22, 9, 41, 7, 0)       # and back after the window
notAfter = '2024-06-22 07:15:42 +0000 UTC'
J = ['-- Journal begins at Mon 2024-06-17 06:00:01 UTC, ends at Sat 2024-06-22 09:44:12 UTC. --']
K = 1120
# before the window: an ordinary kubelet
for k in range(0, 7):
    t = at(datetime.datetime(2024, 6, 22, 5, 40, 0, 118000), 180 * k)
    J.append(journal_line(t, 'worker-4', 'kubelet', K, klog(t, 'I', K, 'kubelet.go:2440', '"SyncLoop (PLEG): event for pod" pod="shop/cart-5b8c7d9f4-qq7ks" event={"ID":"3c0e4a1b-5d6f-4a8b-9c0d-1e2f3a4b5c6d","Type":"ContainerStarted","Data":"a1b2"}')))
J.append(journal_line(at(off, -2), 'worker-4', 'systemd', 1, 'Stopping kubelet: The Kubernetes Node Agent...'))
J.append(journal_line(at(off, -1.8), 'worker-4', 'systemd', 1, 'kubelet.service: Deactivated successfully.'))
J.append(journal_line(at(off, -1.7), 'worker-4', 'systemd', 1, 'Stopped kubelet: The Kubernetes Node Agent.'))
J.append('-- Boot 6f1c2e3d4a5b4c6d8e9f0a1b2c3d4e5f --')
for n in range(6):
    start = at(boot, 22 + 11 * n)
    pid = 2210 + 37 * n
    J.append(journal_line(start, 'worker-4', 'systemd', 1, 'Started kubelet: The Kubernetes Node Agent.'))
    t = at(start, 0.31)
    J.append(journal_line(t, 'worker-4', 'kubelet', pid, 'Flag --container-runtime-endpoint has been deprecated, This parameter should be set via the config file specified by the Kubelet\'s --config flag. See https://kubernetes.io/docs/tasks/administer-cluster/kubelet-config-file/ for more information.'))
    t = at(start, 0.52)
    J.append(journal_line(t, 'worker-4', 'kubelet', pid, klog(t, 'I', pid, 'server.go:467', '"Kubelet version" kubeletVersion="v1.28.9"')))
    t = at(start, 0.53)
    J.append(journal_line(t, 'worker-4', 'kubelet', pid, klog(t, 'I', pid, 'server.go:469', '"Golang settings" GOGC="" GOMAXPROCS="" GOTRACEBACK=""')))
    t = at(start, 0.71)
    J.append(journal_line(t, 'worker-4', 'kubelet', pid, klog(t, 'E', pid, 'bootstrap.go:266', f'part of the existing bootstrap client certificate in /etc/kubernetes/kubelet.conf is expired: {notAfter}')))
    t = at(start, 0.72)
    J.append(journal_line(t, 'worker-4', 'kubelet', pid, klog(t, 'E', pid, 'run.go:74', '"command failed" err="failed to run Kubelet: unable to load bootstrap kubeconfig: stat /etc/kubernetes/bootstrap-kubelet.conf: no such file or directory"')))
    J.append(journal_line(at(start, 0.75), 'worker-4', 'systemd', 1, 'kubelet.service: Main process exited, code=exited, status=1/FAILURE'))
    J.append(journal_line(at(start, 0.76), 'worker-4', 'systemd', 1, "kubelet.service: Failed with result 'exit-code'."))
    J.append(journal_line(at(start, 10.8), 'worker-4', 'systemd', 1, f'kubelet.service: Scheduled restart job, restart counter is at {n + 1}.'))
    J.append(journal_line(at(start, 10.81), 'worker-4', 'systemd', 1, 'Stopped kubelet: The Kubernetes Node Agent.'))
base = os.path.join(HERE, 'kubelet-client-cert-expired')
write(os.path.join(base, 'nodes', 'worker-4', 'kubelet.journal'), J)

# the controller: worker-4 silent from the power-off
C = controller_start(datetime.datetime(2024, 6, 22, 5, 30, 0, 402000), 'v1.28.9', ('cp-1', 'worker-3', 'worker-4'))
c0 = datetime.datetime(2024, 6, 22, 5, 30, 0, 402000)
lost = at(off, 40.7)
C += controller_loses(lost, 'worker-4', '42.10192s', '2024-06-22 05:58:29', '2024-06-17 06:10:12')
C.append(klog(at(lost, 5.0), 'I', 1, 'node_lifecycle_controller.go:817', f'"Node is unresponsive. Adding it to the Taint queue" node="worker-4" timeStamp="{at(lost, 5).strftime("%Y-%m-%d %H:%M:%S.%f")} +0000 UTC m=+2087.2"'))
for k in range(1, 18):
    t = at(c0, 900 * k + 17.3)
    C.append(klog(t, 'I', 1, 'event.go:307', f'"Event occurred" object="shop/cart-5b8c7d9f4" fieldPath="" kind="ReplicaSet" apiVersion="apps/v1" type="Normal" reason="SuccessfulCreate" message="Created pod: cart-5b8c7d9f4-{k:05x}"'))
C.sort(key=lambda l: l[1:21])
write(os.path.join(base, 'control-plane', 'kube-controller-manager.log'), C)

# --- near miss: a client certificate rotated on time; someone else's expired one turned away
J = ['-- Journal begins at Mon 2024-06-17 06:00:01 UTC, ends at Sat 2024-06-22 10:12:40 UTC. --']
t0 = datetime.datetime(2024, 6, 22, 9, 50, 0, 210000)
K = 1120
lines = [
    (0, 'I', 'certificate_manager.go:356', 'kubernetes.io/kube-apiserver-client-kubelet: Rotating certificates'),
    (0.4, 'I', 'csr.go:261', 'certificate signing request csr-7x2kq is approved, waiting to be issued'),
    (0.6, 'I', 'csr.go:257', 'certificate signing request csr-7x2kq is issued'),
    (0.61, 'I', 'certificate_store.go:130', 'Loading cert/key pair from "/var/lib/kubelet/pki/kubelet-client-current.pem".'),
    (0.63, 'I', 'certificate_manager.go:540', 'kubernetes.io/kube-apiserver-client-kubelet: Certificate expiration is 2025-06-22 09:45:00 +0000 UTC, rotation deadline is 2025-04-17 02:11:39.204101 +0000 UTC'),
    (0.64, 'I', 'certificate_manager.go:356', 'kubernetes.io/kube-apiserver-client-kubelet: Waiting 7144h21m38.9s for next certificate rotation'),
    (9.8, 'I', 'transport.go:157', '"Certificate rotation detected, shutting down client connections to start using new credentials"'),
]
for k in range(0, 6):
    lines.append((40 + 120 * k, 'I', 'kubelet.go:2440', '"SyncLoop (PLEG): event for pod" pod="shop/cart-5b8c7d9f4-qq7ks" event={"ID":"3c0e4a1b-5d6f-4a8b-9c0d-1e2f3a4b5c6d","Type":"ContainerStarted","Data":"a1b2"}'))
for s, sev, gofile, msg in sorted(lines):
    t = at(t0, s)
    J.append(journal_line(t, 'worker-4', 'kubelet', K, klog(t, sev, K, gofile, msg)))
base = os.path.join(HERE, 'kubelet-cert-rotation-healthy')
write(os.path.join(base, 'nodes', 'worker-4', 'kubelet.journal'), J)
A = []
a0 = datetime.datetime(2024, 6, 22, 9, 49, 0, 51000)
for k in range(0, 8):
    t = at(a0, 75 * k + 3.2)
    A.append(klog(t, 'E', 1, 'authentication.go:73', '"Unable to authenticate the request" err="[x509: certificate has expired or is not yet valid: current time %s is after 2024-05-30T12:00:00Z, verifying certificate SN=1184327, SKID=, AKID=4F:21:9C failed: x509: certificate signed by unknown authority]"' % t.strftime('%Y-%m-%dT%H:%M:%SZ')))
write(os.path.join(base, 'control-plane', 'kube-apiserver.log'), A)
