#pragma once
// Parses one file: detects its format, unwraps each line's envelope, parses the klog header,
// classifies the message and records the event - or counts the line as not understood.
// One instance per worker thread; parse() may be called for many files.
#include "../classify/eventtypecatalog.h"
#include "../classify/goroutinemap.h"
#include "../format/envelopes.h"
#include "../format/exportrecord.h"
#include "../format/formatdetection.h"
#include "../format/lokiexport.h"
#include "../format/describenode.h"
#include "../format/pastetext.h"
#include "../format/payload.h"
#include "../shape/sourceinput.h"
#include "../time/neighbourreadings.h"
#include "parsedsource.h"
#include "timeseek.h"

#include <nlohmann/json_fwd.hpp>

#include <array>
#include <functional>
#include <map>
#include <optional>
#include <set>
#include <string>

namespace kubelane::core {

struct ObjectRecord;

struct SourceOverrides {
    std::string component; // "" = detect
    std::string node;
};

class SourceParser {
public:
    SourceParser(const EventTypeCatalog &types, const GoroutineMap &roles);

    ParsedSource parse(const SourceInput &input, SourceId id, const SourceOverrides &overrides = {});
    // The next parse() reads only the lines of this window (and a little around it) where the
    // file allows seeking by time (timeseek.h); the events outside it are the caller's to drop.
    void setTimeWindow(const TimeWindow &window) { m_window = window; }
    // A file as it is, attributed by its path alone (tests, a single pasted text).
    ParsedSource parse(const InputFile &file, SourceId id, const SourceOverrides &overrides = {});

    // The dates a journal header spans ("-- Logs begin at ..., end at ... --"); year 0: none.
    struct JournalSpan {
        CivilTime begin, end;
    };

private:
    // One read of the file as `input` attributes it. When its lines name another component than
    // the path did (or the path named none), that identity is set in `reread` and the file
    // must be read again as that component's: the types only it prints were not tried.
    ParsedSource parseOnce(const SourceInput &input, SourceId id, const SourceOverrides &overrides, std::optional<SourceIdentity> &reread);
    // A large file whose path names no component: the component its first lines name, read
    // from them alone, so that the file is read once, as that component's, and not twice.
    std::optional<SourceIdentity> identityFromHead(const SourceInput &input, SourceId id, const SourceOverrides &overrides);

    struct LineView {
        std::string_view text;
        std::uint64_t offset;
        std::uint32_t number;
    };
    // What an envelope says about its payload. The payload's own time wins over it: a klog
    // header's (µs, local) and a klog JSON "ts" (UTC) are both finer than journald's seconds
    // and are when the line was logged, not when it was collected.
    struct Envelope {
        std::string_view host;      // journald
        std::string_view component; // from the journald identifier; "" = the source's
        std::int64_t utc = 0;       // exact UTC of the envelope, 0 = none
        bool haveLocal = false;     // journald short: a local reading without year
        PendingTime local;
        bool localInWholeSeconds = false; // the reading has no fraction (journald short)
        bool messageInArena = false;      // the payload is the source arena from arenaOffset on
        std::uint64_t arenaOffset = 0;
        // An export's record (journal JSON, Cloud Logging, Loki): its level, and the pod and
        // container it names, used where the message itself names none.
        bool haveSeverity = false;
        Severity severity = Severity::Info;
        std::string_view podNamespace, podName, container;
        CivilTime viewerDate; // LineEnvelope::viewerDate
    };
    // Everything an event needs before it is classified and stored; every format ends here.
    struct EventDraft {
        LineView first;
        std::uint64_t length = 0;
        std::uint32_t lineCount = 1;
        Severity severity = Severity::Info;
        std::string_view component;
        std::string_view file;
        std::string_view message; // what is classified (raw slice or arena)
        bool messageInArena = false;
        std::uint64_t messageOffset = 0; // from first.offset (raw) or from the arena's start
        bool fieldsReady = false;        // m_fields already holds the record's key/values (JSON)
        // eventFields can decode them from the raw line again (a klog JSON line as written):
        // then only the fields read after the parse are kept. Other records (audit events,
        // objects, dumps) keep all theirs.
        bool fieldsInLine = false;
        std::optional<EventTypeId> type; // record formats that know their type (audit, dumps)
        std::string_view host;
        PendingTime time;
        std::string_view podNamespace, podName, container; // the record's (Envelope)
    };
    // The elector whose renewal failed last in a file, and when (electorOrigin).
    struct FailedElector {
        std::string component;
        PendingTime at;
    };
    // A record split over several lines (CRI "P" parts, docker lines over 16 KiB).
    struct PartialRecord {
        bool open = false;
        LineView first{};
        std::uint32_t lines = 0;
        std::uint64_t arenaStart = 0;
        std::int64_t utc = 0;
    };

