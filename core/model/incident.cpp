#include "incident.h"

#include "../util/bytescan.h"

#include <algorithm>

namespace kubelane::core {

std::string_view Incident::rawText(const Event &e) const
{
    const Source &s = sources[e.source];
    const std::uint32_t length = spansOf(e, s.eventSpans).length;
    if (!s.bytes || e.offset + length > s.bytes->size())
        return {};
    return std::string_view(*s.bytes).substr(e.offset, length);
}

void Incident::releaseMappedPages() const
{
    for (const Source &s : sources)
        if (s.bytes)
            s.bytes->releaseAllPages();
}

std::uint32_t Incident::lineOf(const Event &e) const
{
    const Source &s = sources[e.source];
    return s.lineIndex.lineAt(s.bytes ? std::string_view(*s.bytes) : std::string_view(), e.offset);
}

std::uint32_t Incident::lineCountOf(const Event &e) const
{
    const std::string_view raw = rawText(e);
    const auto newlines = static_cast<std::uint64_t>(bytescan::countByte(raw, '\n'));
    return static_cast<std::uint32_t>(std::min<std::uint64_t>(newlines + 1, 0xffffffffu));
}

std::string_view Incident::message(const Event &e) const
{
    const Source &s = sources[e.source];
    const EventSpans spans = spansOf(e, s.eventSpans);
    const std::string_view text = spans.messageInArena ? std::string_view(s.arena) : rawText(e);
    return text.substr(std::min<std::size_t>(spans.messageOffset, text.size()), spans.messageLength);
}

std::span<const Field> Incident::fieldsOf(const Event &e) const
{
    const std::vector<Field> &fields = sources[e.source].fields;
    if (e.firstField >= fields.size())
        return {};
    std::size_t last = e.firstField;
    while (last + 1 < fields.size() && !fields[last].lastOfEvent())
        ++last;
    return std::span<const Field>(fields).subspan(e.firstField, last + 1 - e.firstField);
}

std::string_view Incident::field(const Event &e, StringId key) const
{
    const FieldKeyId id = fieldKeys.find(key);
    const std::vector<Field> &fields = sources[e.source].fields;
    if (!id.valid() || e.firstField >= fields.size())
        return {};
    // One walk to the event's last field: the passes over every event (correlation, clock
    // pairs, facts) ask this for each, and fieldsOf would walk the fields twice.
    for (std::size_t i = e.firstField; i < fields.size(); ++i) {
        if (fields[i].key == id)
            return fieldValue(e, fields[i]);
        if (fields[i].lastOfEvent())
            break;
    }
    return {};
}

std::string_view Incident::field(const Event &e, std::string_view key) const
{
    return field(e, strings.find(key));
}

std::string_view Incident::typeName(const Event &e) const
{
    return eventTypes.nameOf(e.type, "other");
}

std::string_view Incident::roleName(const Event &e) const
{
    return roles.nameOf(origins[originOf(e)].role, {});
}

std::string Incident::podName(PodId id) const
{
    if (id == kNoPod || id.index() >= pods.size())
        return {};
    const Pod &p = pods[id.index()];
    std::string out(text(p.ns));
    out += '/';
    out += text(p.name);
    return out;
}

std::string Incident::podKey(PodId id) const
{
    std::string key = podName(id);
    if (!key.empty() && pods[id.index()].nameOnSeveralNodes && pods[id.index()].node != kNoString)
        key.append("@").append(text(pods[id.index()].node));
    return key;
}

std::size_t Incident::lowerBound(Timestamp t) const
{
    return std::lower_bound(events.begin(), events.end(), t, [](const Event &e, Timestamp v) { return e.time < v; }) - events.begin();
}

} // namespace kubelane::core
