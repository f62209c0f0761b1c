#include "perfettoexport.h"

#include "core/load/eventfields.h"
#include "palette.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdlib>
#include <map>
#include <optional>
#include <set>
#include <string>

namespace kubelane::ui {

namespace {

using Json = nlohmann::json;

constexpr std::size_t kRawLimit = 4000; // a stack trace in args stays readable, a megabyte line does not
constexpr core::Duration kAnchor{1000}; // the slice an ordering arrow binds to: 1 µs

std::string str(const QString &s)
{
    return s.toStdString();
}
std::string str(std::string_view s)
{
    return std::string(s);
}

// Writes events one by one inside "traceEvents". Timestamps are spliced in as exact decimal
// microseconds: a double holds epoch microseconds only to a quarter of one.
class TraceWriter {
public:
    explicit TraceWriter(std::ostream &out) : m_out(out) { }

    void begin(const Json &otherData)
    {
        m_out << "{\"displayTimeUnit\":\"ms\",\"otherData\":" << dump(otherData) << ",\"traceEvents\":[\n";
    }
    void end() { m_out << "\n]}\n"; }

    // `event` without ts/dur; ts (and dur when given) are written first.
    void write(const Json &event, std::optional<core::Timestamp> ts = {}, std::optional<core::Duration> dur = {})
    {
        if (!m_first)
            m_out << ",\n";
        m_first = false;
        std::string body = dump(event);
        if (!ts) {
            m_out << body;
            return;
        }
        m_out << "{\"ts\":" << traceMicros(*ts);
        if (dur)
            m_out << ",\"dur\":" << traceMicros(core::Timestamp{std::max<std::int64_t>(dur->ns, 0)});
        m_out << (body.size() > 2 ? "," : "") << std::string_view(body).substr(1);
    }

    void metadata(const char *name, int pid, int tid, const Json &args)
    {
        write(Json{{"ph", "M"}, {"name", name}, {"pid", pid}, {"tid", tid}, {"args", args}});
    }

private:
    static std::string dump(const Json &j) { return j.dump(-1, ' ', false, Json::error_handler_t::replace); }

    std::ostream &m_out;
    bool m_first = true;
};

struct Track {
    int pid = -1, tid = -1;
    std::string name;
    int sortIndex = 0;
};

struct Span {
    core::Timestamp start, end;
    std::string name;
    const char *cat = "";
    Json args;
    std::optional<core::EventIndex> anchorOf; // the line an ordering arrow binds to (a 1 µs slice)
};

class TraceBuilder {
public:
    TraceBuilder(std::ostream &out, const LaneModel &model, const PerfettoRequest &request)
        : m_writer(out), m_model(model), m_inc(model.incident()), m_request(request)
    { }

    PerfettoCounts run()
    {
        m_writer.begin(otherData());
        assignTracks();
        chooseOrderings();
        for (const Lane &lane : m_model.lanes())
            if (m_tracks[lane.id.index()].pid >= 0)
                writeLane(lane);
        writeFlows();
        writeFindings();
        m_writer.end();
        return m_counts;
    }

private:
    bool inWindow(core::Timestamp t) const { return (!m_request.from || t >= *m_request.from) && (!m_request.to || t <= *m_request.to); }
    bool overlapsWindow(core::Timestamp start, core::Timestamp end) const
    {
        return (!m_request.from || end >= *m_request.from) && (!m_request.to || start <= *m_request.to);
    }
    bool shown(LaneId lane) const
    {
        return m_request.shown.empty() || (lane.index() < m_request.shown.size() && m_request.shown[lane.index()]);
    }

    Json otherData() const
    {
        Json inputs = Json::array();
        for (const auto &i : m_inc.inputs)
            inputs.push_back(i);
        return {{"producer", "kubelane"},
                {"bundle", inputs},
                {"timestamps", "microseconds since 1970-01-01T00:00:00Z, clock-corrected as kubelane shows them"}};
    }

