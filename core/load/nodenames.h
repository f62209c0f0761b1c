#pragma once
// One machine, two names: a host's short name (what journald prints, or a folder names) and
// the Node its kubelet registers with a domain after it. On AWS nodes running Ubuntu the
// journal says "ip-10-0-1-5" and the kubelet names its Node "ip-10-0-1-5.ec2.internal", as the
// controller manager's lines do: without this, one machine is two node lanes.
#include "parsedsource.h"

#include <vector>

namespace kubelane::core {

// Renames, in every file whose node the user did not set (ParsedSource::nodeSetByUser), each
// short name to the one full name some file's kubelet gave it (ParsedSource::nodeFullNames):
// the file's own node and its events' nodes. A short name given two full names keeps its name.
void nameNodesInFull(std::vector<ParsedSource> &parsed);

// A kubelet's log that no line, path, sibling or --node names the node of (kubelet lines pasted
// into a file, as issues quote them) is still one node's: every kubelet runs on one. Its node
// is named for the file, "<node of kubelet.log>", a placeholder no node can have ('<' is in no
// DNS name), so that the per-node facts and rules read its events; never a guess at a name.
// Only where no other file names a node (a paste alone, or pastes): next to files that do, it
// is likely one of their nodes, and its pods would be split from that node's.
void nameNodesOfNamelessKubeletLogs(std::vector<ParsedSource> &parsed);

} // namespace kubelane::core
