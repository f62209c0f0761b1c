#pragma once
// What an exported timeline image shows: a time window, the lanes (which groups are open and
// which lanes are kept) and the findings called out, numbered in time order. Built from the
// headless command line (frameExport) or from the window's current view (viewscene.h);
// TimelineImage turns it into pixels.
#include "lanemodel.h"
#include "note.h"

#include <QString>

#include <array>

#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace kubelane::ui {

struct ExportScene {
    std::shared_ptr<const LaneModel> model;
    core::Timestamp start, end;
    std::vector<bool> expanded; // lane id -> group open
    std::vector<bool> shown;    // lane id -> kept; empty = every lane
    std::vector<LaneId> rows;   // the rows top down, when given (a view's rows on screen);
                                // empty = every row `expanded` and `shown` make
    std::vector<int> findings;  // called out, numbered 1.. in this order
    int findingsLeftOut = 0;    // findings in the window not called out (a view of hundreds)
    std::vector<Note> notes;
    std::optional<std::pair<core::Timestamp, core::Timestamp>> measure;
    std::optional<core::Timestamp> cursor;
    std::array<bool, static_cast<int>(EventCategory::Count)> hiddenCategories{}; // kinds the legend hid on screen
    int utcOffsetSeconds = 0;
    QString bundleName;  // first line of the title
    QString viewCommand; // the command that reopens this view (a line under the title)
};

// The headless choices: `kubelane export ... [--finding N | --rule ID] [--from --to] [--lanes RE]`.
struct ExportRequest {
    std::optional<int> finding;     // 0-based index into Analysis::findings
    std::vector<std::string> rules; // only findings of these rules
    std::optional<core::Timestamp> from, to;
    QString lanes;            // RE2 over lane names and event text
    bool wholeBundle = false; // frame everything instead of the findings
};

// The size of an exported image.
struct ImageSize {
    int width = 1100;   // layout pixels
    int height = 0;     // 0: as tall as the content; otherwise lanes that do not fit are cut
    double scale = 2.0; // device pixels per layout pixel of the PNG
};

// What File › Export image… asks for.
enum class ExportScope { CurrentView, Finding, WholeBundle };

struct ExportChoice {
    ExportScope scope = ExportScope::CurrentView;
    int finding = -1;
    ImageSize size;
    bool pdf = false;
};

// The scene for a request, or nothing with `error` ("--rule x: no such finding in the bundle").
std::optional<ExportScene> frameExport(std::shared_ptr<const LaneModel> model, const ExportRequest &request, QString *error);

// Findings whose window overlaps [start, end] and that have a lane among `rows`, by start time.
std::vector<int> findingsInView(const LaneModel &model, core::Timestamp start, core::Timestamp end, const std::vector<LaneId> &rows);

} // namespace kubelane::ui
