#pragma once
// Which component wrote a file and on which node, from its path. Content (journald
// identifiers, klog file names) refines this later; the user can override both.
#include <string>
#include <string_view>

namespace kubelane::core {

struct SourceIdentity {
    std::string component; // "" = unknown
    std::string node;      // "" = unknown
    std::string origin;    // what the guess is based on
    // Named by a folder, not by the file's own name: a folder may be named after the
    // incident ("etcd-outage/kcm.log"), so what the lines say outweighs it.
    bool componentFromFolder = false;
    // Named by the one heading over a paste: a line of another component's Go file under it
    // says the paste holds more than that log.
    bool componentFromHeading = false;
    // Named by the first lines of a large file whose path names none (SourceParser): the rest
    // of its lines may say otherwise, as they may outweigh a folder's name.
    bool componentFromHead = false;
};

SourceIdentity identityFromPath(std::string_view path);
// Component name for a journald identifier or process name ("kubelet", "dockerd", "systemd").
// Returns a static name, or `identifier` itself when it names no known component.
std::string_view componentForProcess(std::string_view identifier);
// Journald identifiers whose klog lines may come from any of several components, so each
// line's component is the one its Go file belongs to (falling back to componentForProcess):
// - one binary of several components: k3s (server: apiserver, controller manager, scheduler,
//   kubelet; agent: kubelet, proxy), MicroK8s' kubelite, and hyperkube (`hyperkube kubelet`,
//   `hyperkube controller-manager`, as CoreOS and Fedora ran them);
// - docker, which logs through logrus, never klog: a klog line under its name is a container's
//   output, such as a kubelet run by `docker run` in a systemd unit (acs-engine, early AKS).
bool goFileNamesComponent(std::string_view identifier);
// Component implied by the Go file that logged a klog line, when the path told us nothing
// ("" when it implies none).
std::string_view componentForGoFile(std::string_view file);
// Components that run once per cluster rather than on every node: their lines are about
// the node they name, not the host they ran on.
bool isControlPlaneComponent(std::string_view component);
// Kubernetes' own processes, and the distributions that run several of them in one (k3s,
// RKE2, k0s, MicroK8s' kubelite, hyperkube): not a pod's program that logs through klog too.
bool isKubernetesProcess(std::string_view component);
// Kubernetes' components other than the kubelet, each its own process: the control plane's
// (not etcd, which is not Kubernetes' code) and kube-proxy.
bool isSingleComponentBesidesKubelet(std::string_view component);
// The processes that live through a panic HandleCrash logs: the kubelet turns its ReallyCrash
// off (--really-crash-for-testing, false), for itself and whatever runs in the same process.
bool letsPanicsLive(std::string_view component);
// The one component a lower-case text names as a word, by its full name or the short name
// binary installs use ("controller-manager"); "" when it names none, or two.
std::string_view componentNamedIn(std::string_view lower);
// The control-plane component a leader-election lease is named for
// ("kube-system/cloud-controller-manager"), or "": a process of several (k3s, RKE2,
// hyperkube) logs every elector's lines from one Go file, and a bare log names no process;
// only the lease tells them apart.
std::string_view componentOfLease(std::string_view lease);
// What a machine with no hostname set prints ("localhost", "(none)"): shared by unrelated machines.
bool isPlaceholderHost(std::string_view host);

} // namespace kubelane::core
