#!/usr/bin/env python3
# Writes samples/container-runtime-down (containerd OOM-killed and unable to restart for 4 min: the
# kubelet's checks refused, its "container runtime is down" verdict, NotReady, PLEG not healthy as a
# consequence, Ready again) and its near miss samples/runtime-restart-healthy (an operator's
# containerd restart, a kubelet restart). Deterministic: run it from anywhere.
import datetime, os
def journal(path, host, start, entries):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    out=["-- Journal begins at Mon 2024-04-08 06:00:01 UTC, ends at Tue 2024-04-09 10:30:00 UTC. --"]
    for sec, ident, pid, sev, gofile, msg in entries:
        t=start+datetime.timedelta(seconds=sec)
        env=t.strftime('%b %d %H:%M:%S.%f')
        if sev is None:
            out.append(f"{env} {host} {ident}[{pid}]: {msg}")
        else:
            h=(t-datetime.timedelta(microseconds=412)).strftime('%m%d %H:%M:%S.%f')
            out.append(f"{env} {host} {ident}[{pid}]: {sev}{h}    {pid} {gofile}] {msg}")
    open(path,'w').write('\n'.join(out)+'\n')

REFUSED='rpc error: code = Unavailable desc = connection error: desc = \\"transport: Error while dialing: dial unix /run/containerd/containerd.sock: connect: connection refused\\"'
def kubelet_noise(e, t0, t1, pid):
    s=t0
    while s<t1:
        if s % 120 == 40:
            e.append((s,'kubelet',pid,'I','prober.go:107','"Probe failed" probeType="Readiness" pod="shop/web-7d9f8b6c5-k2x8p" podUID="6f1e2d3c-4b5a-4c69-8a7b-1c2d3e4f5a6b" containerName="web" probeResult="failure" output="HTTP probe failed with statuscode: 503"'))
        e.append((s+3,'kubelet',pid,'I','kubelet_getters.go:187','"Pod status updated" pod="kube-system/kube-proxy-9xk2p" status="Running"'))
        s+=40

# --- positive: containerd killed, fails to restart (bad config) for ~4 min
start=datetime.datetime(2024,4,9,10,0,0,118000)
K=2614
e=[]
kubelet_noise(e,0,60,K)
# containerd OOM-killed at 61 s
C=[]
C.append((61,'systemd',1,None,None,'containerd.service: A process of this unit has been killed by the OOM killer.'))
C.append((61.2,'systemd',1,None,None,'containerd.service: Main process exited, code=killed, status=9/KILL'))
C.append((61.3,'systemd',1,None,None,"containerd.service: Failed with result 'oom-kill'."))
for k in range(1,5):
    C.append((61.3+5*k,'systemd',1,None,None,'containerd.service: Scheduled restart job, restart counter is at %d.'%k))
    C.append((61.4+5*k,'containerd',3100+k,None,None,'time="2024-04-09T10:01:%02d.%06dZ" level=fatal msg="failed to load plugin io.containerd.grpc.v1.cri" error="invalid plugin config: open /etc/containerd/certs.d: permission denied"' % (int(1.4+5*k), 500000)))
    C.append((61.5+5*k,'systemd',1,None,None,'containerd.service: Main process exited, code=exited, status=1/FAILURE'))
C.append((82,'systemd',1,None,None,'containerd.service: Start request repeated too quickly.'))
C.append((82.1,'systemd',1,None,None,"containerd.service: Failed with result 'exit-code'."))
C.append((82.2,'systemd',1,None,None,'Failed to start containerd container runtime.'))
# kubelet: checks fail every 5 s from 63
for s in range(63, 305, 5):
    e.append((s,'kubelet',K,'E','kubelet.go:2867','"Container runtime sanity check failed" err="%s"' % REFUSED))
for s in range(64, 305, 10):
    e.append((s,'kubelet',K,'E','remote_runtime.go:294','"ListPodSandbox with filter from runtime service failed" err="%s" filter="nil"' % REFUSED))
    e.append((s+0.01,'kubelet',K,'E','generic.go:238','"GenericPLEG: Unable to retrieve pods" err="%s"' % REFUSED))
