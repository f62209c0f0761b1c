#pragma once
// The filter box: an RE2 regular expression over lane names and event text. A lane stays
// when its name matches (a matching group keeps everything in it) or when one of its events'
// message or type matches; ancestors of kept lanes stay so the tree still reads.
#include "lanemodel.h"

#include <QString>

#include <memory>
#include <optional>
#include <vector>

namespace re2 {
class RE2;
}

namespace kubelane::ui {

class LaneFilter {
public:
    // The pattern as the filter and the search box read it (case-insensitive RE2).
    static std::unique_ptr<re2::RE2> compile(const QString &pattern, QString *error = nullptr);
    // Whether an event's message or type name matches.
    static bool eventMatches(const core::Incident &incident, core::EventIndex event, const re2::RE2 &re);
    // Whether a pattern compiles (an empty one does); `error` says why not.
    static bool validate(const QString &pattern, QString *error = nullptr);
    // Empty pattern: every lane. On a bad pattern returns nothing and sets `error`.
    static std::optional<std::vector<bool>> match(const LaneModel &model, const QString &pattern, QString *error = nullptr);
    // Events of a lane whose text matches (for highlighting); empty on a bad pattern.
    static std::vector<core::EventIndex> matchingEvents(const LaneModel &model, LaneId lane, const QString &pattern, std::size_t limit);
};

} // namespace kubelane::ui