    void parseLines(FileReader reader);
    using LineFn = std::function<void(std::string_view text, std::size_t offset, std::uint32_t number)>;
    // Every line of the file, or with a time window set, the lines of the window and the head
    // before the first dated line; the lines skipped are counted. Returns the end of the last
    // line read.
    std::size_t forEachLineOfWindow(const LineFn &fn);
    // Every line the parse reads, as a LineView; its number goes into the source's LineIndex.
    LineView lineRead(std::string_view text, std::size_t offset, std::uint32_t number);
    void reserveForLines(std::size_t bytesToRead);
    void reserveFieldsAhead();
    // Binary data (NULs after an unclean shutdown) is counted as such, false; invalid UTF-8
    // and over-long lines are noted and read.
    bool isTextLine(const LineView &line);
    void onKlogTextLine(const LineView &line);
    void onJournaldLine(const LineView &line);
    void onMonotonicJournaldLine(const LineView &line, const JournaldLine &j, Envelope &env);
    void onCriLine(const LineView &line);
    void onDockerJsonLine(const LineView &line);
    void onTimestampPrefixLine(const LineView &line);
    void onDmesgLine(const LineView &line);
    // A registered format's line (FileReader::EnvelopeLines): its envelope taken off by the
    // format, the payload decoded as any.
    void onEnvelopeLine(const LineView &line);
    // Any line format's lines, also indented or quoted in a paste: true when it was one.
    bool emitLogLine(const LineView &line);
    void emitJournald(const LineView &line, const JournaldLine &j);
    void onGlogPreamble(const LineView &line, std::string_view text);
    // A line that is no log line (prompt, fence, command output...): counted, true.
    // `ownLinesOnly`: the format's records never go on over lines (docker's JSON lines), so a line
    // that is none is the paste's around them, wherever it stands.
    bool onNonLogLine(const LineView &line, bool ownLinesOnly = false);
    bool onConditionsTableLine(const LineView &line);
    void flushConditionsTable();
    void noteDescribedNode(std::string_view name, std::uint32_t lineNumber);
    void flushPartial(std::uint64_t endOffset);
    void parseKlogJson();
    void parseAudit();
    // One audit.k8s.io Event (v1alpha1, v1beta1, v1), a line of an audit file or an envelope's
    // payload (the apiserver logging audit to stdout); the reason when it is not one.
    std::optional<DiagnosticReason> emitAudit(const LineView &first, std::uint32_t lineCount, std::uint64_t length,
                                              const nlohmann::json &doc, const Envelope &env);
    void parseGoroutineDump();
    // Exports from log systems (sourceparser_records.cpp): JSON records one per line or over
    // several lines (json-pretty, a JSON array), and the line-shaped ones (Loki text, logfmt).
    void parseRecords();
    void onExportRecord(const LineView &first, std::uint32_t lineCount, std::uint64_t length, std::string_view text);
    static Envelope envelopeOf(const ExportRecord &r); // host, component, pod and container of a record
    static Envelope envelopeOf(const LineEnvelope &u); // a line format's envelope: time, component, pod, container
    void emitExportRecord(const LineView &first, std::uint32_t lineCount, std::uint64_t length, const ExportRecord &r);
    void onRecordArrayLine(const LineView &line);
    void unparsedRecord(const LineView &first, std::uint32_t lineCount, DiagnosticReason reason);
    void onLokiTextLine(const LineView &line);
    void onGrafanaTextLine(const LineView &line, const GrafanaTextLine &g);
    void onLogfmtLine(const LineView &line);
    void attributeSourceFromRecords();
    void addRecordFields(const EventDraft &d);
    void notePodOfRecord(const Envelope &env);
    // Kubernetes objects (sourceparser_objects.cpp): each object's records become events that
    // span the object's lines; the lines of objects without a time are counted as such.
    void parseKubeObjects();
    void parseKubeYaml();
    void parseEventTable();
    void parseDescribeNode();
    void emitObjectRecords(const LineView &first, const LineView &last, const std::vector<ObjectRecord> &records);