for s in range(94, 305, 5):
    e.append((s+0.5,'kubelet',K,'E','kubelet.go:2364','"Skipping pod synchronization" err="container runtime is down"' if s<245 else '"Skipping pod synchronization" err="[container runtime is down, PLEG is not healthy: pleg was last seen active %dm%ds ago; threshold is 3m0s]"' % ((s-62)//60, (s-62)%60)))
e.append((97,'kubelet',K,'I','setters.go:568','"Node became not ready" node="worker-5" condition={"type":"Ready","status":"False","lastHeartbeatTime":"2024-04-09T10:01:37Z","lastTransitionTime":"2024-04-09T10:01:37Z","reason":"KubeletNotReady","message":"container runtime is down"}'))
# operator fixes config, starts containerd at 305
C.append((303,'systemd',1,None,None,'Starting containerd container runtime...'))
C.append((304,'containerd',3300,None,None,'time="2024-04-09T10:05:04.118000Z" level=info msg="starting containerd" revision=ae71819c4f5e67bb4d5ae76a6b735f29cc25774e version=v1.7.13'))
C.append((304.9,'containerd',3300,None,None,'time="2024-04-09T10:05:04.918000Z" level=info msg="containerd successfully booted in 0.802s"'))
C.append((305,'systemd',1,None,None,'Started containerd container runtime.'))
e.append((308,'kubelet',K,'I','kubelet_node_status.go:493','"Fast updating node status as it just became ready"'))
e.append((308.2,'kubelet',K,'I','kubelet_node_status.go:679','"Recording event message for node" node="worker-5" event="NodeReady"'))
kubelet_noise(e,320,420,K)
e.sort(key=lambda x:x[0]); C.sort(key=lambda x:x[0])
base=os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'samples') + '/container-runtime-down/nodes/worker-5/'
journal(base+'kubelet.log','worker-5',start,e)
journal(base+'containerd.log','worker-5',start,C)

# --- negative: an operator restarts containerd (one failed check, 3 s); a kubelet restart
start=datetime.datetime(2024,4,10,9,0,0,118000)
e=[]; C=[]
kubelet_noise(e,0,60,K)
C.append((61,'systemd',1,None,None,'Stopping containerd container runtime...'))
C.append((61.4,'systemd',1,None,None,'containerd.service: Deactivated successfully.'))
C.append((61.5,'systemd',1,None,None,'Stopped containerd container runtime.'))
C.append((61.6,'systemd',1,None,None,'Starting containerd container runtime...'))
C.append((62.0,'containerd',3400,None,None,'time="2024-04-10T09:01:02.118000Z" level=info msg="starting containerd" revision=ae71819c4f5e67bb4d5ae76a6b735f29cc25774e version=v1.7.13'))
C.append((63.9,'containerd',3400,None,None,'time="2024-04-10T09:01:04.018000Z" level=info msg="containerd successfully booted in 1.9s"'))
C.append((64,'systemd',1,None,None,'Started containerd container runtime.'))
e.append((62.5,'kubelet',K,'E','kubelet.go:2867','"Container runtime sanity check failed" err="%s"' % REFUSED))
e.append((62.6,'kubelet',K,'E','remote_runtime.go:294','"ListPodSandbox with filter from runtime service failed" err="%s" filter="nil"' % REFUSED))
e.append((62.61,'kubelet',K,'E','generic.go:238','"GenericPLEG: Unable to retrieve pods" err="%s"' % REFUSED))
kubelet_noise(e,70,200,K)
# kubelet restart at 200: start-up noise
K2=2790
e.append((200,'systemd',1,None,None,'Stopping kubelet: The Kubernetes Node Agent...'))
e.append((200.3,'systemd',1,None,None,'kubelet.service: Deactivated successfully.'))
e.append((200.4,'systemd',1,None,None,'Stopped kubelet: The Kubernetes Node Agent.'))
e.append((200.5,'systemd',1,None,None,'Started kubelet: The Kubernetes Node Agent.'))
e.append((200.9,'kubelet',K2,'I','server.go:487','"Kubelet version" kubeletVersion="v1.28.8"'))
e.append((201.8,'kubelet',K2,'I','kubelet.go:2316','"Starting kubelet main sync loop"'))
e.append((201.81,'kubelet',K2,'E','kubelet.go:2340','"Skipping pod synchronization" err="[container runtime status check may not have completed yet, PLEG is not healthy: pleg has yet to be successful]"'))
e.append((202.5,'kubelet',K2,'I','kubelet_node_status.go:73','"Attempting to register node" node="worker-5"'))
e.append((202.6,'kubelet',K2,'I','kubelet_node_status.go:108','"Node was previously registered" node="worker-5"'))
kubelet_noise(e,210,330,K2)
e.sort(key=lambda x:x[0]); C.sort(key=lambda x:x[0])
base=os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'samples') + '/runtime-restart-healthy/nodes/worker-5/'
journal(base+'kubelet.log','worker-5',start,e)
journal(base+'containerd.log','worker-5',start,C)
