#pragma once
// The event-type table (resources/events.json): what each message means. Patterns are
// compiled once, at load, into one RE2::Set so a message is tested against all types in a
// single pass; only the patterns that matched are then run with captures.
#include "../format/klogline.h"
#include "../model/event.h"
#include "../model/namedtable.h"
#include "codenames.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace re2 {
class RE2;
} // namespace re2

namespace kubelane::core {

struct EventTypeExample {
    std::string line;
    std::vector<std::pair<std::string, std::string>> fields;
};

// A condition on a structured field, checked after the message pattern matched: structured
// klog moves the interesting text out of the message ("Skipping pod synchronization"
// err="[... PLEG is not healthy: ...]"), so what the message alone cannot tell is matched
// here, in data, with named captures like the message pattern's.
struct FieldPattern {
    std::string field;    // canonical field name
    std::string re;       // unanchored RE2
    bool required = true; // false: only adds its captures when it matches
};

struct EventTypePattern {
    std::string re;
    std::vector<FieldPattern> fields;
    // Fields a match gives whatever the line says ("sets"), for what a wording implies rather
    // than prints: "Node is unresponsive. Adding it to the Taint queue" means the unreachable
    // taint. A field the line itself gives keeps the line's value.
    std::vector<std::pair<std::string, std::string>> sets;
    // The Kubernetes versions the wording is known to exist in ("1.21"; empty: not known).
    // Documentation, checked to be versions: every pattern is tried on every line, since a
    // bundle's version is often unknown or mixed.
    std::string since, until;
    // Lines of this wording with the fields they must give (tst_eventtypes classifies each).
    std::vector<EventTypeExample> examples;
};

struct EventType {
    std::string id;
    std::string description;
    std::string category; // one of the file's "categories" (what the window colours it by); "": other
    std::optional<Severity> severityFloor;
    std::vector<std::string> components; // empty = any
    std::string extractor;               // "" or a named extractor
    std::vector<EventTypePattern> patterns;
};

struct Classification {
    EventTypeId type = kOtherEventType;
};

// What classify learnt at one place that logs (a component's Go file:line): the pattern that
// matched there last, or that none did. The caller keeps one per place. classify tries that
// answer first and keeps it only when it is provably the one the full match would give (no
// pattern before it in the table matches), so a hint never changes a result, only its cost.
struct ClassificationHint {
    std::int32_t pattern = -1; // -1: nothing learnt yet
    // The last message at this place that no anchored pattern matches, when short: a place
    // that prints a constant text (a structured line's message) prints it line after line,
    // and the same text gets the same answer without running the set again.
    std::string lastUnmatched;
};

class EventTypeCatalog final : public IdNames {
public:
    ~EventTypeCatalog();
    // Throws std::runtime_error naming the file, the type id and what is wrong. A catalog that
    // lacks a type or field C++ reads (codenames.h) is refused too, unless `code` says the
    // catalog is only for classifying (a test's few types).
    enum class CodeNames : std::uint8_t { Required, NotRequired };
    static std::shared_ptr<EventTypeCatalog> loadFile(const std::string &path);
    static std::shared_ptr<EventTypeCatalog> loadJson(std::string_view json, const std::string &origin,
                                                      CodeNames code = CodeNames::Required);

    // The ids of the types C++ reads, resolved at load. Throws std::runtime_error for a
    // catalog loaded with CodeNames::NotRequired that lacks one.
    const CodeTypes &codeTypes() const;
    // Every field name the patterns can produce: named captures, field conditions, alias targets.
    std::vector<std::string> producedFields() const;

    // Classifies a message (already unwrapped and, if structured, unquoted). Adds the named
    // captures and extractor output to `fields` (canonical names).
    EventTypeId classify(std::string_view message, std::string_view component, FieldList &fields) const;
    // The same, trying first what matched at the message's place before (`hint`, updated).
    EventTypeId classify(std::string_view message, std::string_view component, FieldList &fields, ClassificationHint &hint) const;
    // Renames a structured-log key to its canonical field name.
    std::string_view canonicalField(std::string_view key) const;
    // True for the fields whose values recur from line to line ("repeatingFields": a request's
    // verb and resource, names of nodes and pods): the load interns those values.
    bool valueRepeats(std::string_view canonicalKey) const;

    std::string_view typeId(EventTypeId id) const { return id < m_types.size() ? std::string_view(m_types[id].id) : "other"; }
    std::string_view nameOf(std::uint16_t id) const override { return typeId(id); }
    const EventType &type(EventTypeId id) const { return m_types[id]; }
    std::size_t typeCount() const { return m_types.size(); }
    // The category names the file lists ("categories"), in its order.
    const std::vector<std::string> &categories() const { return m_categories; }
    std::optional<EventTypeId> find(std::string_view id) const;

private:
    EventTypeCatalog();
    struct Compiled;
    std::vector<EventType> m_types; // [0] is "other"
    std::vector<std::pair<std::string, std::string>> m_aliases;
    // The aliases by a hash of their length, first and last byte (open addressing; slot ->
    // index into m_aliases, -1 empty). Every structured key of every line is looked up, and
    // most are no alias: an empty slot says so without comparing text.
    std::vector<std::int32_t> m_aliasSlots;
    std::vector<std::string> m_repeatingFields;
    std::vector<std::string> m_categories;
    std::unique_ptr<Compiled> m_compiled;
    bool floatingMayMatch(std::string_view window) const;
    std::int32_t matchFromSets(std::string_view window, std::string_view message, std::string_view component, FieldList &fields,
                               bool floating) const;
    bool tryPattern(std::size_t index, std::string_view window, std::string_view message, std::string_view component,
                    FieldList &fields) const;
    std::optional<CodeTypes> m_codeTypes;
    std::string m_codeTypesError;
};

} // namespace kubelane::core
