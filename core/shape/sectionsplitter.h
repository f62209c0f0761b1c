#pragma once
// Files that hold several logs one after the other, cut into one source per section.
//
// - `kubectl cluster-info dump` printed to one file: pretty-printed JSON lists (nodes, then per
//   namespace events, replication controllers, services, daemon sets, deployments, replica sets,
//   pods) and each container's log between `==== START logs for container C of pod NS/NAME ====`
//   and `==== END logs for ... ====` (kubectl/pkg/cmd/clusterinfo/clusterinfo_dump.go, unchanged
//   since 1.5). The --output-directory layout's <ns>/<pod>/logs.txt holds the same frames.
// - `minikube logs` and `tail` of several files: `==> NAME <==` before each section
//   (minikube's pkg/minikube/logs/logs.go prints its sections that way; some versions prefix
//   every line with "* ").
// - `kubectl logs --prefix` (1.17+): `[pod/NAME/CONTAINER] ` before every line of several
//   containers' logs (kubectl/pkg/cmd/logs/logs.go addPrefixIfNeeded).
// - pdsh, clush, `pssh -P` and talosctl given several nodes: `HOST: ` before every line of
//   several hosts' logs (only when what follows the prefix is a line of a known log shape).
// - `minikube logs` of the versions that print "* " before every line, pasted without its
//   `==> NAME <==` frames: the bullets come off, line for line (when most of the first lines
//   are log lines of a known shape under them).
// - A paste of several logs, each under a line that names its component and a log ("The logs
//   of kube-controller-manager are as follows", "[root@m1 ~]# docker logs k8s_kube-scheduler_...",
//   "kube scheduler Logs :" with the first log line after it): one source per heading, the lines
//   above the first one the file's own (only when there are two parts or more).
// - grep's output pasted: "FILE:LINE:" (-H, -r, several files), "LINE:" (-n), "LINE:BYTE:" (-b)
//   before every line, '-' for ':' on context lines, "--" between groups: the prefixes come
//   off, one source per file grep named (only when most of the first lines are log lines
//   under them, and none is one as it stands).
// - A paste indented into a Markdown code block or quoted ("> ") whose lines are of a shape
//   the parser reads only as they were written (etcd's capnslog, logrus, zap JSON, ...):
//   the markers come off, line for line (klog, journal and CRI lines it reads indented).
// Each returns no sections when the file is not of its kind.
#include "sourceinput.h"

#include <vector>

namespace kubelane::core {

std::vector<SourceInput> splitClusterInfoDump(const InputFile &file);
std::vector<SourceInput> splitTailSections(const InputFile &file);
std::vector<SourceInput> splitPrefixedLines(const InputFile &file);
std::vector<SourceInput> splitHostPrefixedLines(const InputFile &file);
std::vector<SourceInput> splitBulletedLines(const InputFile &file);
// A paste of one log under one heading cuts nothing; when that heading names its component
// ("# docker logs k8s_kube-scheduler_...", "$ tail kube-controller-manager-....log") and not
// kubectl's own error under it, `soleHeading` gets that component and the node a static pod's
// name gives.
std::vector<SourceInput> splitHeadedPaste(const InputFile &file, SourceIdentity *soleHeading = nullptr);
std::vector<SourceInput> splitGrepLines(const InputFile &file);
std::vector<SourceInput> splitIndentedPaste(const InputFile &file);

} // namespace kubelane::core
