#include "exportscene.h"

#include "lanefilter.h"

#include "core/model/timewindow.h"

#include <algorithm>
#include <tuple>

namespace kubelane::ui {

namespace {

bool overlaps(const core::Finding &f, core::Timestamp start, core::Timestamp end)
{
    return f.start <= end && f.end >= start;
}

void sortByStart(const core::Analysis &analysis, std::vector<int> &findings)
{
    std::stable_sort(findings.begin(), findings.end(), [&](int a, int b) {
        return analysis.findings[static_cast<std::size_t>(a)].start < analysis.findings[static_cast<std::size_t>(b)].start;
    });
}

// Findings the request names (all of them when it names none); empty with `error` when it
// names some that do not exist.
std::vector<int> selectedFindings(const core::Analysis &analysis, const ExportRequest &request, QString *error)
{
    const auto &findings = analysis.findings;
    std::vector<int> out;
    if (request.finding) {
        if (*request.finding < 0 || static_cast<std::size_t>(*request.finding) >= findings.size()) {
            *error = QStringLiteral("--finding %1: the bundle has %2 finding%3")
                         .arg(*request.finding + 1)
                         .arg(findings.size())
                         .arg(findings.size() == 1 ? "" : "s");
            return out;
        }
        return {*request.finding};
    }
    for (std::size_t i = 0; i < findings.size(); ++i)
        if (request.rules.empty() || std::find(request.rules.begin(), request.rules.end(), findings[i].rule) != request.rules.end())
            out.push_back(static_cast<int>(i));
    if (out.empty() && !request.rules.empty()) {
        QStringList ids;
        for (const auto &r : request.rules)
            ids << QString::fromStdString(r);
        *error = QStringLiteral("--rule %1: no such finding in the bundle").arg(ids.join(QLatin1Char(',')));
    }
    return out;
}

// Groups to open so every lane of the findings shows, on top of the model's default.
std::vector<bool> expansionFor(const LaneModel &model, const std::vector<int> &findings)
{
    std::vector<bool> expanded = model.defaultExpansion();
    for (int f : findings) {
        const LaneId subject =
            model.laneOfSubject(QString::fromStdString(model.analysis().findings[static_cast<std::size_t>(f)].subject.text()));
        if (subject.valid())
            expanded[subject.index()] = true;
        for (LaneId l : model.lanesOfFinding(static_cast<std::size_t>(f)))
            for (LaneId p = model.lane(l).parent; p.valid(); p = model.lane(p).parent)
                expanded[p.index()] = true;
    }
    return expanded;
}

} // namespace

std::optional<ExportScene> frameExport(std::shared_ptr<const LaneModel> model, const ExportRequest &request, QString *error)
{
    QString ignored;
    if (!error)
        error = &ignored;
    const core::Analysis &analysis = model->analysis();
    std::vector<int> findings = selectedFindings(analysis, request, error);
    if (!error->isEmpty())
        return std::nullopt;
    sortByStart(analysis, findings);
    const bool named = request.finding || !request.rules.empty();

    ExportScene scene;
    scene.model = model;
    if (request.from || request.to) {
        scene.start = request.from.value_or(model->first());
        scene.end = request.to.value_or(model->last());
        if (scene.end <= scene.start) {
            *error = QStringLiteral("--from/--to: the window is empty");
            return std::nullopt;
        }
        std::erase_if(findings, [&](int f) { return !overlaps(analysis.findings[static_cast<std::size_t>(f)], scene.start, scene.end); });
        if (findings.empty() && named) {
            *error = QStringLiteral("no chosen finding lies between --from and --to");
            return std::nullopt;
        }
        if (model->last() < scene.start || model->first() > scene.end) {
            *error = QStringLiteral("no event of the bundle lies between --from and --to");
            return std::nullopt;
        }
    } else if (request.wholeBundle || findings.empty()) {
        std::tie(scene.start, scene.end) = core::wholeWindow(model->first(), model->last());
    } else {
        // The findings' windows and every line of their causal chains and evidence (a chain can
        // begin before the window it explains, e.g. the runtime errors before PLEG went unhealthy).
        core::Timestamp start = analysis.findings[static_cast<std::size_t>(findings.front())].start, end = start;
        const auto &events = model->incident().events;
        auto cover = [&](core::Timestamp t) {
            start = std::min(start, t);
            end = std::max(end, t);
        };
        for (int index : findings) {
            const core::Finding &f = analysis.findings[static_cast<std::size_t>(index)];
            cover(f.start);
            cover(f.end);
            for (core::EventIndex e : f.lines())
                cover(events[e.index()].time);
        }
        std::tie(scene.start, scene.end) = core::framedWindow(start, end);
    }
    scene.findings = findings;
    scene.expanded = expansionFor(*model, findings);
    if (!request.lanes.trimmed().isEmpty()) {
        auto shown = LaneFilter::match(*model, request.lanes, error);
        if (!shown) {
            *error = QStringLiteral("--lanes: %1").arg(*error);
            return std::nullopt;
        }
        if (std::none_of(shown->begin(), shown->end(), [](bool b) { return b; })) {
            *error = QStringLiteral("--lanes %1: no lane matches").arg(request.lanes);
            return std::nullopt;
        }
        scene.shown = std::move(*shown);
    } else if (!findings.empty() && !request.wholeBundle) {
        scene.shown = model->lanesOfFindings(findings);
    }
    return scene;
}

std::vector<int> findingsInView(const LaneModel &model, core::Timestamp start, core::Timestamp end, const std::vector<LaneId> &rows)
{
    const std::vector<int> rowOfLane = LaneModel::rowIndex(rows, model.laneCount());
    std::vector<int> out;
    const auto &findings = model.analysis().findings;
    for (std::size_t i = 0; i < findings.size(); ++i) {
        if (!overlaps(findings[i], start, end))
            continue;
        const std::vector<LaneId> lanes = model.lanesOfFinding(i);
        if (std::any_of(lanes.begin(), lanes.end(), [&](LaneId l) { return model.visibleRowOf(l, rowOfLane) >= 0; }))
            out.push_back(static_cast<int>(i));
    }
    sortByStart(model.analysis(), out);
    return out;
}

} // namespace kubelane::ui
