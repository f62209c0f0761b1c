#include "loader.h"

#include "../util/parallel.h"
#include "../util/stagereport.h"

#include "../classify/eventtypecatalog.h"
#include "../classify/goroutinemap.h"
#include "../format/sourceidentity.h"
#include "../input/bundlereader.h"
#include "../input/displaypath.h"
#include "../input/textencoding.h"
#include "../shape/bundleshapes.h"
#include "../time/clockalignment.h"
#include "../time/zoneclaim.h"
#include "../time/zonestatements.h"
#include "correlator.h"
#include "podinstances.h"
#include "nodenames.h"
#include "repeatedevents.h"
#include "sourceparser.h"
#include "timeorder.h"

#include <algorithm>
#include <chrono>
#include <ctime>
#include <filesystem>
#include <map>
#include <mutex>
#include <atomic>
#include <unistd.h>

namespace fs = std::filesystem;

namespace kubelane::core {

namespace {

class ProgressReporter {
public:
    explicit ProgressReporter(const LoadOptions &o) : m_options(o) { }
    void update(const std::function<void(LoadProgress &)> &change)
    {
        std::lock_guard lock(m_mutex);
        change(m_state);
        if (m_options.progress)
            m_options.progress(m_state);
    }

private:
    const LoadOptions &m_options;
    std::mutex m_mutex;
    LoadProgress m_state;
};

bool cancelled(const LoadOptions &o)
{
    return o.cancel && o.cancel->load();
}

const SourceOverride *findOverride(const std::vector<SourceOverride> &list, const Source &s)
{
    const SourceOverride *found = nullptr;
    for (const auto &o : list)
        if (overrideMatches(o.pattern, s))
            found = &o; // the last one given wins
    return found;
}

int currentYear()
{
    const std::time_t now = std::time(nullptr);
    std::tm tm{};
    gmtime_r(&now, &tm);
    return tm.tm_year + 1900;
}

// Decides the zone and the year of one source from what its lines showed and what the file
// states about its host's zone; `claim` says how sure the zone is, for the alignment later.
struct BorrowedYear {
    int year = 0;
    std::string from; // "the other files of <folder>"
};

// The year most files show in the innermost folder or archive around `path` that has any.
BorrowedYear neighboursYear(const std::string &path, const std::vector<std::pair<std::string, int>> &yearOf)
{
    for (std::size_t cut = path.find_last_of("/!"); cut != std::string::npos && cut > 0; cut = path.find_last_of("/!", cut - 1)) {
        const std::string_view folder(path.data(), cut + 1);
        std::map<int, int> votes;
        for (const auto &[other, year] : yearOf)
            if (std::string_view(other).starts_with(folder))
                ++votes[year];
        if (!votes.empty()) {
            const int year = std::max_element(votes.begin(), votes.end(), [](auto &a, auto &b) { return a.second < b.second; })->first;
            return {year, "the year the other files of " + std::string(folder) + " show"};
        }
    }
    std::map<int, int> votes;
    for (const auto &[other, year] : yearOf)
        ++votes[year];
    if (votes.empty())
        return {};
    return {std::max_element(votes.begin(), votes.end(), [](auto &a, auto &b) { return a.second < b.second; })->first,
            "the year the other files of the bundle show"};
}

void resolveClock(ParsedSource &p, const LoadOptions &options, const BorrowedYear &borrowed, ZoneClaim &claim)
{
    Source &s = p.source;
    ClockInfo &c = s.clock;
    const auto verdict = p.clockEvidence.tally();
    if (const auto *o = findOverride(options.utcOffsets, s)) {
        const auto offset = parseUtcOffset(o->value);
        c.utcOffsetSeconds = offset.value_or(0);
        c.offsetOrigin = ClockInfo::OffsetOrigin::Override;
        c.offsetEvidence = "--tz " + o->pattern + "=" + o->value;
        claim = overriddenZone(c);
    } else {
        const auto statements = s.bytes ? scanZoneStatements(*s.bytes) : std::vector<ZoneStatement>{};
        claim = decideZone(verdict, statements, p.needsClockInference, c);
    }

    // Year of the file's first stretch (before any Dec -> Jan turn).
    if (verdict.haveYear) {
        c.year = verdict.yearAtRollover0;
        c.yearEvidence = verdict.yearEvidence;
    } else if (p.explicitYear && !(p.explicitYearIsEarliest && options.fallbackYear >= p.explicitYear)) {
        // A journal's begin alone is the earliest year: the user's --year, not before it, wins.
        c.year = p.explicitYear;
        c.yearEvidence = p.explicitYearEvidence;
        c.yearIsEarliest = p.explicitYearIsEarliest;
    } else if (options.fallbackYear) {
        c.year = options.fallbackYear;
        c.yearEvidence = "--year " + std::to_string(options.fallbackYear);
    } else if (verdict.haveStampYear) { // weaker than the user's word
        c.year = verdict.stampYearAtRollover0;
        c.yearEvidence = verdict.stampYearEvidence;
    } else if (borrowed.year) {
        c.year = borrowed.year;
        c.yearEvidence = borrowed.from;
    } else if (s.modifiedTime > 0 && !p.times.empty()) {
        // The file was last written after its last line: a last line dated after the file's
        // modification, by more than a day (the zone may be assumed), is of the year before.
        const CivilTime m = toCivil({s.modifiedTime * kNsPerSecond}, c.utcOffsetSeconds);
        const StoredTime &last = p.times.back();
        const bool afterModified =
            last.month() > m.month || daysFromCivil(m.year, last.month(), last.day()) > daysFromCivil(m.year, m.month, m.day) + 1;
        int y = m.year - (afterModified ? 1 : 0);
        c.year = y - last.rollovers();
        c.yearEvidence = "file modification time " + formatRfc3339({s.modifiedTime * kNsPerSecond}, 0);
        c.yearGuessed = true;
    } else {
        c.year = currentYear();
        c.yearEvidence = "no evidence: assumed the current year (override with --year)";
        c.yearGuessed = true;
    }
}

// Each event's time from its pending reading, in place: the reading's reference waits in the
// event's own time until here. The readings are freed after (a file resolved as it was
// parsed has none left).
void resolveTimes(ParsedSource &p)
{
    const ClockInfo &c = p.source.clock;
    // Lines without a clock of their own (glog preamble, dump without a date) take their
    // neighbour's time: the previous one, or the next for leading lines.
    std::int64_t previous = 0;
    std::vector<std::size_t> leading;
    for (std::size_t i = 0; i < p.times.size(); ++i) {
        Timestamp &out = p.events[i].time;
        const PendingTime t = p.times[i].with(out);
        if (!t.exact && t.month == 0) {
            if (previous)
                out = {previous};
            else
                leading.push_back(i);
            continue;
        }
        out = resolvePendingTime(t, c.year, c.utcOffsetSeconds);
        previous = out.ns;
        if (!leading.empty()) {
            for (auto l : leading)
                p.events[l].time = out;
            leading.clear();
        }
    }
    p.times.clear(); // `= {}` would keep the capacity: assigning an empty list keeps the buffer
    p.times.shrink_to_fit();
}

// A file whose lines show its clock (a zone, a year) is decided on its own, right after its
// parse, and its times resolved: the load then holds the pending times of the files being
// parsed only (8 bytes an event), not of all until the merge.
void resolveOwnClock(ParsedSource &p, const LoadOptions &options)
{
    if (p.clockEvidence.empty() && !p.explicitYear)
        return;
    resolveClock(p, options, {}, p.zoneClaim);
    resolveTimes(p);
    p.clockResolved = true;
    if (p.source.bytes) // the head it read for zone statements
        p.source.bytes->releaseAllPages();
}

// Lines whose clock jumps back (a host's clock stepped, lines written out of order, files
// concatenated): each stays at its own time, and each source says how many and where.
void noteTimesGoingBack(Incident &incident, const EventTables &tables)
{
    constexpr std::int64_t kTolerance = kNsPerSecond; // threads logging at once interleave by less
    struct Jumps {
        Timestamp latest;
        std::uint64_t count = 0;
        std::uint32_t firstLine = 0;
        Duration largest;
    };
    std::vector<Jumps> bySource(incident.sources.size());
    tables.forEach([&](const Event &e) {
        Jumps &j = bySource[e.source];
        if (j.latest.isValid() && e.time.ns + kTolerance < j.latest.ns) {
            if (j.count++ == 0)
                j.firstLine = incident.lineOf(e);
            j.largest = std::max(j.largest, j.latest - e.time);
        }
        if (!j.latest.isValid() || j.latest < e.time)
            j.latest = e.time;
    });
    for (std::size_t i = 0; i < bySource.size(); ++i)
        if (bySource[i].count)
            incident.notes.push_back(incident.sources[i].path + ": " + std::to_string(bySource[i].count)
                                     + " lines are earlier than a line before them (first at line " + std::to_string(bySource[i].firstLine)
                                     + ", up to " + formatDuration(bySource[i].largest) + " back); each is shown at its own time");
}

// Files that hold nothing to read are accounted for, not parsed: empty ones and binary
// data (a core dump, an image next to the logs).
void skipUnreadable(std::vector<InputFile> &files, std::vector<SkippedInput> &skipped)
{
    std::erase_if(files, [&](const InputFile &f) {
        if (!f.bytes || !f.damage.empty())
            return false;
        if (f.bytes->empty()) {
            skipped.push_back({f.path, "empty"});
            return true;
        }
        // Head and tail: a log whose start is NULs (an unclean shutdown) is still read. UTF-16
        // (a log saved on Windows) is text: decided after conversion, as the parser reads it.
        constexpr std::size_t kSample = 64u << 10;
        const BytesPtr text = toUtf8(f.bytes).utf8;
        const std::size_t size = text->size();
        if (detectFormat(text->substr(0, kSample)) != SourceFormat::Binary
            || (size > kSample && detectFormat(text->substr(size - kSample)) != SourceFormat::Binary))
            return false;
        skipped.push_back({f.path, "binary data, not text (" + formatByteSize(f.bytes->size()) + ")"});
        return true;
    });
}

// Problems met while reading, which the parse does not see: a member cut short, a mapped
// file that shrank under us.
void noteReadProblems(Source &s, const InputFile &f)
{
    if (!s.error.empty())
        return;
    if (!f.damage.empty())
        s.error = "read up to damage: " + f.damage;
    else if (f.bytes && f.bytes->lostTail())
        s.error = "the file shrank while it was read: its lost end reads as zeros (counted as binary lines)";
}

// What a parsed source holds in the process's memory, roughly: its tables, its decoded text,
// and its bytes when they are not a mapping of the file (the page cache holds those).
std::uint64_t memoryOf(const ParsedSource &p)
{
    const Source &s = p.source;
    // Events, times and fields: their size, not their capacity, which the parser reserves ahead
    // of need (room never written to is address space only).
    return p.events.size() * sizeof(Event) + p.times.size() * sizeof(StoredTime) + p.fields.size() * sizeof(Field)
        + s.fields.capacity() * sizeof(Field) + s.arena.capacity() + s.decodedValues.capacity() + p.strings.size() * 64
        + (s.bytes && !s.bytes->isMapped() ? s.bytes->size() : 0);
}

// The load's memory bound, shared by the parsing threads: once spent, the files not started
// are not parsed.
class MemoryBudget {
public:
    explicit MemoryBudget(std::uint64_t limit) : m_limit(limit) { }
    void spend(std::uint64_t bytes) { m_spent += bytes; }
    bool exhausted() const { return m_spent.load() >= m_limit; }

private:
    std::uint64_t m_limit;
    std::atomic<std::uint64_t> m_spent{0};
};

// What seeking by time skipped, and the files read whole with the reason.
void noteWindowSeeks(const std::vector<ParsedSource> &parsed, Incident &incident)
{
    std::size_t sought = 0;
    std::uint64_t skipped = 0, total = 0;
    for (const auto &p : parsed) {
        sought += p.windowSought;
        skipped += p.windowSkippedBytes;
        total += p.source.bytes ? p.source.bytes->size() : 0;
        if (!p.windowNote.empty())
            incident.notes.push_back(p.source.path + ": read whole for the time window: " + p.windowNote);
    }
    incident.notes.push_back("time window: " + std::to_string(sought) + " of " + std::to_string(parsed.size())
                             + " files were sought by time; " + formatByteSize(skipped) + " of " + formatByteSize(total)
                             + " were not parsed");
}

} // namespace

std::uint64_t defaultMaxMemory()
{
    const long pages = ::sysconf(_SC_PHYS_PAGES), pageSize = ::sysconf(_SC_PAGESIZE);
    const std::uint64_t physical = pages > 0 && pageSize > 0 ? std::uint64_t(pages) * std::uint64_t(pageSize) : (8ull << 30);
    return std::max<std::uint64_t>(physical / 2, 1ull << 30);
}

bool overrideMatches(const std::string &pattern, const Source &s)
{
    if (pattern.empty())
        return false;
    return s.path.find(pattern) != std::string::npos || s.node == pattern || s.component == pattern;
}

std::string locateResources(const std::string &explicitDir, const std::string &executablePath)
{
    std::vector<fs::path> candidates;
    if (!explicitDir.empty())
        return explicitDir;
    if (const char *env = std::getenv("KUBELANE_RESOURCES"); env && *env)
        return env;
    if (!executablePath.empty()) {
        const fs::path exe = fs::absolute(executablePath).parent_path();
        candidates.push_back(exe / "resources");
        candidates.push_back(exe / ".." / "share" / "kubelane" / "resources");
    }
#ifdef KUBELANE_SOURCE_RESOURCES
    candidates.push_back(KUBELANE_SOURCE_RESOURCES);
#endif
    for (const auto &c : candidates) {
        std::error_code ec;
        if (fs::exists(c / "events.json", ec))
            return c.string();
    }
    return candidates.empty() ? "resources" : candidates.back().string();
}

namespace {

// Seeking a window in files of local readings takes a zone for each (timeseek.h): the one
// --tz gives, UTC at first, or the one the previous attempt resolved. By path; none = the
// file is read whole.
using SeekZones = std::map<std::string, std::optional<int>>;

std::shared_ptr<const Incident> loadRead(BundleReadResult read, const std::vector<std::string> &inputs, const LoadOptions &options);
std::shared_ptr<const Incident> loadOnce(BundleReadResult read, const std::vector<std::string> &inputs, const LoadOptions &options,
                                         bool guessZones, SeekZones &zones, bool &zoneMissed);

} // namespace

std::shared_ptr<const Incident> loadBundle(const std::vector<std::string> &inputs, const LoadOptions &options)
{
    if (inputs.empty())
        throw LoadError("nothing to open: give a folder, log files or an archive");
    ProgressReporter progress(options);
    BundleReadOptions readOptions;
    readOptions.cancel = options.cancel;
    readOptions.maxExpandedBytes = options.maxExpandedBytes;
    readOptions.maxExpansionRatio = options.maxExpansionRatio;
    readOptions.threads = options.threads;
    readOptions.progress = [&](const std::string &path, std::uint64_t bytes) {
        progress.update([&](LoadProgress &p) {
            p.stage = LoadProgress::Stage::Reading;
            p.currentFile = path;
            p.bytesTotal = bytes;
        });
    };
    BundleReadResult read = readBundle(inputs, readOptions);
    stageDone("read");
    return loadRead(std::move(read), inputs, options);
}

std::shared_ptr<const Incident> loadBundle(std::vector<InputFile> files, const LoadOptions &options)
{
    if (files.empty())
        throw LoadError("nothing to open: the text is empty");
    std::vector<std::string> names;
    names.reserve(files.size());
    for (const auto &f : files)
        names.push_back(f.path);
    BundleReadResult read;
    read.files = std::move(files);
    return loadRead(std::move(read), names, options);
}

namespace {

std::shared_ptr<const Incident> loadRead(BundleReadResult read, const std::vector<std::string> &inputs, const LoadOptions &options)
{
    SeekZones zones;
    for (int attempt = 0;; ++attempt) {
        bool zoneMissed = false;
        // A file whose zone was guessed wrong is read again at the zone it turned out to have;
        // at a second miss, over the window widened by every zone. The bytes are shared:
        // copying the list is cheap.
        if (attempt == 2) // the last attempt widens the window by every zone: no guess to miss
            return loadOnce(std::move(read), inputs, options, false, zones, zoneMissed);
        auto incident = loadOnce(read, inputs, options, true, zones, zoneMissed);
        if (!zoneMissed)
            return incident;
    }
}

// The sources sought by local readings whose resolved zone is not the one the seek took: the
// window's lines may lie outside what was parsed. Records the zone found (or, at a second
// miss, none: any zone) and says whether any missed.
bool checkSeekZones(const Incident &incident, const EventTables &tables, const std::vector<std::optional<int>> &assumed,
                    const std::vector<SourceFormat> &formats, SeekZones &zones)
{
    constexpr int kAllowed = static_cast<int>(kSeekSlack.ns / kNsPerSecond / 2);
    std::vector<std::optional<int>> found(assumed.size());
    for (SourceId s = 0; s < assumed.size(); ++s) {
        if (!assumed[s] || !incident.sources[s].bytes)
            continue;
        const auto &table = tables.bySource[s];
        for (std::size_t i = 0; i < table.size() && i < 64 && !found[s]; ++i)
            found[s] = effectiveUtcOffset(incident.rawText(table[i]), formats[s], table[i].time);
    }
    bool missed = false;
    for (std::size_t s = 0; s < assumed.size(); ++s) {
        if (!assumed[s] || (found[s] && std::abs(*found[s] - *assumed[s]) <= kAllowed))
            continue;
        missed = true;
        const std::string &path = incident.sources[s].path;
        zones[path] = zones.count(path) || !found[s] ? std::nullopt : found[s];
    }
    return missed;
}

std::shared_ptr<const Incident> loadOnce(BundleReadResult read, const std::vector<std::string> &inputs, const LoadOptions &options,
                                         bool guessZones, SeekZones &zones, bool &zoneMissed)
{
    const std::string resources = options.resourceDir.empty() ? locateResources({}, {}) : options.resourceDir;
    std::shared_ptr<const EventTypeCatalog> types;
    std::shared_ptr<const GoroutineMap> roles;
    std::shared_ptr<const LayoutCatalog> layouts;
    try {
        types = EventTypeCatalog::loadFile((fs::path(resources) / "events.json").string());
        roles = GoroutineMap::loadFile((fs::path(resources) / "goroutines.json").string());
        layouts = LayoutCatalog::loadFile((fs::path(resources) / "layouts.json").string());
    } catch (const std::exception &e) {
        throw LoadError(std::string("kubelane's own data files are broken: ") + e.what());
    }

    ProgressReporter progress(options);
    if (cancelled(options))
        throw LoadError("cancelled");
    std::vector<SkippedInput> skipped = std::move(read.skipped);
    skipUnreadable(read.files, skipped);
    bool anyReadable = false;
    for (const auto &f : read.files)
        anyReadable = anyReadable || f.bytes;
    if (!anyReadable) {
        std::string why;
        for (const auto &f : read.files)
            why += "\n  " + f.path + ": " + f.error;
        for (const auto &f : skipped)
            why += "\n  " + f.path + ": " + f.reason;
        throw LoadError("no readable log file in " + inputs.front() + (why.empty() ? " (it is empty)" : ":" + why));
    }

    // The bundle's shape: layouts attribute files by where they lie, container files (a
    // cluster-info dump in one file) are split into their sections.
    ShapedBundle shaped = recogniseShapes(std::move(read.files), layouts.get());
    skipSourcesPast(shaped, Event::kMaxSources);
    const std::vector<SourceInput> &inputsToParse = shaped.sources;
    // The looks at each file's head above (its shape, whether it is text) mapped whole page
    // cache folios of it, up to 2 MiB each; the files wait their turn to be parsed without them.
    for (const SourceInput &in : inputsToParse)
        if (in.file.bytes)
            in.file.bytes->releaseAllPages();

    // Parse in parallel: sources are independent; each worker has its own parser.
    std::vector<ParsedSource> parsed(inputsToParse.size());
    std::uint64_t totalBytes = 0;
    for (const auto &in : inputsToParse)
        totalBytes += in.file.bytes ? in.file.bytes->size() : 0;
    progress.update([&](LoadProgress &p) {
        p.stage = LoadProgress::Stage::Parsing;
        p.filesTotal = inputsToParse.size();
        p.bytesTotal = totalBytes;
        p.bytesDone = 0;
    });
    const std::vector<std::size_t> order = largestFirst(inputsToParse.size(), [&](std::size_t i) {
        return inputsToParse[i].file.bytes ? inputsToParse[i].file.bytes->size() : std::size_t(0);
    });
    const std::uint64_t maxMemory = options.maxMemoryBytes.value_or(defaultMaxMemory());
    MemoryBudget memory(maxMemory);
    // Bytes, not std::vector<bool>: the parsing threads set flags side by side, and bits
    // packed into one word would race.
    std::vector<std::uint8_t> overBudget(inputsToParse.size(), 0);
    auto parseOne = [&](SourceParser &parser, std::size_t i) {
        if (cancelled(options))
            return;
        const SourceInput &input = inputsToParse[i];
        const InputFile &f = input.file;
        if (memory.exhausted()) {
            overBudget[i] = 1;
            return;
        }
        SourceOverrides ov;
        Source probe;
        probe.path = f.path;
        if (const auto *o = findOverride(options.components, probe))
            ov.component = o->value;
        if (const auto *o = findOverride(options.nodes, probe))
            ov.node = o->value;
        TimeWindow window{options.from, options.to, std::nullopt};
        if (const auto *o = findOverride(options.utcOffsets, probe))
            window.utcOffsetSeconds = parseUtcOffset(o->value);
        else if (const auto z = zones.find(f.path); guessZones)
            window.utcOffsetSeconds = z != zones.end() ? z->second : 0; // most servers log in UTC
        parser.setTimeWindow(window);
        parsed[i] = parser.parse(input, static_cast<SourceId>(i), ov);
        noteReadProblems(parsed[i].source, f);
        resolveOwnClock(parsed[i], options);
        memory.spend(memoryOf(parsed[i]));
        progress.update([&](LoadProgress &p) {
            ++p.filesDone;
            p.bytesDone += f.bytes ? f.bytes->size() : 0;
            p.events += parsed[i].events.size();
            p.currentFile = f.path;
        });
    };
    // Each thread keeps one parser for all its files: its scratch field lists are reused; what
    // it learns of a file starts afresh with each (SourceParser::FileState).
    forEachInParallelWith(
        inputsToParse.size(), options.threads, [&] { return SourceParser(*types, *roles); }, parseOne, &order);
    if (cancelled(options))
        throw LoadError("cancelled");
    stageDone("parse");
    progress.update([](LoadProgress &p) { p.stage = LoadProgress::Stage::Merging; });

    auto incident = std::make_shared<Incident>();
    incident->inputs = inputs;
    incident->eventTypes = types;
    incident->roles = roles;
    for (auto &n : read.notes)
        incident->notes.push_back(std::move(n));
    for (auto &n : shaped.notes)
        incident->notes.push_back(std::move(n));
    incident->skipped = std::move(skipped);
    for (auto &s : shaped.skipped)
        incident->skipped.push_back(std::move(s));
    // Past the memory bound: the files not parsed are named, the parsed ones stay. The
    // last file may spend the budget with nothing left to skip: then all loaded.
    const auto notLoaded = static_cast<std::size_t>(std::count(overBudget.begin(), overBudget.end(), std::uint8_t(1)));
    if (notLoaded > 0) {
        const std::string reason = "not loaded: the load reached its memory limit of " + formatByteSize(maxMemory)
            + " (raise it with --max-memory SIZE, or Settings in the window)";
        std::size_t kept = 0;
        for (std::size_t i = 0; i < parsed.size(); ++i) {
            if (overBudget[i]) {
                incident->skipped.push_back({inputsToParse[i].file.path, reason});
                continue;
            }
            parsed[i].source.id = static_cast<SourceId>(kept);
            for (Event &e : parsed[i].events)
                e.source = static_cast<SourceId>(kept);
            if (kept != i)
                parsed[kept] = std::move(parsed[i]);
            ++kept;
        }
        parsed.resize(kept);
        incident->notes.push_back("loading stopped at the memory limit of " + formatByteSize(maxMemory) + ": " + std::to_string(notLoaded)
                                  + (notLoaded == 1 ? " file was" : " files were")
                                  + " not loaded (raise the limit with --max-memory SIZE)");
    }

    std::vector<std::optional<int>> seekZoneOf(parsed.size());
    std::vector<SourceFormat> formatOf(parsed.size());
    if (options.from || options.to) {
        noteWindowSeeks(parsed, *incident);
        for (std::size_t i = 0; i < parsed.size(); ++i) {
            seekZoneOf[i] = parsed[i].windowAssumedOffset;
            formatOf[i] = parsed[i].source.format;
        }
    }

    // Clocks: sources with their own evidence first, then the rest borrow the year of their
    // nearest neighbours: the files of the same archive or folder before the whole bundle's,
    // since a bundle may hold collections of other days (last week's next to today's).
    // The sources with evidence of their own were resolved as they were parsed.
    std::vector<std::pair<std::string, int>> yearOf; // (path, year) of the sources that show one
    for (const auto &p : parsed)
        if (p.clockResolved)
            yearOf.emplace_back(p.source.path, p.source.clock.year);
    for (const auto &p : parsed) {
        if (p.clockResolved)
            continue;
        if (!p.needsClockInference && !p.times.empty() && p.times.front().exact()) {
            yearOf.emplace_back(p.source.path, toCivil(p.events.front().time, 0).year); // the reference (StoredTime)
            continue;
        }
        // Dates near its lines' own say its year, though nothing said its zone: a section of a
        // paste next to one that has no date of its own.
        if (const auto verdict = p.clockEvidence.tally(); verdict.haveYear || verdict.haveStampYear)
            yearOf.emplace_back(p.source.path, verdict.haveYear ? verdict.yearAtRollover0 : verdict.stampYearAtRollover0);
    }
    std::vector<ZoneClaim> claims; // by SourceId: the merge keeps the order
    for (auto &p : parsed) {
        if (!p.clockResolved) {
            resolveClock(p, options, neighboursYear(p.source.path, yearOf), p.zoneClaim);
            if (p.source.bytes) // the head it read for zone statements
                p.source.bytes->releaseAllPages();
        }
        claims.push_back(p.zoneClaim);
    }
    // Files in one folder were written on one host: a raw kubelet log that names no node
    // takes the node its sibling journal names on every line. A file of no known component
    // is not taken for a node's own log: it may be anything put next to it. The kubelet's
    // node comes first: a sibling may be a client's log, which names the machine it ran on
    // (`minikube logs` holds the minikube command's own log, of the laptop, next to the node's).
    for (auto &p : parsed) {
        Source &s = p.source;
        if (!s.node.empty() || s.component.empty() || isControlPlaneComponent(s.component))
            continue;
        const std::string_view folder = folderOfDisplayPath(s.path);
        const ParsedSource *sibling = nullptr;
        for (const auto &other : parsed) {
            if (&other == &p || other.source.node.empty() || isControlPlaneComponent(other.source.component)
                || folderOfDisplayPath(other.source.path) != folder)
                continue;
            if (!sibling || (other.source.component == "kubelet" && sibling->source.component != "kubelet"))
                sibling = &other;
        }
        if (sibling) {
            s.node = sibling->source.node;
            p.giveNodeToNodelessEvents(p.strings.intern(s.node));
        }
    }
    nameNodesInFull(parsed);
    nameNodesOfNamelessKubeletLogs(parsed);
    stageDone("clocks of each file");
    EventTables tables = mergeParsedSources(parsed, *incident, resolveTimes, options.threads);
    stageDone("merge");
    const PodPlacements placements = correlate(*incident, tables);
    incident->releaseMappedPages(); // the pods' UIDs and container ids correlate read
    stageDone("correlate");
    // Files of one host share its zone, and pairs of lines between sources (requests, the
    // node lifecycle controller against heartbeats) carry zones from anchors to the rest.
    alignClocks(*incident, tables, claims);
    stageDone("align clocks");
    separatePodsByNode(*incident, tables, placements);
    stageDone("pods by node");
    if ((options.from || options.to) && checkSeekZones(*incident, tables, seekZoneOf, formatOf, zones)) {
        zoneMissed = true;
        return incident;
    }
    for (const auto &s : incident->sources)
        if (s.clock.yearGuessed && s.eventCount > 0)
            incident->notes.push_back(s.path + ": no year in its lines; " + std::to_string(s.clock.year) + " is a guess from the "
                                      + s.clock.yearEvidence + " (set it with --year)");
    for (const auto &s : incident->sources)
        if (s.clock.yearIsEarliest && s.eventCount > 0)
            incident->notes.push_back(s.path + ": " + std::to_string(s.clock.year)
                                      + " is the earliest year its journal header allows (it says when the journal began, not when it "
                                        "ends): the lines may be of a later year (set it with --year)");
    for (const auto &s : incident->sources)
        if (!s.clock.headerClockEvidence.empty() && s.eventCount > 0)
            incident->notes.push_back(s.path + ": " + s.clock.headerClockEvidence);
    for (const auto &s : incident->sources)
        if (s.clock.offsetOrigin == ClockInfo::OffsetOrigin::Assumed)
            incident->notes.push_back(s.path + ": time zone unknown, assumed UTC"
                                      + (claims[s.id].ambiguity.empty() ? "" : " (" + claims[s.id].ambiguity + " is ambiguous)"));

    noteTimesGoingBack(*incident, tables);

    if (options.from || options.to) {
        const Timestamp from = options.from.value_or(Timestamp{std::numeric_limits<std::int64_t>::min()});
        const Timestamp to = options.to.value_or(Timestamp{std::numeric_limits<std::int64_t>::max()});
        std::uint64_t dropped = 0;
        for (auto &table : tables.bySource)
            dropped += std::erase_if(table, [&](const Event &e) { return e.time < from || e.time > to; });
        incident->notes.push_back("time window " + formatRfc3339(from) + " .. " + formatRfc3339(to) + ": " + std::to_string(dropped)
                                  + " events outside it were not loaded");
    }
    incident->events = timeOrder(tables.bySource, options.threads);
    stageDone("time order");

    if (dropRepeatedEvents(*incident) > 0)
        for (const auto &s : incident->sources)
            if (s.repeatedEvents)
                incident->notes.push_back(s.path + ": " + std::to_string(s.repeatedEvents)
                                          + " events are the same lines another source of the same host holds; shown once");

    // Per-source time range and bundle totals, after every correction.
    for (auto &s : incident->sources) {
        s.first = {};
        s.last = {};
    }
    for (const Event &e : incident->events) {
        Source &s = incident->sources[e.source];
        if (!s.first.isValid() || e.time < s.first)
            s.first = e.time;
        if (!s.last.isValid() || e.time > s.last)
            s.last = e.time;
    }
    for (const auto &s : incident->sources) {
        incident->stats.lines += s.lineCount;
        incident->stats.unparsed += s.unparsedLines;
        incident->stats.nonLog += s.nonLogLines;
        incident->stats.bytes += s.bytes ? s.bytes->size() : 0;
        if (!s.error.empty())
            incident->notes.push_back(s.path + ": " + s.error);
    }
    incident->stats.events = incident->events.size();
    incident->releaseMappedPages(); // what clock alignment and the checks after it read of the lines
    stageDone("load's last checks");
    progress.update([&](LoadProgress &p) {
        p.stage = LoadProgress::Stage::Done;
        p.events = incident->events.size();
    });
    return incident;
}

} // namespace

} // namespace kubelane::core
