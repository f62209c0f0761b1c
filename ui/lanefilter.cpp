#include "lanefilter.h"

#include <re2/re2.h>

#include <functional>

namespace kubelane::ui {

namespace {

RE2::Options options()
{
    RE2::Options o;
    o.set_log_errors(false);
    o.set_case_sensitive(false); // a filter box: "notready" should find NotReady
    return o;
}

} // namespace

std::unique_ptr<RE2> LaneFilter::compile(const QString &pattern, QString *error)
{
    auto re = std::make_unique<RE2>(pattern.toStdString(), options());
    if (!re->ok()) {
        if (error)
            *error = QString::fromStdString(re->error());
        return nullptr;
    }
    return re;
}

bool LaneFilter::eventMatches(const core::Incident &inc, core::EventIndex e, const RE2 &re)
{
    const core::Event &ev = inc.event(e);
    const std::string_view msg = inc.message(ev);
    if (RE2::PartialMatch(re2::StringPiece(msg.data(), msg.size()), re))
        return true;
    const std::string_view type = inc.typeName(ev);
    return RE2::PartialMatch(re2::StringPiece(type.data(), type.size()), re);
}

bool LaneFilter::validate(const QString &pattern, QString *error)
{
    return pattern.trimmed().isEmpty() || compile(pattern, error) != nullptr;
}

std::optional<std::vector<bool>> LaneFilter::match(const LaneModel &model, const QString &pattern, QString *error)
{
    std::vector<bool> keep(static_cast<std::size_t>(model.laneCount()), pattern.trimmed().isEmpty());
    if (pattern.trimmed().isEmpty())
        return keep;
    const std::unique_ptr<RE2> compiled = compile(pattern, error);
    if (!compiled)
        return std::nullopt;
    const RE2 &re = *compiled;
    const core::Incident &inc = model.incident();
    std::function<void(LaneId)> keepSubtree = [&](LaneId id) {
        keep[id.index()] = true;
        for (LaneId c : model.lane(id).children)
            keepSubtree(c);
    };
    for (const Lane &lane : model.lanes()) {
        const std::string name = lane.name.toStdString();
        const std::string key = lane.key.toStdString();
        if (RE2::PartialMatch(name, re) || RE2::PartialMatch(key, re)) {
            if (lane.isGroup())
                keepSubtree(lane.id);
            else
                keep[lane.id.index()] = true;
            continue;
        }
        if (lane.isGroup())
            continue; // decided by its children
        for (core::EventIndex e : lane.events) {
            if (eventMatches(inc, e, re)) {
                keep[lane.id.index()] = true;
                break;
            }
        }
    }
    return model.closeOverTree(std::move(keep));
}

std::vector<core::EventIndex> LaneFilter::matchingEvents(const LaneModel &model, LaneId lane, const QString &pattern, std::size_t limit)
{
    std::vector<core::EventIndex> out;
    const std::unique_ptr<RE2> re = lane.valid() ? compile(pattern) : nullptr;
    if (!re)
        return out;
    for (core::EventIndex e : model.lane(lane).events) {
        if (eventMatches(model.incident(), e, *re)) {
            out.push_back(e);
            if (out.size() >= limit)
                break;
        }
    }
    return out;
}

} // namespace kubelane::ui
