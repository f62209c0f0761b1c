#include "eventtypecatalog.h"
#include "../util/textfile.h"

#include "extractors.h"
#include "patternshape.h"
#include "../model/severity.h"
#include "../util/kubeversion.h"

#include "../util/strictkeys.h"

#include <nlohmann/json.hpp>
#include <re2/re2.h>
#include <re2/set.h>

#include <algorithm>
#include <functional>
#include <stdexcept>

namespace kubelane::core {

namespace {

// Messages longer than this are classified on their first part only: the texts we recognise
// all start within it, and a 20 MB line must not cost 20 MB of regex work per pattern.
constexpr std::size_t kClassifyWindow = 64 * 1024;
constexpr std::size_t kMostRememberedUnmatched = 1024; // ClassificationHint::lastUnmatched

// A field alias's slot in a table of `mask` + 1 slots: a hash of its length, first and last byte.
std::size_t slotOf(std::string_view key, std::size_t mask)
{
    const std::uint32_t signature = key.empty() ? 0
                                                : static_cast<std::uint32_t>(key.size()) << 16
            | static_cast<std::uint32_t>(static_cast<unsigned char>(key.front())) << 8 | static_cast<unsigned char>(key.back());
    return (signature * 0x9e3779b1u >> 8) & mask;
}

[[noreturn]] void fail(const std::string &origin, const std::string &typeId, const std::string &what)
{
    throw std::runtime_error(origin + (typeId.empty() ? "" : ": event type '" + typeId + "'") + ": " + what);
}

// The table is read strictly: a key it does not know is a typo ("optionalField") or a feature
// it does not have, and ignoring it would silently change what a type matches.
void onlyKeys(const nlohmann::json &object, std::initializer_list<std::string_view> known, const std::string &origin,
              const std::string &typeId, const std::string &where)
{
    if (const auto problem = unknownKeyIn(object, known, where))
        fail(origin, typeId, *problem);
}

// "since"/"until": the Kubernetes versions a wording is known to exist in (documentation: every
// pattern is tried on every line, as a bundle's version is often unknown). Still, one that is
// not a version is a mistake.
std::string versionBound(const nlohmann::json &pattern, const char *key, const std::string &origin, const std::string &typeId)
{
    const auto it = pattern.find(key);
    if (it == pattern.end())
        return {};
    if (!it->is_string() || !parseKubeVersion(it->get<std::string>()).known())
        fail(origin, typeId, std::string("\"") + key + "\" must be a Kubernetes version such as \"1.21\", not " + it->dump());
    return it->get<std::string>();
}

// Whether a line of `component` may be of a type kept to `components` (none: any). A process
// that runs several (k3s) is none of them: its lines' own wordings say which (their types are
// kept to no component), else a line of one would take another's type (the controller
// manager's flag dump the kubelet's, the apiserver's version line a kubelet start).
bool mayBeFrom(const std::vector<std::string> &components, std::string_view component)
{
    return components.empty() || std::find(components.begin(), components.end(), component) != components.end();
}

} // namespace

struct EventTypeCatalog::Compiled {
    struct Regex {
        std::unique_ptr<RE2> re;
        // By group index (1-based), "" for unnamed; up to the last named group only: RE2 finds
        // a match without submatches by its DFA alone, and each group asked for costs a pass
        // of its slower engines.
        std::vector<std::string> groupNames;
    };
    struct FieldRegex {
        std::string field;
        Regex regex;
        bool required = true;
    };
    struct Pattern {
        EventTypeId type;
        Regex message;
        std::vector<FieldRegex> fields;
        std::vector<std::pair<std::string, std::string>> sets; // canonical key, value
        bool anchored = false;                                 // in the anchored set
    };
    std::vector<Pattern> patterns;
    // Two sets: the patterns anchored at the message's start, run anchored, so a message that
    // starts like none of them is done with after a few bytes (the DFA dies), and the others,
    // which must look at the whole message. Almost every pattern is anchored: an unanchored
    // set of them all ran over every byte of every message.
    struct SubSet {
        std::unique_ptr<RE2::Set> set;
        std::vector<int> patternOf; // set index -> index into `patterns`
    } anchored, floating;
    // The text each unanchored pattern starts with: the floating set runs only on a message
    // holding one of them (memmem is far cheaper than a DFA over every byte). Empty when some
    // pattern starts with no literal: then it always runs.
    std::vector<std::string> floatingLiterals;
    bool floatingAlways = false;
    // Each literal's search, built once: skipping by the literal's length beats finding its
    // first byte, which is a common letter, all along every message.
    std::vector<std::boyer_moore_horspool_searcher<const char *>> floatingSearchers;
    std::vector<Extractor> extractors; // by type
    // Which anchored patterns before a pattern in the table could match a message it matches,
    // its rivals. Two patterns are not rivals when their matches start with different bytes
    // ("Syncing pod" and "^(?:Normal|Warning) ...") or with literal texts that differ before
    // either ends ("SyncLoop (PLEG)" and "Syncing pod"). A rival that cannot match because a
    // literal text it needs is not in the message does not count either ("^(?P<op>[A-Z]\w+)
    // ... service failed" needs " service failed"); the text is one the pattern itself does not
    // need, else it would always be there. A pattern with a rival without such a text is never
    // tried first.
    // A rival of a type kept to some components (component.http-request before
    // apiserver.request, the same texts) counts only for a line of one of them: it is kept
    // apart, and the line's component is checked against it.
    static constexpr std::size_t kMostRivalTexts = 8;
    struct Rivals {
        bool provable = false;
        std::vector<std::string> literals;                  // one per rival: absent, that rival cannot match
        std::vector<const std::vector<std::string> *> kept; // the components of rivals kept to some
    };
    std::vector<Rivals> rivals; // by pattern

