#include "sourceidentity.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <vector>

namespace kubelane::core {

namespace {

constexpr std::array<std::string_view, 9> kComponents{"kube-controller-manager",
                                                      "kube-apiserver",
                                                      "kube-scheduler",
                                                      "kube-proxy",
                                                      "cloud-controller-manager",
                                                      "kubelet",
                                                      "etcd",
                                                      "containerd",
                                                      "dockerd"};

// The names binary installs give a component's log ("controller-manager.log").
constexpr std::array<std::pair<std::string_view, std::string_view>, 3> kShortNames{
    {{"apiserver", "kube-apiserver"}, {"controller-manager", "kube-controller-manager"}, {"scheduler", "kube-scheduler"}}};

bool isWordChar(char c)
{
    return std::isalnum(static_cast<unsigned char>(c)) != 0;
}

std::vector<std::string_view> splitPath(std::string_view path)
{
    std::vector<std::string_view> parts;
    size_t i = 0;
    while (i <= path.size()) {
        size_t e = path.find_first_of("/!", i);
        if (e == std::string_view::npos)
            e = path.size();
        if (e > i)
            parts.push_back(path.substr(i, e - i));
        i = e + 1;
    }
    return parts;
}

bool contains(std::string_view s, std::string_view what)
{
    return s.find(what) != std::string_view::npos;
}

// "kube-apiserver-master1_kube-system_..." or "kube-system_kube-apiserver-master1_<uid>"
std::string nodeAfterComponent(std::string_view part, std::string_view component)
{
    size_t at = part.find(component);
    while (at != std::string_view::npos && (at + component.size() >= part.size() || part[at + component.size()] != '-'))
        at = part.find(component, at + 1);
    if (at == std::string_view::npos)
        return {};
    const size_t start = at + component.size() + 1;
    const size_t end = part.find('_', start);
    if (end == std::string_view::npos || end == start)
        return {};
    return std::string(part.substr(start, end - start));
}

} // namespace

std::string_view componentForProcess(std::string_view id)
{
    if (id == "dockerd" || id == "docker")
        return "dockerd";
    if (id == "kubenswrapper" || id == "hyperkube")
        return "kubelet";
    // OpenShift 3.x: the node process runs the kubelet (and the proxy, the SDN) in one binary;
    // the master's controllers process the controller manager (and, until 3.10, the scheduler).
    if (id == "origin-node" || id == "atomic-openshift-node")
        return "kubelet";
    if (id == "origin-master-controllers" || id == "atomic-openshift-master-controllers")
        return "kube-controller-manager";
    if (id == "origin-master-api" || id == "atomic-openshift-master-api")
        return "kube-apiserver";
    if (id == "systemd" || id == "init")
        return "systemd";
    // microk8s before kubelite (1.18-1.20): a snap daemon per component, under the snap's names
    // ("microk8s.daemon-controller-manager", unit "snap.microk8s.daemon-apiserver").
    for (std::string_view snap : {"snap.microk8s.daemon-", "microk8s.daemon-"})
        if (id.starts_with(snap) && id != "microk8s.daemon-kubelite") {
            const std::string_view daemon = id.substr(snap.size());
            static constexpr std::array<std::pair<std::string_view, std::string_view>, 4> kKubeNamed{
                {{"apiserver", "kube-apiserver"},
                 {"controller-manager", "kube-controller-manager"},
                 {"scheduler", "kube-scheduler"},
                 {"proxy", "kube-proxy"}}};
            for (const auto &[short_, full] : kKubeNamed)
                if (daemon == short_)
                    return full;
            return componentForProcess(daemon);
        }
    for (auto c : kComponents)
        if (id.starts_with(c) && (id.size() == c.size() || id[c.size()] == '-' || id[c.size()] == '.'))
            return c;
    return id;
}

bool goFileNamesComponent(std::string_view identifier)
{
    // journald identifiers and unit-derived names: "k3s", "k3s-server"/"k3s-agent" (some
    // installs), "kubelite" and the snap's "microk8s.daemon-kubelite", OpenShift 3.x's node and
    // controllers processes.
    // A shell or launcher that runs the binary without exec ("bash[8907]: I0329 ... kubelet.go",
    // kubernetes#71869) names no component either: the Go file does.
    static constexpr std::array<std::string_view, 18> kHosts{"k3s",
                                                             "k3s-server",
                                                             "k3s-agent",
                                                             "kubelite",
                                                             "microk8s.daemon-kubelite",
                                                             "hyperkube",
                                                             "docker",
                                                             "dockerd",
                                                             "origin-node",
                                                             "atomic-openshift-node",
                                                             "origin-master-controllers",
                                                             "atomic-openshift-master-controllers",
                                                             "bash",
                                                             "sh",
                                                             "dash",
                                                             "env",
                                                             "sudo",
                                                             "nohup"};
    return std::find(kHosts.begin(), kHosts.end(), identifier) != kHosts.end();
}

std::string_view componentForGoFile(std::string_view file)
{
    // client-go's leaderelection.go is every control-plane component's: the lease its lines
    // name says whose (SourceParser::electorOrigin).
    if (contains(file, "node_lifecycle_controller") || contains(file, "taint_manager") || contains(file, "controllermanager"))
        return "kube-controller-manager";
    if (contains(file, "httplog") || contains(file, "wrap.go") || contains(file, "apiserver"))
        return "kube-apiserver";
    if (contains(file, "kubelet") || contains(file, "prober") || contains(file, "pleg") || contains(file, "kuberuntime")
        || contains(file, "status_manager") || contains(file, "pod_workers") || contains(file, "docker_"))
        return "kubelet";
    return {};
}

std::string_view componentNamedIn(std::string_view lower)
{
    std::string_view named;
    auto see = [&](std::string_view name, std::string_view component) {
        for (std::size_t at = lower.find(name); at != std::string_view::npos; at = lower.find(name, at + 1)) {
            const std::size_t end = at + name.size();
            if ((at > 0 && (isWordChar(lower[at - 1]) || lower[at - 1] == '-'))
                || (end < lower.size() && std::isalpha(static_cast<unsigned char>(lower[end]))))
                continue; // inside a longer name: "scheduler" of "kube-scheduler", "descheduler"
            if (!named.empty() && named != component)
                return false;
            named = component;
        }
        return true;
    };
    for (const std::string_view c : kComponents)
        if (!see(c, c))
            return {};
    for (const auto &[name, component] : kShortNames)
        if (!see(name, component))
            return {};
    return named;
}

std::string_view componentOfLease(std::string_view lease)
{
    const std::string_view name = lease.substr(lease.find('/') + 1);
    return isControlPlaneComponent(name) ? name : std::string_view{};
}

bool isControlPlaneComponent(std::string_view c)
{
    return c == "kube-apiserver" || c == "kube-controller-manager" || c == "kube-scheduler" || c == "etcd"
        || c == "cloud-controller-manager";
}

namespace {
bool runsSeveralComponents(std::string_view c)
{
    return c.starts_with("k3s") || c.starts_with("rke2") || c.starts_with("k0s") || c == "kubelite";
}
} // namespace

bool isKubernetesProcess(std::string_view c)
{
    if (c == "etcd") // a control-plane process, not Kubernetes' code
        return false;
    return isControlPlaneComponent(c) || c == "kubelet" || c == "kube-proxy" || c == "hyperkube" || runsSeveralComponents(c);
}

bool isSingleComponentBesidesKubelet(std::string_view c)
{
    return c != "etcd" && (isControlPlaneComponent(c) || c == "kube-proxy");
}

bool letsPanicsLive(std::string_view c)
{
    return c == "kubelet" || runsSeveralComponents(c);
}

bool isPlaceholderHost(std::string_view host)
{
    return host.empty() || host == "localhost" || host.starts_with("localhost.") || host == "(none)";
}

SourceIdentity identityFromPath(std::string_view path)
{
    SourceIdentity id;
    const auto parts = splitPath(path);
    for (size_t i = 0; i < parts.size(); ++i) {
        const std::string_view part = parts[i];
        // nodes/<node>/...
        if ((part == "nodes" || part == "node") && i + 2 < parts.size() && id.node.empty()) {
            id.node = std::string(parts[i + 1]);
            id.origin = "path (nodes/<node>/)";
        }
        for (auto c : kComponents) {
            if (!contains(part, c))
                continue;
            // kubelet matches inside "kube-controller-manager"? No: checked in order, first wins.
            // The deepest part that names one wins: a file's own name says more than the
            // folder someone put it in ("etcd-timeouts/kube-controller-manager.log").
            id.component = std::string(c);
            id.componentFromFolder = i + 1 < parts.size();
            if (id.node.empty()) {
                id.node = nodeAfterComponent(part, c);
                if (!id.node.empty())
                    id.origin = "path (static pod name)";
            }
            break;
        }
        if (contains(part, "goroutine-stacks") && id.component.empty())
            id.component = "dockerd";
        if (part.starts_with("audit") && id.component.empty())
            id.component = "kube-apiserver";
    }
    // glog file names: kubelet.<host>.<user>.log.INFO.<date>-<time>.<pid>
    if (!parts.empty()) {
        const std::string_view base = parts.back();
        const size_t log = base.find(".log.");
        if (log != std::string_view::npos && id.node.empty()) {
            const std::string_view head = base.substr(0, log); // kubelet.host.user
            const size_t a = head.find('.');
            const size_t b = head.rfind('.');
            if (a != std::string_view::npos && b > a) {
                id.node = std::string(head.substr(a + 1, b - a - 1));
                id.origin = "path (glog file name)";
            }
        }
    }
    // A file named by a component's short name alone ("controller-manager.log", how binary
    // installs name the logs they redirect): only the whole name, since "openshift-apiserver",
    // "descheduler" or "openshift-controller-manager" are other programs. The file's own name
    // says more than its folder's ("etcd-timeouts/scheduler.log").
    if ((id.component.empty() || id.componentFromFolder) && !parts.empty()) {
        std::string_view stem = parts.back();
        stem = stem.substr(0, stem.find('.'));
        for (const auto &[name, component] : kShortNames)
            if (stem == name) {
                id.component = std::string(component);
                id.componentFromFolder = false;
            }
    }
    if (!id.component.empty() && id.origin.empty())
        id.origin = "path";
    return id;
}

} // namespace kubelane::core