    // The payload of one record becomes an event: decodePayload says what it is (klog text,
    // klog JSON, plain text), the same step for every envelope.
    void emitRecord(const LineView &first, std::uint32_t lineCount, std::uint64_t length, std::string_view payload, const Envelope &env);
    // The record as an audit event; false when it is not one (then it is read as text).
    bool emittedAsAudit(const LineView &first, std::uint32_t lineCount, std::uint64_t length, std::string_view payload,
                        const Envelope &env);
    // The same with the payload decoded already (a bare klog line, whose header was parsed to
    // recognise it). A klog JSON payload's key/values are in m_fields.
    void emitPayload(const LineView &first, std::uint32_t lineCount, std::uint64_t length, std::string_view payload, const Envelope &env,
                     const Payload &decoded);
    void emitKlogJson(const LineView &first, std::uint32_t lineCount, std::uint64_t length, const KlogJsonRecord &record,
                      const Envelope &env);
    // The rest of a klog JSON event, once its message is placed (raw line or arena).
    void emitKlogJsonDraft(EventDraft &d, const LineView &first, std::uint32_t lineCount, std::uint64_t length, const KlogJsonRecord &r,
                           std::string_view caller, const Envelope &env);
    std::string_view componentFor(const Envelope &env, std::string_view goFile);
    void addEvent(const EventDraft &draft);
    void storeFields(Event &e, const EventDraft &d, OriginId origin);
    void addFieldToLastEvent(std::string_view key, std::string_view value); // a goroutine dump's frames, read after its header
    // Stores a field of `e` (the last event), false when its key is one too many for the file.
    // A line of the kubelet naming its Node: when the name is the line's host with a domain
    // after it, the file says the two are one machine (nodenames.h).
    void noteNodeFullName(StringId host, StringId node);
    bool pushField(const Event &e, StringId key, std::string_view value);
    Field fieldOf(const Event &e, StringId key, FieldKeyId id, std::string_view value);
    // What the parse does with a key's values, cached by the key's local id.
    struct KeyUse {
        bool known = false;
        bool repeats = false; // the catalog's repeatingFields: interned
        bool read = false;    // read after the parse (codenames.h)
        bool podUid = false;
    };
    const KeyUse &keyUse(StringId key);
    bool isKeptAfterParse(const Event &e, StringId key);
    bool extendLastEvent(const LineView &line);
    void unparsed(const LineView &line, DiagnosticReason reason);
    void notALogLine(const LineView &line, DiagnosticReason reason); // reason: isNotALogLine
    void countAllLinesAs(DiagnosticReason reason);                   // a file the layout says is no log
    void diagnose(const LineView &line, DiagnosticReason reason);
    void noteYear(int year, const LineView &line, const char *what);
    void noteJournalSpan(const JournalSpan &span, const LineView &line);
    void yearOfJournalSpan();
    // The fields that say whom an event is about, found in one pass over the event's fields
    // (six searches, each comparing every key, had been 2 % of the load).
    struct SubjectFields {
        std::string_view ns, podName, podUid, pod, node, container;
    };
    SubjectFields subjectFields() const;
    PodId resolvePod(const SubjectFields &subject);
    // `named`: the node the event's fields name, if any.
    StringId nodeForEvent(std::string_view named, std::string_view component, std::string_view host);
    std::uint16_t currentRollovers(unsigned month);
    void keepOrderWithinSecond(PendingTime &t) const;
    bool continuesTerminalWrap() const;
    bool continuesGoStack(std::string_view text) const;
    void attributeToLeaseComponent(const std::string &component);
    void attributeToContentComponent(bool linesNameTheirProcess);
    std::map<StringId, std::uint64_t> namedComponents(bool programsOnly = false) const;
    std::vector<std::uint64_t> linesPerOrigin() const;
    std::map<std::string_view, std::uint64_t> goFileComponents();
    std::string_view componentOfGoFile(std::string_view goFile);
    OriginId electorOrigin(EventTypeId type, const EventDraft &d, OriginId origin);
    bool namesLease(EventTypeId type) const { return type < m_namesLease.size() && m_namesLease[type]; }
    std::string_view systemdFileOf(std::string_view message) const;
    void noteDateAbove(const LineView &line);
    std::vector<std::string_view> terminalWrapPieces(const LineView &line) const;
    std::string_view joinTerminalPieces(std::string_view head, const std::vector<std::string_view> &pieces, const LineView &line,
                                        Envelope &env, std::uint64_t &length);
    bool emitTerminalCutKlogLine(const LineView &line, std::string_view text, Envelope env);
    bool endsItsBlock(const LineView &line) const;
    void noteHeaderClock(const PendingTime &envelope, const PendingTime &header, const LineView &line);
    void emitUnwrapped(const LineView &line, const LineEnvelope &unwrapped);
    bool emitLineOfAnotherFormat(const LineView &line);