    void findRivals(const std::vector<EventType> &types)
    {
        std::vector<AnchoredShape> shapes;
        for (const Pattern &p : patterns)
            shapes.push_back(p.anchored ? anchoredShape(p.message.re->pattern()) : AnchoredShape{});
        rivals.assign(patterns.size(), {});
        for (std::size_t i = 0; i < patterns.size(); ++i) {
            if (!patterns[i].anchored)
                continue;
            Rivals &r = rivals[i];
            const AnchoredShape &own = shapes[i];
            r.provable = true;
            for (std::size_t j = 0; j < i && r.provable; ++j) {
                const AnchoredShape &rival = shapes[j];
                if (!patterns[j].anchored || (own.firstBytes & rival.firstBytes).none()
                    || !(own.prefix.starts_with(rival.prefix) || rival.prefix.starts_with(own.prefix)))
                    continue;
                if (const auto &components = types[patterns[j].type].components; !components.empty()) {
                    r.kept.push_back(&components);
                    continue;
                }
                const auto literal = std::find_if(rival.literals.begin(), rival.literals.end(), [&](const std::string &l) {
                    return std::none_of(own.literals.begin(), own.literals.end(),
                                        [&](const std::string &mine) { return mine.find(l) != std::string::npos; });
                });
                r.provable = literal != rival.literals.end();
                if (r.provable && std::find(r.literals.begin(), r.literals.end(), *literal) == r.literals.end())
                    r.literals.push_back(*literal);
            }
            // Looking for more texts than this costs more than the set that says which match.
            r.provable = r.provable && r.literals.size() <= kMostRivalTexts;
        }
    }

    // True when no anchored pattern before pattern `index` in the table can match a line of
    // `component`.
    bool noRivalMatches(std::size_t index, std::string_view window, std::string_view component) const
    {
        const Rivals &r = rivals[index];
        return r.provable
            && std::none_of(r.kept.begin(), r.kept.end(),
                            [&](const std::vector<std::string> *components) { return mayBeFrom(*components, component); })
            && std::none_of(r.literals.begin(), r.literals.end(),
                            [&](const std::string &l) { return window.find(l) != std::string_view::npos; });
    }

