#pragma once
// One source as the parser receives it: a file read from the bundle, or one section of a file
// that holds several logs (a `kubectl cluster-info dump`, `minikube logs`), with what the
// bundle's layout says about it.
#include "../format/sourceidentity.h"
#include "../input/bundlereader.h"
#include "../model/source.h"

#include <string>

namespace kubelane::core {

struct SourceInput {
    InputFile file;                // a section's path is "<file>#<section>"
    std::string shape;             // "cluster-info dump", "must-gather", ...; "" = a plain file
    SourceIdentity identity;       // component and node; empty fields are left to the content
    SourceAttribution attribution; // pod and container, where the layout names them
};

} // namespace kubelane::core
