#pragma once
// Where the window opens, from the command line (`kubelane BUNDLE --finding 2 --from T --to T
// --lanes RE --zone +08:00`) or a pasted "Copy view as command": the same view for a colleague.
#include "core/model/timestamp.h"

#include <QString>

#include <optional>
#include <string>

namespace kubelane::ui {

struct ViewRequest {
    std::optional<int> finding;              // 0-based index into Analysis::findings
    std::string rule;                        // else: the first finding of this rule
    std::optional<core::Timestamp> from, to; // the visible range (the whole bundle is loaded)
    QString lanes;                           // the lane filter
    std::optional<int> utcOffsetSeconds;     // the display zone
    bool isEmpty() const { return !finding && rule.empty() && !from && !to && lanes.isEmpty() && !utcOffsetSeconds; }
};

} // namespace kubelane::ui