    // True when no anchored pattern matches: the set is asked only whether any does, and then
    // RE2 allocates nothing and stops at the first match.
    bool noAnchoredMatch(std::string_view window) const
    {
        if (anchored.patternOf.empty())
            return true;
        RE2::Set::ErrorInfo info{RE2::Set::kInconsistent};
        return !anchored.set->Match(window, nullptr, &info) && info.kind == RE2::Set::kNoError; // not out of memory
    }

    static Regex compile(const std::string &pattern, const RE2::Options &opts, const std::string &origin, const std::string &typeId)
    {
        Regex r{std::make_unique<RE2>(pattern, opts), {}};
        if (!r.re->ok())
            fail(origin, typeId, "pattern /" + pattern + "/ does not compile: " + r.re->error());
        for (const auto &[name, index] : r.re->NamedCapturingGroups()) {
            r.groupNames.resize(std::max(r.groupNames.size(), static_cast<size_t>(index) + 1));
            r.groupNames[static_cast<size_t>(index)] = name;
        }
        return r;
    }

    // Runs `r` over `text`; on a match adds its named captures to `fields`.
    static bool matchInto(const Regex &r, std::string_view text, const EventTypeCatalog &cat, FieldList &fields)
    {
        thread_local std::vector<re2::StringPiece> groups;
        groups.assign(r.groupNames.size(), re2::StringPiece());
        if (!r.re->Match(text, 0, text.size(), RE2::UNANCHORED, groups.empty() ? nullptr : groups.data(), static_cast<int>(groups.size())))
            return false;
        for (size_t g = 1; g < groups.size(); ++g)
            if (!r.groupNames[g].empty() && groups[g].data())
                fields.set(cat.canonicalField(r.groupNames[g]), std::string_view(groups[g].data(), groups[g].size()));
        return true;
    }
};

EventTypeCatalog::EventTypeCatalog() : m_compiled(std::make_unique<Compiled>()) { }
EventTypeCatalog::~EventTypeCatalog() = default;

std::shared_ptr<EventTypeCatalog> EventTypeCatalog::loadFile(const std::string &path)
{
    const auto text = readTextFile(path);
    if (!text)
        throw std::runtime_error(path + ": cannot open the event-type table");
    return loadJson(*text, path);
}

std::shared_ptr<EventTypeCatalog> EventTypeCatalog::loadJson(std::string_view text, const std::string &origin, CodeNames code)
{
    nlohmann::json doc;
    try {
        doc = nlohmann::json::parse(text);
    } catch (const nlohmann::json::exception &e) {
        fail(origin, {}, std::string("not valid JSON: ") + e.what());
    }
    if (!doc.is_object() || !doc.contains("types") || !doc["types"].is_array())
        fail(origin, {}, "expected an object with a \"types\" array");

    onlyKeys(doc, {"version", "fieldAliases", "categories", "repeatingFields", "types"}, origin, {}, "the table");
    std::shared_ptr<EventTypeCatalog> cat(new EventTypeCatalog());
    if (auto al = doc.find("fieldAliases"); al != doc.end()) {
        if (!al->is_object())
            fail(origin, {}, "\"fieldAliases\" must map field names to field names");
        for (auto it = al->begin(); it != al->end(); ++it) {
            if (!it.value().is_string())
                fail(origin, {}, "fieldAliases." + it.key() + " must be a field name");
            cat->m_aliases.emplace_back(it.key(), it.value().get<std::string>());
        }
    }
    std::size_t slots = 16;
    while (slots < 4 * cat->m_aliases.size())
        slots *= 2;
    cat->m_aliasSlots.assign(slots, -1);
    for (std::size_t i = 0; i < cat->m_aliases.size(); ++i) {
        std::size_t slot = slotOf(cat->m_aliases[i].first, slots - 1);
        while (cat->m_aliasSlots[slot] >= 0)
            slot = (slot + 1) & (slots - 1);
        cat->m_aliasSlots[slot] = static_cast<std::int32_t>(i);
    }
    if (auto cats = doc.find("categories"); cats != doc.end()) {
        if (!cats->is_object())
            fail(origin, {}, "\"categories\" must map category names to what they hold");
        for (auto it = cats->begin(); it != cats->end(); ++it)
            cat->m_categories.push_back(it.key());
    }
    if (auto rep = doc.find("repeatingFields"); rep != doc.end()) {
        if (!rep->is_array())
            fail(origin, {}, "\"repeatingFields\" must be an array of field names");
        for (const auto &name : *rep) {
            if (!name.is_string())
                fail(origin, {}, "\"repeatingFields\" must hold field names, not " + name.dump());
            cat->m_repeatingFields.push_back(name.get<std::string>());
        }
    }

    EventType other;
    other.id = "other";
    other.description = "A log line that parsed but matches no known event type";
    cat->m_types.push_back(std::move(other));
    cat->m_compiled->extractors.push_back(nullptr);

    RE2::Options opts;
    opts.set_max_mem(256 << 20);
    opts.set_log_errors(false);
    Compiled &compiled = *cat->m_compiled;
    compiled.anchored.set = std::make_unique<RE2::Set>(opts, RE2::ANCHOR_START);
    compiled.floating.set = std::make_unique<RE2::Set>(opts, RE2::UNANCHORED);

    for (const auto &t : doc["types"]) {
        EventType type;
        if (!t.is_object() || !t.contains("id") || !t["id"].is_string())
            fail(origin, {}, "every type needs a string \"id\"");
        type.id = t["id"].get<std::string>();
        if (cat->find(type.id))
            fail(origin, type.id, "duplicate id");
        onlyKeys(t, {"id", "description", "category", "severity", "components", "extract", "patterns"}, origin, type.id, "the type");
        for (const char *key : {"description", "category", "severity", "extract"})
            if (t.contains(key) && !t[key].is_string())
                fail(origin, type.id, std::string("\"") + key + "\" must be a string");
        type.description = t.value("description", "");
        type.category = t.value("category", "");
        if (!type.category.empty()
            && std::find(cat->m_categories.begin(), cat->m_categories.end(), type.category) == cat->m_categories.end())
            fail(origin, type.id, "unknown category '" + type.category + "' (the file's \"categories\" lists the known ones)");
        if (t.contains("severity")) {
            type.severityFloor = severityFromName(t.value("severity", ""));
            if (!type.severityFloor)
                fail(origin, type.id, "unknown severity '" + t.value("severity", "") + "' (use " + severityWordList() + ")");
        }
        if (auto c = t.find("components"); c != t.end()) {
            if (!c->is_array())
                fail(origin, type.id, "\"components\" must be a list of component names");
            for (const auto &x : *c) {
                if (!x.is_string())
                    fail(origin, type.id, "\"components\" must hold component names, not " + x.dump());
                type.components.push_back(x.get<std::string>());
            }
        }
        type.extractor = t.value("extract", "");
        Extractor extractor = nullptr;
        if (!type.extractor.empty()) {
            extractor = findExtractor(type.extractor);
            if (!extractor)
                fail(origin, type.id, "unknown extractor '" + type.extractor + "'");
        }
        if (!t.contains("patterns") || !t["patterns"].is_array() || t["patterns"].empty())
            fail(origin, type.id, "needs a non-empty \"patterns\" array");
        const auto typeIndex = static_cast<EventTypeId>(cat->m_types.size());
        for (const auto &p : t["patterns"]) {
            EventTypePattern pat;
            if (!p.is_object() || !p.contains("re") || !p["re"].is_string())
                fail(origin, type.id, "every pattern needs a string \"re\"");
            onlyKeys(p, {"re", "fields", "optionalFields", "sets", "since", "until", "examples"}, origin, type.id, "a pattern");
            pat.re = p["re"].get<std::string>();
            pat.since = versionBound(p, "since", origin, type.id);
            pat.until = versionBound(p, "until", origin, type.id);
            for (const char *key : {"fields", "optionalFields"}) {
                const auto f = p.find(key);
                if (f == p.end())
                    continue;
                if (!f->is_object())
                    fail(origin, type.id, std::string("\"") + key + "\" must map field names to patterns");
                for (auto it = f->begin(); it != f->end(); ++it) {
                    if (!it.value().is_string())
                        fail(origin, type.id, std::string(key) + "." + it.key() + " must be a pattern string");
                    pat.fields.push_back({it.key(), it.value().get<std::string>(), key[0] == 'f'});
                }
            }
            if (auto sets = p.find("sets"); sets != p.end()) {
                if (!sets->is_object())
                    fail(origin, type.id, "\"sets\" must map field names to the values a match gives them");
                for (auto it = sets->begin(); it != sets->end(); ++it) {
                    if (!it.value().is_string() || it.value().get<std::string>().empty())
                        fail(origin, type.id, "sets." + it.key() + " must be a non-empty string");
                    pat.sets.emplace_back(it.key(), it.value().get<std::string>());
                }
            }
            if (auto ex = p.find("examples"); ex != p.end()) {
                if (!ex->is_array())
                    fail(origin, type.id, "\"examples\" must be a list of {\"line\", \"fields\"}");
                for (const auto &e : *ex) {
                    onlyKeys(e, {"line", "fields"}, origin, type.id, "an example");
                    if (!e.is_object() || !e.contains("line") || !e["line"].is_string())
                        fail(origin, type.id, "every example needs a string \"line\"");
                    EventTypeExample example;
                    example.line = e.value("line", "");
                    if (auto f = e.find("fields"); f != e.end() && f->is_object())
                        for (auto it = f->begin(); it != f->end(); ++it)
                            example.fields.emplace_back(it.key(),
                                                        it.value().is_string() ? it.value().get<std::string>() : it.value().dump());
                    pat.examples.push_back(std::move(example));
                }
            }
            Compiled::Pattern cp{typeIndex, Compiled::compile(pat.re, opts, origin, type.id), {}, {}};
            for (const auto &[key, value] : pat.sets)
                cp.sets.emplace_back(std::string(cat->canonicalField(key)), value);
            // A pattern that matches the empty text matches every message: every line would
            // be this type and no other.
            if (RE2::PartialMatch("", *cp.message.re))
                fail(origin, type.id, "pattern /" + pat.re + "/ matches every message (it matches even an empty one)");
            for (const FieldPattern &fp : pat.fields)
                cp.fields.push_back(
                    {std::string(cat->canonicalField(fp.field)), Compiled::compile(fp.re, opts, origin, type.id), fp.required});
            std::string error;
            cp.anchored = anchoredAtStart(pat.re);
            Compiled::SubSet &sub = cp.anchored ? compiled.anchored : compiled.floating;
            if (sub.set->Add(pat.re, &error) < 0)
                fail(origin, type.id, "pattern /" + pat.re + "/ rejected: " + error);
            sub.patternOf.push_back(static_cast<int>(compiled.patterns.size()));
            if (&sub == &compiled.floating) {
                std::string literal = leadingLiteral(pat.re);
                if (literal.size() < 3)
                    compiled.floatingAlways = true;
                else
                    compiled.floatingLiterals.push_back(std::move(literal));
            }
            cat->m_compiled->patterns.push_back(std::move(cp));
            type.patterns.push_back(std::move(pat));
        }
        cat->m_types.push_back(std::move(type));
        cat->m_compiled->extractors.push_back(extractor);
        if (cat->m_types.size() + 2 > kMaxEventTypes) // the two builtins below still need ids
            fail(origin, {}, "too many event types (at most " + std::to_string(kMaxEventTypes - 3) + ")");
    }
    // Types produced by the record parsers rather than by message patterns.
    struct Builtin {
        const char *id, *description, *category;
    };
    for (const Builtin &b : {Builtin{"apiserver.audit", "A request in the kube-apiserver audit log", "api"},
                             Builtin{"go.goroutine", "One goroutine of a Go stack dump", ""}}) {
        if (cat->find(b.id))
            continue;
        EventType builtin;
        builtin.id = b.id;
        builtin.description = b.description;
        if (std::find(cat->m_categories.begin(), cat->m_categories.end(), b.category) != cat->m_categories.end())
            builtin.category = b.category;
        cat->m_types.push_back(std::move(builtin));
        cat->m_compiled->extractors.push_back(nullptr);
    }
    for (Compiled::SubSet *sub : {&compiled.anchored, &compiled.floating})
        if (!sub->set->Compile())
            fail(origin, {}, "the patterns do not fit in the matcher's memory budget");
    compiled.findRivals(cat->m_types);
    for (const std::string &literal : compiled.floatingLiterals)
        compiled.floatingSearchers.emplace_back(literal.data(), literal.data() + literal.size());
    try {
        CodeTypes types = resolveCodeTypes(*cat, origin);
        if (const auto unknown = unknownCodeFields(*cat); !unknown.empty())
            fail(origin, {},
                 "no pattern produces the field '" + unknown.front() + "', which the analysis reads (core/classify/codenames.cpp)");
        cat->m_codeTypes = std::move(types);
    } catch (const std::runtime_error &e) {
        if (code == CodeNames::Required)
            throw;
        cat->m_codeTypesError = e.what();
    }
    return cat;
}

const CodeTypes &EventTypeCatalog::codeTypes() const
{
    if (!m_codeTypes)
        throw std::runtime_error(m_codeTypesError);
    return *m_codeTypes;
}

std::vector<std::string> EventTypeCatalog::producedFields() const
{
    std::vector<std::string> out;
    auto add = [&](std::string_view name) {
        if (!name.empty() && std::find(out.begin(), out.end(), name) == out.end())
            out.emplace_back(name);
    };
    auto addGroups = [&](const Compiled::Regex &r) {
        for (const std::string &g : r.groupNames)
            add(canonicalField(g));
    };
    for (const Compiled::Pattern &p : m_compiled->patterns) {
        addGroups(p.message);
        for (const Compiled::FieldRegex &f : p.fields) {
            add(f.field);
            addGroups(f.regex);
        }
        for (const auto &[key, value] : p.sets)
            add(key);
    }
    for (const auto &[from, to] : m_aliases)
        add(to);
    return out;
}

std::optional<EventTypeId> EventTypeCatalog::find(std::string_view id) const
{
    for (size_t i = 0; i < m_types.size(); ++i)
        if (m_types[i].id == id)
            return static_cast<EventTypeId>(i);
    return std::nullopt;
}

bool EventTypeCatalog::valueRepeats(std::string_view canonicalKey) const
{
    return std::find(m_repeatingFields.begin(), m_repeatingFields.end(), canonicalKey) != m_repeatingFields.end();
}

std::string_view EventTypeCatalog::canonicalField(std::string_view key) const
{
    const std::size_t mask = m_aliasSlots.size() - 1;
    for (std::size_t slot = slotOf(key, mask); m_aliasSlots[slot] >= 0; slot = (slot + 1) & mask)
        if (const auto &[from, to] = m_aliases[static_cast<std::size_t>(m_aliasSlots[slot])]; from == key)
            return to;
    return key;
}

bool EventTypeCatalog::floatingMayMatch(std::string_view window) const
{
    return !m_compiled->floating.patternOf.empty()
        && (m_compiled->floatingAlways
            || std::any_of(m_compiled->floatingSearchers.begin(), m_compiled->floatingSearchers.end(), [&](const auto &search) {
                   return search(window.data(), window.data() + window.size()).first != window.data() + window.size();
               }));
}

EventTypeId EventTypeCatalog::classify(std::string_view message, std::string_view component, FieldList &fields) const
{
    ClassificationHint none;
    return classify(message, component, fields, none);
}

EventTypeId EventTypeCatalog::classify(std::string_view message, std::string_view component, FieldList &fields,
                                       ClassificationHint &hint) const
{
    const std::string_view window = message.substr(0, kClassifyWindow);
    const bool floating = floatingMayMatch(window);
    const std::size_t patternCount = m_compiled->patterns.size();
    // The answer is the first pattern in table order that matches and holds. When no anchored
    // pattern before the hinted one can match (none of its rivals) and no unanchored one can
    // (none of their literals is in the message), the hinted one is that answer if it matches
    // and holds, and no set runs. When the hint is that none matched, the anchored set is
    // asked only whether any pattern matches, which costs less than which ones.
    if (!floating && hint.pattern >= 0) {
        const auto first = static_cast<std::size_t>(hint.pattern);
        if (first >= patternCount) {
            if (!hint.lastUnmatched.empty() && window == hint.lastUnmatched)
                return kOtherEventType;
            if (m_compiled->noAnchoredMatch(window)) {
                if (window.size() <= kMostRememberedUnmatched)
                    hint.lastUnmatched.assign(window);
                return kOtherEventType;
            }
        } else if (m_compiled->noRivalMatches(first, window, component) && tryPattern(first, window, message, component, fields)) {
            return m_compiled->patterns[first].type;
        }
    }
    const std::int32_t index = matchFromSets(window, message, component, fields, floating);
    if (index < 0) {
        hint.pattern = static_cast<std::int32_t>(patternCount);
        return kOtherEventType;
    }
    const Compiled::Pattern &p = m_compiled->patterns[static_cast<std::size_t>(index)];
    hint.pattern = p.anchored ? index : -1;
    return p.type;
}

// The first pattern in table order that matches and holds, from the sets' matches; -1: none.
std::int32_t EventTypeCatalog::matchFromSets(std::string_view window, std::string_view message, std::string_view component,
                                             FieldList &fields, bool floating) const
{
    // The table's order decides between patterns that both match: collect from both sets.
    thread_local std::vector<int> matches, found;
    matches.clear();
    for (const Compiled::SubSet *sub : {&m_compiled->anchored, &m_compiled->floating}) {
        if (sub == &m_compiled->floating && !floating)
            continue;
        if (sub->patternOf.empty() || !sub->set->Match(window, &found))
            continue;
        for (int i : found)
            matches.push_back(sub->patternOf[static_cast<std::size_t>(i)]);
    }
    std::sort(matches.begin(), matches.end());
    for (int index : matches)
        if (tryPattern(static_cast<std::size_t>(index), window, message, component, fields))
            return index;
    return -1;
}

// Pattern `index` on a message: true, with its captures, sets and extractor output added to
// `fields`, when it matches and its conditions hold; false, leaving `fields` as it was, when not.
bool EventTypeCatalog::tryPattern(std::size_t index, std::string_view window, std::string_view message, std::string_view component,
                                  FieldList &fields) const
{
    const auto &p = m_compiled->patterns[index];
    const EventType &type = m_types[p.type];
    if (!mayBeFrom(type.components, component))
        return false;
    // Required field conditions first: a pattern that fails one must leave no captures.
    const bool fieldsHold = std::all_of(p.fields.begin(), p.fields.end(), [&](const Compiled::FieldRegex &f) {
        return !f.required || RE2::PartialMatch(fields.get(f.field), *f.regex.re);
    });
    if (!fieldsHold || !Compiled::matchInto(p.message, window, *this, fields))
        return false;
    for (const Compiled::FieldRegex &f : p.fields) {
        // The view points at the line (or the list's own storage), not into the list's
        // items, so setting captures while matching it is safe.
        const std::string_view value = fields.get(f.field);
        if (!value.empty())
            Compiled::matchInto(f.regex, value, *this, fields);
    }
    for (const auto &[key, value] : p.sets)
        if (fields.get(key).empty())
            fields.add(key, value); // the catalog outlives the list; the store copies the value
    if (auto extractor = m_compiled->extractors[p.type])
        extractor(message, fields);
    return true;
}

} // namespace kubelane::core
