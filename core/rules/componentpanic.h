#pragma once
// The "component-panic" detector: a goroutine of a Kubernetes component panicked and
// apimachinery's HandleCrash logged it, which by default takes the process down; where in the
// component (the stack's first frame outside the panic handling), and whether it came back.
#include "analysis.h"
#include "rulematch.h"

#include <string_view>
#include <vector>

namespace kubelane::core {

std::vector<RuleMatch> componentPanic(const Analysis &a);

// Where a logged panic happened, from the stack that follows it: "service.(*Controller).needsUpdate
// (controller.go:513)" for a goroutine trace, "taint_controller.go:287" for the callers' list of
// older versions; "" when the text holds no frame outside the panic handling.
std::string panicSite(std::string_view stack);

} // namespace kubelane::core
