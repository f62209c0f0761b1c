#pragma once
// Parses one file: detects its format, unwraps each line's envelope, parses the klog header,
// classifies the message and records the event - or counts the line as not understood.
// One instance per worker thread; parse() may be called for many files.
#include "../classify/eventtypecatalog.h"
#include "../classify/goroutinemap.h"
#include "../input/bundlereader.h"
#include "parsedsource.h"

#include <string>

namespace kubelane::core {

struct SourceOverrides {
    std::string component; // "" = detect
    std::string node;
};

class SourceParser {
public:
    SourceParser(const EventTypeCatalog &types, const GoroutineMap &roles);

    ParsedSource parse(const InputFile &file, SourceId id, const SourceOverrides &overrides = {});

private:
    struct LineView {
        std::string_view text;
        std::uint64_t offset;
        std::uint32_t number;
    };
    struct Envelope {
        std::string_view host;       // journald
        std::string_view component;  // from journald identifier; "" = the source's
        std::int64_t utc = 0;        // exact UTC of the envelope, 0 = none
        bool utcIsLocalReadingOnly = false;
        bool haveLocal = false;      // journald short: local reading without year
        PendingTime local;
        bool messageInArena = false; // payload lives in the source arena at [arenaOffset, +len)
        std::uint64_t arenaOffset = 0;
    };

    void parseLines(SourceFormat format);
    void parseKlogJson();
    void parseAudit();
    void parseGoroutineDump();

    // The payload of one record (klog line, systemd message, plain text) becomes an event.
    void emitRecord(const LineView &first, std::uint32_t lineCount, std::uint64_t length, std::string_view payload,
                    const Envelope &env);
    // Records an event whose type/fields are already known (JSON formats).
    Event &pushEvent(const LineView &first, std::uint64_t length, Severity severity, std::string_view component,
                     std::string_view file, std::string_view message, bool messageInArena, std::uint64_t messageOffset);
    void storeFields(Event &e, std::string_view component);
    bool extendLastEvent(const LineView &line);
    void unparsed(const LineView &line, DiagnosticReason reason);
    void diagnose(const LineView &line, DiagnosticReason reason);
    PodId resolvePod();
    StringId nodeForEvent(std::string_view component, std::string_view host);
    std::uint16_t currentRollovers(unsigned month);

    const EventTypeCatalog &m_types;
    const GoroutineMap &m_roles;
    ParsedSource m_out;
    SourceOverrides m_overrides;
    FieldList m_fields;
    std::unordered_map<std::string, RoleId> m_roleCache;
    unsigned m_lastMonth = 0;
    std::uint16_t m_rollovers = 0;
    unsigned m_lastDay = 0; // for journald time-only lines
    std::string_view m_currentHost;
    std::string m_currentComponent;
};

// Decides a file's format from its first lines.
SourceFormat detectFormat(std::string_view bytes, std::string *detail = nullptr);

} // namespace kubelane::core
