#pragma once
// One source as the parser receives it: a file read from the bundle, or one section of a file
// that holds several logs (a `kubectl cluster-info dump`, `minikube logs`), with what the
// bundle's layout says about it.
#include "../format/sourceidentity.h"
#include "../input/bundlereader.h"
#include "../model/source.h"

#include <optional>
#include <string>

namespace kubelane::core {

struct SourceInput {
    InputFile file;                // a section's path is "<file>#<section>"
    std::string shape;             // "cluster-info dump", "must-gather", ...; "" = a plain file
    SourceIdentity identity;       // component and node; empty fields are left to the content
    SourceAttribution attribution; // pod and container, where the layout names them
    // Lines of the original file that belong to no section (a dump's START/END frames): counted
    // on this source as not log lines, so every line of the file is accounted for once.
    std::uint32_t frameLines = 0;
    // The layout knows the file is not a log (kind's `inspect.json`, `kubernetes-version.txt`):
    // every line is counted with this reason instead of being parsed.
    std::optional<DiagnosticReason> allLinesAre;
};

} // namespace kubelane::core
