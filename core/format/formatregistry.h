#pragma once
// Every log format kubelane reads, each a LogFormat (logformat.h), listed once in
// formatregistry.cpp.
#include "logformat.h"

#include <vector>

namespace kubelane::core {

// In no meaningful order: detection ranks by confidence, then specificity.
const std::vector<const LogFormat *> &logFormats();
// The format registered with `id` (the first, where several read variants of one format, as
// Kubernetes objects in JSON and in YAML); Unknown's for an id nothing registers.
const LogFormat &logFormat(SourceFormat id);
const char *formatName(SourceFormat id);

} // namespace kubelane::core