    // Processes are the top-level groups (findings first, as pid 1); threads the leaf lanes in
    // the tree's order, named by their path below the group.
    void assignTracks()
    {
        m_tracks.assign(static_cast<std::size_t>(m_model.laneCount()), Track{});
        m_findingsPid = 1;
        m_writer.metadata("process_name", m_findingsPid, 0, {{"name", "kubelane findings"}});
        m_writer.metadata("process_sort_index", m_findingsPid, 0, {{"sort_index", 0}});
        m_writer.metadata("thread_name", m_findingsPid, 1, {{"name", "findings"}});
        m_writer.metadata("thread_sort_index", m_findingsPid, 1, {{"sort_index", 0}});
        m_findingWindows = {m_findingsPid, 2, "finding windows", 100};
        m_writer.metadata("thread_name", m_findingsPid, 2, {{"name", m_findingWindows.name}});
        m_writer.metadata("thread_sort_index", m_findingsPid, 2, {{"sort_index", m_findingWindows.sortIndex}});
        m_nextTid = m_model.laneCount() + 1;
        int pid = 1;
        for (LaneId root : m_model.roots()) {
            if (!shown(root))
                continue;
            ++pid;
            m_writer.metadata("process_name", pid, 0, {{"name", str(m_model.lane(root).name)}});
            m_writer.metadata("process_sort_index", pid, 0, {{"sort_index", pid}});
            ++m_counts.processes;
            int order = 0;
            addThreads(root, pid, QString(), order);
        }
    }

    void addThreads(LaneId laneId, int pid, const QString &path, int &order)
    {
        const Lane &lane = m_model.lane(laneId);
        const bool isRoot = !lane.parent.valid();
        const QString name = isRoot ? QString() : (path.isEmpty() ? lane.name : path + QStringLiteral(" / ") + lane.name);
        if (!lane.isGroup()) {
            Track &t = m_tracks[laneId.index()];
            t = {pid, laneId.value() + 1, str(name.isEmpty() ? lane.name : name), 100 * order++}; // room for overflow rows
            m_writer.metadata("thread_name", pid, t.tid, {{"name", t.name}});
            m_writer.metadata("thread_sort_index", pid, t.tid, {{"sort_index", t.sortIndex}});
            ++m_counts.threads;
            return;
        }
        for (LaneId child : lane.children)
            if (shown(child))
                addThreads(child, pid, name, order);
    }

    std::string sourceOf(const core::Event &e) const { return m_inc.sources[e.source].path + ":" + std::to_string(lineOf(e)); }

    // Every event exported names its line: counted on from the last one asked of its source,
    // as the events come in time order, not from the source's marks each time.
    std::uint32_t lineOf(const core::Event &e) const
    {
        if (m_lineCursors.empty())
            m_lineCursors.resize(m_inc.sources.size());
        std::optional<core::LineIndex::Cursor> &cursor = m_lineCursors[e.source];
        if (!cursor) {
            const core::Source &s = m_inc.sources[e.source];
            cursor.emplace(s.lineIndex, s.bytes ? s.bytes->view() : std::string_view());
        }
        return cursor->lineAt(e.offset);
    }

    Json lineArgs(core::EventIndex index) const
    {
        const core::Event &e = m_inc.event(index);
        Json fields = Json::object();
        for (const auto &[key, value] : core::eventFields(m_inc, e))
            fields[key] = str(std::string_view(value).substr(0, kRawLimit));
        Json args{
            {"raw", str(m_inc.rawText(e).substr(0, kRawLimit))}, {"source", sourceOf(e)},          {"time", core::formatRfc3339(e.time)},
            {"severity", core::severityName(e.severity)},        {"type", str(m_inc.typeName(e))}, {"fields", fields}};
        if (m_inc.podOf(e) != core::kNoPod)
            args["pod"] = m_inc.podName(m_inc.podOf(e));
        return args;
    }

    std::string markName(const core::Event &e) const
    {
        const std::string_view type = m_inc.typeName(e);
        if (!type.empty() && type != "other")
            return str(type);
        return str(m_inc.message(e).substr(0, 80));
    }

