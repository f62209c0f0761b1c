#pragma once
// Recognises the shape a bundle was collected in and turns its files into sources.
//
// - Files with the same content are read once (kubelet.log next to its copy kubelet.log.1, a
//   kind export's containers/ links next to pods/).
// - *Layouts* (resources/layouts.json: kind export, must-gather, sosreport, cluster-info dump
//   directory, /var/log/pods) are recognised from the set of paths and attribute each file by
//   where it lies.
// - *Container files* are recognised from their content and cut into one source per section
//   (sectionsplitter.h: a cluster-info dump in one file, `minikube logs`, `tail` of several files).
// Recognition is by content and layout, never by a file name alone.
#include "layoutcatalog.h"
#include "sourceinput.h"

#include <string>
#include <vector>

namespace kubelane::core {

struct ShapedBundle {
    std::vector<SourceInput> sources;
    std::vector<std::string> notes;
    std::vector<SkippedInput> skipped; // files not read (duplicates, files of no log), and why
};

ShapedBundle recogniseShapes(std::vector<InputFile> files, const LayoutCatalog *layouts);

// An incident numbers its sources in a few bits of each event (Event::kMaxSources): the
// sources past `limit` are skipped, each named with the reason, rather than read under a
// number that wraps onto another file's.
void skipSourcesPast(ShapedBundle &bundle, std::size_t limit);

} // namespace kubelane::core
