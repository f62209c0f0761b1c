#include "eventfields.h"

#include "../classify/eventtypecatalog.h"
#include "../format/klogjson.h"
#include "../format/klogline.h"
#include "../format/logrusline.h"

#include <algorithm>

namespace kubelane::core {

namespace {

// The key/values the line holds: a klog JSON record's (its object, wherever the envelope puts
// it), else a structured message's. Returns the text the event's type was matched on.
std::string_view decodeLine(const Incident &incident, const Event &event, FieldList &out)
{
    const std::string_view raw = incident.rawText(event);
    if (const std::size_t at = raw.find("time=\""); at != std::string_view::npos && (at == 0 || raw[at - 1] == ' ')) {
        KlogJsonRecord record;
        if (parseLogrusRecord(raw.substr(at, raw.find('\n', at) - at), record, out) == KlogJsonStatus::Ok)
            return record.message;
        out.clear();
    }
    if (const std::size_t brace = raw.find("{\""); brace != std::string_view::npos) {
        KlogJsonRecord record;
        const std::string_view object = raw.substr(brace, raw.rfind('}') + 1 - brace);
        if (parseKlogJsonRecord(object, record, out) == KlogJsonStatus::Ok)
            return record.message;
        out.clear();
    }
    // The parse read the first line alone: continuation lines joined the event (and its
    // message) after it had been matched.
    std::string_view message = incident.message(event);
    if (!spansOf(event, incident.sources[event.source].eventSpans).messageInArena && incident.lineCountOf(event) > 1) {
        message = message.substr(0, message.find('\n'));
        if (message.ends_with('\r'))
            message.remove_suffix(1);
    }
    std::string_view text;
    parseStructuredMessage(message, text, out);
    return text;
}

} // namespace

std::vector<std::pair<std::string, std::string>> eventFields(const Incident &incident, const Event &event)
{
    std::vector<std::pair<std::string, std::string>> fields;
    for (const Field &f : incident.fieldsOf(event))
        fields.emplace_back(incident.keyOf(f), incident.fieldValue(event, f));
    FieldList decoded;
    const std::string_view text = decodeLine(incident, event, decoded);
    if (const EventTypeCatalog *types = incident.eventTypes.get()) {
        decoded.renameKeys([&](std::string_view k) { return types->canonicalField(k); });
        // A typed event keeps only the captures read after the parse: match its type again for
        // the rest, and keep them only when the same type matches (a record's type, such as an
        // audit event's, is not its text's).
        if (event.type != kOtherEventType) {
            const std::size_t own = decoded.size();
            if (types->classify(text, incident.text(incident.componentOf(event)), decoded) != event.type)
                decoded.truncate(own);
        }
    }
    for (const auto &item : decoded.items()) // (clang 14 cannot capture a structured binding)
        if (std::none_of(fields.begin(), fields.end(), [&](const auto &kv) { return kv.first == item.first; }))
            fields.emplace_back(item.first, item.second);
    return fields;
}

} // namespace kubelane::core
