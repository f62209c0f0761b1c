#pragma once
// A klog line as --logging-format=json prints it (k8s.io/component-base/logs/json, zapr):
//   {"ts":1718784064445.5913,"caller":"kubelet/kubelet.go:2430","msg":"SyncLoop (PLEG): event for
//   pod","v":2,"pod":{"name":"web-0","namespace":"shop"},"event":{...}}
// built from the text form the generator writes everywhere else, so a node can log either way
// without every scene knowing about it.
#include "logtext.h"

#include <string>
#include <string_view>

namespace kubelane::bundlegen {

// `message` is what follows the klog header: a structured message ("msg" key="value" ...) or
// printf text. `verbosity` is the V level of an info line; below 0: the level its wording is
// logged at (a table of the wordings the generator writes, 0 for the rest).
std::string klogJsonLine(Nanos t, char severity, std::string_view fileLine, std::string_view message, int verbosity);

// The V level a kubelet or controller wording is logged at (the generator's own wordings).
int verbosityOfWording(std::string_view message);

} // namespace kubelane::bundlegen