    void writeLane(const Lane &lane)
    {
        const Track &t = m_tracks[lane.id.index()];
        std::vector<Span> spans;
        // What the lane's kind draws on screen: bars of a state lane, gaps and ticks of a heartbeat lane.
        const bool heartbeats = lane.kind == LaneKind::Heartbeats;
        if (lane.kind == LaneKind::State)
            for (const StateSpan &s : lane.states) {
                spans.push_back({s.start,
                                 s.end,
                                 str(s.label.isEmpty() ? QString::fromLatin1(Palette::stateName(s.state)) : s.label),
                                 "state",
                                 {{"state", Palette::stateName(s.state)}, {"openEnded", s.openEnded}}});
                if (s.endAtTheLatest)
                    spans.back().args["endAtTheLatest"] = true;
            }
        if (heartbeats)
            for (const GapSpan &g : lane.gaps)
                spans.push_back({g.fact->start,
                                 g.fact->end,
                                 str(g.label),
                                 "heartbeat-gap",
                                 {{"exceedsGrace", g.fact->exceedsGrace},
                                  {"grace", g.fact->graceOrigin},
                                  {"openEnded", g.fact->openEnded},
                                  {"neverReported", g.fact->neverReported}}});
        if (const auto anchors = m_anchors.find(lane.id); anchors != m_anchors.end())
            for (const auto &[event, name] : anchors->second)
                spans.push_back({m_inc.event(event).time,
                                 m_inc.event(event).time + kAnchor,
                                 name,
                                 "ordering",
                                 {{"source", sourceOf(m_inc.event(event))}},
                                 event});
        m_counts.spans += writeSpans(t, std::move(spans));
        for (const HeartbeatTick &h : lane.ticks) {
            if (!heartbeats)
                break;
            if (h.event != core::kNoEvent && m_model.laneOfEvent(h.event) == lane.id)
                continue; // written below as the line's own mark
            if (!inWindow(h.time))
                continue;
            Json args = h.event != core::kNoEvent ? lineArgs(h.event) : Json::object();
            m_writer.write({{"ph", "i"},
                            {"s", "t"},
                            {"name", h.failed ? "heartbeat failed" : "heartbeat"},
                            {"cat", "heartbeat"},
                            {"pid", t.pid},
                            {"tid", t.tid},
                            {"args", args}},
                           h.time);
            ++m_counts.marks;
        }
        // The lane's events are in time order: only the window's stretch of them is visited.
        const auto byTime = [&](core::EventIndex index, core::Timestamp t) { return m_inc.event(index).time < t; };
        const auto first =
            m_request.from ? std::lower_bound(lane.events.begin(), lane.events.end(), *m_request.from, byTime) : lane.events.begin();
        const auto last = m_request.to
            ? std::upper_bound(first, lane.events.end(), *m_request.to,
                               [&](core::Timestamp t, core::EventIndex index) { return t < m_inc.event(index).time; })
            : lane.events.end();
        for (auto it = first; it != last; ++it) {
            const core::EventIndex index = *it;
            const core::Event &e = m_inc.event(index);
            const LaneId home = m_model.laneOfEvent(index);
            // A line is written once, on its own lane. An events lane that gathers lines living
            // on other lanes (PLEG activity: the relists from the sync loop's lanes) repeats
            // them as mirrors, naming the lane that holds the line, so its thread is not empty.
            const bool mirror = home != lane.id;
            if (mirror && lane.kind != LaneKind::Events)
                continue;
            Json args = lineArgs(index);
            if (mirror && home.valid())
                args["lineOn"] = str(m_model.lane(home).name);
            m_writer.write({{"ph", "i"},
                            {"s", "t"},
                            {"name", markName(e)},
                            {"cat", mirror ? "mirror" : core::severityName(e.severity)},
                            {"pid", t.pid},
                            {"tid", t.tid},
                            {"args", std::move(args)}},
                           e.time);
            ++(mirror ? m_counts.mirrors : m_counts.marks);
        }
    }

