# What the sample generators (scripts/make-*-samples.py) write lines with: klog headers,
# journal lines (-o short-iso-precise), the node lifecycle controller losing a node, files.
import datetime, os

SAMPLES = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'samples')


def at(t0, seconds):
    return t0 + datetime.timedelta(seconds=seconds)


def klog(t, sev, pid, gofile, msg, pad=4):
    """A klog text line: 'I0622 05:40:00.118000    1120 kubelet.go:2440] msg' (pad: spaces before the pid)."""
    return f"{sev}{t.strftime('%m%d %H:%M:%S.%f')}{' ' * pad}{pid} {gofile}] {msg}"


def journal_line(t, host, ident, pid, text):
    return f"{t.strftime('%Y-%m-%dT%H:%M:%S.%f')}+0000 {host} {ident}[{pid}]: {text}"


def write(path, lines):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    open(path, 'w').write('\n'.join(lines) + '\n')


def controller_start(c0, version, nodes, grace='40s', lease_line='leaderelection.go:260', start_line='controllermanager.go:189'):
    """The controller manager's first lines: its grace flag, its version, its lease, the nodes it observes."""
    C = [klog(c0, 'I', 1, 'flags.go:64', f'FLAG: --node-monitor-grace-period="{grace}"'),
         klog(at(c0, 0.2), 'I', 1, start_line, f'"Starting" version="{version}"'),
         klog(at(c0, 2.1), 'I', 1, lease_line, 'successfully acquired lease kube-system/kube-controller-manager')]
    for n in nodes:
        C.append(klog(at(c0, 3.0), 'I', 1, 'node_lifecycle_controller.go:884', f'"Controller observed a new Node" node="{n}"'))
    return C


def controller_loses(lost, node, duration, heartbeat, transition):
    """The controller's lines as it gives up on a node: hasn't been updated, NodeNotReady, pods not ready."""
    return [klog(lost, 'I', 1, 'node_lifecycle_controller.go:1071', f'"Node hasn\'t been updated" node="{node}" duration="{duration}" nodeConditionType="Ready" currentCondition="&NodeCondition{{Type:Ready,Status:True,LastHeartbeatTime:{heartbeat} +0000 UTC,LastTransitionTime:{transition} +0000 UTC,Reason:KubeletReady,Message:kubelet is posting ready status,}}"'),
            klog(at(lost, 0.01), 'I', 1, 'controller_utils.go:194', f'"Recording status change event message for node" status="NodeNotReady" node="{node}"'),
            klog(at(lost, 0.02), 'I', 1, 'controller_utils.go:121', f'"Update ready status of pods on node" node="{node}"')]
