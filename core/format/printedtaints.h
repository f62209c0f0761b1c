#pragma once
// Node taints as Kubernetes components print them into log lines. One parser for every form
// a taint list takes, so no detector looks for taint keys in message text:
//  - a generated String() of *v1.Taint, the klog %+v of []*v1.Taint (controller_utils.go,
//    1.x "Added %+v Taint to Node %v", 1.21+ "Added taint to node" taint=[...]):
//      [&Taint{Key:node.kubernetes.io/unreachable,Value:,Effect:NoExecute,TimeAdded:...,}]
//  - %+v of v1.Taint values:   [{Key:node.kubernetes.io/not-ready Value: Effect:NoExecute TimeAdded:<nil>}]
//  - JSON (klog's JSON format): [{"key":"node.kubernetes.io/unreachable","effect":"NoExecute"}]
//  - Taint.ToString() and kubectl's "key=value:Effect" / "key:Effect", one or a list.
#include <string>
#include <string_view>
#include <vector>

namespace kubelane::core {

struct PrintedTaint {
    std::string key, value, effect; // effect: NoSchedule, PreferNoSchedule or NoExecute
    friend bool operator==(const PrintedTaint &, const PrintedTaint &) = default;
};

// The taints `text` lists, in order; empty when it lists none it can read. A taint without
// a readable key is left out (it names nothing a timeline can follow).
std::vector<PrintedTaint> parsePrintedTaints(std::string_view text);

} // namespace kubelane::core