    // Slices on one thread must nest or be disjoint, or the importers drop them; bars of a lane
    // may cross (a readiness strip under a state bar, findings' windows), so a span that would
    // cross another goes to an extra row below the lane. A span inside another (an ordering's
    // 1 µs anchor inside a state bar) nests on the same row. Returns the spans written, not
    // counting the anchors; each anchor's row is kept for its arrow.
    std::size_t writeSpans(const Track &lane, std::vector<Span> spans)
    {
        std::stable_sort(spans.begin(), spans.end(),
                         [](const Span &a, const Span &b) { return a.start != b.start ? a.start < b.start : a.end > b.end; });
        std::vector<Track> rows;
        std::vector<std::vector<core::Timestamp>> open; // per row, the ends of the slices still open, innermost last
        std::size_t written = 0;
        for (Span &span : spans) {
            if (span.end < span.start)
                span.end = span.start;
            if (!overlapsWindow(span.start, span.end))
                continue;
            span.args["start"] = core::formatRfc3339(span.start);
            span.args["end"] = core::formatRfc3339(span.end);
            if (m_request.from && span.start < *m_request.from)
                span.start = *m_request.from;
            if (m_request.to && span.end > *m_request.to)
                span.end = *m_request.to;
            std::size_t row = 0;
            for (; row < rows.size(); ++row) {
                auto &ends = open[row];
                while (!ends.empty() && ends.back() <= span.start)
                    ends.pop_back();
                if (ends.empty() || span.end <= ends.back())
                    break;
            }
            if (row == rows.size()) {
                rows.push_back(row == 0 ? lane : extraRow(lane, row));
                open.emplace_back();
            }
            open[row].push_back(span.end);
            const Track &t = rows[row];
            m_writer.write({{"ph", "X"}, {"name", span.name}, {"cat", span.cat}, {"pid", t.pid}, {"tid", t.tid}, {"args", span.args}},
                           span.start, span.end - span.start);
            if (span.anchorOf)
                m_anchorTracks[*span.anchorOf] = t;
            else
                ++written;
        }
        return written;
    }

    Track extraRow(const Track &lane, std::size_t row)
    {
        Track t{lane.pid, m_nextTid++, lane.name + " (" + std::to_string(row + 1) + ")", lane.sortIndex + static_cast<int>(row)};
        m_writer.metadata("thread_name", t.pid, t.tid, {{"name", t.name}});
        m_writer.metadata("thread_sort_index", t.pid, t.tid, {{"sort_index", t.sortIndex}});
        ++m_counts.threads;
        return t;
    }

    Track trackOfEvent(core::EventIndex index) const
    {
        const LaneId lane = m_model.laneOfEvent(index);
        return lane.valid() ? m_tracks[lane.index()] : Track{};
    }

    // The orderings drawn: both lines on a kept lane and in the window. Each line an arrow
    // touches gets a 1 µs anchor slice written with its lane's bars (flow events bind to the
    // slice enclosing them, and an instant encloses nothing).
    void chooseOrderings()
    {
        const auto &orders = m_model.analysis().facts.orders;
        std::set<core::EventIndex> anchored;
        auto anchor = [&](core::EventIndex event, const char *name) {
            if (anchored.insert(event).second)
                m_anchors[m_model.laneOfEvent(event)].push_back({event, name});
        };
        for (std::size_t i = 0; i < orders.size(); ++i) {
            const core::StatusProbeOrder &o = orders[i];
            if (o.statusEvent.index() >= m_inc.events.size() || o.probeEvent.index() >= m_inc.events.size())
                continue;
            if (trackOfEvent(o.statusEvent).pid < 0 || trackOfEvent(o.probeEvent).pid < 0 || !inWindow(m_inc.event(o.statusEvent).time)
                || !inWindow(m_inc.event(o.probeEvent).time))
                continue;
            anchor(o.statusEvent, "status generated");
            anchor(o.probeEvent, "readiness result");
            m_orderings.push_back(i);
        }
    }

    // Each chosen ordering: an arrow from the earlier line to the later one, its ends half-way
    // into the lines' anchors.
    void writeFlows()
    {
        const auto &orders = m_model.analysis().facts.orders;
        for (std::size_t i : m_orderings) {
            const core::StatusProbeOrder &o = orders[i];
            const core::EventIndex first = o.statusFirst ? o.statusEvent : o.probeEvent;
            const core::EventIndex second = o.statusFirst ? o.probeEvent : o.statusEvent;
            const auto from = m_anchorTracks.find(first), to = m_anchorTracks.find(second);
            if (from == m_anchorTracks.end() || to == m_anchorTracks.end())
                continue;
            const std::string name = o.statusFirst ? "status before probe" : "probe before status";
            const int id = static_cast<int>(i) + 1;
            Json args{{"pod", m_inc.podName(o.pod)},
                      {"container", str(m_inc.text(o.container))},
                      {"deltaMs", static_cast<double>(o.delta.ns) / 1e6},
                      {"orderFrom", o.orderFrom}};
            const core::Duration half{kAnchor.ns / 2};
            m_writer.write({{"ph", "s"},
                            {"id", id},
                            {"name", name},
                            {"cat", "ordering"},
                            {"pid", from->second.pid},
                            {"tid", from->second.tid},
                            {"args", args}},
                           m_inc.event(first).time + half);
            m_writer.write({{"ph", "f"},
                            {"bp", "e"},
                            {"id", id},
                            {"name", name},
                            {"cat", "ordering"},
                            {"pid", to->second.pid},
                            {"tid", to->second.tid}},
                           m_inc.event(second).time + half);
            ++m_counts.flows;
        }
    }

