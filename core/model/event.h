#pragma once
// One log entry (a line plus its continuation lines) after parsing. Events hold no text:
// the raw bytes stay in the source and are referenced by offset, strings are interned.
#include "origin.h"
#include "eventcontext.h"
#include "fieldkeytable.h"
#include "stringpool.h"
#include "timestamp.h"

#include <cstddef>
#include <cstdint>
#include <memory>
#include <new>
#include <utility>
#include <vector>

namespace kubelane::core {

enum class Severity : std::uint8_t { Debug, Info, Warning, Error, Fatal };
const char *severityName(Severity s);

using SourceId = std::uint32_t;
using EventTypeId = std::uint16_t;
using RoleId = std::uint16_t;
// An event's index in Incident::events, in core and UI alike (events are fewer than 4 G).
struct EventTag;
using EventIndex = StrongId<EventTag, std::uint32_t, 0xffffffffu>;
constexpr EventIndex kNoEvent = EventIndex::none(); // a fact or a step with no single line
constexpr EventTypeId kOtherEventType = 0;          // parsed, but no type in the table matched
constexpr std::size_t kMaxEventTypes = 1u << 12;    // Event::type's bits

// A key/value parsed from the line: structured klog pairs, regex captures, extractor output.
// Keys repeat and are few: a key is an id into its store's FieldKeyTable. Most values do not
// repeat (audit ids, latencies, UIDs): interning them cost half the load time and more memory
// than the text itself, so such a value is a slice, of the event's raw bytes where it stands
// there verbatim, else of the source's decoded values (unquoted strings, JSON). Values of the
// keys the catalog names as repeating (a request's verb, resource, namespace, name) are
// interned, so facts that scan every request never go back to the raw lines. Read a value
// with Incident::fieldValue. 8 bytes: a 1 GB bundle keeps millions.
struct Field {
    constexpr Field() = default;
    // All three, always: a value is never only an id (as it was once; the compiler now says so).
    constexpr Field(FieldKeyId k, std::uint32_t offset, std::uint16_t lengthAndFlags)
        : valueOffset(offset), key(k), valueLength(lengthAndFlags)
    { }

    std::uint32_t valueOffset = 0; // from the event's first raw byte, into Source::decodedValues, or a StringId's value
    FieldKeyId key;
    std::uint16_t valueLength = 0; // with the flags below
    static constexpr std::uint16_t kDecodedValue = 0x8000u;
    static constexpr std::uint16_t kInternedValue = 0x4000u;
    // An event's fields are contiguous and the last says so, so the event keeps no count.
    static constexpr std::uint16_t kLastOfEvent = 0x2000u;
    // The longest value kept as a slice (8 KiB - 1); an interned value may be longer (its
    // length is the string's).
    static constexpr std::uint16_t kLengthMask = kLastOfEvent - 1;
    bool decoded() const { return valueLength & kDecodedValue; }
    bool interned() const { return valueLength & kInternedValue; }
    bool lastOfEvent() const { return valueLength & kLastOfEvent; }
    void setLastOfEvent(bool last)
    {
        valueLength = static_cast<std::uint16_t>(last ? valueLength | kLastOfEvent : valueLength & ~kLastOfEvent);
    }
    std::uint32_t length() const { return valueLength & kLengthMask; }
    StringId internedValue() const { return StringId(valueOffset); } // only when interned()
};
static_assert(sizeof(Field) == 8);

struct Event {
    static constexpr std::uint64_t kMaxOffset = (std::uint64_t(1) << 40) - 1; // 1 TiB into a file
    static constexpr std::uint32_t kMaxSources = 1u << 24;                    // files in one incident

    Timestamp time; // UTC, after zone/year/skew correction
    // One word (the event is the store's hot struct): the parser reads no file past
    // kMaxOffset, and the load parses no more than kMaxSources files.
    std::uint64_t offset : 40 = 0; // byte offset of the first raw line in the source
    SourceId source : 24 = 0;
    // Its length and where its message is (spansOf, core/model/eventspans.h): a length under
    // 64 KiB and the message as two 16-bit distances from the event's ends, or an index into
    // the source's table (spansInTable) for a longer event or a message decoded into the arena.
    // The event's lines are the newlines in its bytes plus one (Incident::lineCountOf).
    std::uint32_t spans = 0;
    static constexpr std::uint32_t kNoFields = 0xffffffffu;
    // Into the source's fields (Source::fields), which run to the one marked lastOfEvent.
    std::uint32_t firstField = kNoFields;
    // One 16-bit word: a bundle's catalog has a few hundred types (the catalog refuses more
    // than kMaxEventTypes).
    EventTypeId type : 12 = kOtherEventType;
    Severity severity : 3 = Severity::Info;
    bool spansInTable : 1 = false;
    std::uint16_t shortLength = 0; // unless spansInTable
    // Who logged it and what about (Incident::componentOf, fileOf, roleOf, nodeOf, podOf,
    // containerOf): its origin, node, pod and container, interned together.
    EventContextId context = kNoEventContext;
};
static_assert(sizeof(Event) == 32, "Event is the hot struct: keep it small (it grows in steps of 8 bytes, its time's alignment)");

// The allocator of event tables: it leaves the events resize() adds unwritten, so that the time
// order can size the store and write each half in place from its own thread, where
// value-initialisation would write, and fault in, every page of the store once more before
// the merge (146 MiB on a 1 GB bundle). Tables filled by push_back, as every other is, are
// unaffected; never resize() a table to read what it added. (Event is an aggregate with
// trivial copies and destructor, so its storage holds events once written.)
template <class T> struct UnwrittenOnResize : std::allocator<T> {
    UnwrittenOnResize() = default;
    template <class U> UnwrittenOnResize(const UnwrittenOnResize<U> &) noexcept { }
    template <class U> void construct(U *) noexcept { }
    template <class U, class... Args> void construct(U *at, Args &&...args)
    {
        ::new (static_cast<void *>(at)) U(std::forward<Args>(args)...);
    }
};

// A table of events: a source's, in file order, or the incident's store, in time order.
using EventStore = std::vector<Event, UnwrittenOnResize<Event>>;

} // namespace kubelane::core
