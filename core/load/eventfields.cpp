#include "eventfields.h"

#include "../classify/eventtypecatalog.h"
#include "../format/klogjson.h"
#include "../format/klogline.h"

#include <algorithm>

namespace kubelane::core {

namespace {

// The key/values the line holds: a klog JSON record's (its object, wherever the envelope puts
// it), else a structured message's.
void decodeLine(const Incident &incident, const Event &event, FieldList &out)
{
    const std::string_view raw = incident.rawText(event);
    if (const std::size_t brace = raw.find("{\""); brace != std::string_view::npos) {
        KlogJsonRecord record;
        const std::string_view object = raw.substr(brace, raw.rfind('}') + 1 - brace);
        if (parseKlogJsonRecord(object, record, out) == KlogJsonStatus::Ok)
            return;
    }
    std::string_view text;
    parseStructuredMessage(incident.message(event), text, out);
}

} // namespace

std::vector<std::pair<std::string, std::string>> eventFields(const Incident &incident, const Event &event)
{
    std::vector<std::pair<std::string, std::string>> fields;
    for (const Field &f : incident.fieldsOf(event))
        fields.emplace_back(incident.text(f.key), incident.fieldValue(event, f));
    if (event.type != kOtherEventType)
        return fields;
    FieldList decoded;
    decodeLine(incident, event, decoded);
    for (const auto &[key, value] : decoded.items()) {
        const std::string name(incident.eventTypes ? incident.eventTypes->canonicalField(key) : key);
        if (std::none_of(fields.begin(), fields.end(), [&](const auto &kv) { return kv.first == name; }))
            fields.emplace_back(name, value);
    }
    return fields;
}

} // namespace kubelane::core