    void writeFindings()
    {
        const auto &findings = m_model.analysis().findings;
        std::vector<Span> windows;
        for (std::size_t i = 0; i < findings.size(); ++i) {
            const core::Finding &f = findings[i];
            if (m_request.findings
                && std::find(m_request.findings->begin(), m_request.findings->end(), static_cast<int>(i)) == m_request.findings->end())
                continue;
            if (!overlapsWindow(f.start, f.end))
                continue;
            Json chain = Json::array();
            for (const auto &step : f.chain)
                chain.push_back({{"time", core::formatRfc3339(step.time)}, {"text", step.text}});
            Json evidence = Json::array();
            for (core::EventIndex e : f.evidence)
                evidence.push_back(sourceOf(m_inc.event(e)) + "  " + str(m_inc.rawText(m_inc.event(e)).substr(0, kRawLimit)));
            const std::string name = "[" + std::to_string(i + 1) + "] " + f.title;
            Json args{{"number", i + 1},
                      {"rule", f.rule},
                      {"subject", f.subject.text()},
                      {"severity", core::severityName(f.severity)},
                      {"title", f.title},
                      {"explanation", f.explanation},
                      {"start", core::formatRfc3339(f.start)},
                      {"end", core::formatRfc3339(f.end)},
                      {"chain", chain},
                      {"evidence", evidence},
                      {"references", f.references}};
            const core::Timestamp at = inWindow(f.start) ? f.start : *m_request.from;
            m_writer.write(
                {{"ph", "i"}, {"s", "t"}, {"name", name}, {"cat", "finding"}, {"pid", m_findingsPid}, {"tid", 1}, {"args", args}}, at);
            windows.push_back({f.start, f.end, name, "finding", {{"rule", f.rule}, {"subject", f.subject.text()}}});
            ++m_counts.findings;
        }
        writeSpans(m_findingWindows, std::move(windows));
    }

    TraceWriter m_writer;
    const LaneModel &m_model;
    const core::Incident &m_inc;
    const PerfettoRequest &m_request;
    std::vector<Track> m_tracks;
    int m_findingsPid = 1;
    Track m_findingWindows;
    int m_nextTid = 0;                                                                  // extra rows of lanes whose bars overlap
    std::map<LaneId, std::vector<std::pair<core::EventIndex, const char *>>> m_anchors; // lane -> (line, name) of its anchors
    std::vector<std::size_t> m_orderings;                                               // indices into facts.orders drawn
    std::map<core::EventIndex, Track> m_anchorTracks;                                   // line -> the row its anchor went to
    PerfettoCounts m_counts;
    mutable std::vector<std::optional<core::LineIndex::Cursor>> m_lineCursors; // by source
};

} // namespace

std::string traceMicros(core::Timestamp t)
{
    const std::int64_t ns = t.ns;
    const std::uint64_t magnitude = ns < 0 ? 0 - static_cast<std::uint64_t>(ns) : static_cast<std::uint64_t>(ns);
    std::string out = ns < 0 ? "-" : "";
    out += std::to_string(magnitude / 1000);
    if (const std::uint64_t rest = magnitude % 1000) {
        std::string frac = std::to_string(rest);
        out += "." + std::string(3 - frac.size(), '0') + frac;
        while (out.back() == '0')
            out.pop_back();
    }
    return out;
}

PerfettoCounts writePerfettoTrace(std::ostream &out, const LaneModel &model, const PerfettoRequest &request)
{
    return TraceBuilder(out, model, request).run();
}

} // namespace kubelane::ui
