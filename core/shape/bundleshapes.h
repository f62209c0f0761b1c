#pragma once
// Recognises the shape a bundle was collected in and turns its files into sources.
//
// Two kinds of recognisers, each a small table entry (see bundleshapes.cpp):
// - a *layout* is recognised from the set of paths (must-gather, sosreport, kind export,
//   /var/log/pods, a cluster-info dump directory) and attributes each file it knows by where
//   it lies;
// - a *container file* is recognised from its content (a cluster-info dump printed to one
//   file, `minikube logs`, `tail` of several files) and split into one source per section.
// Recognition is by content and layout, never by a file name alone.
#include "sourceinput.h"

#include <vector>

namespace kubelane::core {

std::vector<SourceInput> recogniseShapes(std::vector<InputFile> files);

} // namespace kubelane::core