    const EventTypeCatalog &m_types;
    const GoroutineMap &m_roles;
    // The leader-election types the parser reads for their elector (electorOrigin), and by
    // type, whether its wordings name a lease.
    EventTypeId m_leaderLost = kOtherEventType, m_leaderRenewFailed = kOtherEventType, m_leaderLockError = kOtherEventType;
    // client-go cancels the leader's context at once when its renewal fails: its loss line follows.
    static constexpr std::int64_t kLossAfterFailedRenewal = 120 * kNsPerSecond;
    std::vector<bool> m_namesLease;
    TimeWindow m_window;
    ParsedSource m_out;
    FieldList m_fields;
    FieldList m_probeFields; // scratch: classifying a header-less line (reused, never allocates again)
    // The origin of a line by its texts: a file has a few hundred places, and asking the pool
    // for both texts and the origin table for the pair, on every line, was 3 % of the parse.
    struct RememberedOrigin {
        std::string_view component, file; // the pool's
        OriginId id;
        bool used = false;
    };
    OriginId originOf(std::string_view component, std::string_view file);
    // The keys a place logs, in the order it logs them: one InfoS call prints the same keys on
    // every line, so the n-th key of a line from that place is named and interned as it was
    // the last time, and only a key that differs is looked up again (the catalog's aliases,
    // then the pool, for every key of every line, were 5 % of the parse).
    struct PlannedKey {
        std::string_view raw;       // as logged, in m_file.plannedKeyTexts
        std::string_view canonical; // the catalog's name for it: the catalog's text or m_file.plannedKeyTexts'

        StringId id; // the pool's id of `canonical`, once stored
    };
    void nameKeysAsTheirPlaceDoes(OriginId origin);
    StringId plannedKeyId(std::size_t index, std::string_view key);
    // The host the lines' journal prefixes name, while they all name one (Source::host).
    struct SoleHost {
        std::string name;
        bool several = false;
        void see(std::string_view host)
        {
            if (host.empty() || several || host == name)
                return;
            several = !name.empty();
            name = host;
        }
    };
    // journalctl -o short-monotonic: the last line whose wall time is known (a klog header or
    // a klog JSON ts) and its monotonic reading tie the boot's clock to the wall clock.
    struct MonotonicAnchor {
        bool set = false;
        bool everSet = false; // for the format detail
        std::int64_t monotonicNs = 0;
        PendingTime time;
    };
    // How far a journal's local times run ahead of the klog headers of the same lines: a whole
    // zone when the process logs in another zone than the journal shows (noteHeaderClock).
    struct HeaderClockLead {
        static constexpr std::size_t kMaxWaiting = 4096;
        bool known = false;
        std::int64_t ns = 0;
        std::vector<std::uint32_t> waiting; // events of the journal's time only before the first header
    };
    // The pods the export's records name: one pod and container for all makes the source
    // that container's log.
    struct RecordPods {
        std::uint64_t records = 0, named = 0;
        bool mixed = false;
        std::string ns, name, container;
    };
    // Everything the parse of one file learns as it goes, and nothing else: parse() starts each
    // file from a fresh one (a worker parses many files, and the ids of one file's tables
    // name other texts in the next file's).
    struct FileState {
        // How a weak name came ("the folder names ", "its first lines name "): the source's
        // origin says so when its lines name another component.
        std::string weakNaming;
        const LogFormat *format = nullptr; // the source's, as detected
        std::uint8_t formatVariant = 0;
        std::vector<ClassificationHint> lastMatch; // by the file's OriginId: what matched there last
        std::array<RememberedOrigin, 256> rememberedOrigins;
        std::vector<std::vector<PlannedKey>> keyPlans; // by the file's OriginId
        StringPool plannedKeyTexts;                    // each key text once, however often a place changes its keys
        std::size_t plannedKeys = 0;                   // how many of m_fields' first keys follow the plan of plannedOrigin
        OriginId plannedOrigin;
        std::uint64_t lastEventLines = 0; // the last event's raw lines so far (Incident::lineCountOf, once loaded)
        // The component of each Go file:line (componentOfGoFile), for a process of several
        // components (k3s) or a file that names none: the goroutine map is searched once per
        // file:line, and a line of one seen costs a hash of its text, no intern.
        struct TextHash {
            using is_transparent = void;
            std::size_t operator()(std::string_view s) const { return std::hash<std::string_view>{}(s); }
        };
        std::unordered_map<std::string, std::string_view, TextHash, std::equal_to<>> ownerOfGoFile;
        std::vector<KeyUse> keyUses;                        // by key id
        std::unordered_map<std::uint64_t, PodId> podByName; // (namespace, name) string ids
        std::unordered_map<StringId, PodId> podByUid;
        PartialRecord partial;
        unsigned lastMonth = 0;
        std::uint16_t rollovers = 0;
        unsigned lastDay = 0; // for journald time-only lines
        SoleHost soleHost;
        JournalSpan journalSpan; // a journal header's span over several years (noteJournalSpan)
        std::uint32_t journalSpanLine = 0;
        std::string journalSpanText;
        MonotonicAnchor monotonicAnchor;
        NeighbourReadings neighbourReadings; // year and zone from JSON records among klog lines
        std::int64_t lastMonotonic = 0;
        HeaderClockLead headerClockLead;
        RecordPods recordPods;
        ExportRecord commonLabels; // Grafana's text download: its "Common labels"
        // Pastes and terminal captures: the indentation of the last log line (a paste's, stripped
        // from the lines after it), whether the text shows it is a paste, the command block.
        std::string pasteIndent;
        bool pasteEvidence = false;
        PasteReader pasteReader;
        PendingTime dmesgTime; // dmesg -H: the last minute stamp plus the deltas since
        // A terminal's copy: the width it cut long lines at (terminalWrapWidth).
        std::size_t terminalWrapWidth = 0;
        // The line read before this one (its length for a terminal's cut, what a Go stack's
        // function line at the margin continues).
        LineView previousLine{};
        // The payload inside the envelope of the line above was a Go stack's line: a function
        // line at the margin ("k8s.io/...(*T).Method(...)") inside an envelope continues it.
        bool previousPayloadInGoStack = false;
        std::uint32_t piecesToSkip = 0;        // lines already read as the rest of the line above
        std::set<std::string> leaseComponents; // the components the leader-election leases name
        FailedElector failedElector;           // the elector whose renewal failed last (electorOrigin)
        std::optional<DateAbove> dateAbove;    // on the last line that was no log line, since the last event
        // A node's Conditions table among a paste's lines (onConditionsTableLine): the table
        // and its rows' lines so far; the node the last "Name:" line above named, and where.
        struct OpenConditions {
            ConditionsTable table;
            std::vector<LineView> rows;
        };
        std::optional<OpenConditions> conditions;
        std::string describedName;
        std::uint32_t describedNameLine = 0;
        std::size_t conditionRecords = 0, conditionTables = 0; // the events the tables gave, and the tables
        bool afterConditions = false;                          // the description's sections after the table, until a log line
    } m_file;
};

// An audit.k8s.io Event object as a payload (cheap test before a real parse).
bool looksLikeAuditEvent(std::string_view payload);

} // namespace kubelane::core
